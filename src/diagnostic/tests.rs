//! Tests of the reading of a file's text for its report, and of the report written in pieces.

use std::sync::Arc;

use miette::{NamedSource, SourceCode, SourceSpan};

use super::report::{FileReport, IndexedSource, RENDERED_AT_ONCE};
use super::{Diagnostic, Problem, Severity, render_shown, write_file_report};
use crate::span::{SourceText, Span};

/// What a `read_span` answer shows: its data, place, line, column and line count.
fn seen(source: &dyn SourceCode, span: SourceSpan, around: usize) -> String {
    match source.read_span(&span, around, around) {
        Ok(c) => format!(
            "{:?} {:?} line {} col {} count {} {:?}",
            String::from_utf8_lossy(c.data()),
            c.span(),
            c.line(),
            c.column(),
            c.line_count(),
            c.name()
        ),
        Err(e) => format!("error {e}"),
    }
}

#[test]
fn the_indexed_source_reads_every_span_as_miette_does() {
    let text = "1. e4 e5\n2. Nf3 Nc6\r\n3. Bb5 a6\r4. Ba4\n\n5. O-O Nf6 *";
    let arc: Arc<str> = Arc::from(text);
    let indexed = IndexedSource::new("game.pgn", &Arc::new(SourceText::whole(Arc::clone(&arc))));
    let plain = NamedSource::new("game.pgn", Arc::clone(&arc));
    for start in 0..=text.len() {
        for len in [0, 1, 3, 12] {
            if start + len > text.len() {
                continue;
            }
            for around in [0, 1, 2] {
                let span = SourceSpan::new(start.into(), len);
                assert_eq!(
                    seen(&indexed, span, around),
                    seen(&plain, span, around),
                    "span {start}+{len}, {around} lines around"
                );
            }
        }
    }
}

#[test]
fn a_report_written_in_pieces_is_the_report_rendered_whole() {
    let text: String = (1..=400).map(|n| format!("{n}. e4 e5 Qxh7 Кр\n")).collect();
    let arc = Arc::new(SourceText::whole(Arc::from(text.as_str())));
    let diagnostics: Vec<Diagnostic> = text
        .match_indices("Qxh7")
        .chain(text.match_indices("Кр").step_by(3))
        .enumerate()
        .map(|(i, (at, token))| {
            let problem = if i % 2 == 0 {
                Problem::IllegalMove {
                    text: token.into(),
                    why: "no queen".into(),
                }
            } else {
                Problem::MissingCheck { text: token.into() }
            };
            Diagnostic::new(problem, Span::new(at, at + token.len()))
                .label("here")
                .with_secondary(Span::new(at / 2, at / 2 + 1), "and there")
        })
        .collect();
    assert!(diagnostics.len() > RENDERED_AT_ONCE * 2 / 3);
    for count in [
        0,
        1,
        RENDERED_AT_ONCE,
        RENDERED_AT_ONCE + 1,
        diagnostics.len(),
    ] {
        let chosen = &diagnostics[..count];
        let mut pieces = Vec::new();
        let Ok(()) = write_file_report(
            "game.pgn",
            &arc,
            chosen.iter().map(|d| (d, d.severity)),
            "a summary".into(),
            (false, 80),
            |piece| -> Result<(), std::convert::Infallible> {
                pieces.push(piece.to_owned());
                Ok(())
            },
        );
        let mut whole = FileReport {
            source: IndexedSource::new("game.pgn", &arc),
            diagnostics: chosen
                .iter()
                .map(|d| d as &dyn miette::Diagnostic)
                .collect(),
            severity: chosen
                .iter()
                .map(|d| d.severity)
                .min()
                .unwrap_or(Severity::Advice),
            summary: "a summary".into(),
        };
        // The problems as one miette report renders them, less its head line, then the
        // summary line after them.
        let rendered = render_shown(&whole, Some(whole.source.input()), false, 80);
        whole.diagnostics.clear();
        let head = render_shown(&whole, Some(whole.source.input()), false, 80);
        let body = rendered.strip_prefix(head.as_str()).unwrap_or(&rendered);
        let expected = if count == 0 {
            "a summary\n".to_owned()
        } else {
            format!("{}\n{head}", body.strip_prefix('\n').unwrap_or(body))
        };
        let writes = if count == 0 {
            1
        } else {
            count.div_ceil(RENDERED_AT_ONCE) + 2
        };
        assert_eq!(pieces.len(), writes);
        assert_eq!(pieces.concat(), expected, "{count} problems");
        let shown = expected
            .lines()
            .filter(|l| l.starts_with("Error: ") || l.starts_with("Warning: "))
            .count();
        assert_eq!(shown, count, "{expected}");
    }
}

#[test]
fn suggestions_offer_moves_and_leaving_out() {
    use super::did_you_mean;
    let s = |v: &[&str]| did_you_mean(&v.iter().map(|x| (*x).to_owned()).collect::<Vec<_>>());
    assert_eq!(s(&["Nf3", "Nc3"]), "did you mean `Nf3`, `Nc3`?");
    assert_eq!(s(&[""]), "did you mean to leave it out?");
    assert_eq!(s(&["Nf3", ""]), "did you mean `Nf3`, or to leave it out?");
}
