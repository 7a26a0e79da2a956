//! The board: cells, marbles, reachability, shortest paths and lines.
//!
//! Cells are numbered row by row from the top-left, `index = row × size +
//! col`. The board keeps a colour per cell (0 = free, 1..=colours) and a
//! 128-bit mask of the occupied cells, on which reachability is a
//! bit-parallel flood fill.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use crate::rules::MAX_SIZE;

/// Most cells of any supported board.
pub(crate) const MAX_CELLS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// One cell of the board, by index `row × size + col` (row 0 at the top).
///
/// A `Cell` does not know the board size: the board checks it on use, and a
/// cell off the board is an error, never a panic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cell(pub u8);

impl Cell {
    /// The cell at `row` (0 at the top) and `col` (0 at the left) of a board
    /// of side `size`; `None` when it is off that board.
    #[must_use]
    pub fn at(size: u8, row: u8, col: u8) -> Option<Cell> {
        if row < size && col < size && size <= MAX_SIZE {
            Some(Cell(row * size + col))
        } else {
            None
        }
    }

    /// The index `row × size + col`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The row (0 at the top) on a board of side `size`.
    #[must_use]
    pub const fn row(self, size: u8) -> u8 {
        match self.0.checked_div(size) {
            Some(r) => r,
            None => 0,
        }
    }

    /// The column (0 at the left) on a board of side `size`.
    #[must_use]
    pub const fn col(self, size: u8) -> u8 {
        match self.0.checked_rem(size) {
            Some(c) => c,
            None => 0,
        }
    }
}

/// One of the four directions a line can run in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Direction {
    /// Left to right along a row.
    Horizontal,
    /// Top to bottom along a column.
    Vertical,
    /// Top-left to bottom-right.
    Diagonal,
    /// Top-right to bottom-left.
    AntiDiagonal,
}

impl Direction {
    /// The four directions.
    pub const ALL: [Direction; 4] = [
        Direction::Horizontal,
        Direction::Vertical,
        Direction::Diagonal,
        Direction::AntiDiagonal,
    ];

    /// (row step, column step) from one cell of a line to the next.
    #[must_use]
    pub const fn step(self) -> (i8, i8) {
        match self {
            Direction::Horizontal => (0, 1),
            Direction::Vertical => (1, 0),
            Direction::Diagonal => (1, 1),
            Direction::AntiDiagonal => (1, -1),
        }
    }
}

/// A line of marbles of one colour: its first cell (the top one, or the
/// left one for a horizontal line), direction and length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Line {
    /// The first cell (topmost; leftmost for a horizontal line).
    pub start: Cell,
    /// The direction from the first cell to the others.
    pub direction: Direction,
    /// Number of marbles.
    pub len: u8,
    /// The colour of its marbles.
    pub colour: u8,
    /// Side of the board the line is on (to name its cells).
    pub size: u8,
}

impl Line {
    /// The cells of the line, from its first cell.
    #[must_use]
    pub fn cells(&self) -> Vec<Cell> {
        let (dr, dc) = self.direction.step();
        let mut r = i16::from(self.start.row(self.size));
        let mut c = i16::from(self.start.col(self.size));
        let mut out = Vec::with_capacity(usize::from(self.len));
        for _ in 0..self.len {
            if let (Ok(rr), Ok(cc)) = (u8::try_from(r), u8::try_from(c)) {
                if let Some(cell) = Cell::at(self.size, rr, cc) {
                    out.push(cell);
                }
            }
            r += i16::from(dr);
            c += i16::from(dc);
        }
        out
    }

    /// The cells of the line as a bit mask (bit `index` set per cell).
    #[must_use]
    pub fn mask(&self) -> u128 {
        self.cells().iter().fold(0, |m, c| m | (1u128 << c.0))
    }
}

/// Masks of one board size, for the flood fill.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Geometry {
    /// Every cell of the board.
    pub all: u128,
    /// Every cell but the leftmost column.
    pub not_left: u128,
    /// Every cell but the rightmost column.
    pub not_right: u128,
    /// The side.
    pub size: u32,
}

const fn geometry(size: u32) -> Geometry {
    let cells = size * size;
    let all = if cells >= 128 {
        u128::MAX
    } else {
        (1u128 << cells) - 1
    };
    let mut left = 0u128;
    let mut right = 0u128;
    let mut r = 0;
    while r < size {
        left |= 1u128 << (r * size);
        right |= 1u128 << (r * size + size - 1);
        r += 1;
    }
    Geometry {
        all,
        not_left: all & !left,
        not_right: all & !right,
        size,
    }
}

