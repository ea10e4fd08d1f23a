//! The one generic walker: turns the parse tree of any derived parser into [`GameSyntax`].
//!
//! Every rule of every grammar maps to a [`Kind`]; the walker matches on `Kind` exhaustively,
//! so a new grammar rule does not build until it is handled here. Variations are flat `(`/`)`
//! tokens in the grammar and are nested here with an explicit stack bounded by [`MAX_DEPTH`].

use shakmaty::Role;

use crate::span::{Span, Spanned};
use crate::syntax::kind::{GrammarParser, Kind, RuleKind, TokenExplanation};
use crate::syntax::{
    CheckMark, Comment, GameSyntax, Item, Line, MoveBody, MoveToken, SyntaxIssue, Tag,
};

mod alike;
mod alone;
mod moves;
#[cfg(test)]
mod tests;
pub(crate) mod top;

use moves::build_move;
pub(crate) use top::{Top, lower};

/// Deepest nesting of variations the syntax reads: a variation opened deeper is reported as
/// [`SyntaxIssue::TooDeep`] and skipped with everything inside it, so no syntax tree is deeper
/// than this.
///
/// It is the syntax's own limit, a property of what is read. Real annotated games nest a few
/// levels, monographs a few dozen. Later stages that walk a tree may rely on it as its bound.
pub(crate) const MAX_DEPTH: usize = 100;

/// Reads one token alone as a move of a grammar (spans start at the given base): look-alike
/// retries of the walker use it.
pub(crate) type ReadSingle<'a> = &'a dyn Fn(&str, usize) -> Option<MoveToken>;

/// Reads one game of text that starts at byte `base` of its file, parsed whole (the
/// piecewise reading of [`crate::syntax::memo`] gives the same and falls back on this).
pub(crate) fn parse_game<P: GrammarParser>(text: &str, base: usize) -> GameSyntax {
    walk_game(P::parse(P::GAME, text), text, base, &read_single::<P>)
}

/// The top-level tokens of a text parsed alone with the game rule (spans from 0), or `None`
/// when the parser fails.
pub(crate) fn game_tops<R: RuleKind>(
    parsed: Result<pest::iterators::Pairs<'_, R>, pest::error::Error<R>>,
) -> Option<Vec<Top>> {
    let mut tops = Vec::new();
    for game in parsed.ok()? {
        tops.extend(game.into_inner().filter_map(|pair| lower(pair, 0)));
    }
    Some(tops)
}

/// Turns the result of parsing one game with the game rule — by a derived parser or by a
/// parser built at run time — into its syntax. `read_single` reads a token alone with the same
/// grammar. Generic over the rule type, so that the derived parsers stay monomorphised.
pub(crate) fn walk_game<R: RuleKind>(
    parsed: Result<pest::iterators::Pairs<'_, R>, pest::error::Error<R>>,
    text: &str,
    base: usize,
    read_single: ReadSingle<'_>,
) -> GameSyntax {
    let mut w = Walker::new(base, text.len(), read_single);
    match parsed {
        Ok(pairs) => {
            for game in pairs {
                for pair in game.into_inner() {
                    if let Some(token) = lower(pair, base) {
                        w.top(token, text);
                    }
                }
            }
        }
        Err(e) => {
            let at = match e.location {
                pest::error::InputLocation::Pos(p) => p,
                pest::error::InputLocation::Span((s, _)) => s,
            };
            let at = at.min(text.len());
            let end = (at + 1..=text.len())
                .find(|&i| text.is_char_boundary(i))
                .unwrap_or(text.len());
            w.issues.push(SyntaxIssue::ParserLimit(
                Span::new(at, end).offset(base),
                e.variant.message().into(),
            ));
        }
    }
    w.finish(text)
}

/// Reads `text` alone as one move token of this grammar (spans start at `base`).
pub(crate) fn read_single<P: GrammarParser>(text: &str, base: usize) -> Option<MoveToken> {
    alone::read_alone(std::any::TypeId::of::<P>(), text, base, || {
        walk_single(P::parse(P::SINGLE_MOVE, text), 0)
    })
}

