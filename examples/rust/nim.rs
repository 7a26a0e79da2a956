//! Play Nim from Rust: a two-round match, Hard against Medium, then the
//! analysis of a position. Run with `cargo run -p games-examples --example nim`.

use games_common::{Budget, CancelFlag, Player};
use nim_core::{analyze, Level, Match, MatchResult, Move, Position, Rule};

fn main() {
    let mut m = Match::new(&[3, 4, 5], Rule::Normal, 2, Player::First, 42).expect("valid options");
    let cancel = CancelFlag::new();
    let levels = [Level::Hard, Level::Medium];
    while !m.is_over() {
        if m.game().is_over() {
            m.next_round().expect("the round is over");
        }
        let level = levels[m.game().position().to_move().index()];
        let answer = m
            .game_mut()
            .ai_move(level, Budget::UNLIMITED, &cancel)
            .expect("a move");
        m.game_mut()
            .play(answer.mv)
            .expect("the AI plays legal moves");
        println!(
            "{level:?}: {} -> rows {:?}",
            answer.mv,
            m.game().position().rows()
        );
    }
    match m.result() {
        Some(MatchResult::Winner(p)) => println!("{p} wins the match {:?}", m.points()),
        Some(MatchResult::Shared) => println!("the match is shared {:?}", m.points()),
        None => unreachable!("the loop ends when the match is over"),
    }

    // Who wins from 1, 4, 5 with perfect play? The player to move loses.
    let position = Position::new(&[1, 4, 5], Rule::Normal, Player::First).expect("valid rows");
    let analysis = analyze(&position);
    assert!(!analysis.mover_wins);
    assert!(position.legal_moves().contains(&Move::new(1, 4)));
    println!(
        "1-4-5: the player to move loses ({} legal moves, none wins)",
        position.legal_move_count()
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
