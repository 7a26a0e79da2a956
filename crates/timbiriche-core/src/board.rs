//! Board geometry: sizes, dots, lines and boxes, and their index forms.
//!
//! A board of `rows × cols` boxes has `(rows + 1) × (cols + 1)` dots.
//! Dots are numbered from the top-left corner: `row` grows downwards and
//! `col` grows to the right, both from 0 (the notation prints them as
//! `a, b, c…` and `1, 2, 3…`).
//!
//! Lines have a flat index for hosts: the `(rows + 1) × cols` horizontal
//! lines first, row by row, then the `rows × (cols + 1)` vertical lines, row
//! by row. Boxes are indexed row by row.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Smallest number of boxes on a side.
pub const MIN_SIDE: u8 = 1;
/// Largest number of boxes on a side.
pub const MAX_SIDE: u8 = 6;
/// Largest number of lines of any board (6×6 boxes).
pub const MAX_LINES: usize = 84;
/// Largest number of boxes of any board (6×6 boxes).
pub const MAX_BOXES: usize = 36;

/// A board size that is not allowed.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum SizeError {
    /// A side out of 1 to 6 boxes.
    #[error("a board is 1 to 6 boxes on each side, not {rows}x{cols}")]
    OutOfRange {
        /// Rows asked for.
        rows: u32,
        /// Columns asked for.
        cols: u32,
    },
    /// Text that is not `ROWSxCOLS` with two sides of 1 to 6 boxes (or
    /// `ROWSxCOLS dots` with 2 to 7 dots a side).
    #[error("`{0}` is not a board size: write ROWSxCOLS with 1 to 6 boxes on each side, e.g. 3x3 (or the dots, e.g. 6x6 dots)")]
    NotASize(String),
}

/// The size of a board in boxes: every rectangle from 1×1 to 6×6 works.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "SizeWire", into = "SizeWire")]
pub struct BoardSize {
    rows: u8,
    cols: u8,
}

#[derive(Serialize, Deserialize)]
struct SizeWire {
    rows: u32,
    cols: u32,
}

impl TryFrom<SizeWire> for BoardSize {
    type Error = SizeError;
    fn try_from(w: SizeWire) -> Result<Self, SizeError> {
        BoardSize::new(w.rows, w.cols)
    }
}

impl From<BoardSize> for SizeWire {
    fn from(s: BoardSize) -> SizeWire {
        SizeWire {
            rows: u32::from(s.rows),
            cols: u32::from(s.cols),
        }
    }
}

impl BoardSize {
    /// The 3×3 boxes board.
    pub const SMALL: BoardSize = BoardSize { rows: 3, cols: 3 };
    /// The 4×4 boxes board.
    pub const MEDIUM: BoardSize = BoardSize { rows: 4, cols: 4 };
    /// The 5×5 boxes board (the "6×6 dots" board).
    pub const LARGE: BoardSize = BoardSize { rows: 5, cols: 5 };

    /// A board of `rows × cols` boxes, each from 1 to 6.
    pub fn new(rows: u32, cols: u32) -> Result<BoardSize, SizeError> {
        let ok = |n: u32| (u32::from(MIN_SIDE)..=u32::from(MAX_SIDE)).contains(&n);
        if ok(rows) && ok(cols) {
            Ok(BoardSize {
                rows: rows as u8,
                cols: cols as u8,
            })
        } else {
            Err(SizeError::OutOfRange { rows, cols })
        }
    }

    /// Parse `"3x3"` (boxes; `×` and `X` also accepted, and a `boxes`
    /// suffix), or the board named by its dots, as players also name it:
    /// `"6x6 dots"` is the 5×5 boxes board.
    ///
    /// ```
    /// use timbiriche_core::BoardSize;
    /// assert_eq!(BoardSize::parse("5x5"), Ok(BoardSize::LARGE));
    /// assert_eq!(BoardSize::parse("6×6 dots"), Ok(BoardSize::LARGE));
    /// ```
    pub fn parse(text: &str) -> Result<BoardSize, SizeError> {
        let t = text.trim().to_ascii_lowercase().replace('×', "x");
        let (sides, dots) = match (t.strip_suffix("dots"), t.strip_suffix("boxes")) {
            (Some(rest), _) => (rest, true),
            (None, Some(rest)) => (rest, false),
            (None, None) => (t.as_str(), false),
        };
        let not_a_size = || SizeError::NotASize(text.to_string());
        let mut parts = sides.split('x');
        let r = parts.next().and_then(|p| p.trim().parse::<u32>().ok());
        let c = parts.next().and_then(|p| p.trim().parse::<u32>().ok());
        match (r, c, parts.next()) {
            // A side of n dots holds n − 1 boxes (and at least one).
            (Some(r), Some(c), None) if dots => match (r.checked_sub(1), c.checked_sub(1)) {
                (Some(r @ 1..), Some(c @ 1..)) => BoardSize::new(r, c),
                _ => Err(not_a_size()),
            },
            (Some(r), Some(c), None) => BoardSize::new(r, c),
            _ => Err(not_a_size()),
        }
    }

