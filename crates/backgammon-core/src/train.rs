//! Resumable, deterministic self-play training by TD(λ) of the networks
//! of [`crate::neural`].
//!
//! A [`Trainer`] holds everything a run needs to go on: the network, the
//! seeded dice generator ([`GameRng`], saved as its seed and its position in
//! the stream) and the number of games played. [`Trainer::save`] writes all
//! of it as a checkpoint file, atomically (a temporary file beside it, then
//! a rename), and [`Trainer::load`] reads it back: a run stopped and resumed
//! from a checkpoint gives the same bits as a run that never stopped.
//!
//! Each game is self-play from the starting position (the opening roll has
//! two different dice): both sides play the move with the best equity by
//! the network. When the game is over every position's chances move
//! towards its λ-return (the offline form of TD(λ)): the next position's
//! chances mixed with the λ-return of the next one, down to the result of
//! the game. The learning rate depends only on the number of games played,
//! so where a run stops does not change anything.

use std::fs;
use std::io::{self, Write};
use std::path::Path;

use games_common::GameRng;
use thiserror::Error;

use crate::board::Position;
use crate::dice::Dice;
use crate::movegen::legal_positions_into;
use crate::neural::{to_array, Evaluator, Out, Scratch};
use crate::outcome::Outcomes;

const MAGIC: &[u8; 4] = b"BGCK";
const VERSION: u32 = 2;
/// The longest game played (a safety net: real games end long before).
const MAX_TURNS: usize = 2000;

/// The settings of a run (all saved in its checkpoints).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainConfig {
    /// Seed of the initial weights and of the dice.
    pub seed: u64,
    /// Hidden units of the contact network.
    pub hidden: usize,
    /// Hidden units of the race network.
    pub race_hidden: usize,
    /// Learning rate at the start; after `g` games it is
    /// `alpha · 100,000 / (100,000 + g)`, at least a tenth of `alpha`.
    pub alpha: f32,
    /// The λ of TD(λ), in `0..=1`.
    pub lambda: f32,
}

