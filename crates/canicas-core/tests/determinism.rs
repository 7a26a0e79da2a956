//! The AI is deterministic for a deal and a node budget ("Deterministic
//! for a given deal and budget", the spec's Color Lines page; "the same
//! seed and the same inputs give the same game and the same AI moves on
//! every platform", its README): the same deals played twice in one process
//! by the hint give the same moves, and those are the ones recorded below.
//!
//! The recorded sequences are golden values computed once, on the machine
//! the test was written on (x86_64 Linux). They guard against drift across
//! platforms and versions (the deal's generator drawn differently,
//! floating-point values summed in another order, a width that differs): a
//! change to them must be a deliberate, documented change of the AI or its
//! evaluation, never a silent one.

use canicas_core::{ai, move_text, Game, Rules};
use games_common::{Budget, CancelFlag};

/// The first 30 moves the hint (with a node budget) plays on a deal.
fn ai_game(rules: Rules, deal: u64) -> Vec<String> {
    let mut game = Game::new(rules, deal).unwrap();
    let cancel = CancelFlag::new();
    let mut moves = Vec::new();
    while moves.len() < 30 {
        let Some(mv) = ai::hint(&game.state().view(), Budget::nodes(200), &cancel).best else {
            break;
        };
        game.play(mv).unwrap();
        moves.push(move_text(mv, rules.size));
    }
    moves
}

#[test]
fn hinted_games_repeat_and_match_the_recorded_moves() {
    let golden: [(Rules, u64, &[&str]); 2] = [
        (
            Rules::FIVE,
            1,
            &[
                "b1-c5", "h5-c6", "g9-h6", "g5-h5", "i6-h4", "h1-h8", "d6-c8", "f8-e2", "f8-c9",
                "f1-e6", "e7-c8", "i9-d8", "d2-e8", "a5-f8", "h9-i3", "h2-e3", "i8-d7", "c5-i4",
                "i9-e7", "c7-h6", "b7-c7", "c4-h3", "d1-h4", "d8-a5", "a7-d6", "a6-b4", "f4-e6",
                "e9-f6", "i6-c2", "c8-h5",
            ],
        ),
        (
            Rules::FOUR,
            2,
            &[
                "i7-d1", "b8-i5", "a4-d7", "d6-b1", "a4-e1", "b3-f5", "h6-f3", "h9-f7", "e9-f6",
                "d7-f8", "c6-c5", "h8-e2", "h7-h2", "h6-g2", "f6-f5", "h6-g6", "i5-e4", "g3-d5",
                "e3-c4", "i7-h8", "a8-f8", "a4-g8", "c1-e7", "c3-e3", "f9-e4", "c8-f1", "i6-c1",
                "b8-d1", "d6-f5", "g2-d7",
            ],
        ),
    ];
    for (rules, deal, want) in golden {
        let first = ai_game(rules, deal);
        // Again, on another thread (the searches "can run on another thread").
        let again = std::thread::spawn(move || ai_game(rules, deal))
            .join()
            .unwrap();
        assert_eq!(again, first, "deal {deal}: two runs differ");
        assert_eq!(first, want, "deal {deal}: not the recorded moves");
    }
}
