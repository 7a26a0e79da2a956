//! The `games` command, run as a real child process.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn games(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_games"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start games");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("games runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The command's standard output read as one JSON value.
fn json(out: &Output) -> serde_json::Value {
    serde_json::from_str(stdout(out).trim()).expect("the output is JSON")
}

#[test]
fn solve_nim_json_lists_every_winning_move_with_rows_from_one() {
    let out = games(&["solve", "nim", "--rows", "3,4,5", "--json"], "");
    assert!(out.status.success());
    assert_eq!(
        stdout(&out).trim(),
        r#"{"mover_wins":true,"winning_moves":[{"row":1,"take":2}]}"#
    );

    let out = games(&["solve", "nim", "--rows", "1,1", "--json"], "");
    assert_eq!(
        stdout(&out).trim(),
        r#"{"mover_wins":false,"winning_moves":[]}"#
    );

    // Misère: with only single circles, the mover wants to leave an odd count.
    let out = games(
        &["solve", "nim", "--rows", "1,1,0", "--misere", "--json"],
        "",
    );
    assert_eq!(
        stdout(&out).trim(),
        r#"{"mover_wins":true,"winning_moves":[{"row":1,"take":1},{"row":2,"take":1}]}"#
    );
    // 2 ^ 3 ^ 7 = 6: only the row of 7 can be brought to a nim-sum of 0 (7 ^ 6 = 1).
    let out = games(&["solve", "nim", "--rows", "2,3,7", "--json"], "");
    assert_eq!(
        stdout(&out).trim(),
        r#"{"mover_wins":true,"winning_moves":[{"row":3,"take":6}]}"#
    );
}

#[test]
fn bad_rows_are_a_clear_error() {
    for rows in ["3,x", "", "70000", &"1,".repeat(33)] {
        let out = games(&["solve", "nim", "--rows", rows, "--json"], "");
        assert!(!out.status.success(), "{rows}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("games: "), "{err}");
    }
}

#[test]
fn arena_hard_beats_easy_every_game() {
    let out = games(
        &[
            "arena", "nim", "--a", "hard", "--b", "easy", "--games", "200", "--seed", "1", "--json",
        ],
        "",
    );
    assert!(out.status.success());
    let v = json(&out);
    // 3-4-5 is a first-player win: Hard wins as first by perfect play, and as second
    // as soon as Easy leaves a winning position (almost always).
    assert_eq!(v["games"], 200);
    assert_eq!(v["a"]["wins_moving_first"], 100);
    assert!(v["a"]["wins"].as_u64().unwrap() >= 190, "{v}");
    assert_eq!(
        v["a"]["wins"].as_u64().unwrap() + v["b"]["wins"].as_u64().unwrap(),
        200
    );

    let text = stdout(&games(
        &[
            "arena", "nim", "--a", "hard", "--b", "hard", "--games", "10",
        ],
        "",
    ));
    assert!(text.contains("A (hard  )      5 wins"), "{text}");
}

#[test]
fn play_against_the_ai_to_the_end() {
    // A naive human: one circle from the first non-empty row, with some junk.
    let mut script = String::from("hello\n0 1\n1 0\nhint\nhelp\n");
    for _ in 0..12 {
        script.push_str("1 1\n2 1\n3 1\n");
    }
    let out = games(&["play", "nim", "--level", "hard", "--seed", "3"], &script);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("Type two numbers"), "{text}");
    assert!(text.contains("Rows are numbered from 1"), "{text}");
    assert!(
        text.contains("Illegal move: you must cross out at least one circle"),
        "{text}"
    );
    assert!(
        text.contains("Hint: cross out 2 from row 1: it wins."),
        "{text}"
    );
    assert!(text.contains("The AI won round 1."), "{text}");
    assert!(text.contains("Game over."), "{text}");
    // The rows are shown after every move, zeros included.
    assert!(text.contains("[0 left]"), "{text}");
}

#[test]
fn two_players_on_one_screen_with_undo() {
    let script = "3 5\nundo\n3 5\n2 4\n1 3\n";
    let out = games(&["play", "nim", "--two-players"], script);
    let text = stdout(&out);
    assert!(text.contains("player 1 to move>"), "{text}");
    assert!(text.contains("player 2 to move>"), "{text}");
    assert!(text.contains("player 1 won round 1."), "{text}");
}

