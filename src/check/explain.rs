//! The explanations of illegal, ambiguous and incomplete moves.

use shakmaty::{Chess, Color, Move, Position, Role};

use crate::board::descriptive::Origins;
use crate::board::resolve::{Illegal, Resolution};
use crate::check::checker::{GameChecker, Played};
use crate::check::repair::{Cand, suggestion_texts};
use crate::check::words::{color_name, join_and, join_or, plural};
use crate::diagnostic::{Diagnostic, Problem};
use crate::render::words::role_name;
use crate::span::Span;
use crate::syntax::{MoveBody, MoveToken};

/// The squares a diagram marks for an illegal or ambiguous move: the pieces that could make
/// it, or the pieces that stop it.
pub(super) fn marked_squares(res: &Resolution) -> Vec<shakmaty::Square> {
    fn of(why: &Illegal) -> Vec<shakmaty::Square> {
        match why {
            Illegal::NoneFromThere { pieces, .. } | Illegal::CannotReach { pieces, .. } => {
                pieces.clone()
            }
            Illegal::PathBlocked { from, blocker, .. } => vec![*from, *blocker],
            Illegal::Pinned { from, pinner, .. } => vec![*from, *pinner],
            Illegal::StaysInCheck { checker, king, .. } => vec![*king, *checker],
            Illegal::KingIntoCheck { attacker, .. } => vec![*attacker],
            Illegal::CastlingInCheck { checker } => vec![*checker],
            Illegal::CastlingBlocked { square, .. } => vec![*square],
            Illegal::CastlingThroughCheck { attacker, .. } => vec![*attacker],
            Illegal::OwnPieceOnTarget { to, .. } => vec![*to],
            Illegal::WrongSide { own, .. } => of(own),
            _ => Vec::new(),
        }
    }
    let mut squares = match res {
        Resolution::Ambiguous(ms) | Resolution::MissingPromotion(ms) => {
            ms.iter().filter_map(|m| m.from()).collect()
        }
        Resolution::Illegal(why) => of(why),
        Resolution::Legal(_) | Resolution::Null => Vec::new(),
    };
    squares.sort();
    squares.dedup();
    squares
}

/// Does the move put a piece on `sq` (castling: the king's or the rook's square)?
pub(super) fn lands_on(m: &Move, sq: shakmaty::Square) -> bool {
    match m.castling_side() {
        Some(side) => [Color::White, Color::Black]
            .iter()
            .any(|&c| side.king_to(c) == sq || side.rook_to(c) == sq),
        None => m.to() == sq,
    }
}

/// A reason in words, and secondary labels on earlier moves that explain it.
type Reason = (String, Vec<(Span, String)>);

/// What an illegal move is explained with: the position before it and the moves that led
/// there.
struct Why<'t> {
    pos: &'t Chess,
    origins: &'t Origins,
    history: &'t [Played<'t>],
    text: &'t str,
    /// Writes a move named in the reason in the game's notation, language and habits.
    writer: &'t crate::render::Writer,
}

