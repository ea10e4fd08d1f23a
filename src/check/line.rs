//! The walk of one line of a game (the main line or a variation) on the board.

use shakmaty::{Chess, Color, Move, Position};

use crate::board::descriptive::Origins;
use crate::board::resolve::{Illegal, Resolution};
use crate::check::checker::{GameChecker, PendingNumber, Played};
use crate::check::explain::marked_squares;
use crate::check::repair::{Back, Numbering, REACH, missing_note, suggestion_texts};
use crate::check::results::LineEnd;
use crate::check::types::{MoveState, Repair, RepairNote, RepairedItem};
use crate::diagnostic::{Diagnostic, Problem};
use crate::render::words::strip_marks;
use crate::render::{self};
use crate::span::Span;
use crate::syntax::{Item, Line, MoveToken, Outcome};

/// Where a line starts.
pub(super) struct LineStart {
    pub(super) pos: Chess,
    /// Where each piece started (for descriptive designations such as `KR`).
    pub(super) origins: Origins,
    /// Plies played before the line's first move.
    pub(super) ply: u32,
    /// Full-move number of the game's start position.
    pub(super) fullmove: u32,
    /// 1 when the game starts with Black to move.
    pub(super) first_ply_offset: u32,
    pub(super) main: bool,
    /// Moves that led here.
    pub(super) history: Vec<Played>,
}

/// Plays a move the checker assumed (a repair): position, origins, history and ply move on.
pub(super) fn advance(
    pos: &mut Chess,
    origins: &mut Origins,
    history: &mut Vec<Played>,
    ply: &mut u32,
    (m, span): (Move, Span),
    (fullmove, first_ply_offset): (u32, u32),
) {
    let number = fullmove + (*ply + first_ply_offset) / 2;
    let black = pos.turn() == Color::Black;
    history.push(Played {
        m,
        span,
        number,
        black,
    });
    origins.play(&m);
    pos.play_unchecked(m);
    *ply += 1;
}

/// The move tokens that follow in a line (up to [`REACH`]), skipping everything else; a result
/// or an unreadable token ends them.
pub(super) fn upcoming(items: &[Item]) -> Vec<&MoveToken> {
    let mut out = Vec::new();
    for item in items {
        match item {
            Item::Move(t) => {
                out.push(t);
                if out.len() == REACH {
                    break;
                }
            }
            Item::Result(_) | Item::Unknown(_) => break,
            _ => {}
        }
    }
    out
}

/// After this many errors in a row (each read on from an assumed repair), the checker stops
/// reading the line: the moves no longer belong to the position (a second game pasted without
/// a result, another notation), and reporting each would bury the first error.
pub(super) const LOST: usize = 5;

/// How many tokens back a missing or swapped half-move is looked for, when an error shows
/// up only a little after it.
pub(super) const BACK: usize = 3;

/// The state before a move token that read normally (see `walk_line`).
pub(super) struct Snap<'l> {
    /// Index of the token among the line's items.
    pub(super) at: usize,
    pub(super) tok: &'l MoveToken,
    pub(super) pos: Chess,
    pub(super) origins: Origins,
    pub(super) ply: u32,
    pub(super) history: usize,
    pub(super) diags: usize,
    pub(super) mainline: usize,
    pub(super) repaired: usize,
    pub(super) pending: Option<PendingNumber>,
    pub(super) last_move: Option<Span>,
    pub(super) branch: Option<(Chess, Origins, u32, usize)>,
}

/// Illegal and ambiguous moves show the position before them.
pub(super) fn shows_diagram(d: &Diagnostic) -> bool {
    matches!(
        d.code(),
        "scoresheet::illegal_move" | "scoresheet::ambiguous_move" | "scoresheet::wrong_side"
    )
}

pub(super) fn count_moves(line: &Line, n: &mut usize) {
    for item in &line.items {
        match item {
            Item::Move(_) => *n += 1,
            Item::Variation(v) => count_moves(v, n),
            _ => {}
        }
    }
}

/// Moves among `spans` (move tokens and whole variations).
pub(super) fn unchecked_moves(line: &Line, spans: &[Span]) -> usize {
    let mut count = 0;
    for item in &line.items {
        match item {
            Item::Move(m) if spans.contains(&m.span) => count += 1,
            Item::Variation(v) if spans.contains(&v.span) => count_moves(v, &mut count),
            _ => {}
        }
    }
    count
}

