//! Color Lines over UGI, on `canicas_core`'s position strings
//! ([`Setup`]: board, next bar, rules, score, optionally the deal, and
//! `over` for a finished game), move notation (`e5-a1`) and hint search.
//!
//! A one-player game: player 1 is always to move. `position startpos`
//! deals the game of the `Seed` option (the deal), so `moves` after it
//! bring the deal's marbles. A position string without a deal is only what
//! a player sees: a move that forms a line can be played on it, a move that
//! brings marbles cannot (the engine does not know where they land): the
//! GUI, which holds the deal, sends the position after they land.
//!
//! A position is over when its board is full or its string ends in `over`
//! (a game can end with free cells: the last marbles filled the board and
//! formed a line, which left it): `query gameover` answers `true`, `go`
//! `bestmove none`, and no move is played on it.
//!
//! The `Lines98` option plays the Lines 98 rule: position strings show the
//! cells where the next marbles land (`352@c4,e5,g7 five+lines98`), and the
//! hint uses them. Without a deal, no move can be played on such a string
//! (even a line changes where the marbles land, by the deal's orders).

use canicas_core::{
    ai, apply_on_board, move_text, parse_move, MoveError, Rules, Setup, State, Variant,
};
use games_common::Budget;

use super::ugi::{parse_check, parse_seed, Answer, Limits, Search, UgiGame, UgiRules, SEED_OPTION};

/// A position of the protocol: a whole game (deal known) or what a player sees.
#[derive(Clone, Debug)]
pub enum CanicasPosition {
    /// A game with its deal: every move can be played.
    Game(Box<State>),
    /// Board, next bar, rules and score only.
    Seen(Box<Setup>),
}

impl CanicasPosition {
    fn setup(&self) -> Setup {
        match self {
            CanicasPosition::Game(s) => s.setup(),
            CanicasPosition::Seen(s) => (**s).clone(),
        }
    }
}

/// The largest `Nodes` option value, as its `option` line advertises it.
pub const NODES_MAX: u64 = 100_000_000;

/// The Color Lines engine's options.
pub struct CanicasEngine {
    rules: Rules,
    deal: u64,
    nodes: u64,
}

impl CanicasEngine {
    /// An engine on the five variant, dealing `deal` for `position startpos`.
    pub fn new(deal: u64) -> CanicasEngine {
        CanicasEngine {
            rules: Rules::FIVE,
            deal,
            nodes: ai::DEFAULT_NODES,
        }
    }
}

impl UgiGame for CanicasEngine {
    type State = CanicasPosition;

    fn name(&self) -> String {
        format!("games-canicas {}", env!("CARGO_PKG_VERSION"))
    }

    fn options(&self) -> Vec<String> {
        vec![
            "name Variant type combo default five var five var four".into(),
            "name Lines98 type check default false".into(),
            format!(
                "name Nodes type spin default {} min 1 max {NODES_MAX}",
                ai::DEFAULT_NODES
            ),
            SEED_OPTION.into(),
        ]
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        match name.to_ascii_lowercase().as_str() {
            "variant" => {
                self.rules = Variant::parse(value)
                    .map_err(|e| e.to_string())?
                    .rules()
                    .with_landings_shown(self.rules.landings_shown);
            }
            "lines98" => {
                self.rules = self
                    .rules
                    .with_landings_shown(parse_check("Lines98", value)?);
            }
            "nodes" => {
                self.nodes = value
                    .parse::<u64>()
                    .ok()
                    .filter(|n| (1..=NODES_MAX).contains(n))
                    .ok_or_else(|| {
                        format!("`{value}` is not a node count: Nodes takes 1 to {NODES_MAX}")
                    })?;
            }
            "seed" => self.deal = parse_seed(value)?,
            _ => return Err(format!("unknown option `{name}`")),
        }
        Ok(())
    }

    fn new_game(&mut self) {}

    fn start(&self) -> Result<CanicasPosition, String> {
        State::new(self.rules, self.deal)
            .map(|s| CanicasPosition::Game(Box::new(s)))
            .map_err(|e| e.to_string())
    }

    fn search(&mut self, state: &CanicasPosition, limits: Limits) -> Search {
        let setup = state.setup();
        // No limit from `go`: the engine's node budget, the same on every machine.
        let budget = if limits.budget == Budget::UNLIMITED && !limits.infinite {
            Budget::nodes(self.nodes)
        } else {
            limits.budget
        };
        Box::new(move |cancel| {
            let view = setup.view().ok()?;
            let hint = ai::hint(&view, budget, cancel);
            let best = move_text(hint.best?, setup.rules.size);
            Some(Answer {
                pv: vec![best.clone()],
                best,
                nodes: hint.stats.nodes,
                depth: None,
                score: None,
            })
        })
    }
}

/// Color Lines' position is a game or a board seen without its deal, so
/// it writes its rules for the protocol itself.
impl UgiRules for CanicasPosition {
    fn parse_fen(fen: &str) -> Result<CanicasPosition, String> {
        let setup = Setup::from_fen(fen).map_err(|e| e.to_string())?;
        Ok(match setup.to_state().map_err(|e| e.to_string())? {
            Some(state) => CanicasPosition::Game(Box::new(state)),
            // As a game with its deal refuses it: no game waits for a move
            // on an empty board, which has nothing to move.
            None if setup.board.is_empty() && !setup.is_over() => {
                return Err(
                    "no game reaches this board: an empty board in a game not over \
                            (the next marbles arrive at once)"
                        .into(),
                )
            }
            None => CanicasPosition::Seen(Box::new(setup)),
        })
    }

    fn to_fen(&self) -> String {
        self.setup().to_fen()
    }

    fn play_text(&mut self, text: &str) -> Result<(), String> {
        match self {
            CanicasPosition::Game(s) => {
                let mv = parse_move(text, s.rules().size).map_err(|e| e.to_string())?;
                s.play(mv)
                    .map(|_| ())
                    .map_err(|e| e.describe(s.rules().size))
            }
            CanicasPosition::Seen(setup) => {
                let mv = parse_move(text, setup.rules.size).map_err(|e| e.to_string())?;
                if setup.is_over() {
                    return Err(MoveError::GameOver.describe(setup.rules.size));
                }
                let out = apply_on_board(&setup.board, &setup.rules, mv);
                if let Some(e) = out.error {
                    return Err(e);
                }
                if setup.rules.landings_shown {
                    return Err("under the Lines 98 rule the landing cells after a move \
                                come from the deal, which this position does not have: \
                                send the position after the move"
                        .into());
                }
                if out.arrivals_needed {
                    return Err("it brings marbles and this position has no deal: \
                                send the position after they land"
                        .into());
                }
                setup.board = out.board;
                // As a game's score does: it saturates at `u64::MAX`.
                setup.score = setup.score.saturating_add(out.points);
                Ok(())
            }
        }
    }

    fn is_over(&self) -> bool {
        match self {
            CanicasPosition::Game(s) => s.is_over(),
            CanicasPosition::Seen(s) => s.is_over(),
        }
    }

    fn p1_to_move(&self) -> bool {
        true
    }

    fn result(&self) -> &'static str {
        // One player: no one wins; a filled board (or `over`) ends the game.
        if self.is_over() {
            "draw"
        } else {
            "none"
        }
    }
}
