//! The one resolver: matches move patterns against the legal moves of a position, and when
//! none matches, works out why.

use shakmaty::attacks;
use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, Move, MoveList, Piece, Position, Rank, Role, Square,
};

use crate::board::pattern::Pattern;

mod sole;

pub(crate) use sole::{is_checkmate, is_stalemate, sole_normal};

/// What a written move turned out to be on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resolution {
    /// Exactly one legal move matches.
    Legal(Move),
    /// A null move, which is allowed here (the side to move is not in check).
    Null,
    /// No legal move matches; the reason says why.
    Illegal(Illegal),
    /// Several legal moves match, differing in more than the promotion piece.
    Ambiguous(Vec<Move>),
    /// A pawn reaches the last rank but the promotion piece is not written.
    MissingPromotion(Vec<Move>),
}

/// Why no legal move matches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The game is over: the side to move is mated or stalemated.
    GameOver {
        /// True for checkmate, false for stalemate.
        mate: bool,
    },
    /// The side to move has no such piece at all.
    NoSuchPiece {
        /// The piece.
        piece: Piece,
    },
    /// The side to move has such pieces, but none where the move says it comes from.
    NoneFromThere {
        /// The piece.
        piece: Piece,
        /// Where the pieces of that kind stand.
        pieces: Vec<Square>,
    },
    /// The origin square is empty.
    EmptyOrigin {
        /// The square.
        square: Square,
    },
    /// The origin square holds a piece of the other side.
    OpponentsPiece {
        /// The square.
        square: Square,
        /// The piece there.
        piece: Piece,
    },
    /// No such piece moves that way to the target.
    CannotReach {
        /// The piece.
        piece: Piece,
        /// The target.
        to: Square,
        /// The pieces of that kind that were considered.
        pieces: Vec<Square>,
    },
    /// The piece could reach the target on an empty board, but something stands in the way.
    PathBlocked {
        /// The moving piece's square.
        from: Square,
        /// The target.
        to: Square,
        /// The first piece in the way.
        blocker: Square,
    },
    /// The target holds one of the mover's own pieces.
    OwnPieceOnTarget {
        /// The target.
        to: Square,
        /// The piece there.
        piece: Piece,
    },
    /// A pawn capture onto an empty square (and not en passant).
    NothingToCapture {
        /// The pawn's square.
        from: Square,
        /// The target.
        to: Square,
    },
    /// The named captured piece is not on the target.
    WrongCapturedPiece {
        /// The target.
        to: Square,
        /// What stands there.
        actual: Option<Piece>,
        /// What the move said.
        named: Role,
    },
    /// The piece is pinned against its king.
    Pinned {
        /// The pinned piece.
        from: Square,
        /// The pinning piece.
        pinner: Square,
        /// The king.
        king: Square,
    },
    /// The side to move is in check and the move does not get out of it.
    StaysInCheck {
        /// The moving piece's square.
        from: Square,
        /// A checking piece.
        checker: Square,
        /// The king.
        king: Square,
    },
    /// The king would move onto an attacked square.
    KingIntoCheck {
        /// The target.
        to: Square,
        /// An attacker of the target.
        attacker: Square,
    },
    /// Castling without the right (king or rook has moved, or the rook is gone).
    NoCastlingRight {
        /// The side.
        side: CastlingSide,
    },
    /// Castling while in check.
    CastlingInCheck {
        /// A checking piece.
        checker: Square,
    },
    /// Castling with a piece between king and rook.
    CastlingBlocked {
        /// The side.
        side: CastlingSide,
        /// A square in the way.
        square: Square,
    },
    /// Castling through or into an attacked square.
    CastlingThroughCheck {
        /// The side.
        side: CastlingSide,
        /// The attacked square.
        square: Square,
        /// Its attacker.
        attacker: Square,
    },
    /// A promotion written on a move that does not reach the last rank.
    PromotionNotAllowed {
        /// The target.
        to: Square,
    },
    /// A promotion to a king or a pawn.
    BadPromotion {
        /// The piece written.
        role: Role,
    },
    /// A null move while in check.
    NullInCheck,
    /// No legal move of the side to move matches, but the move is legal for the other side:
    /// perhaps written for the wrong side, or a move was skipped.
    WrongSide {
        /// The side the move belongs to.
        color: Color,
        /// The move for that side.
        m: Move,
        /// Why it is illegal for the side to move.
        own: Box<Illegal>,
    },
    /// Nothing more specific is known.
    NoMatch,
}

