//! `games play|arena|solve timbiriche`: dots and boxes.

use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

use clap::Args;
use games_cli::progress::{arena_with_progress, StatusLine};
use games_cli::term::{ask_command, parse_seconds, say};
use games_common::arena::{ArenaOptions, FnAgent, MoveTimes};
use games_common::{Budget, CancelFlag, GameRng, Player};
use serde::Serialize;
use timbiriche_core::{
    ai_move, notation, solve_with, BoardSize, Game, GameOptions, GameResult, Level, Match,
    MatchOptions, Position, SolveOptions, StartPolicy, ValueLayout, Variant,
};

fn parse_level(text: &str) -> Result<Level, String> {
    Level::parse(text).ok_or_else(|| format!("unknown level `{text}`: use easy, medium or hard"))
}

fn parse_size(text: &str) -> Result<BoardSize, String> {
    BoardSize::parse(text).map_err(|e| e.to_string())
}

/// Options of `games solve timbiriche`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Boxes, ROWSxCOLS (1x1 to 6x6), or the dots, e.g. "6x6 dots".
    #[arg(long, default_value = "3x3", value_parser = parse_size)]
    size: BoardSize,
    /// Lines already drawn, e.g. a1-b1,b2-b3 (rows from 1 at the top,
    /// columns from a at the left); leave out for the empty board.
    #[arg(long, default_value = "")]
    lines: String,
    /// Misère: the value is the opponent's points minus the mover's.
    #[arg(long)]
    misere: bool,
    /// Stop after this many seconds (the answer says whether it is complete).
    #[arg(long, value_parser = parse_seconds)]
    seconds: Option<Duration>,
    /// Memory limit for the transposition table in MB (default: a quarter
    /// of the memory available, at most 4096 MB; 512 MB where that is
    /// unknown); the table is smaller when the position cannot use it all.
    #[arg(long, value_parser = parse_memory)]
    memory: Option<usize>,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
}

fn parse_memory(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(mb) if (1..=1 << 20).contains(&mb) => Ok(mb),
        _ => Err(format!(
            "`{text}` is not a table size: give whole megabytes from 1 to 1048576"
        )),
    }
}

/// The default table size in MB: a quarter of `MemAvailable` from
/// /proc/meminfo, within 64..=4096 MB; 512 MB when it cannot be read.
fn default_memory_mb() -> usize {
    let available_kb = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find_map(|l| l.strip_prefix("MemAvailable:"))
                .and_then(|rest| {
                    rest.trim()
                        .trim_end_matches("kB")
                        .trim()
                        .parse::<usize>()
                        .ok()
                })
        });
    available_kb.map_or(512, |kb| (kb / 1024 / 4).clamp(64, 4096))
}

#[derive(Serialize)]
struct SolveReport {
    value: Option<i32>,
    best_moves: Vec<String>,
    complete: bool,
    nodes: u64,
    seconds: f64,
    /// Bytes of the transposition table actually allocated.
    table_bytes: usize,
    /// The limit given by `--memory` (or its default), in MB.
    memory_limit_mb: usize,
}

/// `bytes` in KB or MB (of 1024), as the tables' sizes (powers of two)
/// come out whole.
fn kb_or_mb(bytes: usize) -> String {
    if bytes >= 1 << 20 {
        format!("{} MB", bytes >> 20)
    } else {
        format!("{} KB", bytes >> 10)
    }
}

/// One line of progress for a terminal.
fn progress_line(p: &timbiriche_core::solver::Progress) -> String {
    let bound = if p.lower == p.upper {
        format!("value {:+}, {} moves tested", p.lower, p.moves_tested)
    } else if p.lower == i32::MIN {
        "bounds not yet known".to_string()
    } else {
        format!("value in [{:+}, {:+}]", p.lower, p.upper)
    };
    format!(
        "{:.1} M nodes, table {:.1} % full, {bound}, {:.0} s",
        p.nodes as f64 / 1e6,
        100.0 * p.table_used as f64 / p.table_len.max(1) as f64,
        p.elapsed.as_secs_f64()
    )
}

