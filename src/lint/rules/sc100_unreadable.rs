//! Text inside a game that cannot be read: no move, number, comment or result.
//!
//! ## What it does
//! Reports what the checker cannot read inside a game: tokens that are no move, malformed
//! tag pairs, unclosed comments and variations, stray marks, unusable FEN tags, unsupported
//! variants and input that is not UTF-8 text.
//!
//! ## Why is this bad?
//! A move that cannot be read cannot be checked, and a reader may not be able to read it
//! either; in a PGN file it is often a word of prose that slipped into a game without the
//! braces of a comment. (In Markdown, plain text and LaTeX, words of prose between the moves
//! of a paragraph are prose: they are skipped, never reported.)
//!
//! ## Example
//! ```text
//! 1. e4 e5 2. Nf3 Nc6 3. Bb5 the Spanish a6
//! ```
//! Use instead:
//! ```text
//! 1. e4 e5 2. Nf3 Nc6 3. Bb5 {the Spanish} a6
//! ```
use super::{Category, FixAvailability, Rule, RuleCode, RuleInfo, mapped};
use crate::diagnostic::Code;
use crate::lint::diag::LintDiagnostic;
use crate::lint::scope::Scope;

/// The rule.
pub(crate) static RULE: Rule = Rule {
    info: RuleInfo {
        code: RuleCode::Unreadable,
        name: "unreadable",
        category: Category::Correctness,
        fix: FixAvailability::None,
        checker_codes: &[
            Code::Syntax,
            Code::BrokenTag,
            Code::TagInMovetext,
            Code::UnclosedComment,
            Code::UnmatchedParen,
            Code::UnclosedVariation,
            Code::TooDeep,
            Code::StrayMark,
            Code::ParserLimit,
            Code::TooMany,
            Code::LimitReached,
            Code::WrongLanguage,
            Code::BadFen,
            Code::UnsupportedVariant,
            Code::SetupWithoutFen,
            Code::NotUtf8,
            Code::Binary,
            Code::NoGame,
            Code::ProseNotChecked,
            Code::MostlyUnread,
        ],
        source: include_str!("sc100_unreadable.rs"),
    },
    run,
};

fn run(doc: &Scope<'_>, out: &mut Vec<LintDiagnostic>) {
    mapped(doc, &RULE, out, |_, _| None);
}
