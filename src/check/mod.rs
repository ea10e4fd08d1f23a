//! Checking: walk every line of a game on the board, report every problem.
//!
//! decode → split → detect → parse each game → resolve every move → diagnostics.

use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Problem};
use crate::read::decode::{Reader, decode};
use crate::read::source::{Format, extract, prose_paragraphs};
use crate::read::split::split_games;
use crate::read::stream::{GameReader, GameText, Piece};
use crate::span::{SourceText, Span};

pub(crate) mod budget;
mod checker;
pub(crate) mod detect;
mod explain;
mod game;
mod glued;
mod habits;
mod line;
mod markers;
mod mixed;
mod plan;
pub(crate) mod prose;
mod repair;
mod results;
pub mod smoke;
mod stream;
mod typed;
mod types;
mod words;

pub(crate) use game::{check_game, check_game_within};
pub use stream::{Sink, check_pieces};
pub use types::*;

/// Checks the bytes of one file, read at once: the games' spans are offsets of the file's
/// text.
///
/// # Errors
/// When the options name a notation or language that has no grammar.
pub fn check_bytes(path: &str, bytes: &[u8], options: &Options) -> Result<CheckedFile, CheckError> {
    let (text, pieces) = read_at_once(path, bytes);
    let mut collect = stream::Collect::default();
    check_pieces(pieces.into_iter().map(Ok), options, &mut collect)?;
    Ok(CheckedFile {
        path: path.into(),
        text,
        notation: collect.notation,
        language: collect.language.into(),
        games: collect.games,
        diagnostics: collect.notes,
    })
}

/// Checks a file as it is read from `input` (a file of any size, standard input), handing its
/// report to `sink` game by game; manuscripts (plain text, Markdown, LaTeX, by the extension
/// of `path`) are read whole, as `lint` reads them.
///
/// # Errors
/// When the options name a notation or language that has no grammar, when reading fails, or
/// when the sink fails.
pub fn check_reader(
    path: &str,
    input: impl std::io::Read,
    options: &Options,
    sink: &mut dyn Sink,
) -> Result<(), CheckError> {
    check_reader_in_pieces(path, input, crate::read::stream::PIECE, options, sink)
}

/// [`check_reader`] reading `piece` bytes at a time (a test reads a byte at a time).
///
/// # Errors
/// As [`check_reader`].
pub fn check_reader_in_pieces(
    path: &str,
    mut input: impl std::io::Read,
    piece: usize,
    options: &Options,
    sink: &mut dyn Sink,
) -> Result<(), CheckError> {
    if Format::by_extension(path).is_some_and(|f| f != Format::Pgn) {
        let mut bytes = Vec::new();
        input.read_to_end(&mut bytes)?;
        let (_, pieces) = read_at_once(path, &bytes);
        return check_pieces(pieces.into_iter().map(Ok), options, sink);
    }
    check_pieces(GameReader::with_piece(input, piece), options, sink)
}

/// A file read at once: its decoded text, and its pieces (its notes, then its games, all in
/// that text; a binary file's note alone).
fn read_at_once(path: &str, bytes: &[u8]) -> (Arc<str>, Vec<Piece>) {
    let decoded = decode(bytes);
    let text: Arc<str> = Arc::from(decoded.text.as_ref());
    let notes = decoded.diagnostics(Reader::Check);
    let pieces = if decoded.binary {
        let source = Arc::new(SourceText::whole(Arc::clone(&text)));
        notes
            .into_iter()
            .map(|d| Piece::Note(Box::new(d), Arc::clone(&source)))
            .collect()
    } else {
        whole_pieces(path, &text, notes)
    };
    (text, pieces)
}

/// The pieces of a text file read at once (its notes, then its games), all in its whole text.
fn whole_pieces(path: &str, text: &Arc<str>, mut notes: Vec<Diagnostic>) -> Vec<Piece> {
    // The same cutting as the linter's: a plain-text, Markdown or LaTeX file (by its
    // extension) by its paragraphs and fences, its prose left out; anything else as PGN, and
    // so is a manuscript in which no paragraph is movetext (unnumbered moves, one game a line).
    let manuscript = Format::by_extension(path)
        .filter(|f| *f != Format::Pgn)
        .map(|f| extract(f, text))
        .filter(|ex| !ex.games.is_empty());
    let (game_text, spans): (Arc<str>, Vec<Span>) = match manuscript {
        Some(ex) => {
            let paragraphs = prose_paragraphs(&ex.prose_text);
            if paragraphs > 0 {
                notes.push(prose_hint(&ex.prose_text, paragraphs));
            }
            (Arc::from(ex.game_text), ex.games)
        }
        None => (Arc::clone(text), split_games(text)),
    };
    if spans.is_empty() {
        notes.push(Diagnostic::new(Problem::NoGame, Span::new(0, 0)));
    }
    // Reports show the original text; the games are read in the text of games only.
    let source = Arc::new(SourceText::whole(Arc::clone(text)));
    let notes = notes
        .into_iter()
        .map(|d| Piece::Note(Box::new(d), Arc::clone(&source)));
    let games = spans.into_iter().map(|span| {
        Piece::Game(GameText {
            source: Arc::clone(&source),
            span,
            read: Arc::clone(&game_text),
        })
    });
    notes.chain(games).collect()
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
