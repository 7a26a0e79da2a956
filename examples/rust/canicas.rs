//! Play Color Lines from Rust: hints, a path for the animation, one-move
//! undo with the same arrivals, the autoplayer to the end of a deal, the
//! end-of-game summary and records. Run with
//! `cargo run -p games-examples --example canicas`.

use std::time::Duration;

use canicas_core::{ai, notation, Game, Move, Records, Variant};
use games_common::{Budget, CancelFlag};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let cancel = CancelFlag::new();
    let mut game = Game::of_variant(Variant::Five, 2024);
    println!("{}", game.state().board().to_pretty());
    println!("next: {:?}", game.state().next_colours());

    // A hint, its path (for the animation), and the move.
    let hint = ai::hint(&game.state().view(), ai::default_budget(), &cancel);
    let mv = hint.best.ok_or("a legal move")?;
    let path = game.state().path(mv.from, mv.to)?;
    assert_eq!((path.first(), path.last()), (Some(&mv.from), Some(&mv.to)));
    let outcome = game.play(mv)?;
    println!(
        "played {} ({} cells), {} points, {} marbles arrived",
        notation::move_text(mv, 9),
        path.len(),
        outcome.points,
        outcome.arrivals.len()
    );

    // Undo the last move only; playing it again brings the same marbles.
    game.undo()?;
    assert!(game.undo().is_err());
    assert_eq!(game.play(mv)?, outcome);

    // A bad move is a typed error that changes nothing: here a marble sent
    // onto a taken cell (its own).
    let before = game.state().clone();
    let taken = game.state().legal_moves()[0].from;
    let err = game.play(Move::new(taken, taken)).unwrap_err();
    println!("refused: {}", err.describe(9));
    assert_eq!(game.state(), &before);

    // A game in progress saves and loads.
    assert_eq!(Game::from_json(&game.to_json())?.state(), game.state());

    // The autoplayer on a copy of the state (a small node budget, at most
    // 300 moves), as the arena uses it.
    let mut state = game.state().clone();
    let result = ai::autoplay(&mut state, Budget::nodes(20), 300, &cancel);
    println!(
        "autoplay: {} moves, {} points, board filled: {}",
        result.moves, result.points, result.died
    );

    // The game itself played to its end with hints (a small node budget).
    let mut records = Records::new();
    assert!(records.finish(&game, Duration::ZERO).is_err()); // not over yet
    while !game.state().is_over() {
        let hint = ai::hint(&game.state().view(), Budget::nodes(20), &cancel);
        game.play(hint.best.ok_or("a game not over has a legal move")?)?;
    }

    // End of game: summary and records (saved as JSON).
    let summary = records.finish(&game, Duration::from_secs(42))?;
    println!(
        "game over after {} moves: {} points, lines by length {:?}",
        summary.moves, summary.points, summary.lines_by_length
    );
    assert!(summary.new_record);
    let saved = records.to_json();
    assert_eq!(Records::from_json(&saved)?, records);
    Ok(())
}

#[cfg(test)]
mod tests {
    /// `cargo test` runs the example end to end (it asserts as it goes).
    #[test]
    fn example_runs() {
        super::main().unwrap();
    }
}
