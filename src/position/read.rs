//! Reading a written position: its form told from its shape, a record's language from its side
//! words (and, when several languages have them, from the one reading the record gives).

use shakmaty::Color;

use crate::position::diagram::read_diagram;
use crate::position::fen::{looks_like_fen, read_fen};
use crate::position::gbr::read_gbr;
use crate::position::grammar::{MAX_POSITION_BYTES, grammar_for, plain_grammar};
use crate::position::record::{ReadRecord, read_record};
use crate::position::{Form, PositionError, Reading, setup_of};
use crate::span::Span;
use crate::syntax::{Language, Registry};

/// Reads a written position: a FEN, a position record (in `lang`, or in the language whose
/// side words it uses), a diagram or a full GBR code, told apart by their shape. Spans in the
/// result and in errors are byte offsets in `text`.
///
/// A record, a diagram without a heading and a GBR code do not say who is to move: White is
/// (see [`Reading::with_turn`]); nor do they say whether castling is allowed: it is where king
/// and rook stand on their original squares.
///
/// # Errors
/// The text is not a position of the form it has the shape of (with the place and what was
/// expected there), or a record reads in no language, or in several with different positions.
pub fn read(
    text: &str,
    lang: Option<&Language>,
    registry: &Registry,
) -> Result<Reading, PositionError> {
    let start = text.len() - text.trim_start().len();
    let body = text.trim();
    let whole = Span::new(start, start + body.len());
    if body.is_empty() {
        return Err(PositionError::unreadable(
            Form::Record,
            "the text is empty",
            whole,
            "nothing here",
        )
        .help("give a FEN, a position record, a diagram or a GBR code"));
    }
    if text.len() > MAX_POSITION_BYTES {
        return Err(PositionError::unreadable(
            Form::Record,
            format!(
                "the text is {} bytes long; a position is at most {MAX_POSITION_BYTES}",
                text.len()
            ),
            Span::new(0, 0),
            "this text",
        ));
    }
    match form_of(body) {
        Form::Fen => read_fen(body, start),
        Form::Diagram => {
            let g = grammar(Form::Diagram, whole)?;
            let d = read_diagram(&g, text)?;
            Ok(Reading {
                form: Form::Diagram,
                setup: setup_of(d.board, d.turn.unwrap_or(Color::White)),
                turn_written: d.turn.is_some(),
                language: None,
                notes: Vec::new(),
            })
        }
        Form::Gbr => {
            let g = grammar(Form::Gbr, whole)?;
            let board = read_gbr(&g, text)?;
            Ok(Reading {
                form: Form::Gbr,
                setup: setup_of(board, Color::White),
                turn_written: false,
                language: None,
                notes: Vec::new(),
            })
        }
        Form::Record => {
            let (read, language) = read_any_record(text, lang, registry, whole)?;
            Ok(Reading {
                form: Form::Record,
                setup: setup_of(read.board, Color::White),
                turn_written: false,
                language: Some(language),
                notes: read.notes,
            })
        }
    }
}

/// The form a (trimmed) text has the shape of.
pub(crate) fn form_of(body: &str) -> Form {
    if looks_like_fen(body) {
        return Form::Fen;
    }
    let lines = body.lines().filter(|l| !l.trim().is_empty()).count();
    if lines >= 8 {
        return Form::Diagram;
    }
    let b = body.trim_start_matches(['+', '=']).as_bytes();
    let square = |i: usize| {
        b.get(i).is_some_and(|c| (b'a'..=b'h').contains(c))
            && b.get(i + 1).is_some_and(|c| (b'1'..=b'8').contains(c))
    };
    if square(0) && square(2) && b.get(4).is_some_and(u8::is_ascii_whitespace) {
        return Form::Gbr;
    }
    Form::Record
}

fn grammar(
    form: Form,
    whole: Span,
) -> Result<std::sync::Arc<crate::position::grammar::PositionGrammar>, PositionError> {
    plain_grammar().map_err(|e| PositionError::unreadable(form, e, whole, "this text"))
}

/// Does the text hold one of the language's side words (ASCII letters in either case)?
fn names_a_side(text: &str, lang: &Language) -> bool {
    let lower = text.to_ascii_lowercase();
    lang.record
        .white
        .iter()
        .chain(lang.record.black.iter())
        .any(|w| !w.is_empty() && lower.contains(&w.to_ascii_lowercase()))
}

/// Reads a record in the language given, or in each language whose side words it holds.
fn read_any_record(
    text: &str,
    lang: Option<&Language>,
    registry: &Registry,
    whole: Span,
) -> Result<(ReadRecord, Language), PositionError> {
    let candidates: Vec<Language> = match lang {
        Some(l) => vec![l.clone()],
        None => registry
            .languages()
            .into_iter()
            .filter(|l| names_a_side(text, l))
            .collect(),
    };
    if candidates.is_empty() {
        return Err(PositionError::unreadable(
            Form::Record,
            "no language's words for White and Black are in it",
            whole,
            "not a FEN, a diagram, a GBR code or a record",
        )
        .help(
            "a record names each side before its men (`White: Ke4, Pd4. Black: Kd6`, `Бели: \
             Цe4. Черни: Цd6`); give --lang when its language is not found",
        ));
    }
    let mut read: Vec<(ReadRecord, Language)> = Vec::new();
    let mut best_error: Option<PositionError> = None;
    for l in candidates {
        let g = grammar_for(&l)
            .map_err(|e| PositionError::unreadable(Form::Record, e, whole, "this text"))?;
        match read_record(&g, text) {
            Ok(r) => read.push((r, l)),
            Err(e) => {
                if best_error
                    .as_ref()
                    .is_none_or(|b| e.span().start > b.span().start)
                {
                    best_error = Some(e);
                }
            }
        }
    }
    let Some((first, language)) = read.first() else {
        return Err(best_error.unwrap_or_else(|| {
            PositionError::unreadable(Form::Record, "it reads in no language", whole, "here")
        }));
    };
    let differ: Vec<&str> = read
        .iter()
        .filter(|(r, _)| r.board != first.board)
        .map(|(_, l)| l.code())
        .collect();
    if !differ.is_empty() {
        let all: Vec<&str> = read.iter().map(|(_, l)| l.code()).collect();
        return Err(PositionError::unreadable(
            Form::Record,
            format!("it reads as different positions in {}", all.join(", ")),
            whole,
            "which language?",
        )
        .help("give its language with --lang"));
    }
    Ok((first.clone(), language.clone()))
}
