//! The writer's habits, as seen in a game: how its moves are written (long or short
//! algebraic, figurines, `Kt` or `N`, the dash, the capture, check, mate and e.p. marks,
//! castling with `O` or `0`, the promotion mark). Every move a message names, and every
//! suggestion, is written the way the game writes its own moves; a habit the game does not
//! show (no capture written, no check given) keeps its language's custom.

use crate::board::{DescStyle, Knight};
use crate::render::{LongForm, SquareNotation, Style, Writer};
use crate::syntax::walker::{WrittenForm, written_form};
use crate::syntax::{CaptureMark, CheckMark, GameSyntax, MoveBody, MoveToken};

/// The dashes a move may be written with (the grammars' `dash`).
const DASHES: [char; 6] = ['-', '‑', '‐', '–', '—', '−'];

/// The ways one aspect is written in a game, each with how many tokens write it, in the order
/// first seen.
#[derive(Clone, Debug, Default)]
struct Tally(Vec<(String, usize)>);

impl Tally {
    fn add(&mut self, way: &str) {
        match self.0.iter_mut().find(|(w, _)| w == way) {
            Some((_, n)) => *n += 1,
            None => self.0.push((way.to_owned(), 1)),
        }
    }

    /// The way most tokens write it (the first seen on a tie); `None` when none does.
    fn most(&self) -> Option<&str> {
        let best = self.0.iter().map(|(_, n)| *n).max()?;
        self.0
            .iter()
            .find(|(_, n)| *n == best)
            .map(|(w, _)| w.as_str())
    }
}

/// How a game writes its moves.
#[derive(Clone, Debug, Default)]
pub(super) struct Habits {
    /// Moves in long and in short algebraic.
    long: usize,
    short: usize,
    /// A long-form move written with a dash between its squares.
    hyphen: bool,
    /// A long-form move in the compact form: a pawn move without its target file (`d24`) or
    /// a capture naming the captured piece (`Оg5:Кf6`).
    compact: bool,
    /// Figurines for the pieces.
    figurines: bool,
    /// A move starting with a capital (coordinate notation `E2-E4`).
    upper: bool,
    /// `x`, `×`, `:`, or `trailing` for the Dutch `Lg3:`.
    capture: Tally,
    /// The check sign, with its space when written apart from the move.
    check: Tally,
    /// The mate sign, likewise.
    mate: Tally,
    /// The e.p. mark, likewise.
    ep: Tally,
    /// `O` or `0`.
    castle: Tally,
    /// `=`, `/`, `(` or nothing before a promotion piece.
    promotion: Tally,
    /// The knight's letter in descriptive notation: `N`, `Kt` or `Kn`.
    knight: Tally,
    /// The dash of a descriptive move (`P-K4`) or of a long-form one (`Ng1-f3`).
    dash: Tally,
}

impl Habits {
    /// The habits of a game: one pass over its move tokens.
    pub(super) fn of(syntax: &GameSyntax, text: &str) -> Habits {
        let mut h = Habits::default();
        for tok in syntax.root.moves() {
            h.add(tok, text);
        }
        h
    }

    fn add(&mut self, tok: &MoveToken, text: &str) {
        let src = text.get(tok.span.start..tok.span.end).unwrap_or("");
        match written_form(tok, src) {
            Some(WrittenForm::Long) => {
                self.long += 1;
                self.compact |= compact_form(tok, src);
                if let Some(d) = src.chars().find(|c| DASHES.contains(c)) {
                    self.hyphen = true;
                    self.dash.add(d.encode_utf8(&mut [0; 4]));
                }
            }
            Some(WrittenForm::Short) => self.short += 1,
            None => {}
        }
        self.figurines |= tok.figurine().is_some();
        self.upper |= src.starts_with(|c: char| c.is_ascii_uppercase());
        self.marks(tok, text);
        match &tok.body {
            MoveBody::Castle(_) => self.castling(src),
            MoveBody::Normal(_) => {
                if let Some(mark) = promotion_mark(tok, text) {
                    self.promotion.add(mark);
                }
            }
            MoveBody::Descriptive(d) if d.castles.is_none() => {
                let unmarked = tok.unmarked(text);
                if unmarked.starts_with(['O', '0']) {
                    self.castling(unmarked);
                    return;
                }
                for (letter, knight) in [("Kt", "Kt"), ("Kn", "Kn"), ("N", "N")] {
                    if unmarked.contains(letter) {
                        self.knight.add(knight);
                        break;
                    }
                }
                if d.to.is_some()
                    && let Some(c) = text.get(d.who.span.end..).and_then(|t| t.chars().next())
                    && DASHES.contains(&c)
                {
                    self.dash.add(c.encode_utf8(&mut [0; 4]));
                }
            }
            MoveBody::Descriptive(_) | MoveBody::Null => {}
        }
    }

    /// Castling written with `O` or `0`.
    fn castling(&mut self, src: &str) {
        match src.chars().next() {
            Some('0') => self.castle.add("0"),
            Some('O' | 'o') => self.castle.add("O"),
            _ => {}
        }
    }

