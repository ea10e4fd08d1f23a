//! Bytes to text: UTF-8 (a BOM is ignored), else Latin-1 with a warning. Never fails.

use std::borrow::Cow;

/// How the bytes were decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// Valid UTF-8.
    Utf8,
    /// Not UTF-8: each byte read as its Latin-1 character. `first_invalid` is the byte
    /// offset of the first byte that is not valid UTF-8.
    Latin1 {
        /// Offset of the first invalid UTF-8 byte in the input.
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
    /// True when the input held NUL bytes (it is probably not text at all).
    pub binary: bool,
}

/// Decodes bytes: UTF-8 when valid (BOM dropped), else Latin-1.
pub fn decode(bytes: &[u8]) -> Decoded<'_> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let binary = bytes.iter().take(1 << 16).any(|&b| b == 0);
    match std::str::from_utf8(bytes) {
        Ok(s) => Decoded { text: Cow::Borrowed(s), encoding: Encoding::Utf8, binary },
        Err(e) => {
            let text: String = bytes.iter().map(|&b| char::from(b)).collect();
            Decoded { text: Cow::Owned(text), encoding: Encoding::Latin1 { first_invalid: e.valid_up_to() }, binary }
        }
    }
}