#[test]
fn a_match_alternates_the_first_turn() {
    // Two rounds of a one-circle board: whoever moves first takes it and wins.
    let out = games(
        &[
            "play",
            "nim",
            "--two-players",
            "--rows",
            "1",
            "--rounds",
            "2",
        ],
        "1 1\n1 1\n",
    );
    let text = stdout(&out);
    assert!(text.contains("player 1 won round 1."), "{text}");
    assert!(text.contains("player 2 won round 2."), "{text}");
    assert!(text.contains("The match is shared."), "{text}");
}

#[test]
fn every_subcommand_has_help() {
    for args in [
        vec!["--help"],
        vec!["play", "--help"],
        vec!["play", "nim", "--help"],
        vec!["arena", "nim", "--help"],
        vec!["solve", "nim", "--help"],
        vec!["play", "timbiriche", "--help"],
        vec!["arena", "timbiriche", "--help"],
        vec!["solve", "timbiriche", "--help"],
        vec!["engine", "nim", "--help"],
        vec!["canicas", "apply", "--help"],
        vec!["arena", "canicas", "--help"],
        vec!["play", "canicas", "--help"],
        vec!["moves", "backgammon", "--help"],
        vec!["engine", "backgammon", "--help"],
        vec!["arena", "backgammon", "--help"],
        vec!["play", "backgammon", "--help"],
    ] {
        let out = games(&args, "");
        assert!(out.status.success(), "{args:?}");
        assert!(stdout(&out).contains("Usage"), "{args:?}");
    }
    let out = games(&["solve", "nim", "--help"], "");
    assert!(stdout(&out).contains("--json"));
    let out = games(&["arena", "nim", "--help"], "");
    assert!(stdout(&out).contains("--json"));
}

#[test]
fn solve_timbiriche_prints_the_value_and_every_optimal_move() {
    // 2×2 is +2 for the player to move, and only the 8 outer lines keep it.
    let out = games(&["solve", "timbiriche", "--size", "2x2", "--json"], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["value"], 2);
    assert_eq!(v["complete"], true);
    let moves: Vec<&str> = v["best_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(
        moves,
        ["a1-b1", "b1-c1", "a3-b3", "b3-c3", "a1-a2", "c1-c2", "a2-a3", "c2-c3"]
    );
    assert!(v["nodes"].as_u64().unwrap() > 0);
    assert!(v["seconds"].as_f64().is_some());

    // 1×1 with three sides drawn: the mover takes the box, +1; either order of dots parses.
    let out = games(
        &[
            "solve",
            "timbiriche",
            "--size",
            "1x1",
            "--lines",
            "b1-a1,a1-a2,b1-b2",
            "--json",
        ],
        "",
    );
    let v = json(&out);
    assert_eq!(v["value"], 1);
    assert_eq!(v["best_moves"], serde_json::json!(["a2-b2"]));
    // Misère: taking it is the only move and costs the mover a point.
    let out = games(
        &[
            "solve",
            "timbiriche",
            "--size",
            "1x1",
            "--lines",
            "a1-b1,a1-a2,b1-b2",
            "--misere",
            "--json",
        ],
        "",
    );
    let v = json(&out);
    assert_eq!(v["value"], -1);
}

