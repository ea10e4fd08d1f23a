//! Reading one move token: every part of a move token's parse tree, of any notation, is an
//! event for a [`MoveBuilder`], which turns them into a [`MoveToken`].

use pest::iterators::Pair;
use shakmaty::{CastlingSide, Color, File, Rank, Role, Square};

use crate::span::{Span, Spanned};
use crate::syntax::System;
use crate::syntax::kind::{Kind, RuleKind};
use crate::syntax::{
    CaptureMark, CheckMark, DescPart, DescSym, DescriptiveMove, MoveBody, MoveToken, NormalMove,
};

/// What the parts of one move token said so far.
#[derive(Default)]
pub(super) struct MoveBuilder {
    /// Byte offset of the game's text in its file.
    base: usize,
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
    who: Option<Spanned<DescPart>>,
    desc_to: Option<Spanned<DescPart>>,
    desc_captured: Option<Spanned<DescPart>>,
    desc_at: Option<Spanned<DescPart>>,
    in_at: bool,
}

/// Reads a move token's parse tree (`span` is the token's span in the file) as its
/// `index`-th move.
pub(super) fn build_move<R: RuleKind>(
    pair: Pair<'_, R>,
    span: Span,
    base: usize,
    index: usize,
) -> MoveToken {
    let mut b = MoveBuilder {
        base,
        ..MoveBuilder::default()
    };
    b.parts(pair);
    b.finish(span, index)
}

impl MoveBuilder {
    fn span<R: RuleKind>(&self, pair: &Pair<'_, R>) -> Span {
        let s = pair.as_span();
        Span::new(s.start() + self.base, s.end() + self.base)
    }

    /// Reads every part inside `pair`.
    fn parts<R: RuleKind>(&mut self, pair: Pair<'_, R>) {
        for p in pair.into_inner() {
            self.part(p);
        }
    }

