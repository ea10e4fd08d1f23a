//! scoresheet reads chess game scores as people write them.
#![forbid(unsafe_code)]

pub mod grammar;
pub mod span;
pub mod syntax;
pub mod walker;
