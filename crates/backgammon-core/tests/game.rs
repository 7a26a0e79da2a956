//! Game sessions: seeded dice, save/load with validation, replay, AI, arena.

use backgammon_core::{
    ai_move, run_arena, run_arena_with, Agent, Budget, CancelFlag, Dice, DiceOutcome, Game,
    GameRng, Level, LoadError, Opening, Position, StopReason,
};

/// Play a seeded game to the end with the Normal AI (moves by notation).
fn play_out(seed: u64, max_turns: usize) -> Game {
    let mut g = Game::new(seed);
    let mut rng = GameRng::from_seed(seed);
    for _ in 0..max_turns {
        if g.is_over() {
            break;
        }
        if g.dice().is_none() {
            g.roll().unwrap();
            continue;
        }
        let m = ai_move(
            g.state().position(),
            g.dice().unwrap(),
            Level::Normal,
            &mut rng,
            Budget::UNLIMITED,
            &CancelFlag::new(),
        );
        g.play(&m.play).unwrap();
    }
    g
}

#[test]
fn a_seed_replays_the_whole_game() {
    let a = play_out(3, 400);
    let b = play_out(3, 400);
    assert_eq!(a, b);
    assert!(a.is_over());
    let r = a.result().unwrap();
    assert!((1..=3).contains(&r.points));
    let moves: Vec<&str> = a.history().iter().map(|t| t.play.as_str()).collect();
    let replayed = Game::replay(3, &moves).unwrap();
    assert_eq!(replayed.state(), a.state());
    assert_eq!(replayed.history(), a.history());
}

