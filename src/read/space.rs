//! White space as people's editors make it, for the hand-written readers (the cutting of a
//! file into games, of a game into words): the characters of the `space` rule of
//! `grammars/common.pest`, which the grammars read, and the line breaks.
//!
//! A word processor puts a no-break space between a move number and its move, or before `!`
//! in French typography; a page pasted from the web brings zero-width spaces and joiners; an
//! East Asian input method types the ideographic space. Each separates tokens as a space
//! does. The grammar is the definition: the tests below hold this module to it character by
//! character.
//!
//! The byte-level functions look at ASCII bytes first (one table look-up each, as before any
//! of this was read), and decode a character only at the few bytes that may start a
//! non-ASCII space.

/// Is `c` a space within a line, as the grammar's `space` rule reads it: the space and the
/// tab; the Unicode space separators (U+00A0 no-break space, U+1680, U+2000 to U+200A,
/// U+202F narrow no-break space, U+205F, U+3000 ideographic space); the zero-width space,
/// non-joiner and joiner (U+200B to U+200D), the word joiner U+2060 and the byte-order mark
/// U+FEFF; and the direction marks U+200E, U+200F and U+061C.
#[inline]
pub(crate) const fn is_space(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t' | '\u{00A0}' | '\u{061C}' | '\u{1680}' | '\u{2000}'
            ..='\u{200F}' | '\u{202F}' | '\u{205F}' | '\u{2060}' | '\u{3000}' | '\u{FEFF}'
    )
}

/// Is `c` white space between tokens: a space ([`is_space`]) or a line break (`\n`, `\r`)?
#[inline]
pub(crate) const fn is_white(c: char) -> bool {
    is_space(c) || c == '\n' || c == '\r'
}

/// `text` without the white space ([`is_white`]) at its ends.
pub(crate) fn trim_white(text: &str) -> &str {
    text.trim_matches(is_white)
}

/// What a byte is to the byte-level readers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ByteClass {
    /// No white space starts here.
    Other,
    /// An ASCII white-space character: space, tab, `\r` or `\n`.
    Ascii,
    /// The first byte of a character that may be a non-ASCII space ([`wide_space_at`] tells).
    Lead,
}

/// [`ByteClass`] of every byte.
pub(crate) static BYTE_CLASS: [ByteClass; 256] = {
    let mut t = [ByteClass::Other; 256];
    t[b' ' as usize] = ByteClass::Ascii;
    t[b'\t' as usize] = ByteClass::Ascii;
    t[b'\r' as usize] = ByteClass::Ascii;
    t[b'\n' as usize] = ByteClass::Ascii;
    // The first bytes of U+00A0 (C2), U+061C (D8), U+1680 (E1), U+2000 to U+206F (E2),
    // U+3000 (E3) and U+FEFF (EF) in UTF-8.
    let leads = [0xC2u8, 0xD8, 0xE1, 0xE2, 0xE3, 0xEF];
    let mut k = 0;
    while k < leads.len() {
        t[leads[k] as usize] = ByteClass::Lead;
        k += 1;
    }
    t
};

/// The length in bytes of the non-ASCII space ([`is_space`]) that starts at byte `i` of `b`,
/// if one does.
#[inline]
pub(crate) fn wide_space_at(b: &[u8], i: usize) -> Option<usize> {
    let next = |k: usize| b.get(i + k).copied().unwrap_or(0);
    let len = match *b.get(i)? {
        // U+00A0
        0xC2 if next(1) == 0xA0 => 2,
        // U+061C
        0xD8 if next(1) == 0x9C => 2,
        // U+1680
        0xE1 if next(1) == 0x9A && next(2) == 0x80 => 3,
        0xE2 => match (next(1), next(2)) {
            // U+2000 to U+200F, U+202F
            (0x80, 0x80..=0x8F | 0xAF) => 3,
            // U+205F, U+2060
            (0x81, 0x9F | 0xA0) => 3,
            _ => return None,
        },
        // U+3000
        0xE3 if next(1) == 0x80 && next(2) == 0x80 => 3,
        // U+FEFF
        0xEF if next(1) == 0xBB && next(2) == 0xBF => 3,
        _ => return None,
    };
    Some(len)
}

/// The length in bytes of the white-space character ([`is_white`]) at byte `i` of `b`, if
/// one is there.
#[inline]
pub(crate) fn white_at(b: &[u8], i: usize) -> Option<usize> {
    match BYTE_CLASS[usize::from(*b.get(i)?)] {
        ByteClass::Other => None,
        ByteClass::Ascii => Some(1),
        ByteClass::Lead => wide_space_at(b, i),
    }
}

/// The first white-space character at or after byte `i` of `b`: where it starts (`b.len()`
/// when none is).
#[inline]
pub(crate) fn next_white(b: &[u8], mut i: usize) -> usize {
    while let Some(&c) = b.get(i) {
        match BYTE_CLASS[usize::from(c)] {
            ByteClass::Other => i += 1,
            ByteClass::Ascii => return i,
            ByteClass::Lead if wide_space_at(b, i).is_some() => return i,
            ByteClass::Lead => i += 1,
        }
    }
    b.len()
}

