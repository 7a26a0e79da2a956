//! `games engine nim` over UGI, through real child processes.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use games_common::Player;
use nim_core::{Move, Position};

/// A running engine: lines in, lines out (read on a thread, so waits can time out).
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_games"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start the engine");
        let stdin = child.stdin.take().expect("stdin");
        let stdout: ChildStdout = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("engine reads");
        self.stdin.flush().expect("flush");
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(30))
                .unwrap_or_else(|_| panic!("no `{prefix}` within 30 s; saw {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// Write raw bytes (which need not be text).
    fn send_bytes(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("engine reads");
        self.stdin.flush().expect("flush");
    }

    /// The next line, within 30 s.
    fn next(&mut self) -> String {
        self.lines
            .recv_timeout(Duration::from_secs(30))
            .expect("a line within 30 s")
    }

    fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().expect("engine exits");
        assert!(status.success());
    }
}

#[test]
fn scripted_session() {
    let mut e = Engine::start(&["engine", "nim"]);
    e.send("ugi");
    let hello = e.until("ugiok");
    assert!(hello[0].starts_with("id name games-nim"));
    assert!(hello
        .iter()
        .any(|l| l.starts_with("option name Level type combo")));
    e.send("isready");
    assert_eq!(e.until("readyok"), vec!["readyok"]);
    e.send("uginewgame");
    e.send("position startpos moves 3-2");
    e.send("query p1turn");
    assert_eq!(e.until("response"), vec!["response false"]);
    e.send("query fen");
    assert_eq!(e.until("response"), vec!["response 3,4,3 normal 2"]);
    // 3,4,3: nim-sum 4, the only winning move takes all four of row 2.
    e.send("go movetime 1000");
    let lines = e.until("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove 2-4");
    assert!(lines[0].starts_with("info nodes"), "{lines:?}");

    // Bad lines are answered and change nothing.
    for bad in [
        "position fen 3,x normal 1",
        "position startpos moves 1-9",
        "go sideways",
        "fly",
        "setoption name Level value expert",
    ] {
        e.send(bad);
        let reply = e.until("info string error:");
        assert_eq!(reply.len(), 1, "{bad}: {reply:?}");
    }
    e.send("query fen");
    assert_eq!(e.until("response"), vec!["response 3,4,3 normal 2"]);

    // A finished game: the result, and `bestmove none`.
    e.send("position fen 0,0,1 misere 1 moves 3-1");
    e.send("query gameover");
    assert_eq!(e.until("response"), vec!["response true"]);
    e.send("query result");
    assert_eq!(e.until("response"), vec!["response p2win"]);
    e.send("go nodes 100");
    assert_eq!(e.until("bestmove"), vec!["bestmove none"]);
    e.quit();
}

#[test]
fn stop_ends_go_infinite_with_a_move() {
    let mut e = Engine::start(&["engine", "nim"]);
    e.send("position fen 5,6,7 normal 1");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    e.send("isready");
    assert_eq!(
        e.until("readyok"),
        vec!["readyok"],
        "isready is answered while searching"
    );
    let sent = Instant::now();
    e.send("stop");
    let lines = e.until("bestmove");
    let delay = sent.elapsed();
    let best = lines
        .last()
        .unwrap()
        .trim_start_matches("bestmove ")
        .to_string();
    let mut p = Position::from_notation("5,6,7 normal 1").unwrap();
    p.play(Move::from_notation(&best).unwrap())
        .expect("a legal move");
    eprintln!("stop -> bestmove: {delay:?}");
    e.quit();
}

/// Two engines of ours play a whole game through the protocol; the referee
/// is nim-core, which checks every move.
#[test]
fn two_engines_play_a_game_refereed_by_the_rules() {
    let mut engines = [
        Engine::start(&["engine", "nim", "--seed", "1"]),
        Engine::start(&["engine", "nim", "--seed", "2"]),
    ];
    engines[0].send("setoption name Level value hard");
    engines[1].send("setoption name Level value medium");
    for e in engines.iter_mut() {
        e.send("setoption name Rows value 3,5,7,9");
        e.send("uginewgame");
    }
    let mut referee = Position::new(&[3, 5, 7, 9], nim_core::Rule::Normal, Player::First).unwrap();
    let mut moves: Vec<String> = Vec::new();
    while !referee.is_over() {
        let side = referee.to_move().index();
        let e = &mut engines[side];
        if moves.is_empty() {
            e.send("position startpos");
        } else {
            e.send(&format!("position startpos moves {}", moves.join(" ")));
        }
        e.send("go movetime 100");
        let best = e.until("bestmove").pop().unwrap();
        let mv = best.trim_start_matches("bestmove ");
        referee
            .play(Move::from_notation(mv).expect("notation"))
            .unwrap_or_else(|err| panic!("illegal move {mv}: {err}"));
        moves.push(mv.to_string());
        assert!(moves.len() <= 24);
    }
    // 3^5^7^9 = 8: player 1 (Hard) starts in a won position and keeps it.
    assert_eq!(referee.winner(), Some(Player::First));
    for e in engines.iter_mut() {
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        e.send("query result");
        assert_eq!(e.until("response"), vec!["response p1win"]);
    }
    let [a, b] = engines;
    a.quit();
    b.quit();
}

