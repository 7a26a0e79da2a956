//! The solver against an independent brute-force oracle: plain minimax
//! with a memo on the drawn lines, no pruning, no symmetry, no capture
//! rule, built only on `Position::play`.

use std::collections::HashMap;

use timbiriche_core::{
    ai_move, solve, solve_one, BoardSize, BoxCoord, Budget, CancelFlag, GameRng, Level, Line,
    Player, Position, ValueLayout, Variant,
};

/// Net points for the player to move from the open boxes (misère: the
/// rival's points minus the mover's).
fn oracle(pos: &Position, memo: &mut HashMap<u128, i32>) -> i32 {
    if pos.is_over() {
        return 0;
    }
    if let Some(&v) = memo.get(&pos.drawn_bits()) {
        return v;
    }
    let sign = if pos.is_misere() { -1 } else { 1 };
    let mut best = i32::MIN;
    for l in pos.legal_moves() {
        best = best.max(move_value(pos, l, memo, sign));
    }
    memo.insert(pos.drawn_bits(), best);
    best
}

fn move_value(pos: &Position, l: Line, memo: &mut HashMap<u128, i32>, sign: i32) -> i32 {
    let mut child = pos.clone();
    let out = child.play(l).unwrap();
    if out.completed > 0 {
        sign * out.points as i32 + oracle(&child, memo)
    } else {
        -oracle(&child, memo)
    }
}

fn oracle_best(pos: &Position) -> (i32, Vec<Line>) {
    let mut memo = HashMap::new();
    let sign = if pos.is_misere() { -1 } else { 1 };
    let vals: Vec<(Line, i32)> = pos
        .legal_moves()
        .into_iter()
        .map(|l| (l, move_value(pos, l, &mut memo, sign)))
        .collect();
    let best = vals.iter().map(|&(_, v)| v).max().unwrap_or(0);
    (
        best,
        vals.into_iter()
            .filter(|&(_, v)| v == best)
            .map(|(l, _)| l)
            .collect(),
    )
}

/// A random position with at most `max_undrawn` lines left.
fn random_position(rng: &mut GameRng, max_undrawn: usize) -> Position {
    let sizes = [
        (1, 1),
        (1, 2),
        (2, 2),
        (1, 3),
        (2, 3),
        (3, 2),
        (3, 3),
        (2, 4),
        (3, 4),
        (4, 4),
        (5, 5),
    ];
    let &(r, c) = rng.choose(&sizes).unwrap();
    let size = BoardSize::new(r, c).unwrap();
    let values = match rng.below(4) {
        0 => ValueLayout::Seeded(rng.next_u64()),
        _ => ValueLayout::Standard,
    };
    let variant = Variant {
        misere: rng.chance(1, 4),
        values,
    };
    let mut p = Position::new(size, &variant, Player::First).unwrap();
    let lines = size.num_lines();
    let min_drawn = lines.saturating_sub(max_undrawn);
    let drawn = min_drawn + rng.below((lines - min_drawn) as u64 + 1) as usize;
    for _ in 0..drawn.min(lines) {
        let moves = p.legal_moves();
        let &l = rng.choose(&moves).unwrap();
        p.play(l).unwrap();
    }
    p
}

#[test]
fn solver_matches_the_oracle_on_random_positions() {
    let mut rng = GameRng::from_seed(2026);
    let cancel = CancelFlag::new();
    for i in 0..400 {
        let p = random_position(&mut rng, 13);
        let (v, best) = oracle_best(&p);
        let s = solve(&p, Budget::UNLIMITED, &cancel);
        assert!(s.complete);
        if p.is_over() {
            assert_eq!(s.value, Some(0));
            continue;
        }
        assert_eq!(
            s.value,
            Some(v),
            "case {i}: {:?}",
            serde_json::to_string(&p).unwrap()
        );
        assert_eq!(
            s.best_moves,
            best,
            "case {i}: {:?}",
            serde_json::to_string(&p).unwrap()
        );
        let (one, _) = solve_one(&p, Budget::UNLIMITED, &cancel);
        let (ov, ol) = one.unwrap();
        assert_eq!(ov, v);
        assert!(best.contains(&ol));
        // Hard plays a proven-optimal move once the solver finishes.
        let m = ai_move(
            &p,
            Level::Hard,
            &mut GameRng::from_seed(i),
            Budget::UNLIMITED,
            &cancel,
        )
        .unwrap();
        assert_eq!(m.proven_value, Some(v));
        assert!(best.contains(&m.line), "case {i}");
    }
}

