//! The state of a game and the rules of a move.

use games_common::{SaveFormat, VersionError};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::{cells_of, Board, Cell, Line};
use crate::deal::{head_colour, head_of, ArrivalDraw, Head, HEAD};
use crate::rules::{Rules, RulesError, MAX_ARRIVALS, MAX_SIZE};

/// A move: the marble on `from` travels to the free cell `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Move {
    /// The cell of the marble that moves.
    pub from: Cell,
    /// The free cell it travels to.
    pub to: Cell,
}

impl Move {
    /// The move from `from` to `to`.
    #[must_use]
    pub const fn new(from: Cell, to: Cell) -> Move {
        Move { from, to }
    }
}

/// Why a move is illegal. An illegal move changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error, Serialize, Deserialize)]
#[non_exhaustive]
pub enum MoveError {
    /// The game is over: the board filled up (when the last marbles due
    /// did not all fit, lines they formed may have left free cells).
    #[error("the game is over")]
    GameOver,
    /// A cell of the move is off the board.
    #[error("cell number {} (from 0, row by row) is off the board", .0.0)]
    OffBoard(Cell),
    /// No marble on the source cell.
    #[error("there is no marble on the source cell")]
    EmptySource(Cell),
    /// The target cell holds a marble.
    #[error("the target cell is taken")]
    TargetTaken(Cell),
    /// The marble cannot reach the target through free cells.
    #[error("the marble cannot reach the target")]
    Unreachable {
        /// The marble's cell.
        from: Cell,
        /// The unreachable target.
        to: Cell,
    },
}

/// A marble that arrived on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Arrival {
    /// Where it landed.
    pub cell: Cell,
    /// Its colour.
    pub colour: u8,
    /// Its number `k` in the deal.
    pub index: u64,
}

/// What one move did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MoveOutcome {
    /// The lines through the moved marble that left the board.
    pub lines: Vec<Line>,
    /// The marbles that arrived after the move (none when it removed a line,
    /// unless that emptied the board), in order of arrival.
    pub arrivals: Vec<Arrival>,
    /// The lines formed by arriving marbles that left the board.
    pub arrival_lines: Vec<Line>,
    /// Points the move scored (its lines and the arrivals' lines).
    pub points: u64,
    /// Whether the game is over after the move.
    pub game_over: bool,
}

/// Data that cannot be a state of a game (from an untrusted save).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum StateError {
    /// The rules cannot be played.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The board text is not a board of these rules.
    #[error(transparent)]
    Notation(#[from] crate::notation::NotationError),
    /// The counters do not agree with each other or with the board.
    #[error("inconsistent state: {0}")]
    Inconsistent(&'static str),
    /// An unknown save format version.
    #[error("unsupported save version {0}")]
    Version(u32),
    /// Not the JSON of a save.
    #[error("not a save: {0}")]
    Json(String),
    /// A finished game on a board with free cells that its last lines
    /// could not have freed. "The game ends when no cell is free (if fewer
    /// cells are free than marbles due, the free cells are filled and the
    /// game ends)": the cells of a finished game are all taken, but for
    /// the lines those last marbles formed, which left the board, each of
    /// at least the rules' minimum line of marbles.
    #[error(
        "the game is over with {free} free cells: a game ends on a full board, \
         from which its last lines free {min_line} cells or more"
    )]
    OverWithFreeCells {
        /// The free cells of the board.
        free: u32,
        /// The rules' minimum line.
        min_line: u8,
    },
}

/// The state of a game: the board, the deal and how far it has been dealt,
/// the score and the counters. A plain value: `Clone`, `Eq`, `Hash`, serde.
///
/// It serializes (as JSON, through serde) with a `version` field; loading
/// checks that the counters agree with the board and the score, and that a
/// game said to be over could have ended on its board (full, or with the
/// free cells its last lines freed: see [`StateError::OverWithFreeCells`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "SavedState", into = "SavedState")]
pub struct State {
    rules: Rules,
    deal: u64,
    board: Board,
    next_marble: u64,
    next: [u8; MAX_ARRIVALS as usize],
    /// The first words of the streams of the marbles of the "next" bar
    /// (a cache: a function of the deal and `next_marble`).
    heads: [Head; MAX_ARRIVALS as usize],
    score: u64,
    moves: u64,
    line_counts: [u64; MAX_SIZE as usize + 1],
    landed: u64,
    removed: u64,
    over: bool,
    /// The score written in the position string this state was read from
    /// (`None` for a game played from its deal): points of lines the state
    /// has no record of, and a history before it that is unknown.
    carried: Option<u64>,
}

