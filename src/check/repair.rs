//! Repairs and suggestions: the likeliest reading of a move in error, tested on the moves
//! that follow.

use shakmaty::{Chess, Move, Position, Role};

use crate::board::descriptive::Origins;
use crate::board::pattern::Pattern;
use crate::board::resolve::{Illegal, Resolution, resolve};
use crate::check::checker::GameChecker;
use crate::check::types::Repair;
use crate::check::words::join_and;
use crate::diagnostic::text::short;
use crate::render::words::role_name;
use crate::render::{self, Style};
use crate::span::Span;
use crate::syntax::MoveToken;
use crate::syntax::kind::LanguageFile;
use crate::syntax::marks::without_marks;

mod best;
mod decode;
mod further;
mod name;
mod through;

use best::Best;
use decode::Decoded;
pub(super) use through::Beyond;

/// How many following moves a repair or a suggestion is tested on (to the end of the line in
/// any real game).
pub(super) const REACH: usize = 400;

/// How many moves the tests of repairs and suggestions may resolve in one game before they
/// look only [`SOON`] moves ahead: a file of hundreds of games without results, read as one
/// game with an error at each game's start, stays fast (a real game with a few errors uses a
/// small part of it).
pub(super) const REPAIR_BUDGET: usize = 150_000;

/// A repair that leaves fewer than this many following moves readable fails "soon".
pub(super) const SOON: usize = 8;

/// Candidates whose text costs more than the best one's by this are not tried.
pub(super) const WINDOW: i32 = 4 * render::EDIT;

/// How many of the readings that read furthest are told apart by decoding the rest of the line
/// through the later mistake that stops them (the cheapest texts).
const THROUGH_TRIED: usize = 8;

/// Repairs are told apart by reading through a later mistake only when at least this many
/// moves read before it: a token that stops every repair at once is more likely the same
/// trouble going on (a score in another notation or language, where each game then took up to
/// 7 times as long) than a second slip, and reading through it there would cost much and tell
/// little.
pub(super) const THROUGH_AFTER: usize = 1;

/// How many reaches of missing half-moves shorter than the best are weighed on the whole line.
const SHORTER_GAPS: usize = 2;

/// A missing half-move tried: (moves read after the token in error, tokens back, the missing
/// move, the move of the token after the gap).
pub(super) type Insertion = (usize, usize, Move, Move);

/// A token read before the error, with the position before it.
pub(super) struct Back<'a> {
    pub(super) tok: &'a MoveToken,
    pub(super) pos: &'a Chess,
    pub(super) origins: &'a Origins,
    /// The move number written before it.
    pub(super) number: Option<crate::syntax::MoveNumber>,
}

/// The move numbers around an error, as evidence for where a half-move is missing.
#[derive(Clone, Copy, Debug)]
pub(super) struct Numbering {
    /// The number written before the token in error.
    pub(super) current: Option<crate::syntax::MoveNumber>,
    /// Plies played before the token in error.
    pub(super) ply: u32,
    pub(super) fullmove: u32,
    pub(super) first_ply_offset: u32,
}

impl Numbering {
    /// How badly a written number fits a token after `ply` plies: 2 for a wrong number, 1
    /// for a White number (`12.`) before a Black move.
    pub(super) const fn misfit(&self, n: Option<crate::syntax::MoveNumber>, ply: u32) -> u32 {
        let Some(n) = n else { return 0 };
        let p = ply + self.first_ply_offset;
        let expected = self.fullmove + p / 2;
        let black = p % 2 == 1;
        if n.number != expected || (n.black && !black) {
            2
        } else if !n.black && black {
            1
        } else {
            0
        }
    }
}

/// A legal move as a reading of an illegal or unreadable token.
#[derive(Clone, Debug)]
pub(super) struct Cand {
    pub(super) m: Move,
    pub(super) text: String,
    /// Text cost (see `render::score_moves`).
    pub(super) cost: i32,
    /// How many of the following moves read after it.
    pub(super) reach: usize,
    /// The cost with a penalty when the following moves read less far than after the best.
    pub(super) key: i32,
}

