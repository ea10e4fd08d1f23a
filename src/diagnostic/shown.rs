//! A report as shown to people: each diagnostic with its own excerpt of the input, in which
//! control characters are escaped and a long line is cut to windows around the labels.
//!
//! miette formats label columns with widths that cannot pass 65,535, and would print a line
//! of megabytes whole; so a diagnostic is never rendered against the input itself. Its
//! [`Excerpt`] holds the lines its labels touch (and one line either side): a line of up to
//! [`LONG_LINE`] characters whole, a longer one as windows of [`WINDOW`] characters either
//! side of each label's start and end joined by `…`. The excerpt gives miette the real line
//! numbers, and the real column of a label in the header (in bytes from the line's start, as
//! miette counts it), so a report reads the same as before wherever nothing was cut.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;

use miette::{
    Diagnostic, LabeledSpan, MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents,
};

use crate::diagnostic::text::{escape, is_unsafe, push_shown};
use crate::span::{LineIndex, Origin, SourceText};

/// A line of up to this many characters is shown whole.
pub(super) const LONG_LINE: usize = 400;

/// Characters of a long line shown on each side of a label's start and end.
pub(super) const WINDOW: usize = 60;

/// The lines from the first label to the last are all taken when they are at most this many
/// (as miette shows labels a few lines apart in one snippet); else each label's own lines.
const SPAN_LINES: usize = 200;

/// Characters of a long line shown at most, whatever the number of labels on it.
const LINE_BUDGET: usize = 8_000;

/// A diagnostic as shown: its texts escaped, its labels moved into its own excerpt.
pub(super) struct Shown<'a> {
    inner: &'a dyn Diagnostic,
    message: String,
    help: Option<String>,
    code: Option<String>,
    labels: Vec<LabeledSpan>,
    source: Option<Excerpt>,
    related: Vec<Shown<'a>>,
}

impl<'a> Shown<'a> {
    /// `d` as shown; `parent` is the source of the report it belongs to (used when `d` has
    /// none of its own, as miette does).
    pub(super) fn new(d: &'a dyn Diagnostic, parent: Option<Input<'_>>) -> Self {
        Shown::with_source(d, d.source_code().map(Input::Code).or(parent))
    }

    /// `d` as shown against `source` (whatever its own), and so are its related diagnostics
    /// that have no source of their own.
    pub(super) fn with_source(d: &'a dyn Diagnostic, source: Option<Input<'_>>) -> Self {
        let labels: Vec<LabeledSpan> = d.labels().map(Iterator::collect).unwrap_or_default();
        let (labels, excerpt) = match source {
            Some(src) if !labels.is_empty() => match Excerpt::new(src, &labels) {
                // An empty input has no line to show a label on (an empty file's `no_game`).
                Some(e) if !e.lines.is_empty() => (e.labels(&labels), Some(e)),
                _ => (Vec::new(), None),
            },
            _ => (Vec::new(), None),
        };
        let related = d
            .related()
            .map(|r| r.map(|r| Shown::new(r, source)).collect())
            .unwrap_or_default();
        Shown {
            inner: d,
            message: escape(&d.to_string()).into_owned(),
            help: d.help().map(|h| escape(&h.to_string()).into_owned()),
            code: d.code().map(|c| escape(&c.to_string()).into_owned()),
            labels,
            source: excerpt,
            related,
        }
    }
}

impl fmt::Debug for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Shown")
            .field("message", &self.message)
            .finish_non_exhaustive()
    }
}

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Shown<'_> {}

impl Diagnostic for Shown<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.code
            .as_deref()
            .map(|c| Box::new(c) as Box<dyn fmt::Display>)
    }

    fn severity(&self) -> Option<miette::Severity> {
        self.inner.severity()
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.help
            .as_deref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_ref().map(|s| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            return None;
        }
        Some(Box::new(self.labels.iter().cloned()))
    }

    fn related<'b>(&'b self) -> Option<Box<dyn Iterator<Item = &'b dyn Diagnostic> + 'b>> {
        if self.related.is_empty() {
            return None;
        }
        Some(Box::new(self.related.iter().map(|r| r as &dyn Diagnostic)))
    }
}

