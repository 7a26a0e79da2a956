//! Caller data that the public API must refuse with a typed error, never
//! panic on: the README's "no panics on any input that a caller can pass".

use canicas_core::learn::{NTuple, TrainConfig, Trainer, TupleSet};
use canicas_core::{Rules, RulesError, State, StateError};
use proptest::prelude::*;

/// Rules with any value in every field, playable or not.
fn any_rules() -> impl Strategy<Value = Rules> {
    (
        any::<u8>(),
        any::<u8>(),
        any::<u8>(),
        any::<u8>(),
        any::<u8>(),
        any::<bool>(),
    )
        .prop_map(
            |(size, colours, min_line, arrivals, start, landings_shown)| Rules {
                size,
                colours,
                min_line,
                arrivals,
                start,
                landings_shown,
            },
        )
}

/// A small board, whose games end soon.
const SMALL: Rules = Rules {
    size: 5,
    colours: 5,
    min_line: 4,
    arrivals: 3,
    start: 5,
    landings_shown: false,
};

fn any_set() -> impl Strategy<Value = TupleSet> {
    prop_oneof![Just(TupleSet::Blocks2x3), Just(TupleSet::Blocks3x3)]
}

/// A 12×12 board has 144 cells: its tuples' cells did not fit the 128-bit
/// masks and the network's constructor panicked ("shift left with
/// overflow"); a minimum line of 20 overflowed the size of a window's table.
#[test]
fn a_network_for_rules_that_cannot_be_played_is_refused() {
    for bad in [
        Rules {
            size: 12,
            ..Rules::FIVE
        },
        Rules {
            size: 20,
            min_line: 20,
            ..Rules::FIVE
        },
        Rules {
            colours: 0,
            ..Rules::FIVE
        },
    ] {
        let expected = bad.validate().unwrap_err();
        assert_eq!(NTuple::new(bad).unwrap_err(), expected);
        assert_eq!(
            NTuple::with_tuples(bad, TupleSet::Blocks3x3).unwrap_err(),
            expected
        );
        assert_eq!(
            Trainer::new(bad, TrainConfig::default()).unwrap_err(),
            expected
        );
    }
    assert!(matches!(
        NTuple::new(Rules {
            size: 12,
            ..Rules::FIVE
        }),
        Err(RulesError::Size(12))
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any rules: a network (and a trainer) exactly when the rules can be
    /// played, with one weight table per tuple kind; no panic.
    #[test]
    fn a_network_exists_exactly_for_playable_rules(rules in any_rules(), set in any_set()) {
        let net = NTuple::with_tuples(rules, set);
        let expected = rules.validate().err();
        prop_assert_eq!(net.as_ref().err(), expected.as_ref());
        if let Ok(net) = net {
            prop_assert_eq!(net.rules(), &rules);
            prop_assert!(net.weights() > rules.cells());
        }
    }

    /// `value_cells` reads one colour per cell of the board: fewer cells,
    /// or a colour the rules do not have (16 and up indexed past the
    /// labels and panicked), is an error, the value of the board read
    /// through `value` otherwise.
    #[test]
    fn value_cells_refuses_cells_that_are_not_a_board(
        cells in proptest::collection::vec(any::<u8>(), 0..100),
        pending in any::<u32>(),
    ) {
        let net = NTuple::new(Rules::FIVE).unwrap();
        let result = net.value_cells(&cells, pending);
        let board_like = cells.len() >= 81 && cells[..81].iter().all(|&c| c <= 7);
        prop_assert_eq!(result.is_ok(), board_like, "{:?}", result);
        if !board_like {
            prop_assert!(matches!(result, Err(StateError::Inconsistent(_))));
        }
    }
}

#[test]
fn value_cells_of_a_board_is_its_value() {
    let net = NTuple::new(Rules::FIVE).unwrap();
    let state = State::new(Rules::FIVE, 3).unwrap();
    let board = state.board();
    assert_eq!(net.value_cells(board.colours(), 3), Ok(net.value(board, 3)));
    // "Cells beyond the board's are ignored."
    let mut longer = board.colours().to_vec();
    longer.extend([200, 0, 9]);
    assert_eq!(net.value_cells(&longer, 3), Ok(net.value(board, 3)));
    // Too few cells, and a colour past the labels of a tuple.
    assert!(net.value_cells(&board.colours()[..80], 3).is_err());
    let mut bright = board.colours().to_vec();
    bright[0] = 16;
    assert!(net.value_cells(&bright, 3).is_err());
}

/// A finished game of the four-in-a-row rules, played by the first legal
/// move each time.
fn finished_game(deal: u64, replay: bool) -> canicas_core::Game {
    let mut game = canicas_core::Game::of_variant(canicas_core::Variant::Four, deal);
    if replay {
        game = game.retry();
    }
    while let Some(&mv) = game.state().legal_moves().first() {
        game.play(mv).unwrap();
    }
    game
}

/// Records read from JSON may hold any counts that agree with each other,
/// up to `u64::MAX` games: recording one more game overflowed the count
/// ("attempt to add with overflow"; in release it wrapped to 0 games with
/// points, which `Records::from_json` then refused: "record counters
/// disagree").
#[test]
fn records_at_the_largest_counts_record_one_more_game() {
    use canicas_core::Records;
    use std::time::Duration;
    let rules = serde_json::to_string(&canicas_core::Variant::Four.rules()).unwrap();
    let max = u64::MAX;
    let json = format!(
        r#"{{"format":"games.canicas.records","version":2,"entries":[{{"rules":{rules},"best_points":10,"games":{max},"total_points":{max},"total_moves":{max},"replays":{max},"replay_best_points":4}}]}}"#
    );
    let mut records = Records::from_json(&json).unwrap();
    for replay in [false, true] {
        let game = finished_game(3, replay);
        records.finish(&game, Duration::from_secs(1)).unwrap();
    }
    let entry = records.entry(&canicas_core::Variant::Four.rules()).unwrap();
    assert_eq!((entry.games, entry.replays), (max, max));
    assert_eq!(Records::from_json(&records.to_json()).unwrap(), records);
}

/// A state's JSON names its move count; nothing bounded it, so a state read
/// with `"moves": 18446744073709551615` panicked on its next move ("attempt
/// to add with overflow"). Every move deals marbles or removes a line, so a
/// game has made at most as many moves as marbles dealt plus lines removed.
#[test]
fn a_state_with_more_moves_than_marbles_and_lines_is_refused() {
    let mut state = State::new(Rules::FIVE, 8).unwrap();
    for _ in 0..4 {
        let mv = state.legal_moves()[0];
        state.play(mv).unwrap();
    }
    let mut json: serde_json::Value = serde_json::from_str(&state.to_json()).unwrap();
    assert_eq!(State::from_json(&json.to_string()).unwrap(), state);
    let dealt = json["next_marble"].as_u64().unwrap();
    let lines: u64 = json["lines_by_length"]
        .as_array()
        .unwrap()
        .iter()
        .map(|pair| pair[1].as_u64().unwrap())
        .sum();
    json["moves"] = (dealt + lines).into();
    assert!(
        State::from_json(&json.to_string()).is_ok(),
        "the bound itself"
    );
    for moves in [dealt + lines + 1, u64::MAX] {
        json["moves"] = moves.into();
        assert!(
            matches!(
                State::from_json(&json.to_string()),
                Err(StateError::Inconsistent(_))
            ),
            "{moves} moves"
        );
    }
}

/// A checkpoint's header names the games, moves and deaths so far; one
/// naming `u64::MAX` games was read, and the next game panicked on the
/// count ("attempt to add with overflow"). The counts stop at `u64::MAX`.
#[test]
fn a_checkpoint_at_the_largest_counts_trains_on() {
    let config = TrainConfig {
        warmup: 0,
        candidates: 2,
        batch: 2,
        ..TrainConfig::default()
    };
    let t = Trainer::new(SMALL, config).unwrap();
    let bytes = t.to_bytes();
    let mut lines = bytes.splitn(3, |&b| b == b'\n');
    let (magic, header, weights) = (
        lines.next().unwrap(),
        lines.next().unwrap(),
        lines.next().unwrap(),
    );
    let mut json: serde_json::Value = serde_json::from_slice(header).unwrap();
    for field in ["games", "moves", "deaths"] {
        assert_eq!(json[field], 0, "{field}");
        json[field] = u64::MAX.into();
    }
    let mut forged = magic.to_vec();
    forged.push(b'\n');
    forged.extend(json.to_string().bytes());
    forged.push(b'\n');
    forged.extend_from_slice(weights);
    let mut far = Trainer::from_bytes(&forged).unwrap();
    far.play_batch(1); // two games: the second is drawn `games + 1` ahead
    far.play_game();
    assert_eq!((far.games(), far.moves()), (u64::MAX, u64::MAX));
    assert!(Trainer::from_bytes(&far.to_bytes()).is_ok());
}

/// A network is laid out on its own board: one for 5×5 at the leaves of a
/// 9×9 search read past its free-cell table, one for 11×11 on a 5×5 board
/// read past the board's cells (both panicked: "index out of bounds").
/// `hint_with_net` refuses a network that is not for the view's rules,
/// and takes one that is, under either rule for the landing cells.
#[test]
fn a_hint_with_a_network_for_other_rules_is_refused() {
    use canicas_core::ai;
    use games_common::{Budget, CancelFlag};
    let cancel = CancelFlag::new();
    let budget = Budget::nodes(2_000);
    let five = State::new(Rules::FIVE, 3).unwrap().view();
    let small = State::new(SMALL, 3).unwrap().view();
    for (net_rules, view) in [
        (SMALL, &five),
        (
            Rules {
                size: 11,
                ..Rules::FIVE
            },
            &small,
        ),
    ] {
        let net = NTuple::new(net_rules).unwrap();
        assert!(matches!(
            ai::hint_with_net(view, budget, &cancel, &net, 1.0),
            Err(StateError::Inconsistent(_))
        ));
    }
    let net = NTuple::new(Rules::FIVE).unwrap();
    let lines98 = State::new(Rules::FIVE.with_landings_shown(true), 3)
        .unwrap()
        .view();
    for view in [&five, &lines98] {
        let hint = ai::hint_with_net(view, budget, &cancel, &net, 1.0).unwrap();
        assert!(hint.best.is_some());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// "Every bad input gets a typed error, never a panic, and loses
    /// nothing": any move (cells 0 to 255), and any text, on a game part-way
    /// through is played or refused with the game's save as it was.
    #[test]
    fn any_move_is_played_or_refused_with_nothing_lost(
        deal in any::<u64>(),
        plies in 0usize..30,
        from in any::<u8>(),
        to in any::<u8>(),
        text in ".{0,8}",
    ) {
        let mut game = canicas_core::Game::new(SMALL, deal).unwrap();
        let mut rng = games_common::GameRng::from_seed(deal);
        for _ in 0..plies {
            let Some(mv) = game.state().random_move(&mut rng) else { break };
            game.play(mv).unwrap();
        }
        let saved = game.save();
        let mv = canicas_core::Move::new(canicas_core::Cell(from), canicas_core::Cell(to));
        let legal = game.state().legal_moves().contains(&mv);
        let mut g = game.clone();
        match g.play(mv) {
            Ok(_) => prop_assert!(legal),
            Err(e) => {
                let _ = e.to_string();
                prop_assert!(!legal);
                prop_assert_eq!(g.save(), saved.clone());
            }
        }
        let mut g = game.clone();
        if let Ok(mv) = canicas_core::parse_move(&text, SMALL.size) {
            if g.play(mv).is_err() {
                prop_assert_eq!(g.save(), saved.clone());
            }
        }
        // Undo twice: the second is refused and changes nothing.
        let mut g = game;
        if g.undo().is_ok() {
            let once = g.save();
            prop_assert!(g.undo().is_err());
            prop_assert_eq!(g.save(), once);
        }
    }
}

/// `Setup`'s fields are public: a next bar with a colour of 208 or more
/// overflowed the digit it is written as (`b'0' + colour`), so
/// `Setup::to_fen` panicked, and so did `Setup::to_state`, whose error
/// names the bar. A colour that is no digit is written `?`, which
/// `Setup::from_fen` refuses.
#[test]
fn a_setup_with_a_colour_past_the_digits_prints_and_is_refused() {
    use canicas_core::{FenError, Setup};
    let state = State::new(Rules::FIVE, 7).unwrap();
    for colour in [10, 207, 208, 255] {
        let mut setup = state.setup();
        setup.next[0] = colour;
        let fen = setup.to_fen();
        assert!(fen.contains('?'), "{fen}");
        assert!(Setup::from_fen(&fen).is_err(), "{fen}");
        assert!(
            matches!(setup.to_state(), Err(FenError::NextMismatch { .. })),
            "{colour}"
        );
        assert!(setup.view().is_err());
    }
}
