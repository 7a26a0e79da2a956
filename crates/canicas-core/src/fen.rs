//! The position string of a Color Lines game: see [`Setup`].

use thiserror::Error;

use crate::ai::View;
use crate::board::{Board, Cell};
use crate::notation::{board_from_text_for, cell_from_name, cell_name, NotationError};
use crate::rules::{Rules, RulesError, Variant, MAX_ARRIVALS};
use crate::state::{check_board_at_rest, check_end, State, StateError};

/// Why a position string was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum FenError {
    /// Not 4 or 6 space-separated fields, optionally followed by `over`.
    #[error(
        "a position is `<board> <next> <rules> <score> [<deal> <marble>] [over]`, \
         which these {0} fields are not"
    )]
    Fields(usize),
    /// The rules field is not `five`, `four` or five numbers (each
    /// optionally followed by `+lines98`).
    #[error(
        "{0:?} is not `five`, `four` or SIZE/COLOURS/LINE/ARRIVALS/START (optionally followed by `+lines98`)"
    )]
    BadRules(String),
    /// A rules number too large to be a rule at all (above 255).
    #[error("{field} {value} is outside {range} (in the rules `{rules}`)")]
    RuleOutOfRange {
        /// The field: `SIZE`, `COLOURS`, `LINE`, `ARRIVALS` or `START`.
        field: &'static str,
        /// The number as written.
        value: String,
        /// Its allowed range.
        range: &'static str,
        /// The rules field as written.
        rules: String,
    },
    /// The rules cannot be played.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The board does not fit the rules.
    #[error(transparent)]
    Board(#[from] NotationError),
    /// The next bar is not one colour digit per arrival.
    #[error("the next bar {found:?} must be {arrivals} colour digits 1-{colours}")]
    Next {
        /// The field given.
        found: String,
        /// Arrivals per move of the rules.
        arrivals: u8,
        /// Colours of the rules.
        colours: u8,
    },
    /// The shown landing cells (after `@` in the next field) are missing
    /// under the Lines 98 rule, present under the 1992 rule, or not free,
    /// distinct cells, one per marble of the bar.
    #[error("the landing cells {found:?}: {why}")]
    Landings {
        /// The next field as written.
        found: String,
        /// What is wrong with them.
        why: String,
    },
    /// The deal's landing cells are not the ones written.
    #[error("the landing cells {written} are not deal {deal}'s ({dealt}) at marble {marble}")]
    LandingsMismatch {
        /// The cells written.
        written: String,
        /// The cells of the deal.
        dealt: String,
        /// The deal.
        deal: u64,
        /// The next marble.
        marble: u64,
    },
    /// A number field that is not a whole number.
    #[error("{0:?} is not a whole number")]
    Number(String),
    /// The deal's next bar is not the one written.
    #[error("the next bar {written} is not deal {deal}'s ({dealt}) at marble {marble}")]
    NextMismatch {
        /// The bar written.
        written: String,
        /// The bar of the deal.
        dealt: String,
        /// The deal.
        deal: u64,
        /// The next marble.
        marble: u64,
    },
    /// The parts cannot make a state.
    #[error(transparent)]
    State(#[from] StateError),
}

/// A position read from (or written to) a position string: rules, board,
/// next bar, score, when known the deal and its next marble, and whether
/// the game is over.
///
/// The position string of a Color Lines game, for engine protocols (UGI)
/// and tools: what a player sees (board, "next" bar, rules, score) and,
/// optionally, the deal and how far it has been dealt, so that the game can
/// go on with the right arrivals, and the end of the game.
///
/// ```text
/// <board> <next> <rules> <score> [<deal> <marble>] [over]
/// ```
///
/// - `board`: the text board (81 characters for 9×9: `.` free, `1`–`9` a
///   colour, row by row from the top-left), as [`Board::to_text`].
/// - `next`: the colours of the "next" bar in order of arrival, one digit
///   each (`352`). Under the Lines 98 rule, followed by `@` and the cells
///   where those marbles land if the board stays as it is, in the same
///   order, separated by commas (`352@c4,e5,g7`; fewer cells only when
///   fewer are free).
/// - `rules`: `five` or `four`, or `SIZE/COLOURS/LINE/ARRIVALS/START` for
///   other parameters (`9/7/5/3/5` is `five`); followed by `+lines98` under
///   the Lines 98 rule, which shows the landing cells (`five+lines98`).
///   Strings without it are the 1992 rule, as before the rule existed.
/// - `score`: points so far.
/// - `deal marble` (optional): the 64-bit deal and the number `k` of the
///   next marble due. With them the string is a whole [`State`] (its next
///   bar must be the deal's); without them it is only what the AI sees, and
///   a move that brings marbles cannot be played on it.
/// - `over` (optional): the game is over. [`State::to_fen`] writes it for
///   every finished game. A full board is over with or without it; a board
///   with free cells is over only with it: "The game ends when no cell is
///   free (if fewer cells are free than marbles due, the free cells are
///   filled and the game ends)", and lines those last marbles form still
///   leave the board. So a finished board that is not full has at least
///   the rules' minimum line of free cells (fewer are refused:
///   [`StateError::OverWithFreeCells`]), and under the Lines 98 rule it
///   shows no landing cells (`447@`). Strings without the field read as
///   before it existed.
///
/// ```
/// use canicas_core::{Rules, Setup, State};
/// let state = State::new(Rules::FIVE, 7).unwrap();
/// let fen = state.to_fen();
/// let setup = Setup::from_fen(&fen).unwrap();
/// assert_eq!(setup.to_fen(), fen);
/// assert_eq!(setup.to_state().unwrap().unwrap().board(), state.board());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The rules.
    pub rules: Rules,
    /// The board.
    pub board: Board,
    /// The colours of the "next" bar (one per arrival of the rules).
    pub next: Vec<u8>,
    /// Under the Lines 98 rule, where the marbles of the bar land if the
    /// board stays as it is (in order of arrival); empty under the 1992 rule.
    pub landings: Vec<Cell>,
    /// Points so far.
    pub score: u64,
    /// The deal and the number of the next marble due, when known.
    pub deal: Option<(u64, u64)>,
    /// Whether the string says the game is over (the field `over`). A full
    /// board is over without it: see [`Setup::is_over`].
    pub over: bool,
}

