//! The UGI loop: `ugi`, `isready`, `setoption`, `uginewgame`, `position`,
//! `go`, `stop`, `query`, `quit`. The search runs on its own thread, so
//! `stop` and `isready` are answered while it thinks.
//!
//! A malformed or out-of-order line never ends the engine: it is answered
//! with `info string error: ...` and the last good state is kept. So is a
//! line that is not UTF-8 or longer than [`super::lines::MAX_LINE`] bytes
//! (read in chunks and discarded, never echoed).

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use games_common::{Actor, Budget, CancelFlag, Playable, Player};

use super::lines::{shorten, Line, Lines};

/// What `go` asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The budget for the search (time and/or nodes).
    pub budget: Budget,
    /// `go depth N`: the deepest iteration, for searches that have depths.
    pub depth: Option<u32>,
    /// `go infinite`: answer only after `stop`.
    pub infinite: bool,
}

/// What a search reports with its move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answer {
    /// The best move, in the game's notation.
    pub best: String,
    /// Nodes searched.
    pub nodes: u64,
    /// Depth reached, where the search has depths.
    pub depth: Option<u32>,
    /// `cp N` or `mate N`, from the mover's side, where the search has one.
    pub score: Option<String>,
    /// Principal variation, in the game's notation.
    pub pv: Vec<String>,
}

/// A search to run on the engine's thread: it gets the cancel flag.
pub type Search = Box<dyn FnOnce(&CancelFlag) -> Option<Answer> + Send>;

/// One game's side of the protocol, built on its crate's API.
pub trait UgiGame {
    /// A position with everything the game needs (rows, board, scores...),
    /// and its rules for the protocol ([`UgiRules`]: every game on the
    /// `Playable` trait has them).
    type State: UgiRules;
    /// `id name` line.
    fn name(&self) -> String;
    /// `option ...` lines (without the leading `option `).
    fn options(&self) -> Vec<String>;
    /// `setoption name NAME value VALUE`.
    ///
    /// # Errors
    /// A sentence for `info string error:` when the option or value is unknown.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String>;
    /// `uginewgame`: forget anything kept between moves, reseed.
    fn new_game(&mut self);
    /// `position startpos`, with the current options.
    ///
    /// # Errors
    /// A sentence when the options do not make a valid start.
    fn start(&self) -> Result<Self::State, String>;
    /// Prepare the search of `state` within `limits`.
    fn search(&mut self, state: &Self::State, limits: Limits) -> Search;
}

/// The rules side of the protocol: position strings, moves in the game's
/// notation, the end and the result. Every game on the `Playable` trait of
/// `games-common` has them through the blanket implementation below (its
/// state string is the position string, its move text the notation), so the
/// UGI loop runs any such game; a state that is not a `Playable` (Color
/// Lines' engine also takes boards seen without their deal) writes its own.
pub trait UgiRules: Clone {
    /// `position fen ...`.
    ///
    /// # Errors
    /// A sentence when the string is not a valid position.
    fn parse_fen(fen: &str) -> Result<Self, String>;
    /// The position string (round-trips with [`UgiRules::parse_fen`]).
    fn to_fen(&self) -> String;
    /// Play one move written in the game's notation.
    ///
    /// # Errors
    /// A sentence when the move is malformed or illegal; the state is unchanged.
    fn play_text(&mut self, mv: &str) -> Result<(), String>;
    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// Whether player 1 is to move.
    fn p1_to_move(&self) -> bool;
    /// `p1win`, `p2win`, `draw`, or `none` while the game goes on.
    fn result(&self) -> &'static str;
}

impl<G: Playable> UgiRules for G {
    fn parse_fen(fen: &str) -> Result<G, String> {
        G::parse_state(fen).map_err(|e| e.to_string())
    }

    fn to_fen(&self) -> String {
        self.state_string()
    }

    fn play_text(&mut self, mv: &str) -> Result<(), String> {
        let mv = self.parse_move(mv).map_err(|e| e.to_string())?;
        Playable::play(self, mv).map_err(|e| e.to_string())
    }