#[test]
fn small_empty_boards_match_the_oracle() {
    let cancel = CancelFlag::new();
    for (r, c) in [(1, 1), (1, 2), (1, 3), (2, 2), (2, 1), (1, 4)] {
        for misere in [false, true] {
            let p = Position::standard(BoardSize::new(r, c).unwrap()).with_misere(misere);
            let (v, best) = oracle_best(&p);
            let s = solve(&p, Budget::UNLIMITED, &cancel);
            assert_eq!(s.value, Some(v), "{r}x{c} misere={misere}");
            assert_eq!(s.best_moves, best, "{r}x{c} misere={misere}");
        }
    }
}

#[test]
fn small_boards_match_the_brute_force_and_the_known_values() {
    // (rows, cols, value, misère value) for the first player: net boxes;
    // in misère the rival's boxes minus the first player's (higher is
    // still better). 1×1 −1, 2×2 +2, 2×3 −2 are Wilson's; the misère values
    // are the brute force's, written out so a change in either side shows.
    let table = [
        (1, 1, -1, 1),
        (1, 2, 0, 2),
        (1, 3, -1, 3),
        (2, 2, 2, -2),
        (1, 4, 0, 4),
        (2, 3, -2, 2),
        (3, 2, -2, 2),
    ];
    for (r, c, normal, misere) in table {
        for (m, want) in [(false, normal), (true, misere)] {
            let p = Position::standard(BoardSize::new(r, c).unwrap()).with_misere(m);
            let b = oracle(&p, &mut HashMap::new());
            assert_eq!(b, want, "brute force {r}x{c} misère={m}");
            let s = solve(&p, Budget::UNLIMITED, &CancelFlag::new());
            assert_eq!(s.value, Some(want), "solver {r}x{c} misère={m}");
        }
    }
}

/// `pos` with the same variant and box values, but with `lines` drawn
/// instead of its own lines (the oracle's value ignores who drew what).
fn redrawn(pos: &Position, variant: &Variant, lines: &[Line]) -> Position {
    let mut p = Position::new(pos.size(), variant, Player::First).unwrap();
    for &l in lines {
        p.play(l).unwrap();
    }
    p
}

/// The solver treats the border lines of one box (a corner; every box of
/// a 1×n board) as interchangeable: in the strings-and-coins picture each
/// of them joins that box to the ground, so drawing one or another gives
/// the same game. The brute force, which knows nothing of this, agrees on
/// random positions of every variant, and the solver matches it.
#[test]
fn border_lines_of_one_box_are_interchangeable() {
    let mut rng = GameRng::from_seed(21);
    let cancel = CancelFlag::new();
    let mut swaps = 0;
    for i in 0..300 {
        let sizes = [(1, 1), (1, 2), (1, 3), (2, 2), (2, 3), (3, 2), (3, 3)];
        let &(r, c) = rng.choose(&sizes).unwrap();
        let size = BoardSize::new(r, c).unwrap();
        let variant = Variant {
            misere: rng.chance(1, 2),
            values: if rng.chance(1, 4) {
                ValueLayout::Seeded(rng.next_u64())
            } else {
                ValueLayout::Standard
            },
        };
        let mut p = Position::new(size, &variant, Player::First).unwrap();
        let keep = 6 + rng.below(8) as usize;
        while p.num_undrawn() > keep {
            let moves = p.legal_moves();
            p.play(*rng.choose(&moves).unwrap()).unwrap();
        }
        let lines: Vec<Line> = size.lines().filter(|&l| p.is_drawn(l)).collect();
        let want = oracle(&p, &mut HashMap::new());
        for b in size.boxes() {
            let border: Vec<Line> = size
                .box_sides(b)
                .unwrap()
                .into_iter()
                .filter(|&l| size.line_boxes(l).len() == 1)
                .collect();
            let drawn: Vec<Line> = border.iter().copied().filter(|&l| p.is_drawn(l)).collect();
            let open: Vec<Line> = border.iter().copied().filter(|&l| !p.is_drawn(l)).collect();
            let (Some(&d), Some(&o)) = (rng.choose(&drawn), rng.choose(&open)) else {
                continue;
            };
            let swapped: Vec<Line> = lines.iter().map(|&l| if l == d { o } else { l }).collect();
            let q = redrawn(&p, &variant, &swapped);
            assert_eq!(oracle(&q, &mut HashMap::new()), want, "case {i}: {b:?}");
            let s = solve(&q, Budget::UNLIMITED, &cancel);
            assert_eq!(s.value, Some(want), "case {i}");
            swaps += 1;
        }
        let s = solve(&p, Budget::UNLIMITED, &cancel);
        assert_eq!(s.value, Some(want), "case {i}");
        assert_eq!(s.best_moves, oracle_best(&p).1, "case {i}");
    }
    assert!(swaps > 100, "{swaps}");
}

