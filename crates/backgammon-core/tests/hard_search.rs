//! Hard's search: the 3-ply look at the best 2-ply candidates (move
//! filters as GNU Backgammon's n-ply).

use backgammon_core::{
    ai_move, hard_move_with, Budget, CancelFlag, Dice, Evaluation, GameRng, HardSearch, Level,
    Position, HARD_SEARCH,
};

/// Positions from games of Hard against GNU Backgammon 0-ply where the
/// 2-ply search chose a play that gnubg 2-ply judged worse than its own by
/// 0.27, 0.15 and 0.14 point, with gnubg's play (the Position ID after it).
const CASES: [(&str, u8, u8, &str); 3] = [
    ("bHsCwAW3j8kAAA", 6, 2, "bHsCwEG3LzMAAA"),
    ("4HOWAxAzG/ADIA", 4, 4, "4HOWA0DbDMMDIA"),
    ("3e4AYATebMYBAA", 5, 4, "3e4AYAS+2YwBAA"),
];

/// Hard's filters without the 3-ply look.
const TWO_PLY: HardSearch = HardSearch {
    deep_keep: 0,
    ..HARD_SEARCH
};

#[test]
fn the_three_ply_look_finds_what_two_plies_miss() {
    // Spec: "**Hard**: as Normal, and also averages over the **21**
    // possible opponent rolls and the opponent's best reply to each (2-ply
    // expectimax), possibly with a stronger evaluation."
    let ev = Evaluation::shipped(Level::Hard);
    let two_ply = TWO_PLY;
    for (id, d1, d2, gnubg) in CASES {
        let p = Position::from_gnubg_id(id).unwrap();
        let dice = Dice::new(d1, d2).unwrap();
        let cancel = CancelFlag::new();
        let hard = ai_move(
            &p,
            dice,
            Level::Hard,
            &mut GameRng::from_seed(1),
            Budget::UNLIMITED,
            &cancel,
        );
        assert_eq!(hard.play.result().to_gnubg_id(), gnubg, "{id} {d1}{d2}");
        let two = hard_move_with(&p, dice, ev, &two_ply, Budget::UNLIMITED, &cancel);
        assert_ne!(two.play.result().to_gnubg_id(), gnubg, "{id} {d1}{d2}");
        // The same filters through hard_move_with give Hard's play.
        let same = hard_move_with(&p, dice, ev, &HARD_SEARCH, Budget::UNLIMITED, &cancel);
        assert_eq!(same.play, hard.play, "{id}");
    }
}

#[test]
fn the_three_ply_look_stays_within_its_node_cap() {
    // With a cap too small for even one 3-ply look, Hard keeps its 2-ply
    // choice; with a node budget it stops there and answers a legal play.
    let capped = HardSearch {
        deep_nodes: 10,
        ..HARD_SEARCH
    };
    let ev = Evaluation::shipped(Level::Hard);
    let two_ply = TWO_PLY;
    let cancel = CancelFlag::new();
    for (id, d1, d2, _) in CASES {
        let p = Position::from_gnubg_id(id).unwrap();
        let dice = Dice::new(d1, d2).unwrap();
        let a = hard_move_with(&p, dice, ev, &capped, Budget::UNLIMITED, &cancel);
        let b = hard_move_with(&p, dice, ev, &two_ply, Budget::UNLIMITED, &cancel);
        assert_eq!(a.play, b.play, "{id}");
        assert_eq!(a.stats.nodes, b.stats.nodes, "{id}: no 3-ply work");
        let full = hard_move_with(&p, dice, ev, &HARD_SEARCH, Budget::UNLIMITED, &cancel);
        assert!(full.stats.nodes > b.stats.nodes);
        assert!(full.stats.nodes <= b.stats.nodes + HARD_SEARCH.deep_nodes + 1000);
        let budget = Budget::nodes(b.stats.nodes + 100);
        let cut = hard_move_with(&p, dice, ev, &HARD_SEARCH, budget, &cancel);
        assert!(backgammon_core::legal_plays(&p, dice).contains(&cut.play));
    }
}