/// Matches patterns on a position. One legal move → `Legal`; none → `Illegal` with the reason;
/// several → `Ambiguous` (or `MissingPromotion`).
pub(crate) fn resolve(pos: &Chess, patterns: &[Pattern]) -> Resolution {
    // The common case, a piece or pawn to a square that one legal move matches, is told
    // without a move list; the rest as below.
    if let [pat] = patterns
        && let Some(m) = sole::sole_match(pos, pat)
    {
        return Resolution::Legal(m);
    }
    resolve_full(pos, patterns)
}

/// [`resolve`] from the legal moves generated by shakmaty.
fn resolve_full(pos: &Chess, patterns: &[Pattern]) -> Resolution {
    let null = patterns.iter().any(|p| p.null);
    let found = match patterns {
        // One pattern (every notation but descriptive): its candidates filtered in place, the
        // legal moves generated once and not copied.
        [pat] if !pat.null => {
            let mut found = candidates(pos, pat);
            found.retain(|m| pat.matches(m));
            found
        }
        _ => {
            let mut found = MoveList::new();
            for pat in patterns.iter().filter(|p| !p.null) {
                for m in &candidates(pos, pat) {
                    if pat.matches(m) && !found.contains(m) {
                        found.push(*m);
                    }
                }
            }
            found
        }
    };
    match found.len() {
        0 if null => {
            if pos.is_check() {
                Resolution::Illegal(Illegal::NullInCheck)
            } else {
                Resolution::Null
            }
        }
        0 => Resolution::Illegal(explain_readings(pos, patterns)),
        1 => {
            let m = found[0];
            if m.is_promotion() && patterns.iter().all(|p| p.promotion.is_none()) {
                Resolution::MissingPromotion(found.to_vec())
            } else {
                Resolution::Legal(m)
            }
        }
        _ => {
            let first = found[0];
            let same_but_promotion = found
                .iter()
                .all(|m| m.from() == first.from() && m.to() == first.to() && m.is_promotion());
            if same_but_promotion && patterns.iter().all(|p| p.promotion.is_none()) {
                Resolution::MissingPromotion(found.to_vec())
            } else {
                Resolution::Ambiguous(found.to_vec())
            }
        }
    }
}

/// The legal moves a (non-null) pattern can match, generated once: those of one piece kind
/// to one square, or the castling moves of one side, else all.
fn candidates(pos: &Chess, pat: &Pattern) -> MoveList {
    match (pat.role, pat.to, pat.castle) {
        (Some(role), Some(to), None) => pos.san_candidates(role, to),
        (_, _, Some(side)) => pos.castling_moves(side),
        _ => pos.legal_moves(),
    }
}

/// The position after a null move (`--`, `Z0`, `0000`): the other side to move, no en passant
/// square, and the next move number when Black passed, as after any Black move.
pub fn play_null(pos: &Chess) -> Chess {
    let mut setup = pos.to_setup(shakmaty::EnPassantMode::Legal);
    if setup.turn == Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup.turn = !setup.turn;
    setup.ep_square = None;
    setup.halfmoves = setup.halfmoves.saturating_add(1);
    <Chess as shakmaty::FromSetup>::from_setup(setup, pos.castles().mode())
        .or_else(shakmaty::PositionError::ignore_impossible_check)
        .unwrap_or_else(|_| pos.clone().swap_turn().unwrap_or_else(|_| pos.clone()))
}

/// Why no reading matches: with several readings (descriptive `Q×B`, `N-B3`), the one that
/// comes nearest to a legal move explains it best (a pinned knight says more than "no knight
/// there").
fn explain_readings(pos: &Chess, patterns: &[Pattern]) -> Illegal {
    match patterns {
        [] => explain(pos, Pattern::default()),
        [one] => explain(pos, *one),
        many => many
            .iter()
            .map(|p| explain(pos, *p))
            .enumerate()
            .max_by_key(|(i, why)| (nearness(why), std::cmp::Reverse(*i)))
            .map(|(_, why)| why)
            .unwrap_or(Illegal::NoMatch),
    }
}