#[test]
fn timbiriche_session_with_position_strings() {
    let mut e = Engine::start(&["engine", "timbiriche"]);
    e.send("ugi");
    let hello = e.until("ugiok");
    assert!(hello[0].starts_with("id name games-timbiriche"));
    assert!(hello.contains(&"option name Hash type spin default 32 min 1 max 1048576".to_string()));
    e.send("setoption name Hash value 1");
    e.send("setoption name Size value 2x2");
    e.send("uginewgame");
    e.send("position startpos moves a1-b1");
    e.send("query fen");
    assert_eq!(e.until("response"), vec!["response 2x2 a1-b1 .... 0:0 2"]);
    // Box a1 has three sides: taking it is the proven best for player 2.
    e.send("position fen 2x2 a1-b1,a1-a2,b1-b2 .... 0:0 2");
    e.send("go nodes 100000");
    let best = e.until("bestmove").pop().unwrap();
    assert_eq!(best, "bestmove a2-b2");
    for bad in [
        "position fen 2x2 a1-b1 1... 1:0 1",
        "position startpos moves a1-b2",
        "position startpos moves a1-b1 a1-b1",
        "setoption name Size value 9x9",
        "setoption name Hash value 0",
        "setoption name Hash value lots",
    ] {
        e.send(bad);
        assert_eq!(e.until("info string error:").len(), 1, "{bad}");
    }
    e.send("query fen");
    assert_eq!(
        e.until("response"),
        vec!["response 2x2 a1-b1,a1-a2,b1-b2 .... 0:0 2"]
    );
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.send("stop");
    assert!(e.until("bestmove").pop().unwrap().starts_with("bestmove "));
    e.quit();
}

/// Two dots-and-boxes engines of ours play a 3×3 game through the protocol,
/// refereed by timbiriche-core (extra moves included: the same side is asked again).
#[test]
fn two_timbiriche_engines_play_a_game_refereed_by_the_rules() {
    use timbiriche_core::{notation, BoardSize, GameResult};
    let mut engines = [
        Engine::start(&["engine", "timbiriche", "--seed", "1"]),
        Engine::start(&["engine", "timbiriche", "--seed", "2"]),
    ];
    engines[1].send("setoption name Level value medium");
    let size = BoardSize::SMALL;
    let mut referee = timbiriche_core::Position::standard(size);
    let mut moves: Vec<String> = Vec::new();
    while !referee.is_over() {
        let e = &mut engines[referee.to_move().index()];
        e.send(&format!("position fen {}", referee.to_fen()));
        e.send("go nodes 200000");
        let best = e.until("bestmove").pop().unwrap();
        let text = best.trim_start_matches("bestmove ").to_string();
        let line = notation::parse_line(size, &text).expect("dot notation");
        referee
            .play(line)
            .unwrap_or_else(|err| panic!("illegal line {text}: {err}"));
        moves.push(text);
        assert!(moves.len() <= 24);
    }
    assert_eq!(moves.len(), 24);
    let total = referee.points(Player::First) + referee.points(Player::Second);
    assert_eq!(total, 9);
    for e in engines.iter_mut() {
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        e.send("query gameover");
        assert_eq!(e.until("response"), vec!["response true"]);
        e.send("query result");
        let expected = match referee.result() {
            Some(GameResult::Win(Player::First)) => "response p1win",
            Some(GameResult::Win(Player::Second)) => "response p2win",
            _ => "response draw",
        };
        assert_eq!(e.until("response"), vec![expected]);
    }
    let [a, b] = engines;
    a.quit();
    b.quit();
}

