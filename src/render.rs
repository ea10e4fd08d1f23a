//! Writing moves: SAN (English), UCI, and ranked suggestions in the input's notation.

use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position, Square};

/// SAN with `+`/`#` for a legal move in `pos`.
pub fn san_plus(pos: &Chess, m: &Move) -> String {
    SanPlus::from_move(pos.clone(), *m).to_string()
}

/// SAN without suffix.
pub fn san(pos: &Chess, m: &Move) -> String {
    San::from_move(pos, *m).to_string()
}

/// UCI for a move (`None` = null move `0000`).
pub fn uci(m: Option<&Move>, mode: CastlingMode) -> String {
    match m {
        Some(m) => UciMove::from_move(*m, mode).to_string(),
        None => "0000".to_owned(),
    }
}

/// Writes moves in one notation (and language).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Writer {
    /// Algebraic in a language's style.
    San(Box<Style>),
    /// English descriptive, abbreviated or full.
    Descriptive {
        /// Full form (`NKN1-KB3`) rather than the shortest (`N-KB3`).
        full: bool,
    },
    /// Spanish descriptive.
    DescriptiveEs,
}

impl Writer {
    /// The writer for a notation as read (`lang_file` is the language file stem).
    pub fn for_notation(notation: &str, lang_file: &str) -> Writer {
        match notation {
            "descriptive" => Writer::Descriptive { full: false },
            "descriptive_es" => Writer::DescriptiveEs,
            _ => Writer::San(Box::new(
                crate::grammar::LANGUAGE_FILES
                    .iter()
                    .find(|l| l.file == lang_file)
                    .map(|l| Style::of(l, false))
                    .unwrap_or_else(Style::english),
            )),
        }
    }

    /// A legal move of `pos`, written out with its check or mate sign.
    pub fn write(&self, pos: &Chess, origins: &crate::descriptive::Origins, m: &Move) -> String {
        match self {
            Writer::San(style) => san_styled(style, pos, m),
            Writer::Descriptive { full } => {
                crate::descriptive::write_english(pos, origins, m, *full)
            }
            Writer::DescriptiveEs => crate::descriptive::write_spanish(pos, origins, m),
        }
    }
}

/// The legal moves of `pos` most like `written`, best first, written by `writer`.
///
/// The rank is the edit distance between the written text and each legal move written out,
/// less a bonus for what the writer said that the move keeps: the same target square, the same
/// piece, the same origin file, castling for castling.
pub fn suggestions(
    writer: &Writer,
    pos: &Chess,
    origins: &crate::descriptive::Origins,
    written: &str,
    hint: Option<&crate::pattern::Pattern>,
    n: usize,
) -> Vec<String> {
    let mut scored: Vec<(i32, usize, String)> = pos
        .legal_moves()
        .iter()
        .map(|m| {
            let full = writer.write(pos, origins, m);
            let bare = crate::check::strip_marks(&full);
            let mut score = 2 * strsim::damerau_levenshtein(written, &bare) as i32;
            if let Some(h) = hint {
                if h.castle.is_some() && m.is_castle() {
                    score -= 6;
                }
                if !m.is_castle()
                    && (h.to == Some(m.to()) || h.to_set.is_some_and(|t| t.contains(m.to())))
                {
                    score -= 3;
                }
                if h.role == Some(m.role()) {
                    score -= 2;
                }
                if h.from_file.is_some() && h.from_file == m.from().map(Square::file) {
                    score -= 1;
                }
            }
            if m.promotion() == Some(shakmaty::Role::Queen) {
                score -= 1;
            }
            (score, bare.chars().count(), full)
        })
        .collect();
    scored.sort();
    let best = scored.first().map(|s| s.0).unwrap_or(0);
    // Far-fetched candidates help no one: keep those within about half the text's length.
    let limit = written.chars().count().max(2) as i32;
    scored
        .into_iter()
        .filter(|(d, _, _)| *d <= best + 4 && *d <= limit)
        .take(n)
        .map(|(_, _, s)| s)
        .collect()
}

/// How a language writes moves: its letters and customs (from its grammar file's header).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Style {
    /// Letters of king, queen, rook, bishop, knight (first alternative of each).
    pub letters: [String; 5],
    /// The capture mark (`x`, `:`, `×`; empty for none).
    pub capture: String,
    /// Captures marked after the target square (Dutch `Lg3:`).
    pub trailing_capture: bool,
    /// The mate sign.
    pub mate: String,
    /// The check sign.
    pub check: String,
    /// The double-check sign, if the language writes one.
    pub double_check: Option<String>,
    /// Castling written with zeros (`0-0`).
    pub castle_zero: bool,
    /// Promotion mark: `=`, empty, or `(` for `(Q)`.
    pub promotion: String,
    /// The en passant mark, if written.
    pub ep: Option<String>,
}