/// Turns the result of parsing one token with the single-move rule into its move, if it is
/// one (see [`walk_game`]).
pub(crate) fn walk_single<R: RuleKind>(
    parsed: Result<pest::iterators::Pairs<'_, R>, pest::error::Error<R>>,
    base: usize,
) -> Option<MoveToken> {
    let pairs = parsed.ok()?;
    for single in pairs {
        for pair in single.into_inner() {
            if pair.as_rule().kind() == Kind::Move {
                let s = pair.as_span();
                let span = Span::new(s.start() + base, s.end() + base);
                return Some(build_move(pair, span, base, 0));
            }
        }
    }
    None
}

/// Reads `token` alone as one move of this grammar and says where and why it fails.
pub(crate) fn explain_token<P: GrammarParser>(token: &str) -> TokenExplanation {
    alone::explained(std::any::TypeId::of::<P>(), token, || {
        explain_parsed(P::parse(P::SINGLE_MOVE, token), token)
    })
}

/// Says where and why parsing one token with the single-move rule failed (see
/// [`explain_token`]).
pub(crate) fn explain_parsed<R: RuleKind>(
    parsed: Result<pest::iterators::Pairs<'_, R>, pest::error::Error<R>>,
    token: &str,
) -> TokenExplanation {
    match parsed {
        Ok(_) => TokenExplanation {
            is_move: true,
            offset: token.len(),
            expected: Vec::new(),
        },
        Err(e) => {
            let offset = match e.location {
                pest::error::InputLocation::Pos(p) => p,
                pest::error::InputLocation::Span((s, _)) => s,
            };
            let mut expected: Vec<&'static str> = Vec::new();
            if let pest::error::ErrorVariant::ParsingError { positives, .. } = &e.variant {
                for r in positives {
                    let k = r.kind();
                    let name = match k {
                        Kind::Eoi => "the end of the move",
                        other => other.human(),
                    };
                    if !expected.contains(&name) {
                        expected.push(name);
                    }
                }
            }
            TokenExplanation {
                is_move: false,
                offset: offset.min(token.len()),
                expected,
            }
        }
    }
}

/// Builds a game's syntax from its top-level tokens, one method per kind of token: from a
/// parse tree ([`walk_game`]), or token by token as the piecewise reading finds them
/// ([`crate::syntax::memo`]), so that no list of a long game's tokens is kept beside its tree.
pub(crate) struct Walker<'a> {
    base: usize,
    len: usize,
    /// Reads one token alone as a move of the same grammar (for look-alike retries).
    read_single: ReadSingle<'a>,
    /// The open lines: the main line, then each variation opened and not closed yet, with
    /// the span of its `(`.
    stack: Vec<(Line, Span)>,
    /// How many `(` deep inside a variation that is too deep (and skipped).
    skip_depth: usize,
    tags: Vec<Tag>,
    issues: Vec<SyntaxIssue>,
    /// Unreadable tokens kept as issues so far.
    unknown_kept: usize,
    /// Those past [`KEPT_UNKNOWN`]: how many, and the last one.
    unknown_more: usize,
    unknown_last: Span,
    moves: usize,
    movetext_started: bool,
    /// Separators noted.
    separators: usize,
    /// Move numbers written as PGN does not write them, noted.
    number_forms: usize,
    /// A `;` read as a separator, while its line goes on.
    semicolon: Option<Semicolon>,
    /// Tokens before this byte of the file are left out (a `;` comment taken back).
    skip_until: usize,
}

/// A `;` read as a separator because a move follows it, and the walker's state before it: if
/// its line then holds a token that is no move, the `;` started a PGN comment after all, and
/// the line from it is taken back and kept as that comment.
#[derive(Clone, Copy, Debug)]
struct Semicolon {
    span: Span,
    /// The end of its line.
    eol: usize,
    depth: usize,
    items: usize,
    issues: usize,
    moves: usize,
    unknown_kept: usize,
    separators: usize,
}

impl<'a> Walker<'a> {
    /// A walker of a game of `len` bytes that starts at byte `base` of its file.
    pub(crate) fn new(base: usize, len: usize, read_single: ReadSingle<'a>) -> Self {
        Walker {
            base,
            len,
            read_single,
            stack: vec![(Line::default(), Span::new(base, base))],
            skip_depth: 0,
            tags: Vec::new(),
            issues: Vec::new(),
            unknown_kept: 0,
            unknown_more: 0,
            unknown_last: Span::default(),
            moves: 0,
            movetext_started: false,
            separators: 0,
            number_forms: 0,
            semicolon: None,
            skip_until: 0,
        }
    }

