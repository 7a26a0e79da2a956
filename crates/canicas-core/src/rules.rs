//! The parameters of a game: board size, colours, minimum line, arrivals.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Largest board side supported (the board is a 128-bit bitboard).
pub const MAX_SIZE: u8 = 11;
/// Most colours supported (the text board writes colours as digits `1`–`9`).
pub const MAX_COLOURS: u8 = 9;
/// Most marbles that may arrive after one move.
pub const MAX_ARRIVALS: u8 = 8;

/// The two variants of the game, each with its own record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// Lines of 5 or more leave the board (the standard game).
    Five,
    /// Lines of 4 or more leave the board (the easier version).
    Four,
}

impl Variant {
    /// Both variants.
    pub const ALL: [Variant; 2] = [Variant::Five, Variant::Four];

    /// The rules of this variant: 9×9, 7 colours, 5 starting marbles, 3
    /// arrivals per move, and a minimum line of 5 or 4.
    #[must_use]
    pub const fn rules(self) -> Rules {
        match self {
            Variant::Five => Rules::FIVE,
            Variant::Four => Rules::FOUR,
        }
    }

    /// `"five"` or `"four"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Five => "five",
            Variant::Four => "four",
        }
    }

    /// Parse `"five"`/`"5"` or `"four"`/`"4"`.
    pub fn parse(text: &str) -> Result<Variant, RulesError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "five" | "5" => Ok(Variant::Five),
            "four" | "4" => Ok(Variant::Four),
            _ => Err(RulesError::UnknownVariant(text.to_string())),
        }
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The parameters of a game. The defaults ([`Rules::FIVE`], [`Rules::FOUR`])
/// are the game; other values allow other boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Rules {
    /// Side of the square board (cells per row and per column), 2..=11.
    pub size: u8,
    /// Number of marble colours, 1..=9.
    pub colours: u8,
    /// Shortest line that leaves the board, 2..=`size`.
    pub min_line: u8,
    /// Marbles arriving after a move that removes nothing (the "next" bar), 1..=8.
    pub arrivals: u8,
    /// Marbles on the board at the start, 1..=`size`².
    pub start: u8,
    /// The Lines 98 rule (off by default): the cells where the marbles of
    /// the "next" bar will land (if the board stays as it is) are shown
    /// beside their colours. The game itself is the same: a marble lands on
    /// the first free cell of its preferred order, so a move onto a shown
    /// cell sends that marble on to the next free cell of its order. Saved
    /// only when on, so saves of the 1992 rule read and write as before.
    #[serde(default, skip_serializing_if = "is_false")]
    pub landings_shown: bool,
}

/// For serde: write `landings_shown` only when it is on.
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_false(b: &bool) -> bool {
    !*b
}

/// Rules that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RulesError {
    /// The board side is outside 2..=11.
    #[error("board size {0} is outside 2..=11")]
    Size(u8),
    /// The number of colours is outside 1..=9.
    #[error("{0} colours is outside 1..=9")]
    Colours(u8),
    /// The minimum line is outside 2..=size.
    #[error("minimum line {0} is outside 2..=size")]
    MinLine(u8),
    /// The arrivals per move are outside 1..=8.
    #[error("{0} arrivals per move is outside 1..=8")]
    Arrivals(u8),
    /// The starting marbles are outside 1..=cells.
    #[error("{0} starting marbles is outside 1..=cells")]
    Start(u8),
    /// A variant name that is neither `five` nor `four`.
    #[error("unknown variant {0:?} (expected five or four)")]
    UnknownVariant(String),
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::FIVE
    }
}

impl Rules {
    /// The five-in-a-row game: 9×9, 7 colours, lines of 5, 3 arrivals, 5 to start.
    pub const FIVE: Rules = Rules {
        size: 9,
        colours: 7,
        min_line: 5,
        arrivals: 3,
        start: 5,
        landings_shown: false,
    };

    /// The four-in-a-row game: as [`Rules::FIVE`] but lines of 4.
    pub const FOUR: Rules = Rules {
        size: 9,
        colours: 7,
        min_line: 4,
        arrivals: 3,
        start: 5,
        landings_shown: false,
    };

    /// Check that these rules can be played.
    pub fn validate(&self) -> Result<(), RulesError> {
        if !(2..=MAX_SIZE).contains(&self.size) {
            return Err(RulesError::Size(self.size));
        }
        if !(1..=MAX_COLOURS).contains(&self.colours) {
            return Err(RulesError::Colours(self.colours));
        }
        if !(2..=self.size).contains(&self.min_line) {
            return Err(RulesError::MinLine(self.min_line));
        }
        if !(1..=MAX_ARRIVALS).contains(&self.arrivals) {
            return Err(RulesError::Arrivals(self.arrivals));
        }
        if self.start == 0 || usize::from(self.start) > self.cells() {
            return Err(RulesError::Start(self.start));
        }
        Ok(())
    }