/// What a repair is looked for in: the token in error (none for an unreadable one) in its
/// position, its readings, and the tokens around it.
pub(super) struct Trouble<'t> {
    pub(super) pos: &'t Chess,
    pub(super) origins: &'t Origins,
    pub(super) tok: Option<&'t MoveToken>,
    /// The token as written, without marks.
    pub(super) written: &'t str,
    /// The legal moves as readings of it (see `rank_candidates`).
    pub(super) ranked: &'t [Cand],
    /// The move tokens after it.
    pub(super) rest: &'t [&'t MoveToken],
    pub(super) resolution: &'t Resolution,
    /// Moves to try first (readings in other languages).
    pub(super) preferred: &'t [String],
    /// Tokens read before it, oldest first.
    pub(super) back: &'t [Back<'t>],
    pub(super) numbering: Numbering,
    /// What follows `rest` when an unreadable token ended it.
    pub(super) beyond: Beyond<'t>,
}

/// The moves that fit a gap, as the search for a missing half-move found them.
#[derive(Clone, Debug, Default)]
pub(super) struct Fits {
    /// The first few moves that fit there, in the order of the legal moves.
    pub(super) moves: Vec<Move>,
    /// When reading through a later mistake left one of several: how many fitted as far as
    /// that mistake.
    pub(super) through: Option<usize>,
}

/// Where a repair is made: the token's span, the position before it, and the move tokens
/// after it.
#[derive(Clone, Copy)]
pub(super) struct Site<'t> {
    pub(super) span: Span,
    pub(super) pos: &'t Chess,
    pub(super) origins: &'t Origins,
    pub(super) next: &'t [&'t MoveToken],
}

/// The repair found for an error.
#[derive(Clone, Debug)]
pub(super) struct Found {
    pub(super) repair: Repair,
    /// Following moves read after it.
    pub(super) seen: usize,
    /// Tokens back from the error where the repair is made (0: at the token itself).
    pub(super) back: usize,
    /// Other repairs that explain the moves as well, in words.
    pub(super) rivals: Vec<String>,
    /// For a missing half-move: the moves that fit the gap.
    pub(super) fits: Fits,
    /// The repair that read furthest, when the whole rest of the line put this one first: in
    /// words, with how many moves it read.
    pub(super) displaced: Option<(String, usize)>,
    /// An ambiguous move read as none of the moves it matches (none of them read on).
    pub(super) beside_ambiguity: bool,
}

/// The note on a half-move missing from the score.
pub(super) fn missing_note(fits: usize) -> String {
    if fits == 1 {
        "scoresheet: missing from the score; the only move that fits".to_owned()
    } else {
        format!("scoresheet: missing from the score; assumed, one of {fits} moves that fit")
    }
}

/// Where the rest of the line starts after `moves` are played in `pos` (none of it read).
fn start_after(pos: &Chess, origins: &Origins, moves: &[Move]) -> best::Start {
    let mut p = pos.clone();
    let mut o = *origins;
    for m in moves {
        o.play(m);
        p.play_unchecked(*m);
    }
    (p, o, 0)
}

/// The suggestion texts among ranked candidates: the first `n` that are not far-fetched.
pub(super) fn suggestion_texts(ranked: &[Cand], written: &str, n: usize) -> Vec<String> {
    let Some(best) = ranked.first() else {
        return Vec::new();
    };
    let limit = render::plausible_limit(written);
    ranked
        .iter()
        .filter(|c| c.key <= best.key + 2 * render::EDIT && c.cost <= limit)
        .take(n)
        .map(|c| c.text.clone())
        .collect()
}

/// The piece (its place in a language's `letters`: king, queen, rook, bishop, knight) whose
/// letter starts `token` in a language, by the longest letter that does; `None` when none does.
fn leading_piece(lang: &LanguageFile, token: &str) -> Option<usize> {
    lang.piece_letters()
        .filter(|(_, a)| token.starts_with(a))
        .max_by_key(|(_, a)| a.len())
        .map(|(i, _)| i)
}

