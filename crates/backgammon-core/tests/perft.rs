//! Legal-play counts and results cross-checked against GNU Backgammon's own
//! move generator (see data/README.md for how the files were made).

use backgammon_core::{legal_plays, Dice, Position};

const COUNTS: &str = include_str!("../data/perft_counts.txt");
const RESULTS: &str = include_str!("../data/perft_results.txt");

fn rolls() -> Vec<Dice> {
    let mut v = Vec::new();
    for a in 1..=6 {
        for b in 1..=a {
            v.push(Dice::new(a, b).unwrap());
        }
    }
    v
}

#[test]
fn counts_match_gnubg_on_1000_positions() {
    let rolls = rolls();
    let mut lines = 0;
    let mut total = 0usize;
    for line in COUNTS.lines().filter(|l| !l.starts_with('#')) {
        let mut it = line.split_whitespace();
        let id = it.next().unwrap();
        let p = Position::from_gnubg_id(id).unwrap();
        let counts: Vec<usize> = it.map(|c| c.parse().unwrap()).collect();
        assert_eq!(counts.len(), 21);
        for (dice, &expected) in rolls.iter().zip(&counts) {
            let n = legal_plays(&p, *dice).len();
            assert_eq!(n, expected, "{id} {dice}");
            total += n;
        }
        lines += 1;
    }
    assert_eq!(lines, 1000);
    assert!(total > 100_000, "{total}");
}

#[test]
fn resulting_positions_match_gnubg() {
    let mut lines = 0;
    for line in RESULTS.lines().filter(|l| !l.starts_with('#')) {
        let mut it = line.split_whitespace();
        let (id, dice, ids) = (it.next().unwrap(), it.next().unwrap(), it.next().unwrap());
        let p = Position::from_gnubg_id(id).unwrap();
        let dice: Dice = dice.parse().unwrap();
        let mut mine: Vec<String> = legal_plays(&p, dice)
            .iter()
            .map(|x| x.result().to_gnubg_id())
            .collect();
        mine.sort();
        let theirs: Vec<&str> = ids.split(',').collect();
        assert_eq!(mine, theirs, "{id} {dice}");
        lines += 1;
    }
    assert_eq!(lines, 40 * 21);
}
