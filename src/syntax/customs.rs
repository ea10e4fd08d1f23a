//! The customs of a language: how its moves are written, from the `//! customs:` header of
//! its language file, read once into a typed [`Customs`] (by [`Customs::parse`], the one
//! reader of the header, used by build.rs for the built-in files and by the library for user
//! files).
//!
//! The header is a list of `key=value` pairs separated by spaces, each key at most once:
//!
//! ```text
//! //! customs: capture=x capture_place=before mate=# check=+ double_check=none castle=O promotion== ep=none
//! ```
//!
//! | key | values | meaning |
//! |-----|--------|---------|
//! | `capture` | a mark (`x`, `:`, `×`, `-`) or `none` | the capture mark (`none`: captures are not marked) |
//! | `capture_place` | `before` or `trailing` | the mark goes before the target square (`exd5`, `Кg5:f6`) or after the move (Dutch `Lg3:`, `fg3:`) |
//! | `mate` | a mark (`#`, `X`, `‡`, `++`) | the mate sign; `++` (Spanish) makes a written `++` mate, never double check |
//! | `check` | a mark (`+`, `†`) | the check sign |
//! | `double_check` | a mark (`++`) or `none` | the sign of a double check, if the language writes one |
//! | `castle` | `O` or `0` | the letter castling is written with (`O-O`, `0-0`) |
//! | `promotion` | a mark (`=`, `/`), `none` or `paren` | the promotion mark: `e8=Q`; `e8Q` (`none`); `e8(Q)` (`paren`) |
//! | `ep` | a mark (`e.p.`, `a.p.`, `(e.p)`) or `none` | the en passant mark written after the move, if any |
//! | `short_capture` | `note` or `usual` | a pawn capture written without its target's rank (`exd`, `cd`): read with an advice note that says what it was read as (`note`), or read silently, as the language's custom (`usual`) |
//!
//! A mark is any text without spaces or control characters (`none` and `paren` are not marks).
//! A key left out takes FIDE's custom ([`Customs::FIDE`]); a language file without the header
//! is written in FIDE style. An unknown key, a value a key does not take, a pair without `=`
//! or a key given twice is an error, with the byte span of the bad key or value
//! ([`CustomsError`]).
//!
//! This file is compiled twice (build.rs includes it with `#[path]`): it uses `std` only.

use std::fmt;
use std::ops::Range;

/// How a language writes moves (the `//! customs:` header of its file, typed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Customs<'a> {
    /// The header as written (what `scoresheet languages` shows; empty when there is none).
    pub written: &'a str,
    /// The capture mark; `None` when captures are not marked.
    pub capture: Option<&'a str>,
    /// Where the capture mark goes.
    pub capture_place: CapturePlace,
    /// The mate sign.
    pub mate: Mate<'a>,
    /// The check sign.
    pub check: &'a str,
    /// The sign of a double check, if the language writes one.
    pub double_check: Option<&'a str>,
    /// The letter castling is written with.
    pub castle: Castle,
    /// How a promotion is written.
    pub promotion: Promotion<'a>,
    /// The en passant mark written after the move, if any.
    pub ep: Option<&'a str>,
    /// A pawn capture written without its target's rank (`exd`, `cd`) is the custom: read
    /// without a note.
    pub short_capture_usual: bool,
}

/// Where a language writes the capture mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CapturePlace {
    /// Before the target square: `exd5`, `Кg5:f6`.
    Before,
    /// After the move: Dutch `Lg3:` and `fg3:`.
    Trailing,
}

/// A language's mate sign.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mate<'a> {
    /// `++` (Spanish): a written `++` is mate, never a double check.
    DoublePlus,
    /// Any other sign (`#`, `X`, `‡`).
    Sign(&'a str),
}

impl<'a> Mate<'a> {
    /// The sign as written.
    pub const fn as_str(self) -> &'a str {
        match self {
            Mate::DoublePlus => "++",
            Mate::Sign(s) => s,
        }
    }
}

/// The letter castling is written with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Castle {
    /// The letter O: `O-O`.
    O,
    /// The digit zero: `0-0`.
    Zero,
}

/// How a language writes a promotion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Promotion<'a> {
    /// The piece right after the square: `e8Q` (`promotion=none`).
    Bare,
    /// The piece in parentheses: `e8(Q)` (`promotion=paren`).
    Paren,
    /// A mark before the piece: `e8=Q`, `e8/Q`.
    Mark(&'a str),
}

