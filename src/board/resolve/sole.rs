//! The common case of the resolver, told without a move list: a written piece or pawn move
//! to a named square that exactly one legal move matches.
//!
//! Shakmaty hands out legal moves as a list of 256 (about 2 KB, copied on each return); a
//! score names one of them at almost every move. Here the few moves of the written piece kind
//! that reach the square are made up from the board and tried for the king's safety one by
//! one. Only when exactly one of them is legal and matches is the answer given here; every
//! other case (none, several, a promotion, en passant, castling, a pattern without piece or
//! square) is left to the full resolver, so its answers and their order are unchanged.

use shakmaty::{
    Bitboard, Chess, Color, EnPassantMode, File, Move, Position, Rank, Role, Square, attacks,
};

use crate::board::pattern::Pattern;
use crate::syntax::NormalMove;

/// The one legal move of `pos` matching `pat`, when that is quick to tell (see the module's
/// comment); `None` when no move, several, or a case left to the full resolver.
pub(super) fn sole_match(pos: &Chess, pat: &Pattern) -> Option<Move> {
    let to = pat.to?;
    if pat.null || pat.castle.is_some() {
        return None;
    }
    let role = mover(pos, pat.role, pat.from_file, pat.from_rank)?;
    // A pattern that says no more than piece, square and origin (almost every move written)
    // is matched on the origins; any other is matched move by move. (Every field named: a
    // new one is weighed here.)
    let Pattern {
        role: _,
        to: _,
        from_file,
        from_rank,
        promotion,
        to_file,
        to_rank,
        captured,
        castle: _,
        null: _,
        from_set,
        to_set,
        capture_required,
    } = *pat;
    let plain = matches!(promotion, None | Some(None))
        && to_file.is_none()
        && to_rank.is_none()
        && captured.is_none()
        && from_set.is_none()
        && to_set.is_none()
        && !capture_required;
    pick(pos, role, to, from_file, from_rank, |m| {
        plain || pat.matches(m)
    })
}

/// [`sole_match`] of a written algebraic move (its pattern: [`Pattern::from_body`]), told
/// from the move itself when it names piece, square and origin only (almost every move
/// written); `None` for any other, left to the resolver.
pub(crate) fn sole_normal(pos: &Chess, n: &NormalMove) -> Option<Move> {
    let to = n.to?;
    if n.to_file.is_some() || n.captured.is_some() || n.promotion.is_some() {
        return None;
    }
    // Both squares and no piece letter (`g1f3`): whatever stands on the origin.
    let coordinate = !n.role_written && n.from_file.is_some() && n.from_rank.is_some();
    let role = mover(
        pos,
        (!coordinate).then_some(n.role),
        n.from_file,
        n.from_rank,
    )?;
    pick(pos, role, to, n.from_file, n.from_rank, |_| true)
}

/// The kind of piece a move names: `role` when written, else (both squares and no piece
/// letter, `g1f3`, `e2-e4`) that of the piece of the side to move on the origin.
fn mover(pos: &Chess, role: Option<Role>, file: Option<File>, rank: Option<Rank>) -> Option<Role> {
    match (role, file, rank) {
        (Some(role), ..) => Some(role),
        (None, Some(file), Some(rank)) => {
            let piece = pos.board().piece_at(Square::from_coords(file, rank))?;
            (piece.color == pos.turn()).then_some(piece.role)
        }
        _ => None,
    }
}

/// The one legal move of a piece of kind `role` to `to` (from the file and rank given) that
/// `accepts`; `None` when none, several, or a pawn move left to the full resolver.
#[inline(always)]
fn pick(
    pos: &Chess,
    role: Role,
    to: Square,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    accepts: impl Fn(&Move) -> bool,
) -> Option<Move> {
    let board = pos.board();
    let turn = pos.turn();
    if board.by_color(turn).contains(to) {
        return None;
    }
    let king = board.king_of(turn)?;
    let mut from = origins(pos, role, to)?;
    if let Some(file) = from_file {
        from &= Bitboard::from_file(file);
    }
    if let Some(rank) = from_rank {
        from &= Bitboard::from_rank(rank);
    }
    let capture = board.role_at(to);
    let mut found = None;
    for from in from {
        let m = Move::Normal {
            role,
            from,
            capture,
            to,
            promotion: None,
        };
        if accepts(&m) && is_safe(pos, king, role, from, to) {
            if found.is_some() {
                return None;
            }
            found = Some(m);
        }
    }
    found
}

