//! Derives one pest parser per (notation, language) pair from the files in `grammars/`.
//!
//! * `grammars/common.pest` — the shared container grammar (tags, move numbers, comments…).
//! * `grammars/<notation>.pest` — one per notation. Its `//! languages:` header says which
//!   language files it is composed with: `all`, `none`, or a list of codes.
//! * `grammars/lang/<code>.pest` — one per language: the rules of [`LANGUAGE_RULES`] (and
//!   optionally those of [`RECORD_RULES`], for position records), plus a `//!` header with
//!   `code:`, `name:`, `names:` and `customs:`.
//!
//! `grammars/position/` holds the grammar of position records, diagrams and GBR codes, which
//! the library composes with a language file at run time: it is no notation grammar, and
//! this script does not read it (it lists `grammars/*.pest` only).
//!
//! Every composed grammar is checked with pest_meta before it is handed to pest_derive; errors
//! are reported with the line numbers of the file they come from. Shadowed choices
//! (`"К" | "Кр"`: the second alternative can never match) are build errors too.
//!
//! The output: `$OUT_DIR/kinds.rs` holds the notation-neutral `Kind` enum (the union of all
//! rule names) with the human names of the rules (from their `///` docs), and the `Notation`
//! enum (one variant per notation grammar file); `$OUT_DIR/parsers.rs`
//! a module per pair with `impl RuleKind for <pair>::Rule`, and the registries of notations and
//! languages.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

// Shared with the library, so that user grammars loaded at run time are checked and composed
// exactly as the built-in ones (some of their items serve the library only).
#[allow(dead_code)]
#[path = "src/syntax/compose.rs"]
mod compose;
#[allow(dead_code)]
#[path = "src/syntax/customs.rs"]
mod customs;
#[allow(dead_code)]
#[path = "src/syntax/grammar_check.rs"]
mod grammar_check;

use compose::{
    camel, compose, header, header_value, language_header, notation_is_letterless, notation_takes,
};
use customs::Customs;
use grammar_check::{
    LANGUAGE_RULES, RECORD_RULES, check_grammar, check_language_rules, docs, rule_literals,
    rule_words,
};