/// The suffix of the rules field under the Lines 98 rule.
const LINES98: &str = "+lines98";

fn rules_text(rules: &Rules) -> String {
    let base = match rules.variant() {
        Some(v) => v.name().to_string(),
        None => format!(
            "{}/{}/{}/{}/{}",
            rules.size, rules.colours, rules.min_line, rules.arrivals, rules.start
        ),
    };
    if rules.landings_shown {
        base + LINES98
    } else {
        base
    }
}

fn parse_rules(text: &str) -> Result<Rules, FenError> {
    let lower = text.to_ascii_lowercase();
    let (base, shown) = match lower.strip_suffix(LINES98) {
        Some(base) => (&text[..base.len()], true),
        None => (text, false),
    };
    parse_base_rules(base, text).map(|r| r.with_landings_shown(shown))
}

/// The rules field without its `+lines98`; `text` is the whole field (for
/// the errors).
fn parse_base_rules(base: &str, text: &str) -> Result<Rules, FenError> {
    if let Ok(v) = Variant::parse(base) {
        return Ok(v.rules());
    }
    let bad = || FenError::BadRules(text.to_string());
    let parts: Vec<&str> = base.split('/').collect();
    if parts.len() != 5
        || parts
            .iter()
            .any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(bad());
    }
    // In the form: a number too large for any rule says which one it is.
    const FIELDS: [(&str, &str); 5] = [
        ("SIZE", "2..=11"),
        ("COLOURS", "1..=9"),
        ("LINE", "2..=SIZE"),
        ("ARRIVALS", "1..=8"),
        ("START", "1..=cells"),
    ];
    let n: Vec<u8> = parts
        .iter()
        .zip(FIELDS)
        .map(|(p, (field, range))| {
            p.parse::<u8>().map_err(|_| FenError::RuleOutOfRange {
                field,
                value: (*p).to_string(),
                range,
                rules: text.to_string(),
            })
        })
        .collect::<Result<_, _>>()?;
    let [size, colours, min_line, arrivals, start] = n.as_slice() else {
        return Err(bad());
    };
    let rules = Rules {
        size: *size,
        colours: *colours,
        min_line: *min_line,
        arrivals: *arrivals,
        start: *start,
        landings_shown: false,
    };
    rules.validate()?;
    Ok(rules)
}

