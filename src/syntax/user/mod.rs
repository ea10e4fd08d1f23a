//! Languages added at run time: a user's language file (`--grammar FILE.pest`, or a file in a
//! grammar directory) composed with the built-in notation grammars and run by pest_vm.
//!
//! A user language file is checked with the checks build.rs runs on the built-in ones (pest
//! syntax, the six language rules and no other but the optional rules of position records,
//! left recursion, shadowed choices) plus checks
//! of its letters (a letter that reads as a square, two pieces with the same letter), then
//! composed with `grammars/common.pest` and each notation grammar that takes languages,
//! *exactly* as build.rs composes the built-in ones (one composer is shared by both),
//! and finally tried on sample games written with its letters (the checker's smoke test).
//!
//! A built language is registered in a [`Registry`] value, whose
//! [`Registry::parser_for`], [`Registry::language`] and [`Registry::languages`] consult the
//! built-in ones first; the registry is carried in the options
//! ([`crate::check::Options::registry`]), so checking, converting, detection (`--lang auto`)
//! and `scoresheet languages` see the user languages of the registry they are given. The same generic walker reads the trees of both kinds of parsers (rule names map
//! to the same `Kind`).
//!
//! Run-time parsers are bounded: a grammar file is at most [`MAX_GRAMMAR_BYTES`], a game read
//! with a run-time parser at most [`MAX_GAME_BYTES`], and, when the registry has a call limit
//! ([`Registry::set_call_limit`]; the CLI sets [`CALL_LIMIT`]), every parse at most that many
//! rule calls (pest's call limit; deep recursion is stopped by pest's stack guard). A grammar
//! that backtracks exponentially then ends with a "call limit reached" error, never a hang.
//!
//! pest's call limit is process-wide and read when a parse starts; per-parser budgets through
//! pest_vm's listener were ruled out (aborting from the listener hands pest a fresh parser
//! state in the middle of a parse). So a bounded run-time parse sets the limit while it runs
//! and the last one in flight clears it ([`VmParser::set_call_limit`]): the built-in parsers
//! stay unbounded, also once a user grammar is loaded. The library sets no limit of its own.

use std::path::Path;
use std::sync::Arc;

use shakmaty::san::San;
use shakmaty::{Chess, Move, Position};

use crate::span::Span;
use crate::syntax::builtin::{COMMON_GRAMMAR, NOTATION_GRAMMARS};
use crate::syntax::compose::{
    Composed, compose, header_value, language_header, notation_is_letterless, notation_takes,
};
use crate::syntax::customs::Customs;
use crate::syntax::grammar_check::{LANGUAGE_RULES, letters, rule_literals, rule_words};
use crate::syntax::kind::{LanguageFile, Parser, ParserEntry, RecordWords, Shared};
use std::borrow::Cow;
use std::num::NonZeroUsize;

mod files;
mod problems;
mod reach;
mod registry;
#[cfg(test)]
mod tests;
mod vm;

pub use files::{directory_files, grammar_dirs, template};
pub(crate) use problems::Lines;
pub use problems::{GrammarProblem, GrammarReport, ProblemKind, check_source};
use problems::{code_span, customs_problems, issue_problem};
pub use reach::{ReadMove, unreadable_letters};
pub use registry::{Registry, builtin_language, builtin_parser};
pub use vm::{VmParser, vm_parser};

/// The last check of a built language (the checker's smoke test, [`crate::check::smoke`]): every
/// problem it finds refuses the file. Passed in, as the checker is a later stage.
pub type Verify = fn(&UserLanguage) -> Vec<GrammarProblem>;

/// The largest user grammar file read.
pub const MAX_GRAMMAR_BYTES: usize = 64 * 1024;
/// The longest game a run-time parser reads (longer ones are reported, not read).
pub const MAX_GAME_BYTES: usize = 256 * 1024;
/// The call limit the CLI gives its registry ([`Registry::set_call_limit`]): the most rule
/// calls one parse of a run-time parser may make (pest's call limit, set around each of its
/// parses only). Real games take
/// about 15 calls per byte, so games of a few hundred kilobytes stay readable, while a
/// grammar that backtracks exponentially is stopped after a second or so (release build)
/// with "call limit reached". [`CALL_LIMIT_ENV`] overrides it.
pub const CALL_LIMIT: usize = 5_000_000;
/// The environment variable that overrides [`CALL_LIMIT`] (a positive number of calls).
pub const CALL_LIMIT_ENV: &str = "SCORESHEET_CALL_LIMIT";