    /// Reads one part of a move token: one event per rule kind.
    fn part<R: RuleKind>(&mut self, pair: Pair<'_, R>) {
        let span = self.span(&pair);
        let text = pair.as_str();
        match pair.as_rule().kind() {
            Kind::CastleLong => self.castle = Some(CastlingSide::QueenSide),
            Kind::CastleShort => self.castle = Some(CastlingSide::KingSide),
            Kind::NullMove => self.null = true,
            Kind::King => self.piece(Role::King),
            Kind::Queen => self.piece(Role::Queen),
            Kind::Rook => self.piece(Role::Rook),
            Kind::Bishop => self.piece(Role::Bishop),
            Kind::Knight => self.piece(Role::Knight),
            Kind::Pawn => self.piece(Role::Pawn),
            Kind::Figurine => self.figurine(text),
            Kind::FromSquare => self.set_origin(square(text)),
            Kind::FromFile => self.from_file = text.chars().next().and_then(File::from_char),
            Kind::FromRank => self.from_rank = text.chars().next().and_then(Rank::from_char),
            Kind::Square => self.to = square(text),
            Kind::ToFile => self.to_file = text.chars().next().and_then(File::from_char),
            Kind::Capture | Kind::DescX | Kind::EsX => self.capture_mark(text, span),
            Kind::CaptureAfter => {
                self.capture = Some(Spanned::new(CaptureMark::TrailingColon, span));
            }
            Kind::EpMark => self.ep = Some(span),
            // Descriptive words and signs have their own rules (`++` is mate there).
            Kind::MateSign
            | Kind::DoubleCheckSign
            | Kind::CheckSign
            | Kind::DescMate
            | Kind::DescDoubleCheck
            | Kind::DescPlainCheck => {
                self.check = check_mark(pair.as_rule().kind()).map(|m| Spanned::new(m, span));
            }
            Kind::UciPromotion => self.promotion = promotion_of(text, ["q", "r", "b"]),
            Kind::Promotion | Kind::PiecePromotion | Kind::PromotionPiece => {
                self.in_promotion = true;
                self.parts(pair);
                self.in_promotion = false;
            }
            Kind::Castling
            | Kind::PieceMove
            | Kind::PawnMove
            | Kind::Piece
            | Kind::CheckMark
            | Kind::CoordMove
            | Kind::CoordPromotion
            | Kind::UciMove
            | Kind::SmithCastling
            | Kind::SmithMove
            | Kind::IccfMove
            | Kind::DescPromotion
            | Kind::EsPromotion => self.parts(pair),
            // Long and compact algebraic.
            Kind::CapturedPiece => {
                self.in_captured = true;
                self.parts(pair);
                self.in_captured = false;
            }
            Kind::CompactPawn => self.compact_pawn(text),
            // Coordinate notation (and Smith, UCI, ICCF below): a promotion letter.
            Kind::PromotionLetter | Kind::SmithPromotion => self.promotion = promotion_letter(text),
            // Smith notation.
            Kind::SmithShort => self.castle = Some(CastlingSide::KingSide),
            Kind::SmithLong => self.castle = Some(CastlingSide::QueenSide),
            Kind::SmithCaptured => self.smith_captured(text, span),
            Kind::SmithEp => self.smith_ep(span),
            // ICCF numeric notation.
            Kind::IccfFrom => self.set_origin(iccf_square(text)),
            Kind::IccfTo => self.to = iccf_square(text),
            Kind::IccfPromotion => self.promotion = promotion_of(text, ["1", "2", "3"]),
            // English and Spanish descriptive.
            Kind::DescCastles => {
                self.desc = Some(System::English);
                self.castles = Some(None);
                self.parts(pair);
            }
            Kind::CastlesSide => self.parts(pair),
            Kind::CastlesKing => self.castles = Some(Some(CastlingSide::KingSide)),
            Kind::CastlesQueen => self.castles = Some(Some(CastlingSide::QueenSide)),
            Kind::DescPlain | Kind::DescCapture => self.descriptive(System::English, pair),
            Kind::EsPlain | Kind::EsCapture => self.descriptive(System::Spanish, pair),
            Kind::DescWho | Kind::EsWho => self.who = Some(desc_part(pair, span)),
            Kind::DescTo | Kind::EsTo if self.in_at => self.desc_at = Some(desc_part(pair, span)),
            Kind::DescTo | Kind::EsTo => self.desc_to = Some(desc_part(pair, span)),
            Kind::DescSquare => self.desc_at = Some(desc_part(pair, span)),
            Kind::DescCaptured | Kind::EsCaptured => {
                self.desc_captured = Some(desc_part(pair, span));
            }
            Kind::DescAt | Kind::EsAt => {
                self.in_at = true;
                self.parts(pair);
                self.in_at = false;
            }
            Kind::DescPromotionPiece | Kind::EsPromotionPiece => {
                self.promotion = pair
                    .into_inner()
                    .find_map(|p| desc_role(p.as_rule().kind()));
            }
            Kind::DescCheck => self.parts(pair),
            // Rules that never occur inside a move token.
            Kind::Eoi
            | Kind::Game
            | Kind::SingleMove
            | Kind::TrailingMarks
            | Kind::Element
            | Kind::Tag => {}
            Kind::ForumTag | Kind::BrokenTag | Kind::TagSpace | Kind::TagName => {}
            Kind::TagValue | Kind::Move | Kind::MoveNumber | Kind::Ellipsis => {}
            Kind::Comment | Kind::UnclosedComment | Kind::LineComment | Kind::EscapeLine => {}
            Kind::VariationStart | Kind::VariationEnd | Kind::Nag | Kind::Glyph => {}
            Kind::Evaluation | Kind::StandaloneMark | Kind::Result | Kind::WhiteWins => {}
            Kind::BlackWins | Kind::Draw | Kind::Unfinished | Kind::ResignsWord => {}
            Kind::WhiteResigns | Kind::BlackResigns | Kind::SideResigns | Kind::DrawnWord => {}
            Kind::WinsWord | Kind::WhiteWinsWord | Kind::BlackWinsWord | Kind::MoverWins => {}
            Kind::Separator | Kind::CheckWord | Kind::MateWord | Kind::CheckWordPlain => {}
            Kind::DrawReason | Kind::Sign | Kind::PrefixSign | Kind::SignGlyph => {}
            Kind::SquareAhead | Kind::EventMark | Kind::EncyclopediaRef | Kind::CheckNot => {}
            Kind::AnyMove => {}
            Kind::WhiteSide | Kind::BlackSide | Kind::PawnAbbr | Kind::PawnsAbbr => {}
            Kind::Dash | Kind::TokenEnd | Kind::Unknown | Kind::HtmlBreak | Kind::Comment2 => {}
            Kind::Comment3 | Kind::Comment4 | Kind::Whitespace | Kind::Space | Kind::CastleO => {}
            Kind::CastlesWord | Kind::DescSpace | Kind::DescLetter | Kind::EsFile => {}
            Kind::CoordFile | Kind::EsRole | Kind::EsPaired | Kind::EsWing => {}
            // Descriptive letters, ranks and brackets: read with their part (`desc_part`).
            Kind::DescKing | Kind::DescQueen | Kind::DescRook | Kind::DescBishop => {}
            Kind::DescKnight | Kind::DescPawn | Kind::DescRank | Kind::DescWithin => {}
            // Silent rules: they make no pairs.
            Kind::DescKingLetter | Kind::DescQueenLetter | Kind::DescRookLetter => {}
            Kind::DescBishopLetter | Kind::DescKnightLetter | Kind::DescPawnLetter => {}
            Kind::DescDigit | Kind::DescBracket | Kind::EsXSign => {}
            Kind::CastlesKingWords | Kind::CastlesQueenWords => {}
        }
    }