/// Past the white space at byte `i` of `b`: the first byte from `i` on that starts no
/// white-space character (`b.len()` when none does).
#[inline]
pub(crate) fn skip_white(b: &[u8], mut i: usize) -> usize {
    while let Some(n) = white_at(b, i) {
        i += n;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::common::{Common, Rule};
    use pest::Parser as _;

    /// The characters the tests go through: every character of U+0000 to U+33FF and of
    /// U+FE00 to U+FFFF (the spaces, joiners and marks, and every script and sign around
    /// them), and the ends of the ranges beyond.
    fn characters() -> impl Iterator<Item = char> {
        ('\0'..='\u{33FF}').chain('\u{FE00}'..='\u{FFFF}').chain([
            '\u{10000}',
            '\u{1F600}',
            '\u{E0020}',
            '\u{10FFFF}',
        ])
    }

    /// Does the grammar's rule read the whole of `text`?
    fn reads(rule: Rule, text: &str) -> bool {
        // The spaces and line breaks are silent rules (no pair tells where they end): they are
        // one character long, so reading succeeds exactly when the character is one of them.
        Common::parse(rule, text).is_ok()
    }

    #[test]
    fn the_rust_spaces_are_the_grammars() {
        let mut spaces = Vec::new();
        for c in characters() {
            let text = c.to_string();
            assert_eq!(
                reads(Rule::space, &text),
                is_space(c),
                "{c:?} (U+{:04X})",
                u32::from(c)
            );
            assert_eq!(
                reads(Rule::WHITESPACE, &text),
                is_white(c),
                "{c:?} (U+{:04X}) as WHITESPACE",
                u32::from(c)
            );
            if is_space(c) {
                spaces.push(c);
            }
        }
        // Every Unicode space separator (category Zs) is one, as are the invisible ones.
        for c in [
            ' ', '\u{A0}', '\u{1680}', '\u{2000}', '\u{2001}', '\u{2002}', '\u{2003}', '\u{2004}',
            '\u{2005}', '\u{2006}', '\u{2007}', '\u{2008}', '\u{2009}', '\u{200A}', '\u{202F}',
            '\u{205F}', '\u{3000}', '\u{200B}', '\u{200C}', '\u{200D}', '\u{2060}', '\u{FEFF}',
            '\u{200E}', '\u{200F}', '\u{061C}', '\t',
        ] {
            assert!(spaces.contains(&c), "U+{:04X}", u32::from(c));
        }
        assert_eq!(spaces.len(), 26, "{spaces:?}");
    }

    /// A token stops where the grammar's `unknown` stops: at white space, whatever follows.
    #[test]
    fn unreadable_text_stops_at_every_space() {
        for c in characters() {
            let text = format!("ab{c}cd");
            let read = Common::parse(Rule::unknown, &text)
                .ok()
                .and_then(|mut p| p.next())
                .map(|p| p.as_span().end());
            if is_white(c) {
                assert_eq!(read, Some(2), "U+{:04X}", u32::from(c));
            } else if !"()[{;,".contains(c) {
                assert_eq!(read, Some(text.len()), "U+{:04X}", u32::from(c));
            }
        }
    }

    #[test]
    fn the_bytes_agree_with_the_characters() {
        for c in characters() {
            let mut buf = [0u8; 4];
            let s = c.encode_utf8(&mut buf);
            let b = format!("{s}x");
            let b = b.as_bytes();
            let want = is_white(c).then_some(c.len_utf8());
            assert_eq!(white_at(b, 0), want, "U+{:04X}", u32::from(c));
            assert_eq!(
                wide_space_at(b, 0),
                want.filter(|_| !c.is_ascii()),
                "U+{:04X}",
                u32::from(c)
            );
            if is_white(c) {
                assert_ne!(BYTE_CLASS[usize::from(b[0])], ByteClass::Other);
            }
            assert_eq!(next_white(b, 0), if is_white(c) { 0 } else { b.len() });
            assert_eq!(skip_white(b, 0), want.unwrap_or(0));
            // Cut short, no character is read past the end.
            for end in 0..s.len() {
                assert_eq!(wide_space_at(&b[..end], 0), None);
            }
        }
    }

    #[test]
    fn words_are_cut_at_every_space() {
        let text = "1.\u{a0}e4 e5\u{200b}2.\tNf3\u{3000}\u{feff}Nc6\r\n";
        let b = text.as_bytes();
        let mut words = Vec::new();
        let mut i = skip_white(b, 0);
        while i < b.len() {
            let end = next_white(b, i);
            words.push(&text[i..end]);
            i = skip_white(b, end);
        }
        assert_eq!(words, ["1.", "e4", "e5", "2.", "Nf3", "Nc6"]);
        assert_eq!(trim_white("\u{200b} e4\u{a0}\n"), "e4");
    }
}
