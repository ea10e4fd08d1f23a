//! The registry: the built-in languages and parsers plus the user languages loaded into it.
//! A value, passed to whatever reads games (in [`crate::check::Options`]); nothing global.

use super::{
    GrammarProblem, GrammarReport, ProblemKind, UserLanguage, Verify, build_limited, code_span,
    directory_files, read_source,
};
use std::collections::HashMap;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::span::Span;
use crate::syntax::MoveBody;
use crate::syntax::builtin::{LANGUAGE_FILES, PARSERS};
use crate::syntax::kind::{Language, LanguageFile, Parser, ParserEntry, Shared};

/// The languages and parsers a reading may use: the built-in ones always, then the user
/// languages loaded into this registry, in the order they were loaded.
///
/// Two registries are independent: a language loaded into one is not seen by the other.
/// Looking up a built-in parser neither allocates nor locks.
#[derive(Clone, Debug, Default)]
pub struct Registry {
    user: Vec<Loaded>,
    /// The most rule calls one parse of a user language's parser may make (`None`: unbounded).
    call_limit: Option<NonZeroUsize>,
    /// Single-move readings of tokens already asked for (see [`Registry::single_move`]).
    readings: Readings,
}

/// A bounded memo of single-move readings: (notation, language file, token) → the move the
/// token reads as alone, if exactly one. Shared by the threads checking games; a clone of the
/// registry starts its own.
#[derive(Debug, Default)]
struct Readings(Mutex<Option<HashMap<ReadingKey, Option<MoveBody>>>>);

type ReadingKey = (&'static str, String, String);

impl Clone for Readings {
    fn clone(&self) -> Self {
        Readings::default()
    }
}

/// Most readings kept; past it the memo starts again (a file has a few thousand distinct
/// tokens in error, a hostile one is bounded by this).
const MOST_READINGS: usize = 1 << 16;

/// A user language in a registry.
#[derive(Clone, Debug)]
struct Loaded {
    language: Language,
    parsers: Vec<Parser>,
    lang: Arc<UserLanguage>,
}

/// The built-in parser for a notation and language code (no user language is consulted).
pub fn builtin_parser(notation: &str, lang: &str) -> Option<&'static ParserEntry> {
    let file = builtin_language(lang).map_or("", |l| &*l.file);
    PARSERS.iter().find(|p| entry_matches(p, notation, file))
}

/// The built-in language file serving an ISO 639-1 code.
pub fn builtin_language(code: &str) -> Option<&'static LanguageFile> {
    LANGUAGE_FILES.iter().find(|l| l.serves(code))
}

fn entry_matches(p: &ParserEntry, notation: &str, file: &str) -> bool {
    p.notation == notation && (p.lang_file.is_empty() || p.lang_file == file)
}

impl Registry {
    /// The built-in languages alone (no allocation).
    pub const fn builtin() -> Registry {
        Registry {
            user: Vec::new(),
            call_limit: None,
            readings: Readings(Mutex::new(None)),
        }
    }

    /// The most rule calls one parse of a user language's parser may make (pest's call
    /// limit, set around that parse only; `None`, the default: unbounded). The built-in
    /// parsers are never bounded.
    pub fn call_limit(&self) -> Option<NonZeroUsize> {
        self.call_limit
    }

    /// Sets [`Registry::call_limit`] for the languages loaded so far and those loaded later
    /// (and their smoke tests while loading).
    pub fn set_call_limit(&mut self, limit: Option<NonZeroUsize>) {
        self.call_limit = limit;
        for l in &self.user {
            l.lang.set_call_limit(limit);
        }
    }

    /// The parser for a notation and language code, if there is one: built in, or of a user
    /// language of this registry.
    pub fn parser_for(&self, notation: &str, lang: &str) -> Option<Parser> {
        if let Some(p) = builtin_parser(notation, lang) {
            return Some(Shared::Static(p));
        }
        let language = self.language(lang);
        let file = language.as_ref().map_or("", |l| &*l.file);
        self.user
            .iter()
            .flat_map(|l| &l.parsers)
            .find(|p| entry_matches(p, notation, file))
            .cloned()
    }

    /// What `token` reads as alone in a notation and language: the move, when the language's
    /// parser reads it as exactly one move without a problem; `None` otherwise (no parser,
    /// no move, or more). Memoized: a token in error asks this of every language, and the
    /// same tokens recur game after game.
    pub fn single_move(
        &self,
        notation: &'static str,
        lang: &LanguageFile,
        token: &str,
    ) -> Option<MoveBody> {
        let key = (notation, lang.file.to_string(), token.to_owned());
        let known = self
            .readings
            .0
            .lock()
            .ok()
            .and_then(|m| m.as_ref()?.get(&key).cloned());
        if let Some(found) = known {
            return found;
        }
        let read = self.parser_for(notation, lang.code()).and_then(|entry| {
            if !(entry.explain)(token).is_move {
                return None;
            }
            let syntax = (entry.parse)(token, 0);
            if !syntax.issues.is_empty() {
                return None;
            }
            let mut moves = syntax.root.moves().map(|t| t.body.clone());
            match (moves.next(), moves.next()) {
                (Some(body), None) => Some(body),
                _ => None,
            }
        });
        if let Ok(mut m) = self.readings.0.lock() {
            let m = m.get_or_insert_with(HashMap::new);
            if m.len() >= MOST_READINGS {
                m.clear();
            }
            m.insert(key, read.clone());
        }
        read
    }

