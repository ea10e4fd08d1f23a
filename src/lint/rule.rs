//! What a lint rule is, apart from how it runs: the record that diagnostics point to.

use crate::diagnostic::Code;

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

/// A lint rule's stable code (`SC103`): `SC1xx` correctness, `SC2xx` consistency, `SC3xx`
/// style.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RuleCode {
    /// `SC100` unreadable
    Unreadable,
    /// `SC101` illegal-move
    IllegalMove,
    /// `SC102` ambiguous-move
    AmbiguousMove,
    /// `SC103` check-mark
    CheckMark,
    /// `SC104` capture-mark
    CaptureMark,
    /// `SC105` move-number
    MoveNumber,
    /// `SC106` move-after-end
    MoveAfterEnd,
    /// `SC107` result
    Result,
    /// `SC108` look-alike
    LookAlike,
    /// `SC109` figurine-color
    FigurineColor,
    /// `SC110` hand-typed
    HandTyped,
    /// `SC111` diagram-position
    DiagramPosition,
    /// `SC201` mixed-notation
    MixedNotation,
    /// `SC202` castling-style
    CastlingStyle,
    /// `SC203` capture-style
    CaptureStyle,
    /// `SC204` promotion-style
    PromotionStyle,
    /// `SC205` check-style
    CheckStyle,
    /// `SC301` over-disambiguation
    OverDisambiguation,
    /// `SC302` glyph-misuse
    GlyphMisuse,
    /// `SC303` duplicate-annotation
    DuplicateAnnotation,
    /// `SC304` missing-move-number
    MissingMoveNumber,
}

impl RuleCode {
    /// The code as written (`SC103`).
    pub const fn as_str(self) -> &'static str {
        match self {
            RuleCode::Unreadable => "SC100",
            RuleCode::IllegalMove => "SC101",
            RuleCode::AmbiguousMove => "SC102",
            RuleCode::CheckMark => "SC103",
            RuleCode::CaptureMark => "SC104",
            RuleCode::MoveNumber => "SC105",
            RuleCode::MoveAfterEnd => "SC106",
            RuleCode::Result => "SC107",
            RuleCode::LookAlike => "SC108",
            RuleCode::FigurineColor => "SC109",
            RuleCode::HandTyped => "SC110",
            RuleCode::DiagramPosition => "SC111",
            RuleCode::MixedNotation => "SC201",
            RuleCode::CastlingStyle => "SC202",
            RuleCode::CaptureStyle => "SC203",
            RuleCode::PromotionStyle => "SC204",
            RuleCode::CheckStyle => "SC205",
            RuleCode::OverDisambiguation => "SC301",
            RuleCode::GlyphMisuse => "SC302",
            RuleCode::DuplicateAnnotation => "SC303",
            RuleCode::MissingMoveNumber => "SC304",
        }
    }
}

impl std::fmt::Display for RuleCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What the linter knows of a rule without running it: its code, name, category, fixes,
/// the checker codes it reports and its documentation.
pub struct RuleInfo {
    /// The stable code (`SC103`).
    pub code: RuleCode,
    /// The kebab-case name (`check-mark`).
    pub name: &'static str,
    /// Its category.
    pub category: Category,
    /// Which fixes it offers.
    pub fix: FixAvailability,
    /// The checker's diagnostic codes it reports (`scoresheet::missing_check`).
    pub checker_codes: &'static [Code],
    /// The rule's source file, whose `//!` comment is its documentation.
    pub source: &'static str,
}

impl std::fmt::Debug for RuleInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Rule({} {})", self.code, self.name)
    }
}

impl RuleInfo {
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
