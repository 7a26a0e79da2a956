//! Property tests and the brute-force cross-check of the analysis.

use std::collections::BTreeMap;

use games_common::{Budget, CancelFlag, GameRng, Player};
use nim_core::{ai_move, analyze, Game, Level, Match, Move, Position, Rule};
use proptest::prelude::*;

/// Independent oracle: plain minimax over every move, memoised on the
/// sorted rows. True when the player to move wins.
fn brute_force_wins(rows: &[u32], rule: Rule, memo: &mut BTreeMap<Vec<u32>, bool>) -> bool {
    let mut key = rows.to_vec();
    key.sort_unstable();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let v = if rows.iter().all(|&r| r == 0) {
        rule == Rule::Misere // the opponent took the last circle
    } else {
        let mut wins = false;
        'outer: for i in 0..rows.len() {
            for take in 1..=rows[i] {
                let mut next = rows.to_vec();
                next[i] -= take;
                if !brute_force_wins(&next, rule, memo) {
                    wins = true;
                    break 'outer;
                }
            }
        }
        wins
    };
    memo.insert(key, v);
    v
}

fn winning_moves_by_brute_force(
    rows: &[u32],
    rule: Rule,
    memo: &mut BTreeMap<Vec<u32>, bool>,
) -> Vec<Move> {
    let mut out = Vec::new();
    for (i, &r) in rows.iter().enumerate() {
        for take in 1..=r {
            let mut next = rows.to_vec();
            next[i] -= take;
            if !brute_force_wins(&next, rule, memo) {
                out.push(Move::new(i, take));
            }
        }
    }
    out
}

/// Every position of up to 4 rows of up to 6 circles, both rules: the
/// analysis (verdict and the full list of winning moves) equals brute force.
#[test]
fn analysis_agrees_with_brute_force_on_every_small_position() {
    for rule in [Rule::Normal, Rule::Misere] {
        let mut memo = BTreeMap::new();
        let mut checked = 0;
        for len in 1..=4usize {
            let total = 7u32.pow(len as u32);
            for code in 0..total {
                let rows: Vec<u32> = (0..len).map(|i| code / 7u32.pow(i as u32) % 7).collect();
                let pos = Position::new(&rows, rule, Player::First).unwrap();
                let a = analyze(&pos);
                assert_eq!(
                    a.mover_wins,
                    brute_force_wins(&rows, rule, &mut memo),
                    "{rows:?} {rule:?}"
                );
                assert_eq!(
                    a.winning_moves,
                    winning_moves_by_brute_force(&rows, rule, &mut memo),
                    "{rows:?} {rule:?}"
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 7 + 49 + 343 + 2401);
    }
}

fn rows_strategy() -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(0u32..9, 1..6)
}

fn rule_strategy() -> impl Strategy<Value = Rule> {
    prop_oneof![Just(Rule::Normal), Just(Rule::Misere)]
}

proptest! {
    /// Hard never loses a won position, whatever the opponent plays.
    #[test]
    fn hard_never_loses_a_won_position(
        rows in rows_strategy(),
        rule in rule_strategy(),
        seed: u64,
        opponent in prop::collection::vec(any::<u64>(), 64),
    ) {
        let mut pos = Position::new(&rows, rule, Player::First).unwrap();
        prop_assume!(!pos.is_over() && analyze(&pos).mover_wins);
        let mut rng = GameRng::from_seed(seed);
        let cancel = CancelFlag::new();
        let mut turn = 0;
        while !pos.is_over() {
            let mv = if pos.to_move() == Player::First {
                ai_move(&pos, Level::Hard, &mut rng, Budget::UNLIMITED, &cancel).unwrap().mv
            } else {
                // The opponent: any legal move, chosen by the test.
                let n = pos.legal_move_count();
                pos.nth_legal_move(opponent[turn % opponent.len()] % n).unwrap()
            };
            pos.play(mv).unwrap();
            turn += 1;
        }
        prop_assert_eq!(pos.winner(), Some(Player::First));
    }

    /// The legal moves are exactly the moves `play` accepts.
    #[test]
    fn legal_moves_are_exactly_what_play_accepts(
        rows in rows_strategy(),
        rule in rule_strategy(),
        row in 0usize..7,
        take in 0u32..11,
    ) {
        let pos = Position::new(&rows, rule, Player::First).unwrap();
        let mv = Move::new(row, take);
        let listed = pos.legal_moves().contains(&mv);
        let mut after = pos.clone();
        let played = after.play(mv);
        prop_assert_eq!(listed, played.is_ok());
        prop_assert_eq!(listed, pos.check(mv).is_ok());
        if played.is_err() {
            prop_assert_eq!(&after, &pos);
        }
        prop_assert_eq!(pos.legal_moves().len() as u64, pos.legal_move_count());
    }

    /// Undo restores exactly; redo replays exactly; save/load round-trips.
    #[test]
    fn undo_redo_and_save_round_trip(
        rows in prop::collection::vec(1u32..9, 1..6),
        rule in rule_strategy(),
        seed: u64,
        picks in prop::collection::vec(any::<u64>(), 0..30),
        undos in 0usize..30,
    ) {
        let mut game = Game::new(&rows, rule, Player::First, seed).unwrap();
        let mut positions = vec![game.position().clone()];
        for p in picks {
            if game.is_over() { break; }
            let n = game.position().legal_move_count();
            let mv = game.position().nth_legal_move(p % n).unwrap();
            game.play(mv).unwrap();
            positions.push(game.position().clone());
        }
        let played = positions.len() - 1;
        let k = undos.min(played);
        for _ in 0..k {
            game.undo().unwrap();
        }
        prop_assert_eq!(game.position(), &positions[played - k]);
        let bytes = game.save();
        let back = Game::load(&bytes).unwrap();
        prop_assert_eq!(&back, &game);
        prop_assert_eq!(back.save(), bytes, "save after load gives the same bytes");
        for _ in 0..k {
            game.redo().unwrap();
        }
        prop_assert_eq!(game.position(), &positions[played]);
        prop_assert!(!game.can_redo());
    }

    /// A match saved at any point loads back equal.
    #[test]
    fn match_save_round_trips(rounds in 1u32..5, seed: u64, steps in 0usize..40) {
        let mut m = Match::new(&[2, 3], Rule::Normal, rounds, Player::Second, seed).unwrap();
        let cancel = CancelFlag::new();
        for _ in 0..steps {
            if m.is_over() { break; }
            if m.game().is_over() { m.next_round().unwrap(); continue; }
            let mv = m.game_mut().ai_move(Level::Easy, Budget::UNLIMITED, &cancel).unwrap().mv;
            m.game_mut().play(mv).unwrap();
        }
        let bytes = m.save();
        let back = Match::load(&bytes).unwrap();
        prop_assert_eq!(back.save(), bytes, "save after load gives the same bytes");
        prop_assert_eq!(back, m);
    }

    /// Loading arbitrary bytes never panics.
    #[test]
    fn loading_garbage_is_an_error_not_a_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = Game::load(&bytes);
        let _ = Match::load(&bytes);
    }
}

#[test]
fn random_games_terminate_at_every_level() {
    let cancel = CancelFlag::new();
    for level in Level::ALL {
        let mut game = Game::new(&[10, 20, 30, 65536], Rule::Misere, Player::First, 3).unwrap();
        let mut moves = 0u64;
        while let Some(a) = game.ai_move(level, Budget::UNLIMITED, &cancel) {
            game.play(a.mv).unwrap();
            moves += 1;
        }
        assert!(game.is_over());
        assert!(moves <= 10 + 20 + 30 + 65536);
    }
}
