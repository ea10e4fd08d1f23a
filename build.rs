//! Derives one pest parser per (notation, language) pair from the files in `grammars/`.
//!
//! * `grammars/common.pest` — the shared container grammar (tags, move numbers, comments…).
//! * `grammars/<notation>.pest` — one per notation. Its `//! languages:` header says which
//!   language files it is composed with: `all`, `none`, or a list of codes.
//! * `grammars/lang/<code>.pest` — one per language: exactly the rules of
//!   [`LANGUAGE_RULES`], plus a `//!` header with `code:`, `name:`, `names:` and `customs:`.
//!
//! Every composed grammar is checked with pest_meta before it is handed to pest_derive; errors
//! are reported with the line numbers of the file they come from. Shadowed choices
//! (`"К" | "Кр"`: the second alternative can never match) are build errors too.
//!
//! The output (`$OUT_DIR/parsers.rs`) holds a module per pair, the notation-neutral `Kind`
//! enum (the union of all rule names), `impl RuleKind for <pair>::Rule`, human names of the
//! rules (from their `///` docs) and the registries of notations and languages.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use pest_meta::parser::{self, Rule as MetaRule};

/// The rules a language file must define, and the only ones it may define.
const LANGUAGE_RULES: &[&str] = &["king", "queen", "rook", "bishop", "knight", "pawn"];

/// One source file of a composed grammar.
struct Part {
    path: PathBuf,
    text: String,
}

struct Composed {
    /// (first line in the composed text, part index)
    parts: Vec<(usize, usize)>,
    text: String,
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let grammars = root.join("grammars");
    println!("cargo:rerun-if-changed=grammars");
    println!("cargo:rerun-if-changed=grammars/lang");

    let mut errors: Vec<String> = Vec::new();
    let mut all_parts: Vec<Part> = Vec::new();

    let common = read_part(&grammars.join("common.pest"));
    let common_idx = push(&mut all_parts, common);

    let mut notation_files = list(&grammars, "pest");
    notation_files.retain(|p| p.file_stem().is_some_and(|s| s != "common"));
    let lang_files = list(&grammars.join("lang"), "pest");

    // Languages.
    let mut languages = Vec::new();
    for path in &lang_files {
        println!("cargo:rerun-if-changed={}", path.display());
        let part = read_part(path);
        let header = header(&part.text);
        let file = path.file_stem().unwrap().to_string_lossy().into_owned();
        let codes: Vec<String> = header
            .get("code")
            .map(|c| c.split_whitespace().map(str::to_owned).collect())
            .unwrap_or_default();
        if codes.is_empty() {
            errors.push(format!(
                "{}:1: the `//! code:` header is missing (list the ISO 639-1 codes this file serves)",
                path.display()
            ));
        }
        check_language_rules(&part, &mut errors);
        let idx = push(&mut all_parts, part);
        languages.push(Language { file, idx, codes, header });
    }

    // Notations and their composition.
    let mut pairs = Vec::new();
    let mut notations = Vec::new();
    for path in &notation_files {
        println!("cargo:rerun-if-changed={}", path.display());
        let part = read_part(path);
        let header = header(&part.text);
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let langs_spec = header.get("languages").cloned().unwrap_or_default();
        let idx = push(&mut all_parts, part);
        let wanted: Vec<&Language> = match langs_spec.trim() {
            "all" => languages.iter().collect(),
            "none" | "" => Vec::new(),
            list => {
                let codes: Vec<&str> = list.split_whitespace().collect();
                languages
                    .iter()
                    .filter(|l| l.codes.iter().any(|c| codes.contains(&c.as_str())))
                    .collect()
            }
        };
        notations.push((name.clone(), header.clone(), wanted.is_empty()));
        if wanted.is_empty() {
            pairs.push(Pair { module: name.clone(), notation: name.clone(), lang: None, parts: vec![common_idx, idx] });
        }
        for l in wanted {
            pairs.push(Pair {
                module: format!("{}_{}", name, l.file),
                notation: name.clone(),
                lang: Some(l.file.clone()),
                parts: vec![common_idx, idx, l.idx],
            });
        }
    }

