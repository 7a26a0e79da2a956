//! The `games` command, run as a real child process.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn games(args: &[&str], stdin: &str) -> Output {
    games_with_env(args, stdin, &[])
}

/// As [`games`], with environment variables set.
fn games_with_env(args: &[&str], stdin: &str, env: &[(&str, &str)]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_games"))
        .args(args)
        .envs(env.iter().copied())
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
    // In the four-variant a line of 5 scores 5 × (5 − 4 + 1) × 2 = 20. (The
    // board above holds a line of four, which the four-variant removes at
    // once, so no game of it reaches that board: two pairs and a marble
    // that joins them instead.)
    let pairs = canicas_board("11.11......1");
    let out = games(
        &[
            "canicas",
            "apply",
            "--board",
            &pairs,
            "--variant",
            "four",
            "--move",
            "c2-c1",
            "--json",
        ],
        "",
    );
    let v = json(&out);
    assert_eq!(v["points"], 20, "{v}");
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
    // Off the board, empty source, taken target: legal false with the error,
    // in the same JSON, and the command fails (status 1).
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
        assert_eq!(out.status.code(), Some(1), "{mv}");
        let v = json(&out);
        assert_eq!(v["legal"], false, "{mv}");
        assert!(v["error"].as_str().unwrap().starts_with(code), "{mv}: {v}");
        assert_eq!(v["board"], board.as_str());
    }
    // A board that does not read (80 cells) is answered in the same JSON, and fails.
    let short = ".".repeat(80);
    let out = games(
        &[
            "canicas", "apply", "--board", &short, "--move", "a1-a2", "--json",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["legal"], false);
    assert!(v["error"].as_str().unwrap().starts_with("bad-board"), "{v}");
    assert_eq!(v["board"], short.as_str());
}

