//! Languages or notations mixed within one document.
//!
//! ## What it does
//! Reports a game written in another language or notation than the rest of the document
//! (German `Sf3` in an English book, descriptive `P-K4` among algebraic games), a game that
//! mixes long and short algebraic (`Ng1-f3` among `Nf3`), and a document whose language the
//! board could not tell (set `language` in `scoresheet.toml`).
//!
//! ## Why is this bad?
//! A reader learns one set of piece letters and one notation from the first pages; a game in
//! another is read wrongly (`S` is a knight in German, a bishop in Swedish).
//!
//! ## Example
//! ```text
//! Game 1: 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6
//! Game 2: 1. e4 e5 2. Sf3 Sc6 3. Lb5 a6
//! ```
//! Use instead:
//! ```text
//! Game 2: 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6
//! ```
//! (`scoresheet convert --to san` rewrites a game in the document's notation.)
use super::{Category, FixAvailability, Rule, mapped};
use crate::diagnostic::Severity;
use crate::lint::diag::LintDiagnostic;
use crate::lint::document::Document;

/// The rule.
pub static RULE: Rule = Rule {
    code: "SC201",
    name: "mixed-notation",
    category: Category::Consistency,
    fix: FixAvailability::None,
    checker_codes: &[
        "scoresheet::mixed_notation",
        "scoresheet::language_undecided",
    ],
    run,
    source: include_str!("sc201_mixed_notation.rs"),
};

fn language_name(code: &str) -> String {
    crate::grammar::language(code)
        .and_then(|l| {
            let i = l.codes.iter().position(|c| *c == code)?;
            l.names.get(i).or(l.names.first()).map(|n| (*n).to_owned())
        })
        .unwrap_or_else(|| code.to_owned())
}

fn run(doc: &Document, out: &mut Vec<LintDiagnostic>) {
    mapped(doc, &RULE, out, |_, _| None);
    for f in &doc.foreign {
        let what = if f.notation == doc.notation {
            format!("in {}", language_name(f.language))
        } else {
            format!("in {} notation ({})", f.notation, language_name(f.language))
        };
        let main = if f.notation == doc.notation {
            language_name(doc.language)
        } else {
            format!("{} notation", doc.notation)
        };
        out.push(
            LintDiagnostic::new(
                &RULE,
                Severity::Warning,
                format!(
                    "game {} is written {what}; the document is in {main}",
                    f.game
                ),
                f.span,
            )
            .label(format!("game {} starts here", f.game))
            .help(format!(
                "the game was checked {what}; write the document in one language and notation \
                 (`scoresheet convert --to san --to-lang {}` rewrites a game)",
                doc.language
            ))
            .at_move(f.game, None),
        );
    }
}
