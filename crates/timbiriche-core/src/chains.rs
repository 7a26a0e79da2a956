//! Chains and loops: the decomposition of the open boxes.
//!
//! Two open boxes are connected when the line between them is undrawn.
//! Once no safe line remains, almost every open box has at least two sides
//! drawn, so each connected group is a **chain** (a row of boxes with two
//! ends; 1–2 boxes short, 3+ long) or a **loop** (a chain closed on itself,
//! no ends). A group around a box with three or four open sides (a box
//! with 0–1 sides whose every neighbour already has 2, or any group while
//! safe lines remain) is reported as [`ComponentKind::Other`].

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::board::BoxCoord;
use crate::position::Position;

/// The kind of a connected group of open boxes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ComponentKind {
    /// A row of boxes with two ends.
    Chain,
    /// A chain closed on itself.
    Loop,
    /// Anything else (a box with three or four open sides).
    Other,
}

/// A connected group of open boxes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Component {
    /// Chain, loop or other.
    pub kind: ComponentKind,
    /// The boxes, in order along the chain or loop (from one end for a
    /// chain), by index order for [`ComponentKind::Other`].
    pub boxes: Vec<BoxCoord>,
    /// Whether some box of the group has three sides (can be taken now).
    pub capturable: bool,
}

impl Component {
    /// Number of boxes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.boxes.len()
    }

    /// Whether the group is empty (never, for a real group).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.boxes.is_empty()
    }

    /// A long chain (3+ boxes); loops do not count for the long-chain rule.
    #[must_use]
    pub fn is_long_chain(&self) -> bool {
        self.kind == ComponentKind::Chain && self.len() >= 3
    }
}

/// Open neighbours of open box `b` through undrawn lines, and how many of
/// its undrawn sides lead off the board.
pub(crate) fn neighbours(pos: &Position, b: usize) -> (Vec<usize>, usize) {
    let size = pos.size();
    let drawn = pos.drawn_bits();
    let mut out = Vec::with_capacity(4);
    let mut ground = 0;
    for l in size.box_line_indices(b) {
        if drawn >> l & 1 == 1 {
            continue;
        }
        let [x, y] = size.line_box_indices(l);
        let other = if x == Some(b) { y } else { x };
        match other {
            Some(o) => out.push(o),
            None => ground += 1,
        }
    }
    (out, ground)
}

/// Every connected group of open boxes, in order of their first box.
#[must_use]
pub fn components(pos: &Position) -> Vec<Component> {
    let size = pos.size();
    let n = size.num_boxes();
    let open: Vec<bool> = (0..n).map(|b| pos.sides_idx(b) < 4).collect();
    let mut seen = vec![false; n];
    let mut out = Vec::new();
    for start in 0..n {
        if !open[start] || seen[start] {
            continue;
        }
        let mut group = vec![start];
        seen[start] = true;
        let mut i = 0;
        while i < group.len() {
            let (nb, _) = neighbours(pos, group[i]);
            for o in nb {
                if !seen[o] {
                    seen[o] = true;
                    group.push(o);
                }
            }
            i += 1;
        }
        group.sort_unstable();
        let degrees: Vec<usize> = group
            .iter()
            .map(|&b| 4 - pos.sides_idx(b) as usize)
            .collect();
        let capturable = degrees.contains(&1);
        let kind = if degrees.iter().any(|&d| d > 2) {
            ComponentKind::Other
        } else {
            let internal: usize = group
                .iter()
                .map(|&b| neighbours(pos, b).0.len())
                .sum::<usize>()
                / 2;
            // A single box whose two open sides are both shared with itself
            // cannot happen; a loop has as many inner lines as boxes.
            if internal == group.len() && group.len() >= 2 {
                ComponentKind::Loop
            } else {
                ComponentKind::Chain
            }
        };
        let ordered = match kind {
            ComponentKind::Other => group.clone(),
            ComponentKind::Chain => {
                let first = group
                    .iter()
                    .copied()
                    .find(|&b| neighbours(pos, b).0.len() <= 1)
                    .unwrap_or(group[0]);
                walk(pos, first, group.len())
            }
            ComponentKind::Loop => walk(pos, group[0], group.len()),
        };
        out.push(Component {
            kind,
            boxes: ordered.iter().filter_map(|&b| size.box_at(b)).collect(),
            capturable,
        });
    }
    out
}

