//! scoresheet reads chess game scores as people write them, resolves every move on a real
//! board, and explains every problem with its place in the text.
//!
//! # The API
//!
//! The most used items are re-exported here at the crate root; each module below documents
//! the rest of its part.
//!
//! - Check a text or a file: [`check_str`], [`check_bytes`] with [`Options`] (notation and
//!   language, each `auto` or given; the [`Registry`] of languages) give a [`CheckedFile`]:
//!   its games ([`CheckedGame`]: tags, the syntax tree of what was written, the main line's
//!   moves and their fate, [`MoveState`]) and their [`Diagnostic`]s (a [`Code`], a
//!   [`Severity`], a [`Span`] of the text, a message, labels, help and ranked suggestions).
//! - Report and convert: [`report::output`] (human text through miette, JSON, summaries, PGN,
//!   a game's line in any notation, UCI) and [`Writer`] / [`Style`] (one move written in any
//!   notation and language; [`render`]).
//! - The languages and notations: [`Notation`] (one per notation grammar), the built-in
//!   languages ([`syntax::LANGUAGE_FILES`]) and a [`Registry`] value of those plus user
//!   languages loaded from grammar files ([`syntax::user`]; [`check::smoke`] loads them with
//!   the checker's smoke test, as `--grammar` does); grammar files are checked with
//!   [`syntax::check_grammar`] and [`syntax::user::check_source`].
//! - Lint a manuscript (PGN, text, Markdown, LaTeX): [`lint_bytes`], [`fix_bytes`] with
//!   [`LintOptions`] and a [`lint::config::Config`]; the rules in [`lint::rules`], the output
//!   formats in [`lint::output`], fixes in [`lint::fix`].
//! - For tools around it: [`report::jsonl`] (a JSON object per game, for pipelines),
//!   [`lint::sarif`] (SARIF 2.1.0 for code-scanning pages) and [`lint::editor`] (what the
//!   language server asks: a manuscript's sections, the move and position at a place).
//! - One token on its own: [`board::resolve_token`] (`"Nf3"` on a position),
//!   [`board::resolve_token_with`] (any parser, e.g. descriptive `P-K4`),
//!   [`board::resolve_move_token`] (a parsed token, with the descriptive [`board::Origins`]).
//! - Reading: [`read::decode`] (bytes to text, with the encoding) and [`read::split_games`].
//! - Positions: [`position::read`] (a FEN, a position record in any language, a diagram or a
//!   GBR code) and the writers of each ([`position::fen`], [`position::record`],
//!   [`position::diagram`], [`position::gbr`]); [`position::legal`] says why one is illegal.
//!
//! Everything else is crate-private: the parsers generated per notation × language, the
//! walker, move patterns and the resolver's internals, the checker's line walk, the lint
//! document model's helpers. (Before this API was drawn the crate exposed 143 modules, 92 of
//! them generated parsers, and 193 `pub fn`; once drawn, 17 modules and 137 `pub fn`, many of
//! them methods of the public types.)
//!
//! ```
//! use scoresheet::{Code, Options, check_str};
//!
//! // A German score with one slip: 3.Lb4 is not a legal bishop move here.
//! let file = check_str("game.txt", "1.e4 e5 2.Sf3 Sc6 3.Lb4 a6", &Options::default()).unwrap();
//! assert_eq!((file.notation, &*file.language), ("algebraic", "de"));
//! let game = &file.games[0];
//! let d = &game.diagnostics[0];
//! assert_eq!(d.code(), Code::IllegalMove);
//! assert_eq!(&"1.e4 e5 2.Sf3 Sc6 3.Lb4 a6"[d.span.start..d.span.end], "Lb4");
//! assert!(d.suggestions.iter().any(|s| s == "Lb5"), "{:?}", d.suggestions);
//! ```
//!
//! Converting: the same game's moves written in English SAN, and one move in Spanish
//! descriptive.
//!
//! ```
//! use scoresheet::board::{Origins, TokenOutcome, resolve_token};
//! use scoresheet::{Options, Writer, check_str, report::output};
//! use shakmaty::Chess;
//!
//! let file = check_str("game.txt", "1.e4 e5 2.Sf3 Sc6 3.Lb5 a6", &Options::default()).unwrap();
//! assert_eq!(output::line(&file.games[0], &Writer::for_notation("algebraic", None)),
//!            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *");
//!
//! let pos = Chess::default();
//! let TokenOutcome::Legal(m) = resolve_token(&pos, "Nf3") else { panic!() };
//! assert_eq!(Writer::DescriptiveEs.write(&pos, &Origins::default(), &m), "C3AR");
//! ```
//!
//! Linting a manuscript: a Markdown chapter whose game ends in a mate it does not mark; the
//! linter's finding comes with a safe fix, which [`fix_bytes`] applies.
//!
//! ```
//! use scoresheet::lint::config::Config;
//! use scoresheet::{LintOptions, fix_bytes, lint_bytes};
//!
//! let chapter = "# The trap\n\n```pgn\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *\n```\n";
//! let options = LintOptions::default();
//! let linted = lint_bytes("ch1.md", chapter.as_bytes(), &options, Config::default()).unwrap();
//! let d = &linted.diagnostics[0];
//! assert_eq!((d.code().as_str(), d.rule.name), ("SC103", "check-mark"));
//! let fixed = fix_bytes("ch1.md", chapter.as_bytes(), &options, Config::default()).unwrap();
//! assert!(fixed.text.contains("4. Qxf7# *"));
//! ```
//!
//! Adding a language from Rust code: the commented template of `scoresheet grammar new`, its
//! placeholders filled in and the knight written `Kt` as an old newspaper wrote it, built and
//! smoke-tested ([`check::smoke::build`]), then registered and used like a built-in language.
//!
//! ```
//! use std::sync::Arc;
//! use scoresheet::check::smoke;
//! use scoresheet::syntax::user::template;
//! use scoresheet::{Options, Registry, check_str};
//!
//! let text = template("en-x-gazette")
//!     .replace("<language>", "Gazette English")
//!     .replace("<Language name>", "Gazette English")
//!     .replace("<where the letters come from: a federation's rules, a book, a newspaper>",
//!              "the house style of a weekly paper")
//!     .replace(r#"king = @{ "K" }"#, r#"king = @{ "K" ~ !"t" }"#)
//!     .replace(r#"knight = @{ "N" }"#, r#"knight = @{ "Kt" }"#);
//! let gazette = smoke::build("gazette.pest", &text).expect("the file builds and reads games");
//! let mut registry = Registry::builtin();
//! registry.register(gazette).unwrap();
//! let options = Options::named("algebraic", "en-x-gazette", Arc::new(registry)).unwrap();
//! let file = check_str("column.txt", "1. e4 e5 2. Ktf3 Ktc6 3. Bb5 Ktf6 4. O-O *", &options).unwrap();
//! assert!(file.games[0].diagnostics.is_empty(), "{:?}", file.games[0].diagnostics);
//! assert_eq!(file.games[0].mainline.len(), 7);
//! ```
//!
//! # How it is built: one module per stage
//!
//! ```text
//! bytes ─read::decode─▶ text ─read::split─▶ games
//!       ─syntax (grammar per notation × language, walker)─▶ syntax tree with spans
//!       ─board (patterns, resolver, descriptive readings)─▶ moves on a shakmaty position
//!       ─check (line walking, markers, repairs, explanations, results)─▶ checked games
//!       ─report / render─▶ human and JSON reports, conversion       lint: manuscripts on top
//! ```
//!
//! Who may import whom: a module uses only the stages before it in this order, never one after
//! it, and no two files import each other (`tests/layout.rs` checks both):
//!
//! `span`, `diagnostic` → [`read`] → [`syntax`] → [`board`] → [`render`] → [`position`] →
//! [`check`] → [`report`] → [`lint`] → the binary (`src/bin/scoresheet/`).
//!
//! A later stage that needs something of an earlier one takes it as a value or a function
//! argument (the user-grammar smoke test is the checker's, passed to [`syntax`] as a function).
#![forbid(unsafe_code)]
#![warn(unreachable_pub)]

pub mod board;
pub mod check;
pub mod diagnostic;
pub mod lint;
pub mod position;
pub mod read;
pub mod render;
pub mod report;
pub mod span;
pub mod syntax;

// The helpers of the integration tests (tests/common: random games, the one skip helper),
// shared with the library's own tests rather than copied.
#[cfg(test)]
#[allow(
    unreachable_pub,
    reason = "shared with the integration tests, where these are pub"
)]
#[path = "../tests/common/mod.rs"]
pub(crate) mod test_common;

pub use check::{CheckedFile, CheckedGame, MoveState, Options, check_bytes, check_str};
pub use diagnostic::{Code, Diagnostic, Severity};
pub use lint::{LintOptions, Linted, fix_bytes, lint_bytes};
pub use render::{Style, Writer};
pub use span::Span;
pub use syntax::{Notation, Registry};
