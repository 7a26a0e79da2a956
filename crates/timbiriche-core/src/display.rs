//! A plain-text picture of a position, for terminal hosts and logs.
//!
//! ```
//! use timbiriche_core::{BoardSize, Position};
//!
//! let pos = Position::from_lines(
//!     BoardSize::new(1, 2).unwrap(),
//!     &timbiriche_core::notation::parse_lines(BoardSize::new(1, 2).unwrap(), "a1-b1,a1-a2").unwrap(),
//! )
//! .unwrap();
//! let text = pos.diagram();
//! assert_eq!(text, "   a   b   c\n1  +---+   +\n   |        \n2  +   +   +\n");
//! ```

use games_common::Player;

use crate::board::{BoxCoord, Line};
use crate::position::Position;

impl Position {
    /// The board as text: column letters on top, row numbers on the left,
    /// `+` for dots, `---` and `|` for drawn lines, `1` or `2` inside a
    /// box taken by the first or second player.
    ///
    /// On a board of valued boxes (any box worth other than 1) every box
    /// shows its worth: `(2)` is an open box worth 2 points, `1:2` a box
    /// of the first player worth 2.
    ///
    /// ```
    /// use timbiriche_core::{BoardSize, Player, Position, ValueLayout, Variant};
    ///
    /// let variant = Variant { misere: false, values: ValueLayout::Explicit(vec![2, 1]) };
    /// let pos = Position::new(BoardSize::new(1, 2).unwrap(), &variant, Player::First).unwrap();
    /// assert_eq!(pos.diagram(), "   a   b   c\n1  +   +   +\n    (2) (1) \n2  +   +   +\n");
    /// ```
    #[must_use]
    pub fn diagram(&self) -> String {
        let valued = self.values().iter().any(|&v| v != 1);
        let size = self.size();
        let (rows, cols) = (size.rows(), size.cols());
        let mut out = String::from("  ");
        for c in 0..=cols {
            out.push(' ');
            out.push(char::from(b'a' + c));
            if c < cols {
                out.push_str("  ");
            }
        }
        out.push('\n');
        for r in 0..=rows {
            out.push_str(&format!("{:<3}", u32::from(r) + 1));
            for c in 0..=cols {
                out.push('+');
                if c < cols {
                    out.push_str(if self.is_drawn(Line::horizontal(r, c)) {
                        "---"
                    } else {
                        "   "
                    });
                }
            }
            out.push('\n');
            if r < rows {
                out.push_str("   ");
                for c in 0..=cols {
                    out.push(if self.is_drawn(Line::vertical(r, c)) {
                        '|'
                    } else {
                        ' '
                    });
                    if c < cols {
                        let b = BoxCoord::new(r, c);
                        let owner = self.owner(b).map(|p| match p {
                            Player::First => '1',
                            Player::Second => '2',
                        });
                        let mark = match (owner, valued) {
                            (Some(o), false) => format!(" {o} "),
                            (None, false) => "   ".to_string(),
                            (Some(o), true) => format!("{o}:{}", self.box_value(b)),
                            (None, true) => format!("({})", self.box_value(b)),
                        };
                        out.push_str(&mark);
                    }
                }
                out.push('\n');
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use games_common::Player;

    use crate::board::BoardSize;
    use crate::notation::parse_lines;
    use crate::position::{Position, Variant};
    use crate::values::ValueLayout;

    #[test]
    fn owners_show_in_their_boxes() {
        let s = BoardSize::new(1, 1).unwrap();
        let p =
            Position::from_lines(s, &parse_lines(s, "a1-b1,a2-b2,a1-a2,b1-b2").unwrap()).unwrap();
        // The 4th line was drawn by the second player.
        assert_eq!(p.diagram(), "   a   b\n1  +---+\n   | 2 |\n2  +---+\n");
    }

    #[test]
    fn valued_boxes_show_their_worth() {
        // "Valued boxes: some boxes are worth 2 or 3 points": the picture
        // shows each box's worth, open or taken.
        let s = BoardSize::new(1, 2).unwrap();
        let variant = Variant {
            misere: false,
            values: ValueLayout::Explicit(vec![3, 1]),
        };
        let mut p = Position::new(s, &variant, Player::First).unwrap();
        assert_eq!(
            p.diagram(),
            "   a   b   c\n1  +   +   +\n    (3) (1) \n2  +   +   +\n"
        );
        for line in parse_lines(s, "a1-b1,a2-b2,a1-a2,b1-b2").unwrap() {
            p.play(line).unwrap();
        }
        assert_eq!(
            p.diagram(),
            "   a   b   c\n1  +---+   +\n   |2:3|(1) \n2  +---+   +\n"
        );
    }
}
