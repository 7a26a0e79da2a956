//! Play dots and boxes from Rust: a 3×3 game, Hard against Medium, to the
//! end with the reason of every Hard move, then a hint, undo and redo,
//! save and load, and the exact solver. Run with
//! `cargo run -p games-examples --example timbiriche`.

use timbiriche_core::{
    notation, solve, BoardSize, Budget, CancelFlag, Game, GameResult, Level, Player,
};

fn main() {
    let size = BoardSize::new(3, 3).expect("a valid size");
    // The same seed gives the same moves on every machine.
    let mut game = Game::standard(size).with_ai_seed(7);
    let cancel = CancelFlag::new();
    while !game.position().is_over() {
        let mover = game.position().to_move();
        let level = if mover == Player::First {
            Level::Hard
        } else {
            Level::Medium
        };
        let m = game
            .play_ai(level, level.default_budget(), &cancel)
            .expect("a move while the game is not over");
        let outcome = game.position().last_move().expect("a move was played");
        assert_eq!(outcome.line, m.line);
        // A line that closes a box gives the same player another move.
        assert_eq!(outcome.extra_move, outcome.completed > 0);
        println!(
            "{mover} ({level:?}) {}: {}",
            notation::line_to_string(m.line),
            m.reason.sentence()
        );
    }
    let position = game.position();
    print!("{}", position.diagram());
    let (first, second) = (
        position.points(Player::First),
        position.points(Player::Second),
    );
    // Every one of the 9 boxes belongs to someone, and the 24 lines are drawn.
    assert_eq!(first + second, 9);
    assert_eq!(game.moves().len(), 24);
    match position.result() {
        Some(GameResult::Win(p)) => println!("{p} wins {first}-{second}"),
        Some(GameResult::Draw) => println!("a draw {first}-{second}"),
        None => unreachable!("the loop ends when the game is over"),
    }

    // Take back the last two lines, ask for a hint (the first is free), put
    // the lines back.
    assert!(game.undo() && game.undo());
    assert!(game.undo_used());
    let hint = game.hint(Budget::UNLIMITED, &cancel).expect("hints left");
    assert!(hint.free);
    assert_eq!(hint.left, 2);
    println!(
        "hint: {} ({})",
        notation::line_to_string(hint.hint.line),
        hint.hint.reason.sentence()
    );
    assert!(game.redo() && game.redo() && !game.redo());
    assert!(game.position().is_over());

    // Save and load: the loaded game replays and checks every move.
    let saved = game.save();
    assert_eq!(Game::load(&saved).expect("its own save loads"), game);

    // 2×2 with perfect play: the first player wins by 2 (3 boxes to 1).
    let exact = solve(
        &timbiriche_core::Position::standard(BoardSize::new(2, 2).expect("a valid size")),
        Budget::UNLIMITED,
        &cancel,
    );
    assert_eq!(exact.value, Some(2));
    assert!(exact.complete);
    println!(
        "2x2: the first player wins by 2; optimal first lines: {}",
        exact
            .best_moves
            .iter()
            .map(|&l| notation::line_to_string(l))
            .collect::<Vec<_>>()
            .join(", ")
    );
}

#[cfg(test)]
mod tests {
    /// `cargo test` runs the example end to end (it asserts as it goes).
    #[test]
    fn example_runs() {
        super::main();
    }
}