#[test]
fn save_and_load_round_trip_and_validate() {
    let g = play_out(7, 30);
    let json = g.save();
    assert!(json.starts_with(r#"{"format":"games.backgammon","version":2,"#));
    let back = Game::load(&json).unwrap();
    assert_eq!(back.state(), g.state());
    assert_eq!(back.history(), g.history());
    assert_eq!(back.save(), json);

    // Rejected: wrong version, bad JSON, dice that are not the seed's, illegal play.
    assert!(matches!(
        Game::load(&json.replace("\"version\":2", "\"version\":9")),
        Err(LoadError::Version(9))
    ));
    assert!(matches!(Game::load("{"), Err(LoadError::Json(_))));
    let first_play = &g.history()[0].play;
    let tampered = json.replacen(
        &format!("\"play\":\"{first_play}\""),
        "\"play\":\"24/1\"",
        1,
    );
    assert!(matches!(
        Game::load(&tampered),
        Err(LoadError::BadTurn { turn: 0, .. })
    ));
    let d1 = g.history()[1].dice;
    let other = if d1.first() == 6 { 1 } else { d1.first() + 1 };
    let tampered = json.replacen(
        &format!("\"dice\":[{},{}]", d1.first(), d1.second()),
        &format!("\"dice\":[{},{}]", other, d1.second()),
        2,
    );
    assert!(Game::load(&tampered).is_err());
}

#[test]
fn external_dice_are_saved_without_a_seed() {
    let mut g = Game::with_opening(Opening::new(6, 1).unwrap());
    g.play_notation("13/7 8/7").unwrap();
    assert_eq!(
        g.set_dice(Dice::new(6, 6).unwrap()).unwrap(),
        DiceOutcome::MustPlay
    );
    g.play_notation("13/7(2) 8/2(2)").unwrap();
    let json = g.save();
    assert!(json.contains("\"seed\":null"));
    let back = Game::load(&json).unwrap();
    assert_eq!(back.state(), g.state());
    assert_eq!(back.history().len(), 2);
}

#[test]
fn ai_levels_are_deterministic_and_respect_budget_and_cancel() {
    let p = Position::start();
    let d = Dice::new(4, 2).unwrap();
    for level in [Level::Easy, Level::Normal, Level::Hard] {
        let a = ai_move(
            &p,
            d,
            level,
            &mut GameRng::from_seed(9),
            Budget::nodes(100_000),
            &CancelFlag::new(),
        );
        let b = ai_move(
            &p,
            d,
            level,
            &mut GameRng::from_seed(9),
            Budget::nodes(100_000),
            &CancelFlag::new(),
        );
        assert_eq!(a.play, b.play, "{level:?}");
        assert!(backgammon_core::legal_plays(&p, d)
            .iter()
            .any(|x| x.result() == a.play.result()));
    }
    // The classic 4-2 opening: make the 4 point.
    let n = ai_move(
        &p,
        d,
        Level::Normal,
        &mut GameRng::from_seed(1),
        Budget::UNLIMITED,
        &CancelFlag::new(),
    );
    assert_eq!(n.play.notation(), "8/4 6/4");
    let cancel = CancelFlag::new();
    cancel.cancel();
    let c = ai_move(
        &p,
        d,
        Level::Hard,
        &mut GameRng::from_seed(1),
        Budget::UNLIMITED,
        &cancel,
    );
    assert_eq!(c.stats.stop, StopReason::Cancelled);
    assert!(backgammon_core::legal_plays(&p, d)
        .iter()
        .any(|x| x.result() == c.play.result()));
    let small = ai_move(
        &p,
        d,
        Level::Hard,
        &mut GameRng::from_seed(1),
        Budget::nodes(50),
        &CancelFlag::new(),
    );
    assert_eq!(small.stats.stop, StopReason::NodeLimit);
    assert!(small.stats.nodes <= 50);
}

#[test]
fn arena_plays_duplicate_pairs_on_threads() {
    let run = |pairs, threads| {
        run_arena(
            Agent::Level(Level::Normal),
            Agent::Pubeval,
            pairs,
            5,
            threads,
        )
        .unwrap()
    };
    let one = run(3, 1);
    let two = run(3, 2);
    // Any number of threads is safe: no more are started than games or 64.
    let many = run(3, usize::MAX);
    // Everything but the (wall-clock) decision times.
    for other in [&two, &many] {
        assert_eq!(
            (one.games, one.unfinished, &one.a, &one.b),
            (other.games, other.unfinished, &other.a, &other.b),
            "the report does not depend on the thread count"
        );
    }
    assert!(one.a_times.decisions > 0 && one.b_times.decisions > 0);
    assert!(one.a_times.median_ms <= one.a_times.p99_ms);
    assert!(one.a_times.p99_ms <= one.a_times.max_ms);
    assert_eq!((one.games, one.cancelled), (6, 0));
    assert_eq!(one.a.wins + one.b.wins + one.unfinished, 6);
    assert!((one.a.points_per_game.mean + one.b.points_per_game.mean).abs() < 1e-9);
    // Another seed, other dice.
    let other_seed = run_arena(Agent::Level(Level::Normal), Agent::Pubeval, 3, 6, 1).unwrap();
    assert_ne!(one.a, other_seed.a);
    assert!("pubeval".parse::<Agent>().is_ok());
    assert!("grandmaster".parse::<Agent>().is_err());
    for agent in ["easy", "normal", "hard", "pubeval"] {
        assert_eq!(agent.parse::<Agent>().unwrap().name(), agent);
    }
}

#[test]
fn an_arena_pair_is_mirrored_and_a_cancelled_arena_reports_what_it_played() {
    // The same deterministic agent on both sides: the two games of a pair
    // see the same opening roll and dice with the seats swapped, so they
    // are the same game and A's points cancel out exactly.
    let report = run_arena(Agent::Pubeval, Agent::Pubeval, 4, 9, 1).unwrap();
    assert_eq!(report.a.points_per_game.mean, 0.0);
    assert_eq!(report.a.wins, report.b.wins);
    // A cancel before the start plays nothing and says so.
    let cancel = CancelFlag::new();
    cancel.cancel();
    let none = run_arena_with(Agent::Pubeval, Agent::Pubeval, 4, 9, 1, &cancel, &|| {
        panic!("no game is played")
    })
    .unwrap();
    assert_eq!((none.games, none.cancelled), (0, 8));
    // No game, no figures: B does not win 100% of nothing (it did, as the
    // complement of A's 0%).
    for side in [&none.a, &none.b] {
        assert_eq!((side.wins, side.win_rate.mean), (0, 0.0), "{side:?}");
        assert_eq!(side.points_per_game.mean.to_bits(), 0.0f64.to_bits());
    }
}

#[test]
fn an_arena_of_no_games_is_refused() {
    // It reported side B winning 100% of no games.
    assert_eq!(
        run_arena(Agent::Pubeval, Agent::Pubeval, 0, 9, 1),
        Err(backgammon_core::ArenaError::NoGames)
    );
    let e = run_arena_with(
        Agent::Pubeval,
        Agent::Level(Level::Easy),
        0,
        1,
        2,
        &CancelFlag::new(),
        &|| panic!("no game is played"),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "an arena plays at least one seed pair (two games)"
    );
}

#[test]
fn state_types_are_send_and_an_ai_runs_on_another_thread() {
    fn assert_send<T: Send + 'static>() {}
    assert_send::<Position>();
    assert_send::<backgammon_core::GameState>();
    assert_send::<Game>();
    assert_send::<backgammon_core::Turn>();
    let g = Game::new(12);
    let cancel = CancelFlag::new();
    let c2 = cancel.clone();
    let handle = std::thread::spawn(move || {
        let d = g.dice().unwrap();
        ai_move(
            g.state().position(),
            d,
            Level::Hard,
            &mut GameRng::from_seed(1),
            Budget::UNLIMITED,
            &c2,
        )
    });
    let m = handle.join().unwrap();
    assert!(m.stats.nodes > 0);
}
