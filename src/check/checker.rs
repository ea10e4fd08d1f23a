//! The state shared by the checks of one game: the text, the writer for suggestions, and
//! what the checks have found so far.

use std::cell::OnceCell;

use shakmaty::{Chess, Move};

use crate::board::descriptive::Origins;
use crate::board::pattern::Pattern;
use crate::board::resolve::Resolution;
use crate::check::types::{MoveState, RepairNote, RepairedItem};
use crate::diagnostic::Diagnostic;
use crate::render::{self, Style};
use crate::span::Span;
use crate::syntax::grammar::{ParserEntry, Registry};
use crate::syntax::marks::without_marks;
use crate::syntax::{GameSyntax, MoveBody, MoveToken};

pub(super) struct GameChecker<'a> {
    pub(super) text: &'a str,
    pub(super) parser: &'a ParserEntry,
    /// The languages the input could be in (for "it reads as … in another language").
    pub(super) registry: &'a Registry,
    /// The game read, for the writer made when first needed.
    pub(super) syntax: &'a GameSyntax,
    /// Writes moves in the input's notation and language (suggestions), and the input's marks
    /// (check, mate) for marker fixes: made when a problem first needs them (see
    /// [`GameChecker::writer`]), so a clean game makes neither.
    pub(super) form: OnceCell<(render::Writer, Style)>,
    /// The game writes black figurines somewhere (so it distinguishes the colours): looked
    /// for when a figurine of the side not to move is first met (see
    /// [`GameChecker::black_figurines`]).
    pub(super) black_figurines: OnceCell<bool>,
    pub(super) diags: Vec<Diagnostic>,
    pub(super) moves: Vec<MoveState>,
    pub(super) mainline: Vec<Option<Move>>,
    /// The main line has had an error: moves after it are not added to `mainline`.
    pub(super) main_broken: bool,
    pub(super) repairs: Vec<RepairNote>,
    /// The main line with repairs (see `CheckedGame::repaired`).
    pub(super) repaired: Vec<RepairedItem>,
    /// The main line had an error that could not be repaired.
    pub(super) repaired_broken: bool,
    /// Moves resolved so far while testing repairs and suggestions on the rest of the game
    /// (see `repair::REPAIR_BUDGET`).
    pub(super) work: std::cell::Cell<usize>,
    /// Where in the text the error being repaired stands: the errors before it are the
    /// game's errors so far (see `reads_through`; unreadable tokens are reported before the
    /// walk reaches them).
    pub(super) at: std::cell::Cell<usize>,
    /// Tokens in error met so far, and which read in another language (see `budget`).
    pub(super) budget: crate::check::budget::Budget,
    /// The file's budget of explained errors is spent (see `budget::FILE_ERRORS`): an error
    /// is reported without suggestions or repair, and its line is read no further.
    pub(super) frugal: bool,
}

/// A move number waiting for the move it numbers.
pub(super) type PendingNumber = (crate::span::Spanned<crate::syntax::MoveNumber>, bool);

/// A move played earlier in the line, to point at when it explains an error.
#[derive(Clone, Debug)]
pub(super) struct Played<'l> {
    pub(super) m: Move,
    pub(super) span: Span,
    /// The part of the token that names the move, without its marks.
    pub(super) bare: Bare<'l>,
    /// Its move number.
    pub(super) number: u32,
    /// A Black move.
    pub(super) black: bool,
    /// The move as the game's writer writes it, when the text at `span` does not read as it
    /// (a move assumed by a repair): what a message names instead of that text.
    pub(super) read_as: Option<Box<str>>,
}

/// Where the part of a token that names its move is: found when a message names the move
/// (cutting a token's marks off takes a look at its text, not needed for a move read well).
#[derive(Clone, Copy, Debug)]
pub(super) enum Bare<'l> {
    /// Known already (an unreadable token's).
    Span(Span),
    /// A move token's, without its marks (see [`MoveToken::unmarked_span`]).
    Token(&'l MoveToken),
}

