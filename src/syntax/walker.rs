//! The one generic walker: turns the parse tree of any derived parser into [`GameSyntax`].
//!
//! Every rule of every grammar maps to a [`Kind`]; the walker matches on `Kind` exhaustively,
//! so a new grammar rule does not build until it is handled here. Variations are flat `(`/`)`
//! tokens in the grammar and are nested here with an explicit stack bounded by [`MAX_DEPTH`].

use pest::iterators::Pair;
use shakmaty::{CastlingSide, Color, File, Rank, Role, Square};

use crate::span::{Span, Spanned};
use crate::syntax::System;
use crate::syntax::kind::{GrammarParser, Kind, RuleKind, TokenExplanation};
use crate::syntax::{
    CaptureMark, CheckMark, Comment, DescriptiveMove, GameSyntax, Item, Line, MoveBody, MoveNumber,
    MoveToken, NormalMove, Outcome, SyntaxIssue, Tag,
};

/// Deepest nesting of variations that is read; deeper ones are reported and skipped.
///
/// Real annotated games nest a few levels, monographs a few dozen. The bound also keeps the
/// checker, which recurses once per variation, within a 2 MiB thread stack (test threads,
/// rayon workers) in unoptimised builds, where 200 levels overflowed.
pub const MAX_DEPTH: usize = 100;

/// Reads one token alone as a move of a grammar (spans start at the given base): look-alike
/// retries of the walker use it.
pub type ReadSingle<'a> = &'a dyn Fn(&str, usize) -> Option<MoveToken>;

/// Reads one game of text that starts at byte `base` of its file.
pub fn parse_game<P: GrammarParser>(text: &str, base: usize) -> GameSyntax {
    walk_game(P::parse(P::GAME, text), text, base, &read_single::<P>)
}

/// Turns the result of parsing one game with the game rule — by a derived parser or by a
/// parser built at run time — into its syntax. `read_single` reads a token alone with the same
/// grammar. Generic over the rule type, so that the derived parsers stay monomorphised.
pub fn walk_game<R: RuleKind>(
    parsed: Result<pest::iterators::Pairs<'_, R>, pest::error::Error<R>>,
    text: &str,
    base: usize,
    read_single: ReadSingle<'_>,
) -> GameSyntax {
    let mut w = Walker::new(base, text.len(), read_single);
    match parsed {
        Ok(pairs) => {
            for game in pairs {
                for pair in game.into_inner() {
                    w.top(pair);
                }
            }
        }
        Err(e) => {
            let at = match e.location {
                pest::error::InputLocation::Pos(p) => p,
                pest::error::InputLocation::Span((s, _)) => s,
            };
            let at = at.min(text.len());
            let end = (at + 1..=text.len())
                .find(|&i| text.is_char_boundary(i))
                .unwrap_or(text.len());
            w.issues.push(SyntaxIssue::ParserLimit(
                Span::new(at, end).offset(base),
                e.variant.message().into_owned(),
            ));
        }
    }
    w.finish(text)
}

/// Reads `text` alone as one move token of this grammar (spans start at `base`).
fn read_single<P: GrammarParser>(text: &str, base: usize) -> Option<MoveToken> {
    walk_single(
        P::parse(P::SINGLE_MOVE, text),
        text,
        base,
        &read_single::<P>,
    )
}

/// Turns the result of parsing one token with the single-move rule into its move, if it is
/// one (see [`walk_game`]).
pub fn walk_single<R: RuleKind>(
    parsed: Result<pest::iterators::Pairs<'_, R>, pest::error::Error<R>>,
    text: &str,
    base: usize,
    read_single: ReadSingle<'_>,
) -> Option<MoveToken> {
    let pairs = parsed.ok()?;
    let mut w = Walker::new(base, text.len(), read_single);
    for single in pairs {
        for pair in single.into_inner() {
            if pair.as_rule().kind() == Kind::Move {
                let span = w.span(&pair);
                return Some(w.build_move(pair, span));
            }
        }
    }
    None
}

/// Reads `token` alone as one move of this grammar and says where and why it fails.
pub fn explain_token<P: GrammarParser>(token: &str) -> TokenExplanation {
    explain_parsed(P::parse(P::SINGLE_MOVE, token), token)
}