impl Why<'_> {
    /// "white knight on c3".
    fn piece_on(&self, sq: shakmaty::Square) -> String {
        self.pos
            .board()
            .piece_at(sq)
            .map(|p| {
                format!(
                    "{} {} on {sq}",
                    color_name(p.color).to_lowercase(),
                    role_name(p.role)
                )
            })
            .unwrap_or_else(|| format!("piece on {sq}"))
    }

    /// A label on the move that last put a piece on `sq`: "{what} with 5. Nc3".
    fn arrived(&self, sq: shakmaty::Square, what: &str) -> Vec<(Span, String)> {
        self.history
            .iter()
            .rev()
            .find(|p| lands_on(&p.m, sq))
            .map(|p| vec![(p.span, format!("{what} with {}", p.label(self.text)))])
            .unwrap_or_default()
    }

    /// "the knight on c3 arrived with 5. Nc3" for each of these pieces.
    fn each_arrived(&self, pieces: &[shakmaty::Square], role: Role) -> Vec<(Span, String)> {
        pieces
            .iter()
            .flat_map(|sq| self.arrived(*sq, &format!("the {} on {sq} arrived", role_name(role))))
            .collect()
    }

    /// A piece's move that the board does not allow.
    fn piece_move(&self, why: &Illegal) -> Option<Reason> {
        let turn = color_name(self.pos.turn());
        Some(match why {
            Illegal::NoneFromThere { piece, pieces } => {
                let squares: Vec<String> = pieces.iter().map(|s| s.to_string()).collect();
                (
                    format!(
                        "{turn} has no {} there; {} {} on {}",
                        role_name(piece.role),
                        "its",
                        if pieces.len() == 1 {
                            role_name(piece.role)
                        } else {
                            plural(piece.role)
                        },
                        join_and(&squares)
                    )
                    .replace(
                        &format!("its {} on", role_name(piece.role)),
                        &format!("the {} is on", role_name(piece.role)),
                    )
                    .replace(
                        &format!("its {} on", plural(piece.role)),
                        &format!("the {} are on", plural(piece.role)),
                    ),
                    self.each_arrived(pieces, piece.role),
                )
            }
            Illegal::EmptyOrigin { square } => {
                (format!("there is no piece on {square}"), Vec::new())
            }
            Illegal::OpponentsPiece { square, piece } => (
                format!(
                    "the {} on {square} is {}'s",
                    role_name(piece.role),
                    color_name(piece.color)
                ),
                Vec::new(),
            ),
            Illegal::CannotReach { piece, to, pieces } => {
                let squares: Vec<String> = pieces.iter().map(|s| s.to_string()).collect();
                let n = pieces.len();
                (
                    format!(
                        "no {} {} can reach {to} ({} on {})",
                        turn.to_lowercase(),
                        role_name(piece.role),
                        if n == 1 {
                            format!("the {} is", role_name(piece.role))
                        } else {
                            format!("the {} are", plural(piece.role))
                        },
                        join_and(&squares)
                    ),
                    self.each_arrived(pieces, piece.role),
                )
            }
            Illegal::PathBlocked { from, to, blocker } => (
                format!(
                    "the {} cannot reach {to}: the {} is in the way",
                    self.piece_on(*from),
                    self.piece_on(*blocker)
                ),
                self.arrived(*blocker, "the blocking piece arrived"),
            ),
            Illegal::OwnPieceOnTarget { to, piece } => (
                format!("{to} is occupied by {turn}'s own {}", role_name(piece.role)),
                self.arrived(*to, "it arrived"),
            ),
            Illegal::NothingToCapture { from, to } => (
                format!(
                    "the pawn on {from} can only go to {to} by capturing, and there is nothing to capture"
                ),
                Vec::new(),
            ),
            Illegal::WrongCapturedPiece { to, actual, named } => (
                match actual {
                    Some(p) => format!(
                        "the piece on {to} is a {}, not a {}",
                        role_name(p.role),
                        role_name(*named)
                    ),
                    None => format!(
                        "{to} is empty; there is no {} to capture",
                        role_name(*named)
                    ),
                },
                Vec::new(),
            ),
            Illegal::Pinned { from, pinner, king } => (
                format!(
                    "the {} is pinned: moving it would expose the king on {king} to the {}",
                    self.piece_on(*from),
                    self.piece_on(*pinner)
                ),
                self.arrived(*pinner, "the pinning piece arrived"),
            ),
            Illegal::StaysInCheck {
                from,
                checker,
                king,
            } => (
                format!(
                    "{turn} is in check from the {}, and moving the {} does not end it (king on {king})",
                    self.piece_on(*checker),
                    self.piece_on(*from)
                ),
                self.arrived(*checker, "the check came"),
            ),
            Illegal::KingIntoCheck { to, attacker } => (
                format!(
                    "the king would be in check on {to} from the {}",
                    self.piece_on(*attacker)
                ),
                self.arrived(*attacker, "the attacker arrived"),
            ),
            _ => return None,
        })
    }

    /// Castling that the board does not allow.
    fn castling(&self, why: &Illegal) -> Option<Reason> {
        let turn = color_name(self.pos.turn());
        let board = self.pos.board();
        Some(match why {
            Illegal::NoCastlingRight { side } => (
                format!(
                    "{turn} can no longer castle {}: the king or that rook has moved",
                    if side.is_king_side() {
                        "kingside"
                    } else {
                        "queenside"
                    }
                ),
                Vec::new(),
            ),
            Illegal::CastlingInCheck { checker } => (
                format!(
                    "{turn} cannot castle out of check (check from the {})",
                    self.piece_on(*checker)
                ),
                self.arrived(*checker, "the check came"),
            ),
            Illegal::CastlingBlocked { side, square } => (
                format!(
                    "{turn} cannot castle {}: there is a {} on {square}",
                    if side.is_king_side() {
                        "kingside"
                    } else {
                        "queenside"
                    },
                    board
                        .piece_at(*square)
                        .map(|p| role_name(p.role))
                        .unwrap_or("piece")
                ),
                self.arrived(*square, "it arrived"),
            ),
            Illegal::CastlingThroughCheck {
                side,
                square,
                attacker,
            } => (
                format!(
                    "{turn} cannot castle {}: the king would pass through or land on {square}, attacked by the {}",
                    if side.is_king_side() {
                        "kingside"
                    } else {
                        "queenside"
                    },
                    self.piece_on(*attacker)
                ),
                self.arrived(*attacker, "the attacker arrived"),
            ),
            _ => return None,
        })
    }

    /// Every other reason: no such piece, the game over, a promotion, the wrong side.
    fn other(&self, why: &Illegal) -> Reason {
        let turn = color_name(self.pos.turn());
        match why {
            Illegal::GameOver { mate } => (
                if *mate {
                    format!("{turn} is checkmated")
                } else {
                    format!("{turn} is stalemated")
                },
                Vec::new(),
            ),
            Illegal::NoSuchPiece { piece } => (
                format!("{turn} has no {}", role_name(piece.role)),
                Vec::new(),
            ),
            Illegal::PromotionNotAllowed { to } => (
                format!(
                    "a promotion is written, but the move to {to} does not reach the last rank"
                ),
                Vec::new(),
            ),
            Illegal::BadPromotion { role } => (
                format!("a pawn cannot promote to a {}", role_name(*role)),
                Vec::new(),
            ),
            Illegal::NullInCheck => (format!("{turn} is in check and cannot pass"), Vec::new()),
            Illegal::WrongSide { color, m, own } => {
                let (why, labels) = Why { ..*self }.explain(own);
                let other = color_name(*color);
                // The move as the other side would write it, in the position with that side
                // to move.
                let written = self
                    .pos
                    .clone()
                    .swap_turn()
                    .map(|p| self.writer.write(&p, self.origins, m))
                    .unwrap_or_else(|_| m.to_string());
                (
                    format!(
                        "{why}; it is a legal move for {other} (`{written}`): was a move skipped, or written for the wrong side?"
                    ),
                    labels,
                )
            }
            // `Illegal::NoMatch` (the kinds above are told by `piece_move` and `castling`).
            _ => (format!("no legal move of {turn} matches it"), Vec::new()),
        }
    }
}

