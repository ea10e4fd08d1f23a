//! The top-level tokens of a game as the walker reads them: one [`Top`] per top-level pair of
//! the game rule's parse tree, holding what the walker needs of it (a move already built, a
//! tag's name and value, a result's outcome…), so that a token read once can be walked again
//! at another place of the text ([`Top::shift`]).

use pest::iterators::Pair;

use super::moves::{build_move, check_mark};
use crate::span::{Span, Spanned};
use crate::syntax::kind::{Kind, RuleKind};
use crate::syntax::signs::plain_nag;
use crate::syntax::{CheckMark, Comment, MoveBody, MoveNumber, MoveToken, Outcome, Tag};

/// One top-level token of a game (spans in the file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Top {
    /// A tag pair.
    Tag(Tag),
    /// A `[` line that is not a tag pair.
    BrokenTag(Span),
    /// A move token (its `index` is set by the walker).
    Move(MoveToken),
    /// A move number.
    MoveNumber(Spanned<MoveNumber>),
    /// A lone ellipsis.
    Ellipsis(Span),
    /// A comment.
    Comment(Comment),
    /// A `%` escape line.
    EscapeLine(Span),
    /// A `{` never closed.
    UnclosedComment(Span),
    /// `(`.
    VariationStart(Span),
    /// `)`.
    VariationEnd(Span),
    /// A result token.
    Result(Spanned<Outcome>),
    /// A NAG, glyph or evaluation symbol, as its NAG.
    Nag(Spanned<u16>),
    /// A comma, slash or semicolon between moves.
    Separator(Span),
    /// A check or mate sign written apart.
    StandaloneMark(Spanned<CheckMark>),
    /// An `e.p.` written apart.
    EpMark(Span),
    /// Text that is no token.
    Unknown(Span),
    /// A rule that only occurs inside a token, met alone.
    Inside(Span),
}

impl Top {
    /// The token's span (a tag pair's whole span, a move token's).
    pub(crate) fn span_mut(&mut self) -> &mut Span {
        match self {
            Top::Tag(t) => &mut t.span,
            Top::Move(m) => &mut m.span,
            Top::MoveNumber(s) => &mut s.span,
            Top::Result(s) => &mut s.span,
            Top::Nag(s) => &mut s.span,
            Top::StandaloneMark(s) => &mut s.span,
            Top::Comment(c) => &mut c.span,
            Top::BrokenTag(s)
            | Top::Ellipsis(s)
            | Top::EscapeLine(s)
            | Top::UnclosedComment(s)
            | Top::VariationStart(s)
            | Top::VariationEnd(s)
            | Top::EpMark(s)
            | Top::Separator(s)
            | Top::Unknown(s)
            | Top::Inside(s) => s,
        }
    }

    /// The same token `delta` bytes further in the file.
    pub(crate) fn shift(&mut self, delta: usize) {
        match self {
            Top::Tag(t) => {
                t.span = t.span.offset(delta);
                t.value_span = t.value_span.offset(delta);
            }
            Top::Move(m) => shift_move(m, delta),
            other => {
                let span = other.span_mut();
                *span = span.offset(delta);
            }
        }
    }
}

/// Moves every span of a move token `delta` bytes further.
pub(super) fn shift_move(m: &mut MoveToken, delta: usize) {
    // The marks are kept from the token's start: they move with it.
    m.span = m.span.offset(delta);
    if let MoveBody::Descriptive(d) = &mut m.body {
        d.who.span = d.who.span.offset(delta);
        for part in [&mut d.to, &mut d.captured, &mut d.at]
            .into_iter()
            .flatten()
        {
            part.span = part.span.offset(delta);
        }
    }
}

