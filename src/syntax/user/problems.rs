//! The problems of a user language file, placed in its own lines, and its static checks.

use std::sync::Arc;

use miette::{NamedSource, SourceSpan};

use crate::span::Span;
use crate::syntax::builtin::{COMMON_GRAMMAR, NOTATION_GRAMMARS};
use crate::syntax::compose::{
    compose, header_value, language_header, notation_is_letterless, notation_takes,
};
use crate::syntax::customs::{Customs, CustomsError};
use crate::syntax::grammar_check::{
    Issue, IssueKind, LANGUAGE_RULES, Letter, RECORD_RULES, grammar_issues, language_rule_issues,
    letters,
};
use crate::syntax::user::files::{PLACEHOLDERS, TEMPLATE_LETTERS};

/// A problem of a user grammar file, placed in that file.
#[derive(Clone, Debug)]
pub struct GrammarProblem {
    /// What kind of mistake it is.
    pub kind: ProblemKind,
    /// What is wrong.
    pub message: String,
    /// Where, in bytes of the file.
    pub span: Span,
    /// The label under the place.
    pub label: String,
    /// How to fix it.
    pub help: Option<String>,
}

/// Kinds of mistakes in a user grammar file (the codes of `scoresheet grammar check`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ProblemKind {
    /// A check of the grammar file ([`crate::syntax::check_grammar`]).
    Grammar(IssueKind),
    /// The `//! code:` header is missing or a code is malformed.
    Header,
    /// A code is already served by a built-in language or another user file.
    CodeTaken,
    /// A letter reads as a square, a file, a rank or a sign.
    SquareCollision,
    /// Two pieces share a letter, or one's letter hides another's.
    LetterCollision,
    /// The `//! customs:` header has an unknown key, a bad value, a pair without `=` or a
    /// repeated key.
    Customs,
    /// A letter cannot be read before some squares: a longer alternative takes part of the
    /// square (`"Xe" | "X"`: `Xe1`), found by the file's own parser.
    UnreadableLetter,
    /// Text of the `scoresheet grammar new` template left as it was (`<Language name>`).
    Placeholder,
    /// The sample games written with the file's letters do not read back.
    SmokeTest,
    /// The file could not be read, or is too large.
    Io,
}

impl ProblemKind {
    /// The diagnostic code.
    pub const fn code(self) -> &'static str {
        match self {
            ProblemKind::Grammar(IssueKind::Syntax) => "scoresheet::grammar::syntax",
            ProblemKind::Grammar(IssueKind::Undefined) => "scoresheet::grammar::undefined_rule",
            ProblemKind::Grammar(IssueKind::Duplicate) => "scoresheet::grammar::duplicate_rule",
            ProblemKind::Grammar(IssueKind::LeftRecursion) => "scoresheet::grammar::left_recursion",
            ProblemKind::Grammar(IssueKind::Invalid) => "scoresheet::grammar::invalid",
            ProblemKind::Grammar(IssueKind::Shadowed) => "scoresheet::grammar::shadowed_choice",
            ProblemKind::Grammar(IssueKind::MissingRule) => "scoresheet::grammar::missing_rule",
            ProblemKind::Grammar(IssueKind::ExtraRule) => "scoresheet::grammar::unused_rule",
            ProblemKind::Grammar(IssueKind::NoNewline) => "scoresheet::grammar::no_final_newline",
            ProblemKind::Grammar(IssueKind::StackOperation) => {
                "scoresheet::grammar::stack_operation"
            }
            ProblemKind::Header => "scoresheet::grammar::header",
            ProblemKind::CodeTaken => "scoresheet::grammar::code_taken",
            ProblemKind::SquareCollision => "scoresheet::grammar::letter_is_square",
            ProblemKind::LetterCollision => "scoresheet::grammar::letter_collision",
            ProblemKind::Customs => "scoresheet::grammar::customs",
            ProblemKind::UnreadableLetter => "scoresheet::grammar::unreadable_letter",
            ProblemKind::Placeholder => "scoresheet::grammar::placeholder",
            ProblemKind::SmokeTest => "scoresheet::grammar::smoke_test",
            ProblemKind::Io => "scoresheet::grammar::io",
        }
    }
}

