//! Over-disambiguated moves: an origin square or file that no other piece makes necessary.
//!
//! ## What it does
//! In short algebraic notation, reports a piece move that names more of its origin than
//! needed to tell it from the other pieces of its kind: `Ng1f3` or `Ngf3` when only one
//! knight can go to f3, `Rae1` when only one rook can. Games written in long algebraic
//! (`Ng1-f3`, or every piece move with both squares) are left alone, and so is a move whose
//! rival piece is pinned (`Nge2` with the knight on c3 pinned: many editors name the piece).
//!
//! ## Why is this bad?
//! Standard algebraic names the origin only when two pieces could make the move; an extra
//! file or rank makes the reader look for a second piece that is not there.
//!
//! ## Example
//! ```text
//! 1. e4 e5 2. Ng1f3 Nbc6 3. Bb5
//! ```
//! Use instead:
//! ```text
//! 1. e4 e5 2. Nf3 Nc6 3. Bb5
//! ```
//!
//! ## Fix safety
//! The fix writes the move with the disambiguation standard algebraic gives it and reads it
//! back on the board; the move is unchanged: safe.
use shakmaty::san::San;
use shakmaty::{File, Position, Rank, Role};

use super::{Category, FixAvailability, Rule, RuleCode, RuleInfo};
use crate::diagnostic::Severity;
use crate::diagnostic::text::short;
use crate::lint::diag::{Applicability, LintDiagnostic};
use crate::lint::scope::Scope;
use crate::span::Span;
use crate::syntax::MoveBody;

/// The rule.
pub(crate) static RULE: Rule = Rule {
    info: RuleInfo {
        code: RuleCode::OverDisambiguation,
        name: "over-disambiguation",
        category: Category::Style,
        fix: FixAvailability::Safe,
        checker_codes: &[],
        source: include_str!("sc301_over_disambiguation.rs"),
    },
    run,
};

fn run(doc: &Scope<'_>, out: &mut Vec<LintDiagnostic>) {
    for u in doc.units {
        let tokens = u.tokens();
        let pieces: Vec<_> = tokens
            .iter()
            .filter_map(|t| match t.body {
                MoveBody::Normal(n) if n.role != Role::Pawn && n.role_written => Some(n),
                _ => None,
            })
            .collect();
        let both = pieces
            .iter()
            .filter(|n| n.from_file.is_some() && n.from_rank.is_some())
            .count();
        if both * 2 > pieces.len() {
            continue; // a long-algebraic game
        }
        for tok in tokens {
            let MoveBody::Normal(n) = tok.body else {
                continue;
            };
            if n.role == Role::Pawn
                || !n.role_written
                || (n.from_file.is_none() && n.from_rank.is_none())
            {
                continue;
            }
            let text = u.src(tok.span);
            if text.contains(['-', '–', '‑']) || n.captured.is_some() {
                continue;
            }
            let Some(placed) = u.placed(tok) else {
                continue;
            };
            let Some(m) = placed.m else { continue };
            let San::Normal { file, rank, .. } = San::from_move(&placed.before, m) else {
                continue;
            };
            // A rival that could go there but for a pin: many editors name the piece all the
            // same, so it is not reported.
            let board = placed.before.board();
            let color = placed.before.turn();
            let piece = m.role().of(color);
            let rival = (board.by_piece(piece)
                & !shakmaty::Bitboard::from(m.from().unwrap_or(m.to())))
            .into_iter()
            .any(|sq| shakmaty::attacks::attacks(sq, piece, board.occupied()).contains(m.to()));
            if rival {
                continue;
            }
            let written = usize::from(n.from_file.is_some()) + usize::from(n.from_rank.is_some());
            let needed = usize::from(file.is_some()) + usize::from(rank.is_some());
            if written <= needed {
                continue;
            }
            let Some(to) = n.to else { continue };
            let Some((dis, fixed)) = rewrite(text, &to.to_string(), file, rank) else {
                continue;
            };
            let dis_span = Span::new(tok.span.start + dis.start, tok.span.start + dis.end);
            let fix = doc
                .same_move(u, tok, &fixed)
                .then(|| {
                    doc.replace(
                        Some(u),
                        tok.span,
                        &fixed,
                        Applicability::Safe,
                        format!("write `{fixed}`"),
                    )
                })
                .flatten();
            let what = &text[dis.start..dis.end];
            let why = if needed == 0 {
                format!(
                    "no other {} can go to {to}",
                    crate::render::words::role_name(m.role())
                )
            } else {
                format!(
                    "{} is enough to tell the {}s apart",
                    fixed,
                    crate::render::words::role_name(m.role())
                )
            };
            out.push(
                LintDiagnostic::new(
                    &RULE,
                    Severity::Warning,
                    format!(
                        "`{}` names its origin `{what}` needlessly: {why}",
                        short(text)
                    ),
                    dis_span,
                )
                .label("not needed")
                .fix(fix)
                .at_move(u.game.number, u.ply(tok).map(|p| p + 1)),
            );
        }
    }
}

/// The disambiguation's bytes in the token (right before the capture mark or the target
/// square) and the token with the standard one.
fn rewrite(
    text: &str,
    square: &str,
    file: Option<File>,
    rank: Option<Rank>,
) -> Option<(Span, String)> {
    let target = text.rfind(square)?;
    let before = text[..target].trim_end_matches(['x', '×', ':']);
    let tail: usize = before
        .chars()
        .rev()
        .take(2)
        .take_while(|c| matches!(c, 'a'..='h' | '1'..='8'))
        .map(char::len_utf8)
        .sum();
    if tail == 0 {
        return None;
    }
    let start = before.len() - tail;
    // The piece letter stays: at least one character before the disambiguation.
    if start == 0 {
        return None;
    }
    let mut standard = String::new();
    if let Some(f) = file {
        standard.push(f.char());
    }
    if let Some(r) = rank {
        standard.push(r.char());
    }
    let fixed = format!("{}{}{}", &text[..start], standard, &text[before.len()..]);
    Some((Span::new(start, before.len()), fixed))
}