    fn is_over(&self) -> bool {
        self.is_terminal()
    }

    fn p1_to_move(&self) -> bool {
        self.actor() == Actor::Player(Player::First)
    }

    fn result(&self) -> &'static str {
        let [p1, p2] = self.returns();
        if !self.is_terminal() {
            "none"
        } else if p1 > p2 {
            "p1win"
        } else if p2 > p1 {
            "p2win"
        } else {
            "draw"
        }
    }
}

/// The `option` line of the `Misere` check every two-player game offers.
pub const MISERE_OPTION: &str = "name Misere type check default false";
/// The largest `Seed` an engine takes: `i64::MAX`, the largest spin value
/// a GUI that reads spins as signed 64-bit numbers can send.
pub const SEED_MAX: u64 = i64::MAX as u64;
/// The `option` line of the `Seed` every engine offers (its `max` is
/// [`SEED_MAX`]).
pub const SEED_OPTION: &str = "name Seed type spin default 1 min 0 max 9223372036854775807";

/// The value of a `check` option: `true` or `false`.
///
/// # Errors
/// A sentence naming the option for anything else.
pub fn parse_check(name: &str, value: &str) -> Result<bool, String> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("{name} is true or false")),
    }
}

/// The value of the `Seed` option: a whole number from 0 to [`SEED_MAX`],
/// the range its `option` line advertises.
///
/// # Errors
/// A sentence when it is not a whole number in that range.
pub fn parse_seed(value: &str) -> Result<u64, String> {
    value
        .parse()
        .ok()
        .filter(|seed| *seed <= SEED_MAX)
        .ok_or_else(|| {
            format!("`{value}` is not a seed: Seed takes a whole number from 0 to {SEED_MAX}")
        })
}

/// Where an engine writes: shared with its search thread.
pub type Out = Arc<Mutex<dyn Write + Send>>;