/// Says where and why parsing one token with the single-move rule failed (see
/// [`explain_token`]).
pub fn explain_parsed<R: RuleKind>(
    parsed: Result<pest::iterators::Pairs<'_, R>, pest::error::Error<R>>,
    token: &str,
) -> TokenExplanation {
    match parsed {
        Ok(_) => TokenExplanation {
            is_move: true,
            offset: token.len(),
            expected: Vec::new(),
        },
        Err(e) => {
            let offset = match e.location {
                pest::error::InputLocation::Pos(p) => p,
                pest::error::InputLocation::Span((s, _)) => s,
            };
            let mut expected: Vec<&'static str> = Vec::new();
            if let pest::error::ErrorVariant::ParsingError { positives, .. } = &e.variant {
                for r in positives {
                    let k = r.kind();
                    let name = match k {
                        Kind::Eoi => "the end of the move",
                        other => other.human(),
                    };
                    if !expected.contains(&name) {
                        expected.push(name);
                    }
                }
            }
            TokenExplanation {
                is_move: false,
                offset: offset.min(token.len()),
                expected,
            }
        }
    }
}

struct Walker<'a> {
    base: usize,
    len: usize,
    /// Reads one token alone as a move of the same grammar (for look-alike retries).
    read_single: ReadSingle<'a>,
    stack: Vec<(Line, Span)>,
    skip_depth: usize,
    tags: Vec<Tag>,
    issues: Vec<SyntaxIssue>,
    moves: usize,
    movetext_started: bool,
}

#[derive(Default)]
struct MoveBuilder {
    castle: Option<CastlingSide>,
    null: bool,
    role: Option<Role>,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    to: Option<Square>,
    to_file: Option<File>,
    /// The target rank of a compact pawn move (`d24`).
    to_rank: Option<Rank>,
    promotion: Option<Role>,
    captured: Option<Role>,
    capture: Option<Spanned<CaptureMark>>,
    check: Option<Spanned<CheckMark>>,
    ep: Option<Span>,
    figurine: Option<Color>,
    in_promotion: bool,
    /// Inside the captured piece of a compact capture (`Оg5:Кf6`).
    in_captured: bool,
    /// Descriptive notation: which system, and the parts.
    desc: Option<System>,
    castles: Option<Option<CastlingSide>>,
    who: Option<Span>,
    desc_to: Option<Span>,
    desc_captured: Option<Span>,
    desc_at: Option<Span>,
    in_at: bool,
}

impl<'a> Walker<'a> {
    fn new(base: usize, len: usize, read_single: ReadSingle<'a>) -> Self {
        Walker {
            base,
            len,
            read_single,
            stack: vec![(Line::default(), Span::new(base, base))],
            skip_depth: 0,
            tags: Vec::new(),
            issues: Vec::new(),
            moves: 0,
            movetext_started: false,
        }
    }

    fn span<R: RuleKind>(&self, pair: &Pair<'_, R>) -> Span {
        let s = pair.as_span();
        Span::new(s.start() + self.base, s.end() + self.base)
    }

    fn push(&mut self, item: Item) {
        if self.skip_depth > 0 {
            return;
        }
        self.movetext_started = true;
        self.stack.last_mut().expect("root line").0.items.push(item);
    }

    /// The last move of the current line, to attach a separate mark to. A check sign after a
    /// glyph (`e4!+`) is not attached (`over_nags` false): the order is wrong and it is
    /// reported as stray; an `e.p.` after a glyph is.
    fn last_move(&mut self, over_nags: bool) -> Option<&mut MoveToken> {
        let line = &mut self.stack.last_mut()?.0;
        for item in line.items.iter_mut().rev() {
            match item {
                Item::Move(m) => return Some(m),
                Item::Nag(_) if over_nags => continue,
                Item::Comment(_) => continue,
                _ => return None,
            }
        }
        None
    }

