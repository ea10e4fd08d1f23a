//! A document's text as the editor has it: edits applied at LSP positions, and byte offsets
//! turned into positions and back. Positions count UTF-16 code units within a line (the
//! protocol's default encoding), so `Кf3` is three units, `×` one and `♘` one.

use lsp_types::{Position, Range, TextDocumentContentChangeEvent};

/// The text and the byte offset of each line's start.
#[derive(Clone, Debug, Default)]
pub struct Text {
    text: String,
    lines: Vec<usize>,
}

impl Text {
    /// A text, its lines indexed.
    pub fn new(text: String) -> Text {
        let mut t = Text {
            text,
            lines: Vec::new(),
        };
        t.index();
        t
    }

    fn index(&mut self) {
        self.lines.clear();
        self.lines.push(0);
        self.lines.extend(
            self.text
                .bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The byte offset of a position: a character past the line's end is its end (before its
    /// line break); a line past the last is the text's end; a position inside a surrogate
    /// pair is the character's start.
    pub fn offset(&self, p: Position) -> usize {
        let Some(&start) = self.lines.get(p.line as usize) else {
            return self.text.len();
        };
        let end = self
            .lines
            .get(p.line as usize + 1)
            .map_or(self.text.len(), |&e| e);
        let line = &self.text[start..end];
        let line = line.strip_suffix('\n').unwrap_or(line);
        let line = line.strip_suffix('\r').unwrap_or(line);
        let mut units = 0u32;
        for (i, c) in line.char_indices() {
            let next = units + c.len_utf16() as u32;
            if next > p.character {
                return start + i;
            }
            units = next;
        }
        start + line.len()
    }

    /// The position of a byte offset (an offset inside a character is its start's).
    pub fn position(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.lines.partition_point(|&s| s <= offset) - 1;
        let start = self.lines[line];
        let character = self.text[start..offset].encode_utf16().count();
        Position::new(line as u32, character as u32)
    }

    /// The range of a byte span.
    pub fn range(&self, start: usize, end: usize) -> Range {
        Range::new(self.position(start), self.position(end))
    }

    /// Applies one change: a range replaced, or the whole text when it has none.
    pub fn apply(&mut self, change: TextDocumentContentChangeEvent) {
        match change.range {
            None => self.text = change.text,
            Some(r) => {
                let start = self.offset(r.start);
                let end = self.offset(r.end).max(start);
                self.text.replace_range(start..end, &change.text);
            }
        }
        self.index();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(r: ((u32, u32), (u32, u32)), text: &str) -> TextDocumentContentChangeEvent {
        TextDocumentContentChangeEvent {
            range: Some(Range::new(
                Position::new(r.0.0, r.0.1),
                Position::new(r.1.0, r.1.1),
            )),
            range_length: None,
            text: text.into(),
        }
    }

    #[test]
    fn utf16_positions_of_cyrillic_and_figurines() {
        let t = Text::new("1. e4 e5\n2. Кf3 ♘c6 3. Сb5×c6\n".into());
        // `К` is 2 bytes and 1 unit: `f3` starts at byte 5, unit 4 of line 1.
        let at = t.as_str().find("f3").expect("there");
        assert_eq!(t.position(at), Position::new(1, 4));
        assert_eq!(t.offset(Position::new(1, 4)), at);
        let c6 = t.as_str().rfind("c6").expect("there");
        assert_eq!(t.position(c6), Position::new(1, 18));
        assert_eq!(t.offset(Position::new(1, 18)), c6);
        // Past the end of a line: its end.
        assert_eq!(t.offset(Position::new(0, 99)), 8);
        assert_eq!(t.offset(Position::new(9, 0)), t.as_str().len());
    }

    #[test]
    fn astral_characters_are_two_units() {
        let t = Text::new("a\u{1D11E}b".into());
        assert_eq!(t.position(5), Position::new(0, 3));
        assert_eq!(t.offset(Position::new(0, 3)), 5);
        // Inside the pair: the character's start.
        assert_eq!(t.offset(Position::new(0, 2)), 1);
    }

    #[test]
    fn incremental_changes_apply_in_order() {
        let mut t = Text::new("1. e4 e5 2. Кf3 Кc6\r\n3. Сb4 a6\n".into());
        // `Сb4` → `Сb5`: line 1, units 5..6.
        t.apply(change(((1, 5), (1, 6)), "5"));
        assert_eq!(t.as_str(), "1. e4 e5 2. Кf3 Кc6\r\n3. Сb5 a6\n");
        t.apply(change(((0, 12), (0, 13)), "N"));
        assert_eq!(t.as_str(), "1. e4 e5 2. Nf3 Кc6\r\n3. Сb5 a6\n");
        t.apply(change(((1, 9), (2, 0)), " 4. O-O\n"));
        assert_eq!(t.as_str(), "1. e4 e5 2. Nf3 Кc6\r\n3. Сb5 a6 4. O-O\n");
        assert_eq!(t.position(t.as_str().len()), Position::new(2, 0));
    }
}