fn number(text: &str) -> Result<u64, FenError> {
    text.parse().map_err(|_| FenError::Number(text.to_string()))
}

/// The colours as digits; a colour no digit names (a [`Setup`] is built
/// from public fields) as `?`, which [`Setup::from_fen`] refuses.
fn digits(colours: &[u8]) -> String {
    colours
        .iter()
        .map(|&c| char::from_digit(u32::from(c), 10).unwrap_or('?'))
        .collect()
}

/// Cell names separated by commas (`c4,e5,g7`).
fn cell_list(cells: &[Cell], size: u8) -> String {
    cells
        .iter()
        .map(|&c| cell_name(c, size))
        .collect::<Vec<_>>()
        .join(",")
}

/// The landing cells after the `@` of the next field (empty text: none).
fn parse_landings(text: &str, field: &str, size: u8) -> Result<Vec<Cell>, FenError> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|name| {
            cell_from_name(name, size).map_err(|e| FenError::Landings {
                found: field.to_string(),
                why: e.to_string(),
            })
        })
        .collect()
}

impl Setup {
    /// Read a position string (see [`Setup`]).
    ///
    /// # Errors
    /// [`FenError`] for anything malformed, inconsistent with the rules, or
    /// (with a deal) a next bar that is not the deal's.
    pub fn from_fen(text: &str) -> Result<Setup, FenError> {
        let mut fields: Vec<&str> = text.split_whitespace().collect();
        let count = fields.len();
        let over = matches!(fields.as_slice(), [_, _, _, _, .., last]
            if last.eq_ignore_ascii_case("over"));
        if over {
            fields.pop();
        }
        let (board, next, rules, score, deal) = match fields.as_slice() {
            [b, n, r, s] => (b, n, r, s, None),
            [b, n, r, s, d, k] => (b, n, r, s, Some((number(d)?, number(k)?))),
            _ => return Err(FenError::Fields(count)),
        };
        let rules = parse_rules(rules)?;
        let board = board_from_text_for(board, &rules)?;
        // Only boards a game can be at between moves (no line left on it),
        // and a game over only where it can have ended.
        check_board_at_rest(&board, &rules)?;
        if over {
            check_end(&board, &rules)?;
        }
        let field = *next;
        let (next, landings) = match next.split_once('@') {
            Some((colours, cells)) => (colours, Some(cells)),
            None => (field, None),
        };
        let bad_next = || FenError::Next {
            found: field.to_string(),
            arrivals: rules.arrivals,
            colours: rules.colours,
        };
        let next: Vec<u8> = next
            .chars()
            .map(|c| match c.to_digit(10) {
                Some(d) if d >= 1 && d <= u32::from(rules.colours) => Ok(d as u8),
                _ => Err(bad_next()),
            })
            .collect::<Result<_, _>>()?;
        if next.len() != usize::from(rules.arrivals) || next.len() > usize::from(MAX_ARRIVALS) {
            return Err(bad_next());
        }
        let bad_landings = |why: &str| FenError::Landings {
            found: field.to_string(),
            why: why.to_string(),
        };
        let landings = match (landings, rules.landings_shown) {
            (None, false) => Vec::new(),
            (Some(_), false) => {
                return Err(bad_landings(
                    "landing cells are shown only under the Lines 98 rule (`+lines98`)",
                ))
            }
            (None, true) => {
                return Err(bad_landings(
                    "the Lines 98 rule shows them: write `@` and the cells after the colours",
                ))
            }
            (Some(cells), true) if over => {
                if !cells.is_empty() {
                    return Err(bad_landings(
                        "a finished game shows no landing cells: write nothing after `@`",
                    ));
                }
                Vec::new()
            }
            (Some(cells), true) => {
                let cells = parse_landings(cells, field, rules.size)?;
                crate::ai::check_landings(&rules, &board, next.len(), &cells).map_err(|e| {
                    let why = match e {
                        StateError::Inconsistent(why) => why.to_string(),
                        other => other.to_string(),
                    };
                    bad_landings(&why)
                })?;
                cells
            }
        };
        let setup = Setup {
            rules,
            board,
            next,
            landings,
            score: number(score)?,
            deal,
            over,
        };
        // With a deal, the whole state must be buildable and agree.
        setup.to_state()?;
        Ok(setup)
    }