const GEOMETRIES: [Geometry; MAX_SIZE as usize + 1] = {
    let mut out = [geometry(1); MAX_SIZE as usize + 1];
    let mut s = 1;
    while s <= MAX_SIZE as usize {
        out[s] = geometry(s as u32);
        s += 1;
    }
    out
};

impl Geometry {
    /// The masks of a board of side `size` (sizes above the maximum get the
    /// largest board's masks; boards never have such sizes).
    #[inline]
    pub fn of(size: u8) -> Geometry {
        GEOMETRIES[usize::from(size.min(MAX_SIZE))]
    }

    /// Cells next to any cell of `m`, up, down, left or right.
    #[inline]
    pub fn neighbours(&self, m: u128) -> u128 {
        (((m << 1) & self.not_left)
            | ((m >> 1) & self.not_right)
            | (m << self.size)
            | (m >> self.size))
            & self.all
    }

    /// Every cell of `free` connected to `seed` through `free` cells
    /// (including `seed & free`).
    #[inline]
    pub fn flood(&self, seed: u128, free: u128) -> u128 {
        let mut r = seed & free;
        loop {
            let next = r | (self.neighbours(r) & free);
            if next == r {
                return r;
            }
            r = next;
        }
    }
}

/// A board: a square of cells, each free or holding a marble of a colour.
///
/// It serializes as its text (see [`crate::notation`]): one character per
/// cell, row by row from the top-left, `.` for free and `1`–`9` for colours.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    size: u8,
    occupied: u128,
    cells: [u8; MAX_CELLS],
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board({})", self.to_text())
    }
}

impl Board {
    /// An empty board of side `size` (clamped to 2..=11).
    #[must_use]
    pub fn empty(size: u8) -> Board {
        Board {
            size: size.clamp(2, MAX_SIZE),
            occupied: 0,
            cells: [0; MAX_CELLS],
        }
    }

    /// The side of the board.
    #[must_use]
    pub const fn size(&self) -> u8 {
        self.size
    }

    /// Number of cells.
    #[must_use]
    pub const fn cell_count(&self) -> usize {
        self.size as usize * self.size as usize
    }

    /// Whether `cell` is on this board.
    #[must_use]
    pub const fn contains(&self, cell: Cell) -> bool {
        cell.index() < self.cell_count()
    }

    /// The colour of the marble on `cell`; `None` when the cell is free or
    /// off the board.
    #[must_use]
    pub fn colour(&self, cell: Cell) -> Option<u8> {
        match self.cells.get(cell.index()) {
            Some(&c) if c != 0 && self.contains(cell) => Some(c),
            _ => None,
        }
    }

    /// Whether `cell` is on the board and free.
    #[must_use]
    pub fn is_free(&self, cell: Cell) -> bool {
        self.contains(cell) && self.occupied & (1u128 << cell.0) == 0
    }

    /// Put a marble of `colour` (1..=9) on `cell`, replacing what was there.
    /// Does nothing for a cell off the board or a colour outside 1..=9.
    pub fn set(&mut self, cell: Cell, colour: u8) {
        if self.contains(cell) && (1..=9).contains(&colour) {
            self.cells[cell.index()] = colour;
            self.occupied |= 1u128 << cell.0;
        }
    }

    /// Take the marble off `cell` (nothing happens for a free cell or a cell
    /// off the board).
    pub fn clear(&mut self, cell: Cell) {
        if self.contains(cell) {
            self.cells[cell.index()] = 0;
            self.occupied &= !(1u128 << cell.0);
        }
    }

    /// Mask of the occupied cells (bit `index`).
    #[must_use]
    pub const fn occupied_mask(&self) -> u128 {
        self.occupied
    }

    /// Mask of the free cells (bit `index`).
    #[must_use]
    pub fn free_mask(&self) -> u128 {
        Geometry::of(self.size).all & !self.occupied
    }

    /// Number of marbles on the board.
    #[must_use]
    pub const fn marble_count(&self) -> u32 {
        self.occupied.count_ones()
    }

    /// Number of free cells.
    #[must_use]
    pub fn free_count(&self) -> u32 {
        self.free_mask().count_ones()
    }

