//! Tests of the rules as the spec page states them, and proptests.

use std::time::Duration;

use games_common::{Budget, CancelFlag, GameRng};
use proptest::prelude::*;

use crate::deal::{arrival_colour, arrival_order};
use crate::*;

fn c(name: &str) -> Cell {
    cell_from_name(name, 9).unwrap()
}

fn mv(text: &str) -> Move {
    parse_move(text, 9).unwrap()
}

/// A board from (cell name, colour) pairs.
fn board(marbles: &[(&str, u8)]) -> Board {
    let mut b = Board::empty(9);
    for &(name, colour) in marbles {
        b.set(c(name), colour);
    }
    b
}

/// Every run of `min` or more of one colour on the board.
fn has_line(b: &Board, min: u8) -> bool {
    (0..81).any(|i| !b.lines_through(Cell(i), min).is_empty())
}

#[test]
fn a_new_game_has_five_marbles_and_three_next() {
    // "A game starts with 5 marbles on the board. The "next" bar always shows the 3
    // marbles (their colours) that arrive after a move that removes nothing."
    for deal in 0..50 {
        let s = State::new(Rules::FIVE, deal).unwrap();
        assert_eq!(s.board().marble_count(), 5);
        assert_eq!(s.next_colours().len(), 3);
        assert!(s.next_colours().iter().all(|c| (1..=7).contains(c)));
        assert_eq!(s.next_marble(), 5);
        assert_eq!(s.score(), 0);
        assert!(!s.is_over());
    }
}

#[test]
fn starting_marbles_come_from_the_deal() {
    // The starting marbles are marbles k = 0..5 of the deal: each on the first free
    // cell of its order, with its colour.
    let deal = 99;
    let s = State::new(Rules::FIVE, deal).unwrap();
    let mut expected = Board::empty(9);
    for k in 0..5 {
        let order = arrival_order(deal, k, 7, 81);
        let cell = order.into_iter().find(|c| expected.is_free(*c)).unwrap();
        expected.set(cell, arrival_colour(deal, k, 7));
    }
    assert_eq!(s.board(), &expected);
    let next: Vec<u8> = (5..8).map(|k| arrival_colour(deal, k, 7)).collect();
    assert_eq!(s.next_colours(), &next[..]);
}

#[test]
fn frozen_start_of_deal_one() {
    // A change here changes every deal.
    let s = State::new(Rules::FIVE, 1).unwrap();
    assert_eq!(s.board().to_text(), FROZEN_DEAL_1_BOARD);
    assert_eq!(s.next_colours(), FROZEN_DEAL_1_NEXT);
}

const FROZEN_DEAL_1_BOARD: &str =
    ".6.........................................6............6...3.2..................";
const FROZEN_DEAL_1_NEXT: &[u8] = &[7, 1, 1];

#[test]
fn unreachable_target_is_a_typed_error_that_changes_nothing() {
    // "A cell it cannot reach is an illegal target: the engine says so ..., and the
    // state is unchanged."
    let b = board(&[("a1", 1), ("b1", 2), ("a2", 3), ("e5", 4)]);
    let mut s = State::from_board(Rules::FIVE, 3, b, 5).unwrap();
    let before = s.clone();
    assert_eq!(
        s.play(mv("a1-e6")),
        Err(MoveError::Unreachable {
            from: c("a1"),
            to: c("e6")
        })
    );
    assert_eq!(s, before);
    assert_eq!(s.play(mv("c3-c4")), Err(MoveError::EmptySource(c("c3"))));
    assert_eq!(s.play(mv("e5-b1")), Err(MoveError::TargetTaken(c("b1"))));
    assert_eq!(
        s.play(Move::new(Cell(81), c("a1"))),
        Err(MoveError::OffBoard(Cell(81)))
    );
    assert_eq!(
        s.play(Move::new(c("e5"), Cell(200))),
        Err(MoveError::OffBoard(Cell(200)))
    );
    // The cell is named by its number, not as a Rust value `Cell(200)`.
    assert_eq!(
        MoveError::OffBoard(Cell(200)).to_string(),
        "cell number 200 (from 0, row by row) is off the board"
    );
    assert_eq!(s.play(mv("e5-e5")), Err(MoveError::TargetTaken(c("e5"))));
    assert_eq!(s, before);
    assert!(s.path(c("a1"), c("e6")).is_err());
    // Reachable targets and a shortest path for the animation.
    assert!(s.reachable(c("a1")).is_empty());
    assert_eq!(s.reachable(c("e5")).len(), 81 - 4);
    let path = s.path(c("e5"), c("e9")).unwrap();
    assert_eq!(path, vec![c("e5"), c("e6"), c("e7"), c("e8"), c("e9")]);
}

#[test]
fn a_line_through_the_moved_marble_leaves_and_scores_no_arrivals() {
    // "every line of 5 (or 4) or more marbles of the same colour that passes through
    // the moved marble ... leaves the board." "A move that removes a line brings no
    // new marbles: the player moves again."
    let b = board(&[
        ("a1", 2),
        ("b2", 2),
        ("c3", 2),
        ("d4", 2),
        ("e6", 2),
        ("i9", 5),
    ]);
    let mut s = State::from_board(Rules::FIVE, 8, b, 100).unwrap();
    let next_before = s.next_colours().to_vec();
    let out = s.play(mv("e6-e5")).unwrap();
    assert_eq!(out.lines.len(), 1);
    assert_eq!(out.lines[0].len, 5);
    assert_eq!(out.lines[0].direction, Direction::Diagonal);
    assert_eq!(out.points, 10);
    assert!(out.arrivals.is_empty());
    assert_eq!(s.board().marble_count(), 1);
    assert_eq!(s.score(), 10);
    assert_eq!(s.next_colours(), &next_before[..]);
    assert_eq!(s.lines_by_length(), vec![(5, 1)]);
}

#[test]
fn two_lines_count_separately_and_share_a_marble() {
    // "Two lines formed by one move count separately, and a marble they share counts
    // in both."
    let b = board(&[
        ("a5", 3),
        ("b5", 3),
        ("c5", 3),
        ("d5", 3),
        ("e1", 3),
        ("e2", 3),
        ("e3", 3),
        ("e4", 3),
        ("e9", 3),
        ("i9", 1),
    ]);
    let mut s = State::from_board(Rules::FIVE, 8, b, 100).unwrap();
    let out = s.play(mv("e9-e5")).unwrap();
    assert_eq!(out.lines.len(), 2);
    assert_eq!(out.points, 20);
    assert_eq!(s.removed(), 9);
    assert_eq!(s.board().marble_count(), 1);
    assert_eq!(s.lines_by_length(), vec![(5, 2)]);
}

