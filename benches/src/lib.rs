//! Criterion benchmarks of the game engines live in `benches/benches/`, one
//! file per game; run them with `cargo bench -p games-benches`.
//!
//! This library holds the position sets the benches share.
