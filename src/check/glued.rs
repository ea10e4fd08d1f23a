//! Two moves typed without a space between them (`e4e5`, `Nf3Nc6`, `1.e4e5`).
//!
//! A token in error (unreadable, or read as one move that is illegal: `e4e5` is the long
//! algebraic e4–e5) that the game's own grammar reads as two moves is split, and the game is
//! checked again. The splits are kept when the game then has fewer errors, and only those
//! whose two moves are both legal there; each is reported as a warning with its fix, a space.
//! A token that reads as a legal move as written is never split: the long-algebraic `e2e4`
//! stays one move.

use crate::check::types::{CheckedGame, MoveState};
use crate::diagnostic::{Diagnostic, Problem, Severity};
use crate::span::Span;
use crate::syntax::grammar::ParserEntry;
use crate::syntax::{GameSyntax, Item, Line, MoveToken, SyntaxIssue};

/// Tokens longer than this (bytes) are not split: two glued moves are short.
const LONGEST: usize = 24;

/// At most this many tokens of a game are tried (a score in another language has an error
/// at nearly every token, none of which splits).
const MOST_TRIED: usize = 64;

/// Rounds of splitting: each reads the game again with the splits so far.
const ROUNDS: usize = 4;

/// The game checked as written (`once`, which has errors), read again with its glued tokens
/// split by `check` (which checks a syntax): each round splits the tokens in error of the best
/// reading so far (after an error the line may be read no further, so later glued tokens show
/// in a later round), keeping the splits whose two moves are legal while the errors fall;
/// `once` itself when no split helps. Each kept split is a warning of the game returned.
pub(super) fn reread(
    once: CheckedGame,
    text: &str,
    parser: &ParserEntry,
    check: impl Fn(GameSyntax) -> CheckedGame,
) -> CheckedGame {
    let check_split = |splits: &[Split]| check(split_syntax(&once.syntax, splits));
    let mut best: Option<(CheckedGame, Vec<Split>)> = None;
    for _ in 0..ROUNDS {
        let (current, done) = match &best {
            Some((g, kept)) => (g, kept.as_slice()),
            None => (&once, &[][..]),
        };
        let new = splits(current, text, parser);
        if new.is_empty() {
            break;
        }
        let tried: Vec<Split> = done.iter().cloned().chain(new).collect();
        let mut game = check_split(&tried);
        let mut kept = legal(&tried, &game);
        if kept.len() < tried.len() && !kept.is_empty() {
            // Only the splits whose two moves are legal.
            game = check_split(&kept);
            kept = legal(&kept, &game);
        }
        if kept.is_empty() || errors(&game) >= errors(current) {
            break;
        }
        best = Some((game, kept));
    }
    let Some((mut game, kept)) = best else {
        return once;
    };
    let warnings: Vec<_> = kept.iter().map(|s| warning(s, text, &game)).collect();
    game.diagnostics.extend(warnings);
    game.diagnostics.sort_by_key(|d| (d.span.start, d.severity));
    game
}

/// A token read as two moves.
#[derive(Clone, Debug)]
struct Split {
    /// The token.
    span: Span,
    first: MoveToken,
    second: MoveToken,
}

/// The tokens in error of a checked game that read as two moves of its grammar.
fn splits(game: &CheckedGame, text: &str, parser: &ParserEntry) -> Vec<Split> {
    let mut out = Vec::new();
    let mut tried = 0usize;
    for item in game.syntax.root.items() {
        let span = match item {
            Item::Move(tok)
                if matches!(
                    game.state(tok.index),
                    MoveState::Error | MoveState::Assumed(_)
                ) =>
            {
                tok.span
            }
            Item::Unknown(span) => *span,
            _ => continue,
        };
        if tried >= MOST_TRIED {
            break;
        }
        tried += 1;
        let Some(token) = text
            .get(span.start..span.end)
            .filter(|t| t.len() <= LONGEST && may_hold_two(t))
        else {
            continue;
        };
        if let Some(split) = split_token(token, span, parser) {
            out.push(split);
        }
    }
    out
}

/// Can a token hold two moves? Each names a square (a digit), but castling.
fn may_hold_two(token: &str) -> bool {
    token.bytes().filter(u8::is_ascii_digit).count() >= 2 || token.contains("O-O")
}