/// The capture rules and the chain endgame of the standard game against
/// the brute force, on positions from the end of the safe-line phase
/// (random safe lines until none is left, then a few random lines): the
/// solver values a position made only of chains (any length, short ones
/// included) and loops without search.
#[test]
fn loony_positions_match_the_oracle() {
    let mut rng = GameRng::from_seed(1221);
    let cancel = CancelFlag::new();
    let mut chains_only = 0;
    let mut short = 0;
    for i in 0..250 {
        let sizes = [(2, 3), (3, 2), (2, 4), (3, 3), (1, 5), (3, 4)];
        let &(r, c) = rng.choose(&sizes).unwrap();
        let size = BoardSize::new(r, c).unwrap();
        let mut p = Position::standard(size);
        loop {
            let capturing = p.capturing_lines();
            let safe: Vec<Line> = p
                .safe_lines()
                .into_iter()
                .filter(|l| !capturing.contains(l))
                .collect();
            let Some(&l) = rng.choose(&safe) else {
                break;
            };
            p.play(l).unwrap();
        }
        for _ in 0..rng.below(4) {
            let moves = p.legal_moves();
            if let Some(&l) = rng.choose(&moves) {
                p.play(l).unwrap();
            }
        }
        if p.num_undrawn() > 15 {
            continue;
        }
        if let Some(d) = timbiriche_core::chains::decomposition(&p) {
            if !d.is_empty()
                && d.iter().all(|c| {
                    !c.capturable && c.kind != timbiriche_core::chains::ComponentKind::Other
                })
            {
                chains_only += 1;
                if d.iter().any(|c| c.len() < 3) {
                    short += 1;
                }
            }
        }
        let (v, best) = oracle_best(&p);
        let s = solve(&p, Budget::UNLIMITED, &cancel);
        if p.is_over() {
            continue;
        }
        assert_eq!(
            s.value,
            Some(v),
            "case {i}: {}",
            serde_json::to_string(&p).unwrap()
        );
        assert_eq!(s.best_moves, best, "case {i}");
    }
    assert!(chains_only > 20 && short > 10, "{chains_only} {short}");
}

#[test]
fn a_three_two_and_one_chain_is_minus_two_to_the_opener() {
    let size = BoardSize::new(2, 3).unwrap();
    let lines = "a1-b1,b1-c1,c1-d1,a2-b2,b2-c2,c2-d2,a3-b3,c2-c3";
    let p = Position::from_lines(
        size,
        &timbiriche_core::notation::parse_lines(size, lines).unwrap(),
    )
    .unwrap();
    let (v, best) = oracle_best(&p);
    assert_eq!(v, -2);
    let s = solve(&p, Budget::UNLIMITED, &CancelFlag::new());
    assert_eq!((s.value, s.best_moves), (Some(v), best));
}

