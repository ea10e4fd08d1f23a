//! Parsers built at run time: a composed grammar run by pest_vm, bounded in size and calls.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use super::MAX_GAME_BYTES;
use crate::span::Span;
use crate::syntax::builtin::{COMMON_GRAMMAR, NOTATION_GRAMMARS};
use crate::syntax::compose::compose;
use crate::syntax::grammar_check::{Issue, grammar_issues};
use crate::syntax::kind::TokenExplanation;
use crate::syntax::memo::{MemoId, Pieces, Probe};
use crate::syntax::walker::{explain_parsed, game_tops, walk_game, walk_single};
use crate::syntax::{GameSyntax, MoveToken, SyntaxIssue};

/// A parser built at run time: a composed grammar in pest_vm.
pub struct VmParser {
    vm: pest_vm::Vm,
    /// The place of each rule in the derived parser's `Rule` enum (`EOI` first, then the
    /// rules in grammar order), to list expected rules in the derived parser's order: pest
    /// sorts them by the rule type's order, which for pest_vm's names is alphabetical.
    order: std::collections::HashMap<String, usize>,
    /// The most rule calls one of its parses may make (0: unbounded; see
    /// [`super::CALL_LIMIT`]).
    call_limit: AtomicUsize,
    /// The grammar as the piecewise reading follows it (`None`: games are parsed whole).
    probe: Option<Probe>,
    /// The name of its cache of pieces.
    memo: MemoId,
}

impl std::fmt::Debug for VmParser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("VmParser")
    }
}

impl VmParser {
    /// Builds the parser of a composed grammar text.
    ///
    /// # Errors
    /// The grammar's problems (pest_meta's), with lines of the composed text.
    pub fn new(composed: &str) -> Result<VmParser, Vec<Issue>> {
        let (_, issues) = grammar_issues(composed);
        if !issues.is_empty() {
            return Err(issues);
        }
        match pest_meta::parse_and_optimize(composed) {
            Ok((_, rules)) => {
                let mut order: std::collections::HashMap<String, usize> = rules
                    .iter()
                    .enumerate()
                    .map(|(i, r)| (r.name.clone(), i + 1))
                    .collect();
                order.insert("EOI".into(), 0);
                Ok(VmParser {
                    vm: pest_vm::Vm::new(rules),
                    order,
                    call_limit: AtomicUsize::new(0),
                    probe: Probe::new(composed),
                    memo: MemoId::User(NEXT_MEMO.fetch_add(1, Ordering::Relaxed)),
                })
            }
            // Checked above; kept for safety.
            Err(_) => Err(grammar_issues(composed).1),
        }
    }

    /// Sets the most rule calls one parse of this parser may make (`None`, the default:
    /// unbounded; the CLI uses [`super::CALL_LIMIT`]).
    pub fn set_call_limit(&self, limit: Option<NonZeroUsize>) {
        self.call_limit
            .store(limit.map_or(0, NonZeroUsize::get), Ordering::Relaxed);
    }

    /// Parses `text` with a rule and returns the tree as (rule name, start, end) in
    /// pre-order, or the error message: for comparing trees with a derived parser.
    pub fn tree(&self, rule: &str, text: &str) -> Result<Vec<(String, usize, usize)>, String> {
        match self.ordered(self.run(rule, text)) {
            Ok(pairs) => Ok(pairs
                .flatten()
                .map(|p| {
                    let s = p.as_span();
                    (p.as_rule().to_owned(), s.start(), s.end())
                })
                .collect()),
            Err(e) => Err(e
                .renamed_rules(|r| (*r).to_owned())
                .variant
                .message()
                .into_owned()),
        }
    }

    /// Reads one game whose text starts at byte `base` of its file.
    pub fn parse_game(&self, text: &str, base: usize) -> GameSyntax {
        if text.len() > MAX_GAME_BYTES {
            let mut g = walk_game(self.run("game", ""), "", base, &|_, _| None);
            let end = (1..=text.len())
                .find(|&i| text.is_char_boundary(i))
                .unwrap_or(0);
            g.issues.push(SyntaxIssue::ParserLimit(
                Span::new(base, base + end),
                format!(
                    "this game is {} bytes long; a grammar loaded at run time reads games of up to {} bytes",
                    text.len(),
                    MAX_GAME_BYTES
                )
                .into(),
            ));
            return g;
        }
        let read_single = |t: &str, b: usize| self.read_single(t, b);
        // Piece by piece (the same result, see `crate::syntax::memo`), unless a call limit
        // bounds each parse: pieces would each stay within a limit the whole game exceeds.
        if let Some(probe) = &self.probe
            && self.call_limit.load(Ordering::Relaxed) == 0
        {
            let pieces = Pieces {
                id: self.memo,
                probe,
                parse: &|t| game_tops(self.run("game", t)),
                read_single: &read_single,
            };
            if let Some(game) = pieces.parse_game(text, base) {
                return game;
            }
        }
        walk_game(self.run("game", text), text, base, &read_single)
    }

