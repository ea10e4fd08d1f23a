//! The rule registry: one rule per file, each with a stable code, a category and its
//! documentation (the file's `//!` comment, which `scoresheet rule CODE` prints).
//!
//! Codes: `SC1xx` correctness (the moves and the game as written are wrong), `SC2xx`
//! consistency (one document, one way of writing), `SC3xx` style.

use crate::lint::diag::LintDiagnostic;
use crate::lint::document::Document;

pub mod sc100_unreadable;
pub mod sc101_illegal_move;
pub mod sc102_ambiguous_move;
pub mod sc103_check_mark;
pub mod sc104_capture_mark;
pub mod sc105_move_number;
pub mod sc106_move_after_end;
pub mod sc107_result;
pub mod sc108_look_alike;
pub mod sc109_figurine_color;
pub mod sc201_mixed_notation;
pub mod sc202_castling_style;
pub mod sc203_capture_style;
pub mod sc204_promotion_style;
pub mod sc205_check_style;
pub mod sc301_over_disambiguation;
pub mod sc302_glyph_misuse;
pub mod sc303_duplicate_annotation;
pub mod sc304_missing_move_number;

/// What a rule is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Category {
    /// The moves or the game as written are wrong.
    Correctness,
    /// The document writes the same thing in different ways.
    Consistency,
    /// Correct and consistent, but not as a careful editor would write it.
    Style,
}

impl Category {
    /// The name shown to users.
    pub const fn as_str(self) -> &'static str {
        match self {
            Category::Correctness => "correctness",
            Category::Consistency => "consistency",
            Category::Style => "style",
        }
    }
}

/// Which fixes a rule offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FixAvailability {
    /// None.
    None,
    /// Safe fixes (`--fix`).
    Safe,
    /// Unsafe fixes only (`--unsafe-fixes`).
    Unsafe,
    /// Safe fixes for some of its findings, unsafe ones for others.
    Mixed,
}

impl FixAvailability {
    /// The name shown to users.
    pub const fn as_str(self) -> &'static str {
        match self {
            FixAvailability::None => "no fix",
            FixAvailability::Safe => "safe fix",
            FixAvailability::Unsafe => "unsafe fix",
            FixAvailability::Mixed => "safe and unsafe fixes",
        }
    }
}

/// One lint rule.
pub struct Rule {
    /// The stable code (`SC103`).
    pub code: &'static str,
    /// The kebab-case name (`check-mark`).
    pub name: &'static str,
    /// Its category.
    pub category: Category,
    /// Which fixes it offers.
    pub fix: FixAvailability,
    /// The checker's diagnostic codes it reports (`scoresheet::missing_check`).
    pub checker_codes: &'static [&'static str],
    /// Finds the rule's problems in a document.
    pub run: fn(&Document, &mut Vec<LintDiagnostic>),
    /// The rule's source file, whose `//!` comment is its documentation.
    pub source: &'static str,
}

impl std::fmt::Debug for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Rule({} {})", self.code, self.name)
    }
}

impl Rule {
    /// The documentation: the `//!` lines of the rule's source file, as Markdown.
    pub fn doc(&self) -> String {
        let mut out = String::new();
        for line in self.source.lines() {
            let Some(rest) = line.trim_start().strip_prefix("//!") else {
                if out.is_empty() {
                    continue;
                }
                break;
            };
            out.push_str(rest.strip_prefix(' ').unwrap_or(rest));
            out.push('\n');
        }
        out
    }

    /// The first line of the documentation (the summary).
    pub fn summary(&self) -> String {
        self.doc()
            .lines()
            .next()
            .unwrap_or("")
            .trim_end_matches('.')
            .to_owned()
    }
}

/// Every rule, in code order.
pub static RULES: &[&Rule] = &[
    &sc100_unreadable::RULE,
    &sc101_illegal_move::RULE,
    &sc102_ambiguous_move::RULE,
    &sc103_check_mark::RULE,
    &sc104_capture_mark::RULE,
    &sc105_move_number::RULE,
    &sc106_move_after_end::RULE,
    &sc107_result::RULE,
    &sc108_look_alike::RULE,
    &sc109_figurine_color::RULE,
    &sc201_mixed_notation::RULE,
    &sc202_castling_style::RULE,
    &sc203_capture_style::RULE,
    &sc204_promotion_style::RULE,
    &sc205_check_style::RULE,
    &sc301_over_disambiguation::RULE,
    &sc302_glyph_misuse::RULE,
    &sc303_duplicate_annotation::RULE,
    &sc304_missing_move_number::RULE,
];

/// The rule with this code (`SC103`, any case) or name (`check-mark`).
pub fn find(key: &str) -> Option<&'static Rule> {
    RULES
        .iter()
        .copied()
        .find(|r| r.code.eq_ignore_ascii_case(key) || r.name == key)
}

/// Which rules run: `select` (codes, code prefixes such as `SC2`, names, categories or `ALL`)
/// less `ignore` (the same forms).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// Selected; empty = all.
    pub select: Vec<String>,
    /// Left out.
    pub ignore: Vec<String>,
}

impl Selection {
    /// Does a selector name this rule?
    fn names(selector: &str, rule: &Rule) -> bool {
        let s = selector.trim();
        s.eq_ignore_ascii_case("ALL")
            || rule.name == s
            || rule.category.as_str() == s
            || (s.len() >= 2
                && rule.code.len() >= s.len()
                && rule.code[..s.len()].eq_ignore_ascii_case(s))
    }

    /// Is the rule on?
    pub fn enabled(&self, rule: &Rule) -> bool {
        let selected = self.select.is_empty() || self.select.iter().any(|s| Self::names(s, rule));
        selected && !self.ignore.iter().any(|s| Self::names(s, rule))
    }

    /// Selectors that name no rule (for a usage error).
    pub fn unknown(&self) -> Vec<String> {
        self.select
            .iter()
            .chain(&self.ignore)
            .filter(|s| !RULES.iter().any(|r| Self::names(s, r)))
            .cloned()
            .collect()
    }
}

/// Reports the checker's diagnostics of a rule's codes under the rule, each with the fix
/// `fix` finds for it.
pub(crate) fn mapped(
    doc: &Document,
    rule: &'static Rule,
    out: &mut Vec<LintDiagnostic>,
    mut fix: impl FnMut(
        Option<&crate::lint::document::Unit>,
        &crate::diagnostic::Diagnostic,
    ) -> Option<crate::lint::diag::Fix>,
) {
    for (unit, d) in doc.checker(rule.checker_codes) {
        let mut l = LintDiagnostic::from_check(rule, d);
        l.fix = fix(unit, d);
        out.push(l);
    }
}

/// Did the checker read on after this diagnostic with an assumed repair (the moves after it
/// bear the repair out)?
pub(crate) fn repaired(
    unit: Option<&crate::lint::document::Unit>,
    d: &crate::diagnostic::Diagnostic,
) -> bool {
    unit.is_some_and(|u| u.game.repairs.iter().any(|r| r.span.start == d.span.start))
}
