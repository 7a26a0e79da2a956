//! Caller data that the public API must refuse or bound, never panic on:
//! the README's "no panics on any input that a caller can pass".

use backgammon_core::neural::Evaluator;
use backgammon_core::nn::{self, Net};
use backgammon_core::{
    hard_move_with, Budget, CancelFlag, Dice, Evaluation, GameRng, HardSearch, Position,
    HARD_SEARCH,
};

/// Hard's filters are plain public fields: a `keep` of `usize::MAX` ("all
/// of them") asked for a buffer of that many candidates and panicked with
/// "capacity overflow".
#[test]
fn hard_filters_that_keep_every_candidate_search_them_all() {
    let p = Position::start();
    let dice = Dice::new(6, 5).unwrap();
    let all = HardSearch {
        keep: usize::MAX,
        deep_keep: usize::MAX,
        ..HARD_SEARCH
    };
    let cancel = CancelFlag::new();
    let wide = hard_move_with(
        &p,
        dice,
        Evaluation::Heuristic,
        &all,
        Budget::nodes(5_000),
        &cancel,
    );
    assert!(backgammon_core::legal_plays(&p, dice).contains(&wide.play));
}

/// A network's hidden units: the readers take 1 to 1024
/// (`from_bytes`), so a network made with another count could not be read
/// back (0), or panicked on the multiplication of its sizes (`usize::MAX`).
#[test]
fn random_networks_have_1_to_1024_hidden_units_and_read_back() {
    let mut rng = GameRng::from_seed(3);
    for (asked, got) in [
        (0, 1),
        (1, 1),
        (80, 80),
        (1024, 1024),
        (1025, 1024),
        (usize::MAX, 1024),
    ] {
        let ev = Evaluator::random(asked, asked, &mut rng);
        assert_eq!(ev.hidden(), (got, got), "{asked} hidden units");
        assert_eq!(Evaluator::from_bytes(&ev.to_bytes()).as_ref(), Some(&ev));
        let net = Net::random(asked, &mut rng);
        assert_eq!(net.hidden(), got, "{asked} hidden units");
        assert_eq!(Net::from_bytes(&net.to_bytes()).as_ref(), Some(&net));
    }
}

/// `nn::train` starts from `Net::random(cfg.hidden)`: with 0 hidden units
/// it trained a network its own reader refuses.
#[test]
fn a_td_network_trained_with_no_hidden_units_gets_one_and_reads_back() {
    let cfg = nn::TrainConfig {
        games: 1,
        seed: 2,
        hidden: 0,
        alpha: 0.1,
    };
    let net = nn::train(cfg, None, |_, _| {});
    assert_eq!(net.hidden(), 1);
    assert_eq!(Net::from_bytes(&net.to_bytes()).as_ref(), Some(&net));
}

/// A training run clamped its hidden units but kept the asked-for count in
/// its settings, so its checkpoint named other sizes than its weights and
/// `Trainer::from_bytes` refused it ("settings do not match the weights").
#[test]
fn a_run_with_out_of_range_hidden_units_reads_its_checkpoint_back() {
    use backgammon_core::train::{TrainConfig, Trainer};
    let t = Trainer::new(TrainConfig {
        seed: 4,
        hidden: 0,
        race_hidden: 5000,
        alpha: 0.1,
        lambda: 0.7,
    });
    assert_eq!(t.net().hidden(), (1, 1024));
    assert_eq!((t.config().hidden, t.config().race_hidden), (1, 1024));
    let back = Trainer::from_bytes(&t.to_bytes()).expect("its own checkpoint");
    assert_eq!(back.config(), t.config());
    assert_eq!(back.net(), t.net());
}

/// A checkpoint names the games played; one naming `u64::MAX` games was
/// read, and the next game panicked on the count ("attempt to add with
/// overflow"). The count stops at `u64::MAX`.
#[test]
fn a_checkpoint_at_the_largest_game_count_trains_on() {
    use backgammon_core::train::{TrainConfig, Trainer};
    let t = Trainer::new(TrainConfig {
        seed: 5,
        hidden: 4,
        race_hidden: 4,
        alpha: 0.1,
        lambda: 0.7,
    });
    let mut bytes = t.to_bytes();
    // Magic, version, seed, two hidden counts, alpha and lambda come first.
    let at = 4 + 4 + 8 + 8 + 8 + 4 + 4;
    assert_eq!(bytes[at..at + 8], 0u64.to_le_bytes());
    bytes[at..at + 8].copy_from_slice(&u64::MAX.to_le_bytes());
    let mut far = Trainer::from_bytes(&bytes).unwrap();
    assert_eq!(far.games(), u64::MAX);
    far.play_game();
    assert_eq!(far.games(), u64::MAX);
    assert!(Trainer::from_bytes(&far.to_bytes()).is_ok());
}
