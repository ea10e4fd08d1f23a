//! The walk of one line of a game (the main line or a variation) on the board.

use std::collections::VecDeque;

use shakmaty::{Chess, Color, Move, Position};

use crate::board::descriptive::Origins;
use crate::board::resolve::{Illegal, Resolution};
use crate::check::budget::{Lost, MOST_ERRORS};
use crate::check::checker::{Bare, GameChecker, Mark, PendingNumber, Played};
use crate::check::explain::{ErrorSite, marked_squares};
use crate::check::repair::{Back, Beyond, Cand, Found, Numbering, Site, Trouble, suggestion_texts};
use crate::check::results::LineEnd;
use crate::check::types::{MoveState, Repair, RepairNote, RepairedItem};
use crate::diagnostic::{Code, Diagnostic, Problem};
use crate::render::{self};
use crate::span::Span;
use crate::syntax::marks::without_marks;
use crate::syntax::{Item, Line, MoveToken, Outcome};

mod ahead;
mod back;
mod idea;

use ahead::{ahead, as_beyond};

/// Where a line starts.
pub(super) struct LineStart<'l> {
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
    pub(super) history: Vec<Played<'l>>,
}

/// After this many errors in a row (each read on from an assumed repair), the checker stops
/// reading the line: the moves no longer belong to the position (a second game pasted without
/// a result, another notation), and reporting each would bury the first error.
pub(super) const LOST: usize = 5;

/// How many tokens back a missing or swapped half-move is looked for, when an error shows
/// up only a little after it.
pub(super) const BACK: usize = 6;

/// How many moves a walk plays from its newer [`Anchor`] before it makes a new one (the
/// newer one becoming the older): at least `BACK + 1`, so that the older anchor is never
/// after the oldest snapshot.
const ANCHOR_EVERY: usize = 8;

/// The position before the most recent move token: where a variation after it starts.
#[derive(Clone, Debug, PartialEq)]
struct Branch {
    pos: Chess,
    origins: Origins,
    ply: u32,
    /// Moves that led there (a length of the line's history).
    history: usize,
}

/// Where the reading of a line stands, but for the moves that led there (kept apart, as a
/// step back only shortens them): everything a step back puts back.
#[derive(Clone, Debug, PartialEq)]
struct LineState {
    pos: Chess,
    origins: Origins,
    /// Plies played before the next move.
    ply: u32,
    /// The move number written before the next move, waiting to be checked with it.
    pending: Option<PendingNumber>,
    /// The last move token read.
    last_move: Option<Span>,
    /// Where a variation that follows starts; `None` when that is not known.
    branch: Option<BranchAt>,
}

/// Where a variation starts, kept once: a normally read move token leaves the position before
/// it in its snapshot, and the branch points there instead of holding a second copy.
#[derive(Clone, Debug, PartialEq)]
enum BranchAt {
    /// The state of the snapshot before this one (for the walk's own state: the newest
    /// snapshot). Made [`BranchAt::Own`] before the snapshots it points at are dropped.
    Snapshot,
    /// A branch point of its own (boxed: made only where a line's reading is interrupted).
    Own(Box<Branch>),
}

/// The state before a move token that read normally, to go back to when an error shows that a
/// half-move was missing, or two were swapped, a little earlier (see [`LineWalk::snapshot`]).
/// Its position is not copied: it is the position after the first `history` moves of the
/// walk's history, played again from an [`Anchor`] when needed (see
/// [`LineWalk::position_at`]); a clean move copies no board.
struct Snapshot<'l> {
    /// Index of the token among the line's items.
    at: usize,
    tok: &'l MoveToken,
    /// The state's fields but for the position (see [`LineState`]).
    ply: u32,
    pending: Option<PendingNumber>,
    last_move: Option<Span>,
    branch: Option<BranchAt>,
    /// The length of the history then.
    history: usize,
    /// How far the game's findings had grown then.
    mark: Mark,
}

/// A position of the walk kept whole, with the length of the history then: the positions of
/// the snapshots are played again from it.
#[derive(Clone, Debug)]
struct Anchor {
    pos: Chess,
    origins: Origins,
    history: usize,
}

