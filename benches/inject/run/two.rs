//! Two and three independent mistakes in one game (issue 15): a dropped half-move and a single-character
//! slip 5–20 half-moves apart, in either order, or two slips 10–30 half-moves apart; a dropped
//! half-move and two slips, or three slips, each 5–20 half-moves after the last. Each slip
//! is an edit that leaves no legal move where it stands (a slip that stays legal is measured
//! apart, as "legal but wrong").
//!
//! Measured per case: **located**, an error at each mistake (the slip's token, the token after
//! the gap); **named**, each mistake named with the true move (the slip's first suggestion, a
//! `skipped_move` with the dropped move as the only fit); **blamed**, an error at any other
//! token (a correct move blamed). A case is *identifiable* when each mistake has one
//! explanation: its dropped half-move, alone in the game, one (gap, move) that fits the rest
//! (as for the single drops); each slip, no other legal move written as close to the slip
//! (plain edit distance) after which the rest of the game, its other mistakes mended, is
//! legal (`6` for `h6` is not identifiable when `a6` fits the rest as well).

use super::{
    Clock, Kind, Outcome, Prepared, Rng, blank_case, drop_fits, drop_span, edit_body, errors,
    excerpt, first_illegal, overlaps, same_move, san_move, state_at, summary,
};
use scoresheet::check::{MoveState, Repair};
use scoresheet::diagnostic::Code;
use scoresheet::span::Span;
use shakmaty::Position;
use shakmaty::san::San;

/// The single-character kinds a slip is drawn from.
const SLIPS: [Kind; 4] = [
    Kind::Substitution,
    Kind::Insertion,
    Kind::Deletion,
    Kind::PieceLetter,
];

/// One edit of the original text: its span there and what replaces it.
struct Edit {
    span: Span,
    with: String,
}

/// Where a position of the original text lands in the edited text (`x` not inside an edit;
/// an edit that ends at or before `x` moves it).
fn map(edits: &[Edit], x: usize) -> usize {
    let delta: isize = edits
        .iter()
        .filter(|e| e.span.end <= x)
        .map(|e| e.with.len() as isize - e.span.len() as isize)
        .sum();
    x.wrapping_add_signed(delta)
}

fn map_span(edits: &[Edit], s: Span) -> Span {
    Span::new(map(edits, s.start), map(edits, s.end))
}

pub(super) fn two_errors(game: &Prepared, rng: &mut Rng, clock: &Clock) -> Outcome {
    let n = game.toks.len();
    let order = rng.below(3);
    let (lo, hi, sub) = match order {
        0 => (5, 20, "drop, then slip"),
        1 => (5, 20, "slip, then drop"),
        _ => (10, 30, "two slips"),
    };
    let dist = lo + rng.below(hi - lo + 1);
    if n < dist + 5 {
        return Outcome::Skip;
    }
    let first = rng.below(n - dist - 3);
    let second = first + dist;
    let (drop, slips) = match order {
        0 => (Some(first), vec![second]),
        1 => (Some(second), vec![first]),
        _ => (None, vec![first, second]),
    };
    several(game, rng, clock, (Kind::TwoErrors, sub), (drop, slips))
}

/// Three independent mistakes in one game, each 5–20 half-moves after the one before: a
/// dropped half-move (first, second or last) and two slips, or three slips.
pub(super) fn three_errors(game: &Prepared, rng: &mut Rng, clock: &Clock) -> Outcome {
    let n = game.toks.len();
    let gaps = [5 + rng.below(16), 5 + rng.below(16)];
    if n < gaps[0] + gaps[1] + 5 {
        return Outcome::Skip;
    }
    let first = rng.below(n - gaps[0] - gaps[1] - 3);
    let at = [first, first + gaps[0], first + gaps[0] + gaps[1]];
    let (sub, drop, slips) = if rng.below(2) == 0 {
        let d = rng.below(3);
        let slips = (0..3).filter(|&i| i != d).map(|i| at[i]).collect();
        ("a drop and two slips", Some(at[d]), slips)
    } else {
        ("three slips", None, at.to_vec())
    };
    several(game, rng, clock, (Kind::ThreeErrors, sub), (drop, slips))
}