    fn top<R: RuleKind>(&mut self, pair: Pair<'_, R>) {
        let span = self.span(&pair);
        match pair.as_rule().kind() {
            Kind::Tag => {
                let mut name = String::new();
                let mut value = String::new();
                let mut value_span = span;
                for p in pair.into_inner() {
                    if p.as_rule().kind() == Kind::TagName {
                        name = p.as_str().to_owned();
                    } else if p.as_rule().kind() == Kind::TagValue {
                        value_span = self.span(&p);
                        value = unescape_tag(p.as_str());
                    }
                }
                if self.movetext_started {
                    self.issues.push(SyntaxIssue::TagInMovetext(span));
                } else {
                    self.tags.push(Tag {
                        name,
                        value,
                        span,
                        value_span,
                    });
                }
            }
            Kind::BrokenTag => self.issues.push(SyntaxIssue::BrokenTag(span)),
            // `[pgn]`/`[/pgn]` around a pasted game: not part of the score.
            Kind::ForumTag => {}
            Kind::Move => {
                let m = self.build_move(pair, span);
                self.push(Item::Move(m));
            }
            Kind::MoveNumber => {
                let s = pair.as_str();
                let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
                let number = digits.parse().unwrap_or(u32::MAX);
                let black = s.contains("..") || s.contains('…');
                self.push(Item::MoveNumber(Spanned::new(
                    MoveNumber { number, black },
                    span,
                )));
            }
            Kind::Ellipsis => self.push(Item::Ellipsis(span)),
            Kind::Comment => self.push(Item::Comment(Comment { span, braced: true })),
            Kind::LineComment => self.push(Item::Comment(Comment {
                span,
                braced: false,
            })),
            Kind::EscapeLine => {
                // `%` lines (exporter notes) may come before the tag pairs.
                let started = self.movetext_started;
                self.push(Item::Comment(Comment {
                    span,
                    braced: false,
                }));
                self.movetext_started = started;
            }
            Kind::UnclosedComment => self.issues.push(SyntaxIssue::UnclosedComment(span)),
            Kind::VariationStart => {
                if self.skip_depth > 0 || self.stack.len() > MAX_DEPTH {
                    if self.skip_depth == 0 {
                        self.issues.push(SyntaxIssue::TooDeep(span));
                    }
                    self.skip_depth += 1;
                } else {
                    self.movetext_started = true;
                    self.stack.push((Line::default(), span));
                }
            }
            Kind::VariationEnd => {
                if self.skip_depth > 0 {
                    self.skip_depth -= 1;
                } else if self.stack.len() > 1 {
                    let (mut line, open) = self.stack.pop().expect("checked");
                    line.span = open.join(span);
                    self.push(Item::Variation(line));
                } else {
                    self.issues.push(SyntaxIssue::UnmatchedClose(span));
                }
            }
            Kind::Result => {
                let inner = pair.into_inner().next();
                let word = inner
                    .clone()
                    .and_then(|p| p.into_inner().next())
                    .map(|p| p.as_rule().kind());
                let outcome = match inner.map(|p| p.as_rule().kind()) {
                    Some(Kind::WhiteWins) => Outcome::WhiteWins,
                    Some(Kind::BlackWins) => Outcome::BlackWins,
                    Some(Kind::Draw | Kind::DrawnWord) => Outcome::Draw,
                    Some(Kind::ResignsWord) => match word {
                        Some(Kind::WhiteResigns) => Outcome::BlackWins,
                        Some(Kind::BlackResigns) => Outcome::WhiteWins,
                        _ => Outcome::Resigns,
                    },
                    _ => Outcome::Unfinished,
                };
                self.push(Item::Result(Spanned::new(outcome, span)));
            }
            Kind::Nag => {
                let n = pair.as_str()[1..].parse().unwrap_or(0);
                self.push(Item::Nag(Spanned::new(n, span)));
            }
            Kind::Glyph | Kind::Evaluation => {
                let n = glyph_nag(pair.as_str());
                self.push(Item::Nag(Spanned::new(n, span)));
            }
            Kind::StandaloneMark => {
                let mark = pair
                    .into_inner()
                    .flat_map(|p| p.into_inner())
                    .map(|p| check_mark(p.as_rule().kind()))
                    .next()
                    .flatten()
                    .unwrap_or(CheckMark::Check);
                if self.skip_depth > 0 {
                    return;
                }
                match self.last_move(false) {
                    Some(m) if m.check.is_none() => {
                        m.check = Some(Spanned::new(mark, span));
                        m.span = m.span.join(span);
                    }
                    _ => self.issues.push(SyntaxIssue::StrayMark(span)),
                }
            }
            Kind::EpMark => {
                if self.skip_depth > 0 {
                    return;
                }
                match self.last_move(true) {
                    Some(m) if m.ep.is_none() => {
                        m.ep = Some(span);
                        m.span = m.span.join(span);
                    }
                    _ => self.issues.push(SyntaxIssue::StrayMark(span)),
                }
            }
            Kind::Unknown => {
                if self.skip_depth == 0 {
                    if let Some(m) = self.look_alike(pair.as_str(), span) {
                        self.push(Item::Move(m));
                        return;
                    }
                    self.issues.push(SyntaxIssue::Unknown(span));
                }
                self.push(Item::Unknown(span));
            }
            Kind::Eoi => {}
            // Rules that only occur inside the tokens handled above.
            Kind::Game
            | Kind::SingleMove
            | Kind::Element
            | Kind::TagSpace
            | Kind::TagName
            | Kind::TagValue
            | Kind::WhiteWins
            | Kind::BlackWins
            | Kind::Draw
            | Kind::Unfinished
            | Kind::ResignsWord
            | Kind::WhiteResigns
            | Kind::BlackResigns
            | Kind::SideResigns
            | Kind::DrawnWord
            | Kind::Dash
            | Kind::CheckMark
            | Kind::MateSign
            | Kind::DoubleCheckSign
            | Kind::CheckSign
            | Kind::TokenEnd
            | Kind::HtmlBreak
            | Kind::Comment2
            | Kind::Comment3
            | Kind::Comment4
            | Kind::Whitespace
            | Kind::Castling
            | Kind::CastleLong
            | Kind::CastleShort
            | Kind::CastleO
            | Kind::NullMove
            | Kind::PieceMove
            | Kind::PawnMove
            | Kind::Piece
            | Kind::Figurine
            | Kind::Promotion
            | Kind::PiecePromotion
            | Kind::PromotionPiece
            | Kind::UciPromotion
            | Kind::Capture
            | Kind::CaptureAfter
            | Kind::FromSquare
            | Kind::FromFile
            | Kind::FromRank
            | Kind::Square
            | Kind::ToFile
            | Kind::King
            | Kind::Queen
            | Kind::Rook
            | Kind::Bishop
            | Kind::Knight
            | Kind::Pawn
            | Kind::DescSpace
            | Kind::DescCastles
            | Kind::CastlesWord
            | Kind::CastlesSide
            | Kind::DescPlain
            | Kind::DescCapture
            | Kind::DescWho
            | Kind::DescTo
            | Kind::DescCaptured
            | Kind::DescAt
            | Kind::DescSquare
            | Kind::DescLetters
            | Kind::DescX
            | Kind::DescPromotion
            | Kind::DescPromotionPiece
            | Kind::DescCheck
            | Kind::EsPlain
            | Kind::EsCapture
            | Kind::EsWho
            | Kind::EsTo
            | Kind::EsCaptured
            | Kind::EsAt
            | Kind::EsFile
            | Kind::EsX
            | Kind::EsPromotion
            | Kind::EsPromotionPiece
            | Kind::CapturedPiece
            | Kind::CompactPawn
            | Kind::CoordMove
            | Kind::CoordFile
            | Kind::CoordPromotion
            | Kind::PromotionLetter
            | Kind::UciMove
            | Kind::SmithCastling
            | Kind::SmithShort
            | Kind::SmithLong
            | Kind::SmithMove
            | Kind::SmithCaptured
            | Kind::SmithEp
            | Kind::SmithPromotion
            | Kind::IccfMove
            | Kind::IccfFrom
            | Kind::IccfTo
            | Kind::IccfPromotion => self.issues.push(SyntaxIssue::Unknown(span)),
        }
    }

