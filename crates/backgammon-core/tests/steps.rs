//! The step-by-step interface ("Interaction for a touch screen").

use backgammon_core::{Dice, Game, Opening, Position, Side, Turn, TurnError, BAR};

fn pos(me: &[(usize, u8)], opp: &[(usize, u8)]) -> Position {
    Position::from_point_counts(me, opp).unwrap()
}

fn d(a: u8, b: u8) -> Dice {
    Dice::new(a, b).unwrap()
}

#[test]
fn movable_checkers_destinations_and_tapped_points_at_the_start() {
    let t = Turn::new(Position::start(), d(3, 1));
    assert_eq!(t.movable_checkers(), vec![24, 13, 8, 6]);
    let mut dest = t.destinations(8);
    dest.sort();
    assert_eq!(dest, vec![5, 7]);
    // "the single checker that can reach a tapped point, when there is exactly one"
    assert_eq!(t.checker_for(7), Some(8));
    assert_eq!(
        t.checker_for(5),
        None,
        "8 (with the 3) and 6 (with the 1) both reach 5"
    );
    assert_eq!(t.checker_for(4), None, "nothing reaches 4 with one die");
    assert_eq!(t.checker_for(21), Some(24));
}

#[test]
fn steps_keep_a_complete_legal_play_possible() {
    // "the checkers that may move now (the ones that keep a complete legal
    // play possible)": with 6-5 the 6 must be played (larger-die rule), so
    // the 5 (24/19) is not offered first.
    let p = pos(&[(24, 1), (1, 14)], &[(12, 2)]);
    let t = Turn::new(p, d(6, 5));
    assert_eq!(t.destinations(24), vec![18]);
    let mut t2 = t.clone();
    assert_eq!(
        t2.step(24, 19),
        Err(TurnError::IllegalStep { from: 24, to: 19 })
    );
    assert_eq!(t2, t, "a refused step leaves the turn unchanged");
    t2.step(24, 18).unwrap();
    assert!(t2.is_complete());
    assert!(t2.options().is_empty());
    assert_eq!(t2.commit().unwrap().notation(), "24/18");
}

#[test]
fn step_undo_and_commit() {
    let mut t = Turn::new(Position::start(), d(3, 1));
    assert_eq!(t.commit(), Err(TurnError::Incomplete(2)));
    let s = t.step(8, 5).unwrap();
    assert_eq!((s.from, s.to, s.hit), (8, 5, false));
    assert_eq!(t.pip_counts(), [164, 167]);
    assert_eq!(t.remaining_dice(), &[1]);
    assert!(!t.is_complete());
    assert_eq!(t.undo_step(), Some(s));
    assert_eq!(t.position(), &Position::start());
    assert_eq!(t.remaining_dice().len(), 2);
    t.step(6, 5).unwrap();
    t.step(8, 5).unwrap();
    assert!(t.is_complete());
    let play = t.commit().unwrap();
    assert_eq!(play.notation(), "8/5 6/5");
    assert_eq!(t.undo_step().map(|s| s.from), Some(8));
    assert_eq!(t.undo_step().map(|s| s.from), Some(6));
    assert_eq!(t.undo_step(), None);
}

#[test]
fn bar_first_and_bear_off_destinations() {
    let p = pos(&[(BAR, 1), (6, 14)], &[(6, 2)]);
    let t = Turn::new(p, d(6, 3));
    assert_eq!(t.movable_checkers(), vec![BAR as u8]);
    assert_eq!(t.destinations(BAR as u8), vec![22]);
    // Bearing off: "off" is offered as destination 0.
    let p = pos(&[(5, 2), (2, 1)], &[(3, 15)]);
    let t = Turn::new(p, d(6, 1));
    let mut dest = t.destinations(5);
    dest.sort();
    assert_eq!(dest, vec![0, 4]);
    assert_eq!(
        t.destinations(2),
        vec![1],
        "no bear-off from 2 with a 6 while 5 is occupied"
    );
}

#[test]
fn game_session_steps_and_commit() {
    let mut g = Game::with_opening(Opening::new(3, 1).unwrap());
    assert_eq!(g.movable_checkers(), vec![24, 13, 8, 6]);
    g.step(8, 5).unwrap();
    assert_eq!(g.pip_counts(), [164, 167]);
    assert!(g.commit_turn().is_err());
    g.step(6, 5).unwrap();
    assert_eq!(g.undo_step().map(|s| s.from), Some(6));
    g.step(6, 5).unwrap();
    let play = g.commit_turn().unwrap();
    assert_eq!(play.notation(), "8/5 6/5");
    assert_eq!(g.history().len(), 1);
    assert_eq!(g.state().position().checkers(Side::Opponent, 5), 2);
    assert!(
        g.movable_checkers().is_empty(),
        "no dice rolled for the next player yet"
    );
}

#[test]
fn a_refused_move_says_why() {
    use backgammon_core::StepRefusal;
    // "A player with checkers on the bar must enter them all [...] before
    // any other checker moves".
    let t = Turn::new(pos(&[(BAR, 1), (6, 14)], &[(1, 15)]), d(3, 1));
    assert_eq!(t.why_not(6, 3), Some(StepRefusal::MustEnter { on_bar: 1 }));
    assert_eq!(t.why_not(BAR as u8, 22), None);
    // "A number bears off a checker from the matching point, or, if no
    // checker is on a higher point, from the highest occupied point."
    let t = Turn::new(pos(&[(5, 1), (2, 14)], &[(24, 15)]), d(6, 3));
    assert_eq!(
        t.why_not(2, 0),
        Some(StepRefusal::HigherChecker { point: 2, die: 6 })
    );
    assert_eq!(t.why_not(5, 0), None);
    // "if either could be played but not both, the larger must be played".
    let p = pos(&[(24, 1), (1, 14)], &[(12, 2)]);
    let mut t = Turn::new(p, d(6, 5));
    assert_eq!(t.why_not(24, 19), Some(StepRefusal::RollRule));
    t.step(24, 18).unwrap();
    assert_eq!(t.why_not(1, 0), Some(StepRefusal::NoDiceLeft));
    // A move of several dice is refused when every way is blocked.
    let t = Turn::new(Position::start(), d(6, 5));
    assert_eq!(t.why_not(24, 13), None);
    let t = Turn::new(Position::start(), d(6, 6));
    assert_eq!(
        t.why_not(24, 12),
        Some(StepRefusal::Blocked {
            point: 12,
            count: 5
        })
    );
    // Any pair of numbers a host passes gets a reason, never a panic.
    for from in 0..=40u8 {
        for to in 0..=40u8 {
            let why = t.why_not(from, to);
            assert_eq!(
                why.is_none(),
                from == 24 && to == 18 || from == 13 && to == 7 || from == 8 && to == 2,
                "{from}/{to}: {why:?}"
            );
        }
    }
    assert_eq!(
        t.why_not(5, 20),
        Some(StepRefusal::NotForward { from: 5, to: 20 })
    );
    assert!(t
        .why_not(24, 12)
        .unwrap()
        .to_string()
        .contains("point 12 is held by 5 of the opponent's checkers"));
}
