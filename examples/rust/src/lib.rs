//! Rust examples of the engines: `nim.rs`, `timbiriche.rs`, `backgammon.rs` and `canicas.rs` beside this crate (`cargo run -p games-examples --example nim`).

/// The README's Rust examples, compiled and run as doc tests by
/// `cargo test --workspace`, so the front door cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeExamples;
