//! Code actions: a finding's fix (a safe one first and preferred), then one action per
//! ranked suggestion of the finding (its span replaced; the best first, preferred when no
//! fix is).

use std::collections::HashMap;

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, Range, TextEdit, Uri, WorkspaceEdit,
};
use scoresheet::lint::{Applicability, Fix, LintDiagnostic};
use scoresheet::span::Span;

use super::diagnostics::to_lsp;
use super::documents::Doc;

/// Do two ranges meet (touching counts)?
fn meets(a: Range, b: Range) -> bool {
    a.start <= b.end && b.start <= a.end
}

/// A fix's edits as spans and texts.
fn edits_of(f: &Fix) -> Vec<(Span, &str)> {
    f.edits
        .iter()
        .map(|e| (e.span, e.replacement.as_str()))
        .collect()
}

/// The text of `span` with the fix made, when its edits are all inside it.
fn spliced(text: &str, span: Span, f: &Fix) -> Option<String> {
    let mut out = String::new();
    let mut at = span.start;
    for e in &f.edits {
        if e.span.start < at || e.span.end > span.end {
            return None;
        }
        out.push_str(text.get(at..e.span.start)?);
        out.push_str(&e.replacement);
        at = e.span.end;
    }
    out.push_str(text.get(at..span.end)?);
    Some(out)
}

/// A quick fix of `d` made of byte-span edits.
fn action(
    doc: &Doc,
    uri: &Uri,
    d: &LintDiagnostic,
    title: String,
    edits: &[(Span, &str)],
    preferred: bool,
) -> CodeAction {
    let edits = edits
        .iter()
        .map(|(s, new)| TextEdit::new(doc.text.range(s.start, s.end), (*new).to_owned()))
        .collect();
    CodeAction {
        title,
        kind: Some(CodeActionKind::QUICKFIX),
        diagnostics: Some(vec![to_lsp(doc, uri, d)]),
        edit: Some(WorkspaceEdit {
            changes: Some(HashMap::from([(uri.clone(), edits)])),
            ..WorkspaceEdit::default()
        }),
        is_preferred: preferred.then_some(true),
        ..CodeAction::default()
    }
}

/// The actions of every finding whose range meets `range`.
pub fn actions(doc: &Doc, uri: &Uri, range: Range) -> Vec<CodeActionOrCommand> {
    let mut out = Vec::new();
    for d in &doc.findings {
        if !meets(doc.text.range(d.span.start, d.span.end), range) {
            continue;
        }
        let fix = d.fix.as_ref();
        let safe = fix.filter(|f| f.applicability == Applicability::Safe);
        if let Some(f) = safe {
            out.push(action(doc, uri, d, f.title.clone(), &edits_of(f), true));
        }
        // A suggestion that writes what the safe fix writes is that fix, offered once.
        let fixed = safe.and_then(|f| spliced(doc.text.as_str(), d.span, f));
        for (i, s) in d.suggestions.iter().enumerate() {
            if fixed.as_ref() == Some(s) {
                continue;
            }
            let title = if s.is_empty() {
                "Remove it".to_owned()
            } else {
                format!("Replace with `{s}`")
            };
            let preferred = i == 0 && safe.is_none();
            out.push(action(
                doc,
                uri,
                d,
                title,
                &[(d.span, s.as_str())],
                preferred,
            ));
        }
        // An unsafe fix that writes no suggestion (one that does is offered above).
        if let Some(f) = fix.filter(|f| f.applicability == Applicability::Unsafe)
            && !spliced(doc.text.as_str(), d.span, f).is_some_and(|t| d.suggestions.contains(&t))
        {
            let title = format!("{} (changes the moves: check it)", f.title);
            out.push(action(doc, uri, d, title, &edits_of(f), false));
        }
    }
    out.into_iter()
        .map(CodeActionOrCommand::CodeAction)
        .collect()
}
