//! The rules: a position is a plain value; [`Position::play`] draws a line.
//!
//! 1. The player to move draws one empty line; passing is not possible.
//! 2. A line that is the 4th side of a box takes that box for the mover.
//! 3. Taking one or more boxes gives exactly one extra move (a line closing
//!    two boxes still gives one).
//! 4. A line that completes no box passes the turn.
//! 5. The game ends when every line is drawn.

use games_common::Player;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::{line_bit, BoardSize, BoxCoord, Dot, Line, MAX_BOXES};
use crate::notation::{dot_to_string, line_to_string};
use crate::values::{check_values, ValueError, ValueLayout};

/// Rule variants, combinable with any board size.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Variant {
    /// Misère ("timbiriche invertido"): whoever has more points loses.
    pub misere: bool,
    /// The value of each box.
    pub values: ValueLayout,
}

impl Variant {
    /// The standard game: every box worth 1, more points wins.
    #[must_use]
    pub fn standard() -> Variant {
        Variant::default()
    }

    /// Misère with boxes worth 1.
    #[must_use]
    pub fn misere() -> Variant {
        Variant {
            misere: true,
            values: ValueLayout::Standard,
        }
    }
}

/// Why a line cannot be drawn now. The position is left unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum PlayError {
    /// Every line is drawn: the game is over.
    #[error("the game is over")]
    GameOver,
    /// The line is not on this board.
    #[error("line {} is off the board", line_to_string(*.0))]
    OffBoard(Line),
    /// The line is already drawn.
    #[error("line {} is already drawn", line_to_string(*.0))]
    AlreadyDrawn(Line),
    /// A flat line index past the last line of the board.
    #[error("line index {0} is off the board")]
    BadIndex(usize),
}

/// What drawing a line did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MoveOutcome {
    /// The line drawn.
    pub line: Line,
    /// Who drew it.
    pub player: Player,
    /// Boxes it completed: 0, 1 or 2.
    pub completed: u8,
    /// Points those boxes were worth.
    pub points: u32,
    /// Whether the same player moves again (exactly when `completed > 0`).
    pub extra_move: bool,
}

/// The result of a finished (or decided) game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    /// This player wins.
    Win(Player),
    /// Equal points.
    Draw,
}

/// A position: board, variant, drawn lines, box owners, the player to move
/// and the last move. A plain value (`Clone`, `Eq`, `Hash`, serde).
///
/// Built for search: a fixed-size value without any heap allocation (a
/// clone is a copy of about 150 bytes). Drawn lines, box owners and box
/// values are bit sets over the flat line and box indices; a line completes
/// a box when the box's four-side mask is covered (compile-time tables per
/// board size), the legal moves are the undrawn bits, and points are
/// counted from the masks of the boxes worth 2 and 3.
///
/// Loading a position through serde checks it: wrong sizes, too many or
/// repeated lines, a box owned but not closed (or closed but not owned)
/// are errors.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "LoadedWire", into = "PositionWire")]
pub struct Position {
    size: BoardSize,
    /// The value of each box (1 to 3) up to `num_boxes`, 0 after.
    values: [u8; MAX_BOXES],
    /// Boxes worth at least 2.
    worth2: u64,
    /// Boxes worth 3.
    worth3: u64,
    misere: bool,
    drawn: u128,
    owners: [u64; 2],
    to_move: Player,
    last: Option<MoveOutcome>,
    /// Lines that completed at least one box.
    completed_one: u128,
    /// Lines that completed two boxes.
    completed_two: u128,
}

impl Position {
    /// The empty board of the standard game, first player to move.
    #[must_use]
    pub fn standard(size: BoardSize) -> Position {
        let mut values = [0; MAX_BOXES];
        for v in values.iter_mut().take(size.num_boxes()) {
            *v = 1;
        }
        Position {
            size,
            values,
            worth2: 0,
            worth3: 0,
            misere: false,
            drawn: 0,
            owners: [0, 0],
            to_move: Player::First,
            last: None,
            completed_one: 0,
            completed_two: 0,
        }
    }

    /// The empty board of `variant`, `first` to move.
    pub fn new(size: BoardSize, variant: &Variant, first: Player) -> Result<Position, ValueError> {
        let values = variant.values.resolve(size)?;
        let mut p = Position {
            misere: variant.misere,
            to_move: first,
            ..Position::standard(size)
        };
        p.set_values(&values);
        Ok(p)
    }