/// How near to a legal move an explanation is: higher is nearer.
fn nearness(why: &Illegal) -> u8 {
    match why {
        Illegal::NoMatch => 0,
        Illegal::NoSuchPiece { .. } => 1,
        Illegal::NoneFromThere { .. }
        | Illegal::EmptyOrigin { .. }
        | Illegal::OpponentsPiece { .. } => 2,
        Illegal::CannotReach { .. } => 3,
        Illegal::NothingToCapture { .. } => 4,
        Illegal::PathBlocked { .. } | Illegal::OwnPieceOnTarget { .. } => 5,
        Illegal::WrongCapturedPiece { .. }
        | Illegal::PromotionNotAllowed { .. }
        | Illegal::BadPromotion { .. } => 6,
        Illegal::Pinned { .. }
        | Illegal::StaysInCheck { .. }
        | Illegal::KingIntoCheck { .. }
        | Illegal::NoCastlingRight { .. }
        | Illegal::CastlingInCheck { .. }
        | Illegal::CastlingBlocked { .. }
        | Illegal::CastlingThroughCheck { .. }
        | Illegal::NullInCheck => 7,
        Illegal::WrongSide { .. } => 8,
        Illegal::GameOver { .. } => 9,
    }
}

/// Works out why no legal move matches `pat`.
pub(crate) fn explain(pos: &Chess, pat: Pattern) -> Illegal {
    let own = explain_own(pos, pat);
    // A move that the other side could play is most likely written for the wrong side.
    let reachable = matches!(
        own,
        Illegal::Pinned { .. }
            | Illegal::StaysInCheck { .. }
            | Illegal::KingIntoCheck { .. }
            | Illegal::CastlingInCheck { .. }
            | Illegal::CastlingThroughCheck { .. }
            | Illegal::PromotionNotAllowed { .. }
            | Illegal::BadPromotion { .. }
            | Illegal::WrongCapturedPiece { .. }
            | Illegal::GameOver { .. }
            | Illegal::NoCastlingRight { .. }
            | Illegal::CastlingBlocked { .. }
    );
    if !reachable
        && !pat.null
        && let Ok(other) = pos.clone().swap_turn()
    {
        let color = other.turn();
        let mut hits = other.legal_moves();
        hits.retain(|m| pat.matches(m));
        if hits.len() == 1 {
            return Illegal::WrongSide {
                color,
                m: hits[0],
                own: Box::new(own),
            };
        }
    }
    own
}

fn explain_own(pos: &Chess, pat: Pattern) -> Illegal {
    if pos.legal_moves().is_empty() {
        return Illegal::GameOver {
            mate: pos.is_check(),
        };
    }
    if pat.null {
        return Illegal::NullInCheck;
    }
    if let Some(side) = pat.castle {
        return explain_castle(pos, side);
    }
    let movers = match movers(pos, &pat) {
        Ok(m) => m,
        Err(why) => return why,
    };
    let targets = targets(pos, &pat);
    let mut best: Option<(u8, Illegal)> = None;
    for from in movers.origins {
        for to in targets {
            if let Some((rank, why)) = why_not(pos, &pat, &movers, from, to)
                && best.as_ref().is_none_or(|(r, _)| rank > *r)
            {
                best = Some((rank, why));
            }
        }
    }
    match best {
        Some((_, why)) => why,
        // A named capture aims at the nearest piece of that kind (`Q×B`: a bishop).
        None => match pat
            .to
            .or_else(|| pat.captured.and(single_or_first(targets, movers.origins)))
        {
            Some(to) => Illegal::CannotReach {
                piece: movers.piece,
                to,
                pieces: movers.origins.into_iter().collect(),
            },
            None => Illegal::NoMatch,
        },
    }
}

/// The pieces a pattern may move: their kind, every piece of that kind, and those standing
/// where the pattern says the move comes from.
struct Movers {
    piece: Piece,
    all: Bitboard,
    origins: Bitboard,
}

