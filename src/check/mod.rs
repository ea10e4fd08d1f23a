//! Checking: walk every line of a game on the board, report every problem.
//!
//! decode → split → detect → parse each game → resolve every move → diagnostics.

use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Problem};
use crate::read::decode::{Reader, decode};
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
pub(crate) use stream::Collect;
pub use stream::{Sink, check_pieces};
pub use types::*;

/// Checks the bytes of one file, read at once as PGN: the games' spans are offsets of the
/// file's text. (`scoresheet check` reads a manuscript, plain text, Markdown or LaTeX, with the
/// document reader instead: `lint::checked::check_file_bytes` chooses as it does.)
///
/// # Errors
/// When the options name a notation or language that has no grammar.
pub fn check_bytes(path: &str, bytes: &[u8], options: &Options) -> Result<CheckedFile, CheckError> {
    let mut collect = stream::Collect::default();
    let text = check_pgn(bytes, options, &mut collect)?;
    Ok(collect.into_file(path, text))
}

/// Checks a file of PGN as it is read from `input` (a file of any size, standard input),
/// handing its report to `sink` game by game. `path` names it; a manuscript (plain text,
/// Markdown, LaTeX) is checked with `lint::checked::check_manuscript`, which reads its prose
/// too.
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
    _path: &str,
    input: impl std::io::Read,
    piece: usize,
    options: &Options,
    sink: &mut dyn Sink,
) -> Result<(), CheckError> {
    check_pieces(GameReader::with_piece(input, piece), options, sink)
}

/// A file read at once: its decoded text, and its pieces (its notes, then its games, all in
/// that text; a binary file's note alone).
fn read_at_once(bytes: &[u8]) -> (Arc<str>, Vec<Piece>) {
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
        whole_pieces(&text, notes)
    };
    (text, pieces)
}

/// The pieces of a text read at once as PGN (its notes, then its games), all in its whole text.
fn whole_pieces(text: &Arc<str>, mut notes: Vec<Diagnostic>) -> Vec<Piece> {
    let spans = split_games(text);
    if spans.is_empty() {
        notes.push(Diagnostic::new(Problem::NoGame, Span::new(0, 0)));
    }
    let source = Arc::new(SourceText::whole(Arc::clone(text)));
    let notes = notes
        .into_iter()
        .map(|d| Piece::Note(Box::new(d), Arc::clone(&source)));
    let games = spans.into_iter().map(|span| {
        Piece::Game(GameText {
            source: Arc::clone(&source),
            span,
            read: Arc::clone(text),
        })
    });
    notes.chain(games).collect()
}

/// Checks `bytes` read at once as PGN into `sink` (a manuscript in which the document reader
/// finds neither a game nor a move of prose, one game a line without move numbers, is read so
/// too: see `lint::checked`).
///
/// # Errors
/// As [`check_pieces`].
pub(crate) fn check_pgn(
    bytes: &[u8],
    options: &Options,
    sink: &mut dyn Sink,
) -> Result<Arc<str>, CheckError> {
    let (text, pieces) = read_at_once(bytes);
    check_pieces(pieces.into_iter().map(Ok), options, sink)?;
    Ok(text)
}

/// Checks one text (as [`check_bytes`]).
///
/// # Errors
/// When the options name a notation or language that has no grammar.
pub fn check_str(path: &str, text: &str, options: &Options) -> Result<CheckedFile, CheckError> {
    check_bytes(path, text.as_bytes(), options)
}