/// `games solve timbiriche`.
pub fn solve(args: &SolveArgs, output: &mut dyn Write) -> Result<(), String> {
    let lines = notation::parse_lines(args.size, &args.lines).map_err(|e| e.to_string())?;
    let position = Position::from_lines(args.size, &lines)
        .map_err(|e| e.to_string())?
        .with_misere(args.misere);
    let budget = args.seconds.map_or(Budget::UNLIMITED, Budget::time);
    let memory_limit_mb = args.memory.unwrap_or_else(default_memory_mb);
    let start = Instant::now();
    // On a terminal (or GAMES_PROGRESS=1), one line kept up to date with
    // the solver's nodes, table fill and current bound; nothing when piped.
    let label = format!("solving {}x{}", args.size.rows(), args.size.cols());
    let mut status = StatusLine::new();
    status.show(&format!("{label}: starting"));
    let shown = status.is_shown();
    let mut show = |p: &timbiriche_core::solver::Progress| {
        status.show(&format!("{label}: {}", progress_line(p)));
    };
    let options = SolveOptions {
        table_bytes: Some(memory_limit_mb << 20),
        progress: if shown { Some(&mut show) } else { None },
    };
    let solution = solve_with(&position, budget, &CancelFlag::new(), options);
    status.finish();
    let report = SolveReport {
        value: solution.value,
        best_moves: solution
            .best_moves
            .iter()
            .map(|&l| notation::line_to_string(l))
            .collect(),
        complete: solution.complete,
        nodes: solution.nodes(),
        seconds: start.elapsed().as_secs_f64(),
        table_bytes: solution.table_bytes,
        memory_limit_mb,
    };
    if args.json {
        say(
            output,
            &serde_json::to_string(&report).map_err(|e| e.to_string())?,
        );
        return Ok(());
    }
    say(output, &position.diagram());
    match report.value {
        Some(v) => say(
            output,
            &format!("Value for the player to move (net points from the unclaimed boxes): {v:+}"),
        ),
        None => say(output, "Not proven within the budget."),
    }
    let moves = report.best_moves.join(" ");
    let text = match (report.complete, moves.is_empty()) {
        (true, true) => "No move is left: the game is over.".to_string(),
        (true, false) => format!("Every optimal move: {moves}"),
        (false, true) => "No move was proven optimal within the budget yet.".to_string(),
        (false, false) => format!("Optimal moves proven so far: {moves}"),
    };
    say(output, &text);
    say(
        output,
        &format!(
            "{} nodes in {:.3} s (table {}, limit {} MB)",
            report.nodes,
            report.seconds,
            kb_or_mb(report.table_bytes),
            report.memory_limit_mb
        ),
    );
    Ok(())
}

/// Options of `games arena timbiriche`.
#[derive(Args, Debug)]
pub struct ArenaArgs {
    /// Level of side A.
    #[arg(long, value_parser = parse_level)]
    a: Level,
    /// Level of side B.
    #[arg(long, value_parser = parse_level)]
    b: Level,
    /// Boxes, ROWSxCOLS.
    #[arg(long, default_value = "5x5", value_parser = parse_size)]
    size: BoardSize,
    /// Games; A draws the first line in even-numbered games, B in odd ones.
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Seed of both sides' random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Misère rule.
    #[arg(long)]
    misere: bool,
    /// Worker threads (games are shared out; results do not depend on it).
    #[arg(long, default_value_t = 2)]
    threads: u32,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize, Default, Clone)]
struct SideStats {
    level: String,
    wins: u32,
    moves: u64,
    median_ms: f64,
    worst_ms: f64,
}

#[derive(Serialize)]
struct ArenaReport {
    game: &'static str,
    size: String,
    misere: bool,
    games: u32,
    seed: u64,
    draws: u32,
    a: SideStats,
    b: SideStats,
}

fn side_stats(level: Level, wins: u32, times: MoveTimes) -> SideStats {
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    SideStats {
        level: level.name().to_string(),
        wins,
        moves: times.moves,
        median_ms: ms(times.median),
        worst_ms: ms(times.slowest),
    }
}

