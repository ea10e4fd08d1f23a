//! What a lint rule is, apart from how it runs: the record that diagnostics point to.

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

/// What the linter knows of a rule without running it: its code, name, category, fixes,
/// the checker codes it reports and its documentation.
pub struct RuleInfo {
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