/// Is the side to move checkmated? Told without a move list when its king can step to a
/// square no piece of the other side attacks (most checks); else shakmaty's answer.
pub(crate) fn is_checkmate(pos: &Chess) -> bool {
    !king_can_step(pos) && pos.is_checkmate()
}

/// Is the side to move stalemated? Told without a move list when its king can step to a
/// square no piece of the other side attacks (most positions); else shakmaty's answer.
pub(crate) fn is_stalemate(pos: &Chess) -> bool {
    !king_can_step(pos) && pos.is_stalemate()
}

/// Has the king of the side to move a legal step (to a square not held by its own side
/// that no piece of the other side attacks)? Then the side to move has a legal move.
fn king_can_step(pos: &Chess) -> bool {
    let board = pos.board();
    let turn = pos.turn();
    let Some(king) = board.king_of(turn) else {
        return false;
    };
    // The king's own square does not shield what is behind it.
    let occupied = board.occupied().without(king);
    let steps = attacks::king_attacks(king) & !board.by_color(turn);
    steps
        .into_iter()
        .any(|sq| board.attacks_to(sq, !turn, occupied).is_empty())
}

/// The squares from which a piece of the side to move, of kind `role`, reaches `to` (not
/// holding a piece of the side to move) in one move but for its king's safety; `None` for
/// the pawn moves left to the full resolver (promotions, en passant).
fn origins(pos: &Chess, role: Role, to: Square) -> Option<Bitboard> {
    let board = pos.board();
    let turn = pos.turn();
    let occupied = board.occupied();
    let ours = board.by_piece(role.of(turn));
    Some(match role {
        Role::Knight => attacks::knight_attacks(to) & ours,
        Role::Bishop => attacks::bishop_attacks(to, occupied) & ours,
        Role::Rook => attacks::rook_attacks(to, occupied) & ours,
        Role::Queen => attacks::queen_attacks(to, occupied) & ours,
        Role::King => attacks::king_attacks(to) & ours,
        Role::Pawn => {
            if matches!(to.rank(), Rank::First | Rank::Eighth)
                || pos.ep_square(EnPassantMode::Always) == Some(to)
            {
                return None;
            }
            if board.by_color(!turn).contains(to) {
                // Captures: the squares from which a pawn of ours attacks `to`.
                attacks::pawn_attacks(!turn, to) & ours
            } else {
                pawn_pushes(turn, to, occupied, ours)
            }
        }
    })
}

/// The pawns of `ours` that push to the empty square `to`: one step, or two from their
/// starting rank over an empty square.
fn pawn_pushes(turn: Color, to: Square, occupied: Bitboard, ours: Bitboard) -> Bitboard {
    let step = if turn == Color::White { -8 } else { 8 };
    let Some(one) = to.offset(step) else {
        return Bitboard::EMPTY;
    };
    if ours.contains(one) {
        return Bitboard::from_square(one);
    }
    let double_rank = if turn == Color::White {
        Rank::Fourth
    } else {
        Rank::Fifth
    };
    match to.offset(2 * step) {
        Some(two) if to.rank() == double_rank && !occupied.contains(one) && ours.contains(two) => {
            Bitboard::from_square(two)
        }
        _ => Bitboard::EMPTY,
    }
}

/// Is the king of the side to move (on `king`) safe after the piece on `from` (of kind
/// `role`) moves to `to`, capturing what stands there? (Not for en passant or castling.)
fn is_safe(pos: &Chess, king: Square, role: Role, from: Square, to: Square) -> bool {
    let board = pos.board();
    let them = !pos.turn();
    let occupied = board.occupied().without(from).with(to);
    if role == Role::King {
        return board.attacks_to(to, them, occupied).is_empty();
    }
    // The piece taken on `to` attacks nothing any more.
    (board.attacks_to(king, them, occupied) & !Bitboard::from_square(to)).is_empty()
}

#[cfg(test)]
mod tests {
    use shakmaty::{Chess, Move, Position, Role, Square};

    use super::sole_match;
    use crate::board::pattern::Pattern;
    use crate::board::resolve::tests::position;
    use crate::board::resolve::{Resolution, resolve_full};
    use crate::syntax::{MoveBody, NormalMove};

    /// A small deterministic generator (no crate needed for a test's choices).
    struct Lcg(u64);