    /// Rows of boxes.
    #[must_use]
    pub const fn rows(self) -> u8 {
        self.rows
    }

    /// Columns of boxes.
    #[must_use]
    pub const fn cols(self) -> u8 {
        self.cols
    }

    /// Number of boxes.
    #[must_use]
    pub const fn num_boxes(self) -> usize {
        self.rows as usize * self.cols as usize
    }

    /// Number of horizontal lines (they come first in the index form).
    #[must_use]
    pub const fn num_horizontal(self) -> usize {
        (self.rows as usize + 1) * self.cols as usize
    }

    /// Number of lines.
    #[must_use]
    pub const fn num_lines(self) -> usize {
        self.num_horizontal() + self.rows as usize * (self.cols as usize + 1)
    }

    /// Whether `line` lies on this board.
    #[must_use]
    #[inline]
    pub fn contains(self, line: Line) -> bool {
        // Horizontal: row <= rows and col < cols; vertical: row < rows and
        // col <= cols. Without a branch on the orientation.
        let v = u16::from(line.orientation == Orientation::Vertical);
        (u16::from(line.row) < u16::from(self.rows) + 1 - v)
            & (u16::from(line.col) < u16::from(self.cols) + v)
    }

    /// Whether `dot` lies on this board.
    #[must_use]
    pub fn contains_dot(self, dot: Dot) -> bool {
        dot.row <= self.rows && dot.col <= self.cols
    }

    /// The flat index of `line`, `None` when it is off this board.
    #[must_use]
    #[inline]
    pub fn line_index(self, line: Line) -> Option<usize> {
        if !self.contains(line) {
            return None;
        }
        // Horizontal: r * cols + c; vertical: the horizontal lines, then
        // r * (cols + 1) + c. Without a branch on the orientation.
        let (r, c) = (line.row as usize, line.col as usize);
        let v = usize::from(line.orientation == Orientation::Vertical);
        let first = self.num_horizontal() & 0usize.wrapping_sub(v);
        Some(first + r * (self.cols as usize + v) + c)
    }

    /// The line with flat index `index`, `None` when out of range.
    #[must_use]
    pub fn line_at(self, index: usize) -> Option<Line> {
        let g = self.geometry();
        if index < g.num_lines {
            g.line_at.get(index).copied()
        } else {
            None
        }
    }

    /// Every line of the board in index order.
    pub fn lines(self) -> impl Iterator<Item = Line> {
        (0..self.num_lines()).filter_map(move |i| self.line_at(i))
    }

    /// The flat index of a box, `None` when off the board.
    #[must_use]
    pub fn box_index(self, b: BoxCoord) -> Option<usize> {
        (b.row < self.rows && b.col < self.cols)
            .then(|| b.row as usize * self.cols as usize + b.col as usize)
    }

    /// The box with flat index `index`, `None` when out of range.
    #[must_use]
    pub fn box_at(self, index: usize) -> Option<BoxCoord> {
        (index < self.num_boxes()).then(|| BoxCoord {
            row: (index / self.cols as usize) as u8,
            col: (index % self.cols as usize) as u8,
        })
    }

    /// Every box in index order.
    pub fn boxes(self) -> impl Iterator<Item = BoxCoord> {
        (0..self.num_boxes()).filter_map(move |i| self.box_at(i))
    }

