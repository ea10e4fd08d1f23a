//! Byte spans of the source text, and a line index to turn them into lines and columns.

/// A byte range `start..end` of the source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`.
    pub const fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// Its length in bytes.
    pub const fn len(self) -> usize {
        self.end - self.start
    }

    /// True when the span covers no byte.
    pub const fn is_empty(self) -> bool {
        self.end <= self.start
    }

    /// The smallest span covering both.
    pub const fn join(self, other: Span) -> Span {
        let start = if self.start < other.start {
            self.start
        } else {
            other.start
        };
        let end = if self.end > other.end {
            self.end
        } else {
            other.end
        };
        Span { start, end }
    }

    /// The span shifted by `base` bytes.
    pub const fn offset(self, base: usize) -> Span {
        Span {
            start: self.start + base,
            end: self.end + base,
        }
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(s: Span) -> Self {
        (s.start, s.len()).into()
    }
}

/// A value with the span of the text it was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// Pairs a value with its span.
    pub const fn new(value: T, span: Span) -> Self {
        Spanned { value, span }
    }
}

/// Where a text starts in the file it was cut from: a game read alone from a stream starts
/// somewhere in its file, and its lines and columns are counted from there.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Origin {
    /// The byte offset of the text's first byte in the file (as decoded).
    pub offset: usize,
    /// The 0-based line of the file the text starts on.
    pub line: usize,
    /// Characters before the text's first byte on that line.
    pub column: usize,
    /// Bytes before the text's first byte on that line.
    pub column_bytes: usize,
}

/// A text with its line index and where it starts in its file: the whole file, or one game
/// of it. Spans into [`SourceText::text`] turn into the file's lines, columns and offsets.
#[derive(Debug)]
pub struct SourceText {
    /// The text.
    pub text: std::sync::Arc<str>,
    /// Its line index, built when first asked for (most games are reported without one).
    index: std::sync::OnceLock<LineIndex>,
    /// Where it starts in its file.
    pub origin: Origin,
}

impl SourceText {
    /// A text that starts at `origin` of its file.
    pub fn new(text: std::sync::Arc<str>, origin: Origin) -> SourceText {
        SourceText {
            index: std::sync::OnceLock::new(),
            text,
            origin,
        }
    }

    /// Its line index.
    pub fn index(&self) -> &LineIndex {
        self.index.get_or_init(|| LineIndex::new(&self.text))
    }

    /// A whole file's text.
    pub fn whole(text: std::sync::Arc<str>) -> SourceText {
        SourceText::new(text, Origin::default())
    }

    /// 1-based (line, column) in the file of a byte offset of the text; the column counts
    /// characters.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let (line, column) = self.index().line_col(&self.text, offset);
        if line == 1 {
            (self.origin.line + 1, self.origin.column + column)
        } else {
            (self.origin.line + line, column)
        }
    }

    /// Does the text hold this span of its file (file offsets)?
    pub fn holds(&self, span: Span) -> bool {
        span.start >= self.origin.offset && span.end <= self.origin.offset + self.text.len()
    }
}

/// Line starts of a text, built once, for 1-based line and column (in characters) lookups.
///
/// A column is found in time independent of the line's length: the index keeps the number of
/// characters before every 512th byte of the text, so counting the characters from
/// a line's start reads at most two stretches of that many bytes.
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
    /// The number of characters before byte `k * CHECKPOINT` of the text, for each `k`.
    chars_before: Vec<usize>,
}

/// Bytes of text between two character-count checkpoints of a [`LineIndex`].
const CHECKPOINT: usize = 512;

impl LineIndex {
    /// Indexes the line starts of `text`.
    pub fn new(text: &str) -> Self {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        starts.extend(memchr_newlines(bytes));
        let mut chars_before = Vec::with_capacity(bytes.len() / CHECKPOINT + 1);
        let mut count = 0;
        for chunk in bytes.chunks(CHECKPOINT) {
            chars_before.push(count);
            count += char_starts(chunk);
        }
        chars_before.push(count);
        LineIndex {
            starts,
            chars_before,
        }
    }

    /// 1-based (line, column) of a byte offset; the column counts characters.
    pub fn line_col(&self, text: &str, offset: usize) -> (usize, usize) {
        let offset = offset.min(text.len());
        let line = self.line_of(offset);
        let start = self.starts[line];
        let mut end = offset;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let col = self.chars_to(text, end) - self.chars_to(text, start) + 1;
        (line + 1, col)
    }

    /// The 0-based line holding a byte offset (the last line for an offset past the text).
    pub(crate) fn line_of(&self, offset: usize) -> usize {
        self.starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1)
    }

    /// Where 0-based line `line` starts, if the text has it (after a final `\n` there is an
    /// empty last line).
    pub(crate) fn line_start(&self, line: usize) -> Option<usize> {
        self.starts.get(line).copied()
    }

    /// The number of lines, counting the empty one after a final `\n`.
    pub(crate) fn lines(&self) -> usize {
        self.starts.len()
    }

    /// The number of characters that start before byte `at` of `text` (the text indexed).
    fn chars_to(&self, text: &str, at: usize) -> usize {
        let k = at / CHECKPOINT;
        let from = k * CHECKPOINT;
        self.chars_before[k] + char_starts(&text.as_bytes()[from..at])
    }
}

/// The number of characters starting in `bytes` (its bytes that do not continue a character).
fn char_starts(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count()
}

fn memchr_newlines(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    bytes
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .map(|(i, _)| i + 1)
}

#[cfg(test)]
mod tests {
    use super::{CHECKPOINT, LineIndex};

    /// The line and column counted from the text's start, character by character.
    fn counted(text: &str, offset: usize) -> (usize, usize) {
        let mut end = offset.min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let before = &text[..end];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        (line, text[line_start..end].chars().count() + 1)
    }

    #[test]
    fn columns_of_long_lines_with_multibyte_characters_are_counted_exactly() {
        // Checkpoints fall inside two-, three- and four-byte characters, and lines start
        // before, on and after them.
        let mut text = String::from("1. e4 é\r\n");
        for i in 0..3 * CHECKPOINT {
            text.push(['a', 'é', 'К', '象', '♘', '𝄞', ' '][i % 7]);
            if i % 997 == 0 {
                text.push('\n');
            }
        }
        text.push_str("\n\nend\n");
        let index = LineIndex::new(&text);
        for offset in 0..=text.len() + 2 {
            assert_eq!(
                index.line_col(&text, offset),
                counted(&text, offset),
                "{offset}"
            );
        }
        let long = format!("{} Ke4", "Кр".repeat(200_000));
        let index = LineIndex::new(&long);
        assert_eq!(index.line_col(&long, long.len() - 3), (1, 400_002));
    }
}
