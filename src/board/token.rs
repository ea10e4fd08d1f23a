//! One move token on its own: read it with a derived parser and resolve it in a position.
//!
//! [`resolve_move_token`] is the one place where a parsed move token of any notation
//! (algebraic, long, coordinate, UCI, Smith, ICCF, figurine, English and Spanish descriptive)
//! is resolved on a board: the game checker, the linter and [`resolve_token_with`] all call
//! it. [`resolve_token`] and [`resolve_token_with`] are the same for a single token given as
//! text, for callers that have a position and a piece of text (a GUI, a test vector) rather
//! than a game score.
//!
//! ```
//! use scoresheet::board::{resolve_token, TokenOutcome};
//! use shakmaty::Chess;
//!
//! let pos = Chess::default();
//! match resolve_token(&pos, "Nf3") {
//!     TokenOutcome::Legal(m) => assert_eq!(m.to().to_string(), "f3"),
//!     other => panic!("unexpected {other:?}"),
//! }
//! assert!(matches!(resolve_token(&pos, "Nf4"), TokenOutcome::Illegal(_)));
//! assert!(matches!(resolve_token(&pos, "Nf3 Nf6"), TokenOutcome::Invalid(_)));
//! ```

use shakmaty::{Chess, Move};

use crate::board::descriptive::{Origins, move_patterns, resolve_readings, written_mark};
use crate::board::pattern::Pattern;
use crate::board::resolve::{Illegal, Resolution, resolve, sole_normal};
use crate::span::Span;
use crate::syntax::grammar::{ParserEntry, builtin_parser as parser_for};
use crate::syntax::kind::TokenExplanation;
use crate::syntax::{Item, MoveBody, MoveToken};

/// What one move token turned out to be in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenOutcome {
    /// Exactly one legal move matches.
    Legal(Move),
    /// A null move (`--`, `Z0`), allowed here because the side to move is not in check.
    Null,
    /// The token is a move, but no legal move matches it; the reason says why.
    Illegal(Illegal),
    /// Several legal moves match it.
    Ambiguous(Vec<Move>),
    /// A pawn reaches the last rank but the promotion piece is not written.
    MissingPromotion(Vec<Move>),
    /// The text is not one move token.
    Invalid(InvalidToken),
}

/// Why a text is not one move token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InvalidToken {
    /// The text is empty.
    Empty,
    /// The text starts or ends with white space (a token never does).
    Whitespace,
    /// The grammar cannot read the text as a move; the explanation says where and why.
    NotAMove(TokenExplanation),
    /// The text holds a move and something else that is no annotation of it (another move,
    /// a move number, a result, a comment, text that is no token…). The span is the first
    /// such thing, in bytes of the text.
    Extra {
        /// Where the extra text is.
        span: Span,
    },
}

/// Reads `token` as one English algebraic move token.
///
/// Annotations that belong to the move are accepted after it, also when separated by
/// spaces: glyphs (`!?`), NAGs (`$1`), evaluation symbols (`±`), a separate `+` or `e.p.`.
///
/// # Errors
/// [`InvalidToken`] when the text is not exactly one move token.
pub fn parse_token(token: &str) -> Result<MoveToken, InvalidToken> {
    parse_token_with(english(), token)
}

/// Reads `token` as one move token of the given derived parser (see [`parse_token`]).
///
/// # Errors
/// [`InvalidToken`] when the text is not exactly one move token.
pub fn parse_token_with(parser: &ParserEntry, token: &str) -> Result<MoveToken, InvalidToken> {
    if token.is_empty() {
        return Err(InvalidToken::Empty);
    }
    if token.trim() != token {
        return Err(InvalidToken::Whitespace);
    }
    let syntax = (parser.parse)(token, 0);
    let mut found: Option<MoveToken> = None;
    let mut extra: Option<Span> = None;
    for item in &syntax.root.items {
        match item {
            Item::Move(m) if found.is_none() => found = Some(m.clone()),
            Item::Nag(_) if found.is_some() => {}
            other => {
                extra.get_or_insert(item_span(other));
            }
        }
    }
    if let Some(span) = extra {
        // Text that is no token at all is best explained by the grammar itself.
        if found.is_none() {
            return Err(InvalidToken::NotAMove((parser.explain)(token)));
        }
        return Err(InvalidToken::Extra { span });
    }
    if let Some(issue) = syntax.issues.first() {
        return Err(match found {
            Some(_) => InvalidToken::Extra { span: issue.span() },
            None => InvalidToken::NotAMove((parser.explain)(token)),
        });
    }
    found.ok_or_else(|| InvalidToken::NotAMove((parser.explain)(token)))
}