    /// Makes room for `n` more items of the main line.
    pub(crate) fn reserve(&mut self, n: usize) {
        self.stack[0].0.items.reserve(n);
    }

    fn push(&mut self, item: Item) {
        if self.skip_depth > 0 {
            return;
        }
        self.movetext_started = true;
        self.stack.last_mut().expect("root line").0.items.push(item);
    }

    /// A move token read alone at the start of a piece, placed `at` bytes further in the
    /// file (as [`Walker::top`] with the token moved there, without moving it twice).
    pub(crate) fn move_at(&mut self, m: &MoveToken, at: usize) {
        if self.semicolon.is_some() || at < self.skip_until {
            let mut t = Top::Move(m.clone());
            t.shift(at);
            return self.top(t, "");
        }
        let mut m = m.clone();
        top::shift_move(&mut m, at);
        m.index = self.moves;
        self.moves += 1;
        self.push(Item::Move(m));
    }

    /// The last move of the current line, to attach a separate mark to. A check sign after a
    /// glyph (`e4!+`) is not attached (`over_nags` false): the order is wrong and it is
    /// reported as stray; an `e.p.` after a glyph is.
    fn last_move(&mut self, over_nags: bool) -> Option<&mut MoveToken> {
        let line = &mut self.stack.last_mut()?.0;
        for item in line.items.iter_mut().rev() {
            match item {
                Item::Move(m) => return Some(m),
                Item::Nag(_) if over_nags => continue,
                Item::Comment(_) => continue,
                _ => return None,
            }
        }
        None
    }

    /// One top-level token of a game (spans in the file); `text` is the game's text.
    pub(crate) fn top(&mut self, mut token: Top, text: &str) {
        let start = token.span_mut().start;
        if start < self.skip_until {
            return;
        }
        if self.semicolon.is_some_and(|sc| start >= sc.eol) {
            self.semicolon = None;
        }
        match token {
            Top::Tag(t) => self.tag(t),
            Top::BrokenTag(span) => self.issues.push(SyntaxIssue::BrokenTag(span)),
            Top::Move(mut m) => {
                m.index = self.moves;
                self.moves += 1;
                self.push(Item::Move(m));
            }
            Top::MoveNumber(n) => {
                self.number_form(n.span, text);
                self.push(Item::MoveNumber(n));
            }
            Top::Ellipsis(span) => self.push(Item::Ellipsis(span)),
            Top::Comment(c) => self.push(Item::Comment(c)),
            Top::EscapeLine(span) => self.escape_line(span),
            Top::UnclosedComment(span) => self.issues.push(SyntaxIssue::UnclosedComment(span)),
            Top::VariationStart(span) => self.variation_start(span),
            Top::VariationEnd(span) => self.variation_end(span),
            Top::Result(r) => self.push(Item::Result(r)),
            Top::Nag(n) => self.nag(n, text),
            Top::StandaloneMark(m) => self.standalone_mark(m),
            Top::EpMark(span) => self.ep_mark(span),
            Top::Separator(span) => self.separator(span, text),
            Top::Unknown(span) => {
                let at = span.start - self.base..span.end - self.base;
                self.unknown(text.get(at).unwrap_or(""), span);
            }
            // A rule that only occurs inside a token, met alone (never, with the grammars as
            // they are): unreadable text.
            Top::Inside(span) => self.unreadable(span),
        }
    }

    /// An annotation. A sign written with letters (`N`, novelty; `RR`; `O`, space) that
    /// follows no move is no sign: where a move is due, `N` is a piece letter with its square
    /// missing, and it is reported as unreadable.
    fn nag(&mut self, n: Spanned<u16>, text: &str) {
        let at = n.span.start.saturating_sub(self.base)..n.span.end.saturating_sub(self.base);
        let written = text.get(at).unwrap_or("");
        if written.chars().all(|c| c.is_ascii_uppercase()) && self.last_move(true).is_none() {
            return self.unknown(written, n.span);
        }
        self.push(Item::Nag(n));
    }