    /// The four sides of a box: top, bottom, left, right; `None` for a box
    /// off this board.
    #[must_use]
    pub fn box_sides(self, b: BoxCoord) -> Option<[Line; 4]> {
        self.box_index(b)?;
        // On the board, so `row + 1` and `col + 1` are at most the board's
        // side (at most `MAX_SIDE`): no overflow.
        Some([
            Line::horizontal(b.row, b.col),
            Line::horizontal(b.row + 1, b.col),
            Line::vertical(b.row, b.col),
            Line::vertical(b.row, b.col + 1),
        ])
    }

    /// The boxes a line borders (one on the edge, two inside).
    #[must_use]
    pub fn line_boxes(self, line: Line) -> Vec<BoxCoord> {
        let mut out = Vec::with_capacity(2);
        if !self.contains(line) {
            return out;
        }
        match line.orientation {
            Orientation::Horizontal => {
                if line.row > 0 {
                    out.push(BoxCoord::new(line.row - 1, line.col));
                }
                if line.row < self.rows {
                    out.push(BoxCoord::new(line.row, line.col));
                }
            }
            Orientation::Vertical => {
                if line.col > 0 {
                    out.push(BoxCoord::new(line.row, line.col - 1));
                }
                if line.col < self.cols {
                    out.push(BoxCoord::new(line.row, line.col));
                }
            }
        }
        out
    }
}

impl BoardSize {
    /// The precomputed tables of this size.
    #[inline]
    pub(crate) fn geometry(self) -> &'static Geometry {
        let i = (self.rows as usize - 1) * MAX_SIDE as usize + (self.cols as usize - 1);
        // Sizes are 1 to 6 on each side (checked by `new`), so `i` is in range.
        GEOMETRY.get(i).unwrap_or(&GEOMETRY[0])
    }

    /// Line indices of the four sides of box `b` (top, bottom, left, right);
    /// `b` must be below `num_boxes()`.
    pub(crate) fn box_line_indices(self, b: usize) -> [usize; 4] {
        let c = self.cols as usize;
        let (r, col) = (b / c, b % c);
        let left = self.num_horizontal() + r * (c + 1) + col;
        [r * c + col, (r + 1) * c + col, left, left + 1]
    }

    /// Bit mask of the four sides of box `b` (0 past the last box).
    #[inline]
    pub(crate) fn box_mask(self, b: usize) -> u128 {
        self.geometry().box_mask.get(b).copied().unwrap_or(0)
    }

    /// Box indices on either side of line `l` (`None` past the edge); `l`
    /// must be below `num_lines()`.
    #[inline]
    pub(crate) fn line_box_indices(self, l: usize) -> [Option<usize>; 2] {
        let [a, b] = self
            .geometry()
            .line_boxes
            .get(l)
            .copied()
            .unwrap_or([NO_BOX; 2]);
        let side = |x: u8| (x != NO_BOX).then_some(usize::from(x));
        [side(a), side(b)]
    }

    /// Mask with one bit per line of the board.
    #[inline]
    pub(crate) fn all_lines_mask(self) -> u128 {
        self.geometry().all_lines
    }
}

/// `LINE_BIT[i] == 1 << i`: a load instead of a 128-bit shift.
pub(crate) static LINE_BIT: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1u128 << i;
        i += 1;
    }
    t
};

/// The bit of line index `i` (below 128) in a line mask.
#[inline]
pub(crate) fn line_bit(i: usize) -> u128 {
    LINE_BIT[i & 127]
}

/// `SELECT_IN_BYTE[b][r]`: the position of the `r`-th set bit of byte `b`
/// (from 0, lowest first; 0 when `b` has no such bit).
static SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut r, mut pos) = (0, 0);
        while pos < 8 {
            if b >> pos & 1 == 1 {
                t[b][r] = pos as u8;
                r += 1;
            }
            pos += 1;
        }
        b += 1;
    }
    t
};