/// Resolves one English algebraic move token in `pos`.
///
/// The token is read with the English algebraic grammar (see [`parse_token`]) and resolved by
/// the same resolver as whole games. Check, mate, capture and e.p. marks are not compared
/// with the board here: a game check reports them as warnings.
pub fn resolve_token(pos: &Chess, token: &str) -> TokenOutcome {
    resolve_token_with(english(), pos, token)
}

/// Resolves one move token of the given derived parser in `pos` (see [`resolve_token`]), of
/// any notation: `P-K4` with the descriptive parser, `g1f3` with the coordinate one. Pieces
/// are taken as standing on their origins (for descriptive `KR`, `QN`).
pub fn resolve_token_with(parser: &ParserEntry, pos: &Chess, token: &str) -> TokenOutcome {
    let tok = match parse_token_with(parser, token) {
        Ok(t) => t,
        Err(e) => return TokenOutcome::Invalid(e),
    };
    match resolve_move_token(&tok, pos, &Origins::from_position(pos)) {
        Resolution::Legal(m) => TokenOutcome::Legal(m),
        Resolution::Null => TokenOutcome::Null,
        Resolution::Illegal(why) => TokenOutcome::Illegal(why),
        Resolution::Ambiguous(ms) => TokenOutcome::Ambiguous(ms),
        Resolution::MissingPromotion(ms) => TokenOutcome::MissingPromotion(ms),
    }
}

/// Resolves a parsed move token in `pos`: exactly one legal move matches → `Legal`; none →
/// `Illegal` with the reason; several → `Ambiguous` naming each (or `MissingPromotion`).
///
/// Every notation's token is read here. A descriptive token has every reading its parts
/// allow, relative to the mover, with `origins` telling where each piece started (`KR`,
/// `QN`); when several legal moves remain, its check or mate mark (or its absence) and its
/// e.p. mark choose, as readers of descriptive scores do (`B-N5ch`). A descriptive token
/// carries the symbols its grammar read, so no source text is needed.
pub fn resolve_move_token(tok: &MoveToken, pos: &Chess, origins: &Origins) -> Resolution {
    match &tok.body {
        MoveBody::Descriptive(d) => resolve_readings(
            pos,
            &move_patterns(d, pos, origins),
            written_mark(tok),
            tok.ep().is_some(),
        ),
        // Almost every written move is told from the move itself; else from its one
        // pattern, on the stack (see [`token_patterns`]).
        MoveBody::Normal(n) => match sole_normal(pos, n) {
            Some(m) => Resolution::Legal(m),
            None => resolve(pos, &[Pattern::from_body(&tok.body)]),
        },
        body => resolve(pos, &[Pattern::from_body(body)]),
    }
}

/// The patterns of a parsed move token in a position: one for every notation but
/// descriptive, whose token has every reading its parts allow (see [`resolve_move_token`]
/// for `origins`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum TokenPatterns {
    /// The one pattern of a token (no heap allocation).
    One([Pattern; 1]),
    /// The readings of a descriptive token.
    Many(Vec<Pattern>),
}

impl TokenPatterns {
    /// The patterns, for [`resolve`].
    pub(crate) fn as_slice(&self) -> &[Pattern] {
        match self {
            TokenPatterns::One(p) => p,
            TokenPatterns::Many(v) => v,
        }
    }
}

/// The patterns of a parsed move token in `pos` (see [`TokenPatterns`]).
pub(crate) fn token_patterns(tok: &MoveToken, pos: &Chess, origins: &Origins) -> TokenPatterns {
    match &tok.body {
        MoveBody::Descriptive(d) => TokenPatterns::Many(move_patterns(d, pos, origins)),
        body => TokenPatterns::One([Pattern::from_body(body)]),
    }
}

/// The English algebraic parser, which every build has.
fn english() -> &'static ParserEntry {
    parser_for("algebraic", "en").expect("the English algebraic grammar is built in")
}

