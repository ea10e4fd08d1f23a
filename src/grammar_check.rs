//! Checks of grammar files, shared by build.rs (built-in grammars) and the library (tests
//! and, later, user grammars at run time): pest_meta validation, shadowed choices
//! (`"К" | "Кр"`: the second can never match), the rules a language file must define, and
//! the human names of rules (the first line of their `///` docs).

use std::collections::{BTreeMap, BTreeSet};

use pest_meta::parser::{self, Rule as MetaRule};

/// The rules a language file must define, and the only ones it may define.
pub const LANGUAGE_RULES: &[&str] = &["king", "queen", "rook", "bishop", "knight", "pawn"];

/// Checks a (composed) grammar text with pest_meta and for shadowed choices. Returns the rule
/// names defined, and problems as (1-based line, message), with line numbers of `text`.
pub fn check_grammar(text: &str) -> (Vec<String>, Vec<(usize, String)>) {
    let mut errors: Vec<(usize, String)> = Vec::new();
    let pairs = match parser::parse(MetaRule::grammar_rules, text) {
        Ok(p) => p,
        Err(e) => {
            let line = match e.line_col {
                pest::error::LineColLocation::Pos((l, _))
                | pest::error::LineColLocation::Span((l, _), _) => l,
            };
            errors.push((line, e.variant.message().into_owned()));
            return (Vec::new(), errors);
        }
    };
    if let Err(es) = pest_meta::validator::validate_pairs(pairs.clone()) {
        for e in es {
            let line = match e.line_col {
                pest::error::LineColLocation::Pos((l, _))
                | pest::error::LineColLocation::Span((l, _), _) => l,
            };
            errors.push((line, e.variant.message().into_owned()));
        }
        return (Vec::new(), errors);
    }
    if let Err(es) = parser::consume_rules(pairs.clone()) {
        for e in es {
            let line = match e.line_col {
                pest::error::LineColLocation::Pos((l, _))
                | pest::error::LineColLocation::Span((l, _), _) => l,
            };
            errors.push((line, e.variant.message().into_owned()));
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
            let mut alts: Vec<(Vec<String>, bool, usize, String)> = Vec::new();
            let mut current: Vec<pest::iterators::Pair<MetaRule>> = Vec::new();
            let mut flush = |cur: &mut Vec<pest::iterators::Pair<MetaRule>>| {
                if cur.is_empty() {
                    return;
                }
                let line = cur[0].as_span().start_pos().line_col().0;
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
                alts.push((lits, whole, line, text));
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
                                    errors.push((
                                        alts[j].2,
                                        format!(
                                            "in rule `{rule}`, the alternative `{}` can never match: \
                                             the earlier alternative `{}` (line {}) matches its start {:?} first. \
                                             Put the longer alternative first, or guard the shorter one \
                                             with a negative lookahead (\"{}\" ~ !\"{}\").",
                                            alts[j].3,
                                            alts[i].3,
                                            alts[i].2,
                                            a,
                                            a,
                                            &b[a.len()..]
                                        ),
                                    ));
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
pub fn rule_literals(text: &str, rule: &str) -> Option<Vec<String>> {
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

/// Checks that a language file defines exactly the language rules ([`LANGUAGE_RULES`]) and
/// ends with a newline. Problems as (1-based line, message).
pub fn check_language_rules(text: &str) -> Vec<(usize, String)> {
    let mut errors = Vec::new();
    let pairs = match parser::parse(MetaRule::grammar_rules, text) {
        Ok(p) => p,
        Err(e) => {
            let line = match e.line_col {
                pest::error::LineColLocation::Pos((l, _))
                | pest::error::LineColLocation::Span((l, _), _) => l,
            };
            errors.push((line, e.variant.message().into_owned()));
            return errors;
        }
    };
    let mut defined = BTreeSet::new();
    for r in pairs
        .flatten()
        .filter(|p| p.as_rule() == MetaRule::grammar_rule)
    {
        let line = r.as_span().start_pos().line_col().0;
        let name = r
            .into_inner()
            .find(|p| p.as_rule() == MetaRule::identifier)
            .map(|p| p.as_str().to_owned())
            .unwrap_or_default();
        if name.is_empty() {
            continue; // a `///` doc line
        }
        if !LANGUAGE_RULES.contains(&name.as_str()) {
            errors.push((
                line,
                format!(
                    "rule `{name}` is not a language rule; a language file defines exactly: {}",
                    LANGUAGE_RULES.join(", ")
                ),
            ));
        }
        defined.insert(name);
    }
    for r in LANGUAGE_RULES {
        if !defined.contains(*r) {
            errors.push((1, format!("the required rule `{r}` is missing")));
        }
    }
    if !text.ends_with('\n') {
        errors.push((
            text.lines().count().max(1),
            "the file must end with a newline".into(),
        ));
    }
    errors
}

/// (rule name, first line of its `///` doc) for every documented rule.
pub fn docs(text: &str) -> Vec<(String, String)> {
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