impl State {
    /// A new game of `deal` under `rules`: the starting marbles are placed
    /// (and any line they form is removed and scored).
    pub fn new(rules: Rules, deal: u64) -> Result<State, RulesError> {
        rules.validate()?;
        Ok(State::fresh(rules, deal))
    }

    /// A new game under rules already validated.
    pub(crate) fn fresh(rules: Rules, deal: u64) -> State {
        let mut s = State {
            rules,
            deal,
            board: Board::empty(rules.size),
            next_marble: 0,
            next: [0; MAX_ARRIVALS as usize],
            heads: [[0; HEAD]; MAX_ARRIVALS as usize],
            score: 0,
            moves: 0,
            line_counts: [0; MAX_SIZE as usize + 1],
            landed: 0,
            removed: 0,
            over: false,
            carried: None,
        };
        s.refresh_next(None);
        s.arrive(u32::from(rules.start), None);
        s
    }

    /// The rules of the game.
    #[must_use]
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The deal.
    #[must_use]
    pub const fn deal(&self) -> u64 {
        self.deal
    }

    /// The board.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The colours of the "next" bar: the marbles that arrive after a move
    /// that removes nothing, in order of arrival.
    #[must_use]
    pub fn next_colours(&self) -> &[u8] {
        &self.next[..usize::from(self.rules.arrivals)]
    }

    /// Where the marbles of the "next" bar would land if the board stayed
    /// as it is, in order of arrival: each on the first free cell of its
    /// preferred order, after the marbles before it have landed (so the
    /// cells differ). Fewer than the bar's marbles when fewer cells are
    /// free; none when the game is over.
    ///
    /// These are the cells the Lines 98 rule shows ([`State::shown_landings`]).
    /// A move changes the board, so they are where the marbles land only if
    /// the move leaves those cells alone: a move onto one of them sends that
    /// marble on to the next free cell of its order, and a cell the move
    /// frees (its source) takes the marble if it comes first in its order.
    #[must_use]
    pub fn landings(&self) -> Vec<Cell> {
        let mut out = Vec::new();
        if self.over {
            return out;
        }
        let mut board = self.board;
        let n = usize::from(self.rules.arrivals).min(self.heads.len());
        for (i, head) in self.heads.iter().take(n).enumerate() {
            let k = self.next_marble + i as u64;
            let draw = ArrivalDraw::from_head(*head, self.deal, k, self.rules.colours);
            let colour = draw.colour();
            let Some(cell) = draw.landing(&board) else {
                break;
            };
            board.set(cell, colour);
            out.push(cell);
        }
        out
    }

    /// The landing cells a player is shown: [`State::landings`] under the
    /// Lines 98 rule ([`Rules::landings_shown`]), none under the 1992 rule.
    #[must_use]
    pub fn shown_landings(&self) -> Vec<Cell> {
        if self.rules.landings_shown {
            self.landings()
        } else {
            Vec::new()
        }
    }

    /// The number `k` of the next marble due.
    #[must_use]
    pub const fn next_marble(&self) -> u64 {
        self.next_marble
    }

    /// Points so far.
    #[must_use]
    pub const fn score(&self) -> u64 {
        self.score
    }

    /// Moves played so far.
    #[must_use]
    pub const fn moves(&self) -> u64 {
        self.moves
    }

    /// Lines removed so far by length: `(length, count)` for every length
    /// with a non-zero count, shortest first.
    #[must_use]
    pub fn lines_by_length(&self) -> Vec<(u8, u64)> {
        (0..=MAX_SIZE)
            .filter_map(|len| {
                let n = self.line_counts[usize::from(len)];
                (n > 0).then_some((len, n))
            })
            .collect()
    }

    /// Marbles that have landed on the board so far (starting marbles
    /// included).
    #[must_use]
    pub const fn landed(&self) -> u64 {
        self.landed
    }

    /// Marbles removed in lines so far.
    #[must_use]
    pub const fn removed(&self) -> u64 {
        self.removed
    }