/// The pieces that `pat` may move, or why there are none.
fn movers(pos: &Chess, pat: &Pattern) -> Result<Movers, Illegal> {
    let turn = pos.turn();
    let board = pos.board();
    // The origin, when fully given, decides the piece.
    let from_square = match (pat.from_file, pat.from_rank) {
        (Some(f), Some(r)) => Some(Square::from_coords(f, r)),
        _ => None,
    };
    let not_ours = |sq: Square| match board.piece_at(sq) {
        None => Some(Illegal::EmptyOrigin { square: sq }),
        Some(p) if p.color != turn => Some(Illegal::OpponentsPiece {
            square: sq,
            piece: p,
        }),
        Some(_) => None,
    };
    let role = match (pat.role, from_square) {
        (Some(r), _) => r,
        (None, Some(sq)) => match not_ours(sq) {
            Some(why) => return Err(why),
            None => board
                .role_at(sq)
                .ok_or(Illegal::EmptyOrigin { square: sq })?,
        },
        (None, None) => return Err(Illegal::NoMatch),
    };
    let piece = Piece { color: turn, role };
    let all = board.by_piece(piece);
    if all.is_empty() {
        return Err(Illegal::NoSuchPiece { piece });
    }
    let mut origins = all;
    if let Some(f) = pat.from_file {
        origins &= Bitboard::from_file(f);
    }
    if let Some(r) = pat.from_rank {
        origins &= Bitboard::from_rank(r);
    }
    if let Some(set) = pat.from_set {
        origins &= set;
    }
    if origins.is_empty() {
        if let Some(why) = from_square.and_then(not_ours) {
            return Err(why);
        }
        return Err(Illegal::NoneFromThere {
            piece,
            pieces: all.into_iter().collect(),
        });
    }
    Ok(Movers {
        piece,
        all,
        origins,
    })
}

/// The targets `pat` allows.
fn targets(pos: &Chess, pat: &Pattern) -> Bitboard {
    let mut targets = Bitboard::FULL;
    if let Some(t) = pat.to {
        targets = Bitboard::from_square(t);
    }
    if let Some(f) = pat.to_file {
        targets &= Bitboard::from_file(f);
    }
    if let Some(r) = pat.to_rank {
        targets &= Bitboard::from_rank(r);
    }
    if let Some(set) = pat.to_set {
        targets &= set;
    }
    // A capture that names what it takes (descriptive `Q×B`) aims at those pieces, wherever
    // the written squares leave it open.
    if let Some(named) = pat.captured {
        let theirs = pos.board().by_piece(Piece {
            color: !pos.turn(),
            role: named,
        });
        if !(targets & theirs).is_empty() {
            targets &= theirs;
        }
    }
    targets
}

/// Why the piece on `from` cannot make the move to `to`, ranked (higher is nearer to a legal
/// move); `None` when it cannot even reach `to` on an empty board, or nothing is found.
fn why_not(
    pos: &Chess,
    pat: &Pattern,
    movers: &Movers,
    from: Square,
    to: Square,
) -> Option<(u8, Illegal)> {
    let board = pos.board();
    let piece = movers.piece;
    let role = piece.role;
    if from == to {
        // A piece does not move to its own square; the target holds our own piece.
        return Some((5, Illegal::OwnPieceOnTarget { to, piece }));
    }
    let occupied = board.occupied();
    let (geometric, actual) = if role == Role::Pawn {
        pawn_reach(pos, from, to)
    } else {
        let empty = attacks::attacks(from, piece, Bitboard::EMPTY).contains(to);
        let real = attacks::attacks(from, piece, occupied).contains(to);
        (empty, real)
    };
    if !geometric {
        return None;
    }
    if !actual {
        if role == Role::Pawn && from.file() != to.file() {
            return Some((3, Illegal::NothingToCapture { from, to }));
        }
        return Some(
            match first_blocker(from, to, occupied, role == Role::Pawn) {
                Some(blocker) => (4, Illegal::PathBlocked { from, to, blocker }),
                None => (
                    2,
                    Illegal::CannotReach {
                        piece,
                        to,
                        pieces: movers.all.into_iter().collect(),
                    },
                ),
            },
        );
    }
    if let Some(p) = board.piece_at(to)
        && p.color == piece.color
    {
        return Some((5, Illegal::OwnPieceOnTarget { to, piece: p }));
    }
    if let Some(named) = pat.captured {
        let actual = board.piece_at(to);
        if actual.map(|p| p.role) != Some(named) {
            return Some((6, Illegal::WrongCapturedPiece { to, actual, named }));
        }
    }
    // Promotion rules.
    let last = to.rank() == Rank::Eighth || to.rank() == Rank::First;
    if let Some(Some(promo)) = pat.promotion {
        if role != Role::Pawn || !last {
            return Some((6, Illegal::PromotionNotAllowed { to }));
        }
        if matches!(promo, Role::King | Role::Pawn) {
            return Some((6, Illegal::BadPromotion { role: promo }));
        }
    }
    unsafe_for_king(pos, role, from, to).map(|why| (7, why))
}