impl GameChecker<'_> {
    pub(super) fn walk_line(&mut self, line: &Line, start: LineStart, depth: usize) -> LineEnd {
        let LineStart {
            mut pos,
            mut origins,
            mut ply,
            fullmove,
            first_ply_offset,
            main,
            mut history,
        } = start;
        // The line whose repaired moves are kept for `convert --repair`.
        let record = main && depth == 0;
        // The position before the most recent move token, for variations that follow it.
        let mut branch: Option<(Chess, Origins, u32, usize)> = None;
        let mut broken = false;
        let mut unchecked: Vec<Span> = Vec::new();
        let mut result: Option<(Outcome, Span)> = None;
        let mut last_move: Option<Span> = None;
        let mut pending_number: Option<PendingNumber> = None;
        // A token already played by a repair (the second of two swapped moves).
        let mut played_ahead: Option<usize> = None;
        // The states before the last few tokens that read normally, to go back to when an error
        // shows that a half-move was missing, or two were swapped, a little earlier.
        let mut snaps: Vec<Snap<'_>> = Vec::new();
        // Errors since the last move that read as written; after `LOST` of them the reading
        // has lost the game (see `LOST`) and the rest of the line is not checked.
        let mut streak = 0usize;
        let mut lost = false;
        let mut at = 0;
        while at < line.items.len() {
            let cur = at;
            let item = &line.items[cur];
            at += 1;
            let before_item = cur.checked_sub(1).map(|i| &line.items[i]);
            // A bare number (no dot) where a move belongs is a move with its letters lost
            // (`g5` typed as `5`), not a move number.
            let unreadable = match item {
                Item::Unknown(span) => Some(*span),
                Item::MoveNumber(n)
                    if !broken
                        && self.misplaced_number(n, before_item, line.items.get(at), &pos) =>
                {
                    let text = self.src(n.span).to_owned();
                    self.diags.push(
                        Diagnostic::new(
                            Problem::SyntaxError {
                                text,
                                expected: "a number without a dot stands where a move belongs"
                                    .into(),
                            },
                            n.span,
                        )
                        .label("not a move"),
                    );
                    Some(n.span)
                }
                _ => None,
            };
            if let Some(span) = unreadable {
                snaps.clear();
                if broken {
                    unchecked.push(span);
                    continue;
                }
                streak += 1;
                if streak > LOST {
                    self.main_broken |= main;
                    self.repaired_broken |= record;
                    broken = true;
                    lost = true;
                    unchecked.push(span);
                    continue;
                }
                // An unreadable token may have been a move: read on from the best repair.
                self.main_broken |= main;
                let token = strip_marks(self.src(span));
                let rest = upcoming(&line.items[at..]);
                let style = match &self.writer {
                    render::Writer::San(s) | render::Writer::Long { style: s, .. } => Some(&**s),
                    _ => None,
                };
                let hint = render::partial_hint(style, &token);
                let ranked = self.rank_candidates(&pos, &origins, &token, Some(&hint), &rest);
                // Unreadable text followed by more unreadable text is prose more likely than a
                // move: it is left out rather than read as a move that nothing bears out.
                let prose = rest.is_empty() && matches!(line.items.get(at), Some(Item::Unknown(_)));
                let mut sugg = if prose {
                    Vec::new()
                } else {
                    suggestion_texts(&ranked, &token, 3)
                };
                let other = self.other_languages(span, &pos);
                if let Some((_, o)) = &other {
                    sugg.retain(|s| !o.contains(s));
                    sugg.splice(0..0, o.iter().cloned());
                }
                let found = self.find_repair(
                    &pos,
                    &origins,
                    None,
                    (&token, if prose { &[] } else { &ranked }),
                    &rest,
                    &Resolution::Illegal(Illegal::NoMatch),
                    other.as_ref().map(|(_, o)| o.as_slice()).unwrap_or(&[]),
                    (
                        &[],
                        Numbering {
                            current: None,
                            ply,
                            fullmove,
                            first_ply_offset,
                        },
                    ),
                );
                if let Some(i) = self
                    .diags
                    .iter()
                    .position(|d| d.span == span && d.code() == "scoresheet::syntax")
                {
                    let mut d = self.diags.remove(i);
                    if let Some((help, _)) = other {
                        d.help = Some(help);
                    }
                    d.suggestions = sugg;
                    d.ply = Some(ply + 1);
                    if let Some(f) = &found {
                        self.name_repair(&mut d, span, f, &rest, &pos, &origins, false);
                    }
                    self.diags.push(d);
                }
                if let Some(f) = found {
                    self.repairs.push(RepairNote {
                        span,
                        index: None,
                        repair: f.repair.clone(),
                    });
                    let written = self.src(span).to_owned();
                    match f.repair {
                        Repair::Replace(m) => {
                            if record {
                                self.repaired.push(RepairedItem::Move {
                                    m: Some(m),
                                    note: Some(format!(
                                        "scoresheet: `{written}` could not be read; assumed this move"
                                    )),
                                });
                            }
                            advance(
                                &mut pos,
                                &mut origins,
                                &mut history,
                                &mut ply,
                                (m, span),
                                (fullmove, first_ply_offset),
                            );
                        }
                        _ => {
                            if record {
                                self.repaired.push(RepairedItem::Note(format!(
                                    "scoresheet: `{written}` could not be read; left out"
                                )));
                            }
                        }
                    }
                    continue;
                }
                broken = true;
                self.repaired_broken |= record;
                branch = Some((pos.clone(), origins, ply, history.len()));
                continue;
            }
            match item {
                Item::Move(tok) if played_ahead == Some(tok.index) => {
                    played_ahead = None;
                }
                Item::Move(tok) => {
                    if let Some((r, _)) = result
                        && main
                        && !broken
                    {
                        self.diags.push(
                                Diagnostic::new(Problem::MovesAfterResult { result: r.pgn().into() }, tok.span)
                                    .label("after the result")
                                    .help("the result ends the game; start a new game with its own tag pairs, or remove the result"),
                            );
                        broken = true;
                        self.repaired_broken |= record;
                        continue;
                    }
                    if broken {
                        unchecked.push(tok.span);
                        branch = None;
                        continue;
                    }
                    let snap = Snap {
                        at: cur,
                        tok,
                        pos: pos.clone(),
                        origins,
                        ply,
                        history: history.len(),
                        diags: self.diags.len(),
                        mainline: self.mainline.len(),
                        repaired: self.repaired.len(),
                        pending: pending_number,
                        last_move,
                        branch: branch.clone(),
                    };
                    if let Some((n, _)) = pending_number.take() {
                        self.check_number(n, ply, fullmove, first_ply_offset, pos.turn());
                    }
                    last_move = Some(tok.span);
                    let ply_here = ply + 1;
                    match self.resolve_tok(tok, &pos, &origins) {
                        Resolution::Legal(m) => {
                            streak = 0;
                            let before = pos.clone();
                            let origins_before = origins;
                            origins.play(&m);
                            pos.play_unchecked(m);
                            self.markers(tok, &before, &origins_before, &pos, &m, ply_here);
                            self.moves[tok.index] = MoveState::Legal(m);
                            if main && !self.main_broken {
                                self.mainline.push(Some(m));
                            }
                            if record {
                                self.repaired.push(RepairedItem::Move {
                                    m: Some(m),
                                    note: None,
                                });
                            }
                            let number = fullmove + (ply + first_ply_offset) / 2;
                            let black = before.turn() == Color::Black;
                            branch = Some((before, origins_before, ply, history.len()));
                            history.push(Played {
                                m,
                                span: tok.span,
                                number,
                                black,
                            });
                            ply += 1;
                            snaps.push(snap);
                            if snaps.len() > BACK {
                                snaps.remove(0);
                            }
                        }
                        Resolution::Null => {
                            snaps.clear();
                            let before = pos.clone();
                            let origins_before = origins;
                            pos = crate::board::resolve::play_null(&before);
                            self.moves[tok.index] = MoveState::Null;
                            if main && !self.main_broken {
                                self.mainline.push(None);
                            }
                            if record {
                                self.repaired.push(RepairedItem::Move {
                                    m: None,
                                    note: None,
                                });
                            }
                            branch = Some((before, origins_before, ply, history.len()));
                            ply += 1;
                        }
                        Resolution::Illegal(Illegal::GameOver { mate }) => {
                            snaps.clear();
                            self.main_broken |= main;
                            let end = if mate { "checkmate" } else { "stalemate" };
                            self.diags.push(
                                Diagnostic::new(
                                    Problem::MoveAfterEnd {
                                        text: self.src(tok.span).into(),
                                        end,
                                    },
                                    tok.span,
                                )
                                .label(format!("the game was already over ({end})"))
                                .ply(ply_here)
                                .help("remove the moves after the end of the game"),
                            );
                            self.moves[tok.index] = MoveState::Error;
                            branch = Some((pos.clone(), origins, ply, history.len()));
                            broken = true;
                            self.repaired_broken |= record;
                        }
                        _ if streak >= LOST => {
                            // The reading has lost the game: the rest is not checked.
                            self.moves[tok.index] = MoveState::NotChecked;
                            self.main_broken |= main;
                            self.repaired_broken |= record;
                            broken = true;
                            lost = true;
                            unchecked.push(tok.span);
                        }
                        other => {
                            streak += 1;
                            let rest = upcoming(&line.items[at..]);
                            let written = strip_marks(self.src(tok.span));
                            let hint = self.hint(tok, &pos, &origins);
                            let mut ranked =
                                self.rank_candidates(&pos, &origins, &written, Some(&hint), &rest);
                            // An ambiguous move (or a promotion without its piece) is one of the
                            // moves it matches: only those are assumed in its place.
                            if let Resolution::Ambiguous(ms) | Resolution::MissingPromotion(ms) =
                                &other
                                && ranked.iter().any(|c| ms.contains(&c.m))
                            {
                                ranked.retain(|c| ms.contains(&c.m));
                            }
                            let mut d = self.move_error(
                                tok,
                                &pos,
                                &origins,
                                other.clone(),
                                ply_here,
                                &history,
                                (&ranked, &rest),
                            );
                            self.moves[tok.index] = MoveState::Error;
                            if main {
                                self.main_broken = true;
                            }
                            let diagram = crate::render::diagram::diagram(
                                &pos,
                                history.last().map(|p| p.label(self.text)).as_deref(),
                                &marked_squares(&other),
                            );
                            branch = Some((pos.clone(), origins, ply, history.len()));
                            let back: Vec<Back<'_>> = snaps
                                .iter()
                                .map(|s| Back {
                                    tok: s.tok,
                                    pos: &s.pos,
                                    origins: &s.origins,
                                    number: s.pending.map(|(n, _)| n.value),
                                })
                                .collect();
                            let found = self.find_repair(
                                &pos,
                                &origins,
                                Some(tok),
                                (&written, &ranked),
                                &rest,
                                &other,
                                &[],
                                (
                                    &back,
                                    Numbering {
                                        current: snap.pending.map(|(n, _)| n.value),
                                        ply,
                                        fullmove,
                                        first_ply_offset,
                                    },
                                ),
                            );
                            drop(back);
                            let wrong_side =
                                matches!(other, Resolution::Illegal(Illegal::WrongSide { .. }));
                            match found {
                                Some(f) if f.back > 0 => {
                                    // Go back to the token where the mistake was made.
                                    let s = snaps.swap_remove(snaps.len() - f.back);
                                    snaps.clear();
                                    pos = s.pos;
                                    origins = s.origins;
                                    ply = s.ply;
                                    history.truncate(s.history);
                                    self.diags.truncate(s.diags);
                                    self.mainline.truncate(s.mainline);
                                    self.repaired.truncate(s.repaired);
                                    pending_number = s.pending;
                                    last_move = s.last_move;
                                    branch = s.branch;
                                    let at_tok = s.tok;
                                    let second: Vec<&MoveToken> = match &f.repair {
                                        Repair::Swap { .. } => line.items[s.at + 1..]
                                            .iter()
                                            .find_map(|i| match i {
                                                Item::Move(t) => Some(t),
                                                _ => None,
                                            })
                                            .into_iter()
                                            .collect(),
                                        _ => Vec::new(),
                                    };
                                    d.span = at_tok.span;
                                    d.ply = Some(ply + 1);
                                    self.name_repair(
                                        &mut d,
                                        at_tok.span,
                                        &f,
                                        &second,
                                        &pos,
                                        &origins,
                                        false,
                                    );
                                    let shown = self.src(tok.span).to_owned();
                                    d = d.with_secondary(
                                        tok.span,
                                        format!("`{shown}` is the first move that cannot be read as written"),
                                    );
                                    self.diags.push(d);
                                    self.repairs.push(RepairNote {
                                        span: at_tok.span,
                                        index: Some(at_tok.index),
                                        repair: f.repair.clone(),
                                    });
                                    // The token after a gap is read again, and its number
                                    // checked then; the first of two swapped tokens is not.
                                    if matches!(f.repair, Repair::Swap { .. })
                                        && let Some((n, _)) = pending_number.take()
                                    {
                                        self.check_number(
                                            n,
                                            ply,
                                            fullmove,
                                            first_ply_offset,
                                            pos.turn(),
                                        );
                                    }
                                    match f.repair {
                                        Repair::Insert { missing, fits, .. } => {
                                            if record {
                                                self.repaired.push(RepairedItem::Move {
                                                    m: Some(missing),
                                                    note: Some(missing_note(fits)),
                                                });
                                            }
                                            advance(
                                                &mut pos,
                                                &mut origins,
                                                &mut history,
                                                &mut ply,
                                                (missing, at_tok.span),
                                                (fullmove, first_ply_offset),
                                            );
                                            at = s.at;
                                        }
                                        Repair::Swap {
                                            first,
                                            second: then,
                                        } => {
                                            let next = second[0];
                                            self.moves[at_tok.index] = MoveState::Legal(then);
                                            self.moves[next.index] = MoveState::Legal(first);
                                            played_ahead = Some(next.index);
                                            let (t1, t2) = (
                                                self.src(at_tok.span).to_owned(),
                                                self.src(next.span).to_owned(),
                                            );
                                            if record {
                                                self.repaired.push(RepairedItem::Move {
                                                    m: Some(first),
                                                    note: Some(format!("scoresheet: written after `{t1}`; the two moves swapped")),
                                                });
                                                self.repaired.push(RepairedItem::Move {
                                                    m: Some(then),
                                                    note: Some(format!(
                                                        "scoresheet: written before `{t2}`"
                                                    )),
                                                });
                                            }
                                            for (m, sp) in [(first, next.span), (then, at_tok.span)]
                                            {
                                                advance(
                                                    &mut pos,
                                                    &mut origins,
                                                    &mut history,
                                                    &mut ply,
                                                    (m, sp),
                                                    (fullmove, first_ply_offset),
                                                );
                                            }
                                            at = s.at + 1;
                                        }
                                        Repair::Replace(_) | Repair::Delete => {}
                                    }
                                }
                                Some(f) => {
                                    snaps.clear();
                                    // With a half-move inserted before it, the token's move
                                    // number is checked again.
                                    let renumber = match (&f.repair, snap.pending) {
                                        (Repair::Insert { .. }, Some((n, _))) => {
                                            self.diags.truncate(snap.diags);
                                            Some(n)
                                        }
                                        _ => None,
                                    };
                                    self.name_repair(
                                        &mut d, tok.span, &f, &rest, &pos, &origins, wrong_side,
                                    );
                                    if shows_diagram(&d) {
                                        d.diagram = Some(diagram);
                                    }
                                    self.diags.push(d);
                                    self.repairs.push(RepairNote {
                                        span: tok.span,
                                        index: Some(tok.index),
                                        repair: f.repair.clone(),
                                    });
                                    let shown = self.src(tok.span).to_owned();
                                    let moves: Vec<(Move, Option<String>)> = match &f.repair {
                                        Repair::Replace(m) => {
                                            self.moves[tok.index] = MoveState::Assumed(*m);
                                            vec![(
                                                *m,
                                                Some(format!(
                                                    "scoresheet: `{shown}` {}; assumed this move",
                                                    match other {
                                                        Resolution::Ambiguous(_) =>
                                                            "is ambiguous here",
                                                        Resolution::MissingPromotion(_) =>
                                                            "does not name the promotion piece",
                                                        _ => "is not legal here",
                                                    }
                                                )),
                                            )]
                                        }
                                        Repair::Insert {
                                            missing,
                                            then,
                                            fits,
                                        } => {
                                            self.moves[tok.index] = MoveState::Legal(*then);
                                            vec![
                                                (*missing, Some(missing_note(*fits))),
                                                (*then, None),
                                            ]
                                        }
                                        Repair::Swap { first, second } => {
                                            self.moves[tok.index] = MoveState::Legal(*second);
                                            let next_text = rest
                                                .first()
                                                .map(|n| self.src(n.span).to_owned())
                                                .unwrap_or_default();
                                            if let Some(next) = rest.first() {
                                                self.moves[next.index] = MoveState::Legal(*first);
                                                played_ahead = Some(next.index);
                                            }
                                            vec![
                                                (
                                                    *first,
                                                    Some(format!(
                                                        "scoresheet: written after `{shown}`; the two moves swapped"
                                                    )),
                                                ),
                                                (
                                                    *second,
                                                    Some(format!(
                                                        "scoresheet: written before `{next_text}`"
                                                    )),
                                                ),
                                            ]
                                        }
                                        Repair::Delete => {
                                            if record {
                                                self.repaired.push(RepairedItem::Note(format!(
                                                    "scoresheet: `{shown}` left out (it does not fit)"
                                                )));
                                            }
                                            Vec::new()
                                        }
                                    };
                                    for (m, note) in moves {
                                        if record {
                                            self.repaired
                                                .push(RepairedItem::Move { m: Some(m), note });
                                        }
                                        // Repaired moves are not part of the main line as read.
                                        advance(
                                            &mut pos,
                                            &mut origins,
                                            &mut history,
                                            &mut ply,
                                            (m, tok.span),
                                            (fullmove, first_ply_offset),
                                        );
                                    }
                                    if let Some(n) = renumber {
                                        let turn = !pos.turn();
                                        self.check_number(
                                            n,
                                            ply - 1,
                                            fullmove,
                                            first_ply_offset,
                                            turn,
                                        );
                                    }
                                }
                                None => {
                                    snaps.clear();
                                    if shows_diagram(&d) {
                                        d.diagram = Some(diagram);
                                    }
                                    self.diags.push(d);
                                    broken = true;
                                    self.repaired_broken |= record;
                                }
                            }
                        }
                    }
                }
                Item::Variation(v) => {
                    snaps.clear();
                    match &branch {
                        Some((bpos, borigins, bply, hlen)) => {
                            let ctx = LineStart {
                                pos: bpos.clone(),
                                origins: *borigins,
                                ply: *bply,
                                fullmove,
                                first_ply_offset,
                                main: false,
                                history: history[..*hlen].to_vec(),
                            };
                            // Variations nest up to `MAX_DEPTH`; the stack grows on the heap
                            // when it runs short (on rayon's threads too).
                            stacker::maybe_grow(128 * 1024, 4 * 1024 * 1024, || {
                                self.walk_line(v, ctx, depth + 1)
                            });
                        }
                        None => {
                            // A variation before any move, or after moves we could not follow.
                            let mut count = 0;
                            count_moves(v, &mut count);
                            if count > 0 {
                                unchecked.push(v.span);
                            }
                        }
                    }
                    if broken {
                        // After an error the branch point of later variations is unknown.
                        branch = None;
                    }
                }
                Item::MoveNumber(n) => {
                    if !broken {
                        pending_number = Some((*n, true));
                    }
                }
                Item::Result(r) => {
                    snaps.clear();
                    if main && depth == 0 {
                        result = Some((r.value.decided(pos.turn()), r.span));
                    }
                }
                Item::Unknown(_) | Item::Ellipsis(_) | Item::Comment(_) | Item::Nag(_) => {}
            }
        }
        // Count unchecked moves (including inside variations that could not be placed).
        let count = unchecked_moves(line, &unchecked);
        if count > 0 {
            let first = unchecked[0];
            let last = *unchecked.last().expect("non-empty");
            self.diags.push(
                Diagnostic::new(
                    Problem::NotChecked {
                        count,
                        moves: if count == 1 { "move" } else { "moves" },
                    },
                    first.join(last),
                )
                .label("not checked")
                .help(if lost {
                    format!(
                        "{LOST} moves in a row did not read as written, so the reading has lost \
                         the game here: is another game (without a result between them) or \
                         another notation written here?"
                    )
                } else {
                    "fix the error before them to have them checked".to_owned()
                }),
            );
        }
        LineEnd {
            pos,
            complete: !broken,
            result,
            last_move,
        }
    }
}
