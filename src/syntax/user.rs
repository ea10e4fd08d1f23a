//! Languages added at run time: a user's language file (`--grammar FILE.pest`, or a file in a
//! grammar directory) composed with the built-in notation grammars and run by pest_vm.
//!
//! A user language file is checked with the checks build.rs runs on the built-in ones (pest
//! syntax, the six language rules and no other, left recursion, shadowed choices) plus checks
//! of its letters (a letter that reads as a square, two pieces with the same letter), then
//! composed with `grammars/common.pest` and each notation grammar that takes languages,
//! *exactly* as build.rs composes the built-in ones ([`crate::syntax::compose`] is shared by both),
//! and finally tried on sample games written with its letters (the checker's smoke test).
//!
//! The parsers are registered in a process-wide registry ([`register`]) that
//! [`crate::syntax::grammar::parser_for`], [`crate::syntax::grammar::language`] and
//! [`crate::syntax::grammar::languages`] consult after the built-in ones, so checking, converting,
//! detection (`--lang auto`) and `scoresheet languages` see user languages with no further
//! plumbing. The same generic walker reads the trees of both kinds of parsers (rule names map
//! to the same [`crate::syntax::grammar::Kind`]).
//!
//! Run-time parsers are bounded: a grammar file is at most [`MAX_GRAMMAR_BYTES`], a game read
//! with a run-time parser at most [`MAX_GAME_BYTES`], and every parse at most [`CALL_LIMIT`]
//! rule calls (pest's call limit; deep recursion is stopped by pest's stack guard). A grammar
//! that backtracks exponentially ends with a "call limit reached" error, never a hang.
//!
//! pest's call limit is process-wide and read when a parse starts; per-parser budgets through
//! pest_vm's listener were ruled out (aborting from the listener hands pest a fresh parser
//! state in the middle of a parse). So once a user grammar is loaded, the built-in parsers are
//! bounded by the same limit, which real games stay far below. Without user grammars nothing
//! changes for them.

use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};

use miette::{NamedSource, SourceSpan};
use shakmaty::san::San;
use shakmaty::{Chess, Move, Position};

use crate::span::Span;
use crate::syntax::builtin::{COMMON_GRAMMAR, LANGUAGE_FILES, NOTATION_GRAMMARS};
use crate::syntax::compose::{
    Composed, compose, language_header, notation_is_letterless, notation_takes,
};
use crate::syntax::grammar_check::{
    Issue, IssueKind, LANGUAGE_RULES, Letter, grammar_issues, language_rule_issues, letters,
    rule_literals,
};
use crate::syntax::kind::{LanguageFile, ParserEntry, TokenExplanation};
use crate::syntax::walker::{explain_parsed, walk_game, walk_single};
use crate::syntax::{GameSyntax, MoveToken, SyntaxIssue};

/// The last check of a built language (the checker's smoke test, [`crate::check::smoke`]): every
/// problem it finds refuses the file. Passed in, as the checker is a later stage.
pub type Verify = fn(&UserLanguage) -> Vec<GrammarProblem>;

/// The largest user grammar file read.
pub const MAX_GRAMMAR_BYTES: usize = 64 * 1024;
/// The longest game a run-time parser reads (longer ones are reported, not read).
pub const MAX_GAME_BYTES: usize = 256 * 1024;
/// The most rule calls one parse may make once a run-time parser exists (pest's call limit,
/// which is process-wide: it bounds the built-in parsers too from then on). Real games take
/// about 15 calls per byte, so games of a few hundred kilobytes stay readable, while a
/// grammar that backtracks exponentially is stopped after a second or so (release build)
/// with "call limit reached". [`CALL_LIMIT_ENV`] overrides it.
pub const CALL_LIMIT: usize = 5_000_000;
/// The environment variable that overrides [`CALL_LIMIT`] (a positive number of calls).
pub const CALL_LIMIT_ENV: &str = "SCORESHEET_CALL_LIMIT";

/// The environment variable naming grammar directories (separated as in `PATH`).
pub const GRAMMARS_ENV: &str = "SCORESHEET_GRAMMARS";