    // Compose, check and collect rule names.
    let mut kinds: BTreeMap<String, String> = BTreeMap::new();
    kinds.insert("EOI".into(), "the end of the input".into());
    // Language rules are named alike in every language: their docs differ, their role does not.
    for r in LANGUAGE_RULES {
        let name = if *r == "pawn" { "a pawn letter" } else { "a piece letter" };
        kinds.insert((*r).into(), name.into());
    }
    let mut rules_per_pair: Vec<Vec<String>> = Vec::new();
    for pair in &pairs {
        let composed = compose(&all_parts, &pair.parts);
        let path = out.join(format!("{}.pest", pair.module));
        std::fs::write(&path, &composed.text).unwrap();
        let names = check_grammar(&composed, &all_parts, &mut errors);
        for (name, doc) in docs(&composed.text) {
            kinds.entry(name).or_insert(doc);
        }
        for n in &names {
            kinds.entry(n.clone()).or_insert_with(|| n.replace('_', " "));
        }
        rules_per_pair.push(names);
    }

    if !errors.is_empty() {
        for e in &errors {
            println!("cargo:warning={e}");
        }
        panic!("grammar check failed:\n{}", errors.join("\n"));
    }

    // Generate Rust.
    let mut src = String::new();
    src.push_str("/// A grammar rule, whatever (notation, language) parser produced it.\n");
    src.push_str("#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]\n#[allow(clippy::enum_variant_names)]\npub enum Kind {\n");
    for (name, doc) in &kinds {
        writeln!(src, "    /// {}\n    {},", doc.replace('\n', " "), camel(name)).unwrap();
    }
    src.push_str("}\n\nimpl Kind {\n    /// What a person calls this rule, for messages (\"a square such as e4\").\n");
    src.push_str("    pub const fn human(self) -> &'static str {\n        match self {\n");
    for (name, doc) in &kinds {
        writeln!(src, "            Kind::{} => {:?},", camel(name), doc).unwrap();
    }
    src.push_str("        }\n    }\n}\n\n");
    for (pair, names) in pairs.iter().zip(&rules_per_pair) {
        let path = out.join(format!("{}.pest", pair.module));
        writeln!(src, "/// The parser for notation `{}`{}.", pair.notation, match &pair.lang {
            Some(l) => format!(" in language file `{l}`"),
            None => String::new(),
        })
        .unwrap();
        writeln!(src, "pub mod {} {{", pair.module).unwrap();
        writeln!(src, "    #[derive(pest_derive::Parser)]\n    #[grammar = {:?}]\n    pub struct P;", path.display().to_string()).unwrap();
        src.push_str("    impl super::RuleKind for Rule {\n        #[inline]\n        fn kind(self) -> super::Kind {\n            match self {\n");
        writeln!(src, "                Rule::EOI => super::Kind::Eoi,").unwrap();
        for n in names {
            writeln!(src, "                Rule::r#{n} => super::Kind::{},", camel(n)).unwrap();
        }
        src.push_str("            }\n        }\n    }\n");
        src.push_str("    impl super::GrammarParser for P {\n        type Rule = Rule;\n");
        src.push_str("        const GAME: Rule = Rule::game;\n        const SINGLE_MOVE: Rule = Rule::single_move;\n    }\n}\n\n");
    }
    // Registry of parsers.
    src.push_str("/// Every derived parser: (notation, language file, game parser).\npub static PARSERS: &[ParserEntry] = &[\n");
    for pair in &pairs {
        writeln!(
            src,
            "    ParserEntry {{ notation: {:?}, lang_file: {:?}, parse: crate::walker::parse_game::<{}::P>, explain: crate::walker::explain_token::<{}::P> }},",
            pair.notation,
            pair.lang.clone().unwrap_or_default(),
            pair.module,
            pair.module
        )
        .unwrap();
    }
    src.push_str("];\n\n");
    // Registry of language files.
    src.push_str("/// Every language file with its header.\npub static LANGUAGE_FILES: &[LanguageFile] = &[\n");
    for l in &languages {
        let part = &all_parts[l.idx];
        let letters: Vec<String> = LANGUAGE_RULES
            .iter()
            .map(|r| rule_literals(&part.text, r).unwrap_or_default().join(" "))
            .collect();
        let names: Vec<String> = l
            .header
            .get("names")
            .or(l.header.get("name"))
            .map(|n| n.split(',').map(|s| s.trim().to_owned()).collect())
            .unwrap_or_default();
        writeln!(
            src,
            "    LanguageFile {{ file: {:?}, codes: &{:?}, names: &{:?}, customs: {:?}, letters: [{}] }},",
            l.file,
            l.codes,
            names,
            l.header.get("customs").cloned().unwrap_or_default(),
            letters.iter().map(|s| format!("{s:?}")).collect::<Vec<_>>().join(", ")
        )
        .unwrap();
    }
    src.push_str("];\n\n/// Every notation grammar file: (name, languages header).\npub static NOTATION_FILES: &[(&str, &str)] = &[\n");
    for (name, header, _) in &notations {
        writeln!(src, "    ({:?}, {:?}),", name, header.get("languages").cloned().unwrap_or_default()).unwrap();
    }
    src.push_str("];\n");
    std::fs::write(out.join("parsers.rs"), src).unwrap();
}