    /// These rules with the Lines 98 rule on or off (see
    /// [`Rules::landings_shown`]).
    ///
    /// ```
    /// use canicas_core::{Rules, Variant};
    /// let lines98 = Rules::FIVE.with_landings_shown(true);
    /// assert!(lines98.landings_shown);
    /// assert_eq!(lines98.variant(), Some(Variant::Five));
    /// assert_ne!(lines98, Rules::FIVE); // records are kept apart per rule
    /// ```
    #[must_use]
    pub const fn with_landings_shown(self, on: bool) -> Rules {
        Rules {
            landings_shown: on,
            ..self
        }
    }

    /// Number of cells on the board.
    #[must_use]
    pub const fn cells(&self) -> usize {
        self.size as usize * self.size as usize
    }

    /// The variant these rules are, if they are one of the two defaults
    /// (under either rule for the landing cells: see
    /// [`Rules::landings_shown`]).
    #[must_use]
    pub fn variant(&self) -> Option<Variant> {
        let plain = self.with_landings_shown(false);
        Variant::ALL.into_iter().find(|v| v.rules() == plain)
    }

    /// Points for one line of `len` marbles: `n × (n − m + 1) × 2`, and 0 for
    /// a line shorter than the minimum.
    ///
    /// ```
    /// use canicas_core::Rules;
    /// assert_eq!(Rules::FIVE.line_points(5), 10);
    /// assert_eq!(Rules::FIVE.line_points(6), 24);
    /// assert_eq!(Rules::FIVE.line_points(7), 42);
    /// assert_eq!(Rules::FOUR.line_points(4), 8);
    /// assert_eq!(Rules::FOUR.line_points(5), 20);
    /// ```
    #[must_use]
    pub const fn line_points(&self, len: u8) -> u32 {
        if len < self.min_line {
            return 0;
        }
        let n = len as u32;
        n * (n - self.min_line as u32 + 1) * 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scoring_table_of_the_spec() {
        // "A line of length n, with minimum m, scores n × (n − m + 1) × 2: 10, 24,
        // 42 for 5, 6, 7 in the five-variant; 8 and 20 for 4 and 5 in the four-variant."
        assert_eq!(Rules::FIVE.line_points(5), 10);
        assert_eq!(Rules::FIVE.line_points(6), 24);
        assert_eq!(Rules::FIVE.line_points(7), 42);
        assert_eq!(Rules::FOUR.line_points(4), 8);
        assert_eq!(Rules::FOUR.line_points(5), 20);
        assert_eq!(Rules::FIVE.line_points(4), 0);
    }

    #[test]
    fn defaults_are_the_game() {
        for r in [Rules::FIVE, Rules::FOUR] {
            assert_eq!((r.size, r.colours, r.arrivals, r.start), (9, 7, 3, 5));
            assert!(r.validate().is_ok());
        }
        assert_eq!(Rules::default(), Rules::FIVE);
        assert_eq!(Rules::FIVE.variant(), Some(Variant::Five));
        assert_eq!(Rules::FOUR.variant(), Some(Variant::Four));
        assert_eq!(Variant::parse("four"), Ok(Variant::Four));
        assert!(Variant::parse("six").is_err());
    }

    #[test]
    fn invalid_rules_are_rejected() {
        let bad = [
            Rules {
                size: 12,
                ..Rules::FIVE
            },
            Rules {
                size: 1,
                ..Rules::FIVE
            },
            Rules {
                colours: 0,
                ..Rules::FIVE
            },
            Rules {
                colours: 10,
                ..Rules::FIVE
            },
            Rules {
                min_line: 10,
                ..Rules::FIVE
            },
            Rules {
                min_line: 1,
                ..Rules::FIVE
            },
            Rules {
                arrivals: 0,
                ..Rules::FIVE
            },
            Rules {
                arrivals: 9,
                ..Rules::FIVE
            },
            Rules {
                start: 0,
                ..Rules::FIVE
            },
            Rules {
                size: 3,
                min_line: 3,
                start: 10,
                ..Rules::FIVE
            },
        ];
        for r in bad {
            assert!(r.validate().is_err(), "{r:?}");
        }
    }
}