    /// Set the box values (`values` checked: one per box, each 1 to 3).
    fn set_values(&mut self, values: &[u8]) {
        self.values = [0; MAX_BOXES];
        self.worth2 = 0;
        self.worth3 = 0;
        for (b, (&v, slot)) in values.iter().zip(self.values.iter_mut()).enumerate() {
            *slot = v;
            if v >= 2 {
                self.worth2 |= 1 << b;
            }
            if v >= 3 {
                self.worth3 |= 1 << b;
            }
        }
    }

    /// The standard empty board with `lines` played in order (captures and
    /// turns follow the rules).
    pub fn from_lines(size: BoardSize, lines: &[Line]) -> Result<Position, PlayError> {
        let mut p = Position::standard(size);
        for &l in lines {
            p.play(l)?;
        }
        Ok(p)
    }

    /// This position with `misere` switched on or off.
    #[must_use]
    pub fn with_misere(mut self, misere: bool) -> Position {
        self.misere = misere;
        self
    }

    /// The board size.
    #[must_use]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Whether this is the misère variant.
    #[must_use]
    pub fn is_misere(&self) -> bool {
        self.misere
    }

    /// The value of each box, row by row.
    #[must_use]
    pub fn values(&self) -> &[u8] {
        self.values.get(..self.size.num_boxes()).unwrap_or(&[])
    }

    /// The value of one box (0 when off the board).
    #[must_use]
    pub fn box_value(&self, b: BoxCoord) -> u8 {
        self.size
            .box_index(b)
            .and_then(|i| self.values().get(i).copied())
            .unwrap_or(0)
    }