    /// Whether the game is over: no cell is free (or the last marbles due
    /// did not all fit; lines they formed still left the board).
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.over
    }

    /// Every free cell the marble on `from` can reach (empty when there is
    /// no marble on `from`, or when the game is over: no marble moves any
    /// more).
    #[must_use]
    pub fn reachable(&self, from: Cell) -> Vec<Cell> {
        if self.over {
            return Vec::new();
        }
        self.board.reachable(from)
    }

    /// A shortest path for the marble on `from` to `to`, both ends included
    /// (for the animation); an error saying why when the move is illegal.
    pub fn path(&self, from: Cell, to: Cell) -> Result<Vec<Cell>, MoveError> {
        self.check(Move { from, to })?;
        self.board
            .path(from, to)
            .ok_or(MoveError::Unreachable { from, to })
    }

    /// Every legal move, by source then target index.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.over {
            return Vec::new();
        }
        let mut out = Vec::new();
        for from in cells_of(self.board.occupied_mask()) {
            for to in cells_of(self.board.reachable_mask(from)) {
                out.push(Move { from, to });
            }
        }
        out
    }

    /// A random legal move (`None` when there is none): a marble drawn
    /// uniformly among those that can move, then a cell drawn uniformly
    /// among those it can reach. For benchmarks, tests and a random player.
    pub fn random_move(&self, rng: &mut games_common::GameRng) -> Option<Move> {
        if self.over {
            return None;
        }
        let g = crate::board::Geometry::of(self.rules.size);
        let free = self.board.free_mask();
        let movable = self.board.occupied_mask() & g.neighbours(free);
        let from = nth_bit(movable, rng.below(u64::from(movable.count_ones())))?;
        let reach = self.board.reachable_mask(from);
        let to = nth_bit(reach, rng.below(u64::from(reach.count_ones())))?;
        Some(Move { from, to })
    }

    /// Whether `mv` is legal now; the error says why not.
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        check_move(&self.board, mv)?;
        if self.over {
            return Err(MoveError::GameOver);
        }
        Ok(())
    }

    /// Play `mv`: the marble travels, lines through it leave the board and
    /// score; a move that removes nothing brings the marbles of the "next"
    /// bar. An illegal move is an error and changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<MoveOutcome, MoveError> {
        let mut out = MoveOutcome::default();
        self.play_inner(mv, Some(&mut out))?;
        out.game_over = self.over;
        Ok(out)
    }

    /// As [`State::play`] without the report (faster): the points scored.
    pub fn play_quiet(&mut self, mv: Move) -> Result<u64, MoveError> {
        self.play_inner(mv, None)
    }

    fn play_inner(
        &mut self,
        mv: Move,
        mut out: Option<&mut MoveOutcome>,
    ) -> Result<u64, MoveError> {
        if self.over {
            return Err(MoveError::GameOver);
        }
        let colour = check_move(&self.board, mv)?;
        self.board.clear(mv.from);
        self.board.set(mv.to, colour);
        self.moves += 1;
        let mut lines = Vec::new();
        self.board
            .lines_through_into(mv.to, self.rules.min_line, &mut lines);
        let mut points = 0;
        if lines.is_empty() {
            points += self.arrive(u32::from(self.rules.arrivals), out.as_deref_mut());
        } else {
            points += self.remove_lines(&lines);
            if let Some(o) = out.as_deref_mut() {
                o.lines = lines;
            }
            // "If a removal leaves the board empty, the next marbles arrive at once."
            if self.board.is_empty() {
                points += self.arrive(u32::from(self.rules.arrivals), out.as_deref_mut());
            }
        }
        if let Some(o) = out {
            o.points = points;
        }
        Ok(points)
    }

    /// Remove `lines` (a marble in two lines leaves once, counts in both)
    /// and score them.
    fn remove_lines(&mut self, lines: &[Line]) -> u64 {
        let mut mask = 0u128;
        let mut points = 0u64;
        for line in lines {
            mask |= line.mask();
            points += u64::from(self.rules.line_points(line.len));
            if let Some(n) = self.line_counts.get_mut(usize::from(line.len)) {
                *n += 1;
            }
        }
        for cell in cells_of(mask) {
            self.board.clear(cell);
        }
        self.removed += u64::from(mask.count_ones());
        self.score = self.score.saturating_add(points);
        points
    }

    /// `count` marbles arrive; their lines are removed and scored; an empty
    /// board brings the next marbles at once; a full board ends the game.
    fn arrive(&mut self, count: u32, mut out: Option<&mut MoveOutcome>) -> u64 {
        let mut points = 0;
        let mut count = count;
        let base = self.next_marble;
        let cached = u64::from(self.rules.arrivals);
        // Each round deals new marbles; a degenerate rule set whose every
        // round empties the board again is stopped (and the game ends).
        for _round in 0..MAX_EMPTY_ROUNDS {
            let free = self.board.free_count();
            let mut arrived = 0u128;
            for _ in 0..count {
                let k = self.next_marble;
                let draw = match self.heads.get((k - base) as usize) {
                    Some(head) if k - base < cached => {
                        ArrivalDraw::from_head(*head, self.deal, k, self.rules.colours)
                    }
                    _ => ArrivalDraw::new(self.deal, k, self.rules.colours),
                };
                let colour = draw.colour();
                let landing = draw.landing(&self.board);
                let index = self.next_marble;
                self.next_marble += 1;
                if let Some(cell) = landing {
                    self.board.set(cell, colour);
                    self.landed += 1;
                    arrived |= 1u128 << cell.0;
                    if let Some(o) = out.as_deref_mut() {
                        o.arrivals.push(Arrival {
                            cell,
                            colour,
                            index,
                        });
                    }
                }
            }
            // "if fewer cells are free than marbles due, the free cells are
            // filled and the game ends": the game ends after this round even
            // if the marbles that filled the board form a line (the line
            // still leaves the board and scores, so that no line ever stays
            // on the board).
            let short = free < count;
            // "If marbles that arrive form lines by themselves, those lines leave
            // the board and score too (same formula, lines through any arriving
            // marble, after all arrivals are placed)."
            let mut lines = Vec::new();
            let mut m = arrived;
            while m != 0 {
                let cell = Cell(m.trailing_zeros() as u8);
                m &= m - 1;
                self.board
                    .lines_through_into(cell, self.rules.min_line, &mut lines);
            }
            if !lines.is_empty() {
                points += self.remove_lines(&lines);
                if let Some(o) = out.as_deref_mut() {
                    o.arrival_lines.extend(lines);
                }
            }
            if short || self.board.is_full() {
                self.over = true;
                break;
            }
            if !self.board.is_empty() {
                break;
            }
            // "If a removal leaves the board empty, the next marbles arrive at once."
            count = u32::from(self.rules.arrivals);
        }
        if self.board.is_empty() {
            self.over = true;
        }
        self.refresh_next(Some(base));
        points
    }

    /// Recompute the "next" bar for `next_marble`; `old_base` is the
    /// `next_marble` of the kept heads, if they are valid.
    fn refresh_next(&mut self, old_base: Option<u64>) {
        let n = usize::from(self.rules.arrivals).min(self.heads.len());
        // Heads still in the bar move to the front; the others are computed.
        let shift = old_base
            .and_then(|b| self.next_marble.checked_sub(b))
            .map_or(n, |d| usize::try_from(d).unwrap_or(n).min(n));
        let kept = n - shift;
        self.heads.copy_within(shift..n, 0);
        for i in 0..n {
            let k = self.next_marble + i as u64;
            if i >= kept {
                self.heads[i] = head_of(self.deal, k);
            }
            self.next[i] = head_colour(&self.heads[i], self.deal, k, self.rules.colours);
        }
    }

    /// Set the score of a state read from a position string: the points
    /// are carried in, without the lines that scored them.
    pub(crate) fn set_score(&mut self, score: u64) {
        self.score = score;
        self.carried = Some(score);
    }

    /// What the AI may see: the board, the "next" bar and (under the Lines
    /// 98 rule) the shown landing cells, not the deal.
    #[must_use]
    pub fn view(&self) -> crate::ai::View {
        crate::ai::View::from_state_parts(
            self.rules,
            self.board,
            self.next_colours(),
            self.shown_landings(),
        )
    }
}

