//! Bytes to text. Never fails.
//!
//! * UTF-8, with or without a BOM (the BOM is dropped).
//! * UTF-16 with a BOM (what Windows calls "Unicode"), little- or big-endian.
//! * Anything else: every valid UTF-8 sequence is kept, and every byte that is not part of one
//!   is read as Latin-1, with the Windows-1252 characters in 0x80–0x9F (`–`, `“`, `…`), as
//!   Windows writes them. Real PGN archives are often Latin-1; files glued together are often
//!   partly UTF-8. The caller warns with the offset of the first such byte.

use std::borrow::Cow;

use crate::diagnostic::{Diagnostic, Problem};
use crate::span::Span;

/// How the bytes were decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// Valid UTF-8.
    Utf8,
    /// UTF-16 with a byte order mark.
    Utf16 {
        /// True for big-endian (BOM `FE FF`), false for little-endian (`FF FE`).
        big_endian: bool,
    },
    /// Not UTF-8: bytes outside valid UTF-8 sequences were read as Latin-1 (Windows-1252 in
    /// 0x80–0x9F). `first_invalid` is the offset of the first such byte, in the input after
    /// its BOM and equally in the decoded text (everything before it is unchanged).
    Latin1 {
        /// Offset of the first invalid UTF-8 byte.
        first_invalid: usize,
    },
}

/// Decoded text.
#[derive(Clone, Debug)]
pub struct Decoded<'a> {
    /// The text (without a leading BOM).
    pub text: Cow<'a, str>,
    /// How it was decoded.
    pub encoding: Encoding,
    /// True when the text holds NUL characters (it is probably not text at all).
    pub binary: bool,
}

/// Who reads the decoded text: the words of the help differ, the diagnostics do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    /// `scoresheet check`: PGN or a plain-text score.
    Check,
    /// `scoresheet lint`: a manuscript, which is never fixed when it is not UTF-8.
    Lint,
}

impl Decoded<'_> {
    /// The file-level diagnostics of decoding: bytes that are not UTF-8 (read as Latin-1), or
    /// NUL bytes (not text at all: then that alone). Spans are in [`Decoded::text`].
    pub fn diagnostics(&self, reader: Reader) -> Vec<Diagnostic> {
        let text: &str = &self.text;
        let invalid = match self.encoding {
            Encoding::Latin1 { first_invalid } => {
                let at = first_invalid.min(text.len());
                Some((
                    first_invalid,
                    text[at..].chars().next().map_or(0, char::len_utf8),
                ))
            }
            Encoding::Utf8 | Encoding::Utf16 { .. } => None,
        };
        let nul = self.binary.then(|| text.find('\0').unwrap_or(0));
        notes(invalid, nul, reader)
    }
}

/// The notes of decoding: the first byte that is not UTF-8 (its offset, and the width of the
/// character it was read as), or, for a binary input (a NUL at `nul`), that alone.
fn notes(invalid: Option<(usize, usize)>, nul: Option<usize>, reader: Reader) -> Vec<Diagnostic> {
    match (nul, invalid) {
        (Some(nul), _) => vec![binary(nul, reader)],
        (None, Some((at, width))) => vec![not_utf8(at, width, reader)],
        (None, None) => Vec::new(),
    }
}

/// The note that the text is not UTF-8: its first such byte, at `first_invalid` of the text,
/// was read as a character `width` bytes long.
pub(crate) fn not_utf8(first_invalid: usize, width: usize, reader: Reader) -> Diagnostic {
    let help = match reader {
        Reader::Check => "save the file as UTF-8; the text was read as Latin-1 (ISO 8859-1)",
        Reader::Lint => {
            "save the file as UTF-8; the text was read as Latin-1 (ISO 8859-1); it is not fixed"
        }
    };
    Diagnostic::new(
        Problem::NotUtf8 {
            offset: first_invalid,
        },
        Span::new(first_invalid, first_invalid + width),
    )
    .label("not UTF-8")
    .help(help)
}

/// The note that the input is not text: a NUL at `nul` of the text.
pub(crate) fn binary(nul: usize, reader: Reader) -> Diagnostic {
    let help = match reader {
        Reader::Check => "scoresheet reads text files: PGN or a plain-text score",
        Reader::Lint => "scoresheet lints text files: PGN, plain text, Markdown or LaTeX",
    };
    Diagnostic::new(Problem::Binary, Span::new(nul, nul + 1))
        .label("a NUL byte")
        .help(help)
}

