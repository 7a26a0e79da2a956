//! `games moves|engine|arena|play backgammon`.

use std::io::{BufRead, Write};
use std::time::Instant;

use backgammon_core::{
    ai_move, legal_plays, parse_moves, parse_play, run_arena_with, steps_to_string, Agent, Dice,
    DiceOutcome, Game, Level, Play, Position, Side, Step, Turn, WinKind, BAR, OFF,
};
use clap::Args;
use games_cli::engine::backgammon::Protocol;
use games_cli::progress::Progress;
use games_cli::term::{ask_command, say};
use games_common::{Budget, CancelFlag, GameRng, Player};
use serde::Serialize;

fn parse_dice(text: &str) -> Result<Dice, String> {
    let digits: Vec<u8> = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .map(|c| c.to_digit(10).and_then(|d| u8::try_from(d).ok()).ok_or(()))
        .collect::<Result<_, _>>()
        .map_err(|()| format!("`{text}`: dice are two digits 1-6, e.g. 31"))?;
    match digits.as_slice() {
        [a, b] => Dice::new(*a, *b).map_err(|e| e.to_string()),
        _ => Err(format!("`{text}`: dice are two digits 1-6, e.g. 31")),
    }
}

/// The roll as two digits, e.g. `31`.
fn roll_text(dice: Dice) -> String {
    let [a, b]: [u8; 2] = dice.into();
    format!("{a}{b}")
}

fn parse_agent(text: &str) -> Result<Agent, String> {
    text.parse()
        .map_err(|e: backgammon_core::LevelError| e.to_string())
}

fn parse_level(text: &str) -> Result<Level, String> {
    text.parse()
        .map_err(|e: backgammon_core::LevelError| e.to_string())
}

