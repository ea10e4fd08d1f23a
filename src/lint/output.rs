//! Lint output: one miette report per file for people, JSON with the checker's fields plus
//! the rule and the fix for machines.

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Value, json};

use crate::lint::Linted;
use crate::lint::diag::LintDiagnostic;
use crate::span::SourceText;

/// The one-line summary of a linted file (its name's control characters escaped).
pub fn summary(l: &Linted) -> String {
    let (e, w, _) = l.counts();
    let doc = &l.doc;
    let fixable = l.fixable(false);
    let plural = |n: usize, one: &'static str, many: &'static str| if n == 1 { one } else { many };
    let mut s = format!(
        "{}: {} {}, {} {} ({} {} {}): {} {}, {} {}",
        doc.path,
        doc.games,
        plural(doc.games, "game", "games"),
        doc.fragments(),
        plural(doc.fragments(), "fragment", "fragments"),
        doc.format.as_str(),
        doc.notation,
        doc.language,
        e,
        plural(e, "error", "errors"),
        w,
        plural(w, "warning", "warnings"),
    );
    if fixable > 0 {
        s.push_str(&format!(" ({fixable} fixable with --fix)"));
    }
    if let Some((line, column, text)) = first_unread(l) {
        let n = doc.unread().len();
        s.push_str(&format!(
            "; {n} move-like {} not read as moves (the first `{text}` at {line}:{column})",
            plural(n, "word", "words")
        ));
    }
    crate::diagnostic::text::escape(&s).into_owned()
}

/// The first move-like word that was not read as a move: its line, column (characters, both
/// 1-based) and text.
fn first_unread(l: &Linted) -> Option<(usize, usize, &str)> {
    let w = *l.doc.unread().first()?;
    let text = &l.doc.original;
    let before = text.get(..w.start)?;
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |c| c.chars().count()) + 1;
    Some((line, column, text.get(w.start..w.end)?))
}

/// The miette report of a file (its summary alone when there is no problem).
pub fn human(l: &Linted, color: bool, width: usize) -> String {
    crate::diagnostic::render_file_report(
        &l.doc.path,
        &source(l),
        l.diagnostics.iter().map(|d| (d, d.severity)),
        summary(l),
        color,
        width,
    )
}

/// [`human`] written to `out` as it is rendered, a few hundred problems at a time, so that a
/// file with very many problems is never held rendered whole.
///
/// # Errors
///
/// When writing to `out` fails.
pub fn write_human(
    out: &mut dyn std::io::Write,
    l: &Linted,
    color: bool,
    width: usize,
) -> std::io::Result<()> {
    crate::diagnostic::write_file_report(
        &l.doc.path,
        &source(l),
        l.diagnostics.iter().map(|d| (d, d.severity)),
        summary(l),
        (color, width),
        |piece| out.write_all(piece.as_bytes()),
    )
}

/// The linted file's text, as its reports read it.
fn source(l: &Linted) -> std::sync::Arc<SourceText> {
    std::sync::Arc::new(SourceText::whole(std::sync::Arc::clone(&l.doc.original)))
}

/// The JSON document for these files.
pub fn json(files: &[Linted]) -> Value {
    serde_json::to_value(Files(files)).unwrap_or(Value::Null)
}

/// Writes the JSON document for these files, indented, one diagnostic made at a time (a
/// file of 100,000 findings is never held as one JSON value).
///
/// # Errors
/// When writing fails.
pub fn write_json(out: &mut dyn std::io::Write, files: &[Linted]) -> std::io::Result<()> {
    serde_json::to_writer_pretty(out, &Files(files))?;
    Ok(())
}

/// The JSON document of files: `{"files": [...]}`.
struct Files<'a>(&'a [Linted]);

impl Serialize for Files<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(1))?;
        map.serialize_entry("files", &Seq(|| self.0.iter().map(File)))?;
        map.end()
    }
}

/// A sequence made as it is written.
struct Seq<F>(F);

impl<F, I> Serialize for Seq<F>
where
    F: Fn() -> I,
    I: Iterator,
    I::Item: Serialize,
{
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq((self.0)())
    }
}

/// One file: its name, how it was read, and its diagnostics.
struct File<'a>(&'a Linted);

impl Serialize for File<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let l = self.0;
        let source = SourceText::whole(std::sync::Arc::clone(&l.doc.original));
        let mut map = s.serialize_map(Some(9))?;
        map.serialize_entry("path", &l.doc.path)?;
        map.serialize_entry("format", l.doc.format.as_str())?;
        map.serialize_entry("notation", l.doc.notation)?;
        map.serialize_entry("language", &l.doc.language)?;
        map.serialize_entry("games", &l.doc.games)?;
        map.serialize_entry("fragments", &l.doc.fragments())?;
        map.serialize_entry("unread", &l.doc.unread().len())?;
        let first = first_unread(l)
            .map(|(line, column, text)| json!({"line": line, "column": column, "text": text}));
        map.serialize_entry("first_unread", &first)?;
        let diagnostics = Seq(|| l.diagnostics.iter().map(|d| json_diag(d, &source)));
        map.serialize_entry("diagnostics", &diagnostics)?;
        map.end()
    }
}

/// One diagnostic: the fields of `check`, the rule's name and category, and the fix.
pub(crate) fn json_diag(d: &LintDiagnostic, source: &SourceText) -> Value {
    let fix = d.fix.as_ref().map(|f| {
        json!({
            "applicability": f.applicability.as_str(),
            "message": f.title,
            "edits": f.edits.iter().map(|e| {
                let (line, column) = source.line_col(e.span.start);
                json!({
                    "offset": e.span.start,
                    "length": e.span.len(),
                    "line": line,
                    "column": column,
                    "replacement": e.replacement,
                })
            }).collect::<Vec<_>>(),
        })
    });
    let mut out = serde_json::Map::new();
    out.insert("code".into(), json!(d.rule.code.as_str()));
    out.insert("rule".into(), json!(d.rule.name));
    out.insert("category".into(), json!(d.rule.category.as_str()));
    out.insert("severity".into(), json!(d.severity.as_str()));
    out.insert("message".into(), json!(d.message));
    out.extend(crate::report::output::json_place(
        source, d.span, d.game, d.ply,
    ));
    out.insert("help".into(), json!(d.help));
    out.insert("suggestions".into(), json!(d.suggestions));
    out.insert("fix".into(), json!(fix));
    Value::Object(out)
}