/// The environment variable naming grammar directories (separated as in `PATH`).
pub const GRAMMARS_ENV: &str = "SCORESHEET_GRAMMARS";

/// A user language file, checked and built: its language and one parser per notation that
/// takes languages.
#[derive(Debug)]
pub struct UserLanguage {
    /// The file's path as given.
    pub path: String,
    /// The file's text.
    pub text: String,
    /// The language.
    pub language: Arc<LanguageFile>,
    /// One parser per notation that takes this language.
    pub parsers: Vec<Parser>,
    /// The run-time parsers behind `parsers`.
    vms: Vec<Arc<VmParser>>,
}

impl UserLanguage {
    /// Sets the call limit of every parser of this language.
    pub(crate) fn set_call_limit(&self, limit: Option<NonZeroUsize>) {
        for vm in &self.vms {
            vm.set_call_limit(limit);
        }
    }
}

/// The call limit of the environment for the CLI: [`CALL_LIMIT`], or the value of
/// [`CALL_LIMIT_ENV`] when it is a number (0: unbounded).
pub fn env_call_limit() -> Option<NonZeroUsize> {
    let limit = std::env::var(CALL_LIMIT_ENV)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(CALL_LIMIT);
    NonZeroUsize::new(limit)
}

/// Builds a user language from a file's text: checks it, composes it with every notation
/// that takes languages and builds their parsers, then runs `verify` (the checker's smoke test). Nothing is
/// registered.
///
/// # Errors
/// Every problem found, as one report in the file's own line numbers.
pub fn build(path: &str, text: &str, verify: Verify) -> Result<UserLanguage, GrammarReport> {
    build_limited(path, text, verify, None)
}

/// [`build`], its parsers bounded by a call limit (also while `verify` runs).
pub(crate) fn build_limited(
    path: &str,
    text: &str,
    verify: Verify,
    call_limit: Option<NonZeroUsize>,
) -> Result<UserLanguage, GrammarReport> {
    let report = |problems| GrammarReport {
        path: path.to_owned(),
        text: Arc::from(text),
        problems,
    };
    if text.len() > MAX_GRAMMAR_BYTES {
        return Err(report(vec![GrammarProblem {
            kind: ProblemKind::Io,
            message: format!(
                "the file is {} bytes long; a language file is at most {MAX_GRAMMAR_BYTES}",
                text.len()
            ),
            span: Span::new(0, 0),
            label: "this file".into(),
            help: None,
        }]));
    }
    let problems = check_source(text);
    if !problems.is_empty() {
        return Err(report(problems));
    }
    let header = language_header(text);
    let stem = Path::new(path).file_stem().map_or_else(
        || header.codes[0].clone(),
        |s| s.to_string_lossy().into_owned(),
    );
    // `user:` keeps it apart from the built-in file stems (`parser_for` matches parsers to
    // languages by this name).
    let file: Cow<'static, str> = format!("user:{stem}").into();
    // Letters as `LanguageFile::letters`: the built-in ones are every literal of the rule;
    // here, every letter (guards left out), falling back to the literals.
    let found = letters(text);
    let letters: [Cow<'static, str>; 6] = std::array::from_fn(|i| {
        let rule = LANGUAGE_RULES[i];
        let mine: Vec<&str> = found
            .iter()
            .filter(|l| l.rule == rule)
            .map(|l| l.text.as_str())
            .collect();
        let joined = if mine.is_empty() {
            rule_literals(text, rule).unwrap_or_default().join(" ")
        } else {
            mine.join(" ")
        };
        joined.into()
    });
    let owned = |v: &[String]| -> Cow<'static, [Cow<'static, str>]> {
        v.iter().map(|c| Cow::Owned(c.clone())).collect()
    };
    let (at, customs) = header_value(text, "customs").unwrap_or((0, ""));
    Customs::parse(customs).map_err(|e| report(customs_problems(at, &e)))?;
    let user_path: Cow<'static, str> = path.to_owned().into();
    let language = Arc::new(LanguageFile {
        file: file.clone(),
        codes: owned(&header.codes),
        names: owned(&header.names),
        customs: customs.to_owned().into(),
        letters,
        record: RecordWords {
            white: owned(&rule_words(text, "white_side")),
            black: owned(&rule_words(text, "black_side")),
            pawn: owned(&rule_words(text, "pawn_abbr")),
            pawns: owned(&rule_words(text, "pawns_abbr")),
        },
        source: text.to_owned().into(),
        user: Some(user_path.clone()),
    });
    let mut parsers = Vec::new();
    let mut vms = Vec::new();
    for (notation, spec, notation_text) in NOTATION_GRAMMARS {
        if notation_is_letterless(spec) || !notation_takes(spec, &header.codes) {
            continue;
        }
        let composed: Composed = compose(&[COMMON_GRAMMAR, notation_text, text]);
        let vm: Arc<VmParser> = match VmParser::new(&composed.text) {
            Ok(vm) => Arc::new(vm),
            Err(issues) => {
                let lines = Lines::new(text);
                return Err(report(
                    issues
                        .iter()
                        .map(|i| {
                            let mut i = i.clone();
                            i.line = composed.locate(i.line).1;
                            i.end = None;
                            issue_problem(&lines, &i)
                        })
                        .collect(),
                ));
            }
        };
        vm.set_call_limit(call_limit);
        if *notation == "algebraic" {
            // Every letter before every square, through this parser.
            let problems = unreadable_letters(text, &|t| vm.read_single(t, 0));
            if !problems.is_empty() {
                return Err(report(problems));
            }
        }
        let (reads, explains) = (Arc::clone(&vm), Arc::clone(&vm));
        parsers.push(Shared::Owned(Arc::new(ParserEntry {
            notation,
            lang_file: file.clone(),
            language: Some(Shared::Owned(Arc::clone(&language))),
            parse: Shared::Owned(Arc::new(move |t: &str, b: usize| reads.parse_game(t, b))),
            explain: Shared::Owned(Arc::new(move |t: &str| explains.explain(t))),
            user: Some(user_path.clone()),
        })));
        vms.push(vm);
    }
    let built = UserLanguage {
        path: path.to_owned(),
        text: text.to_owned(),
        language,
        parsers,
        vms,
    };
    let problems = verify(&built);
    if !problems.is_empty() {
        return Err(report(problems));
    }
    Ok(built)
}