    impl Lcg {
        fn next(&mut self, n: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((self.0 >> 33) % n as u64) as usize
        }
    }

    /// The patterns a score writes for a piece and square: bare, with the file or rank of each piece of that kind (`Nbd2`, `R1e2`), and with no promotion said.
    fn patterns(pos: &Chess, role: Role, to: Square) -> Vec<Pattern> {
        let base = Pattern {
            role: Some(role),
            to: Some(to),
            ..Pattern::EMPTY
        };
        let mut out = vec![
            base,
            Pattern {
                promotion: Some(None),
                ..base
            },
        ];
        for sq in pos.board().by_piece(role.of(pos.turn())) {
            out.push(Pattern {
                from_file: Some(sq.file()),
                ..base
            });
            out.push(Pattern {
                from_rank: Some(sq.rank()),
                ..base
            });
        }
        out
    }

    /// The quick answer agrees with the full resolver in `pos`, for every piece, square and
    /// written origin: when it gives a move, that move is the full resolver's one legal
    /// move; when the full resolver finds exactly one plain move (no promotion, no en
    /// passant), the quick answer finds it too. Mate is told as shakmaty tells it.
    fn agrees(pos: &Chess) {
        assert_eq!(super::is_checkmate(pos), pos.is_checkmate(), "{pos:?}");
        assert_eq!(super::is_stalemate(pos), pos.is_stalemate(), "{pos:?}");
        // Both squares and no piece letter (`g1f3`): from each square of the side to move.
        let coordinate = pos.us().into_iter().flat_map(|from| {
            Square::ALL.into_iter().map(move |to| Pattern {
                from_file: Some(from.file()),
                from_rank: Some(from.rank()),
                to: Some(to),
                ..Pattern::EMPTY
            })
        });
        let written = Role::ALL
            .into_iter()
            .flat_map(|role| Square::ALL.into_iter().map(move |to| (role, to)))
            .flat_map(|(role, to)| patterns(pos, role, to));
        normal_agrees(pos);
        for pat in written.chain(coordinate) {
            let full = resolve_full(pos, &[pat]);
            match sole_match(pos, &pat) {
                Some(m) => assert_eq!(full, Resolution::Legal(m), "{pat:?} in {pos:?}"),
                None => {
                    if let Resolution::Legal(
                        m @ Move::Normal {
                            promotion: None, ..
                        },
                    ) = full
                    {
                        panic!("missed {m:?} for {pat:?} in {pos:?}");
                    }
                }
            }
        }
    }

    /// The quick answer from a written move is that of its pattern, for every piece,
    /// square and origin written, with and without a piece letter.
    fn normal_agrees(pos: &Chess) {
        let mut origins = vec![(None, None)];
        for sq in pos.us() {
            origins.extend([
                (Some(sq.file()), None),
                (None, Some(sq.rank())),
                (Some(sq.file()), Some(sq.rank())),
            ]);
        }
        for role in Role::ALL {
            for to in Square::ALL {
                for &(from_file, from_rank) in &origins {
                    for role_written in [true, false] {
                        let n = NormalMove {
                            role,
                            role_written,
                            from_file,
                            from_rank,
                            to: Some(to),
                            to_file: None,
                            promotion: None,
                            captured: None,
                        };
                        let pat = Pattern::from_body(&MoveBody::Normal(n));
                        assert_eq!(
                            super::sole_normal(pos, &n),
                            sole_match(pos, &pat),
                            "{n:?} in {pos:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_quick_answer_is_the_full_resolvers() {
        // Pins, checks, double checks, en passant, promotions, kings side by side.
        for fen in [
            "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",
            "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1",
            "4k3/8/8/1b6/8/8/4r3/R3K2R w KQ - 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1",
            "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
            "8/8/8/3k4/8/3K4/8/8 w - - 0 1",
            "4k3/8/8/8/8/5n2/4q3/R3K3 w Q - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            // Mates: the king hemmed in by its own pieces, by attacked squares, or not.
            "6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1",
            "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1",
            "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1",
            "3k4/3Q4/3K4/8/8/8/8/8 b - - 0 1",
        ] {
            agrees(&position(fen));
        }
        // Random games: every position on the way.
        let mut rng = Lcg(7);
        for _ in 0..4 {
            let mut pos = Chess::default();
            for _ in 0..40 {
                agrees(&pos);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[rng.next(moves.len())]);
            }
        }
    }
}
