//! Property tests over positions reached by seeded random play.

use std::collections::BTreeSet;

use backgammon_core::{legal_plays, Dice, GameRng, Position, Side, Turn};
use proptest::prelude::*;

/// The position after `plies` random legal plays from the start (seeded).
fn random_position(seed: u64, plies: u32) -> Position {
    let mut rng = GameRng::from_seed(seed);
    let mut p = Position::start();
    for _ in 0..plies {
        let d = Dice::roll(&mut rng);
        let plays = legal_plays(&p, d);
        let Some(play) = rng.choose(&plays) else {
            break;
        };
        let next = *play.result();
        if next.outcome().is_some() {
            break;
        }
        p = next.flip();
    }
    p
}

fn check_counts(p: &Position) -> Result<(), TestCaseError> {
    for side in [Side::OnRoll, Side::Opponent] {
        let c = p.side_counts(side);
        let total: u32 = c.iter().map(|&x| u32::from(x)).sum();
        prop_assert_eq!(total, 15);
        let pips: u32 = c
            .iter()
            .enumerate()
            .map(|(i, &n)| i as u32 * u32::from(n))
            .sum();
        prop_assert_eq!(pips, p.pip_count(side));
    }
    Ok(())
}

/// Every result reachable through the step interface, by trying every option.
fn step_results(t: &Turn, out: &mut BTreeSet<Position>, budget: &mut u32) {
    if *budget == 0 {
        return;
    }
    *budget -= 1;
    if t.is_complete() {
        out.insert(*t.position());
        return;
    }
    for o in t.options() {
        let mut next = t.clone();
        if next.step(o.from, o.to).is_ok() {
            step_results(&next, out, budget);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn fifteen_checkers_a_side_and_pip_counts_consistent(seed: u64, plies in 0u32..120, d1 in 1u8..=6, d2 in 1u8..=6) {
        let p = random_position(seed, plies);
        check_counts(&p)?;
        prop_assert_eq!(p.flip().flip(), p);
        let dice = Dice::new(d1, d2).unwrap();
        for play in legal_plays(&p, dice) {
            check_counts(play.result())?;
            // A play moves the mover's pips down by at most the roll's total.
            let before = p.pip_count(Side::OnRoll);
            let after = play.result().pip_count(Side::OnRoll);
            let most = if dice.is_double() { 4 * u32::from(d1) } else { u32::from(d1 + d2) };
            prop_assert!(after < before || play.is_pass());
            prop_assert!(before - after <= most);
            // The opponent only gains pips (hits).
            prop_assert!(play.result().pip_count(Side::Opponent) >= p.pip_count(Side::Opponent));
        }
    }

    #[test]
    fn position_id_and_xgid_round_trip(seed: u64, plies in 0u32..150, d1 in 1u8..=6, d2 in 1u8..=6) {
        let p = random_position(seed, plies);
        let id = p.to_gnubg_id();
        prop_assert_eq!(id.len(), 14);
        prop_assert_eq!(Position::from_gnubg_id(&id), Ok(p));
        let dice = Dice::new(d1, d2).ok();
        let x = p.to_xgid(dice);
        prop_assert_eq!(Position::from_xgid(&x), Ok((p, dice)));
        prop_assert_eq!(Position::from_fibs(&p.to_fibs(dice)), Ok((p, dice)));
        let json = serde_json::to_string(&p).unwrap();
        prop_assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), p);
    }

    #[test]
    fn notation_round_trips_for_every_legal_play(seed: u64, plies in 0u32..120, d1 in 1u8..=6, d2 in 1u8..=6) {
        let p = random_position(seed, plies);
        let dice = Dice::new(d1, d2).unwrap();
        for play in legal_plays(&p, dice) {
            // The from/to pairs of engine protocols name the same play.
            let pairs = play.to_pairs();
            prop_assert!(!pairs.contains('*') && !pairs.contains('('));
            let by_pairs = backgammon_core::parse_play(&p, dice, &pairs);
            prop_assert_eq!(by_pairs.map(|q| *q.result()), Ok(*play.result()));
            let back = backgammon_core::parse_play(&p, dice, &play.notation());
            prop_assert_eq!(back.map(|b| *b.result()), Ok(*play.result()), "{}", play.notation());
        }
    }

    #[test]
    fn step_interface_reaches_exactly_the_legal_plays(seed: u64, plies in 0u32..120, d1 in 1u8..=6, d2 in 1u8..=6) {
        let p = random_position(seed, plies);
        let dice = Dice::new(d1, d2).unwrap();
        let legal: BTreeSet<Position> = legal_plays(&p, dice).iter().map(|x| *x.result()).collect();
        let mut reached = BTreeSet::new();
        let mut budget = 200_000;
        step_results(&Turn::new(p, dice), &mut reached, &mut budget);
        prop_assume!(budget > 0);
        prop_assert_eq!(reached, legal);
    }
}
