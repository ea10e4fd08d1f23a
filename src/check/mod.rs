//! Checking: walk every line of a game on the board, report every problem.
//!
//! decode → split → detect → parse each game → resolve every move → diagnostics.

use std::sync::Arc;

use rayon::prelude::*;

use crate::check::detect::{Detection, detect_document};
use crate::diagnostic::{Diagnostic, Problem};
use crate::read::decode::{Reader, decode};
use crate::read::source::{Format, extract, prose_paragraphs};
use crate::read::split::split_games;
use crate::span::Span;

pub(crate) mod budget;
mod checker;
pub(crate) mod detect;
mod explain;
mod game;
mod line;
mod markers;
mod mixed;
pub(crate) mod prose;
mod repair;
mod results;
pub mod smoke;
mod types;
mod words;

pub(crate) use game::{check_game, check_game_within};
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
            language: "en".into(),
            games: Vec::new(),
            diagnostics: file_diags,
        });
    }
    // The same cutting as the linter's: a plain-text, Markdown or LaTeX file (by its
    // extension) by its paragraphs and fences, its prose left out; anything else as PGN, and
    // so is a manuscript in which no paragraph is movetext (unnumbered moves, one game a line).
    let manuscript = Format::by_extension(path)
        .filter(|f| *f != Format::Pgn)
        .map(|f| extract(f, &text))
        .filter(|ex| !ex.games.is_empty());
    let (game_text, spans): (Arc<str>, Vec<Span>) = match manuscript {
        Some(ex) => {
            let paragraphs = prose_paragraphs(&ex.prose_text);
            if paragraphs > 0 {
                file_diags.push(prose_hint(&ex.prose_text, paragraphs));
            }
            (Arc::from(ex.game_text), ex.games)
        }
        None => (Arc::clone(&text), split_games(&text)),
    };
    if spans.is_empty() {
        file_diags.push(Diagnostic::new(Problem::NoGame, Span::new(0, 0)));
    }
    // The same detection as the linter's (its games; prose is not read here).
    let (
        Detection {
            notation,
            lang,
            parser,
            warning,
        },
        _,
    ) = detect_document(
        &options.registry,
        &game_text,
        &spans,
        None,
        options.notation,
        &options.lang,
    )?;
    file_diags.extend(warning);
    // Games are checked a chunk at a time (each chunk in parallel), so that the file's budget
    // of explained errors is spent in input order whatever the number of threads.
    let mut games: Vec<CheckedGame> = Vec::with_capacity(spans.len());
    let mut errors = 0;
    let mut frugal_from = None;
    for chunk in spans.chunks(budget::CHUNK) {
        let frugal = errors >= budget::FILE_ERRORS;
        if frugal {
            frugal_from.get_or_insert(games.len());
        }
        let first = games.len();
        games.par_extend(chunk.par_iter().enumerate().map(|(i, span)| {
            let syntax = (parser.parse)(&game_text[span.start..span.end], span.start);
            check_game_within(
                first + i + 1,
                syntax,
                &game_text,
                &parser,
                &options.registry,
                frugal,
            )
        }));
        errors += games[first..].iter().map(budget::errors).sum::<usize>();
    }
    if let Some(from) = frugal_from {
        file_diags.push(budget::frugal_note(&games[from..], spans[from]));
    }
    Ok(CheckedFile {
        path: path.into(),
        text,
        notation,
        language: lang,
        games,
        diagnostics: file_diags,
    })
}

/// The advice that `check` left prose unread, at its first paragraph, pointing at `lint`.
fn prose_hint(prose_text: &str, paragraphs: usize) -> Diagnostic {
    let start = prose_text.len() - prose_text.trim_start().len();
    let end = prose_text[start..]
        .find('\n')
        .map_or(prose_text.len(), |e| start + e);
    Diagnostic::new(
        Problem::ProseNotChecked {
            paragraphs,
            noun: if paragraphs == 1 { "paragraph" } else { "paragraphs" },
        },
        Span::new(start, end.max(start)),
    )
    .label("prose")
    .help("`scoresheet lint` reads manuscripts (plain text, Markdown, LaTeX) and checks the moves in their prose too")
}

/// Checks one text (as [`check_bytes`]).
///
/// # Errors
/// When the options name a notation or language that has no grammar.
pub fn check_str(path: &str, text: &str, options: &Options) -> Result<CheckedFile, CheckError> {
    check_bytes(path, text.as_bytes(), options)
}