#[test]
fn longer_lines_score_more_and_lines_not_through_the_moved_marble_stay() {
    // "A line of length n, with minimum m, scores n × (n − m + 1) × 2"
    let b = board(&[
        ("a9", 4),
        ("b9", 4),
        ("c9", 4),
        ("e9", 4),
        ("f9", 4),
        ("g9", 4),
        ("d1", 4),
        ("a1", 6),
        ("b1", 6),
        ("c1", 6),
        ("e1", 6),
        ("f1", 6),
    ]);
    let mut s = State::from_board(Rules::FIVE, 8, b, 100).unwrap();
    let out = s.play(mv("d1-d9")).unwrap();
    assert_eq!(out.points, 42); // a line of 7
    assert_eq!(s.board().marble_count(), 5);
    // Four-variant: a line of 4 is 8, of 5 is 20.
    let b = board(&[("a1", 1), ("b1", 1), ("c1", 1), ("d2", 1), ("i9", 2)]);
    let mut s = State::from_board(Rules::FOUR, 8, b, 100).unwrap();
    assert_eq!(s.play(mv("d2-d1")).unwrap().points, 8);
    let b = board(&[
        ("a1", 1),
        ("b1", 1),
        ("c1", 1),
        ("e1", 1),
        ("d2", 1),
        ("i9", 2),
    ]);
    let mut s = State::from_board(Rules::FOUR, 8, b, 100).unwrap();
    assert_eq!(s.play(mv("d2-d1")).unwrap().points, 20);
}

#[test]
fn a_quiet_move_brings_the_next_bar_and_the_bar_moves_on() {
    // "A move that removes nothing brings the 3 marbles of the "next" bar onto the
    // board, and the bar shows the next 3."
    let mut s = State::new(Rules::FIVE, 5).unwrap();
    let bar = s.next_colours().to_vec();
    let m = s.legal_moves()[0];
    let out = s.play(m).unwrap();
    if out.lines.is_empty() {
        let colours: Vec<u8> = out.arrivals.iter().map(|a| a.colour).collect();
        assert_eq!(colours, bar);
        assert_eq!(
            out.arrivals.iter().map(|a| a.index).collect::<Vec<_>>(),
            vec![5, 6, 7]
        );
        let next: Vec<u8> = (8..11).map(|k| arrival_colour(5, k, 7)).collect();
        assert_eq!(s.next_colours(), &next[..]);
    }
}

#[test]
fn arriving_marbles_that_form_a_line_leave_and_score() {
    // "If marbles that arrive form lines by themselves, those lines leave the board
    // and score too (same formula, lines through any arriving marble, after all
    // arrivals are placed)."
    let deal = 4242;
    let k = 5;
    let colour = arrival_colour(deal, k, 7);
    let land = arrival_order(deal, k, 7, 81)[0];
    let (r, col) = (land.row(9), land.col(9));
    // Four marbles of that colour in the row of the landing cell, next to it.
    let mut b = Board::empty(9);
    let cols: Vec<u8> = if col >= 4 {
        (col - 4..col).collect()
    } else {
        (col + 1..col + 5).collect()
    };
    for cc in &cols {
        b.set(Cell::at(9, r, *cc).unwrap(), colour);
    }
    // A marble of another colour to move, on a free row away from that row.
    let other = if colour == 1 { 2 } else { 1 };
    let row = if r == 0 { 8 } else { 0 };
    b.set(Cell::at(9, row, 0).unwrap(), other);
    let mut s = State::from_board(Rules::FIVE, deal, b, k).unwrap();
    let out = s
        .play(Move::new(
            Cell::at(9, row, 0).unwrap(),
            Cell::at(9, row, 1).unwrap(),
        ))
        .unwrap();
    assert!(out.lines.is_empty());
    assert_eq!(out.arrivals[0].cell, land);
    assert!(out.arrival_lines.iter().any(|l| l.cells().contains(&land)));
    assert!(out.points >= 10);
    assert!(s.board().is_free(land));
    assert!(!has_line(s.board(), 5));
}

/// A full 9×9 board with its colours in a pattern in which no two
/// neighbours (in a row, column or diagonal) share a colour: no line.
fn full_patterned_board() -> Board {
    let mut b = Board::empty(9);
    for i in 0..81u8 {
        let (r, col) = (i / 9, i % 9);
        b.set(Cell(i), 1 + ((r * 3 + col) % 7));
    }
    b
}

#[test]
fn a_full_board_ends_the_game_and_short_arrivals_fill_it() {
    // "The game ends when no cell is free (if fewer cells are free than marbles due,
    // the free cells are filled and the game ends)."
    // A board with two free cells, no lines possible (colours in a pattern).
    let mut b = full_patterned_board();
    b.clear(c("a1"));
    b.clear(c("b1"));
    let mut s = State::from_board(Rules::FIVE, 1, b, 100).unwrap();
    assert!(!has_line(s.board(), 5));
    // c1 moves to b1 and leaves c1 free: two free cells, three marbles due.
    let out = s.play(mv("c1-b1")).unwrap();
    assert!(out.lines.is_empty());
    assert!(out.game_over);
    assert!(s.is_over());
    assert!(s.board().is_full());
    assert_eq!(out.arrivals.len(), 2);
    assert!(s.legal_moves().is_empty());
    assert_eq!(s.clone().play(mv("a1-b1")), Err(MoveError::GameOver));
}

#[test]
fn an_emptied_board_brings_the_next_marbles_at_once() {
    // "If a removal leaves the board empty, the next marbles arrive at once (there
    // would be nothing to move)."
    let b = board(&[("a1", 5), ("b1", 5), ("c1", 5), ("d1", 5), ("e2", 5)]);
    let mut s = State::from_board(Rules::FIVE, 77, b, 5).unwrap();
    let bar = s.next_colours().to_vec();
    let out = s.play(mv("e2-e1")).unwrap();
    assert_eq!(out.lines.len(), 1);
    assert_eq!(
        out.arrivals.iter().map(|a| a.colour).collect::<Vec<_>>(),
        bar
    );
    assert_eq!(s.board().marble_count(), 3);
    assert_eq!(s.next_marble(), 8);
}

