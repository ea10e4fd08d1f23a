//! Position records (`Бели: Цe4, пп.d4,е5. Черни: Цd6, п.d7`), read in a language through the
//! grammar of positions composed with its language file, and written in each language's own
//! style: its side words, its letters in the order K Q R B N, the pawns last (after the
//! abbreviation for one or several pawns where the language has them, else each with the pawn
//! letter, or bare when it has none), squares file by file.

use pest::iterators::Pair;
use shakmaty::{Board, Color, Piece, Role, Square};

use crate::diagnostic::Code;
use crate::position::grammar::{Failure, PositionGrammar};
use crate::position::legal::{man, side};
use crate::position::{Form, Note, PositionError, written_order};
use crate::render::words::role_name;
use crate::span::Span;
use crate::syntax::LanguageFile;
use crate::syntax::lookalike::describe;

/// A record read in one language: its men, and notes about how they were written.
#[derive(Clone, Debug)]
pub(crate) struct ReadRecord {
    pub board: Board,
    pub notes: Vec<Note>,
}

/// Reads `text` as a record with a grammar composed with one language.
pub(crate) fn read_record(
    grammar: &PositionGrammar,
    text: &str,
) -> Result<ReadRecord, PositionError> {
    let mut pairs = grammar
        .parse("record", text)
        .map_err(|f| unreadable(text, &f))?;
    let Some(record) = pairs.next() else {
        return Err(PositionError::unreadable(
            Form::Record,
            "it is empty",
            Span::new(0, 0),
            "here",
        ));
    };
    let mut walk = Walk {
        board: Board::empty(),
        notes: Vec::new(),
        seen: [None, None],
    };
    for part in record.into_inner() {
        match part.as_rule() {
            "side_men" => walk.side(part)?,
            "control" => walk.control(&part)?,
            _ => {}
        }
    }
    Ok(ReadRecord {
        board: walk.board,
        notes: walk.notes,
    })
}

/// The grammar's failure as an error at its place.
fn unreadable(text: &str, f: &Failure) -> PositionError {
    let at = f.at.min(text.len());
    let end = text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
    let found = if at >= text.len() {
        "the end of the text".to_owned()
    } else {
        format!("`{}`", &text[at..end])
    };
    PositionError::unreadable(
        Form::Record,
        format!("expected {} here, found {found}", f.expected_words()),
        Span::new(at, end),
        format!("expected {}", f.expected_words()),
    )
    .help(
        "a record is each side's word and its men: `White: Ke4, Pd4, Pe5. Black: Kd6, Pd7` \
         (in Bulgarian `Бели: Цe4, пп.d4,e5. Черни: Цd6, п.d7`); `scoresheet languages` lists \
         the letters, and a language file its side words",
    )
}

/// The span of a pair.
fn span_of(p: &Pair<'_, &str>) -> Span {
    Span::new(p.as_span().start(), p.as_span().end())
}

struct Walk {
    board: Board,
    notes: Vec<Note>,
    /// Where each side's word was read (White's, Black's).
    seen: [Option<Span>; 2],
}

