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
    /// The file-level diagnostics of decoding: bytes that are not UTF-8 (read as Latin-1),
    /// NUL bytes (not text at all). Spans are in [`Decoded::text`].
    pub fn diagnostics(&self, reader: Reader) -> Vec<Diagnostic> {
        let text: &str = &self.text;
        let mut out = Vec::new();
        if let Encoding::Latin1 { first_invalid } = self.encoding {
            let at = first_invalid.min(text.len());
            let end = (at + 1..=text.len())
                .find(|&i| text.is_char_boundary(i))
                .unwrap_or(text.len());
            let help = match reader {
                Reader::Check => {
                    "save the file as UTF-8; the text was read as Latin-1 (ISO 8859-1)"
                }
                Reader::Lint => {
                    "save the file as UTF-8; the text was read as Latin-1 (ISO 8859-1); it is not fixed"
                }
            };
            out.push(
                Diagnostic::new(
                    Problem::NotUtf8 {
                        offset: first_invalid,
                    },
                    Span::new(at, end),
                )
                .label("not UTF-8")
                .help(help),
            );
        }
        if self.binary {
            let nul = text.find('\0').unwrap_or(0);
            let help = match reader {
                Reader::Check => "scoresheet reads text files: PGN or a plain-text score",
                Reader::Lint => "scoresheet lints text files: PGN, plain text, Markdown or LaTeX",
            };
            out.push(
                Diagnostic::new(Problem::Binary, Span::new(nul, nul + 1))
                    .label("a NUL byte")
                    .help(help),
            );
        }
        out
    }
}

/// Decodes bytes: UTF-8 when valid (BOM dropped), UTF-16 with a BOM, else UTF-8 with every
/// invalid byte read as Latin-1 / Windows-1252.
pub fn decode(bytes: &[u8]) -> Decoded<'_> {
    if let Some(rest) = bytes.strip_prefix(b"\xFF\xFE") {
        return utf16(rest, false);
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFE\xFF") {
        return utf16(rest, true);
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let binary = has_nul(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => Decoded {
            text: Cow::Borrowed(s),
            encoding: Encoding::Utf8,
            binary,
        },
        Err(e) => {
            let mut text = String::with_capacity(bytes.len() + bytes.len() / 8);
            for chunk in bytes.utf8_chunks() {
                text.push_str(chunk.valid());
                text.extend(chunk.invalid().iter().map(|&b| windows_1252(b)));
            }
            Decoded {
                text: Cow::Owned(text),
                encoding: Encoding::Latin1 {
                    first_invalid: e.valid_up_to(),
                },
                binary,
            }
        }
    }
}

/// NUL bytes in the first 64 KiB: not text.
fn has_nul(bytes: &[u8]) -> bool {
    bytes.iter().take(1 << 16).any(|&b| b == 0)
}

fn utf16(bytes: &[u8], big_endian: bool) -> Decoded<'static> {
    let units = bytes.chunks(2).map(|c| {
        let pair = [c[0], c.get(1).copied().unwrap_or(0)];
        if big_endian {
            u16::from_be_bytes(pair)
        } else {
            u16::from_le_bytes(pair)
        }
    });
    let text: String = char::decode_utf16(units)
        .map(|r| r.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect();
    let binary = text.chars().take(1 << 16).any(|c| c == '\0');
    Decoded {
        text: Cow::Owned(text),
        encoding: Encoding::Utf16 { big_endian },
        binary,
    }
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
