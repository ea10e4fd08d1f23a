//! Diagrams: eight ranks of men from the 8th down, read (figurines or FEN letters, `·` or `.`
//! for an empty square, with or without rank numbers and file letters, with or without a
//! heading that names the side to move) and written as the tool draws them
//! (`crate::render::diagram`), under a heading naming the side to move.

use pest::iterators::Pair;
use shakmaty::{Board, Color, File, Piece, Rank, Role, Square};

use crate::position::grammar::PositionGrammar;
use crate::position::legal::side;
use crate::position::record::figurine;
use crate::position::{Form, PositionError};
use crate::render::diagram::board_rows;
use crate::span::Span;

/// A diagram of a board, the side to move named above it:
///
/// ```text
/// White to move
/// 8 · · · · · · · ·
/// 7 · · · ♟ · · · ·
/// …
/// 1 · · · · · · · ·
///   a b c d e f g h
/// ```
pub fn diagram(board: &Board, turn: Color) -> String {
    format!("{} to move\n{}", side(turn), board_rows(board, &[]))
}

/// A diagram read: its men, and the side to move when a heading names it.
pub(crate) struct ReadDiagram {
    pub board: Board,
    pub turn: Option<Color>,
}

/// Reads `text` as a diagram.
pub(crate) fn read_diagram(
    grammar: &PositionGrammar,
    text: &str,
) -> Result<ReadDiagram, PositionError> {
    let mut pairs = grammar.parse("diagram", text).map_err(|f| {
        let at = f.at.min(text.len());
        let end = text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
        PositionError::unreadable(
            Form::Diagram,
            format!("expected {} here", f.expected_words()),
            Span::new(at, end),
            format!("expected {}", f.expected_words()),
        )
        .help(
            "a diagram is eight ranks of eight squares, the 8th rank first: figurines (or FEN \
             letters) for the men, `·` or `.` for empty squares, rank numbers and file letters \
             if you like",
        )
    })?;
    let mut out = ReadDiagram {
        board: Board::empty(),
        turn: None,
    };
    let Some(diagram) = pairs.next() else {
        return Ok(out);
    };
    let mut rank = 8u32;
    for part in diagram.into_inner() {
        match part.as_rule() {
            "heading" => out.turn = heading_turn(part.as_str()),
            "board_row" => {
                rank -= 1;
                row(&mut out.board, part, rank)?;
            }
            _ => {}
        }
    }
    Ok(out)
}

/// The side a heading says is to move (`White to move`, `Black to play`, `position before
/// the move: Black to move, …`).
fn heading_turn(heading: &str) -> Option<Color> {
    let h = heading.to_ascii_lowercase();
    for (word, color) in [("white", Color::White), ("black", Color::Black)] {
        if ["to move", "to play"]
            .iter()
            .any(|m| h.contains(&format!("{word} {m}")))
        {
            return Some(color);
        }
    }
    None
}

/// One rank of a diagram (`rank`: 0 for the 1st), its number checked when it is written.
fn row(board: &mut Board, row: Pair<'_, &str>, rank: u32) -> Result<(), PositionError> {
    let mut file = 0u32;
    for part in row.into_inner() {
        let span = Span::new(part.as_span().start(), part.as_span().end());
        match part.as_rule() {
            "row_rank" => {
                let written = part.as_str().parse::<u32>().unwrap_or(0);
                if written != rank + 1 {
                    return Err(PositionError::unreadable(
                        Form::Diagram,
                        format!(
                            "this row is numbered {written}, but it is the {} row from the top, rank {}",
                            ordinal(8 - rank),
                            rank + 1
                        ),
                        span,
                        format!("rank {} here", rank + 1),
                    )
                    .help("a diagram shows the 8th rank first, then the 7th, down to the 1st"));
                }
            }
            "cell" => {
                let c = part.as_str().chars().next().unwrap_or('.');
                if let Some(piece) = cell_piece(c) {
                    let sq = Square::from_coords(File::new(file), Rank::new(rank));
                    board.set_piece_at(sq, piece);
                }
                file += 1;
            }
            _ => {}
        }
    }
    Ok(())
}

fn ordinal(n: u32) -> String {
    match n {
        1 => "1st".into(),
        2 => "2nd".into(),
        3 => "3rd".into(),
        n => format!("{n}th"),
    }
}

/// The man of a diagram's square (`None`: empty).
fn cell_piece(c: char) -> Option<Piece> {
    if c == '·' || c == '.' {
        return None;
    }
    if c.is_ascii_alphabetic() {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        return Some(Piece { color, role });
    }
    figurine(c).map(|(role, color)| Piece { color, role })
}
