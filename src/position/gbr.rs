//! GBR codes (Guy–Blandford–Roycroft), the ARVES way: the basic code `abcd.ef` (for queens,
//! rooks, bishops and knights, one for each white piece and three for each black one, 9 when
//! a side has more than two; then the white and the black pawns), and the full form that says
//! where every man stands: the kings' squares, the code, the squares of the pieces in QRBN
//! order (White's before Black's in each), a point before the pawns' squares (White's first),
//! and the control `3/2` (the men of each side): `e4d6 0000.21 .d4e5d7 3/2`.

use pest::iterators::Pair;
use shakmaty::{Board, Color, Piece, Role, Square};

use crate::position::grammar::PositionGrammar;
use crate::position::legal::side;
use crate::position::{Form, PositionError, written_order};
use crate::render::words::role_name;
use crate::span::Span;

/// The roles a GBR code counts, in its order.
const CODED: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

fn count(board: &Board, color: Color, role: Role) -> usize {
    board.by_piece(Piece { color, role }).count()
}

/// The basic GBR code of a board: `0000.21` for two white pawns and one black one.
pub fn gbr_code(board: &Board) -> String {
    let mut code = String::new();
    for role in CODED {
        let (w, b) = (
            count(board, Color::White, role),
            count(board, Color::Black, role),
        );
        let digit = if w > 2 || b > 2 { 9 } else { w + 3 * b };
        code.push_str(&digit.to_string());
    }
    code.push('.');
    for color in Color::ALL {
        code.push_str(&count(board, color, Role::Pawn).min(9).to_string());
    }
    code
}

/// The full GBR form of a board: `e4d6 0000.21 .d4e5d7 3/2`. (A board where a side has more
/// than two pieces of a kind has a 9 in its code, and its squares cannot be read back.)
pub fn gbr(board: &Board) -> String {
    let squares = |role: Role| -> String {
        Color::ALL
            .into_iter()
            .flat_map(|color| written_order(board.by_piece(Piece { color, role })))
            .map(|s| s.to_string())
            .collect()
    };
    let kings = squares(Role::King);
    let pieces: String = CODED.into_iter().map(squares).collect();
    let pawns = squares(Role::Pawn);
    let mut out = format!("{kings} {}", gbr_code(board));
    if !pieces.is_empty() || !pawns.is_empty() {
        out.push(' ');
        out.push_str(&pieces);
        if !pawns.is_empty() {
            out.push('.');
            out.push_str(&pawns);
        }
    }
    let men = |c: Color| board.by_color(c).count();
    out.push_str(&format!(" {}/{}", men(Color::White), men(Color::Black)));
    out
}

fn span_of(p: &Pair<'_, &str>) -> Span {
    Span::new(p.as_span().start(), p.as_span().end())
}

fn square_of(p: &Pair<'_, &str>) -> Square {
    p.as_str().parse().unwrap_or(Square::A1)
}

/// A GBR code read: its men.
pub(crate) fn read_gbr(grammar: &PositionGrammar, text: &str) -> Result<Board, PositionError> {
    let mut pairs = grammar.parse("gbr", text).map_err(|f| {
        let at = f.at.min(text.len());
        let end = text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
        PositionError::unreadable(
            Form::Gbr,
            format!("expected {} here", f.expected_words()),
            Span::new(at, end),
            format!("expected {}", f.expected_words()),
        )
        .help(
            "the full GBR form is the kings' squares, the code, the squares of the pieces \
             (QRBN, White's first), `.` and the pawns' squares: `e4d6 0000.21 .d4e5d7 3/2`",
        )
    })?;
    let mut board = Board::empty();
    let Some(gbr) = pairs.next() else {
        return Ok(board);
    };
    let mut code: Option<Pair<'_, &str>> = None;
    let (mut pieces, mut pawns): (Vec<Pair<'_, &str>>, Vec<Pair<'_, &str>>) = (vec![], vec![]);
    let mut control = None;
    for part in gbr.into_inner() {
        match part.as_rule() {
            "gbr_kings" => {
                for (sq, color) in part.into_inner().zip(Color::ALL) {
                    board.set_piece_at(
                        square_of(&sq),
                        Piece {
                            color,
                            role: Role::King,
                        },
                    );
                }
            }
            "gbr_code" => code = Some(part),
            "gbr_men" => {
                for group in part.into_inner() {
                    let squares: Vec<Pair<'_, &str>> = group.clone().into_inner().collect();
                    if group.as_rule() == "gbr_pieces" {
                        pieces = squares;
                    } else {
                        pawns = squares;
                    }
                }
            }
            "gbr_control" => control = Some(part),
            _ => {}
        }
    }
    let Some(code) = code else {
        return Ok(board);
    };
    place(&mut board, &code, &pieces, &pawns)?;
    if let Some(control) = control {
        check_control(&board, &control)?;
    }
    Ok(board)
}