    /// Reads `text` alone as one move token (spans start at `base`).
    pub(crate) fn read_single(&self, text: &str, base: usize) -> Option<MoveToken> {
        if text.len() > MAX_GAME_BYTES {
            return None;
        }
        walk_single(self.run("single_move", text), base)
    }

    /// Says where and why a token is not a move of this grammar.
    pub fn explain(&self, token: &str) -> TokenExplanation {
        if token.len() > MAX_GAME_BYTES {
            return TokenExplanation::default();
        }
        explain_parsed(self.ordered(self.run("single_move", token)), token)
    }

    /// Runs the parser. pest panics on a few grammar constructs at parse time (`POP` on an
    /// empty stack); the checks refuse them, and should one slip through, the panic is caught
    /// and becomes a parse error, never a crash.
    fn run<'a>(
        &'a self,
        rule: &'a str,
        text: &'a str,
    ) -> Result<pest::iterators::Pairs<'a, &'a str>, pest::error::Error<&'a str>> {
        let _bounded =
            NonZeroUsize::new(self.call_limit.load(Ordering::Relaxed)).map(Bounded::start);
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.vm.parse(rule, text)))
            .unwrap_or_else(|_| {
                Err(pest::error::Error::new_from_pos(
                    pest::error::ErrorVariant::CustomError {
                        message: "the grammar failed while reading this text".into(),
                    },
                    pest::Position::from_start(text),
                ))
            })
    }

    /// A parse result with the rules of its error in the derived parser's order.
    fn ordered<'a>(
        &self,
        parsed: Result<pest::iterators::Pairs<'a, &'a str>, pest::error::Error<&'a str>>,
    ) -> Result<pest::iterators::Pairs<'a, &'a str>, pest::error::Error<&'a str>> {
        parsed.map_err(|mut e| {
            if let pest::error::ErrorVariant::ParsingError {
                positives,
                negatives,
            } = &mut e.variant
            {
                let rank = |r: &&str| self.order.get(*r).copied().unwrap_or(usize::MAX);
                positives.sort_by_key(rank);
                negatives.sort_by_key(rank);
            }
            e
        })
    }
}

/// The run-time parser of a notation grammar composed with a language file's text, exactly as
/// [`super::build`] composes it (tests compare it with the derived parser of a built-in language).
///
/// # Errors
/// The composed grammar's problems (lines of the composed text), or none when the notation
/// does not exist.
pub fn vm_parser(notation: &str, language_text: &str) -> Result<VmParser, Vec<Issue>> {
    let Some((_, _, notation_text)) = NOTATION_GRAMMARS.iter().find(|n| n.0 == notation) else {
        return Err(Vec::new());
    };
    VmParser::new(&compose(&[COMMON_GRAMMAR, notation_text, language_text]).text)
}

/// The number of the next run-time parser's cache of pieces.
static NEXT_MEMO: AtomicU64 = AtomicU64::new(0);

/// The run-time parses in flight. pest's call limit is one process-wide setting, read when a
/// parse starts: a run-time parse sets it while it runs, and the last one in flight clears it,
/// so that the built-in parsers are not bounded by a run-time grammar's limit (a built-in
/// parse that starts on another thread while a run-time parse runs is bounded by it, far
/// above what real games take).
static IN_FLIGHT: Mutex<usize> = Mutex::new(0);

/// pest's call limit set for one run-time parse, cleared when it ends (see [`IN_FLIGHT`]).
struct Bounded;

impl Bounded {
    fn start(limit: NonZeroUsize) -> Bounded {
        let mut n = IN_FLIGHT.lock().unwrap_or_else(PoisonError::into_inner);
        *n += 1;
        pest::set_call_limit(Some(limit));
        Bounded
    }
}

impl Drop for Bounded {
    fn drop(&mut self) {
        let mut n = IN_FLIGHT.lock().unwrap_or_else(PoisonError::into_inner);
        *n -= 1;
        if *n == 0 {
            pest::set_call_limit(None);
        }
    }
}