/// Without `--json` too, an illegal move fails with a sentence; a board of
/// the wrong size says what was typed (4 cells) and what the rules want.
#[test]
fn canicas_apply_fails_on_an_illegal_move_or_board() {
    let board = canicas_board("1111.1");
    let out = games(
        &["canicas", "apply", "--board", &board, "--move", "a9-b9"],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("games: illegal move a9-b9: empty-source"),
        "{err}"
    );
    let out = games(
        &["canicas", "apply", "--board", "1111", "--move", "a1-a2"],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the board has 4 cells, a 2x2 board; the rules play on 9x9: 81 cells"),
        "{err}"
    );
    // Boards no game reaches between moves: "every line of 5 (or 4) or more
    // ... leaves the board"; on a full board "the game ends".
    let five = canicas_board("11111");
    let out = games(
        &["canicas", "apply", "--board", &five, "--move", "e1-e2"],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no game reaches this board: a line stays on the board"),
        "{err}"
    );
    let out = games(
        &[
            "canicas", "apply", "--board", &five, "--move", "e1-e2", "--json",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(json(&out)["error"]
        .as_str()
        .unwrap()
        .starts_with("bad-board: no game reaches"));
    // Full, with no line: colours 1-4 in a pattern no five lines up in.
    let full: String = (0..81)
        .map(|i| char::from(b'1' + ((i % 9 / 2 + i / 9 / 2 * 2) % 4) as u8))
        .collect();
    let out = games(
        &["canicas", "apply", "--board", &full, "--move", "a1-a2"],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("game-over: the board filled up"), "{err}");
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

/// A records file is read with a size limit: a huge file (or `/dev/zero`,
/// which never ends) is refused with a sentence naming it and the limit,
/// and left as it was.
#[test]
fn play_canicas_refuses_a_records_file_too_large_to_be_records() {
    let dir = std::env::temp_dir().join(format!("games-cli-big-records-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("records.json");
    // 2 MB of JSON white space and then records that would read.
    let big = format!(
        "{}{}",
        " ".repeat(2_000_000),
        canicas_core::Records::new().to_json()
    );
    std::fs::write(&file, &big).unwrap();
    let mut sources = vec![file.to_str().unwrap().to_string()];
    if std::path::Path::new("/dev/zero").exists() {
        sources.push("/dev/zero".into());
    }
    for path in &sources {
        let out = games(
            &["play", "canicas", "--deal", "3", "--records", path],
            "quit\n",
        );
        let text = stdout(&out);
        assert!(out.status.success(), "{text}");
        assert!(
            text.contains(&format!(
                "Records: {path} is larger than 1048576 bytes, too large for a records file"
            )),
            "{text}"
        );
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), big);
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
    // In words: the pass, said once, not "(no legal play)" and "1 distinct plays".
    let out = games(
        &["moves", "backgammon", "--position", &closed, "--dice", "66"],
        "",
    );
    assert_eq!(
        stdout(&out),
        format!("No legal play for 66: the turn passes and the position stays {closed}.\n")
    );
    // "The first to bear off all 15 wins": a board where both sides are
    // borne off is no game's position; one where a side is off is a finished
    // game, with nothing to play.
    let out = games(
        &[
            "moves",
            "backgammon",
            "--position",
            "AAAAAAAAAAAAAA",
            "--dice",
            "31",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("neither side has a checker left"), "{err}");
    let mut off = [0u8; 26];
    off[OFF] = 15;
    let mut left = [0u8; 26];
    left[24] = 15;
    let won = Position::from_sides(&left, &off).unwrap().to_gnubg_id();
    let out = games(
        &["moves", "backgammon", "--position", &won, "--dice", "31"],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the game is over in this position (the opponent has borne off all 15"),
        "{err}"
    );

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
    let players = ["arena", "backgammon", "--a", "normal", "--b", "pubeval"];
    let out = games(
        &[&players[..], &["--games", "4", "--seed", "3", "--json"]].concat(),
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
    // Without --json the players are named as typed, not as Rust values
    // (`level(normal)`).
    let out = games(&[&players[..], &["--games", "2"]].concat(), "");
    let text = stdout(&out);
    assert!(
        text.contains("  A normal ") && text.contains("  B pubeval "),
        "{text}"
    );
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

/// `--seconds` values a duration cannot hold are refused with a sentence, not a panic.
#[test]
fn solve_refuses_seconds_it_cannot_count() {
    for seconds in ["2e19", "1e20", "1e308", "inf", "0", "-3"] {
        let option = format!("--seconds={seconds}");
        let out = games(&["solve", "timbiriche", "--size", "1x1", &option], "");
        assert_eq!(out.status.code(), Some(2), "{seconds}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{seconds}: {err}");
        assert!(
            err.contains(&format!("`{seconds}` is not a number of seconds")),
            "{seconds}: {err}"
        );
    }
    let out = games(
        &[
            "solve",
            "timbiriche",
            "--size",
            "1x1",
            "--seconds",
            "1e9",
            "--json",
        ],
        "",
    );
    assert!(out.status.success());
    assert_eq!(json(&out)["complete"], true);
}

/// A solve cut short before any move is proven says so in a sentence,
/// rather than an empty list after "Optimal moves proven so far:".
#[test]
fn solve_without_a_proven_move_says_so() {
    let out = games(
        &["solve", "timbiriche", "--size", "5x5", "--seconds", "0.001"],
        "",
    );
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(
        text.contains("No move was proven optimal within the budget yet."),
        "{text}"
    );
    assert!(!text.contains("proven so far: \n"), "{text}");
}

/// A `--size` that does not read is quoted as typed, not called `0x0`.
#[test]
fn bad_sizes_are_quoted_as_typed() {
    for size in ["x", "3x", "99999999999x3"] {
        let out = games(&["solve", "timbiriche", "--size", size], "");
        assert_eq!(out.status.code(), Some(2), "{size}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("`{size}` is not a board size: write ROWSxCOLS")),
            "{size}: {err}"
        );
        assert!(!err.contains("0x0"), "{size}: {err}");
    }
}

/// Long runs show their progress on standard error when it is a terminal
/// (forced here with `GAMES_PROGRESS=1`, as the tests' standard error is a
/// pipe), and say nothing there when it is piped; the answer on standard
/// output is the same either way.
#[test]
fn long_runs_show_progress_on_a_terminal_and_stay_quiet_when_piped() {
    let runs: [(&[&str], &str); 5] = [
        (
            &["arena", "nim", "--a", "hard", "--b", "easy", "--games", "6"],
            "nim arena: 6/6 games (100%)",
        ),
        (
            &[
                "arena",
                "timbiriche",
                "--a",
                "easy",
                "--b",
                "easy",
                "--size",
                "2x2",
                "--games",
                "4",
            ],
            "dots and boxes arena: 4/4 games (100%)",
        ),
        (
            &[
                "arena",
                "canicas",
                "--games",
                "2",
                "--seed",
                "3",
                "--nodes",
                "5",
                "--max-moves",
                "20",
            ],
            "Color Lines arena: 2/2 deals (100%)",
        ),
        (
            &[
                "arena",
                "backgammon",
                "--a",
                "easy",
                "--b",
                "easy",
                "--games",
                "2",
            ],
            "backgammon arena: 2/2 games (100%)",
        ),
        (&["solve", "timbiriche", "--size", "1x2"], "solving 1x2: "),
    ];
    for (args, line) in runs {
        let quiet = games(args, "");
        assert!(quiet.status.success(), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&quiet.stderr), "", "{args:?}");
        let shown = games_with_env(args, "", &[("GAMES_PROGRESS", "1")]);
        assert!(shown.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&shown.stderr);
        assert!(err.contains(&format!("\r{line}")), "{args:?}: {err:?}");
        // The line is blanked out at the end, so the answer starts clean.
        assert!(err.ends_with('\r'), "{args:?}: {err:?}");
        if args[0] == "arena" {
            assert_eq!(stdout(&shown).lines().next(), stdout(&quiet).lines().next());
        }
    }
}

/// `games arena canicas --games N --seed S` (the other arenas' spelling)
/// plays deals S..S+N-1, as `--deals S..S+N-1` (still accepted) does.
#[test]
fn canicas_arena_takes_games_and_seed_like_the_other_arenas() {
    let common = [
        "arena",
        "canicas",
        "--nodes",
        "5",
        "--max-moves",
        "30",
        "--json",
    ];
    let by_games = games(
        &[&common[..], &["--games", "2", "--seed", "7"]].concat(),
        "",
    );
    let by_deals = games(&[&common[..], &["--deals", "7..8"]].concat(), "");
    assert!(by_games.status.success() && by_deals.status.success());
    let (mut a, mut b) = (json(&by_games), json(&by_deals));
    for v in [&mut a, &mut b] {
        v.as_object_mut().unwrap().remove("seconds");
    }
    assert_eq!(a, b);
    assert_eq!(a["games"], 2);
    let both = games(
        &[&common[..], &["--deals", "1..2", "--games", "2"]].concat(),
        "",
    );
    assert_eq!(both.status.code(), Some(2));
    // A huge --threads is capped (one thread per deal, at most 64): the
    // same report, no million threads.
    let many = games(
        &[
            &common[..],
            &["--games", "2", "--seed", "7", "--threads", "1000000"],
        ]
        .concat(),
        "",
    );
    assert!(many.status.success());
    let mut c = json(&many);
    c.as_object_mut().unwrap().remove("seconds");
    assert_eq!(c, a);
}

/// A line that is not UTF-8 (or is too long) is answered as input the game
/// does not understand, and the game goes on: it used to end it as if the
/// input had ended.
#[test]
fn terminal_games_go_on_after_a_line_that_is_not_text() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_games"))
        .args(["play", "nim", "--rows", "1,2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start games");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(b"\xff\xfe\n").unwrap();
    stdin.write_all(&[b'x'; 100_000]).unwrap();
    stdin.write_all(b"\nhelp\nquit\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().expect("games runs");
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert_eq!(text.matches("Type two numbers").count(), 2, "{text}");
    assert!(text.contains("Type the row (from 1)"), "{text}");
    assert!(text.ends_with("Goodbye.\n"), "{text}");
}
