//! Dots and boxes over UGI, on `timbiriche_core`'s position strings
//! (`Position::to_fen`/`from_fen`), dot notation and AI. The `Hash` option
//! (MB, default 32) limits the table of each of Hard's proofs
//! ([`AiOptions::table_bytes`]).

use std::sync::{Arc, Mutex};

use games_common::{Budget, GameRng, Player};
use timbiriche_core::{
    ai_move_with, notation, AiOptions, BoardSize, Level, Position, Variant, DEFAULT_TABLE_BYTES,
};

use super::ugi::{
    parse_check, parse_seed, Answer, Limits, Search, UgiGame, MISERE_OPTION, SEED_OPTION,
};

/// The dots-and-boxes engine's options and seeded generator.
pub struct TimbiricheEngine {
    level: Level,
    size: BoardSize,
    misere: bool,
    seed: u64,
    rng: Arc<Mutex<GameRng>>,
    ai_options: AiOptions,
}

/// The largest `Hash` (MB) the engine takes: 1 TiB of table.
const MAX_HASH_MB: usize = 1 << 20;

impl TimbiricheEngine {
    /// An engine at Hard on 3×3, seeded with `seed`.
    pub fn new(seed: u64) -> TimbiricheEngine {
        TimbiricheEngine {
            level: Level::Hard,
            size: BoardSize::SMALL,
            misere: false,
            seed,
            rng: Arc::new(Mutex::new(GameRng::from_seed(seed))),
            ai_options: AiOptions::default(),
        }
    }
}

impl UgiGame for TimbiricheEngine {
    type State = Position;

    fn name(&self) -> String {
        format!("games-timbiriche {}", env!("CARGO_PKG_VERSION"))
    }

    fn options(&self) -> Vec<String> {
        vec![
            "name Level type combo default hard var easy var medium var hard".into(),
            "name Size type string default 3x3".into(),
            MISERE_OPTION.into(),
            SEED_OPTION.into(),
            format!(
                "name Hash type spin default {} min 1 max {MAX_HASH_MB}",
                DEFAULT_TABLE_BYTES >> 20
            ),
        ]
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        match name.to_ascii_lowercase().as_str() {
            "level" => {
                self.level = Level::parse(value)
                    .ok_or_else(|| format!("unknown level `{value}`: use easy, medium or hard"))?;
            }
            "size" => self.size = BoardSize::parse(value).map_err(|e| e.to_string())?,
            "misere" => self.misere = parse_check("Misere", value)?,
            "seed" => {
                self.seed = parse_seed(value)?;
                self.new_game();
            }
            "hash" => {
                // Megabytes that do not fit in memory addresses (a 32-bit
                // target) are refused like any other bad value.
                self.ai_options.table_bytes = value
                    .trim()
                    .parse::<usize>()
                    .ok()
                    .filter(|mb| (1..=MAX_HASH_MB).contains(mb))
                    .and_then(|mb| mb.checked_mul(1 << 20))
                    .ok_or_else(|| {
                        format!("Hash takes megabytes from 1 to {MAX_HASH_MB}, not `{value}`")
                    })?;
            }
            _ => return Err(format!("unknown option `{name}`")),
        }
        Ok(())
    }

    fn new_game(&mut self) {
        self.rng = Arc::new(Mutex::new(GameRng::from_seed(self.seed)));
    }

    fn start(&self) -> Result<Position, String> {
        let variant = Variant {
            misere: self.misere,
            ..Variant::standard()
        };
        Position::new(self.size, &variant, Player::First).map_err(|e| e.to_string())
    }

    fn search(&mut self, state: &Position, limits: Limits) -> Search {
        let position = state.clone();
        let level = self.level;
        let rng = Arc::clone(&self.rng);
        let options = self.ai_options;
        // No limit from `go` (e.g. `go infinite`): search until `stop`.
        let budget = if limits.budget == Budget::UNLIMITED && !limits.infinite {
            level.default_budget()
        } else {
            limits.budget
        };
        Box::new(move |cancel| {
            let mut rng = rng.lock().ok()?;
            let answer = ai_move_with(&position, level, &mut rng, budget, cancel, options).ok()?;
            let best = notation::line_to_string(answer.line);
            Some(Answer {
                pv: vec![best.clone()],
                best,
                nodes: answer.stats.nodes,
                depth: None,
                // Proven: net points for the mover from the open boxes, in centi-points.
                score: answer.proven_value.map(|v| format!("cp {}", v * 100)),
            })
        })
    }
}
