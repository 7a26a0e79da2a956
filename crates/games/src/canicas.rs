//! `games canicas apply`, `games arena canicas`, `games play canicas`: Color Lines.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use canicas_core::{
    ai, apply_text, arena_threads as run_arena, notation, ApplyOutcome, Board, Cell, Game,
    GameSummary, MoveError, Records, StateError, UndoError, Variant,
};
use clap::Args;
use games_cli::progress::Progress;
use games_cli::term::{ask_command, colour_wanted, say};
use games_common::{Budget, CancelFlag, GameRng};

fn parse_variant(text: &str) -> Result<Variant, String> {
    Variant::parse(text).map_err(|e| e.to_string())
}

/// Options of `games canicas apply`.
#[derive(Args, Debug)]
pub struct ApplyArgs {
    /// The board: 81 characters row by row from the top-left, `.` free, `1`-`7` colours.
    #[arg(long)]
    board: String,
    /// five or four (in a row).
    #[arg(long, default_value = "five", value_parser = parse_variant)]
    variant: Variant,
    /// The move, e.g. e5-a1 (column letter, row number from 1 at the top).
    #[arg(long = "move")]
    mv: String,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
}

/// `games canicas apply`: one move on a bare board (no deal, no next bar).
/// An illegal move or a board that does not read is an error (the command
/// exits with status 1), also with `--json`, which still prints its answer.
pub fn apply(args: &ApplyArgs, output: &mut dyn Write) -> Result<(), String> {
    let rules = args.variant.rules();
    let outcome = match apply_text(&args.board, &rules, &args.mv) {
        Ok(outcome) => outcome,
        // A board that does not read is answered in the same JSON as an
        // illegal move (`ApplyOutcome::to_json` writes it), with the board
        // as it was given.
        Err(e) if args.json => {
            let refused = ApplyOutcome {
                legal: false,
                error: Some(format!("bad-board: {}", board_problem(&e))),
                reason: None,
                points: 0,
                lines: Vec::new(),
                board: Board::empty(rules.size),
                arrivals_needed: false,
            };
            let mut value: serde_json::Value =
                serde_json::from_str(&refused.to_json()).map_err(|e| e.to_string())?;
            value["board"] = args.board.as_str().into();
            say(output, &value.to_string());
            return Err(board_problem(&e));
        }
        Err(e) => return Err(board_problem(&e)),
    };
    if args.json {
        say(output, &outcome.to_json());
        if !outcome.legal {
            // The JSON's codes (`empty-source: …`), as its `error` field.
            return Err(format!(
                "illegal move {}: {}",
                args.mv,
                outcome.error.unwrap_or_default()
            ));
        }
        return Ok(());
    }
    if !outcome.legal {
        return Err(apply_refusal(&outcome, &args.mv, rules.size));
    }
    say(output, &outcome.board.to_pretty());
    if outcome.lines.is_empty() {
        say(output, "No line formed: the next marbles would arrive now.");
    } else {
        let lens: Vec<String> = outcome.lines.iter().map(|l| l.len.to_string()).collect();
        let mut text = format!(
            "Lines of {} removed: {} points.",
            lens.join(", "),
            outcome.points
        );
        // "If a removal leaves the board empty, the next marbles arrive at
        // once" (`arrivals_needed` in the JSON).
        if outcome.arrivals_needed {
            text.push_str(" The board is empty: the next marbles would arrive now.");
        }
        say(output, &text);
    }
    Ok(())
}

/// Why `games canicas apply` refused `mv`, in a sentence as `games play
/// canicas` says it (the codes of `describe` are for JSON).
fn apply_refusal(outcome: &ApplyOutcome, mv: &str, size: u8) -> String {
    match &outcome.reason {
        Some(MoveError::GameOver) => format!(
            "illegal move {mv}: the board is full, so the game is over and no move can be played"
        ),
        Some(e) => format!("illegal move {mv}: {}", refusal(e, size)),
        // A move text that does not read, or names a cell off the board.
        None => match notation::parse_move(mv, size) {
            Err(e) => format!("not a move: {e}"),
            Ok(_) => format!(
                "illegal move {mv}: {}",
                outcome.error.as_deref().unwrap_or_default()
            ),
        },
    }
}

