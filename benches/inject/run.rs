//! Running the cases: prepare a game, inject one mistake, check it, score what was found.

use super::{Case, Corpus, Kind, Results, Rng};
use scoresheet::check::{CheckedFile, MoveState, Options, Repair, check_str};
use scoresheet::diagnostic::{Code, Diagnostic, Severity};
use scoresheet::span::Span;
use scoresheet::syntax::Item;
use shakmaty::san::San;
use shakmaty::{Chess, Move, Position};
use std::cell::Cell;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

mod two;

fn options() -> Options {
    Options::given("algebraic", "en")
}

/// Time spent checking the clean games and the games with mistakes, and how many of each were
/// checked (for the cost of a bad move: see `Timing`), for one run.
#[derive(Default)]
struct Clock {
    clean: Cell<(Duration, usize)>,
    edited: Cell<(Duration, usize)>,
    /// With `INJECT_DUMP` set: the last game with mistakes checked, to write out when its
    /// case misses a target.
    last: std::cell::RefCell<Option<String>>,
}

impl Clock {
    /// Checks a game, its time added to `slot`.
    fn time(
        slot: &Cell<(Duration, usize)>,
        text: &str,
    ) -> Result<CheckedFile, scoresheet::check::CheckError> {
        let t = Instant::now();
        let file = check_str("game.pgn", text, &options());
        let (d, n) = slot.get();
        slot.set((d + t.elapsed(), n + 1));
        file
    }

    /// Checks a game with mistakes, timed.
    fn check(&self, text: &str) -> Result<CheckedFile, scoresheet::check::CheckError> {
        if std::env::var_os("INJECT_DUMP").is_some() {
            *self.last.borrow_mut() = Some(text.to_owned());
        }
        Self::time(&self.edited, text)
    }

    fn timing(&self) -> super::Timing {
        let ((clean, clean_games), (edited, edited_games)) = (self.clean.get(), self.edited.get());
        super::Timing {
            clean_secs: clean.as_secs_f64(),
            clean_games,
            edited_secs: edited.as_secs_f64(),
            edited_games,
        }
    }
}

/// One main-line move token of a clean game.
#[derive(Clone, Debug)]
struct Tok {
    span: Span,
    /// Length of the token without trailing `+`, `#`, `!`, `?`.
    body_len: usize,
    mv: Move,
    before: Chess,
    san: String,
    /// The move number right before the token.
    number: Option<Span>,
    /// The next item of the line is a move token.
    next_is_move: bool,
}

#[derive(Clone, Debug)]
struct Prepared {
    text: String,
    toks: Vec<Tok>,
}

impl Prepared {
    fn body(&self, i: usize) -> &str {
        let t = &self.toks[i];
        &self.text[t.span.start..t.span.start + t.body_len]
    }
}

const SAN_CHARS: &str = "abcdefghNBRQKx12345678=O-";

/// Reads a clean game: no errors, no variations, at least 12 half-moves, every token read by
/// shakmaty's SAN reader as by the checker.
fn prepare(text: &str, clock: &Clock) -> Option<Prepared> {
    let file = Clock::time(&clock.clean, text).ok()?;
    if file.has_errors() || file.games.len() != 1 {
        return None;
    }
    let g = &file.games[0];
    let mut pos = g.start.clone()?;
    if !g.complete {
        return None;
    }
    let items = &g.syntax.root.items;
    let mut toks = Vec::new();
    for (i, item) in items.iter().enumerate() {
        match item {
            Item::Variation(_) | Item::Unknown(_) => return None,
            Item::Move(tok) => {
                let MoveState::Legal(mv) = g.moves[tok.index] else {
                    return None;
                };
                let full = &text[tok.span.start..tok.span.end];
                let body = full.trim_end_matches(['+', '#', '!', '?']);
                if body.is_empty() || !body.chars().all(|c| SAN_CHARS.contains(c)) {
                    return None;
                }
                if San::from_ascii(body.as_bytes()).ok()?.to_move(&pos).ok()? != mv {
                    return None;
                }
                let number = match i.checked_sub(1).map(|j| &items[j]) {
                    Some(Item::MoveNumber(n)) => Some(n.span),
                    _ => None,
                };
                toks.push(Tok {
                    span: tok.span,
                    body_len: body.len(),
                    mv,
                    before: pos.clone(),
                    san: San::from_move(&pos, mv).to_string(),
                    number,
                    next_is_move: matches!(items.get(i + 1), Some(Item::Move(_))),
                });
                pos.play_unchecked(mv);
            }
            _ => {}
        }
    }
    (toks.len() >= 12).then(|| Prepared {
        text: text.to_owned(),
        toks,
    })
}