    /// The position string (see [`Setup`]).
    #[must_use]
    pub fn to_fen(&self) -> String {
        let mut next = digits(&self.next);
        if self.rules.landings_shown {
            next.push('@');
            next.push_str(&cell_list(&self.landings, self.rules.size));
        }
        let mut s = format!(
            "{} {} {} {}",
            self.board.to_text(),
            next,
            rules_text(&self.rules),
            self.score
        );
        if let Some((deal, marble)) = self.deal {
            s.push_str(&format!(" {deal} {marble}"));
        }
        if self.over {
            s.push_str(" over");
        }
        s
    }

    /// Whether the game is over: the string says so (`over`) or the board
    /// is full.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.over || self.board.is_full()
    }

    /// What the AI sees of this position (as [`State::view`], no landing
    /// cells once the game is over).
    ///
    /// # Errors
    /// [`StateError`] when the parts do not fit the rules (never for a
    /// setup read by [`Setup::from_fen`]).
    pub fn view(&self) -> Result<View, StateError> {
        let view = View::new(self.rules, self.board, &self.next)?;
        if self.rules.landings_shown && !self.over {
            view.with_landings(&self.landings)
        } else {
            Ok(view)
        }
    }

    /// The game state, when the deal is known (`Ok(None)` without one).
    /// Its move and line counters start at zero; the score is the one
    /// written, carried in without the lines that scored it (the state's
    /// JSON records it, so [`State::to_json`] and [`State::from_json`] are
    /// inverses for it too); it is over when the setup is
    /// ([`Setup::is_over`]).
    ///
    /// # Errors
    /// [`FenError`] when the deal's next bar is not the one written or the
    /// parts cannot make a state.
    pub fn to_state(&self) -> Result<Option<State>, FenError> {
        let Some((deal, marble)) = self.deal else {
            return Ok(None);
        };
        let mut state = State::from_board_ended(self.rules, deal, self.board, marble, self.over)?;
        if state.next_colours() != self.next.as_slice() {
            return Err(FenError::NextMismatch {
                written: digits(&self.next),
                dealt: digits(state.next_colours()),
                deal,
                marble,
            });
        }
        let dealt = state.shown_landings();
        if dealt != self.landings {
            return Err(FenError::LandingsMismatch {
                written: cell_list(&self.landings, self.rules.size),
                dealt: cell_list(&dealt, self.rules.size),
                deal,
                marble,
            });
        }
        state.set_score(self.score);
        Ok(Some(state))
    }
}

impl State {
    /// The position string of this state, with its deal (see
    /// [`Setup`]); it reads back with [`Setup::from_fen`].
    #[must_use]
    pub fn to_fen(&self) -> String {
        self.setup().to_fen()
    }