/// `lines` (notation) played from the empty board of `size` with
/// `values` (row by row), first player to start.
fn valued(size: BoardSize, values: &[u8], misere: bool, lines: &str) -> Position {
    let variant = Variant {
        misere,
        values: ValueLayout::Explicit(values.to_vec()),
    };
    let mut p = Position::new(size, &variant, Player::First).unwrap();
    for l in timbiriche_core::notation::parse_lines(size, lines).unwrap() {
        p.play(l).unwrap();
    }
    p
}

/// The boxes next to `b` (sharing a side), with the side they share.
fn neighbours(size: BoardSize, b: BoxCoord) -> Vec<(BoxCoord, Line)> {
    size.box_sides(b)
        .unwrap()
        .into_iter()
        .flat_map(|l| {
            size.line_boxes(l)
                .into_iter()
                .filter(move |&n| n != b)
                .map(move |n| (n, l))
        })
        .collect()
}

/// Whether two boxes of different values can each be taken through their
/// side shared with one box that has no side drawn (the case where taking
/// one of them at once could be a mistake: see the solver's module docs).
fn unequal_boxes_hang_off_an_empty_box(p: &Position) -> bool {
    let size = p.size();
    size.boxes().any(|c| {
        let hanging: Vec<u8> = neighbours(size, c)
            .into_iter()
            .filter(|&(n, l)| p.sides(n) == 3 && !p.is_drawn(l))
            .map(|(n, _)| p.box_value(n))
            .collect();
        p.sides(c) == 0 && hanging.iter().any(|&v| v != hanging[0])
    })
}

/// A random position of a small board with random box values (1 to 3),
/// normal or misère, at most 12 lines left. Half of them are built around
/// one box: each of its neighbours, most of the time, gets its other three
/// sides, and the random lines that follow avoid that box's sides while
/// they can, so boxes of different values often hang off one box.
fn random_valued_position(rng: &mut GameRng) -> Position {
    let sizes = [
        (1, 2),
        (2, 1),
        (1, 3),
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 3),
        (3, 2),
        (3, 3),
        (2, 4),
    ];
    let &(r, c) = rng.choose(&sizes).unwrap();
    let size = BoardSize::new(r, c).unwrap();
    let values: Vec<u8> = size.boxes().map(|_| 1 + rng.below(3) as u8).collect();
    let variant = Variant {
        misere: rng.chance(1, 2),
        values: ValueLayout::Explicit(values),
    };
    let first = if rng.chance(1, 2) {
        Player::First
    } else {
        Player::Second
    };
    let mut p = Position::new(size, &variant, first).unwrap();
    let boxes: Vec<BoxCoord> = size.boxes().collect();
    // Most often a box with the most neighbours.
    let most = boxes
        .iter()
        .map(|&b| neighbours(size, b).len())
        .max()
        .unwrap_or(0);
    let crowded: Vec<BoxCoord> = boxes
        .iter()
        .copied()
        .filter(|&b| neighbours(size, b).len() == most)
        .collect();
    let centre = match rng.below(4) {
        0 => None,
        1 => Some(*rng.choose(&boxes).unwrap()),
        _ => Some(*rng.choose(&crowded).unwrap()),
    };
    let mut avoid: Vec<Line> = Vec::new();
    if let Some(c) = centre {
        avoid = size.box_sides(c).unwrap().to_vec();
        for (n, shared) in neighbours(size, c) {
            if rng.chance(7, 8) {
                for l in size.box_sides(n).unwrap() {
                    if l != shared && !p.is_drawn(l) {
                        p.play(l).unwrap();
                    }
                }
            }
        }
    }
    let keep = 2 + rng.below(9) as usize;
    while p.num_undrawn() > keep {
        let moves = p.legal_moves();
        let away: Vec<Line> = moves
            .iter()
            .copied()
            .filter(|l| !avoid.contains(l))
            .collect();
        let capturing = p.capturing_lines();
        let safe: Vec<Line> = p
            .safe_lines()
            .into_iter()
            .filter(|l| !avoid.contains(l) && !capturing.contains(l))
            .collect();
        let pool = if rng.chance(1, 10) || away.is_empty() {
            &moves
        } else if safe.is_empty() || rng.chance(1, 3) {
            &away
        } else {
            &safe
        };
        p.play(*rng.choose(pool).unwrap()).unwrap();
    }
    p
}