/// Options of `games moves backgammon`.
#[derive(Args, Debug)]
pub struct MovesArgs {
    /// GNU Backgammon Position ID; the player on roll is the one to move.
    #[arg(long)]
    position: String,
    /// The roll, e.g. 31.
    #[arg(long, value_parser = parse_dice)]
    dice: Dice,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct JsonPlay {
    #[serde(rename = "move")]
    mv: String,
    result: String,
}

#[derive(Serialize)]
struct MovesReport {
    plays: Vec<JsonPlay>,
    count: usize,
}

/// `games moves backgammon`: every legal play, one per distinct resulting position.
pub fn moves(args: &MovesArgs, output: &mut dyn Write) -> Result<(), String> {
    let position = Position::from_gnubg_id(args.position.trim()).map_err(|e| e.to_string())?;
    if let Some(why) = games_cli::engine::backgammon::game_over(&position) {
        return Err(why);
    }
    let plays = legal_plays(&position, args.dice);
    let list: Vec<JsonPlay> = plays
        .iter()
        .map(|p| JsonPlay {
            mv: if p.is_pass() {
                String::new()
            } else {
                p.notation()
            },
            // The result in the mover's view: the mover stays in the "on roll" slot.
            result: p.result().to_gnubg_id(),
        })
        .collect();
    let report = MovesReport {
        count: list.len(),
        plays: list,
    };
    if args.json {
        say(
            output,
            &serde_json::to_string(&report).map_err(|e| e.to_string())?,
        );
    } else {
        match report.plays.as_slice() {
            // The pass is the only "play" (one entry in the JSON form).
            [pass] if pass.mv.is_empty() => say(
                output,
                &format!(
                    "No legal play for {}: the turn passes and the position stays {}.",
                    roll_text(args.dice),
                    pass.result
                ),
            ),
            plays => {
                for p in plays {
                    say(output, &format!("{:<24} {}", p.mv, p.result));
                }
                let noun = if plays.len() == 1 { "play" } else { "plays" };
                say(output, &format!("{} distinct {noun}", plays.len()));
            }
        }
    }
    Ok(())
}

/// Options of `games engine backgammon`.
#[derive(Args, Debug)]
pub struct EngineArgs {
    /// easy, normal or hard.
    #[arg(long, default_value = "hard", value_parser = parse_level)]
    level: Level,
    /// Seed of the AI's random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// `line` (`<Position ID> <d1> <d2>` in, a Position ID out), `ubgi`, or
    /// `auto`: UBGI when the first line is `ubgi`, an XGID or a FIBS board.
    #[arg(long, default_value = "auto", value_parser = ["auto", "line", "ubgi"])]
    protocol: String,
}

/// `games engine backgammon`: the line protocol or UBGI (see [`EngineArgs`]).
pub fn engine(
    args: &EngineArgs,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    shared: games_cli::engine::ugi::Out,
    author: &str,
) -> Result<(), String> {
    let protocol = match args.protocol.as_str() {
        "ubgi" => Protocol::Ubgi,
        "line" => Protocol::Line,
        _ => Protocol::Auto,
    };
    games_cli::engine::backgammon::serve(
        protocol, args.level, args.seed, author, input, output, shared,
    );
    Ok(())
}

/// Options of `games arena backgammon`.
#[derive(Args, Debug)]
pub struct ArenaArgs {
    /// Side A: easy, normal, hard or pubeval.
    #[arg(long, value_parser = parse_agent)]
    a: Agent,
    /// Side B: easy, normal, hard or pubeval.
    #[arg(long, value_parser = parse_agent)]
    b: Agent,
    /// Games (an even number: each seed is played twice, sides swapped).
    #[arg(long, default_value_t = 1000)]
    games: u32,
    /// Seed of the dice and the AI.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
}

/// `games arena backgammon`: duplicate-dice series with 95% confidence intervals.
pub fn arena(args: &ArenaArgs, output: &mut dyn Write) -> Result<(), String> {
    // No games, no figures: an empty series reported side B winning 100%.
    if args.games == 0 {
        return Err("--games takes at least 1".into());
    }
    let pairs = args.games.div_ceil(2);
    let started = Instant::now();
    let progress = Progress::new("backgammon arena", u64::from(pairs) * 2, "games");
    let report = run_arena_with(
        args.a,
        args.b,
        pairs,
        args.seed,
        args.threads.max(1),
        &CancelFlag::new(),
        &|| progress.add(1),
    );
    progress.finish();
    let report = report.map_err(|e| e.to_string())?;
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        let mut value = serde_json::to_value(report).map_err(|e| e.to_string())?;
        if let Some(map) = value.as_object_mut() {
            map.insert("seconds".into(), serde_json::Value::from(seconds));
        }
        say(output, &value.to_string());
        return Ok(());
    }
    say(
        output,
        &format!(
            "Backgammon arena: {} games ({} seed pairs, sides swapped), seed {}",
            report.games, pairs, args.seed
        ),
    );
    for (label, s, t) in [
        ("A", &report.a, &report.a_times),
        ("B", &report.b, &report.b_times),
    ] {
        say(
            output,
            &format!(
                "  {label} {:<10} wins {:>6} ({:.1}% ± {:.1})  points/game {:+.3} ± {:.3}  gammons {} backgammons {}",
                s.agent.name(),
                s.wins,
                100.0 * s.win_rate.mean,
                100.0 * s.win_rate.ci95,
                s.points_per_game.mean,
                s.points_per_game.ci95,
                s.gammons,
                s.backgammons
            ),
        );
        say(
            output,
            &format!(
                "    decisions {}: median {:.2} ms, 99th percentile {:.2} ms, slowest {:.2} ms",
                t.decisions, t.median_ms, t.p99_ms, t.max_ms
            ),
        );
    }
    say(output, &format!("  {:.1} s", seconds));
    Ok(())
}

/// Options of `games play backgammon`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The AI's level: easy, normal or hard.
    #[arg(long, default_value = "normal", value_parser = parse_level)]
    level: Level,
    /// Seed of the dice and the AI.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Who starts: `roll` (you are player 1 and the opening roll decides),
    /// `you` or `ai` (you take the side the opening roll makes start, or the other).
    #[arg(long, default_value = "roll", value_parser = ["roll", "you", "ai"])]
    starts: String,
}