struct Language {
    file: String,
    idx: usize,
    codes: Vec<String>,
    header: BTreeMap<String, String>,
}

struct Pair {
    module: String,
    notation: String,
    lang: Option<String>,
    parts: Vec<usize>,
}

fn push(parts: &mut Vec<Part>, p: Part) -> usize {
    parts.push(p);
    parts.len() - 1
}

fn read_part(path: &Path) -> Part {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Part { path: path.to_owned(), text }
}

fn list(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == ext))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// `//! key: value` lines of a file's header.
fn header(text: &str) -> BTreeMap<String, String> {
    let mut m = BTreeMap::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("//!") else { continue };
        let rest = rest.trim();
        if let Some((k, v)) = rest.split_once(':') {
            let k = k.trim();
            if !k.is_empty() && k.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
                m.entry(k.to_owned()).or_insert_with(|| v.trim().to_owned());
            }
        }
    }
    m
}

fn compose(parts: &[Part], idx: &[usize]) -> Composed {
    let mut text = String::new();
    let mut map = Vec::new();
    let mut line = 1;
    for &i in idx {
        map.push((line, i));
        // `//!` grammar docs are only allowed at the start of a grammar: keep the first file's.
        let body: String = if text.is_empty() {
            parts[i].text.clone()
        } else {
            parts[i]
                .text
                .lines()
                .map(|l| if l.starts_with("//!") { "//" } else { l })
                .collect::<Vec<_>>()
                .join("\n")
                + "\n"
        };
        line += body.matches('\n').count();
        text.push_str(&body);
        if !text.ends_with('\n') {
            text.push('\n');
            line += 1;
        }
    }
    Composed { parts: map, text }
}

/// Maps a line of the composed text back to (file, line).
fn locate(c: &Composed, parts: &[Part], line: usize) -> String {
    let mut best = c.parts[0];
    for &(start, i) in &c.parts {
        if start <= line {
            best = (start, i);
        }
    }
    format!("{}:{}", parts[best.1].path.display(), line - best.0 + 1)
}

