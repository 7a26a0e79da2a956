//! Every rule of the spec page on hand-built positions.

use backgammon_core::{
    legal_plays, parse_play, Dice, DiceOutcome, Game, GameState, Opening, Player, Position, Side,
    WinKind, BAR, OFF,
};

/// A position from (point, count) lists, each side from its own view
/// (point 25 is the bar); borne-off checkers are what is missing from 15.
fn pos(me: &[(usize, u8)], opp: &[(usize, u8)]) -> Position {
    Position::from_point_counts(me, opp).unwrap()
}

fn d(a: u8, b: u8) -> Dice {
    Dice::new(a, b).unwrap()
}

fn notations(p: &Position, dice: Dice) -> Vec<String> {
    let mut v: Vec<String> = legal_plays(p, dice).iter().map(|x| x.notation()).collect();
    v.sort();
    v
}

#[test]
fn larger_die_must_be_played_when_only_one_can() {
    // "if either could be played but not both, the larger must be played"
    // One runner on 24 (the rest on the ace point, not allowed to bear off
    // yet); the opponent holds the mover's 13 so 24/18/13 and 24/19/13 fail.
    let p = pos(&[(24, 1), (1, 14)], &[(12, 2)]);
    assert_eq!(notations(&p, d(6, 5)), vec!["24/18"]);
    assert_eq!(
        notations(&p, d(5, 6)),
        vec!["24/18"],
        "die order does not matter"
    );
}

#[test]
fn only_the_smaller_die_when_the_larger_cannot_be_played() {
    // "if only one can, play it": the 18 point is also blocked.
    let p = pos(&[(24, 1), (1, 14)], &[(12, 2), (7, 2)]);
    assert_eq!(notations(&p, d(6, 5)), vec!["24/19"]);
}

#[test]
fn both_numbers_must_be_played_when_possible() {
    // "if both numbers can be played, both must be": no single-die play is offered.
    for (dice, _) in Dice::all_21() {
        for play in legal_plays(&Position::start(), dice) {
            let n = if dice.is_double() { 4 } else { 2 };
            assert_eq!(play.steps().len(), n, "{dice}: {}", play.notation());
        }
    }
}

#[test]
fn partial_doubles_play_as_many_as_possible() {
    // "Doubles: as many of the four as possible": 24/20/16 then 12 is blocked.
    let p = pos(&[(24, 1), (1, 14)], &[(13, 2)]);
    let plays = legal_plays(&p, d(4, 4));
    assert_eq!(plays.len(), 1);
    assert_eq!(plays[0].steps().len(), 2);
    assert_eq!(plays[0].notation(), "24/16");
}

#[test]
fn doubles_are_played_four_times() {
    let p = Position::start();
    let play = parse_play(&p, d(6, 6), "24/18(2) 13/7(2)").unwrap();
    assert_eq!(play.steps().len(), 4);
    assert_eq!(play.result().pip_count(Side::OnRoll), 167 - 24);
}

#[test]
fn no_entry_from_the_bar_loses_the_roll() {
    // "if no entry is open, the rest of that roll is lost": the opponent's
    // home board is closed, so nothing moves, not even the other checkers.
    let p = pos(
        &[(BAR, 1), (13, 14)],
        &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (13, 3)],
    );
    for (dice, _) in Dice::all_21() {
        let plays = legal_plays(&p, dice);
        assert_eq!(plays.len(), 1);
        assert!(plays[0].is_pass());
        assert_eq!(plays[0].result(), &p);
    }
    // "A turn with no legal play passes automatically (the state says so)."
    let mut s = GameState::from_position(p, Player::First, None);
    assert_eq!(s.set_dice(d(6, 5)), Ok(DiceOutcome::Passed));
    assert_eq!(s.turn(), Player::Second);
    assert_eq!(s.dice(), None);
}

#[test]
fn bar_checkers_enter_before_anything_else() {
    // "must enter them all ... before any other checker moves"
    // Entry with the 3 only (bar/22); the 6 (bar/19) is blocked.
    let p = pos(&[(BAR, 1), (13, 14)], &[(6, 2), (13, 13)]);
    let plays = legal_plays(&p, d(6, 3));
    assert!(!plays.is_empty());
    for play in &plays {
        assert_eq!(play.steps()[0].from, BAR as u8, "{}", play.notation());
        assert_eq!(play.result().bar(Side::OnRoll), 0);
    }
    // Two on the bar, one entry open: the other stays and the roll is lost.
    let p = pos(
        &[(BAR, 2), (13, 13)],
        &[(1, 2), (2, 2), (4, 2), (5, 2), (6, 2), (13, 5)],
    );
    assert_eq!(notations(&p, d(6, 3)), vec!["bar/22"]);
    assert_eq!(notations(&p, d(3, 1)), vec!["bar/22"]);
}

#[test]
fn hitting_a_blot_sends_it_to_the_bar_and_points_are_blocked() {
    // "Landing on a single opposing checker (a blot) hits it"
    let p = pos(&[(13, 15)], &[(15, 1), (14, 2), (1, 12)]);
    // Opponent's 15 is the mover's 10; opponent's 14 is the mover's 11.
    let play = parse_play(&p, d(3, 3), "13/10*(3) 10/7").unwrap();
    assert_eq!(play.result().bar(Side::Opponent), 1);
    assert!(play.notation().contains('*'));
    // "A checker may not land on a point held by two or more opposing checkers."
    for play in legal_plays(&p, d(2, 1)) {
        for s in play.steps() {
            assert_ne!(s.to, 11, "{}", play.notation());
        }
    }
}