    /// A tag pair: kept before the movetext, reported after it started.
    fn tag(&mut self, tag: Tag) {
        if self.movetext_started {
            self.issues.push(SyntaxIssue::TagInMovetext(tag.span));
        } else {
            self.tags.push(tag);
        }
    }

    /// `%` lines (exporter notes) may come before the tag pairs.
    fn escape_line(&mut self, span: Span) {
        let started = self.movetext_started;
        self.push(Item::Comment(Comment {
            span,
            braced: false,
        }));
        self.movetext_started = started;
    }

    /// `(`: opens a variation, or starts skipping one nested deeper than [`MAX_DEPTH`].
    fn variation_start(&mut self, span: Span) {
        if self.skip_depth > 0 || self.stack.len() > MAX_DEPTH {
            if self.skip_depth == 0 {
                self.issues.push(SyntaxIssue::TooDeep(span));
            }
            self.skip_depth += 1;
        } else {
            self.movetext_started = true;
            self.stack.push((Line::default(), span));
        }
    }

    /// `)`: closes the innermost variation.
    fn variation_end(&mut self, span: Span) {
        if self.skip_depth > 0 {
            self.skip_depth -= 1;
        } else if self.stack.len() > 1 {
            let (mut line, open) = self.stack.pop().expect("checked");
            line.span = open.join(span);
            self.push(Item::Variation(line));
        } else {
            self.issues.push(SyntaxIssue::UnmatchedClose(span));
        }
    }

    /// A check or mate sign written apart from its move (`e4 +`).
    fn standalone_mark(&mut self, mark: Spanned<CheckMark>) {
        if self.skip_depth > 0 {
            return;
        }
        let span = mark.span;
        match self.last_move(false) {
            Some(m) if m.check().is_none() => {
                m.span = m.span.join(span);
                m.set_check(Some(mark));
            }
            _ => self.issues.push(SyntaxIssue::StrayMark(span)),
        }
    }

    /// An `e.p.` written apart from its move.
    fn ep_mark(&mut self, span: Span) {
        if self.skip_depth > 0 {
            return;
        }
        match self.last_move(true) {
            Some(m) if m.ep().is_none() => {
                m.span = m.span.join(span);
                m.set_ep(Some(span));
            }
            _ => self.issues.push(SyntaxIssue::StrayMark(span)),
        }
    }

    /// A comma, slash or semicolon between moves: read as white space, and noted (the first
    /// [`KEPT_UNKNOWN`] of a game).
    fn separator(&mut self, span: Span, text: &str) {
        let at = span.start.saturating_sub(self.base);
        if text.get(at..at + 1) == Some(";") && self.skip_depth == 0 {
            let rest = &text[at..];
            let eol = span.start + rest.find(['\n', '\r']).unwrap_or(rest.len());
            self.semicolon = Some(Semicolon {
                span,
                eol,
                depth: self.stack.len(),
                items: self.stack.last().map_or(0, |l| l.0.items.len()),
                issues: self.issues.len(),
                moves: self.moves,
                unknown_kept: self.unknown_kept,
                separators: self.separators,
            });
        }
        if self.skip_depth == 0 && self.separators < KEPT_UNKNOWN {
            self.separators += 1;
            self.issues.push(SyntaxIssue::Separator(span));
        }
    }

    /// A move number written `1)`, `1-`, `1:` or `1 .`: noted (the first [`KEPT_UNKNOWN`] of
    /// a game).
    fn number_form(&mut self, span: Span, text: &str) {
        let at = span.start.saturating_sub(self.base)..span.end.saturating_sub(self.base);
        let written = text.get(at).unwrap_or("");
        let typed = crate::syntax::typed_number(written);
        if typed && self.skip_depth == 0 && self.number_forms < KEPT_UNKNOWN {
            self.number_forms += 1;
            self.issues.push(SyntaxIssue::NumberForm(span));
        }
    }