/// One stretch of an excerpt's line: input text shown as it is, a character escaped, or
/// characters left out (`…`).
#[derive(Debug)]
struct Piece {
    /// Where it starts in the excerpt.
    shown: usize,
    /// Its length in the excerpt.
    shown_len: usize,
    /// Where it starts in the input.
    real: usize,
    /// Its length in the input.
    real_len: usize,
    /// Shown as written (offsets inside it map one to one).
    verbatim: bool,
}

/// One input line of an excerpt.
#[derive(Debug)]
struct ShownLine {
    /// Its line number in the input (0-based).
    number: usize,
    /// Where it starts in the input.
    real_start: usize,
    /// Bytes of its input line before `real_start` that the input does not hold (the first
    /// line of a game cut from its file, after the game before it).
    before: usize,
    /// Its length in the input, without the line break.
    real_len: usize,
    /// Where it starts and ends in the excerpt (the end before its `\n`).
    start: usize,
    end: usize,
    /// Whether the input line ends with a line break.
    newline: bool,
    pieces: Vec<Piece>,
}

/// The lines of the input a diagnostic shows, as they are shown, with the way back to the
/// input's lines and columns.
#[derive(Debug)]
pub(super) struct Excerpt {
    name: Option<String>,
    data: String,
    lines: Vec<ShownLine>,
}

/// Where an excerpt reads the input.
#[derive(Clone, Copy)]
pub(super) enum Input<'s> {
    /// Any miette source: the lines around the labels are read through it (from the start of
    /// the text, for miette's own sources).
    Code(&'s dyn SourceCode),
    /// A whole text with its line index: each line is found by a binary search and taken as a
    /// slice, and only windows of a long line are read, so that a label costs the same
    /// whatever the length of its line.
    Text {
        name: &'s str,
        source: &'s SourceText,
    },
}

/// An input line read from the source.
struct RawLine<'t> {
    start: usize,
    /// Bytes of the input line before `start` that the input does not hold.
    before: usize,
    text: Cow<'t, str>,
    newline: bool,
}

impl Excerpt {
    /// The excerpt of `source` for these labels (input offsets); `None` when the source
    /// cannot be read there.
    fn new(source: Input<'_>, labels: &[LabeledSpan]) -> Option<Excerpt> {
        let (raw, name) = match source {
            Input::Code(code) => read_lines(code, labels)?,
            Input::Text { name, source } => {
                let raw = text_lines(&source.text, source.index(), labels)?;
                (from_origin(raw, source.origin), Some(name.to_owned()))
            }
        };
        let mut points: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for l in labels {
            for at in [l.offset(), l.offset() + l.len()] {
                let n = line_of(&raw, at);
                if let Some(line) = raw.get(&n) {
                    let col = at.saturating_sub(line.start).min(line.text.len());
                    points.entry(n).or_default().push(col);
                }
            }
        }
        let mut data = String::new();
        let mut lines = Vec::with_capacity(raw.len());
        for (&number, line) in &raw {
            let start = data.len();
            let pieces = show_line(
                &mut data,
                &line.text,
                line.start,
                points.get(&number).map_or(&[][..], Vec::as_slice),
            );
            lines.push(ShownLine {
                number,
                real_start: line.start,
                before: line.before,
                real_len: line.text.len(),
                start,
                end: data.len(),
                newline: line.newline,
                pieces,
            });
            data.push('\n');
        }
        Some(Excerpt {
            name: name.map(|n| escape(&n).into_owned()),
            data,
            lines,
        })
    }

