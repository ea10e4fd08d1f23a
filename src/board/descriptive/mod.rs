//! Descriptive notation, English (`P-K4`, `N-KB3`, `QN1-Q2`, `BP×B`, `Q×B7`) and Spanish
//! (`P4R`, `C3AR`, `CxP`, `PDxA`): reading a move's designations into every reading they allow,
//! as move patterns relative to the mover, and writing a move in its shortest unambiguous form.
//!
//! Ranks count from the mover's side (White's K4 is e4, Black's K4 is e5). Files are named by
//! the pieces that stand on them at the start: R N B Q K B N R, with a Q/K prefix (English) or
//! D/R suffix (Spanish) for the wing where it matters. A piece may be named by its origin (`KR`
//! is the rook that started on the king's side) and a pawn by its file (`QBP`).
//!
//! The grammars read the letters (`grammars/descriptive.pest`, `grammars/descriptive_es.pest`):
//! a move's parts come as symbols ([`crate::syntax::DescPart`]), each letter by the role it
//! names, and the readings here never look at the text. Writing spells symbols with one table
//! per system.
//!
//! A token has every reading its text allows ([`english_patterns`], [`spanish_patterns`]); a
//! move written with a dash prefers the readings that capture nothing. When several legal moves
//! remain, what else was written chooses ([`agreeing_with_marks`]): `B-N5ch` is the bishop move
//! that checks, `B-N5` the one that does not, `P×P e.p.` the capture in passing. For a whole
//! token, [`crate::board::token::resolve_move_token`] does all of it; [`describe_readings`]
//! names the moves of an ambiguous token for a diagnostic.
//!
//! (The reading of `N-KB3` step by step is the unit test `n_kb3_step_by_step`.)

mod english;
mod marks;
mod origins;
mod spanish;
mod squares;
mod style;
mod tokens;
mod write;

#[cfg(test)]
mod tests;

pub(crate) use crate::board::descriptive::marks::resolve_readings;
pub use crate::board::descriptive::origins::Origins;
pub use crate::board::descriptive::style::{DescStyle, Knight};
pub use crate::board::descriptive::tokens::describe_move;
pub(crate) use crate::board::descriptive::tokens::{
    describe_readings, move_patterns, written_mark,
};
pub(crate) use crate::board::descriptive::write::{
    english_marks, spanish_marks, write_english_unmarked, write_spanish_unmarked,
};
#[cfg(test)]
pub(crate) use crate::board::descriptive::write::{write_english, write_spanish};
#[cfg(test)]
pub(crate) use crate::board::descriptive::{
    english::english_patterns, marks::agreeing_with_marks, spanish::spanish_patterns,
    squares::Written,
};
