//! Lint findings as LSP diagnostics.

use lsp_types::{
    Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString,
    PublishDiagnosticsParams, Uri,
};
use scoresheet::Severity;
use scoresheet::lint::LintDiagnostic;

use super::documents::Doc;

/// The LSP severity of a finding.
const fn severity(s: Severity) -> DiagnosticSeverity {
    match s {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Advice => DiagnosticSeverity::INFORMATION,
    }
}

/// One finding: its range, rule code, message with its help and suggestions, and its other
/// places as related information.
pub fn to_lsp(doc: &Doc, uri: &Uri, d: &LintDiagnostic) -> Diagnostic {
    // The message, its help and its suggestions (the primary label, which says the message
    // again in short under the text in a terminal, is left out).
    let mut message = d.message.clone();
    if let Some(help) = &d.help {
        message.push_str(&format!("\nhelp: {help}"));
    }
    if !d.suggestions.is_empty() {
        let shown: Vec<String> = d.suggestions.iter().map(|s| format!("`{s}`")).collect();
        message.push_str(&format!("\ndid you mean: {}", shown.join(", ")));
    }
    let related: Vec<DiagnosticRelatedInformation> = d
        .secondary
        .iter()
        .map(|(span, text)| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), doc.text.range(span.start, span.end)),
            message: text.clone(),
        })
        .collect();
    Diagnostic {
        range: doc.text.range(d.span.start, d.span.end),
        severity: Some(severity(d.severity)),
        code: Some(NumberOrString::String(d.rule.code.as_str().to_owned())),
        source: Some("scoresheet".to_owned()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..Diagnostic::default()
    }
}

/// The notification's parameters: every finding of the document.
pub fn publish(doc: &Doc, uri: &Uri) -> PublishDiagnosticsParams {
    PublishDiagnosticsParams {
        uri: uri.clone(),
        diagnostics: doc.findings.iter().map(|d| to_lsp(doc, uri, d)).collect(),
        version: Some(doc.version),
    }
}