/// A parser built at run time: a composed grammar in pest_vm.
pub struct VmParser {
    vm: pest_vm::Vm,
    /// The place of each rule in the derived parser's `Rule` enum (`EOI` first, then the
    /// rules in grammar order), to list expected rules in the derived parser's order: pest
    /// sorts them by the rule type's order, which for pest_vm's names is alphabetical.
    order: std::collections::HashMap<String, usize>,
}

impl std::fmt::Debug for VmParser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("VmParser")
    }
}

impl VmParser {
    /// Builds the parser of a composed grammar text.
    ///
    /// # Errors
    /// The grammar's problems (pest_meta's), with lines of the composed text.
    pub fn new(composed: &str) -> Result<VmParser, Vec<Issue>> {
        let (_, issues) = grammar_issues(composed);
        if !issues.is_empty() {
            return Err(issues);
        }
        match pest_meta::parse_and_optimize(composed) {
            Ok((_, rules)) => {
                bound_calls();
                let mut order: std::collections::HashMap<String, usize> = rules
                    .iter()
                    .enumerate()
                    .map(|(i, r)| (r.name.clone(), i + 1))
                    .collect();
                order.insert("EOI".into(), 0);
                Ok(VmParser {
                    vm: pest_vm::Vm::new(rules),
                    order,
                })
            }
            // Checked above; kept for safety.
            Err(_) => Err(grammar_issues(composed).1),
        }
    }

    /// Parses `text` with a rule and returns the tree as (rule name, start, end) in
    /// pre-order, or the error message: for comparing trees with a derived parser.
    pub fn tree(&self, rule: &str, text: &str) -> Result<Vec<(String, usize, usize)>, String> {
        match self.ordered(self.run(rule, text)) {
            Ok(pairs) => Ok(pairs
                .flatten()
                .map(|p| {
                    let s = p.as_span();
                    (p.as_rule().to_owned(), s.start(), s.end())
                })
                .collect()),
            Err(e) => Err(e
                .renamed_rules(|r| (*r).to_owned())
                .variant
                .message()
                .into_owned()),
        }
    }

    /// Reads one game whose text starts at byte `base` of its file.
    pub fn parse_game(&self, text: &str, base: usize) -> GameSyntax {
        if text.len() > MAX_GAME_BYTES {
            let mut g = walk_game(self.run("game", ""), "", base, &|_, _| None);
            let end = (1..=text.len())
                .find(|&i| text.is_char_boundary(i))
                .unwrap_or(0);
            g.issues.push(SyntaxIssue::ParserLimit(
                Span::new(base, base + end),
                format!(
                    "this game is {} bytes long; a grammar loaded at run time reads games of up to {} bytes",
                    text.len(),
                    MAX_GAME_BYTES
                ),
            ));
            return g;
        }
        walk_game(self.run("game", text), text, base, &|t, b| {
            self.read_single(t, b)
        })
    }

    /// Reads `text` alone as one move token (spans start at `base`).
    pub fn read_single(&self, text: &str, base: usize) -> Option<MoveToken> {
        if text.len() > MAX_GAME_BYTES {
            return None;
        }
        walk_single(self.run("single_move", text), base)
    }

    /// Says where and why a token is not a move of this grammar.
    pub fn explain(&self, token: &str) -> TokenExplanation {
        if token.len() > MAX_GAME_BYTES {
            return TokenExplanation::default();
        }
        explain_parsed(self.ordered(self.run("single_move", token)), token)
    }

    /// Runs the parser. pest panics on a few grammar constructs at parse time (`POP` on an
    /// empty stack); the checks refuse them, and should one slip through, the panic is caught
    /// and becomes a parse error, never a crash.
    fn run<'a>(
        &'a self,
        rule: &'a str,
        text: &'a str,
    ) -> Result<pest::iterators::Pairs<'a, &'a str>, pest::error::Error<&'a str>> {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.vm.parse(rule, text)))
            .unwrap_or_else(|_| {
                Err(pest::error::Error::new_from_pos(
                    pest::error::ErrorVariant::CustomError {
                        message: "the grammar failed while reading this text".into(),
                    },
                    pest::Position::from_start(text),
                ))
            })
    }

    /// A parse result with the rules of its error in the derived parser's order.
    fn ordered<'a>(
        &self,
        parsed: Result<pest::iterators::Pairs<'a, &'a str>, pest::error::Error<&'a str>>,
    ) -> Result<pest::iterators::Pairs<'a, &'a str>, pest::error::Error<&'a str>> {
        parsed.map_err(|mut e| {
            if let pest::error::ErrorVariant::ParsingError {
                positives,
                negatives,
            } = &mut e.variant
            {
                let rank = |r: &&str| self.order.get(*r).copied().unwrap_or(usize::MAX);
                positives.sort_by_key(rank);
                negatives.sort_by_key(rank);
            }
            e
        })
    }
}