impl std::fmt::Display for GrammarProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for GrammarProblem {}

impl miette::Diagnostic for GrammarProblem {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(self.kind.code()))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn std::fmt::Display>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(miette::LabeledSpan::new(
            Some(self.label.clone()),
            self.span.start,
            self.span.end - self.span.start,
        ))))
    }
}

/// Every problem of one grammar file, as one report.
#[derive(Debug)]
pub struct GrammarReport {
    /// The file's path as given.
    pub path: String,
    /// The file's text.
    pub text: Arc<str>,
    /// The problems, in the order of the file.
    pub problems: Vec<GrammarProblem>,
}

impl std::fmt::Display for GrammarReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.problems.len();
        write!(
            f,
            "{}: {n} {} in this language file",
            self.path,
            if n == 1 { "problem" } else { "problems" }
        )
    }
}

impl std::error::Error for GrammarReport {}

impl miette::Diagnostic for GrammarReport {
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(self)
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn miette::Diagnostic> + 'a>> {
        Some(Box::new(
            self.problems.iter().map(|p| p as &dyn miette::Diagnostic),
        ))
    }
}

impl miette::SourceCode for GrammarReport {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let inner = self
            .text
            .read_span(span, context_lines_before, context_lines_after)?;
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.path.clone(),
            inner.data(),
            *inner.span(),
            inner.line(),
            inner.column(),
            inner.line_count(),
        )))
    }
}

impl GrammarReport {
    /// Renders the report with miette's graphical handler (no colour: `color` false).
    pub fn render(&self, color: bool, width: usize) -> String {
        crate::diagnostic::render(self, color, width)
    }

    /// The source as a miette named source.
    pub fn named_source(&self) -> NamedSource<Arc<str>> {
        NamedSource::new(self.path.clone(), Arc::clone(&self.text))
    }
}

/// Byte offsets of the starts of lines, to place (line, column) problems.
pub(crate) struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines { text, starts }
    }

    /// The byte offset of a 1-based (line, column in characters).
    pub(super) fn offset(&self, (line, col): (usize, usize)) -> usize {
        let Some(&start) = self.starts.get(line.saturating_sub(1)) else {
            return self.text.len();
        };
        let rest = &self.text[start..];
        let line_len = rest.find('\n').unwrap_or(rest.len());
        rest[..line_len]
            .char_indices()
            .nth(col.saturating_sub(1))
            .map_or(start + line_len, |(i, _)| start + i)
    }

    /// The span of a problem: from its place to its end, or the token/character there.
    pub(crate) fn span(&self, at: (usize, usize), end: Option<(usize, usize)>) -> Span {
        let start = self.offset(at);
        let stop = match end {
            Some(e) if e.0 == at.0 => self.offset(e),
            // A problem over several lines: its first line.
            Some(_) => {
                let rest = &self.text[start..];
                start + rest.find('\n').unwrap_or(rest.len())
            }
            None => {
                let rest = &self.text[start..];
                let word = rest.find(|c: char| c.is_whitespace()).unwrap_or(rest.len());
                start
                    + if word == 0 {
                        rest.chars().next().map_or(0, char::len_utf8)
                    } else {
                        word
                    }
            }
        };
        Span::new(start, stop.max(start))
    }
}