/// The walk's anchors: the newer is made when a snapshot is taken with none kept (its ring
/// empty) or [`ANCHOR_EVERY`] moves after the newer one, which then becomes the older. Every
/// snapshot kept is at or after the older one, and the moves between are in the history.
#[derive(Debug, Default)]
struct Anchors {
    older: Option<Anchor>,
    newer: Option<Anchor>,
}

/// A move token that does not read as written, and what is known about it.
struct Failure<'l> {
    tok: &'l MoveToken,
    res: Resolution,
    /// The diagnostic, before the repair is named in it.
    d: Diagnostic,
    /// The position before it, drawn (none past the file's budget).
    diagram: Option<String>,
    /// The move tokens after it.
    rest: Vec<&'l MoveToken>,
    /// The unreadable text that ended them, and the move tokens after it.
    beyond: Option<(Span, Vec<&'l MoveToken>)>,
    /// The legal moves as readings of it, most likely first.
    ranked: Vec<Cand>,
    /// The state before it.
    before: Snapshot<'l>,
}

impl Failure<'_> {
    /// What follows its move tokens read ahead, when an unreadable token ended them.
    fn far(&self) -> Beyond<'_> {
        as_beyond(&self.beyond)
    }
}

/// The walk of one line: its state, and a method per event of its items.
struct LineWalk<'g, 'a, 'l> {
    g: &'g mut GameChecker<'a>,
    line: &'l Line,
    depth: usize,
    /// Full-move number of the game's start position.
    fullmove: u32,
    /// 1 when the game starts with Black to move.
    first_ply_offset: u32,
    main: bool,
    /// The line whose repaired moves are kept for `convert --repair`.
    record: bool,
    state: LineState,
    /// Moves that led here.
    history: Vec<Played<'l>>,
    /// Index of the next item.
    at: usize,
    /// An error has stopped the reading: the rest of the line is not checked.
    broken: bool,
    /// Why the reading stopped before the line's end, when it gave up on the line (after
    /// [`LOST`] errors in a row, or the game's budget spent).
    lost: Option<Lost>,
    /// Errors since the last move that read as written.
    streak: usize,
    /// Moves and variations not checked (after an error).
    unchecked: Vec<Span>,
    result: Option<(Outcome, Span)>,
    /// Tokens already played by a repair (the later ones of swapped moves), in text order:
    /// each token's index and the plies played before it (its move number is checked
    /// against those when the token is reached).
    played_ahead: Vec<(usize, u32)>,
    /// The states before the last few tokens that read normally (up to [`BACK`]), oldest
    /// first (a ring: the oldest is dropped without moving the others).
    snaps: VecDeque<Snapshot<'l>>,
    /// The whole positions the snapshots' positions are played again from.
    anchors: Anchors,
}

impl GameChecker<'_> {
    pub(super) fn walk_line<'l>(
        &mut self,
        line: &'l Line,
        start: LineStart<'l>,
        depth: usize,
    ) -> LineEnd<'l> {
        let mut walk = LineWalk::new(self, line, start, depth);
        while walk.at < line.items.len() {
            let cur = walk.at;
            walk.at += 1;
            walk.on_item(cur);
        }
        walk.finish()
    }
}

impl<'g, 'a, 'l> LineWalk<'g, 'a, 'l> {
    fn new(g: &'g mut GameChecker<'a>, line: &'l Line, start: LineStart<'l>, depth: usize) -> Self {
        LineWalk {
            g,
            line,
            depth,
            fullmove: start.fullmove,
            first_ply_offset: start.first_ply_offset,
            main: start.main,
            record: start.main && depth == 0,
            state: LineState {
                pos: start.pos,
                origins: start.origins,
                ply: start.ply,
                pending: None,
                last_move: None,
                branch: None,
            },
            history: start.history,
            at: 0,
            broken: false,
            lost: None,
            streak: 0,
            unchecked: Vec::new(),
            result: None,
            played_ahead: Vec::new(),
            snaps: VecDeque::with_capacity(BACK + 2),
            anchors: Anchors::default(),
        }
    }

