//! The C ABI of the game engines: `include/games.h` is generated from this
//! crate by cbindgen (see `cbindgen.toml`), with the crate's macros
//! expanded (`tests/header.rs`), and committed.
//!
//! Conventions (see the header's preamble in `include/games.h`):
//! every function but `_free`, `games_version` and `games_abi_version`
//! returns a [`games_result`]; handles are opaque, created by
//! `_new`/`_load`/`_clone` and released by a NULL-tolerant `_free`; outputs
//! are written only on success; buffers are `(buf, cap, out_len)` with a size
//! query; no panic crosses the boundary ([`boundary`]); a handle serves one
//! call at a time (a call from another thread meanwhile returns
//! `GAMES_RESULT_BUSY`); no global state.
//!
//! This is the only crate of the workspace with `unsafe` code: every block
//! says why it is sound in a `// SAFETY:` comment.
#![allow(unsafe_code)]
#![deny(clippy::undocumented_unsafe_blocks)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]
// C names: the header's types are `games_*` like the functions.
#![allow(non_camel_case_types)]

pub mod backgammon;
pub mod boundary;
pub mod buffer;
pub mod canicas;
pub mod common;
pub mod exports;
pub mod nim;
pub mod result;
pub mod timbiriche;
pub mod version;

pub use common::{
    games_budget, games_cancel_token, GAMES_NO_PLAYER, GAMES_PLAYER_FIRST, GAMES_PLAYER_SECOND,
};
pub use result::games_result;