    /// A piece letter: the moving piece, or the promotion or captured piece when inside one.
    fn piece(&mut self, role: Role) {
        if self.in_promotion {
            self.promotion = Some(role);
        } else if self.in_captured {
            self.captured = Some(role);
        } else {
            self.role = Some(role);
        }
    }

    fn figurine(&mut self, text: &str) {
        let (role, color) = figurine(text);
        self.piece(role);
        if !self.in_promotion && !self.in_captured {
            self.figurine = Some(color);
        }
    }

    fn set_origin(&mut self, sq: Option<Square>) {
        self.from_file = sq.map(Square::file);
        self.from_rank = sq.map(Square::rank);
    }

    fn capture_mark(&mut self, text: &str, span: Span) {
        let mark = match text {
            "x" => CaptureMark::X,
            ":" => CaptureMark::Colon,
            _ => CaptureMark::Times,
        };
        self.capture = Some(Spanned::new(mark, span));
    }

    /// Only a pawn move is written this way (`d24`): it stays on its file.
    fn compact_pawn(&mut self, text: &str) {
        let mut c = text.chars();
        self.role = Some(Role::Pawn);
        self.from_file = c.next().and_then(File::from_char);
        self.from_rank = c.next().and_then(Rank::from_char);
        self.to_rank = c.next().and_then(Rank::from_char);
    }

    fn smith_captured(&mut self, text: &str, span: Span) {
        self.captured = Some(match text {
            "p" => Role::Pawn,
            "n" => Role::Knight,
            "b" => Role::Bishop,
            "r" => Role::Rook,
            "q" => Role::Queen,
            _ => Role::King,
        });
        self.capture = Some(Spanned::new(CaptureMark::X, span));
    }

    fn smith_ep(&mut self, span: Span) {
        self.captured = Some(Role::Pawn);
        self.capture = Some(Spanned::new(CaptureMark::X, span));
        self.ep = Some(span);
    }

    fn descriptive<R: RuleKind>(&mut self, system: System, pair: Pair<'_, R>) {
        self.desc = Some(system);
        self.parts(pair);
    }