/// Decodes bytes: UTF-8 when valid (BOM dropped), UTF-16 with a BOM, else UTF-8 with every
/// invalid byte read as Latin-1 / Windows-1252.
pub fn decode(bytes: &[u8]) -> Decoded<'_> {
    let plain = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if !bytes.starts_with(b"\xFF\xFE")
        && !bytes.starts_with(b"\xFE\xFF")
        && let Ok(s) = std::str::from_utf8(plain)
    {
        return Decoded {
            text: Cow::Borrowed(s),
            encoding: Encoding::Utf8,
            binary: plain.iter().take(SNIFFED).any(|&b| b == 0),
        };
    }
    let mut decoder = Decoder::default();
    let mut text = String::with_capacity(bytes.len() + bytes.len() / 8);
    decoder.push(bytes, true, &mut text);
    Decoded {
        binary: decoder.binary(),
        encoding: decoder.encoding(),
        text: Cow::Owned(text),
    }
}

/// Bytes (UTF-8) or characters (UTF-16) at the start of the input in which a NUL makes it
/// binary, not text.
pub(crate) const SNIFFED: usize = 1 << 16;

/// What a [`Decoder`] has found the input to be.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Kind {
    /// Not known yet: the input is shorter than a byte order mark.
    #[default]
    Unknown,
    /// UTF-8 (its BOM dropped), with invalid bytes read as Windows-1252.
    Utf8,
    /// UTF-16 with a BOM.
    Utf16 { big_endian: bool },
}

/// [`decode`] of an input that comes in pieces: each piece is decoded as it comes, a character
/// cut between two pieces is kept for the next, and the text is the same as [`decode`] makes of
/// the whole input.
#[derive(Debug, Default)]
pub(crate) struct Decoder {
    kind: Kind,
    /// Bytes of a character (or BOM) not complete yet.
    carry: Vec<u8>,
    /// Bytes (UTF-8) or characters (UTF-16) decoded so far, after the BOM.
    read: usize,
    /// Bytes of text decoded so far.
    decoded: usize,
    /// The first byte that is not UTF-8 (its text offset), and the width of the character it
    /// was read as.
    first_invalid: Option<(usize, usize)>,
    /// A NUL in the first [`SNIFFED`] bytes or characters.
    binary: bool,
    /// The text offset of the first NUL.
    nul: Option<usize>,
}

impl Decoder {
    /// Decodes `bytes` (the next piece of the input) onto `out`; `end`: it is the last piece.
    pub(crate) fn push(&mut self, bytes: &[u8], end: bool, out: &mut String) {
        // The bytes carried from the last piece, then this piece's (copied only after such).
        let carry = std::mem::take(&mut self.carry);
        let joined;
        let input: &[u8] = if carry.is_empty() {
            bytes
        } else {
            joined = [carry.as_slice(), bytes].concat();
            &joined
        };
        let mut rest: &[u8] = input;
        if self.kind == Kind::Unknown {
            let boms: [&[u8]; 3] = [b"\xFF\xFE", b"\xFE\xFF", b"\xEF\xBB\xBF"];
            if rest.len() < 3 && !end && boms.iter().any(|bom| bom.starts_with(rest)) {
                self.carry = input.to_vec();
                return;
            }
            (self.kind, rest) = if let Some(r) = rest.strip_prefix(b"\xFF\xFE") {
                (Kind::Utf16 { big_endian: false }, r)
            } else if let Some(r) = rest.strip_prefix(b"\xFE\xFF") {
                (Kind::Utf16 { big_endian: true }, r)
            } else {
                (
                    Kind::Utf8,
                    rest.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(rest),
                )
            };
        }
        let start = out.len();
        let carried = match self.kind {
            Kind::Utf16 { big_endian } => utf16_piece(rest, big_endian, end, out),
            _ => self.utf8_piece(rest, end, out),
        };
        let piece = &out[start..];
        let nul = piece.find('\0');
        if self.nul.is_none() {
            self.nul = nul.map(|at| self.decoded + at);
        }
        match self.kind {
            Kind::Utf16 { .. } => {
                let sniffed = SNIFFED.saturating_sub(self.read);
                self.binary |= piece.chars().take(sniffed).any(|c| c == '\0');
                self.read += piece.chars().count();
            }
            _ => {
                let used = &rest[..rest.len() - carried];
                let sniffed = SNIFFED.saturating_sub(self.read).min(used.len());
                self.binary |= used[..sniffed].contains(&0);
                self.read += used.len();
            }
        }
        self.decoded += out.len() - start;
        self.carry = rest[rest.len() - carried..].to_vec();
    }