/// The position of the `k`-th set bit of `x` (from 0, lowest first), for
/// `k` below the number of set bits of `x`; without a loop or a branch
/// (broadword: byte counts, their running sums, then a table for the byte).
#[inline]
pub(crate) fn select64(x: u64, k: u64) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let mut s = x - ((x >> 1) & 0x5555_5555_5555_5555);
    s = (s & 0x3333_3333_3333_3333) + ((s >> 2) & 0x3333_3333_3333_3333);
    s = (s + (s >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    // Byte i: the set bits of bytes 0 to i (at most 64).
    let running = s.wrapping_mul(ONES);
    // The bytes whose running count is at most k all lie before the bit:
    // (128 + k) - count keeps its high bit exactly when k >= count.
    let k = k & 63;
    let at_most = ((k.wrapping_mul(ONES) | HIGHS) - running) & HIGHS;
    let byte = ((at_most >> 7).wrapping_mul(ONES) >> 56) & 7;
    let before = ((running << 8) >> (8 * byte)) & 0xFF;
    let in_byte = ((x >> (8 * byte)) & 0xFF) as usize;
    let rank = (k.wrapping_sub(before) & 7) as usize;
    8 * byte as usize + usize::from(SELECT_IN_BYTE[in_byte][rank])
}

/// No box on this side of a line (the line is on the edge).
pub(crate) const NO_BOX: u8 = u8::MAX;

/// The tables of one board size that play and search read instead of
/// recomputing the geometry: built at compile time for every size from 1×1
/// to 6×6 (so a position carries no tables and never allocates).
///
/// Each line borders at most two boxes. Per line, `side_masks` holds the
/// four-side mask of each bordering box (`u128::MAX`, which no set of drawn
/// lines can cover, past the edge) and `side_boxes` that box's bit (0 past
/// the edge): after drawing line `l`, box `k` of it is complete exactly when
/// `drawn & side_masks[l][k] == side_masks[l][k]`.
#[derive(Debug)]
pub(crate) struct Geometry {
    /// Number of lines.
    pub(crate) num_lines: usize,
    /// One bit per line of the board.
    pub(crate) all_lines: u128,
    /// One bit per box of the board.
    pub(crate) all_boxes: u64,
    /// The line at each flat index (up to `num_lines`; 128 entries so that
    /// any bit of a line mask indexes it without a bounds check).
    pub(crate) line_at: [Line; 128],
    /// The boxes on either side of each line ([`NO_BOX`] past the edge).
    pub(crate) line_boxes: [[u8; 2]; MAX_LINES],
    /// The four-side masks of the boxes on either side of each line.
    pub(crate) side_masks: [[u128; 2]; MAX_LINES],
    /// The bits of the boxes on either side of each line.
    pub(crate) side_boxes: [[u64; 2]; MAX_LINES],
    /// The four sides of each box as a line mask.
    pub(crate) box_mask: [u128; MAX_BOXES],
}

const EMPTY_GEOMETRY: Geometry = Geometry {
    num_lines: 0,
    all_lines: 0,
    all_boxes: 0,
    line_at: [Line::horizontal(0, 0); 128],
    line_boxes: [[NO_BOX; 2]; MAX_LINES],
    side_masks: [[u128::MAX; 2]; MAX_LINES],
    side_boxes: [[0; 2]; MAX_LINES],
    box_mask: [0; MAX_BOXES],
};

/// The tables of every size, indexed `(rows - 1) * 6 + (cols - 1)`.
static GEOMETRY: [Geometry; 36] = build_all();

const fn build_all() -> [Geometry; 36] {
    let mut out = [EMPTY_GEOMETRY; 36];
    let mut i = 0;
    while i < 36 {
        out[i] = build((i / 6) as u8 + 1, (i % 6) as u8 + 1);
        i += 1;
    }
    out
}

/// The tables of `rows × cols` boxes, in the flat index order of
/// [`BoardSize::line_index`] and [`BoardSize::box_index`].
const fn build(rows: u8, cols: u8) -> Geometry {
    let mut g = EMPTY_GEOMETRY;
    let (r, c) = (rows as usize, cols as usize);
    let h = (r + 1) * c;
    let n = h + r * (c + 1);
    g.num_lines = n;
    g.all_lines = (1u128 << n) - 1;
    g.all_boxes = (1u64 << (r * c)) - 1;
    let mut b = 0;
    while b < r * c {
        let (br, bc) = (b / c, b % c);
        let left = h + br * (c + 1) + bc;
        g.box_mask[b] = 1u128 << (br * c + bc)
            | 1u128 << ((br + 1) * c + bc)
            | 1u128 << left
            | 1u128 << (left + 1);
        b += 1;
    }
    let mut l = 0;
    while l < n {
        let (line, before, after) = if l < h {
            let (lr, lc) = (l / c, l % c);
            let line = Line::horizontal(lr as u8, lc as u8);
            let above = if lr > 0 {
                (lr - 1) * c + lc
            } else {
                usize::MAX
            };
            let below = if lr < r { lr * c + lc } else { usize::MAX };
            (line, above, below)
        } else {
            let (lr, lc) = ((l - h) / (c + 1), (l - h) % (c + 1));
            let line = Line::vertical(lr as u8, lc as u8);
            let left = if lc > 0 { lr * c + lc - 1 } else { usize::MAX };
            let right = if lc < c { lr * c + lc } else { usize::MAX };
            (line, left, right)
        };
        g.line_at[l] = line;
        let sides = [before, after];
        let mut k = 0;
        while k < 2 {
            if sides[k] != usize::MAX {
                g.line_boxes[l][k] = sides[k] as u8;
                g.side_masks[l][k] = g.box_mask[sides[k]];
                g.side_boxes[l][k] = 1u64 << sides[k];
            }
            k += 1;
        }
        l += 1;
    }
    g
}

impl std::fmt::Display for BoardSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

/// Which way a line runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Orientation {
    /// Joins a dot to its right-hand neighbour.
    Horizontal,
    /// Joins a dot to the dot below it.
    Vertical,
}