/// The cell of the `k`-th set bit of `mask` (`None` past the last).
fn nth_bit(mask: u128, k: u64) -> Option<Cell> {
    // Skip the low half when the bit is in the high one, then clear the
    // lower bits of a 64-bit word.
    let low = mask as u64;
    let below = u64::from(low.count_ones());
    let (mut word, base, k) = if k < below {
        (low, 0, k)
    } else {
        ((mask >> 64) as u64, 64, k - below)
    };
    for _ in 0..k {
        if word == 0 {
            return None;
        }
        word &= word - 1;
    }
    (word != 0).then(|| Cell((base + word.trailing_zeros()) as u8))
}

/// Check `mv` on `board`; the colour of the moving marble when legal.
pub(crate) fn check_move(board: &Board, mv: Move) -> Result<u8, MoveError> {
    for cell in [mv.from, mv.to] {
        if !board.contains(cell) {
            return Err(MoveError::OffBoard(cell));
        }
    }
    let colour = board
        .colour(mv.from)
        .ok_or(MoveError::EmptySource(mv.from))?;
    if !board.is_free(mv.to) {
        return Err(MoveError::TargetTaken(mv.to));
    }
    if !board.can_reach(mv.from, mv.to) {
        return Err(MoveError::Unreachable {
            from: mv.from,
            to: mv.to,
        });
    }
    Ok(colour)
}