#[test]
fn solve_timbiriche_takes_a_table_size_and_refuses_a_bad_one() {
    // 2×3 (−2) with a 1 MB table (65,536 entries): the same value, and the size is reported.
    let args: Vec<&str> = "solve timbiriche --size 2x3 --memory 1 --json"
        .split(' ')
        .collect();
    let out = games(&args, "");
    assert!(out.status.success(), "{:?}", out.stderr);
    let v = json(&out);
    assert_eq!(v["value"], -2);
    assert_eq!(v["table_mb"], 1);
    // Progress goes to stderr only when it is a terminal: not here.
    assert!(out.stderr.is_empty());
    for bad in ["0", "2.5", "lots", "99999999"] {
        let out = games(
            &["solve", "timbiriche", "--size", "2x2", "--memory", bad],
            "",
        );
        assert!(!out.status.success(), "{bad}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("table size"),
            "{bad}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn solve_timbiriche_refuses_bad_lines() {
    for lines in ["a1-b2", "a1-c1", "z9-z8", "a1-b1,a1-b1", "junk"] {
        let out = games(
            &[
                "solve",
                "timbiriche",
                "--size",
                "2x2",
                "--lines",
                lines,
                "--json",
            ],
            "",
        );
        assert!(!out.status.success(), "{lines}");
        assert!(String::from_utf8_lossy(&out.stderr).starts_with("games: "));
    }
}

#[test]
fn arena_timbiriche_counts_every_game() {
    let out = games(
        &[
            "arena",
            "timbiriche",
            "--size",
            "2x2",
            "--a",
            "hard",
            "--b",
            "easy",
            "--games",
            "10",
            "--json",
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    let total = v["a"]["wins"].as_u64().unwrap()
        + v["b"]["wins"].as_u64().unwrap()
        + v["draws"].as_u64().unwrap();
    assert_eq!(total, 10);
    assert!(v["a"]["wins"].as_u64().unwrap() >= 5, "{v}");
}

#[test]
fn play_timbiriche_two_people_to_the_end() {
    // 1×1: four lines; the fourth takes the box.
    let script = "a1-b2\na1-b1\nb1-b2\nundo\nb1-b2\na2-b2\na1-a2\n";
    let out = games(
        &["play", "timbiriche", "--size", "1x1", "--two-players"],
        script,
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("Not a legal line"), "{text}");
    assert!(text.contains("player 2 took 1 box(es)"), "{text}");
    assert!(text.contains("player 2 won this game."), "{text}");
}

fn canicas_board(prefix: &str) -> String {
    format!("{prefix}{}", ".".repeat(81 - prefix.len()))
}

#[test]
fn canicas_apply_answers_in_json() {
    // Five in a row on the top row: removed, 10 points; the board empties,
    // so the next marbles would arrive at once.
    let board = canicas_board("1111.1");
    let out = games(
        &[
            "canicas",
            "apply",
            "--board",
            &board,
            "--variant",
            "five",
            "--move",
            "f1-e1",
            "--json",
        ],
        "",
    );
    assert!(out.status.success());
    let v = json(&out);
    assert_eq!(v["legal"], true);
    assert_eq!(v["points"], 10);
    assert_eq!(v["lines"][0][0], 5);
    assert_eq!(v["board"], ".".repeat(81));
    // The same four in the four-variant: a line of 5 scores 5 × (5 − 4 + 1) × 2 = 20.
    let out = games(
        &[
            "canicas",
            "apply",
            "--board",
            &board,
            "--variant",
            "four",
            "--move",
            "f1-e1",
            "--json",
        ],
        "",
    );
    let v = json(&out);
    assert_eq!(v["points"], 20);
    // A move that forms no line leaves the board as the move left it.
    let out = games(
        &[
            "canicas", "apply", "--board", &board, "--move", "f1-f9", "--json",
        ],
        "",
    );
    let v = json(&out);
    assert_eq!(
        (v["legal"].clone(), v["arrivals_needed"].clone()),
        (true.into(), true.into())
    );
    assert_eq!(v["board"].as_str().unwrap().chars().nth(77), Some('1'));
    // Off the board, empty source, taken target: legal false with the error, in the same JSON.
    for (mv, code) in [
        ("j1-a1", "off-board"),
        ("a9-b9", "empty-source"),
        ("f1-a1", "target-taken"),
    ] {
        let out = games(
            &[
                "canicas", "apply", "--board", &board, "--move", mv, "--json",
            ],
            "",
        );
        assert!(out.status.success(), "{mv}");
        let v = json(&out);
        assert_eq!(v["legal"], false, "{mv}");
        assert!(v["error"].as_str().unwrap().starts_with(code), "{mv}: {v}");
        assert_eq!(v["board"], board.as_str());
    }
    // A board that does not read (80 cells) is answered in the same JSON.
    let short = ".".repeat(80);
    let out = games(
        &[
            "canicas", "apply", "--board", &short, "--move", "a1-a2", "--json",
        ],
        "",
    );
    assert!(out.status.success());
    let v = json(&out);
    assert_eq!(v["legal"], false);
    assert!(v["error"].as_str().unwrap().starts_with("bad-board"), "{v}");
    assert_eq!(v["board"], short.as_str());
}

#[test]
fn canicas_arena_reports_deaths_per_100k_moves() {
    let out = games(
        &[
            "arena",
            "canicas",
            "--deals",
            "1..2",
            "--max-moves",
            "20",
            "--nodes",
            "50",
            "--json",
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["games"], 2);
    assert_eq!(v["moves"], 40);
    assert!(v["deaths_per_100k_moves"].as_f64().is_some());
}

#[test]
fn play_canicas_reports_bad_input_and_undo() {
    let out = games(
        &["play", "canicas", "--deal", "5", "--no-records"],
        "zz\na1-a2\nundo\nhint\nquit\n",
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("Not a move"), "{text}");
    assert!(text.contains("Illegal move: empty-source"), "{text}");
    assert!(text.contains("Cannot undo"), "{text}");
    assert!(text.contains("Hint: "), "{text}");
}

#[test]
fn play_canicas_to_the_end_keeps_the_records_in_a_file() {
    // A whole game of deal 7 (the first legal move each time), played
    // twice through the terminal with a records file.
    let mut game = canicas_core::Game::of_variant(canicas_core::Variant::Five, 7);
    let mut script = String::new();
    while let Some(&mv) = game.state().legal_moves().first() {
        script.push_str(&canicas_core::notation::move_text(mv, 9));
        script.push('\n');
        game.play(mv).unwrap();
    }
    let points = game.state().score();
    let dir = std::env::temp_dir().join(format!("games-cli-records-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let file = dir.join("sub").join("records.json");
    let path = file.to_str().unwrap();
    let args = ["play", "canicas", "--deal", "7", "--records", path];
    let out = games(&args, &format!("{script}hint\nhelp\nquit\n"));
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    // "The end-of-game summary holds: points, moves, lines removed (by
    // length), and whether a new record was set for that variant."
    let over = format!(
        "Game over: {points} points in {} moves",
        game.state().moves()
    );
    assert_eq!(text.matches(&over).count(), 1, "recorded once: {text}");
    assert!(
        text.contains("(a new record: the first game of this variant)"),
        "{text}"
    );
    assert!(text.contains("Lines removed: "), "{text}");
    let saved = canicas_core::Records::from_json(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(saved.best(canicas_core::Variant::Five), Some(points));
    assert_eq!(saved.entry(&canicas_core::Rules::FIVE).unwrap().games, 1);
    // The second time the record is read back, the same score is no new
    // record, and the file counts two games.
    let out = games(&args, &format!("{script}quit\n"));
    let text = stdout(&out);
    assert!(
        text.contains(&format!("Record for this variant: {points} points.")),
        "{text}"
    );
    assert!(
        text.contains(&format!("(the record is {points})")),
        "{text}"
    );
    let saved = canicas_core::Records::from_json(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(saved.entry(&canicas_core::Rules::FIVE).unwrap().games, 2);
    // A file that holds no records is reported and left as it was.
    std::fs::write(&file, "not records").unwrap();
    let out = games(&args, &format!("{script}quit\n"));
    let text = stdout(&out);
    assert!(text.contains("holds no records"), "{text}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not records");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn moves_backgammon_lists_distinct_plays() {
    let out = games(
        &[
            "moves",
            "backgammon",
            "--position",
            "4HPwATDgc/ABMA",
            "--dice",
            "31",
            "--json",
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    // The opening 3-1 has 16 distinct resulting positions; 8/5 6/5 is one.
    assert_eq!(v["count"], 16);
    let plays = v["plays"].as_array().unwrap();
    assert_eq!(plays.len(), 16);
    assert!(plays.iter().any(|p| p["move"] == "8/5 6/5"));
    let mut results: Vec<&str> = plays
        .iter()
        .map(|p| p["result"].as_str().unwrap())
        .collect();
    results.sort_unstable();
    results.dedup();
    assert_eq!(
        results.len(),
        16,
        "one entry per distinct resulting position"
    );

    // On the bar against a closed board: one entry, empty move, unchanged position.
    use backgammon_core::{Position, BAR, OFF};
    let mut mine = [0u8; 26];
    mine[BAR] = 1;
    mine[13] = 14;
    let mut theirs = [0u8; 26];
    // Their home board (their points 1-6) is where a checker from the bar enters.
    theirs[1..=6].fill(2);
    theirs[OFF] = 3;
    let closed = Position::from_sides(&mine, &theirs)
        .expect("a valid position")
        .to_gnubg_id();
    let out = games(
        &[
            "moves",
            "backgammon",
            "--position",
            &closed,
            "--dice",
            "66",
            "--json",
        ],
        "",
    );
    let v = json(&out);
    assert_eq!(v["count"], 1);
    assert_eq!(v["plays"][0]["move"], "");
    assert_eq!(v["plays"][0]["result"], closed.as_str());

    for bad in [
        vec!["--position", "nope", "--dice", "31"],
        vec!["--position", "4HPwATDgc/ABMA", "--dice", "71"],
    ] {
        let mut args = vec!["moves", "backgammon"];
        args.extend(bad);
        let out = games(&args, "");
        assert!(!out.status.success());
    }
}

#[test]
fn engine_backgammon_answers_each_line() {
    let out = games(
        &["engine", "backgammon", "--level", "normal", "--seed", "1"],
        "4HPwATDgc/ABMA 3 1\nnot a position\n4HPwATDgc/ABMA 6 5\n",
    );
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    // The answer is one of the legal results of that roll.
    let legal = stdout(&games(
        &[
            "moves",
            "backgammon",
            "--position",
            "4HPwATDgc/ABMA",
            "--dice",
            "31",
            "--json",
        ],
        "",
    ));
    assert!(
        legal.contains(&format!("\"result\":\"{}\"", lines[0])),
        "{}",
        lines[0]
    );
    assert!(lines[1].starts_with("error: "));
    assert_eq!(lines[2].len(), 14);
}

#[test]
fn arena_backgammon_reports_both_sides() {
    let out = games(
        &[
            "arena",
            "backgammon",
            "--a",
            "normal",
            "--b",
            "pubeval",
            "--games",
            "4",
            "--seed",
            "3",
            "--json",
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["games"], 4);
    let wins = v["a"]["wins"].as_u64().unwrap() + v["b"]["wins"].as_u64().unwrap();
    assert_eq!(wins + v["unfinished"].as_u64().unwrap(), 4);
}

#[test]
fn play_backgammon_explains_bad_input() {
    let out = games(
        &["play", "backgammon", "--seed", "2"],
        "24/1\nmoves\nquit\n",
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("pips: you 167 AI 167") || text.contains("The AI rolls"),
        "{text}"
    );
    assert!(
        text.contains("Not a legal play") || text.contains("Legal plays"),
        "{text}"
    );
}

#[test]
fn play_backgammon_who_starts() {
    // Seed 3: player 1 throws 6, player 2 throws 1, so player 1 starts.
    let first_line = |starts: &str| {
        let out = games(
            &["play", "backgammon", "--seed", "3", "--starts", starts],
            "quit\n",
        );
        assert!(out.status.success());
        stdout(&out).lines().take(2).collect::<Vec<_>>().join("\n")
    };
    let roll = first_line("roll");
    assert!(
        roll.contains("You are player 1") && roll.contains("you start with 61"),
        "{roll}"
    );
    assert_eq!(first_line("you"), roll);
    let ai = first_line("ai");
    assert!(
        ai.contains("You are player 2") && ai.contains("the AI starts with 61"),
        "{ai}"
    );
    let out = games(&["play", "backgammon", "--starts", "nobody"], "");
    assert!(!out.status.success());
}

#[test]
fn play_timbiriche_match_of_three_alternating() {
    // 1×1 boards, the same four lines each game: the fourth line is drawn by the
    // player who did not start, so with alternating starts the winners alternate.
    let script = "a1-b1\na1-a2\nb1-b2\na2-b2\n".repeat(3);
    let out = games(
        &[
            "play",
            "timbiriche",
            "--size",
            "1x1",
            "--two-players",
            "--match",
            "3",
            "--starts",
            "alternating",
        ],
        &script,
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("Game 2 of the match."), "{text}");
    assert!(text.contains("Game 3 of the match."), "{text}");
    assert!(
        text.contains("Match over: player 1 1, player 2 2."),
        "{text}"
    );
    let bad = games(&["play", "timbiriche", "--match", "4"], "");
    assert!(!bad.status.success());
}