    /// Retries an unreadable token with look-alike characters of each script replaced (and
    /// bidi marks removed). Accepted only when exactly one reading exists, so the replacement
    /// cannot change the meaning; a warning names the character.
    fn look_alike(&mut self, token: &str, span: Span) -> Option<MoveToken> {
        let mut readings: Vec<(
            String,
            Vec<crate::syntax::lookalike::Replacement>,
            MoveToken,
        )> = Vec::new();
        for (_, text, replaced) in crate::syntax::lookalike::variants(token) {
            if readings.iter().any(|r| r.0 == text) {
                continue;
            }
            if let Some(m) = (self.read_single)(&text, span.start) {
                readings.push((text, replaced, m));
            }
        }
        let [(read_as, replaced, mut m)] = <[_; 1]>::try_from(readings).ok()?;
        // Descriptive parts are read from the source text, which still holds the look-alikes.
        if matches!(m.body, MoveBody::Descriptive(_)) {
            return None;
        }
        m.span = span;
        m.check = m.check.map(|c| Spanned::new(c.value, span));
        m.capture = m.capture.map(|c| Spanned::new(c.value, span));
        m.ep = m.ep.map(|_| span);
        m.index = self.moves;
        self.moves += 1;
        if let Some(r) = replaced.first() {
            let at = Span::new(
                span.start + r.offset,
                span.start + r.offset + r.found.len_utf8(),
            );
            self.issues.push(SyntaxIssue::LookAlike {
                token: span,
                at,
                found: r.found,
                meant: r.meant,
                read_as,
            });
        }
        Some(m)
    }