/// The run-time parser of a notation grammar composed with a language file's text, exactly as
/// [`build`] composes it (tests compare it with the derived parser of a built-in language).
///
/// # Errors
/// The composed grammar's problems (lines of the composed text), or none when the notation
/// does not exist.
pub fn vm_parser(notation: &str, language_text: &str) -> Result<VmParser, Vec<Issue>> {
    let Some((_, _, notation_text)) = NOTATION_GRAMMARS.iter().find(|n| n.0 == notation) else {
        return Err(Vec::new());
    };
    VmParser::new(&compose(&[COMMON_GRAMMAR, notation_text, language_text]).text)
}

/// Sets pest's call limit (process-wide, see [`CALL_LIMIT`]) once a run-time parser exists.
fn bound_calls() {
    static SET: std::sync::Once = std::sync::Once::new();
    SET.call_once(|| {
        let limit = std::env::var(CALL_LIMIT_ENV)
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(CALL_LIMIT);
        pest::set_call_limit(NonZeroUsize::new(limit));
    });
}

/// A user language file, checked and built: its language and one parser per notation that
/// takes languages.
#[derive(Debug)]
pub struct UserLanguage {
    /// The file's path as given.
    pub path: String,
    /// The file's text.
    pub text: String,
    /// The language (strings leaked once: a language lives as long as the process).
    pub language: &'static LanguageFile,
    /// (notation, parser), one per notation that takes this language.
    pub parsers: Vec<&'static ParserEntry>,
}

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
    /// A check of [`crate::syntax::grammar_check`].
    Grammar(IssueKind),
    /// The `//! code:` header is missing or a code is malformed.
    Header,
    /// A code is already served by a built-in language or another user file.
    CodeTaken,
    /// A letter reads as a square, a file, a rank or a sign.
    SquareCollision,
    /// Two pieces share a letter, or one's letter hides another's.
    LetterCollision,
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
struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines { text, starts }
    }

    /// The byte offset of a 1-based (line, column in characters).
    fn offset(&self, (line, col): (usize, usize)) -> usize {
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
    fn span(&self, at: (usize, usize), end: Option<(usize, usize)>) -> Span {
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

fn issue_problem(lines: &Lines<'_>, issue: &Issue) -> GrammarProblem {
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
                "a language file may use its own rules ({}) and pest's built-in rules only",
                LANGUAGE_RULES.join(", ")
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
                 allowed: every rule of the composed grammar must be one the walker knows)",
                LANGUAGE_RULES.join(", ")
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
fn valid_code(code: &str) -> bool {
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
fn code_span(text: &str, code: &str) -> Span {
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

/// Builds a user language from a file's text: checks it, composes it with every notation
/// that takes languages and builds their parsers, then runs `verify` (the checker's smoke test). Nothing is
/// registered.
///
/// # Errors
/// Every problem found, as one report in the file's own line numbers.
pub fn build(path: &str, text: &str, verify: Verify) -> Result<UserLanguage, GrammarReport> {
    let report = |problems| GrammarReport {
        path: path.to_owned(),
        text: Arc::from(text),
        problems,
    };
    if text.len() > MAX_GRAMMAR_BYTES {
        return Err(report(vec![GrammarProblem {
            kind: ProblemKind::Io,
            message: format!(
                "the file is {} bytes long; a language file is at most {MAX_GRAMMAR_BYTES}",
                text.len()
            ),
            span: Span::new(0, 0),
            label: "this file".into(),
            help: None,
        }]));
    }
    let problems = check_source(text);
    if !problems.is_empty() {
        return Err(report(problems));
    }
    let header = language_header(text);
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    let stem = Path::new(path).file_stem().map_or_else(
        || header.codes[0].clone(),
        |s| s.to_string_lossy().into_owned(),
    );
    // `user:` keeps it apart from the built-in file stems (`parser_for` matches parsers to
    // languages by this name).
    let file = leak(format!("user:{stem}"));
    // Letters as `LanguageFile::letters`: the built-in ones are every literal of the rule;
    // here, every letter (guards left out), falling back to the literals.
    let found = letters(text);
    let letters: [&'static str; 6] = std::array::from_fn(|i| {
        let rule = LANGUAGE_RULES[i];
        let mine: Vec<&str> = found
            .iter()
            .filter(|l| l.rule == rule)
            .map(|l| l.text.as_str())
            .collect();
        let joined = if mine.is_empty() {
            rule_literals(text, rule).unwrap_or_default().join(" ")
        } else {
            mine.join(" ")
        };
        leak(joined)
    });
    let codes: &'static [&'static str] =
        Box::leak(header.codes.iter().map(|c| leak(c.clone())).collect());
    let names: &'static [&'static str] =
        Box::leak(header.names.iter().map(|c| leak(c.clone())).collect());
    let user_path = leak(path.to_owned());
    let language: &'static LanguageFile = Box::leak(Box::new(LanguageFile {
        file,
        codes,
        names,
        customs: leak(header.customs.clone()),
        letters,
        user: Some(user_path),
    }));
    let mut parsers = Vec::new();
    for (notation, spec, notation_text) in NOTATION_GRAMMARS {
        if notation_is_letterless(spec) || !notation_takes(spec, &header.codes) {
            continue;
        }
        let composed: Composed = compose(&[COMMON_GRAMMAR, notation_text, text]);
        let vm: &'static VmParser = match VmParser::new(&composed.text) {
            Ok(vm) => Box::leak(Box::new(vm)),
            Err(issues) => {
                let lines = Lines::new(text);
                return Err(report(
                    issues
                        .iter()
                        .map(|i| {
                            let mut i = i.clone();
                            i.line = composed.locate(i.line).1;
                            i.end = None;
                            issue_problem(&lines, &i)
                        })
                        .collect(),
                ));
            }
        };
        parsers.push(&*Box::leak(Box::new(ParserEntry {
            notation,
            lang_file: file,
            parse: Box::leak(Box::new(move |t: &str, b: usize| vm.parse_game(t, b))),
            explain: Box::leak(Box::new(move |t: &str| vm.explain(t))),
            user: Some(user_path),
        })));
    }
    let built = UserLanguage {
        path: path.to_owned(),
        text: text.to_owned(),
        language,
        parsers,
    };
    let problems = verify(&built);
    if !problems.is_empty() {
        return Err(report(problems));
    }
    Ok(built)
}

