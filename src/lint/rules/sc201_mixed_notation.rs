//! Languages or notations mixed within one document.
//!
//! ## What it does
//! Reports a game written in another language or notation than the rest of the document
//! (German `Sf3` in an English book, descriptive `P-K4` among algebraic games), a game that
//! mixes long and short algebraic (`Ng1-f3` among `Nf3`), and a document whose language the
//! board could not tell (set `language` in `scoresheet.toml`). Across games, a game written
//! in long algebraic in a document written in short algebraic (or the other way round) is
//! reported too.
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
use super::{Category, FixAvailability, Rule, RuleCode, RuleInfo, mapped};
use crate::diagnostic::Code;
use crate::diagnostic::Severity;
use crate::lint::diag::LintDiagnostic;
use crate::lint::document::Document;
use crate::lint::scope::{Scope, Stage};
use crate::syntax::walker::WrittenForm;

/// The rule.
pub(crate) static RULE: Rule = Rule {
    info: RuleInfo {
        code: RuleCode::MixedNotation,
        name: "mixed-notation",
        category: Category::Consistency,
        fix: FixAvailability::None,
        checker_codes: &[Code::MixedNotation, Code::LanguageUndecided],
        source: include_str!("sc201_mixed_notation.rs"),
    },
    run,
};

fn language_name(doc: &Document, code: &str) -> String {
    doc.registry
        .language(code)
        .and_then(|l| {
            let i = l.codes.iter().position(|c| *c == code)?;
            l.names.get(i).or(l.names.first()).map(|n| n.to_string())
        })
        .unwrap_or_else(|| code.to_owned())
}

fn run(doc: &Scope<'_>, out: &mut Vec<LintDiagnostic>) {
    mapped(doc, &RULE, out, |_, _| None);
    // The games taken together, at the end of the document.
    if doc.stage != Stage::End {
        return;
    }
    long_and_short(doc, out);
    for f in &doc.foreign {
        let what = if f.notation == doc.notation {
            format!("in {}", language_name(doc, &f.language))
        } else {
            format!(
                "in {} notation ({})",
                f.notation,
                language_name(doc, &f.language)
            )
        };
        let main = if f.notation == doc.notation {
            language_name(doc, &doc.language)
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

/// Games written in long algebraic among games in short algebraic, or the other way round.
fn long_and_short(doc: &Scope<'_>, out: &mut Vec<LintDiagnostic>) {
    // Counted as the document was read.
    let total = doc.shared.form_totals;
    let main = if total[1] > total[0] {
        WrittenForm::Long
    } else {
        WrittenForm::Short
    };
    let other = if main == WrittenForm::Long {
        WrittenForm::Short
    } else {
        WrittenForm::Long
    };
    // The games mostly in the other form (a game mostly in the document's form is not
    // reported: the checker reports its odd moves).
    for &(number, span) in &doc.shared.forms[other as usize] {
        out.push(
            LintDiagnostic::new(
                &RULE,
                Severity::Warning,
                format!(
                    "game {number} is written in {} algebraic; most of the document in {} algebraic",
                    other.name(),
                    main.name()
                ),
                span,
            )
            .label(format!("{} algebraic", other.name()))
            .help(format!(
                "write the document in one notation (`scoresheet convert --to {}` rewrites a game)",
                if main == WrittenForm::Long { "lan" } else { "san" }
            ))
            .at_move(number, None),
        );
    }
}
