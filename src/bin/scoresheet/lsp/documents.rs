//! The open documents: their text, how they are read, and their lint findings, kept per
//! section (a game and the prose after it: `scoresheet::lint::editor::sections`) so that an
//! edit lints again only the sections whose text changed.
//!
//! A section's findings are cached under its text. On opening and on saving, the whole
//! document is linted as `scoresheet lint` lints it, and its findings are shared out to the
//! sections they fall in: they are the sections' cached findings until a section's text
//! changes. An edited section is then linted alone, with the document's format, notation and
//! language, and without the style rules that count how the whole document writes
//! (SC201–SC205), and its findings are published at once; when typing pauses, the whole is
//! linted again on another thread ([`WholeJob`]) and its findings, the style rules' included,
//! replace them if the text has not changed meanwhile.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use scoresheet::check::{Choice, LangCode};
use scoresheet::lint::config::Config;
use scoresheet::lint::editor::{self, Reading};
use scoresheet::lint::rules::Selection;
use scoresheet::lint::{Format, LintDiagnostic, LintOptions, ReadOptions, lint_bytes};
use scoresheet::span::Span;
use scoresheet::syntax::{Notation, Registry};

use super::text::Text;

/// The style rules whose findings depend on the whole document.
const WHOLE_DOCUMENT_RULES: [&str; 5] = ["SC201", "SC202", "SC203", "SC204", "SC205"];

/// A reading of the whole that took longer than this is made again only on saving.
const READING_EVERY_EDIT: Duration = Duration::from_millis(30);

/// One open document.
pub struct Doc {
    /// The file's path (for the configuration and the format), or the URI when it is none.
    pub path: String,
    /// The client's language id.
    pub language_id: String,
    /// The version of the text.
    pub version: i32,
    /// The text.
    pub text: Text,
    /// The configuration in force (`scoresheet.toml` found for the path).
    pub config: Config,
    /// A problem with the configuration, to tell the user once.
    pub config_error: Option<String>,
    /// How the whole is read.
    pub reading: Option<Reading>,
    /// How long finding it took.
    reading_took: Duration,
    /// The sections of the text.
    pub sections: Vec<Span>,
    /// Findings by section text, spans from the section's start.
    cache: HashMap<Arc<str>, Arc<Vec<LintDiagnostic>>>,
    /// The findings of the whole text, spans from its start, in text order.
    pub findings: Vec<LintDiagnostic>,
    /// Sections linted again by the last edit (for tests and logs).
    pub relinted: usize,
}

/// The format a client's language id names.
fn format_of_language_id(id: &str) -> Option<Format> {
    match id {
        "pgn" => Some(Format::Pgn),
        "markdown" => Some(Format::Markdown),
        "latex" | "tex" | "plaintex" | "context" => Some(Format::Latex),
        "plaintext" | "text" => Some(Format::Text),
        _ => None,
    }
}

/// Moves a finding's spans by `by` bytes.
fn shifted(d: &LintDiagnostic, by: isize) -> LintDiagnostic {
    let mv = |s: Span| {
        Span::new(
            s.start.saturating_add_signed(by),
            s.end.saturating_add_signed(by),
        )
    };
    let mut d = d.clone();
    d.span = mv(d.span);
    for (s, _) in &mut d.secondary {
        *s = mv(*s);
    }
    if let Some(f) = &mut d.fix {
        for e in &mut f.edits {
            e.span = mv(e.span);
        }
    }
    d
}

/// Linting the whole text of a document (on another thread, when typing pauses).
pub struct WholeJob {
    path: String,
    text: String,
    options: LintOptions,
    config: Config,
}

/// The findings of the whole text of a document, and how it was read.
pub struct Whole {
    /// The text linted.
    text: String,
    reading: Option<Reading>,
    reading_took: Duration,
    findings: Vec<LintDiagnostic>,
    error: Option<String>,
}

impl WholeJob {
    /// Lints the whole text as `scoresheet lint` does.
    pub fn run(self) -> Whole {
        let started = Instant::now();
        let bytes = self.text.as_bytes();
        let reading =
            editor::reading(&self.path, bytes, &self.options.read, self.config.clone()).ok();
        let reading_took = started.elapsed();
        let (findings, error) = match lint_bytes(&self.path, bytes, &self.options, self.config) {
            Ok(l) => (l.diagnostics, None),
            Err(e) => (Vec::new(), Some(e.to_string())),
        };
        Whole {
            text: self.text,
            reading,
            reading_took,
            findings,
            error,
        }
    }
}

impl Doc {
    /// A document opened: its configuration found, the whole linted.
    pub fn open(
        path: String,
        language_id: String,
        version: i32,
        text: String,
        registry: &Arc<Registry>,
    ) -> Doc {
        let mut doc = Doc {
            path,
            language_id,
            version,
            text: Text::new(text),
            config: Config::default(),
            config_error: None,
            reading: None,
            reading_took: Duration::ZERO,
            sections: Vec::new(),
            cache: HashMap::new(),
            findings: Vec::new(),
            relinted: 0,
        };
        doc.load_config(registry);
        doc.lint_whole(registry);
        doc
    }

    /// Finds the configuration again (on opening and saving).
    pub fn load_config(&mut self, registry: &Registry) {
        match Config::find_for(&self.path, registry) {
            Ok(c) => {
                self.config = c;
                self.config_error = None;
            }
            Err(e) => {
                self.config = Config::default();
                self.config_error = Some(format!("{}: {}", e.path, e.reason));
            }
        }
    }

