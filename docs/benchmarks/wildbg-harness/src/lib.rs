//! wildbg's dice and position modules, copied in by `setup.sh`.
#![allow(dead_code)]
pub mod dice;
pub mod position;