    /// The move token the parts make (`span` is the whole token).
    fn finish(mut self, span: Span, index: usize) -> MoveToken {
        // A compact pawn move (`d24`) stays on its file.
        if let (None, Some(rank), Some(file)) = (self.to, self.to_rank, self.from_file) {
            self.to = Some(Square::from_coords(file, rank));
        }
        // A pawn move written with its target square alone (`e4`) comes from that file: it is
        // never read as a capture (`c4` is not `dxc4`, `f6` is not `exf6` e.p.).
        if self.role.is_none_or(|r| r == Role::Pawn)
            && self.from_file.is_none()
            && self.from_rank.is_none()
            && self.to_file.is_none()
        {
            self.from_file = self.to.map(Square::file);
        }
        let mut tok = MoveToken::new(span, self.body(span), index);
        tok.set_check(self.check);
        tok.set_capture(self.capture);
        tok.set_ep(self.ep);
        tok.set_figurine(self.figurine);
        tok
    }

    fn body(&self, span: Span) -> MoveBody {
        if let Some(side) = self.castle {
            MoveBody::Castle(side)
        } else if self.null {
            MoveBody::Null
        } else if let Some(system) = self.desc {
            MoveBody::Descriptive(Box::new(DescriptiveMove {
                system,
                castles: self.castles,
                who: self.who.unwrap_or(Spanned::new(DescPart::EMPTY, span)),
                to: self.desc_to,
                captured: self.desc_captured,
                at: self.desc_at,
                promotion: self.promotion,
            }))
        } else {
            MoveBody::Normal(NormalMove {
                role: self.role.unwrap_or(Role::Pawn),
                role_written: self.role.is_some(),
                from_file: self.from_file,
                from_rank: self.from_rank,
                to: self.to,
                to_file: self.to_file,
                promotion: self.promotion,
                captured: self.captured,
            })
        }
    }
}

/// A part of a descriptive move (`desc_who`, `es_to`…) as the symbols its grammar rules
/// read: the letters by their rules (`desc_king`…), never by their text.
fn desc_part<R: RuleKind>(pair: Pair<'_, R>, span: Span) -> Spanned<DescPart> {
    let mut part = DescPart::EMPTY;
    for p in pair.into_inner() {
        let kind = p.as_rule().kind();
        if let Some(role) = desc_role(kind) {
            part.push(DescSym::Letter(role));
        } else if kind == Kind::DescRank {
            let digit = p
                .as_str()
                .bytes()
                .next()
                .map_or(0, |b| b.wrapping_sub(b'0'));
            part.push(DescSym::Rank(digit));
        } else if kind == Kind::DescWithin {
            part.push(DescSym::Within);
        }
    }
    Spanned::new(part, span)
}

/// The role a descriptive letter rule names (English `desc_knight` is `Kt`, `Kn` or `N`,
/// Spanish `desc_knight` is `C`).
const fn desc_role(kind: Kind) -> Option<Role> {
    match kind {
        Kind::DescKing => Some(Role::King),
        Kind::DescQueen => Some(Role::Queen),
        Kind::DescRook => Some(Role::Rook),
        Kind::DescBishop => Some(Role::Bishop),
        Kind::DescKnight => Some(Role::Knight),
        Kind::DescPawn => Some(Role::Pawn),
        _ => None,
    }
}

/// The check or mate sign of a sign's rule kind.
pub(super) fn check_mark(kind: Kind) -> Option<CheckMark> {
    match kind {
        Kind::MateSign | Kind::DescMate | Kind::MateWord => Some(CheckMark::Mate),
        Kind::DoubleCheckSign | Kind::DescDoubleCheck => Some(CheckMark::DoubleCheck),
        Kind::CheckSign | Kind::DescPlainCheck | Kind::CheckWordPlain => Some(CheckMark::Check),
        _ => None,
    }
}

/// A promotion piece written as one of the letters of queen, rook and bishop in that order;
/// anything else is a knight.
fn promotion_of(text: &str, letters: [&str; 3]) -> Option<Role> {
    const ROLES: [Role; 3] = [Role::Queen, Role::Rook, Role::Bishop];
    Some(
        letters
            .iter()
            .position(|l| *l == text)
            .map_or(Role::Knight, |i| ROLES[i]),
    )
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