/// Why a checkpoint could not be read or written.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum CheckpointError {
    /// Reading or writing the file failed.
    #[error("checkpoint file: {0}")]
    Io(#[from] io::Error),
    /// The bytes are not a checkpoint of this version.
    #[error("not a training checkpoint of this version ({0})")]
    Malformed(&'static str),
}

/// A training run in progress (see the module's page).
#[derive(Clone, Debug)]
pub struct Trainer {
    cfg: TrainConfig,
    games: u64,
    rng: GameRng,
    net: Evaluator,
    scratch: Scratch,
    buf: Vec<Position>,
    /// The positions of the current game and their chances.
    trail: Vec<(Position, Out)>,
}

impl Trainer {
    /// A new run: random weights from the seed, no game played. The
    /// hidden units are clamped to 1..=1024 (see [`Evaluator::random`]),
    /// and the run's settings say how many it has.
    #[must_use]
    pub fn new(mut cfg: TrainConfig) -> Trainer {
        let mut rng = GameRng::from_seed(cfg.seed);
        let net = Evaluator::random(cfg.hidden, cfg.race_hidden, &mut rng);
        (cfg.hidden, cfg.race_hidden) = net.hidden();
        Trainer {
            cfg,
            games: 0,
            rng,
            net,
            scratch: Scratch::default(),
            buf: Vec::with_capacity(64),
            trail: Vec::with_capacity(128),
        }
    }

    /// The settings of the run.
    #[must_use]
    pub fn config(&self) -> TrainConfig {
        self.cfg
    }

    /// Games played so far.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The networks as trained so far.
    #[must_use]
    pub fn net(&self) -> &Evaluator {
        &self.net
    }

    /// The learning rate for game number `games` (counted from 0).
    #[must_use]
    pub fn alpha_at(&self, games: u64) -> f32 {
        let a = self.cfg.alpha * 100_000.0 / (100_000.0 + games as f32);
        a.max(self.cfg.alpha / 10.0)
    }

    /// Play one self-play game and learn from it.
    pub fn play_game(&mut self) {
        let alpha = self.alpha_at(self.games);
        let mut dice = loop {
            let d = Dice::roll(&mut self.rng);
            if !d.is_double() {
                break d;
            }
        };
        let mut pos = Position::start();
        self.trail.clear();
        for _ in 0..MAX_TURNS {
            legal_positions_into(&pos, dice, &mut self.buf);
            let mut best: Option<(Position, Out)> = None;
            let mut best_eq = f32::NEG_INFINITY;
            for r in &self.buf {
                let v = self.net.training_outcomes(r, &mut self.scratch);
                let e = v.equity();
                if e > best_eq {
                    best_eq = e;
                    best = Some((*r, to_array(&v)));
                }
            }
            let Some((after, value)) = best else { break };
            self.trail.push((after, value));
            if after.outcome().is_some() {
                break;
            }
            pos = after.flip();
            dice = Dice::roll(&mut self.rng);
        }
        // λ-returns, from the end: the last position's is its own value
        // (exact when the game is over).
        let lambda = self.cfg.lambda.clamp(0.0, 1.0);
        let mut next: Option<(Out, Out)> = None; // (value, λ-return) of t + 1
        let mut targets: Vec<Out> = Vec::with_capacity(self.trail.len());
        for &(_, v) in self.trail.iter().rev() {
            let g = match next {
                None => v,
                Some((nv, nr)) => {
                    // Both seen from the other side: invert.
                    let (nv, nr) = (invert(&nv), invert(&nr));
                    [0, 1, 2, 3, 4].map(|o| (1.0 - lambda) * nv[o] + lambda * nr[o])
                }
            };
            targets.push(g);
            next = Some((v, g));
        }
        // `targets` is reversed; the last position is not learned (final).
        let n = self.trail.len();
        // (Positions answered exactly teach nothing: `learn` skips them.)
        for (t, &(p, _)) in self.trail.iter().enumerate().take(n.saturating_sub(1)) {
            if let Some(target) = targets.get(n - 1 - t) {
                let _ = self.net.learn(&p, target, alpha, &mut self.scratch);
            }
        }
        // The count comes from checkpoints too: it stops at `u64::MAX`.
        self.games = self.games.saturating_add(1);
    }

    /// The checkpoint's bytes: magic, version, the settings, games played,
    /// the generator's state and the network.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut v = Vec::new();
        v.extend_from_slice(MAGIC);
        v.extend_from_slice(&VERSION.to_le_bytes());
        v.extend_from_slice(&self.cfg.seed.to_le_bytes());
        v.extend_from_slice(&(self.cfg.hidden as u64).to_le_bytes());
        v.extend_from_slice(&(self.cfg.race_hidden as u64).to_le_bytes());
        v.extend_from_slice(&self.cfg.alpha.to_le_bytes());
        v.extend_from_slice(&self.cfg.lambda.to_le_bytes());
        v.extend_from_slice(&self.games.to_le_bytes());
        v.extend_from_slice(&self.rng.seed().to_le_bytes());
        v.extend_from_slice(&self.rng.word_pos().to_le_bytes());
        v.extend_from_slice(&self.net.to_bytes());
        v
    }

    /// A run from checkpoint bytes written by [`Trainer::to_bytes`].
    ///
    /// # Errors
    /// [`CheckpointError::Malformed`] when the bytes are not a checkpoint.
    pub fn from_bytes(bytes: &[u8]) -> Result<Trainer, CheckpointError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(4)? != MAGIC {
            return Err(CheckpointError::Malformed("wrong magic"));
        }
        if r.u32()? != VERSION {
            return Err(CheckpointError::Malformed("unknown version"));
        }
        let seed = r.u64()?;
        let hidden = usize::try_from(r.u64()?).map_err(|_| bad("hidden units"))?;
        let race_hidden = usize::try_from(r.u64()?).map_err(|_| bad("hidden units"))?;
        let alpha = f32::from_bits(r.u32()?);
        let lambda = f32::from_bits(r.u32()?);
        let games = r.u64()?;
        let rng_seed = r.u64()?;
        let word_pos = u128::from_le_bytes(r.take(16)?.try_into().map_err(|_| bad("rng"))?);
        let rng = rng_at(rng_seed, word_pos)?;
        let net = Evaluator::from_bytes(r.rest()).ok_or(bad("network weights"))?;
        if net.hidden() != (hidden, race_hidden) || !alpha.is_finite() || !lambda.is_finite() {
            return Err(bad("settings do not match the weights"));
        }
        Ok(Trainer {
            cfg: TrainConfig {
                seed,
                hidden,
                race_hidden,
                alpha,
                lambda,
            },
            games,
            rng,
            net,
            scratch: Scratch::default(),
            buf: Vec::with_capacity(64),
            trail: Vec::with_capacity(128),
        })
    }

    /// Write the checkpoint to `path` atomically: into `path` + `.tmp`,
    /// flushed to disk, then renamed over `path`.
    ///
    /// # Errors
    /// [`CheckpointError::Io`] when the file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), CheckpointError> {
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".tmp");
        let tmp = Path::new(&tmp);
        {
            let mut f = fs::File::create(tmp)?;
            f.write_all(&self.to_bytes())?;
            f.sync_all()?;
        }
        fs::rename(tmp, path)?;
        Ok(())
    }

    /// Read a checkpoint written by [`Trainer::save`].
    ///
    /// # Errors
    /// [`CheckpointError`] when the file cannot be read or is not a checkpoint.
    pub fn load(path: &Path) -> Result<Trainer, CheckpointError> {
        Trainer::from_bytes(&fs::read(path)?)
    }
}

