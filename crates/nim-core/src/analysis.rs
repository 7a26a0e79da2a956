//! Who wins with perfect play, and every winning move (Bouton's theorem,
//! with the misère exception). O(rows): no search.

use crate::position::{Move, Position, Rule};
use serde::{Deserialize, Serialize};

/// The perfect-play verdict on a position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Analysis {
    /// Whether the player to move wins with perfect play.
    pub mover_wins: bool,
    /// Every move that keeps a won position won, by row then count; empty
    /// when the mover loses (and when the game is over).
    pub winning_moves: Vec<Move>,
}

/// The nim-sum (XOR) of the rows.
#[must_use]
pub fn nim_sum(rows: &[u32]) -> u32 {
    rows.iter().fold(0, |acc, &r| acc ^ r)
}

/// Analyse `position`: who wins with perfect play, and all winning moves.
///
/// Normal rule: the mover wins iff the nim-sum is not zero; the winning
/// moves are those that leave a nim-sum of zero. Misère: the same while two
/// or more rows hold more than one circle; with at most one such row the
/// mover wants to leave an odd number of single-circle rows (and nothing else).
///
/// ```
/// use nim_core::{analyze, Move, Position};
/// let a = analyze(&Position::default()); // rows 3, 4, 5
/// assert!(a.mover_wins);
/// assert_eq!(a.winning_moves, vec![Move::new(0, 2)]);
/// ```
#[must_use]
pub fn analyze(position: &Position) -> Analysis {
    let rows = position.rows();
    if position.is_over() {
        // Normal: the previous player took the last circle and won.
        // Misère: the previous player took the last circle and lost.
        return Analysis {
            mover_wins: position.rule() == Rule::Misere,
            winning_moves: Vec::new(),
        };
    }
    let big_rows = rows.iter().filter(|&&r| r > 1).count();
    if position.rule() == Rule::Misere && big_rows <= 1 {
        return misere_endgame(rows, big_rows);
    }
    let sum = nim_sum(rows);
    let winning_moves: Vec<Move> = rows
        .iter()
        .enumerate()
        .filter_map(|(row, &r)| {
            let target = r ^ sum;
            (target < r).then(|| Move::new(row, r - target))
        })
        .collect();
    Analysis {
        mover_wins: sum != 0,
        winning_moves,
    }
}

/// Misère with at most one row of two or more circles.
fn misere_endgame(rows: &[u32], big_rows: usize) -> Analysis {
    let ones = rows.iter().filter(|&&r| r == 1).count();
    if big_rows == 0 {
        // Only single circles: each move removes one row. The mover wins when
        // the count is even (the opponent will take the last one).
        let mover_wins = ones % 2 == 0;
        let winning_moves = if mover_wins {
            rows.iter()
                .enumerate()
                .filter(|(_, &r)| r == 1)
                .map(|(row, _)| Move::new(row, 1))
                .collect()
        } else {
            Vec::new()
        };
        return Analysis {
            mover_wins,
            winning_moves,
        };
    }
    // Exactly one big row: shrink it to 0 or 1 so that an odd number of
    // single circles is left. That move always exists, and is the only one.
    let winning_moves = rows
        .iter()
        .enumerate()
        .filter(|(_, &r)| r > 1)
        .map(|(row, &r)| {
            let keep = if ones % 2 == 1 { 0 } else { 1 };
            Move::new(row, r - keep)
        })
        .collect();
    Analysis {
        mover_wins: true,
        winning_moves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games_common::Player;

    fn pos(rows: &[u32], rule: Rule) -> Position {
        Position::new(rows, rule, Player::First).unwrap()
    }

    #[test]
    fn classic_board_first_player_wins_by_taking_two_from_the_first_row() {
        // 3 ^ 4 ^ 5 = 2: leave 1, 4, 5.
        let a = analyze(&pos(&[3, 4, 5], Rule::Normal));
        assert!(a.mover_wins);
        assert_eq!(a.winning_moves, vec![Move::new(0, 2)]);
    }

    #[test]
    fn two_single_circles_the_seed_ending() {
        // "Si al final queda un círculo en cada una de dos filas, solo se puede
        // quitar el de una fila. La otra persona quita el último y gana."
        let a = analyze(&pos(&[1, 0, 1], Rule::Normal));
        assert!(!a.mover_wins);
        assert!(a.winning_moves.is_empty());
        // Under misère the same position is a win: take one, leave the last.
        let a = analyze(&pos(&[1, 0, 1], Rule::Misere));
        assert!(a.mover_wins);
        assert_eq!(a.winning_moves, vec![Move::new(0, 1), Move::new(2, 1)]);
    }

    #[test]
    fn misere_exception_when_only_one_big_row() {
        // "Hard: perfect play (Bouton's nim-sum; the misère exception when all
        // non-empty rows have one circle)"
        let a = analyze(&pos(&[1, 1, 5], Rule::Misere));
        assert_eq!(a.winning_moves, vec![Move::new(2, 4)], "leave 1,1,1");
        let a = analyze(&pos(&[1, 5], Rule::Misere));
        assert_eq!(a.winning_moves, vec![Move::new(1, 5)], "leave 1");
    }

    #[test]
    fn finished_positions() {
        assert!(!analyze(&pos(&[0, 0], Rule::Normal)).mover_wins);
        assert!(analyze(&pos(&[0, 0], Rule::Misere)).mover_wins);
    }
}
