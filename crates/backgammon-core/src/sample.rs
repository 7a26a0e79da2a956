//! Seeded sample positions for benchmarks, tests and tools.

use games_common::GameRng;

use crate::board::Position;
use crate::dice::Dice;
use crate::movegen::legal_plays;

/// `count` positions (side on roll to play) reached by seeded random play
/// from the start, one every few turns of a series of games; with
/// `contact_only` only positions where the sides can still hit each other.
/// The same seed gives the same positions on every platform. The list grows
/// as positions are found (at most 4,096 are reserved up front), so a count
/// larger than memory holds fails only when memory runs out, as any growing
/// `Vec` does, not at once.
#[must_use]
pub fn sample_positions(seed: u64, count: usize, contact_only: bool) -> Vec<Position> {
    let mut rng = GameRng::from_seed(seed);
    let mut out = Vec::with_capacity(count.min(4096));
    let mut p = Position::start();
    let mut guard = 0usize;
    while out.len() < count && guard < count.saturating_mul(1000).max(1000) {
        guard += 1;
        let d = Dice::roll(&mut rng);
        let plays = legal_plays(&p, d);
        let Some(play) = rng.choose(&plays) else {
            break;
        };
        let next = play.result().flip();
        if next.outcome().is_some() {
            p = Position::start();
            continue;
        }
        p = next;
        if (!contact_only || !p.is_race()) && rng.chance(1, 3) {
            out.push(p);
        }
    }
    out
}
