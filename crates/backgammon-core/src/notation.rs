//! The readable move notation: `24/18 13/11`, `bar/22*`, `6/off`, `8/5(2)`.
//!
//! Printing merges the steps of one checker (`24/13` for a 6-5 run, with
//! the intermediate point kept when it hit: `24/18*/13`; a play's in
//! whatever order its steps were played), sorts the moves from the highest
//! starting point down, and writes repeats as `(n)`, the hit of the first
//! of them marked (`13/7*(2)`).
//! Parsing accepts the same forms (also `25` for the bar, `0` for off, any
//! case), and finds the legal play they describe.

use thiserror::Error;

use crate::board::{Position, BAR, OFF};
use crate::dice::Dice;
use crate::movegen::{apply, can_move, highest, legal_plays, Play, Step};

/// Why a move text was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum NotationError {
    /// A piece of text that is not `from/to`, with optional `*`, further
    /// `/to` parts and a `(n)` repeat.
    #[error("cannot read {0:?} as a move like 24/18, bar/22* or 6/off(2)")]
    Malformed(String),
    /// A point number outside 1..=24 (bar and off are written as words).
    #[error("{0:?} is not a point: use 1 to 24, bar or off")]
    BadPoint(String),
    /// A move that goes backwards or nowhere.
    #[error("the move {from}/{to} does not go forward")]
    Backwards {
        /// Starting point (25 is the bar).
        from: u8,
        /// Landing point (0 is off).
        to: u8,
    },
    /// Well formed, but no legal play for this roll matches it.
    #[error("{0:?} is not a legal play for this roll")]
    Illegal(String),
}

fn point_name(p: u8) -> String {
    match usize::from(p) {
        BAR => "bar".to_string(),
        OFF => "off".to_string(),
        _ => p.to_string(),
    }
}

/// One printed move: a checker's path, its hits and how often it repeats.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Segment {
    /// Points visited: start, any hit points on the way, end.
    path: Vec<u8>,
    /// Whether the checker hit on arriving at each point of `path` (index 0 unused).
    hits: Vec<bool>,
}

/// The notation of a list of steps (empty for no step).
#[must_use]
///
/// A step continues the move of a checker written before it, so the steps
/// are read in the order given: `24/18 18/13` is `24/13`, `18/13 24/18`
/// stays two moves (a [`Play`]'s [`Play::notation`] orders its steps first).
pub fn steps_to_string(steps: &[Step]) -> String {
    let mut segs: Vec<Segment> = Vec::new();
    for s in steps {
        // Continue a checker that arrived where this step starts without
        // hitting there (a hit point stays written, e.g. 24/18*/13).
        let cont = segs
            .iter()
            .position(|g| g.path.last() == Some(&s.from) && s.from != OFF as u8);
        match cont {
            Some(i) => {
                if let Some(g) = segs.get_mut(i) {
                    let last_hit = g.hits.last().copied().unwrap_or(false);
                    if !last_hit && g.path.len() >= 2 {
                        g.path.pop();
                        g.hits.pop();
                    }
                    g.path.push(s.to);
                    g.hits.push(s.hit);
                }
            }
            None => segs.push(Segment {
                path: vec![s.from, s.to],
                hits: vec![false, s.hit],
            }),
        }
    }
    segs.sort_by(|a, b| b.path.cmp(&a.path).then_with(|| b.hits.cmp(&a.hits)));
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < segs.len() {
        // Checkers on the same path repeat, the first of them may have hit
        // where the others land (`13/7*(2)`, as GNU Backgammon writes it).
        let mut n = 1;
        while i + n < segs.len() && segs.get(i + n).map(|g| &g.path) == segs.get(i).map(|g| &g.path)
        {
            n += 1;
        }
        if let Some(g) = segs.get(i) {
            let mut hits = g.hits.clone();
            for other in segs.iter().skip(i + 1).take(n - 1) {
                for (h, &o) in hits.iter_mut().zip(&other.hits) {
                    *h |= o;
                }
            }
            let mut text = String::new();
            for (k, (&p, &h)) in g.path.iter().zip(&hits).enumerate() {
                if k > 0 {
                    text.push('/');
                }
                text.push_str(&point_name(p));
                if h {
                    text.push('*');
                }
            }
            if n > 1 {
                text.push_str(&format!("({n})"));
            }
            parts.push(text);
        }
        i += n;
    }
    parts.join(" ")
}

