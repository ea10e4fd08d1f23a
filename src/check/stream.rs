//! Checking a file as it is read: its games in input order, a bounded window of them checked at
//! a time (in parallel), each handed to a [`Sink`] as soon as it and every game before it are
//! checked. Memory is bounded by the window and the largest game, never by the file.

use std::collections::VecDeque;
use std::io;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;

use crate::check::budget;
use crate::check::detect::{Detection, WINDOW_BYTES, detect_document};
use crate::check::game::check_game_within;
use crate::check::types::{CheckError, CheckedFile, CheckedGame, Options};
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

    /// A fragment of a manuscript's prose (its moves checked against its game), its spans in
    /// `source`'s text; by default its problems are handed on as notes.
    ///
    /// # Errors
    /// When the report cannot be written.
    fn fragment(&mut self, fragment: CheckedGame, source: &Arc<SourceText>) -> io::Result<()> {
        for d in &fragment.diagnostics {
            self.note(d, source)?;
        }
        Ok(())
    }
}

/// Games whose errors are summed before the file's budget is looked at again: the games of a
/// window are read frugally when the windows before it spent the budget (and, before the
/// first window is checked, the games detection reads).
const WINDOW: usize = budget::CHUNK;

/// Games read and not yet reported, at most, while more than one thread checks them.
const IN_FLIGHT: usize = 2 * WINDOW;

/// Games detection reads, one by one, for the language most of the file is in.
const DETECTED: usize = 32;

/// Checks the pieces of a file in order and hands each to `sink`: notation and language are
/// detected on the first games, then the games are checked, in parallel when there is more
/// than one thread, and reported in input order, so that the file's budget of explained errors
/// is spent in input order whatever the number of threads.
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
    let window = take_window(&mut pieces)?;
    let (detection, warning) = detect_first(&window, options)?;
    sink.start(detection.notation, &detection.lang)?;
    if let Some((warning, source)) = warning {
        sink.note(&warning, &source)?;
    }
    let pieces = window.into_iter().map(Ok).chain(pieces);
    let mut run = Run {
        parser: &detection.parser,
        options,
        sink,
        spent: Spent::default(),
    };
    // One thread, or a thread of the pool already (whose waiting could starve the workers it
    // would start): it reads, checks and reports each game in turn.
    if rayon::current_num_threads() == 1 || rayon::current_thread_index().is_some() {
        for piece in pieces {
            match piece? {
                Piece::Note(n, source) => run.sink.note(&n, &source)?,
                Piece::Game(g) => {
                    let number = run.spent.games + 1;
                    let frugal = run.spent.frugal(number);
                    let game = check_one(number, &g, run.parser, options, frugal);
                    run.report(number, &g, game, frugal)?;
                }
            }
        }
        return Ok(());
    }
    pipeline(pieces, &mut run)
}

/// What reports a file's checked games: the sink, and what the check needs again when a game
/// is read again (checked before the budget was known to be spent).
struct Run<'r> {
    parser: &'r Parser,
    options: &'r Options,
    sink: &'r mut dyn Sink,
    spent: Spent,
}

impl Run<'_> {
    /// Hands game `number` (the next), checked frugally or not as `frugal` says, to the sink;
    /// the budget's note before the first game read frugally. A game checked before the games
    /// reported before it spent the budget is checked again, frugally.
    fn report(
        &mut self,
        number: usize,
        g: &GameText,
        game: CheckedGame,
        frugal: bool,
    ) -> io::Result<()> {
        let exact = self.spent.frugal(number);
        let game = if exact == frugal {
            game
        } else {
            check_one(number, g, self.parser, self.options, exact)
        };
        if exact && !self.spent.noted {
            self.spent.noted = true;
            let text = &g.read[g.span.start..g.span.end];
            let at = g.span.start + (text.len() - text.trim_start().len());
            let note = budget::frugal_note(number, Span::new(at, at));
            self.sink.note(&note, &g.source)?;
        }
        self.spent.count(number, budget::errors(&game));
        self.sink.game(game, &g.source)
    }
}

/// The file's budget of explained errors as the games reported have spent it.
#[derive(Debug, Default)]
struct Spent {
    /// Errors of the windows before the last game reported's.
    before: usize,
    /// Errors of the games of that window reported.
    window: usize,
    /// Games reported.
    games: usize,
    /// The note that the budget is spent is given.
    noted: bool,
}

/// The 0-based window of game `number` (1-based).
fn window_of(number: usize) -> usize {
    number.saturating_sub(1) / WINDOW
}

impl Spent {
    /// Errors of the windows before game `number`'s, as far as the games reported tell (all of
    /// them for the next game to report).
    fn before(&self, number: usize) -> usize {
        if self.games > 0 && window_of(number) > window_of(self.games) {
            self.before + self.window
        } else {
            self.before
        }
    }

    /// Is game `number` read frugally? Exact for the next game to report; for a later one,
    /// true only when it is sure to be.
    fn frugal(&self, number: usize) -> bool {
        self.before(number) >= budget::FILE_ERRORS
    }

    /// Game `number`, the next, is reported with `errors` errors.
    fn count(&mut self, number: usize, errors: usize) {
        if self.games > 0 && window_of(number) > window_of(self.games) {
            self.before += self.window;
            self.window = 0;
        }
        self.window += errors;
        self.games = number;
    }
}

/// A piece read and not yet reported.
enum Slot {
    /// A note of the file, with the text it is shown in.
    Note(Box<Diagnostic>, Arc<SourceText>),
    /// A game being checked, or checked.
    Game {
        /// Its number in the file (1-based).
        number: usize,
        /// It is checked frugally (as the budget looked when it was read).
        frugal: bool,
        /// Its text and the checked game, once checked.
        done: Option<Box<(GameText, CheckedGame)>>,
    },
}