/// Rounds of arrivals onto an emptied board before a degenerate game is ended.
const MAX_EMPTY_ROUNDS: u32 = 1000;

/// Most marbles a loaded state may have dealt (far beyond any real game).
pub const MAX_DEALT: u64 = 1 << 48;

/// Format version of saved states (a [`crate::Game`]'s save has its own
/// format, [`crate::GAME_SAVE`], and so do [`crate::Records`]).
pub const SAVE_VERSION: u32 = 1;

/// The format of a saved [`State`] (also nested in a game's save): version
/// 1, unnamed; its version is checked by the one check of `games-common`.
pub(crate) const STATE_SAVE: SaveFormat = SaveFormat::new("games.canicas.state", SAVE_VERSION, 1);

impl From<VersionError> for StateError {
    fn from(e: VersionError) -> StateError {
        match e {
            VersionError::Unsupported { version, .. } => StateError::Version(version),
            other => StateError::Json(other.to_string()),
        }
    }
}

/// The serialized form of a [`State`].
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedState {
    version: u32,
    rules: Rules,
    deal: u64,
    board: String,
    next_marble: u64,
    score: u64,
    moves: u64,
    lines_by_length: Vec<(u8, u64)>,
    landed: u64,
    removed: u64,
    over: bool,
    /// Written only for a state read from a position string (the points it
    /// carried in); saves without it read as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    carried: Option<u64>,
}

impl From<State> for SavedState {
    fn from(s: State) -> SavedState {
        SavedState {
            version: SAVE_VERSION,
            rules: s.rules,
            deal: s.deal,
            board: s.board.to_text(),
            next_marble: s.next_marble,
            score: s.score,
            moves: s.moves,
            lines_by_length: s.lines_by_length(),
            landed: s.landed,
            removed: s.removed,
            over: s.over,
            carried: s.carried,
        }
    }
}