/// A mistake in a `//! customs:` header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CustomsError {
    /// The bad key, value or pair, in bytes of the header value given to [`Customs::parse`].
    pub span: Range<usize>,
    /// What is wrong.
    pub message: String,
    /// The label under the place.
    pub label: &'static str,
    /// How to fix it.
    pub help: String,
}

impl fmt::Display for CustomsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// The keys of the header, in the order the templates write them.
pub const KEYS: [&str; 9] = [
    "capture",
    "capture_place",
    "mate",
    "check",
    "double_check",
    "castle",
    "promotion",
    "ep",
    "short_capture",
];

/// The values a key takes, in words (the help of a bad value).
fn allowed(key: &str) -> &'static str {
    match key {
        "capture" => "a mark such as `x`, `:` or `×`, or `none`",
        "capture_place" => "`before` (`exd5`) or `trailing` (Dutch `fg3:`)",
        "mate" => "a mark such as `#`, `X` or `++`",
        "check" => "a mark such as `+`",
        "double_check" => "a mark such as `++`, or `none`",
        "castle" => "`O` (`O-O`) or `0` (`0-0`)",
        "promotion" => "a mark such as `=`, `none` (`e8Q`) or `paren` (`e8(Q)`)",
        "short_capture" => "`note` (`exd` is read with a note) or `usual` (read without one)",
        _ => "a mark such as `e.p.`, or `none`",
    }
}

impl Customs<'static> {
    /// FIDE's customs: `x` before the square, `+`, `#`, `O-O`, `=Q`, no en passant mark.
    pub const FIDE: Customs<'static> = Customs {
        written: "",
        capture: Some("x"),
        capture_place: CapturePlace::Before,
        mate: Mate::Sign("#"),
        check: "+",
        double_check: None,
        castle: Castle::O,
        promotion: Promotion::Mark("="),
        ep: None,
        short_capture_usual: false,
    };
}

impl<'a> Customs<'a> {
    /// Reads the value of a `//! customs:` header (the text after `customs:`).
    ///
    /// # Errors
    /// Every unknown key, bad value, pair without `=` and repeated key, each with the byte
    /// span (in `text`) of the bad key or value.
    pub fn parse(text: &'a str) -> Result<Customs<'a>, Vec<CustomsError>> {
        let mut customs = Customs {
            written: text,
            ..Customs::FIDE
        };
        let mut errors = Vec::new();
        let mut seen: Vec<&str> = Vec::new();
        for (at, pair) in words(text) {
            let Some((key, value)) = pair.split_once('=') else {
                errors.push(CustomsError {
                    span: at..at + pair.len(),
                    message: format!("`{pair}` is not a `key=value` pair"),
                    label: "no `=`",
                    help: "write each custom as `key=value`, e.g. `capture=x`".into(),
                });
                continue;
            };
            let key_span = at..at + key.len();
            let value_span = at + key.len() + 1..at + pair.len();
            if !KEYS.contains(&key) {
                errors.push(unknown_key(key, key_span));
                continue;
            }
            if seen.contains(&key) {
                errors.push(CustomsError {
                    span: key_span,
                    message: format!("`{key}` is given twice"),
                    label: "given again here",
                    help: "give each key once".into(),
                });
                continue;
            }
            seen.push(key);
            if customs.set(key, value).is_none() {
                errors.push(CustomsError {
                    span: if value.is_empty() {
                        key_span
                    } else {
                        value_span
                    },
                    message: if value.is_empty() {
                        format!("`{key}` has no value")
                    } else {
                        format!("`{value}` is not a value of `{key}`")
                    },
                    label: if value.is_empty() {
                        "no value"
                    } else {
                        "not a value of this key"
                    },
                    help: format!("`{key}` takes {}", allowed(key)),
                });
            }
        }
        if errors.is_empty() {
            Ok(customs)
        } else {
            Err(errors)
        }
    }

    /// Sets a known key from its value; `None` when the key does not take it.
    fn set(&mut self, key: &str, value: &'a str) -> Option<()> {
        let mark = mark(value);
        let optional = if value == "none" {
            Some(None)
        } else {
            mark.map(Some)
        };
        match key {
            "capture" => self.capture = optional?,
            "capture_place" => {
                self.capture_place = match value {
                    "before" => CapturePlace::Before,
                    "trailing" => CapturePlace::Trailing,
                    _ => return None,
                }
            }
            "mate" => {
                self.mate = if value == "++" {
                    Mate::DoublePlus
                } else {
                    Mate::Sign(mark?)
                }
            }
            "check" => self.check = mark?,
            "double_check" => self.double_check = optional?,
            "castle" => {
                self.castle = match value {
                    "O" => Castle::O,
                    "0" => Castle::Zero,
                    _ => return None,
                }
            }
            "promotion" => {
                self.promotion = match value {
                    "none" => Promotion::Bare,
                    "paren" => Promotion::Paren,
                    _ => Promotion::Mark(mark?),
                }
            }
            "short_capture" => {
                self.short_capture_usual = match value {
                    "note" => false,
                    "usual" => true,
                    _ => return None,
                }
            }
            _ => self.ep = optional?,
        }
        Some(())
    }

    /// Does a written `++` mean mate in this language (Spanish), rather than double check?
    pub const fn double_plus_is_mate(&self) -> bool {
        matches!(self.mate, Mate::DoublePlus)
    }
}

impl fmt::Display for Customs<'_> {
    /// The header as written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.written)
    }
}

