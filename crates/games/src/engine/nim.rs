//! Nim over UGI, on `nim_core`'s position strings, move notation and AI.
//!
//! Position string: `ROWS RULE PLAYER`, e.g. `3,4,5 normal 1`; moves:
//! `ROW-COUNT` with rows from 1, e.g. `3-2`.

use std::sync::{Arc, Mutex};

use games_common::{GameRng, Player};
use nim_core::{ai_move, analyze, Game, Level, Position, Rule, CLASSIC_ROWS};

use super::ugi::{
    parse_check, parse_seed, Answer, Limits, Search, UgiGame, MISERE_OPTION, SEED_OPTION,
};
use crate::term::parse_list;

/// The Nim engine's options and seeded generator.
pub struct NimEngine {
    level: Level,
    rows: Vec<u32>,
    rule: Rule,
    seed: u64,
    rng: Arc<Mutex<GameRng>>,
}

impl NimEngine {
    /// An engine at Hard, classic rows, normal rule, seeded with `seed`.
    pub fn new(seed: u64) -> NimEngine {
        NimEngine {
            level: Level::Hard,
            rows: CLASSIC_ROWS.to_vec(),
            rule: Rule::Normal,
            seed,
            rng: Arc::new(Mutex::new(GameRng::from_seed(seed))),
        }
    }
}

impl UgiGame for NimEngine {
    type State = Position;

    fn name(&self) -> String {
        format!("games-nim {}", env!("CARGO_PKG_VERSION"))
    }

    fn options(&self) -> Vec<String> {
        vec![
            "name Level type combo default hard var easy var medium var hard".into(),
            "name Rows type string default 3,4,5".into(),
            MISERE_OPTION.into(),
            SEED_OPTION.into(),
        ]
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        match name.to_ascii_lowercase().as_str() {
            "level" => {
                self.level = value
                    .parse()
                    .map_err(|e: nim_core::LevelError| e.to_string())?
            }
            "rows" => {
                let rows = parse_list(value)?;
                // The checks of a new game (at least one circle), as on the
                // command line and in `games_nim_new`.
                Game::new(&rows, self.rule, Player::First, self.seed).map_err(|e| e.to_string())?;
                self.rows = rows;
            }
            "misere" => {
                self.rule = if parse_check("Misere", value)? {
                    Rule::Misere
                } else {
                    Rule::Normal
                }
            }
            "seed" => {
                self.seed = parse_seed(value)?;
                self.new_game();
            }
            _ => return Err(format!("unknown option `{name}`")),
        }
        Ok(())
    }

    fn new_game(&mut self) {
        self.rng = Arc::new(Mutex::new(GameRng::from_seed(self.seed)));
    }

    fn start(&self) -> Result<Position, String> {
        Position::new(&self.rows, self.rule, Player::First).map_err(|e| e.to_string())
    }

    fn search(&mut self, state: &Position, limits: Limits) -> Search {
        let position = state.clone();
        let level = self.level;
        let rng = Arc::clone(&self.rng);
        Box::new(move |cancel| {
            let mut rng = rng.lock().ok()?;
            let answer = ai_move(&position, level, &mut rng, limits.budget, cancel)?;
            let mover_wins = analyze(&position).mover_wins;
            Some(Answer {
                best: answer.mv.to_notation(),
                nodes: answer.stats.nodes,
                depth: None,
                score: Some(format!("cp {}", if mover_wins { 1000 } else { -1000 })),
                pv: vec![answer.mv.to_notation()],
            })
        })
    }
}