    /// The labels moved to the excerpt, their texts escaped.
    fn labels(&self, labels: &[LabeledSpan]) -> Vec<LabeledSpan> {
        labels
            .iter()
            .map(|l| {
                let start = self.shown_offset(l.offset());
                let end = self.shown_offset(l.offset() + l.len()).max(start);
                let text = l.label().map(|t| escape(t).into_owned());
                let span = SourceSpan::new(start.into(), end - start);
                if l.primary() {
                    LabeledSpan::new_primary_with_span(text, span)
                } else {
                    LabeledSpan::new_with_span(text, span)
                }
            })
            .collect()
    }

    /// Where an input offset is shown.
    fn shown_offset(&self, at: usize) -> usize {
        let i = self
            .lines
            .partition_point(|l| l.real_start <= at)
            .saturating_sub(1);
        let Some(line) = self.lines.get(i) else {
            return 0;
        };
        if at > line.real_start + line.real_len {
            // The line break, or past the input.
            return (line.end + 1).min(self.data.len());
        }
        for p in &line.pieces {
            if at < p.real + p.real_len {
                return if p.verbatim && at >= p.real {
                    p.shown + (at - p.real)
                } else {
                    p.shown
                };
            }
        }
        line.end
    }

    /// The input column (bytes from the line's start) of an excerpt offset.
    fn real_column(&self, line: &ShownLine, at: usize) -> usize {
        let real = line
            .pieces
            .iter()
            .find(|p| at < p.shown + p.shown_len)
            .map_or(line.real_start + line.real_len, |p| {
                if p.verbatim && at >= p.shown {
                    p.real + (at - p.shown)
                } else {
                    p.real
                }
            });
        real - line.real_start + line.before
    }

    /// The index of the excerpt line an excerpt offset is on.
    fn line_at(&self, at: usize) -> usize {
        self.lines
            .partition_point(|l| l.start <= at)
            .saturating_sub(1)
    }
}

/// The lines of a text that starts at `origin` of its file, numbered as the file's lines.
fn from_origin(raw: BTreeMap<usize, RawLine<'_>>, origin: Origin) -> BTreeMap<usize, RawLine<'_>> {
    if origin.line == 0 && origin.column_bytes == 0 {
        return raw;
    }
    raw.into_iter()
        .map(|(n, mut line)| {
            if n == 0 {
                line.before = origin.column_bytes;
            }
            (n + origin.line, line)
        })
        .collect()
}

/// The input line holding offset `at` among `raw` (its number).
fn line_of(raw: &BTreeMap<usize, RawLine<'_>>, at: usize) -> usize {
    raw.iter()
        .take_while(|(_, l)| l.start <= at)
        .last()
        .map_or(0, |(&n, _)| n)
}

/// The input lines the labels touch, with one line of context either side, by number; and
/// the source's name.
fn read_lines(
    source: &dyn SourceCode,
    labels: &[LabeledSpan],
) -> Option<(BTreeMap<usize, RawLine<'static>>, Option<String>)> {
    let from = labels.iter().map(LabeledSpan::offset).min()?;
    let to = labels.iter().map(|l| l.offset() + l.len()).max()?;
    let mut raw = BTreeMap::new();
    let whole = source
        .read_span(&SourceSpan::new(from.into(), to - from), 1, 1)
        .ok()?;
    let name = whole.name().map(str::to_owned);
    let many = whole.data().iter().filter(|&&b| b == b'\n').count() > SPAN_LINES;
    if !many {
        add_lines(&mut raw, &*whole);
        return Some((raw, name));
    }
    drop(whole);
    for l in labels {
        if let Ok(c) = source.read_span(l.inner(), 1, 1) {
            add_lines(&mut raw, &*c);
        }
    }
    Some((raw, name))
}

/// The lines of `text` that [`read_lines`] reads through miette, found with the line index:
/// the lines from the one before the first label to the one after the last, or each label's
/// own lines when those are more than [`SPAN_LINES`].
fn text_lines<'t>(
    text: &'t str,
    index: &LineIndex,
    labels: &[LabeledSpan],
) -> Option<BTreeMap<usize, RawLine<'t>>> {
    let from = labels.iter().map(LabeledSpan::offset).min()?;
    let to = labels.iter().map(|l| l.offset() + l.len()).max()?;
    let (first, last) = lines_around(text, index, from, to)?;
    let mut raw = BTreeMap::new();
    // The line breaks miette would read: one per line but the text's last.
    let breaks = last - first + usize::from(index.line_start(last + 1).is_some());
    if breaks <= SPAN_LINES {
        add_text_lines(&mut raw, text, index, first, last);
        return Some(raw);
    }
    for l in labels {
        if let Some((first, last)) = lines_around(text, index, l.offset(), l.offset() + l.len()) {
            add_text_lines(&mut raw, text, index, first, last);
        }
    }
    Some(raw)
}