/// A free mark: some text, without control characters, that is not a word of the header.
fn mark(value: &str) -> Option<&str> {
    (!value.is_empty()
        && !matches!(value, "none" | "paren")
        && !value.chars().any(char::is_control))
    .then_some(value)
}

/// The words of a text separated by whitespace, with their byte offsets.
fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split_whitespace()
        .map(move |w| (w.as_ptr() as usize - text.as_ptr() as usize, w))
}

/// The error of an unknown key, with the closest known key as a suggestion.
fn unknown_key(key: &str, span: Range<usize>) -> CustomsError {
    let closest = KEYS
        .iter()
        .map(|k| (distance(k, key), *k))
        .min()
        .filter(|(d, _)| *d <= 2);
    CustomsError {
        span,
        message: format!("`{key}` is not a customs key"),
        label: "unknown key",
        help: match closest {
            Some((_, k)) => format!("did you mean `{k}`? The keys are {}", KEYS.join(", ")),
            None => format!("the keys are {}", KEYS.join(", ")),
        },
    }
}

/// The edit distance of two short words (in characters).
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != *cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fide_header_reads_as_fide() {
        let text = "capture=x capture_place=before mate=# check=+ double_check=none castle=O promotion== ep=none";
        let c = Customs::parse(text).unwrap();
        assert_eq!(
            c,
            Customs {
                written: text,
                ..Customs::FIDE
            }
        );
        assert_eq!(c.to_string(), text);
        assert_eq!(Customs::parse("").unwrap(), Customs::FIDE);
    }

    #[test]
    fn values_are_typed() {
        let c = Customs::parse(
            "capture=: capture_place=trailing mate=++ double_check=++ castle=0 promotion=paren ep=a.p.",
        )
        .unwrap();
        assert_eq!(c.capture, Some(":"));
        assert_eq!(c.capture_place, CapturePlace::Trailing);
        assert!(c.double_plus_is_mate());
        assert_eq!(c.mate.as_str(), "++");
        assert_eq!(c.double_check, Some("++"));
        assert_eq!(c.castle, Castle::Zero);
        assert_eq!(c.promotion, Promotion::Paren);
        assert_eq!(c.ep, Some("a.p."));
        let c = Customs::parse("capture=none promotion=none mate=X").unwrap();
        assert_eq!(c.capture, None);
        assert_eq!(c.promotion, Promotion::Bare);
        assert_eq!(c.mate, Mate::Sign("X"));
        assert!(!c.double_plus_is_mate());
        assert!(!c.short_capture_usual);
        assert!(
            Customs::parse("short_capture=usual")
                .unwrap()
                .short_capture_usual
        );
        assert!(
            !Customs::parse("short_capture=note")
                .unwrap()
                .short_capture_usual
        );
        let bad = Customs::parse("short_capture=yes").unwrap_err();
        assert_eq!(bad[0].span, 14..17);
        assert!(bad[0].help.contains("`usual`"), "{bad:?}");
    }

    #[test]
    fn mistakes_are_placed_on_the_key_or_value() {
        let text = "captur=x  capture_place=sideways mate=none check ep= mate=#";
        let errors = Customs::parse(text).unwrap_err();
        let spans: Vec<&str> = errors.iter().map(|e| &text[e.span.clone()]).collect();
        assert_eq!(spans, ["captur", "sideways", "none", "check", "ep", "mate"]);
        assert!(
            errors[0].help.contains("did you mean `capture`?"),
            "{errors:?}"
        );
        assert!(errors[1].help.contains("`trailing`"), "{errors:?}");
        let twice = Customs::parse("mate=# mate=X").unwrap_err();
        assert_eq!(twice[0].span, 7..11);
        assert_eq!(twice[0].message, "`mate` is given twice");
        assert!(unknown_key("zzz", 0..3).help.starts_with("the keys are"));
    }
}
