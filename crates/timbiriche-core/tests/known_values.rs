//! Known values (net boxes for the player to move, perfect play).

use timbiriche_core::{solve, BoardSize, Budget, CancelFlag, Line, Position};

fn solved(r: u32, c: u32, misere: bool) -> timbiriche_core::Solution {
    let p = Position::standard(BoardSize::new(r, c).unwrap()).with_misere(misere);
    let s = solve(&p, Budget::UNLIMITED, &CancelFlag::new());
    assert!(s.complete);
    s
}

#[test]
fn one_by_one_is_minus_one() {
    assert_eq!(solved(1, 1, false).value, Some(-1));
}

#[test]
fn two_by_two_is_plus_two_and_only_the_outer_lines_are_optimal() {
    let s = solved(2, 2, false);
    assert_eq!(s.value, Some(2));
    let size = BoardSize::new(2, 2).unwrap();
    let outer: Vec<Line> = size
        .lines()
        .filter(|&l| size.line_boxes(l).len() == 1)
        .collect();
    assert_eq!(outer.len(), 8);
    assert_eq!(s.best_moves, outer);
}

#[test]
fn two_by_three_is_minus_two() {
    assert_eq!(solved(2, 3, false).value, Some(-2));
}

#[test]
fn three_by_three_is_minus_three_for_every_first_move() {
    let s = solved(3, 3, false);
    assert_eq!(s.value, Some(-3));
    assert_eq!(s.best_moves.len(), 24);
}

/// About 6 million nodes: the workspace builds this crate with `opt-level = 3`
/// even for tests, so it takes seconds.
#[test]
fn three_by_three_misere_is_minus_one() {
    assert_eq!(solved(3, 3, true).value, Some(-1));
}

/// Node counts do not depend on the machine, so they guard the solver's
/// reductions (the border-line exchange, the chain endgame, the look-up
/// of the children before searching them, skipping the children whose
/// stored bound cannot beat alpha): before them the empty 3×3 took
/// 1,007,781 nodes and its misère 6.3 million.
#[test]
fn three_by_three_node_counts_stay_low() {
    let normal = solved(3, 3, false);
    assert!(normal.nodes() < 200_000, "{}", normal.nodes());
    let misere = solved(3, 3, true);
    assert_eq!(misere.value, Some(-1));
    assert!(misere.nodes() < 700_000, "{}", misere.nodes());
}

/// 3×4 is a tie (Wilson). About 10 s of CPU: run with `--ignored`.
#[test]
#[ignore = "about 10 s of CPU with the default 32 MiB table"]
fn three_by_four_is_a_tie() {
    assert_eq!(solved(3, 4, false).value, Some(0));
}