    /// The capture, check, mate and e.p. marks of a token.
    fn marks(&mut self, tok: &MoveToken, text: &str) {
        // A mark as written, with a space before it when it stands apart from the move.
        let spelled = |span: crate::span::Span| -> Option<String> {
            let mark = text.get(span.start..span.end)?.trim();
            let apart =
                span.start > tok.span.start && text[..span.start].ends_with(char::is_whitespace);
            (!mark.is_empty()).then(|| {
                if apart {
                    format!(" {mark}")
                } else {
                    mark.to_owned()
                }
            })
        };
        if let Some(c) = tok.capture() {
            self.capture.add(match c.value {
                CaptureMark::X => "x",
                CaptureMark::Times => "×",
                CaptureMark::Colon => ":",
                CaptureMark::TrailingColon => "trailing",
            });
        }
        if let Some(c) = tok.check()
            && let Some(mark) = spelled(c.span)
        {
            match c.value {
                // A discovered check (`dis ch`) is no plain check sign.
                CheckMark::Check if !mark.trim_start().starts_with("dis") => self.check.add(&mark),
                CheckMark::Mate => self.mate.add(&mark),
                CheckMark::Check | CheckMark::DoubleCheck => {}
            }
        }
        if let Some(ep) = tok.ep()
            && let Some(mark) = spelled(ep)
        {
            self.ep.add(&mark);
        }
    }

    /// `base`, the writer of the game's notation and language, in the game's own habits.
    pub(super) fn writer(&self, base: Writer) -> Writer {
        match base {
            Writer::San(style) if self.long > self.short => Writer::Long {
                style: Box::new(self.style(*style)),
                form: if self.hyphen {
                    LongForm::Hyphen
                } else if self.compact {
                    LongForm::Compact
                } else {
                    LongForm::Joined
                },
            },
            Writer::San(style) => Writer::San(Box::new(self.style(*style))),
            Writer::Long { style, form } => Writer::Long {
                style: Box::new(self.style(*style)),
                form,
            },
            Writer::Descriptive { full, style } => Writer::Descriptive {
                full,
                style: Box::new(self.desc_style(*style)),
            },
            Writer::Squares(SquareNotation::Coordinate { .. }) => {
                Writer::Squares(SquareNotation::Coordinate { upper: self.upper })
            }
            other @ (Writer::DescriptiveEs | Writer::Squares(_)) => other,
        }
    }

    /// An algebraic style (a language's letters and customs) with the game's habits.
    fn style(&self, mut style: Style) -> Style {
        if self.figurines {
            style = style.figurines();
        }
        match self.capture.most() {
            Some("trailing") => {
                style.trailing_capture = true;
                style.capture = ":".into();
            }
            Some(mark) => {
                style.trailing_capture = false;
                style.capture = mark.into();
            }
            None => {}
        }
        if let Some(check) = self.check.most() {
            style.check = check.trim().into();
        }
        if let Some(mate) = self.mate.most() {
            style.mate = mate.trim().into();
        }
        if let Some(ep) = self.ep.most() {
            style.ep = Some(ep.trim().into());
        }
        if let Some(castle) = self.castle.most() {
            style.castle_zero = castle == "0";
        }
        if let Some(promotion) = self.promotion.most() {
            style.promotion = promotion.into();
        }
        if let Some(dash) = self.dash.most().and_then(|d| d.chars().next()) {
            style.dash = dash;
        }
        style
    }

    /// An English descriptive spelling with the game's habits.
    fn desc_style(&self, mut style: DescStyle) -> DescStyle {
        match self.knight.most() {
            Some("Kt") => style.knight = Knight::Kt,
            Some("Kn") => style.knight = Knight::Kn,
            Some(_) => style.knight = Knight::N,
            None => {}
        }
        if let Some(dash) = self.dash.most().and_then(|d| d.chars().next()) {
            style.dash = dash;
        }
        if let Some(c) = self
            .capture
            .most()
            .and_then(|c| c.chars().next())
            .filter(|c| matches!(c, 'x' | '×' | ':'))
        {
            style.capture = c;
        }
        if let Some(check) = self.check.most() {
            style.check = check.to_owned().into();
        }
        if let Some(mate) = self.mate.most() {
            style.mate = mate.to_owned().into();
        }
        if let Some(ep) = self.ep.most() {
            style.ep = ep.to_owned().into();
        }
        style
    }
}

/// How an algebraic promotion is written after its target square: `=` (`e8=Q`), `/`
/// (`e8/Q`), `(` (`e8(Q)`) or nothing (`e8Q`); `None` for a move that promotes nothing.
pub(super) fn promotion_mark(tok: &MoveToken, text: &str) -> Option<&'static str> {
    let MoveBody::Normal(n) = &tok.body else {
        return None;
    };
    n.promotion?;
    let unmarked = tok.unmarked(text);
    let at = unmarked.rfind(&n.to?.to_string())?;
    Some(match unmarked[at + 2..].chars().next() {
        Some('=') => "=",
        Some('/') => "/",
        Some('(') => "(",
        _ => "",
    })
}

