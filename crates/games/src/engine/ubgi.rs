//! UBGI, the Universal Backgammon Interface draft, for `games engine
//! backgammon` (see [`super::backgammon`] for how it is chosen): a position line (an XGID with dice, or a
//! FIBS board string) is answered with the best move as from/to pairs
//! (`24/18 18/13`, `bar/22`, `6/off`; no `*`, no `(2)`), or a blank line
//! when the roll has no legal move.
//!
//! | in | out |
//! |---|---|
//! | `ubgi` | `id name …`, `id author …`, `id version …`, `option …` lines, `readyok` |
//! | `isready` | `readyok` (also while searching) |
//! | `setoption name Level value easy\|normal\|hard`, `setoption name Seed value N` (0 to 2^63 − 1) | nothing, or `sorry` for a value it does not take (the old value stays) |
//! | `newgame` (or `ubginewgame`) | nothing: the seed's generator starts again |
//! | `XGID=…` (10 fields, or the first 5) or `board:…` | the move, or a blank line |
//! | `stop` | the running search answers at once with its best move so far |
//! | `quit` | the engine exits |
//! | anything else, or a position it cannot read | `sorry` |
//! | a line that is not UTF-8, or longer than [`super::lines::MAX_LINE`] bytes | `sorry` (the line is discarded, not echoed) |
//!
//! Position parsing and search live in `backgammon_core`
//! ([`Position::from_xgid`], [`Position::from_fibs`], [`ai_move`],
//! [`backgammon_core::Play::to_pairs`]); this module only speaks the lines.

use std::io::BufRead;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use backgammon_core::{ai_move, Budget, CancelFlag, Dice, GameRng, Level, Position};

use super::lines::{Line, Lines};
use super::ugi::{parse_seed, send, Out, SEED_OPTION};

/// A search on its own thread, answered by that thread.
struct Running {
    thread: JoinHandle<()>,
    cancel: CancelFlag,
}

impl Running {
    fn wait(self) {
        let _ = self.thread.join();
    }

    fn stop(self) {
        self.cancel.cancel();
        self.wait();
    }
}

/// A position line: an XGID (with or without `XGID=`) or a FIBS board.
///
/// # Errors
/// A sentence when it is neither, is malformed, or has no dice.
pub fn parse_position_line(line: &str) -> Result<(Position, Dice), String> {
    let t = line.trim();
    let (position, dice) = if t.starts_with("board:") {
        Position::from_fibs(t).map_err(|e| e.to_string())?
    } else {
        Position::from_xgid(t).map_err(|e| e.to_string())?
    };
    let dice = dice.ok_or("the position has no dice")?;
    Ok((position, dice))
}

/// The answer line for a position: the chosen play as from/to pairs, empty
/// when there is no legal move (or the game is over).
fn answer(
    position: &Position,
    dice: Dice,
    level: Level,
    rng: &Mutex<GameRng>,
    cancel: &CancelFlag,
) -> String {
    if position.outcome().is_some() {
        return String::new();
    }
    let Ok(mut rng) = rng.lock() else {
        return String::new();
    };
    ai_move(position, dice, level, &mut rng, Budget::UNLIMITED, cancel)
        .play
        .to_pairs()
}

/// Run the protocol at `level`, seeded with `seed`, until `quit` or the end
/// of input.
pub fn run(level: Level, seed: u64, author: &str, input: &mut dyn BufRead, out: Out) {
    run_lines(level, seed, author, &mut Lines::new(input), out);
}

/// [`run`] on lines already being read (the first may have been looked at).
pub fn run_lines(mut level: Level, seed: u64, author: &str, lines: &mut Lines<'_>, out: Out) {
    let mut seed = seed;
    let mut rng = Arc::new(Mutex::new(GameRng::from_seed(seed)));
    let mut running: Option<Running> = None;
    while let Some(next) = lines.next_line() {
        let line = match next {
            Line::Text(text) => text,
            // Too long or not UTF-8: `sorry`, in its turn (after a running search's answer).
            Line::TooLong | Line::NotUtf8 => {
                if let Some(r) = running.take() {
                    r.wait();
                }
                send(&out, "sorry");
                continue;
            }
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            continue;
        };
        // Answers come in the order of the lines: anything but `isready`,
        // `stop` and `quit` waits for the running search's answer.
        if !matches!(command, "isready" | "stop" | "quit") {
            if let Some(r) = running.take() {
                r.wait();
            }
        }
        match command {
            "ubgi" => {
                let version = env!("CARGO_PKG_VERSION");
                send(&out, "id name games-backgammon");
                send(&out, &format!("id author {author}"));
                send(&out, &format!("id version {version}"));
                send(
                    &out,
                    "option name Level type combo default hard var easy var normal var hard",
                );
                send(&out, &format!("option {SEED_OPTION}"));
                send(&out, "readyok");
            }
            "isready" => send(&out, "readyok"),
            "quit" => break,
            "stop" => {
                if let Some(r) = running.take() {
                    r.stop();
                }
            }
            "newgame" | "ubginewgame" if words.len() == 1 => {
                rng = Arc::new(Mutex::new(GameRng::from_seed(seed)));
            }
            "setoption" => match words.as_slice() {
                ["setoption", "name", name, "value", value] => {
                    match name.to_ascii_lowercase().as_str() {
                        "level" => match value.parse::<Level>() {
                            Ok(l) => level = l,
                            Err(_) => send(&out, "sorry"),
                        },
                        // The advertised range (`max` is `SEED_MAX`), as the UGI engines.
                        "seed" => match parse_seed(value) {
                            Ok(s) => {
                                seed = s;
                                rng = Arc::new(Mutex::new(GameRng::from_seed(seed)));
                            }
                            Err(_) => send(&out, "sorry"),
                        },
                        _ => send(&out, "sorry"),
                    }
                }
                _ => send(&out, "sorry"),
            },
            _ => match parse_position_line(&line) {
                Ok((position, dice)) => {
                    let cancel = CancelFlag::new();
                    let flag = cancel.clone();
                    let out = Arc::clone(&out);
                    let rng = Arc::clone(&rng);
                    let thread = std::thread::spawn(move || {
                        let text = answer(&position, dice, level, &rng, &flag);
                        send(&out, &text);
                    });
                    running = Some(Running { thread, cancel });
                }
                Err(_) => send(&out, "sorry"),
            },
        }
    }
    if let Some(r) = running.take() {
        r.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_lines() {
        let (p, d) =
            parse_position_line("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10").unwrap();
        assert_eq!((p, d), (Position::start(), Dice::new(5, 2).unwrap()));
        let fibs = Position::start().to_fibs(Dice::new(3, 1).ok());
        assert_eq!(
            parse_position_line(&fibs).unwrap(),
            (Position::start(), Dice::new(3, 1).unwrap())
        );
        for bad in [
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
            "hello",
            "board:You:x",
            "XGID=zz",
            // A field lost or one too many (10 fields, or the first 5).
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0",
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10:7",
        ] {
            assert!(parse_position_line(bad).is_err(), "{bad}");
        }
    }
}