/// Reads and builds a user language file (see [`build`]).
///
/// # Errors
/// The file cannot be read, or has problems.
pub fn load(path: &Path, verify: Verify) -> Result<UserLanguage, GrammarReport> {
    let shown = path.display().to_string();
    let io = |message: String| GrammarReport {
        path: shown.clone(),
        text: Arc::from(""),
        problems: vec![GrammarProblem {
            kind: ProblemKind::Io,
            message,
            span: Span::new(0, 0),
            label: "this file".into(),
            help: None,
        }],
    };
    match std::fs::metadata(path) {
        Ok(m) if m.len() > MAX_GRAMMAR_BYTES as u64 => {
            return Err(io(format!(
                "the file is {} bytes long; a language file is at most {MAX_GRAMMAR_BYTES}",
                m.len()
            )));
        }
        Ok(_) => {}
        Err(e) => return Err(io(format!("cannot read the file: {e}"))),
    }
    let text =
        std::fs::read_to_string(path).map_err(|e| io(format!("cannot read the file: {e}")))?;
    build(&shown, &text, verify)
}

/// The sample games of the smoke test, in English SAN: every piece moves and captures, both
/// castlings, a promotion with capture, en passant, check and mate.
pub const SAMPLE_GAMES: &[&str] = &[
    // Morphy's Opera Game (Paris, 1858).
    "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 \
     Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#",
    "e4 Nf6 e5 d5 exd6 e6 dxc7 Qd7 cxb8=Q Rxb8 Nf3 Bd6 Be2 O-O O-O Kh8 Kh1",
];

