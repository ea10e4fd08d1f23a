//! The rule registry: one rule per file, each with a stable code, a category and its
//! documentation (the file's `//!` comment, which `scoresheet rule CODE` prints).
//!
//! Codes: `SC1xx` correctness (the moves and the game as written are wrong), `SC2xx`
//! consistency (one document, one way of writing), `SC3xx` style.

use crate::lint::diag::LintDiagnostic;
use crate::lint::scope::Scope;

pub(crate) mod sc100_unreadable;
pub(crate) mod sc101_illegal_move;
pub(crate) mod sc102_ambiguous_move;
pub(crate) mod sc103_check_mark;
pub(crate) mod sc104_capture_mark;
pub(crate) mod sc105_move_number;
pub(crate) mod sc106_move_after_end;
pub(crate) mod sc107_result;
pub(crate) mod sc108_look_alike;
pub(crate) mod sc109_figurine_color;
pub(crate) mod sc110_hand_typed;
pub(crate) mod sc111_diagram_position;
pub(crate) mod sc201_mixed_notation;
pub(crate) mod sc202_castling_style;
pub(crate) mod sc203_capture_style;
pub(crate) mod sc204_promotion_style;
pub(crate) mod sc205_check_style;
pub(crate) mod sc301_over_disambiguation;
pub(crate) mod sc302_glyph_misuse;
pub(crate) mod sc303_duplicate_annotation;
pub(crate) mod sc304_missing_move_number;

pub use crate::lint::rule::{Category, FixAvailability, RuleCode, RuleInfo};

/// One lint rule: what it is, and how it runs.
pub struct Rule {
    /// Its code, name, category, fixes and documentation.
    pub info: RuleInfo,
    /// Finds the rule's problems in a part of a document (one group of units, the file's own
    /// diagnostics, or the end of the document: see `lint::scope`).
    pub(crate) run: fn(&Scope<'_>, &mut Vec<LintDiagnostic>),
}

impl std::ops::Deref for Rule {
    type Target = RuleInfo;
    fn deref(&self) -> &RuleInfo {
        &self.info
    }
}

impl std::fmt::Debug for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.info.fmt(f)
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
    &sc110_hand_typed::RULE,
    &sc111_diagram_position::RULE,
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
        .find(|r| r.code.as_str().eq_ignore_ascii_case(key) || r.name == key)
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
                && rule
                    .code
                    .as_str()
                    .get(..s.len())
                    .is_some_and(|p| p.eq_ignore_ascii_case(s)))
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
    doc: &Scope<'_>,
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