/// The networks in `bytes`: weights as [`Evaluator::to_bytes`] writes
/// them, or a checkpoint (then with its games played).
///
/// # Errors
/// [`CheckpointError::Malformed`] when the bytes are neither.
pub fn evaluator_from_bytes(bytes: &[u8]) -> Result<(Evaluator, Option<u64>), CheckpointError> {
    if let Some(ev) = Evaluator::from_bytes(bytes) {
        return Ok((ev, None));
    }
    let t = Trainer::from_bytes(bytes)?;
    Ok((t.net, Some(t.games)))
}

/// The same chances seen from the other side.
fn invert(o: &Out) -> Out {
    let v = Outcomes {
        win: o[0],
        win_gammon: o[1],
        win_backgammon: o[2],
        lose_gammon: o[3],
        lose_backgammon: o[4],
    };
    to_array(&v.invert())
}

fn bad(what: &'static str) -> CheckpointError {
    CheckpointError::Malformed(what)
}

/// The generator for `seed` moved to word `pos` (through its saved form).
fn rng_at(seed: u64, pos: u128) -> Result<GameRng, CheckpointError> {
    let json = format!("{{\"seed\":{seed},\"word_pos\":\"{pos}\"}}");
    serde_json::from_str(&json).map_err(|_| bad("generator state"))
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], CheckpointError> {
        let s = self
            .bytes
            .get(self.at..self.at + n)
            .ok_or(bad("file too short"))?;
        self.at += n;
        Ok(s)
    }
    fn u32(&mut self) -> Result<u32, CheckpointError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn u64(&mut self) -> Result<u64, CheckpointError> {
        let mut a = [0u8; 8];
        a.copy_from_slice(self.take(8)?);
        Ok(u64::from_le_bytes(a))
    }
    fn rest(&self) -> &'a [u8] {
        self.bytes.get(self.at..).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TINY: TrainConfig = TrainConfig {
        seed: 9,
        hidden: 4,
        race_hidden: 3,
        alpha: 0.1,
        lambda: 0.7,
    };

    fn run(t: &mut Trainer, games: u64) {
        while t.games() < games {
            t.play_game();
        }
    }

    #[test]
    fn resuming_from_a_checkpoint_gives_the_same_bits() {
        let mut straight = Trainer::new(TINY);
        run(&mut straight, 6);
        let mut first = Trainer::new(TINY);
        run(&mut first, 3);
        let dir = std::env::temp_dir().join(format!("bg-train-test-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("ckpt");
        first.save(&path).unwrap();
        assert!(
            !dir.join("ckpt.tmp").exists(),
            "the temporary file is renamed"
        );
        let mut resumed = Trainer::load(&path).unwrap();
        assert_eq!(resumed.games(), 3);
        run(&mut resumed, 6);
        fs::remove_dir_all(&dir).unwrap();
        assert_eq!(resumed.to_bytes(), straight.to_bytes());
        // The games did change the network, and another seed differs.
        assert_ne!(Trainer::new(TINY).net(), straight.net());
        let mut other = Trainer::new(TrainConfig { seed: 10, ..TINY });
        run(&mut other, 6);
        assert_ne!(other.net(), straight.net());
    }

    #[test]
    fn malformed_checkpoints_are_refused() {
        let mut t = Trainer::new(TINY);
        run(&mut t, 1);
        let bytes = t.to_bytes();
        assert!(Trainer::from_bytes(&bytes).is_ok());
        for bad in [
            &b""[..],
            &bytes[..10],
            &bytes[..bytes.len() - 1],
            &b"XXXX"[..],
        ] {
            assert!(
                matches!(Trainer::from_bytes(bad), Err(CheckpointError::Malformed(_))),
                "{} bytes",
                bad.len()
            );
        }
        let (ev, games) = evaluator_from_bytes(&bytes).unwrap();
        assert_eq!((&ev, games), (t.net(), Some(1)));
        assert_eq!(evaluator_from_bytes(&ev.to_bytes()).unwrap(), (ev, None));
        assert!(evaluator_from_bytes(b"BGE1").is_err());
        let missing = Trainer::load(Path::new("/nonexistent/dir/ckpt"));
        assert!(matches!(missing, Err(CheckpointError::Io(_))));
    }
}