/// Why `games canicas apply` refuses a board.
fn board_problem(e: &StateError) -> String {
    match e {
        StateError::Inconsistent(why) => format!("no game reaches this board: {why}"),
        e => format!("the board does not read: {e}"),
    }
}

/// Options of `games arena canicas`.
#[derive(Args, Debug)]
pub struct ArenaArgs {
    /// five or four (in a row).
    #[arg(long, default_value = "five", value_parser = parse_variant)]
    variant: Variant,
    /// The deals to play, e.g. 1..100 (inclusive) or 7 (default 1..100);
    /// `--games N --seed S` says the same as `--deals S..S+N-1`.
    #[arg(long, conflicts_with_all = ["games", "seed"])]
    deals: Option<String>,
    /// Games to play, one per deal, as in the other arenas (default 100).
    #[arg(long)]
    games: Option<u64>,
    /// The first deal, as the other arenas' seed (default 1).
    #[arg(long)]
    seed: Option<u64>,
    /// Worker threads (0: one per core; at most 64, and one per deal); the
    /// report does not depend on it.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Moves at most per game (at least 1).
    #[arg(long, default_value_t = 20_000)]
    max_moves: u64,
    /// Hint budget in nodes (default: the hint's default node count, without
    /// its time cap, so that a run is the same on every machine).
    #[arg(long)]
    nodes: Option<u64>,
    /// Hint budget in milliseconds per move.
    #[arg(long)]
    millis: Option<u64>,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
    /// Play the Lines 98 rule: the player is shown where the next marbles
    /// land.
    #[arg(long)]
    lines98: bool,
}

fn parse_deals(text: &str) -> Result<std::ops::RangeInclusive<u64>, String> {
    let bad = || format!("`{text}`: write deals as FIRST..LAST (inclusive) or one number");
    match text.split_once("..") {
        Some((a, b)) => {
            let a: u64 = a.trim().parse().map_err(|_| bad())?;
            let b: u64 = b
                .trim()
                .trim_start_matches('=')
                .parse()
                .map_err(|_| bad())?;
            if a > b {
                return Err(bad());
            }
            Ok(a..=b)
        }
        None => {
            let a: u64 = text.trim().parse().map_err(|_| bad())?;
            Ok(a..=a)
        }
    }
}

/// `games arena canicas`: the autoplayer over a range of deals.
pub fn arena(args: &ArenaArgs, output: &mut dyn Write) -> Result<(), String> {
    // No moves, no figures: a run of empty games printed a time per move.
    if args.max_moves == 0 {
        return Err("--max-moves takes at least 1".into());
    }
    let deals = match &args.deals {
        Some(text) => parse_deals(text)?,
        None => {
            let first = args.seed.unwrap_or(1);
            let games = args.games.unwrap_or(100);
            if games == 0 {
                return Err("--games takes at least 1".into());
            }
            let last = first
                .checked_add(games - 1)
                .ok_or_else(|| format!("--seed {first} --games {games} goes past the last deal"))?;
            first..=last
        }
    };
    let deals_text = if deals.start() == deals.end() {
        deals.start().to_string()
    } else {
        format!("{}..{}", deals.start(), deals.end())
    };
    let budget = match (args.nodes, args.millis) {
        (None, None) => Budget::nodes(ai::DEFAULT_NODES),
        (nodes, millis) => Budget {
            max_nodes: nodes,
            max_time: millis.map(Duration::from_millis),
        },
    };
    let started = Instant::now();
    let count = (deals.end() - deals.start()).saturating_add(1);
    let progress = Progress::new("Color Lines arena", count, "deals");
    let report = run_arena(
        args.variant.rules().with_landings_shown(args.lines98),
        deals,
        args.max_moves,
        budget,
        // At most one thread per deal, and 64 (as the other arenas).
        args.threads
            .min(64)
            .min(usize::try_from(count).unwrap_or(64)),
        &CancelFlag::new(),
        &|_, _| progress.add(1),
    )
    .map_err(|e| e.to_string())?;
    progress.finish();
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        let mut value = serde_json::to_value(&report).map_err(|e| e.to_string())?;
        if let Some(map) = value.as_object_mut() {
            map.insert("seconds".into(), serde_json::Value::from(seconds));
            map.insert(
                "variant".into(),
                serde_json::Value::from(args.variant.name()),
            );
        }
        say(output, &value.to_string());
        return Ok(());
    }
    say(
        output,
        &format!(
            "Color Lines arena, {} variant{}, deals {deals_text}, at most {} moves a game",
            args.variant,
            if args.lines98 {
                " (Lines 98 rule: landing cells shown)"
            } else {
                ""
            },
            args.max_moves
        ),
    );
    say(
        output,
        &format!(
            "  games {}, moves {}, points {}",
            report.games, report.moves, report.points
        ),
    );
    say(
        output,
        &format!(
            "  deaths {} = {:.1} per 100,000 moves; {:.2} points per move",
            report.deaths, report.deaths_per_100k_moves, report.points_per_move
        ),
    );
    // "mean and median score and moves survived over full games where
    // they fit": a game stopped by the move cap is not a full game.
    let full = report.full_games();
    let capped = report.games - full.games;
    let full_text = if full.games == 0 {
        format!(
            "  full games: none ({capped} of {} reached the move cap of {}); raise --max-moves for the mean and median over full games",
            report.games, args.max_moves
        )
    } else {
        format!(
            "  full games {} of {}{}: points mean {:.0}, median {:.0}; moves survived mean {:.0}, median {:.0}",
            full.games,
            report.games,
            if capped > 0 {
                format!(" ({capped} reached the move cap)")
            } else {
                String::new()
            },
            full.mean_points,
            full.median_points,
            full.mean_moves,
            full.median_moves
        )
    };
    say(output, &full_text);
    say(
        output,
        &format!(
            "  {:.1} s, {:.2} ms per move",
            seconds,
            1000.0 * seconds / report.moves.max(1) as f64
        ),
    );
    Ok(())
}