    /// The player to move.
    #[must_use]
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// The last move played, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<MoveOutcome> {
        self.last
    }

    /// Whether the last move gave its player an extra move.
    #[must_use]
    pub fn last_move_gave_extra(&self) -> bool {
        self.last.is_some_and(|m| m.extra_move)
    }

    /// The drawn lines as a bit set over the flat line indices.
    #[must_use]
    pub fn drawn_bits(&self) -> u128 {
        self.drawn
    }

    /// Whether `line` is drawn (`false` when off the board).
    #[must_use]
    pub fn is_drawn(&self, line: Line) -> bool {
        self.size
            .line_index(line)
            .is_some_and(|i| self.drawn >> i & 1 == 1)
    }

    /// Number of lines drawn.
    #[must_use]
    pub fn num_drawn(&self) -> usize {
        self.drawn.count_ones() as usize
    }

    /// Number of lines still empty.
    #[must_use]
    pub fn num_undrawn(&self) -> usize {
        self.size.num_lines() - self.num_drawn()
    }

    /// Boxes the line completed when it was drawn (0 for undrawn lines).
    #[must_use]
    pub fn completed_by(&self, line: Line) -> u8 {
        match self.size.line_index(line) {
            Some(i) => (self.completed_one >> i & 1) as u8 + (self.completed_two >> i & 1) as u8,
            None => 0,
        }
    }

    pub(crate) fn sides_idx(&self, b: usize) -> u32 {
        (self.drawn & self.size.box_mask(b)).count_ones()
    }

    /// Sides drawn around a box (0 to 4; 0 when off the board).
    #[must_use]
    pub fn sides(&self, b: BoxCoord) -> u8 {
        self.size
            .box_index(b)
            .map_or(0, |i| self.sides_idx(i) as u8)
    }

    /// Sides drawn around every box, row by row.
    #[must_use]
    pub fn side_counts(&self) -> Vec<u8> {
        (0..self.size.num_boxes())
            .map(|b| self.sides_idx(b) as u8)
            .collect()
    }

    /// Owner of a box (`None` while open or off the board).
    #[must_use]
    pub fn owner(&self, b: BoxCoord) -> Option<Player> {
        let i = self.size.box_index(b)?;
        self.owner_idx(i)
    }

    pub(crate) fn owner_idx(&self, i: usize) -> Option<Player> {
        Player::BOTH
            .into_iter()
            .find(|p| self.owners[p.index()] >> i & 1 == 1)
    }

    /// Owner of every box, row by row.
    #[must_use]
    pub fn owners(&self) -> Vec<Option<Player>> {
        (0..self.size.num_boxes())
            .map(|i| self.owner_idx(i))
            .collect()
    }

    /// Points of a player (box values summed).
    #[must_use]
    pub fn points(&self, p: Player) -> u32 {
        self.sum_values(self.owners[p.index()])
    }

    /// Boxes owned by a player.
    #[must_use]
    pub fn boxes_owned(&self, p: Player) -> u32 {
        self.owners[p.index()].count_ones()
    }

    /// The points of the boxes in `mask`: one per box, one more for each
    /// worth 2 or 3, one more for each worth 3.
    #[inline]
    fn sum_values(&self, mask: u64) -> u32 {
        mask.count_ones() + (mask & self.worth2).count_ones() + (mask & self.worth3).count_ones()
    }

    /// Points of the boxes nobody owns yet.
    #[must_use]
    pub fn remaining_points(&self) -> u32 {
        let open = self.size.geometry().all_boxes & !(self.owners[0] | self.owners[1]);
        self.sum_values(open)
    }

    /// Whether every line is drawn.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.drawn == self.size.all_lines_mask()
    }

    /// The result once the game is over, `None` before.
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        if self.is_over() {
            self.decided()
        } else {
            None
        }
    }

    /// The result as soon as it is decided (e.g. 13 of 25 boxes on 5×5),
    /// even though play goes on until the last line.
    #[must_use]
    pub fn decided(&self) -> Option<GameResult> {
        let a = self.points(Player::First);
        let b = self.points(Player::Second);
        let rem = self.remaining_points();
        let more = if a > b + rem {
            Player::First
        } else if b > a + rem {
            Player::Second
        } else if rem == 0 {
            return Some(GameResult::Draw);
        } else {
            return None;
        };
        Some(GameResult::Win(if self.misere {
            more.other()
        } else {
            more
        }))
    }

    /// Whether `line` may be drawn now; the error says why not.
    #[inline]
    pub fn check(&self, line: Line) -> Result<usize, PlayError> {
        let i = self
            .size
            .line_index(line)
            .ok_or(PlayError::OffBoard(line))?;
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        if self.drawn & line_bit(i) != 0 {
            return Err(PlayError::AlreadyDrawn(line));
        }
        Ok(i)
    }

    /// Every line that may be drawn now, in index order.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Line> {
        self.undrawn_indices()
            .filter_map(|i| self.size.line_at(i))
            .collect()
    }

    /// Every line that may be drawn now, as flat indices (the host form).
    #[must_use]
    pub fn legal_move_indices(&self) -> Vec<usize> {
        self.undrawn_indices().collect()
    }

    /// The undrawn lines as a bit set over the flat line indices (bit `i`
    /// set when line `i` may be drawn): the legal moves of a search.
    #[must_use]
    pub fn undrawn_bits(&self) -> u128 {
        !self.drawn & self.size.geometry().all_lines
    }

    pub(crate) fn undrawn_indices(&self) -> impl Iterator<Item = usize> {
        Bits(self.undrawn_bits())
    }

    /// Boxes line index `i` (undrawn) would complete if drawn now.
    pub(crate) fn completes_idx(&self, i: usize) -> u32 {
        let g = self.size.geometry();
        let Some(masks) = g.side_masks.get(i) else {
            return 0;
        };
        let d = self.drawn | 1u128 << i;
        masks.iter().filter(|&&m| d & m == m).count() as u32
    }

    /// Boxes line index `i` (undrawn) would give a 3rd side if drawn now.
    pub(crate) fn third_sides_idx(&self, i: usize) -> u32 {
        let g = self.size.geometry();
        let Some(masks) = g.side_masks.get(i) else {
            return 0;
        };
        masks
            .iter()
            .filter(|&&m| m != u128::MAX && (self.drawn & m).count_ones() == 2)
            .count() as u32
    }

    /// The safe lines: empty lines that give no box its 3rd side. (A line
    /// that takes a box on the edge of a chain is also safe.)
    #[must_use]
    pub fn safe_lines(&self) -> Vec<Line> {
        self.undrawn_indices()
            .filter(|&i| self.third_sides_idx(i) == 0)
            .filter_map(|i| self.size.line_at(i))
            .collect()
    }

    /// Safe lines that take no box either.
    pub(crate) fn quiet_safe_indices(&self) -> Vec<usize> {
        self.undrawn_indices()
            .filter(|&i| self.third_sides_idx(i) == 0 && self.completes_idx(i) == 0)
            .collect()
    }

    /// The lines that would take a box now.
    #[must_use]
    pub fn capturing_lines(&self) -> Vec<Line> {
        self.undrawn_indices()
            .filter(|&i| self.completes_idx(i) > 0)
            .filter_map(|i| self.size.line_at(i))
            .collect()
    }

    /// The lines that would give some box its 3rd side.
    #[must_use]
    pub fn third_side_lines(&self) -> Vec<Line> {
        self.undrawn_indices()
            .filter(|&i| self.third_sides_idx(i) > 0)
            .filter_map(|i| self.size.line_at(i))
            .collect()
    }

    /// Draw `line` for the player to move. On error nothing changes.
    #[inline]
    pub fn play(&mut self, line: Line) -> Result<MoveOutcome, PlayError> {
        let i = self.check(line)?;
        Ok(self.play_unchecked(i, line))
    }

    /// Draw the line with flat index `index` (the host index form).
    pub fn play_index(&mut self, index: usize) -> Result<MoveOutcome, PlayError> {
        let line = self.size.line_at(index).ok_or(PlayError::BadIndex(index))?;
        self.play(line)
    }

    /// Draw line `i` (must be legal): the boxes it completes are those
    /// whose four-side masks the drawn lines now cover.
    #[inline(always)]
    pub(crate) fn play_unchecked(&mut self, i: usize, line: Line) -> MoveOutcome {
        let player = self.to_move;
        let bit = line_bit(i);
        let drawn = self.drawn | bit;
        self.drawn = drawn;
        let g = self.size.geometry();
        let ([ma, mb], [ba, bb]) = match (g.side_masks.get(i), g.side_boxes.get(i)) {
            (Some(&m), Some(&b)) => (m, b),
            _ => ([u128::MAX; 2], [0; 2]),
        };
        // A mask past the edge is `u128::MAX`, never covered. Branch-free:
        // whether a line takes a box is what a random playout cannot predict.
        let (a, b) = (drawn & ma == ma, drawn & mb == mb);
        let taken = ba & 0u64.wrapping_sub(u64::from(a)) | bb & 0u64.wrapping_sub(u64::from(b));
        let completed = u8::from(a) + u8::from(b);
        // At most two boxes: count them without a population count.
        let two = |m: u64| u32::from(m != 0) + u32::from(m & m.wrapping_sub(1) != 0);
        let points = two(taken) + two(taken & self.worth2) + two(taken & self.worth3);
        let owner = &mut self.owners[player.index() & 1];
        *owner |= taken;
        let extra_move = completed > 0;
        self.completed_one |= bit & 0u128.wrapping_sub(u128::from(extra_move));
        self.completed_two |= bit & 0u128.wrapping_sub(u128::from(a & b));
        self.to_move = if extra_move { player } else { player.other() };
        let out = MoveOutcome {
            line,
            player,
            completed,
            points,
            extra_move,
        };
        self.last = Some(out);
        out
    }

    /// Draw line index `i` (must be legal) without recording anything but
    /// the drawn set, owners and turn; for fast simulation.
    pub(crate) fn play_idx(&mut self, i: usize) -> MoveOutcome {
        let line = self.size.line_at(i).unwrap_or(Line::horizontal(0, 0));
        self.play_unchecked(i, line)
    }
}