/// `games arena timbiriche`.
pub fn arena(args: &ArenaArgs, output: &mut dyn Write) -> Result<(), String> {
    let variant = if args.misere {
        Variant::misere()
    } else {
        Variant::standard()
    };
    let start = Position::new(args.size, &variant, Player::First).map_err(|e| e.to_string())?;
    let agent = |level: Level| {
        FnAgent::new(
            level.name(),
            move |p: &Position, rng: &mut GameRng, cancel: &CancelFlag| {
                ai_move(p, level, rng, level.default_budget(), cancel)
                    .ok()
                    .map(|answer| answer.line)
            },
        )
    };
    let options = ArenaOptions {
        games: args.games,
        seed: args.seed,
        threads: args.threads.clamp(1, 64) as usize,
        ..ArenaOptions::default()
    };
    let played = arena_with_progress(
        "dots and boxes arena",
        &start,
        (&agent(args.a), &agent(args.b)),
        options,
    )?;
    let [wins_a, wins_b, draws] = played.wins();
    let report = ArenaReport {
        game: "timbiriche",
        size: format!("{}x{}", args.size.rows(), args.size.cols()),
        misere: args.misere,
        games: args.games,
        seed: args.seed,
        draws,
        a: side_stats(args.a, wins_a, played.move_times(0)),
        b: side_stats(args.b, wins_b, played.move_times(1)),
    };
    if args.json {
        say(
            output,
            &serde_json::to_string(&report).map_err(|e| e.to_string())?,
        );
        return Ok(());
    }
    say(
        output,
        &format!(
            "Dots and boxes arena: {} games on {}{}, seed {}, first line alternating",
            report.games,
            report.size,
            if report.misere { " misère" } else { "" },
            report.seed
        ),
    );
    for (label, s) in [("A", &report.a), ("B", &report.b)] {
        say(
            output,
            &format!(
                "  {label} ({:<6}) {:>5} wins ({:.1}%)  move time median {:.2} ms, worst {:.1} ms over {} moves",
                s.level,
                s.wins,
                100.0 * f64::from(s.wins) / f64::from(report.games.max(1)),
                s.median_ms,
                s.worst_ms,
                s.moves
            ),
        );
    }
    say(output, &format!("  draws {}", report.draws));
    Ok(())
}

/// Options of `games play timbiriche`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Boxes, ROWSxCOLS: 3x3, 4x4 and 5x5 are the games offered (up to
    /// 6x6); or the dots, as players also name a board: "6x6 dots" is 5x5.
    #[arg(long, default_value = "3x3", value_parser = parse_size)]
    size: BoardSize,
    /// The AI's level: easy, medium or hard.
    #[arg(long, default_value = "medium", value_parser = parse_level)]
    level: Level,
    /// Misère: whoever has more points loses.
    #[arg(long)]
    misere: bool,
    /// Valued boxes (worth 1, 2 or 3), laid out from this seed.
    #[arg(long)]
    valued: Option<u64>,
    /// Two people on one screen, no AI.
    #[arg(long)]
    two_players: bool,
    /// Who draws the first line: first, second or alternating (between the games of a match).
    #[arg(long, default_value = "first")]
    starts: String,
    /// A match of 3 or 5 games, points summed.
    #[arg(long = "match")]
    games: Option<u32>,
    /// Seed of the AI's random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn policy(text: &str) -> Result<StartPolicy, String> {
    match text {
        "first" => Ok(StartPolicy::First),
        "second" => Ok(StartPolicy::Second),
        "alternating" => Ok(StartPolicy::Alternating),
        _ => Err(format!(
            "`{text}`: --starts is first, second or alternating"
        )),
    }
}

/// How hints work in the terminal (the engine counts them; what a paid
/// hint costs is the host's, and this host charges nothing).
const HINT_RULE: &str = "hint shows what a master (the Hard level) would play, with why: 3 hints per game, the first free; the other two are \"paid\" hints, which an app may charge for, but here they cost nothing beyond using one of the three. Asking again in the same position repeats the hint without using another.";

/// The score line under the board: points per player; on valued boxes
/// the points still open; in a match, the match totals so far.
fn points_line(pos: &Position, m: Option<&Match>) -> String {
    let (a, b) = (pos.points(Player::First), pos.points(Player::Second));
    let mut text = format!("Points: player 1 {a}, player 2 {b}");
    if pos.values().iter().any(|&v| v != 1) {
        text.push_str(&format!(
            " ({} more in the open boxes)",
            pos.remaining_points()
        ));
    }
    if let Some(m) = m {
        text.push_str(&format!(
            "; match so far (game {} of {}): player 1 {}, player 2 {}",
            m.games_finished() + usize::from(!pos.is_over()),
            m.options().games,
            m.total(Player::First),
            m.total(Player::Second)
        ));
    }
    text.push('.');
    text
}

