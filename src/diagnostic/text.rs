//! Input text shown to people: control characters escaped, long tokens shortened.
//!
//! Every report for people (the miette reports of `check`, `lint`, `convert` and `grammar`,
//! summary lines, file names on standard error) passes the text it took from the input through
//! [`escape`]; every message that quotes a token or a tag value quotes it through [`short`].

use std::borrow::Cow;
use std::fmt;

/// Whether `c` must not reach a terminal raw: C0 controls but tab and newline, DEL, C1
/// controls, and the bidirectional overrides and isolates (which reorder what is shown).
pub const fn is_unsafe(c: char) -> bool {
    matches!(
        c,
        '\u{0}'..='\u{8}'
            | '\u{b}'..='\u{1f}'
            | '\u{7f}'..='\u{9f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2066}'..='\u{2069}'
    )
}

/// Writes `c` as it is shown to people: itself, or escaped as `\u{1b}` when it is
/// [unsafe](is_unsafe).
pub fn push_shown(out: &mut String, c: char) {
    if is_unsafe(c) {
        out.push_str(&c.escape_unicode().to_string());
    } else {
        out.push(c);
    }
}

/// `text` as it may be shown on a terminal: every [unsafe](is_unsafe) character escaped as
/// `\u{1b}` (tab and newline kept). Borrowed when there is nothing to escape.
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        push_shown(&mut out, c);
    }
    Cow::Owned(out)
}

/// Tokens and values quoted in a message are shown whole up to this many characters.
pub const QUOTE_LIMIT: usize = 40;

/// Characters kept of a longer quoted text.
const QUOTE_KEEP: usize = 30;

/// A text quoted in a message: whole up to [`QUOTE_LIMIT`] characters, else its first
/// characters, `…` and its length (`NNNNNNNN… (1000000 characters)`).
#[derive(Clone, Copy, Debug)]
pub struct Short<'a>(pub &'a str);

impl fmt::Display for Short<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.0;
        // Counting stops past the limit: a megabyte token costs no more than a short one.
        if text.chars().nth(QUOTE_LIMIT).is_none() {
            return f.write_str(text);
        }
        let cut = text
            .char_indices()
            .nth(QUOTE_KEEP)
            .map_or(text.len(), |(i, _)| i);
        write!(f, "{}… ({} characters)", &text[..cut], text.chars().count())
    }
}

/// `text` quoted in a message (see [`Short`]).
pub const fn short(text: &str) -> Short<'_> {
    Short(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_controls_and_bidi_keeps_the_rest() {
        let cases = [
            ("e4 e5", "e4 e5"),
            ("a\tb\nc", "a\tb\nc"),
            ("\u{1b}]0;title\u{7}", "\\u{1b}]0;title\\u{7}"),
            ("\u{1b}[2J", "\\u{1b}[2J"),
            ("x\ry", "x\\u{d}y"),
            ("\u{7f}\u{85}\u{9f}", "\\u{7f}\\u{85}\\u{9f}"),
            ("\u{202e}abc\u{2066}", "\\u{202e}abc\\u{2066}"),
            ("Кр ♘f3 é", "Кр ♘f3 é"),
            ("\u{a0}\u{200b}", "\u{a0}\u{200b}"),
        ];
        for (input, shown) in cases {
            assert_eq!(escape(input), shown, "{input:?}");
        }
        assert!(matches!(escape("Nf3"), Cow::Borrowed(_)));
    }

    #[test]
    fn shortens_long_quotes_only() {
        let exact = "N".repeat(QUOTE_LIMIT);
        assert_eq!(short(&exact).to_string(), exact);
        let long = "N".repeat(100_000);
        assert_eq!(
            short(&long).to_string(),
            format!("{}… (100000 characters)", "N".repeat(QUOTE_KEEP))
        );
        // Cut at a character, not a byte.
        let cyrillic = "К".repeat(50);
        assert_eq!(
            short(&cyrillic).to_string(),
            format!("{}… (50 characters)", "К".repeat(QUOTE_KEEP))
        );
    }
}