/// The moves of a sample game.
pub(crate) fn sample_moves(san: &str) -> Option<Vec<Move>> {
    let mut pos = Chess::default();
    let mut out = Vec::new();
    for tok in san.split_whitespace() {
        let m = San::from_ascii(tok.as_bytes()).ok()?.to_move(&pos).ok()?;
        pos.play_unchecked(m);
        out.push(m);
    }
    Some(out)
}

/// The span of the first piece-letter rule of a language file (for problems with the letters).
pub(crate) fn letters_span(text: &str) -> Span {
    letters(text)
        .first()
        .map(|l| Lines::new(text).span(l.at, Some(l.end)))
        .unwrap_or_default()
}

/// The span of the `//! customs:` header's value.
pub(crate) fn customs_span(text: &str) -> Option<Span> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.starts_with("//!")
            && let Some(i) = line.find("customs:")
        {
            let value = line[i + 8..].trim_end();
            let start = offset + i + 8 + (value.len() - value.trim_start().len());
            return Some(Span::new(start, offset + i + 8 + value.len()));
        }
        offset += line.len();
    }
    None
}

/// The registry of user languages and their parsers (append-only: entries live as long as
/// the process).
struct Registry {
    languages: Vec<&'static LanguageFile>,
    parsers: Vec<&'static ParserEntry>,
    /// (path, text) of every file registered, to make registering it again a no-op.
    sources: Vec<(String, String)>,
}

static REGISTRY: RwLock<Registry> = RwLock::new(Registry {
    languages: Vec::new(),
    parsers: Vec::new(),
    sources: Vec::new(),
});
/// True once a user language is registered (the built-in path skips the lock before).
static ANY: AtomicBool = AtomicBool::new(false);

/// The user languages registered, in order.
pub fn languages() -> Vec<&'static LanguageFile> {
    if !ANY.load(Ordering::Acquire) {
        return Vec::new();
    }
    REGISTRY
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .languages
        .clone()
}

/// The parsers of the user languages registered, in order.
pub fn parsers() -> Vec<&'static ParserEntry> {
    if !ANY.load(Ordering::Acquire) {
        return Vec::new();
    }
    REGISTRY
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .parsers
        .clone()
}

/// Makes a user language visible to checking, converting, detection and `languages`.
/// Registering the same file (path and text) again does nothing.
///
/// # Errors
/// One of its codes or its file name is already taken by a built-in language or by another
/// user file.
pub fn register(lang: UserLanguage) -> Result<(), GrammarReport> {
    let mut reg = REGISTRY
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if reg
        .sources
        .iter()
        .any(|(p, t)| *p == lang.path && *t == lang.text)
    {
        return Ok(());
    }
    let mut problems = Vec::new();
    for code in lang.language.codes {
        let builtin = LANGUAGE_FILES.iter().find(|l| l.codes.contains(code));
        let user = reg.languages.iter().find(|l| l.codes.contains(code));
        let taken_by = match (builtin, user) {
            (Some(l), _) => Some(format!(
                "the built-in language {} (grammars/lang/{}.pest)",
                l.names.first().copied().unwrap_or(l.file),
                l.file
            )),
            (None, Some(l)) => Some(format!(
                "the user language file {}",
                l.user.unwrap_or(l.file)
            )),
            (None, None) => None,
        };
        if let Some(by) = taken_by {
            problems.push(GrammarProblem {
                kind: ProblemKind::CodeTaken,
                message: format!("the code `{code}` is already taken by {by}"),
                span: code_span(&lang.text, code),
                label: "this code".into(),
                help: Some(format!(
                    "give the file a code of its own, such as `{code}-x-house` for a house style of that language"
                )),
            });
        }
    }
    let file = lang.language.file;
    if problems.is_empty()
        && (LANGUAGE_FILES.iter().any(|l| l.file == file)
            || reg.languages.iter().any(|l| l.file == file))
    {
        problems.push(GrammarProblem {
            kind: ProblemKind::CodeTaken,
            message: format!(
                "a language file named `{}.pest` is already loaded",
                file.trim_start_matches("user:")
            ),
            span: Span::new(0, 0),
            label: "this file".into(),
            help: Some("rename the file".into()),
        });
    }
    if !problems.is_empty() {
        return Err(GrammarReport {
            path: lang.path.clone(),
            text: Arc::from(lang.text.as_str()),
            problems,
        });
    }
    reg.languages.push(lang.language);
    reg.parsers.extend(lang.parsers.iter().copied());
    reg.sources.push((lang.path, lang.text));
    ANY.store(true, Ordering::Release);
    Ok(())
}

