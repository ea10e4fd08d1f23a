//! A file's human report: its problems rendered against the text they are in (the whole
//! file, or one game of it), written part by part, with the file's summary line last.

use std::fmt;
use std::sync::Arc;

use super::{Severity, render_shown, shown, text};
use crate::span::SourceText;

/// A file's text (or a part of it: one game) with the start of each of its lines, so that a
/// label is found by a binary search and the lines around it, not by reading the file from its
/// first byte (miette's own `SourceCode` for text does that for every label: quadratic in a
/// file with many problems).
#[derive(Debug)]
pub(super) struct IndexedSource {
    name: String,
    source: Arc<SourceText>,
    /// The byte offset where each line starts, as miette counts lines (after `\n`, after a
    /// `\r` not followed by `\n`): only for miette's own reading, made when first asked.
    starts: std::sync::OnceLock<Vec<usize>>,
}

impl IndexedSource {
    pub(super) fn new(name: &str, source: &Arc<SourceText>) -> IndexedSource {
        IndexedSource {
            name: name.to_owned(),
            source: Arc::clone(source),
            starts: std::sync::OnceLock::new(),
        }
    }

    fn starts(&self) -> &[usize] {
        self.starts.get_or_init(|| {
            let bytes = self.source.text.as_bytes();
            let mut starts = vec![0];
            for (i, &b) in bytes.iter().enumerate() {
                if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
                    starts.push(i + 1);
                }
            }
            starts
        })
    }

    /// The text as excerpts read it: by line and window, never from its start.
    pub(super) fn input(&self) -> shown::Input<'_> {
        shown::Input::Text {
            name: &self.name,
            source: &self.source,
        }
    }
}

impl miette::SourceCode for IndexedSource {
    fn read_span<'a>(
        &'a self,
        span: &miette::SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        // miette reads from one line before the first it shows (so that a span is never at the
        // very start of what it reads, where it counts differently): the same answer as from
        // the file's start, with the lines before that one added back.
        let starts = self.starts();
        let line = starts
            .partition_point(|&s| s <= span.offset())
            .saturating_sub(1);
        let first = line.saturating_sub(context_lines_before + 1);
        let from = starts[first];
        let rest = &self.source.text.as_bytes()[from..];
        let shifted = miette::SourceSpan::new((span.offset() - from).into(), span.len());
        let inner = rest.read_span(&shifted, context_lines_before, context_lines_after)?;
        let data: &'a [u8] = inner.data();
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.name.clone(),
            data,
            miette::SourceSpan::new((inner.span().offset() + from).into(), inner.span().len()),
            inner.line() + first,
            inner.column(),
            inner.line_count() + first,
        )))
    }
}

/// All problems of one file, as one miette report with the problems as related diagnostics
/// (the checker's and the linter's alike).
#[derive(Debug)]
pub(super) struct FileReport<'a> {
    pub(super) source: IndexedSource,
    pub(super) diagnostics: Vec<&'a dyn miette::Diagnostic>,
    /// The worst severity among them.
    pub(super) severity: Severity,
    pub(super) summary: String,
}

impl fmt::Display for FileReport<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.summary)
    }
}

impl std::error::Error for FileReport<'_> {}

impl miette::Diagnostic for FileReport<'_> {
    fn severity(&self) -> Option<miette::Severity> {
        Some(self.severity.into())
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn related<'b>(&'b self) -> Option<Box<dyn Iterator<Item = &'b dyn miette::Diagnostic> + 'b>> {
        Some(Box::new(self.diagnostics.iter().copied()))
    }
}

/// Problems of a file rendered at a time: the report is written in pieces of this many
/// problems, so that what is held besides the problems themselves does not grow with them.
pub(super) const RENDERED_AT_ONCE: usize = 512;

/// Problems of a file shown in full in a human report; the later ones take a line each (a
/// bound on the report of a file with hundreds of thousands of problems, whose full report
/// would be hundreds of megabytes).
const SHOWN_IN_FULL: usize = 2_000;