    fn build_move<R: RuleKind>(&mut self, pair: Pair<'_, R>, span: Span) -> MoveToken {
        let mut b = MoveBuilder::default();
        for p in pair.into_inner() {
            self.move_part(p, &mut b);
        }
        // A compact pawn move (`d24`) stays on its file.
        if let (None, Some(rank), Some(file)) = (b.to, b.to_rank, b.from_file) {
            b.to = Some(Square::from_coords(file, rank));
        }
        // A pawn move written with its target square alone (`e4`) comes from that file: it is
        // never read as a capture (`c4` is not `dxc4`, `f6` is not `exf6` e.p.).
        if b.role.is_none_or(|r| r == Role::Pawn)
            && b.from_file.is_none()
            && b.from_rank.is_none()
            && b.to_file.is_none()
        {
            b.from_file = b.to.map(Square::file);
        }
        let body = if let Some(side) = b.castle {
            MoveBody::Castle(side)
        } else if b.null {
            MoveBody::Null
        } else if let Some(system) = b.desc {
            MoveBody::Descriptive(DescriptiveMove {
                system,
                castles: b.castles,
                who: b.who.unwrap_or(span),
                to: b.desc_to,
                captured: b.desc_captured,
                at: b.desc_at,
                promotion: b.promotion,
            })
        } else {
            MoveBody::Normal(NormalMove {
                role: b.role.unwrap_or(Role::Pawn),
                role_written: b.role.is_some(),
                from_file: b.from_file,
                from_rank: b.from_rank,
                to: b.to,
                to_file: b.to_file,
                promotion: b.promotion,
                captured: b.captured,
            })
        };
        let index = self.moves;
        self.moves += 1;
        MoveToken {
            span,
            body,
            check: b.check,
            capture: b.capture,
            ep: b.ep,
            figurine: b.figurine,
            index,
        }
    }

