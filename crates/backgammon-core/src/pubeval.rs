//! Tesauro's pubeval: the public linear evaluation, the standard benchmark
//! opponent (weights in `data/pubeval_weights.txt`, public domain).
//!
//! A score is for the side that **just moved**, i.e. the side on roll of a
//! [`Play::result`] (before the board is turned around): higher is better.
//! The race or contact weights are chosen on the position before the move.

use std::sync::OnceLock;

use crate::board::{Position, CHECKERS};
use crate::dice::Dice;
use crate::movegen::{legal_plays, Play};

const WEIGHTS_TEXT: &str = include_str!("../data/pubeval_weights.txt");

/// Race weights then contact weights, 122 each.
fn weights() -> &'static ([f32; 122], [f32; 122]) {
    static W: OnceLock<([f32; 122], [f32; 122])> = OnceLock::new();
    W.get_or_init(|| parse_weights(WEIGHTS_TEXT))
}

fn parse_weights(text: &str) -> ([f32; 122], [f32; 122]) {
    let mut race = [0f32; 122];
    let mut contact = [0f32; 122];
    let mut which: Option<bool> = None;
    let mut i = 0usize;
    for line in text.lines() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        match t {
            "wr" => {
                which = Some(true);
                i = 0;
            }
            "wc" => {
                which = Some(false);
                i = 0;
            }
            _ => {
                let Ok(v) = t.parse::<f32>() else { continue };
                let target = match which {
                    Some(true) => &mut race,
                    Some(false) => &mut contact,
                    None => continue,
                };
                if let Some(slot) = target.get_mut(i) {
                    *slot = v;
                }
                i += 1;
            }
        }
    }
    (race, contact)
}

/// The pubeval score of `after` (a position right after a move, seen from
/// the side that moved), with the race weights when `race` is true.
/// A side with all 15 off scores `f32::MAX`.
#[must_use]
pub fn pubeval_score(after: &Position, race: bool) -> f32 {
    let b = after.raw();
    if after.off(crate::Side::OnRoll) == CHECKERS {
        return f32::MAX;
    }
    let (wr, wc) = weights();
    let w = if race { wr } else { wc };
    let mut score = 0f32;
    // Input group j (1..=24) describes the mover's point 25 - j.
    for j in 1..=24usize {
        let n = b[25 - j];
        let base = 5 * (j - 1);
        if n == 0 {
            continue;
        }
        if n == -1 {
            score += w[base];
        }
        if n == 1 {
            score += w[base + 1];
        }
        if n >= 2 {
            score += w[base + 2];
        }
        if n == 3 {
            score += w[base + 3];
        }
        if n >= 4 {
            score += w[base + 4] * (f32::from(n) - 3.0) / 2.0;
        }
    }
    // Opponent's men on the bar (b[0] is minus that count), own men off.
    score += w[120] * (-f32::from(b[0])) / 2.0;
    score += w[121] * f32::from(after.off(crate::Side::OnRoll)) / 15.0;
    score
}

/// The play pubeval chooses for `dice` (ties: the first in generation order).
#[must_use]
pub fn pubeval_move(position: &Position, dice: Dice) -> Play {
    let race = position.is_race();
    let plays = legal_plays(position, dice);
    let mut best = Play::pass(position);
    let mut best_score = f32::NEG_INFINITY;
    for p in plays {
        let s = pubeval_score(p.result(), race);
        if s > best_score {
            best_score = s;
            best = p;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reference scores from an independent pubeval: PyPI `gnubg-nn`
    /// 1.1.0a11, `gnubg_nn.pub_eval_score([mover, opponent])` on the board
    /// of each Position ID (gnubg's board 0 is the side that just moved),
    /// printed with `repr` and hard-coded here.
    const REFERENCE: &[(&str, f32)] = &[
        ("4HPwATDgc/ABMA", 6.840_55),
        ("KtfgASHI58EBUA", 5.147_155),
        ("znwHBASG5wPAQQ", 8.562_025),
        ("7vgBCggNT4DKQg", 1.154_675_3),
        ("DwIDfAd9cREIGA", -2.723_799_7),
        ("+wEGcEifgyKMAg", 1.442_580_2),
        ("/y8FAAC/X4QAAA", -40.602_295),
        ("ZxyCSQr/AAjQQw", -12.515_835),
        ("hQ0coC3gK3HAYA", 8.827_8),
        ("O3oxQCASCAP+RQ", -6.805_075),
        ("vxsEEBQAQpL9Qw", -3.466_574_4),
        ("94dYAQD/XAJACA", -14.815_121),
        ("/7kAQAj3h1gBAA", -5.065_11),
        ("96eiAAD/uQBACA", -17.572_62),
        ("/7kAUAD3p0IAQA", -10.136_25),
    ];

    #[test]
    fn scores_match_an_independent_pubeval() {
        for &(id, expected) in REFERENCE {
            let p = Position::from_gnubg_id(id).unwrap();
            let got = pubeval_score(&p, p.is_race());
            assert!(
                (got - expected).abs() < 1e-3,
                "{id}: {got} vs {expected} (race {})",
                p.is_race()
            );
        }
    }

    #[test]
    fn weights_parse_completely() {
        let (wr, wc) = weights();
        // Spot values from the file: wr[1] = -0.17160, last wc value.
        assert!((wr[1] - -0.17160).abs() < 1e-6);
        assert!(wc.iter().any(|&v| v != 0.0));
        assert_eq!(
            WEIGHTS_TEXT
                .lines()
                .filter(|l| l.trim().parse::<f32>().is_ok())
                .count(),
            244
        );
    }
}