/// Options of `games play canicas`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// five or four (in a row).
    #[arg(long, default_value = "five", value_parser = parse_variant)]
    variant: Variant,
    /// The deal to play (default: a fresh one from --seed).
    #[arg(long)]
    deal: Option<u64>,
    /// Seed for fresh deals ("new").
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// File of the records per variant (JSON): read at the start when it
    /// exists, written after each finished game. Default:
    /// `$XDG_DATA_HOME/games/canicas-records.json` (or under
    /// `~/.local/share`).
    #[arg(long, conflicts_with = "no_records")]
    records: Option<PathBuf>,
    /// Keep the records for this session only (read and write no file).
    #[arg(long)]
    no_records: bool,
    /// Play the Lines 98 rule: the board shows (as `+`) the cells where the
    /// next marbles land if the board stays as it is. Its records are kept
    /// apart from the 1992 rule's.
    #[arg(long)]
    lines98: bool,
}

/// Where `games play canicas` keeps the records, if anywhere.
fn records_path(args: &PlayArgs) -> Option<PathBuf> {
    if args.no_records {
        return None;
    }
    if let Some(p) = &args.records {
        return Some(p.clone());
    }
    let data = std::env::var_os("XDG_DATA_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    Some(data.join("games").join("canicas-records.json"))
}

/// The largest records file read, in bytes (1 MiB): a records file holds a
/// few lines per variant, a few kilobytes at most.
const MAX_RECORDS_BYTES: u64 = 1 << 20;

/// The records kept in `path`: empty when the file does not exist yet. A
/// file that cannot be read, is larger than [`MAX_RECORDS_BYTES`] (it is
/// not read whole: `/dev/zero` would never end) or is not records is an
/// error (and is never overwritten, so nothing is lost).
fn load_records(path: &Path) -> Result<Records, String> {
    use std::io::Read;
    let file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Records::new()),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let mut bytes = Vec::new();
    file.take(MAX_RECORDS_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.len() as u64 > MAX_RECORDS_BYTES {
        return Err(format!(
            "{} is larger than {MAX_RECORDS_BYTES} bytes, too large for a records file",
            path.display()
        ));
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| format!("{} holds no records: it is not UTF-8 text", path.display()))?;
    Records::from_json(&text).map_err(|e| format!("{} holds no records: {e}", path.display()))
}

/// Write the records to `path` (through a temporary file, so a crash never
/// leaves half a file).
fn save_records(records: &Records, path: &Path) -> Result<(), String> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, records.to_json())
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The end-of-game lines: points, moves, lines removed by length, record,
/// and the time played (as the host measured it).
fn summary_text(summary: &GameSummary) -> String {
    let lines: Vec<String> = summary
        .lines_by_length
        .iter()
        .map(|(len, n)| format!("{n} of {len}"))
        .collect();
    let record = if summary.replay {
        " (a replay: it counts apart and sets no record)".to_string()
    } else if summary.new_record {
        match summary.previous_record {
            Some(p) => format!(" (a new record; it was {p})"),
            None => " (a new record: the first game of this variant)".to_string(),
        }
    } else {
        match summary.previous_record {
            Some(p) => format!(" (the record is {p})"),
            None => String::new(),
        }
    };
    format!(
        "Game over: {} points in {} moves{}.\nLines removed: {}.\nTime played: {}.",
        summary.points,
        summary.moves,
        record,
        if lines.is_empty() {
            "none".to_string()
        } else {
            lines.join(", ")
        },
        clock_text(summary.elapsed)
    )
}