#[test]
fn canicas_session_with_position_strings() {
    use canicas_core::{Rules, Setup, State};
    let mut e = Engine::start(&["engine", "canicas", "--seed", "7"]);
    e.send("ugi");
    let hello = e.until("ugiok");
    assert!(hello[0].starts_with("id name games-canicas"));
    assert!(hello.iter().any(|l| l.starts_with("option name Variant")));
    e.send("uginewgame");
    e.send("position startpos");
    e.send("query fen");
    let dealt = State::new(Rules::FIVE, 7).unwrap();
    assert_eq!(
        e.until("response"),
        vec![format!("response {}", dealt.to_fen())]
    );
    e.send("query p1turn");
    assert_eq!(e.until("response"), vec!["response true"]);

    // Four 1s in row 1 and a fifth reachable: the hint completes the line
    // (the spec's five-in-a-row scores 5 × 1 × 2 = 10).
    // Row 1 `1111.....`, a 2 on i5 (stays after the line), a 1 on a9.
    let mut cells = vec!['.'; 81];
    cells[..4].copy_from_slice(&['1'; 4]);
    cells[4 * 9 + 8] = '2';
    cells[8 * 9] = '1';
    let board: String = cells.into_iter().collect();
    let fen = format!("{board} 234 five 40");
    e.send(&format!("position fen {fen}"));
    e.send("go nodes 200");
    let lines = e.until("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove a9-e1", "{lines:?}");
    assert!(lines[0].starts_with("info nodes"), "{lines:?}");
    // On a position without a deal a move that forms a line can be played...
    e.send(&format!("position fen {fen} moves a9-e1"));
    e.send("query fen");
    let after = e.until("response").pop().unwrap();
    let setup = Setup::from_fen(after.trim_start_matches("response ")).unwrap();
    assert_eq!(setup.score, 50);
    assert_eq!(setup.board.marble_count(), 1);
    // ... one that brings marbles cannot (nobody knows where they land),
    // and bad lines leave the last good position.
    for bad in [
        format!("position fen {fen} moves a9-b9"),
        format!("position fen {fen} moves a1-a9"),
        format!("position fen {fen} moves e5-e6"),
        format!("position fen {fen} moves z1-a1"),
        "position fen 1111 234 five 0".to_string(),
        format!("position fen {board} 238 five 0"),
        format!("position fen {} 1 7", dealt.to_fen()),
        "setoption name Variant value six".to_string(),
        "setoption name Nodes value 0".to_string(),
    ] {
        e.send(&bad);
        assert_eq!(e.until("info string error:").len(), 1, "{bad}");
    }
    e.send("query fen");
    assert_eq!(e.until("response"), vec![after.clone()]);

    // A full board: over, and `bestmove none`.
    let full = "1234567".repeat(12)[..81].to_string();
    e.send(&format!("position fen {full} 123 five 0"));
    e.send("query gameover");
    assert_eq!(e.until("response"), vec!["response true"]);
    e.send("go");
    assert_eq!(e.until("bestmove"), vec!["bestmove none"]);

    // `stop` during `go infinite` answers with a legal move.
    e.send(&format!("position fen {}", dealt.to_fen()));
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    let sent = Instant::now();
    e.send("stop");
    let best = e.until("bestmove").pop().unwrap();
    eprintln!("canicas stop -> bestmove: {:?}", sent.elapsed());
    let mv = canicas_core::parse_move(best.trim_start_matches("bestmove "), 9).unwrap();
    assert!(dealt.check(mv).is_ok(), "{best}");
    e.quit();
}

#[test]
fn canicas_lines98_option_shows_the_landing_cells_in_position_strings() {
    // Spec, the Lines 98 rule: "With the option on, the engine reports those
    // cells (where each marble of the next bar would land if the board stayed
    // as it is)".
    use canicas_core::{parse_move, Rules, Setup, State};
    let rules = Rules::FIVE.with_landings_shown(true);
    let mut e = Engine::start(&["engine", "canicas", "--seed", "7"]);
    e.send("ugi");
    let hello = e.until("ugiok");
    assert!(
        hello.contains(&"option name Lines98 type check default false".to_string()),
        "{hello:?}"
    );
    e.send("setoption name Lines98 value true");
    e.send("setoption name Variant value five");
    e.send("uginewgame");
    e.send("position startpos");
    e.send("query fen");
    let mut dealt = State::new(rules, 7).unwrap();
    let fen = dealt.to_fen();
    assert!(fen.contains(" five+lines98 ") && fen.contains('@'), "{fen}");
    assert_eq!(e.until("response"), vec![format!("response {fen}")]);
    // The hint answers a legal move; after it the new landing cells are shown.
    e.send("go nodes 50");
    let best = e.until("bestmove").pop().unwrap();
    let text = best.trim_start_matches("bestmove ").to_string();
    dealt.play(parse_move(&text, 9).unwrap()).unwrap();
    e.send(&format!("position startpos moves {text}"));
    e.send("query fen");
    assert_eq!(
        e.until("response"),
        vec![format!("response {}", dealt.to_fen())]
    );
    // Without the deal: what a player sees, read back; no move can be
    // played on it (the landing cells after a move come from the deal).
    let seen = Setup {
        deal: None,
        ..dealt.setup()
    };
    e.send(&format!("position fen {}", seen.to_fen()));
    e.send("query fen");
    assert_eq!(
        e.until("response"),
        vec![format!("response {}", seen.to_fen())]
    );
    let mv = canicas_core::move_text(dealt.legal_moves()[0], 9);
    e.send(&format!("position fen {} moves {mv}", seen.to_fen()));
    let err = e.until("info string error:");
    assert!(err[0].contains("Lines 98"), "{err:?}");
    // Bad values are refused; a string with wrong cells is refused.
    e.send("setoption name Lines98 value maybe");
    assert_eq!(e.until("info string error:").len(), 1);
    let wrong = seen.to_fen().replace("five+lines98", "five");
    e.send(&format!("position fen {wrong}"));
    assert_eq!(e.until("info string error:").len(), 1);
    e.quit();
}

