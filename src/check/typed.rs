//! What hand-typed scores carry that PGN has not, read all the same and said once per game:
//! commas, slashes and semicolons between moves, move numbers written `1)`, `1-`, `1:` or
//! `1 .`, and the Cyrillic `Х` typed as a mate sign outside the languages that write it.

use crate::diagnostic::{Diagnostic, Problem};
use crate::span::Span;
use crate::syntax::customs::Mate;
use crate::syntax::kind::LanguageFile;
use crate::syntax::{CheckMark, GameSyntax, SyntaxIssue};

/// The Cyrillic capital `Х` of a mate sign (the `X` of the languages that write it).
const CYRILLIC_X: char = '\u{0425}';

/// A look-alike warning for each mate sign typed as the Cyrillic `Х` where the language does
/// not write mate so (its mate sign is not `X`, or its letters are not Cyrillic: a Russian
/// keyboard's `Х` in an English score).
pub(crate) fn cyrillic_mates(
    syntax: &GameSyntax,
    text: &str,
    language: Option<&LanguageFile>,
) -> Vec<Diagnostic> {
    let native = language.is_some_and(|l| {
        matches!(l.read_customs().mate, Mate::Sign("X"))
            && l.letters[..5]
                .iter()
                .any(|a| a.chars().any(|c| ('\u{0400}'..='\u{04FF}').contains(&c)))
    });
    let meant = language.map_or("#", |l| l.read_customs().mate.as_str());
    let mut out = Vec::new();
    let game = text.get(syntax.span.start..syntax.span.end).unwrap_or("");
    if native || !game.contains(CYRILLIC_X) {
        return out;
    }
    for tok in syntax.root.moves() {
        if !tok.check().is_some_and(|c| c.value == CheckMark::Mate) {
            continue;
        }
        let token = text.get(tok.span.start..tok.span.end).unwrap_or("");
        let Some(at) = token.rfind(CYRILLIC_X) else {
            continue;
        };
        let start = tok.span.start + at;
        let read_as = format!("{}{meant}{}", &token[..at], &token[at + 2..]);
        out.push(
            Diagnostic::new(
                Problem::LookAlike {
                    token: token.to_owned(),
                    found: crate::syntax::lookalike::describe(CYRILLIC_X),
                    meant: 'X',
                    read_as: read_as.clone(),
                },
                Span::new(start, start + CYRILLIC_X.len_utf8()),
            )
            .label("a Cyrillic letter, read as the mate sign")
            .help(format!(
                "the Cyrillic `Х` is the mate sign `X` of Russian, Ukrainian, Belarusian and \
                 Bulgarian scores; this one writes mate `{meant}`"
            ))
            .suggest(vec![read_as]),
        );
    }
    out
}

/// One advice per kind of separator of the game (at its first place, with how often), and
/// one for the move numbers written in a form PGN has not. `text` is the file's text.
pub(crate) fn hand_typed(syntax: &GameSyntax, text: &str) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    // (separator, first place, count), in the order first met.
    let mut seen: Vec<(&str, Span, usize)> = Vec::new();
    for issue in &syntax.issues {
        let SyntaxIssue::Separator(span) = issue else {
            continue;
        };
        let sep = text.get(span.start..span.end).unwrap_or("");
        match seen.iter_mut().find(|s| s.0 == sep) {
            Some(s) => s.2 += 1,
            None => seen.push((sep, *span, 1)),
        }
    }
    for (sep, span, count) in seen {
        let help = if sep == ";" {
            "PGN separates moves with white space, and there a `;` starts a comment that runs to \
             the end of the line: it is read as a separator here because a move number follows it; \
             write a space instead"
        } else {
            "PGN separates moves with white space; other programs may not read this: write a \
             space instead"
        };
        out.push(
            Diagnostic::new(
                Problem::Separator {
                    text: sep.to_owned(),
                    count,
                },
                span,
            )
            .label("read as white space (assumed)")
            .help(help),
        );
    }
    if let Some(d) = number_forms(syntax, text) {
        out.push(d);
    }
    out
}

/// The move numbers written `1)`, `1-`, `1:` or `1 .`: one advice at the first, with how
/// many (main line and variations).
fn number_forms(syntax: &GameSyntax, text: &str) -> Option<Diagnostic> {
    let mut forms = syntax.issues.iter().filter_map(|i| match i {
        SyntaxIssue::NumberForm(span) => Some(*span),
        _ => None,
    });
    let span = forms.next()?;
    let count = 1 + forms.count();
    let written = text.get(span.start..span.end).unwrap_or("");
    let number: u32 = written
        .bytes()
        .take_while(u8::is_ascii_digit)
        .fold(0u32, |n, d| {
            n.saturating_mul(10).saturating_add(u32::from(d - b'0'))
        });
    let dots = if written.contains("..") || written.contains('…') {
        "..."
    } else {
        "."
    };
    Some(
        Diagnostic::new(
            Problem::MoveNumberForm {
                text: written.to_owned(),
                number,
                count,
            },
            span,
        )
        .label("read as a move number (assumed)")
        .help(format!(
            "PGN writes move numbers with a dot and no space: `{number}{dots}`"
        ))
        .suggest(vec![format!("{number}{dots}")]),
    )
}

#[cfg(test)]
mod tests {
    use crate::syntax::typed_number as typed_form;

    #[test]
    fn forms_people_type_are_told_from_pgn() {
        for typed in ["1)", "12-", "3:", "4 .", "5 ...", "6\t.", "7.-", "8.–"] {
            assert!(typed_form(typed), "{typed}");
        }
        for pgn in ["1.", "12...", "3…", "4"] {
            assert!(!typed_form(pgn), "{pgn}");
        }
    }
}
