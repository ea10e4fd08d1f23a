//! The board: move patterns, the resolver, descriptive readings, one token resolved on its own.

pub mod descriptive;
pub(crate) mod pattern;
pub mod resolve;
pub mod token;