/// Write one line and flush it.
pub fn send(out: &Out, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

struct Running {
    thread: JoinHandle<()>,
    cancel: CancelFlag,
    /// Set by the search thread just before it sends `bestmove`, so a command
    /// that follows `bestmove` is never refused as "while searching".
    answered: Arc<AtomicBool>,
}

impl Running {
    fn stop(self) {
        self.cancel.cancel();
        let _ = self.thread.join();
    }
}

/// Parse `go ...` into limits; `p1time`/`p2time` (and `wtime`/`btime`) give a
/// twentieth of the mover's clock plus half its increment.
pub fn parse_go(words: &[&str], p1_to_move: bool) -> Result<Limits, String> {
    let mut limits = Limits::default();
    let mut clock: [Option<u64>; 2] = [None, None];
    let mut inc: [u64; 2] = [0, 0];
    let mut i = 0;
    let number = |i: usize| -> Result<u64, String> {
        words
            .get(i + 1)
            .and_then(|w| w.parse::<u64>().ok())
            .ok_or_else(|| {
                format!(
                    "`go {}` needs a whole number after it",
                    words.get(i).unwrap_or(&"")
                )
            })
    };
    while i < words.len() {
        match words[i] {
            "infinite" => {
                limits.infinite = true;
                i += 1;
                continue;
            }
            "movetime" => limits.budget.max_time = Some(Duration::from_millis(number(i)?)),
            "nodes" => limits.budget.max_nodes = Some(number(i)?),
            "depth" => {
                limits.depth = Some(u32::try_from(number(i)?).map_err(|_| "depth is too large")?)
            }
            "p1time" | "wtime" => clock[0] = Some(number(i)?),
            "p2time" | "btime" => clock[1] = Some(number(i)?),
            "p1inc" | "winc" => inc[0] = number(i)?,
            "p2inc" | "binc" => inc[1] = number(i)?,
            "movestogo" => {
                number(i)?;
            }
            other => return Err(format!("unknown `go` parameter `{other}`")),
        }
        i += 2;
    }
    let side = usize::from(!p1_to_move);
    if limits.budget.max_time.is_none() {
        if let Some(ms) = clock[side] {
            limits.budget.max_time = Some(Duration::from_millis(ms / 20 + inc[side] / 2));
        }
    }
    Ok(limits)
}

/// Run the protocol until `quit` or the end of input.
pub fn run<G: UgiGame>(mut game: G, author: &str, input: &mut dyn BufRead, out: Out) {
    let mut state: Option<G::State> = game.start().ok();
    let mut running: Option<Running> = None;
    let mut lines = Lines::new(input);
    while let Some(next) = lines.next_line() {
        let line = match next {
            Line::Text(text) => text,
            bad => {
                let problem = bad.problem().unwrap_or_default();
                send(&out, &format!("info string error: {problem}"));
                continue;
            }
        };
        if running
            .as_ref()
            .is_some_and(|r| r.answered.load(Ordering::SeqCst))
        {
            if let Some(r) = running.take() {
                let _ = r.thread.join();
            }
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, rest)) = words.split_first() else {
            continue;
        };
        let searching = running.is_some();
        let error = |message: &str| send(&out, &format!("info string error: {}", shorten(message)));
        match command {
            "ugi" => {
                send(&out, &format!("id name {}", game.name()));
                send(&out, &format!("id author {author}"));
                for option in game.options() {
                    send(&out, &format!("option {option}"));
                }
                send(&out, "ugiok");
            }
            "isready" => send(&out, "readyok"),
            "quit" => break,
            "stop" => {
                if let Some(r) = running.take() {
                    r.stop();
                }
            }
            "query" => {
                let Some(s) = state.as_ref() else {
                    error("no position: send `position` first");
                    continue;
                };
                match rest {
                    ["gameover"] => send(&out, &format!("response {}", s.is_over())),
                    ["p1turn"] => send(&out, &format!("response {}", s.p1_to_move())),
                    ["result"] => send(&out, &format!("response {}", s.result())),
                    ["fen"] => send(&out, &format!("response {}", s.to_fen())),
                    _ => error("query takes gameover, p1turn, result or fen"),
                }
            }
            _ if searching => error(&format!("`{command}` while searching: send `stop` first")),
            "setoption" => match parse_setoption(rest) {
                Some((name, value)) => {
                    if let Err(e) = game.set_option(&name, &value) {
                        error(&e);
                    }
                }
                None => error("write `setoption name NAME value VALUE`"),
            },
            "uginewgame" => {
                game.new_game();
                match game.start() {
                    Ok(s) => state = Some(s),
                    Err(e) => error(&e),
                }
            }
            "position" => match parse_position(&game, rest) {
                Ok(s) => state = Some(s),
                Err(e) => error(&e),
            },
            "go" => {
                let Some(s) = state.as_ref() else {
                    error("no position: send `position` first");
                    continue;
                };
                if s.is_over() {
                    send(&out, "bestmove none");
                    continue;
                }
                let limits = match parse_go(rest, s.p1_to_move()) {
                    Ok(l) => l,
                    Err(e) => {
                        error(&e);
                        continue;
                    }
                };
                let search = game.search(s, limits);
                let cancel = CancelFlag::new();
                let flag = cancel.clone();
                let out = Arc::clone(&out);
                let answered = Arc::new(AtomicBool::new(false));
                let answered_flag = Arc::clone(&answered);
                let thread = std::thread::spawn(move || {
                    let started = Instant::now();
                    let answer = search(&flag);
                    if limits.infinite {
                        // UGI: after `go infinite` the move comes only after `stop`.
                        while !flag.is_cancelled() {
                            std::thread::sleep(Duration::from_millis(1));
                        }
                    }
                    answered_flag.store(true, Ordering::SeqCst);
                    match answer {
                        Some(a) => {
                            let mut info = format!(
                                "info nodes {} time {}",
                                a.nodes,
                                started.elapsed().as_millis()
                            );
                            if let Some(d) = a.depth {
                                info.push_str(&format!(" depth {d}"));
                            }
                            if let Some(score) = &a.score {
                                info.push_str(&format!(" score {score}"));
                            }
                            if !a.pv.is_empty() {
                                info.push_str(&format!(" pv {}", a.pv.join(" ")));
                            }
                            send(&out, &info);
                            send(&out, &format!("bestmove {}", a.best));
                        }
                        None => send(&out, "bestmove none"),
                    }
                });
                running = Some(Running {
                    thread,
                    cancel,
                    answered,
                });
            }
            other => error(&format!("unknown command `{other}`")),
        }
    }
    if let Some(r) = running.take() {
        r.stop();
    }
}

