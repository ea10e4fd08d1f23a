//! How well a language's customs explain the marks of a text: the tie-breaker of detection
//! when the board reads the moves alike in several languages.
//!
//! Each language file declares its customs (`//! customs:`, read by
//! [`crate::syntax::customs::Customs`]). A mark written as a language declares it, where FIDE's
//! custom differs, is a sign of that language: the Spanish `a.p.` and `0-0`, the Turkish
//! `(e.p)`, the Bulgarian `:` and `X`, the Dutch trailing `:` (`Lg3:`), a promotion without
//! `=`. FIDE's own marks (`x`, `+`, `#`, `O-O`, `=Q`) are no sign of any language: every
//! language may write them. Nothing here is spelled per language: the customs are read from
//! the language files.

use crate::syntax::customs::{CapturePlace, Castle, Customs, Mate, Promotion};
use crate::syntax::{CaptureMark, CheckMark, GameSyntax, MoveBody, MoveToken};

/// How many marks of a game are written as `customs` declares them, where FIDE's custom
/// differs.
pub(crate) fn customs_fit(syntax: &GameSyntax, text: &str, customs: &Customs<'_>) -> usize {
    // A language in FIDE's style has no mark of its own: nothing to count.
    if own_customs(customs) == 0 {
        return 0;
    }
    syntax
        .root
        .moves()
        .map(|tok| token_fit(tok, text, customs))
        .sum()
}

/// How many of the customs differ from FIDE's (what [`customs_fit`] can count).
fn own_customs(c: &Customs<'_>) -> usize {
    let f = &Customs::FIDE;
    [
        (c.capture, c.capture_place) != (f.capture, f.capture_place),
        c.mate != f.mate,
        c.check != f.check,
        c.double_check.is_some(),
        c.castle != f.castle,
        c.promotion != f.promotion,
        c.ep.is_some(),
        c.short_capture_usual,
    ]
    .iter()
    .filter(|own| **own)
    .count()
}

/// The marks of one token written as `c` declares them, where FIDE's custom differs.
fn token_fit(tok: &MoveToken, text: &str, c: &Customs<'_>) -> usize {
    let fide = &Customs::FIDE;
    let src = |span: crate::span::Span| text.get(span.start..span.end).unwrap_or("").trim();
    let mut fit = 0;
    if let Some(capture) = tok.capture()
        && (c.capture, c.capture_place) != (fide.capture, fide.capture_place)
    {
        let (mark, place) = match capture.value {
            CaptureMark::X => ("x", CapturePlace::Before),
            CaptureMark::Times => ("×", CapturePlace::Before),
            CaptureMark::Colon => (":", CapturePlace::Before),
            CaptureMark::TrailingColon => (":", CapturePlace::Trailing),
        };
        fit += usize::from(c.capture == Some(mark) && c.capture_place == place);
    }
    if let Some(check) = tok.check() {
        let mark = src(check.span);
        fit += usize::from(match check.value {
            CheckMark::Check => c.check != fide.check && mark == c.check,
            CheckMark::Mate => c.mate != fide.mate && mark == c.mate.as_str(),
            // `++`: mate in Spanish, a double check in Bulgarian.
            CheckMark::DoubleCheck => {
                (c.mate == Mate::DoublePlus && mark == "++") || c.double_check == Some(mark)
            }
        });
    }
    if let Some(ep) = tok.ep() {
        fit += usize::from(c.ep == Some(src(ep)));
    }
    match &tok.body {
        MoveBody::Castle(_) => {
            let zero = text
                .get(tok.span.start..)
                .is_some_and(|t| t.starts_with('0'));
            fit += usize::from(zero && c.castle == Castle::Zero);
        }
        MoveBody::Normal(n) => {
            if let Some(mark) = crate::check::habits::promotion_mark(tok, text) {
                let written = match mark {
                    "" => Promotion::Bare,
                    "(" => Promotion::Paren,
                    other => Promotion::Mark(other),
                };
                fit += usize::from(c.promotion != fide.promotion && c.promotion == written);
            }
            // `cd`, `exd`: a pawn capture without its target's rank.
            fit += usize::from(c.short_capture_usual && n.to.is_none() && n.to_file.is_some());
        }
        MoveBody::Descriptive(_) | MoveBody::Null => {}
    }
    fit
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fit of a game read in a built-in language.
    fn fit(text: &str, lang: &str) -> usize {
        let parser = crate::syntax::builtin_parser("algebraic", lang).expect("built in");
        let syntax = (parser.parse)(text, 0);
        let language = parser.language.as_deref().expect("a language");
        customs_fit(&syntax, text, &language.read_customs())
    }

    #[test]
    fn marks_count_for_the_languages_that_declare_them() {
        // Spanish `a.p.` and `0-0`; French writes FIDE's marks.
        let spanish = "1. e4 Cf6 2. e5 d5 3. exd6 a.p. e6 4. Cf3 Ae7 5. Ae2 0-0 *";
        assert_eq!(fit(spanish, "es"), 2);
        assert_eq!(fit(spanish, "fr"), 0);
        // Turkish `(e.p)`.
        let turkish = "1. e4 Af6 2. e5 d5 3. exd6 (e.p) Vxd6 *";
        assert_eq!(fit(turkish, "tr"), 1);
        assert_eq!(fit(turkish, "az"), 0);
        // Bulgarian `:` captures and `X` mate; English `x` and `#` are no sign.
        let bulgarian = "1. f3 e5 2. g4 Дh4X 0-1";
        assert_eq!(fit(bulgarian, "bg"), 1);
        assert_eq!(fit("1. e4 d5 2. e:d5 c6 3. d:c6 *", "bg"), 2);
        assert_eq!(fit("1. e4 d5 2. exd5 c6 3. dxc6 *", "bg"), 0);
        assert_eq!(fit("1. e4 d5 2. e:d5 c6 3. d:c6 *", "en"), 0);
        // Dutch trailing `:`, not a `:` before the square.
        assert_eq!(fit("1. e4 d5 2. ed5: Dd5: *", "nl"), 2);
        assert_eq!(fit("1. e4 d5 2. e:d5 D:d5 *", "nl"), 0);
        // A promotion without `=` (Bulgarian), against FIDE's `=Q`.
        let promotion = "[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. a8Д *";
        assert_eq!(fit(promotion, "bg"), 1);
    }
}