/// Loads and registers a user language file.
///
/// # Errors
/// See [`load`] and [`register`].
pub fn register_file(path: &Path, verify: Verify) -> Result<&'static LanguageFile, GrammarReport> {
    let lang = load(path, verify)?;
    let l = lang.language;
    register(lang)?;
    Ok(l)
}

/// The grammar directories, in order: those named by [`GRAMMARS_ENV`], then the platform's
/// configuration directory (`$XDG_CONFIG_HOME/scoresheet/grammars`, by default
/// `~/.config/scoresheet/grammars`; `~/Library/Application Support/scoresheet/grammars` on
/// macOS; `%APPDATA%\scoresheet\grammars` on Windows).
pub fn grammar_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::env::var_os(GRAMMARS_ENV)
        .map(|v| {
            std::env::split_paths(&v)
                .filter(|p| !p.as_os_str().is_empty())
                .collect()
        })
        .unwrap_or_default();
    if let Some(config) = config_dir() {
        dirs.push(config.join("scoresheet").join("grammars"));
    }
    dirs
}

fn config_dir() -> Option<PathBuf> {
    let nonempty = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if cfg!(windows) {
        nonempty("APPDATA")
    } else if cfg!(target_os = "macos") {
        nonempty("HOME").map(|h| h.join("Library").join("Application Support"))
    } else {
        nonempty("XDG_CONFIG_HOME")
            .filter(|p| p.is_absolute())
            .or_else(|| nonempty("HOME").map(|h| h.join(".config")))
    }
}

/// The `*.pest` files of the grammar directories, in order (each directory sorted by name).
pub fn directory_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in grammar_dirs() {
        let Ok(rd) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut files: Vec<PathBuf> = rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "pest"))
            .collect();
        files.sort();
        out.extend(files);
    }
    out
}