    fn move_part<R: RuleKind>(&mut self, pair: Pair<'_, R>, b: &mut MoveBuilder) {
        let span = self.span(&pair);
        let text = pair.as_str();
        match pair.as_rule().kind() {
            Kind::CastleLong => b.castle = Some(CastlingSide::QueenSide),
            Kind::CastleShort => b.castle = Some(CastlingSide::KingSide),
            Kind::NullMove => b.null = true,
            Kind::King => self.piece(b, Role::King),
            Kind::Queen => self.piece(b, Role::Queen),
            Kind::Rook => self.piece(b, Role::Rook),
            Kind::Bishop => self.piece(b, Role::Bishop),
            Kind::Knight => self.piece(b, Role::Knight),
            Kind::Pawn => self.piece(b, Role::Pawn),
            Kind::Figurine => {
                let (role, color) = figurine(text);
                if b.in_promotion {
                    b.promotion = Some(role);
                } else if b.in_captured {
                    b.captured = Some(role);
                } else {
                    b.role = Some(role);
                    b.figurine = Some(color);
                }
            }
            Kind::FromSquare => {
                let sq = square(text);
                b.from_file = sq.map(Square::file);
                b.from_rank = sq.map(Square::rank);
            }
            Kind::FromFile => b.from_file = text.chars().next().and_then(File::from_char),
            Kind::FromRank => b.from_rank = text.chars().next().and_then(Rank::from_char),
            Kind::Square => b.to = square(text),
            Kind::ToFile => b.to_file = text.chars().next().and_then(File::from_char),
            Kind::Capture => {
                let mark = match text {
                    "x" => CaptureMark::X,
                    ":" => CaptureMark::Colon,
                    _ => CaptureMark::Times,
                };
                b.capture = Some(Spanned::new(mark, span));
            }
            Kind::CaptureAfter => b.capture = Some(Spanned::new(CaptureMark::TrailingColon, span)),
            Kind::EpMark => b.ep = Some(span),
            Kind::MateSign | Kind::DoubleCheckSign | Kind::CheckSign => {
                if let Some(mark) = check_mark(pair.as_rule().kind()) {
                    b.check = Some(Spanned::new(mark, span));
                }
            }
            Kind::UciPromotion => {
                b.promotion = match text {
                    "q" => Some(Role::Queen),
                    "r" => Some(Role::Rook),
                    "b" => Some(Role::Bishop),
                    _ => Some(Role::Knight),
                }
            }
            Kind::Promotion | Kind::PiecePromotion | Kind::PromotionPiece => {
                b.in_promotion = true;
                for p in pair.into_inner() {
                    self.move_part(p, b);
                }
                b.in_promotion = false;
            }
            Kind::Castling
            | Kind::PieceMove
            | Kind::PawnMove
            | Kind::Piece
            | Kind::CheckMark
            | Kind::CoordMove
            | Kind::UciMove
            | Kind::SmithCastling
            | Kind::SmithMove
            | Kind::IccfMove => {
                for p in pair.into_inner() {
                    self.move_part(p, b);
                }
            }
            // Long and compact algebraic.
            Kind::CapturedPiece => {
                b.in_captured = true;
                for p in pair.into_inner() {
                    self.move_part(p, b);
                }
                b.in_captured = false;
            }
            Kind::CompactPawn => {
                // Only a pawn move is written this way (`d24`): it stays on its file.
                let mut c = text.chars();
                b.role = Some(Role::Pawn);
                b.from_file = c.next().and_then(File::from_char);
                b.from_rank = c.next().and_then(Rank::from_char);
                b.to_rank = c.next().and_then(Rank::from_char);
            }
            // Coordinate notation (and Smith, UCI, ICCF below): a promotion letter.
            Kind::CoordPromotion => {
                for p in pair.into_inner() {
                    self.move_part(p, b);
                }
            }
            Kind::PromotionLetter | Kind::SmithPromotion => b.promotion = promotion_letter(text),
            // Smith notation.
            Kind::SmithShort => b.castle = Some(CastlingSide::KingSide),
            Kind::SmithLong => b.castle = Some(CastlingSide::QueenSide),
            Kind::SmithCaptured => {
                b.captured = match text {
                    "p" => Some(Role::Pawn),
                    "n" => Some(Role::Knight),
                    "b" => Some(Role::Bishop),
                    "r" => Some(Role::Rook),
                    "q" => Some(Role::Queen),
                    _ => Some(Role::King),
                };
                b.capture = Some(Spanned::new(CaptureMark::X, span));
            }
            Kind::SmithEp => {
                b.captured = Some(Role::Pawn);
                b.capture = Some(Spanned::new(CaptureMark::X, span));
                b.ep = Some(span);
            }
            // ICCF numeric notation.
            Kind::IccfFrom => {
                let sq = iccf_square(text);
                b.from_file = sq.map(Square::file);
                b.from_rank = sq.map(Square::rank);
            }
            Kind::IccfTo => b.to = iccf_square(text),
            Kind::IccfPromotion => {
                b.promotion = match text {
                    "1" => Some(Role::Queen),
                    "2" => Some(Role::Rook),
                    "3" => Some(Role::Bishop),
                    _ => Some(Role::Knight),
                }
            }
            // English descriptive.
            Kind::DescCastles => {
                b.desc = Some(System::English);
                b.castles = Some(None);
                for p in pair.into_inner() {
                    self.move_part(p, b);
                }
            }
            Kind::CastlesSide => {
                let side = if text.starts_with(['K', 'k']) {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                };
                b.castles = Some(Some(side));
            }
            Kind::DescPlain | Kind::DescCapture => {
                b.desc = Some(System::English);
                for p in pair.into_inner() {
                    self.move_part(p, b);
                }
            }
            Kind::EsPlain | Kind::EsCapture => {
                b.desc = Some(System::Spanish);
                for p in pair.into_inner() {
                    self.move_part(p, b);
                }
            }
            Kind::DescWho | Kind::EsWho => b.who = Some(span),
            Kind::DescTo | Kind::EsTo => {
                if b.in_at {
                    b.desc_at = Some(span);
                } else {
                    b.desc_to = Some(span);
                }
            }
            Kind::DescSquare => b.desc_at = Some(span),
            Kind::DescCaptured | Kind::EsCaptured => b.desc_captured = Some(span),
            Kind::DescAt | Kind::EsAt => {
                b.in_at = true;
                for p in pair.into_inner() {
                    self.move_part(p, b);
                }
                b.in_at = false;
            }
            Kind::DescX | Kind::EsX => {
                let mark = match text {
                    "x" => CaptureMark::X,
                    ":" => CaptureMark::Colon,
                    _ => CaptureMark::Times,
                };
                b.capture = Some(Spanned::new(mark, span));
            }
            Kind::DescPromotion | Kind::EsPromotion => {
                for p in pair.into_inner() {
                    self.move_part(p, b);
                }
            }
            Kind::DescPromotionPiece => {
                b.promotion = match text {
                    "Q" => Some(Role::Queen),
                    "R" => Some(Role::Rook),
                    "B" => Some(Role::Bishop),
                    _ => Some(Role::Knight),
                }
            }
            Kind::EsPromotionPiece => {
                b.promotion = match text {
                    "D" => Some(Role::Queen),
                    "T" => Some(Role::Rook),
                    "A" => Some(Role::Bishop),
                    _ => Some(Role::Knight),
                }
            }
            Kind::DescCheck => {
                let mark = match text.trim_end_matches('.').to_lowercase().as_str() {
                    "mate" | "checkmate" | "#" | "++" => CheckMark::Mate,
                    t if t.starts_with("dbl") => CheckMark::DoubleCheck,
                    _ => CheckMark::Check,
                };
                b.check = Some(Spanned::new(mark, span));
            }
            // Rules that never occur inside a move token.
            Kind::Eoi
            | Kind::Game
            | Kind::SingleMove
            | Kind::Element
            | Kind::Tag
            | Kind::ForumTag
            | Kind::BrokenTag
            | Kind::TagSpace
            | Kind::TagName
            | Kind::TagValue
            | Kind::Move
            | Kind::MoveNumber
            | Kind::Ellipsis
            | Kind::Comment
            | Kind::UnclosedComment
            | Kind::LineComment
            | Kind::EscapeLine
            | Kind::VariationStart
            | Kind::VariationEnd
            | Kind::Nag
            | Kind::Glyph
            | Kind::Evaluation
            | Kind::StandaloneMark
            | Kind::Result
            | Kind::WhiteWins
            | Kind::BlackWins
            | Kind::Draw
            | Kind::Unfinished
            | Kind::ResignsWord
            | Kind::WhiteResigns
            | Kind::BlackResigns
            | Kind::SideResigns
            | Kind::DrawnWord
            | Kind::Dash
            | Kind::TokenEnd
            | Kind::Unknown
            | Kind::HtmlBreak
            | Kind::Comment2
            | Kind::Comment3
            | Kind::Comment4
            | Kind::Whitespace
            | Kind::CastleO
            | Kind::CastlesWord
            | Kind::DescSpace
            | Kind::DescLetters
            | Kind::EsFile
            | Kind::CoordFile => {}
        }
    }

