//! `games play|arena|solve nim`.

use std::io::{BufRead, Write};

use clap::Args;
use games_common::arena::{ArenaOptions, FnAgent};
use games_common::{Budget, CancelFlag, GameRng, Player};
use nim_core::{ai_move, analyze, Level, Match, MatchResult, Move, Position, Rule};
use serde::Serialize;

use games_cli::progress::arena_with_progress;
use games_cli::term::{ask_command, parse_list, say};

/// Options of `games play nim`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Circles in each row, e.g. 3,4,5 (1 to 32 rows, each up to 65536).
    #[arg(long, default_value = "3,4,5")]
    rows: String,
    /// Misère: whoever crosses out the last circle loses.
    #[arg(long)]
    misere: bool,
    /// The AI's level: easy, medium or hard.
    #[arg(long, default_value = "hard")]
    level: Level,
    /// Two people on one screen, no AI.
    #[arg(long)]
    two_players: bool,
    /// Let the AI (or player 2) move first in the first round.
    #[arg(long)]
    ai_first: bool,
    /// Rounds in the match; the first turn alternates between rounds.
    #[arg(long, default_value_t = 1)]
    rounds: u32,
    /// Seed of the AI's random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Options of `games arena nim`.
#[derive(Args, Debug)]
pub struct ArenaArgs {
    /// Level of side A.
    #[arg(long)]
    a: Level,
    /// Level of side B.
    #[arg(long)]
    b: Level,
    /// Number of games; A moves first in even-numbered games, B in odd ones.
    #[arg(long, default_value_t = 1000)]
    games: u32,
    /// Seed of both sides' random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Circles in each row.
    #[arg(long, default_value = "3,4,5")]
    rows: String,
    /// Misère rule.
    #[arg(long)]
    misere: bool,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
}

/// Options of `games solve nim`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Circles left in each row, e.g. 3,4,5 (zeros allowed).
    #[arg(long)]
    rows: String,
    /// Misère rule.
    #[arg(long)]
    misere: bool,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
}

fn rule(misere: bool) -> Rule {
    if misere {
        Rule::Misere
    } else {
        Rule::Normal
    }
}

fn rule_sentence(rule: Rule) -> &'static str {
    match rule {
        Rule::Normal => "whoever crosses out the last circle wins",
        Rule::Misere => "misère: whoever crosses out the last circle loses",
    }
}

/// The rows as people see them: `o` for a circle left, `-` for one crossed out.
fn render(position: &Position, start: &Position) -> String {
    let mut out = String::new();
    for (i, (&left, &total)) in position.rows().iter().zip(start.rows()).enumerate() {
        let drawing = if total <= 40 {
            let mut d = "o ".repeat(left as usize);
            d.push_str(&"- ".repeat((total - left) as usize));
            d.trim_end().to_string()
        } else {
            String::from("(long row)")
        };
        out.push_str(&format!("  Row {:>2}: {drawing}   [{left} left]\n", i + 1));
    }
    out
}

/// Parse "ROW COUNT" (row counted from 1).
fn parse_move(text: &str, rows: usize) -> Result<Move, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [row, take] = words.as_slice() else {
        return Err("Type two numbers: the row and how many circles, e.g. `3 2` takes 2 circles from row 3.".into());
    };
    let row: usize = row
        .parse()
        .map_err(|_| format!("`{row}` is not a row number (rows are 1 to {rows})."))?;
    let take: u32 = take
        .parse()
        .map_err(|_| format!("`{take}` is not a number of circles."))?;
    if row == 0 {
        return Err(format!("Rows are numbered from 1 to {rows}."));
    }
    Ok(Move::new(row - 1, take))
}

fn describe(who: &str, mv: Move) -> String {
    let plural = if mv.take == 1 { "circle" } else { "circles" };
    let verb = if who == "You" { "cross" } else { "crosses" };
    format!(
        "{who} {verb} out {} {plural} from row {}.",
        mv.take,
        mv.row + 1
    )
}

fn name(player: Player, two_players: bool, human: Player) -> String {
    if two_players {
        player.to_string()
    } else if player == human {
        "You".into()
    } else {
        "The AI".into()
    }
}

/// Call `step` up to `times` times, stopping at its first `false`; how many succeeded.
fn repeat(times: usize, mut step: impl FnMut() -> bool) -> usize {
    (0..times).take_while(|_| step()).count()
}

