//! Arbitrary bytes into each protocol loop (UGI for Nim, dots and boxes and
//! Color Lines; UBGI and the line protocol for backgammon): it must neither panic nor hang (at the
//! end of input a running search is stopped).
#![no_main]

use std::io::{Cursor, Write};
use std::sync::{Arc, Mutex};

use backgammon_core::Level;
use games_cli::engine::{
    backgammon, canicas::CanicasEngine, nim::NimEngine, timbiriche::TimbiricheEngine, ubgi, ugi,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // `go infinite` waits for `stop` or the end of input; cap the number of lines.
    let text: Vec<u8> = data
        .split(|&b| b == b'\n')
        .take(64)
        .flat_map(|l| l.iter().copied().chain(*b"\n"))
        .collect();
    let out: Arc<Mutex<dyn Write + Send>> = Arc::new(Mutex::new(Vec::<u8>::new()));
    ugi::run(
        NimEngine::new(1),
        "fuzz",
        &mut Cursor::new(text.clone()),
        Arc::clone(&out),
    );
    // Small boards and a node cap keep each search short.
    let mut engine = TimbiricheEngine::new(1);
    let _ = ugi::UgiGame::set_option(&mut engine, "Size", "2x2");
    ugi::run(
        engine,
        "fuzz",
        &mut Cursor::new(text.clone()),
        Arc::clone(&out),
    );
    let mut engine = CanicasEngine::new(1);
    let _ = ugi::UgiGame::set_option(&mut engine, "Nodes", "20");
    ugi::run(
        engine,
        "fuzz",
        &mut Cursor::new(text.clone()),
        Arc::clone(&out),
    );
    // Normal (1-ply) keeps each backgammon answer short.
    ubgi::run(
        Level::Normal,
        1,
        "fuzz",
        &mut Cursor::new(text.clone()),
        Arc::clone(&out),
    );
    // The line protocol, and the choice between the two on the first line.
    backgammon::run_line(
        Level::Normal,
        1,
        &mut Cursor::new(text.clone()),
        &mut Vec::new(),
    );
    backgammon::serve(
        backgammon::Protocol::Auto,
        Level::Normal,
        1,
        "fuzz",
        &mut Cursor::new(text),
        &mut Vec::new(),
        out,
    );
});
