//! `--format sarif`: the report of `check` and `lint` as one SARIF 2.1.0 log, the format
//! code-scanning pages read to show problems inline (GitHub code scanning, GitLab, VS Code's
//! SARIF viewer).
//!
//! One run of the tool `scoresheet`; a result per diagnostic with its rule, level, message,
//! place (lines and columns counted in characters, as `columnKind` says, and the byte offset
//! and length), the other places that explain it, and its fixes: a lint fix as its edits, and
//! each ranked suggestion as a replacement of the offending text. `check` names a result's rule
//! by the checker's code (`scoresheet::illegal_move`), `lint` by the rule's code (`SC101`);
//! each rule is described once, with the lint rule's summary and documentation.

use std::collections::HashMap;
use std::io;
use std::sync::Arc;

use serde_json::{Map, Value, json};

use crate::check::{CheckedGame, Sink};
use crate::diagnostic::{Code, Diagnostic, Severity};
use crate::lint::Linted;
use crate::lint::diag::{Edit, LintDiagnostic};
use crate::lint::rule::RuleInfo;
use crate::lint::rules::RULES;
use crate::span::{SourceText, Span};

/// The SARIF version written, and the schema it follows.
pub const VERSION: &str = "2.1.0";
const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// A SARIF log being filled: files and their results, added as they are checked or linted,
/// and written whole at the end ([`Log::write`]).
#[derive(Default)]
pub struct Log {
    rules: Vec<Value>,
    rule_index: HashMap<String, usize>,
    artifacts: Vec<Value>,
    results: Vec<Value>,
}

/// A checker diagnostic or a lint diagnostic, as a result needs it.
struct Found<'d> {
    rule: Rule,
    severity: Severity,
    message: String,
    help: Option<String>,
    span: Span,
    secondary: Vec<(Span, &'d str)>,
    suggestions: &'d [String],
    fix: Option<(&'d str, &'d [Edit])>,
    game: usize,
    ply: Option<u32>,
}

/// Who found a problem: a checker code (and the lint rule that reports it), or a lint rule.
#[derive(Clone, Copy)]
enum Rule {
    Checker(Code),
    Lint(&'static RuleInfo),
}

impl Log {
    /// An empty log.
    pub fn new() -> Log {
        Log::default()
    }

    /// Adds a linted file and its diagnostics.
    pub fn lint(&mut self, l: &Linted) {
        let source = SourceText::whole(Arc::clone(&l.doc.original));
        let artifact = self.artifact(&l.doc.path);
        for d in &l.diagnostics {
            self.add(artifact, &source, lint_found(d));
        }
    }

    /// The `check` report of the file `path`, added to this log as its games are checked.
    pub fn file<'l>(&'l mut self, path: &str) -> SarifFile<'l> {
        let artifact = self.artifact(path);
        SarifFile {
            log: self,
            artifact,
            errors: 0,
        }
    }

    /// Writes the log as one JSON document.
    ///
    /// # Errors
    /// When writing fails.
    pub fn write(self, out: &mut dyn io::Write) -> io::Result<()> {
        let log = json!({
            "$schema": SCHEMA,
            "version": VERSION,
            "runs": [{
                "tool": {"driver": {
                    "name": "scoresheet",
                    "version": env!("CARGO_PKG_VERSION"),
                    "semanticVersion": env!("CARGO_PKG_VERSION"),
                    "rules": self.rules,
                }},
                "columnKind": "unicodeCodePoints",
                "artifacts": self.artifacts,
                "results": self.results,
            }],
        });
        serde_json::to_writer_pretty(&mut *out, &log).map_err(io::Error::other)?;
        out.write_all(b"\n")
    }

    fn artifact(&mut self, path: &str) -> usize {
        self.artifacts.push(json!({
            "location": {"uri": uri(path)},
            "encoding": "utf-8",
        }));
        self.artifacts.len() - 1
    }

    fn rule(&mut self, rule: Rule) -> usize {
        let (id, info) = match rule {
            Rule::Checker(code) => {
                let by = RULES.iter().find(|r| r.checker_codes.contains(&code));
                (code.as_str(), by.map(|r| &r.info))
            }
            Rule::Lint(info) => (info.code.as_str(), Some(info)),
        };
        if let Some(&i) = self.rule_index.get(id) {
            return i;
        }
        let mut descriptor = Map::new();
        descriptor.insert("id".into(), json!(id));
        if let Some(info) = info {
            let doc = info.doc();
            descriptor.insert("name".into(), json!(info.name));
            descriptor.insert("shortDescription".into(), json!({"text": info.summary()}));
            descriptor.insert("help".into(), json!({"text": doc, "markdown": doc}));
            descriptor.insert(
                "properties".into(),
                json!({"lintRule": info.code.as_str(), "category": info.category.as_str()}),
            );
        }
        self.rules.push(Value::Object(descriptor));
        self.rule_index.insert(id.to_owned(), self.rules.len() - 1);
        self.rules.len() - 1
    }

    fn add(&mut self, artifact: usize, source: &SourceText, found: Found<'_>) {
        let rule = self.rule(found.rule);
        let id = self.rules[rule]["id"].clone();
        let uri = self.artifacts[artifact]["location"]["uri"].clone();
        let here = |span: Span| location(&uri, artifact, source, span);
        let mut message = found.message;
        if let Some(help) = &found.help {
            message = format!("{message}\n\nhelp: {help}");
        }
        let mut result = Map::new();
        result.insert("ruleId".into(), id);
        result.insert("ruleIndex".into(), json!(rule));
        result.insert("level".into(), json!(level(found.severity)));
        result.insert("message".into(), json!({"text": message}));
        result.insert("locations".into(), json!([here(found.span)]));
        if !found.secondary.is_empty() {
            let related: Vec<Value> = (found.secondary.iter().enumerate())
                .map(|(i, (span, text))| {
                    let mut l = here(*span);
                    l["id"] = json!(i);
                    l["message"] = json!({"text": text});
                    l
                })
                .collect();
            result.insert("relatedLocations".into(), json!(related));
        }
        let mut fixes = Vec::new();
        if let Some((title, edits)) = found.fix {
            fixes.push(fix(&uri, artifact, source, title, edits));
        }
        for s in found.suggestions {
            let edit = [Edit {
                span: found.span,
                replacement: s.clone(),
            }];
            fixes.push(fix(&uri, artifact, source, &format!("write `{s}`"), &edit));
        }
        if !fixes.is_empty() {
            result.insert("fixes".into(), json!(fixes));
        }
        let game = if found.game == 0 {
            Value::Null
        } else {
            json!(found.game)
        };
        result.insert(
            "properties".into(),
            json!({"game": game, "ply": found.ply, "suggestions": found.suggestions}),
        );
        self.results.push(Value::Object(result));
    }
}