/// One source file of a composed grammar.
struct Part {
    path: PathBuf,
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
        let header = language_header(&part.text);
        let file = path.file_stem().unwrap().to_string_lossy().into_owned();
        let codes = header.codes.clone();
        if codes.is_empty() {
            errors.push(format!(
                "{}:1: the `//! code:` header is missing (list the ISO 639-1 codes this file serves)",
                path.display()
            ));
        }
        for (line, msg) in check_language_rules(&part.text) {
            errors.push(format!("{}:{line}: {msg}", path.display()));
        }
        let customs = customs_of(path, &part.text, &mut errors);
        let idx = push(&mut all_parts, part);
        languages.push(Language {
            file,
            idx,
            codes,
            header,
            customs,
        });
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
        let wanted: Vec<&Language> = languages
            .iter()
            .filter(|l| notation_takes(&langs_spec, &l.codes))
            .collect();
        notations.push((name.clone(), header.clone(), idx));
        if notation_is_letterless(&langs_spec) {
            pairs.push(Pair {
                module: name.clone(),
                notation: name.clone(),
                lang: None,
                parts: vec![common_idx, idx],
            });
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
        let name = if *r == "pawn" {
            "a pawn letter"
        } else {
            "a piece letter"
        };
        kinds.insert((*r).into(), name.into());
    }
    for (r, name) in RECORD_RULES.iter().zip([
        "the word for White in a position record",
        "the word for Black in a position record",
        "the abbreviation before one pawn in a position record",
        "the abbreviation before several pawns in a position record",
    ]) {
        kinds.insert((*r).into(), name.into());
    }
    let mut rules_per_pair: Vec<Vec<String>> = Vec::new();
    for pair in &pairs {
        let texts: Vec<&str> = pair
            .parts
            .iter()
            .map(|&i| all_parts[i].text.as_str())
            .collect();
        let composed = compose(&texts);
        let path = out.join(format!("{}.pest", pair.module));
        std::fs::write(&path, &composed.text).unwrap();
        let (names, problems) = check_grammar(&composed.text);
        for (line, msg) in problems {
            let (part, line) = composed.locate(line);
            let file = all_parts[pair.parts[part]].path.display();
            errors.push(format!("{file}:{line}: {msg}"));
        }
        for (name, doc) in docs(&composed.text) {
            kinds.entry(name).or_insert(doc);
        }
        for n in &names {
            kinds
                .entry(n.clone())
                .or_insert_with(|| n.replace('_', " "));
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
    src.push_str("#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]\n#[allow(clippy::enum_variant_names)]\npub(crate) enum Kind {\n");
    for (name, doc) in &kinds {
        writeln!(
            src,
            "    /// {}\n    {},",
            doc.replace('\n', " "),
            camel(name)
        )
        .unwrap();
    }
    src.push_str("}\n\nimpl Kind {\n    /// What a person calls this rule, for messages (\"a square such as e4\").\n");
    src.push_str("    pub(crate) const fn human(self) -> &'static str {\n        match self {\n");
    for (name, doc) in &kinds {
        writeln!(src, "            Kind::{} => {:?},", camel(name), doc).unwrap();
    }
    src.push_str("        }\n    }\n\n");
    src.push_str("    /// The kind of a rule by its name in the grammar (`piece_move`), for parsers built at\n");
    src.push_str("    /// run time (pest_vm names rules by strings).\n");
    src.push_str(
        "    pub(crate) fn from_name(name: &str) -> Option<Kind> {\n        Some(match name {\n",
    );
    for name in kinds.keys() {
        writeln!(src, "            {name:?} => Kind::{},", camel(name)).unwrap();
    }
    src.push_str("            _ => return None,\n        })\n    }\n}\n\n");
    let notation_names: Vec<&str> = notations.iter().map(|(n, _, _)| n.as_str()).collect();
    notation_enum(&mut src, &notation_names);
    // The kinds go to a file of their own (`syntax::kind`), the parsers that map onto them to
    // another (`syntax::builtin`), so that the walker needs only the kinds.
    std::fs::write(out.join("kinds.rs"), std::mem::take(&mut src)).unwrap();
    for (pair, names) in pairs.iter().zip(&rules_per_pair) {
        let path = out.join(format!("{}.pest", pair.module));
        writeln!(
            src,
            "/// The parser for notation `{}`{}.",
            pair.notation,
            match &pair.lang {
                Some(l) => format!(" in language file `{l}`"),
                None => String::new(),
            }
        )
        .unwrap();
        writeln!(src, "pub(crate) mod {} {{", pair.module).unwrap();
        writeln!(
            src,
            "    #[derive(pest_derive::Parser)]\n    #[grammar = {:?}]\n    pub(crate) struct P;",
            path.display().to_string()
        )
        .unwrap();
        src.push_str("    impl super::RuleKind for Rule {\n        #[inline]\n        fn kind(self) -> super::Kind {\n            match self {\n");
        writeln!(src, "                Rule::EOI => super::Kind::Eoi,").unwrap();
        for n in names {
            writeln!(
                src,
                "                Rule::r#{n} => super::Kind::{},",
                camel(n)
            )
            .unwrap();
        }
        src.push_str("            }\n        }\n    }\n");
        src.push_str("    impl super::GrammarParser for P {\n        type Rule = Rule;\n");
        writeln!(
            src,
            "        const GRAMMAR: &'static str = include_str!({:?});",
            path.display().to_string()
        )
        .unwrap();
        src.push_str("        const GAME: Rule = Rule::game;\n        const SINGLE_MOVE: Rule = Rule::single_move;\n    }\n}\n\n");
    }
    // Registry of parsers (`B` is `Cow::Borrowed`).
    let borrowed = |v: &[String]| {
        v.iter()
            .map(|s| format!("B({s:?})"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    src.push_str("/// Every derived parser: (notation, language file, game parser).\npub(crate) static PARSERS: &[ParserEntry] = &[\n");
    for pair in &pairs {
        writeln!(
            src,
            "    ParserEntry {{ notation: {:?}, lang_file: B({:?}), language: {}, parse: Shared::Static(&crate::syntax::memo::parse_game::<{}::P>), explain: Shared::Static(&crate::syntax::walker::explain_token::<{}::P>), user: None }},",
            pair.notation,
            pair.lang.clone().unwrap_or_default(),
            pair.lang
                .as_ref()
                .and_then(|f| languages.iter().position(|l| l.file == *f))
                .map_or("None".to_owned(), |i| format!("Some(Shared::Static(&LANGUAGE_FILES[{i}]))")),
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
        // The words of position records, each rule's alternatives in order (guards left out).
        let words: Vec<String> = RECORD_RULES
            .iter()
            .map(|r| format!("B(&[{}])", borrowed(&rule_words(&part.text, r))))
            .collect();
        writeln!(
            src,
            "    LanguageFile {{ file: B({:?}), codes: B(&[{}]), names: B(&[{}]), customs: B({:?}), letters: [{}], record: RecordWords {{ white: {}, black: {}, pawn: {}, pawns: {} }}, source: B(include_str!({:?})), user: None }},",
            l.file,
            borrowed(&l.codes),
            borrowed(&l.header.names),
            l.customs,
            borrowed(&letters),
            words[0],
            words[1],
            words[2],
            words[3],
            part.path.display().to_string()
        )
        .unwrap();
    }
    src.push_str("];\n\n/// Every notation grammar file: (name, languages header).\n#[cfg(test)]\npub(crate) static NOTATION_FILES: &[(&str, &str)] = &[\n");
    for (name, header, _) in &notations {
        writeln!(
            src,
            "    ({:?}, {:?}),",
            name,
            header.get("languages").cloned().unwrap_or_default()
        )
        .unwrap();
    }
    src.push_str("];\n\n");
    // The grammar texts themselves, for composing user language files at run time.
    writeln!(
        src,
        "/// The text of `grammars/common.pest`.\npub(crate) static COMMON_GRAMMAR: &str = include_str!({:?});\n",
        all_parts[common_idx].path.display().to_string()
    )
    .unwrap();
    src.push_str("/// Every notation grammar: (name, languages header, text).\npub(crate) static NOTATION_GRAMMARS: &[(&str, &str, &str)] = &[\n");
    for (name, header, idx) in &notations {
        writeln!(
            src,
            "    ({:?}, {:?}, include_str!({:?})),",
            name,
            header.get("languages").cloned().unwrap_or_default(),
            all_parts[*idx].path.display().to_string()
        )
        .unwrap();
    }
    src.push_str("];\n");
    std::fs::write(out.join("parsers.rs"), src).unwrap();
}

struct Language {
    file: String,
    idx: usize,
    codes: Vec<String>,
    header: compose::LanguageHeader,
    /// The `//! customs:` header's value, checked by the library's own reader.
    customs: String,
}

/// A language file's `//! customs:` header, checked with the library's own reader; each
/// mistake is an error naming the file, line, column, key or value.
fn customs_of(path: &Path, text: &str, errors: &mut Vec<String>) -> String {
    let (at, value) = header_value(text, "customs").unwrap_or((0, ""));
    match Customs::parse(value) {
        Ok(_) => value.to_owned(),
        Err(mistakes) => {
            for e in mistakes {
                let before = &text[..at + e.span.start];
                let line = before.matches('\n').count() + 1;
                let col = before.chars().rev().take_while(|&c| c != '\n').count() + 1;
                errors.push(format!(
                    "{}:{line}:{col}: in `//! customs:`, {} ({})",
                    path.display(),
                    e.message,
                    e.help
                ));
            }
            String::new()
        }
    }
}

struct Pair {
    module: String,
    notation: String,
    lang: Option<String>,
    parts: Vec<usize>,
}

/// The `Notation` enum: one variant per notation grammar file, in the order of
/// `NOTATION_FILES`, with its name, the list of all, and `FromStr`.
fn notation_enum(src: &mut String, names: &[&str]) {
    src.push_str(
        "/// A notation: one per grammar file `grammars/<name>.pest` (generated by build.rs).\n",
    );
    src.push_str("#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]\npub enum Notation {\n");
    for n in names {
        writeln!(src, "    /// `grammars/{n}.pest`\n    {},", camel(n)).unwrap();
    }
    src.push_str(
        "}\n\nimpl Notation {\n    /// Every notation, in the order of the grammar files.\n",
    );
    src.push_str("    pub const ALL: &'static [Notation] = &[\n");
    for n in names {
        writeln!(src, "        Notation::{},", camel(n)).unwrap();
    }
    src.push_str("    ];\n\n    /// Its name: the grammar file's stem (`algebraic`).\n");
    src.push_str("    pub const fn name(self) -> &'static str {\n        match self {\n");
    for n in names {
        writeln!(src, "            Notation::{} => {n:?},", camel(n)).unwrap();
    }
    src.push_str("        }\n    }\n}\n\nimpl std::str::FromStr for Notation {\n    type Err = UnknownNotation;\n\n");
    src.push_str("    fn from_str(name: &str) -> Result<Notation, UnknownNotation> {\n        match name {\n");
    for n in names {
        writeln!(src, "            {n:?} => Ok(Notation::{}),", camel(n)).unwrap();
    }
    src.push_str("            _ => Err(UnknownNotation {\n                name: name.to_owned(),\n            }),\n        }\n    }\n}\n");
}

fn push(parts: &mut Vec<Part>, p: Part) -> usize {
    parts.push(p);
    parts.len() - 1
}

fn read_part(path: &Path) -> Part {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Part {
        path: path.to_owned(),
        text,
    }
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
