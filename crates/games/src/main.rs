//! The `games` command: play the engines in a terminal, pit AI levels
//! against each other in the arena, and solve positions.
//!
//! Every subcommand has `--help`. It is a client of the game crates: the
//! rules, the AI and the analysis all come from them.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod backgammon;
mod canicas;
mod nim;
mod timbiriche;

use games_cli::engine;

/// Play, measure and analyse the game engines.
#[derive(Parser, Debug)]
#[command(name = "games", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play a game in the terminal, against the AI or two people on one screen.
    #[command(subcommand)]
    Play(PlayGame),
    /// Pit two AI levels against each other over many seeded games.
    #[command(subcommand)]
    Arena(ArenaGame),
    /// Solve a position exactly: who wins with perfect play, and how.
    #[command(subcommand)]
    Solve(SolveGame),
    /// List every legal play of a position and roll.
    #[command(subcommand)]
    Moves(MovesGame),
    /// Color Lines tools.
    #[command(subcommand)]
    Canicas(CanicasTool),
    /// Speak an engine protocol on stdin/stdout (UGI) for match runners and GUIs.
    #[command(subcommand)]
    Engine(EngineGame),
}

#[derive(Subcommand, Debug)]
enum MovesGame {
    /// Backgammon: one entry per distinct resulting position (GNU Backgammon Position IDs).
    Backgammon(backgammon::MovesArgs),
}

#[derive(Subcommand, Debug)]
enum CanicasTool {
    /// Apply one move to a bare board: lines removed, points, the board after.
    Apply(canicas::ApplyArgs),
}

#[derive(Subcommand, Debug)]
enum EngineGame {
    /// Nim over UGI: position strings `3,4,5 normal 1`, moves `3-2` (rows from 1).
    Nim(EngineArgs),
    /// Dots and boxes over UGI: position strings `3x3 - ......... 0:0 1`, moves `a1-b1`.
    Timbiriche(EngineArgs),
    /// Color Lines over UGI: position strings `<81 cells> <next> five <score> [<deal> <marble>] [over]`, moves `e5-a1`.
    Canicas(CanicasEngineArgs),
    /// Backgammon: UBGI (XGID or FIBS board in, from/to pairs out), or the line protocol
    /// (`<Position ID> <d1> <d2>` in, the Position ID after the AI's play out).
    Backgammon(backgammon::EngineArgs),
}

/// Options of `games engine nim|timbiriche`.
#[derive(clap::Args, Debug)]
struct EngineArgs {
    /// Seed of the engine's random choices (also the UGI option `Seed`).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Options of `games engine canicas`.
#[derive(clap::Args, Debug)]
struct CanicasEngineArgs {
    /// The deal of the game `position startpos` starts (also the UGI option `Seed`).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(Subcommand, Debug)]
enum PlayGame {
    /// Nim: cross out circles from one row; the last circle wins (or loses, misère).
    Nim(nim::PlayArgs),
    /// Dots and boxes (Timbiriche): draw lines, close boxes, move again.
    Timbiriche(timbiriche::PlayArgs),
    /// Color Lines (Canicas): line up five marbles of a colour.
    Canicas(canicas::PlayArgs),
    /// Backgammon without the cube, against the AI.
    Backgammon(backgammon::PlayArgs),
}

#[derive(Subcommand, Debug)]
enum ArenaGame {
    /// Nim: level A against level B, the first turn alternating.
    Nim(nim::ArenaArgs),
    /// Dots and boxes: level A against level B, the first line alternating.
    Timbiriche(timbiriche::ArenaArgs),
    /// Color Lines: the autoplayer over a range of deals; deaths per 100,000 moves.
    Canicas(canicas::ArenaArgs),
    /// Backgammon: duplicate-dice series, points per game with 95% intervals.
    Backgammon(backgammon::ArenaArgs),
}

#[derive(Subcommand, Debug)]
enum SolveGame {
    /// Nim: whether the player to move wins, and every winning move.
    Nim(nim::SolveArgs),
    /// Dots and boxes: the exact value and every optimal move.
    Timbiriche(timbiriche::SolveArgs),
}

/// The `id author` of our engines.
const AUTHOR: &str = "the games engine authors";

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdin = io::stdin();
    let mut input = stdin.lock();
    // Not locked: the engine's search thread writes to stdout too.
    let mut output = io::stdout();
    let result = run(cli.command, &mut input, &mut output);
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            let _ = output.flush();
            eprintln!("games: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Standard output, shareable with an engine's search thread.
fn stdout_handle() -> std::sync::Arc<std::sync::Mutex<dyn Write + Send>> {
    std::sync::Arc::new(std::sync::Mutex::new(io::stdout()))
}

fn run(command: Command, input: &mut dyn BufRead, output: &mut dyn Write) -> Result<(), String> {
    match command {
        Command::Play(PlayGame::Nim(args)) => nim::play(&args, input, output),
        Command::Arena(ArenaGame::Nim(args)) => nim::arena(&args, output),
        Command::Solve(SolveGame::Nim(args)) => nim::solve(&args, output),
        Command::Moves(MovesGame::Backgammon(args)) => backgammon::moves(&args, output),
        Command::Engine(EngineGame::Backgammon(args)) => {
            backgammon::engine(&args, input, output, stdout_handle(), AUTHOR)
        }
        Command::Arena(ArenaGame::Backgammon(args)) => backgammon::arena(&args, output),
        Command::Play(PlayGame::Backgammon(args)) => backgammon::play(&args, input, output),
        Command::Play(PlayGame::Canicas(args)) => canicas::play(&args, input, output),
        Command::Arena(ArenaGame::Canicas(args)) => canicas::arena(&args, output),
        Command::Canicas(CanicasTool::Apply(args)) => canicas::apply(&args, output),
        Command::Play(PlayGame::Timbiriche(args)) => timbiriche::play(&args, input, output),
        Command::Arena(ArenaGame::Timbiriche(args)) => timbiriche::arena(&args, output),
        Command::Solve(SolveGame::Timbiriche(args)) => timbiriche::solve(&args, output),
        Command::Engine(EngineGame::Nim(args)) => {
            engine::ugi::run(
                engine::nim::NimEngine::new(args.seed),
                AUTHOR,
                input,
                stdout_handle(),
            );
            Ok(())
        }
        Command::Engine(EngineGame::Canicas(args)) => {
            engine::ugi::run(
                engine::canicas::CanicasEngine::new(args.seed),
                AUTHOR,
                input,
                stdout_handle(),
            );
            Ok(())
        }
        Command::Engine(EngineGame::Timbiriche(args)) => {
            engine::ugi::run(
                engine::timbiriche::TimbiricheEngine::new(args.seed),
                AUTHOR,
                input,
                stdout_handle(),
            );
            Ok(())
        }
    }
}
