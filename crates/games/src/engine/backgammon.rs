//! `games engine backgammon`: UBGI ([`super::ubgi`]) or the plain line
//! protocol of the backgammon issue (`<Position ID> <d1> <d2>` in, the
//! Position ID after the AI's play out, in the mover's view).

use std::io::{BufRead, Write};

use backgammon_core::{ai_move, Budget, CancelFlag, Dice, GameRng, Level, Position};

use super::ubgi;
use super::ugi::Out;

/// Which protocol to speak.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UBGI when the first line that is not blank is `ubgi`, an XGID or a
    /// FIBS board; the line protocol otherwise.
    Auto,
    /// The line protocol.
    Line,
    /// UBGI.
    Ubgi,
}

/// Whether a first line opens a UBGI session.
fn speaks_ubgi(line: &str) -> bool {
    let t = line.trim();
    t == "ubgi" || t.starts_with("board:") || ubgi::parse_position_line(t).is_ok()
}

/// Serve `protocol` at `level`, seeded with `seed`, until `quit` or the end
/// of input. The line protocol writes to `output`; UBGI to `shared` (its
/// search thread writes too).
pub fn serve(
    protocol: Protocol,
    level: Level,
    seed: u64,
    author: &str,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    shared: Out,
) {
    let mut first = String::new();
    let use_ubgi = match protocol {
        Protocol::Ubgi => true,
        Protocol::Line => false,
        Protocol::Auto => {
            // Decide on the first line that is not blank, then hand it on.
            loop {
                first.clear();
                match input.read_line(&mut first) {
                    Ok(0) | Err(_) => return,
                    Ok(_) if first.trim().is_empty() => {}
                    Ok(_) => break,
                }
            }
            speaks_ubgi(&first)
        }
    };
    let mut chained = std::io::Read::chain(std::io::Cursor::new(first.into_bytes()), input);
    if use_ubgi {
        ubgi::run(level, seed, author, &mut chained, shared);
    } else {
        run_line(level, seed, &mut chained, output);
    }
}

/// Two dice from `d1 d2` words.
fn dice_of(d1: &str, d2: &str) -> Result<Dice, String> {
    let die = |w: &str| {
        w.parse::<u8>()
            .map_err(|_| format!("`{w}` is not a die: write two numbers 1-6"))
    };
    Dice::new(die(d1)?, die(d2)?).map_err(|e| e.to_string())
}

/// The line protocol: each `<Position ID> <d1> <d2>` line is answered with
/// the Position ID after the chosen play (mover's view), flushed; a bad
/// line with `error: ...`; `quit` or the end of input stops.
pub fn run_line(level: Level, seed: u64, input: &mut dyn BufRead, output: &mut dyn Write) {
    let mut rng = GameRng::from_seed(seed);
    let cancel = CancelFlag::new();
    let mut line = String::new();
    loop {
        line.clear();
        match input.read_line(&mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let answer = match words.as_slice() {
            [] => continue,
            ["quit"] => return,
            [id, d1, d2] => Position::from_gnubg_id(id)
                .map_err(|e| e.to_string())
                .and_then(|pos| Ok((pos, dice_of(d1, d2)?)))
                .map(|(pos, dice)| {
                    let chosen = ai_move(&pos, dice, level, &mut rng, Budget::UNLIMITED, &cancel);
                    chosen.play.result().to_gnubg_id()
                }),
            _ => Err("write `<Position ID> <d1> <d2>`".to_string()),
        };
        let text = answer.unwrap_or_else(|e| format!("error: {e}"));
        let _ = writeln!(output, "{text}");
        let _ = output.flush();
    }
}