/// The first and last line miette reads for a span `from..to` with one line of context either
/// side (when the span's last byte is a line break, it reads one line more); `None` when it
/// cannot read the span.
fn lines_around(text: &str, index: &LineIndex, from: usize, to: usize) -> Option<(usize, usize)> {
    let last_byte = to.saturating_sub(1).max(from);
    if last_byte > text.len() {
        return None;
    }
    let first = index.line_of(from).saturating_sub(1);
    let after = match text.as_bytes().get(last_byte) {
        Some(b'\n' | b'\r') => 2,
        _ => 1,
    };
    Some((first, index.line_of(last_byte) + after))
}

/// Adds the lines `first..=last` of `text` that it has, as slices of it.
fn add_text_lines<'t>(
    raw: &mut BTreeMap<usize, RawLine<'t>>,
    text: &'t str,
    index: &LineIndex,
    first: usize,
    last: usize,
) {
    for number in first..=last.min(index.lines()) {
        let Some(start) = index.line_start(number).filter(|&s| s < text.len()) else {
            break;
        };
        let (line, newline) = match index.line_start(number + 1) {
            Some(next) => (
                text[start..next - 1]
                    .strip_suffix('\r')
                    .unwrap_or(&text[start..next - 1]),
                true,
            ),
            None => (&text[start..], false),
        };
        raw.entry(number).or_insert(RawLine {
            start,
            before: 0,
            text: Cow::Borrowed(line),
            newline,
        });
    }
}

/// Adds the lines of `contents` (whole lines of the input, from line `contents.line()`).
fn add_lines(raw: &mut BTreeMap<usize, RawLine<'static>>, contents: &dyn SpanContents<'_>) {
    let data = String::from_utf8_lossy(contents.data());
    let mut number = contents.line();
    let mut start = contents.span().offset();
    let mut rest: &str = &data;
    while !rest.is_empty() {
        let (line, newline, taken) = match rest.find('\n') {
            Some(i) => (&rest[..i], true, i + 1),
            None => (rest, false, rest.len()),
        };
        let line = if newline {
            line.strip_suffix('\r').unwrap_or(line)
        } else {
            line
        };
        raw.entry(number).or_insert_with(|| RawLine {
            start,
            before: 0,
            text: Cow::Owned(line.to_owned()),
            newline,
        });
        number += 1;
        start += taken;
        rest = &rest[taken..];
    }
}

