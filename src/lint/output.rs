//! Lint output: one miette report per file for people, JSON with the checker's fields plus
//! the rule and the fix for machines.

use std::fmt;
use std::sync::Arc;

use miette::{GraphicalReportHandler, GraphicalTheme, NamedSource};
use serde_json::{Value, json};

use crate::diagnostic::Severity;
use crate::lint::Linted;
use crate::lint::diag::LintDiagnostic;
use crate::span::LineIndex;

/// The one-line summary of a linted file.
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
    s
}

/// All problems of one file as one miette report.
#[derive(Debug)]
struct Report<'a> {
    source: NamedSource<Arc<str>>,
    diagnostics: &'a [LintDiagnostic],
    summary: String,
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.summary)
    }
}

impl std::error::Error for Report<'_> {}

impl miette::Diagnostic for Report<'_> {
    fn severity(&self) -> Option<miette::Severity> {
        let worst = self
            .diagnostics
            .iter()
            .map(|d| d.severity)
            .min()
            .unwrap_or(Severity::Advice);
        Some(match worst {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Advice => miette::Severity::Advice,
        })
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn related<'b>(&'b self) -> Option<Box<dyn Iterator<Item = &'b dyn miette::Diagnostic> + 'b>> {
        Some(Box::new(
            self.diagnostics
                .iter()
                .map(|d| d as &dyn miette::Diagnostic),
        ))
    }
}

/// The miette report of a file (its summary alone when there is no problem).
pub fn human(l: &Linted, color: bool, width: usize) -> String {
    if l.diagnostics.is_empty() {
        return format!("{}\n", summary(l));
    }
    let report = Report {
        source: NamedSource::new(l.doc.path.clone(), Arc::clone(&l.doc.original)),
        diagnostics: &l.diagnostics,
        summary: summary(l),
    };
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(width)
        .with_context_lines(1);
    let mut out = String::new();
    if handler.render_report(&mut out, &report).is_err() {
        out.push_str(&report.summary);
    }
    out
}

/// The JSON document for these files.
pub fn json(files: &[Linted]) -> Value {
    json!({ "files": files.iter().map(json_file).collect::<Vec<_>>() })
}

fn json_file(l: &Linted) -> Value {
    let text = &l.doc.original;
    let index = LineIndex::new(text);
    json!({
        "path": l.doc.path,
        "format": l.doc.format.as_str(),
        "notation": l.doc.notation,
        "language": l.doc.language,
        "games": l.doc.games,
        "fragments": l.doc.fragments(),
        "diagnostics": l.diagnostics.iter().map(|d| json_diag(d, text, &index)).collect::<Vec<_>>(),
    })
}

/// One diagnostic: the fields of `check`, the rule's name and category, and the fix.
pub fn json_diag(d: &LintDiagnostic, text: &str, index: &LineIndex) -> Value {
    let (line, column) = index.line_col(text, d.span.start);
    let fix = d.fix.as_ref().map(|f| {
        json!({
            "applicability": f.applicability.as_str(),
            "message": f.title,
            "edits": f.edits.iter().map(|e| {
                let (line, column) = index.line_col(text, e.span.start);
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
    json!({
        "code": d.rule.code,
        "rule": d.rule.name,
        "category": d.rule.category.as_str(),
        "severity": d.severity.as_str(),
        "message": d.message,
        "line": line,
        "column": column,
        "offset": d.span.start,
        "length": d.span.len(),
        "game": if d.game == 0 { Value::Null } else { json!(d.game) },
        "ply": d.ply,
        "text": text.get(d.span.start..d.span.end).unwrap_or(""),
        "help": d.help,
        "suggestions": d.suggestions,
        "fix": fix,
    })
}