/// The set bits of a line mask, lowest first.
struct Bits(u128);

impl Iterator for Bits {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

/// The serialized form of a [`Position`], checked on load.
#[derive(Serialize, Deserialize)]
struct PositionWire {
    size: BoardSize,
    values: Vec<u8>,
    misere: bool,
    to_move: Player,
    /// Drawn lines.
    lines: Vec<Line>,
    /// Per drawn line (same order), the boxes it completed.
    completed: Vec<u8>,
    /// Owner of every box, row by row.
    owners: Vec<Option<Player>>,
    last: Option<MoveOutcome>,
}

/// A [`PositionWire`] read from outside (serde), where the last move is
/// recorded, not inferred as [`Position::from_layout`] infers it: on top of
/// the wire's checks, it must agree with the boxes beside its line.
#[derive(Deserialize)]
#[serde(transparent)]
struct LoadedWire(PositionWire);

impl TryFrom<LoadedWire> for Position {
    type Error = PositionError;
    fn try_from(w: LoadedWire) -> Result<Position, PositionError> {
        let p = Position::try_from(w.0)?;
        if let Some(last) = p.last {
            // The last line closed every closed box beside it (each lacked
            // that side until then): those boxes are its completions, they
            // belong to its player, and its points are their values.
            let taken = p.size.line_index(last.line).map_or(0u64, |i| {
                p.size
                    .line_box_indices(i)
                    .iter()
                    .flatten()
                    .filter(|&&b| p.sides_idx(b) == 4)
                    .fold(0u64, |m, &b| m | 1u64 << b)
            });
            if u32::from(last.completed) != taken.count_ones()
                || p.owners[last.player.index() & 1] & taken != taken
                || last.points != p.sum_values(taken)
            {
                return Err(PositionError::LastMove);
            }
        }
        Ok(p)
    }
}

/// Why serialized data is not a consistent position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum PositionError {
    /// Bad box values.
    #[error(transparent)]
    Values(#[from] ValueError),
    /// A line is off the board.
    #[error("line {} is off the board", line_to_string(*.0))]
    OffBoard(Line),
    /// A line is listed twice (or more lines than the board has).
    #[error("line {} is listed twice", line_to_string(*.0))]
    Repeated(Line),
    /// Lists of the wrong length.
    #[error("{0} has the wrong length")]
    WrongLength(&'static str),
    /// A box owned but not closed, or closed but not owned.
    #[error(
        "the box with top-left dot {} is owned but not closed, or closed but not owned",
        dot_to_string(Dot::new(.0.row, .0.col))
    )]
    Ownership(BoxCoord),
    /// The completion counts do not match the boxes.
    #[error("the completion counts do not match the closed boxes")]
    Completions,
    /// The last move is inconsistent.
    #[error("the last move is inconsistent")]
    LastMove,
}