impl TryFrom<SavedState> for State {
    type Error = StateError;
    fn try_from(v: SavedState) -> Result<State, StateError> {
        use StateError::Inconsistent;
        STATE_SAVE.check(None, v.version)?;
        v.rules.validate()?;
        let board = crate::notation::board_from_text_for(&v.board, &v.rules)?;
        let mut line_counts = [0u64; MAX_SIZE as usize + 1];
        // A state read from a position string starts from the points it
        // carried in; its lines are the ones played since.
        let mut score = v.carried.unwrap_or(0);
        let mut line_marbles = 0u64;
        let mut lines = 0u64;
        for &(len, n) in &v.lines_by_length {
            if len < v.rules.min_line || len > v.rules.size {
                return Err(Inconsistent("a line length outside min_line..=size"));
            }
            let slot = &mut line_counts[usize::from(len)];
            if *slot != 0 || n == 0 {
                return Err(Inconsistent(
                    "lines_by_length repeats a length or has a zero",
                ));
            }
            *slot = n;
            score = n
                .checked_mul(u64::from(v.rules.line_points(len)))
                .and_then(|p| score.checked_add(p))
                .ok_or(Inconsistent("line counts overflow"))?;
            line_marbles = n
                .checked_mul(u64::from(len))
                .and_then(|p| line_marbles.checked_add(p))
                .ok_or(Inconsistent("line counts overflow"))?;
            lines = lines
                .checked_add(n)
                .ok_or(Inconsistent("line counts overflow"))?;
        }
        if score != v.score {
            return Err(Inconsistent("the score is not the points of the lines"));
        }
        if v.removed > line_marbles {
            return Err(Inconsistent("more marbles removed than the lines hold"));
        }
        if v.landed.checked_sub(v.removed) != Some(u64::from(board.marble_count())) {
            return Err(Inconsistent("marbles on board != landed - removed"));
        }
        if v.next_marble > MAX_DEALT {
            return Err(Inconsistent("more marbles dealt than any game can deal"));
        }
        if v.landed > v.next_marble || v.next_marble < u64::from(v.rules.start) {
            return Err(Inconsistent("more marbles landed than were dealt"));
        }
        // Every move deals marbles (one or more arrivals) or removes a line.
        if v.moves > v.next_marble.saturating_add(lines) {
            return Err(Inconsistent(
                "more moves than marbles dealt and lines removed",
            ));
        }
        check_at_rest(&board, &v.rules, v.over)?;
        // The cells a finished game left free were freed by its last lines:
        // as many marbles removed (at least a line's worth on an empty board,
        // which only a degenerate rule set ends on).
        let freed = if board.is_empty() {
            u64::from(v.rules.min_line)
        } else {
            u64::from(board.free_count())
        };
        // A state read from a position string has no record of the lines
        // before it: the count of free cells ([`check_end`], run by
        // `check_at_rest`) is all that can be checked.
        if v.over && v.carried.is_none() && v.removed < freed {
            return Err(Inconsistent(
                "a game over with free cells that its lines did not free (too few marbles removed)",
            ));
        }
        let mut s = State {
            rules: v.rules,
            deal: v.deal,
            board,
            next_marble: v.next_marble,
            next: [0; MAX_ARRIVALS as usize],
            heads: [[0; HEAD]; MAX_ARRIVALS as usize],
            score: v.score,
            moves: v.moves,
            line_counts,
            landed: v.landed,
            removed: v.removed,
            over: v.over,
            carried: v.carried,
        };
        s.refresh_next(None);
        Ok(s)
    }
}

/// Whether `board` can be a board between two moves of a game under
/// `rules`: no line of `min_line` or more stays on it ("every line … leaves
/// the board"). A full board is the end of a game. (An empty board, which a
/// game never rests on either, is let through: a bare board to start a
/// puzzle from, with nothing on it to get wrong.)
///
/// # Errors
/// [`StateError::Inconsistent`] when a line stays on the board.
pub fn check_board_at_rest(board: &Board, rules: &Rules) -> Result<(), StateError> {
    check_no_line(board, rules)
}

/// Whether a game can have ended on `board` under `rules`: "The game ends
/// when no cell is free (if fewer cells are free than marbles due, the free
/// cells are filled and the game ends)". The last marbles fill the board;
/// the lines they form still leave it, and each frees at least
/// `rules.min_line` cells. So a finished board is full or has at least a
/// minimum line of free cells. (An empty board, which only a degenerate
/// rule set ends on, has all its cells free.)
///
/// # Errors
/// [`StateError::OverWithFreeCells`] when it has some free cells, but
/// fewer than a line.
pub(crate) fn check_end(board: &Board, rules: &Rules) -> Result<(), StateError> {
    let free = board.free_count();
    if free > 0 && free < u32::from(rules.min_line) {
        return Err(StateError::OverWithFreeCells {
            free,
            min_line: rules.min_line,
        });
    }
    Ok(())
}

/// What every position between moves satisfies: a full board has ended
/// the game, a finished board with free cells had them freed by its last
/// lines ([`check_end`]), no line stays on the board ("every line … leaves
/// the board"), and a game on has marbles ("If a removal leaves the board
/// empty, the next marbles arrive at once").
fn check_at_rest(board: &Board, rules: &Rules, over: bool) -> Result<(), StateError> {
    if board.is_full() && !over {
        return Err(StateError::Inconsistent(
            "no cell is free but the game is not over",
        ));
    }
    if over {
        check_end(board, rules)?;
    }
    if board.is_empty() && !over {
        return Err(StateError::Inconsistent(
            "an empty board in a game not over (the next marbles arrive at once)",
        ));
    }
    check_no_line(board, rules)
}

