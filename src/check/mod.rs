//! Checking: walk every line of a game on the board, report every problem.
//!
//! decode → split → detect → parse each game → resolve every move → diagnostics.

use std::sync::Arc;

use rayon::prelude::*;

use crate::check::detect::{Detection, detect_document};
use crate::diagnostic::{Diagnostic, Problem};
use crate::read::decode::{Reader, decode};
use crate::read::split::split_games;
use crate::span::Span;

pub mod detect;
mod game;
pub mod prose;
pub mod smoke;
mod types;

pub use game::check_game;
pub use types::*;

/// Checks the bytes of one file.
///
/// # Errors
/// When the options name a notation or language that has no grammar.
pub fn check_bytes(path: &str, bytes: &[u8], options: &Options) -> Result<CheckedFile, CheckError> {
    let decoded = decode(bytes);
    let text: Arc<str> = Arc::from(decoded.text.as_ref());
    let mut file_diags = decoded.diagnostics(Reader::Check);
    if decoded.binary {
        return Ok(CheckedFile {
            path: path.into(),
            text,
            notation: "algebraic",
            language: "en",
            games: Vec::new(),
            diagnostics: file_diags,
        });
    }
    let spans = split_games(&text);
    if spans.is_empty() {
        file_diags.push(Diagnostic::new(Problem::NoGame, Span::new(0, 0)));
    }
    // The same detection as the linter's (its games; a checked file has no prose).
    let (
        Detection {
            notation,
            lang,
            parser,
            warning,
        },
        _,
    ) = detect_document(&text, &spans, None, &options.notation, &options.lang)?;
    file_diags.extend(warning);
    let games: Vec<CheckedGame> = spans
        .par_iter()
        .enumerate()
        .map(|(i, span)| {
            let syntax = (parser.parse)(&text[span.start..span.end], span.start);
            check_game(i + 1, syntax, &text, parser)
        })
        .collect();
    Ok(CheckedFile {
        path: path.into(),
        text,
        notation,
        language: lang,
        games,
        diagnostics: file_diags,
    })
}

/// Checks one text (as [`check_bytes`]).
///
/// # Errors
/// When the options name a notation or language that has no grammar.
pub fn check_str(path: &str, text: &str, options: &Options) -> Result<CheckedFile, CheckError> {
    check_bytes(path, text.as_bytes(), options)
}