/// Renders the problems of one file (`path`, its text `source`) as one report with its
/// summary line; `diagnostics` come with their severities. See [`write_file_report`].
pub(crate) fn render_file_report<'a, D: miette::Diagnostic + 'a>(
    path: &str,
    source: &Arc<SourceText>,
    diagnostics: impl IntoIterator<Item = (&'a D, Severity)>,
    summary: String,
    color: bool,
    width: usize,
) -> String {
    let mut out = String::new();
    let Ok(()) = write_file_report(
        path,
        source,
        diagnostics,
        summary,
        (color, width),
        |piece| -> Result<(), std::convert::Infallible> {
            out.push_str(piece);
            Ok(())
        },
    );
    out
}

/// [`render_file_report`] given to `write` in pieces, as it is rendered (`style`: colour and
/// width): the same text, never held whole (see [`ReportWriter`]).
///
/// # Errors
/// When `write` fails.
pub(crate) fn write_file_report<'a, D: miette::Diagnostic + 'a, E>(
    path: &str,
    source: &Arc<SourceText>,
    diagnostics: impl IntoIterator<Item = (&'a D, Severity)>,
    summary: String,
    style: (bool, usize),
    mut write: impl FnMut(&str) -> Result<(), E>,
) -> Result<(), E> {
    let mut report = ReportWriter::new(path, style);
    report.part(source, diagnostics, &mut write)?;
    report.finish(summary, &mut write)
}

/// A file's human report written as its problems come, part by part (a game at a time when
/// the file is read as a stream), never held whole: each problem in full against the text of
/// its part (whose lines and columns count from where the part starts in the file), rendered
/// [`RENDERED_AT_ONCE`] at a time; past [`SHOWN_IN_FULL`] problems a line each; the file's
/// summary line last, after all of them.
#[derive(Debug)]
pub(crate) struct ReportWriter {
    path: String,
    color: bool,
    width: usize,
    /// Problems written so far.
    written: usize,
    /// The worst severity among them.
    worst: Severity,
    /// A problem was written in full.
    opened: bool,
}

impl ReportWriter {
    /// The report of the file `path`, in this style (colour, width).
    pub(crate) fn new(path: &str, (color, width): (bool, usize)) -> ReportWriter {
        ReportWriter {
            path: path.to_owned(),
            color,
            width,
            written: 0,
            worst: Severity::Advice,
            opened: false,
        }
    }

    /// Writes these problems, whose spans are in `source`'s text, to `write`.
    ///
    /// # Errors
    /// When `write` fails.
    pub(crate) fn part<'a, D: miette::Diagnostic + 'a, E>(
        &mut self,
        source: &Arc<SourceText>,
        diagnostics: impl IntoIterator<Item = (&'a D, Severity)>,
        write: &mut impl FnMut(&str) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut report = FileReport {
            source: IndexedSource::new(&self.path, source),
            diagnostics: Vec::new(),
            severity: Severity::Advice,
            summary: String::new(),
        };
        let mut name = None;
        for (d, severity) in diagnostics {
            self.worst = self.worst.min(severity);
            if self.written < SHOWN_IN_FULL {
                report.diagnostics.push(d);
                if report.diagnostics.len() == RENDERED_AT_ONCE {
                    self.full(&mut report, write)?;
                }
            } else {
                self.full(&mut report, write)?;
                if self.written == SHOWN_IN_FULL {
                    write(&format!(
                        "\nMore problems, one line each (the first {SHOWN_IN_FULL} are shown in \
                         full above; `--format json` gives every one in full):\n"
                    ))?;
                }
                let name = name.get_or_insert_with(|| text::escape(&self.path).into_owned());
                let mut out = String::new();
                compact_line(&mut out, d, name, source);
                write(&out)?;
            }
            self.written += 1;
        }
        self.full(&mut report, write)
    }

    /// Writes the problems gathered in `report` in full (miette renders each related problem
    /// on its own: the report less its head line), and empties it.
    fn full<E>(
        &mut self,
        report: &mut FileReport<'_>,
        write: &mut impl FnMut(&str) -> Result<(), E>,
    ) -> Result<(), E> {
        if report.diagnostics.is_empty() {
            return Ok(());
        }
        let rendered = render_shown(report, Some(report.source.input()), self.color, self.width);
        report.diagnostics.clear();
        let head = render_shown(report, Some(report.source.input()), self.color, self.width);
        let body = rendered.strip_prefix(head.as_str()).unwrap_or(&rendered);
        // The file's first problem opens the report: no blank line before it.
        let opening = !self.opened;
        self.opened = true;
        write(if opening {
            body.strip_prefix('\n').unwrap_or(body)
        } else {
            body
        })
    }

    /// Writes the file's summary line, after its problems (the line alone when it has none).
    ///
    /// # Errors
    /// When `write` fails.
    pub(crate) fn finish<E>(
        self,
        summary: String,
        write: &mut impl FnMut(&str) -> Result<(), E>,
    ) -> Result<(), E> {
        if self.written == 0 {
            return write(&format!("{summary}\n"));
        }
        let source = Arc::new(SourceText::whole(Arc::from("")));
        let head = FileReport {
            source: IndexedSource::new(&self.path, &source),
            diagnostics: Vec::new(),
            severity: self.worst,
            summary,
        };
        write("\n")?;
        write(&render_shown(
            &head,
            Some(head.source.input()),
            self.color,
            self.width,
        ))
    }
}

/// `  × file:line:column: message [code]`: a problem on one line, its texts escaped.
fn compact_line(out: &mut String, d: &dyn miette::Diagnostic, name: &str, source: &SourceText) {
    use std::fmt::Write as _;
    let sigil = match d.severity() {
        Some(miette::Severity::Warning) => '⚠',
        Some(miette::Severity::Advice) => '☞',
        _ => '×',
    };
    let at = d
        .labels()
        .and_then(|mut l| l.next())
        .map_or(0, |l| l.offset());
    let (line, column) = source.line_col(at);
    let code = d.code().map(|c| format!(" [{c}]")).unwrap_or_default();
    let message = text::escape(&d.to_string()).replace('\n', " ");
    let _ = writeln!(out, "  {sigil} {name}:{line}:{column}: {message}{code}");
}