/// Walk a path or cycle from `first`, visiting `len` boxes.
fn walk(pos: &Position, first: usize, len: usize) -> Vec<usize> {
    let mut order = vec![first];
    let mut prev = usize::MAX;
    let mut cur = first;
    while order.len() < len {
        let (nb, _) = neighbours(pos, cur);
        let next = nb.into_iter().find(|&o| o != prev && !order.contains(&o));
        match next {
            Some(o) => {
                prev = cur;
                cur = o;
                order.push(o);
            }
            None => break,
        }
    }
    order
}

/// The chain/loop decomposition once no safe line remains (safe lines that
/// take a box do not count); `None` while a safe line that takes nothing
/// remains.
#[must_use]
pub fn decomposition(pos: &Position) -> Option<Vec<Component>> {
    if pos.quiet_safe_indices().is_empty() {
        Some(components(pos))
    } else {
        None
    }
}

/// Long chains (3+ boxes) in a decomposition.
#[must_use]
pub fn long_chains(components: &[Component]) -> usize {
    components.iter().filter(|c| c.is_long_chain()).count()
}

/// A component for the simple endgame count: (is loop, boxes).
pub(crate) type Comp = (bool, u32);

/// The value for the player who must open one of `comps` (all chains and
/// loops, nothing capturable), both sides playing the standard
/// all-or-all-but-two strategy; `s` is +1 (standard) or −1 (misère).
pub(crate) fn endgame_value(comps: &[Comp], s: i32, memo: &mut HashMap<Vec<Comp>, i32>) -> i32 {
    if comps.is_empty() {
        return 0;
    }
    let mut key = comps.to_vec();
    key.sort_unstable();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut best = i32::MIN;
    for i in 0..key.len() {
        if i > 0 && key[i] == key[i - 1] {
            continue;
        }
        let mut rest = key.clone();
        rest.remove(i);
        let r = endgame_value(&rest, s, memo);
        let v = open_value(key[i], r, s);
        best = best.max(v);
    }
    memo.insert(key, best);
    best
}

/// The opener's net from opening `c` when the rest is worth `r` to
/// whoever must open it.
pub(crate) fn open_value(c: Comp, r: i32, s: i32) -> i32 {
    let n = c.1 as i32;
    let take_all = s * n + r;
    let rival = match c {
        (false, 1) | (false, 2) => take_all,
        (false, _) => take_all.max(s * (n - 4) - r),
        (true, _) => take_all.max(s * (n - 8) - r),
    };
    -rival
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardSize;
    use crate::notation::parse_lines;

    fn pos(size: BoardSize, lines: &str) -> Position {
        Position::from_lines(size, &parse_lines(size, lines).unwrap()).unwrap()
    }

    #[test]
    fn a_row_of_three_is_a_long_chain() {
        // 1×3 with top and bottom drawn: one chain of 3, no safe line.
        let s = BoardSize::new(1, 3).unwrap();
        let p = pos(s, "a1-b1,b1-c1,c1-d1,a2-b2,b2-c2,c2-d2");
        let d = decomposition(&p).unwrap();
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].kind, ComponentKind::Chain);
        assert_eq!(d[0].len(), 3);
        assert!(d[0].is_long_chain());
        assert_eq!(
            d[0].boxes,
            vec![
                BoxCoord::new(0, 0),
                BoxCoord::new(0, 1),
                BoxCoord::new(0, 2)
            ]
        );
        assert_eq!(long_chains(&d), 1);
    }

    #[test]
    fn a_ring_of_four_is_a_loop() {
        // 2×2 with all outer lines drawn: a loop of 4.
        let s = BoardSize::new(2, 2).unwrap();
        let p = pos(s, "a1-b1,b1-c1,a3-b3,b3-c3,a1-a2,a2-a3,c1-c2,c2-c3");
        let d = decomposition(&p).unwrap();
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].kind, ComponentKind::Loop);
        assert_eq!(d[0].len(), 4);
        assert!(!d[0].is_long_chain());
    }

    #[test]
    fn safe_lines_mean_no_decomposition_yet() {
        let p = Position::standard(BoardSize::SMALL);
        assert!(decomposition(&p).is_none());
        let c = components(&p);
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].kind, ComponentKind::Other);
        assert_eq!(c[0].len(), 9);
    }

    #[test]
    fn capturable_chains_are_marked() {
        let s = BoardSize::new(1, 3).unwrap();
        let p = pos(s, "a1-b1,b1-c1,c1-d1,a2-b2,b2-c2,c2-d2,a1-a2");
        let c = components(&p);
        assert!(c[0].capturable);
        assert_eq!(c[0].kind, ComponentKind::Chain);
    }
}
