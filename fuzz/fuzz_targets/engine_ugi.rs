//! Arbitrary bytes into each protocol loop (UGI for Nim, dots and boxes and
//! Color Lines; UBGI and the line protocol for backgammon): it must neither
//! panic nor hang (at the end of input a running search is stopped), and
//! its answers are checked:
//!
//! - every answer line is one of its protocol's kinds of line and at most
//!   [`MAX_ANSWER`] bytes long;
//! - UGI: every `bestmove` is legal in the position it was asked for (each
//!   engine is wrapped in [`Checked`], which plays the move on a copy of
//!   the position; for a Color Lines position without its deal, on the bare
//!   board);
//! - UBGI: the k-th move line answers the k-th position line the engine
//!   read, and is a legal play there (blank only when there is none);
//! - the line protocol: one answer per request line, and a Position ID
//!   answer is the result of a legal play of that position and roll.
#![no_main]

use std::io::{Cursor, Write};
use std::sync::{Arc, Mutex};

use backgammon_core::{legal_plays, parse_play, Level, Position};
use canicas_core::{apply_on_board, parse_move};
use games_cli::engine::canicas::{CanicasEngine, CanicasPosition};
use games_cli::engine::ugi::{Limits, Search, UgiGame, UgiRules};
use games_cli::engine::{backgammon, nim::NimEngine, timbiriche::TimbiricheEngine, ubgi, ugi};
use libfuzzer_sys::fuzz_target;

/// The longest answer line an engine may write (error sentences are cut at
/// 200 characters; position strings and `info` lines are shorter).
const MAX_ANSWER: usize = 1024;

/// A UGI game whose searches check their own answer: `referee` says whether
/// the `bestmove` is legal in the position searched.
struct Checked<G: UgiGame> {
    inner: G,
    referee: fn(&G::State, &str) -> Result<(), String>,
}

impl<G> UgiGame for Checked<G>
where
    G: UgiGame + Send + 'static,
    G::State: Send + 'static,
{
    type State = G::State;
    fn name(&self) -> String {
        self.inner.name()
    }
    fn options(&self) -> Vec<String> {
        self.inner.options()
    }
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        self.inner.set_option(name, value)
    }
    fn new_game(&mut self) {
        self.inner.new_game();
    }
    fn start(&self) -> Result<G::State, String> {
        self.inner.start()
    }
    fn search(&mut self, state: &G::State, limits: Limits) -> Search {
        let search = self.inner.search(state, limits);
        let referee = self.referee;
        let position = state.clone();
        Box::new(move |cancel| {
            let answer = search(cancel)?;
            if let Err(e) = referee(&position, &answer.best) {
                panic!("bestmove {} is not legal: {e}", answer.best);
            }
            Some(answer)
        })
    }
}

/// Output shared with the engine's search thread, read back afterwards.
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("output").extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Run `serve` with shared output; the answer lines.
fn answers(serve: impl FnOnce(ugi::Out)) -> Vec<String> {
    let bytes = Arc::new(Mutex::new(Vec::new()));
    serve(Arc::new(Mutex::new(Shared(Arc::clone(&bytes)))));
    let bytes = bytes.lock().expect("output").clone();
    let text = String::from_utf8(bytes).expect("answers are UTF-8");
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    for line in &lines {
        assert!(line.len() <= MAX_ANSWER, "{} bytes: {line:.80}", line.len());
    }
    lines
}

fn check_ugi_lines(lines: &[String]) {
    const KINDS: [&str; 8] = [
        "id name ",
        "id author ",
        "option name ",
        "ugiok",
        "readyok",
        "info ",
        "bestmove ",
        "response ",
    ];
    for line in lines {
        assert!(
            KINDS.iter().any(|k| line.starts_with(k)),
            "not a UGI answer: {line:?}"
        );
    }
}

/// Play `mv` on a copy of `state` (playing a move depends only on the
/// position, not on the engine's options).
fn plays<S: UgiRules>(state: &S, mv: &str) -> Result<(), String> {
    state.clone().play_text(mv)
}

/// Color Lines: a position with its deal plays the move; a position without
/// one cannot play a move that brings marbles (the engine says so), so the
/// move is checked on the bare board.
fn canicas_legal(state: &CanicasPosition, mv: &str) -> Result<(), String> {
    match state {
        CanicasPosition::Game(_) => plays(state, mv),
        CanicasPosition::Seen(setup) => {
            let mv = parse_move(mv, setup.rules.size).map_err(|e| e.to_string())?;
            match apply_on_board(&setup.board, &setup.rules, mv).error {
                None => Ok(()),
                Some(e) => Err(e),
            }
        }
    }
}