    /// A `;` line that holds a token that is no move: what was read after the `;` is taken
    /// back, and the line from it is a comment, as PGN reads it (reported: it holds moves).
    fn take_back(&mut self, sc: Semicolon) {
        self.semicolon = None;
        self.skip_until = sc.eol;
        if let Some((line, _)) = self.stack.last_mut() {
            line.items.truncate(sc.items);
        }
        self.issues.truncate(sc.issues);
        self.moves = sc.moves;
        self.unknown_kept = sc.unknown_kept;
        self.separators = sc.separators;
        let span = Span::new(sc.span.start, sc.eol);
        self.push(Item::Comment(Comment {
            span,
            braced: false,
        }));
        self.issues.push(SyntaxIssue::MovesInComment(span));
    }

    /// Text that is no token: a move written with look-alike characters, or an issue.
    fn unknown(&mut self, text: &str, span: Span) {
        if self.skip_depth == 0 {
            if self.look_alike(text, span) {
                return;
            }
            // A word (no digit: not a move, nor two moves typed without a space, which the
            // checker splits) after a `;` separator: the `;` started a comment.
            let word = !text.bytes().any(|b| b.is_ascii_digit());
            if let Some(sc) = self
                .semicolon
                .filter(|sc| word && sc.depth == self.stack.len())
            {
                self.take_back(sc);
                return;
            }
            self.unreadable(span);
        }
        self.push(Item::Unknown(span));
    }

    /// An unreadable token: an issue, or past [`KEPT_UNKNOWN`] of them, counted.
    fn unreadable(&mut self, span: Span) {
        if self.unknown_kept < KEPT_UNKNOWN {
            self.unknown_kept += 1;
            self.issues.push(SyntaxIssue::Unknown(span));
        } else {
            self.unknown_more += 1;
            self.unknown_last = span;
        }
    }

    /// The game's syntax, once every token is walked; `text` is the game's text.
    pub(crate) fn finish(mut self, text: &str) -> GameSyntax {
        while self.stack.len() > 1 {
            let (mut line, open) = self.stack.pop().expect("checked");
            self.issues.push(SyntaxIssue::UnclosedVariation(open));
            line.span = open.join(Span::new(self.base + self.len, self.base + self.len));
            self.stack
                .last_mut()
                .expect("root")
                .0
                .items
                .push(Item::Variation(line));
        }
        let (mut root, _) = self.stack.pop().expect("root");
        let start = self.base + (text.len() - text.trim_start().len());
        let end = self.base + text.trim_end().len();
        root.span = Span::new(start, end.max(start));
        GameSyntax {
            span: root.span,
            tags: self.tags,
            root,
            issues: self.issues,
            unknown_more: self.unknown_more,
            unknown_last: self.unknown_last,
            move_count: self.moves,
        }
    }
}

/// Unreadable tokens of a game kept as issues; the later ones are counted (a game of millions
/// of words would otherwise hold an issue for each, though only the first are reported).
pub(crate) const KEPT_UNKNOWN: usize = 1_000;

/// How a move token is written, for the mixed-notation warning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum WrittenForm {
    /// Short algebraic: the target square and no more of the origin than needed (`e4`,
    /// `exd5`, `Nf3`, `Nbd2`).
    Short,
    /// Long algebraic: both squares (`e2-e4`, `e2e4`, `Ng1-f3`), or a compact form (`d24`,
    /// `Оg5:Кf6`).
    Long,
}

impl WrittenForm {
    /// The form's name in messages.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            WrittenForm::Short => "short",
            WrittenForm::Long => "long",
        }
    }
}

/// The form of a move token as written (`text` is the token's source text), when it tells:
/// castling, null moves and descriptive moves are written alike in both forms, and so is a
/// piece move naming both squares without a hyphen (`Ng1f3`), which SAN writes too when
/// neither the file nor the rank alone tells two pieces apart.
pub(crate) fn written_form(tok: &MoveToken, text: &str) -> Option<WrittenForm> {
    let MoveBody::Normal(n) = tok.body else {
        return None;
    };
    let both = n.from_file.is_some() && n.from_rank.is_some();
    if n.role == Role::Pawn || !n.role_written {
        // SAN never writes a pawn's origin rank.
        return Some(if n.from_rank.is_some() {
            WrittenForm::Long
        } else {
            WrittenForm::Short
        });
    }
    if !both {
        return Some(WrittenForm::Short);
    }
    let hyphen = text.contains(['-', '‑', '‐', '–', '—', '−']);
    (hyphen || n.captured.is_some()).then_some(WrittenForm::Long)
}