/// The game with a dropped half-move at `drop` (if any) and a slip at each of `slips`,
/// checked and measured.
fn several(
    game: &Prepared,
    rng: &mut Rng,
    clock: &Clock,
    (kind, sub): (Kind, &'static str),
    (drop, slips): (Option<usize>, Vec<usize>),
) -> Outcome {
    let n = game.toks.len();
    let first = drop
        .into_iter()
        .chain(slips.iter().copied())
        .min()
        .unwrap_or(0);
    let mut edits = Vec::new();
    for &s in &slips {
        let kind = SLIPS[rng.below(SLIPS.len())];
        let body = game.body(s);
        let Some((_, new)) = edit_body(kind, body, rng) else {
            return Outcome::Skip;
        };
        if new == body || san_move(&game.toks[s].before, &new).is_some() {
            return Outcome::Skip;
        }
        let start = game.toks[s].span.start;
        edits.push(Edit {
            span: Span::new(start, start + game.toks[s].body_len),
            with: new,
        });
    }
    if let Some(p) = drop {
        edits.push(Edit {
            span: drop_span(game, p),
            with: String::new(),
        });
    }
    edits.sort_by_key(|e| e.span.start);
    let text = &game.text;
    let mut edited = String::with_capacity(text.len());
    let mut at = 0;
    for e in &edits {
        edited.push_str(&text[at..e.span.start]);
        edited.push_str(&e.with);
        at = e.span.end;
    }
    edited.push_str(&text[at..]);
    let Ok(file) = clock.check(&edited) else {
        return Outcome::Skip;
    };
    let errs = errors(&file);
    let g = file.games.first();
    let repair_at = |span: Span| {
        g.and_then(|g| g.repairs.iter().find(|r| overlaps(r.span, span)))
            .map(|r| &r.repair)
    };
    // (slot in the edited text, found, named) per mistake.
    let mut marks: Vec<(Span, bool, bool)> = Vec::new();
    let mut c = blank_case(kind, sub, first as u32 + 1);
    let mut written = Vec::new();
    let mut truth = Vec::new();
    for &s in &slips {
        let tok = &game.toks[s];
        let slot = map_span(&edits, tok.span);
        // A slip that the checker still reads as the move played (an abbreviated pawn capture
        // such as `fxg`, read with a note) is no mistake.
        if state_at(&file, slot) == Some(MoveState::Legal(tok.mv)) {
            return Outcome::Discarded;
        }
        let d = errs.iter().find(|d| overlaps(d.span, slot));
        let named = d.is_some_and(|d| {
            d.suggestions
                .first()
                .is_some_and(|x| same_move(x, &tok.san, &tok.before, tok.mv))
        });
        marks.push((slot, d.is_some(), named));
        written.push(format!(
            "`{}` -> `{}`",
            game.body(s),
            &edited[slot.start..slot.end]
        ));
        truth.push(tok.san.clone());
    }
    c.identifiable = slips
        .iter()
        .zip(&edits_of_slips(&edits, &slips, game))
        .all(|(&s, w)| slip_explained_once(game, s, w));
    if let Some(p) = drop {
        let tok = &game.toks[p];
        let slot = map_span(&edits, game.toks[p + 1].span);
        let named = matches!(
            repair_at(slot),
            Some(Repair::Insert { missing, fits: 1, .. }) if *missing == tok.mv
        ) && errs
            .iter()
            .any(|d| d.code() == Code::SkippedMove && overlaps(d.span, slot));
        let found = errs.iter().any(|d| overlaps(d.span, slot));
        marks.push((slot, found, named));
        written.push(format!("`{}` dropped", game.body(p)));
        truth.push(tok.san.clone());
        // The drop alone in the game: one (gap, move) fits the rest.
        let bodies: Vec<&str> = (0..n).filter(|&i| i != p).map(|i| game.body(i)).collect();
        let k = first_illegal(&tok.before, &bodies[p..]);
        c.identifiable &= k.is_some_and(|k| drop_fits(game, p, &bodies, p + k) == 1);
    }
    c.written = written.join(", ");
    c.truth = truth.join(" ");
    let all = marks
        .iter()
        .map(|m| m.0)
        .reduce(Span::join)
        .unwrap_or(Span::new(0, 0));
    c.before = excerpt(text, map_back(&edits, all, game));
    c.after = excerpt(&edited, all);
    c.report = summary(&file);
    c.located = marks.iter().all(|m| m.1);
    c.named = marks.iter().all(|m| m.2);
    c.blamed = errs
        .iter()
        .any(|d| !marks.iter().any(|m| overlaps(d.span, m.0)));
    if c.identifiable && (!c.named || c.blamed) {
        let mut why = Vec::new();
        for (i, m) in marks.iter().enumerate() {
            let what = if drop.is_some() && i == marks.len() - 1 {
                "the drop"
            } else {
                "a slip"
            };
            if !m.1 {
                why.push(format!("{what} not located"));
            } else if !m.2 {
                why.push(format!("{what} located, not named"));
            }
        }
        if c.blamed {
            why.push("an error at a correct move".to_owned());
        }
        c.cause = why.join("; ");
    }
    Outcome::Case(Box::new(c))
}

/// What each slip's token was edited into.
fn edits_of_slips<'e>(edits: &'e [Edit], slips: &[usize], game: &Prepared) -> Vec<&'e str> {
    slips
        .iter()
        .map(|&s| {
            let start = game.toks[s].span.start;
            edits
                .iter()
                .find(|e| e.span.start == start)
                .map_or("", |e| e.with.as_str())
        })
        .collect()
}

/// Whether the slip at `s`, written `w`, has one explanation: no legal move other than the one
/// played, written in SAN no further from `w` (plain edit distance, marks aside), after which
/// the rest of the game as played is legal.
fn slip_explained_once(game: &Prepared, s: usize, w: &str) -> bool {
    let tok = &game.toks[s];
    let bare = |t: &str| t.trim_end_matches(['+', '#']).to_owned();
    let w = bare(w);
    let limit = strsim::levenshtein(&w, &bare(&tok.san));
    let rest: Vec<&str> = (s + 1..game.toks.len()).map(|i| game.body(i)).collect();
    !tok.before.legal_moves().iter().any(|m| {
        if *m == tok.mv {
            return false;
        }
        let san = San::from_move(&tok.before, *m).to_string();
        if strsim::levenshtein(&w, &san) > limit {
            return false;
        }
        let mut after = tok.before.clone();
        after.play_unchecked(*m);
        first_illegal(&after, &rest).is_none()
    })
}

/// The span of the original text that the edited `span` covers (for the excerpt before).
fn map_back(edits: &[Edit], span: Span, game: &Prepared) -> Span {
    let first = edits.first().map_or(span.start, |e| e.span.start);
    let last = edits.last().map_or(span.end, |e| e.span.end);
    let end = game
        .toks
        .iter()
        .map(|t| t.span.end)
        .find(|&e| e >= last)
        .unwrap_or(last);
    Span::new(first.min(span.start), end)
}
