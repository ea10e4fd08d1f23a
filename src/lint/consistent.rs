//! The consistency rules' common part: each token that writes an aspect (castling, captures,
//! promotions, check and mate signs) otherwise than the document does, reported with a fix.

use crate::diagnostic::Severity;
use crate::diagnostic::text::short;
use crate::lint::diag::{Applicability, LintDiagnostic};
use crate::lint::scope::{Patch, Scope, configured};
use crate::lint::style::{Aspect, Shared, append_mark, edited, promotion_text, written};

/// The help of a token written otherwise than the document: how many tokens write each way.
pub(crate) fn counted_help(shared: &Shared, aspect: Aspect, pref: &str, key: &str) -> String {
    let count = |k: &str| shared.count(aspect, k);
    format!(
        "{} {} `{pref}`, {} `{}`: write one way throughout",
        count(pref),
        if count(pref) == 1 {
            "move writes"
        } else {
            "moves write"
        },
        count(key),
        key
    )
}

/// Reports every token that writes `aspect` otherwise than the document (or its
/// configuration) prefers, with a safe fix that writes it the preferred way.
pub(crate) fn report_inconsistent(
    doc: &Scope<'_>,
    rule: &'static crate::lint::rule::RuleInfo,
    aspect: Aspect,
    what: &str,
    out: &mut Vec<LintDiagnostic>,
) {
    let items = written(doc.units, aspect);
    if items.is_empty() {
        return;
    }
    let Some(pref) = doc.preferred(aspect) else {
        return;
    };
    let configured = configured(doc, aspect).is_some();
    let first = doc.shared.first(aspect, &pref);
    for w in items.iter().filter(|w| w.key != pref) {
        let text = w.unit.src(w.tok.span);
        let new_part = match aspect {
            Aspect::Castling => {
                let c = pref.chars().next().unwrap_or('O');
                w.unit
                    .src(w.span)
                    .chars()
                    .map(|x| if matches!(x, 'O' | 'o' | '0') { c } else { x })
                    .collect()
            }
            Aspect::Promotion => match w.piece {
                Some(p) => promotion_text(&pref, p),
                None => continue,
            },
            Aspect::Capture => pref.clone(),
            Aspect::Check | Aspect::Mate => {
                let spaced = w.span.start > w.tok.span.start
                    && w.unit.text.as_bytes().get(w.span.start - 1) == Some(&b' ');
                if spaced {
                    pref.clone()
                } else {
                    append_mark(&pref)
                }
            }
        };
        let fix = edited(text, w.tok.span, w.span, &new_part)
            .filter(|fixed| doc.same_move(w.unit, w.tok, fixed))
            .and_then(|fixed| {
                doc.replace(
                    Some(w.unit),
                    w.tok.span,
                    &fixed,
                    Applicability::Safe,
                    format!("write `{fixed}`"),
                )
            });
        let help = if configured {
            format!("scoresheet.toml asks for {what} `{pref}`")
        } else {
            // Counted in the whole document: written again at its end.
            doc.patch(Patch {
                at: out.len(),
                aspect,
                pref: pref.clone(),
                key: w.key.clone(),
            });
            counted_help(doc.shared, aspect, &pref, &w.key)
        };
        let mut d = LintDiagnostic::new(
            rule,
            Severity::Warning,
            format!(
                "`{}` writes {what} `{}`; the document writes `{pref}`",
                short(text),
                w.key
            ),
            w.span,
        )
        .label(format!("`{}`", w.key))
        .help(help)
        .fix(fix)
        .at_move(w.unit.game.number, w.unit.ply(w.tok).map(|p| p + 1));
        if let (Some(f), false) = (first, configured) {
            d = d.with_secondary(f, format!("`{pref}` as here"));
        }
        out.push(d);
    }
}