/// Reads one top-level pair of a game (its text starts at byte `base` of the file); `None`
/// for what the walker skips (`[pgn]` wrappers, the end of input).
pub(crate) fn lower<R: RuleKind>(pair: Pair<'_, R>, base: usize) -> Option<Top> {
    let s = pair.as_span();
    let span = Span::new(s.start() + base, s.end() + base);
    Some(match pair.as_rule().kind() {
        Kind::Tag => Top::Tag(tag(pair, span, base)),
        Kind::BrokenTag => Top::BrokenTag(span),
        // `[pgn]`/`[/pgn]` around a pasted game: not part of the score.
        Kind::ForumTag | Kind::Eoi => return None,
        Kind::Move => Top::Move(build_move(pair, span, base, 0)),
        Kind::MoveNumber => Top::MoveNumber(Spanned::new(move_number(pair.as_str()), span)),
        Kind::Ellipsis => Top::Ellipsis(span),
        Kind::Comment => Top::Comment(Comment { span, braced: true }),
        Kind::LineComment => Top::Comment(Comment {
            span,
            braced: false,
        }),
        Kind::EscapeLine => Top::EscapeLine(span),
        Kind::UnclosedComment => Top::UnclosedComment(span),
        Kind::VariationStart => Top::VariationStart(span),
        Kind::VariationEnd => Top::VariationEnd(span),
        Kind::Result => Top::Result(Spanned::new(outcome(pair), span)),
        Kind::Nag => Top::Nag(Spanned::new(pair.as_str()[1..].parse().unwrap_or(0), span)),
        Kind::Glyph | Kind::Evaluation | Kind::Sign | Kind::PrefixSign => {
            Top::Nag(Spanned::new(plain_nag(pair.as_str()), span))
        }
        // An event mark or a reference to the endings encyclopedia: kept as a remark on the
        // move or position before it (no NAG numbers them).
        Kind::EventMark | Kind::EncyclopediaRef => Top::Comment(Comment {
            span,
            braced: false,
        }),
        Kind::StandaloneMark => Top::StandaloneMark(Spanned::new(mark(pair), span)),
        Kind::EpMark => Top::EpMark(span),
        Kind::Unknown => Top::Unknown(span),
        // Rules that only occur inside the tokens handled above.
        Kind::Game | Kind::SingleMove | Kind::TrailingMarks | Kind::Element => Top::Inside(span),
        Kind::TagSpace | Kind::TagName | Kind::TagValue => Top::Inside(span),
        Kind::SignGlyph | Kind::SquareAhead | Kind::CheckNot | Kind::AnyMove => Top::Inside(span),
        Kind::WhiteWins | Kind::BlackWins | Kind::Draw => Top::Inside(span),
        Kind::Unfinished | Kind::ResignsWord | Kind::WhiteResigns => Top::Inside(span),
        Kind::BlackResigns | Kind::SideResigns | Kind::DrawnWord => Top::Inside(span),
        Kind::WinsWord | Kind::WhiteWinsWord | Kind::BlackWinsWord => Top::Inside(span),
        Kind::MoverWins | Kind::CheckWord | Kind::MateWord => Top::Inside(span),
        Kind::CheckWordPlain | Kind::DrawReason => Top::Inside(span),
        Kind::Separator => Top::Separator(span),
        Kind::Dash | Kind::CheckMark | Kind::MateSign => Top::Inside(span),
        Kind::DoubleCheckSign | Kind::CheckSign | Kind::TokenEnd => Top::Inside(span),
        Kind::HtmlBreak | Kind::Comment2 | Kind::Comment3 => Top::Inside(span),
        Kind::Comment4 | Kind::Whitespace | Kind::Space | Kind::Castling => Top::Inside(span),
        Kind::CastleLong | Kind::CastleShort | Kind::CastleO => Top::Inside(span),
        Kind::NullMove | Kind::PieceMove | Kind::PawnMove => Top::Inside(span),
        Kind::Piece | Kind::Figurine | Kind::Promotion => Top::Inside(span),
        Kind::PiecePromotion | Kind::PromotionPiece => Top::Inside(span),
        Kind::UciPromotion | Kind::Capture | Kind::CaptureAfter => Top::Inside(span),
        Kind::FromSquare | Kind::FromFile | Kind::FromRank => Top::Inside(span),
        Kind::Square | Kind::ToFile | Kind::King | Kind::Queen => Top::Inside(span),
        Kind::Rook | Kind::Bishop | Kind::Knight | Kind::Pawn => Top::Inside(span),
        Kind::WhiteSide | Kind::BlackSide | Kind::PawnAbbr | Kind::PawnsAbbr => Top::Inside(span),
        Kind::DescSpace | Kind::DescCastles | Kind::CastlesWord => Top::Inside(span),
        Kind::CastlesSide | Kind::DescPlain | Kind::DescCapture => Top::Inside(span),
        Kind::DescWho | Kind::DescTo | Kind::DescCaptured => Top::Inside(span),
        Kind::DescAt | Kind::DescSquare | Kind::DescLetter => Top::Inside(span),
        Kind::DescKing | Kind::DescQueen | Kind::DescRook => Top::Inside(span),
        Kind::DescBishop | Kind::DescKnight | Kind::DescPawn => Top::Inside(span),
        Kind::DescRank | Kind::DescWithin | Kind::EsRole => Top::Inside(span),
        Kind::EsPaired | Kind::EsWing | Kind::EsXSign => Top::Inside(span),
        Kind::DescKingLetter | Kind::DescQueenLetter => Top::Inside(span),
        Kind::DescRookLetter | Kind::DescBishopLetter => Top::Inside(span),
        Kind::DescKnightLetter | Kind::DescPawnLetter => Top::Inside(span),
        Kind::DescDigit | Kind::DescBracket => Top::Inside(span),
        Kind::CastlesKing | Kind::CastlesQueen => Top::Inside(span),
        Kind::CastlesKingWords | Kind::CastlesQueenWords => Top::Inside(span),
        Kind::DescX | Kind::DescPromotion | Kind::DescPromotionPiece => Top::Inside(span),
        Kind::DescCheck | Kind::EsPlain | Kind::EsCapture => Top::Inside(span),
        Kind::DescMate | Kind::DescDoubleCheck => Top::Inside(span),
        Kind::DescPlainCheck => Top::Inside(span),
        Kind::EsWho | Kind::EsTo | Kind::EsCaptured | Kind::EsAt => Top::Inside(span),
        Kind::EsFile | Kind::EsX | Kind::EsPromotion => Top::Inside(span),
        Kind::EsPromotionPiece | Kind::CapturedPiece => Top::Inside(span),
        Kind::CompactPawn | Kind::CoordMove | Kind::CoordFile => Top::Inside(span),
        Kind::CoordPromotion | Kind::PromotionLetter | Kind::UciMove => Top::Inside(span),
        Kind::SmithCastling | Kind::SmithShort | Kind::SmithLong => Top::Inside(span),
        Kind::SmithMove | Kind::SmithCaptured | Kind::SmithEp => Top::Inside(span),
        Kind::SmithPromotion | Kind::IccfMove | Kind::IccfFrom => Top::Inside(span),
        Kind::IccfTo | Kind::IccfPromotion => Top::Inside(span),
    })
}