/// A dot: `row` 0 is the top row (printed `1`), `col` 0 the left column
/// (printed `a`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Dot {
    /// Row from the top, from 0.
    pub row: u8,
    /// Column from the left, from 0.
    pub col: u8,
}

impl Dot {
    /// The dot at `row`, `col` (both from 0).
    #[must_use]
    pub const fn new(row: u8, col: u8) -> Dot {
        Dot { row, col }
    }
}

/// A box: `row` 0 is the top row, `col` 0 the left column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct BoxCoord {
    /// Row from the top, from 0.
    pub row: u8,
    /// Column from the left, from 0.
    pub col: u8,
}

impl BoxCoord {
    /// The box at `row`, `col` (both from 0).
    #[must_use]
    pub const fn new(row: u8, col: u8) -> BoxCoord {
        BoxCoord { row, col }
    }
}

/// Why two dots do not make a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum LineError {
    /// Both ends are the same dot.
    #[error("a line needs two different dots")]
    SameDot,
    /// The dots are not in the same row or column.
    #[error("lines are horizontal or vertical, never diagonal")]
    Diagonal,
    /// The dots are in line but not neighbours.
    #[error("a line joins two neighbouring dots; this one is longer")]
    TooLong,
    /// A dot is off the board.
    #[error("the line is off the board")]
    OffBoard,
}

/// A line between two neighbouring dots: a small `Copy` value.
///
/// A horizontal line is named by its left dot, a vertical line by its top
/// dot. Whether it lies on a given board is checked by
/// [`BoardSize::contains`] and by every function that takes a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Line {
    /// Horizontal or vertical.
    pub orientation: Orientation,
    /// Row of the left (horizontal) or top (vertical) dot.
    pub row: u8,
    /// Column of the left (horizontal) or top (vertical) dot.
    pub col: u8,
}

impl Line {
    /// The line from dot (`row`, `col`) to the dot to its right.
    #[must_use]
    pub const fn horizontal(row: u8, col: u8) -> Line {
        Line {
            orientation: Orientation::Horizontal,
            row,
            col,
        }
    }

    /// The line from dot (`row`, `col`) to the dot below it.
    #[must_use]
    pub const fn vertical(row: u8, col: u8) -> Line {
        Line {
            orientation: Orientation::Vertical,
            row,
            col,
        }
    }

    /// The line joining two dots, in either order; a typed error for the
    /// same dot, a diagonal or a segment longer than one unit.
    pub fn between(a: Dot, b: Dot) -> Result<Line, LineError> {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if a == b {
            Err(LineError::SameDot)
        } else if a.row == b.row {
            if b.col - a.col == 1 {
                Ok(Line::horizontal(a.row, a.col))
            } else {
                Err(LineError::TooLong)
            }
        } else if a.col == b.col {
            if b.row - a.row == 1 {
                Ok(Line::vertical(a.row, a.col))
            } else {
                Err(LineError::TooLong)
            }
        } else {
            Err(LineError::Diagonal)
        }
    }