/// Valued boxes ("some boxes are worth 2 or 3 points", the spec), normal
/// and misère, against the brute force: the value, every optimal move,
/// and `solve_one`'s move, on 10,000 small positions, many of them with
/// boxes of different values hanging off one box (about one in a
/// thousand of them is a case where taking such a box at once loses
/// points).
#[test]
fn valued_boxes_match_the_oracle() {
    let mut rng = GameRng::from_seed(4242);
    let cancel = CancelFlag::new();
    let mut hanging = 0;
    let mut misere = 0;
    for i in 0..10_000 {
        let p = random_valued_position(&mut rng);
        if p.is_over() {
            continue;
        }
        hanging += usize::from(unequal_boxes_hang_off_an_empty_box(&p));
        misere += usize::from(p.is_misere());
        let (v, best) = oracle_best(&p);
        let s = solve(&p, Budget::UNLIMITED, &cancel);
        let case = || format!("case {i}: {}", serde_json::to_string(&p).unwrap());
        assert!(s.complete, "{}", case());
        assert_eq!(s.value, Some(v), "{}", case());
        assert_eq!(s.best_moves, best, "{}", case());
        let (one, _) = solve_one(&p, Budget::UNLIMITED, &cancel);
        let (ov, ol) = one.unwrap();
        assert_eq!(ov, v, "{}", case());
        assert!(best.contains(&ol), "{}", case());
    }
    assert!(hanging > 2000 && misere > 4000, "{hanging} {misere}");
}

/// "Valued boxes: some boxes are worth 2 or 3 points" (the spec). Boxes
/// of 2×3, row by row: 0 1 2 / 3 4 5. Boxes 0, 2 and 4 each lack only
/// their side on box 1, which has no side drawn; box 3 is taken and box 5
/// has two sides. With box 0 worth 1 and boxes 2 and 4 worth 3, the mover
/// takes boxes 2 and 4 (c1-c2 and b2-c2, either first) and hands over
/// boxes 0 and 1 (2 points) by drawing b1-c1, so that the rival, after
/// taking them, must give away box 5 (3 points): 3 + 3 − 2 + 3 = 7.
/// Taking box 0 first, as the solver did when it took at once any box
/// hanging off an untouched box, only reaches 5. Box 0 worth 3 and boxes
/// 2 and 4 worth 1 is the mirror case (taking box 0 at once is right), and
/// boxes worth 1 are where the rule comes from. The misère game of the
/// same positions, where the solver takes nothing blindly, agrees too.
#[test]
fn three_boxes_of_different_values_hanging_off_one_box() {
    let size = BoardSize::new(2, 3).unwrap();
    let lines = "a1-b1,a1-a2,a2-b2,c1-d1,d1-d2,c2-d2,b2-b3,c2-c3,b3-c3,a2-a3,a3-b3";
    let cancel = CancelFlag::new();
    for (values, want, best) in [
        ([1u8, 1, 3, 1, 3, 3], 7, "b2-c2,c1-c2"),
        ([3, 1, 1, 1, 3, 3], 7, "b2-c2,b1-b2"),
        ([1, 1, 1, 1, 1, 1], 3, "b2-c2,b1-b2,c1-c2"),
    ] {
        let p = valued(size, &values, false, lines);
        assert!(unequal_boxes_hang_off_an_empty_box(&p) == (values[0] != values[2]));
        let (v, oracle_moves) = oracle_best(&p);
        let mut best = timbiriche_core::notation::parse_lines(size, best).unwrap();
        best.sort_by_key(|&l| size.line_index(l));
        assert_eq!((v, &oracle_moves), (want, &best), "brute force {values:?}");
        let s = solve(&p, Budget::UNLIMITED, &cancel);
        assert_eq!((s.value, s.best_moves), (Some(want), best), "{values:?}");
        let m = valued(size, &values, true, lines);
        let (v, oracle_moves) = oracle_best(&m);
        let s = solve(&m, Budget::UNLIMITED, &cancel);
        assert_eq!(
            (s.value, s.best_moves),
            (Some(v), oracle_moves),
            "misère {values:?}"
        );
    }
}
