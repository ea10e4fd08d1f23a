//! Lint diagnostics: a rule's code, the checker's fields (message, severity, span, labels,
//! help, suggestions, game, ply) and, where one exists, a fix as byte-range edits.

use std::fmt;

use miette::LabeledSpan;

use crate::diagnostic::{Diagnostic, Severity};
use crate::lint::rule::{RuleCode, RuleInfo};
use crate::span::Span;

/// Whether a fix may be applied without asking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Applicability {
    /// The fix keeps the moves exactly as they are (a mark, a style, a duplicate), and the
    /// game or fragment it touches reads to its end without an assumed repair once it is made
    /// (checked by `lint::verify`): `--fix`.
    Safe,
    /// The fix changes what the text says (another move, another result): only with
    /// `--unsafe-fixes`.
    Unsafe,
}

impl Applicability {
    /// The JSON spelling.
    pub const fn as_str(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
        }
    }
}

/// One replacement of a byte range of the original text.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Edit {
    /// The bytes replaced (empty for an insertion).
    pub span: Span,
    /// The new text.
    pub replacement: String,
}

/// A fix: edits applied together, or not at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// Safe or unsafe.
    pub applicability: Applicability,
    /// What the fix does, in words ("write `Bxf7+`").
    pub title: String,
    /// The edits, in text order, not overlapping.
    pub edits: Vec<Edit>,
}

/// One problem found by a lint rule.
#[derive(Clone, Debug)]
pub struct LintDiagnostic {
    /// The rule that found it.
    pub rule: &'static RuleInfo,
    /// The message.
    pub message: String,
    /// How bad.
    pub severity: Severity,
    /// The offending text in the original file.
    pub span: Span,
    /// The primary label's text.
    pub label: Option<String>,
    /// Other places that explain the problem.
    pub secondary: Vec<(Span, String)>,
    /// What to do about it.
    pub help: Option<String>,
    /// Replacement texts for `span`, best first.
    pub suggestions: Vec<String>,
    /// The game (1-based; 0 when about the document).
    pub game: usize,
    /// The half-move (1 = White's first move), when about a move.
    pub ply: Option<u32>,
    /// The fix, when there is one.
    pub fix: Option<Fix>,
}

impl LintDiagnostic {
    /// A diagnostic of `rule` with a message at a span.
    pub fn new(
        rule: &'static RuleInfo,
        severity: Severity,
        message: impl Into<String>,
        span: Span,
    ) -> Self {
        LintDiagnostic {
            rule,
            message: message.into(),
            severity,
            span,
            label: None,
            secondary: Vec::new(),
            help: None,
            suggestions: Vec::new(),
            game: 0,
            ply: None,
            fix: None,
        }
    }

    /// The checker's diagnostic, reported under `rule`.
    pub fn from_check(rule: &'static RuleInfo, d: &Diagnostic) -> Self {
        LintDiagnostic {
            rule,
            message: d.problem.to_string(),
            severity: d.severity,
            span: d.span,
            label: d.label.clone(),
            secondary: d.secondary.clone(),
            help: d.help.clone(),
            suggestions: d.suggestions.clone(),
            game: d.game,
            ply: d.ply,
            fix: None,
        }
    }

    /// Sets the primary label.
    pub fn label(mut self, text: impl Into<String>) -> Self {
        self.label = Some(text.into());
        self
    }

    /// Sets the help.
    pub fn help(mut self, text: impl Into<String>) -> Self {
        self.help = Some(text.into());
        self
    }

    /// Adds a secondary label.
    pub fn with_secondary(mut self, span: Span, text: impl Into<String>) -> Self {
        self.secondary.push((span, text.into()));
        self
    }

    /// Sets the fix.
    pub fn fix(mut self, fix: Option<Fix>) -> Self {
        self.fix = fix;
        self
    }

    /// Sets the game and ply.
    pub fn at_move(mut self, game: usize, ply: Option<u32>) -> Self {
        self.game = game;
        self.ply = ply;
        self
    }

    /// The rule's code (`SC103`).
    pub const fn code(&self) -> RuleCode {
        self.rule.code
    }
}

impl fmt::Display for LintDiagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for LintDiagnostic {}

impl miette::Diagnostic for LintDiagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(format!("{} {}", self.rule.code, self.rule.name)))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(self.severity.into())
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        let mut lines: Vec<String> = Vec::new();
        if let Some(h) = &self.help {
            lines.push(h.clone());
        }
        if !self.suggestions.is_empty() {
            lines.push(crate::diagnostic::did_you_mean(&self.suggestions));
        }
        if let Some(fix) = &self.fix {
            let how = match fix.applicability {
                Applicability::Safe => "--fix",
                Applicability::Unsafe => "--fix --unsafe-fixes",
            };
            lines.push(format!("fix ({how}): {}", fix.title));
        }
        if lines.is_empty() {
            None
        } else {
            Some(Box::new(lines.join("\n")))
        }
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let primary = LabeledSpan::new_primary_with_span(self.label.clone(), self.span);
        let rest = self
            .secondary
            .iter()
            .map(|(s, t)| LabeledSpan::new_with_span(Some(t.clone()), *s));
        Some(Box::new(std::iter::once(primary).chain(rest)))
    }
}
