//! Backgammon on the shared `Playable` trait: the generic invariant suite
//! (with the dice as chance nodes), and perft counts checked against GNU
//! Backgammon's move counts.

use backgammon_core::{Action, Dice, Game, GameRng, GameState, Opening, Position};
use games_common::testing::{check_plain_values, check_random_games, SuiteOptions};
use games_common::{perft, random_move, Actor, Playable, Player, Scratch};

fn game(i: u32) -> GameState {
    if i % 2 == 0 {
        // After a seeded opening roll: the starter's node.
        GameState::new(Opening::roll(&mut GameRng::from_seed(u64::from(i))))
    } else {
        // The starting board before any roll: a chance node.
        GameState::from_position(Position::start(), Player::Second, None)
    }
}

#[test]
fn random_games_keep_every_invariant_of_the_trait() {
    let report = check_random_games(game, SuiteOptions::default()).unwrap();
    assert_eq!(report.games, 20);
    assert!(report.chance_nodes > 50 && report.refused > 0, "{report:?}");
}

#[test]
fn the_dice_are_a_chance_node_of_21_rolls_out_of_36() {
    let s = GameState::from_position(Position::start(), Player::First, None);
    assert_eq!(s.actor(), Actor::Chance);
    let mut outcomes = Vec::new();
    s.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 21);
    assert_eq!(outcomes.iter().map(|c| c.weight).sum::<u32>(), 36);
    let doubles: Vec<u32> = outcomes
        .iter()
        .filter(|c| matches!(c.outcome, Action::Roll(d) if d.is_double()))
        .map(|c| c.weight)
        .collect();
    assert_eq!(doubles, [1; 6]);
    // A roll written either way round is the same outcome.
    let a = Action::Roll(Dice::new(5, 2).unwrap());
    assert_eq!(a, Action::Roll(Dice::new(2, 5).unwrap()));
    assert!(outcomes.iter().any(|c| c.outcome == a));
}

/// The adapter's docs: "Two rolls are equal when they show the same
/// numbers in either order". Equal outcomes of a chance node must lead to
/// the same node: `25` (read from text, or given low die first) played the
/// dice as `25`, a state that differed from the one the listed outcome `52`
/// gives (another `state_string`, not `==`, another hash).
#[test]
fn equal_rolls_lead_to_the_same_state() {
    let s = GameState::from_position(Position::start(), Player::First, None);
    let listed = Action::Roll(Dice::new(5, 2).unwrap());
    let low_first = Action::Roll(Dice::new(2, 5).unwrap());
    assert_eq!(listed, low_first);
    let after = |action: Action| {
        let mut t = s.clone();
        Playable::play(&mut t, action).unwrap();
        t
    };
    let want = after(listed);
    assert_eq!(want.state_string(), "4HPwATDgc/ABMA 1 52");
    assert_eq!(after(low_first), want);
    let read = s.parse_move("25").unwrap();
    assert_eq!(read, listed);
    assert_eq!(after(read), want);
    assert_eq!(s.move_text(read), "52");
}

#[test]
fn a_refused_action_leaves_the_state_as_it_was() {
    let mut s = GameState::new(Opening::new(3, 1).unwrap());
    let before = s.clone();
    // The dice of this turn are rolled: chance cannot act again.
    assert!(Playable::play(&mut s, Action::Roll(Dice::new(6, 6).unwrap())).is_err());
    assert_eq!(s, before);
    // A play for another roll.
    let other = GameState::new(Opening::new(6, 5).unwrap());
    let mut plays = Vec::new();
    other.legal_moves(&mut plays);
    let mine = {
        let mut v = Vec::new();
        s.legal_moves(&mut v);
        v
    };
    let foreign = plays.iter().find(|p| !mine.contains(p)).unwrap();
    assert!(Playable::play(&mut s, *foreign).is_err());
    assert_eq!(s, before);
}

#[test]
fn perft_from_the_first_roll_matches_gnu_backgammon() {
    // GNU Backgammon's counts of distinct plays from the starting position
    // for the 21 rolls 11 21 22 31 ... 66 (data/perft_counts.txt, line 1):
    let gnubg = [
        42, 15, 75, 16, 17, 73, 14, 18, 17, 52, 8, 8, 9, 9, 4, 10, 14, 14, 14, 7, 11,
    ];
    let s = GameState::from_position(Position::start(), Player::First, None);
    // Depth 1: the 21 rolls. Depth 2: every play of every roll (447).
    assert_eq!(perft(&s, 1), 21);
    assert_eq!(perft(&s, 2), gnubg.iter().sum::<u64>());
    assert_eq!(perft(&s, 2), 447);
    // Depth 3: no game ends with its first play, so each of the 447 is
    // followed by the other player's 21 rolls.
    assert_eq!(perft(&s, 3), 447 * 21);
}