/// Two Color Lines engines of ours take turns on one dealt game through the
/// protocol (position strings with the deal) until it ends; canicas-core
/// referees every move, and both engines agree on the final position.
#[test]
fn two_canicas_engines_play_a_deal_to_the_end() {
    use canicas_core::{parse_move, Rules, State};
    let mut engines = [
        Engine::start(&["engine", "canicas", "--seed", "5"]),
        Engine::start(&["engine", "canicas", "--seed", "5"]),
    ];
    let mut referee = State::new(Rules::FIVE, 5).unwrap();
    let mut moves: Vec<String> = Vec::new();
    while !referee.is_over() {
        assert!(moves.len() < 2000, "the game should end");
        let e = &mut engines[moves.len() % 2];
        e.send(&format!("position fen {}", referee.to_fen()));
        // A small budget: the game ends sooner.
        e.send("go nodes 6");
        let best = e.until("bestmove").pop().unwrap();
        let text = best.trim_start_matches("bestmove ").to_string();
        let mv = parse_move(&text, 9).expect("move notation");
        referee
            .play(mv)
            .unwrap_or_else(|err| panic!("illegal move {text}: {err}"));
        moves.push(text);
    }
    for e in engines.iter_mut() {
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        e.send("query gameover");
        assert_eq!(e.until("response"), vec!["response true"]);
        e.send("query fen");
        assert_eq!(
            e.until("response"),
            vec![format!("response {}", referee.to_fen())]
        );
        e.send("go");
        assert_eq!(e.until("bestmove"), vec!["bestmove none"]);
    }
    let [a, b] = engines;
    a.quit();
    b.quit();
}

