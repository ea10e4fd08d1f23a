//! The manuscript linter: every move of a chess book or article checked, and the notation
//! kept consistent, the way ruff or clippy keep code consistent.
//!
//! A manuscript (PGN, plain text, Markdown or LaTeX with skak / xskak) is taken apart into
//! games and prose (the reader of [`crate::read`]); the games are checked by the checker, and move fragments of
//! the prose (`after 12...Bxg3 13.fxg3 the bishop…`) are checked against the game before them
//! at that move number ([`Document`]). Each rule of the registry ([`rules`]) reports its
//! problems, mapped from the checker's diagnostics or found by its own analysis, with a fix
//! where one is possible: byte-range edits of the original file ([`fix`]). A fix is offered as
//! safe only when its game or fragment, read again with it, reads to its end without an
//! assumed repair (`lint::verify`).
//!
//! ```
//! use scoresheet::lint::{LintOptions, lint_bytes};
//! use scoresheet::lint::config::Config;
//!
//! let text = "```pgn\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *\n```\n";
//! let linted = lint_bytes("chapter.md", text.as_bytes(), &LintOptions::default(), Config::default()).unwrap();
//! assert_eq!(linted.diagnostics[0].code().as_str(), "SC103"); // `Qxf7` is mate, not marked
//! ```

pub mod checked;
pub mod config;
pub(crate) mod consistent;
pub mod convert;
pub(crate) mod diag;
pub(crate) mod diagrams;
pub(crate) mod document;
pub mod editor;
pub mod fix;
pub mod output;
pub(crate) mod placed;
pub(crate) mod read_line;
pub(crate) mod rule;
pub mod rules;
pub mod sarif;
pub(crate) mod scope;
pub(crate) mod style;
pub(crate) mod verify;
pub(crate) use crate::read::source;

pub use crate::read::Format;
pub use diag::{Applicability, Edit, Fix, LintDiagnostic};
pub use document::{Document, ReadLine, ReadOptions, UnitKind};

use crate::check::CheckError;
use crate::diagnostic::Severity;
use config::Config;
use document::{Group, Unit};
use rules::{RULES, RuleCode, Selection};
use scope::{Consulted, Patch, Scope, Stage};
use style::Shared;

/// How to lint.
#[derive(Clone, Debug, Default)]
pub struct LintOptions {
    /// Format, notation and language (each overrides the configuration).
    pub read: ReadOptions,
    /// Rules selected on the command line (they override the configuration's `select`; the
    /// `ignore` lists add up).
    pub selection: Selection,
    /// Apply unsafe fixes too.
    pub unsafe_fixes: bool,
}

/// A linted manuscript.
#[derive(Clone, Debug)]
pub struct Linted {
    /// The manuscript as read.
    pub doc: Document,
    /// The problems, in text order.
    pub diagnostics: Vec<LintDiagnostic>,
}

impl Linted {
    /// Counts of (errors, warnings, advice).
    pub fn counts(&self) -> (usize, usize, usize) {
        let mut c = (0, 0, 0);
        for d in &self.diagnostics {
            match d.severity {
                Severity::Error => c.0 += 1,
                Severity::Warning => c.1 += 1,
                Severity::Advice => c.2 += 1,
            }
        }
        c
    }

    /// True when any problem is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }

    /// How many problems have a fix of this applicability or safer.
    pub fn fixable(&self, unsafe_fixes: bool) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| {
                d.fix
                    .as_ref()
                    .is_some_and(|f| unsafe_fixes || f.applicability == Applicability::Safe)
            })
            .count()
    }
}

/// The selection in force: the command line's `select` if given, else the configuration's;
/// both `ignore` lists.
pub(crate) fn selection(options: &LintOptions, config: &Config) -> Selection {
    Selection {
        select: if options.selection.select.is_empty() {
            config.select.clone()
        } else {
            options.selection.select.clone()
        },
        ignore: config
            .ignore
            .iter()
            .chain(&options.selection.ignore)
            .cloned()
            .collect(),
    }
}

/// Runs the selected rules on a part of a document.
fn run_rules(scope: &Scope<'_>, selection: &Selection, out: &mut Vec<LintDiagnostic>) {
    for rule in RULES {
        if selection.enabled(rule) {
            (rule.run)(scope, out);
        }
    }
}

/// The diagnostics of one group, its safe fixes verified, with what the rules read of the
/// document-wide values and the help texts to write again at the end.
fn lint_group(
    doc: &Document,
    units: Vec<Unit>,
    shared: &Shared,
    selection: &Selection,
) -> (Vec<LintDiagnostic>, Consulted, Vec<Patch>) {
    let mut out = Vec::new();
    let scope = Scope::new(doc, &units, Stage::Group, shared);
    run_rules(&scope, selection, &mut out);
    let (consulted, patches) = scope.finish();
    verify::verify(doc, units, &mut out);
    // Kept to the end of the document: no room to spare.
    out.shrink_to_fit();
    (out, consulted, patches)
}

/// Groups in a row linted while the document-wide values were not final, that read the
/// same of them: to lint again if they changed. Each group with its place in the list of
/// groups' diagnostics.
struct Provisional {
    consulted: Consulted,
    groups: Vec<(usize, Group)>,
}