/// `games play nim`.
pub fn play(
    args: &PlayArgs,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<(), String> {
    let rows = parse_list(&args.rows)?;
    let rule = rule(args.misere);
    let first = if args.ai_first {
        Player::Second
    } else {
        Player::First
    };
    let mut m =
        Match::new(&rows, rule, args.rounds, first, args.seed).map_err(|e| e.to_string())?;
    // The human is always player 1; the AI is player 2.
    let human = Player::First;
    let cancel = CancelFlag::new();
    say(
        output,
        &format!("Nim: rows {} ({}).", args.rows, rule_sentence(rule)),
    );
    if args.two_players {
        say(
            output,
            "Two players on one screen: player 1 and player 2 take turns.",
        );
    } else {
        say(
            output,
            &format!(
                "You are player 1; the AI ({}) is player 2.",
                level_name(args.level)
            ),
        );
    }
    say(
        output,
        "On your turn type ROW COUNT (e.g. `3 2`), or undo, redo, hint, help, quit.",
    );
    // Undo and redo step over a whole turn: one move, or yours and the AI's.
    let plies = if args.two_players { 1 } else { 2 };
    let mut show_board = true;
    loop {
        let game = m.game();
        if show_board {
            say(output, "");
            say(output, &render(game.position(), game.start()));
            show_board = false;
        }
        if game.is_over() {
            let winner = game.winner().unwrap_or(Player::First);
            say(
                output,
                &format!(
                    "{} won round {}.",
                    name(winner, args.two_players, human),
                    m.round() + 1
                ),
            );
            let [a, b] = m.points();
            if m.rounds() > 1 {
                say(output, &format!("Score: player 1 {a}, player 2 {b}."));
            }
            if let Some(result) = m.result() {
                let text = match result {
                    MatchResult::Winner(p) if m.rounds() > 1 => {
                        format!("{} won the match.", name(p, args.two_players, human))
                    }
                    MatchResult::Winner(_) => "Game over.".to_string(),
                    MatchResult::Shared => "The match is shared.".to_string(),
                };
                say(output, &text);
                return Ok(());
            }
            m.next_round().map_err(|e| e.to_string())?;
            say(
                output,
                &format!("Round {} of {}.", m.round() + 1, m.rounds()),
            );
            show_board = true;
            continue;
        }
        let to_move = game.position().to_move();
        if !args.two_players && to_move != human {
            let answer = m
                .game_mut()
                .ai_move(args.level, Budget::UNLIMITED, &cancel)
                .ok_or("the AI found no move")?;
            m.game_mut().play(answer.mv).map_err(|e| e.to_string())?;
            say(output, &describe("The AI", answer.mv));
            show_board = true;
            continue;
        }
        let prompt = format!("{} to move> ", name(to_move, args.two_players, human));
        let Some(line) = ask_command(input, output, &prompt) else {
            return Ok(());
        };
        match line.as_str() {
            "" => continue,
            "help" | "?" => {
                say(
                    output,
                    "Type the row (from 1) and how many circles to cross out, e.g. `3 2`.",
                );
                say(output, &format!("Rule: {}.", rule_sentence(rule)));
                say(output, "Other commands: undo, redo, hint, quit.");
            }
            "hint" => {
                let a = analyze(m.game().position());
                match a.winning_moves.first() {
                    Some(&mv) => say(
                        output,
                        &format!(
                            "Hint: cross out {} from row {}: it wins.",
                            mv.take,
                            mv.row + 1
                        ),
                    ),
                    None => say(
                        output,
                        "Hint: with perfect play you lose from here; make the game long.",
                    ),
                }
            }
            "undo" => {
                // Against the AI, take back its reply as well as your move.
                let undone = repeat(plies, || m.game_mut().undo().is_ok());
                show_board = undone > 0;
                if undone == 0 {
                    say(output, "There is no move to undo.");
                } else if !args.two_players && m.game().position().to_move() != human {
                    // Only the AI's opening move could be taken back: replay it.
                    let _ = m.game_mut().redo();
                    say(output, "There is no move of yours to undo.");
                }
            }
            "redo" => {
                show_board = repeat(plies, || m.game_mut().redo().is_ok()) > 0;
                if !show_board {
                    say(output, "There is no move to redo.");
                }
            }
            text => match parse_move(text, m.game().position().rows().len()) {
                Err(message) => say(output, &message),
                Ok(mv) => match m.game_mut().play(mv) {
                    Ok(()) => {
                        say(
                            output,
                            &describe(&name(to_move, args.two_players, human), mv),
                        );
                        show_board = true;
                    }
                    Err(e) => say(output, &format!("Illegal move: {e}. Try again.")),
                },
            },
        }
    }
}

#[derive(Serialize)]
struct SideReport {
    level: String,
    wins: u32,
    wins_moving_first: u32,
    wins_moving_second: u32,
}

impl SideReport {
    fn new(level: Level) -> SideReport {
        SideReport {
            level: level_name(level),
            wins: 0,
            wins_moving_first: 0,
            wins_moving_second: 0,
        }
    }
}

#[derive(Serialize)]
struct ArenaReport {
    game: &'static str,
    rows: Vec<u32>,
    misere: bool,
    games: u32,
    seed: u64,
    a: SideReport,
    b: SideReport,
}

fn level_name(level: Level) -> String {
    match level {
        Level::Easy => "easy",
        Level::Medium => "medium",
        Level::Hard => "hard",
    }
    .to_string()
}

/// `games arena nim`.
pub fn arena(args: &ArenaArgs, output: &mut dyn Write) -> Result<(), String> {
    let rows = parse_list(&args.rows)?;
    let rule = rule(args.misere);
    let start = Position::new(&rows, rule, Player::First).map_err(|e| e.to_string())?;
    let agent = |level: Level| {
        FnAgent::new(
            level_name(level),
            move |p: &Position, rng: &mut GameRng, cancel: &CancelFlag| {
                ai_move(p, level, rng, Budget::UNLIMITED, cancel).map(|answer| answer.mv)
            },
        )
    };
    let options = ArenaOptions {
        games: args.games,
        seed: args.seed,
        // Nim moves take nanoseconds: threads would cost more than they save.
        threads: 1,
        ..ArenaOptions::default()
    };
    let played = arena_with_progress(
        "nim arena",
        &start,
        (&agent(args.a), &agent(args.b)),
        options,
    )?;
    let mut a = SideReport::new(args.a);
    let mut b = SideReport::new(args.b);
    for game in &played.games {
        // The seat that won: Player::First moves first.
        let a_won = game.returns[0] > game.returns[1];
        let winner = if a_won {
            game.a_seat
        } else {
            game.a_seat.other()
        };
        let side = if a_won { &mut a } else { &mut b };
        side.wins += 1;
        if winner == Player::First {
            side.wins_moving_first += 1;
        } else {
            side.wins_moving_second += 1;
        }
    }
    let report = ArenaReport {
        game: "nim",
        rows,
        misere: args.misere,
        games: args.games,
        seed: args.seed,
        a,
        b,
    };
    if args.json {
        say(
            output,
            &serde_json::to_string(&report).map_err(|e| e.to_string())?,
        );
    } else {
        say(
            output,
            &format!(
                "Nim arena: {} games, rows {}, {}, seed {}",
                report.games,
                args.rows,
                rule_sentence(rule),
                report.seed
            ),
        );
        for (label, s) in [("A", &report.a), ("B", &report.b)] {
            say(
                output,
                &format!(
                    "  {label} ({:<6}) {:>6} wins ({:.1}%)  [{} moving first, {} moving second]",
                    s.level,
                    s.wins,
                    100.0 * f64::from(s.wins) / f64::from(report.games.max(1)),
                    s.wins_moving_first,
                    s.wins_moving_second
                ),
            );
        }
    }
    Ok(())
}

#[derive(Serialize)]
struct JsonMove {
    row: usize,
    take: u32,
}

#[derive(Serialize)]
struct SolveReport {
    mover_wins: bool,
    winning_moves: Vec<JsonMove>,
}

/// `games solve nim`.
pub fn solve(args: &SolveArgs, output: &mut dyn Write) -> Result<(), String> {
    let rows = parse_list(&args.rows)?;
    let position =
        Position::new(&rows, rule(args.misere), Player::First).map_err(|e| e.to_string())?;
    let analysis = analyze(&position);
    if args.json {
        let report = SolveReport {
            mover_wins: analysis.mover_wins,
            winning_moves: analysis
                .winning_moves
                .iter()
                .map(|m| JsonMove {
                    row: m.row + 1,
                    take: m.take,
                })
                .collect(),
        };
        say(
            output,
            &serde_json::to_string(&report).map_err(|e| e.to_string())?,
        );
        return Ok(());
    }
    if position.is_over() {
        // No circle is left: the game is decided, nobody moves.
        say(
            output,
            if analysis.mover_wins {
                "The game is over: the player to move has won (the other player crossed out the last circle, which loses under misère)."
            } else {
                "The game is over: the player to move has lost (the other player crossed out the last circle)."
            },
        );
        return Ok(());
    }
    if analysis.mover_wins {
        say(output, "The player to move wins with perfect play.");
        for mv in &analysis.winning_moves {
            say(
                output,
                &format!("  winning move: take {} from row {}", mv.take, mv.row + 1),
            );
        }
    } else {
        say(
            output,
            "The player to move loses against perfect play: there is no winning move.",
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_parse_with_rows_from_one() {
        assert_eq!(parse_move("3 2", 3), Ok(Move::new(2, 2)));
        assert!(parse_move("0 2", 3).is_err());
        assert!(parse_move("3", 3).is_err());
        assert!(parse_move("a b", 3).is_err());
        assert!(parse_move("1 2 3", 3).is_err());
    }

    #[test]
    fn rendering_shows_circles_left_and_crossed() {
        let start = Position::default();
        let mut now = start.clone();
        now.play(Move::new(2, 2)).unwrap();
        let text = render(&now, &start);
        assert!(text.contains("Row  3: o o o - -   [3 left]"), "{text}");
    }
}
