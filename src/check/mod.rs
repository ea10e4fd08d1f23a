//! Checking: walk every line of a game on the board, report every problem.
//!
//! decode → split → detect → parse each game → resolve every move → diagnostics.

use std::sync::Arc;

use rayon::prelude::*;

use crate::check::detect::{Detection, detect};
use crate::diagnostic::{Diagnostic, Problem};
use crate::read::decode::{Encoding, decode};
use crate::read::split::split_games;
use crate::span::Span;

mod checker;
pub mod detect;
mod explain;
mod game;
mod line;
mod markers;
mod repair;
mod results;
pub mod smoke;
mod types;
mod words;

pub use game::check_game;
pub use types::*;

/// Checks the bytes of one file.
///
/// # Errors
/// When the options name a notation or language that has no grammar.
pub fn check_bytes(path: &str, bytes: &[u8], options: &Options) -> Result<CheckedFile, CheckError> {
    let decoded = decode(bytes);
    let text: Arc<str> = Arc::from(decoded.text.as_ref());
    let mut file_diags = Vec::new();
    if let Encoding::Latin1 { first_invalid } = decoded.encoding {
        let at = first_invalid.min(text.len());
        let end = (at + 1..=text.len())
            .find(|&i| text.is_char_boundary(i))
            .unwrap_or(text.len());
        file_diags.push(
            Diagnostic::new(
                Problem::NotUtf8 {
                    offset: first_invalid,
                },
                Span::new(at, end),
            )
            .label("not UTF-8")
            .help("save the file as UTF-8; the text was read as Latin-1 (ISO 8859-1)"),
        );
    }
    if decoded.binary {
        let nul = text.find('\0').unwrap_or(0);
        let d = Diagnostic::new(Problem::Binary, Span::new(nul, nul + 1))
            .label("a NUL byte")
            .help("scoresheet reads text files: PGN or a plain-text score");
        file_diags.push(d);
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
    let Detection {
        notation,
        lang,
        parser,
        warning,
    } = detect(&text, &spans, &options.notation, &options.lang)?;
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