#[test]
fn undo_takes_back_one_move_and_the_same_marbles_arrive() {
    // "Only one move can be undone at a time (undo, then another move, then undo
    // again is fine; undo twice in a row is not). After an undo the same marbles
    // arrive."
    let mut g = Game::of_variant(Variant::Five, 31);
    assert_eq!(g.undo(), Err(UndoError::NothingToUndo));
    let s0 = g.state().clone();
    let m1 = g.state().legal_moves()[3];
    let out1 = g.play(m1).unwrap();
    let s1 = g.state().clone();
    let m2 = g.state().legal_moves()[0];
    g.play(m2).unwrap();
    assert_eq!(g.undo(), Ok(m2));
    assert_eq!(g.state(), &s1);
    assert_eq!(g.undo(), Err(UndoError::AlreadyUndone));
    assert!(!g.can_undo());
    let out2 = g.play(m2).unwrap();
    assert!(g.can_undo());
    assert_eq!(g.undo(), Ok(m2));
    assert_eq!(g.play(m2).unwrap(), out2);
    assert_eq!(g.moves(), &[m1, m2]);
    let mut h = Game::of_variant(Variant::Five, 31);
    assert_eq!(h.state(), &s0);
    assert_eq!(h.play(m1).unwrap(), out1);
}

#[test]
fn the_move_that_ended_the_game_can_be_undone_and_the_game_goes_on() {
    // "Undo takes back the last move, including whatever arrived after it
    // and the points it scored": the move that filled the board too. The
    // game is open again and the same marbles arrive after the same move;
    // whether a host allows it once it recorded the game is the host's
    // (the terminal refuses it then).
    let mut g = Game::of_variant(Variant::Five, 7);
    while !g.state().is_over() {
        let first = g.state().legal_moves()[0];
        g.play(first).unwrap();
    }
    let over = g.clone();
    let last = *g.moves().last().unwrap();
    assert!(g.can_undo());
    assert_eq!(g.undo(), Ok(last));
    assert!(!g.state().is_over());
    assert_eq!(g.undo(), Err(UndoError::AlreadyUndone));
    g.play(last).unwrap();
    assert_eq!(g.state(), over.state());
}

#[test]
fn retry_replays_the_deal_and_is_marked() {
    // ""Retry" replays the same deal from the start. A game replayed from a deal
    // records that it was a replay (a replay counts apart in the statistics)."
    let mut g = Game::of_variant(Variant::Four, 12);
    let m = g.state().legal_moves()[0];
    g.play(m).unwrap();
    let r = g.retry();
    assert!(r.is_replay());
    assert!(!g.is_replay());
    assert_eq!(r.state(), Game::of_variant(Variant::Four, 12).state());
    let mut rng = GameRng::from_seed(5);
    let n = g.new_deal(&mut rng);
    assert!(!n.is_replay());
    assert_ne!(n.state().deal(), 12);
}

#[test]
fn summary_and_records_per_variant() {
    // "The end-of-game summary holds: points, moves, lines removed (by length), and
    // whether a new record was set for that variant." "Records per variant, with
    // save/load"
    let mut records = Records::new();
    let mut g = Game::of_variant(Variant::Five, 1);
    let mut rng = GameRng::from_seed(1);
    while !g.state().is_over() {
        let moves = g.state().legal_moves();
        let m = *rng.choose(&moves).unwrap();
        g.play(m).unwrap();
    }
    let s = records.finish(&g, Duration::from_secs(9)).unwrap();
    assert!(s.new_record);
    assert_eq!(s.previous_record, None);
    assert_eq!((s.points, s.moves), (g.state().score(), g.state().moves()));
    assert_eq!(s.lines_by_length, g.state().lines_by_length());
    assert_eq!(s.elapsed, Duration::from_secs(9));
    // The same score again is no new record; a replay never is and counts apart.
    assert!(!records.finish(&g, Duration::ZERO).unwrap().new_record);
    // A replay is recorded once it is over too.
    let mut replay = g.retry();
    let before = records.clone();
    assert_eq!(
        records.finish(&replay, Duration::ZERO),
        Err(FinishError::NotOver)
    );
    assert_eq!(records, before, "a refused game changes nothing");
    for &m in g.moves() {
        replay.play(m).unwrap();
    }
    let sr = records.finish(&replay, Duration::ZERO).unwrap();
    assert!(!sr.new_record && sr.replay);
    let e = records.entry(&Rules::FIVE).unwrap();
    assert_eq!((e.games, e.replays), (2, 1));
    assert_eq!(records.best(Variant::Five), Some(g.state().score()));
    assert_eq!(records.best(Variant::Four), None);
    // The four variant has its own record.
    let mut four = Game::of_variant(Variant::Four, 1);
    while !four.state().is_over() {
        let moves = four.state().legal_moves();
        four.play(*rng.choose(&moves).unwrap()).unwrap();
    }
    assert!(records.finish(&four, Duration::ZERO).unwrap().new_record);
    let json = records.to_json();
    assert!(json.contains("\"version\":2"));
    assert_eq!(Records::from_json(&json).unwrap(), records);
    assert!(Records::from_json("{").is_err());
    let bad = json.replace("\"version\":2", "\"version\":9");
    assert!(Records::from_json(&bad).is_err());
}

#[test]
fn game_save_load_round_trips_and_rejects_tampering() {
    let mut g = Game::of_variant(Variant::Five, 55);
    let mut rng = GameRng::from_seed(2);
    for _ in 0..15 {
        let moves = g.state().legal_moves();
        if moves.is_empty() {
            break;
        }
        g.play(*rng.choose(&moves).unwrap()).unwrap();
    }
    let json = g.to_json();
    let back = Game::from_json(&json).unwrap();
    assert_eq!(back, g);
    g.undo().unwrap();
    let back = Game::from_json(&g.to_json()).unwrap();
    assert_eq!(back, g);
    assert!(!back.can_undo());
    // Tampering.
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let mut bad = v.clone();
    bad["state"]["score"] = serde_json::json!(99999);
    assert!(Game::from_json(&bad.to_string()).is_err());
    let mut bad = v.clone();
    bad["moves"][0] = serde_json::json!("a1-a1");
    assert!(Game::from_json(&bad.to_string()).is_err());
    let mut bad = v.clone();
    bad["deal"] = serde_json::json!(56);
    assert!(Game::from_json(&bad.to_string()).is_err());
    let mut bad = v.clone();
    bad["version"] = serde_json::json!(3);
    assert!(matches!(
        Game::from_json(&bad.to_string()),
        Err(LoadError::State(StateError::Version(3)))
    ));
    let mut bad = v;
    bad["rules"]["size"] = serde_json::json!(40);
    assert!(Game::from_json(&bad.to_string()).is_err());
    assert!(Game::from_json("null").is_err());
}

