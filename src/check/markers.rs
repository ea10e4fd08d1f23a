//! The marks written with a move (check, mate, capture, e.p., figurine colour) and move
//! numbers, checked against the board.

use shakmaty::{Bitboard, Chess, Color, Move, Position, Role};

use crate::board::descriptive::Origins;
use crate::check::checker::GameChecker;
use crate::check::words::{color_name, figurine_of};
use crate::diagnostic::{Diagnostic, Problem};
use crate::render::words::role_name;
use crate::syntax::{CheckMark, Item, MoveBody, MoveToken};

impl GameChecker<'_> {
    /// Is this move number a move with its letters lost (`g5` typed as `5`)? A number
    /// without a dot is one when it follows a move number, or stands where Black moves (and
    /// no `...` follows).
    pub(super) fn misplaced_number(
        &self,
        n: &crate::span::Spanned<crate::syntax::MoveNumber>,
        before: Option<&Item>,
        next: Option<&Item>,
        pos: &Chess,
    ) -> bool {
        if n.value.black {
            return false;
        }
        // Where it stands first (a number before White's move after a move is the common
        // case, told without a look at its text), then whether it is digits alone.
        let placed = matches!(before, Some(Item::MoveNumber(_)))
            || (pos.turn() == Color::Black && !matches!(next, Some(Item::Ellipsis(_))));
        placed && self.src(n.span).chars().all(|c| c.is_ascii_digit())
    }

    pub(super) fn check_number(
        &mut self,
        n: crate::span::Spanned<crate::syntax::MoveNumber>,
        ply: u32,
        fullmove: u32,
        first_ply_offset: u32,
        turn: Color,
    ) {
        let expected = fullmove + (ply + first_ply_offset) / 2;
        let black = turn == Color::Black;
        let number_ok = n.value.number == expected;
        // `12...` before a White move is wrong; a plain `12.` before Black's move is common
        // after a comment or variation and is not reported.
        let side_ok = !n.value.black || black;
        if !number_ok || !side_ok {
            let want = if black {
                format!("{expected}...")
            } else {
                format!("{expected}.")
            };
            self.diags.push(
                Diagnostic::new(
                    Problem::MoveNumber {
                        text: self.src(n.span).into(),
                        expected: want.clone(),
                    },
                    n.span,
                )
                .label(format!("should be {want}"))
                .ply(ply + 1)
                .suggest(vec![want]),
            );
        }
    }

    /// The marks written with a move read well, against the board: `before` gives the
    /// position before the move and its origins (played again, asked only for a fix).
    pub(super) fn markers(
        &mut self,
        tok: &MoveToken,
        before: &dyn Fn() -> (Chess, Origins),
        after: &Chess,
        m: &Move,
        ply: u32,
    ) {
        // Each kind of mark is looked at further only when the token writes one, or the
        // board says the move should have one (most moves: neither).
        let checkers = after.checkers();
        if checkers.any() || tok.check().is_some() {
            self.check_marks(tok, after, checkers, ply);
        }
        if let MoveBody::Normal(n) = &tok.body
            && n.to_file.is_some()
        {
            self.short_capture(tok, before, m, ply);
        }
        // A pawn push written with its own file before the square (`aa3`): a longer token than
        // `a3`, so the common pawn move is passed by its length.
        if let MoveBody::Normal(n) = &tok.body
            && n.role == Role::Pawn
            && n.from_rank.is_none()
            && tok.span.end - tok.span.start > 2
            && n.to.is_some_and(|to| n.from_file == Some(to.file()))
        {
            self.file_twice(tok, before, m, ply);
        }
        let capture = m.is_capture();
        if capture != tok.capture().is_some()
            || (capture && matches!(tok.body, MoveBody::Descriptive(_)))
            || tok.figurine().is_some()
            || tok.ep().is_some()
        {
            self.other_marks(tok, before, after, m, ply);
        }
    }

    /// A pawn capture written without its target's rank (`exd`, `cd`, which the Bulgarian
    /// seed lists as a usage): a note that says what it was read as, unless the language's
    /// customs say it is usual.
    #[inline(never)]
    fn short_capture(
        &mut self,
        tok: &MoveToken,
        before: &dyn Fn() -> (Chess, Origins),
        m: &Move,
        ply: u32,
    ) {
        let usual = self
            .parser
            .language
            .as_ref()
            .is_some_and(|l| l.read_customs().short_capture_usual);
        if usual {
            return;
        }
        let (pos, origins) = before();
        let read_as = self.writer().write(&pos, &origins, m);
        let text = self.src(tok.span).to_owned();
        self.diags.push(
            Diagnostic::new(
                Problem::ShortPawnCapture {
                    text,
                    read_as: read_as.clone(),
                },
                tok.span,
            )
            .label(format!(
                "read as the only pawn capture from the {} file to the {} file",
                m.from().map_or('?', |f| f.file().char()),
                m.to().file()
            ))
            .ply(ply)
            .help("it is read all the same; the full form names the square taken on")
            .suggest(vec![read_as]),
        );
    }

    /// A pawn push written with its file twice (`aa3`, `ee4`): no notation writes it, and a
    /// key typed twice or a piece letter typed as a file (`aa3` for `Da3`) makes it. It is
    /// read as the push, with a warning that offers the push and the piece moves to the same
    /// square.
    #[inline(never)]
    fn file_twice(
        &mut self,
        tok: &MoveToken,
        before: &dyn Fn() -> (Chess, Origins),
        m: &Move,
        ply: u32,
    ) {
        let text = self.src(tok.span);
        let to = m.to();
        let doubled = text
            .rfind(to.to_string().as_str())
            .is_some_and(|at| text[..at].ends_with(to.file().char()));
        if !doubled {
            return;
        }
        let text = text.to_owned();
        let (pos, origins) = before();
        let read_as = self.writer().write(&pos, &origins, m);
        let mut suggestions = vec![read_as.clone()];
        suggestions.extend(
            pos.legal_moves()
                .iter()
                .filter(|o| o.to() == to && o.role() != Role::Pawn)
                .take(3)
                .map(|o| self.writer().write(&pos, &origins, o)),
        );
        self.diags.push(
            Diagnostic::new(
                Problem::FileTwice {
                    text,
                    read_as: read_as.clone(),
                },
                tok.span,
            )
            .label(format!("read as the pawn move `{read_as}`"))
            .ply(ply)
            .help("a pawn that does not capture stays on its file, which the square names already")
            .suggest(suggestions),
        );
    }

    /// The capture, figurine and e.p. marks of a move (see [`GameChecker::markers`]).
    #[inline(never)]
    fn other_marks(
        &mut self,
        tok: &MoveToken,
        before: &dyn Fn() -> (Chess, Origins),
        after: &Chess,
        m: &Move,
        ply: u32,
    ) {
        // The move written as it should be, in the position before it.
        let rewrite = |g: &Self| {
            let (pos, origins) = before();
            g.writer().write(&pos, &origins, m)
        };
        // Who moved: the side not to move after it.
        let mover = !after.turn();
        // Borrowed from the game's text, not from `self`: the text is copied into a
        // diagnostic only when there is one (nothing is allocated, nor cut, for a
        // well-marked move).
        let source: &str = self.text;
        let text = || source.get(tok.span.start..tok.span.end).unwrap_or("");
        // Capture marks. A descriptive capture names what it takes (`P×P`); a dash there
        // (`P-Q5`) is a capture written without its mark.
        if !m.is_capture()
            && matches!(tok.body, MoveBody::Normal(_))
            && let Some(c) = tok.capture()
        {
            self.diags.push(
                Diagnostic::new(
                    Problem::CaptureMarkOnNonCapture {
                        text: text().to_owned(),
                        square: m.to().to_string(),
                    },
                    c.span,
                )
                .label("nothing to capture")
                .ply(ply)
                .suggest(vec![rewrite(self)]),
            );
        }
        // (The board first: the writer is made only when a capture is met without its mark.)
        let unmarked = m.is_capture()
            && match &tok.body {
                // `cd`: the form itself says capture.
                MoveBody::Normal(n) => {
                    tok.capture().is_none()
                        && n.to_file.is_none()
                        && self.writer().writes_capture_marks()
                }
                MoveBody::Descriptive(d) => d.castles.is_none() && d.captured.is_none(),
                _ => false,
            };
        if unmarked {
            let mut d = Diagnostic::new(
                Problem::MissingCaptureMark {
                    text: text().to_owned(),
                    square: m.to().to_string(),
                },
                tok.span,
            )
            .label(format!(
                "captures the {} on {}",
                role_name(m.capture().unwrap_or(Role::Pawn)),
                m.to()
            ))
            .ply(ply);
            if matches!(tok.body, MoveBody::Descriptive(_)) {
                d = d.help(
                    "descriptive notation writes a capture with × and what is taken, not with a dash",
                );
            }
            self.diags.push(d.suggest(vec![rewrite(self)]));
        }
        if let Some(color) = tok.figurine() {
            // Print style uses the white set for both sides: a white figurine on a Black move is
            // only wrong when the writer uses black figurines too.
            let wrong = color != mover && (color == Color::Black || self.black_figurines());
            if wrong {
                let figurine = figurine_of(m.role(), mover);
                let fixed =
                    text().replacen(|c: char| ('♔'..='♟').contains(&c), &figurine.to_string(), 1);
                self.diags.push(
                    Diagnostic::new(
                        Problem::FigurineColor {
                            text: text().to_owned(),
                            figurine_color: if color == Color::White { "white" } else { "black" },
                            mover: color_name(mover),
                        },
                        tok.span,
                    )
                    .label(format!("{} is to move", color_name(mover)))
                    .ply(ply)
                    .help("the move is read all the same; use the mover's figurine, or the white set for both sides")
                    .suggest(vec![fixed]),
                );
            }
        }
        if let Some(ep) = tok.ep()
            && !m.is_en_passant()
        {
            self.diags.push(
                Diagnostic::new(
                    Problem::EpNotEnPassant {
                        text: text().to_owned(),
                    },
                    ep,
                )
                .label("not en passant")
                .ply(ply)
                .suggest(vec![rewrite(self)]),
            );
        }
    }

    /// The check and mate signs written with a move, against the position after it.
    #[inline(never)]
    fn check_marks(&mut self, tok: &MoveToken, after: &Chess, checkers: Bitboard, ply: u32) {
        // The move with another sign, for the fixes: its text cut from its marks only when
        // there is one.
        let source: &str = self.text;
        let signed = |sign: &str| format!("{}{}", tok.unmarked(source), sign);
        let check = checkers.any();
        let mark = tok.check();
        // No sign written and no check given: nothing to compare (most moves).
        if mark.is_none() && !check {
            return;
        }
        let mate = check && crate::board::resolve::is_checkmate(after);
        let mut written = mark.map(|c| c.value);
        if written == Some(CheckMark::DoubleCheck) && self.style().double_plus_mate {
            written = Some(CheckMark::Mate); // Spanish: `++` is mate
        }
        let text = source.get(tok.span.start..tok.span.end).unwrap_or("");
        let mark_span = mark.map(|c| c.span).unwrap_or(tok.span);
        match (written, check, mate) {
            // UCI, Smith, ICCF and coordinate notation write no check signs.
            (None, true, _) if !self.writer().writes_check_marks() => {}
            (None, true, true) => self.diags.push(
                Diagnostic::new(
                    Problem::MissingMate {
                        text: text.to_owned(),
                    },
                    tok.span,
                )
                .label("this move mates")
                .ply(ply)
                .suggest(vec![signed(&self.style().mate)]),
            ),
            (None, true, false) => self.diags.push(
                Diagnostic::new(
                    Problem::MissingCheck {
                        text: text.to_owned(),
                    },
                    tok.span,
                )
                .label("this move gives check")
                .ply(ply)
                .suggest(vec![signed(&self.style().check)]),
            ),
            (Some(CheckMark::Check), true, true) => self.diags.push(
                Diagnostic::new(
                    Problem::MissingMate {
                        text: text.to_owned(),
                    },
                    mark_span,
                )
                .label("this is mate, not just check")
                .ply(ply)
                .suggest(vec![signed(&self.style().mate)]),
            ),
            (Some(CheckMark::Check | CheckMark::DoubleCheck), false, _) => self.diags.push(
                Diagnostic::new(
                    Problem::CheckWithoutCheck {
                        text: text.to_owned(),
                    },
                    mark_span,
                )
                .label("no check")
                .ply(ply)
                .suggest(vec![signed("")]),
            ),
            (Some(CheckMark::DoubleCheck), true, false) if !checkers.more_than_one() => {
                self.diags.push(
                    Diagnostic::new(
                        Problem::NotDoubleCheck {
                            text: text.to_owned(),
                        },
                        mark_span,
                    )
                    .label("single check")
                    .ply(ply)
                    .suggest(vec![signed(&self.style().check)]),
                )
            }
            (Some(CheckMark::Mate), c, false) => self.diags.push(
                Diagnostic::new(
                    Problem::MateWithoutMate {
                        text: text.to_owned(),
                        checks: c,
                    },
                    mark_span,
                )
                .label("not mate")
                .ply(ply)
                .suggest(vec![if c {
                    signed(&self.style().check)
                } else {
                    signed("")
                }]),
            ),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::check::{Options, check_str};
    use crate::diagnostic::Code;

    /// The codes of an English game's diagnostics, with the text each points at.
    fn found(text: &str) -> Vec<(Code, String)> {
        let options = Options::given("algebraic", "en");
        let file = check_str("t.pgn", text, &options).expect("reads");
        file.games[0]
            .diagnostics
            .iter()
            .filter(|d| d.code() != Code::MissingResult)
            .map(|d| (d.code(), text[d.span.start..d.span.end].to_string()))
            .collect()
    }

    #[test]
    fn each_sign_is_checked_against_the_board() {
        // `+` on a quiet move.
        assert_eq!(
            found("1. e4+ e5 *"),
            vec![(Code::CheckWithoutCheck, "+".into())]
        );
        // A check left unmarked is pointed at the move.
        assert_eq!(
            found("1. e4 e5 2. Qh5 Nc6 3. Qxf7 *"),
            vec![(Code::MissingCheck, "Qxf7".into())]
        );
        // Mate marked as check only.
        assert_eq!(
            found("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7+ 1-0"),
            vec![(Code::MissingMate, "+".into())]
        );
        // `#` on a move that only checks.
        assert_eq!(
            found("1. e4 e5 2. Qh5 Nc6 3. Qxf7# *"),
            vec![(Code::MateWithoutMate, "#".into())]
        );
    }

    #[test]
    fn capture_marks_are_checked_against_the_board() {
        assert_eq!(
            found("1. e4 e5 2. Nxf3 *"),
            vec![(Code::CaptureMarkOnNonCapture, "x".into())]
        );
        assert_eq!(
            found("1. e4 d5 2. ed5 *")
                .iter()
                .map(|(c, _)| *c)
                .collect::<Vec<_>>(),
            vec![Code::MissingCaptureMark]
        );
    }

    #[test]
    fn a_well_marked_game_has_no_findings() {
        assert_eq!(found("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0"), vec![]);
    }
}
