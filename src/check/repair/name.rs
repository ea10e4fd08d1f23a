//! The repair found for an error, named in its diagnostic: the move assumed, a half-move
//! missing, swapped moves, a move written twice.

use shakmaty::{Move, Position};

use super::{Found, Site};
use crate::check::checker::GameChecker;
use crate::check::types::Repair;
use crate::check::words::{color_name, join_or};
use crate::diagnostic::{Code, Diagnostic, Problem, Severity};
use crate::span::Span;
use crate::syntax::marks::without_marks;

impl GameChecker<'_> {
    /// Names swapped moves in the diagnostic at the first of them: `moves` as played, the
    /// first and the last written in each other's place (with the opponent's move between
    /// them, for one side's two moves). The fix writes the two tokens in each other's place
    /// and keeps what lies between them.
    fn name_swap(&self, d: &mut Diagnostic, at: &Site<'_>, moves: &[Move], after: &str) {
        let (span, pos) = (at.span, at.pos);
        let n = moves.len();
        let Some(last) = at.next.get(n - 2) else {
            return;
        };
        let (text, last_text) = (self.src(span).to_owned(), self.src(last.span).to_owned());
        let mut p = pos.clone();
        let mut o = *at.origins;
        let mut written = Vec::with_capacity(n);
        for m in moves {
            written.push(self.writer().write(&p, &o, m));
            o.play(m);
            p.play_unchecked(*m);
        }
        d.problem = Problem::SwappedMoves {
            first: text.clone(),
            second: last_text.clone(),
        };
        d.secondary.clear();
        d.severity = Severity::Error;
        d.span = span.join(last.span);
        let played = written
            .iter()
            .map(|w| format!("`{w}`"))
            .collect::<Vec<_>>()
            .join(" then ");
        if n == 2 {
            d.label = Some("these two half-moves are in the wrong order".into());
            d.help = Some(format!(
                "played as {played}, they are legal and {after} (assumed)"
            ));
        } else {
            let side = color_name(pos.turn());
            d.label = Some(format!("{side}'s two moves are in the wrong order"));
            d.help = Some(format!(
                "played as {played} ({side}'s moves in each other's place, the reply between them as written), they are legal and {after} (assumed)"
            ));
        }
        let between = self.src(Span::new(span.end, last.span.start));
        d.suggestions = vec![format!("{last_text}{between}{text}")];
    }

    /// Names the repair in the diagnostic: a missing half-move, swapped moves, a move written
    /// twice, or the move assumed; and, when the whole rest of the line chose it over a repair
    /// that read further, which and why.
    pub(in crate::check) fn name_repair(
        &self,
        d: &mut Diagnostic,
        at: &Site<'_>,
        found: &Found,
        sides: (bool, bool),
    ) {
        self.name_kind(d, at, found, sides);
        if !found.rivals.is_empty()
            && let Some(h) = &mut d.help
        {
            h.push_str(&format!(
                "\nas well explained: {} (the rest reads as far either way; the score alone cannot tell which)",
                join_or(&found.rivals.iter().map(String::as_str).collect::<Vec<_>>())
            ));
        }
        if let Some((other, seen)) = &found.displaced {
            let read = match seen {
                1 => "the next move".to_owned(),
                n => format!("the next {n} moves"),
            };
            let note = format!(
                "rather than {other}, after which {read} read but the rest of the game needs more mistakes"
            );
            d.help = Some(match d.help.take() {
                Some(h) => format!("{h}\n{note}"),
                None => note,
            });
        }
    }

    fn name_kind(
        &self,
        d: &mut Diagnostic,
        at: &Site<'_>,
        found: &Found,
        (wrong_side, numbered_other): (bool, bool),
    ) {
        let Site {
            span,
            pos,
            origins,
            next: rest,
        } = *at;
        let (repair, seen) = (&found.repair, found.seen);
        let text = self.src(span).to_owned();
        let after = match seen {
            0 => "the game ends there".to_owned(),
            1 => "the next move reads".to_owned(),
            n => format!("the next {n} moves read"),
        };
        let side = color_name(pos.turn());
        match repair {
            Repair::Replace(m) => self.name_replacement(d, at, found, (m, &text, &after)),
            Repair::Insert {
                missing,
                then,
                fits,
            } => {
                let w = self.writer().write(pos, origins, missing);
                let probably = if *fits == 1 {
                    format!("`{w}`")
                } else {
                    match fits - 1 {
                        1 => format!("`{w}`, or one other move that fits as well"),
                        n => format!("`{w}`, or one of {n} other moves that fit as well"),
                    }
                };
                let mut p = pos.clone();
                let mut o = *origins;
                o.play(missing);
                p.play_unchecked(*missing);
                let t = self.writer().write(&p, &o, then);
                if wrong_side && *fits > 1 {
                    // Not one move fits: say what is sure, that the move is the other side's.
                    let owner = color_name(!pos.turn());
                    d.problem = Problem::WrongSide {
                        text: text.clone(),
                        owner,
                        mover: side,
                    };
                    d.severity = Severity::Error;
                    d.label = Some(format!("a move for {owner}"));
                    d.help = Some(format!(
                        "it reads as {owner}'s `{t}`: either it was written in {owner}'s place, or a half-move of {side} is missing before it (such as {probably}); read on with `{w}` inserted (assumed; {after})"
                    ));
                    // The inserted move is one of many. When the move number written before
                    // the token says it is the other side's move, a reading as the mover's
                    // would rewrite a move that may well be right: the suggestions are the
                    // first moves that fit before it (each an assumption, as the help says).
                    // Otherwise they stay the readings as a move of the side to move.
                    if numbered_other {
                        d.suggestions = found
                            .fits
                            .moves
                            .iter()
                            .map(|x| format!("{} {t}", self.writer().write(pos, origins, x)))
                            .collect();
                    }
                    return;
                }
                d.problem = Problem::SkippedMove {
                    text: text.clone(),
                    side,
                    missing: probably,
                };
                // The reasons the token was illegal as read no longer apply.
                d.secondary.clear();
                d.severity = Severity::Error;
                d.label = Some(format!(
                    "a half-move of {side} seems to be missing before this"
                ));
                let through = found.fits.through.map_or(String::new(), |n| {
                    format!(
                        "; {} other moves fit as far as the next mistake, and only after `{w}` does the game read on past it",
                        n - 1
                    )
                });
                d.help = Some(format!(
                    "with {side}'s `{w}` inserted before it, `{text}` reads as `{t}` and {after} (assumed){through}"
                ));
                d.suggestions = vec![format!("{w} {t}")];
            }
            Repair::Swap { .. } | Repair::SwapOneSide { .. } => {
                self.name_swap(d, at, &repair.played_order(), &after);
            }
            Repair::Delete => {
                if rest.is_empty() && seen == 0 {
                    let note = "read on without it (assumed)".to_owned();
                    d.help = Some(match d.help.take() {
                        Some(h) => format!("{h}\n{note}"),
                        None => note,
                    });
                    return;
                }
                let twice = d.code() != Code::Syntax
                    && self.text[..span.start]
                        .trim_end()
                        .ends_with(without_marks(&text));
                if twice {
                    d.problem = Problem::MoveWrittenTwice { text: text.clone() };
                    d.label = Some("the same move again".into());
                }
                let note = format!("without `{text}`, {after} (assumed)");
                d.help = Some(match d.help.take() {
                    Some(h) => format!("{h}\n{note}"),
                    None => note,
                });
                if twice || d.suggestions.is_empty() {
                    // The fix is to remove it.
                    d.suggestions = vec![String::new()];
                }
            }
        }
    }

    /// Names a replacement: the move assumed, an earlier legal move that was a slip.
    fn name_replacement(
        &self,
        d: &mut Diagnostic,
        at: &Site<'_>,
        found: &Found,
        (m, text, after): (&Move, &str, &str),
    ) {
        let (pos, origins) = (at.pos, at.origins);
        let w = self.writer().write(pos, origins, m);
        if found.back > 0 {
            // An earlier move, legal as written: the error shown later names it.
            d.problem = Problem::LikelySlip {
                text: text.to_owned(),
                read_as: w.clone(),
            };
            d.severity = Severity::Error;
            d.secondary.clear();
            d.suggestions.clear();
            d.help = None;
            d.label = Some("legal here, but the game does not read on after it".into());
        }
        if found.beside_ambiguity
            && let Some(h) = &mut d.help
            && let Some(i) = h.find("; name the one you mean")
        {
            h.replace_range(i.., "; but after each of them a later move is illegal");
        }
        let note = format!("read on as if `{w}` had been written (assumed; {after})");
        d.help = Some(match d.help.take() {
            Some(h) => format!("{h}\n{note}"),
            None => note,
        });
        if let Some(i) = d.suggestions.iter().position(|s| *s == w) {
            let s = d.suggestions.remove(i);
            d.suggestions.insert(0, s);
        } else {
            d.suggestions.insert(0, w);
        }
    }
}