    /// This state as a [`Setup`] (with its deal).
    #[must_use]
    pub fn setup(&self) -> Setup {
        Setup {
            rules: *self.rules(),
            board: *self.board(),
            next: self.next_colours().to_vec(),
            landings: self.shown_landings(),
            score: self.score(),
            deal: Some((self.deal(), self.next_marble())),
            over: self.is_over(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_with_and_without_the_deal() {
        let mut state = State::new(Rules::FIVE, 3).unwrap();
        for _ in 0..20 {
            let mv = state.legal_moves()[0];
            state.play(mv).unwrap();
        }
        let setup = Setup::from_fen(&state.to_fen()).unwrap();
        assert_eq!(setup, state.setup());
        let back = setup.to_state().unwrap().unwrap();
        assert_eq!(back.board(), state.board());
        assert_eq!(back.next_colours(), state.next_colours());
        assert_eq!(back.score(), state.score());
        // The same arrivals follow.
        let mv = state.legal_moves()[0];
        let mut a = state.clone();
        let mut b = back;
        a.play(mv).unwrap();
        b.play(mv).unwrap();
        assert_eq!(a.board(), b.board());

        let bare = Setup {
            deal: None,
            ..setup.clone()
        };
        let text = bare.to_fen();
        assert_eq!(text.split_whitespace().count(), 4);
        assert_eq!(Setup::from_fen(&text).unwrap(), bare);
        assert_eq!(Setup::from_fen(&text).unwrap().to_state().unwrap(), None);
    }

    #[test]
    fn rules_by_name_or_numbers() {
        let board = ".".repeat(49);
        let s = Setup::from_fen(&format!("{board} 12 7/5/4/2/3 0")).unwrap();
        assert_eq!(s.rules.size, 7);
        assert_eq!(s.rules.arrivals, 2);
        assert!(s.to_fen().contains(" 7/5/4/2/3 "));
        let four = Setup::from_fen(&format!("{} 123 four 10", ".".repeat(81))).unwrap();
        assert_eq!(four.rules, Rules::FOUR);
    }

    #[test]
    fn malformed_strings_are_typed_errors() {
        let b = ".".repeat(81);
        for (text, what) in [
            (String::new(), "fields"),
            (format!("{b} 123 five"), "fields"),
            (format!("{b} 123 five 0 7"), "fields"),
            (format!("{b} 123 six 0"), "rules"),
            (format!("{b} 123 9/7/5/3 0"), "rules"),
            (format!("{b} 123 9/7/12/3/5 0"), "rules"),
            (format!("{} 123 five 0", ".".repeat(80)), "board"),
            (format!("{}8 123 five 0", ".".repeat(80)), "board"),
            (format!("{b} 12 five 0"), "next"),
            (format!("{b} 128 five 0"), "next"),
            (format!("{b} 1x3 five 0"), "next"),
            (format!("{b} 123 five -1"), "number"),
            (format!("{b} 123 five 0 x 1"), "number"),
        ] {
            let err = Setup::from_fen(&text).unwrap_err();
            let ok = matches!(
                (&err, what),
                (FenError::Fields(_), "fields")
                    | (
                        FenError::BadRules(_)
                            | FenError::Rules(_)
                            | FenError::RuleOutOfRange { .. },
                        "rules"
                    )
                    | (FenError::Board(_), "board")
                    | (FenError::Next { .. }, "next")
                    | (FenError::Number(_), "number")
            );
            assert!(ok, "{text:?}: {err:?}");
        }
    }

    #[test]
    fn rules_in_the_form_with_numbers_out_of_range_say_which() {
        let b = ".".repeat(81);
        let err = Setup::from_fen(&format!("{b} 123 255/255/255/255/65535 0")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "START 65535 is outside 1..=cells (in the rules `255/255/255/255/65535`)"
        );
        let err = Setup::from_fen(&format!("{b} 123 300/7/5/3/5 0")).unwrap_err();
        assert!(
            err.to_string().starts_with("SIZE 300 is outside 2..=11"),
            "{err}"
        );
        let err = Setup::from_fen(&format!("{b} 123 255/255/255/255/255 0")).unwrap_err();
        assert_eq!(err, FenError::Rules(RulesError::Size(255)));
        // Not in the form: said so.
        for rules in ["9/7/5/3", "9/7/5/3/x", "9/7/5/3/-5", "9//5/3/5"] {
            let err = Setup::from_fen(&format!("{b} 123 {rules} 0")).unwrap_err();
            assert_eq!(err, FenError::BadRules(rules.to_string()));
        }
    }

    #[test]
    fn a_next_bar_that_is_not_the_deals_is_refused() {
        let state = State::new(Rules::FIVE, 11).unwrap();
        let mut setup = state.setup();
        setup.next[0] = setup.next[0] % 7 + 1;
        assert!(matches!(
            Setup::from_fen(&setup.to_fen()),
            Err(FenError::NextMismatch { .. })
        ));
        // Without the deal the same bar is only what the player sees.
        setup.deal = None;
        assert!(Setup::from_fen(&setup.to_fen()).is_ok());
    }
}