    /// The state before the move token at `at` (its position: see [`LineWalk::keep`]).
    fn snapshot(&self, at: usize, tok: &'l MoveToken) -> Snapshot<'l> {
        Snapshot {
            at,
            tok,
            ply: self.state.ply,
            pending: self.state.pending,
            last_move: self.state.last_move,
            branch: self.state.branch.clone(),
            history: self.history.len(),
            mark: self.g.mark(),
        }
    }

    /// Keeps the state before the move token at `at` as the newest snapshot, and its
    /// position whole when an anchor is due (see [`Anchors`]).
    fn keep(&mut self, at: usize, tok: &'l MoveToken) {
        let history = self.history.len();
        let due = match &self.anchors.newer {
            Some(a) if !self.snaps.is_empty() => history - a.history >= ANCHOR_EVERY,
            _ => {
                self.anchors.older = None;
                true
            }
        };
        if due {
            let here = Anchor {
                pos: self.state.pos.clone(),
                origins: self.state.origins,
                history,
            };
            self.anchors.older = self.anchors.newer.replace(here);
        }
        self.snaps.push_back(self.snapshot(at, tok));
    }

    /// The position after the first `history` moves of the history (a snapshot's): played
    /// again from the newest anchor at or before it.
    fn position_at(&self, history: usize) -> (Chess, Origins) {
        replay(&self.anchors, &self.history, history, &self.state)
    }

    /// The position before a snapshot's token, as the start of a variation.
    fn snap_branch(&self, snap: &Snapshot<'_>) -> Branch {
        let (pos, origins) = self.position_at(snap.history);
        Branch {
            pos,
            origins,
            ply: snap.ply,
            history: snap.history,
        }
    }

    /// Goes back to a snapshot: the state, the history and the game's findings as they were.
    fn restore(&mut self, snap: Snapshot<'l>) {
        let (pos, origins) = self.position_at(snap.history);
        self.state = LineState {
            pos,
            origins,
            ply: snap.ply,
            pending: snap.pending,
            last_move: snap.last_move,
            branch: snap.branch,
        };
        self.history.truncate(snap.history);
        self.g.rewind(snap.mark);
    }

    /// The current position as the start of a variation.
    fn branch_here(&self) -> Option<BranchAt> {
        Some(BranchAt::Own(Box::new(Branch {
            pos: self.state.pos.clone(),
            origins: self.state.origins,
            ply: self.state.ply,
            history: self.history.len(),
        })))
    }

    /// Drops the snapshots; a branch point kept in the newest is taken out of it first.
    fn clear_snaps(&mut self) {
        if matches!(self.state.branch, Some(BranchAt::Snapshot))
            && let Some(last) = self.snaps.back()
        {
            self.state.branch = Some(BranchAt::Own(Box::new(self.snap_branch(last))));
        }
        self.snaps.clear();
    }

    /// Plays a move as written at `span`: position, origins, history and ply move on.
    fn play(&mut self, m: Move, span: Span, bare: Bare<'l>) {
        self.play_read(m, span, bare, None);
    }

    /// Plays a move, named in later messages by `read_as` rather than the text at `span`.
    fn play_read(&mut self, m: Move, span: Span, bare: Bare<'l>, read_as: Option<Box<str>>) {
        let s = &mut self.state;
        let number = self.fullmove + (s.ply + self.first_ply_offset) / 2;
        let black = s.pos.turn() == Color::Black;
        self.history.push(Played {
            m,
            span,
            bare,
            number,
            black,
            read_as,
        });
        s.origins.play(&m);
        s.pos.play_unchecked(m);
        s.ply += 1;
    }

    /// The reading stops here: the rest of the line is not checked.
    fn stop(&mut self) {
        self.broken = true;
        self.g.repaired_broken |= self.record;
    }

    /// A token in error is met: why the reading gives up here (`in_a_row`: too many errors in
    /// a row; else the game's budget spent), or `None`, and the token is counted.
    fn spend(&mut self, in_a_row: bool) -> Option<Lost> {
        let why = if in_a_row {
            Some(Lost::InARow)
        } else {
            self.g.budget.spent()
        };
        if why.is_none() {
            self.g.budget.errors += 1;
        }
        why
    }

    /// The reading gives up on the rest of the line from `span` on (a bound, see [`Lost`]).
    fn give_up(&mut self, span: Span, why: Lost) {
        self.g.main_broken |= self.main;
        self.g.budget.wrong_language |= why == Lost::Language;
        self.stop();
        self.lost = Some(why);
        self.unchecked.push(span);
    }

    fn on_item(&mut self, cur: usize) {
        let line = self.line;
        match &line.items[cur] {
            Item::Move(tok) if self.played_ahead.first().is_some_and(|a| a.0 == tok.index) => {
                let (_, ply) = self.played_ahead.remove(0);
                self.check_pending_at(ply);
            }
            Item::Move(tok) => self.on_move(cur, tok),
            Item::Variation(v) => self.on_variation(v),
            Item::MoveNumber(n) => {
                if self.broken {
                } else if self.misplaced(cur, n) {
                    self.on_unreadable(n.span);
                } else {
                    self.state.pending = Some((*n, true));
                }
            }
            Item::Result(r) => {
                self.clear_snaps();
                if self.record {
                    self.result = Some((r.value.decided(self.state.pos.turn()), r.span));
                }
            }
            Item::Unknown(span) => self.on_unreadable(*span),
            Item::Ellipsis(_) | Item::Comment(_) | Item::Nag(_) => {}
        }
    }

    /// Is the number at `cur` a bare number (no dot) where a move belongs: a move with its
    /// letters lost (`g5` typed as `5`), not a move number? Then it is reported as
    /// unreadable.
    fn misplaced(
        &mut self,
        cur: usize,
        n: &crate::span::Spanned<crate::syntax::MoveNumber>,
    ) -> bool {
        let items = &self.line.items;
        // What stands before it past signs and comments (`3. ?4`: `b4` with `b` typed as `?`).
        let before = items[..cur]
            .iter()
            .rev()
            .find(|i| !matches!(i, Item::Nag(_) | Item::Comment(_)));
        if !self
            .g
            .misplaced_number(n, before, items.get(cur + 1), &self.state.pos)
        {
            return false;
        }
        let text = self.g.src(n.span).to_owned();
        self.g.diags.push(
            Diagnostic::new(
                Problem::SyntaxError {
                    text,
                    expected: "a number without a dot stands where a move belongs".into(),
                },
                n.span,
            )
            .label("not a move"),
        );
        true
    }

    fn on_unreadable(&mut self, span: Span) {
        self.clear_snaps();
        if self.broken {
            self.unchecked.push(span);
            return;
        }
        self.streak += 1;
        if let Some(why) = self.spend(self.streak > LOST) {
            self.give_up(span, why);
            return;
        }
        // An unreadable token may have been a move: read on from the best repair.
        self.g.main_broken |= self.main;
        match self.repair_unreadable(span) {
            Some(f) => self.read_on_unreadable(span, f),
            None => {
                self.stop();
                self.state.branch = self.branch_here();
            }
        }
    }

    /// The repair of an unreadable token, named in its diagnostic.
    fn repair_unreadable(&mut self, span: Span) -> Option<Found> {
        if self.g.frugal {
            return None;
        }
        let g = &*self.g;
        g.at.set(span.start);
        let (pos, origins) = (&self.state.pos, &self.state.origins);
        let token = without_marks(g.src(span)).to_owned();
        let (rest, far) = ahead(&self.line.items[self.at..]);
        let far = as_beyond(&far);
        let style = match g.writer() {
            render::Writer::San(s) | render::Writer::Long { style: s, .. } => Some(&**s),
            _ => None,
        };
        let hint = render::partial_hint(style, &token);
        let ranked = g.rank_candidates(pos, origins, &token, Some(&hint), (&rest, &far));
        // Unreadable text followed by more unreadable text is prose more likely than a
        // move: it is left out rather than read as a move that nothing bears out.
        let prose =
            rest.is_empty() && matches!(self.line.items.get(self.at), Some(Item::Unknown(_)));
        let mut sugg = if prose {
            Vec::new()
        } else {
            suggestion_texts(&ranked, &token, 3)
        };
        let other = g.other_languages(span, (pos, origins), false);
        if let Some((_, o)) = &other {
            sugg.retain(|s| !o.contains(s));
            sugg.splice(0..0, o.iter().cloned());
        }
        let no_readings: &[Cand] = &[];
        let found = g.find_repair(&Trouble {
            pos,
            origins,
            tok: None,
            written: &token,
            ranked: if prose { no_readings } else { &ranked },
            rest: &rest,
            resolution: &Resolution::Illegal(Illegal::NoMatch),
            preferred: other.as_ref().map(|(_, o)| o.as_slice()).unwrap_or(&[]),
            back: &[],
            numbering: self.numbering(None),
            beyond: far,
        });
        let Some(i) = g
            .diags
            .iter()
            .position(|d| d.span == span && d.code() == Code::Syntax)
        else {
            return found;
        };
        let mut d = self.g.diags.remove(i);
        if let Some((help, _)) = other {
            d.help = Some(help);
        }
        d.suggestions = sugg;
        d.ply = Some(self.state.ply + 1);
        if let Some(f) = &found {
            let (pos, origins) = (&self.state.pos, &self.state.origins);
            self.g.name_repair(
                &mut d,
                &Site {
                    span,
                    pos,
                    origins,
                    next: &rest,
                },
                f,
                (false, false),
            );
        }
        self.g.diags.push(d);
        found
    }

    /// Reads on after an unreadable token from its repair: a move assumed, or the token left out.
    fn read_on_unreadable(&mut self, span: Span, f: Found) {
        self.g.repairs.push(RepairNote {
            span,
            index: None,
            repair: f.repair.clone(),
        });
        let written = self.g.src(span).to_owned();
        match f.repair {
            Repair::Replace(m) => {
                if self.record {
                    self.g.repaired.push(RepairedItem::Move {
                        m: Some(m),
                        note: Some(format!(
                            "scoresheet: `{written}` could not be read; assumed this move"
                        )),
                    });
                }
                self.play_assumed(m, span, Bare::Span(self.g.unreadable_bare(span)));
            }
            _ => {
                if self.record {
                    self.g.repaired.push(RepairedItem::Note(format!(
                        "scoresheet: `{written}` could not be read; left out"
                    )));
                }
            }
        }
    }

    /// The move numbers around an error, with the number written before it.
    fn numbering(&self, current: Option<crate::syntax::MoveNumber>) -> Numbering {
        Numbering {
            current,
            ply: self.state.ply,
            fullmove: self.fullmove,
            first_ply_offset: self.first_ply_offset,
        }
    }

    /// Checks the move number waiting for the next move.
    fn check_pending(&mut self) {
        self.check_pending_at(self.state.ply);
    }

    /// Checks the move number waiting for a move played after `ply` plies of this line (a
    /// token played ahead by a repair: fewer than played now).
    fn check_pending_at(&mut self, ply: u32) {
        if let Some((n, _)) = self.state.pending.take() {
            let now = self.state.pos.turn();
            let turn = if (self.state.ply - ply).is_multiple_of(2) {
                now
            } else {
                !now
            };
            self.g
                .check_number(n, ply, self.fullmove, self.first_ply_offset, turn);
        }
    }

    fn on_move(&mut self, cur: usize, tok: &'l MoveToken) {
        if let Some((r, _)) = self.result
            && self.main
            && !self.broken
        {
            self.g.diags.push(
                Diagnostic::new(Problem::MovesAfterResult { result: r.pgn().into() }, tok.span)
                    .label("after the result")
                    .help("the result ends the game; start a new game with its own tag pairs, or remove the result"),
            );
            self.stop();
            return;
        }
        if self.broken {
            self.unchecked.push(tok.span);
            self.state.branch = None;
            return;
        }
        // The state before the token goes where a move read well keeps it, copied once; any
        // other outcome takes it back out.
        self.keep(cur, tok);
        self.check_pending();
        self.state.last_move = Some(tok.span);
        let res = match self
            .g
            .resolve_tok(tok, &self.state.pos, &self.state.origins)
        {
            Resolution::Legal(m) => return self.on_legal(tok, m),
            other => other,
        };
        let Some(snap) = self.snaps.pop_back() else {
            return;
        };
        match res {
            Resolution::Null => self.on_null(tok),
            Resolution::Illegal(Illegal::GameOver { mate }) => self.on_game_over(tok, mate),
            other => match self.spend(self.streak >= LOST) {
                Some(why) => {
                    // The reading has lost the game: the rest is not checked.
                    self.g.moves[tok.index] = MoveState::NotChecked;
                    self.give_up(tok.span, why);
                }
                None => self.on_error(tok, other, snap),
            },
        }
    }

    /// A move token read well (its state before it is the newest snapshot).
    fn on_legal(&mut self, tok: &'l MoveToken, m: Move) {
        self.streak = 0;
        self.play(m, tok.span, Bare::Token(tok));
        let ply = self.state.ply;
        // The position before the move is played again from an anchor only when a marker
        // finding needs it (for a suggestion).
        if let Some(snap) = self.snaps.back() {
            let h = snap.history;
            let (anchors, history, state) = (&self.anchors, &self.history, &self.state);
            let before = || replay(anchors, history, h, state);
            self.g.markers(tok, &before, &state.pos, &m, ply);
        }
        self.g.moves[tok.index] = MoveState::Legal(m);
        if self.main && !self.g.main_broken {
            self.g.mainline.push(Some(m));
        }
        if self.record {
            self.g.repaired.push(RepairedItem::Move {
                m: Some(m),
                note: None,
            });
        }
        self.state.branch = Some(BranchAt::Snapshot);
        // One more than a repair goes back to: the oldest holds the branch point of the next.
        if self.snaps.len() > BACK + 1 {
            self.snaps.pop_front();
        }
    }

    fn on_null(&mut self, tok: &MoveToken) {
        self.clear_snaps();
        let before = self.branch_here();
        self.state.pos = crate::board::resolve::play_null(&self.state.pos);
        self.g.moves[tok.index] = MoveState::Null;
        if self.main && !self.g.main_broken {
            self.g.mainline.push(None);
        }
        if self.record {
            self.g.repaired.push(RepairedItem::Move {
                m: None,
                note: None,
            });
        }
        self.state.branch = before;
        self.state.ply += 1;
    }

    fn on_game_over(&mut self, tok: &MoveToken, mate: bool) {
        self.clear_snaps();
        self.g.main_broken |= self.main;
        let end = if mate { "checkmate" } else { "stalemate" };
        self.g.diags.push(
            Diagnostic::new(
                Problem::MoveAfterEnd {
                    text: self.g.src(tok.span).into(),
                    end,
                },
                tok.span,
            )
            .label(format!("the game was already over ({end})"))
            .ply(self.state.ply + 1)
            .help("remove the moves after the end of the game"),
        );
        self.g.moves[tok.index] = MoveState::Error;
        self.state.branch = self.branch_here();
        self.stop();
    }

    /// A move token that does not read as written: explained, and read on from its repair.
    fn on_error(&mut self, tok: &'l MoveToken, res: Resolution, before: Snapshot<'l>) {
        self.streak += 1;
        self.g.at.set(tok.span.start);
        let failure = self.explain(tok, res, before);
        // The newest `BACK` (the oldest kept holds a branch point only), their positions
        // played again.
        let newest = || {
            self.snaps
                .iter()
                .skip(self.snaps.len().saturating_sub(BACK))
        };
        let boards: Vec<(Chess, Origins)> = newest().map(|s| self.position_at(s.history)).collect();
        let back: Vec<Back<'_>> = newest()
            .zip(&boards)
            .map(|(s, (pos, origins))| Back {
                tok: s.tok,
                pos,
                origins,
                number: s.pending.map(|(n, _)| n.value),
            })
            .collect();
        let written = tok.unmarked(self.g.text).to_owned();
        let found = self.g.find_repair(&Trouble {
            pos: &self.state.pos,
            origins: &self.state.origins,
            tok: Some(tok),
            written: &written,
            ranked: &failure.ranked,
            rest: &failure.rest,
            resolution: &failure.res,
            preferred: &[],
            back: &back,
            numbering: self.numbering(failure.before.pending.map(|(n, _)| n.value)),
            beyond: failure.far(),
        });
        drop(back);
        drop(boards);
        match found {
            Some(f) if f.back > 0 => self.go_back(f, failure),
            Some(f) => self.repair_here(f, failure),
            None => {
                self.clear_snaps();
                let mut d = failure.d;
                if shows_diagram(&d) {
                    d.diagram = failure.diagram;
                }
                self.g.diags.push(d);
                self.stop();
            }
        }
    }

    /// The legal moves as readings of a token in error, most likely first; an ambiguous move
    /// (or a promotion without its piece) is one of the moves it matches: only those are
    /// assumed in its place.
    fn ranked(
        &self,
        tok: &MoveToken,
        res: &Resolution,
        (rest, far): (&[&MoveToken], &Beyond<'_>),
    ) -> Vec<Cand> {
        let (pos, origins) = (&self.state.pos, &self.state.origins);
        let written = tok.unmarked(self.g.text).to_owned();
        let hint = self.g.hint(tok, pos, origins);
        let mut ranked = self
            .g
            .rank_candidates(pos, origins, &written, Some(&hint), (rest, far));
        if let Resolution::Ambiguous(ms) | Resolution::MissingPromotion(ms) = res
            && ranked.iter().any(|c| ms.contains(&c.m))
        {
            ranked.retain(|c| ms.contains(&c.m));
        }
        ranked
    }

    /// The diagnostic of a move token in error, and the position before it drawn.
    fn explain(
        &mut self,
        tok: &'l MoveToken,
        res: Resolution,
        before: Snapshot<'l>,
    ) -> Failure<'l> {
        let (rest, far) = ahead(&self.line.items[self.at..]);
        let ranked = self.ranked(tok, &res, (&rest, &as_beyond(&far)));
        let (pos, origins) = (&self.state.pos, &self.state.origins);
        let d = self.g.move_error(
            &ErrorSite {
                tok,
                pos,
                origins,
                ply: self.state.ply + 1,
                history: &self.history,
                ranked: &ranked,
                rest: &rest,
            },
            res.clone(),
        );
        self.g.moves[tok.index] = MoveState::Error;
        if self.main {
            self.g.main_broken = true;
        }
        // Past the file's budget an error is reported without its diagram.
        let diagram = (!self.g.frugal).then(|| {
            crate::render::diagram::diagram(
                pos,
                self.history.last().map(|p| p.label(self.g.text)).as_deref(),
                &marked_squares(&res),
            )
        });
        self.state.branch = self.branch_here();
        Failure {
            tok,
            res,
            d,
            diagram,
            rest,
            beyond: far,
            ranked,
            before,
        }
    }

    fn on_variation(&mut self, v: &'l Line) {
        self.clear_snaps();
        if let Some(kind) = v.idea() {
            return self.on_idea(v, kind);
        }
        match &self.state.branch {
            Some(BranchAt::Own(b)) => {
                let (pos, origins, ply, shared) = (b.pos.clone(), b.origins, b.ply, b.history);
                self.walk_variation(v, (pos, origins, ply), shared);
            }
            // (`BranchAt::Snapshot` was made `Own` as the snapshots were cleared.)
            Some(BranchAt::Snapshot) | None => {
                // A variation before any move, or after moves we could not follow.
                if v.moves().next().is_some() {
                    self.unchecked.push(v.span);
                }
            }
        }
        if self.broken {
            // After an error the branch point of later variations is unknown.
            self.state.branch = None;
        }
    }

    /// Walks a variation from `pos` (after `ply` plies), which reads on from the first `shared`
    /// moves of this line's history: it borrows the history and gives it back (no copy per
    /// variation), the moves after those kept aside meanwhile.
    fn walk_variation(
        &mut self,
        v: &'l Line,
        (pos, origins, ply): (Chess, Origins, u32),
        shared: usize,
    ) {
        let after = self.history.split_off(shared);
        let start = LineStart {
            pos,
            origins,
            ply,
            fullmove: self.fullmove,
            first_ply_offset: self.first_ply_offset,
            main: false,
            history: std::mem::take(&mut self.history),
        };
        let depth = self.depth + 1;
        // Variations nest up to `MAX_DEPTH`; the stack grows on the heap when it runs short
        // (on rayon's threads too).
        let end = stacker::maybe_grow(128 * 1024, 4 * 1024 * 1024, || {
            self.g.walk_line(v, start, depth)
        });
        self.history = end.history;
        self.history.truncate(shared);
        self.history.extend(after);
    }

    /// Counts the moves not checked (including inside variations that could not be placed)
    /// and ends the line.
    fn finish(self) -> LineEnd<'l> {
        let count = unchecked_moves(self.line, &self.unchecked);
        if count > 0 {
            let first = self.unchecked[0];
            let last = *self.unchecked.last().expect("non-empty");
            self.g.diags.push(
                Diagnostic::new(
                    Problem::NotChecked {
                        count,
                        moves: if count == 1 { "move" } else { "moves" },
                    },
                    first.join(last),
                )
                .label("not checked")
                .help(match self.lost {
                    Some(Lost::InARow) => format!(
                        "{LOST} moves in a row did not read as written, so the reading has lost \
                         the game here: is another game (without a result between them) or \
                         another notation written here?"
                    ),
                    Some(Lost::Errors) => format!(
                        "the game had {MOST_ERRORS} errors before them, the most one game is \
                         read past (a bound on the work for one game): is this a game score in \
                         this notation and language?"
                    ),
                    Some(Lost::Language) | None => {
                        "fix the error before them to have them checked".to_owned()
                    }
                }),
            );
        }
        LineEnd {
            pos: self.state.pos,
            complete: !self.broken,
            result: self.result,
            last_move: self.state.last_move,
            history: self.history,
        }
    }
}