    fn piece(&mut self, b: &mut MoveBuilder, role: Role) {
        if b.in_promotion {
            b.promotion = Some(role);
        } else if b.in_captured {
            b.captured = Some(role);
        } else {
            b.role = Some(role);
        }
    }

    fn finish(mut self, text: &str) -> GameSyntax {
        while self.stack.len() > 1 {
            let (mut line, open) = self.stack.pop().expect("checked");
            self.issues.push(SyntaxIssue::UnclosedVariation(open));
            line.span = open.join(Span::new(self.base + self.len, self.base + self.len));
            self.stack
                .last_mut()
                .expect("root")
                .0
                .items
                .push(Item::Variation(line));
        }
        let (mut root, _) = self.stack.pop().expect("root");
        let start = self.base + (text.len() - text.trim_start().len());
        let end = self.base + text.trim_end().len();
        root.span = Span::new(start, end.max(start));
        GameSyntax {
            span: root.span,
            tags: self.tags,
            root,
            issues: self.issues,
            move_count: self.moves,
        }
    }
}

fn check_mark(kind: Kind) -> Option<CheckMark> {
    match kind {
        Kind::MateSign => Some(CheckMark::Mate),
        Kind::DoubleCheckSign => Some(CheckMark::DoubleCheck),
        Kind::CheckSign => Some(CheckMark::Check),
        _ => None,
    }
}

/// A square written in either case (`e4`, `E4`: coordinate notation writes capitals).
fn square(text: &str) -> Option<Square> {
    match text.as_bytes() {
        [f, r] => Square::from_ascii(&[f.to_ascii_lowercase(), *r]).ok(),
        _ => None,
    }
}

/// A square of ICCF numeric notation: file digit 1–8 (a–h), rank digit (`52` = e2).
fn iccf_square(text: &str) -> Option<Square> {
    match text.as_bytes() {
        [f @ b'1'..=b'8', r @ b'1'..=b'8'] => Some(Square::from_coords(
            File::new(u32::from(f - b'1')),
            Rank::new(u32::from(r - b'1')),
        )),
        _ => None,
    }
}

/// The piece of an English promotion letter, either case (`Q`, `n`).
fn promotion_letter(text: &str) -> Option<Role> {
    match text {
        "Q" | "q" => Some(Role::Queen),
        "R" | "r" => Some(Role::Rook),
        "B" | "b" => Some(Role::Bishop),
        "N" | "n" => Some(Role::Knight),
        _ => None,
    }
}

fn figurine(text: &str) -> (Role, Color) {
    match text {
        "♔" => (Role::King, Color::White),
        "♕" => (Role::Queen, Color::White),
        "♖" => (Role::Rook, Color::White),
        "♗" => (Role::Bishop, Color::White),
        "♘" => (Role::Knight, Color::White),
        "♙" => (Role::Pawn, Color::White),
        "♚" => (Role::King, Color::Black),
        "♛" => (Role::Queen, Color::Black),
        "♜" => (Role::Rook, Color::Black),
        "♝" => (Role::Bishop, Color::Black),
        "♞" => (Role::Knight, Color::Black),
        _ => (Role::Pawn, Color::Black),
    }
}

