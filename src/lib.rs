//! scoresheet reads chess game scores as people write them, resolves every move on a real
//! board, and explains every problem with its place in the text.
//!
//! ```
//! use scoresheet::check::{check_str, Options};
//!
//! let file = check_str("game.pgn", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *", &Options::default()).unwrap();
//! assert_eq!(file.games.len(), 1);
//! assert_eq!(file.games[0].mainline.len(), 6);
//! assert!(!file.has_errors());
//! ```
#![forbid(unsafe_code)]

pub mod board;
pub mod check;
pub mod diagnostic;
pub mod lint;
pub mod read;
pub mod render;
pub mod report;
pub mod span;
pub mod syntax;