/// The writer for a game's suggestions and fixes, in the game's own habits (see [`Habits`]),
/// and the marks the game writes (check, mate) for marker fixes.
pub(super) fn game_form(
    parser: &crate::syntax::grammar::ParserEntry,
    syntax: &GameSyntax,
    text: &str,
) -> (Writer, Style) {
    let base = Writer::for_notation(parser.notation, parser.language.as_deref());
    let writer = Habits::of(syntax, text).writer(base);
    let style = match &writer {
        Writer::San(style) | Writer::Long { style, .. } => (**style).clone(),
        Writer::DescriptiveEs => Style {
            mate: "++".into(),
            double_plus_mate: true,
            ..Style::english()
        },
        Writer::Descriptive { style, .. } => Style {
            mate: style.mate.to_string(),
            check: style.check.to_string(),
            ..Style::fide(["K", "Q", "R", "B", style.knight.as_str()].map(String::from))
        },
        Writer::Squares(_) => Style::english(),
    };
    (writer, style)
}

/// The writer of a game (for tests of the habits).
#[cfg(test)]
pub(super) fn game_writer(text: &str, notation: &str, lang: &str) -> Writer {
    let parser = crate::syntax::builtin_parser(notation, lang).expect("a built-in grammar");
    let syntax = (parser.parse)(text, 0);
    game_form(parser, &syntax, text).0
}

/// Is a long-form move written in the compact form: a pawn move naming its origin and only
/// the target's rank (`d24`), or a capture naming the captured piece (`Оg5:Кf6`)?
fn compact_form(tok: &MoveToken, src: &str) -> bool {
    let MoveBody::Normal(n) = &tok.body else {
        return false;
    };
    let b = src.as_bytes();
    let pawn_ranks = b.len() >= 3
        && matches!(b[0], b'a'..=b'h')
        && b[1].is_ascii_digit()
        && b[2].is_ascii_digit();
    pawn_ranks || n.captured.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, Position};

    /// The moves of `uci` played from the start, the last one written by the game's writer.
    fn last_written(game: &str, notation: &str, lang: &str, uci: &[&str]) -> String {
        let writer = game_writer(game, notation, lang);
        let mut pos = Chess::default();
        let mut origins = crate::board::Origins::default();
        let mut out = String::new();
        for u in uci {
            let m = u
                .parse::<shakmaty::uci::UciMove>()
                .expect("uci")
                .to_move(&pos)
                .expect("legal");
            out = writer.write(&pos, &origins, &m);
            origins.play(&m);
            pos.play_unchecked(m);
        }
        out
    }

    #[test]
    fn a_descriptive_game_is_written_in_its_own_spelling() {
        let older = "1. P–K4 P–K4 2. Kt–KB3 Kt–QB3 3. B–Kt5 P–QR3 4. BxKt+ *";
        let moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6"];
        assert_eq!(last_written(older, "descriptive", "en", &moves), "BxKt");
        assert_eq!(
            last_written(older, "descriptive", "en", &moves[..3]),
            "Kt–KB3"
        );
        let newer = "1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5 P-QR3 4. B×N *";
        assert_eq!(last_written(newer, "descriptive", "en", &moves), "B×N");
        // `P-Q4` then `B-N5ch`: a check written `ch` apart, or `+` attached.
        let check = ["d2d4", "e7e6", "e2e4", "f8b4"];
        for (game, want) in [
            ("1. P-Q4 P-K3 2. P-K4 B-N5 ch *", "B-N5 ch"),
            ("1. P-Q4 P-K3 2. P-K4 B-N5+ *", "B-N5+"),
        ] {
            assert_eq!(last_written(game, "descriptive", "en", &check), want);
        }
    }

    #[test]
    fn an_algebraic_game_is_written_in_its_own_marks() {
        let moves = ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5e5"];
        // French letters; `:` captures and `†` check as the game writes them.
        let game = "1. e4 d5 2. e:d5 D:d5 3. Cc3 De5† *";
        assert_eq!(last_written(game, "algebraic", "fr", &moves), "De5†");
        assert_eq!(last_written(game, "algebraic", "fr", &moves[..4]), "D:d5");
        // The long form with an en dash.
        let long = "1. e2–e4 d7–d5 2. e4xd5 Dd8xd5 3. Cb1–c3 *";
        assert_eq!(last_written(long, "algebraic", "fr", &moves), "Dd5–e5+");
        // Castling with zeros, in a language that writes `O-O`.
        let castles = ["g1f3", "g8f6", "g2g3", "g7g6", "f1g2", "f8g7", "e1g1"];
        let game = "1. Nf3 Nf6 2. g3 g6 3. Bg2 Bg7 4. 0-0 0-0 *";
        assert_eq!(last_written(game, "algebraic", "en", &castles), "0-0");
        // Nothing written: the language's customs.
        assert_eq!(
            last_written("1. e4 d5 *", "algebraic", "en", &moves[..4]),
            "Qxd5"
        );
    }
}