/// No line of `rules.min_line` or more on `board`.
fn check_no_line(board: &Board, rules: &Rules) -> Result<(), StateError> {
    let mut lines = Vec::new();
    for cell in cells_of(board.occupied_mask()) {
        board.lines_through_into(cell, rules.min_line, &mut lines);
        if !lines.is_empty() {
            return Err(StateError::Inconsistent(
                "a line stays on the board (every line leaves at once)",
            ));
        }
    }
    Ok(())
}

impl State {
    /// The state as JSON (with a `version` field).
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(&SavedState::from(self.clone())).unwrap_or_default()
    }

    /// A state from JSON written by [`State::to_json`]; untrusted data is
    /// checked and rejected with a typed error.
    pub fn from_json(json: &str) -> Result<State, StateError> {
        let saved: SavedState =
            serde_json::from_str(json).map_err(|e| StateError::Json(e.to_string()))?;
        State::try_from(saved)
    }

    /// A state built from its parts, for tests and tools (e.g. a position
    /// typed as a text board): `board` with `deal` dealt from marble
    /// `next_marble` on. Score and counters start at zero; `landed` counts
    /// the marbles on the board. The game is over when the board is full.
    ///
    /// # Errors
    /// [`StateError`] when the parts cannot be a game between two moves:
    /// among others, a `next_marble` below the marbles on the board or the
    /// rules' starting marbles (every marble on the board was dealt before
    /// it).
    pub fn from_board(
        rules: Rules,
        deal: u64,
        board: Board,
        next_marble: u64,
    ) -> Result<State, StateError> {
        State::from_board_ended(rules, deal, board, next_marble, board.is_full())
    }

    /// As [`State::from_board`], over when `over` (a full board is over
    /// either way); a board that is not full can be over only with the free
    /// cells its last lines freed ([`check_end`]).
    pub(crate) fn from_board_ended(
        rules: Rules,
        deal: u64,
        board: Board,
        next_marble: u64,
        over: bool,
    ) -> Result<State, StateError> {
        let over = over || board.is_full();
        rules.validate()?;
        if board.size() != rules.size {
            return Err(StateError::Notation(
                crate::notation::NotationError::BoardSize {
                    found: board.size(),
                    expected: rules.size,
                },
            ));
        }
        if board.colours().iter().any(|&c| c > rules.colours) {
            return Err(StateError::Inconsistent(
                "a colour above the rules' colours",
            ));
        }
        if next_marble > MAX_DEALT {
            return Err(StateError::Inconsistent(
                "more marbles dealt than any game can deal",
            ));
        }
        check_at_rest(&board, &rules, over)?;
        // Every marble on the board was dealt: the next marble's number is
        // at least their count (and past the starting marbles).
        if next_marble < u64::from(board.marble_count()).max(u64::from(rules.start)) {
            return Err(StateError::Inconsistent(
                "more marbles on the board than were dealt before the next one",
            ));
        }
        let mut s = State {
            rules,
            deal,
            board,
            next_marble,
            next: [0; MAX_ARRIVALS as usize],
            heads: [[0; HEAD]; MAX_ARRIVALS as usize],
            score: 0,
            moves: 0,
            line_counts: [0; MAX_SIZE as usize + 1],
            landed: u64::from(board.marble_count()),
            removed: 0,
            over,
            carried: None,
        };
        s.refresh_next(None);
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::nth_bit;

    #[test]
    fn nth_bit_counts_set_bits_across_both_halves() {
        let mask: u128 = (1 << 3) | (1 << 63) | (1 << 64) | (1 << 100);
        let cells: Vec<Option<u8>> = (0..6).map(|k| nth_bit(mask, k).map(|c| c.0)).collect();
        assert_eq!(cells, [Some(3), Some(63), Some(64), Some(100), None, None]);
        assert_eq!(nth_bit(0, 0), None);
        assert_eq!(nth_bit(1 << 120, 0).map(|c| c.0), Some(120));
    }
}