#[test]
fn a_game_whose_only_move_was_undone_saves_and_loads() {
    // Found by the ffi_canicas_calls fuzz target: one move, undo, save.
    let mut g = Game::of_variant(Variant::Five, 8_174_877_748_607_582_208);
    let mv = g.state().legal_moves()[0];
    g.play(mv).unwrap();
    g.undo().unwrap();
    assert!(g.moves().is_empty());
    let mut back = Game::from_json(&g.to_json()).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.to_json(), g.to_json());
    // The undo is used up in the loaded game too, and the move plays again.
    assert_eq!(back.undo(), Err(UndoError::AlreadyUndone));
    assert!(back.play(mv).is_ok());
    assert!(back.can_undo());
}

#[test]
fn state_load_checks_consistency() {
    let mut s = State::new(Rules::FIVE, 3).unwrap();
    let m = s.legal_moves()[0];
    s.play(m).unwrap();
    let json = s.to_json();
    assert_eq!(State::from_json(&json).unwrap(), s);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    for (field, value) in [
        ("score", serde_json::json!(10)),
        ("landed", serde_json::json!(2)),
        ("board", serde_json::json!("1")),
        ("board", serde_json::json!("1".repeat(81))),
        ("lines_by_length", serde_json::json!([[3, 1]])),
        ("next_marble", serde_json::json!(u64::MAX)),
        ("next_marble", serde_json::json!(0)),
    ] {
        let mut bad = v.clone();
        bad[field] = value;
        assert!(State::from_json(&bad.to_string()).is_err(), "{field}");
    }
    let mut bad = v.clone();
    bad["extra"] = serde_json::json!(1);
    assert!(State::from_json(&bad.to_string()).is_err());
    // "every line of 5 (or 4) or more marbles ... leaves the board": a saved
    // board holding a line is refused, as is an empty board in a game not
    // over ("If a removal leaves the board empty, the next marbles arrive at
    // once").
    let landed = v["landed"].as_u64().unwrap();
    let on_board = landed - v["removed"].as_u64().unwrap();
    let mut with_line = String::from("11111");
    with_line.push_str(&"2".repeat(on_board as usize - 5));
    with_line.push_str(&".".repeat(81 - on_board as usize));
    let mut bad = v.clone();
    bad["board"] = serde_json::json!(with_line);
    assert!(
        matches!(State::from_json(&bad.to_string()), Err(StateError::Inconsistent(m)) if m.contains("line stays")),
    );
    let b = board_from_text(&with_line).unwrap();
    assert!(State::from_board(Rules::FIVE, 3, b, 5).is_err());
    assert!(State::from_board(Rules::FIVE, 3, Board::empty(9), 5).is_err());
}

#[test]
fn apply_on_a_bare_board() {
    let rules = Rules::FIVE;
    // A move forming a line: points, lines, board after removal.
    let text = format!("1111.{}1{}2", ".".repeat(4), ".".repeat(70));
    let out = apply_text(&text, &rules, "a2-e1").unwrap();
    assert!(out.legal && !out.arrivals_needed);
    assert_eq!(out.points, 10);
    assert_eq!(out.lines.len(), 1);
    assert_eq!(out.board.to_text(), format!("{}2", ".".repeat(80)));
    let json: serde_json::Value = serde_json::from_str(&out.to_json()).unwrap();
    assert_eq!(json["legal"], true);
    assert_eq!(json["error"], serde_json::Value::Null);
    assert_eq!(json["lines"][0][0], 5);
    assert_eq!(json["lines"][0][1], "a1");
    assert_eq!(json["board"].as_str().unwrap().len(), 81);
    // A quiet move: arrivals needed, the board as the move left it.
    let text = format!("12{}", ".".repeat(79));
    let out = apply_text(&text, &rules, "a1-a9").unwrap();
    assert!(out.legal && out.arrivals_needed);
    assert_eq!(out.points, 0);
    assert_eq!(out.board.colour(c("a9")), Some(1));
    assert!(out.board.is_free(c("a1")));
    // Illegal moves: legal false, an error, the board unchanged.
    for (m, code) in [
        ("j1-a2", "off-board"),
        ("c3-a2", "empty-source"),
        ("a1-b1", "target-taken"),
        ("zz", "bad-move"),
    ] {
        let out = apply_text(&text, &rules, m).unwrap();
        assert!(!out.legal, "{m}");
        assert!(
            out.error.as_deref().unwrap().starts_with(code),
            "{m}: {:?}",
            out.error
        );
        assert_eq!(out.board.to_text(), text);
    }
    let walled = format!("12{}2{}", ".".repeat(7), ".".repeat(71));
    let out = apply_text(&walled, &rules, "a1-e5").unwrap();
    assert!(out.error.unwrap().starts_with("unreachable"));
    assert!(apply_text("123", &rules, "a1-a2").is_err());
}

#[test]
fn the_ai_gives_a_legal_deterministic_hint() {
    let s = State::new(Rules::FIVE, 17).unwrap();
    let cancel = CancelFlag::new();
    let a = ai::hint(&s.view(), Budget::nodes(40), &cancel);
    let b = ai::hint(&s.view(), Budget::nodes(40), &cancel);
    assert_eq!(a.best, b.best);
    assert!(s.check(a.best.unwrap()).is_ok());
    assert_eq!(a.stats.nodes, 40);
    // A cancelled search still answers with a legal move.
    cancel.cancel();
    let h = ai::hint(&s.view(), Budget::UNLIMITED, &cancel);
    assert!(s.check(h.best.unwrap()).is_ok());
    // It takes a line when one is there.
    let b = board(&[
        ("a1", 2),
        ("b1", 2),
        ("c1", 2),
        ("d1", 2),
        ("i9", 2),
        ("e5", 3),
    ]);
    let s = State::from_board(Rules::FIVE, 8, b, 100).unwrap();
    let h = ai::hint(&s.view(), Budget::nodes(30), &CancelFlag::new());
    assert_eq!(h.best.map(|m| m.to), Some(c("e1")));
    // No move on a full board.
    let full = board_from_text(&"1234567".repeat(12)[..81]).unwrap();
    let v = ai::View::new(Rules::FIVE, full, &[1, 2, 3]).unwrap();
    assert_eq!(
        ai::hint(&v, Budget::nodes(10), &CancelFlag::new()).best,
        None
    );
    // Views are checked.
    assert!(ai::View::new(Rules::FIVE, Board::empty(7), &[1]).is_err());
    assert!(ai::View::new(Rules::FIVE, full, &[8, 1, 1]).is_err());
    assert!(ai::View::new(
        Rules {
            colours: 3,
            ..Rules::FIVE
        },
        full,
        &[1, 1, 1]
    )
    .is_err());
}