fn board_text(pos: &Position) -> String {
    // `pos` is seen from the human's side (the human on roll).
    let mut out = String::from("  point: ");
    let mut marks = String::from("  you:   ");
    let mut theirs = String::from("  AI:    ");
    for point in (1..=24).rev() {
        out.push_str(&format!("{point:>3}"));
        let mine = pos.checkers(Side::OnRoll, point);
        // The opponent's checker on our point p sits on its point 25 - p.
        let other = pos.checkers(Side::Opponent, 25 - point);
        marks.push_str(&if mine > 0 {
            format!("{mine:>3}")
        } else {
            "  .".into()
        });
        theirs.push_str(&if other > 0 {
            format!("{other:>3}")
        } else {
            "  .".into()
        });
    }
    let [mine, other] = pos.pip_counts();
    format!(
        "{out}\n{marks}\n{theirs}\n  bar: you {} AI {}   off: you {} AI {}   pips: you {mine} AI {other}",
        pos.bar(Side::OnRoll),
        pos.bar(Side::Opponent),
        pos.off(Side::OnRoll),
        pos.off(Side::Opponent)
    )
}

/// The AI's play in the human's numbering, as the board is drawn: its own
/// notation (runs merged, hits and repeats marked) with each point `p`
/// written `25 - p` (the bar and off keep their names).
fn in_human_numbering(play: &Play) -> String {
    // The point a part of a move names (the bar 25, off 0) and the length
    // of its number.
    let point = |part: &str| -> (u8, usize) {
        let digits = part.len() - part.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        match part.get(..digits).map(str::parse::<u8>) {
            Some(Ok(p)) => (p, digits),
            _ if part.starts_with("bar") => (25, 0),
            _ => (0, 0),
        }
    };
    let flip = |part: &str| match point(part) {
        (p, digits) if digits > 0 && (1..=24).contains(&p) => {
            format!("{}{}", 25 - p, part.get(digits..).unwrap_or(""))
        }
        _ => part.to_string(),
    };
    let mut moves: Vec<String> = play
        .notation()
        .split(' ')
        .map(|mv| mv.split('/').map(flip).collect::<Vec<_>>().join("/"))
        .collect();
    // From your highest starting point down, as your own moves are listed.
    let path = |mv: &String| -> Vec<u8> { mv.split('/').map(|part| point(part).0).collect() };
    moves.sort_by_key(|mv| std::cmp::Reverse(path(mv)));
    moves.join(" ")
}

const HELP: &[&str] = &[
    "Points are numbered from your side: you move from 24 towards 1, your home board is 1-6.",
    "A play names each checker's move as from/to: 24/18 13/11 moves one checker 24 to 18 and one",
    "  13 to 11; 24/13 moves one checker with both dice; bar/22 enters from the bar (25 also works);",
    "  6/off bears off (0 also works); 8/5(2) moves two checkers 8 to 5; a * for a hit may be added.",
    "You may type a play whole or in parts (24/18, then 13/11); each part is played at once.",
    "When the steps use the roll as the rules require, press Enter (or type ok) to commit the turn.",
    "Commands: undo takes back the last step of this turn, reset all of them (before you commit);",
    "  moves lists the legal plays; hint shows the Hard level's play; help; quit.",
    "The AI's moves are written in its numbering (it moves from 24 towards 1 on its side),",
    "  then in yours, as the board is drawn (where it moves from 1 towards 24).",
];