    /// The two dots of the line: left then right, or top then bottom.
    #[must_use]
    pub fn dots(self) -> (Dot, Dot) {
        let a = Dot::new(self.row, self.col);
        let b = match self.orientation {
            Orientation::Horizontal => Dot::new(self.row, self.col.saturating_add(1)),
            Orientation::Vertical => Dot::new(self.row.saturating_add(1), self.col),
        };
        (a, b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_may_be_named_by_its_dots() {
        // timbiriche.md: "5×5 boxes is the \"6×6 dots\" board that players
        // also name by its dots".
        for typed in ["6x6 dots", "6×6 dots", "6x6dots", " 6X6 Dots "] {
            assert_eq!(BoardSize::parse(typed), Ok(BoardSize::LARGE), "{typed}");
        }
        assert_eq!(BoardSize::parse("4x4 dots"), Ok(BoardSize::SMALL));
        assert_eq!(BoardSize::parse("3x4 dots"), BoardSize::new(2, 3));
        assert_eq!(BoardSize::parse("5x5 boxes"), Ok(BoardSize::LARGE));
        // Boxes stay the plain form.
        assert_eq!(BoardSize::parse("5x5"), Ok(BoardSize::LARGE));
        // Two dots a side is the smallest board; seven the largest.
        assert_eq!(BoardSize::parse("2x2 dots"), BoardSize::new(1, 1));
        assert_eq!(BoardSize::parse("7x7 dots"), BoardSize::new(6, 6));
        assert!(matches!(
            BoardSize::parse("1x3 dots"),
            Err(SizeError::NotASize(_))
        ));
        assert!(BoardSize::parse("8x8 dots").is_err());
        assert!(BoardSize::parse("6x6 dot s").is_err());
    }

    #[test]
    fn sizes_from_1x1_to_6x6_and_nothing_else() {
        for r in 1..=6 {
            for c in 1..=6 {
                let s = BoardSize::new(r, c).unwrap();
                assert_eq!(s.num_boxes(), (r * c) as usize);
                assert_eq!(s.num_lines(), ((r + 1) * c + r * (c + 1)) as usize);
            }
        }
        assert!(BoardSize::new(0, 3).is_err());
        assert!(BoardSize::new(7, 3).is_err());
        assert_eq!(BoardSize::parse("5x5").unwrap(), BoardSize::LARGE);
        assert_eq!(
            BoardSize::parse("2×3").unwrap(),
            BoardSize::new(2, 3).unwrap()
        );
        assert!(BoardSize::parse("3x").is_err());
        // What was typed is quoted, not a made-up 0x0.
        for typed in ["x", "3x", "99999999999x3", "3x3x3"] {
            assert_eq!(
                BoardSize::parse(typed),
                Err(SizeError::NotASize(typed.to_string()))
            );
        }
        assert_eq!(
            BoardSize::parse("7x2").unwrap_err().to_string(),
            "a board is 1 to 6 boxes on each side, not 7x2"
        );
        assert_eq!(BoardSize::new(6, 6).unwrap().num_lines(), MAX_LINES);
    }

    #[test]
    fn line_index_round_trips() {
        for r in 1..=6 {
            for c in 1..=6 {
                let s = BoardSize::new(r, c).unwrap();
                for i in 0..s.num_lines() {
                    let l = s.line_at(i).unwrap();
                    assert!(s.contains(l));
                    assert_eq!(s.line_index(l), Some(i));
                }
                assert_eq!(s.line_at(s.num_lines()), None);
            }
        }
    }

    #[test]
    fn every_box_has_four_sides_that_border_it() {
        let s = BoardSize::new(3, 4).unwrap();
        for b in s.boxes() {
            for side in s.box_sides(b).unwrap() {
                assert!(s.line_boxes(side).contains(&b));
            }
        }
        // A box off the board has no sides (the largest coordinates
        // included: no overflow).
        for b in [
            BoxCoord::new(3, 0),
            BoxCoord::new(0, 4),
            BoxCoord::new(255, 0),
            BoxCoord::new(0, 255),
            BoxCoord::new(255, 255),
        ] {
            assert_eq!(s.box_sides(b), None, "{b:?}");
        }
        // An edge line borders one box, an inner line two.
        assert_eq!(s.line_boxes(Line::horizontal(0, 0)).len(), 1);
        assert_eq!(s.line_boxes(Line::horizontal(1, 0)).len(), 2);
        assert_eq!(s.line_boxes(Line::vertical(0, 4)).len(), 1);
    }

    #[test]
    fn the_tables_match_the_geometry() {
        // The compile-time tables agree with the sides and neighbours
        // computed from coordinates, on every size.
        for r in 1..=6 {
            for c in 1..=6 {
                let s = BoardSize::new(r, c).unwrap();
                let g = s.geometry();
                assert_eq!(g.num_lines, s.num_lines());
                assert_eq!(g.all_lines.count_ones() as usize, s.num_lines());
                assert_eq!(g.all_boxes.count_ones() as usize, s.num_boxes());
                for (b, bc) in s.boxes().enumerate() {
                    let want = s
                        .box_sides(bc)
                        .unwrap()
                        .iter()
                        .fold(0u128, |m, &l| m | 1u128 << s.line_index(l).unwrap());
                    assert_eq!(s.box_mask(b), want);
                    let idx = s.box_line_indices(b);
                    assert_eq!(idx.iter().fold(0u128, |m, &i| m | 1u128 << i), want);
                }
                for (i, line) in s.lines().enumerate() {
                    let boxes: Vec<usize> =
                        s.line_box_indices(i).iter().flatten().copied().collect();
                    let want: Vec<usize> = s
                        .line_boxes(line)
                        .into_iter()
                        .map(|b| s.box_index(b).unwrap())
                        .collect();
                    assert_eq!(boxes, want, "{s} line {i}");
                    for k in 0..2 {
                        match s.line_box_indices(i)[k] {
                            Some(b) => {
                                assert_eq!(g.side_masks[i][k], s.box_mask(b));
                                assert_eq!(g.side_boxes[i][k], 1u64 << b);
                            }
                            None => {
                                assert_eq!(g.side_masks[i][k], u128::MAX);
                                assert_eq!(g.side_boxes[i][k], 0);
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn select_finds_the_kth_set_bit() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..2000 {
            let want: Vec<usize> = (0..64).filter(|&i| x >> i & 1 == 1).collect();
            for (k, &i) in want.iter().enumerate() {
                assert_eq!(select64(x, k as u64), i, "{x:#x} {k}");
            }
            x = x.rotate_left(7) ^ x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 3;
        }
        assert_eq!(select64(u64::MAX, 63), 63);
        assert_eq!(select64(1 << 63, 0), 63);
        assert_eq!(select64(1, 0), 0);
    }

    #[test]
    fn contains_and_line_index_off_the_edges() {
        let s = BoardSize::new(2, 3).unwrap();
        assert!(s.contains(Line::horizontal(2, 2)));
        assert!(!s.contains(Line::horizontal(3, 0)));
        assert!(!s.contains(Line::horizontal(0, 3)));
        assert!(s.contains(Line::vertical(1, 3)));
        assert!(!s.contains(Line::vertical(2, 0)));
        assert!(!s.contains(Line::vertical(0, 4)));
        assert!(!s.contains(Line::vertical(255, 255)));
        assert_eq!(s.line_index(Line::vertical(0, 4)), None);
        assert_eq!(s.line_index(Line::vertical(1, 3)), Some(s.num_lines() - 1));
    }

    #[test]
    fn between_rejects_diagonals_and_long_segments() {
        assert_eq!(
            Line::between(Dot::new(0, 0), Dot::new(1, 1)),
            Err(LineError::Diagonal)
        );
        assert_eq!(
            Line::between(Dot::new(0, 0), Dot::new(0, 2)),
            Err(LineError::TooLong)
        );
        assert_eq!(
            Line::between(Dot::new(2, 0), Dot::new(0, 0)),
            Err(LineError::TooLong)
        );
        assert_eq!(
            Line::between(Dot::new(1, 1), Dot::new(1, 1)),
            Err(LineError::SameDot)
        );
        assert_eq!(
            Line::between(Dot::new(1, 2), Dot::new(1, 1)),
            Ok(Line::horizontal(1, 1))
        );
        assert_eq!(
            Line::between(Dot::new(3, 2), Dot::new(2, 2)),
            Ok(Line::vertical(2, 2))
        );
    }
}
