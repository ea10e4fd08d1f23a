//! Checks of grammar files, shared by build.rs (built-in grammars) and the library (tests
//! and user grammars at run time, [`crate::syntax::user`]): pest_meta validation (syntax,
//! undefined rules, left recursion…), shadowed choices (`"К" | "Кр"`: the second can never
//! match), the rules a language file must define, the letters of a language file, and the
//! human names of rules (the first line of their `///` docs).
//!
//! Every problem carries its place (line and column) in the text checked; callers that check
//! a composed grammar map lines back to the file they come from.

use std::collections::{BTreeMap, BTreeSet};

use pest_meta::parser::{self, Rule as MetaRule};

/// The rules a language file must define: its piece letters.
pub const LANGUAGE_RULES: &[&str] = &["king", "queen", "rook", "bishop", "knight", "pawn"];

/// The rules a language file may define besides [`LANGUAGE_RULES`], for position records
/// (`Бели: Цe4, пп.d4,е5. Черни: Цd6, п.d7`): the words for White and Black, and the
/// abbreviations written before one pawn and before several. No notation grammar uses them;
/// a file without them still loads (records cannot then be read or written in its language).
pub const RECORD_RULES: &[&str] = &["white_side", "black_side", "pawn_abbr", "pawns_abbr"];

/// What kind of mistake a grammar problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IssueKind {
    /// Not pest grammar syntax.
    Syntax,
    /// A rule is used but defined nowhere.
    Undefined,
    /// A rule is defined twice.
    Duplicate,
    /// A rule calls itself before consuming input.
    LeftRecursion,
    /// Another problem pest_meta finds (a repetition that never ends…).
    Invalid,
    /// An alternative of a choice that can never match.
    Shadowed,
    /// A required language rule is missing.
    MissingRule,
    /// A rule that a language file may not define (the notation does not use it).
    ExtraRule,
    /// The file does not end with a newline.
    NoNewline,
    /// A stack operation (`PUSH`, `POP`, `PEEK`, `DROP`…): a letter needs none, and `POP` or
    /// `PEEK` on an empty stack would abort the parser.
    StackOperation,
}

/// One problem of a grammar text, placed by 1-based line and column (in characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Issue {
    /// What kind of mistake it is.
    pub kind: IssueKind,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub col: usize,
    /// Where the problem ends (line, column), when it covers a stretch of text.
    pub end: Option<(usize, usize)>,
    /// What is wrong, in words.
    pub message: String,
    /// Another line the message names (the earlier alternative of a shadowed choice).
    pub other_line: Option<usize>,
}

impl Issue {
    fn at(kind: IssueKind, (line, col): (usize, usize), message: String) -> Issue {
        Issue {
            kind,
            line,
            col,
            end: None,
            message,
            other_line: None,
        }
    }

    fn of_pest(kind: IssueKind, e: &pest::error::Error<MetaRule>) -> Issue {
        let (start, end) = match e.line_col {
            pest::error::LineColLocation::Pos(p) => (p, None),
            pest::error::LineColLocation::Span(a, b) => (a, Some(b)),
        };
        let message = e
            .clone()
            .renamed_rules(|r| meta_rule_name(*r))
            .variant
            .message()
            .into_owned();
        // pest_meta's advice for expression grammars does not apply to a grammar file here.
        let message = message
            .trim_end_matches("; pest::pratt_parser might be useful in this case")
            .to_owned();
        let kind = if kind != IssueKind::Syntax {
            if message.contains("left-recursive") {
                IssueKind::LeftRecursion
            } else if message.contains("is undefined") {
                IssueKind::Undefined
            } else if message.contains("already defined") {
                IssueKind::Duplicate
            } else {
                kind
            }
        } else {
            kind
        };
        Issue {
            kind,
            line: start.0,
            col: start.1,
            end,
            message,
            other_line: None,
        }
    }
}