/// Lints the bytes of one manuscript: group by group (a game and the fragments of the prose
/// read against it), each group's syntax trees let go once its diagnostics and fixes are
/// made; then the file-level diagnostics and the findings about the games taken together.
///
/// # Errors
/// When the options name a notation or language that has no grammar.
pub fn lint_bytes(
    path: &str,
    bytes: &[u8],
    options: &LintOptions,
    config: Config,
) -> Result<Linted, CheckError> {
    let selection = selection(options, &config);
    let (mut doc, mut src) = Document::open(path, bytes, &options.read, config)?;
    let mut shared = Shared::default();
    // Each group's diagnostics (with the help texts to write again), in text order.
    let mut groups: Vec<(Vec<LintDiagnostic>, Vec<Patch>)> = Vec::new();
    let mut provisional = Vec::new();
    while let Some(mut group) = src.next_group() {
        let units = src.read(&mut doc, &mut group);
        shared.add(&units);
        for u in &units {
            let foreign = doc.foreign.last().is_some_and(|f| f.game == u.game.number);
            if u.kind == UnitKind::Game && !foreign {
                shared.add_forms(u);
            }
        }
        let (out, consulted, patches) = lint_group(&doc, units, &shared, &selection);
        let redo = !consulted.is_empty();
        if redo {
            let at = groups.len();
            match provisional.last_mut() {
                Some(Provisional {
                    consulted: c,
                    groups,
                }) if *c == consulted => {
                    groups.push((at, group));
                }
                _ => provisional.push(Provisional {
                    consulted,
                    groups: vec![(at, group)],
                }),
            }
        }
        if redo || !out.is_empty() {
            groups.push((out, patches));
        }
    }
    // Groups that read a value the whole document changes: linted again with it.
    provisional.retain(|run| run.consulted.changed(&doc, &shared));
    // Their first findings go first.
    for (at, _) in provisional.iter().flat_map(|run| &run.groups) {
        groups[*at] = (Vec::new(), Vec::new());
    }
    for run in provisional {
        for (at, group) in run.groups {
            let units = src.reread(&doc, &group);
            let (out, _, patches) = lint_group(&doc, units, &shared, &selection);
            groups[at] = (out, patches);
        }
    }
    doc.finish(src);
    let found = groups.iter().map(|g| g.0.len()).sum::<usize>();
    let mut diagnostics = Vec::with_capacity(found + doc.file_diagnostics.len());
    let file = Scope::new(&doc, &[], Stage::File, &shared);
    run_rules(&file, &selection, &mut diagnostics);
    for (mut out, patches) in groups {
        for p in patches {
            out[p.at].help = Some(consistent::counted_help(&shared, p.aspect, &p.pref, &p.key));
        }
        diagnostics.append(&mut out);
    }
    let end = Scope::new(&doc, &[], Stage::End, &shared);
    run_rules(&end, &selection, &mut diagnostics);
    // In text order; the same finding once (a stable sort: a rule's findings at one place
    // stay in the order it made them).
    diagnostics.sort_by(|a, b| {
        (a.span.start, a.severity, a.rule.code, a.span.end).cmp(&(
            b.span.start,
            b.severity,
            b.rule.code,
            b.span.end,
        ))
    });
    diagnostics
        .dedup_by(|a, b| a.rule.code == b.rule.code && a.span == b.span && a.message == b.message);
    Ok(Linted { doc, diagnostics })
}

/// The outcome of `--fix`.
#[derive(Clone, Debug)]
pub struct Fixed {
    /// The fixed text (the original when nothing was fixed).
    pub text: String,
    /// How many fixes were applied.
    pub applied: usize,
    /// The fixed text linted (what remains).
    pub linted: Linted,
}

/// Most rounds of fixing (each round lints the text again and applies what it can).
pub(crate) const MAX_ROUNDS: usize = 10;

fn unreadable(l: &Linted) -> usize {
    l.diagnostics
        .iter()
        .filter(|d| d.rule.code == RuleCode::Unreadable)
        .count()
}

fn errors(l: &Linted) -> usize {
    l.counts().0
}

/// Lints and fixes a manuscript until nothing more can be fixed: rounds of safe fixes (and
/// unsafe ones when asked), each checked by linting the result again; a round that would
/// leave more errors or unreadable text than before is not taken. Non-UTF-8 input is never
/// fixed (the bytes would change).
///
/// # Errors
/// When the options name a notation or language that has no grammar.
pub fn fix_bytes(
    path: &str,
    bytes: &[u8],
    options: &LintOptions,
    config: Config,
) -> Result<Fixed, CheckError> {
    let mut linted = lint_bytes(path, bytes, options, config.clone())?;
    let mut text = linted.doc.original.to_string();
    let mut applied = 0;
    if !linted.doc.utf8 {
        return Ok(Fixed {
            text,
            applied,
            linted,
        });
    }
    for _ in 0..MAX_ROUNDS {
        let fixes: Vec<&diag::Fix> = linted
            .diagnostics
            .iter()
            .filter_map(|d| d.fix.as_ref())
            .filter(|f| options.unsafe_fixes || f.applicability == Applicability::Safe)
            .collect();
        if fixes.is_empty() {
            break;
        }
        let (new_text, n) = fix::apply(&text, &fixes);
        if n == 0 || new_text == text {
            break;
        }
        let next = lint_bytes(path, new_text.as_bytes(), options, config.clone())?;
        if errors(&next) > errors(&linted) || unreadable(&next) > unreadable(&linted) {
            break;
        }
        text = new_text;
        linted = next;
        applied += n;
    }
    Ok(Fixed {
        text,
        applied,
        linted,
    })
}