fn item_span(item: &Item) -> Span {
    match item {
        Item::Move(m) => m.span,
        Item::MoveNumber(n) => n.span,
        Item::Ellipsis(s) | Item::Unknown(s) => *s,
        Item::Comment(c) => c.span,
        Item::Nag(n) => n.span,
        Item::Variation(l) => l.span,
        Item::Result(r) => r.span,
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::{Chess, Position};

    use crate::board::resolve::Illegal;
    use crate::board::resolve::tests::{position, uci};
    use crate::board::token::{TokenOutcome, resolve_token, resolve_token_with};
    use crate::syntax::grammar::builtin_parser as parser_for;

    /// The move a token of `notation` × `lang` resolves to, in UCI.
    fn legal(notation: &str, lang: &str, pos: &Chess, token: &str) -> String {
        let parser = parser_for(notation, lang).expect("a built-in parser");
        match resolve_token_with(parser, pos, token) {
            TokenOutcome::Legal(m) => m.to_uci(shakmaty::CastlingMode::Standard).to_string(),
            other => panic!("{notation}/{lang} `{token}`: {other:?}"),
        }
    }

    #[test]
    fn every_notation_resolves_its_own_tokens() {
        let start = Chess::default();
        let cases = [
            ("algebraic", "en", "Nf3", "g1f3"),
            ("algebraic", "en", "Ng1-f3", "g1f3"),
            ("algebraic", "en", "♘f3", "g1f3"),
            ("algebraic", "de", "Sf3", "g1f3"),
            ("coordinate", "en", "g1-f3", "g1f3"),
            ("uci", "en", "e2e4", "e2e4"),
            ("smith", "en", "e2e4", "e2e4"),
            ("iccf", "en", "5254", "e2e4"),
            ("descriptive", "en", "P-K4", "e2e4"),
            ("descriptive", "en", "N-KB3", "g1f3"),
            ("descriptive_es", "es", "P4R", "e2e4"),
            ("descriptive_es", "es", "C3AR", "g1f3"),
        ];
        for (notation, lang, token, want) in cases {
            assert_eq!(legal(notation, lang, &start, token), want, "{token}");
        }
    }

    #[test]
    fn descriptive_ranks_count_from_black_for_black() {
        let mut pos = Chess::default();
        pos.play_unchecked(uci(&pos, "e2e4"));
        assert_eq!(legal("descriptive", "en", &pos, "P-K4"), "e7e5");
        assert_eq!(legal("descriptive_es", "es", &pos, "P4R"), "e7e5");
    }

    #[test]
    fn castling_in_every_spelling() {
        // Both sides free: `Castles` alone is ambiguous, with a wing it is one move.
        let pos = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(legal("algebraic", "en", &pos, "O-O-O"), "e1c1");
        assert_eq!(legal("descriptive", "en", &pos, "O-O-O"), "e1c1");
        assert_eq!(legal("descriptive", "en", &pos, "Castles QR"), "e1c1");
        assert_eq!(legal("descriptive", "en", &pos, "Castles KR"), "e1g1");
        let parser = parser_for("descriptive", "en").expect("descriptive");
        match resolve_token_with(parser, &pos, "Castles") {
            TokenOutcome::Ambiguous(ms) => {
                assert_eq!(ms.len(), 2);
                assert!(ms.iter().all(|m| m.is_castle()), "{ms:?}");
            }
            other => panic!("{other:?}"),
        }
        // Only the king's side free: `Castles` is that move.
        let pos = position("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1");
        assert_eq!(legal("descriptive", "en", &pos, "Castles"), "e1g1");
    }

    #[test]
    fn illegal_and_ambiguous_tokens_say_so() {
        let start = Chess::default();
        assert!(matches!(
            resolve_token(&start, "Nf4"),
            TokenOutcome::Illegal(Illegal::CannotReach { .. })
        ));
        let parser = parser_for("descriptive", "en").expect("descriptive");
        // `N-B3` reads as QB3 and KB3: both knights can go.
        match resolve_token_with(parser, &start, "N-B3") {
            TokenOutcome::Ambiguous(ms) => {
                let mut to: Vec<String> = ms.iter().map(|m| m.to().to_string()).collect();
                to.sort();
                assert_eq!(to, ["c3", "f3"]);
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            resolve_token_with(parser, &start, "P-K5"),
            TokenOutcome::Illegal(_)
        ));
        assert!(matches!(
            resolve_token_with(parser, &start, "P-K4 P-K4"),
            TokenOutcome::Invalid(_)
        ));
    }
}
