//! Reports: human and JSON output of checked files, and conversion.

pub mod jsonl;
pub mod output;
mod pgn;
