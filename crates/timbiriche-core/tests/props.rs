//! Property tests of the rules, notation, history and serde.

use proptest::prelude::*;
use timbiriche_core::{
    notation, BoardSize, Game, GameOptions, GameResult, GameRng, Line, Match, Player, Position,
    Session, ValueLayout, Variant,
};

fn options() -> impl Strategy<Value = GameOptions> {
    (
        1u32..=6,
        1u32..=6,
        any::<bool>(),
        0u8..3,
        any::<u64>(),
        any::<bool>(),
    )
        .prop_map(|(r, c, misere, kind, seed, second)| {
            let size = BoardSize::new(r, c).unwrap();
            let values = match kind {
                0 => ValueLayout::Standard,
                1 => ValueLayout::Seeded(seed),
                _ => ValueLayout::Explicit(
                    (0..size.num_boxes())
                        .map(|i| 1 + ((seed >> (i % 60)) % 3) as u8)
                        .collect(),
                ),
            };
            GameOptions {
                size,
                variant: Variant { misere, values },
                first: if second {
                    Player::Second
                } else {
                    Player::First
                },
            }
        })
}

/// Every invariant a position must keep.
fn check_invariants(p: &Position) {
    let size = p.size();
    let total: u32 = p.values().iter().map(|&v| u32::from(v)).sum();
    // Points conserved.
    assert_eq!(
        p.points(Player::First) + p.points(Player::Second) + p.remaining_points(),
        total
    );
    // A box is owned iff its four sides are drawn.
    for b in size.boxes() {
        assert_eq!(p.owner(b).is_some(), p.sides(b) == 4, "{b:?}");
        let drawn = size
            .box_sides(b)
            .unwrap()
            .iter()
            .filter(|&&l| p.is_drawn(l))
            .count();
        assert_eq!(usize::from(p.sides(b)), drawn);
    }
    // Legal moves are exactly the lines `play` accepts.
    let legal = p.legal_moves();
    for l in size.lines() {
        let mut q = p.clone();
        assert_eq!(q.play(l).is_ok(), legal.contains(&l), "{l:?}");
    }
    assert_eq!(legal.len(), p.num_undrawn());
    // Safe lines give no box a 3rd side; the others do.
    for l in &legal {
        let mut q = p.clone();
        q.play(*l).unwrap();
        let third = size.line_boxes(*l).iter().any(|&b| q.sides(b) == 3);
        assert_eq!(p.safe_lines().contains(l), !third);
        assert_eq!(p.third_side_lines().contains(l), third);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_rule(opts in options(), seed in any::<u64>()) {
        let mut game = Game::new(opts.clone()).unwrap();
        let mut rng = GameRng::from_seed(seed);
        let mut history = vec![game.position().clone()];
        let mut decided: Option<GameResult> = None;
        let mut steps = 0;
        while !game.position().is_over() {
            steps += 1;
            prop_assert!(steps <= opts.size.num_lines(), "games terminate");
            let p = game.position().clone();
            if steps % 7 == 1 {
                check_invariants(&p);
            }
            let moves = p.legal_moves();
            let &l = rng.choose(&moves).unwrap();
            let out = game.play(l).unwrap();
            let q = game.position();
            // Extra move exactly when a box was completed; one extra move.
            prop_assert_eq!(out.extra_move, out.completed > 0);
            prop_assert_eq!(q.to_move() == p.to_move(), out.completed > 0);
            prop_assert_eq!(q.completed_by(l), out.completed);
            prop_assert_eq!(
                q.points(p.to_move()),
                p.points(p.to_move()) + out.points
            );
            prop_assert_eq!(q.last_move_gave_extra(), out.extra_move);
            // Once decided, the decision never changes.
            if let Some(d) = decided {
                prop_assert_eq!(q.decided(), Some(d));
            }
            decided = q.decided();
            history.push(q.clone());
        }
        let end = game.position().clone();
        check_invariants(&end);
        prop_assert!(end.result().is_some());
        prop_assert_eq!(end.result(), decided);
        for b in opts.size.boxes() {
            prop_assert!(end.owner(b).is_some());
        }
        // Undo restores every earlier position exactly, redo every later one.
        for expected in history.iter().rev().skip(1) {
            prop_assert!(game.undo());
            prop_assert_eq!(game.position(), expected);
        }
        prop_assert!(!game.undo());
        for expected in history.iter().skip(1) {
            prop_assert!(game.redo());
            prop_assert_eq!(game.position(), expected);
        }
        // Save/load round-trips the whole game, and the final position too.
        let text = game.save();
        let back = Game::load(&text).unwrap();
        prop_assert_eq!(&back, &game);
        prop_assert_eq!(back.save(), text, "save after load gives the same text");
        let json = serde_json::to_string(&end).unwrap();
        let p2: Position = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(p2, end);
    }

    #[test]
    fn positions_round_trip_through_serde_midgame(opts in options(), seed in any::<u64>(), n in 0usize..84) {
        let mut p = Position::new(opts.size, &opts.variant, opts.first).unwrap();
        let mut rng = GameRng::from_seed(seed);
        for _ in 0..n.min(opts.size.num_lines()) {
            let moves = p.legal_moves();
            let &l = rng.choose(&moves).unwrap();
            p.play(l).unwrap();
        }
        let json = serde_json::to_string(&p).unwrap();
        let back: Position = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&back, &p);
        let gj = serde_json::to_string(&opts).unwrap();
        let o2: GameOptions = serde_json::from_str(&gj).unwrap();
        prop_assert_eq!(o2, opts);
    }

    #[test]
    fn notation_round_trips(r in 1u32..=6, c in 1u32..=6, i in 0usize..84) {
        let size = BoardSize::new(r, c).unwrap();
        if let Some(l) = size.line_at(i) {
            let text = notation::line_to_string(l);
            prop_assert_eq!(notation::parse_line(size, &text).unwrap(), l);
            prop_assert_eq!(size.line_index(l), Some(i));
        }
    }

    #[test]
    fn parsing_never_panics(text in ".{0,12}", r in 1u32..=6, c in 1u32..=6) {
        let size = BoardSize::new(r, c).unwrap();
        if let Ok(l) = notation::parse_line(size, &text) {
            prop_assert!(size.contains(l));
        }
        let _ = Game::load(&text);
    }

    #[test]
    fn tampered_saves_never_panic(opts in options(), seed in any::<u64>(), cut in 0usize..400, byte in any::<u8>()) {
        let mut g = Game::new(opts).unwrap();
        let mut rng = GameRng::from_seed(seed);
        for _ in 0..10 {
            let moves = g.position().legal_moves();
            if let Some(&l) = rng.choose(&moves) {
                g.play(l).unwrap();
            }
        }
        let mut json = g.save().into_bytes();
        if !json.is_empty() {
            let i = cut % json.len();
            json[i] = byte;
        }
        let text = String::from_utf8_lossy(&json).to_string();
        let _ = Game::load(&text);
        let _ = Match::load(&text);
        let _ = Session::load(&text);
        let pos_json = serde_json::to_string(g.position()).unwrap().replace("true", "false");
        let _ = serde_json::from_str::<Position>(&pos_json);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    /// Once no safe line remains, the open boxes split into groups that
    /// cover every open box exactly once: chains and loops, or (rarely) a
    /// group around a box with 3 or 4 open sides, reported as `Other`.
    #[test]
    fn decomposition_is_chains_and_loops(r in 2u32..=5, c in 2u32..=5, seed in any::<u64>()) {
        let size = BoardSize::new(r, c).unwrap();
        let mut p = Position::standard(size);
        let mut rng = GameRng::from_seed(seed);
        // Play safe lines (taking nothing) while any remain.
        loop {
            let quiet: Vec<Line> = p
                .safe_lines()
                .into_iter()
                .filter(|l| !p.capturing_lines().contains(l))
                .collect();
            let Some(&l) = rng.choose(&quiet) else { break };
            p.play(l).unwrap();
        }
        let d = timbiriche_core::decomposition(&p).unwrap();
        let open = size.boxes().filter(|&b| p.owner(b).is_none()).count();
        prop_assert_eq!(d.iter().map(|c| c.len()).sum::<usize>(), open);
        for comp in &d {
            match comp.kind {
                timbiriche_core::ComponentKind::Other => {
                    prop_assert!(comp.boxes.iter().any(|&b| p.sides(b) <= 1), "{:?}", comp);
                }
                kind => {
                    if kind == timbiriche_core::ComponentKind::Loop {
                        prop_assert!(comp.len() >= 4);
                    }
                    for b in &comp.boxes {
                        prop_assert!(p.sides(*b) >= 2);
                    }
                }
            }
        }
        let mut all: Vec<_> = d.iter().flat_map(|c| c.boxes.clone()).collect();
        all.sort();
        all.dedup();
        prop_assert_eq!(all.len(), open);
    }
}

#[test]
fn a_line_off_the_board_is_an_error_not_a_panic() {
    let mut p = Position::standard(BoardSize::SMALL);
    assert!(p.play(Line::vertical(3, 0)).is_err());
    assert!(p.play(Line::horizontal(4, 0)).is_err());
    assert!(p.play(Line::horizontal(0, 200)).is_err());
    assert!(p.play_index(1000).is_err());
}
