//! The progress line of long runs on standard error: the file being read (and how many there
//! are), the games done and the games per second. Drawn only when standard error is a
//! terminal that can redraw a line, `--quiet` is not given and the run has lasted half a
//! second (a short run draws nothing); the report itself is unchanged. Whatever the command
//! writes to standard output passes under the line (it is cleared, the text written, the line
//! drawn again), so a report on the same terminal is not garbled.

use std::cell::Cell;
use std::io::{self, IsTerminal, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use scoresheet::check::{CheckedGame, Sink};
use scoresheet::diagnostic::Diagnostic;
use scoresheet::span::SourceText;

/// The progress of one command: nothing at all when it is not shown.
pub(crate) struct Progress {
    bar: Option<ProgressBar>,
    files: usize,
    file: usize,
    /// The line is drawn once the run has lasted this long (a short run draws nothing).
    after: Duration,
    started: Instant,
    drawn: Cell<bool>,
}

/// How long a run goes before its progress line is drawn: half a second, or the milliseconds
/// of `SCORESHEET_PROGRESS_AFTER` (the tests draw it at once with 0).
fn delay() -> Duration {
    let ms = std::env::var("SCORESHEET_PROGRESS_AFTER")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(500);
    Duration::from_millis(ms)
}

/// Whether the terminal can redraw a line: `TERM` is set and not `dumb` (Emacs's shell
/// buffers say `dumb`; a bare environment has none), as `indicatif` itself would only draw
/// then.
fn redraws() -> bool {
    std::env::var_os("TERM").is_some_and(|t| !t.is_empty() && t != "dumb")
}

impl Progress {
    /// The progress of a run over `files` files, shown when standard error is a terminal
    /// that can redraw a line ([`redraws`]) and not `quiet`.
    pub(crate) fn new(quiet: bool, files: usize) -> Progress {
        let bar = (!quiet && io::stderr().is_terminal() && redraws()).then(|| {
            // Hidden until the run has lasted a while ([`Progress::draw`]).
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
            let style =
                ProgressStyle::with_template("{spinner} {prefix}{pos} games, {rate} [{elapsed}]")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner())
                    .with_key("rate", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = write!(w, "{:.0} games/s", s.per_sec());
                    });
            bar.set_style(style);
            bar
        });
        Progress {
            bar,
            files,
            file: 0,
            after: delay(),
            started: Instant::now(),
            drawn: Cell::new(false),
        }
    }

    /// Draws the line from now on, once the run has lasted long enough.
    fn draw(&self) {
        if let Some(bar) = &self.bar
            && !self.drawn.get()
            && self.started.elapsed() >= self.after
        {
            self.drawn.set(true);
            // Redrawn at most ten times a second: the games go faster than the eye.
            bar.set_draw_target(ProgressDrawTarget::stderr_with_hz(10));
            bar.enable_steady_tick(Duration::from_millis(200));
        }
    }

    /// The next file, named as it is reported.
    pub(crate) fn file(&mut self, name: &str) {
        self.file += 1;
        if let Some(bar) = &self.bar {
            let name = scoresheet::diagnostic::text::escape(name);
            if self.files > 1 {
                bar.set_prefix(format!("file {}/{}: {name}: ", self.file, self.files));
            } else {
                bar.set_prefix(format!("{name}: "));
            }
        }
        self.draw();
    }

    /// One more game done.
    pub(crate) fn game(&self) {
        self.games(1);
    }

    /// `n` more games done.
    pub(crate) fn games(&self, n: usize) {
        if let Some(bar) = &self.bar {
            bar.inc(n as u64);
            self.draw();
        }
    }

    /// A sink that counts the games it passes on to `inner`.
    pub(crate) fn counting<'s>(&'s self, inner: &'s mut dyn Sink) -> Counting<'s> {
        Counting {
            inner,
            progress: self,
        }
    }

    /// `out`, written under the progress line.
    pub(crate) fn under<W: Write>(&self, out: W) -> Under<W> {
        Under {
            out,
            bar: self.bar.clone(),
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// A [`Sink`] that counts games for the progress line.
pub(crate) struct Counting<'s> {
    inner: &'s mut dyn Sink,
    progress: &'s Progress,
}

impl Sink for Counting<'_> {
    fn start(&mut self, notation: &'static str, language: &str) -> io::Result<()> {
        self.inner.start(notation, language)
    }

    fn note(&mut self, note: &Diagnostic, source: &Arc<SourceText>) -> io::Result<()> {
        self.inner.note(note, source)
    }

    fn game(&mut self, game: CheckedGame, source: &Arc<SourceText>) -> io::Result<()> {
        self.inner.game(game, source)?;
        self.progress.game();
        Ok(())
    }

    fn fragment(&mut self, fragment: CheckedGame, source: &Arc<SourceText>) -> io::Result<()> {
        self.inner.fragment(fragment, source)
    }
}

/// A writer whose writes clear the progress line first and draw it again after.
pub(crate) struct Under<W> {
    out: W,
    bar: Option<ProgressBar>,
}

impl<W: Write> Write for Under<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let Under { out, bar } = self;
        match bar {
            Some(bar) => bar.suspend(|| out.write(buf)),
            None => out.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        let Under { out, bar } = self;
        match bar {
            Some(bar) => bar.suspend(|| out.flush()),
            None => out.flush(),
        }
    }
}