fn ugi_game<G>(inner: G, referee: fn(&G::State, &str) -> Result<(), String>, text: &[u8])
where
    G: UgiGame + Send + 'static,
    G::State: Send + 'static,
{
    let lines = answers(|out| {
        ugi::run(
            Checked { inner, referee },
            "fuzz",
            &mut Cursor::new(text.to_vec()),
            out,
        );
    });
    check_ugi_lines(&lines);
}

/// The position lines UBGI answers with a move line, in order (the engine's
/// own reading: a line that is not a command and reads as a position).
fn ubgi_requests(text: &[u8]) -> Vec<(Position, backgammon_core::Dice)> {
    let mut out = Vec::new();
    for raw in text.split(|&b| b == b'\n') {
        let Ok(line) = std::str::from_utf8(raw) else {
            continue;
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => continue,
            ["quit", ..] => break,
            ["ubgi" | "isready" | "stop" | "setoption", ..] => continue,
            ["newgame" | "ubginewgame"] => continue,
            _ => {}
        }
        if let Ok(request) = ubgi::parse_position_line(line) {
            out.push(request);
        }
    }
    out
}

fn check_ubgi(text: &[u8]) {
    let lines = answers(|out| {
        ubgi::run(
            Level::Normal,
            1,
            "fuzz",
            &mut Cursor::new(text.to_vec()),
            out,
        )
    });
    let requests = ubgi_requests(text);
    let mut moves = 0;
    for line in &lines {
        let known = ["id name ", "id author ", "id version ", "option name "]
            .iter()
            .any(|k| line.starts_with(k))
            || line == "readyok"
            || line == "sorry";
        if known {
            continue;
        }
        let Some((position, dice)) = requests.get(moves) else {
            panic!("a move line with no position asked: {line:?}");
        };
        moves += 1;
        if line.is_empty() {
            let plays = legal_plays(position, *dice);
            assert!(
                position.outcome().is_some() || plays.iter().all(|p| p.is_pass()),
                "a blank answer where {line:?} had plays"
            );
        } else if let Err(e) = parse_play(position, *dice, line) {
            panic!("UBGI answered {line:?}, not a legal play: {e}");
        }
    }
    assert_eq!(moves, requests.len(), "every position gets one answer");
}

fn check_line_protocol(text: &[u8]) {
    let mut output = Vec::new();
    backgammon::run_line(
        Level::Normal,
        1,
        &mut Cursor::new(text.to_vec()),
        &mut output,
    );
    let answers = String::from_utf8(output).expect("answers are UTF-8");
    let mut answers = answers.lines();
    for raw in text.split(|&b| b == b'\n') {
        let line = std::str::from_utf8(raw).ok();
        let words: Vec<&str> = line
            .map(|l| l.split_whitespace().collect())
            .unwrap_or_default();
        if line.is_some() && words.is_empty() {
            continue;
        }
        if words == ["quit"] {
            break;
        }
        let answer = answers.next().expect("one answer per request line");
        assert!(answer.len() <= MAX_ANSWER, "{} bytes", answer.len());
        if answer.starts_with("error: ") {
            continue;
        }
        let [id, d1, d2] = words.as_slice() else {
            panic!("{answer:?} answers a line that is not a request: {line:?}");
        };
        let position = Position::from_gnubg_id(id).expect("an answered position reads");
        let dice =
            backgammon_core::Dice::new(d1.parse().expect("a die"), d2.parse().expect("a die"))
                .expect("answered dice");
        assert!(
            legal_plays(&position, dice)
                .iter()
                .any(|p| p.result().to_gnubg_id() == answer),
            "{answer} is not the result of a legal play of {id} {d1} {d2}"
        );
    }
    assert_eq!(answers.next(), None, "no answer without a request");
}

fuzz_target!(|data: &[u8]| {
    // `go infinite` waits for `stop` or the end of input; cap the number of lines.
    let text: Vec<u8> = data
        .split(|&b| b == b'\n')
        .take(64)
        .flat_map(|l| l.iter().copied().chain(*b"\n"))
        .collect();
    ugi_game(NimEngine::new(1), plays, &text);
    // Small boards and a node cap keep each search short.
    let mut engine = TimbiricheEngine::new(1);
    let _ = engine.set_option("Size", "2x2");
    ugi_game(engine, plays, &text);
    let mut engine = CanicasEngine::new(1);
    let _ = engine.set_option("Nodes", "20");
    ugi_game(engine, canicas_legal, &text);
    // Normal (1-ply) keeps each backgammon answer short.
    check_ubgi(&text);
    // The line protocol, and the choice between the two on the first line.
    check_line_protocol(&text);
    backgammon::serve(
        backgammon::Protocol::Auto,
        Level::Normal,
        1,
        "fuzz",
        &mut Cursor::new(text),
        &mut Vec::new(),
        Arc::new(Mutex::new(Vec::<u8>::new())),
    );
});
