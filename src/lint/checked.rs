//! `check` of a manuscript (plain text, Markdown, LaTeX): the text read by the one document
//! reader that `lint`, `convert` and the language server use ([`Document`]), so that whatever
//! `lint` reads, `check` reads. Its games go to the sink as games; the moves of its prose
//! (fragments placed by the board) are checked too, their problems handed on as notes.

use std::sync::Arc;

use crate::check::{CheckError, CheckedFile, Options, Sink};
use crate::lint::config::Config;
use crate::lint::document::{Document, ReadOptions, UnitKind};
use crate::span::SourceText;

/// Checks a manuscript's `bytes` (read as `path` names its format) into `sink`: the notation
/// and language first, then each game and the problems of the prose's moves in text order,
/// then the problems of the text as a whole (what it did not read among them).
///
/// # Errors
/// When the options name a notation or language that has no grammar, or when the sink fails.
pub fn check_manuscript(
    path: &str,
    bytes: &[u8],
    options: &Options,
    sink: &mut dyn Sink,
) -> Result<(), CheckError> {
    read_into(path, bytes, options, sink).map(drop)
}

/// [`check_manuscript`], returning the decoded text.
fn read_into(
    path: &str,
    bytes: &[u8],
    options: &Options,
    sink: &mut dyn Sink,
) -> Result<Arc<str>, CheckError> {
    let read = ReadOptions {
        format: None,
        notation: Some(options.notation),
        lang: Some(options.lang.clone()),
        registry: Arc::clone(&options.registry),
    };
    let (mut doc, mut src) = Document::open(path, bytes, &read, Config::default())?;
    if doc.games == 0 && src.no_fragments() {
        // Neither a game nor a move of prose: one game a line without move numbers, say.
        return crate::check::check_pgn(bytes, options, sink);
    }
    sink.start(doc.notation, &doc.language)?;
    let source = Arc::new(SourceText::whole(Arc::clone(&doc.original)));
    for d in std::mem::take(&mut doc.file_diagnostics) {
        sink.note(&d, &source)?;
    }
    while let Some(mut group) = src.next_group() {
        for unit in src.read(&mut doc, &mut group) {
            match unit.kind {
                UnitKind::Game => sink.game(unit.game, &source)?,
                UnitKind::Fragment => sink.fragment(unit.game, &source)?,
            }
        }
    }
    doc.finish(src);
    for d in &doc.file_diagnostics {
        sink.note(d, &source)?;
    }
    Ok(Arc::clone(&doc.original))
}

/// Is the file a manuscript (plain text, Markdown, LaTeX, by its extension) that `check`
/// reads with [`check_manuscript`], rather than PGN read game by game?
pub fn is_manuscript(path: &str) -> bool {
    crate::read::Format::by_extension(path).is_some_and(|f| f != crate::read::Format::Pgn)
}

/// Checks a file's `bytes` as `scoresheet check` does: a manuscript (see [`is_manuscript`])
/// with [`check_manuscript`], anything else as PGN ([`crate::check::check_bytes`]).
///
/// # Errors
/// As [`check_manuscript`].
pub fn check_file_bytes(
    path: &str,
    bytes: &[u8],
    options: &Options,
) -> Result<CheckedFile, CheckError> {
    if is_manuscript(path) {
        check_manuscript_bytes(path, bytes, options)
    } else {
        crate::check::check_bytes(path, bytes, options)
    }
}

/// [`check_manuscript`] into a [`CheckedFile`].
///
/// # Errors
/// As [`check_manuscript`].
pub fn check_manuscript_bytes(
    path: &str,
    bytes: &[u8],
    options: &Options,
) -> Result<CheckedFile, CheckError> {
    let mut collect = crate::check::Collect::default();
    let text = read_into(path, bytes, options, &mut collect)?;
    Ok(collect.into_file(path, text))
}