/// Reads and builds a user language file (see [`build`]).
///
/// # Errors
/// The file cannot be read, or has problems.
pub fn load(path: &Path, verify: Verify) -> Result<UserLanguage, GrammarReport> {
    let (shown, text) = read_source(path)?;
    build(&shown, &text, verify)
}

/// A user language file's path as shown and its text, if it can be read and is not too long.
fn read_source(path: &Path) -> Result<(String, String), GrammarReport> {
    let shown = path.display().to_string();
    let io = |message: String| GrammarReport {
        path: shown.clone(),
        text: Arc::from(""),
        problems: vec![GrammarProblem {
            kind: ProblemKind::Io,
            message,
            span: Span::new(0, 0),
            label: "this file".into(),
            help: None,
        }],
    };
    match std::fs::metadata(path) {
        Ok(m) if m.len() > MAX_GRAMMAR_BYTES as u64 => {
            return Err(io(format!(
                "the file is {} bytes long; a language file is at most {MAX_GRAMMAR_BYTES}",
                m.len()
            )));
        }
        Ok(_) => {}
        Err(e) => return Err(io(format!("cannot read the file: {e}"))),
    }
    let text =
        std::fs::read_to_string(path).map_err(|e| io(format!("cannot read the file: {e}")))?;
    Ok((shown, text))
}

/// The sample games of the smoke test, in English SAN: every piece moves and captures, both
/// castlings, a promotion with capture, en passant, check and mate.
pub(crate) const SAMPLE_GAMES: &[&str] = &[
    // Morphy's Opera Game (Paris, 1858).
    "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 \
     Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#",
    "e4 Nf6 e5 d5 exd6 e6 dxc7 Qd7 cxb8=Q Rxb8 Nf3 Bd6 Be2 O-O O-O Kh8 Kh1",
];

/// The moves of a sample game.
pub(crate) fn sample_moves(san: &str) -> Option<Vec<Move>> {
    let mut pos = Chess::default();
    let mut out = Vec::new();
    for tok in san.split_whitespace() {
        let m = San::from_ascii(tok.as_bytes()).ok()?.to_move(&pos).ok()?;
        pos.play_unchecked(m);
        out.push(m);
    }
    Some(out)
}

/// The span of the first piece-letter rule of a language file (for problems with the letters).
pub(crate) fn letters_span(text: &str) -> Span {
    letters(text)
        .first()
        .map(|l| Lines::new(text).span(l.at, Some(l.end)))
        .unwrap_or_default()
}

/// The span of the `//! customs:` header's value.
pub(crate) fn customs_span(text: &str) -> Option<Span> {
    header_value(text, "customs").map(|(at, value)| Span::new(at, at + value.len()))
}