/// Reads a SAN token as shakmaty does, except that a wrong capture mark (`x` on a quiet
/// move, none on a capture) is only a slip, as for the checker.
pub fn san_move(pos: &Chess, body: &str) -> Option<Move> {
    let san = San::from_ascii(body.as_bytes()).ok()?;
    if let Ok(m) = san.to_move(pos) {
        return Some(m);
    }
    match san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => San::Normal {
            role,
            file,
            rank,
            capture: !capture,
            to,
            promotion,
        }
        .to_move(pos)
        .ok(),
        _ => None,
    }
}

/// Plays SAN tokens from `pos`; the index of the first that is not a legal move, if any.
fn first_illegal(pos: &Chess, bodies: &[&str]) -> Option<usize> {
    let mut p = pos.clone();
    for (i, b) in bodies.iter().enumerate() {
        match san_move(&p, b) {
            Some(m) => p.play_unchecked(m),
            None => return Some(i),
        }
    }
    None
}

const fn overlaps(a: Span, b: Span) -> bool {
    a.start < b.end && b.start < a.end
}

/// Moves a span of the original text to the edited text, after `delta` bytes were added at
/// `at` (spans starting at or after `at` move).
const fn shift(s: Span, at: usize, delta: isize) -> Span {
    if s.start >= at {
        Span::new(
            s.start.wrapping_add_signed(delta),
            s.end.wrapping_add_signed(delta),
        )
    } else {
        s
    }
}

/// The text around `span`, on one line.
fn excerpt(text: &str, span: Span) -> String {
    let mut start = span.start.saturating_sub(36);
    while start > 0 && !text.is_char_boundary(start) {
        start -= 1;
    }
    if start > 0
        && let Some(i) = text[start..span.start].find(char::is_whitespace)
    {
        start += i + 1;
    }
    let mut end = (span.end + 36).min(text.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    if end < text.len()
        && let Some(i) = text[span.end..end].rfind(char::is_whitespace)
    {
        end = span.end + i;
    }
    let mut s: String = text[start..end]
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .collect();
    if start > 0 {
        s.insert(0, '…');
    }
    if end < text.len() {
        s.push('…');
    }
    s
}

fn strip_marks(s: &str) -> &str {
    s.trim_end_matches(['+', '#', '!', '?'])
}

/// Is this suggestion the true move?
fn same_move(suggestion: &str, san: &str, pos: &Chess, mv: Move) -> bool {
    let s = strip_marks(suggestion.trim());
    s == san || san_move(pos, s) == Some(mv)
}

fn errors(file: &CheckedFile) -> Vec<&Diagnostic> {
    let mut e: Vec<&Diagnostic> = file
        .all_diagnostics()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    e.sort_by_key(|d| d.span.start);
    e
}

/// The checker's errors and repairs, in short, for the failure report.
fn summary(file: &CheckedFile) -> String {
    let text = &file.text;
    let mut out = String::new();
    for d in errors(file).into_iter().take(3) {
        let at = text.get(d.span.start..d.span.end).unwrap_or("?");
        let _ = writeln!(
            out,
            "{} at `{}` (ply {}): {}; suggestions {:?}",
            d.code(),
            at,
            d.ply.map_or("-".to_owned(), |p| p.to_string()),
            d.problem,
            d.suggestions.iter().take(4).collect::<Vec<_>>()
        );
    }
    if let Some(g) = file.games.first() {
        for r in g.repairs.iter().take(2) {
            let at = text.get(r.span.start..r.span.end).unwrap_or("?");
            let what = match &r.repair {
                Repair::Replace(m) => format!("replace by {m}"),
                Repair::Insert {
                    missing,
                    then,
                    fits,
                } => {
                    format!("insert {missing} then {then} (fits {fits})")
                }
                Repair::Swap { first, second } => format!("swap: {first} then {second}"),
                Repair::SwapOneSide {
                    first,
                    between,
                    second,
                } => format!("one side's swap: {first}, {between}, {second}"),
                Repair::Delete => "delete".to_owned(),
            };
            let _ = writeln!(out, "repair at `{at}`: {what}");
        }
    }
    if out.is_empty() {
        out.push_str("no error reported\n");
    }
    out
}

const fn is_file(c: char) -> bool {
    matches!(c, 'a'..='h')
}

const fn is_rank(c: char) -> bool {
    matches!(c, '1'..='8')
}

/// Characters never produced by an edit: they would change the structure of the text
/// (comments, tags, variations, NAGs) rather than a move.
const FORBIDDEN: &str = "[]{}();%$\"'\\";

/// Keys next to `c` on a QWERTY keyboard (letters keep their case; shifted digits are not
/// offered).
fn keyboard(c: char) -> Vec<char> {
    const ROWS: [&str; 4] = ["1234567890-=", "qwertyuiop[]", "asdfghjkl;'", "zxcvbnm,./"];
    let upper = c.is_ascii_uppercase();
    let lc = c.to_ascii_lowercase();
    let rows: Vec<Vec<char>> = ROWS.iter().map(|r| r.chars().collect()).collect();
    let mut out = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let Some(i) = row.iter().position(|&x| x == lc) else {
            continue;
        };
        let mut add = |rr: usize, ii: isize| {
            if let Some(&k) = usize::try_from(ii).ok().and_then(|ii| rows[rr].get(ii)) {
                out.push(k);
            }
        };
        let i = i as isize;
        add(r, i - 1);
        add(r, i + 1);
        if r > 0 {
            add(r - 1, i);
            add(r - 1, i + 1);
        }
        if r + 1 < rows.len() {
            add(r + 1, i - 1);
            add(r + 1, i);
        }
    }
    out.into_iter()
        .filter_map(|k| {
            if upper {
                k.is_ascii_alphabetic().then(|| k.to_ascii_uppercase())
            } else {
                Some(k)
            }
        })
        .filter(|k| !FORBIDDEN.contains(*k) && *k != c)
        .collect()
}