impl From<Position> for PositionWire {
    fn from(p: Position) -> PositionWire {
        let idx: Vec<usize> = (0..p.size.num_lines())
            .filter(|&i| p.drawn >> i & 1 == 1)
            .collect();
        PositionWire {
            size: p.size,
            values: p.values().to_vec(),
            misere: p.misere,
            to_move: p.to_move,
            lines: idx.iter().filter_map(|&i| p.size.line_at(i)).collect(),
            completed: idx
                .iter()
                .map(|&i| (p.completed_one >> i & 1) as u8 + (p.completed_two >> i & 1) as u8)
                .collect(),
            owners: p.owners(),
            last: p.last,
        }
    }
}

impl TryFrom<PositionWire> for Position {
    type Error = PositionError;
    fn try_from(w: PositionWire) -> Result<Position, PositionError> {
        let size = w.size;
        check_values(size, &w.values)?;
        if w.lines.len() > size.num_lines() || w.completed.len() != w.lines.len() {
            return Err(PositionError::WrongLength("lines"));
        }
        if w.owners.len() != size.num_boxes() {
            return Err(PositionError::WrongLength("owners"));
        }
        let mut p = Position {
            misere: w.misere,
            to_move: w.to_move,
            ..Position::standard(size)
        };
        p.set_values(&w.values);
        let mut total_completed = 0u32;
        for (&line, &c) in w.lines.iter().zip(&w.completed) {
            let i = size.line_index(line).ok_or(PositionError::OffBoard(line))?;
            if p.drawn >> i & 1 == 1 {
                return Err(PositionError::Repeated(line));
            }
            p.drawn |= 1u128 << i;
            let adjacent = size.line_box_indices(i).iter().flatten().count();
            if usize::from(c) > adjacent {
                return Err(PositionError::Completions);
            }
            if c >= 1 {
                p.completed_one |= 1u128 << i;
            }
            if c == 2 {
                p.completed_two |= 1u128 << i;
            }
            total_completed += u32::from(c);
        }
        for (b, owner) in w.owners.iter().enumerate() {
            let closed = p.sides_idx(b) == 4;
            if closed != owner.is_some() {
                return Err(PositionError::Ownership(
                    size.box_at(b).unwrap_or(BoxCoord::new(0, 0)),
                ));
            }
            if let Some(o) = owner {
                p.owners[o.index()] |= 1u64 << b;
            }
        }
        // Each closed box was completed by one of its sides.
        let closed = (p.owners[0] | p.owners[1]).count_ones();
        if total_completed != closed {
            return Err(PositionError::Completions);
        }
        for i in 0..size.num_lines() {
            let c = (p.completed_one >> i & 1) + (p.completed_two >> i & 1);
            let closed_adjacent = size
                .line_box_indices(i)
                .iter()
                .flatten()
                .filter(|&&b| p.sides_idx(b) == 4)
                .count() as u128;
            if c > closed_adjacent {
                return Err(PositionError::Completions);
            }
        }
        if let Some(last) = w.last {
            let ok = p.is_drawn(last.line)
                && last.completed == p.completed_by(last.line)
                && last.extra_move == (last.completed > 0)
                && (last.extra_move == (last.player == p.to_move));
            if !ok {
                return Err(PositionError::LastMove);
            }
        } else if p.drawn != 0 {
            return Err(PositionError::LastMove);
        }
        p.last = w.last;
        Ok(p)
    }
}