/// What a person calls a rule of pest's own grammar, in syntax errors.
fn meta_rule_name(rule: MetaRule) -> String {
    let name = match rule {
        MetaRule::opening_brace => "`{`",
        MetaRule::closing_brace => "`}`",
        MetaRule::opening_paren => "`(`",
        MetaRule::closing_paren => "`)`",
        MetaRule::assignment_operator => "`=`",
        MetaRule::sequence_operator => "`~`",
        MetaRule::choice_operator => "`|`",
        MetaRule::optional_operator => "`?`",
        MetaRule::repeat_operator => "`*`",
        MetaRule::repeat_once_operator => "`+`",
        MetaRule::identifier => "a rule name",
        MetaRule::string => "a string such as \"K\"",
        MetaRule::insensitive_string => "a string such as ^\"k\"",
        MetaRule::range => "a range such as 'a'..'z'",
        MetaRule::grammar_rule => "a rule",
        MetaRule::modifier | MetaRule::atomic_modifier | MetaRule::compound_atomic_modifier => {
            "a modifier such as @"
        }
        MetaRule::EOI => "the end of the file",
        other => return format!("{other:?}").replace('_', " "),
    };
    name.to_owned()
}

/// Checks a (composed) grammar text with pest_meta and for shadowed choices. Returns the rule
/// names defined, and problems as (1-based line, message), with line numbers of `text`.
pub fn check_grammar(text: &str) -> (Vec<String>, Vec<(usize, String)>) {
    let (names, issues) = grammar_issues(text);
    (
        names,
        issues.into_iter().map(|i| (i.line, i.message)).collect(),
    )
}

