//! Hard never gives away a value the solver proves: on 3×3 its default
//! node budget proves every position, so each of its moves keeps the
//! exact value (issue 21: Hard used to drop 2 boxes in its opening, above
//! a fixed solver threshold of 20 undrawn lines).

use timbiriche_core::{
    ai_move, hint, solve, BoardSize, Budget, CancelFlag, GameRng, Level, Player, Position,
};

/// The node-only form of Hard's default budget (identical play everywhere).
const HARD: Budget = Budget::nodes(2_000_000);

fn value(pos: &Position) -> i32 {
    let s = solve(pos, Budget::UNLIMITED, &CancelFlag::new());
    assert!(s.complete);
    s.value.unwrap()
}

/// The value of drawing `line` in `pos` for the player to move: Wilson's
/// recurrence, `k + value(child)` after a capture worth `k`, else
/// `-value(child)`.
fn move_value(pos: &Position, line: timbiriche_core::Line) -> i32 {
    let mut child = pos.clone();
    let out = child.play(line).unwrap();
    let sign = if pos.is_misere() { -1 } else { 1 };
    if out.completed > 0 {
        sign * out.points as i32 + value(&child)
    } else {
        -value(&child)
    }
}

/// Plays a seeded game of Hard against a random player; checks every move
/// of Hard against the solver. Returns how many moves were checked.
fn check_game(size: BoardSize, misere: bool, hard_side: Player, seed: u64) -> usize {
    let cancel = CancelFlag::new();
    let mut pos = Position::standard(size).with_misere(misere);
    let mut rng = GameRng::from_seed(seed);
    let mut random = GameRng::from_seed(seed ^ 0xD07);
    let mut checked = 0;
    while !pos.is_over() {
        let line = if pos.to_move() == hard_side {
            let m = ai_move(&pos, Level::Hard, &mut rng, HARD, &cancel).unwrap();
            let v = value(&pos);
            if pos.num_undrawn() < size.num_lines() {
                assert_eq!(
                    m.proven_value,
                    Some(v),
                    "seed {seed}: Hard proves every 3×3 position after the first line ({} undrawn)",
                    pos.num_undrawn()
                );
            }
            assert_eq!(
                move_value(&pos, m.line),
                v,
                "seed {seed}: Hard's {:?} at {} undrawn gives value away",
                m.line,
                pos.num_undrawn()
            );
            checked += 1;
            m.line
        } else {
            let moves = pos.legal_moves();
            *random.choose(&moves).unwrap()
        };
        pos.play(line).unwrap();
    }
    checked
}

#[test]
fn hard_keeps_the_proven_value_on_every_3x3_move_from_either_side() {
    let size = BoardSize::new(3, 3).unwrap();
    let mut checked = 0;
    for seed in 0..3 {
        checked += check_game(size, false, Player::First, seed);
        checked += check_game(size, false, Player::Second, seed);
    }
    assert!(checked >= 24, "{checked}");
}

#[test]
fn hard_keeps_the_value_after_one_or_two_opening_moves() {
    // Every position after one move and a sample after two: Hard's answer
    // keeps the solver's value.
    let size = BoardSize::new(3, 3).unwrap();
    let cancel = CancelFlag::new();
    let empty = Position::standard(size);
    let m = ai_move(
        &empty,
        Level::Hard,
        &mut GameRng::from_seed(1),
        HARD,
        &cancel,
    )
    .unwrap();
    assert_eq!(move_value(&empty, m.line), value(&empty));
    let mut rng = GameRng::from_seed(21);
    for first in empty.legal_moves().into_iter().step_by(3) {
        let mut one = empty.clone();
        one.play(first).unwrap();
        let m = ai_move(&one, Level::Hard, &mut GameRng::from_seed(2), HARD, &cancel).unwrap();
        assert_eq!(move_value(&one, m.line), value(&one), "after {first:?}");
        let replies = one.legal_moves();
        let mut two = one.clone();
        two.play(*rng.choose(&replies).unwrap()).unwrap();
        let m = ai_move(&two, Level::Hard, &mut GameRng::from_seed(3), HARD, &cancel).unwrap();
        assert_eq!(move_value(&two, m.line), value(&two), "after {first:?}");
    }
}

#[test]
fn the_hint_follows_the_proof() {
    // The hint is Hard's move: proven, with the final margin.
    let size = BoardSize::new(3, 3).unwrap();
    let mut pos = Position::standard(size);
    let moves = pos.legal_moves();
    pos.play(moves[4]).unwrap();
    let h = hint(&pos, HARD, &CancelFlag::new()).unwrap();
    let v = value(&pos);
    assert_eq!(h.proven_margin, Some(v));
    assert_eq!(move_value(&pos, h.line), v);
}
