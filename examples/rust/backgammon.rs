//! Play backgammon from Rust: the plays of a roll, a seeded game Hard
//! against Easy to the end, a turn played one checker at a time, and a save
//! that loads back. Run with `cargo run -p games-examples --example backgammon`.

use backgammon_core::{
    ai_move, legal_plays, Budget, CancelFlag, Dice, Game, GameRng, Level, Position,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The 16 distinct plays of an opening 3-1.
    let plays = legal_plays(&Position::start(), Dice::new(3, 1)?);
    assert_eq!(plays.len(), 16);
    assert!(plays.iter().any(|p| p.notation() == "8/5 6/5"));

    // A seeded game, Hard (first player) against Easy. The opening roll is
    // done: the starter has its dice.
    let mut game = Game::new(42);
    let mut rng = GameRng::from_seed(1);
    let cancel = CancelFlag::new();
    while !game.is_over() {
        let Some(dice) = game.dice() else {
            game.roll()?; // a roll that cannot be used passes at once
            continue;
        };
        let level = [Level::Hard, Level::Easy][game.player_on_roll().index()];
        let choice = ai_move(
            game.state().position(),
            dice,
            level,
            &mut rng,
            Budget::UNLIMITED,
            &cancel,
        );
        game.play(&choice.play)?;
    }
    let result = game.result().ok_or("the game is over")?;
    println!(
        "{} wins {} point(s) after {} turns",
        result.winner,
        result.points,
        game.history().len()
    );

    // One checker at a time, as a touch screen would: the opening turn of
    // another game (an opening roll is never a double and always plays).
    let mut game = Game::new(7);
    let from = *game.movable_checkers().first().ok_or("a movable checker")?;
    let to = *game.destinations(from).first().ok_or("a destination")?;
    game.step(from, to)?;
    game.undo_step().ok_or("one step to take back")?;
    while game.current_turn().is_some_and(|t| !t.is_complete()) {
        let from = *game.movable_checkers().first().ok_or("a movable checker")?;
        let to = *game.destinations(from).first().ok_or("a destination")?;
        game.step(from, to)?;
    }
    let play = game.commit_turn()?;
    println!("played {} step by step", play.notation());

    // The whole game saves (seed, dice, moves) and loads back.
    let saved = game.save();
    assert_eq!(Game::load(&saved)?.state(), game.state());
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