pub(super) fn issue_problem(lines: &Lines<'_>, issue: &Issue) -> GrammarProblem {
    let span = lines.span((issue.line, issue.col), issue.end);
    let (label, help) = match issue.kind {
        IssueKind::Syntax => (
            "here".to_owned(),
            Some(
                "a rule is written `name = @{ \"letter\" | \"other letter\" }`; see \
                 `scoresheet grammar new CODE` for a commented template"
                    .to_owned(),
            ),
        ),
        IssueKind::Undefined => (
            "no such rule".to_owned(),
            Some(format!(
                "a language file may use its own rules ({}, and for position records {}) and \
                 pest's built-in rules only",
                LANGUAGE_RULES.join(", "),
                RECORD_RULES.join(", ")
            )),
        ),
        IssueKind::Duplicate => (
            "defined again".to_owned(),
            Some(
                "define each rule once; list its letters as alternatives (`\"A\" | \"B\"`)".into(),
            ),
        ),
        IssueKind::LeftRecursion => (
            "calls itself before reading anything".to_owned(),
            Some(
                "a rule that calls itself first never ends; a piece letter needs no recursion: \
                 list the letters as alternatives (`\"K\" | \"Kr\"`)"
                    .to_owned(),
            ),
        ),
        IssueKind::Invalid => ("here".to_owned(), None),
        IssueKind::Shadowed => (
            "never matches".to_owned(),
            Some("put the longer alternative first".to_owned()),
        ),
        IssueKind::MissingRule => (
            "expected in this file".to_owned(),
            Some(format!(
                "a language file defines exactly these rules: {} (a language without a pawn \
                 letter writes `pawn = @{{ !ANY ~ ANY }}`, which never matches)",
                LANGUAGE_RULES.join(", ")
            )),
        ),
        IssueKind::ExtraRule => (
            "the notation grammars never use this rule".to_owned(),
            Some(format!(
                "remove it, or write its letters in one of the rules {} (helper rules are not \
                 allowed: every rule of the composed grammar must be one the walker knows; the \
                 words of position records go in {})",
                LANGUAGE_RULES.join(", "),
                RECORD_RULES.join(", ")
            )),
        ),
        IssueKind::StackOperation => (
            "not allowed here".to_owned(),
            Some(
                "list the letters as strings; pest's stack (PUSH, POP, PEEK, DROP) serves \
                 matching brackets and has no use in a piece letter"
                    .to_owned(),
            ),
        ),
        IssueKind::NoNewline => (
            "the file ends here".to_owned(),
            Some("add a newline at the end of the file".to_owned()),
        ),
    };
    GrammarProblem {
        kind: ProblemKind::Grammar(issue.kind),
        message: issue.message.clone(),
        span,
        label,
        help,
    }
}

/// A code a user language may take: ISO 639-1 (`cy`), or a tag of letters, digits and
/// hyphens (`en-x-gazette`).
pub(super) fn valid_code(code: &str) -> bool {
    let mut parts = code.split('-');
    parts
        .next()
        .is_some_and(|p| (2..=3).contains(&p.len()) && p.chars().all(|c| c.is_ascii_lowercase()))
        && parts.all(|p| {
            (1..=8).contains(&p.len())
                && p.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        })
}

/// The span of a code in the `//! code:` header line (the start of the file when not found).
pub(super) fn code_span(text: &str, code: &str) -> Span {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.starts_with("//!") && line[3..].trim_start().starts_with("code:") {
            let after = line.find("code:").map_or(0, |i| i + 5);
            if let Some(i) = line[after..]
                .split_whitespace()
                .find(|w| *w == code)
                .and_then(|w| line[after..].find(w))
            {
                let start = offset + after + i;
                return Span::new(start, start + code.len());
            }
        }
        offset += line.len();
    }
    Span::new(0, 0)
}

/// The problems of a `//! customs:` header whose value starts at byte `at` of the file.
pub(super) fn customs_problems(at: usize, mistakes: &[CustomsError]) -> Vec<GrammarProblem> {
    mistakes
        .iter()
        .map(|e| GrammarProblem {
            kind: ProblemKind::Customs,
            message: e.message.clone(),
            span: Span::new(at + e.span.start, at + e.span.end),
            label: e.label.into(),
            help: Some(e.help.clone()),
        })
        .collect()
}