#[test]
fn ubgi_session_with_xgid_and_fibs_boards() {
    use backgammon_core::{parse_play, Dice, Position};
    let mut e = Engine::start(&["engine", "backgammon"]);
    e.send("ubgi");
    let hello = e.until("readyok");
    assert_eq!(hello[0], "id name games-backgammon");
    assert!(hello[1].starts_with("id author "));
    assert!(hello[2].starts_with("id version "));
    e.send("isready");
    assert_eq!(e.until("readyok"), vec!["readyok"]);

    // The opening 5-2 as an XGID: the answer is a legal play as from/to pairs.
    let start = Position::start();
    let five_two = Dice::new(5, 2).unwrap();
    e.send(&start.to_xgid(Some(five_two)));
    let mv = e.lines.recv_timeout(Duration::from_secs(30)).unwrap();
    assert!(!mv.contains('*') && !mv.contains('('), "{mv}");
    assert_eq!(mv.split(' ').count(), 2, "{mv}");
    parse_play(&start, five_two, &mv).unwrap_or_else(|e| panic!("{mv}: {e}"));

    // Double sixes from FIBS's own example board: four pairs.
    let fibs = "board:You:someplayer:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:6:6:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:2:0:0:0";
    e.send(fibs);
    let mv = e.lines.recv_timeout(Duration::from_secs(30)).unwrap();
    assert_eq!(mv.split(' ').count(), 4, "{mv}");
    parse_play(&start, Dice::new(6, 6).unwrap(), &mv).unwrap();

    // A checker on the bar against a closed board: no legal move, a blank line.
    let closed = "XGID=-BBBBBBB----------cbbbbbbA:0:0:1:43:0:0:0:0:10";
    let (p, _) = Position::from_xgid(closed).unwrap();
    assert!(backgammon_core::legal_plays(&p, Dice::new(4, 3).unwrap())[0].is_pass());
    e.send(closed);
    assert_eq!(e.lines.recv_timeout(Duration::from_secs(30)).unwrap(), "");

    // Entering from the bar is written `bar/..`.
    let on_bar = "XGID=-b----E-C---eE---c-e----AA:0:0:1:61:0:0:0:0:10";
    let (p, d) = Position::from_xgid(on_bar).unwrap();
    e.send(on_bar);
    let mv = e.lines.recv_timeout(Duration::from_secs(30)).unwrap();
    assert!(mv.starts_with("bar/"), "{mv}");
    parse_play(&p, d.unwrap(), &mv).unwrap();

    // What it cannot read is answered `sorry`, and the engine goes on.
    for bad in [
        "go",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
        "XGID=-b----E-C---eE---c-e----Z-:0:0:1:52:0:0:0:0:10",
        "board:You:x:1",
        "setoption name Level value grandmaster",
    ] {
        e.send(bad);
        assert_eq!(
            e.lines.recv_timeout(Duration::from_secs(30)).unwrap(),
            "sorry",
            "{bad}"
        );
    }
    // `stop` right after a position still gets its (legal) move.
    e.send(&start.to_xgid(Some(five_two)));
    e.send("stop");
    let mv = e.lines.recv_timeout(Duration::from_secs(30)).unwrap();
    parse_play(&start, five_two, &mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    e.send("isready");
    assert_eq!(e.until("readyok"), vec!["readyok"]);
    e.quit();
}

/// Two backgammon engines of ours (Hard and Normal) play a whole game over
/// UBGI, one side sent XGIDs and the other FIBS boards; backgammon-core
/// rolls the dice and referees every move.
#[test]
fn two_ubgi_engines_play_a_game_refereed_by_the_rules() {
    use backgammon_core::{parse_play, Game};
    let mut engines = [
        Engine::start(&["engine", "backgammon", "--level", "hard"]),
        Engine::start(&["engine", "backgammon", "--level", "normal"]),
    ];
    for e in engines.iter_mut() {
        e.send("ubgi");
        e.until("readyok");
    }
    let mut game = Game::new(2026);
    let mut turns = 0;
    while !game.is_over() {
        turns += 1;
        assert!(turns < 1000, "the game should end");
        let Some(dice) = game.dice() else {
            game.roll().unwrap();
            continue;
        };
        let side = game.player_on_roll().index();
        let position = *game.state().position();
        let line = if side == 0 {
            position.to_xgid(Some(dice))
        } else {
            position.to_fibs(Some(dice))
        };
        let e = &mut engines[side];
        e.send(&line);
        let mv = e.lines.recv_timeout(Duration::from_secs(30)).unwrap();
        let play = parse_play(&position, dice, &mv)
            .unwrap_or_else(|err| panic!("illegal move {mv:?} for {line}: {err}"));
        game.play(&play).unwrap();
    }
    assert!(game.result().is_some());
    let [a, b] = engines;
    a.quit();
    b.quit();
}

/// A line of 2 MB (the engines read at most 1 MiB a line) and a line that is
/// not UTF-8, sent to every engine and protocol: each gets one short error
/// line that does not echo it, and the engine goes on answering.
#[test]
fn overlong_and_non_utf8_lines_get_one_short_error_and_the_engine_goes_on() {
    let big = [
        b"position fen ".to_vec(),
        vec![b'x'; 2_000_000],
        b"\n".to_vec(),
    ]
    .concat();
    for game in ["nim", "timbiriche", "canicas"] {
        let mut e = Engine::start(&["engine", game]);
        for bad in [&big[..], b"isready\xff\n"] {
            e.send_bytes(bad);
            let reply = e.next();
            assert!(reply.starts_with("info string error: "), "{game}: {reply}");
            assert!(reply.len() < 300, "{game}: {} bytes", reply.len());
            e.send("isready");
            assert_eq!(e.next(), "readyok", "{game}");
        }
        e.quit();
    }
    // UBGI: `sorry`, then the next line is answered.
    let mut e = Engine::start(&["engine", "backgammon", "--protocol", "ubgi"]);
    for bad in [&big[..], b"isready\xff\n"] {
        e.send_bytes(bad);
        assert_eq!(e.next(), "sorry");
        e.send("isready");
        assert_eq!(e.next(), "readyok");
    }
    e.quit();
    // The line protocol (chosen on the first line, here a bad one too): `error: ...`.
    let mut e = Engine::start(&["engine", "backgammon"]);
    for bad in [&big[..], b"4HPwATDgc/ABMA 3 1\xff\n"] {
        e.send_bytes(bad);
        let reply = e.next();
        assert!(reply.starts_with("error: "), "{reply}");
        assert!(reply.len() < 300, "{} bytes", reply.len());
        e.send("4HPwATDgc/ABMA 3 1");
        assert_eq!(e.next(), "4HPwATCwZ/ABMA");
    }
    e.quit();
}

/// An error that quotes what was sent is cut short, even when the line is
/// within the limit.
#[test]
fn errors_quoting_a_long_line_are_cut_short() {
    let mut e = Engine::start(&["engine", "timbiriche"]);
    e.send(&format!("fly{}", "y".repeat(100_000)));
    let reply = e.next();
    assert!(
        reply.starts_with("info string error: unknown command `flyyy"),
        "{reply}"
    );
    assert!(reply.chars().count() < 300, "{} characters", reply.len());
    e.send("isready");
    assert_eq!(e.next(), "readyok");
    e.quit();
}

/// The `Rows` option is checked as a new game is (`games play nim --rows 0`
/// and `games_nim_new` refuse a board without circles), and a refused value
/// keeps the previous rows.
#[test]
fn nim_rows_option_refuses_a_board_without_circles() {
    let mut e = Engine::start(&["engine", "nim"]);
    for rows in ["0", "0,0,0"] {
        e.send(&format!("setoption name Rows value {rows}"));
        assert_eq!(
            e.next(),
            "info string error: a game needs at least one circle",
            "{rows}"
        );
    }
    e.send("position startpos");
    e.send("query fen");
    assert_eq!(e.next(), "response 3,4,5 normal 1");
    e.quit();
}

/// Each engine's `--help` describes its own `--seed`: only Color Lines deals.
#[test]
fn engine_seed_help_speaks_of_its_own_game() {
    let help = |game: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_games"))
            .args(["engine", game, "--help"])
            .output()
            .expect("games runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    for game in ["nim", "timbiriche"] {
        let text = help(game);
        assert!(text.contains("random choices"), "{game}: {text}");
        assert!(
            !text.contains("Color Lines") && !text.contains("deal"),
            "{game}: {text}"
        );
    }
    assert!(help("canicas").contains("The deal of the game"));
}

/// Errors name lines and boxes in dot notation, never as Rust values
/// (`BoxCoord { row: 0, col: 0 }`).
#[test]
fn timbiriche_errors_use_dot_notation() {
    let mut e = Engine::start(&["engine", "timbiriche"]);
    for (fen, said) in [
        (
            "2x2 a1-b1 1... 1:0 1",
            "the box with top-left dot a1 is owned but not closed, or closed but not owned",
        ),
        ("2x2 a1-b1,a1-b1 .... 0:0 1", "line a1-b1 is listed twice"),
    ] {
        e.send(&format!("position fen {fen}"));
        let reply = e.next();
        assert!(reply.ends_with(said), "{fen}: {reply}");
        assert!(!reply.contains('{'), "{reply}");
    }
    e.quit();
}

/// A board where neither side has a checker left is refused by UBGI and
/// the line protocol ("the first to bear off all 15 wins": no game gets there).
#[test]
fn backgammon_engines_refuse_a_board_without_checkers() {
    let mut e = Engine::start(&["engine", "backgammon", "--protocol", "ubgi"]);
    e.send("XGID=--------------------------:0:0:1:52:0:0:0:0:10");
    assert_eq!(e.next(), "sorry");
    e.quit();
    let mut e = Engine::start(&["engine", "backgammon", "--protocol", "line"]);
    e.send("AAAAAAAAAAAAAA 3 1");
    assert!(e
        .next()
        .starts_with("error: neither side has a checker left"));
    e.quit();
}

/// A finished game is answered with an error by the line protocol, as
/// `games moves backgammon` refuses it: "The first to bear off all 15
/// wins", so there is nothing left to play (it answered with a play of the
/// loser's checkers, or with the position unchanged).
#[test]
fn backgammon_line_protocol_refuses_a_finished_game() {
    let mut off = [0u8; 26];
    off[backgammon_core::OFF] = 15;
    let mut left = [0u8; 26];
    left[24] = 15;
    let mut e = Engine::start(&["engine", "backgammon", "--protocol", "line"]);
    for (on_roll, opponent, who) in [
        (&left, &off, "the opponent"),
        (&off, &left, "the player on roll"),
    ] {
        let id = backgammon_core::Position::from_sides(on_roll, opponent)
            .unwrap()
            .to_gnubg_id();
        e.send(&format!("{id} 3 1"));
        let reply = e.next();
        assert_eq!(
            reply,
            format!(
                "error: the game is over in this position ({who} has borne off all 15 \
                 checkers): there is nothing to play"
            ),
            "{id}"
        );
    }
    // The engine goes on: the next position is answered with a play.
    e.send("4HPwATDgc/ABMA 3 1");
    assert_eq!(e.next().len(), 14);
    e.quit();
}

/// An empty board is refused without a deal as with one: "If a removal
/// leaves the board empty, the next marbles arrive at once (there would be
/// nothing to move)". It was taken as a game not over on which `go`
/// answered `bestmove none` with no reason. The last good position stays.
#[test]
fn canicas_refuses_an_empty_board_in_a_game_not_over() {
    let empty = ".".repeat(81);
    let mut e = Engine::start(&["engine", "canicas"]);
    e.send("position startpos");
    e.send("query fen");
    let start = e.next();
    for fen in [
        format!("{empty} 711 five 0"),
        format!("{empty} 711 five 0 1 5"),
    ] {
        e.send(&format!("position fen {fen}"));
        let reply = e.next();
        assert!(
            reply.starts_with("info string error: ")
                && reply.contains("an empty board in a game not over"),
            "{fen}: {reply}"
        );
        e.send("query fen");
        assert_eq!(e.next(), start);
    }
    // An empty board whose game is over is still read.
    e.send(&format!("position fen {empty} 711 five 0 over"));
    e.send("query gameover");
    assert_eq!(e.next(), "response true");
    e.quit();
}

/// A Color Lines position with a line still on the board is refused: "every
/// line of 5 (or 4) or more marbles ... leaves the board", so no game rests
/// on it. The last good position stays.
#[test]
fn canicas_refuses_a_board_with_a_line_on_it() {
    let mut e = Engine::start(&["engine", "canicas"]);
    let five = format!("11111{}", ".".repeat(76));
    let four = format!("1111{}", ".".repeat(77));
    e.send(&format!("position fen {four} 123 five 0"));
    e.send(&format!("position fen {five} 123 five 0"));
    assert_eq!(
        e.next(),
        "info string error: inconsistent state: a line stays on the board (every line leaves at once)"
    );
    e.send(&format!("position fen {four} 123 four 0"));
    assert!(e.next().contains("a line stays on the board"));
    e.send("query fen");
    assert_eq!(e.next(), format!("response {four} 123 five 0"));
    e.quit();
}

/// A Color Lines score near `u64::MAX` saturates in the engine as it does
/// in a game (`State`'s score): the move that scores is played, the score
/// stays at `u64::MAX`, and the engine answers on (it used to panic on the
/// overflow in a debug build).
#[test]
fn canicas_score_saturates_as_in_a_game() {
    let mut e = Engine::start(&["engine", "canicas"]);
    // e2-e1 completes the line a1-e1 (10 points).
    let board = format!("1111{}1{}2", ".".repeat(9), ".".repeat(66));
    let after = format!("{}2", ".".repeat(80));
    let max = u64::MAX;
    e.send(&format!("position fen {board} 123 five {max} moves e2-e1"));
    e.send("query fen");
    assert_eq!(e.next(), format!("response {after} 123 five {max}"));
    // Below the top, the points add as before.
    e.send(&format!(
        "position fen {board} 123 five {} moves e2-e1",
        max - 10
    ));
    e.send("query fen");
    assert_eq!(e.next(), format!("response {after} 123 five {max}"));
    e.send(&format!(
        "position fen {board} 123 five {} moves e2-e1",
        max - 5
    ));
    e.send("query fen");
    assert_eq!(e.next(), format!("response {after} 123 five {max}"));
    e.quit();
}

/// "The game ends when no cell is free (if fewer cells are free than
/// marbles due, the free cells are filled and the game ends)": a game that
/// ended with free cells (its last marbles formed a line, which left) is
/// over in the engine too, from its position string with or without the
/// deal: `query gameover` says so, `go` has no move and no move is played.
#[test]
fn canicas_a_game_that_ended_with_free_cells_is_over() {
    use canicas_core::{Rules, Setup, State};
    let mut rng = games_common::GameRng::from_seed(1);
    let finished = (0..10_000u64)
        .find_map(|deal| {
            let mut s = State::new(Rules::FOUR, deal).unwrap();
            while let Some(m) = s.random_move(&mut rng) {
                s.play_quiet(m).unwrap();
            }
            (!s.board().is_full()).then_some(s)
        })
        .expect("a game that ends with free cells");
    let seen = Setup {
        deal: None,
        ..finished.setup()
    };
    let mut e = Engine::start(&["engine", "canicas"]);
    for fen in [finished.to_fen(), seen.to_fen()] {
        assert!(fen.ends_with(" over"), "{fen}");
        e.send(&format!("position fen {fen}"));
        e.send("query gameover");
        assert_eq!(e.next(), "response true");
        e.send("query result");
        assert_eq!(e.next(), "response draw");
        e.send("query fen");
        assert_eq!(e.next(), format!("response {fen}"));
        e.send("go nodes 50");
        assert_eq!(e.next(), "bestmove none");
        // A marble moved to a free cell is refused: the game is over.
        let free = (0..81u8)
            .find(|&i| finished.board().is_free(canicas_core::Cell(i)))
            .unwrap();
        let from = (0..81u8)
            .find(|&i| !finished.board().is_free(canicas_core::Cell(i)))
            .unwrap();
        let mv = canicas_core::move_text(
            canicas_core::Move::new(canicas_core::Cell(from), canicas_core::Cell(free)),
            9,
        );
        e.send(&format!("position fen {fen} moves {mv}"));
        assert!(e.next().contains("game-over"));
    }
    e.quit();
}

/// Every engine's `Seed` says `max 9223372036854775807`, and Color Lines'
/// `Nodes` `max 100000000`: a value past the advertised range is refused
/// like any other bad value (it was taken, up to 2^64 − 1), and the old
/// value stays.
#[test]
fn options_past_their_advertised_max_are_refused() {
    let too_big = "9223372036854775808";
    for game in ["nim", "timbiriche", "canicas"] {
        let mut e = Engine::start(&["engine", game]);
        e.send("ugi");
        let options = e.until("ugiok");
        assert!(
            options.contains(
                &"option name Seed type spin default 1 min 0 max 9223372036854775807".into()
            ),
            "{game}: {options:?}"
        );
        e.send("setoption name Seed value 9223372036854775807");
        for value in [too_big, "18446744073709551615"] {
            e.send(&format!("setoption name Seed value {value}"));
            let reply = e.next();
            assert!(
                reply.starts_with(&format!("info string error: `{value}` is not a seed")),
                "{game}: {reply}"
            );
        }
        e.send("isready");
        assert_eq!(e.next(), "readyok", "{game}: no other line");
        e.quit();
    }
    // Color Lines: the deal is the seed; the refused one leaves deal 42.
    let mut e = Engine::start(&["engine", "canicas"]);
    e.send("setoption name Seed value 42");
    e.send(&format!("setoption name Seed value {too_big}"));
    assert!(e.next().starts_with("info string error: "));
    e.send("uginewgame");
    e.send("position startpos");
    e.send("query fen");
    assert!(e.next().ends_with(" five 0 42 5"));
    // `Nodes`: 100000000 is taken, one more is refused and 50 stays.
    e.send("setoption name Nodes value 50");
    e.send("setoption name Nodes value 100000001");
    assert_eq!(
        e.next(),
        "info string error: `100000001` is not a node count: Nodes takes 1 to 100000000"
    );
    e.send("go");
    let answer = e.until("bestmove");
    assert!(answer[0].starts_with("info nodes 50 "), "{answer:?}");
    e.send("setoption name Nodes value 100000000");
    e.send("isready");
    assert_eq!(e.next(), "readyok");
    e.quit();
    // UBGI refuses with `sorry`, as its other bad values.
    let mut e = Engine::start(&["engine", "backgammon", "--protocol", "ubgi"]);
    e.send("ubgi");
    let options = e.until("readyok");
    assert!(
        options
            .contains(&"option name Seed type spin default 1 min 0 max 9223372036854775807".into()),
        "{options:?}"
    );
    e.send("setoption name Seed value 9223372036854775807");
    e.send(&format!("setoption name Seed value {too_big}"));
    assert_eq!(e.next(), "sorry");
    e.send("setoption name Seed value 18446744073709551615");
    assert_eq!(e.next(), "sorry");
    e.send("isready");
    assert_eq!(e.next(), "readyok");
    e.quit();
}

/// An XGID has 10 fields (or the first 5): one with a field lost (9) or
/// one too many (11) is refused with `sorry`, as other positions UBGI
/// cannot read are; it was answered with a move.
#[test]
fn ubgi_refuses_an_xgid_with_a_field_lost_or_one_too_many() {
    let mut e = Engine::start(&["engine", "backgammon", "--protocol", "ubgi"]);
    for bad in [
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10:7",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0",
    ] {
        e.send(bad);
        assert_eq!(e.next(), "sorry", "{bad}");
    }
    // The whole XGID and its first 5 fields are still read.
    for good in [
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:52",
    ] {
        e.send(good);
        assert_eq!(e.next(), "13/8 24/22", "{good}");
    }
    e.quit();
}

/// A documented session: the command's arguments, then each line sent with
/// the lines answered.
type Session = (Vec<&'static str>, Vec<(String, Vec<String>)>);

/// The sessions of `docs/protocols.md`: each ```` ``` ```` block whose
/// lines start with `> ` (what is sent), under the heading of its engine.
fn protocol_sessions() -> Vec<Session> {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/protocols.md"),
    )
    .expect("docs/protocols.md");
    let mut sessions = Vec::new();
    let mut args: Vec<&'static str> = Vec::new();
    let mut block: Option<Vec<&str>> = None;
    for line in doc.lines() {
        match block.as_mut() {
            None if line.starts_with('#') => {
                args = match line.trim_start_matches('#').trim() {
                    "Nim" => vec!["engine", "nim"],
                    "Dots and boxes" => vec!["engine", "timbiriche"],
                    "Color Lines" => vec!["engine", "canicas"],
                    l if l.starts_with("UBGI") => vec!["engine", "backgammon"],
                    _ => args.clone(),
                };
            }
            None if line == "```" => block = Some(Vec::new()),
            None => {}
            Some(lines) if line == "```" => {
                // A session starts with what the GUI sends.
                if lines.first().is_some_and(|l| l.starts_with("> ")) {
                    let mut steps: Vec<(String, Vec<String>)> = Vec::new();
                    for l in lines.iter() {
                        match (l.strip_prefix("> "), steps.last_mut()) {
                            (Some(command), _) => steps.push((command.to_string(), Vec::new())),
                            (None, Some((_, answers))) => answers.push(l.to_string()),
                            (None, None) => {}
                        }
                    }
                    sessions.push((args.clone(), steps));
                }
                block = None;
            }
            Some(lines) => lines.push(line),
        }
    }
    sessions
}

/// `info ... time N ...` with N written as `T` (and `nodes N` too if asked).
fn masked(line: &str, nodes: bool) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let after = i.checked_sub(1).map(|j| words[j]);
        let hide = line.starts_with("info ")
            && (after == Some("time") || (nodes && after == Some("nodes")));
        out.push(if hide { "T" } else { w });
    }
    out.join(" ")
}