impl Why<'_> {
    /// The reason in words, and secondary labels on earlier moves that explain it.
    fn explain(&self, why: &Illegal) -> Reason {
        self.piece_move(why)
            .or_else(|| self.castling(why))
            .unwrap_or_else(|| self.other(why))
    }
}

/// A move token in error, in its place in the line.
#[derive(Clone, Copy)]
pub(super) struct ErrorSite<'t> {
    pub(super) tok: &'t MoveToken,
    pub(super) pos: &'t Chess,
    pub(super) origins: &'t Origins,
    /// The ply of the move.
    pub(super) ply: u32,
    /// The moves that led to the position.
    pub(super) history: &'t [Played<'t>],
    /// The legal moves as readings of it, most likely first.
    pub(super) ranked: &'t [Cand],
    /// The move tokens after it.
    pub(super) rest: &'t [&'t MoveToken],
}

impl GameChecker<'_> {
    /// The diagnostic of a move token that does not read as written.
    pub(super) fn move_error(&self, at: &ErrorSite<'_>, res: Resolution) -> Diagnostic {
        let ErrorSite {
            tok,
            pos,
            origins,
            ply,
            history,
            rest,
            ..
        } = *at;
        let text = self.src(tok.span).to_owned();
        match res {
            Resolution::Ambiguous(mut ms) if matches!(tok.body, MoveBody::Descriptive(_)) => {
                // The reading after which the following moves read furthest first.
                ms.sort_by_key(|m| std::cmp::Reverse(self.reach_after(pos, origins, m, rest)));
                let readings = crate::board::descriptive::describe_readings(&ms, |m| {
                    self.writer().write(pos, origins, m)
                });
                let mut d = Diagnostic::new(
                    Problem::AmbiguousReading {
                        text: text.clone(),
                        count: ms.len(),
                    },
                    tok.span,
                )
                .label("which one?")
                .ply(ply);
                for m in &ms {
                    if let Some(p) = history.iter().rev().find(|p| Some(p.m.to()) == m.from()) {
                        let from = m.from().map(|s| s.to_string()).unwrap_or_default();
                        d = d.with_secondary(
                            p.span,
                            format!(
                                "the {} on {from} arrived with {}",
                                role_name(m.role()),
                                p.label(self.text)
                            ),
                        );
                    }
                }
                let listed: Vec<String> = readings
                    .iter()
                    .map(|(spelling, words)| format!("`{spelling}` ({words})"))
                    .collect();
                let marks = if tok.check().is_some() {
                    "; its check mark does not choose between them"
                } else {
                    ""
                };
                d.help(format!(
                    "`{text}` can mean {}{marks}; write the one you mean",
                    join_or(&listed.iter().map(String::as_str).collect::<Vec<_>>())
                ))
                .suggest(readings.into_iter().map(|(spelling, _)| spelling).collect())
            }
            Resolution::Ambiguous(mut ms) => {
                // The candidate after which the following moves read furthest first.
                ms.sort_by_key(|m| std::cmp::Reverse(self.reach_after(pos, origins, m, rest)));
                let role = ms[0].role();
                let mut d = Diagnostic::new(
                    Problem::AmbiguousMove {
                        text: text.clone(),
                        count: ms.len(),
                        pieces: plural(role).into(),
                    },
                    tok.span,
                )
                .label("which one?")
                .ply(ply);
                let mut forms = Vec::new();
                for m in &ms {
                    let san = self.writer().write(pos, origins, m);
                    let from = m.from().map(|s| s.to_string()).unwrap_or_default();
                    if let Some(p) = history.iter().rev().find(|p| Some(p.m.to()) == m.from()) {
                        d = d.with_secondary(
                            p.span,
                            format!(
                                "the {} on {from} arrived with {}",
                                role_name(role),
                                p.label(self.text)
                            ),
                        );
                    }
                    forms.push(san);
                }
                let squares: Vec<String> = ms
                    .iter()
                    .filter_map(|m| m.from())
                    .map(|s| s.to_string())
                    .collect();
                d.help(format!(
                    "the {} on {} {} make this move; name the one you mean",
                    plural(role),
                    join_and(&squares),
                    if squares.len() == 2 {
                        "can both"
                    } else {
                        "can all"
                    }
                ))
                .suggest(forms)
            }
            Resolution::MissingPromotion(ms) => {
                let forms: Vec<String> = ms
                    .iter()
                    .map(|m| self.writer().write(pos, origins, m))
                    .collect();
                Diagnostic::new(Problem::MissingPromotion { text: text.clone() }, tok.span)
                    .label("promote to what?")
                    .ply(ply)
                    .help("write the piece after the square, as in e8=Q")
                    .suggest(forms)
            }
            Resolution::Illegal(why) => self.illegal_error(at, &why, text),
            Resolution::Legal(_) | Resolution::Null => Diagnostic::new(Problem::NoGame, tok.span),
        }
    }

    /// The diagnostic of an illegal move: the reason, the pieces that explain it, the readings
    /// of the token in its own language and in others.
    fn illegal_error(&self, at: &ErrorSite<'_>, why: &Illegal, text: String) -> Diagnostic {
        let ErrorSite {
            tok,
            pos,
            origins,
            ply,
            history,
            ranked,
            ..
        } = *at;
        let (why_text, secondary) = Why {
            pos,
            origins,
            history,
            text: self.text,
            writer: self.writer(),
        }
        .explain(why);
        let mut d = Diagnostic::new(
            Problem::IllegalMove {
                text,
                why: why_text,
            },
            tok.span,
        )
        .label("illegal here")
        .ply(ply);
        for (s, t) in secondary {
            d = d.with_secondary(s, t);
        }
        let mut sugg = suggestion_texts(ranked, tok.unmarked(self.text), 3);
        let side = if pos.turn() == Color::White {
            "White"
        } else {
            "Black"
        };
        match self.other_languages(tok.span, (pos, origins), true) {
            Some((help, other)) => {
                for o in other {
                    if !sugg.contains(&o) {
                        sugg.push(o);
                    }
                }
                d.help(format!("{side} is to move; {help}")).suggest(sugg)
            }
            None => d.help(format!("{side} is to move")).suggest(sugg),
        }
    }
}