/// The static checks of a user language file: every problem, placed in the file.
pub fn check_source(text: &str) -> Vec<GrammarProblem> {
    let lines = Lines::new(text);
    let mut problems = Vec::new();
    // Syntax, rules defined, final newline.
    let rule_issues = language_rule_issues(text);
    let syntax_broken = rule_issues.iter().any(|i| i.kind == IssueKind::Syntax);
    problems.extend(rule_issues.iter().map(|i| issue_problem(&lines, i)));
    if syntax_broken {
        return problems;
    }
    // Header.
    let header = language_header(text);
    if header.codes.is_empty() {
        problems.push(GrammarProblem {
            kind: ProblemKind::Header,
            message: "the `//! code:` header is missing".into(),
            span: lines.span((1, 1), Some((1, 1))),
            label: "the header goes at the top of the file".into(),
            help: Some(
                "start the file with `//! code: xx` (an ISO 639-1 code, or a tag such as \
                 `en-x-gazette` for a house style), `//! name: …` and `//! customs: …`"
                    .into(),
            ),
        });
    }
    for code in &header.codes {
        if !valid_code(code) {
            problems.push(GrammarProblem {
                kind: ProblemKind::Header,
                message: format!("`{code}` is not a language code"),
                span: code_span(text, code),
                label: "not a code".into(),
                help: Some(
                    "use an ISO 639-1 code (two lowercase letters) or a tag such as \
                     `en-x-gazette`"
                        .into(),
                ),
            });
        }
    }
    if let Some((at, value)) = header_value(text, "customs")
        && let Err(mistakes) = Customs::parse(value)
    {
        problems.extend(customs_problems(at, &mistakes));
    }
    // The grammar composed with every notation that takes languages: pest_meta's checks and
    // shadowed choices, mapped back to this file.
    let mut seen = std::collections::BTreeSet::new();
    let mut foreign: Vec<Issue> = Vec::new();
    for (notation, spec, notation_text) in NOTATION_GRAMMARS {
        if notation_is_letterless(spec) || !notation_takes(spec, &header.codes) {
            continue;
        }
        let composed = compose(&[COMMON_GRAMMAR, notation_text, text]);
        for mut issue in grammar_issues(&composed.text).1 {
            let (part, line) = composed.locate(issue.line);
            if part != 2 {
                // A problem the file causes in a built-in grammar (a letter that hides another
                // in `piece`, a rule missing…): the checks of the file itself say it better; it
                // is reported, at the top of the file, only when they found nothing.
                issue.message = format!(
                    "{} (in the built-in `{notation}` grammar it is composed with)",
                    issue.message
                );
                issue.line = 1;
                issue.col = 1;
                issue.end = Some((1, 1));
                foreign.push(issue);
                continue;
            }
            issue.line = line;
            issue.end = issue.end.and_then(|(l, c)| {
                let (p, l) = composed.locate(l);
                (p == 2).then_some((l, c))
            });
            if let Some(other) = issue.other_line {
                let mapped = composed.locate(other).1;
                issue.message = issue
                    .message
                    .replace(&format!("(line {other})"), &format!("(line {mapped})"));
            }
            // Already said by the language-rule check.
            if issue.kind == IssueKind::Duplicate
                && rule_issues.iter().any(|r| r.kind == IssueKind::ExtraRule)
            {
                continue;
            }
            if seen.insert((issue.line, issue.col, issue.message.clone())) {
                problems.push(issue_problem(&lines, &issue));
            }
        }
    }
    problems.extend(letter_problems(text, &lines));
    problems.extend(placeholder_problems(text));
    if problems.is_empty() {
        for issue in &foreign {
            if seen.insert((issue.line, issue.col, issue.message.clone())) {
                problems.push(issue_problem(&lines, issue));
            }
        }
    }
    problems.sort_by_key(|p| (p.span.start, p.kind));
    problems
}