/// Writes `line` as shown into `out` and returns its pieces: whole when short, else windows
/// around the `points` (byte columns of label ends) joined by `…`. Only the windows are read.
fn show_line(out: &mut String, line: &str, real_start: usize, points: &[usize]) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut done = 0; // bytes of the line shown or left out so far
    for (from, to) in kept_ranges(line, points) {
        if from > done {
            push_piece(&mut pieces, out, real_start + done, from - done, "…", false);
        }
        // Stretches of safe characters as they are, each unsafe one escaped.
        let kept = &line[from..to];
        let mut safe_from = 0;
        let escaped = kept.char_indices().filter(|&(_, c)| is_unsafe(c));
        for next in escaped.map(Some).chain([None]) {
            let stretch = &kept[safe_from..next.map_or(kept.len(), |(bi, _)| bi)];
            let real = real_start + from + safe_from;
            push_piece(&mut pieces, out, real, stretch.len(), stretch, true);
            if let Some((bi, c)) = next {
                let mut shown = String::new();
                push_shown(&mut shown, c);
                let real = real_start + from + bi;
                push_piece(&mut pieces, out, real, c.len_utf8(), &shown, false);
                safe_from = bi + c.len_utf8();
            }
        }
        done = to;
    }
    if done < line.len() {
        push_piece(
            &mut pieces,
            out,
            real_start + done,
            line.len() - done,
            "…",
            false,
        );
    }
    pieces
}

/// Appends a piece (none for an empty one), joined to the one before when both are shown as
/// written.
fn push_piece(
    pieces: &mut Vec<Piece>,
    out: &mut String,
    real: usize,
    real_len: usize,
    shown: &str,
    verbatim: bool,
) {
    if real_len == 0 && shown.is_empty() {
        return;
    }
    if verbatim
        && let Some(last) = pieces.last_mut()
        && last.verbatim
        && last.real + last.real_len == real
    {
        last.real_len += real_len;
        last.shown_len += shown.len();
    } else {
        pieces.push(Piece {
            shown: out.len(),
            shown_len: shown.len(),
            real,
            real_len,
            verbatim,
        });
    }
    out.push_str(shown);
}

/// The byte ranges of a line that are shown: all of a short line (at most [`LONG_LINE`]
/// characters), else windows of characters around each point (its start when there is none),
/// merged. A point inside a character counts from the next one. Reads only the windows.
fn kept_ranges(line: &str, points: &[usize]) -> Vec<(usize, usize)> {
    let long =
        line.len() > LONG_LINE && (line.len() > 4 * LONG_LINE || line.chars().count() > LONG_LINE);
    if !long {
        return vec![(0, line.len())];
    }
    let mut sorted: Vec<usize> = points.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    for p in &mut sorted {
        *p = ceil_char(line, *p);
    }
    if sorted.is_empty() {
        sorted.push(0);
    }
    let window = (LINE_BUDGET / (2 * sorted.len())).clamp(4, WINDOW);
    let mut ranges: Vec<(usize, usize)> = Vec::new();
    for p in sorted {
        let from = line[..p]
            .char_indices()
            .rev()
            .take(window)
            .last()
            .map_or(p, |(i, _)| i);
        let to = line[p..]
            .char_indices()
            .nth(window)
            .map_or(line.len(), |(i, _)| p + i);
        match ranges.last_mut() {
            Some(last) if from <= last.1 => last.1 = last.1.max(to),
            _ => ranges.push((from, to)),
        }
    }
    ranges
}

/// The first character boundary of `line` at or after byte `at` (its end past it).
fn ceil_char(line: &str, at: usize) -> usize {
    let mut at = at.min(line.len());
    while !line.is_char_boundary(at) {
        at += 1;
    }
    at
}