/// The first cut of a token into two texts that each read as one move.
fn split_token(token: &str, span: Span, parser: &ParserEntry) -> Option<Split> {
    token.char_indices().skip(1).find_map(|(cut, _)| {
        let first = one_move(&token[..cut], span.start, parser)?;
        let second = one_move(&token[cut..], span.start + cut, parser)?;
        Some(Split {
            span,
            first,
            second,
        })
    })
}

/// The text read alone as exactly one move token and nothing else (spans from `base`).
fn one_move(text: &str, base: usize, parser: &ParserEntry) -> Option<MoveToken> {
    let read = (parser.parse)(text, base);
    match (read.issues.is_empty(), read.root.items.as_slice()) {
        (true, [Item::Move(m)]) => Some(m.clone()),
        _ => None,
    }
}

/// The game's syntax with each split token read as its two moves (the move tokens numbered
/// again in text order).
fn split_syntax(syntax: &GameSyntax, splits: &[Split]) -> GameSyntax {
    let mut out = syntax.clone();
    out.issues
        .retain(|i| !matches!(i, SyntaxIssue::Unknown(s) if splits.iter().any(|x| x.span == *s)));
    replace(&mut out.root, splits);
    let mut n = 0;
    renumber(&mut out.root, &mut n);
    out.move_count = n;
    out
}

/// Puts each split token's two moves in its place (variations nest at most the walker's
/// bound deep).
fn replace(line: &mut Line, splits: &[Split]) {
    let items = std::mem::take(&mut line.items);
    line.items.reserve(items.len() + 1);
    for mut item in items {
        let span = match &item {
            Item::Move(m) => Some(m.span),
            Item::Unknown(s) => Some(*s),
            _ => None,
        };
        if let Some(split) = span.and_then(|s| splits.iter().find(|x| x.span == s)) {
            line.items.push(Item::Move(split.first.clone()));
            line.items.push(Item::Move(split.second.clone()));
            continue;
        }
        if let Item::Variation(v) = &mut item {
            replace(v, splits);
        }
        line.items.push(item);
    }
}

/// Numbers the move tokens in text order, as the walker does.
fn renumber(line: &mut Line, n: &mut usize) {
    for item in &mut line.items {
        match item {
            Item::Move(m) => {
                m.index = *n;
                *n += 1;
            }
            Item::Variation(v) => renumber(v, n),
            _ => {}
        }
    }
}

/// The splits whose two moves both resolved in the game checked with them.
fn legal(splits: &[Split], game: &CheckedGame) -> Vec<Split> {
    let index_of = |span: Span| {
        game.syntax
            .root
            .moves()
            .find(|m| m.span == span)
            .map(|m| m.index)
    };
    splits
        .iter()
        .filter(|s| {
            [s.first.span, s.second.span].into_iter().all(|span| {
                index_of(span).is_some_and(|i| matches!(game.state(i), MoveState::Legal(_)))
            })
        })
        .cloned()
        .collect()
}

/// The errors of a checked game.
fn errors(game: &CheckedGame) -> usize {
    game.diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count()
}

/// The warning for a split token, with its fix: the two moves with a space; `checked` is the
/// game read with the splits (the ply is its first move's, on the main line).
fn warning(split: &Split, text: &str, checked: &CheckedGame) -> Diagnostic {
    let src = |s: Span| text.get(s.start..s.end).unwrap_or("").to_owned();
    let (first, second) = (src(split.first.span), src(split.second.span));
    let mut d = Diagnostic::new(
        Problem::MissingSpace {
            text: src(split.span),
            first: first.clone(),
            second: second.clone(),
        },
        split.span,
    )
    .label("two moves (assumed)")
    .help(format!(
        "as one move it is not legal here; write a space between the two: `{first} {second}`"
    ))
    .suggest(vec![format!("{first} {second}")]);
    d.game = checked.number;
    d.ply = checked
        .syntax
        .root
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Move(m) => Some(m.span),
            _ => None,
        })
        .position(|s| s == split.first.span)
        .and_then(|k| u32::try_from(k + 1).ok());
    d
}