    /// The language file serving an ISO 639-1 code (or a user language's code).
    pub fn language(&self, code: &str) -> Option<Language> {
        builtin_language(code).map(Shared::Static).or_else(|| {
            self.user
                .iter()
                .find(|l| l.language.serves(code))
                .map(|l| l.language.clone())
        })
    }

    /// The language file with this file stem, built in or of a user language.
    pub fn language_file(&self, file: &str) -> Option<Language> {
        LANGUAGE_FILES
            .iter()
            .find(|l| l.file == file)
            .map(Shared::Static)
            .or_else(|| {
                self.user
                    .iter()
                    .find(|l| l.language.file == file)
                    .map(|l| l.language.clone())
            })
    }

    /// Every language: the built-in ones in the order of `grammars/lang/`, then the user
    /// languages in the order they were loaded.
    pub fn languages(&self) -> Vec<Language> {
        LANGUAGE_FILES
            .iter()
            .map(Shared::Static)
            .chain(self.user.iter().map(|l| l.language.clone()))
            .collect()
    }

    /// Adds a built user language. Registering the same file (path and text) again does
    /// nothing.
    ///
    /// # Errors
    /// One of its codes or its file name is already taken by a built-in language or by
    /// another user language of this registry.
    pub fn register(&mut self, lang: UserLanguage) -> Result<Language, GrammarReport> {
        if let Some(l) = self
            .user
            .iter()
            .find(|l| l.lang.path == lang.path && l.lang.text == lang.text)
        {
            return Ok(l.language.clone());
        }
        let problems = self.taken(&lang);
        if !problems.is_empty() {
            return Err(GrammarReport {
                path: lang.path.clone(),
                text: Arc::from(lang.text.as_str()),
                problems,
            });
        }
        lang.set_call_limit(self.call_limit);
        let language = Shared::Owned(Arc::clone(&lang.language));
        self.user.push(Loaded {
            language: language.clone(),
            parsers: lang.parsers.clone(),
            lang: Arc::new(lang),
        });
        Ok(language)
    }

    /// The problems of a language whose codes or file name are taken.
    fn taken(&self, lang: &UserLanguage) -> Vec<GrammarProblem> {
        let mut problems: Vec<GrammarProblem> = lang
            .language
            .codes
            .iter()
            .filter_map(|code| self.code_taken_in(code, &lang.text))
            .collect();
        let file = &lang.language.file;
        if problems.is_empty()
            && (LANGUAGE_FILES.iter().any(|l| l.file == *file)
                || self.user.iter().any(|l| l.language.file == *file))
        {
            problems.push(GrammarProblem {
                kind: ProblemKind::CodeTaken,
                message: format!(
                    "a language file named `{}.pest` is already loaded",
                    file.trim_start_matches("user:")
                ),
                span: Span::new(0, 0),
                label: "this file".into(),
                help: Some("rename the file".into()),
            });
        }
        problems
    }

    /// The problem of a language code that a built-in language or a user language of this
    /// registry already serves (as `scoresheet grammar check` reports it), or `None` when the
    /// code is free.
    pub fn code_taken(&self, code: &str) -> Option<GrammarProblem> {
        self.code_taken_in(code, "")
    }

    /// [`Registry::code_taken`], placed in the `//! code:` header of `text`.
    fn code_taken_in(&self, code: &str, text: &str) -> Option<GrammarProblem> {
        let builtin = builtin_language(code);
        let user = self.user.iter().find(|l| l.language.serves(code));
        let by = match (builtin, user) {
            (Some(l), _) => format!(
                "the built-in language {} (grammars/lang/{}.pest)",
                l.names.first().map_or(&*l.file, |n| n),
                l.file
            ),
            (None, Some(l)) => format!(
                "the user language file {}",
                l.language.user.as_deref().unwrap_or(&l.language.file)
            ),
            (None, None) => return None,
        };
        Some(GrammarProblem {
            kind: ProblemKind::CodeTaken,
            message: format!("the code `{code}` is already taken by {by}"),
            span: code_span(text, code),
            label: "this code".into(),
            help: Some(format!(
                "give the file a code of its own, such as `{code}-x-house` for a house style of that language"
            )),
        })
    }

    /// Reads, builds (bounded by this registry's call limit) and registers a user language
    /// file.
    ///
    /// # Errors
    /// See [`super::load`] and [`Registry::register`].
    pub fn load(&mut self, path: &Path, verify: Verify) -> Result<Language, GrammarReport> {
        let lang = self.build(path, verify)?;
        self.register(lang)
    }

    /// Reads and builds a user language file, bounded by this registry's call limit, without
    /// registering it.
    ///
    /// # Errors
    /// See [`super::load`].
    pub fn build(&self, path: &Path, verify: Verify) -> Result<UserLanguage, GrammarReport> {
        let (shown, text) = read_source(path)?;
        build_limited(&shown, &text, verify, self.call_limit)
    }

    /// Loads the given files, then the grammar directories' files. A directory file named
    /// like a given file (same file name) is left out: the given one replaces it.
    ///
    /// # Errors
    /// The reports of every file that could not be loaded (the others are registered).
    pub fn load_all(
        &mut self,
        files: &[PathBuf],
        verify: Verify,
    ) -> Result<(), Vec<GrammarReport>> {
        let mut errors = Vec::new();
        for f in files {
            if let Err(e) = self.load(f, verify) {
                errors.push(e);
            }
        }
        for f in directory_files() {
            if files.iter().any(|g| g.file_name() == f.file_name()) {
                continue;
            }
            if let Err(e) = self.load(&f, verify) {
                errors.push(e);
            }
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }
}
