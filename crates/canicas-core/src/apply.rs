//! One move on a bare board, without a deal: for tools and the command line.

use crate::board::{Board, Line};
use crate::notation::{board_from_text_for, cell_name, parse_move, NotationError};
use crate::rules::Rules;
use crate::state::{check_board_at_rest, check_move, Move, MoveError, StateError};

/// What one move does to a board whose next marbles are not known.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ApplyOutcome {
    /// Whether the move is legal.
    pub legal: bool,
    /// Why it is not (`None` when legal): a code (`off-board`, `empty-source`,
    /// `target-taken`, `unreachable`, `bad-move`), a colon and details.
    pub error: Option<String>,
    /// The typed reason when the move is illegal (`None` when it is legal,
    /// and from [`apply_text`] for a move text that does not read or names a
    /// cell off the board: the text is in `error`).
    pub reason: Option<MoveError>,
    /// Points scored by the lines the move formed.
    pub points: u64,
    /// The lines that left the board.
    pub lines: Vec<Line>,
    /// The board after the move and its removals (unchanged when illegal).
    pub board: Board,
    /// Whether the move brings new marbles (it removed nothing, or its
    /// removal emptied the board): the board is left as the move left it.
    pub arrivals_needed: bool,
}

impl MoveError {
    /// A short stable code: `game-over`, `off-board`, `empty-source`,
    /// `target-taken` or `unreachable`.
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            MoveError::GameOver => "game-over",
            MoveError::OffBoard(_) => "off-board",
            MoveError::EmptySource(_) => "empty-source",
            MoveError::TargetTaken(_) => "target-taken",
            MoveError::Unreachable { .. } => "unreachable",
        }
    }

    /// The code and the cells concerned, e.g. `unreachable: e5 cannot reach a1`.
    #[must_use]
    pub fn describe(&self, size: u8) -> String {
        let n = |c| cell_name(c, size);
        match *self {
            MoveError::GameOver => "game-over: the board filled up; the game is over".to_string(),
            MoveError::OffBoard(c) => format!("off-board: cell {} is off the board", c.0),
            MoveError::EmptySource(c) => format!("empty-source: no marble on {}", n(c)),
            MoveError::TargetTaken(c) => format!("target-taken: {} holds a marble", n(c)),
            MoveError::Unreachable { from, to } => {
                format!("unreachable: {} cannot reach {}", n(from), n(to))
            }
        }
    }
}

/// Apply `mv` to `board` under `rules` without a deal: an illegal move
/// (off the board, empty source, taken target, unreachable target) is
/// answered with `legal: false` and the board unchanged; a move that forms
/// lines removes and scores them; a move that forms none says that arrivals
/// are needed and leaves the board as the move left it.
///
/// ```
/// use canicas_core::{apply_on_board, board_from_text, parse_move, Rules};
/// let board = board_from_text(&format!("1111.1{}", ".".repeat(75))).unwrap();
/// let out = apply_on_board(&board, &Rules::FIVE, parse_move("f1-e1", 9).unwrap());
/// assert!(out.legal);
/// assert_eq!(out.points, 10);
/// assert!(out.board.is_empty());
/// assert!(out.arrivals_needed); // the board emptied: the next marbles come at once
/// ```
#[must_use]
pub fn apply_on_board(board: &Board, rules: &Rules, mv: Move) -> ApplyOutcome {
    let illegal = |e: MoveError| ApplyOutcome {
        legal: false,
        error: Some(e.describe(board.size())),
        reason: Some(e),
        points: 0,
        lines: Vec::new(),
        board: *board,
        arrivals_needed: false,
    };
    if board.is_full() {
        // "The game ends when no cell is free."
        return illegal(MoveError::GameOver);
    }
    let colour = match check_move(board, mv) {
        Ok(c) => c,
        Err(e) => return illegal(e),
    };
    let mut b = *board;
    b.clear(mv.from);
    b.set(mv.to, colour);
    let lines = b.lines_through(mv.to, rules.min_line);
    let mut points = 0u64;
    let mut mask = 0u128;
    for line in &lines {
        points += u64::from(rules.line_points(line.len));
        mask |= line.mask();
    }
    for cell in crate::board::cells_of(mask) {
        b.clear(cell);
    }
    ApplyOutcome {
        legal: true,
        error: None,
        reason: None,
        points,
        arrivals_needed: lines.is_empty() || b.is_empty(),
        lines,
        board: b,
    }
}

/// As [`apply_on_board`] from text: the board (81 characters for the
/// standard game) and the move (`e5-a1`). A board that cannot be read
/// ([`StateError::Notation`]) or that no game reaches between two moves (a
/// line still on it, an empty board: [`StateError::Inconsistent`], see
/// [`check_board_at_rest`]) is an error; a move that cannot be read or
/// names a cell off the board is answered with `legal: false`.
pub fn apply_text(board: &str, rules: &Rules, mv: &str) -> Result<ApplyOutcome, StateError> {
    let board = board_from_text_for(board, rules)?;
    check_board_at_rest(&board, rules)?;
    match parse_move(mv, rules.size) {
        Ok(mv) => Ok(apply_on_board(&board, rules, mv)),
        Err(e) => {
            let code = match e {
                NotationError::OffBoard(_) => "off-board",
                _ => "bad-move",
            };
            Ok(ApplyOutcome {
                legal: false,
                error: Some(format!("{code}: {e}")),
                reason: None,
                points: 0,
                lines: Vec::new(),
                board,
                arrivals_needed: false,
            })
        }
    }
}

impl ApplyOutcome {
    /// The outcome as the JSON of `games canicas apply --json`:
    /// `{"legal": bool, "error": str|null, "points": N, "lines": [[len,
    /// "cell", …], …], "board": "<cells>", "arrivals_needed": bool}`; each
    /// line is its length followed by its cells' names.
    #[must_use]
    pub fn to_json(&self) -> String {
        let size = self.board.size();
        let lines: Vec<serde_json::Value> = self
            .lines
            .iter()
            .map(|l| {
                let mut v = vec![serde_json::Value::from(l.len)];
                v.extend(
                    l.cells()
                        .into_iter()
                        .map(|c| serde_json::Value::from(cell_name(c, size))),
                );
                serde_json::Value::Array(v)
            })
            .collect();
        let value = serde_json::json!({
            "legal": self.legal,
            "error": self.error,
            "points": self.points,
            "lines": lines,
            "board": self.board.to_text(),
            "arrivals_needed": self.arrivals_needed,
        });
        value.to_string()
    }
}