/// The steps as from/to pairs in the order they are played, one pair per
/// die (`24/18 18/13`, `13/10 13/10 8/5 8/5`, `bar/22`, `6/off`), without
/// hit marks or repeat counts: the move format of engine protocols (UBGI).
/// Empty for no step.
#[must_use]
pub fn steps_to_pairs(steps: &[Step]) -> String {
    steps
        .iter()
        .map(|s| format!("{}/{}", point_name(s.from), point_name(s.to)))
        .collect::<Vec<_>>()
        .join(" ")
}

impl Play {
    /// The play in the readable notation (empty for the empty play).
    #[must_use]
    pub fn notation(&self) -> String {
        // From the highest starting point down, so a run is merged whatever
        // order the steps were played in (6/1* then 8/6 is the run 8/1*);
        // any order of a play's steps reaches its position.
        let mut sorted = self.steps().to_vec();
        sorted.sort_by(|a, b| b.from.cmp(&a.from).then(b.to.cmp(&a.to)));
        steps_to_string(&sorted)
    }

    /// The play as from/to pairs, one per die (see [`steps_to_pairs`]).
    #[must_use]
    pub fn to_pairs(&self) -> String {
        steps_to_pairs(self.steps())
    }
}

impl std::fmt::Display for Play {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.notation())
    }
}

fn parse_point(s: &str, allow_bar: bool, allow_off: bool) -> Result<u8, NotationError> {
    let l = s.to_ascii_lowercase();
    if l == "bar" && allow_bar {
        return Ok(BAR as u8);
    }
    if l == "off" && allow_off {
        return Ok(OFF as u8);
    }
    match l.parse::<u8>() {
        Ok(25) if allow_bar => Ok(BAR as u8),
        Ok(0) if allow_off => Ok(OFF as u8),
        Ok(n) if (1..=24).contains(&n) => Ok(n),
        _ => Err(NotationError::BadPoint(s.to_string())),
    }
}

/// Reads the notation into `(from, to)` moves of one checker each (a path
/// `a/b/c` gives `(a, b)` and `(b, c)`; `(n)` repeats). `*` marks are
/// accepted and not needed.
///
/// # Errors
/// [`NotationError`] for text that is not well formed.
pub fn parse_moves(text: &str) -> Result<Vec<(u8, u8)>, NotationError> {
    let mut out = Vec::new();
    for token in text.split_whitespace() {
        let (body, repeat) = match token.find('(') {
            Some(i) => {
                let rest = token.get(i + 1..).unwrap_or("");
                let num = rest
                    .strip_suffix(')')
                    .ok_or_else(|| NotationError::Malformed(token.to_string()))?;
                let n: usize = num
                    .parse()
                    .map_err(|_| NotationError::Malformed(token.to_string()))?;
                if !(1..=4).contains(&n) {
                    return Err(NotationError::Malformed(token.to_string()));
                }
                (token.get(..i).unwrap_or(""), n)
            }
            None => (token, 1),
        };
        let parts: Vec<&str> = body.split('/').collect();
        if parts.len() < 2 || parts.iter().any(|p| p.is_empty()) {
            return Err(NotationError::Malformed(token.to_string()));
        }
        let mut pts = Vec::with_capacity(parts.len());
        let last = parts.len() - 1;
        for (k, part) in parts.iter().enumerate() {
            let clean = part.trim_end_matches('*');
            if clean.len() + 1 < part.len() || (k == 0 && clean.len() != part.len()) {
                return Err(NotationError::Malformed(token.to_string()));
            }
            pts.push(parse_point(clean, k == 0, k == last)?);
        }
        for _ in 0..repeat {
            for w in pts.windows(2) {
                if let [a, b] = *w {
                    if b >= a {
                        return Err(NotationError::Backwards { from: a, to: b });
                    }
                    out.push((a, b));
                }
            }
        }
        if out.len() > 8 {
            return Err(NotationError::Malformed(text.to_string()));
        }
    }
    Ok(out)
}

/// Find the legal play for `dice` that `text` describes.
///
/// Each written move may use one die or several (`24/13` with 6-5); the
/// moves may be written in any order. The empty text is the empty play,
/// legal only when the roll cannot be used.
///
/// # Errors
/// [`NotationError`] when the text is malformed or matches no legal play.
pub fn parse_play(position: &Position, dice: Dice, text: &str) -> Result<Play, NotationError> {
    let moves = parse_moves(text)?;
    let legal = legal_plays(position, dice);
    if moves.is_empty() {
        return match legal.first() {
            Some(p) if p.is_pass() => Ok(*p),
            _ => Err(NotationError::Illegal(text.to_string())),
        };
    }
    let mut results: Vec<[i8; 26]> = Vec::new();
    let mut cursors: Vec<(usize, usize, bool)> = moves
        .iter()
        .map(|&(f, t)| (usize::from(f), usize::from(t), false))
        .collect();
    let mut remaining: Vec<u8> = dice.numbers();
    realize(&position.b, &mut cursors, &mut remaining, &mut results);
    // Several paths may fit (20/16 via a blot on 17 or not): prefer the
    // play with as many hits as the text marks with `*`.
    let stars = text.matches('*').count();
    let mut found: Option<Play> = None;
    for r in &results {
        if let Some(p) = legal.iter().find(|p| !p.is_pass() && &p.result().b == r) {
            let hits = p.steps().iter().filter(|s| s.hit).count();
            if hits == stars {
                return Ok(*p);
            }
            found = found.or(Some(*p));
        }
    }
    found.ok_or_else(|| NotationError::Illegal(text.to_string()))
}