impl SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        if self.lines.is_empty() || span.offset() > self.data.len() {
            return Err(MietteError::OutOfBounds);
        }
        let at = span.offset();
        let last = (at + span.len().saturating_sub(1)).max(at);
        let mut first = self.line_at(at);
        let mut end = self.line_at(last);
        // Context lines, never across lines left out of the excerpt.
        for _ in 0..before {
            if first > 0 && self.lines[first - 1].number + 1 == self.lines[first].number {
                first -= 1;
            }
        }
        for _ in 0..after {
            if end + 1 < self.lines.len()
                && self.lines[end].number + 1 == self.lines[end + 1].number
            {
                end += 1;
            }
        }
        let mut number = self.lines[first].number;
        let (from, column) = if before == 0 && at > self.lines[first].end {
            // Past the line's break: the start of the next line, as miette counts.
            number += usize::from(self.lines[first].newline);
            (at, 0)
        } else if before == 0 {
            (at, self.real_column(&self.lines[first], at))
        } else {
            (self.lines[first].start, 0)
        };
        let to = if after == 0 {
            (at + span.len()).min(self.data.len())
        } else {
            (self.lines[end].end + 1).min(self.data.len())
        };
        // miette joins two labels' snippets when the first one's line plus this count
        // reaches the second's line; the count is that of the input's line breaks up to
        // the snippet's end, but never reaches past a gap in the excerpt.
        let last_line = &self.lines[end];
        let mut line_count = last_line.number + usize::from(last_line.newline);
        if let Some(next) = self.lines.get(end + 1)
            && next.number > last_line.number + 1
        {
            line_count = line_count.min(next.number - self.lines[first].number - 1);
        }
        let data = &self.data.as_bytes()[from.min(to)..to];
        let span = SourceSpan::new(from.min(to).into(), data.len());
        Ok(Box::new(match &self.name {
            Some(n) => {
                MietteSpanContents::new_named(n.clone(), data, span, number, column, line_count)
            }
            None => MietteSpanContents::new(data, span, number, column, line_count),
        }))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use miette::{GraphicalReportHandler, GraphicalTheme, NamedSource};

    use super::*;

    /// A diagnostic with labels over a named text.
    #[derive(Debug)]
    struct Test {
        source: NamedSource<Arc<str>>,
        labels: Vec<(usize, usize, &'static str)>,
    }

    impl fmt::Display for Test {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a problem")
        }
    }

    impl std::error::Error for Test {}

    impl Diagnostic for Test {
        fn source_code(&self) -> Option<&dyn SourceCode> {
            Some(&self.source)
        }

        fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
            Some(Box::new(self.labels.iter().enumerate().map(
                |(i, &(at, len, t))| {
                    let span = SourceSpan::new(at.into(), len);
                    if i == 0 {
                        LabeledSpan::new_primary_with_span(Some(t.into()), span)
                    } else {
                        LabeledSpan::new_with_span(Some(t.into()), span)
                    }
                },
            )))
        }
    }

    fn test(text: &str, labels: Vec<(usize, usize, &'static str)>) -> Test {
        Test {
            source: NamedSource::new("game.pgn", Arc::from(text)),
            labels,
        }
    }

    fn handler() -> GraphicalReportHandler {
        GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
            .with_width(80)
            .with_context_lines(1)
    }

    fn plain(d: &Test) -> String {
        let mut out = String::new();
        handler()
            .render_report(&mut out, d)
            .expect("miette renders");
        out
    }

    fn shown(d: &Test) -> String {
        let mut out = String::new();
        handler()
            .render_report(&mut out, &Shown::new(d, None))
            .expect("miette renders");
        out
    }

    #[test]
    fn ordinary_text_is_shown_exactly_as_miette_shows_it() {
        let lines: Vec<String> = (1..=60).map(|i| format!("{i}. e4 e5 Nf3 Кр ♘f3")).collect();
        let text = lines.join("\n") + "\n";
        let at = |line: usize, token: &str| {
            let start: usize = lines[..line - 1].iter().map(|l| l.len() + 1).sum();
            start + lines[line - 1].find(token).expect("token")
        };
        let cases = vec![
            vec![(at(1, "e4"), 2, "first line")],
            vec![(at(3, "♘f3"), 5, "after Cyrillic")],
            vec![(at(5, "Nf3"), 3, "here"), (at(5, "e5"), 2, "and here")],
            vec![(at(2, "e4"), 2, "here"), (at(4, "e5"), 2, "near")],
            vec![(at(10, "e4"), 2, "here"), (at(40, "e5"), 2, "far")],
            vec![(at(7, "e5"), at(9, "e5") - at(7, "e5"), "over lines")],
            vec![(at(60, "♘f3"), 5, "last line")],
            vec![(text.len(), 0, "at the end")],
        ];
        for labels in cases {
            let d = test(&text, labels.clone());
            assert_eq!(shown(&d), plain(&d), "{labels:?}");
        }
        let crlf = "1. e4 e5\r\n2. Nf3 Nc6\r\n3. Bb5 a6";
        let d = test(crlf, vec![(crlf.find("Nc6").expect("Nc6"), 3, "crlf")]);
        assert_eq!(shown(&d), plain(&d));
    }

    #[test]
    fn a_long_line_is_cut_to_windows_with_the_real_column() {
        let text = format!(
            "1. e4 {{{}}} e5 Ke4 {{{}}} *\n",
            "x".repeat(100_000),
            "y".repeat(100_000)
        );
        let at = text.find("Ke4").expect("Ke4");
        let d = test(&text, vec![(at, 3, "illegal"), (3, 2, "the pawn")]);
        let out = shown(&d);
        assert!(out.contains(&format!("[game.pgn:1:{}]", at + 1)), "{out}");
        assert!(out.contains("e5 Ke4 {yyy"), "{out}");
        assert!(out.contains("1. e4 {xxx"), "{out}");
        assert_eq!(out.matches('…').count(), 2, "{out}");
        assert!(out.len() < 2_000, "{} bytes:\n{out}", out.len());
        for line in out.lines() {
            assert!(line.chars().count() < 300, "{line}");
        }
    }

    #[test]
    fn control_characters_are_escaped_and_labels_cover_them() {
        let text = "1. e4 \u{1b}[2J e5\n";
        let d = test(text, vec![(6, 4, "here")]);
        let out = shown(&d);
        assert!(out.contains("1. e4 \\u{1b}[2J e5"), "{out}");
        assert!(!out.contains('\u{1b}'), "{out}");
        // The underline spans the escaped text (`\u{1b}[2J`, 9 characters).
        assert!(out.contains("\n   ·       ────┬────\n"), "{out}");
    }

    /// `d` shown against its text through a line index, as human reports read files.
    fn indexed(d: &Test) -> String {
        let source = SourceText::whole(std::sync::Arc::clone(d.source.inner()));
        let input = Input::Text {
            name: "game.pgn",
            source: &source,
        };
        let mut out = String::new();
        handler()
            .render_report(&mut out, &Shown::with_source(d, Some(input)))
            .expect("miette renders");
        out
    }

    /// A small deterministic generator of numbers below `n`.
    fn next(seed: &mut u64, n: usize) -> usize {
        *seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (*seed >> 33) as usize % n
    }

    /// Text with short and long lines, CRLF, empty lines and characters of one to four bytes.
    fn mixed_text(seed: &mut u64) -> String {
        let alphabet = ['e', '4', ' ', 'N', 'é', 'К', 'р', '象', '♘', '𝄞', '\t'];
        let mut text = String::new();
        for line in 0..12 {
            let len = [0, 5, 40, 399, 401, 1_700][line % 6] + next(seed, 3);
            for _ in 0..len {
                text.push(alphabet[next(seed, alphabet.len())]);
            }
            text.push_str(["\n", "\r\n", "\n\n"][next(seed, 3)]);
        }
        text.push_str("1. e4 *");
        text
    }

    #[test]
    fn the_line_index_reads_every_label_as_miette_s_own_source_does() {
        let mut seed = 13;
        for _ in 0..3 {
            let text = mixed_text(&mut seed);
            let boundaries: Vec<usize> = (0..=text.len())
                .filter(|&i| text.is_char_boundary(i))
                .collect();
            let mut cases = vec![vec![(text.len(), 0, "at the end")]];
            for _ in 0..150 {
                let at = boundaries[next(&mut seed, boundaries.len())];
                let end = boundaries[next(&mut seed, boundaries.len())].max(at);
                let near = (end + [0, 1, 4][next(&mut seed, 3)]).min(text.len());
                let other = boundaries
                    .iter()
                    .find(|&&b| b >= near)
                    .copied()
                    .unwrap_or(at);
                cases.push(vec![(at, (end - at) % 300, "here")]);
                cases.push(vec![(at, 0, "here"), (other, 1, "there")]);
            }
            for labels in cases {
                let d = test(&text, labels.clone());
                assert_eq!(indexed(&d), shown(&d), "{labels:?} in {text:?}");
            }
        }
    }

    /// The windows of a line counted character by character: the ranges of character
    /// indices, as byte ranges.
    fn counted_ranges(line: &str, points: &[usize]) -> Vec<(usize, usize)> {
        let starts: Vec<usize> = line
            .char_indices()
            .map(|(i, _)| i)
            .chain([line.len()])
            .collect();
        let count = starts.len() - 1;
        if count <= LONG_LINE {
            return vec![(0, line.len())];
        }
        let mut sorted = points.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        let mut chars: Vec<usize> = sorted
            .iter()
            .map(|&p| starts.iter().position(|&s| s >= p).unwrap_or(count))
            .collect();
        if chars.is_empty() {
            chars.push(0);
        }
        let window = (LINE_BUDGET / (2 * chars.len())).clamp(4, WINDOW);
        let mut ranges: Vec<(usize, usize)> = Vec::new();
        for c in chars {
            let (from, to) = (c.saturating_sub(window), (c + window).min(count));
            match ranges.last_mut() {
                Some(last) if from <= last.1 => last.1 = last.1.max(to),
                _ => ranges.push((from, to)),
            }
        }
        ranges
            .into_iter()
            .map(|(from, to)| (starts[from], starts[to]))
            .collect()
    }

    #[test]
    fn windows_are_the_characters_counted_one_by_one() {
        let mut seed = 7;
        let alphabet = ['x', 'é', 'К', '象', '𝄞'];
        for round in 0..400 {
            let len = [10, 399, 400, 401, 420, 1_600, 5_000][round % 7];
            let line: String = (0..len)
                .map(|_| alphabet[next(&mut seed, alphabet.len())])
                .collect();
            let points: Vec<usize> = (0..next(&mut seed, 200))
                .map(|_| next(&mut seed, line.len() + 1))
                .collect();
            assert_eq!(
                kept_ranges(&line, &points),
                counted_ranges(&line, &points),
                "{len} characters, points {points:?}"
            );
        }
    }

    #[test]
    fn a_label_far_into_a_long_line_is_shown_in_its_window() {
        // Column 200,000 of a line of Cyrillic, CJK and accented letters, ended by CRLF.
        let filler = "Кр象é".repeat(50_000);
        let text = format!("[Event \"x\"]\r\n\r\n1. e4 {{{filler}}} Ke4 {{{filler}}} *\r\n");
        let at = text.find("Ke4").expect("Ke4");
        let line_start = text.find("1. e4").expect("line");
        for labels in [
            vec![(at, 3, "illegal")],
            vec![(at, 3, "illegal"), (at - 4 * WINDOW, 1, "window edge")],
            vec![(at, 3, "illegal"), (at + 3 + WINDOW * 3, 3, "after")],
            vec![(at, 3, "illegal"), (line_start, 2, "line start")],
            vec![(at, text.len() - 2 - at, "to the end")],
        ] {
            let d = test(&text, labels.clone());
            let out = indexed(&d);
            assert_eq!(out, shown(&d), "{labels:?}");
            assert!(
                out.contains(&format!("[game.pgn:3:{}]", at - line_start + 1)),
                "{labels:?}: {out}"
            );
            assert!(out.contains("} Ke4 {"), "{out}");
            assert!(out.len() < 3_000, "{} bytes:\n{out}", out.len());
        }
    }
}
