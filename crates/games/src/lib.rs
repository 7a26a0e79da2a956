//! The library side of the `games` command: the engine protocols and the
//! small terminal helpers, shared by the binary and the fuzz targets.

pub mod engine;
pub mod progress;
pub mod term;
