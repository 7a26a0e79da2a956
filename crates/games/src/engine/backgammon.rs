//! `games engine backgammon`: UBGI ([`super::ubgi`]) or the plain line
//! protocol of the backgammon issue (`<Position ID> <d1> <d2>` in, the
//! Position ID after the AI's play out, in the mover's view).

use std::io::{BufRead, Write};

use backgammon_core::{ai_move, Budget, CancelFlag, Dice, GameRng, Level, Position, Side};

use super::lines::{shorten, Line, Lines};
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
    if level != Level::Easy {
        // Normal and Hard read the bear-off tables, computed on first use
        // (about 0.4 s of CPU): compute them while the host gets ready, so
        // the first decision does not pay for them.
        std::thread::spawn(backgammon_core::bearoff::prepare_tables);
    }
    let mut lines = Lines::new(input);
    let use_ubgi = match protocol {
        Protocol::Ubgi => true,
        Protocol::Line => false,
        Protocol::Auto => {
            // Decide on the first line that is not blank, then hand it on. A
            // line that cannot be read (too long, not UTF-8) is not UBGI.
            let first = loop {
                match lines.next_line() {
                    None => return,
                    Some(Line::Text(t)) if t.trim().is_empty() => {}
                    Some(line) => break line,
                }
            };
            let ubgi = matches!(&first, Line::Text(t) if speaks_ubgi(t));
            lines.push_back(first);
            ubgi
        }
    };
    if use_ubgi {
        ubgi::run_lines(level, seed, author, &mut lines, shared);
    } else {
        run_line_on(level, seed, &mut lines, output);
    }
}

/// Why there is nothing to play in `position`, when a side has borne off
/// all 15 checkers (the game is over: "the first to bear off all 15
/// wins"); `None` while the game goes on.
#[must_use]
pub fn game_over(position: &Position) -> Option<String> {
    let (winner, _) = position.outcome()?;
    let who = match winner {
        Side::OnRoll => "the player on roll",
        Side::Opponent => "the opponent",
    };
    Some(format!(
        "the game is over in this position ({who} has borne off all 15 checkers): \
         there is nothing to play"
    ))
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
/// line with `error: ...` (also a line that is not UTF-8 or longer than
/// [`super::lines::MAX_LINE`] bytes, which is discarded, not echoed); `quit`
/// or the end of input stops.
pub fn run_line(level: Level, seed: u64, input: &mut dyn BufRead, output: &mut dyn Write) {
    run_line_on(level, seed, &mut Lines::new(input), output);
}

/// [`run_line`] on lines already being read.
fn run_line_on(level: Level, seed: u64, lines: &mut Lines<'_>, output: &mut dyn Write) {
    let mut rng = GameRng::from_seed(seed);
    let cancel = CancelFlag::new();
    while let Some(next) = lines.next_line() {
        let line = match next {
            Line::Text(text) => text,
            bad => {
                let _ = writeln!(output, "error: {}", bad.problem().unwrap_or_default());
                let _ = output.flush();
                continue;
            }
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let answer = match words.as_slice() {
            [] => continue,
            ["quit"] => return,
            [id, d1, d2] => Position::from_gnubg_id(id)
                .map_err(|e| e.to_string())
                .and_then(|pos| game_over(&pos).map_or(Ok(pos), Err))
                .and_then(|pos| Ok((pos, dice_of(d1, d2)?)))
                .map(|(pos, dice)| {
                    let chosen = ai_move(&pos, dice, level, &mut rng, Budget::UNLIMITED, &cancel);
                    chosen.play.result().to_gnubg_id()
                }),
            _ => Err("write `<Position ID> <d1> <d2>`".to_string()),
        };
        let text = answer.unwrap_or_else(|e| format!("error: {}", shorten(&e)));
        let _ = writeln!(output, "{text}");
        let _ = output.flush();
    }
}
