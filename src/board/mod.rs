//! The board: move patterns, the resolver, descriptive readings, one token resolved on its own.

pub(crate) mod descriptive;
pub(crate) mod pattern;
pub(crate) mod plan;
pub(crate) mod resolve;
pub(crate) mod token;
pub(crate) mod words;

pub use descriptive::{DescStyle, Knight, Origins, describe_move};
pub use resolve::{Illegal, Resolution, play_null};
pub use token::{
    InvalidToken, TokenOutcome, parse_token, parse_token_with, resolve_move_token, resolve_token,
    resolve_token_with,
};