/// Why moving the piece on `from` to `to` would leave or put its own king in check.
fn unsafe_for_king(pos: &Chess, role: Role, from: Square, to: Square) -> Option<Illegal> {
    let turn = pos.turn();
    let board = pos.board();
    let occupied = board.occupied();
    let king = board.king_of(turn)?;
    if role == Role::King {
        let occ = occupied.without(from);
        let attacker = board.attacks_to(to, !turn, occ).first()?;
        return Some(Illegal::KingIntoCheck { to, attacker });
    }
    let mut occ = occupied.without(from).with(to);
    let mut captured = Bitboard::from_square(to);
    if role == Role::Pawn && from.file() != to.file() && board.piece_at(to).is_none() {
        // en passant: the captured pawn leaves its square too
        let victim = Square::from_coords(to.file(), from.rank());
        occ = occ.without(victim);
        captured = captured.with(victim);
    }
    let attackers = board.attacks_to(king, !turn, occ) & !captured;
    let a = attackers.first()?;
    let checkers = pos.checkers();
    Some(if checkers.is_empty() {
        Illegal::Pinned {
            from,
            pinner: a,
            king,
        }
    } else {
        let checker = (checkers & attackers)
            .first()
            .or(checkers.first())
            .unwrap_or(a);
        Illegal::StaysInCheck {
            from,
            checker,
            king,
        }
    })
}

/// The target when there is one, else the one nearest to the pieces that could move.
fn single_or_first(targets: Bitboard, from: Bitboard) -> Option<Square> {
    targets.into_iter().min_by_key(|t| {
        from.into_iter()
            .map(|f| f.distance(*t))
            .min()
            .unwrap_or(u32::MAX)
    })
}

/// (reaches on an empty board, reaches here) for a pawn.
fn pawn_reach(pos: &Chess, from: Square, to: Square) -> (bool, bool) {
    let turn = pos.turn();
    let board = pos.board();
    let occupied = board.occupied();
    if attacks::pawn_attacks(turn, from).contains(to) {
        let ep = pos.ep_square(shakmaty::EnPassantMode::Legal) == Some(to)
            || pos.ep_square(shakmaty::EnPassantMode::Always) == Some(to);
        let enemy = board.by_color(!turn).contains(to);
        return (true, enemy || ep);
    }
    if from.file() != to.file() {
        return (false, false);
    }
    let dir: i32 = if turn == Color::White { 1 } else { -1 };
    let fr = u32::from(from.rank()) as i32;
    let tr = u32::from(to.rank()) as i32;
    let start = if turn == Color::White { 1 } else { 6 };
    let one = tr - fr == dir;
    let two = tr - fr == 2 * dir && fr == start;
    if !one && !two {
        return (false, false);
    }
    let mut clear = !occupied.contains(to);
    if two {
        let mid = Square::from_coords(from.file(), Rank::new(((fr + dir) as u32).min(7)));
        clear &= !occupied.contains(mid);
    }
    (true, clear)
}

fn first_blocker(from: Square, to: Square, occupied: Bitboard, pawn: bool) -> Option<Square> {
    let mut between = attacks::between(from, to) & occupied;
    if pawn && occupied.contains(to) {
        between = between.with(to);
    }
    // The blocker nearest the moving piece.
    between
        .into_iter()
        .min_by_key(|sq| square_distance(from, *sq))
}

fn square_distance(a: Square, b: Square) -> u32 {
    let df = ((u32::from(a.file()) as i32) - (u32::from(b.file()) as i32)).unsigned_abs();
    let dr = ((u32::from(a.rank()) as i32) - (u32::from(b.rank()) as i32)).unsigned_abs();
    df.max(dr)
}