/// A tag pair's name and value.
fn tag<R: RuleKind>(pair: Pair<'_, R>, span: Span, base: usize) -> Tag {
    let mut name = String::new();
    let mut value = String::new();
    let mut value_span = span;
    for p in pair.into_inner() {
        if p.as_rule().kind() == Kind::TagName {
            name = p.as_str().to_owned();
        } else if p.as_rule().kind() == Kind::TagValue {
            let s = p.as_span();
            value_span = Span::new(s.start() + base, s.end() + base);
            value = unescape_tag(p.as_str());
        }
    }
    Tag {
        name: name.into(),
        value: value.into(),
        span,
        value_span,
    }
}

/// A move number as written (`12.`, `12...`).
pub(super) fn move_number(s: &str) -> MoveNumber {
    let digits = &s[..s.bytes().take_while(u8::is_ascii_digit).count()];
    MoveNumber {
        number: digits.parse().unwrap_or(u32::MAX),
        black: s.contains("..") || s.contains('…'),
    }
}

fn outcome<R: RuleKind>(pair: Pair<'_, R>) -> Outcome {
    let inner = pair.into_inner().next();
    let word = inner
        .clone()
        .and_then(|p| p.into_inner().next())
        .map(|p| p.as_rule().kind());
    match inner.map(|p| p.as_rule().kind()) {
        Some(Kind::WhiteWins) => Outcome::WhiteWins,
        Some(Kind::BlackWins) => Outcome::BlackWins,
        Some(Kind::Draw | Kind::DrawnWord) => Outcome::Draw,
        Some(Kind::WinsWord) => match word {
            Some(Kind::WhiteWinsWord) => Outcome::WhiteWins,
            Some(Kind::BlackWinsWord) => Outcome::BlackWins,
            // `and wins`: the side that moved last wins, the side to move has lost.
            _ => Outcome::Resigns,
        },
        Some(Kind::ResignsWord) => match word {
            Some(Kind::WhiteResigns) => Outcome::BlackWins,
            Some(Kind::BlackResigns) => Outcome::WhiteWins,
            _ => Outcome::Resigns,
        },
        _ => Outcome::Unfinished,
    }
}

/// The sign of a check or mate mark written apart from its move.
fn mark<R: RuleKind>(pair: Pair<'_, R>) -> CheckMark {
    pair.into_inner()
        .flat_map(|p| p.into_inner())
        .map(|p| check_mark(p.as_rule().kind()))
        .next()
        .flatten()
        .unwrap_or(CheckMark::Check)
}

/// A tag value as written (with its quotes) without its escapes.
pub(crate) fn unescape_tag(quoted: &str) -> String {
    let inner = quoted
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or(quoted);
    if !inner.contains('\\') {
        return inner.to_owned();
    }
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(n) = chars.next() {
                out.push(n);
            }
        } else {
            out.push(c);
        }
    }
    out
}