/// Letters that read as squares, files, ranks or signs, and letters that collide with
/// another piece's.
fn letter_problems(text: &str, lines: &Lines<'_>) -> Vec<GrammarProblem> {
    let mut out = Vec::new();
    let all = letters(text);
    let span_of = |l: &Letter| lines.span(l.at, Some(l.end));
    for l in &all {
        let Some(first) = l.text.chars().next() else {
            out.push(GrammarProblem {
                kind: ProblemKind::SquareCollision,
                message: format!("the {} letter is empty", l.rule),
                span: span_of(l),
                label: "matches nothing".into(),
                help: Some("write the letter between the quotes".into()),
            });
            continue;
        };
        // A letter matched in either case clashes as its lowercase form would.
        let first = if l.insensitive {
            first.to_lowercase().next().unwrap_or(first)
        } else {
            first
        };
        let clash = match first {
            'a'..='h' => Some(format!(
                "`{first}` is a file: `{}{}4` would read as a move of the {} and never as a pawn's",
                l.text,
                if first == 'a' { 'b' } else { 'a' },
                l.rule
            )),
            '0'..='9' => Some(format!(
                "`{first}` is a digit: ranks, move numbers and castling (`0-0`) are written with digits"
            )),
            'x' | '×' | ':' => Some(format!("`{first}` is a capture mark")),
            '+' | '#' | '=' | '-' | '(' | ')' | '.' | '!' | '?' | '$' | '{' | '}' | '[' | ']'
            | ';' | '*' | '/' => Some(format!("`{first}` is a sign of the notation")),
            c if c.is_whitespace() => Some("a letter may not start with white space".to_owned()),
            _ => None,
        };
        if let Some(why) = clash {
            out.push(GrammarProblem {
                kind: ProblemKind::SquareCollision,
                message: format!(
                    "the {} letter `{}` collides with the notation's squares or signs",
                    l.rule, l.text
                ),
                span: span_of(l),
                label: why,
                help: Some(
                    "choose a letter that no square, file, rank or sign starts with (a capital, \
                     or a letter of another script)"
                        .into(),
                ),
            });
        }
    }
    // Two pieces with the same letter, or a letter tried first that hides a longer one of a
    // piece tried later (`piece = { king | queen | rook | bishop | knight … }`; a pawn letter
    // is tried after the pieces' in a captured piece).
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            if a.rule == b.rule || a.text.is_empty() || b.text.is_empty() {
                continue;
            }
            let same = if a.insensitive || b.insensitive {
                a.text.to_lowercase() == b.text.to_lowercase()
            } else {
                a.text == b.text
            };
            if same {
                out.push(GrammarProblem {
                    kind: ProblemKind::LetterCollision,
                    message: format!(
                        "the {} and the {} are both written `{}`",
                        a.rule, b.rule, b.text
                    ),
                    span: span_of(b),
                    label: format!("also the {} letter (line {})", a.rule, a.at.0),
                    help: Some(format!(
                        "every move would read as a {} move; give each piece its own letter",
                        a.rule
                    )),
                });
            } else if b.text.starts_with(a.text.as_str()) && !a.guarded_against(&b.text) {
                let rest = &b.text[a.text.len()..];
                out.push(GrammarProblem {
                    kind: ProblemKind::LetterCollision,
                    message: format!(
                        "the {} letter `{}` can never be read: the {} letter `{}` is tried first and matches its start",
                        b.rule, b.text, a.rule, a.text
                    ),
                    span: span_of(b),
                    label: format!("starts with the {} letter (line {})", a.rule, a.at.0),
                    help: Some(format!(
                        "guard the shorter letter: {} = @{{ \"{}\" ~ !\"{}\" }}",
                        a.rule, a.text, rest
                    )),
                });
            }
        }
    }
    out
}

/// Placeholders of the `scoresheet grammar new` template left in the header: the file was
/// not filled in. When the letters are still the template's (English), the first one's help
/// says so too.
fn placeholder_problems(text: &str) -> Vec<GrammarProblem> {
    let english = {
        let found = letters(text);
        LANGUAGE_RULES
            .iter()
            .zip(TEMPLATE_LETTERS)
            .all(|(rule, letter)| {
                let mine: Vec<&str> = found
                    .iter()
                    .filter(|l| l.rule == *rule)
                    .map(|l| l.text.as_str())
                    .collect();
                mine == [letter]
            })
    };
    let mut out = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.starts_with("//!") {
            for (placeholder, what) in PLACEHOLDERS {
                for (i, _) in line.match_indices(placeholder) {
                    let start = offset + i;
                    let mut help = format!("replace `{placeholder}` with {what}");
                    if english && out.is_empty() {
                        help.push_str(&format!(
                            "; the letters are still the template's English ones ({}): write \
                             this language's",
                            TEMPLATE_LETTERS.join(" ")
                        ));
                    }
                    out.push(GrammarProblem {
                        kind: ProblemKind::Placeholder,
                        message: format!(
                            "`{placeholder}` is left from the template: the file is not filled in"
                        ),
                        span: Span::new(start, start + placeholder.len()),
                        label: "a placeholder".into(),
                        help: Some(help),
                    });
                }
            }
        }
        offset += line.len();
    }
    out
}