/// "The 'next' bar always shows the 3 marbles (their colours) that arrive
/// after a move that removes nothing": a bare view takes a bar of exactly
/// `Rules::arrivals` colours and refuses any other length.
#[test]
fn a_view_takes_one_colour_per_arrival_in_its_bar() {
    let s = State::new(Rules::FIVE, 3).unwrap();
    let board = *s.board();
    let view = ai::View::new(Rules::FIVE, board, &[1, 2, 3]).unwrap();
    assert_eq!(view.next(), &[1, 2, 3]);
    for next in [
        &[][..],
        &[1][..],
        &[1, 2][..],
        &[1, 2, 3, 4][..],
        &[1; 8][..],
        &[1; 9][..],
    ] {
        assert!(
            matches!(
                ai::View::new(Rules::FIVE, board, next),
                Err(StateError::Inconsistent(_))
            ),
            "a bar of {} colours",
            next.len()
        );
    }
    // Other rules, other bars: two arrivals take two colours.
    let two = Rules {
        arrivals: 2,
        ..Rules::FIVE
    };
    assert!(ai::View::new(two, board, &[4, 5]).is_ok());
    assert!(ai::View::new(two, board, &[4, 5, 6]).is_err());
}

#[test]
fn arena_reports_moves_points_and_deaths() {
    let r = arena(
        Rules::FIVE,
        1..3,
        6,
        Budget::nodes(12),
        &CancelFlag::new(),
        &|_, _| {},
    )
    .unwrap();
    assert_eq!(r.games, 2);
    assert_eq!(r.moves, 12);
    assert_eq!(r.deaths, 0);
    assert_eq!(r.per_game.len(), 2);
    // Played on several threads, reported in deal order, each game as when
    // played alone.
    let deals = [9, 4, 7];
    let r = arena(
        Rules::FIVE,
        deals,
        3,
        Budget::nodes(6),
        &CancelFlag::new(),
        &|_, _| {},
    )
    .unwrap();
    let order: Vec<u64> = r.per_game.iter().map(|g| g.deal).collect();
    assert_eq!(order, deals);
    // The same report on the calling thread alone and on three threads.
    for threads in [0, 1, 3] {
        let t = arena_threads(
            Rules::FIVE,
            deals,
            3,
            Budget::nodes(6),
            threads,
            &CancelFlag::new(),
            &|_, _| {},
        )
        .unwrap();
        assert_eq!(t.per_game, r.per_game, "{threads} threads");
    }
    for g in &r.per_game {
        let mut s = State::new(Rules::FIVE, g.deal).unwrap();
        let alone = ai::autoplay(&mut s, Budget::nodes(6), 3, &CancelFlag::new());
        assert_eq!((alone.moves, alone.points), (g.moves, g.points));
    }
}

#[test]
fn arena_takes_any_range_of_deals_and_stops_when_cancelled() {
    // Every 64-bit deal (as many as an arena can count): the deals are
    // taken one at a time, so the run costs only the games played; the
    // cancel flag ends it.
    let cancel = CancelFlag::new();
    let r = arena_threads(
        Rules::FIVE,
        0..=u64::MAX,
        2,
        Budget::nodes(1),
        1,
        &cancel,
        &|done, total| {
            assert_eq!(total, u32::MAX);
            if done == 3 {
                cancel.cancel();
            }
        },
    )
    .unwrap();
    assert!(r.cancelled);
    assert_eq!(r.games, 3);
    // The games reported are the first deals, in order.
    let deals: Vec<u64> = r.per_game.iter().map(|g| g.deal).collect();
    assert_eq!(deals, [0, 1, 2]);
    // The last deals of the range are where a range says.
    let top = Deals::from(u64::MAX - 1..=u64::MAX);
    assert_eq!(
        (top.count(), top.get(1), top.get(2)),
        (2, Some(u64::MAX), None)
    );
    assert_eq!(Deals::from(5..5).count(), 0);
}

#[test]
fn an_arena_with_bad_rules_is_a_typed_error() {
    let bad = Rules {
        colours: 0,
        ..Rules::FIVE
    };
    let r = arena(
        bad,
        1..3,
        2,
        Budget::nodes(1),
        &CancelFlag::new(),
        &|_, _| {},
    );
    assert!(matches!(r, Err(ArenaError::Rules(_))), "{r:?}");
}

#[test]
fn an_arena_cancelled_before_it_starts_plays_nothing_whatever_the_threads() {
    let cancel = CancelFlag::new();
    cancel.cancel();
    let r = arena_threads(
        Rules::FIVE,
        0..=u64::MAX,
        2,
        Budget::nodes(1),
        usize::MAX,
        &cancel,
        &|_, _| {},
    )
    .unwrap();
    assert!(r.cancelled);
    assert_eq!(r.games, 0);
    // And a short range on "every thread there is" plays each deal once.
    let r = arena_threads(
        Rules::FIVE,
        1..3,
        3,
        Budget::nodes(6),
        usize::MAX,
        &CancelFlag::new(),
        &|_, _| {},
    )
    .unwrap();
    let deals: Vec<u64> = r.per_game.iter().map(|g| g.deal).collect();
    assert_eq!(deals, [1, 2]);
}

#[test]
fn random_moves_are_legal() {
    let mut rng = GameRng::from_seed(3);
    let mut s = State::new(Rules::FIVE, 9).unwrap();
    while let Some(m) = s.random_move(&mut rng) {
        assert!(s.legal_moves().contains(&m));
        s.play_quiet(m).unwrap();
    }
    assert!(s.is_over());
    let r = arena(
        Rules::FOUR,
        [5, 6],
        3,
        Budget::nodes(6),
        &CancelFlag::new(),
        &|_, _| {},
    )
    .unwrap();
    assert_eq!((r.games, r.moves), (2, 6));
}