/// A time played as a clock: `m:ss`, or `h:mm:ss` from an hour on.
fn clock_text(elapsed: Duration) -> String {
    let secs = elapsed.as_secs();
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// Letters of the colours 1 to 7, and their names: the ANSI colours 31 to
/// 37 in order, so colour `n` is drawn with `ESC[3nm`.
const COLOURS: [(char, &str); 7] = [
    ('r', "red"),
    ('g', "green"),
    ('y', "yellow"),
    ('b', "blue"),
    ('m', "magenta"),
    ('c', "cyan"),
    ('w', "white"),
];

/// How the board is drawn: ANSI colours or plain letters, and which
/// cells the last marbles arrived on.
struct Look {
    colour: bool,
    arrived: Vec<Cell>,
}

impl Look {
    /// A marble of `colour` (1..): its letter, a capital when it has just
    /// arrived, in its ANSI colour when colours are on.
    fn marble(&self, colour: u8, arrived: bool) -> String {
        let Some(&(letter, _)) = usize::from(colour)
            .checked_sub(1)
            .and_then(|i| COLOURS.get(i))
        else {
            // Colours beyond 7 (other rules) keep their digit.
            return colour.to_string();
        };
        let letter = if arrived {
            letter.to_ascii_uppercase()
        } else {
            letter
        };
        if self.colour {
            // Bold; an arrival also in reverse video.
            let style = if arrived { "1;7" } else { "1" };
            format!("\x1b[{style};3{colour}m{letter}\x1b[0m")
        } else {
            letter.to_string()
        }
    }

    /// A free cell where a marble of `colour` lands (Lines 98 rule): a `+`,
    /// in the marble's ANSI colour when colours are on.
    fn landing(&self, colour: u8) -> String {
        if self.colour && (1..=7).contains(&colour) {
            format!("\x1b[3{colour}m+\x1b[0m")
        } else {
            "+".to_string()
        }
    }

    /// The legend of the marbles, in their own colours.
    fn legend(&self) -> String {
        let names: Vec<String> = (1u8..)
            .zip(COLOURS)
            .map(|(n, (_, name))| format!("{} {name}", self.marble(n, false)))
            .collect();
        format!(
            "Marbles: {}; . is a free cell. Capitals mark the marbles that arrived after the last move.",
            names.join(", ")
        )
    }
}

fn show(game: &Game, look: &Look, output: &mut dyn Write) {
    let state = game.state();
    let board = state.board();
    let size = board.size();
    let landings = state.shown_landings();
    let mut text = String::from("   ");
    for c in 0..size {
        text.push(char::from(b'a' + c));
        text.push(' ');
    }
    text.push('\n');
    for r in 0..size {
        text.push_str(&format!("{:>2} ", u32::from(r) + 1));
        for c in 0..size {
            let cell = Cell::at(size, r, c);
            match cell.and_then(|cell| board.colour(cell).map(|k| (cell, k))) {
                Some((cell, k)) if k > 0 => {
                    text.push_str(&look.marble(k, look.arrived.contains(&cell)));
                }
                _ => match cell.and_then(|cell| landings.iter().position(|&l| l == cell)) {
                    // Lines 98 rule: where a marble of the bar lands.
                    Some(i) => text.push_str(&look.landing(state.next_colours()[i])),
                    None => text.push('.'),
                },
            }
            text.push(' ');
        }
        text.push('\n');
    }
    say(output, &text);
    let next: Vec<String> = state
        .next_colours()
        .iter()
        .map(|&k| look.marble(k, false))
        .collect();
    let lands = if state.rules().landings_shown {
        let cells: Vec<String> = landings
            .iter()
            .map(|&c| notation::cell_name(c, size))
            .collect();
        format!("  landing on {}", cells.join(", "))
    } else {
        String::new()
    };
    say(
        output,
        &format!(
            "Points {}  moves {}  next: {}{lands}",
            state.score(),
            state.moves(),
            next.join(" ")
        ),
    );
}

/// A refused move in a sentence (the codes of `describe` are for JSON).
fn refusal(error: &MoveError, size: u8) -> String {
    let name = |c| notation::cell_name(c, size);
    match *error {
        MoveError::GameOver => "the game is over: type new or retry to play again".to_string(),
        MoveError::OffBoard(_) => "that cell is off the board".to_string(),
        MoveError::EmptySource(c) => format!(
            "there is no marble on {} to move; start from a cell with a marble",
            name(c)
        ),
        MoveError::TargetTaken(c) => format!(
            "{} already holds a marble; the marble must go to a free cell",
            name(c)
        ),
        MoveError::Unreachable { from, to } => format!(
            "the marble on {} cannot reach {}: it travels up, down, left or right through free cells only, and every way there is blocked",
            name(from),
            name(to)
        ),
        _ => error.to_string(),
    }
}

/// `games play canicas`.
pub fn play(
    args: &PlayArgs,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<(), String> {
    let mut rng = GameRng::from_seed(args.seed);
    let rules = args.variant.rules().with_landings_shown(args.lines98);
    let deal = match args.deal {
        Some(deal) => deal,
        None => rng.next_u64(),
    };
    let mut game = Game::new(rules, deal).map_err(|e| e.to_string())?;
    // Records of every variant, kept in a file unless --no-records.
    let mut path = records_path(args);
    let mut records = match path.as_deref().map(load_records) {
        None => Records::new(),
        Some(Ok(r)) => r,
        Some(Err(e)) => {
            say(output, &format!("Records: {e}; they will not be saved."));
            path = None;
            Records::new()
        }
    };
    let mut started = Instant::now();
    // A game is recorded once, when it first ends (an undo after that and
    // the end again do not count it twice).
    let mut recorded = false;
    say(
        output,
        &format!(
            "Color Lines, {} in a row{}, deal {}.",
            args.variant,
            if args.lines98 {
                ", Lines 98 rule (+ marks where the next marbles land)"
            } else {
                ""
            },
            game.state().deal()
        ),
    );
    if let Some(best) = records
        .entry(&rules)
        .filter(|e| e.games > 0)
        .map(|e| e.best_points)
    {
        say(output, &format!("Record for this variant: {best} points."));
    }
    say(
        output,
        "Move a marble with FROM-TO, e.g. e5-a1 (columns a-i, rows 1-9 from the top).",
    );
    say(output, "Commands: hint, undo, retry, new, help, quit.");
    let mut look = Look {
        colour: colour_wanted(),
        arrived: Vec::new(),
    };
    say(output, &look.legend());
    show(&game, &look, output);
    loop {
        if game.state().is_over() && !recorded {
            recorded = true;
            match records.finish(&game, started.elapsed()) {
                Ok(summary) => say(output, &summary_text(&summary)),
                Err(e) => say(output, &format!("Game over ({e}).")),
            }
            if let Some(p) = &path {
                if let Err(e) = save_records(&records, p) {
                    say(output, &format!("Records not saved: {e}."));
                }
            }
            say(output, "Type new or retry to play again, or quit.");
        }
        let Some(line) = ask_command(input, output, "> ") else {
            return Ok(());
        };
        match line.as_str() {
            "" => {}
            "help" | "?" => {
                say(
                    output,
                    "A marble travels up, down, left or right through free cells only.",
                );
                say(output, "Five (or four) of a colour in a row, column or diagonal leave the board and score;");
                say(output, "a move that removes nothing brings the three next marbles. hint, undo, retry, new, quit.");
                say(output, "undo takes back the last move (one move at a time), but not once the game is over.");
                say(output, &look.legend());
            }
            "hint" => match ai::hint(
                &game.state().view(),
                ai::default_budget(),
                &CancelFlag::new(),
            )
            .best
            {
                Some(mv) => say(
                    output,
                    &format!(
                        "Hint: {}",
                        notation::move_text(mv, game.state().board().size())
                    ),
                ),
                None => say(output, "No move is possible."),
            },
            // The end of a game is final: its summary is in the records,
            // so an undo would reopen a game already counted.
            "undo" if recorded => say(
                output,
                "The game is over and recorded: it cannot be undone. Type new or retry to play again.",
            ),
            "undo" if game.moves().is_empty() => {
                say(output, "There is nothing to undo: no move has been played yet.");
            }
            "undo" => match game.undo() {
                Ok(_) => {
                    look.arrived.clear();
                    show(&game, &look, output);
                }
                Err(UndoError::AlreadyUndone) => say(
                    output,
                    "The last move was already undone: only one move can be undone at a time (play a move, then you can undo it).",
                ),
                Err(UndoError::NothingToUndo) => say(output, "There is nothing to undo."),
                Err(e) => say(output, &format!("{e}.")),
            },
            "retry" => {
                game = game.retry();
                (started, recorded) = (Instant::now(), false);
                look.arrived.clear();
                say(output, &format!("Replaying deal {}.", game.state().deal()));
                show(&game, &look, output);
            }
            "new" => {
                game = game.new_deal(&mut rng);
                (started, recorded) = (Instant::now(), false);
                look.arrived.clear();
                say(output, &format!("New deal {}.", game.state().deal()));
                show(&game, &look, output);
            }
            text => match notation::parse_move(text, game.state().board().size()) {
                Err(e) => say(output, &format!("Not a move: {e}.")),
                Ok(mv) => match game.play(mv) {
                    Err(e) => say(
                        output,
                        &format!("Illegal move: {}.", refusal(&e, game.state().board().size())),
                    ),
                    Ok(outcome) => {
                        if outcome.points > 0 {
                            say(output, &format!("+{} points.", outcome.points));
                        }
                        look.arrived = outcome.arrivals.iter().map(|a| a.cell).collect();
                        if !look.arrived.is_empty() {
                            let size = game.state().board().size();
                            let cells: Vec<String> = look
                                .arrived
                                .iter()
                                .map(|&c| notation::cell_name(c, size))
                                .collect();
                            say(output, &format!("Arrived on {}.", cells.join(", ")));
                        }
                        show(&game, &look, output);
                    }
                },
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_end_of_game_summary_shows_the_time_played() {
        // The seed, step 7: "La ventana «Fin de la partida» muestra tus
        // puntos, jugadas, tiempo, las líneas que has eliminado y tu récord";
        // the spec: "Time is measured by the host and passed in."
        let summary = GameSummary {
            rules: canicas_core::Rules::FIVE,
            deal: 5,
            replay: false,
            points: 1490,
            moves: 389,
            lines_by_length: vec![(5, 128), (6, 7), (7, 1)],
            elapsed: std::time::Duration::from_millis(754_900),
            new_record: true,
            previous_record: Some(1200),
        };
        let text = summary_text(&summary);
        assert!(text.contains("Time played: 12:34."), "{text}");
        let long = GameSummary {
            elapsed: std::time::Duration::from_secs(3 * 3600 + 5 * 60 + 9),
            ..summary
        };
        assert!(summary_text(&long).contains("Time played: 3:05:09."));
    }

    #[test]
    fn refusals_are_sentences_without_codes() {
        let (a1, b2) = (Cell(0), Cell(10));
        let unreachable = refusal(&MoveError::Unreachable { from: a1, to: b2 }, 9);
        assert_eq!(
            unreachable,
            "the marble on a1 cannot reach b2: it travels up, down, left or right through free cells only, and every way there is blocked"
        );
        for e in [
            MoveError::GameOver,
            MoveError::OffBoard(Cell(200)),
            MoveError::EmptySource(a1),
            MoveError::TargetTaken(b2),
        ] {
            let text = refusal(&e, 9);
            let code = e.describe(9);
            let code = code.split(':').next().unwrap_or_default();
            assert!(!text.contains(code), "{text} ({code})");
        }
    }
}