impl Played<'_> {
    /// "5. Nbd2" or "12... Bxg3": the move as written, or as read when a repair assumed it.
    pub(super) fn label(&self, text: &str) -> String {
        let bare = match self.bare {
            Bare::Span(span) => span,
            Bare::Token(tok) => tok.unmarked_span(text),
        };
        let token = match &self.read_as {
            Some(read) => read,
            None => text.get(bare.start..bare.end).unwrap_or(""),
        };
        format!(
            "{}{} {}",
            self.number,
            if self.black { "..." } else { "." },
            token
        )
    }
}

/// How far the findings of a game had grown at some point: what a step back in the walk of
/// a line cuts them back to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Mark {
    diags: usize,
    mainline: usize,
    repaired: usize,
}

impl GameChecker<'_> {
    /// Writes moves in the input's notation and language, in the game's own form (long or
    /// short algebraic, figurines…): suggestions and fixes.
    pub(super) fn writer(&self) -> &render::Writer {
        &self.form().0
    }

    /// The input's marks (check, mate) for marker fixes.
    pub(super) fn style(&self) -> &Style {
        &self.form().1
    }

    fn form(&self) -> &(render::Writer, Style) {
        self.form
            .get_or_init(|| crate::check::habits::game_form(self.parser, self.syntax, self.text))
    }

    /// The game writes black figurines somewhere (so it distinguishes the colours).
    pub(super) fn black_figurines(&self) -> bool {
        *self.black_figurines.get_or_init(|| {
            self.syntax
                .root
                .moves()
                .any(|t| t.figurine() == Some(shakmaty::Color::Black))
        })
    }

    /// Where the findings stand now.
    pub(super) fn mark(&self) -> Mark {
        Mark {
            diags: self.diags.len(),
            mainline: self.mainline.len(),
            repaired: self.repaired.len(),
        }
    }

    /// Drops the findings made since `mark`.
    pub(super) fn rewind(&mut self, mark: Mark) {
        self.diags.truncate(mark.diags);
        self.mainline.truncate(mark.mainline);
        self.repaired.truncate(mark.repaired);
    }

    /// The name of the language the game is read in, for messages.
    pub(super) fn language_name(&self) -> &str {
        self.parser
            .language
            .as_ref()
            .map_or("the language read", |l| l.name())
    }

    pub(super) fn src(&self, span: Span) -> &str {
        self.text.get(span.start..span.end).unwrap_or("")
    }

    /// Where an unreadable token names its move: without the marks it ends with. No parse
    /// read the token, so its marks are found by the grammar's mark rules ([`without_marks`]).
    pub(super) fn unreadable_bare(&self, span: Span) -> Span {
        let token = self.src(span);
        let start = span.start + (token.len() - token.trim_start().len());
        Span::new(start, start + without_marks(token).len())
    }

    /// What the token says about the move, merged over its readings, to rank suggestions.
    pub(super) fn hint(&self, tok: &MoveToken, pos: &Chess, origins: &Origins) -> Pattern {
        match tok.body {
            MoveBody::Descriptive(_) => {
                let pats = crate::board::token::token_patterns(tok, pos, origins);
                let pats = pats.as_slice();
                let role = pats
                    .first()
                    .and_then(|p| p.role)
                    .filter(|r| pats.iter().all(|p| p.role == Some(*r)));
                let to_set = pats
                    .iter()
                    .filter_map(|p| p.to_set)
                    .fold(shakmaty::Bitboard::EMPTY, |a, b| a | b);
                Pattern {
                    role,
                    to_set: Some(to_set),
                    ..Pattern::EMPTY
                }
            }
            _ => Pattern::from_body(&tok.body),
        }
    }

    /// Resolves a move token in `pos`. A descriptive token's readings are matched on the
    /// board, and among several legal moves its check or mate mark (or its absence) and its
    /// e.p. mark choose, as readers of descriptive scores do (`B-N5ch`).
    pub(super) fn resolve_tok(
        &self,
        tok: &MoveToken,
        pos: &Chess,
        origins: &Origins,
    ) -> Resolution {
        crate::board::token::resolve_move_token(tok, pos, origins)
    }
}