fn random_game(deal: u64, seed: u64, max: usize, rules: Rules) -> (Game, Vec<MoveOutcome>) {
    let mut g = Game::new(rules, deal).unwrap();
    let mut rng = GameRng::from_seed(seed);
    let mut outs = Vec::new();
    for _ in 0..max {
        let moves = g.state().legal_moves();
        let Some(&m) = rng.choose(&moves) else { break };
        outs.push(g.play(m).unwrap());
    }
    (g, outs)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn invariants_hold_over_random_games(deal: u64, seed: u64, four: bool) {
        let rules = if four { Rules::FOUR } else { Rules::FIVE };
        let mut g = Game::new(rules, deal).unwrap();
        let mut rng = GameRng::from_seed(seed);
        for _ in 0..60 {
            let moves = g.state().legal_moves();
            let Some(&m) = rng.choose(&moves) else { break };
            // Paths only cross free cells, step by step.
            let path = g.state().path(m.from, m.to).unwrap();
            prop_assert_eq!(path[0], m.from);
            prop_assert_eq!(*path.last().unwrap(), m.to);
            for w in path.windows(2) {
                let d = (i32::from(w[0].row(9)) - i32::from(w[1].row(9))).abs()
                    + (i32::from(w[0].col(9)) - i32::from(w[1].col(9))).abs();
                prop_assert_eq!(d, 1);
                prop_assert!(g.state().board().is_free(w[1]));
            }
            let before = g.state().clone();
            let out = g.play(m).unwrap();
            let s = g.state();
            // Marble count = start + arrivals − removed.
            prop_assert_eq!(u64::from(s.board().marble_count()), s.landed() - s.removed());
            // A line never stays on the board after a move.
            prop_assert!(!has_line(s.board(), rules.min_line), "{}\n{:?} over {}", s.board().to_pretty(), out, s.is_over());
            // Score = the points of the lines.
            let from_lines: u64 = s.lines_by_length().iter().map(|&(l, n)| n * u64::from(rules.line_points(l))).sum();
            prop_assert_eq!(from_lines, s.score());
            prop_assert_eq!(s.score(), before.score() + out.points);
            // Undo restores exactly and the same arrivals follow.
            let after = s.clone();
            g.undo().unwrap();
            prop_assert_eq!(g.state(), &before);
            let again = g.play(m).unwrap();
            prop_assert_eq!(&again, &out);
            prop_assert_eq!(g.state(), &after);
        }
        // Serde round-trips.
        let back = Game::from_json(&g.to_json()).unwrap();
        prop_assert_eq!(&back, &g);
        let back: Game = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
        prop_assert_eq!(&back, &g);
        let sj = serde_json::to_string(g.state()).unwrap();
        let s2: State = serde_json::from_str(&sj).unwrap();
        prop_assert_eq!(&s2, g.state());
        let bj = serde_json::to_string(g.state().board()).unwrap();
        prop_assert_eq!(&serde_json::from_str::<Board>(&bj).unwrap(), g.state().board());
    }

    #[test]
    fn saves_load_after_any_sequence_of_moves_and_undos(deal: u64, actions in proptest::collection::vec(0u8..4, 0..40)) {
        // Save and load are exact inverses after every action, an undo of
        // the first move included.
        let mut g = Game::new(Rules::FIVE, deal).unwrap();
        let mut rng = GameRng::from_seed(deal ^ 1);
        for a in actions {
            if a == 0 {
                let _ = g.undo();
            } else {
                let moves = g.state().legal_moves();
                let Some(&m) = rng.choose(&moves) else { break };
                g.play(m).unwrap();
            }
            let text = g.save();
            let back = Game::load(&text).unwrap();
            prop_assert_eq!(&back, &g);
            prop_assert_eq!(back.save(), text, "save after load gives the same text");
            prop_assert_eq!(back.can_undo(), g.can_undo());
        }
    }

    #[test]
    fn the_same_deal_and_moves_give_the_same_game(deal: u64, seed: u64) {
        let (a, outs_a) = random_game(deal, seed, 40, Rules::FIVE);
        let (b, outs_b) = random_game(deal, seed, 40, Rules::FIVE);
        prop_assert_eq!(a, b);
        prop_assert_eq!(outs_a, outs_b);
    }

    #[test]
    fn legal_moves_are_exactly_the_accepted_moves(deal: u64, seed: u64, from in 0u8..81, to in 0u8..81) {
        let (g, _) = random_game(deal, seed, 12, Rules::FIVE);
        let s = g.state();
        let m = Move::new(Cell(from), Cell(to));
        let listed = s.legal_moves().contains(&m);
        let mut t = s.clone();
        match t.play(m) {
            Ok(_) => prop_assert!(listed),
            Err(_) => {
                prop_assert!(!listed);
                prop_assert_eq!(&t, s);
            }
        }
        prop_assert_eq!(s.reachable(Cell(from)).contains(&Cell(to)), listed);
    }

    #[test]
    fn random_games_terminate(deal: u64, seed: u64) {
        let (g, _) = random_game(deal, seed, 2000, Rules::FIVE);
        prop_assert!(g.state().is_over());
    }

    #[test]
    fn parsers_never_panic(text in ".{0,100}") {
        let _ = board_from_text(&text);
        let _ = parse_move(&text, 9);
        let _ = State::from_json(&text);
        let _ = Game::from_json(&text);
        let _ = Records::from_json(&text);
        let _ = apply_text(&text, &Rules::FIVE, &text);
    }
}

#[test]
fn starting_marbles_in_a_line_are_removed_and_scored() {
    // "Starting marbles that happen to form a line are removed and scored like
    // arrivals." On a 3×3 board with one colour and lines of 2, two starting
    // marbles form a line whenever they touch (also diagonally).
    let rules = Rules {
        size: 3,
        colours: 1,
        min_line: 2,
        arrivals: 1,
        start: 2,
        landings_shown: false,
    };
    let mut scored = 0;
    for deal in 0..40 {
        let s = State::new(rules, deal).unwrap();
        assert!(!has_line_n(s.board(), 2));
        let from_lines: u64 = s
            .lines_by_length()
            .iter()
            .map(|&(l, n)| n * u64::from(rules.line_points(l)))
            .sum();
        assert_eq!(s.score(), from_lines);
        assert_eq!(
            u64::from(s.board().marble_count()),
            s.landed() - s.removed()
        );
        if s.score() > 0 {
            scored += 1;
        }
    }
    assert!(scored > 0);
}