/// Typing and handwriting confusions of issue 6.
fn confusion(c: char) -> Option<char> {
    const PAIRS: [(char, char); 5] = [('b', '6'), ('l', '1'), ('O', '0'), ('S', '5'), ('g', '9')];
    PAIRS.iter().find_map(|&(a, b)| {
        if c == a {
            Some(b)
        } else if c == b {
            Some(a)
        } else {
            None
        }
    })
}

/// Picks one of several groups of candidates (a group uniformly, then a candidate).
fn pick<T: Clone>(rng: &mut Rng, groups: &[(&'static str, Vec<T>)]) -> Option<(&'static str, T)> {
    let live: Vec<&(&'static str, Vec<T>)> = groups.iter().filter(|g| !g.1.is_empty()).collect();
    if live.is_empty() {
        return None;
    }
    let g = live[rng.below(live.len())];
    Some((g.0, g.1[rng.below(g.1.len())].clone()))
}

/// A single-character edit of a token body: (finer kind, new body).
fn edit_body(kind: Kind, body: &str, rng: &mut Rng) -> Option<(&'static str, String)> {
    let chars: Vec<char> = body.chars().collect();
    let with = |i: usize, c: Option<char>, insert: bool| -> String {
        let mut v = chars.clone();
        match (c, insert) {
            (Some(c), true) => v.insert(i, c),
            (Some(c), false) => v[i] = c,
            (None, _) => {
                v.remove(i);
            }
        }
        v.into_iter().collect()
    };
    match kind {
        Kind::Substitution => {
            let mut conf = Vec::new();
            let mut keys = Vec::new();
            let mut near = Vec::new();
            for (i, &c) in chars.iter().enumerate() {
                if let Some(r) = confusion(c) {
                    conf.push((i, r));
                }
                for k in keyboard(c) {
                    keys.push((i, k));
                }
                if is_file(c) || is_rank(c) {
                    let (lo, hi) = if is_file(c) { ('a', 'h') } else { ('1', '8') };
                    for d in [-1i32, 1] {
                        let n = char::from_u32((c as u32).wrapping_add_signed(d))
                            .filter(|n| (lo..=hi).contains(n));
                        if let Some(n) = n {
                            near.push((i, n));
                        }
                    }
                }
            }
            let (sub, (i, c)) = pick(
                rng,
                &[("confusion", conf), ("keyboard", keys), ("file/rank", near)],
            )?;
            Some((sub, with(i, Some(c), false)))
        }
        Kind::Insertion => {
            let mut doubled = Vec::new();
            let mut keys = Vec::new();
            let mut other = Vec::new();
            for i in 0..=chars.len() {
                let around: Vec<char> = [i.checked_sub(1), Some(i)]
                    .into_iter()
                    .flatten()
                    .filter_map(|j| chars.get(j).copied())
                    .collect();
                for &c in &around {
                    doubled.push((i, c));
                    for k in keyboard(c) {
                        keys.push((i, k));
                    }
                }
                for c in "abcdefgh12345678NBRQKx".chars() {
                    other.push((i, c));
                }
            }
            let (sub, (i, c)) = pick(
                rng,
                &[
                    ("doubled", doubled),
                    ("keyboard", keys),
                    ("chess character", other),
                ],
            )?;
            Some((sub, with(i, Some(c), true)))
        }
        Kind::Deletion => {
            let i = rng.below(chars.len());
            let c = chars[i];
            let sub = if "NBRQK".contains(c) {
                "piece letter"
            } else if is_file(c) {
                "file"
            } else if is_rank(c) {
                "rank"
            } else if c == 'x' {
                "capture mark"
            } else {
                "other"
            };
            Some((sub, with(i, None, false)))
        }
        Kind::PieceLetter => {
            let first = *chars.first()?;
            if !"NBRQK".contains(first) {
                return None;
            }
            let others: Vec<char> = "NBRQK".chars().filter(|&c| c != first).collect();
            let c = others[rng.below(others.len())];
            Some(("piece", with(0, Some(c), false)))
        }
        Kind::Dropped
        | Kind::Swapped
        | Kind::SameSideSwap
        | Kind::TwoErrors
        | Kind::ThreeErrors => None,
    }
}

/// Finds the main-line move token at `span` in the edited game: its state, if it is one.
fn state_at(file: &CheckedFile, span: Span) -> Option<MoveState> {
    let g = file.games.first()?;
    g.syntax.root.items.iter().find_map(|item| match item {
        Item::Move(t) if t.span == span => Some(g.moves[t.index]),
        _ => None,
    })
}

/// Where an error lies relative to the expected token, in words.
fn whereabouts(d: &Diagnostic, expected: Span) -> &'static str {
    if overlaps(d.span, expected) {
        "at the token"
    } else if d.span.start >= expected.end {
        "at a later token"
    } else {
        "at an earlier token"
    }
}

/// Failure causes tell a suggestion that breaks one of the next few moves (`check::SOON`)
/// from one that breaks a move only later (the checker reads to the end of the line).
const LOOKAHEAD: usize = 8;

/// What the edited game has at `span`, in words.
fn item_at(file: &CheckedFile, span: Span) -> &'static str {
    let Some(g) = file.games.first() else {
        return "no game";
    };
    let found = g.syntax.root.items.iter().find(|item| {
        let s = match item {
            Item::Move(t) => t.span,
            Item::MoveNumber(n) => n.span,
            Item::Ellipsis(s) | Item::Unknown(s) => *s,
            Item::Comment(c) => c.span,
            Item::Nag(n) => n.span,
            Item::Variation(v) => v.span,
            Item::Result(r) => r.span,
        };
        overlaps(s, span)
    });
    match found {
        None => "nothing (skipped)",
        Some(Item::Move(_)) => "a move token",
        Some(Item::MoveNumber(_)) => "a move number",
        Some(Item::Ellipsis(_)) => "an ellipsis",
        Some(Item::Unknown(_)) => "unknown text",
        Some(Item::Comment(_)) => "a comment",
        Some(Item::Nag(_)) => "an annotation",
        Some(Item::Variation(_)) => "a variation",
        Some(Item::Result(_)) => "a result",
    }
}

/// Runs `count` cases with `seed`.
pub fn run(corpus: &Corpus, seed: u64, count: usize) -> Results {
    let clock = Clock::default();
    let mut rng = Rng::new(seed);
    let mut cache: HashMap<usize, Option<Prepared>> = HashMap::new();
    let mut results = Results {
        seed,
        ..Results::default()
    };
    if corpus.games.is_empty() {
        return results;
    }
    let mut attempts = 0usize;
    while results.cases.len() < count && attempts < count * 200 {
        attempts += 1;
        let kind = Kind::ALL[results.cases.len() % Kind::ALL.len()];
        let gi = rng.below(corpus.games.len());
        let prepared = cache.entry(gi).or_insert_with(|| {
            results.games_tried += 1;
            let p = prepare(&corpus.games[gi].text, &clock);
            results.games_clean += usize::from(p.is_some());
            p
        });
        let Some(game) = prepared.as_ref() else {
            continue;
        };
        let origin = (corpus.games[gi].file.clone(), corpus.games[gi].number);
        let outcome = match kind {
            Kind::Dropped => dropped(game, &mut rng, &clock),
            Kind::Swapped => swapped(game, &mut rng, 1, &clock),
            Kind::SameSideSwap => swapped(game, &mut rng, 2, &clock),
            Kind::TwoErrors => two::two_errors(game, &mut rng, &clock),
            Kind::ThreeErrors => two::three_errors(game, &mut rng, &clock),
            _ => single(game, kind, &mut rng, &clock),
        };
        match outcome {
            Outcome::Skip => {}
            Outcome::Discarded => *results.discarded.entry(kind).or_default() += 1,
            Outcome::Case(mut c) => {
                c.origin = origin;
                dump(&c, &clock);
                results.cases.push(*c);
            }
        }
    }
    results.timing = clock.timing();
    results
}

/// With `INJECT_DUMP=dir`: writes the checked text of a case that misses a target to a file
/// in `dir` named after the case's game and ply (for reading the checker's report in full).
fn dump(c: &Case, clock: &Clock) {
    let (Some(dir), Some(text)) = (std::env::var_os("INJECT_DUMP"), clock.last.take()) else {
        return;
    };
    if !c.cause.is_empty() {
        let name = format!(
            "{}-{}-{}.pgn",
            c.origin.0.trim_end_matches(".pgn"),
            c.origin.1,
            c.ply
        );
        let _ = std::fs::write(std::path::Path::new(&dir).join(name), text);
    }
}

enum Outcome {
    /// Not applicable to the chosen token.
    Skip,
    /// The edit does not change the move.
    Discarded,
    Case(Box<Case>),
}

fn blank_case(kind: Kind, sub: &'static str, ply: u32) -> Case {
    Case {
        kind,
        sub,
        origin: (String::new(), 0),
        ply,
        written: String::new(),
        edited: String::new(),
        truth: String::new(),
        legal_but_wrong: false,
        unreadable: false,
        detectable: true,
        identifiable: false,
        located: false,
        located_at_edit: false,
        rank: None,
        named: false,
        blamed: false,
        cause: String::new(),
        before: String::new(),
        after: String::new(),
        report: String::new(),
    }
}

fn single(game: &Prepared, kind: Kind, rng: &mut Rng, clock: &Clock) -> Outcome {
    let p = rng.below(game.toks.len());
    let tok = &game.toks[p];
    let body = game.body(p);
    let Some((sub, new_body)) = edit_body(kind, body, rng) else {
        return Outcome::Skip;
    };
    if new_body == body {
        return Outcome::Discarded;
    }
    let text = &game.text;
    let body_end = tok.span.start + tok.body_len;
    let edited_text = format!(
        "{}{}{}",
        &text[..tok.span.start],
        new_body,
        &text[body_end..]
    );
    let delta = new_body.len() as isize - body.len() as isize;
    let slot = Span::new(tok.span.start, tok.span.end.wrapping_add_signed(delta));
    let Ok(file) = clock.check(&edited_text) else {
        return Outcome::Skip;
    };
    let state = state_at(&file, slot);
    let errs = errors(&file);
    let mut c = blank_case(kind, sub, p as u32 + 1);
    c.written = body.to_owned();
    c.edited = new_body.clone();
    c.truth = tok.san.clone();
    c.before = excerpt(text, tok.span);
    c.after = excerpt(&edited_text, slot);
    c.report = summary(&file);
    // A legal edit named as a slip from a later error: the token is assumed to be another
    // move, and a `likely_slip` is reported at it.
    let slip = errs
        .iter()
        .find(|d| d.code() == Code::LikelySlip && overlaps(d.span, slot));
    let as_written = match state {
        Some(MoveState::Legal(m)) => Some(m),
        Some(MoveState::Assumed(_)) if slip.is_some() => san_move(&tok.before, &new_body),
        _ => None,
    };
    match as_written {
        Some(m) if m == tok.mv => return Outcome::Discarded,
        Some(m) => {
            c.legal_but_wrong = true;
            c.named = slip.is_some()
                && file.games.first().is_some_and(|g| {
                    g.repairs.iter().any(|r| {
                        overlaps(r.span, slot)
                            && matches!(r.repair, Repair::Replace(x) if x == tok.mv)
                    })
                });
            let mut after = tok.before.clone();
            after.play_unchecked(m);
            let rest: Vec<&str> = (p + 1..game.toks.len()).map(|i| game.body(i)).collect();
            c.located_at_edit = errs.iter().any(|d| overlaps(d.span, slot));
            match first_illegal(&after, &rest) {
                None => {
                    c.detectable = false;
                    c.located = errs.is_empty();
                }
                Some(k) => {
                    let expected = shift(game.toks[p + 1 + k].span, tok.span.end, delta);
                    c.located = c.named || errs.first().is_some_and(|d| overlaps(d.span, expected));
                    if !c.located {
                        c.cause = match errs.first() {
                            None => "legal but wrong: no error reported".to_owned(),
                            Some(d) => format!(
                                "legal but wrong: first error {} {}",
                                d.code(),
                                if overlaps(d.span, slot) {
                                    "at the edited token".to_owned()
                                } else {
                                    whereabouts(d, expected).to_owned()
                                }
                            ),
                        };
                    }
                }
            }
        }
        _ => {
            c.unreadable = state.is_none();
            let d = errs.iter().find(|d| overlaps(d.span, slot));
            c.located = d.is_some();
            match d {
                None => {
                    let read = item_at(&file, slot);
                    c.cause = match errs.first() {
                        None => format!("not located: the edited token read as {read}; no error"),
                        Some(d) => format!(
                            "not located: the edited token read as {read}; first error {} {}",
                            d.code(),
                            whereabouts(d, slot)
                        ),
                    };
                }
                Some(d) => {
                    c.rank = d
                        .suggestions
                        .iter()
                        .position(|s| same_move(s, &tok.san, &tok.before, tok.mv));
                    if c.rank != Some(0) {
                        let code = d.code();
                        let rest: Vec<&str> =
                            (p + 1..game.toks.len()).map(|i| game.body(i)).collect();
                        c.cause = if matches!(
                            code,
                            Code::SkippedMove | Code::SwappedMoves | Code::MoveWrittenTwice
                        ) {
                            format!("misnamed as {code}")
                        } else {
                            let rank = match c.rank {
                                None if d.suggestions.is_empty() => "no suggestion",
                                Some(1 | 2) => "true move 2nd or 3rd",
                                _ => "true move not in the first three",
                            };
                            let top = d
                                .suggestions
                                .first()
                                .and_then(|s| san_move(&tok.before, strip_marks(s.trim())));
                            let fate = match top {
                                None if d.suggestions.is_empty() => String::new(),
                                None => "; the first suggestion is no legal move".to_owned(),
                                Some(m) => {
                                    let mut after = tok.before.clone();
                                    after.play_unchecked(m);
                                    match first_illegal(&after, &rest) {
                                        None => {
                                            "; the first suggestion fits the rest of the game too"
                                                .to_owned()
                                        }
                                        Some(k) if k < LOOKAHEAD => format!(
                                            "; the first suggestion makes one of the next {LOOKAHEAD} moves illegal"
                                        ),
                                        Some(_) => format!(
                                            "; the first suggestion makes a move illegal, but only more than {LOOKAHEAD} half-moves later"
                                        ),
                                    }
                                }
                            };
                            format!("{code}: {rank}{fate}")
                        };
                    }
                }
            }
        }
    }
    Outcome::Case(Box::new(c))
}

/// How many (gap, move) pairs near `p` make every later move legal, up to 2.
fn drop_fits(game: &Prepared, p: usize, bodies: &[&str], last: usize) -> usize {
    let mut count = 0;
    for g in p.saturating_sub(4)..=last {
        let pos = if g <= p {
            game.toks[g].before.clone()
        } else {
            let mut pos = game.toks[p].before.clone();
            for b in &bodies[p..g] {
                let Some(m) = san_move(&pos, b) else {
                    return count;
                };
                pos.play_unchecked(m);
            }
            pos
        };
        for x in pos.legal_moves() {
            let mut q = pos.clone();
            q.play_unchecked(x);
            if first_illegal(&q, &bodies[g..]).is_none() {
                count += 1;
                if count >= 2 {
                    return count;
                }
            }
        }
    }
    count
}

/// The text of a dropped half-move: its token, with its move number when no move would be
/// left after that number, and one blank after it.
fn drop_span(game: &Prepared, p: usize) -> Span {
    let tok = &game.toks[p];
    let mut cut = tok.span;
    if let Some(num) = tok.number
        && !tok.next_is_move
    {
        cut.start = num.start;
    }
    if game.text[cut.end..].starts_with(' ') {
        cut.end += 1;
    }
    cut
}

fn dropped(game: &Prepared, rng: &mut Rng, clock: &Clock) -> Outcome {
    let n = game.toks.len();
    if n < 5 {
        return Outcome::Skip;
    }
    // At least three half-moves follow the dropped one.
    let p = rng.below(n - 3);
    let tok = &game.toks[p];
    let text = &game.text;
    let cut = drop_span(game, p);
    let edited_text = format!("{}{}", &text[..cut.start], &text[cut.end..]);
    let delta = -(cut.len() as isize);
    let slot = shift(game.toks[p + 1].span, cut.end, delta);
    let Ok(file) = clock.check(&edited_text) else {
        return Outcome::Skip;
    };
    let bodies: Vec<&str> = (0..n).filter(|&i| i != p).map(|i| game.body(i)).collect();
    let mut c = blank_case(Kind::Dropped, "dropped", p as u32 + 1);
    c.written = game.body(p).to_owned();
    c.truth = tok.san.clone();
    c.before = excerpt(text, tok.span.join(game.toks[p + 1].span));
    c.after = excerpt(&edited_text, slot);
    c.report = summary(&file);
    let k = first_illegal(&tok.before, &bodies[p..]);
    c.detectable = k.is_some();
    c.identifiable = k.is_some_and(|k| drop_fits(game, p, &bodies, p + k) == 1);
    let errs = errors(&file);
    c.located = errs.first().is_some_and(|d| overlaps(d.span, slot));
    let g = file.games.first();
    let repair_at = |span: Span| {
        g.and_then(|g| g.repairs.iter().find(|r| overlaps(r.span, span)))
            .map(|r| &r.repair)
    };
    c.named = matches!(
        repair_at(slot),
        Some(Repair::Insert { missing, fits: 1, .. }) if *missing == tok.mv
    ) && errs
        .iter()
        .any(|d| d.code() == Code::SkippedMove && overlaps(d.span, slot));
    if c.detectable && !c.named {
        let k = k.unwrap_or(0);
        let first_bad = shift(game.toks[p + 1 + k].span, cut.end, delta);
        let gap = if k == 0 {
            "illegal right after the gap".to_owned()
        } else {
            format!("reads on legally for {k} half-move(s) after the gap")
        };
        c.cause = match errs.first() {
            None => format!("{gap}; no error reported"),
            Some(d) => {
                let code = d.code();
                let place = if overlaps(d.span, slot) {
                    "at the token after the gap".to_owned()
                } else if overlaps(d.span, first_bad) {
                    "at the first illegal token".to_owned()
                } else {
                    whereabouts(d, slot).to_owned()
                };
                let detail = match (code, repair_at(d.span)) {
                    (Code::SkippedMove, Some(Repair::Insert { missing, fits, .. })) => {
                        if *missing != tok.mv && *fits == 1 {
                            ", naming another move as the only fit".to_owned()
                        } else if *fits > 1 && *missing == tok.mv {
                            ", several moves fit its lookahead (the first is the true one)"
                                .to_owned()
                        } else if *fits > 1 {
                            ", several moves fit its lookahead (the first is another)".to_owned()
                        } else {
                            String::new()
                        }
                    }
                    _ => String::new(),
                };
                format!("{gap}; first error {code} {place}{detail}")
            }
        };
        if !c.identifiable {
            c.cause = format!("(not identifiable) {}", c.cause);
        }
    }
    Outcome::Case(Box::new(c))
}

/// The checker reads the edited game without error as the same moves (only marks changed).
fn same_moves(file: &CheckedFile, game: &Prepared) -> bool {
    file.games.first().is_some_and(|g| {
        !file.has_errors()
            && g.mainline.len() == game.toks.len()
            && g.mainline
                .iter()
                .zip(&game.toks)
                .all(|(m, t)| *m == Some(t.mv))
    })
}

/// Two tokens `gap` half-moves apart (1: adjacent; 2: one side's two consecutive moves)
/// written in each other's place.
fn swapped(game: &Prepared, rng: &mut Rng, gap: usize, clock: &Clock) -> Outcome {
    let n = game.toks.len();
    if n <= gap + 1 {
        return Outcome::Skip;
    }
    let p = rng.below(n - gap);
    let q = p + gap;
    let (a, b) = (&game.toks[p], &game.toks[q]);
    let (ba, bb) = (game.body(p), game.body(q));
    if ba == bb {
        return Outcome::Skip;
    }
    let text = &game.text;
    let ta = &text[a.span.start..a.span.end];
    let tb = &text[b.span.start..b.span.end];
    let edited_text = format!(
        "{}{}{}{}{}",
        &text[..a.span.start],
        tb,
        &text[a.span.end..b.span.start],
        ta,
        &text[b.span.end..]
    );
    let slot1 = Span::new(a.span.start, a.span.start + tb.len());
    let slot2 = Span::new(b.span.end - ta.len(), b.span.end);
    let Ok(file) = clock.check(&edited_text) else {
        return Outcome::Skip;
    };
    if same_moves(&file, game) {
        return Outcome::Discarded;
    }
    let mut bodies: Vec<&str> = (0..n).map(|i| game.body(i)).collect();
    bodies.swap(p, q);
    let k = first_illegal(&a.before, &bodies[p..]);
    let (kind, sub) = match (gap, k) {
        (1, _) => (Kind::Swapped, "swapped"),
        (_, Some(0)) => (Kind::SameSideSwap, "shows at the first"),
        (_, Some(1)) => (Kind::SameSideSwap, "shows at the reply"),
        (_, Some(2)) => (Kind::SameSideSwap, "shows at the second"),
        _ => (Kind::SameSideSwap, "shows later"),
    };
    let mut c = blank_case(kind, sub, p as u32 + 1);
    c.written = format!("{ba} {bb}");
    c.edited = format!("{bb} {ba}");
    c.truth = format!("{} {}", a.san, b.san);
    c.before = excerpt(text, a.span.join(b.span));
    c.after = excerpt(&edited_text, slot1.join(slot2));
    c.report = summary(&file);
    c.detectable = k.is_some();
    // Any other swap nearby (as far from the pair as the checker looks back from an error),
    // of adjacent half-moves or of one side's two, that makes the rest of the game legal is
    // another explanation.
    let alternatives = (p.saturating_sub(6)..=q + 6)
        .flat_map(|j| [(j, j + 1), (j, j + 2)])
        .filter(|&(i, j)| j < n && (i, j) != (p, q))
        .filter(|&(i, j)| {
            let mut seq = bodies.clone();
            seq.swap(i, j);
            let s = i.min(p);
            first_illegal(&game.toks[s].before, &seq[s..]).is_none()
        })
        .count();
    c.identifiable = c.detectable && alternatives == 0;
    let errs = errors(&file);
    let both = slot1.join(slot2);
    c.located = errs.first().is_some_and(|d| overlaps(d.span, both));
    c.named = file.games.first().is_some_and(|g| {
        g.repairs.iter().any(|r| {
            overlaps(r.span, both)
                && match r.repair {
                    Repair::Swap { first, second } => gap == 1 && first == a.mv && second == b.mv,
                    Repair::SwapOneSide { first, second, .. } => {
                        gap == 2 && first == a.mv && second == b.mv
                    }
                    _ => false,
                }
        })
    }) && errs
        .iter()
        .any(|d| d.code() == Code::SwappedMoves && overlaps(d.span, both));
    if c.detectable && !c.named {
        let k = k.unwrap_or(0);
        let shows = match k {
            0 => "first swapped token illegal".to_owned(),
            k if k < gap => format!("illegal {k} half-move(s) after the first swapped token"),
            k if k == gap => "second swapped token illegal".to_owned(),
            k => format!(
                "both swapped tokens legal, illegal {} half-move(s) later",
                k - gap
            ),
        };
        c.cause = match errs.first() {
            None => format!("{shows}; no error reported"),
            Some(d) => {
                let place = if overlaps(d.span, both) {
                    "at the swapped tokens".to_owned()
                } else {
                    whereabouts(d, both).to_owned()
                };
                format!("{shows}; first error {} {place}", d.code())
            }
        };
        if !c.identifiable {
            c.cause = format!("(not identifiable) {}", c.cause);
        }
    }
    Outcome::Case(Box::new(c))
}