#[test]
fn bearing_off_needs_all_checkers_home() {
    // "Bearing off starts only when all 15 checkers are in the home board."
    let p = pos(&[(7, 1), (6, 14)], &[(20, 15)]);
    let plays = legal_plays(&p, d(6, 6));
    // 7/1 first, then three 6s bear off from the 6 point.
    assert_eq!(notations(&p, d(6, 6)), vec!["7/1 6/off(3)"]);
    assert_eq!(plays[0].result().off(Side::OnRoll), 3);
    // With 6-1 the checker comes home first, then a 6 bears off.
    let ns = notations(&p, d(6, 1));
    assert!(
        ns.contains(&"7/6 6/off".to_string()) || ns.contains(&"7/off".to_string()),
        "{ns:?}"
    );
    assert!(ns.iter().all(|n| n.contains("7/")), "{ns:?}");
}

#[test]
fn bearing_off_from_below_the_die_only_without_higher_checkers() {
    // "A number bears off a checker from the matching point, or, if no checker
    // is on a higher point, from the highest occupied point."
    let p = pos(&[(6, 1), (2, 1)], &[(20, 15)]);
    let plays = legal_plays(&p, d(5, 4));
    let mut results: Vec<(u8, u8)> = plays
        .iter()
        .map(|x| {
            (
                x.result().checkers(Side::OnRoll, 1),
                x.result().checkers(Side::OnRoll, 2),
            )
        })
        .collect();
    results.sort();
    // 6/1 then 2/off with the 4; or 6/2 then a 5 bears off from the 2.
    assert_eq!(results, vec![(0, 1), (1, 0)]);
    // Below the die with nothing higher: a 6 bears off from the 4 point.
    let p = pos(&[(4, 1), (2, 1)], &[(20, 15)]);
    let plays = legal_plays(&p, d(6, 5));
    assert_eq!(plays.len(), 1);
    assert_eq!(plays[0].result().off(Side::OnRoll), 15);
    // "A number may also move a checker inside the home board."
    let p = pos(&[(6, 2), (1, 13)], &[(20, 15)]);
    assert!(notations(&p, d(2, 1)).contains(&"6/3".to_string()));
}

#[test]
fn distinct_results_only() {
    // "two orders of the same checkers that reach the same position are one play"
    let plays = legal_plays(&Position::start(), d(3, 1));
    assert_eq!(plays.len(), 16);
    let mut r: Vec<_> = plays.iter().map(|p| *p.result()).collect();
    r.sort();
    r.dedup();
    assert_eq!(r.len(), 16);
}

#[test]
fn results_single_gammon_backgammon_through_play() {
    // Last checker off: the loser has none off and one in the winner's home: backgammon.
    let p = pos(&[(1, 1)], &[(20, 14), (BAR, 1)]);
    let mut s = GameState::from_position(p, Player::Second, Some(d(2, 1)));
    s.play_notation("1/off").unwrap();
    let r = s.result().unwrap();
    assert_eq!(
        (r.winner, r.kind, r.points),
        (Player::Second, WinKind::Backgammon, 3)
    );
    assert!(s.is_over());
    assert!(s.legal_plays().is_empty());

    let p = pos(&[(1, 1)], &[(12, 15)]);
    let mut s = GameState::from_position(p, Player::First, Some(d(2, 1)));
    s.play_notation("1/off").unwrap();
    assert_eq!(
        s.result().map(|r| (r.kind, r.points)),
        Some((WinKind::Gammon, 2))
    );

    let p = pos(&[(1, 1)], &[(12, 14)]);
    let mut s = GameState::from_position(p, Player::First, Some(d(2, 1)));
    s.play_notation("1/off").unwrap();
    assert_eq!(
        s.result().map(|r| (r.kind, r.points)),
        Some((WinKind::Single, 1))
    );
}

#[test]
fn pip_counts_of_both_sides() {
    let p = pos(&[(BAR, 1), (6, 2)], &[(3, 1), (24, 1)]);
    // 25 + 12 for the mover; 3 + 24 for the opponent.
    assert_eq!(p.pip_counts(), [37, 27]);
    assert_eq!(p.flip().pip_counts(), [27, 37]);
}

#[test]
fn opening_roll_rules() {
    // "each side rolls one die; the higher starts and plays those two numbers"
    let o = Opening::new(2, 5).unwrap();
    assert_eq!(o.starter(), Player::Second);
    assert_eq!(o.dice(), d(5, 2));
    // "equal dice are rolled again"
    assert!(Opening::new(4, 4).is_err());
    for seed in 0..200 {
        let g = Game::new(seed);
        let o = g.opening();
        assert_ne!(o.first_die(), o.second_die());
        assert_eq!(g.player_on_roll(), o.starter());
        assert_eq!(g.dice(), Some(o.dice()));
    }
}

#[test]
fn illegal_play_leaves_the_state_unchanged() {
    let mut s = GameState::new(Opening::new(3, 1).unwrap());
    let before = s.clone();
    assert!(s.play_notation("24/18").is_err());
    assert_eq!(s, before);
    let other = legal_plays(&Position::start(), d(6, 5))[0];
    assert!(s.play(&other).is_err());
    assert_eq!(s, before);
    assert!(s.set_dice(d(2, 2)).is_err(), "dice are already set");
    assert_eq!(s, before);
    let play = s.play_notation("8/5 6/5").unwrap();
    assert_eq!(play.result().checkers(Side::OnRoll, 5), 2);
    assert_eq!(s.turn(), Player::Second);
    assert_eq!(s.board(Player::First)[5], 2);
    assert_eq!(s.position().checkers(Side::Opponent, 5), 2);
    assert_eq!(OFF, 0);
}