#[test]
fn the_state_string_reads_back() {
    let s = GameState::new(Opening::new(5, 2).unwrap());
    assert_eq!(s.state_string(), "4HPwATDgc/ABMA 1 52");
    assert_eq!(GameState::parse_state("4HPwATDgc/ABMA 1 52").unwrap(), s);
    for bad in [
        "",
        "4HPwATDgc/ABMA 1",
        "4HPwATDgc/ABMA 3 52",
        "4HPwATDgc/ABMA 1 72",
        "x 1 -",
    ] {
        assert!(GameState::parse_state(bad).is_err(), "{bad}");
    }
}

#[test]
fn flat_monte_carlo_beats_random_play() {
    use games_common::testing::search_wins_against_random;
    use games_common::Budget;
    // 6 seeded games after seeded opening rolls, the search (60 random
    // playouts a decision) in both seats in turn; deterministic: it won all
    // 6 when written (4 of 6 with 30 playouts). A player no better than
    // random wins about half; all 6 happens to a fair coin 1.6% of the time.
    let start = |seed| GameState::new(Opening::roll(&mut GameRng::from_seed(seed)));
    let wins = search_wins_against_random(start, 6, Budget::nodes(60));
    assert_eq!(wins, 6, "the search won {wins} of 6");
}

/// The README's "the state is a plain value (Clone, Eq, Hash, serde)", at
/// every node of random games: the JSON round trip gives an equal state
/// with an equal hash, and the state read from its state string has the
/// same actor, legal moves and returns.
#[test]
fn random_games_keep_plain_value_states() {
    let report = check_plain_values(game, SuiteOptions::default()).unwrap();
    assert_eq!(report.games, 20);
    assert!(report.nodes > report.moves_played, "{report:?}");
}

/// Backgammon's only undo is the page's "playing and taking back one step"
/// of the turn in progress (a committed turn, like the roll, stays). At
/// every player's node of seeded random games, after the roll (the chance
/// node): every legal play, stepped checker by checker and taken back step
/// by step, leaves the game equal, saving the same JSON, with the same turn
/// in progress; stepped again and committed, it reaches the state the
/// `Playable` adapter's play reaches.
#[test]
fn taking_back_the_steps_of_a_play_is_the_exact_inverse_of_stepping() {
    let mut scratch = Scratch::new();
    let (mut plays, mut stepped) = (Vec::new(), 0);
    for seed in 0..6 {
        let mut rng = GameRng::from_seed(seed);
        let mut g = Game::new(seed);
        while let Some(action) = random_move(g.state(), &mut rng, &mut scratch) {
            if let Action::Roll(dice) = action {
                g.set_dice(dice).unwrap();
                continue;
            }
            let (before, saved) = (g.clone(), g.save());
            g.state().legal_moves(&mut plays);
            for &a in &plays {
                let Action::Play(play) = a else {
                    panic!("{a:?} at a player's node")
                };
                let steps = play.steps();
                for s in steps {
                    assert_eq!(g.step(s.from, s.to).unwrap(), *s, "{}", play.notation());
                }
                assert_eq!(g.current_turn().unwrap().position(), play.result());
                for s in steps.iter().rev() {
                    assert_eq!(g.undo_step(), Some(*s), "{}", play.notation());
                }
                assert_eq!(g, before, "{}", play.notation());
                assert_eq!(g.save(), saved, "{}", play.notation());
                assert_eq!(g.current_turn(), before.current_turn());
                for s in steps {
                    g.step(s.from, s.to).unwrap();
                }
                g.commit_turn().unwrap();
                let mut expected = before.state().clone();
                Playable::play(&mut expected, a).unwrap();
                assert_eq!(g.state(), &expected, "{}", play.notation());
                g = before.clone();
                stepped += 1;
            }
            let Action::Play(play) = action else {
                unreachable!("a play was checked above")
            };
            g.play(&play).unwrap();
        }
        assert!(g.is_over());
    }
    assert!(stepped > 1000, "{stepped} plays stepped");
}
