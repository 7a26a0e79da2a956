//! `games moves|engine|arena|play backgammon`.

use std::io::{BufRead, Write};
use std::time::Instant;

use backgammon_core::{
    ai_move, legal_plays, run_arena_with, Agent, Dice, Game, Level, Play, Position, Side, WinKind,
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
    if let Some((winner, _)) = position.outcome() {
        let who = match winner {
            Side::OnRoll => "the player on roll",
            Side::Opponent => "the opponent",
        };
        return Err(format!(
            "the game is over in this position ({who} has borne off all 15 checkers): \
             there is nothing to play"
        ));
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

/// An arena player as the command line writes it: `easy`, `normal`, `hard`, `pubeval`.
fn agent_name(agent: Agent) -> &'static str {
    match agent {
        Agent::Level(Level::Easy) => "easy",
        Agent::Level(Level::Normal) => "normal",
        Agent::Level(Level::Hard) => "hard",
        Agent::Pubeval => "pubeval",
    }
}

/// `games arena backgammon`: duplicate-dice series with 95% confidence intervals.
pub fn arena(args: &ArenaArgs, output: &mut dyn Write) -> Result<(), String> {
    let pairs = args.games.div_ceil(2);
    let started = Instant::now();
    let progress = Progress::new("backgammon arena", u64::from(pairs) * 2, "games");
    let report = run_arena_with(
        args.a,
        args.b,
        pairs,
        args.seed,
        args.threads.max(1),
        &|| progress.add(2),
    );
    progress.finish();
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
                agent_name(s.agent),
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

fn board_text(game: &Game, human: Player) -> String {
    // Show the board from the human's side.
    let pos = game.state().position_for(human);
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
        "Type a play like `24/18 13/11`, `bar/22`, `6/off`, `8/5(2)`; also hint, moves, quit.",
    );
    loop {
        if let Some(result) = game.result() {
            let who = if result.winner == human {
                "You win"
            } else {
                "The AI wins"
            };
            say(
                output,
                &format!(
                    "{who} {}: {} point{}.",
                    match result.kind {
                        WinKind::Single => "a single game",
                        WinKind::Gammon => "a gammon",
                        WinKind::Backgammon => "a backgammon",
                    },
                    result.points,
                    if result.points == 1 { "" } else { "s" }
                ),
            );
            return Ok(());
        }
        let Some(dice) = game.dice() else {
            game.roll().map_err(|e| e.to_string())?;
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
                chosen.play.notation()
            };
            say(
                output,
                &format!("The AI rolls {} and plays {text}.", roll_text(dice)),
            );
            game.play(&chosen.play).map_err(|e| e.to_string())?;
            continue;
        }
        say(output, "");
        say(output, &board_text(&game, human));
        let plays: Vec<Play> = game.legal_plays();
        if plays.len() == 1 && plays[0].is_pass() {
            say(
                output,
                &format!(
                    "You roll {}: no legal play, the turn passes.",
                    roll_text(dice)
                ),
            );
            game.play(&plays[0]).map_err(|e| e.to_string())?;
            continue;
        }
        let Some(text) = ask_command(input, output, &format!("You roll {}> ", roll_text(dice)))
        else {
            return Ok(());
        };
        match text.as_str() {
            "" => {}
            "moves" | "help" | "?" => {
                let list: Vec<String> = plays.iter().map(Play::notation).collect();
                say(output, &format!("Legal plays: {}", list.join(", ")));
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
                say(output, &format!("Hint: {}", best.play.notation()));
            }
            text => match game.play_notation(text) {
                Ok(_) => {}
                Err(e) => {
                    let sample: Vec<String> = plays.iter().take(6).map(Play::notation).collect();
                    say(
                        output,
                        &format!("Not a legal play: {e}. For example: {}", sample.join(", ")),
                    );
                }
            },
        }
    }
}