impl GameChecker<'_> {
    /// When the token reads as a legal move in other languages: a help text naming them, and
    /// the move written in the current language.
    /// `read`: the current language read the token as a move (an illegal one); a language whose
    /// letter at the token's start names the same piece then reads the same illegal move, and
    /// is not tried (an error costs a parse only in the languages that could read it otherwise).
    pub(super) fn other_languages(
        &self,
        span: Span,
        (pos, origins): (&Chess, &Origins),
        read: bool,
    ) -> Option<(String, Vec<String>)> {
        if self.frugal {
            return None;
        }
        let token = self.src(span);
        let current = &self.parser.lang_file;
        let languages = self.registry.languages();
        let same_piece = languages
            .iter()
            .find(|l| read && l.file == *current)
            .and_then(|l| leading_piece(l, token));
        let mut hits: Vec<(crate::syntax::grammar::Language, Move)> = Vec::new();
        // Only a piece move counts, so a token that starts with a letter is tried only in the
        // languages with a piece letter that starts so (in either case), and only a token that reads as one
        // move (a short parse) is read as a game: an error costs a few parses, not one per
        // language.
        let first = token.chars().next().filter(|c| c.is_alphabetic());
        for lang in languages {
            if lang.file == *current
                || same_piece.is_some_and(|p| leading_piece(&lang, token) == Some(p))
                || first.is_some_and(|c| {
                    !lang
                        .piece_letters()
                        .filter_map(|(_, alt)| alt.chars().next())
                        .any(|a| a == c || a.to_lowercase().eq(c.to_lowercase()))
                })
            {
                continue;
            }
            let Some(body) = self
                .registry
                .single_move(self.parser.notation, &lang, token)
            else {
                continue;
            };
            // A pawn letter of another language is too weak a sign to name it.
            if let Resolution::Legal(m) = resolve(pos, &[Pattern::from_body(&body)])
                && m.role() != Role::Pawn
            {
                hits.push((lang, m));
            }
        }
        let (first_lang, m) = hits.first()?;
        let m = *m;
        self.budget.note_foreign(
            span,
            first_lang.name().to_owned(),
            first_lang.code().to_owned(),
        );
        let same: Vec<&crate::syntax::grammar::LanguageFile> = hits
            .iter()
            .filter(|(_, h)| *h == m)
            .map(|(l, _)| &**l)
            .collect();
        let letter = Style::of(first_lang, true).letter(m.role()).to_owned();
        let names: Vec<String> = same
            .iter()
            .take(3)
            .map(|l| format!("{} (`--lang {}`)", l.name(), l.code()))
            .collect();
        let current_name = self.language_name();
        let what = if m.role() == Role::Pawn || letter.is_empty() {
            let other = render::san_styled(&Style::of(first_lang, false), pos, &m);
            format!("it reads as `{other}` in {}", join_and(&names))
        } else {
            format!(
                "in {} {letter} is the {}",
                join_and(&names),
                role_name(m.role())
            )
        };
        let help = format!("`{}` is not {current_name} here; {what}", short(token));
        Some((help, vec![self.writer().write(pos, origins, &m)]))
    }

    /// How many of `rest` resolve in turn from `pos`.
    pub(super) fn lookahead(&self, pos: &Chess, origins: &Origins, rest: &[&MoveToken]) -> usize {
        let mut pos = pos.clone();
        let mut origins = *origins;
        let rest = if self.work.get() > REPAIR_BUDGET {
            &rest[..rest.len().min(SOON)]
        } else {
            rest
        };
        for (n, tok) in rest.iter().enumerate() {
            self.work.set(self.work.get() + 1);
            match self.resolve_tok(tok, &pos, &origins) {
                Resolution::Legal(m) => {
                    origins.play(&m);
                    pos.play_unchecked(m);
                }
                _ => return n,
            }
        }
        rest.len()
    }

    /// How many of `rest` read after `m` is played in `pos`.
    pub(super) fn reach_after(
        &self,
        pos: &Chess,
        origins: &Origins,
        m: &Move,
        rest: &[&MoveToken],
    ) -> usize {
        let mut p = pos.clone();
        let mut o = *origins;
        o.play(m);
        p.play_unchecked(*m);
        self.lookahead(&p, &o, rest)
    }

    /// Plays `toks` in turn from `pos`; the position after them and the move of each, or
    /// `None` when one does not read.
    pub(super) fn replay(
        &self,
        pos: &Chess,
        origins: &Origins,
        toks: &[&MoveToken],
    ) -> Option<(Chess, Origins, Vec<Move>)> {
        let mut p = pos.clone();
        let mut o = *origins;
        let mut moves = Vec::with_capacity(toks.len());
        for tok in toks {
            match self.resolve_tok(tok, &p, &o) {
                Resolution::Legal(m) => {
                    o.play(&m);
                    p.play_unchecked(m);
                    moves.push(m);
                }
                _ => return None,
            }
        }
        Some((p, o, moves))
    }

    /// The legal moves as readings of `written`, most likely first: the cheapest texts (see
    /// `render::score_moves`), each tried on the following moves; a reading after which they
    /// read less far than after the best one pays a penalty (more when they stop soon).
    pub(super) fn rank_candidates(
        &self,
        pos: &Chess,
        origins: &Origins,
        written: &str,
        hint: Option<&Pattern>,
        (rest, beyond): (&[&MoveToken], &Beyond<'_>),
    ) -> Vec<Cand> {
        // Past the file's budget an error is reported without suggestions.
        if self.frugal {
            return Vec::new();
        }
        let scored = render::score_moves(self.writer(), pos, origins, written, hint, WINDOW);
        let mut out: Vec<Cand> = scored
            .into_iter()
            .map(|s| Cand {
                reach: self.reach_after(pos, origins, &s.m, rest),
                m: s.m,
                text: s.text,
                cost: s.cost,
                key: 0,
            })
            .collect();
        let max = out.iter().map(|c| c.reach).max().unwrap_or(0);
        for c in &mut out {
            c.key = c.cost
                + if c.reach >= max {
                    0
                } else if c.reach >= SOON {
                    2 * render::EDIT
                } else {
                    3 * render::EDIT
                };
        }
        // The readings that read furthest, all stopped by the same later token (a second
        // slip): those after which the rest of the line costs more to explain pay a penalty.
        if max >= THROUGH_AFTER
            && (max < rest.len() || beyond.unreadable.is_some())
            && self.reads_through()
        {
            let mut firsts: Vec<usize> = (0..out.len()).filter(|&i| out[i].reach == max).collect();
            firsts.sort_by_key(|&i| out[i].cost);
            firsts.truncate(THROUGH_TRIED);
            if firsts.len() > 1 {
                let starts = firsts
                    .iter()
                    .map(|&i| (0, start_after(pos, origins, &[out[i].m])))
                    .collect();
                let through: Vec<_> = self
                    .decode_all(starts, rest, beyond)
                    .into_iter()
                    .map(Decoded::key)
                    .collect();
                let top = through.iter().copied().min();
                for (&i, r) in firsts.iter().zip(through) {
                    if Some(r) > top {
                        out[i].key += render::EDIT;
                    }
                }
            }
        }
        out.sort_by_key(|c| c.key);
        out
    }

    /// The repair after which most of the following moves read: the token replaced by a
    /// likely move, a missing half-move inserted before it or before one of the few tokens
    /// `back` (read before it, oldest first), two adjacent half-moves swapped (the token and
    /// the next, or earlier ones), or the token dropped. Ties go to the likelier kind of
    /// mistake.
    pub(super) fn find_repair(&self, t: &Trouble<'_>) -> Option<Found> {
        // Past the file's budget an error is not repaired: its line is read no further.
        if self.frugal {
            return None;
        }
        let legal = t.pos.legal_moves();
        if legal.is_empty() {
            return None;
        }
        // After a move token, when the next move is wrong too whatever is assumed, the
        // likeliest repair is still taken, so that reading goes on and later errors are
        // found; an unreadable token (it may be no move at all, such as a word of prose) is
        // read as a move only when at least two following moves, or all when fewer follow,
        // bear it out.
        let need = if t.tok.is_some() {
            0
        } else {
            t.rest.len().min(2)
        };
        let mut best = Best::new(need);
        self.try_replacements(t, &legal, &mut best);
        if let Some(tok) = t.tok {
            // Going back rewrites moves that read as written: only for an illegal move (an
            // ambiguous one is right as far as it goes), and only when some later move bears
            // it out.
            let back: &[Back<'_>] = if matches!(t.resolution, Resolution::Illegal(_)) {
                t.back
            } else {
                &[]
            };
            self.try_insertions(t, tok, back, &mut best);
            self.try_swaps(t, tok, back, &mut best);
            self.try_one_side_swaps(t, tok, back, &mut best);
            self.try_slips(t, tok, back, &mut best);
            if matches!(t.resolution, Resolution::Ambiguous(_)) {
                self.try_ambiguous_swap(t, tok, &mut best);
                self.try_other_readings(t, &mut best);
            }
        }
        // The token dropped: written twice, or not a move at all.
        let twice = t.tok.is_some_and(|tok| self.written_twice(tok));
        best.consider(
            self.lookahead(t.pos, t.origins, t.rest),
            if twice { 7 } else { 20 },
            Repair::Delete,
            0,
            (t.pos.clone(), *t.origins, 0),
        );
        best.decide(self, t);
        let rivals = best.rival_words(self, t);
        let displaced = best.displaced.take();
        let fits = best.fits.take();
        best.best.map(|(seen, _, repair, back)| Found {
            beside_ambiguity: matches!(
                (t.resolution, &repair),
                (Resolution::Ambiguous(ms), Repair::Replace(m)) if back == 0 && !ms.contains(m)
            ),
            fits: fits
                .and_then(|(r, f)| (r == repair).then_some(f))
                .unwrap_or_default(),
            repair,
            seen,
            back,
            rivals,
            displaced,
        })
    }

    /// Replacements: the candidates of an ambiguity, readings in other languages, and the
    /// ranked readings.
    fn try_replacements(&self, t: &Trouble<'_>, legal: &[Move], best: &mut Best) {
        let Trouble {
            pos,
            origins,
            written,
            ranked,
            rest,
            resolution,
            preferred,
            ..
        } = *t;
        // Replacements: the candidates of an ambiguity, readings in other languages, and the
        // ranked readings.
        let mut candidates: Vec<(Move, Option<usize>)> = match resolution {
            Resolution::Ambiguous(ms) | Resolution::MissingPromotion(ms) => {
                ms.iter().map(|m| (*m, None)).collect()
            }
            _ => Vec::new(),
        };
        for text in preferred {
            if let Some(m) = legal
                .iter()
                .find(|m| self.writer().write(pos, origins, m) == *text)
                && !candidates.iter().any(|c| c.0 == *m)
            {
                candidates.push((*m, None));
            }
        }
        // Far-fetched readings are no repair.
        let limit = render::plausible_limit(written);
        for c in ranked.iter().filter(|c| c.cost <= limit) {
            if !candidates.iter().any(|x| x.0 == c.m) {
                candidates.push((c.m, Some(c.reach)));
            }
        }
        for (rank, (m, reach)) in candidates.iter().enumerate() {
            let queen_first = u32::from(m.promotion().is_some_and(|r| r != Role::Queen));
            let seen = reach.unwrap_or_else(|| self.reach_after(pos, origins, m, rest));
            best.consider(
                seen,
                10 + rank.min(50) as u32 + queen_first,
                Repair::Replace(*m),
                0,
                start_after(pos, origins, &[*m]),
            );
        }
    }

    /// A missing half-move before the token, or before one of the tokens `back` just before it.
    fn try_insertions(&self, t: &Trouble<'_>, tok: &MoveToken, back: &[Back<'_>], best: &mut Best) {
        let Trouble {
            pos,
            origins,
            rest,
            resolution,
            numbering,
            ..
        } = *t;
        let wrong_side = matches!(resolution, Resolution::Illegal(Illegal::WrongSide { .. }));
        // A missing half-move before the token, or before one of the tokens just before it.
        // (moves read after the token, tokens back, missing move, the move of the token
        // after the gap)
        let mut inserts: Vec<Insertion> = Vec::new();
        for g in 0..=back.len() {
            let (p0, o0) = if g == 0 {
                (pos, origins)
            } else {
                let b = &back[back.len() - g];
                (b.pos, b.origins)
            };
            let mut toks: Vec<&MoveToken> = back[back.len() - g..].iter().map(|b| b.tok).collect();
            toks.push(tok);
            for x in p0.legal_moves() {
                let mut p = p0.clone();
                let mut o = *o0;
                o.play(&x);
                p.play_unchecked(x);
                if let Some((p, o, moves)) = self.replay(&p, &o, &toks) {
                    inserts.push((self.lookahead(&p, &o, rest), g, x, moves[0]));
                }
            }
        }
        if let Some(top) = inserts.iter().map(|i| i.0).max() {
            // Among the inserts that read furthest, those that agree best with the move
            // numbers written.
            let misfit = |g: usize| -> u32 {
                let n = back.len();
                (0..=n)
                    .map(|i| {
                        let number = if i == n {
                            numbering.current
                        } else {
                            back[i].number
                        };
                        let ply = numbering.ply + i as u32 - n as u32 + u32::from(i >= n - g);
                        numbering.misfit(number, ply)
                    })
                    .sum()
            };
            let reading: Vec<(u32, &Insertion)> = inserts
                .iter()
                .filter(|i| i.0 == top)
                .map(|i| (misfit(i.1), i))
                .collect();
            let least = reading.iter().map(|r| r.0).min().unwrap_or(0);
            let tied: Vec<&Insertion> = reading
                .iter()
                .filter(|r| r.0 == least)
                .map(|r| r.1)
                .collect();
            // Those that read as far may still differ after the token that stops them all.
            let fitted = tied.len();
            let tied = self.through_ties(t, tok, back, tied);
            // A unique missing move is named; several that fit are a weaker repair, taken
            // only when later moves bear it out, or when the token is a move of the other
            // side as written.
            let (_, g, missing, then) = *tied[0];
            if (tied.len() == 1 || top >= 2 || (wrong_side && g == 0)) && (g == 0 || top >= 1) {
                let cost = if tied.len() == 1 || (wrong_side && g == 0) {
                    9
                } else {
                    16
                };
                let repair = Repair::Insert {
                    missing,
                    then,
                    fits: tied.len(),
                };
                let moves = tied.iter().filter(|i| i.1 == g).take(3).map(|i| i.2);
                best.fits = Some((
                    repair.clone(),
                    Fits {
                        moves: moves.collect(),
                        through: (fitted > 1 && tied.len() == 1).then_some(fitted),
                    },
                ));
                if let Some((p, o)) = self.gap_start(t, tok, back, tied[0]) {
                    best.consider(top, cost, repair, g, (p, o, 0));
                }
            }
            self.shorter_gaps(t, tok, back, &inserts, top, best);
        }
    }

    /// Insertions that read less far than the best: at each of the next reaches, the one that
    /// the rest of the line tells from the others that read as far, for weighing on the whole
    /// line (a gap whose true move reads less far when a later slip
    /// happens to fit another move better: `14. g5` left out, `18. f6` for `f5`). They never
    /// win by moves read alone.
    fn shorter_gaps(
        &self,
        t: &Trouble<'_>,
        tok: &MoveToken,
        back: &[Back<'_>],
        inserts: &[Insertion],
        top: usize,
        best: &mut Best,
    ) {
        // Only where the whole line will be weighed: no repair so far reads to its end.
        let ends = |seen: usize| seen >= t.rest.len() && t.beyond.unreadable.is_none();
        if ends(top) || best.best.as_ref().is_some_and(|b| ends(b.0)) || !self.reads_through() {
            return;
        }
        let mut reaches: Vec<usize> = inserts
            .iter()
            .map(|i| i.0)
            .filter(|&r| r >= THROUGH_AFTER && r < top)
            .collect();
        reaches.sort_unstable_by(|a, b| b.cmp(a));
        reaches.dedup();
        for reach in reaches.into_iter().take(SHORTER_GAPS) {
            // Those that reach as far, told apart by the rest of the line.
            let at: Vec<&Insertion> = inserts.iter().filter(|i| i.0 == reach).collect();
            if let [i] = self.through_ties(t, tok, back, at)[..]
                && let Some((p, o)) = self.gap_start(t, tok, back, i)
            {
                let repair = Repair::Insert {
                    missing: i.2,
                    then: i.3,
                    fits: 1,
                };
                best.consider(reach, 9, repair, i.1, (p, o, 0));
            }
        }
    }

    /// Two adjacent half-moves swapped: the token and the next, or earlier ones.
    fn try_swaps(&self, t: &Trouble<'_>, tok: &MoveToken, back: &[Back<'_>], best: &mut Best) {
        let Trouble {
            pos, origins, rest, ..
        } = *t;
        // The token and the next one swapped.
        if let Some(next) = rest.first()
            && next.unmarked(self.text) != tok.unmarked(self.text)
            && let Some((p, o, moves)) = self.replay(pos, origins, &[next, tok])
        {
            let seen = 1 + self.lookahead(&p, &o, &rest[1..]);
            best.consider(
                seen,
                8,
                Repair::Swap {
                    first: moves[0],
                    second: moves[1],
                },
                0,
                (p, o, 1),
            );
        }
        // Two half-moves just before it swapped, or the one before and the token itself.
        for k in 1..=back.len() {
            let b = &back[back.len() - k];
            let mut toks: Vec<&MoveToken> = back[back.len() - k..].iter().map(|b| b.tok).collect();
            toks.push(tok);
            if toks[0].unmarked(self.text) == toks[1].unmarked(self.text) {
                continue;
            }
            toks.swap(0, 1);
            if let Some((p, o, moves)) = self.replay(b.pos, b.origins, &toks)
                && let seen = self.lookahead(&p, &o, rest)
                && seen >= 1
            {
                best.consider(
                    seen,
                    8,
                    Repair::Swap {
                        first: moves[0],
                        second: moves[1],
                    },
                    k,
                    (p, o, 0),
                );
            }
        }
    }

    /// Is this token the same text as the move token just before it? (The word before it may
    /// be any text, read by no parse: its marks are found by the grammar's mark rules.)
    pub(super) fn written_twice(&self, tok: &MoveToken) -> bool {
        let text = tok.unmarked(self.text);
        let before = &self.text[..tok.span.start];
        let prev = before
            .split_whitespace()
            .rev()
            .find(|w| !w.chars().next().is_some_and(|c| c.is_ascii_digit()));
        prev.is_some_and(|p| without_marks(p) == text)
    }
}

#[cfg(test)]
mod tests {
    use super::leading_piece;
    use crate::syntax::grammar::Registry;

    fn letters_of(code: &str) -> crate::syntax::grammar::Language {
        Registry::builtin()
            .languages()
            .into_iter()
            .find(|l| l.serves(code))
            .expect("a built-in language")
    }

    #[test]
    fn the_piece_a_token_starts_with_is_read_by_the_longest_letter() {
        // English: K king, N knight; German: S knight, L bishop; Russian: Кр king, К knight.
        assert_eq!(leading_piece(&letters_of("en"), "Ke3"), Some(0));
        assert_eq!(leading_piece(&letters_of("en"), "Nf3"), Some(4));
        assert_eq!(leading_piece(&letters_of("de"), "Sf3"), Some(4));
        assert_eq!(leading_piece(&letters_of("de"), "Lb5"), Some(3));
        assert_eq!(leading_piece(&letters_of("ru"), "Крe1"), Some(0));
        assert_eq!(leading_piece(&letters_of("ru"), "Кf3"), Some(4));
        // A pawn move or a letter of no piece.
        assert_eq!(leading_piece(&letters_of("en"), "e4"), None);
        assert_eq!(leading_piece(&letters_of("en"), "Sf3"), None);
    }
}