/// Each session, sent to the engine of its section: every line the engine
/// answers must be the one written after the command, but for the `time` of
/// `info` lines (and the `nodes` answered to `go infinite`, which depend on
/// when `stop` arrives); the engine writes nothing more.
#[test]
fn the_sessions_of_docs_protocols_md_are_what_the_engines_answer() {
    let sessions = protocol_sessions();
    // Nim, dots and boxes, Color Lines and UBGI each show one.
    assert_eq!(sessions.len(), 4, "{sessions:?}");
    for (args, steps) in sessions {
        let mut e = Engine::start(&args);
        let mut quit = false;
        for (command, answers) in &steps {
            e.send(command);
            // The answer to `go infinite` comes after `stop`.
            let after_stop = command == "stop";
            for expected in answers {
                let got = e.next();
                assert_eq!(
                    masked(&got, after_stop),
                    masked(expected, after_stop),
                    "{args:?}: after `{command}`"
                );
            }
            quit = command == "quit";
        }
        assert!(quit, "{args:?}: the session ends with quit");
        let status = e.child.wait().expect("engine exits");
        assert!(status.success());
        let rest: Vec<String> = e.lines.iter().collect();
        assert!(
            rest.is_empty(),
            "{args:?}: more than the document says: {rest:?}"
        );
    }
}