/// The steps that make the moves of `text` from `turn` as it stands, or
/// why the first move that cannot be made is refused.
///
/// Before any step of the turn, a text that is a whole legal play is that
/// play (`3/off` with 4-1 may be 3/2/off). Otherwise the moves are made one
/// die at a time, interleaved in any order (two checkers on the bar both
/// enter before either goes on), preferring the way with as many hits as
/// the text marks with `*`, then the way with the fewest steps.
fn plan_steps(turn: &Turn, text: &str) -> Result<Vec<Step>, String> {
    let moves = parse_moves(text).map_err(|e| e.to_string())?;
    // Each move takes at least one die.
    let left = turn.remaining_dice().len();
    if moves.len() > left {
        return Err(if left == 0 {
            "the roll is used up: press Enter to commit the turn, or undo to take back a step"
                .to_string()
        } else {
            format!(
                "that is {} checker moves, and only {left} dice are left to play",
                moves.len()
            )
        });
    }
    if turn.steps().is_empty() {
        if let Ok(play) = parse_play(turn.start(), turn.dice(), text) {
            let mut trial = turn.clone();
            if play
                .steps()
                .iter()
                .all(|s| trial.step(s.from, s.to).is_ok())
                && trial.is_complete()
            {
                return Ok(play.steps().to_vec());
            }
        }
    }
    let mut ways: Vec<Vec<Step>> = Vec::new();
    realizations(turn, &mut moves.clone(), &mut Vec::new(), &mut ways);
    let stars = text.matches('*').count();
    let hits = |w: &Vec<Step>| w.iter().filter(|s| s.hit).count();
    ways.sort_by_key(|w| (hits(w) != stars, w.len()));
    if let Some(way) = ways.into_iter().next() {
        return Ok(way);
    }
    // Say why, for the moves in the order written.
    let mut trial = turn.clone();
    for &(from, to) in &moves {
        let mut found = Vec::new();
        realizations(&trial, &mut vec![(from, to)], &mut Vec::new(), &mut found);
        found.sort_by_key(Vec::len);
        match found.first() {
            Some(way) => {
                for s in way {
                    trial.step(s.from, s.to).map_err(|e| e.to_string())?;
                }
            }
            None => {
                let name = |p: u8| match usize::from(p) {
                    BAR => "bar".to_string(),
                    OFF => "off".to_string(),
                    _ => p.to_string(),
                };
                let why = trial.why_not(from, to).map_or_else(
                    || "the moves cannot all be made in one roll".to_string(),
                    |r| r.to_string(),
                );
                let mv = format!("{}/{}", name(from), name(to));
                return Err(if why.starts_with(&mv) {
                    why
                } else {
                    format!("{mv}: {why}")
                });
            }
        }
    }
    Err("the moves cannot all be made together with this roll".to_string())
}

/// Play the moves of `text` as steps of the turn in progress. `typed`
/// holds the parts typed in this turn so far (when they are still what the
/// steps made are): when `text` does not fit after them, the whole turn is
/// read again from its start (`3/off`, then `2/1`, with 4-1: 3/off uses
/// the 4, not the 4 and the 1).
fn play_steps(game: &mut Game, typed: &mut Option<Vec<String>>, text: &str) -> Result<(), String> {
    let turn = game
        .current_turn()
        .cloned()
        .ok_or("there is no roll to play")?;
    let (steps, from_start) = match plan_steps(&turn, text) {
        Ok(steps) => (steps, false),
        Err(why) => {
            let before = typed.as_ref().filter(|parts| !parts.is_empty());
            let again = before.and_then(|parts| {
                let fresh = Turn::new(*turn.start(), turn.dice());
                plan_steps(&fresh, &format!("{} {text}", parts.join(" "))).ok()
            });
            match again {
                Some(steps) => (steps, true),
                None => return Err(why),
            }
        }
    };
    if from_start {
        while game.undo_step().is_some() {}
    }
    for s in &steps {
        game.step(s.from, s.to).map_err(|e| e.to_string())?;
    }
    if let Some(parts) = typed.as_mut() {
        parts.push(text.to_string());
    }
    Ok(())
}

/// Every way to make the moves `(at, to)` with single steps the turn
/// offers, one die at a time, the moves' steps interleaved in any order (a
/// move of several dice goes through points on the way); each way's steps
/// are pushed on `out`. At most 4 steps deep.
fn realizations(
    turn: &Turn,
    moves: &mut Vec<(u8, u8)>,
    made: &mut Vec<Step>,
    out: &mut Vec<Vec<Step>>,
) {
    if moves.iter().all(|&(at, to)| at == to) {
        out.push(made.clone());
        return;
    }
    let options = turn.options();
    for i in 0..moves.len() {
        let (at, to) = moves[i];
        if at == to {
            continue;
        }
        for o in &options {
            let on_the_way = o.to != 0 && (to == 0 || o.to > to);
            if o.from != at || (o.to != to && !on_the_way) {
                continue;
            }
            let mut next = turn.clone();
            let Ok(step) = next.step(o.from, o.to) else {
                continue;
            };
            made.push(step);
            moves[i] = (o.to, to);
            realizations(&next, moves, made, out);
            moves[i] = (at, to);
            made.pop();
        }
    }
}

