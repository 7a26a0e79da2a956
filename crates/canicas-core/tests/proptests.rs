//! Proptests of issue #5 that the unit tests (src/tests.rs) do not cover:
//! the invariants on other boards than the default (every parameter of the
//! rules), records and text boards round-tripping, and undo after every
//! kind of move on small crowded boards, where lines, emptied boards and
//! short arrivals happen often.

use std::time::Duration;

use canicas_core::{ai, board_from_text, Board, Cell, FinishError, Game, Records, Rules, State};
use games_common::{Budget, CancelFlag, GameRng};
use proptest::prelude::*;

fn has_line(b: &Board, min: u8) -> bool {
    (0..b.cell_count() as u8).any(|i| !b.lines_through(Cell(i), min).is_empty())
}

/// Playable rules of any size, colours, minimum line, arrivals and start.
fn rules() -> impl Strategy<Value = Rules> {
    (2u8..=11, 1u8..=9, 1u8..=8, any::<u8>(), any::<u8>()).prop_map(
        |(size, colours, arrivals, m, s)| {
            let cells = u16::from(size) * u16::from(size);
            Rules {
                size,
                colours,
                min_line: 2 + m % (size - 1),
                arrivals,
                start: (1 + u16::from(s) % cells.min(255)) as u8,
                landings_shown: false,
            }
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// On any rules (board sizes 2 to 11, lines of 2 up to the board's
    /// side), the hint answers a legal move whenever there is one, the same
    /// move twice for the same view and node budget, and the moves it plays
    /// (12 in a row) leave no line on the board.
    #[test]
    fn the_hint_is_legal_and_deterministic_on_every_board(rules in rules(), deal: u64, nodes in 1u64..40) {
        let mut s = State::new(rules, deal).unwrap();
        let cancel = CancelFlag::new();
        // (A game can end with free cells: "if fewer cells are free than
        // marbles due, the free cells are filled and the game ends", and
        // lines those marbles form still leave; the hint is not asked then.)
        for _ in 0..12 {
            if s.is_over() {
                break;
            }
            let h = ai::hint(&s.view(), Budget::nodes(nodes), &cancel);
            let again = ai::hint(&s.view(), Budget::nodes(nodes), &cancel);
            prop_assert_eq!(h.best, again.best);
            let Some(mv) = h.best else {
                prop_assert!(s.legal_moves().is_empty());
                break;
            };
            prop_assert!(s.check(mv).is_ok(), "{:?} on {:?}", mv, rules);
            s.play_quiet(mv).unwrap();
            prop_assert!(!has_line(s.board(), rules.min_line) || s.is_over());
        }
    }

    /// On any rules: marble count = start + arrivals − removed (the
    /// counters agree with the board and each other), no line stays on the
    /// board, the score is the points of the lines removed, paths only
    /// cross free cells, undo restores exactly and the same arrivals
    /// follow, and the game saves and loads back.
    #[test]
    fn invariants_hold_on_every_board(rules in rules(), deal: u64, seed: u64) {
        prop_assert!(rules.validate().is_ok(), "{:?}", rules);
        let mut g = Game::new(rules, deal).unwrap();
        let size = rules.size;
        let mut rng = GameRng::from_seed(seed);
        let mut arrived = 0u64;
        let start_landed = g.state().landed();
        prop_assert!(!has_line(g.state().board(), rules.min_line) || g.state().is_over());
        for _ in 0..40 {
            let moves = g.state().legal_moves();
            let Some(&m) = rng.choose(&moves) else { break };
            let path = g.state().path(m.from, m.to).unwrap();
            prop_assert_eq!(path[0], m.from);
            prop_assert_eq!(*path.last().unwrap(), m.to);
            for w in path.windows(2) {
                let d = (i32::from(w[0].row(size)) - i32::from(w[1].row(size))).abs()
                    + (i32::from(w[0].col(size)) - i32::from(w[1].col(size))).abs();
                prop_assert_eq!(d, 1);
                prop_assert!(g.state().board().is_free(w[1]));
            }
            let before = g.state().clone();
            let out = g.play(m).unwrap();
            arrived += out.arrivals.len() as u64;
            let s = g.state().clone();
            prop_assert_eq!(s.landed(), start_landed + arrived);
            prop_assert_eq!(u64::from(s.board().marble_count()), s.landed() - s.removed());
            prop_assert!(!has_line(s.board(), rules.min_line), "{}", s.board().to_pretty());
            let from_lines: u64 = s
                .lines_by_length()
                .iter()
                .map(|&(l, n)| n * u64::from(rules.line_points(l)))
                .sum();
            prop_assert_eq!(from_lines, s.score());
            prop_assert_eq!(s.score(), before.score() + out.points);
            prop_assert_eq!(s.next_colours().len(), usize::from(rules.arrivals));
            prop_assert!(s.next_colours().iter().all(|&c| (1..=rules.colours).contains(&c)));
            g.undo().unwrap();
            prop_assert_eq!(g.state(), &before);
            prop_assert!(g.undo().is_err());
            prop_assert_eq!(&g.play(m).unwrap(), &out);
            prop_assert_eq!(g.state(), &s);
        }
        let back = Game::from_json(&g.to_json()).unwrap();
        prop_assert_eq!(&back, &g);
        let state: State = serde_json::from_str(&serde_json::to_string(g.state()).unwrap()).unwrap();
        prop_assert_eq!(&state, g.state());
    }

    /// The same deal and moves give the same game, on any rules.
    #[test]
    fn the_same_deal_and_moves_give_the_same_game_on_every_board(rules in rules(), deal: u64, seed: u64) {
        let play = || {
            let mut g = Game::new(rules, deal).unwrap();
            let mut rng = GameRng::from_seed(seed);
            let mut outs = Vec::new();
            for _ in 0..30 {
                let moves = g.state().legal_moves();
                let Some(&m) = rng.choose(&moves) else { break };
                outs.push(g.play(m).unwrap());
            }
            (g, outs)
        };
        prop_assert_eq!(play(), play());
    }

    /// Records of random games (fresh and replayed, both variants and other
    /// rules) save and load back the same.
    #[test]
    fn records_round_trip(games in prop::collection::vec((rules(), any::<u64>(), any::<bool>(), 0u16..400), 0..6)) {
        let mut records = Records::new();
        for (rules, deal, replay, moves) in games {
            let mut g = Game::new(rules, deal).unwrap();
            if replay {
                g = g.retry();
            }
            let mut rng = GameRng::from_seed(deal);
            for _ in 0..moves {
                let legal = g.state().legal_moves();
                let Some(&m) = rng.choose(&legal) else { break };
                g.play(m).unwrap();
            }
            if !g.state().is_over() {
                // Only a finished game is recorded; a refused one changes nothing.
                let before = records.clone();
                prop_assert_eq!(records.finish(&g, Duration::ZERO), Err(FinishError::NotOver));
                prop_assert_eq!(&records, &before);
                continue;
            }
            let summary = records.finish(&g, Duration::from_millis(u64::from(moves))).unwrap();
            prop_assert_eq!(summary.points, g.state().score());
            prop_assert_eq!(summary.replay, replay);
            prop_assert!(!(replay && summary.new_record));
        }
        let back = Records::from_json(&records.to_json()).unwrap();
        prop_assert_eq!(back, records);
    }

    /// Any board of any size prints as text that reads back the same.
    #[test]
    fn text_boards_round_trip(size in 2u8..=11, colours in prop::collection::vec(0u8..=9, 121)) {
        let mut board = Board::empty(size);
        for (i, &c) in colours.iter().take(board.cell_count()).enumerate() {
            if c > 0 {
                board.set(Cell(i as u8), c);
            }
        }
        prop_assert_eq!(board_from_text(&board.to_text()).unwrap(), board);
        prop_assert_eq!(board_from_text(&board.to_pretty()).unwrap(), board);
        let json = serde_json::to_string(&board).unwrap();
        prop_assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), board);
    }
}