/// The NAG of a move glyph or evaluation symbol.
pub fn glyph_nag(glyph: &str) -> u16 {
    match glyph {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        "□" => 7,
        "=" => 10,
        "∞" => 13,
        "⩲" | "+/=" => 14,
        "⩱" | "=/+" => 15,
        "±" | "+/-" => 16,
        "∓" | "-/+" => 17,
        "+−" | "+-" => 18,
        "−+" | "-+" => 19,
        _ => 0,
    }
}

fn unescape_tag(quoted: &str) -> String {
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

/// How a move token is written, for the mixed-notation warning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WrittenForm {
    /// Short algebraic: the target square and no more of the origin than needed (`e4`,
    /// `exd5`, `Nf3`, `Nbd2`).
    Short,
    /// Long algebraic: both squares (`e2-e4`, `e2e4`, `Ng1-f3`), or a compact form (`d24`,
    /// `Оg5:Кf6`).
    Long,
}

impl WrittenForm {
    /// The form's name in messages.
    pub const fn name(self) -> &'static str {
        match self {
            WrittenForm::Short => "short",
            WrittenForm::Long => "long",
        }
    }
}

/// The form of a move token as written (`text` is the token's source text), when it tells:
/// castling, null moves and descriptive moves are written alike in both forms, and so is a
/// piece move naming both squares without a hyphen (`Ng1f3`), which SAN writes too when
/// neither the file nor the rank alone tells two pieces apart.
pub fn written_form(tok: &MoveToken, text: &str) -> Option<WrittenForm> {
    let MoveBody::Normal(n) = tok.body else {
        return None;
    };
    let both = n.from_file.is_some() && n.from_rank.is_some();
    if n.role == Role::Pawn || !n.role_written {
        // SAN never writes a pawn's origin rank.
        return Some(if n.from_rank.is_some() {
            WrittenForm::Long
        } else {
            WrittenForm::Short
        });
    }
    if !both {
        return Some(WrittenForm::Short);
    }
    let hyphen = text.contains(['-', '‑', '‐', '–', '—', '−']);
    (hyphen || n.captured.is_some()).then_some(WrittenForm::Long)
}

/// A warning when a game mixes long and short algebraic (a long-algebraic game with a
/// short-algebraic variation): the first move written in the less used form, with the first
/// move of the other form as a secondary label. `text` is the file's text.
pub fn mixed_notation(syntax: &GameSyntax, text: &str) -> Option<crate::diagnostic::Diagnostic> {
    use crate::diagnostic::{Diagnostic, Problem};
    // (first token, count) of each form, in reading order (main line and variations).
    let mut first: [Option<Span>; 2] = [None, None];
    let mut count = [0usize; 2];
    // Every move token, without recursion (variations nest up to MAX_DEPTH), in text order.
    let mut stack: Vec<&Line> = vec![&syntax.root];
    let mut order: Vec<&MoveToken> = Vec::new();
    while let Some(line) = stack.pop() {
        for item in &line.items {
            match item {
                Item::Move(m) => order.push(m),
                Item::Variation(v) => stack.push(v),
                _ => {}
            }
        }
    }
    order.sort_by_key(|m| m.span.start);
    for tok in order {
        let src = text.get(tok.span.start..tok.span.end).unwrap_or("");
        if let Some(form) = written_form(tok, src) {
            let i = form as usize;
            count[i] += 1;
            first[i].get_or_insert(tok.span);
        }
    }
    let (Some(short), Some(long)) = (first[0], first[1]) else {
        return None;
    };
    // The form most moves use is the game's; the first move in the other one is reported.
    let (odd, odd_form, main, main_form) = if count[0] < count[1] {
        (short, WrittenForm::Short, long, WrittenForm::Long)
    } else {
        (long, WrittenForm::Long, short, WrittenForm::Short)
    };
    let odd_count = count[odd_form as usize];
    let main_count = count[main_form as usize];
    let token = text.get(odd.start..odd.end).unwrap_or("").to_owned();
    let to = match main_form {
        WrittenForm::Long => "lan",
        WrittenForm::Short => "san",
    };
    Some(
        Diagnostic::new(
            Problem::MixedNotation {
                text: token,
                form: odd_form.name(),
                main: main_form.name(),
            },
            odd,
        )
        .label(format!("{} algebraic", odd_form.name()))
        .with_secondary(
            main,
            format!("{} algebraic, as most moves", main_form.name()),
        )
        .help(format!(
            "{odd_count} {} written in {} algebraic, {main_count} in {} algebraic; the moves are \
             read all the same. Write the score in one notation (`scoresheet convert --to {to}` \
             does it)",
            if odd_count == 1 {
                "move is"
            } else {
                "moves are"
            },
            odd_form.name(),
            main_form.name()
        )),
    )
}