/// The men of each kind and side the code counts, in the order their squares are listed.
fn counted(code: &Pair<'_, &str>) -> Result<Vec<(Piece, usize)>, PositionError> {
    let digits: Vec<Pair<'_, &str>> = code.clone().into_inner().collect();
    let mut out = Vec::new();
    for (d, role) in digits.iter().zip(CODED) {
        let n: usize = d.as_str().parse().unwrap_or(0);
        if n == 9 {
            return Err(PositionError::unreadable(
                Form::Gbr,
                format!(
                    "the {} digit is 9: a side has more than two {}s, and the code does not say how many",
                    role_name(role),
                    role_name(role)
                ),
                span_of(d),
                "more than two of a side",
            )
            .help("write the position as a FEN or a record: a GBR code cannot tell these squares apart"));
        }
        for (color, k) in [(Color::White, n % 3), (Color::Black, n / 3)] {
            out.push((Piece { color, role }, k));
        }
    }
    for (d, color) in digits[4..].iter().zip(Color::ALL) {
        let n: usize = d.as_str().parse().unwrap_or(0);
        out.push((
            Piece {
                color,
                role: Role::Pawn,
            },
            n,
        ));
    }
    Ok(out)
}

/// Places the pieces and pawns the code counts on the squares listed.
fn place(
    board: &mut Board,
    code: &Pair<'_, &str>,
    pieces: &[Pair<'_, &str>],
    pawns: &[Pair<'_, &str>],
) -> Result<(), PositionError> {
    let counts = counted(code)?;
    let want_pieces: usize = counts[..8].iter().map(|(_, n)| n).sum();
    let want_pawns: usize = counts[8..].iter().map(|(_, n)| n).sum();
    for (listed, want, what) in [
        (pieces, want_pieces, "pieces"),
        (pawns, want_pawns, "pawns"),
    ] {
        if listed.len() != want {
            let span = listed.first().map_or(span_of(code), |f| {
                Span::new(
                    f.as_span().start(),
                    listed[listed.len() - 1].as_span().end(),
                )
            });
            return Err(PositionError::unreadable(
                Form::Gbr,
                format!(
                    "the code {} counts {want} {what}, but {} squares of {what} are listed",
                    code.as_str(),
                    listed.len()
                ),
                span,
                format!("{} squares", listed.len()),
            )
            .help("list one square for each man the code counts: the pieces in QRBN order (White's first), then `.` and the pawns"));
        }
    }
    let mut squares = pieces.iter().chain(pawns);
    for (piece, n) in counts {
        for _ in 0..n {
            let Some(sq) = squares.next() else { break };
            let at = square_of(sq);
            if let Some(there) = board.piece_at(at) {
                return Err(PositionError::unreadable(
                    Form::Gbr,
                    format!("two men on {at}"),
                    span_of(sq),
                    format!(
                        "{}'s {} is already here",
                        side(there.color),
                        role_name(there.role)
                    ),
                ));
            }
            board.set_piece_at(at, piece);
        }
    }
    Ok(())
}

/// The control `3/2` against the men placed.
fn check_control(board: &Board, control: &Pair<'_, &str>) -> Result<(), PositionError> {
    let numbers: Vec<usize> = control
        .clone()
        .into_inner()
        .filter(|p| p.as_rule() == "number")
        .map(|p| p.as_str().parse().unwrap_or(0))
        .collect();
    for (color, written) in Color::ALL.into_iter().zip(numbers) {
        let men = board.by_color(color).count();
        if men != written {
            return Err(PositionError::unreadable(
                Form::Gbr,
                format!(
                    "the control says {} has {written} men, but the squares give {men}",
                    side(color)
                ),
                span_of(control),
                format!("{men} men for {}", side(color)),
            ));
        }
    }
    Ok(())
}