fn has_line_n(b: &Board, min: u8) -> bool {
    (0..b.cell_count() as u8).any(|i| !b.lines_through(Cell(i), min).is_empty())
}

#[test]
fn state_types_are_send() {
    fn send<T: Send + Sync>() {}
    send::<State>();
    send::<Game>();
    send::<Records>();
    send::<ai::View>();
    send::<Board>();
}

/// Finished games of random play under `rules`: `with_free` that ended
/// with free cells (the last marbles did not all fit and formed a line),
/// then `full` that ended on a full board, from deal 0 on.
fn finished_games(rules: Rules, with_free: usize, full: usize) -> Vec<State> {
    let mut rng = GameRng::from_seed(1);
    let (mut free_games, mut full_games) = (Vec::new(), Vec::new());
    for deal in 0..100_000u64 {
        let mut s = State::new(rules, deal).unwrap();
        while let Some(m) = s.random_move(&mut rng) {
            s.play_quiet(m).unwrap();
        }
        assert!(s.is_over());
        if s.board().is_full() {
            if full_games.len() < full {
                full_games.push(s);
            }
        } else if free_games.len() < with_free {
            free_games.push(s);
        }
        if free_games.len() == with_free && full_games.len() == full {
            break;
        }
    }
    assert_eq!(free_games.len(), with_free, "{rules:?}");
    free_games.extend(full_games);
    free_games
}

/// "The game ends when no cell is free (if fewer cells are free than
/// marbles due, the free cells are filled and the game ends)": a saved game
/// over with free cells loads only when its last lines could have freed
/// them (at least a line of free cells, and as many marbles removed).
#[test]
fn a_saved_game_over_must_have_ended_by_the_rules() {
    // A real end with free cells loads as it was.
    for s in finished_games(Rules::FOUR, 2, 1) {
        assert_eq!(State::from_json(&s.to_json()).unwrap(), s);
    }
    // A new game said to be over: 76 free cells and no marble ever removed.
    let json = State::new(Rules::FIVE, 1).unwrap().to_json();
    assert!(json.contains("\"over\":false"));
    let forged = json.replace("\"over\":false", "\"over\":true");
    assert!(matches!(
        State::from_json(&forged),
        Err(StateError::Inconsistent(m)) if m.contains("did not free")
    ));
    // A game on with lines removed, but fewer marbles than its free cells.
    let mut s = State::new(Rules::FOUR, 2).unwrap();
    let mut rng = GameRng::from_seed(2);
    while s.removed() == 0 {
        s.play_quiet(s.random_move(&mut rng).unwrap()).unwrap();
    }
    assert!(!s.is_over());
    assert!(s.removed() < u64::from(s.board().free_count()));
    let forged = s.to_json().replace("\"over\":false", "\"over\":true");
    assert!(State::from_json(&forged).is_err());
    // Two free cells: fewer than a line of five frees. The same board full
    // loads as over.
    let mut b = full_patterned_board();
    let full = State::from_board(Rules::FIVE, 1, b, 81).unwrap();
    assert!(full.is_over());
    assert_eq!(State::from_json(&full.to_json()).unwrap(), full);
    b.clear(c("a1"));
    b.clear(c("b1"));
    let s = State::from_board(Rules::FIVE, 1, b, 90).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&s.to_json()).unwrap();
    v["over"] = serde_json::json!(true);
    // Even with the counters of a game that removed marbles.
    v["landed"] = serde_json::json!(89);
    v["removed"] = serde_json::json!(10);
    v["lines_by_length"] = serde_json::json!([[5, 2]]);
    v["score"] = serde_json::json!(20);
    assert_eq!(
        State::from_json(&v.to_string()),
        Err(StateError::OverWithFreeCells {
            free: 2,
            min_line: 5
        })
    );
    v["over"] = serde_json::json!(false);
    assert!(State::from_json(&v.to_string()).is_ok());
}

/// "The game ends when no cell is free (if fewer cells are free than
/// marbles due, the free cells are filled and the game ends)": lines the
/// last marbles form still leave, so a game can end with free cells. A
/// finished game, with free cells or not, reads back from its position
/// string finished, with its board, score and next bar, with and without
/// the deal, under both variants and both rules.
#[test]
fn a_finished_game_survives_its_position_string() {
    for base in [Rules::FIVE, Rules::FOUR] {
        for rules in [base, base.with_landings_shown(true)] {
            let games = finished_games(rules, 3, 2);
            assert!(games.iter().any(|s| !s.board().is_full()));
            for s in games {
                let fen = s.to_fen();
                let fields: Vec<&str> = fen.split_whitespace().collect();
                assert_eq!((fields.len(), fields[6]), (7, "over"), "{fen}");
                if rules.landings_shown {
                    assert!(fields[1].ends_with('@'), "no landing cells: {fen}");
                }
                let setup = Setup::from_fen(&fen).unwrap();
                assert_eq!(setup, s.setup());
                assert_eq!(setup.to_fen(), fen);
                let back = setup.to_state().unwrap().unwrap();
                assert!(back.is_over(), "{fen}");
                assert_eq!(back.board(), s.board());
                assert_eq!(back.score(), s.score());
                assert_eq!(back.next_colours(), s.next_colours());
                assert!(back.legal_moves().is_empty());
                assert_eq!(back.to_fen(), fen);
                // Without the deal: five fields, over all the same.
                let bare = Setup {
                    deal: None,
                    ..setup
                };
                let text = bare.to_fen();
                assert_eq!(text.split_whitespace().count(), 5);
                let read = Setup::from_fen(&text).unwrap();
                assert!(read.is_over());
                assert_eq!(read, bare);
                assert_eq!(read.view().unwrap(), s.view());
            }
        }
    }
    // A game on writes no `over` (4 or 6 fields, as before the field).
    let on = State::new(Rules::FIVE, 7).unwrap();
    assert_eq!(on.to_fen().split_whitespace().count(), 6);
    assert!(!Setup::from_fen(&on.to_fen()).unwrap().is_over());
}