/// Loads and registers the given files, then the grammar directories' files. A directory
/// file named like a given file (same file name) is left out: the given one replaces it.
///
/// # Errors
/// The reports of every file that could not be loaded (the others are registered).
pub fn register_all(files: &[PathBuf], verify: Verify) -> Result<(), Vec<GrammarReport>> {
    let mut errors = Vec::new();
    for f in files {
        if let Err(e) = register_file(f, verify) {
            errors.push(e);
        }
    }
    for f in directory_files() {
        if files.iter().any(|g| g.file_name() == f.file_name()) {
            continue;
        }
        if let Err(e) = register_file(&f, verify) {
            errors.push(e);
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// A commented template of a language file for `code` (`scoresheet grammar new CODE`).
pub fn template(code: &str) -> String {
    format!(
        r#"//! Piece letters and customs of <language> algebraic notation.
//!
//! code: {code}
//! name: <Language name>
//! names: <Language name>
//! customs: capture=x capture_place=before mate=# check=+ double_check=none castle=O promotion== ep=none
//! Source: <where the letters come from: a federation's rules, a book, a newspaper>
//!
//! This file defines the six rules below and nothing else. Each rule lists the letters of one
//! piece as pest strings; write the longest alternative first (`"Кр" | "К"`), and guard a
//! letter that starts another piece's letter with a negative lookahead (`"K" ~ !"t"` when the
//! knight is `Kt`). Letters may not start with a file letter a-h, a digit or a sign (x + # =).
//!
//! The `customs:` header says how moves are written in this language (used when writing
//! moves, e.g. `scoresheet convert --to san --to-lang {code}`): capture=x|:|×|none,
//! capture_place=before|trailing, mate=#|X|…, check=+, double_check=++|none, castle=O|0,
//! promotion==|none|paren, ep=none|e.p.|…
//!
//! Check this file with `scoresheet grammar check FILE`, use it with
//! `scoresheet --grammar FILE check game.pgn`, or put it in the grammar directory
//! (`$XDG_CONFIG_HOME/scoresheet/grammars/`, or a directory named by SCORESHEET_GRAMMARS).

/// the king letter K
king = @{{ "K" }}
/// the queen letter Q
queen = @{{ "Q" }}
/// the rook letter R
rook = @{{ "R" }}
/// the bishop letter B
bishop = @{{ "B" }}
/// the knight letter N
knight = @{{ "N" }}
/// the pawn letter P (a language that never writes a pawn letter: `pawn = @{{ !ANY ~ ANY }}`)
pawn = @{{ "P" }}
"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample_games_are_legal() {
        for s in SAMPLE_GAMES {
            assert!(sample_moves(s).is_some(), "{s}");
        }
    }

    #[test]
    fn codes() {
        for ok in ["cy", "en-x-gazette", "tok", "sr-latn"] {
            assert!(valid_code(ok), "{ok}");
        }
        for bad in ["", "E", "english", "en_GB", "en--x", "x"] {
            assert!(!valid_code(bad), "{bad}");
        }
    }

    #[test]
    fn the_template_passes_its_own_checks() {
        let problems = check_source(&template("xx"));
        assert!(problems.is_empty(), "{problems:?}");
    }

    #[test]
    fn every_built_in_language_file_passes_the_user_checks() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("grammars/lang");
        for e in std::fs::read_dir(dir).expect("grammars/lang") {
            let path = e.expect("entry").path();
            let text = std::fs::read_to_string(&path).expect("read");
            let problems = check_source(&text);
            assert!(problems.is_empty(), "{}: {problems:?}", path.display());
        }
    }

    #[test]
    fn a_panic_in_pest_becomes_a_parse_error() {
        // `POP` on an empty stack panics in pest; the checks refuse it, the parser survives it.
        let text = template("xx").replace("king = @{ \"K\" }", "king = @{ \"K\" ~ POP }");
        assert!(
            check_source(&text)
                .iter()
                .any(|p| p.kind == ProblemKind::Grammar(IssueKind::StackOperation))
        );
        let vm = vm_parser("algebraic", &text).expect("a valid pest grammar");
        let game = vm.parse_game("1. e4 e5 2. Ke2 *", 0);
        assert!(
            game.issues
                .iter()
                .any(|i| matches!(i, SyntaxIssue::ParserLimit(_, m) if m.contains("failed"))),
            "{:?}",
            game.issues
        );
        assert!(!vm.explain("Ke2").is_move);
    }

    #[test]
    fn run_time_composition_is_build_time_composition() {
        // build.rs writes every composed grammar it derives a parser from to OUT_DIR.
        let out = Path::new(env!("OUT_DIR"));
        let mut compared = 0;
        for lang in LANGUAGE_FILES {
            let path = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("grammars/lang")
                .join(format!("{}.pest", lang.file));
            let text = std::fs::read_to_string(path).expect("language file");
            for (notation, spec, notation_text) in NOTATION_GRAMMARS {
                if notation_is_letterless(spec)
                    || !notation_takes(spec, &language_header(&text).codes)
                {
                    continue;
                }
                let built =
                    std::fs::read_to_string(out.join(format!("{notation}_{}.pest", lang.file)))
                        .expect("composed by build.rs");
                assert_eq!(
                    compose(&[COMMON_GRAMMAR, notation_text, &text]).text,
                    built,
                    "{notation} × {}",
                    lang.file
                );
                compared += 1;
            }
        }
        assert!(compared >= LANGUAGE_FILES.len());
    }

    #[test]
    fn lines_place_columns_in_characters() {
        let l = Lines::new("ab\nКр x\n");
        assert_eq!(l.offset((2, 1)), 3);
        assert_eq!(l.offset((2, 3)), 3 + "Кр".len());
        assert_eq!(l.span((2, 1), None), Span::new(3, 3 + "Кр".len()));
    }
}