    /// The read options of the whole: the format the configuration or the language id names
    /// (else by extension and content, as `scoresheet lint`).
    fn read_options(&self, registry: &Arc<Registry>) -> ReadOptions {
        ReadOptions {
            format: self
                .config
                .format
                .or_else(|| format_of_language_id(&self.language_id)),
            notation: None,
            lang: None,
            registry: Arc::clone(registry),
        }
    }

    /// The lint options of one section: the whole's format, notation and language, without
    /// the rules that need the whole.
    pub fn section_options(&self, registry: &Arc<Registry>) -> LintOptions {
        let mut read = self.read_options(registry);
        if let Some(r) = &self.reading {
            read.format = Some(r.format);
            read.notation = Choice::<Notation>::named(r.notation);
            read.lang = LangCode::new(registry, &r.language).map(Choice::Given);
        }
        LintOptions {
            read,
            selection: Selection {
                select: Vec::new(),
                ignore: WHOLE_DOCUMENT_RULES
                    .iter()
                    .map(|s| (*s).to_owned())
                    .collect(),
            },
            unsafe_fixes: false,
        }
    }

    fn find_reading(&mut self, registry: &Arc<Registry>) {
        let started = Instant::now();
        let options = self.read_options(registry);
        self.reading = editor::reading(
            &self.path,
            self.text.as_str().as_bytes(),
            &options,
            self.config.clone(),
        )
        .ok();
        self.reading_took = started.elapsed();
    }

    /// What linting the whole text needs, to be done here or on another thread.
    pub fn whole_job(&self, registry: &Arc<Registry>) -> WholeJob {
        WholeJob {
            path: self.path.clone(),
            text: self.text.as_str().to_owned(),
            options: LintOptions {
                read: self.read_options(registry),
                ..LintOptions::default()
            },
            config: self.config.clone(),
        }
    }

    /// Lints the whole text as `scoresheet lint` does, and shares the findings out to the
    /// sections (on opening and saving).
    pub fn lint_whole(&mut self, registry: &Arc<Registry>) {
        let whole = self.whole_job(registry).run();
        self.adopt(whole);
    }

    /// Takes the findings of the whole, when they are of the text as it is now (else leaves
    /// them: false), and shares them out to the sections.
    pub fn adopt(&mut self, whole: Whole) -> bool {
        if whole.text != self.text.as_str() {
            return false;
        }
        self.reading = whole.reading;
        self.reading_took = whole.reading_took;
        if let Some(e) = whole.error {
            self.config_error = Some(e);
        }
        self.findings = whole.findings;
        let text = self.text.as_str();
        let format = self.reading.as_ref().map_or(Format::Text, |r| r.format);
        self.sections = editor::sections(format, text);
        self.cache.clear();
        let mut at = 0;
        for (i, s) in self.sections.iter().enumerate() {
            // The last section takes the rest (a finding at the very end of the text).
            let end = if i + 1 == self.sections.len() {
                self.findings.len()
            } else {
                at + self.findings[at..].partition_point(|d| d.span.start < s.end)
            };
            let here: Vec<LintDiagnostic> = self.findings[at..end]
                .iter()
                .map(|d| shifted(d, -(s.start as isize)))
                .collect();
            self.cache
                .insert(Arc::from(&text[s.start..s.end]), Arc::new(here));
            at = end;
        }
        self.relinted = self.sections.len();
        true
    }

    /// Lints again after an edit: the sections whose text is not in the cache, each alone
    /// (several at once).
    pub fn lint_edited(&mut self, registry: &Arc<Registry>) {
        if self.reading.is_none() || self.reading_took < READING_EVERY_EDIT {
            let before = self.reading.take();
            self.find_reading(registry);
            // Read in another notation or language now: every section is linted again.
            if self.reading != before {
                self.cache.clear();
            }
        }
        let format = self.reading.as_ref().map_or(Format::Text, |r| r.format);
        let text = self.text.as_str();
        self.sections = editor::sections(format, text);
        let options = self.section_options(registry);
        let missing: Vec<Span> = self
            .sections
            .iter()
            .filter(|s| !self.cache.contains_key(&text[s.start..s.end]))
            .copied()
            .collect();
        let (path, config) = (&self.path, &self.config);
        let linted: Vec<(Arc<str>, Arc<Vec<LintDiagnostic>>)> = missing
            .par_iter()
            .map(|s| {
                let part = &text[s.start..s.end];
                let found = lint_bytes(path, part.as_bytes(), &options, config.clone())
                    .map(|l| l.diagnostics)
                    .unwrap_or_default();
                (Arc::from(part), Arc::new(found))
            })
            .collect();
        self.relinted = linted.len();
        self.cache.extend(linted);
        // The findings, and a cache of the sections there are now.
        let mut findings = Vec::new();
        let mut kept = HashMap::with_capacity(self.sections.len());
        for s in &self.sections {
            let part = &text[s.start..s.end];
            if let Some((k, v)) = self.cache.get_key_value(part) {
                findings.extend(v.iter().map(|d| shifted(d, s.start as isize)));
                kept.insert(Arc::clone(k), Arc::clone(v));
            }
        }
        self.cache = kept;
        self.findings = findings;
    }

    /// The section that holds byte `at` (the last one for the end of the text).
    pub fn section_at(&self, at: usize) -> Span {
        let i = self.sections.partition_point(|s| s.end <= at);
        self.sections
            .get(i)
            .or(self.sections.last())
            .copied()
            .unwrap_or(Span::new(0, self.text.as_str().len()))
    }
}