    /// Whether no cell is free.
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.free_mask() == 0
    }

    /// Whether no marble is on the board.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.occupied == 0
    }

    /// The colours of every cell by index (0 for free).
    #[must_use]
    pub fn colours(&self) -> &[u8] {
        &self.cells[..self.cell_count()]
    }

    /// Mask of the free cells a marble on `from` can reach (empty when
    /// `from` holds no marble or is off the board).
    #[must_use]
    pub fn reachable_mask(&self, from: Cell) -> u128 {
        if self.colour(from).is_none() {
            return 0;
        }
        let g = Geometry::of(self.size);
        let free = g.all & !self.occupied;
        g.flood(g.neighbours(1u128 << from.0), free)
    }

    /// Every free cell a marble on `from` can reach, in index order; empty
    /// when `from` holds no marble.
    #[must_use]
    pub fn reachable(&self, from: Cell) -> Vec<Cell> {
        cells_of(self.reachable_mask(from))
    }

    /// Whether the marble on `from` can travel to `to` (a free cell).
    #[must_use]
    pub fn can_reach(&self, from: Cell, to: Cell) -> bool {
        if !self.contains(to) || self.colour(from).is_none() {
            return false;
        }
        let g = Geometry::of(self.size);
        let free = g.all & !self.occupied;
        let target = 1u128 << to.0;
        if free & target == 0 {
            return false;
        }
        // Flood from the target (cheaper: stop as soon as it touches `from`).
        let goal = g.neighbours(1u128 << from.0);
        let mut r = target;
        loop {
            if r & goal != 0 {
                return true;
            }
            let next = r | (g.neighbours(r) & free);
            if next == r {
                return false;
            }
            r = next;
        }
    }

    /// A shortest path from `from` to `to` through free cells, both ends
    /// included, moving up, down, left or right; `None` when the marble on
    /// `from` cannot reach `to`. Among shortest paths, the one found by a
    /// breadth-first search trying up, left, right, down in that order.
    #[must_use]
    pub fn path(&self, from: Cell, to: Cell) -> Option<Vec<Cell>> {
        if !self.can_reach(from, to) {
            return None;
        }
        let n = self.cell_count();
        let size = usize::from(self.size);
        let mut parent = vec![usize::MAX; n];
        let mut queue = VecDeque::new();
        parent[from.index()] = from.index();
        queue.push_back(from.index());
        while let Some(i) = queue.pop_front() {
            if i == to.index() {
                break;
            }
            let (r, c) = (i / size, i % size);
            let mut next = [None; 4];
            if r > 0 {
                next[0] = Some(i - size);
            }
            if c > 0 {
                next[1] = Some(i - 1);
            }
            if c + 1 < size {
                next[2] = Some(i + 1);
            }
            if r + 1 < size {
                next[3] = Some(i + size);
            }
            for j in next.into_iter().flatten() {
                if parent.get(j) == Some(&usize::MAX) && self.occupied & (1u128 << j) == 0 {
                    parent[j] = i;
                    queue.push_back(j);
                }
            }
        }
        let mut path = vec![to];
        let mut at = to.index();
        while at != from.index() {
            at = *parent.get(at)?;
            if at == usize::MAX {
                return None;
            }
            path.push(Cell(u8::try_from(at).ok()?));
        }
        path.reverse();
        Some(path)
    }

    /// The lines of at least `min_line` marbles of one colour through the
    /// marble on `cell`, at most one per direction (empty for a free cell).
    #[must_use]
    pub fn lines_through(&self, cell: Cell, min_line: u8) -> Vec<Line> {
        let mut out = Vec::new();
        self.lines_through_into(cell, min_line, &mut out);
        out
    }

    /// As [`Board::lines_through`], appending to `out` the lines not already
    /// in it.
    pub(crate) fn lines_through_into(&self, cell: Cell, min_line: u8, out: &mut Vec<Line>) {
        let Some(colour) = self.colour(cell) else {
            return;
        };
        let size = usize::from(self.size);
        let i = cell.index();
        let (r, c) = (i / size, i % size);
        let (up, down, left, right) = (r, size - 1 - r, c, size - 1 - c);
        // (direction, index step, steps available backwards, forwards)
        let dirs = [
            (Direction::Horizontal, 1, left, right),
            (Direction::Vertical, size, up, down),
            (Direction::Diagonal, size + 1, up.min(left), down.min(right)),
            (
                Direction::AntiDiagonal,
                size - 1,
                up.min(right),
                down.min(left),
            ),
        ];
        let cells = &self.cells;
        for (dir, step, back, fwd) in dirs {
            let (mut b, mut j) = (0, i);
            while b < back {
                j -= step;
                if cells.get(j) != Some(&colour) {
                    break;
                }
                b += 1;
            }
            let (mut f, mut j) = (0, i);
            while f < fwd {
                j += step;
                if cells.get(j) != Some(&colour) {
                    break;
                }
                f += 1;
            }
            let len = b + f + 1;
            if len >= usize::from(min_line) {
                let line = Line {
                    start: Cell((i - b * step) as u8),
                    direction: dir,
                    len: len as u8,
                    colour,
                    size: self.size,
                };
                if !out.contains(&line) {
                    out.push(line);
                }
            }
        }
    }
}