    /// Decodes UTF-8 with invalid bytes as Windows-1252; returns the length of a character cut
    /// at the end of a piece that is not the last (kept for the next piece).
    fn utf8_piece(&mut self, mut rest: &[u8], end: bool, out: &mut String) -> usize {
        let start = out.len();
        loop {
            let error = match std::str::from_utf8(rest) {
                Ok(s) => {
                    out.push_str(s);
                    return 0;
                }
                Err(e) => e,
            };
            let (valid, after) = rest.split_at(error.valid_up_to());
            out.push_str(std::str::from_utf8(valid).expect("the bytes before the error are UTF-8"));
            let bad = match error.error_len() {
                Some(n) => n,
                None if !end => return after.len(),
                None => after.len(),
            };
            if self.first_invalid.is_none() {
                let at = self.decoded + out.len() - start;
                self.first_invalid = Some((at, windows_1252(after[0]).len_utf8()));
            }
            out.extend(after[..bad].iter().map(|&b| windows_1252(b)));
            rest = &after[bad..];
        }
    }

    /// How the input was decoded.
    pub(crate) fn encoding(&self) -> Encoding {
        match (self.kind, self.first_invalid) {
            (Kind::Utf16 { big_endian }, _) => Encoding::Utf16 { big_endian },
            (_, Some((first_invalid, _))) => Encoding::Latin1 { first_invalid },
            _ => Encoding::Utf8,
        }
    }

    /// Is the input binary (a NUL near its start)?
    pub(crate) fn binary(&self) -> bool {
        self.binary
    }

    /// The notes of decoding so far (see [`Decoded::diagnostics`]): the first byte that is not
    /// UTF-8, and a NUL that makes the input binary.
    pub(crate) fn notes(&self, reader: Reader) -> Vec<Diagnostic> {
        notes(
            self.first_invalid,
            self.binary.then(|| self.nul.unwrap_or(0)),
            reader,
        )
    }

    /// Is enough of the input decoded to say whether it is binary?
    pub(crate) fn sniffed(&self) -> bool {
        self.binary || self.read >= SNIFFED
    }

    /// The text offset of the first NUL, once met.
    pub(crate) fn nul(&self) -> Option<usize> {
        self.nul
    }

    /// The first byte that is not UTF-8 (its text offset), once met.
    pub(crate) fn first_invalid(&self) -> Option<usize> {
        self.first_invalid.map(|(at, _)| at)
    }
}

/// Decodes UTF-16 units; returns the length of what is kept for the next piece (an odd byte,
/// a high surrogate) when this one is not the last.
fn utf16_piece(bytes: &[u8], big_endian: bool, end: bool, out: &mut String) -> usize {
    let mut whole = bytes.len() - bytes.len() % 2;
    if end {
        whole = bytes.len();
    } else if whole >= 2 {
        let pair = [bytes[whole - 2], bytes[whole - 1]];
        let last = if big_endian {
            u16::from_be_bytes(pair)
        } else {
            u16::from_le_bytes(pair)
        };
        if (0xD800..0xDC00).contains(&last) {
            whole -= 2;
        }
    }
    let units = bytes[..whole].chunks(2).map(|c| {
        let pair = [c[0], c.get(1).copied().unwrap_or(0)];
        if big_endian {
            u16::from_be_bytes(pair)
        } else {
            u16::from_le_bytes(pair)
        }
    });
    out.extend(char::decode_utf16(units).map(|r| r.unwrap_or(char::REPLACEMENT_CHARACTER)));
    bytes.len() - whole
}

/// A byte outside UTF-8 as Windows-1252 (which is Latin-1 but for 0x80–0x9F).
fn windows_1252(b: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8D}', 'Ž',
        '\u{8F}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9D}',
        'ž', 'Ÿ',
    ];
    match b {
        0x80..=0x9F => HIGH[usize::from(b - 0x80)],
        _ => char::from(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_with_and_without_bom() {
        let d = decode("\u{FEFF}1. e4 ½-½".as_bytes());
        assert_eq!(d.text, "1. e4 ½-½");
        assert_eq!(d.encoding, Encoding::Utf8);
        assert!(!d.binary);
    }

    #[test]
    fn latin1_bytes_beside_utf8() {
        // "Müller" in Latin-1, then "½" in UTF-8, then an en dash in Windows-1252.
        let d = decode(b"M\xfcller \xc2\xbd 1\x960");
        assert_eq!(d.text, "Müller ½ 1–0");
        assert_eq!(d.encoding, Encoding::Latin1 { first_invalid: 1 });
    }

    #[test]
    fn utf16_with_bom() {
        let le: Vec<u8> = "\u{FEFF}1. e4 *"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let d = decode(&le);
        assert_eq!(d.text, "1. e4 *");
        assert_eq!(d.encoding, Encoding::Utf16 { big_endian: false });
        assert!(!d.binary);
        let be: Vec<u8> = "\u{FEFF}1. d4 *"
            .encode_utf16()
            .flat_map(u16::to_be_bytes)
            .collect();
        assert_eq!(decode(&be).text, "1. d4 *");
    }

    #[test]
    fn nul_bytes_are_binary() {
        assert!(decode(b"PK\x03\x04\x00\x00").binary);
    }
}