impl Style {
    /// FIDE style with English letters.
    pub fn english() -> Style {
        Style::fide(["K", "Q", "R", "B", "N"].map(String::from))
    }

    /// FIDE style (`x`, `+`, `#`, `=`, `O-O`) with the given letters.
    pub fn fide(letters: [String; 5]) -> Style {
        Style {
            letters,
            capture: "x".into(),
            trailing_capture: false,
            mate: "#".into(),
            check: "+".into(),
            double_check: None,
            castle_zero: false,
            promotion: "=".into(),
            ep: None,
        }
    }

    /// The style of a language file: its customs, or FIDE style with its letters.
    pub fn of(lang: &crate::grammar::LanguageFile, fide: bool) -> Style {
        let letters: [String; 5] = std::array::from_fn(|i| {
            lang.letters[i]
                .split_whitespace()
                .next()
                .unwrap_or("?")
                .to_owned()
        });
        let mut style = Style::fide(letters);
        if fide {
            return style;
        }
        for pair in lang.customs.split_whitespace() {
            let Some((key, value)) = pair.split_once('=') else {
                continue;
            };
            match key {
                "capture" => {
                    style.capture = if value == "none" {
                        String::new()
                    } else {
                        value.into()
                    }
                }
                "capture_place" => style.trailing_capture = value == "trailing",
                "mate" => style.mate = value.into(),
                "check" => style.check = value.into(),
                "double_check" => style.double_check = (value != "none").then(|| value.into()),
                "castle" => style.castle_zero = value == "0",
                "promotion" => {
                    style.promotion = match value {
                        "none" => String::new(),
                        "paren" => "(".into(),
                        other => other.into(),
                    }
                }
                "ep" => style.ep = (value != "none" && !value.is_empty()).then(|| value.into()),
                _ => {}
            }
        }
        style
    }

    /// The letter of a role (empty for a pawn).
    pub fn letter(&self, role: shakmaty::Role) -> &str {
        match role {
            shakmaty::Role::King => &self.letters[0],
            shakmaty::Role::Queen => &self.letters[1],
            shakmaty::Role::Rook => &self.letters[2],
            shakmaty::Role::Bishop => &self.letters[3],
            shakmaty::Role::Knight => &self.letters[4],
            shakmaty::Role::Pawn => "",
        }
    }
}

/// A legal move of `pos` written in `style`, shortest unambiguous form (SAN disambiguation),
/// with its check or mate sign.
pub fn san_styled(style: &Style, pos: &Chess, m: &Move) -> String {
    let mut out = String::new();
    match San::from_move(pos, *m) {
        San::Castle(side) => {
            let o = if style.castle_zero { "0" } else { "O" };
            out.push_str(o);
            out.push('-');
            out.push_str(o);
            if side.is_queen_side() {
                out.push('-');
                out.push_str(o);
            }
        }
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            out.push_str(style.letter(role));
            if let Some(f) = file {
                out.push(f.char());
            }
            if let Some(r) = rank {
                out.push(r.char());
            }
            if capture && !style.trailing_capture {
                out.push_str(&style.capture);
            }
            out.push_str(&to.to_string());
            if let Some(p) = promotion {
                match style.promotion.as_str() {
                    "(" => {
                        out.push('(');
                        out.push_str(style.letter(p));
                        out.push(')');
                    }
                    mark => {
                        out.push_str(mark);
                        out.push_str(style.letter(p));
                    }
                }
            }
            if capture && style.trailing_capture {
                out.push_str(if style.capture.is_empty() {
                    ":"
                } else {
                    &style.capture
                });
            }
            if m.is_en_passant()
                && let Some(ep) = &style.ep
            {
                out.push(' ');
                out.push_str(ep);
            }
        }
        San::Put { .. } | San::Null => out.push_str("--"),
    }
    let mut after = pos.clone();
    after.play_unchecked(*m);
    if after.is_checkmate() {
        out.push_str(&style.mate);
    } else if after.is_check() {
        match &style.double_check {
            Some(dc) if after.checkers().count() > 1 => out.push_str(dc),
            _ => out.push_str(&style.check),
        }
    }
    out
}