/// Checks a (composed) grammar text with pest_meta and for shadowed choices. Returns the rule
/// names defined, and the problems with their places in `text`.
pub(crate) fn grammar_issues(text: &str) -> (Vec<String>, Vec<Issue>) {
    let mut errors: Vec<Issue> = Vec::new();
    let pairs = match parser::parse(MetaRule::grammar_rules, text) {
        Ok(p) => p,
        Err(e) => {
            errors.push(Issue::of_pest(IssueKind::Syntax, &e));
            return (Vec::new(), errors);
        }
    };
    if let Err(es) = pest_meta::validator::validate_pairs(pairs.clone()) {
        for e in es {
            errors.push(Issue::of_pest(IssueKind::Invalid, &e));
        }
        return (Vec::new(), errors);
    }
    if let Err(es) = parser::consume_rules(pairs.clone()) {
        for e in es {
            errors.push(Issue::of_pest(IssueKind::Invalid, &e));
        }
        return (Vec::new(), errors);
    }
    // Rule names and literal sets, then shadowed choices.
    let mut names = Vec::new();
    let mut literal_rules: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut exprs = Vec::new();
    for rule in pairs
        .clone()
        .flatten()
        .filter(|p| p.as_rule() == MetaRule::grammar_rule)
    {
        let mut inner = rule.into_inner();
        let Some(name) = inner.find(|p| p.as_rule() == MetaRule::identifier) else {
            continue;
        };
        let name = name.as_str().to_owned();
        names.push(name.clone());
        if let Some(expr) = inner.find(|p| p.as_rule() == MetaRule::expression) {
            if let Some(lits) = pure_literals(&expr) {
                literal_rules.insert(name.clone(), lits);
            }
            exprs.push((name, expr));
        }
    }
    let mut seen = BTreeSet::new();
    for (rule, expr) in &exprs {
        for node in std::iter::once(expr.clone()).chain(expr.clone().into_inner().flatten()) {
            if node.as_rule() != MetaRule::expression {
                continue;
            }
            // Alternatives of this choice, each expanded to the literal strings it starts with.
            type Alt = (Vec<String>, bool, (usize, usize), String, (usize, usize));
            let mut alts: Vec<Alt> = Vec::new();
            let mut current: Vec<pest::iterators::Pair<MetaRule>> = Vec::new();
            let mut flush = |cur: &mut Vec<pest::iterators::Pair<MetaRule>>| {
                if cur.is_empty() {
                    return;
                }
                let line = cur[0].as_span().start_pos().line_col();
                let end = cur[cur.len() - 1].as_span().end_pos().line_col();
                let text = cur
                    .iter()
                    .map(|p| p.as_str().trim())
                    .collect::<Vec<_>>()
                    .join(" ");
                let terms: Vec<_> = cur
                    .iter()
                    .filter(|p| p.as_rule() == MetaRule::term)
                    .cloned()
                    .collect();
                let (lits, whole) =
                    match terms.first().and_then(|t| term_literals(t, &literal_rules)) {
                        Some(l) => (l, terms.len() == 1),
                        None => (Vec::new(), false),
                    };
                alts.push((lits, whole, line, text, end));
                cur.clear();
            };
            for child in node.clone().into_inner() {
                if child.as_rule() == MetaRule::choice_operator {
                    flush(&mut current);
                } else {
                    current.push(child);
                }
            }
            flush(&mut current);
            if alts.len() < 2 {
                continue;
            }
            for i in 0..alts.len() {
                if !alts[i].1 {
                    continue;
                }
                for j in i + 1..alts.len() {
                    for a in &alts[i].0 {
                        for b in &alts[j].0 {
                            if b.starts_with(a.as_str()) && (b != a || alts[j].1) {
                                let key = (alts[j].2, a.clone(), b.clone());
                                if seen.insert(key.clone()) {
                                    errors.push(Issue {
                                        kind: IssueKind::Shadowed,
                                        line: alts[j].2.0,
                                        col: alts[j].2.1,
                                        end: Some(alts[j].4),
                                        other_line: Some(alts[i].2.0),
                                        message: format!(
                                            "in rule `{rule}`, the alternative `{}` can never match: \
                                             the earlier alternative `{}` (line {}) matches its start {:?} first. \
                                             Put the longer alternative first, or guard the shorter one \
                                             with a negative lookahead (\"{}\" ~ !\"{}\").",
                                            alts[j].3,
                                            alts[i].3,
                                            alts[i].2.0,
                                            a,
                                            a,
                                            &b[a.len()..]
                                        ),
                                    });
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    (names, errors)
}

/// The literal strings a term starts with, when it is a plain string or a rule made only of
/// plain strings (possibly through further such rules). `None` when it may start otherwise.
fn term_literals(
    term: &pest::iterators::Pair<MetaRule>,
    lits: &BTreeMap<String, Vec<String>>,
) -> Option<Vec<String>> {
    let mut inner = term.clone().into_inner();
    let node = inner.next()?;
    if inner.next().is_some() {
        return None; // a postfix or prefix operator: not a plain literal
    }
    match node.as_rule() {
        MetaRule::string => Some(vec![unescape(node.as_str())]),
        MetaRule::identifier => lits.get(node.as_str()).cloned(),
        _ => None,
    }
}

/// When an expression is a choice of plain strings only, those strings.
fn pure_literals(expr: &pest::iterators::Pair<MetaRule>) -> Option<Vec<String>> {
    let mut out = Vec::new();
    for child in expr.clone().into_inner() {
        match child.as_rule() {
            MetaRule::choice_operator => {}
            MetaRule::term => {
                let mut inner = child.into_inner();
                let node = inner.next()?;
                if inner.next().is_some() || node.as_rule() != MetaRule::string {
                    return None;
                }
                out.push(unescape(node.as_str()));
            }
            _ => return None,
        }
    }
    Some(out)
}

fn unescape(quoted: &str) -> String {
    let s = &quoted[1..quoted.len() - 1];
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some('u') => {
                let hex: String = chars.by_ref().skip(1).take_while(|&c| c != '}').collect();
                if let Some(c) = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    out.push(c);
                }
            }
            Some(c) => out.push(c),
            None => {}
        }
    }
    out
}

/// The literals of one rule of a file, when it is a plain choice of strings.
pub(crate) fn rule_literals(text: &str, rule: &str) -> Option<Vec<String>> {
    let pairs = parser::parse(MetaRule::grammar_rules, text).ok()?;
    for r in pairs
        .flatten()
        .filter(|p| p.as_rule() == MetaRule::grammar_rule)
    {
        let mut inner = r.into_inner();
        if inner
            .find(|p| p.as_rule() == MetaRule::identifier)
            .is_none_or(|id| id.as_str() != rule)
        {
            continue;
        }
        let expr = inner.find(|p| p.as_rule() == MetaRule::expression)?;
        // Take every string literal in the rule, whatever guards surround it.
        let lits: Vec<String> = expr
            .into_inner()
            .flatten()
            .filter(|p| p.as_rule() == MetaRule::string)
            .map(|p| unescape(p.as_str()))
            .collect();
        // A guarded literal (`"В" ~ !"к"`) lists the guard too; keep the alternatives only.
        return Some(lits);
    }
    None
}

/// Checks that a language file defines the language rules ([`LANGUAGE_RULES`]), no rule but
/// those and the optional [`RECORD_RULES`], and ends with a newline. Problems as (1-based
/// line, message).
pub fn check_language_rules(text: &str) -> Vec<(usize, String)> {
    language_rule_issues(text)
        .into_iter()
        .map(|i| (i.line, i.message))
        .collect()
}

/// Checks that a language file defines the language rules ([`LANGUAGE_RULES`]), no rule but
/// those and the optional [`RECORD_RULES`], and ends with a newline, with the places of the
/// problems.
pub(crate) fn language_rule_issues(text: &str) -> Vec<Issue> {
    let mut errors = Vec::new();
    let pairs = match parser::parse(MetaRule::grammar_rules, text) {
        Ok(p) => p,
        Err(e) => {
            errors.push(Issue::of_pest(IssueKind::Syntax, &e));
            return errors;
        }
    };
    for p in pairs.clone().flatten() {
        let op = match p.as_rule() {
            MetaRule::_push | MetaRule::_push_literal | MetaRule::peek_slice => true,
            MetaRule::identifier => {
                matches!(p.as_str(), "POP" | "POP_ALL" | "PEEK" | "PEEK_ALL" | "DROP")
            }
            _ => false,
        };
        if op {
            let start = p.as_span().start_pos().line_col();
            let end = p.as_span().end_pos().line_col();
            let name: String = p
                .as_str()
                .chars()
                .take_while(|c| c.is_ascii_uppercase() || *c == '_')
                .collect();
            errors.push(Issue {
                kind: IssueKind::StackOperation,
                line: start.0,
                col: start.1,
                end: Some(end),
                message: format!("a language file may not use the stack operation `{name}`"),
                other_line: None,
            });
        }
    }
    let mut defined = BTreeSet::new();
    for r in pairs
        .flatten()
        .filter(|p| p.as_rule() == MetaRule::grammar_rule)
    {
        let Some(id) = r.into_inner().find(|p| p.as_rule() == MetaRule::identifier) else {
            continue; // a `///` doc line
        };
        let name = id.as_str().to_owned();
        if !LANGUAGE_RULES.contains(&name.as_str()) && !RECORD_RULES.contains(&name.as_str()) {
            let start = id.as_span().start_pos().line_col();
            let end = id.as_span().end_pos().line_col();
            errors.push(Issue {
                kind: IssueKind::ExtraRule,
                line: start.0,
                col: start.1,
                end: Some(end),
                message: format!(
                    "rule `{name}` is not a language rule; a language file defines exactly: {} \
                     (and, for position records, optionally: {})",
                    LANGUAGE_RULES.join(", "),
                    RECORD_RULES.join(", ")
                ),
                other_line: None,
            });
        }
        defined.insert(name);
    }
    for r in LANGUAGE_RULES {
        if !defined.contains(*r) {
            errors.push(Issue::at(
                IssueKind::MissingRule,
                (1, 1),
                format!("the required rule `{r}` is missing"),
            ));
        }
    }
    if !text.ends_with('\n') {
        let last = text.lines().count().max(1);
        let col = text.lines().last().map_or(1, |l| l.chars().count().max(1));
        errors.push(Issue::at(
            IssueKind::NoNewline,
            (last, col),
            "the file must end with a newline".into(),
        ));
    }
    errors
}

/// One letter of a language rule: a plain string alternative, with the negative lookaheads
/// that guard it (`"К" ~ !"р"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Letter {
    /// The language rule (`king`…).
    pub rule: &'static str,
    /// The letter as matched.
    pub text: String,
    /// Matched in either case (`^"k"`).
    pub insensitive: bool,
    /// Strings that may not follow it (`!"р"`).
    pub guards: Vec<String>,
    /// 1-based line and column of the letter's string in the file.
    pub at: (usize, usize),
    /// Where the letter's string ends (line, column).
    pub end: (usize, usize),
}

impl Letter {
    /// Can `other` (a longer letter starting with this one) still be read after this one
    /// matched? Only when a guard refuses what follows.
    pub(crate) fn guarded_against(&self, other: &str) -> bool {
        other
            .strip_prefix(self.text.as_str())
            .is_some_and(|rest| self.guards.iter().any(|g| rest.starts_with(g.as_str())))
    }
}

/// The letters of a language file, rule by rule in the order of [`LANGUAGE_RULES`]: each
/// alternative of a rule that is a plain string, optionally followed by negative lookaheads of
/// plain strings. Alternatives of other shapes (ranges, other rules, `!ANY ~ ANY` for "no
/// letter") are left out: they are no letter that can be compared.
pub(crate) fn letters(text: &str) -> Vec<Letter> {
    alternatives(text, LANGUAGE_RULES)
}

/// The words of one rule of a language file (a side word or a pawn abbreviation of
/// [`RECORD_RULES`], or a letter), as [`letters`] reads them: the plain strings of its
/// alternatives in order, guards left out. Empty when the file does not define it.
pub(crate) fn rule_words(text: &str, rule: &str) -> Vec<String> {
    let Some(rule) = LANGUAGE_RULES
        .iter()
        .chain(RECORD_RULES)
        .find(|r| **r == rule)
    else {
        return Vec::new();
    };
    alternatives(text, std::slice::from_ref(rule))
        .into_iter()
        .map(|l| l.text)
        .collect()
}

/// Each alternative of the rules named that is a (case-sensitive or not) string, optionally
/// followed by negative lookaheads of strings, in the order of `rules`.
fn alternatives(text: &str, rules: &[&'static str]) -> Vec<Letter> {
    let Ok(pairs) = parser::parse(MetaRule::grammar_rules, text) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for r in pairs
        .flatten()
        .filter(|p| p.as_rule() == MetaRule::grammar_rule)
    {
        let mut inner = r.into_inner();
        let Some(id) = inner.find(|p| p.as_rule() == MetaRule::identifier) else {
            continue;
        };
        let Some(&rule) = rules.iter().find(|r| **r == id.as_str()) else {
            continue;
        };
        let Some(expr) = inner.find(|p| p.as_rule() == MetaRule::expression) else {
            continue;
        };
        let mut alts: Vec<Vec<pest::iterators::Pair<MetaRule>>> = vec![Vec::new()];
        for child in expr.into_inner() {
            match child.as_rule() {
                MetaRule::choice_operator => alts.push(Vec::new()),
                MetaRule::term => alts.last_mut().expect("one").push(child),
                _ => {}
            }
        }
        'alt: for alt in alts {
            let Some((first, rest)) = alt.split_first() else {
                continue;
            };
            let mut parts = first.clone().into_inner();
            let (Some(s), None) = (parts.next(), parts.next()) else {
                continue;
            };
            let insensitive = match s.as_rule() {
                MetaRule::string => false,
                MetaRule::insensitive_string => true,
                _ => continue,
            };
            let mut guards = Vec::new();
            for t in rest {
                let mut parts = t.clone().into_inner();
                match (parts.next(), parts.next(), parts.next()) {
                    (Some(op), Some(g), None)
                        if op.as_rule() == MetaRule::negative_predicate_operator =>
                    {
                        match guard_strings(&g) {
                            Some(gs) => guards.extend(gs),
                            None => continue 'alt,
                        }
                    }
                    _ => continue 'alt,
                }
            }
            let quoted = s.as_str().trim_start_matches('^');
            out.push(Letter {
                rule,
                text: unescape(quoted),
                insensitive,
                guards,
                at: s.as_span().start_pos().line_col(),
                end: s.as_span().end_pos().line_col(),
            });
        }
    }
    out.sort_by_key(|l| rules.iter().position(|r| *r == l.rule));
    out
}

/// The strings a negative lookahead of a letter refuses: a string (`!"t"`), a range of
/// characters (`!('1'..'8')`) or a digit (`!ASCII_DIGIT`: a rank after the letter).
fn guard_strings(g: &pest::iterators::Pair<MetaRule>) -> Option<Vec<String>> {
    match g.as_rule() {
        MetaRule::string => Some(vec![unescape(g.as_str())]),
        MetaRule::insensitive_string => Some(vec![unescape(g.as_str().trim_start_matches('^'))]),
        MetaRule::identifier if g.as_str() == "ASCII_DIGIT" => {
            Some(('0'..='9').map(String::from).collect())
        }
        MetaRule::range => {
            let ends: Vec<char> = g
                .clone()
                .into_inner()
                .filter(|p| p.as_rule() == MetaRule::character)
                .filter_map(|p| unescape(p.as_str()).chars().next())
                .collect();
            match ends[..] {
                [from, to] if from <= to && (to as u32 - from as u32) < 256 => {
                    Some((from..=to).map(String::from).collect())
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// (rule name, first line of its `///` doc) for every documented rule.
#[allow(
    dead_code,
    reason = "build.rs generates the parsers with it; the library uses it in tests only"
)]
pub(crate) fn docs(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut doc: Option<String> = None;
    for line in text.lines() {
        let t = line.trim_start();
        if let Some(d) = t.strip_prefix("///") {
            if doc.is_none() {
                doc = Some(d.trim().to_owned());
            }
            continue;
        }
        if let (Some(d), Some((name, _))) = (doc.take(), t.split_once('=')) {
            let name = name.trim();
            if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                out.push((name.to_owned(), d));
            }
        }
    }
    out
}
