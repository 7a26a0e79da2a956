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
    assert!(e.until("ugiok")[0].starts_with("id name games-timbiriche"));
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
