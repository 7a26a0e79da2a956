//! The two sides of a two-player game.

use serde::{Deserialize, Serialize};

/// One of the two sides of a two-player game.
///
/// `First` is the side that moves first in a fresh game unless the game's
/// options say otherwise; in the C API it is `0`, and `Second` is `1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Player {
    /// The side numbered 0.
    First,
    /// The side numbered 1.
    Second,
}

impl Player {
    /// Both players, in index order.
    pub const BOTH: [Player; 2] = [Player::First, Player::Second];

    /// The opponent of this player.
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// `0` for [`Player::First`], `1` for [`Player::Second`].
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }

    /// The player with index `0` or `1`; `None` for any other number.
    #[must_use]
    pub const fn from_index(index: u32) -> Option<Player> {
        match index {
            0 => Some(Player::First),
            1 => Some(Player::Second),
            _ => None,
        }
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::First => f.write_str("player 1"),
            Player::Second => f.write_str("player 2"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_is_an_involution_and_indexes_round_trip() {
        for p in Player::BOTH {
            assert_ne!(p.other(), p);
            assert_eq!(p.other().other(), p);
            assert_eq!(Player::from_index(p.index() as u32), Some(p));
        }
        assert_eq!(Player::from_index(2), None);
    }
}
