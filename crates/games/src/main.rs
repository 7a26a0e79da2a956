//! The `games` command: play the engines in a terminal, pit AI levels
//! against each other in the arena, and solve positions.
//!
//! Every subcommand has `--help`. It is a client of the game crates: the
//! rules, the AI and the analysis all come from them.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod nim;
mod term;

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
}

#[derive(Subcommand, Debug)]
enum PlayGame {
    /// Nim: cross out circles from one row; the last circle wins (or loses, misère).
    Nim(nim::PlayArgs),
}

#[derive(Subcommand, Debug)]
enum ArenaGame {
    /// Nim: level A against level B, the first turn alternating.
    Nim(nim::ArenaArgs),
}

#[derive(Subcommand, Debug)]
enum SolveGame {
    /// Nim: whether the player to move wins, and every winning move.
    Nim(nim::SolveArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut output = stdout.lock();
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

fn run(command: Command, input: &mut dyn BufRead, output: &mut dyn Write) -> Result<(), String> {
    match command {
        Command::Play(PlayGame::Nim(args)) => nim::play(&args, input, output),
        Command::Arena(ArenaGame::Nim(args)) => nim::arena(&args, output),
        Command::Solve(SolveGame::Nim(args)) => nim::solve(&args, output),
    }
}