/// The `check` report of one file into a [`Log`]: a [`Sink`].
pub struct SarifFile<'l> {
    log: &'l mut Log,
    artifact: usize,
    errors: usize,
}

impl SarifFile<'_> {
    /// How many errors the file had.
    pub fn errors(&self) -> usize {
        self.errors
    }

    fn checker(&mut self, d: &Diagnostic, source: &SourceText) {
        self.errors += usize::from(d.severity == Severity::Error);
        let secondary = d.secondary.iter().map(|(s, t)| (*s, t.as_str())).collect();
        let found = Found {
            rule: Rule::Checker(d.code()),
            severity: d.severity,
            message: d.problem.to_string(),
            help: d.full_help(),
            span: d.span,
            secondary,
            suggestions: &d.suggestions,
            fix: None,
            game: d.game,
            ply: d.ply,
        };
        self.log.add(self.artifact, source, found);
    }
}

impl Sink for SarifFile<'_> {
    fn start(&mut self, _notation: &'static str, _language: &str) -> io::Result<()> {
        Ok(())
    }

    fn note(&mut self, note: &Diagnostic, source: &Arc<SourceText>) -> io::Result<()> {
        self.checker(note, source);
        Ok(())
    }

    fn game(&mut self, game: CheckedGame, source: &Arc<SourceText>) -> io::Result<()> {
        for d in &game.diagnostics {
            self.checker(d, source);
        }
        Ok(())
    }
}

fn lint_found(d: &LintDiagnostic) -> Found<'_> {
    Found {
        rule: Rule::Lint(d.rule),
        severity: d.severity,
        message: d.message.clone(),
        help: d.help.clone(),
        span: d.span,
        secondary: d.secondary.iter().map(|(s, t)| (*s, t.as_str())).collect(),
        suggestions: &d.suggestions,
        fix: d
            .fix
            .as_ref()
            .map(|f| (f.title.as_str(), f.edits.as_slice())),
        game: d.game,
        ply: d.ply,
    }
}

/// SARIF's level of a severity.
fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Advice => "note",
    }
}

/// A region of the file: lines and columns (in characters) from its start to its end, the
/// byte offset and length, and the text.
fn region(source: &SourceText, span: Span) -> Value {
    let (start_line, start_column) = source.line_col(span.start);
    let (end_line, end_column) = source.line_col(span.end);
    let text = source.text.get(span.start..span.end).unwrap_or("");
    let mut r = json!({
        "startLine": start_line,
        "startColumn": start_column,
        "endLine": end_line,
        "endColumn": end_column,
        "byteOffset": source.origin.offset + span.start,
        "byteLength": span.len(),
    });
    if !text.is_empty() {
        r["snippet"] = json!({"text": text});
    }
    r
}

/// A place in the artifact of index `artifact` (its URI `uri`).
fn location(uri: &Value, artifact: usize, source: &SourceText, span: Span) -> Value {
    json!({"physicalLocation": {
        "artifactLocation": {"uri": uri, "index": artifact},
        "region": region(source, span),
    }})
}

fn fix(uri: &Value, artifact: usize, source: &SourceText, title: &str, edits: &[Edit]) -> Value {
    let replacements: Vec<Value> = edits
        .iter()
        .map(|e| {
            json!({
                "deletedRegion": region(source, e.span),
                "insertedContent": {"text": e.replacement},
            })
        })
        .collect();
    json!({
        "description": {"text": title},
        "artifactChanges": [{
            "artifactLocation": {"uri": uri, "index": artifact},
            "replacements": replacements,
        }],
    })
}

/// A path as a URI reference: relative paths stay relative, every byte but the unreserved
/// ones and `/` percent-encoded (`<stdin>` becomes `%3Cstdin%3E`).
pub fn uri(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for &b in path.as_bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(uri("games/ch 1.pgn"), "games/ch%201.pgn");
        assert_eq!(uri("<stdin>"), "%3Cstdin%3E");
        assert_eq!(
            uri("партия.pgn"),
            "%D0%BF%D0%B0%D1%80%D1%82%D0%B8%D1%8F.pgn"
        );
    }
}