impl Walk {
    fn side(&mut self, side_men: Pair<'_, &str>) -> Result<(), PositionError> {
        let mut color = Color::White;
        let mut men = 0usize;
        for part in side_men.into_inner() {
            match part.as_rule() {
                "white_word" | "black_word" => {
                    color = if part.as_rule() == "white_word" {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let span = span_of(&part);
                    if let Some(first) = self.seen[color as usize] {
                        return Err(PositionError::unreadable(
                            Form::Record,
                            format!("{}'s men are given twice", side(color)),
                            span,
                            "again here",
                        )
                        .help(format!(
                            "{} was already named at byte {}: list each side's men once",
                            side(color),
                            first.start
                        )));
                    }
                    self.seen[color as usize] = Some(span);
                }
                "men" => {
                    for group in part.into_inner() {
                        men += self.group(group, color)?;
                    }
                }
                "side_count" => {
                    let written = number(&part);
                    if written != Some(men) {
                        return Err(count_error(
                            &part,
                            format!("{}'s count", side(color)),
                            written,
                            men,
                        ));
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Places one group of men; how many.
    fn group(&mut self, group: Pair<'_, &str>, color: Color) -> Result<usize, PositionError> {
        let rule = group.as_rule();
        let mut role = Role::Pawn;
        let mut placed = 0;
        for part in group.into_inner() {
            match part.as_rule() {
                "square" => {
                    let sq = self.square(&part);
                    self.place(Piece { color, role }, sq, span_of(&part))?;
                    placed += 1;
                }
                "figurine" => {
                    // (The grammar's `figurine` rule reads nothing else.)
                    let Some((c, (fig_role, fig_color))) = part
                        .as_str()
                        .chars()
                        .next()
                        .and_then(|c| Some((c, figurine(c)?)))
                    else {
                        continue;
                    };
                    role = fig_role;
                    if fig_color != color && rule == "piece_group" {
                        self.notes.push(Note::new(
                            Code::FigurineColor,
                            format!(
                                "`{c}` is {}'s {} among {}'s men: read as {}'s",
                                side(fig_color),
                                role_name(role),
                                side(color),
                                side(color)
                            ),
                            span_of(&part),
                            format!("read as {}'s {}", side(color), role_name(role)),
                            "a record says the side by its word: figurines of either colour \
                             are read as that side's",
                        ));
                    }
                }
                other => {
                    if let Some(r) = letter_role(other) {
                        role = r;
                    }
                }
            }
        }
        Ok(placed)
    }

    /// The square of a `square` pair, with a note for a look-alike file letter.
    fn square(&mut self, p: &Pair<'_, &str>) -> Square {
        let mut file = 'a';
        let mut rank = '1';
        for part in p.clone().into_inner() {
            let c = part.as_str().chars().next().unwrap_or('a');
            match part.as_rule() {
                "file" => file = c,
                "alike_file" => {
                    let meant = match c {
                        'а' => 'a',
                        'с' => 'c',
                        _ => 'e',
                    };
                    let written = p.as_str();
                    let read = format!("{meant}{}", written.chars().nth(1).unwrap_or('1'));
                    self.notes.push(Note::new(
                        Code::LookAlike,
                        format!(
                            "`{written}` is written with {}, which looks like `{meant}`; read as `{read}`",
                            describe(c)
                        ),
                        span_of(&part),
                        format!("read as the file {meant}"),
                        format!(
                            "write the Latin letter `{meant}`: files are Latin letters in every language"
                        ),
                    ));
                    file = meant;
                }
                "rank" => rank = c,
                _ => {}
            }
        }
        let name = format!("{file}{rank}");
        name.parse().unwrap_or(Square::A1)
    }

    fn place(&mut self, piece: Piece, sq: Square, span: Span) -> Result<(), PositionError> {
        if let Some(there) = self.board.piece_at(sq) {
            return Err(PositionError::unreadable(
                Form::Record,
                format!("two men on {sq}: {} is already there", man(there)),
                span,
                format!("{} here too", man(piece)),
            )
            .help("a square holds one man: one of the two squares is mistyped"));
        }
        self.board.set_piece_at(sq, piece);
        Ok(())
    }

    /// `(3+2)`: the men of each side.
    fn control(&self, control: &Pair<'_, &str>) -> Result<(), PositionError> {
        let numbers: Vec<Option<usize>> = control
            .clone()
            .into_inner()
            .filter(|p| p.as_rule() == "number")
            .map(|p| p.as_str().parse().ok())
            .collect();
        for (color, written) in Color::ALL.into_iter().zip(numbers) {
            let men = self.board.by_color(color).count();
            if written != Some(men) {
                return Err(count_error(
                    control,
                    format!("the control's count of {}'s men", side(color)),
                    written,
                    men,
                ));
            }
        }
        Ok(())
    }
}

/// The number inside a count pair.
fn number(p: &Pair<'_, &str>) -> Option<usize> {
    p.clone()
        .into_inner()
        .find(|n| n.as_rule() == "number")
        .and_then(|n| n.as_str().parse().ok())
}

fn count_error(
    p: &Pair<'_, &str>,
    what: String,
    written: Option<usize>,
    men: usize,
) -> PositionError {
    let written = written.map_or_else(|| "?".to_owned(), |n| n.to_string());
    PositionError::unreadable(
        Form::Record,
        format!("{what} is {written}, but {men} men are listed"),
        span_of(p),
        format!("{men} men listed"),
    )
    .help("a man is missing from the list, or the count is wrong")
}

/// The role of a letter rule of the grammar of positions.
fn letter_role(rule: &str) -> Option<Role> {
    Some(match rule {
        "king_letter" => Role::King,
        "queen_letter" => Role::Queen,
        "rook_letter" => Role::Rook,
        "bishop_letter" => Role::Bishop,
        "knight_letter" => Role::Knight,
        "pawn_letter" | "pawn_word" | "pawns_word" => Role::Pawn,
        _ => return None,
    })
}

/// The role and colour of a figurine: the inverse of the diagram's
/// [`crate::render::diagram::figurine`], one table for both.
pub(crate) fn figurine(c: char) -> Option<(Role, Color)> {
    Color::ALL
        .into_iter()
        .flat_map(|color| Role::ALL.into_iter().map(move |role| (role, color)))
        .find(|&(role, color)| crate::render::diagram::figurine(role, color) == c)
}

/// A language that cannot write records.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum RecordError {
    /// The language file defines no words for the sides.
    #[error(
        "the language file `{file}` has no words for White and Black (`white_side`, `black_side`): a position record cannot be written in it"
    )]
    #[diagnostic(
        code(scoresheet::position::no_side_words),
        help(
            "add the rules `white_side` and `black_side` to the language file, or choose another --lang"
        )
    )]
    NoSideWords {
        /// The language file.
        file: String,
    },
}

/// The first of the alternatives written in a language file (its letters are separated by
/// spaces).
fn first_letter(alternatives: &str) -> &str {
    alternatives.split_whitespace().next().unwrap_or("")
}

/// A position record of a board in a language's own style: `White: Ke4, Pd4, Pe5. Black: Kd6,
/// Pd7`, `Бели: Цe4, пп.d4,e5. Черни: Цd6, п.d7`, `Белые: Крe4, пп. d4, e5. Черные: Крd6, п.
/// d7`. It says neither the side to move nor castling rights (see [`crate::position`]).
///
/// # Errors
/// The language file has no side words.
pub fn record(board: &Board, lang: &LanguageFile) -> Result<String, RecordError> {
    let words = &lang.record;
    let (Some(white), Some(black)) = (words.white.first(), words.black.first()) else {
        return Err(RecordError::NoSideWords {
            file: lang.file.to_string(),
        });
    };
    let mut sides = Vec::new();
    for (color, word) in [(Color::White, white), (Color::Black, black)] {
        let men = side_men(board, color, lang);
        if !men.is_empty() {
            sides.push(format!("{word}: {}", men.join(", ")));
        }
    }
    Ok(sides.join(". "))
}

/// One side's men as a record writes them.
fn side_men(board: &Board, color: Color, lang: &LanguageFile) -> Vec<String> {
    let mut out = Vec::new();
    let roles = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
    ];
    for (i, role) in roles.into_iter().enumerate() {
        let letter = first_letter(&lang.letters[i]);
        for sq in written_order(board.by_piece(Piece { color, role })) {
            out.push(format!("{letter}{sq}"));
        }
    }
    let pawns = written_order(board.by_piece(Piece {
        color,
        role: Role::Pawn,
    }));
    let words = &lang.record;
    match (pawns.len(), words.pawn.first(), words.pawns.first()) {
        (0, _, _) => {}
        (1, Some(one), _) => out.push(format!("{one}{}", pawns[0])),
        (_, _, Some(many)) if pawns.len() > 1 => {
            let sep = if many.ends_with(' ') { ", " } else { "," };
            let squares: Vec<String> = pawns.iter().map(ToString::to_string).collect();
            out.push(format!("{many}{}", squares.join(sep)));
        }
        _ => {
            let letter = first_letter(&lang.letters[5]);
            out.extend(pawns.iter().map(|sq| format!("{letter}{sq}")));
        }
    }
    out
}
