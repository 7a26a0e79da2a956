//! The `games` command, run as a real child process.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn games(args: &[&str], stdin: &str) -> Output {
    games_env(args, stdin, &[])
}

/// As [`games`], with environment variables set (`None` removes one).
fn games_env(args: &[&str], stdin: &str, env: &[(&str, Option<&str>)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_games"));
    for &(name, value) in env {
        match value {
            Some(v) => command.env(name, v),
            None => command.env_remove(name),
        };
    }
    let mut child = command
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

/// The standard output of a run that must succeed (its text in the failure).
fn succeeds(out: Output) -> String {
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    text
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
fn solve_nim_of_a_finished_game_says_it_is_over_and_who_won() {
    // nim.md: "Normal play ...: whoever crosses out the last circle wins."
    // and "Misère ...: whoever crosses out the last circle loses": with no
    // circle left the game is over; nobody "wins with perfect play".
    let out = games(&["solve", "nim", "--rows", "0,0"], "");
    assert!(out.status.success());
    assert_eq!(
        stdout(&out).trim(),
        "The game is over: the player to move has lost (the other player crossed out the last circle)."
    );
    let out = games(&["solve", "nim", "--rows", "0,0", "--misere"], "");
    assert_eq!(
        stdout(&out).trim(),
        "The game is over: the player to move has won (the other player crossed out the last circle, which loses under misère)."
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
    // 2×3 (−2) with a 1 MB limit: the same value. The table is what the
    // position can use, 2^(17 undrawn − 4) entries of 16 bytes (128 KB),
    // whatever the limit, and the output says so apart from the limit.
    for (mb, limit) in [("1", 1), ("64", 64)] {
        let args = ["solve", "timbiriche", "--size", "2x3", "--memory", mb];
        let out = games(&[&args[..], &["--json"]].concat(), "");
        assert!(out.status.success(), "{:?}", out.stderr);
        let v = json(&out);
        assert_eq!(v["value"], -2);
        assert_eq!(v["table_bytes"], 1 << 17, "--memory {mb}");
        assert_eq!(v["memory_limit_mb"], limit);
        assert!(v.get("table_mb").is_none());
        // Progress goes to stderr only when it is a terminal: not here.
        assert!(out.stderr.is_empty());
        let out = games(&args, "");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains(&format!("(table 128 KB, limit {limit} MB)")),
            "{text}"
        );
    }
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
fn play_timbiriche_says_when_the_result_is_decided() {
    // timbiriche.md: "The state must say as soon as the result is
    // **decided** (e.g. 13 of 25 boxes on 5×5), even though play goes on
    // until the last line." 3×3 boxes, every line in reading order: player
    // 2 takes the top row (3), player 1 the middle row (3), then player 2
    // the bottom row; at 5 of 9 boxes player 2 is out of reach.
    let mut lines = Vec::new();
    for r in 1..=4 {
        for c in 0..3u8 {
            let (a, b) = (char::from(b'a' + c), char::from(b'b' + c));
            lines.push(format!("{a}{r}-{b}{r}"));
        }
    }
    for r in 1..=3 {
        for c in 0..4u8 {
            let a = char::from(b'a' + c);
            lines.push(format!("{a}{r}-{a}{}", r + 1));
        }
    }
    let script = lines.join("\n") + "\n";
    let text = succeeds(games(&["play", "timbiriche", "--two-players"], &script));
    let decided = "player 2 wins: the result is decided (out of reach), though play goes on to the last line.";
    let at = text.find(decided).unwrap_or_else(|| panic!("{text}"));
    let (before, after) = text.split_at(at);
    // Said as soon as player 2 has 5, not before, and before the end.
    assert!(
        before.ends_with("Points: player 1 3, player 2 5.\n"),
        "{before}"
    );
    assert!(!before.contains("decided"), "{before}");
    assert!(after.contains("player 2 won this game."), "{after}");
    // Misère: the same lines, and the one with more points loses.
    let text = succeeds(games(
        &["play", "timbiriche", "--two-players", "--misere"],
        &script,
    ));
    assert!(
        text.contains("player 1 wins: the result is decided (out of reach), though play goes on to the last line."),
        "{text}"
    );
}

#[test]
fn play_timbiriche_takes_a_board_named_by_its_dots() {
    // timbiriche.md: "5×5 boxes is the \"6×6 dots\" board that players
    // also name by its dots".
    let text = succeeds(games(
        &["play", "timbiriche", "--two-players", "--size", "6x6 dots"],
        "quit\n",
    ));
    assert!(text.contains("Dots and boxes on 5x5 boxes."), "{text}");
}

#[test]
fn play_timbiriche_two_people_to_the_end() {
    // 1×1: four lines; the fourth takes the box.
    let script = "a1-b2\na1-b1\nb1-b2\nundo\nb1-b2\na2-b2\na1-a2\n";
    let text = succeeds(games(
        &["play", "timbiriche", "--size", "1x1", "--two-players"],
        script,
    ));
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
    assert_eq!(
        err.trim(),
        "games: illegal move a9-b9: there is no marble on a9 to move; \
         start from a cell with a marble"
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
    assert!(
        err.contains("the board is full, so the game is over"),
        "{err}"
    );
}

/// Text mode answers in sentences, as `games play canicas` does, without
/// the codes of the JSON (`empty-source: no marble on e1`), which keeps
/// them; and a removal that empties the board says the next marbles
/// arrive, as the JSON's `arrivals_needed` does.
#[test]
fn canicas_apply_text_speaks_in_sentences() {
    let board = canicas_board("1111.1");
    for (mv, said) in [
        (
            "e1-e1",
            "illegal move e1-e1: there is no marble on e1 to move; start from a cell with a marble",
        ),
        (
            "f1-a1",
            "illegal move f1-a1: a1 already holds a marble; the marble must go to a free cell",
        ),
        ("j1-a1", "not a move: cell \"j1\" is off the board"),
        ("zz", "not a move: \"zz\" is not a move like e5-a1"),
    ] {
        let out = games(&["canicas", "apply", "--board", &board, "--move", mv], "");
        assert_eq!(out.status.code(), Some(1), "{mv}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim(), format!("games: {said}"), "{mv}");
        for code in ["empty-source", "target-taken", "off-board", "bad-move"] {
            assert!(!err.contains(code), "{mv}: {err}");
        }
        // The JSON keeps its codes.
        let out = games(
            &[
                "canicas", "apply", "--board", &board, "--move", mv, "--json",
            ],
            "",
        );
        let code = json(&out)["error"].as_str().unwrap().to_string();
        assert!(
            [
                "empty-source: ",
                "target-taken: ",
                "off-board: ",
                "bad-move: "
            ]
            .iter()
            .any(|c| code.starts_with(c)),
            "{mv}: {code}"
        );
    }
    // The line of five leaves and the board is empty.
    let text = succeeds(games(
        &["canicas", "apply", "--board", &board, "--move", "f1-e1"],
        "",
    ));
    assert!(
        text.ends_with(
            "Lines of 5 removed: 10 points. The board is empty: the next marbles would arrive now.\n"
        ),
        "{text}"
    );
    // A line that leaves marbles behind brings none.
    let more = canicas_board("1111.1...2");
    let text = succeeds(games(
        &["canicas", "apply", "--board", &more, "--move", "f1-e1"],
        "",
    ));
    assert!(text.ends_with("Lines of 5 removed: 10 points.\n"), "{text}");
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
fn canicas_arena_gives_means_and_medians_over_full_games_only() {
    // canicas.md: "report deaths per 100,000 moves (and points per move)
    // over many seeded deals, with a move cap per game, as well as mean and
    // median score and moves survived over full games where they fit." A
    // game stopped by the cap is not a full game: its moves are not the
    // moves it survived.
    let run = |cap: &str| {
        succeeds(games(
            &[
                "arena",
                "canicas",
                "--deals",
                "1..2",
                "--max-moves",
                cap,
                "--nodes",
                "50",
                "--threads",
                "1",
            ],
            "",
        ))
    };
    let capped = run("20");
    assert!(
        capped.contains("deaths 0 = 0.0 per 100,000 moves"),
        "{capped}"
    );
    assert!(!capped.contains("moves mean 20"), "{capped}");
    assert!(
        capped.contains("  full games: none (2 of 2 reached the move cap of 20)"),
        "{capped}"
    );
    let full = run("20000");
    assert!(full.contains("deaths 2 = "), "{full}");
    assert!(full.contains("  full games 2 of 2: points mean "), "{full}");
    assert!(full.contains("; moves survived mean "), "{full}");
}

/// `--max-moves 0` is refused as `--games 0` is: a run of games with no
/// moves printed a time per move over zero moves.
#[test]
fn canicas_arena_refuses_max_moves_0() {
    let out = games(
        &["arena", "canicas", "--games", "2", "--max-moves", "0"],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim(), "games: --max-moves takes at least 1");
    let out = games(&["arena", "canicas", "--games", "0"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "games: --games takes at least 1"
    );
}

#[test]
fn play_canicas_reports_bad_input_and_undo() {
    let text = succeeds(games(
        &["play", "canicas", "--deal", "5", "--no-records"],
        "zz\na1-a2\nundo\nhint\nquit\n",
    ));
    assert!(text.contains("Not a move"), "{text}");
    // Sentences, not the codes of `canicas apply --json` (`empty-source:`).
    assert!(
        text.contains("Illegal move: there is no marble on a1 to move;"),
        "{text}"
    );
    assert!(!text.contains("empty-source"), "{text}");
    // At move 0 there is nothing to undo (not "one move at a time").
    assert!(
        text.contains("There is nothing to undo: no move has been played yet."),
        "{text}"
    );
    assert!(text.contains("Hint: "), "{text}");
}

#[test]
fn play_canicas_draws_letters_with_a_legend_and_marks_the_arrivals() {
    // Deal 5 starts with a blue marble on a3 and a cyan one on b4; a3-a4
    // removes nothing, so three marbles arrive (on a5, i7 and h9); b4-b5
    // is a second move, so that a second undo is refused.
    let script = "b4-a3\na3-a4\nb4-b5\nundo\nundo\nquit\n";
    let args = ["play", "canicas", "--deal", "5", "--no-records"];
    let text = succeeds(games(&args, script));
    // Piped: no ANSI codes, a letter per colour and a legend.
    assert!(!text.contains('\x1b'), "{text}");
    assert!(
        text.contains("Marbles: r red, g green, y yellow, b blue, m magenta, c cyan, w white;"),
        "{text}"
    );
    assert!(text.contains(" 3 b . . . . . . . . "), "{text}");
    assert!(
        text.contains(
            "Illegal move: a3 already holds a marble; the marble must go to a free cell."
        ),
        "{text}"
    );
    assert!(!text.contains("target-taken"), "{text}");
    // The arrivals are named and drawn in capitals.
    assert!(text.contains("Arrived on a5, i7, h9."), "{text}");
    assert!(text.contains(" 5 M . . . . . . . . "), "{text}");
    assert!(text.contains(" 7 . . . . . . . . B "), "{text}");
    assert!(
        text.contains("The last move was already undone: only one move can be undone at a time"),
        "{text}"
    );
    // Forced colours: each marble in its ANSI colour (blue is 34).
    let forced = [("NO_COLOR", None), ("CLICOLOR_FORCE", Some("1"))];
    let text = stdout(&games_env(&args, "quit\n", &forced));
    assert!(text.contains(" 3 \x1b[1;34mb\x1b[0m . . "), "{text}");
    assert!(text.contains("\x1b[1;31mr\x1b[0m red"), "{text}");
    // NO_COLOR wins.
    let off = [("NO_COLOR", Some("1")), ("CLICOLOR_FORCE", Some("1"))];
    let text = stdout(&games_env(&args, "quit\n", &off));
    assert!(!text.contains('\x1b'), "{text}");
}

#[test]
fn play_canicas_lines98_shows_where_the_next_marbles_land() {
    // Spec, the Lines 98 rule: "the engine reports those cells (where each
    // marble of the next bar would land if the board stayed as it is), and a
    // host shows them." Deal 5's next marbles land on a5, i7 and h9 (the
    // cells they arrive on after a3-a4 in the test above).
    let args = [
        "play",
        "canicas",
        "--deal",
        "5",
        "--no-records",
        "--lines98",
    ];
    let text = succeeds(games(&args, "a3-a4\nquit\n"));
    assert!(
        text.contains("Lines 98 rule (+ marks where the next marbles land)"),
        "{text}"
    );
    assert!(text.contains(" 5 + . . . . . . . . "), "{text}");
    assert!(text.contains(" 7 . . . . . . . . + "), "{text}");
    assert!(
        text.contains("next: m b g  landing on a5, i7, h9"),
        "{text}"
    );
    assert!(text.contains("Arrived on a5, i7, h9."), "{text}");
    // After the move, the new bar's cells, as canicas-core computes them.
    let mut state =
        canicas_core::State::new(canicas_core::Rules::FIVE.with_landings_shown(true), 5).unwrap();
    state
        .play(canicas_core::parse_move("a3-a4", 9).unwrap())
        .unwrap();
    let cells: Vec<String> = state
        .shown_landings()
        .iter()
        .map(|&c| canicas_core::notation::cell_name(c, 9))
        .collect();
    assert!(
        text.contains(&format!("landing on {}", cells.join(", "))),
        "{text}"
    );
    // Without the option nothing is shown.
    let plain = succeeds(games(&args[..5], "quit\n"));
    assert!(
        !plain.contains("landing on") && !plain.contains(" + "),
        "{plain}"
    );
}

#[test]
fn canicas_arena_plays_the_lines98_rule() {
    let run = |extra: &[&str]| {
        let mut args = vec![
            "arena",
            "canicas",
            "--deals",
            "3..4",
            "--max-moves",
            "30",
            "--nodes",
            "20",
            "--json",
        ];
        args.extend_from_slice(extra);
        let v: serde_json::Value = serde_json::from_str(&succeeds(games(&args, ""))).unwrap();
        v
    };
    let v = run(&["--lines98"]);
    assert_eq!(v["rules"]["landings_shown"], true, "{v}");
    assert_eq!(v["games"], 2);
    let plain = run(&[]);
    assert!(plain["rules"].get("landings_shown").is_none(), "{plain}");
}

/// The moves of a whole game of deal 7 (the first legal move each time),
/// one a line, and the game they play.
fn canicas_deal_7_to_the_end() -> (String, canicas_core::Game) {
    let mut game = canicas_core::Game::of_variant(canicas_core::Variant::Five, 7);
    let mut script = String::new();
    while let Some(&mv) = game.state().legal_moves().first() {
        script.push_str(&canicas_core::notation::move_text(mv, 9));
        script.push('\n');
        game.play(mv).unwrap();
    }
    (script, game)
}

#[test]
fn play_canicas_refuses_to_undo_a_game_already_recorded() {
    // A whole game of deal 7; once it is over and recorded, `undo` would
    // reopen a game that the records already count.
    let (script, _) = canicas_deal_7_to_the_end();
    let text = succeeds(games(
        &["play", "canicas", "--deal", "7", "--no-records"],
        &format!("{script}undo\nquit\n"),
    ));
    let (_, after) = text.split_once("Game over: ").expect("the game ends");
    assert!(
        after.contains("The game is over and recorded: it cannot be undone."),
        "{text}"
    );
    // Nothing was taken back: no board is drawn after the end.
    assert!(!after.contains("   a b c"), "{after}");
}

#[test]
fn play_canicas_to_the_end_keeps_the_records_in_a_file() {
    // A whole game of deal 7, played twice through the terminal with a
    // records file.
    let (script, game) = canicas_deal_7_to_the_end();
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
        let text = succeeds(games(
            &["play", "canicas", "--deal", "3", "--records", path],
            "quit\n",
        ));
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

/// An arena of no games is refused, as `games arena canicas --games 0` is:
/// it reported side B winning 100% of nothing (a win rate of 0 for A, and
/// B's taken as 1 minus A's).
#[test]
fn arena_backgammon_refuses_zero_games() {
    for extra in [&[][..], &["--json"][..]] {
        let out = games(
            &[
                &["arena", "backgammon", "--a", "easy", "--b", "easy"][..],
                &["--games", "0"],
                extra,
            ]
            .concat(),
            "",
        );
        assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
        assert_eq!(stdout(&out), "");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--games takes at least 1"), "{err}");
    }
}

#[test]
fn play_backgammon_explains_bad_input() {
    let text = succeeds(games(
        &["play", "backgammon", "--seed", "2"],
        "24/1\nmoves\nquit\n",
    ));
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
    let text = succeeds(games(
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
    ));
    assert!(text.contains("Game 2 of the match."), "{text}");
    assert!(text.contains("Game 3 of the match."), "{text}");
    assert!(
        text.contains("Match over: player 1 1, player 2 2: player 2 won the match."),
        "{text}"
    );
    // "Match: 3 or 5 games, points summed over the games": the match score
    // is shown after each game and beside the points of the game in play.
    assert!(
        text.contains("Match score after game 1 of 3: player 1 0, player 2 1."),
        "{text}"
    );
    assert!(
        text.contains("Match score after game 2 of 3: player 1 1, player 2 1."),
        "{text}"
    );
    assert!(
        text.contains(
            "Points: player 1 0, player 2 0; match so far (game 3 of 3): player 1 1, player 2 1."
        ),
        "{text}"
    );
    let bad = games(&["play", "timbiriche", "--match", "4"], "");
    assert!(!bad.status.success());
}

#[test]
fn the_cargo_games_alias_shows_the_build() {
    // `cargo games play nim` compiles the workspace in release mode on its
    // first run; with `--quiet` that was minutes of a blank screen.
    let config = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../.cargo/config.toml"
    ))
    .expect("the workspace's .cargo/config.toml");
    let alias = config
        .lines()
        .find(|l| l.trim_start().starts_with("games ="))
        .expect("a `games` alias");
    assert!(alias.contains("run --release -p games"), "{alias}");
    let words: Vec<&str> = alias.split(['"', ' ']).collect();
    assert!(
        !words.contains(&"-q") && !words.contains(&"--quiet"),
        "{alias}"
    );
}

#[test]
fn play_timbiriche_shows_the_worth_of_valued_boxes() {
    // "Valued boxes: some boxes are worth 2 or 3 points; the layout is
    // [...] generated from a seed": layout 1 makes the one box of 1x1
    // worth 2, and the board and the score must say so.
    let script = "a1-b1\na1-a2\nb1-b2\na2-b2\n";
    let text = succeeds(games(
        &[
            "play",
            "timbiriche",
            "--size",
            "1x1",
            "--two-players",
            "--valued",
            "1",
        ],
        script,
    ));
    assert!(text.contains("1  +   +\n    (2) \n2  +   +"), "{text}");
    assert!(
        text.contains("Points: player 1 0, player 2 0 (2 more in the open boxes)."),
        "{text}"
    );
    assert!(text.contains("   |2:2|\n"), "{text}");
    assert!(
        text.contains("Points: player 1 0, player 2 2 (0 more in the open boxes)."),
        "{text}"
    );
}

#[test]
fn play_timbiriche_redo_replays_the_ai_reply_it_undid() {
    // Undo goes back to your turn (your line and the AI's reply); redo
    // must replay exactly those moves, not let the AI choose again.
    let text = succeeds(games(
        &["play", "timbiriche", "--level", "easy", "--seed", "2"],
        "a1-b1\nundo\nredo\nquit\n",
    ));
    let drawn: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("The AI draws "))
        .collect();
    assert_eq!(drawn.len(), 1, "the AI moved again after redo: {text}");
    let reply = drawn[0].trim_end_matches('.');
    assert!(
        text.contains(&format!("Redone: a1-b1 (you), {reply} (the AI).")),
        "{text}"
    );
    // After the redo the board is the one before the undo.
    let boards: Vec<&str> = text.split("\n\n").filter(|b| b.contains("1  +")).collect();
    let after_reply = boards.get(2).expect("the board after the AI's reply");
    assert_eq!(boards.last(), Some(after_reply), "{text}");
}

#[test]
fn play_timbiriche_undo_takes_back_your_whole_turn_of_several_lines() {
    // "Taking one or more boxes with a line gives exactly one extra move":
    // a turn may hold several lines. Seed 1 on 2×3 boxes: after the AI's
    // a1-a2 you take a1 with b1-b2, b1 with c1-c2, then draw a3-b3; the AI
    // replies b3-c3. Undo goes back to the start of that turn of yours
    // (0–0, before b1-b2), not to the middle of it (it took back a3-b3
    // only and left you 2–0 to move again).
    let text = succeeds(games(
        &[
            "play",
            "timbiriche",
            "--size",
            "2x3",
            "--level",
            "easy",
            "--seed",
            "1",
        ],
        "a1-b1\nb1-c1\na2-b2\nb1-b2\nc1-c2\na3-b3\nundo\nredo\nquit\n",
    ));
    let drawn: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("The AI draws "))
        .collect();
    assert_eq!(
        drawn,
        ["c1-d1.", "b2-c2.", "a1-a2.", "b3-c3."],
        "the AI chose again after undo or redo: {text}"
    );
    // Each board drawn, with the points under it.
    let boards: Vec<&str> = text
        .split("   a   b   c   d\n")
        .skip(1)
        .map(|b| b.split_once(".\n").map_or(b, |(board, _)| board))
        .collect();
    // The boards: the start, then one after each of the 10 lines drawn (6
    // yours, 4 the AI's), then the one after undo and the one after redo.
    assert_eq!(boards.len(), 13, "{text}");
    let after_ai_a1_a2 = boards[6];
    assert!(after_ai_a1_a2.contains("player 1 0, player 2 0"), "{text}");
    assert_eq!(boards[11], after_ai_a1_a2, "undo stopped mid-turn: {text}");
    // Redo replays exactly the turn undone and the AI's reply.
    assert!(
        text.contains("Redone: b1-b2 (you), c1-c2 (you), a3-b3 (you), b3-c3 (the AI)."),
        "{text}"
    );
    assert_eq!(boards[12], boards[10], "{text}");
}

#[test]
fn play_timbiriche_hint_explains_its_cost_and_is_not_spent_twice() {
    // "Hints: 3 per game, the first one free (the engine keeps the count;
    // what a paid hint costs is the host's)."
    let text = succeeds(games(
        &["play", "timbiriche", "--seed", "2"],
        "hint\nhint\na1-b1\nhint\nquit\n",
    ));
    assert!(text.contains("3 hints per game, the first free"), "{text}");
    assert!(text.contains("here they cost nothing"), "{text}");
    // The same position twice: the same hint, one hint used.
    assert_eq!(text.matches("Hint (free; 2 left)").count(), 2, "{text}");
    assert!(text.contains("not counted twice"), "{text}");
    // A new position: the next (paid) hint.
    assert!(
        text.contains("Hint (paid: one of your two paid hints; 1 left)"),
        "{text}"
    );
}

#[test]
fn play_backgammon_writes_the_ai_moves_in_its_numbering_then_yours() {
    // "Points are always numbered from the side of the player concerned":
    // the AI's play is written in its numbering (it moves from 24 towards
    // 1), then in yours, as the board is drawn (there it moves from 1
    // towards 24). Seed 3: the AI starts with 61 and makes its 7-point (its
    // 13/7 8/7, your 17/18 12/18).
    let out = games(
        &["play", "backgammon", "--seed", "3", "--starts", "ai"],
        "quit\n",
    );
    let text = stdout(&out);
    assert!(
        text.contains("The AI rolls 61 and plays 13/7 8/7 (its numbering; 17/18 12/18 in yours)."),
        "{text}"
    );
    // Every AI move of the first turn of seeds 1 to 8 goes down in its
    // numbering and up in yours.
    for seed in 1..=8 {
        let seed = seed.to_string();
        let out = games(
            &["play", "backgammon", "--seed", &seed, "--starts", "ai"],
            "quit\n",
        );
        let text = stdout(&out);
        let line = text
            .lines()
            .find(|l| l.starts_with("The AI rolls"))
            .expect("the AI's opening play");
        let (its, yours) = line
            .split(" and plays ")
            .nth(1)
            .and_then(|p| p.strip_suffix(" in yours)."))
            .and_then(|p| p.split_once(" (its numbering; "))
            .expect("a play in its numbering, then in yours");
        let points = |part: &str| -> Vec<u32> {
            part.split(['/', '(', '*'])
                .filter_map(|p| p.parse().ok())
                .collect()
        };
        for part in its.split(' ') {
            assert!(
                points(part).windows(2).all(|w| w[0] > w[1]),
                "{seed}: {line}"
            );
        }
        for part in yours.split(' ') {
            assert!(
                points(part).windows(2).all(|w| w[0] < w[1]),
                "{seed}: {line}"
            );
        }
    }
}

#[test]
fn play_backgammon_help_steps_undo_and_reasons() {
    // Seed 3: you start with 61.
    let script = "help\n24/1\n13/12\n13/7\nundo\n13/7 8/7\nundo\n8/7\n\nquit\n";
    let text = succeeds(games(&["play", "backgammon", "--seed", "3"], script));
    // help explains the notation and the commands.
    for needle in [
        "24/13 moves one checker with both dice",
        "bar/22 enters from the bar",
        "6/off bears off",
        "8/5(2) moves two checkers",
        "undo takes back the last step of this turn",
    ] {
        assert!(text.contains(needle), "{needle}: {text}");
    }
    // An illegal play gets its reason.
    assert!(
        text.contains(
            "Not a legal play: 24/1 is 23 pip(s), and the dice left (6, 1) cannot make it."
        ),
        "{text}"
    );
    assert!(
        text.contains("Not a legal play: 13/12: point 12 is held by 5 of the opponent's checkers"),
        "{text}"
    );
    // A step is played at once and can be taken back before the commit.
    assert!(
        text.contains("You roll 61: 13/7 so far, 1 left> "),
        "{text}"
    );
    assert!(text.contains("Taken back: 13/7."), "{text}");
    // The whole play typed at once, then its last step taken back and
    // played again before the commit.
    assert!(text.contains("Taken back: 8/7."), "{text}");
    assert!(
        text.contains("You roll 61: 13/7 8/7 (Enter to commit, undo to take back a step)> "),
        "{text}"
    );
    assert!(text.contains("You play 13/7 8/7."), "{text}");
}

#[test]
fn play_backgammon_a_whole_game_typed_one_move_at_a_time() {
    // The command's game replayed here: seed 5, the AI's generator seeded
    // with 5 ^ 0xB6, Normal level. You play the first legal play of each
    // roll, one checker move a line, then Enter to commit.
    use backgammon_core::{ai_move, Budget, CancelFlag, Game, GameRng, Level, Player, WinKind};
    let seed = 5;
    let mut game = Game::new(seed);
    let mut rng = GameRng::from_seed(seed ^ 0xB6);
    let mut script = String::new();
    while game.result().is_none() {
        let Some(dice) = game.dice() else {
            game.roll().unwrap();
            continue;
        };
        let play = if game.player_on_roll() == Player::First {
            let play = game.legal_plays()[0];
            if !play.is_pass() {
                for part in play.notation().split(' ') {
                    script.push_str(part);
                    script.push('\n');
                }
                script.push('\n');
            }
            play
        } else {
            let position = *game.state().position();
            let cancel = CancelFlag::new();
            ai_move(
                &position,
                dice,
                Level::Normal,
                &mut rng,
                Budget::UNLIMITED,
                &cancel,
            )
            .play
        };
        game.play(&play).unwrap();
    }
    let result = game.result().unwrap();
    let text = succeeds(games(&["play", "backgammon", "--seed", "5"], &script));
    assert!(!text.contains("Not a legal play"), "{text}");
    let kind = match result.kind {
        WinKind::Single => "a single game",
        WinKind::Gammon => "a gammon",
        WinKind::Backgammon => "a backgammon",
    };
    let who = if result.winner == Player::First {
        "You win"
    } else {
        "The AI wins"
    };
    // In words, not the Rust name of the value (`Single`).
    let plural = if result.points == 1 { "" } else { "s" };
    let end = format!("{who} {kind}: {} point{plural}.", result.points);
    assert!(text.contains(&end), "{end}: {text}");
}

#[test]
fn play_timbiriche_each_game_of_a_match_has_its_own_hints() {
    // "Hints: 3 per game, the first one free": the same empty 1x1 board
    // opens every game of the match, and the first hint of game 2 is its
    // own free hint, not game 1's hint repeated.
    let game = "hint\na1-b1\na1-a2\nb1-b2\na2-b2\n";
    let text = succeeds(games(
        &[
            "play",
            "timbiriche",
            "--size",
            "1x1",
            "--two-players",
            "--match",
            "3",
        ],
        &game.repeat(2),
    ));
    assert_eq!(text.matches("Hint (free; 2 left)").count(), 2, "{text}");
    assert!(!text.contains("not counted twice"), "{text}");
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
        let shown = games_env(args, "", &[("GAMES_PROGRESS", Some("1"))]);
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