impl Position {
    /// A position from its layout alone: drawn lines, box owners, the player
    /// to move, the values and the rule (the form a position string carries).
    /// The history is not known, so the last move is taken to be the drawn
    /// line with the highest index that its player can have drawn last (a
    /// line beside closed boxes of the player to move, who moves again, or
    /// beside no closed box, the turn then passed); it takes the closed
    /// boxes beside it, and every other closed box is credited to its side
    /// with the highest line index. Everything else is checked as for a
    /// loaded position, the last move too ([`PositionError::LastMove`]
    /// when no drawn line can have been the last).
    pub(crate) fn from_layout(
        size: BoardSize,
        values: Vec<u8>,
        misere: bool,
        to_move: Player,
        lines: &[Line],
        owners: Vec<Option<Player>>,
    ) -> Result<Position, PositionError> {
        let mut indices = Vec::with_capacity(lines.len());
        for &line in lines {
            let i = size.line_index(line).ok_or(PositionError::OffBoard(line))?;
            if indices.contains(&i) {
                return Err(PositionError::Repeated(line));
            }
            indices.push(i);
        }
        indices.sort_unstable();
        let drawn: u128 = indices.iter().fold(0, |m, &i| m | 1u128 << i);
        let closed_beside = |i: usize| -> Vec<usize> {
            size.line_box_indices(i)
                .into_iter()
                .flatten()
                .filter(|&b| {
                    size.box_line_indices(b)
                        .iter()
                        .all(|&s| drawn >> s & 1 == 1)
                })
                .collect()
        };
        // The last move: the highest-index drawn line its player can have
        // drawn last. A line beside closed boxes took them, so they must be
        // the player to move's (who moves again); a line beside none passed
        // the turn to the player to move. None such: the layout cannot
        // follow any move (e.g. a finished game whose player to move owns
        // none of the boxes beside any line).
        let last_line = indices.iter().rev().copied().find(|&i| {
            closed_beside(i)
                .iter()
                // (A closed box owned by nobody is refused below.)
                .all(|&b| owners.get(b).copied().flatten() != Some(to_move.other()))
        });
        if last_line.is_none() && !indices.is_empty() {
            return Err(PositionError::LastMove);
        }
        // The line that completed each closed box: the last line for the
        // boxes beside it, the box's highest-index side for the others.
        let mut completed = vec![0u8; size.num_lines()];
        let mut points = vec![0u32; size.num_lines()];
        let beside_last = last_line.map(closed_beside).unwrap_or_default();
        for (b, value) in values.iter().enumerate().take(size.num_boxes()) {
            let sides = size.box_line_indices(b);
            if sides.iter().all(|&i| drawn >> i & 1 == 1) {
                let by = match last_line {
                    Some(l) if beside_last.contains(&b) => Some(l),
                    _ => sides.iter().max().copied(),
                };
                if let Some(top) = by {
                    completed[top] += 1;
                    points[top] += u32::from(*value);
                }
            }
        }
        let last = last_line.and_then(|i| {
            let line = size.line_at(i)?;
            let c = completed[i];
            Some(MoveOutcome {
                line,
                player: if c > 0 { to_move } else { to_move.other() },
                completed: c,
                points: points[i],
                extra_move: c > 0,
            })
        });
        let wire = PositionWire {
            size,
            values,
            misere,
            to_move,
            lines: indices.iter().filter_map(|&i| size.line_at(i)).collect(),
            completed: indices.iter().map(|&i| completed[i]).collect(),
            owners,
            last,
        };
        // Checked as a loaded position is, the last move against its boxes too.
        Position::try_from(LoadedWire(wire))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_lines;

    fn pos(size: BoardSize, lines: &str) -> Position {
        Position::from_lines(size, &parse_lines(size, lines).unwrap()).unwrap()
    }

    #[test]
    fn a_line_that_closes_nothing_passes_the_turn() {
        // "A line that completes no box passes the turn."
        let p = pos(BoardSize::SMALL, "a1-b1");
        assert_eq!(p.to_move(), Player::Second);
        assert!(!p.last_move_gave_extra());
    }

    #[test]
    fn fourth_side_takes_the_box_and_gives_one_extra_move() {
        // "A line that is the 4th side of a box takes that box for the mover."
        // "Taking one or more boxes with a line gives exactly one extra move."
        let mut p = pos(BoardSize::SMALL, "a1-b1,a1-a2,b1-b2");
        assert_eq!(p.to_move(), Player::Second);
        let out = p.play(Line::horizontal(1, 0)).unwrap();
        assert_eq!(out.completed, 1);
        assert!(out.extra_move);
        assert_eq!(p.to_move(), Player::Second);
        assert_eq!(p.owner(BoxCoord::new(0, 0)), Some(Player::Second));
        assert_eq!(p.points(Player::Second), 1);
        assert_eq!(p.completed_by(Line::horizontal(1, 0)), 1);
    }

    #[test]
    fn a_line_closing_two_boxes_gives_one_extra_move() {
        // "a line that completes two boxes at once still gives one extra move."
        let s = BoardSize::new(1, 2).unwrap();
        let mut p = pos(s, "a1-b1,b1-c1,a2-b2,b2-c2,a1-a2,c1-c2");
        let mover = p.to_move();
        let out = p.play(Line::vertical(0, 1)).unwrap();
        assert_eq!(out.completed, 2);
        assert_eq!(out.points, 2);
        assert!(out.extra_move);
        assert!(p.is_over());
        assert_eq!(p.points(mover), 2);
        assert_eq!(p.completed_by(Line::vertical(0, 1)), 2);
        // "Winner: more points."
        assert_eq!(p.result(), Some(GameResult::Win(mover)));
    }

    #[test]
    fn typed_errors_and_nothing_changes() {
        let mut p = pos(BoardSize::SMALL, "a1-b1");
        let before = p.clone();
        assert_eq!(
            p.play(Line::horizontal(0, 0)),
            Err(PlayError::AlreadyDrawn(Line::horizontal(0, 0)))
        );
        assert_eq!(
            p.play(Line::horizontal(0, 3)),
            Err(PlayError::OffBoard(Line::horizontal(0, 3)))
        );
        // Messages name lines in dot notation, not as Rust values.
        assert_eq!(
            PlayError::OffBoard(Line::horizontal(0, 3)).to_string(),
            "line d1-e1 is off the board"
        );
        assert_eq!(p.play_index(24), Err(PlayError::BadIndex(24)));
        assert_eq!(p, before);
        let mut done = Position::standard(BoardSize::new(1, 1).unwrap());
        for l in done.legal_moves() {
            done.play(l).unwrap();
        }
        assert!(done.is_over());
        assert_eq!(done.play(Line::horizontal(0, 0)), Err(PlayError::GameOver));
    }

    #[test]
    fn decided_before_the_end() {
        // "The state must say as soon as the result is decided (e.g. 13 of 25
        // boxes on 5×5), even though play goes on until the last line."
        let mut p = Position::standard(BoardSize::LARGE);
        // First player takes boxes row by row; Second only draws when forced.
        let mut guard = 0;
        while p.boxes_owned(Player::First) < 13 && guard < 1000 {
            guard += 1;
            let caps = p.capturing_lines();
            let l = if let Some(&l) = caps.first() {
                l
            } else {
                p.legal_moves()[0]
            };
            p.play(l).unwrap();
            if p.boxes_owned(Player::First) + p.boxes_owned(Player::Second) > 0
                && p.decided().is_some()
            {
                break;
            }
        }
        let d = p.decided().unwrap();
        let (a, b) = (p.points(Player::First), p.points(Player::Second));
        assert!(a.max(b) >= 13, "{a} {b}");
        assert!(!p.is_over());
        assert_eq!(p.result(), None);
        let leader = if a > b { Player::First } else { Player::Second };
        assert_eq!(d, GameResult::Win(leader));
        let misere = p.clone().with_misere(true);
        assert_eq!(misere.decided(), Some(GameResult::Win(leader.other())));
    }

    #[test]
    fn equal_points_is_a_draw() {
        // "4×4 can (8–8)": a draw once everything is drawn with equal points.
        // On 1×2: Second declines box a1, First takes it and must open b1.
        let s = BoardSize::new(1, 2).unwrap();
        let p = pos(s, "a1-b1,a2-b2,a1-a2,b1-c1,b1-b2,b2-c2,c1-c2");
        assert_eq!(p.owner(BoxCoord::new(0, 0)), Some(Player::First));
        assert_eq!(p.owner(BoxCoord::new(0, 1)), Some(Player::Second));
        assert_eq!(p.result(), Some(GameResult::Draw));
        let q = pos(s, "a1-b1,a2-b2,a1-a2,b1-c1,b1-b2,b2-c2");
        assert_eq!(q.decided(), None);
    }

    #[test]
    fn safe_capturing_and_third_side_lines() {
        let p = pos(BoardSize::SMALL, "a1-b1,a1-a2");
        // b1-b2 and a2-b2 give box a1 its 3rd side.
        let third = p.third_side_lines();
        assert!(third.contains(&Line::vertical(0, 1)));
        assert!(third.contains(&Line::horizontal(1, 0)));
        assert_eq!(third.len(), 2);
        assert_eq!(p.safe_lines().len(), 24 - 2 - 2);
        assert!(p.capturing_lines().is_empty());
        let q = pos(BoardSize::SMALL, "a1-b1,a1-a2,b1-b2");
        assert_eq!(q.capturing_lines(), vec![Line::horizontal(1, 0)]);
        assert_eq!(q.sides(BoxCoord::new(0, 0)), 3);
        assert_eq!(q.side_counts()[1], 1);
    }

    #[test]
    fn misere_more_points_loses() {
        // "Misère: whoever has more points loses."
        let s = BoardSize::new(1, 1).unwrap();
        let mut p = Position::new(s, &Variant::misere(), Player::First).unwrap();
        for l in p.legal_moves() {
            p.play(l).unwrap();
        }
        // The 4th line was drawn by First (lines alternate: F S F S -> 4th by S).
        let owner = p.owner(BoxCoord::new(0, 0)).unwrap();
        assert_eq!(p.result(), Some(GameResult::Win(owner.other())));
    }

    #[test]
    fn valued_boxes_score_points() {
        let s = BoardSize::new(1, 2).unwrap();
        let v = Variant {
            misere: false,
            values: ValueLayout::Explicit(vec![3, 1]),
        };
        let mut p = Position::new(s, &v, Player::Second).unwrap();
        assert_eq!(p.to_move(), Player::Second);
        for l in parse_lines(s, "a1-b1,a2-b2,a1-a2,b1-b2").unwrap() {
            p.play(l).unwrap();
        }
        let owner = p.owner(BoxCoord::new(0, 0)).unwrap();
        assert_eq!(p.points(owner), 3);
        assert_eq!(p.remaining_points(), 1);
        // 3 > 0 + 1: decided already.
        assert_eq!(p.decided(), Some(GameResult::Win(owner)));
    }

    #[test]
    fn serde_round_trip_and_rejects_inconsistent_data() {
        let p = pos(BoardSize::SMALL, "a1-b1,a1-a2,b1-b2,a2-b2,c3-c4");
        let json = serde_json::to_string(&p).unwrap();
        let back: Position = serde_json::from_str(&json).unwrap();
        assert_eq!(back, p);
        let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
        // A box owned but not closed.
        v["owners"][4] = serde_json::json!("First");
        assert!(serde_json::from_value::<Position>(v.clone()).is_err());
        // Closed but not owned.
        let mut w: serde_json::Value = serde_json::from_str(&json).unwrap();
        w["owners"][0] = serde_json::Value::Null;
        assert!(serde_json::from_value::<Position>(w).is_err());
        // Wrong size.
        let mut x: serde_json::Value = serde_json::from_str(&json).unwrap();
        x["size"]["rows"] = serde_json::json!(9);
        assert!(serde_json::from_value::<Position>(x).is_err());
        // Repeated lines.
        let mut y: serde_json::Value = serde_json::from_str(&json).unwrap();
        let first = y["lines"][0].clone();
        y["lines"][1] = first;
        assert!(serde_json::from_value::<Position>(y).is_err());
        // Too many lines.
        let mut z: serde_json::Value = serde_json::from_str(&json).unwrap();
        let many: Vec<serde_json::Value> = (0..30).map(|_| z["lines"][0].clone()).collect();
        z["lines"] = serde_json::Value::Array(many);
        assert!(serde_json::from_value::<Position>(z).is_err());
    }

    #[test]
    fn a_loaded_last_move_agrees_with_the_boxes_it_closed() {
        // "loading untrusted data that is inconsistent ... is an error": on a
        // 1x1 board the last of the four lines closes the box, so the box is
        // its player's and its points are the box's value.
        let p = pos(BoardSize::new(1, 1).unwrap(), "a1-b1,a1-a2,b1-b2,a2-b2");
        let last = p.last_move().unwrap();
        assert_eq!((last.completed, last.points), (1, 1));
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), p);
        let load = |edit: &dyn Fn(&mut serde_json::Value)| {
            let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
            edit(&mut v);
            serde_json::from_value::<Position>(v)
        };
        let other = serde_json::to_value(last.player.other()).unwrap();
        // The box given to the other player (the score would say so).
        let o = other.clone();
        assert!(load(&|v| v["owners"][0] = o.clone()).is_err());
        // The last move worth 99 points.
        assert!(load(&|v| v["last"]["points"] = serde_json::json!(99)).is_err());
        // The last move said to be the other player's (and the turn with it).
        let o = other.clone();
        assert!(load(&|v| {
            v["last"]["player"] = o.clone();
            v["to_move"] = o.clone();
        })
        .is_err());
        // Unchanged, it loads.
        assert!(load(&|_| {}).is_ok());
    }
}