fn explain_castle(pos: &Chess, side: CastlingSide) -> Illegal {
    let turn = pos.turn();
    let board = pos.board();
    let castles = pos.castles();
    if !castles.has(turn, side) {
        return Illegal::NoCastlingRight { side };
    }
    if let Some(checker) = pos.checkers().first() {
        return Illegal::CastlingInCheck { checker };
    }
    let Some(king) = board.king_of(turn) else {
        return Illegal::NoCastlingRight { side };
    };
    let Some(rook) = castles.rook(turn, side) else {
        return Illegal::NoCastlingRight { side };
    };
    let king_to = side.king_to(turn);
    let rook_to = side.rook_to(turn);
    let path = (attacks::between(king, king_to).with(king_to)
        | attacks::between(rook, rook_to).with(rook_to))
    .without(king)
    .without(rook);
    if let Some(sq) = (path & board.occupied()).first() {
        return Illegal::CastlingBlocked { side, square: sq };
    }
    let occ = board.occupied().without(king);
    for sq in attacks::between(king, king_to).with(king_to) {
        if let Some(a) = board.attacks_to(sq, !turn, occ).first() {
            return Illegal::CastlingThroughCheck {
                side,
                square: sq,
                attacker: a,
            };
        }
    }
    Illegal::NoMatch
}

#[cfg(test)]
pub(crate) mod tests {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Color, Piece, Role, Square};

    use crate::board::pattern::Pattern;
    use crate::board::resolve::{Illegal, Resolution, resolve};

    /// The position of a FEN (for the board's tests).
    pub(crate) fn position(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .expect("a FEN")
            .into_position(CastlingMode::Standard)
            .expect("a legal position")
    }

    /// The legal move of a UCI text in `pos` (for the board's tests).
    pub(crate) fn uci(pos: &Chess, s: &str) -> shakmaty::Move {
        s.parse::<shakmaty::uci::UciMove>()
            .expect("UCI")
            .to_move(pos)
            .expect("legal")
    }

    fn to(role: Role, sq: Square) -> Pattern {
        Pattern {
            role: Some(role),
            to: Some(sq),
            ..Pattern::EMPTY
        }
    }

    #[test]
    fn one_match_is_the_move() {
        let Resolution::Legal(m) = resolve(&Chess::default(), &[to(Role::Knight, Square::F3)])
        else {
            panic!("Nf3 is one move");
        };
        assert_eq!((m.from(), m.to()), (Some(Square::G1), Square::F3));
    }

    #[test]
    fn several_matches_name_each() {
        // Rooks on a1 and f1 both reach d1 (the king stands out of the way on e2).
        let pos = position("4k3/8/8/8/8/8/4K3/R4R2 w - - 0 1");
        match resolve(&pos, &[to(Role::Rook, Square::D1)]) {
            Resolution::Ambiguous(ms) => {
                let mut from: Vec<Square> = ms.iter().filter_map(|m| m.from()).collect();
                from.sort();
                assert_eq!(from, [Square::A1, Square::F1]);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn no_match_is_illegal_with_the_reason() {
        let start = Chess::default();
        assert_eq!(
            resolve(&start, &[to(Role::Bishop, Square::C4)]),
            Resolution::Illegal(Illegal::PathBlocked {
                from: Square::F1,
                to: Square::C4,
                blocker: Square::E2,
            })
        );
        assert_eq!(
            resolve(&start, &[to(Role::Knight, Square::F4)]),
            Resolution::Illegal(Illegal::CannotReach {
                piece: Piece {
                    color: Color::White,
                    role: Role::Knight,
                },
                to: Square::F4,
                pieces: vec![Square::B1, Square::G1],
            })
        );
    }

    #[test]
    fn several_readings_are_ranked_by_the_nearest_reason() {
        // The knight on d2 is pinned by the bishop on b4; there is no queen at all. Of the two
        // readings, the pinned knight explains the move best, whichever comes first.
        let pos = position("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1");
        let pinned = Illegal::Pinned {
            from: Square::D2,
            pinner: Square::B4,
            king: Square::E1,
        };
        let queen = to(Role::Queen, Square::F3);
        let knight = to(Role::Knight, Square::F3);
        assert_eq!(
            resolve(&pos, &[queen, knight]),
            Resolution::Illegal(pinned.clone())
        );
        assert_eq!(resolve(&pos, &[knight, queen]), Resolution::Illegal(pinned));
        assert!(matches!(
            resolve(&pos, &[queen]),
            Resolution::Illegal(Illegal::NoSuchPiece { .. })
        ));
    }
}
