//! Reads lines `<Position ID> <dice>` and prints the number of distinct
//! legal plays and their resulting Position IDs (sorted), for cross-checks.
use std::io::BufRead;

fn main() {
    let stdin = std::io::stdin();
    for line in stdin.lock().lines().map_while(Result::ok) {
        let mut it = line.split_whitespace();
        let (Some(id), Some(d)) = (it.next(), it.next()) else {
            continue;
        };
        let (Ok(p), Ok(d)) = (
            backgammon_core::Position::from_gnubg_id(id),
            d.parse::<backgammon_core::Dice>(),
        ) else {
            println!("ERR {line}");
            continue;
        };
        let plays = backgammon_core::legal_plays(&p, d);
        let mut ids: Vec<String> = plays.iter().map(|pl| pl.result().to_gnubg_id()).collect();
        ids.sort();
        println!("{id} {d} {} {}", plays.len(), ids.join(","));
    }
}
