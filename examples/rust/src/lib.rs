//! Rust examples of the engines: see `nim.rs` beside this crate (`cargo run -p games-examples --example nim`).