/// `name A B value C D` → ("A B", "C D"); the value may be empty.
fn parse_setoption(words: &[&str]) -> Option<(String, String)> {
    let ["name", rest @ ..] = words else {
        return None;
    };
    let split = rest.iter().position(|w| *w == "value");
    let (name, value) = match split {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    if name.is_empty() {
        return None;
    }
    Some((name.join(" "), value.join(" ")))
}

/// `startpos [moves ...]` or `fen <string> [moves ...]`, built on a copy so
/// that an error keeps the previous position.
fn parse_position<G: UgiGame>(game: &G, words: &[&str]) -> Result<G::State, String> {
    let moves_at = words.iter().position(|w| *w == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let mut state = match head {
        ["startpos"] => game.start()?,
        ["fen", fen @ ..] if !fen.is_empty() => G::State::parse_fen(&fen.join(" "))?,
        _ => {
            return Err(
                "write `position startpos [moves ...]` or `position fen <string> [moves ...]`"
                    .into(),
            )
        }
    };
    for mv in moves {
        state
            .play_text(mv)
            .map_err(|e| format!("move `{mv}`: {e}"))?;
    }
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use games_common::search::flat_monte_carlo;
    use games_common::GameRng;

    /// An engine written against the `Playable` trait alone: the rules come
    /// from the blanket `UgiRules`, the search is the generic flat Monte
    /// Carlo of games-common. Nothing in it knows which game it plays.
    struct TraitEngine<G> {
        start: G,
    }

    impl<G: Playable + Send + 'static> UgiGame for TraitEngine<G> {
        type State = G;
        fn name(&self) -> String {
            format!("trait-{}", G::NAME)
        }
        fn options(&self) -> Vec<String> {
            Vec::new()
        }
        fn set_option(&mut self, name: &str, _: &str) -> Result<(), String> {
            Err(format!("unknown option `{name}`"))
        }
        fn new_game(&mut self) {}
        fn start(&self) -> Result<G, String> {
            Ok(self.start.clone())
        }
        fn search(&mut self, state: &G, limits: Limits) -> Search {
            let state = state.clone();
            Box::new(move |cancel| {
                let mut rng = GameRng::from_seed(1);
                let found = flat_monte_carlo(&state, limits.budget, cancel, &mut rng)?;
                Some(Answer {
                    best: state.move_text(found.mv),
                    nodes: found.stats.nodes,
                    ..Answer::default()
                })
            })
        }
    }

    /// Input fed line by line from the test, as a GUI would.
    struct Feed(std::sync::mpsc::Receiver<Vec<u8>>, Vec<u8>);

    impl std::io::Read for Feed {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.1.is_empty() {
                match self.0.recv() {
                    Ok(bytes) => self.1 = bytes,
                    Err(_) => return Ok(0),
                }
            }
            let n = buf.len().min(self.1.len());
            buf[..n].copy_from_slice(&self.1[..n]);
            self.1.drain(..n);
            Ok(n)
        }
    }

    /// Runs `script` through the loop, one line at a time; after a `go`
    /// line it waits for the `bestmove`, as a GUI does. What the engine wrote.
    fn session<G: Playable + Send + 'static>(start: G, script: &[&str]) -> String {
        let buffer = Arc::new(Mutex::new(Vec::<u8>::new()));
        let out: Out = buffer.clone();
        let (send_line, lines) = std::sync::mpsc::channel();
        let engine = std::thread::spawn(move || {
            let mut input = std::io::BufReader::new(Feed(lines, Vec::new()));
            run(TraitEngine { start }, "test", &mut input, out);
        });
        let written =
            || String::from_utf8(buffer.lock().map(|b| b.clone()).unwrap_or_default()).unwrap();
        for line in script {
            let answers = written().matches("bestmove").count();
            send_line.send(format!("{line}\n").into_bytes()).unwrap();
            if line.starts_with("go") {
                while written().matches("bestmove").count() == answers {
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
        }
        drop(send_line);
        engine.join().unwrap();
        written()
    }

    #[test]
    fn the_loop_runs_any_game_through_the_trait() {
        // Nim: after 3-5 and 2-4 only row 1 is left; the search must take it all.
        let nim = session(
            nim_core::Position::default(),
            &[
                "ugi",
                "position startpos moves 3-5 2-4",
                "query fen",
                "query p1turn",
                "go nodes 300",
                "position startpos moves 3-5 2-4 1-3",
                "query gameover",
                "query result",
                "quit",
            ],
        );
        assert!(nim.contains("id name trait-nim"), "{nim}");
        assert!(
            nim.contains("response 3,0,0 normal 1\nresponse true\n"),
            "{nim}"
        );
        assert!(nim.contains("bestmove 1-3"), "{nim}");
        assert!(nim.contains("response true\nresponse p1win"), "{nim}");
        // Dots and boxes 1×1: the same engine, another game.
        let size = timbiriche_core::BoardSize::new(1, 1).unwrap();
        let dots = session(
            timbiriche_core::Position::standard(size),
            &[
                "ugi",
                "position startpos moves a1-b1 a2-b2 a1-a2",
                "go nodes 100",
                "position startpos moves a1-c1",
                "query result",
                "quit",
            ],
        );
        assert!(dots.contains("bestmove b1-b2"), "the last line: {dots}");
        assert!(dots.contains("info string error: move `a1-c1`"), "{dots}");
        assert!(
            dots.contains("response none"),
            "the last good state is kept: {dots}"
        );
    }

    #[test]
    fn go_parameters() {
        let l = parse_go(&["movetime", "250"], true).unwrap();
        assert_eq!(l.budget.max_time, Some(Duration::from_millis(250)));
        let l = parse_go(&["nodes", "1000", "depth", "3"], true).unwrap();
        assert_eq!((l.budget.max_nodes, l.depth), (Some(1000), Some(3)));
        let l = parse_go(
            &["p1time", "20000", "p2time", "4000", "p2inc", "100"],
            false,
        )
        .unwrap();
        assert_eq!(l.budget.max_time, Some(Duration::from_millis(250)));
        assert!(parse_go(&["infinite"], true).unwrap().infinite);
        assert!(parse_go(&["movetime"], true).is_err());
        assert!(parse_go(&["movetime", "x"], true).is_err());
        assert!(parse_go(&["sideways", "1"], true).is_err());
    }

    #[test]
    fn seeds_are_refused_outside_the_advertised_range() {
        assert!(SEED_OPTION.ends_with(&format!(" min 0 max {SEED_MAX}")));
        assert_eq!(parse_seed("0"), Ok(0));
        assert_eq!(parse_seed(&SEED_MAX.to_string()), Ok(SEED_MAX));
        for bad in ["9223372036854775808", "18446744073709551615", "-1", "x"] {
            assert!(parse_seed(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn setoption_names_and_values_may_have_spaces() {
        assert_eq!(
            parse_setoption(&["name", "Hint", "Budget", "value", "10", "ms"]),
            Some(("Hint Budget".into(), "10 ms".into()))
        );
        assert_eq!(
            parse_setoption(&["name", "Clear"]),
            Some(("Clear".into(), String::new()))
        );
        assert_eq!(parse_setoption(&["value", "3"]), None);
        assert_eq!(parse_setoption(&["name", "value", "3"]), None);
    }
}