/// A finished board that is not full had its free cells freed by the last
/// lines, so it has at least the rules' minimum line of them; `over` on a
/// board with fewer is refused, and so are landing cells shown for a
/// finished game or a misplaced `over`.
#[test]
fn over_on_a_board_that_cannot_have_ended_so_is_refused() {
    // Colours in a pattern: no line anywhere; two free cells.
    let mut b = full_patterned_board();
    let full = b.to_text();
    b.clear(c("a1"));
    b.clear(c("b1"));
    let two_free = b.to_text();
    let end = StateError::OverWithFreeCells {
        free: 2,
        min_line: 5,
    };
    // The next bar of deal 1 at marble 90.
    let bar: String = State::from_board(Rules::FIVE, 1, board_from_text(&full).unwrap(), 90)
        .unwrap()
        .next_colours()
        .iter()
        .map(|d| char::from(b'0' + d))
        .collect();
    for (next, rest) in [("123", " over"), (bar.as_str(), " 1 90 over")] {
        let text = format!("{two_free} {next} five 0{rest}");
        assert_eq!(
            Setup::from_fen(&text),
            Err(FenError::State(end.clone())),
            "{text}"
        );
        // The same board without `over` is a game on; full, it is over
        // with or without the field.
        let on = Setup::from_fen(&text.replace(" over", "")).unwrap();
        assert!(!on.is_over());
        let text = format!("{full} {next} five 0{rest}");
        assert!(Setup::from_fen(&text).unwrap().is_over());
        assert!(Setup::from_fen(&text.replace(" over", ""))
            .unwrap()
            .is_over());
    }
    // Under four in a row, four free cells are a line's worth: read as over.
    b.clear(c("c1"));
    b.clear(c("d1"));
    let four_free = b.to_text();
    let s = Setup::from_fen(&format!("{four_free} 123 four 8 over")).unwrap();
    assert!(s.is_over());
    assert!(matches!(
        Setup::from_fen(&format!("{four_free} 123 five 8 over")),
        Err(FenError::State(StateError::OverWithFreeCells {
            free: 4,
            ..
        }))
    ));
    // A finished Lines 98 game shows no landing cells.
    let shown = format!("{four_free} 123@a1,b1,c1 four+lines98 8 over");
    assert!(matches!(
        Setup::from_fen(&shown),
        Err(FenError::Landings { .. })
    ));
    assert!(Setup::from_fen(&format!("{four_free} 123@ four+lines98 8 over")).is_ok());
    // `over` is the last field, once.
    for text in [
        format!("{four_free} 123 four 8 over over"),
        format!("{four_free} 123 four 8 over 1 90"),
        format!("{four_free} 123 four 8 1 90 over x"),
        format!("{four_free} 123 four 8 1"),
    ] {
        assert!(
            matches!(
                Setup::from_fen(&text),
                Err(FenError::Fields(_) | FenError::Number(_))
            ),
            "{text}"
        );
    }
}

/// A state read from a position string carries its score in without the
/// lines that scored it, and, when finished, free cells its unknown lines
/// freed. Its JSON records the carried points, so `to_json` and `from_json`
/// are inverses for it as for a played state ("serialize/deserialize as
/// exact inverses"), and it plays on and saves again. A plain save has no
/// `carried` field, and one whose carried points do not add up is refused.
#[test]
fn a_state_read_from_a_position_string_saves_and_loads_back() {
    for base in [Rules::FIVE, Rules::FOUR] {
        for rules in [base, base.with_landings_shown(true)] {
            let mut rng = GameRng::from_seed(7);
            let mut states = finished_games(rules, 2, 1);
            // And games in progress with points.
            let mut deal = 0;
            while states.len() < 6 {
                let mut s = State::new(rules, deal).unwrap();
                deal += 1;
                while s.score() == 0 && !s.is_over() {
                    let m = s.random_move(&mut rng).unwrap();
                    s.play_quiet(m).unwrap();
                }
                if !s.is_over() {
                    states.push(s);
                }
            }
            for s in states {
                assert!(!s.to_json().contains("carried"), "a plain save");
                let back = Setup::from_fen(&s.to_fen())
                    .unwrap()
                    .to_state()
                    .unwrap()
                    .unwrap();
                let json = back.to_json();
                let loaded = State::from_json(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
                assert_eq!(loaded, back);
                assert_eq!(loaded.score(), s.score());
                assert_eq!(loaded.is_over(), s.is_over());
                if !loaded.is_over() {
                    // It plays on, and the points add to the carried ones.
                    let mut on = loaded.clone();
                    while on.score() == s.score() && !on.is_over() {
                        let m = on.random_move(&mut rng).unwrap();
                        on.play_quiet(m).unwrap();
                    }
                    assert_eq!(State::from_json(&on.to_json()).unwrap(), on);
                }
                // Carried points that do not add up are refused.
                let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
                v["carried"] = serde_json::json!(s.score() + 1);
                assert!(matches!(
                    State::from_json(&v.to_string()),
                    Err(StateError::Inconsistent(_))
                ));
            }
        }
    }
}

/// Every marble on the board was dealt before the next one, so a position
/// string whose next marble's number is below the marbles on its board (or
/// the starting marbles) is no game: it is refused, where it read as a state
/// whose JSON did not load back ("more marbles landed than were dealt").
/// Found by the `position_strings` fuzz target.
#[test]
fn a_position_cannot_have_more_marbles_than_were_dealt() {
    let start = State::new(Rules::FIVE, 711).unwrap();
    let fen = start.to_fen();
    let fields: Vec<&str> = fen.split_whitespace().collect();
    // Fifteen marbles on the board, the next marble number 5.
    let text = fields[0]
        .replacen("......", "123456", 1)
        .replacen("....", "7123", 1);
    let board = board_from_text(&text).unwrap();
    assert_eq!(board.marble_count(), 15);
    let fen = format!("{text} {} five 0 711 5", fields[1]);
    assert!(matches!(
        Setup::from_fen(&fen),
        Err(FenError::State(StateError::Inconsistent(_)))
    ));
    assert!(State::from_board(Rules::FIVE, 711, board, 14).is_err());
    assert!(State::from_board(Rules::FIVE, 1, *start.board(), 4).is_err());
    // From marble 15 on, the same board is a game, and its JSON loads back.
    let s = State::from_board(Rules::FIVE, 711, board, 15).unwrap();
    let back = Setup::from_fen(&s.to_fen())
        .unwrap()
        .to_state()
        .unwrap()
        .unwrap();
    assert_eq!(State::from_json(&back.to_json()).unwrap(), back);
}