/// The position after the first `upto` moves of `history`, played again from the newest of
/// `anchors` at or before it (see [`LineWalk::position_at`]). Every snapshot kept is at or
/// after the older anchor; were none found, `now` (the walk's state) is given.
fn replay(
    anchors: &Anchors,
    history: &[Played<'_>],
    upto: usize,
    now: &LineState,
) -> (Chess, Origins) {
    let found = [&anchors.newer, &anchors.older]
        .into_iter()
        .flatten()
        .find(|a| a.history <= upto && upto <= history.len());
    let Some(a) = found else {
        debug_assert!(false, "no anchor before a snapshot");
        return (now.pos.clone(), now.origins);
    };
    let (mut pos, mut origins) = (a.pos.clone(), a.origins);
    for p in &history[a.history..upto] {
        origins.play(&p.m);
        pos.play_unchecked(p.m);
    }
    (pos, origins)
}

/// Illegal and ambiguous moves show the position before them.
pub(super) fn shows_diagram(d: &Diagnostic) -> bool {
    matches!(
        d.code(),
        Code::IllegalMove | Code::AmbiguousMove | Code::WrongSide
    )
}

/// Moves among `spans` (move tokens and whole variations): one pass over the line and its
/// variations, each
/// item looked up in the spans sorted (a line of a million unchecked moves stays within
/// n log n, and needs no set beside the list: the walk finds them in text order, sorted).
pub(super) fn unchecked_moves(line: &Line, spans: &[Span]) -> usize {
    if spans.is_empty() {
        return 0;
    }
    let spans: std::borrow::Cow<'_, [Span]> = if spans.is_sorted() {
        spans.into()
    } else {
        let mut sorted = spans.to_vec();
        sorted.sort_unstable();
        sorted.into()
    };
    let listed = |s: &Span| spans.binary_search(s).is_ok();
    // Every item of the line and its variations: a walk lists its own items, and, for an
    // idea read as a plan, the variations inside the idea.
    line.items()
        .map(|item| match item {
            Item::Move(m) if listed(&m.span) => 1,
            Item::Variation(v) if listed(&v.span) => v.moves().count(),
            _ => 0,
        })
        .sum()
}

#[cfg(test)]
mod tests;
