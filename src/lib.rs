//! scoresheet reads chess game scores as people write them, resolves every move on a real
//! board, and explains every problem with its place in the text.
//!
//! # The API
//!
//! - Check a text or a file: [`check::check_str`], [`check::check_bytes`] with
//!   [`check::Options`] give a [`check::CheckedFile`]: its games ([`check::CheckedGame`]: tags,
//!   the main line's moves and their fate) and their [`diagnostic::Diagnostic`]s (a
//!   [`diagnostic::Code`], a span, a message, labels, help and ranked suggestions).
//! - Report them: [`report::output`] (human text through miette, JSON) and conversion to any
//!   notation and language ([`render::Writer`]).
//! - Lint a manuscript (PGN, text, Markdown, LaTeX): [`lint::lint_bytes`], [`lint::fix_bytes`].
//! - The languages and notations: a [`syntax::grammar::Registry`] value (the built-in ones,
//!   plus user languages loaded from grammar files with [`check::smoke`]), carried in
//!   [`check::Options::registry`].
//!
//! ```
//! use scoresheet::check::{check_str, Options};
//! use scoresheet::diagnostic::Code;
//!
//! // A German score with one slip: 3.Lb4 is not a legal bishop move here.
//! let file = check_str("game.txt", "1.e4 e5 2.Sf3 Sc6 3.Lb4 a6", &Options::default()).unwrap();
//! let game = &file.games[0];
//! let d = &game.diagnostics[0];
//! assert_eq!(d.code(), Code::IllegalMove);
//! assert_eq!(&"1.e4 e5 2.Sf3 Sc6 3.Lb4 a6"[d.span.start..d.span.end], "Lb4");
//! assert!(d.suggestions.iter().any(|s| s == "Lb5"), "{:?}", d.suggestions);
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
//! `span`, `diagnostic` → [`read`] → [`syntax`] → [`board`] → [`render`] → [`check`] →
//! [`report`] → [`lint`] → the binary (`src/bin/scoresheet/`).
//!
//! A later stage that needs something of an earlier one takes it as a value or a function
//! argument (the user-grammar smoke test is the checker's, passed to [`syntax`] as a function).
#![forbid(unsafe_code)]
#![warn(unreachable_pub)]

pub mod board;
pub mod check;
pub mod diagnostic;
pub mod lint;
pub mod read;
pub mod render;
pub mod report;
pub mod span;
pub mod syntax;