/// The cells of a mask, in index order.
#[must_use]
pub fn cells_of(mut mask: u128) -> Vec<Cell> {
    let mut out = Vec::with_capacity(mask.count_ones() as usize);
    while mask != 0 {
        let i = mask.trailing_zeros();
        out.push(Cell(i as u8));
        mask &= mask - 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{board_from_text, cell_from_name};

    fn c(name: &str) -> Cell {
        cell_from_name(name, 9).unwrap()
    }

    #[test]
    fn reachability_is_orthogonal_through_free_cells() {
        // "The marble travels through free cells only, up, down, left or right
        // (never diagonally, never through a marble)."
        // a1 boxed in by b1 and a2: it reaches nothing, though b2 is free (diagonal).
        let mut text = ".".repeat(81);
        text.replace_range(0..2, "12");
        text.replace_range(9..10, "3");
        let b = board_from_text(&text).unwrap();
        assert!(b.reachable(c("a1")).is_empty());
        assert!(!b.can_reach(c("a1"), c("b2")));
        assert_eq!(b.path(c("a1"), c("b2")), None);
        // b1 reaches everything free.
        assert_eq!(b.reachable(c("b1")).len(), 78);
        // An empty cell reaches nothing.
        assert!(b.reachable(c("e5")).is_empty());
    }

    #[test]
    fn wall_blocks_and_path_goes_around() {
        // A wall of marbles down column e with a gap at e9.
        let mut text = String::new();
        for row in 0..9 {
            for col in 0..9 {
                text.push(if col == 4 && row < 8 { '1' } else { '.' });
            }
        }
        text.replace_range(0..1, "2");
        let b = board_from_text(&text).unwrap();
        let p = b.path(c("a1"), c("i1")).unwrap();
        assert_eq!(p.first(), Some(&c("a1")));
        assert_eq!(p.last(), Some(&c("i1")));
        // Shortest: 8 steps right and 16 down and up = 24 steps, 25 cells.
        assert_eq!(p.len(), 25);
        for w in p.windows(2) {
            let (a, b2) = (w[0], w[1]);
            let dr = (i16::from(a.row(9)) - i16::from(b2.row(9))).abs();
            let dc = (i16::from(a.col(9)) - i16::from(b2.col(9))).abs();
            assert_eq!(dr + dc, 1);
        }
        for cell in &p[1..] {
            assert!(b.is_free(*cell));
        }
    }

    #[test]
    fn lines_in_four_directions() {
        let mut b = Board::empty(9);
        for i in 0..5 {
            b.set(Cell::at(9, 4, i).unwrap(), 3); // row 5, a5..e5
            b.set(Cell::at(9, i, 4).unwrap(), 3); // column e, e1..e5
            b.set(Cell::at(9, 4 + i, 4 + i).unwrap(), 3); // e5..i9
        }
        let lines = b.lines_through(c("e5"), 5);
        assert_eq!(lines.len(), 3);
        assert!(lines.iter().all(|l| l.len == 5 && l.colour == 3));
        assert!(b.lines_through(c("e5"), 6).is_empty());
        let mut b = Board::empty(9);
        for i in 0..6 {
            b.set(Cell::at(9, i, 8 - i).unwrap(), 2);
        }
        let lines = b.lines_through(c("f4"), 5);
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0].direction, Direction::AntiDiagonal);
        assert_eq!(lines[0].len, 6);
        assert_eq!(lines[0].start, c("i1"));
        assert_eq!(lines[0].cells().len(), 6);
    }
}