fn check_grammar(c: &Composed, parts: &[Part], errors: &mut Vec<String>) -> Vec<String> {
    let pairs = match parser::parse(MetaRule::grammar_rules, &c.text) {
        Ok(p) => p,
        Err(e) => {
            let line = match e.line_col {
                pest::error::LineColLocation::Pos((l, _)) | pest::error::LineColLocation::Span((l, _), _) => l,
            };
            errors.push(format!("{}: {}", locate(c, parts, line), e.variant.message()));
            return Vec::new();
        }
    };
    if let Err(es) = pest_meta::validator::validate_pairs(pairs.clone()) {
        for e in es {
            let line = match e.line_col {
                pest::error::LineColLocation::Pos((l, _)) | pest::error::LineColLocation::Span((l, _), _) => l,
            };
            errors.push(format!("{}: {}", locate(c, parts, line), e.variant.message()));
        }
        return Vec::new();
    }
    if let Err(es) = parser::consume_rules(pairs.clone()) {
        for e in es {
            let line = match e.line_col {
                pest::error::LineColLocation::Pos((l, _)) | pest::error::LineColLocation::Span((l, _), _) => l,
            };
            errors.push(format!("{}: {}", locate(c, parts, line), e.variant.message()));
        }
        return Vec::new();
    }
    // Rule names and literal sets, then shadowed choices.
    let mut names = Vec::new();
    let mut literal_rules: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut exprs = Vec::new();
    for rule in pairs.clone().flatten().filter(|p| p.as_rule() == MetaRule::grammar_rule) {
        let mut inner = rule.into_inner();
        let Some(name) = inner.find(|p| p.as_rule() == MetaRule::identifier) else { continue };
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
                let text = cur.iter().map(|p| p.as_str().trim()).collect::<Vec<_>>().join(" ");
                let terms: Vec<_> = cur.iter().filter(|p| p.as_rule() == MetaRule::term).cloned().collect();
                let (lits, whole) = match terms.first().and_then(|t| term_literals(t, &literal_rules)) {
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
                                let key = (locate(c, parts, alts[j].2), a.clone(), b.clone());
                                if seen.insert(key.clone()) {
                                    errors.push(format!(
                                        "{}: in rule `{rule}`, the alternative `{}` can never match: \
                                         the earlier alternative `{}` ({}) matches its start {:?} first. \
                                         Put the longer alternative first, or guard the shorter one \
                                         with a negative lookahead (\"{}\" ~ !\"{}\").",
                                        key.0,
                                        alts[j].3,
                                        alts[i].3,
                                        locate(c, parts, alts[i].2),
                                        a,
                                        a,
                                        &b[a.len()..]
                                    ));
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    names
}

/// The literal strings a term starts with, when it is a plain string or a rule made only of
/// plain strings (possibly through further such rules). `None` when it may start otherwise.
fn term_literals(term: &pest::iterators::Pair<MetaRule>, lits: &BTreeMap<String, Vec<String>>) -> Option<Vec<String>> {
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
fn rule_literals(text: &str, rule: &str) -> Option<Vec<String>> {
    let pairs = parser::parse(MetaRule::grammar_rules, text).ok()?;
    for r in pairs.flatten().filter(|p| p.as_rule() == MetaRule::grammar_rule) {
        let mut inner = r.into_inner();
        if inner.find(|p| p.as_rule() == MetaRule::identifier).is_none_or(|id| id.as_str() != rule) {
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

/// Checks that a language file defines exactly the language rules.
fn check_language_rules(part: &Part, errors: &mut Vec<String>) {
    let pairs = match parser::parse(MetaRule::grammar_rules, &part.text) {
        Ok(p) => p,
        Err(e) => {
            errors.push(format!("{}: {}", part.path.display(), e));
            return;
        }
    };
    let mut defined = BTreeSet::new();
    for r in pairs.flatten().filter(|p| p.as_rule() == MetaRule::grammar_rule) {
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
            errors.push(format!(
                "{}:{line}: rule `{name}` is not a language rule; a language file defines exactly: {}",
                part.path.display(),
                LANGUAGE_RULES.join(", ")
            ));
        }
        defined.insert(name);
    }
    for r in LANGUAGE_RULES {
        if !defined.contains(*r) {
            errors.push(format!("{}: the required rule `{r}` is missing", part.path.display()));
        }
    }
    if !part.text.ends_with('\n') {
        errors.push(format!("{}: the file must end with a newline", part.path.display()));
    }
}

/// (rule name, first line of its `///` doc) for every documented rule.
fn docs(text: &str) -> Vec<(String, String)> {
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
        if let Some(d) = doc.take() {
            if let Some((name, _)) = t.split_once('=') {
                let name = name.trim();
                if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                    out.push((name.to_owned(), d));
                }
            }
        }
    }
    out
}

fn camel(name: &str) -> String {
    if name == "EOI" {
        return "Eoi".into();
    }
    if name.chars().all(|c| c.is_ascii_uppercase()) {
        return name[..1].to_owned() + &name[1..].to_ascii_lowercase();
    }
    name.split('_')
        .filter(|s| !s.is_empty())
        .map(|s| {
            let mut c = s.chars();
            c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
        })
        .collect()
}