/// `games play backgammon`: you are player 1, moving from 24 towards 1.
pub fn play(
    args: &PlayArgs,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<(), String> {
    let mut game = Game::new(args.seed);
    let mut rng = GameRng::from_seed(args.seed ^ 0xB6);
    let cancel = CancelFlag::new();
    // The opening roll decides who starts; `--starts` decides which side is yours.
    let starter = game.player_on_roll();
    let human = match args.starts.as_str() {
        "you" => starter,
        "ai" => starter.other(),
        _ => Player::First,
    };
    say(
        output,
        &format!(
            "Backgammon, no cube. You are player {} and move from 24 towards 1.",
            human.index() + 1
        ),
    );
    let (a, b) = (game.opening().first_die(), game.opening().second_die());
    say(
        output,
        &format!(
            "Opening roll: player 1 throws {a}, player 2 throws {b}: {} start{} with {a}{b}.",
            if starter == human { "you" } else { "the AI" },
            if starter == human { "" } else { "s" }
        ),
    );
    say(
        output,
        "Type a play like `24/18 13/11`, `bar/22`, `6/off`, `8/5(2)`, whole or in parts, then Enter to commit; also undo, hint, moves, help, quit.",
    );
    say(
        output,
        "The board uses your numbering; the AI's moves are written in its own, then in yours.",
    );
    let mut show = true;
    // The parts typed in this turn, while they are what the steps made are.
    let mut typed: Option<Vec<String>> = Some(Vec::new());
    loop {
        if let Some(result) = game.result() {
            let who = if result.winner == human {
                "You win"
            } else {
                "The AI wins"
            };
            let kind = match result.kind {
                WinKind::Single => "a single game",
                WinKind::Gammon => "a gammon",
                WinKind::Backgammon => "a backgammon",
            };
            say(
                output,
                &format!(
                    "{who} {kind}: {} point{}.",
                    result.points,
                    if result.points == 1 { "" } else { "s" }
                ),
            );
            return Ok(());
        }
        let Some(dice) = game.dice() else {
            // A roll that cannot be used passes at once (the game records
            // it and the other player is on roll): say so, or the player
            // never learns what was rolled.
            let roller = game.player_on_roll();
            let (rolled, outcome) = game.roll().map_err(|e| e.to_string())?;
            if outcome == DiceOutcome::Passed {
                let text = if roller == human {
                    format!(
                        "You roll {}: no legal play, the turn passes.",
                        roll_text(rolled)
                    )
                } else {
                    format!("The AI rolls {} and cannot move.", roll_text(rolled))
                };
                say(output, &text);
                show = true;
            }
            continue;
        };
        let on_roll = game.player_on_roll();
        let position = *game.state().position();
        if on_roll != human {
            let chosen = ai_move(
                &position,
                dice,
                args.level,
                &mut rng,
                Budget::UNLIMITED,
                &cancel,
            );
            let text = if chosen.play.is_pass() {
                "cannot move".to_string()
            } else {
                // "Points are always numbered from the side of the player
                // concerned": the AI's play in its numbering first, then in
                // the human's, as the board is drawn.
                format!(
                    "plays {} (its numbering; {} in yours)",
                    chosen.play.notation(),
                    in_human_numbering(&chosen.play)
                )
            };
            say(
                output,
                &format!("The AI rolls {} and {text}.", roll_text(dice)),
            );
            game.play(&chosen.play).map_err(|e| e.to_string())?;
            show = true;
            continue;
        }
        let Some(turn) = game.current_turn().cloned() else {
            return Err("the dice are rolled but no turn is in progress".into());
        };
        if show {
            say(output, "");
            say(output, &board_text(turn.position()));
            show = false;
        }
        let plays: Vec<Play> = game.legal_plays();
        if turn.is_pass() {
            say(
                output,
                &format!(
                    "You roll {}: no legal play, the turn passes.",
                    roll_text(dice)
                ),
            );
            game.play(&Play::pass(&position))
                .map_err(|e| e.to_string())?;
            show = true;
            continue;
        }
        let made = turn.steps();
        let prompt = if turn.is_complete() {
            format!(
                "You roll {}: {} (Enter to commit, undo to take back a step)> ",
                roll_text(dice),
                steps_to_string(&made)
            )
        } else if made.is_empty() {
            format!("You roll {}> ", roll_text(dice))
        } else {
            format!(
                "You roll {}: {} so far, {} left> ",
                roll_text(dice),
                steps_to_string(&made),
                turn.remaining_dice()
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(" and ")
            )
        };
        let Some(text) = ask_command(input, output, &prompt) else {
            return Ok(());
        };
        match text.as_str() {
            "" | "ok" | "done" | "commit" => {
                if turn.is_complete() {
                    let play = game.commit_turn().map_err(|e| e.to_string())?;
                    say(output, &format!("You play {}.", play.notation()));
                    show = true;
                    typed = Some(Vec::new());
                } else if let Err(e) = turn.commit() {
                    if !text.is_empty() {
                        say(output, &format!("Not yet: {e}."));
                    }
                }
            }
            "help" | "?" => {
                for line in HELP {
                    say(output, line);
                }
            }
            "moves" => {
                let list: Vec<String> = plays.iter().map(Play::notation).collect();
                say(output, &format!("Legal plays: {}", list.join(", ")));
            }
            "undo" => match game.undo_step() {
                Some(step) => {
                    // The parts typed no longer say what the steps are.
                    typed = game
                        .current_turn()
                        .is_some_and(|t| t.steps().is_empty())
                        .then(Vec::new);
                    say(
                        output,
                        &format!("Taken back: {}.", steps_to_string(&[step])),
                    );
                    show = true;
                }
                None => say(
                    output,
                    "No step of this turn to take back (a committed turn is final).",
                ),
            },
            "reset" => {
                let mut any = false;
                while game.undo_step().is_some() {
                    any = true;
                }
                typed = Some(Vec::new());
                show = any;
                if !any {
                    say(output, "No step of this turn to take back.");
                }
            }
            "hint" => {
                let best = ai_move(
                    &position,
                    dice,
                    Level::Hard,
                    &mut rng,
                    Budget::UNLIMITED,
                    &cancel,
                );
                let whole = if made.is_empty() {
                    ""
                } else {
                    " (the whole roll, from the start of this turn: reset takes your steps back)"
                };
                say(output, &format!("Hint: {}{whole}", best.play.notation()));
            }
            text => match play_steps(&mut game, &mut typed, text) {
                Ok(()) => show = true,
                Err(why) => say(output, &format!("Not a legal play: {why}.")),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game with `me` and `opp` (each from its own side: point, count) and
    /// the dice `a`-`b` rolled for the side on roll.
    fn game_at(me: &[(usize, u8)], opp: &[(usize, u8)], a: u8, b: u8) -> Game {
        let position = Position::from_point_counts(me, opp).unwrap();
        let mut game = Game::from_position(position, Player::First);
        game.set_dice(Dice::new(a, b).unwrap()).unwrap();
        game
    }

    fn made(game: &Game) -> String {
        steps_to_string(&game.current_turn().unwrap().steps())
    }

    /// "Points are always numbered from the side of the player concerned":
    /// the AI's play shown in the human's numbering (as the board is drawn)
    /// is its own notation with every point p written 25 - p, a run still
    /// one move (the AI's 24/13 is 1/12), hits and repeats kept.
    #[test]
    fn the_ais_play_in_your_numbering_keeps_its_runs() {
        let start = Position::start();
        let run = parse_play(&start, Dice::new(6, 5).unwrap(), "24/13").unwrap();
        assert_eq!(in_human_numbering(&run), "1/12");
        let point = parse_play(&start, Dice::new(3, 3).unwrap(), "8/5(2) 6/3(2)").unwrap();
        assert_eq!(in_human_numbering(&point), "19/22(2) 17/20(2)");
        // The AI enters on a blot of ours on our 3 (its 22) and bears nothing off.
        let p = Position::from_point_counts(&[(BAR, 1), (6, 14)], &[(3, 1)]).unwrap();
        let hit = parse_play(&p, Dice::new(3, 1).unwrap(), "bar/22* 6/5").unwrap();
        assert_eq!(in_human_numbering(&hit), "bar/3* 19/20");
        // Repeats with a hit keep their order by your starting point.
        let p = Position::from_point_counts(&[(13, 5), (6, 10)], &[(15, 1), (1, 14)]).unwrap();
        let two = parse_play(&p, Dice::new(3, 3).unwrap(), "13/10*(2) 6/3(2)").unwrap();
        assert_eq!(in_human_numbering(&two), "19/22(2) 12/15*(2)");
    }

    /// "A turn with no legal play passes automatically (the state says
    /// so)": the terminal game says so too. `Game::roll` passes such a
    /// roll at once, so the game never reached its own "no legal play" and
    /// "cannot move" lines: a blocked roll went by unseen.
    #[test]
    fn a_roll_that_passes_is_told() {
        // Find a seed whose game, with the human always typing the first
        // legal play and the Easy AI, has a pass in 40 human turns, as
        // `play` will play it (the AI draws from the same generator).
        let script = |seed: u64| -> Option<(String, usize)> {
            let mut game = Game::new(seed);
            let mut rng = GameRng::from_seed(seed ^ 0xB6);
            let mut input = String::new();
            let (mut passes, mut human_turns) = (0, 0);
            // Up to the prompt after 40 of the human's plays (or the end).
            while !game.is_over() {
                if game.dice().is_none() {
                    let (_, outcome) = game.roll().ok()?;
                    passes += usize::from(outcome == DiceOutcome::Passed);
                    continue;
                }
                let dice = game.dice()?;
                let play = if game.player_on_roll() == Player::First {
                    if human_turns == 40 {
                        break;
                    }
                    human_turns += 1;
                    let play = *game.legal_plays().first()?;
                    input.push_str(&format!("{}\n\n", play.notation()));
                    play
                } else {
                    let position = *game.state().position();
                    let budget = Budget::UNLIMITED;
                    ai_move(
                        &position,
                        dice,
                        Level::Easy,
                        &mut rng,
                        budget,
                        &CancelFlag::new(),
                    )
                    .play
                };
                game.play(&play).ok()?;
            }
            (passes > 0).then(|| (input + "quit\n", passes))
        };
        let (seed, (input, passes)) = (1..500u64)
            .find_map(|seed| script(seed).map(|s| (seed, s)))
            .expect("a seed with a pass");
        let args = PlayArgs {
            level: Level::Easy,
            seed,
            starts: "roll".into(),
        };
        let mut out = Vec::new();
        play(&args, &mut input.as_bytes(), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        let told = out.matches("no legal play, the turn passes").count()
            + out.matches("and cannot move").count();
        assert_eq!(told, passes, "seed {seed}: {out}");
    }

    #[test]
    fn two_checkers_on_the_bar_enter_before_either_goes_on() {
        let mut game = game_at(&[(BAR, 2), (6, 13)], &[(6, 15)], 1, 1);
        let mut typed = Some(Vec::new());
        play_steps(&mut game, &mut typed, "bar/23(2)").unwrap();
        assert!(game.current_turn().unwrap().is_complete());
        assert_eq!(made(&game), "bar/23(2)");
    }

    #[test]
    fn a_part_that_does_not_fit_reads_the_turn_again() {
        // With 4-1, `3/off` alone is a whole play (3/2/off), but followed by
        // `2/1` it is the 4 bearing off from 3.
        let mut game = game_at(&[(3, 1), (2, 1), (1, 1)], &[(1, 15)], 4, 1);
        let mut typed = Some(Vec::new());
        play_steps(&mut game, &mut typed, "3/off").unwrap();
        assert!(game.current_turn().unwrap().is_complete());
        play_steps(&mut game, &mut typed, "2/1").unwrap();
        assert!(game.current_turn().unwrap().is_complete());
        assert_eq!(made(&game), "3/off 2/1");
        // A part that fits nothing is refused with its reason, and the
        // steps stay as they were.
        let why = play_steps(&mut game, &mut typed, "1/off").unwrap_err();
        assert!(why.contains("the roll is used up"), "{why}");
        assert_eq!(made(&game), "3/off 2/1");
    }

    #[test]
    fn a_star_chooses_the_way_that_hits() {
        // 3-1 from 13 to 9: through 12 (a blot of the opponent's, hit) or
        // through 10 (empty). The opponent's point 13 is our 12.
        let text = |t: &str| {
            let mut game = game_at(&[(13, 15)], &[(13, 1), (1, 14)], 3, 1);
            play_steps(&mut game, &mut None, t).unwrap();
            made(&game)
        };
        assert_eq!(text("13/9*"), "13/12*/9");
        assert_eq!(text("13/9"), "13/9");
    }
}
