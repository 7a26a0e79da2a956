//! `games engine <game>`: engine protocols on stdin/stdout, so match
//! runners and GUIs written by others can drive our engines.
//!
//! - [`ugi`]: the Universal Game Interface (UCI generalised), game-agnostic;
//!   each game plugs in through [`ugi::UgiGame`], built on its crate's API
//!   (position strings, move notation, AI). No rules or search live here.
//! - [`ubgi`]: the Universal Backgammon Interface draft, on backgammon-core's
//!   XGID, FIBS board and AI.

pub mod backgammon;
pub mod canicas;
pub mod lines;
pub mod nim;
pub mod timbiriche;
pub mod ubgi;
pub mod ugi;
