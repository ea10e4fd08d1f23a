//! What a rule sees when it runs: the document, and either one group of units (a game and the
//! fragments of the prose read against it), or the file's own diagnostics, or the end of the
//! document. A manuscript is linted group by group and each group's syntax trees are dropped
//! once its diagnostics and fixes are made, so that memory is bounded by the largest game, not
//! by the file.
//!
//! Rules that look across games read what the whole document writes from [`Shared`]: counted
//! so far while the document is read, final at its end. A group remembers what it read of it
//! ([`Consulted`]); a group that read a value the end of the document changes is linted again
//! (in an ordinary document only the first games, if any).

use std::cell::RefCell;

use crate::diagnostic::{Code, Diagnostic};
use crate::lint::document::{Document, Unit};
use crate::lint::style::{Aspect, Shared};

/// Which part of the document a rule runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stage {
    /// The checker's file-level diagnostics (decoding, detection, budget, prose).
    File,
    /// One group of units.
    Group,
    /// The end of the document: findings about its games taken together.
    End,
}

/// The document-wide values a group's rules read: the way of writing each aspect, and the
/// space after a move number.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Consulted {
    prefs: [Option<Option<String>>; 5],
    gap: Option<&'static str>,
}

impl Consulted {
    /// Nothing read.
    pub(crate) fn is_empty(&self) -> bool {
        *self == Consulted::default()
    }

    /// Does the document, read to its end, give another value than one read?
    pub(crate) fn changed(&self, doc: &Document, shared: &Shared) -> bool {
        let prefs = Aspect::ALL.iter().any(|&a| {
            self.prefs[a as usize]
                .as_ref()
                .is_some_and(|read| *read != preferred(doc, shared, a))
        });
        prefs || self.gap.is_some_and(|g| g != shared.gap())
    }
}

/// A help text to write again at the end of the document: it counts the ways of writing an
/// aspect in the whole document (`3 moves write `O-O`, 1 `0-0``).
#[derive(Clone, Debug)]
pub(crate) struct Patch {
    /// The diagnostic, by its place in its group's list.
    pub at: usize,
    /// The aspect.
    pub aspect: Aspect,
    /// The way the document writes it.
    pub pref: String,
    /// The way the token writes it.
    pub key: String,
}

/// The way of writing an aspect the document asks for: the configured one, else the one
/// most tokens use (the first seen on a tie).
fn preferred(doc: &Document, shared: &Shared, aspect: Aspect) -> Option<String> {
    configured(doc, aspect).or_else(|| shared.most_used(aspect).map(str::to_owned))
}

/// The configured style for an aspect, if any.
pub(crate) fn configured(doc: &Document, aspect: Aspect) -> Option<String> {
    let s = &doc.config.style;
    match aspect {
        Aspect::Castling => s.castling.clone(),
        Aspect::Capture => s.capture.clone(),
        Aspect::Promotion => s.promotion.clone(),
        Aspect::Check => s.check.clone(),
        Aspect::Mate => s.mate.clone(),
    }
}

/// The document and the part of it a rule runs on.
pub(crate) struct Scope<'a> {
    doc: &'a Document,
    /// The group's units, in text order of their start (none at the file and end stages).
    pub units: &'a [Unit],
    /// The part.
    pub stage: Stage,
    /// What the document writes (so far).
    pub shared: &'a Shared,
    consulted: RefCell<Consulted>,
    patches: RefCell<Vec<Patch>>,
}

impl std::ops::Deref for Scope<'_> {
    type Target = Document;
    fn deref(&self) -> &Document {
        self.doc
    }
}

impl<'a> Scope<'a> {
    /// A part of `doc` to run rules on.
    pub(crate) fn new(
        doc: &'a Document,
        units: &'a [Unit],
        stage: Stage,
        shared: &'a Shared,
    ) -> Scope<'a> {
        Scope {
            doc,
            units,
            stage,
            shared,
            consulted: RefCell::default(),
            patches: RefCell::default(),
        }
    }

    /// What the rules read of the document-wide values, and the help texts to write again.
    pub(crate) fn finish(self) -> (Consulted, Vec<Patch>) {
        (self.consulted.into_inner(), self.patches.into_inner())
    }

    /// The checker's diagnostics with one of these codes: the unit (none for file-level
    /// ones) and the diagnostic.
    pub(crate) fn checker<'b>(
        &'b self,
        codes: &'b [Code],
    ) -> impl Iterator<Item = (Option<&'b Unit>, &'b Diagnostic)> + 'b {
        let file: &[Diagnostic] = if self.stage == Stage::File {
            &self.doc.file_diagnostics
        } else {
            &[]
        };
        file.iter()
            .map(|d| (None, d))
            .chain(
                self.units
                    .iter()
                    .flat_map(|u| u.game.diagnostics.iter().map(move |d| (Some(u), d))),
            )
            .filter(|(_, d)| codes.contains(&d.code()))
    }

    /// The way of writing an aspect the document asks for (see [`Shared::most_used`]).
    pub(crate) fn preferred(&self, aspect: Aspect) -> Option<String> {
        let p = preferred(self.doc, self.shared, aspect);
        if configured(self.doc, aspect).is_none() {
            self.consulted.borrow_mut().prefs[aspect as usize] = Some(p.clone());
        }
        p
    }

    /// The space after a move number the document writes.
    pub(crate) fn gap(&self) -> &'static str {
        let g = self.shared.gap();
        self.consulted.borrow_mut().gap = Some(g);
        g
    }

    /// Writes a help text again at the end of the document.
    pub(crate) fn patch(&self, patch: Patch) {
        self.patches.borrow_mut().push(patch);
    }

    /// The check or mate sign (or capture mark, castling, promotion) to write in this
    /// document: the configured or most used one, else the one of its notation and language.
    pub(crate) fn mark(&self, aspect: Aspect) -> String {
        if let Some(p) = self.preferred(aspect) {
            return p;
        }
        let doc = self.doc;
        let descriptive = doc.notation == "descriptive";
        let style = doc
            .registry
            .language(&doc.language)
            .map(|l| crate::render::Style::of(&l, false))
            .unwrap_or_else(crate::render::Style::english);
        match aspect {
            Aspect::Check if descriptive => "ch".into(),
            Aspect::Mate if descriptive => "mate".into(),
            Aspect::Mate if doc.notation == "descriptive_es" => "++".into(),
            Aspect::Check => style.check,
            Aspect::Mate => style.mate,
            Aspect::Capture => {
                if style.capture.is_empty() || style.trailing_capture {
                    "x".into()
                } else {
                    style.capture
                }
            }
            Aspect::Castling => if style.castle_zero { "0-0" } else { "O-O" }.into(),
            Aspect::Promotion => "=Q".into(),
        }
    }
}
