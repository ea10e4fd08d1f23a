//! Checking a file as it is read: its games in input order, a bounded window of them checked at
//! a time (in parallel), each handed to a [`Sink`] as soon as it and every game before it are
//! checked. Memory is bounded by the window and the largest game, never by the file.

use std::io;
use std::sync::Arc;

use rayon::prelude::*;

use crate::check::budget;
use crate::check::detect::{Detection, WINDOW_BYTES, detect_document};
use crate::check::game::check_game_within;
use crate::check::types::{CheckError, CheckedGame, Options};
use crate::diagnostic::Diagnostic;
use crate::read::stream::{GameText, Piece};
use crate::span::{SourceText, Span};
use crate::syntax::grammar::Parser;

/// Where a file's report goes, part by part, in the file's order.
pub trait Sink {
    /// The notation and language the file is read in, known once its first games are read:
    /// told before anything else.
    ///
    /// # Errors
    /// When the report cannot be written.
    fn start(&mut self, notation: &'static str, language: &str) -> io::Result<()>;

    /// A problem of the file as a whole (its encoding, its language, no game), its spans in
    /// `source`'s text.
    ///
    /// # Errors
    /// When the report cannot be written.
    fn note(&mut self, note: &Diagnostic, source: &Arc<SourceText>) -> io::Result<()>;

    /// A checked game, its spans in `source`'s text.
    ///
    /// # Errors
    /// When the report cannot be written.
    fn game(&mut self, game: CheckedGame, source: &Arc<SourceText>) -> io::Result<()>;
}

/// Games read into a window before its games are checked (and before the first window is
/// checked, the games detection reads).
const WINDOW: usize = budget::CHUNK;

/// Games detection reads, one by one, for the language most of the file is in.
const DETECTED: usize = 32;

/// Checks the pieces of a file in order and hands each to `sink`: notation and language are
/// detected on the first games, then the games are checked a window at a time, so that the
/// file's budget of explained errors is spent in input order whatever the number of threads.
///
/// # Errors
/// When the options name a notation or language that has no grammar, when reading the input
/// fails, or when the sink fails.
pub fn check_pieces(
    pieces: impl Iterator<Item = io::Result<Piece>>,
    options: &Options,
    sink: &mut dyn Sink,
) -> Result<(), CheckError> {
    let mut pieces = pieces;
    let mut window = take_window(&mut pieces)?;
    let (detection, warning) = detect_first(&window, options)?;
    sink.start(detection.notation, &detection.lang)?;
    if let Some((warning, source)) = warning {
        sink.note(&warning, &source)?;
    }
    let parser = detection.parser;
    let sequential = rayon::current_num_threads() == 1;
    // With more than one thread, a pipeline: while a window's games are checked (in
    // parallel), the window before it is reported and the window after it read.
    let mut numbered = 0;
    let mut errors = 0;
    let mut noted_frugal = false;
    let mut done: Option<Checked> = None;
    while !window.is_empty() || done.is_some() {
        if let Some(d) = &done {
            errors += d.games.iter().map(budget::errors).sum::<usize>();
        }
        let frugal = errors >= budget::FILE_ERRORS;
        let current = std::mem::take(&mut window);
        let mut games = Vec::new();
        let texts: Vec<&GameText> = current.iter().filter_map(game_text).collect();
        let check =
            |(i, g): (usize, &&GameText)| check_one(numbered + i + 1, g, &parser, options, frugal);
        if sequential {
            // One thread: it checks, then reports, then reads, in turn.
            games = texts.iter().enumerate().map(check).collect();
        }
        window = rayon::in_place_scope(|scope| -> Result<Vec<Piece>, CheckError> {
            if !sequential && !texts.is_empty() {
                let games = &mut games;
                scope.spawn(move |_| *games = texts.par_iter().enumerate().map(check).collect());
            }
            if let Some(d) = done.take() {
                report(d, sink, &mut noted_frugal)?;
            }
            if current.is_empty() {
                Ok(Vec::new())
            } else {
                take_window(&mut pieces)
            }
        })?;
        numbered += games.len();
        done = (!current.is_empty()).then_some(Checked {
            window: current,
            games,
            frugal,
        });
    }
    Ok(())
}

/// A window of pieces with its games checked.
struct Checked {
    window: Vec<Piece>,
    games: Vec<CheckedGame>,
    /// Read after the file's budget of explained errors was spent.
    frugal: bool,
}

/// Hands a checked window to the sink, in order; the budget's note before the first game read
/// frugally.
fn report(d: Checked, sink: &mut dyn Sink, noted_frugal: &mut bool) -> io::Result<()> {
    let mut games = d.games.into_iter();
    for piece in &d.window {
        match piece {
            Piece::Note(n, source) => sink.note(n, source)?,
            Piece::Game(g) => {
                let game = games.next().expect("one checked game for each game read");
                if d.frugal && !*noted_frugal {
                    *noted_frugal = true;
                    let text = &g.read[g.span.start..g.span.end];
                    let at = g.span.start + (text.len() - text.trim_start().len());
                    let note = budget::frugal_note(game.number, Span::new(at, at));
                    sink.note(&note, &g.source)?;
                }
                sink.game(game, &g.source)?;
            }
        }
    }
    Ok(())
}

/// Reads and checks one game.
fn check_one(
    number: usize,
    g: &GameText,
    parser: &Parser,
    options: &Options,
    frugal: bool,
) -> CheckedGame {
    let text = &g.read;
    let syntax = (parser.parse)(&text[g.span.start..g.span.end], g.span.start);
    check_game_within(number, syntax, text, parser, &options.registry, frugal)
}

fn game_text(p: &Piece) -> Option<&GameText> {
    match p {
        Piece::Game(g) => Some(g),
        Piece::Note(..) => None,
    }
}

/// The next pieces, up to [`WINDOW`] games.
fn take_window(
    pieces: &mut impl Iterator<Item = io::Result<Piece>>,
) -> Result<Vec<Piece>, CheckError> {
    let mut window = Vec::new();
    let mut games = 0;
    while games < WINDOW {
        let Some(piece) = pieces.next() else { break };
        let piece = piece?;
        games += usize::from(matches!(piece, Piece::Game(_)));
        window.push(piece);
    }
    Ok(window)
}

/// A note and the text it is shown in.
type Placed = (Diagnostic, Arc<SourceText>);

/// Detects the notation and language on the first games of the window (the first
/// [`DETECTED`], each cut to what detection reads of a game), as the whole file's text would
/// be: returns the detection, and its warning placed in the text of the game it is about.
fn detect_first(
    window: &[Piece],
    options: &Options,
) -> Result<(Detection, Option<Placed>), CheckError> {
    let games: Vec<&GameText> = window.iter().filter_map(game_text).take(DETECTED).collect();
    let mut text = String::new();
    let mut spans = Vec::with_capacity(games.len());
    for g in &games {
        let game = &g.read[g.span.start..g.span.end];
        let mut cut = game.len().min(WINDOW_BYTES + 4);
        while !game.is_char_boundary(cut) {
            cut -= 1;
        }
        let start = text.len();
        text.push_str(&game[..cut]);
        spans.push(Span::new(start, text.len()));
        text.push('\n');
    }
    let (mut detection, _) = detect_document(
        &options.registry,
        &text,
        &spans,
        None,
        options.notation,
        &options.lang,
    )?;
    let warning = detection.warning.take().map(|w| {
        let i = spans
            .iter()
            .position(|s| s.start <= w.span.start && w.span.start <= s.end)
            .unwrap_or(0);
        match games.get(i) {
            Some(g) => {
                let w = w.moved(spans[i].start, g.span.start);
                (w, Arc::clone(&g.source))
            }
            None => (w, Arc::new(SourceText::whole(Arc::from("")))),
        }
    });
    Ok((detection, warning))
}

/// A [`Sink`] that keeps everything: the games, and the notes with their spans as offsets of
/// the file.
#[derive(Debug, Default)]
pub(crate) struct Collect {
    pub(crate) notation: &'static str,
    pub(crate) language: String,
    pub(crate) games: Vec<CheckedGame>,
    pub(crate) notes: Vec<Diagnostic>,
}

impl Sink for Collect {
    fn start(&mut self, notation: &'static str, language: &str) -> io::Result<()> {
        self.notation = notation;
        language.clone_into(&mut self.language);
        Ok(())
    }

    fn note(&mut self, note: &Diagnostic, source: &Arc<SourceText>) -> io::Result<()> {
        self.notes.push(note.clone().moved(0, source.origin.offset));
        Ok(())
    }

    fn game(&mut self, game: CheckedGame, _: &Arc<SourceText>) -> io::Result<()> {
        self.games.push(game);
        Ok(())
    }
}