/// Every board reachable by realizing all `moves` with dice from
/// `remaining`, one die at a time, the moves' steps interleaved in any order
/// (a second checker may have to enter from the bar before the first goes on).
fn realize(
    b: &[i8; 26],
    cursors: &mut [(usize, usize, bool)],
    remaining: &mut Vec<u8>,
    out: &mut Vec<[i8; 26]>,
) {
    if cursors.iter().all(|c| c.2) {
        if !out.contains(b) {
            out.push(*b);
        }
        return;
    }
    let hi = highest(b);
    for i in 0..cursors.len() {
        let Some(&(cur, to, done)) = cursors.get(i) else {
            continue;
        };
        if done {
            continue;
        }
        let mut tried = [false; 7];
        for k in 0..remaining.len() {
            let Some(&d) = remaining.get(k) else { continue };
            let du = usize::from(d);
            if tried[du] || !can_move(b, cur, du, hi) {
                continue;
            }
            tried[du] = true;
            let lands_off = cur <= du;
            let next = if lands_off { OFF } else { cur - du };
            if to != OFF && (lands_off || next < to) {
                continue;
            }
            let mut nb = *b;
            apply(&mut nb, cur, du);
            remaining.swap_remove(k);
            if let Some(c) = cursors.get_mut(i) {
                *c = (next, to, next == to);
            }
            realize(&nb, cursors, remaining, out);
            if let Some(c) = cursors.get_mut(i) {
                *c = (cur, to, false);
            }
            remaining.push(d);
            let last = remaining.len() - 1;
            remaining.swap(k, last);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(a: u8, b: u8) -> Dice {
        Dice::new(a, b).unwrap()
    }

    #[test]
    fn opening_31_prints_and_parses() {
        let p = Position::start();
        let play = parse_play(&p, d(3, 1), "8/5 6/5").unwrap();
        assert_eq!(play.notation(), "8/5 6/5");
        // Order and spacing do not matter.
        assert_eq!(parse_play(&p, d(3, 1), " 6/5   8/5 ").unwrap(), play);
        let run = parse_play(&p, d(6, 5), "24/13").unwrap();
        assert_eq!(run.notation(), "24/13");
        assert_eq!(parse_play(&p, d(6, 5), "24/18 18/13").unwrap(), run);
    }

    #[test]
    fn doubles_use_repeat_counts() {
        let p = Position::start();
        let play = parse_play(&p, d(3, 3), "8/5(2) 6/3(2)").unwrap();
        assert_eq!(play.notation(), "8/5(2) 6/3(2)");
        let play = parse_play(&p, d(6, 6), "24/18(2) 13/7(2)").unwrap();
        assert_eq!(play.notation(), "24/18(2) 13/7(2)");
    }

    #[test]
    fn bar_hits_and_off_are_written() {
        // Mover: one on the bar, rest on 6; opponent blot on mover's 22.
        let mut me = [0u8; 26];
        me[BAR] = 1;
        me[6] = 14;
        let mut opp = [0u8; 26];
        opp[3] = 1; // opponent's 3 = mover's 22
        opp[OFF] = 14;
        let p = Position::from_sides(&me, &opp).unwrap();
        let play = parse_play(&p, d(3, 1), "bar/22* 6/5").unwrap();
        assert_eq!(play.notation(), "bar/22* 6/5");
        assert!(play.steps().iter().any(|s| s.hit));

        let mut me = [0u8; 26];
        me[6] = 2;
        me[OFF] = 13;
        let mut opp = [0u8; 26];
        opp[20] = 15;
        let p = Position::from_sides(&me, &opp).unwrap();
        let play = parse_play(&p, d(6, 6), "6/off(2)").unwrap();
        assert_eq!(play.notation(), "6/off(2)");
        assert_eq!(play.result().off(crate::Side::OnRoll), 15);
    }

    /// Spec: "A readable move notation: `24/18 13/11`, `bar/22*`, `6/off`,
    /// with `(2)` for repeats." Two checkers making the same move are a
    /// repeat even when the first of them hits (GNU Backgammon writes
    /// `13/7*(2)`).
    #[test]
    fn a_repeat_whose_first_checker_hits_is_written_once() {
        // Mover: 5 on 13, 10 on 6; an opponent blot on the mover's 10 (its 15).
        let p = Position::from_point_counts(&[(13, 5), (6, 10)], &[(15, 1), (1, 14)]).unwrap();
        let play = parse_play(&p, d(3, 3), "13/10*(2) 6/3(2)").unwrap();
        assert_eq!(play.notation(), "13/10*(2) 6/3(2)");
        assert_eq!(parse_play(&p, d(3, 3), &play.notation()).unwrap(), play);
        // Entering twice on a blot (the opponent's 3 is the mover's 22): the first hits.
        let p = Position::from_point_counts(&[(BAR, 2), (6, 13)], &[(3, 1)]).unwrap();
        let play = parse_play(&p, d(3, 3), "bar/22*(2) 6/3(2)").unwrap();
        assert_eq!(play.notation(), "bar/22*(2) 6/3(2)");
    }

    /// The module's rule, "Printing merges the steps of one checker
    /// (`24/13` for a 6-5 run)", whatever order the play's steps come in:
    /// a play whose smaller number moves a checker on first (the 2 from 24
    /// to 22, the 6 from 22 to 16) is still the run `24/16`, as GNU
    /// Backgammon writes it, not `24/22 22/16`.
    #[test]
    fn a_run_is_merged_whatever_the_order_of_its_steps() {
        let p = Position::from_gnubg_id("htfBAQqwT/ABJA").unwrap();
        for (dice, text) in [(d(6, 2), "24/16"), (d(3, 1), "6/2"), (d(4, 3), "8/1")] {
            let play = parse_play(&p, dice, text).unwrap();
            assert_eq!(play.notation(), text, "{:?}", play.steps());
        }
        let p = Position::from_gnubg_id("jAt5CErRHWSANA").unwrap();
        let play = parse_play(&p, d(2, 1), "5/2*").unwrap();
        assert_eq!(play.notation(), "5/2*", "{:?}", play.steps());
        // A list of steps is read in its order (the C ABI reads a host's
        // steps so): a step continues only a move written before it.
        let step = |from, to| Step {
            from,
            to,
            hit: false,
        };
        assert_eq!(
            steps_to_string(&[step(22, 16), step(24, 22)]),
            "24/22 22/16"
        );
        assert_eq!(steps_to_string(&[step(24, 22), step(22, 16)]), "24/16");
    }

    #[test]
    fn malformed_and_illegal_text_give_typed_errors() {
        let p = Position::start();
        let dice = d(3, 1);
        assert!(matches!(
            parse_play(&p, dice, "8-5"),
            Err(NotationError::Malformed(_))
        ));
        assert!(matches!(
            parse_play(&p, dice, "8/"),
            Err(NotationError::Malformed(_))
        ));
        assert!(matches!(
            parse_play(&p, dice, "30/25"),
            Err(NotationError::BadPoint(_))
        ));
        assert!(matches!(
            parse_play(&p, dice, "off/5"),
            Err(NotationError::BadPoint(_))
        ));
        assert!(matches!(
            parse_play(&p, dice, "5/8"),
            Err(NotationError::Backwards { from: 5, to: 8 })
        ));
        assert!(matches!(
            parse_play(&p, dice, "8/5(9)"),
            Err(NotationError::Malformed(_))
        ));
        // Well formed but only one die used (both must be played), or a
        // distance the roll cannot make; 13/9 is legal (13/10/9).
        assert!(parse_play(&p, dice, "13/9").is_ok());
        assert!(matches!(
            parse_play(&p, dice, "8/5"),
            Err(NotationError::Illegal(_))
        ));
        assert!(matches!(
            parse_play(&p, dice, "13/8"),
            Err(NotationError::Illegal(_))
        ));
        assert!(matches!(
            parse_play(&p, dice, ""),
            Err(NotationError::Illegal(_))
        ));
    }

    #[test]
    fn every_legal_play_round_trips_through_its_notation() {
        let p = Position::start();
        for (dice, _) in Dice::all_21() {
            for play in legal_plays(&p, dice) {
                let back = parse_play(&p, dice, &play.notation()).unwrap();
                assert_eq!(back.result(), play.result(), "{}", play.notation());
            }
        }
    }
}