/// `games play timbiriche`.
pub fn play(
    args: &PlayArgs,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<(), String> {
    let variant = Variant {
        misere: args.misere,
        values: args
            .valued
            .map_or(ValueLayout::Standard, ValueLayout::Seeded),
    };
    let policy = policy(&args.starts)?;
    let mut m = match args.games {
        Some(games) => Some(
            Match::new(MatchOptions {
                size: args.size,
                variant: variant.clone(),
                games,
                policy,
            })
            .map_err(|e| e.to_string())?
            .with_ai_seed(args.seed),
        ),
        None => None,
    };
    let mut single = Game::new(GameOptions {
        size: args.size,
        variant,
        first: policy.starter(0),
    })
    .map_err(|e| e.to_string())?
    .with_ai_seed(args.seed);
    let human = Player::First;
    let cancel = CancelFlag::new();
    let who = |p: Player| -> String {
        if args.two_players {
            p.to_string()
        } else if p == human {
            "You".into()
        } else {
            "The AI".into()
        }
    };
    say(
        output,
        &format!(
            "Dots and boxes on {}x{} boxes{}.",
            args.size.rows(),
            args.size.cols(),
            if args.misere {
                ", misère (more points loses)"
            } else {
                ""
            }
        ),
    );
    if !args.two_players {
        say(
            output,
            &format!(
                "You are player 1 (boxes marked 1); the AI ({}) is player 2.",
                args.level.name()
            ),
        );
    }
    say(
        output,
        "Draw a line by naming its two dots, e.g. a1-b1 (columns a.., rows 1.. from the top).",
    );
    say(
        output,
        "Taking a box gives you one extra move. Commands: undo, redo, hint, help, quit.",
    );
    if let Some(seed) = args.valued {
        say(
            output,
            &format!(
                "Valued boxes (layout {seed}): each box shows its worth, (2) an open box worth 2 points, 1:2 a box of player 1 worth 2."
            ),
        );
    }
    say(output, HINT_RULE);
    let mut show = true;
    // The last hint given, with its position: asking again there repeats it free.
    let mut last_hint: Option<(Position, String)> = None;
    loop {
        let pos = match m.as_ref() {
            Some(m) => m.game().position().clone(),
            None => single.position().clone(),
        };
        if show {
            say(output, "");
            say(output, &pos.diagram());
            say(output, &points_line(&pos, m.as_ref()));
            // "The state must say as soon as the result is decided (e.g.
            // 13 of 25 boxes on 5×5), even though play goes on."
            if let (false, Some(GameResult::Win(p))) = (pos.is_over(), pos.decided()) {
                let winner = who(p);
                let verb = if winner == "You" { "win" } else { "wins" };
                say(
                    output,
                    &format!("{winner} {verb}: the result is decided (out of reach), though play goes on to the last line."),
                );
            }
            show = false;
        }
        if pos.is_over() {
            let text = match pos.result() {
                Some(GameResult::Win(p)) => format!("{} won this game.", who(p)),
                _ => "This game is a draw.".to_string(),
            };
            say(output, &text);
            if let Some(mm) = m.as_mut() {
                let (a, b) = (mm.total(Player::First), mm.total(Player::Second));
                if mm.is_over() {
                    let winner = match mm.result() {
                        Some(GameResult::Win(p)) => format!("{} won the match", who(p)),
                        _ => "the match is a draw".to_string(),
                    };
                    say(
                        output,
                        &format!("Match over: player 1 {a}, player 2 {b}: {winner}."),
                    );
                    return Ok(());
                }
                say(
                    output,
                    &format!(
                        "Match score after game {} of {}: player 1 {a}, player 2 {b}.",
                        mm.games_finished(),
                        mm.options().games
                    ),
                );
                mm.next_game().map_err(|e| e.to_string())?;
                // A new game has its own three hints.
                last_hint = None;
                say(
                    output,
                    &format!("Game {} of the match.", mm.games_finished() + 1),
                );
                show = true;
                continue;
            }
            return Ok(());
        }
        let game: &mut Game = match m.as_mut() {
            Some(m) => m.game_mut(),
            None => &mut single,
        };
        let to_move = pos.to_move();
        if !args.two_players && to_move != human {
            let answer = game
                .play_ai(args.level, args.level.default_budget(), &cancel)
                .map_err(|e| e.to_string())?;
            say(
                output,
                &format!("The AI draws {}.", notation::line_to_string(answer.line)),
            );
            show = true;
            continue;
        }
        let Some(line) = ask_command(input, output, &format!("{} to move> ", who(to_move))) else {
            return Ok(());
        };
        match line.as_str() {
            "" => {}
            "help" | "?" => {
                say(
                    output,
                    "Name a line by its two neighbouring dots: a1-b1 is the top edge of box a1.",
                );
                say(
                    output,
                    "Complete a box's 4th side to take it and move again. undo, redo, hint, quit.",
                );
                say(
                    output,
                    "undo goes back to the start of your last turn (every line you drew in it, and the AI's replies); redo replays exactly the moves undone, a turn at a time.",
                );
                say(output, HINT_RULE);
            }
            "undo" => {
                // Against the AI, go back to the start of your last turn:
                // undo the AI's replies, then every line of that turn (a
                // line that takes a box gives another, so a turn may hold
                // several). Before your first line (the AI started) there
                // is no turn of yours to go back to: the AI's opening lines
                // stay rather than let it choose again. Tried on a copy: an
                // undo that gets nowhere leaves the game (and its undo
                // mark) as it was.
                // Two people on one screen take back one line at a time.
                let mut trial = game.clone();
                let mut yours = false;
                if args.two_players {
                    yours = trial.undo();
                } else {
                    while let Some(last) = trial.position().last_move() {
                        if last.player == human {
                            yours = true;
                        } else if yours {
                            break;
                        }
                        trial.undo();
                    }
                }
                show = yours;
                if show {
                    *game = trial;
                } else {
                    say(output, "There is no move to undo.");
                }
            }
            "redo" => {
                // Replay exactly the moves undone, the AI's replies too, up
                // to your next turn: the AI does not choose again.
                let mut redone = Vec::new();
                while game.can_redo() {
                    // The player to move before the line is the one who drew it.
                    let mover = game.position().to_move();
                    game.redo();
                    if let Some(&line) = game.moves().last() {
                        redone.push(format!(
                            "{} ({})",
                            notation::line_to_string(line),
                            match who(mover).as_str() {
                                "You" => "you".to_string(),
                                "The AI" => "the AI".to_string(),
                                other => other.to_string(),
                            }
                        ));
                    }
                    // Up to the start of your next turn: the AI drew the
                    // last line and you are to move.
                    let pos = game.position();
                    if args.two_players
                        || pos.is_over()
                        || (pos.to_move() == human && mover != human)
                    {
                        break;
                    }
                }
                show = !redone.is_empty();
                if show {
                    say(output, &format!("Redone: {}.", redone.join(", ")));
                } else {
                    say(output, "There is no move to redo.");
                }
            }
            "hint" => match &last_hint {
                // The same position again: the same hint, not spent twice.
                Some((at, text)) if at == game.position() => {
                    say(
                        output,
                        &format!("{text} (the same hint again: not counted twice)"),
                    );
                }
                _ => match game.hint(Level::Hard.default_budget(), &cancel) {
                    Ok(h) => {
                        let text = format!(
                            "Hint ({}; {} left): {} — {}",
                            if h.free {
                                "free"
                            } else {
                                "paid: one of your two paid hints"
                            },
                            h.left,
                            notation::line_to_string(h.hint.line),
                            h.hint.sentence
                        );
                        say(output, &text);
                        last_hint = Some((game.position().clone(), text));
                    }
                    Err(e) => say(output, &format!("No hint: {e}.")),
                },
            },
            text => match game.play_notation(text) {
                Ok(outcome) => {
                    if outcome.completed > 0 {
                        say(
                            output,
                            &format!(
                                "{} took {} box(es): move again.",
                                who(to_move),
                                outcome.completed
                            ),
                        );
                    }
                    show = true;
                }
                Err(e) => say(output, &format!("Not a legal line: {e}.")),
            },
        }
    }
}