/// Games handed to a worker at a time (and handed back): a thread wakes once for these.
const BATCH: usize = 16;

impl Slot {
    /// It can be reported: a note, or a game checked.
    fn ready(&self) -> bool {
        !matches!(self, Slot::Game { done: None, .. })
    }
}

/// A game to check: its place among the pieces read, its number, whether it is read
/// frugally, and its text.
type Job = (usize, usize, bool, GameText);

/// What a worker hands back: the place of the game among the pieces read, its text, and the
/// checked game (or the panic that checking it raised).
type Done = (usize, GameText, std::thread::Result<CheckedGame>);

/// More than one thread: workers of the pool check the games, [`BATCH`] at a time (each takes
/// the earliest batch not taken), while this thread reads the pieces after them and reports
/// the pieces before them, in order, sleeping while it waits; at most [`IN_FLIGHT`] games are
/// held.
fn pipeline(
    mut pieces: impl Iterator<Item = io::Result<Piece>>,
    run: &mut Run<'_>,
) -> Result<(), CheckError> {
    let (parser, options) = (run.parser, run.options);
    let workers = rayon::current_num_threads();
    let (job_tx, job_rx) = std::sync::mpsc::channel::<Vec<Job>>();
    let job_rx = std::sync::Mutex::new(job_rx);
    let (tx, rx) = std::sync::mpsc::channel::<Vec<Done>>();
    rayon::in_place_scope(|scope| {
        for _ in 0..workers {
            let (job_rx, tx) = (&job_rx, tx.clone());
            scope.spawn(move |_| work(job_rx, &tx, parser, options));
        }
        // Only the workers send: were they all gone, waiting for a result would end.
        drop(tx);
        // The workers stop when the jobs end: when this returns, done or failed.
        let job_tx = job_tx;
        let mut queue = VecDeque::new();
        // The place among the pieces read of the first piece in the queue.
        let mut first = 0;
        let mut numbered = 0;
        let mut in_flight = 0;
        let mut ended = false;
        // Games read and not yet handed to the workers.
        let mut batch = Vec::with_capacity(BATCH);
        loop {
            while !ended && in_flight < IN_FLIGHT {
                match pieces.next().transpose()? {
                    None => ended = true,
                    Some(Piece::Note(n, source)) => queue.push_back(Slot::Note(n, source)),
                    Some(Piece::Game(g)) => {
                        numbered += 1;
                        let frugal = run.spent.frugal(numbered);
                        let place = first + queue.len();
                        batch.push((place, numbered, frugal, g));
                        if batch.len() == BATCH {
                            // The workers stop only when the jobs end.
                            let _ = job_tx.send(std::mem::take(&mut batch));
                        }
                        queue.push_back(Slot::Game {
                            number: numbered,
                            frugal,
                            done: None,
                        });
                        in_flight += 1;
                    }
                }
            }
            // The pieces ready at the front, in order.
            while let Some(slot) = queue.pop_front_if(|s| s.ready()) {
                first += 1;
                match slot {
                    Slot::Note(n, source) => run.sink.note(&n, &source)?,
                    Slot::Game {
                        number,
                        frugal,
                        done,
                    } => {
                        in_flight -= 1;
                        if let Some(done) = done {
                            let (g, game) = *done;
                            run.report(number, &g, game, frugal)?;
                        }
                    }
                }
            }
            if queue.is_empty() {
                if ended {
                    return Ok(());
                }
                // Every game sent was reported (a slow game held the queue while the others
                // were checked): read on before waiting, as no result is on its way.
                continue;
            }
            // The first piece is a game not yet back: every game read goes to the workers
            // before this thread waits, so a worker is checking it.
            if !batch.is_empty() {
                let _ = job_tx.send(std::mem::take(&mut batch));
            }
            let Ok(results) = rx.recv() else {
                return Err(io::Error::other("the threads checking the games stopped").into());
            };
            for (place, g, game) in results {
                let game = game.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                if let Some(Slot::Game { done, .. }) = queue.get_mut(place - first) {
                    *done = Some(Box::new((g, game)));
                }
            }
        }
    })
}

/// A worker: checks the batches of games as they come, until they end.
fn work(
    jobs: &std::sync::Mutex<std::sync::mpsc::Receiver<Vec<Job>>>,
    tx: &std::sync::mpsc::Sender<Vec<Done>>,
    parser: &Parser,
    options: &Options,
) {
    loop {
        let batch = match jobs.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok(batch) = batch else {
            return;
        };
        let done = batch
            .into_iter()
            .map(|(place, number, frugal, g)| {
                let game = std::panic::catch_unwind(AssertUnwindSafe(|| {
                    check_one(number, &g, parser, options, frugal)
                }));
                (place, g, game)
            })
            .collect();
        // The receiver is gone only when the report failed.
        let _ = tx.send(done);
    }
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
    pub(crate) fragments: Vec<CheckedGame>,
}

impl Collect {
    /// The file as collected: `text` is its decoded text.
    pub(crate) fn into_file(self, path: &str, text: Arc<str>) -> CheckedFile {
        CheckedFile {
            path: path.into(),
            text,
            notation: self.notation,
            language: self.language.into(),
            games: self.games,
            fragments: self.fragments,
            diagnostics: self.notes,
        }
    }
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

    fn fragment(&mut self, fragment: CheckedGame, source: &Arc<SourceText>) -> io::Result<()> {
        for d in &fragment.diagnostics {
            self.note(d, source)?;
        }
        self.fragments.push(fragment);
        Ok(())
    }
}
