//! The shared grammar (`grammars/common.pest`) alone, for the readers of this stage: its
//! `result` rule, the one list of result tokens (`1-0`, `0-1`, `1/2-1/2`, `½-½` with any dash
//! or a colon, `*`, the forfeits `+--`, `--+`, `+:-`, `-:+`, and the words `Resigns`, `Drawn`,
//! `Tablas`, `Abandonan` …), and its `space` rule, which [`super::space`] says in Rust. The
//! notations define `move`; here it is a rule that reads nothing.

#[derive(pest_derive::Parser)]
#[grammar = "../grammars/common.pest"]
#[grammar_inline = "/// no move: only results are read here\nmove = { !ANY ~ ANY }\n"]
pub(crate) struct Common;
