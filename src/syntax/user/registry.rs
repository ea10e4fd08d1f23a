//! The registry of user languages loaded at run time.

use super::{GrammarProblem, GrammarReport, ProblemKind, UserLanguage, Verify, code_span, load};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};

use crate::span::Span;
use crate::syntax::builtin::LANGUAGE_FILES;
use crate::syntax::kind::{LanguageFile, ParserEntry};

/// The registry of user languages and their parsers (append-only: entries live as long as
/// the process).
struct Registry {
    languages: Vec<&'static LanguageFile>,
    parsers: Vec<&'static ParserEntry>,
    /// (path, text) of every file registered, to make registering it again a no-op.
    sources: Vec<(String, String)>,
}

static REGISTRY: RwLock<Registry> = RwLock::new(Registry {
    languages: Vec::new(),
    parsers: Vec::new(),
    sources: Vec::new(),
});
/// True once a user language is registered (the built-in path skips the lock before).
static ANY: AtomicBool = AtomicBool::new(false);

/// The user languages registered, in order.
pub fn languages() -> Vec<&'static LanguageFile> {
    if !ANY.load(Ordering::Acquire) {
        return Vec::new();
    }
    REGISTRY
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .languages
        .clone()
}

/// The parsers of the user languages registered, in order.
pub fn parsers() -> Vec<&'static ParserEntry> {
    if !ANY.load(Ordering::Acquire) {
        return Vec::new();
    }
    REGISTRY
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .parsers
        .clone()
}

/// Makes a user language visible to checking, converting, detection and `languages`.
/// Registering the same file (path and text) again does nothing.
///
/// # Errors
/// One of its codes or its file name is already taken by a built-in language or by another
/// user file.
pub fn register(lang: UserLanguage) -> Result<(), GrammarReport> {
    let mut reg = REGISTRY
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if reg
        .sources
        .iter()
        .any(|(p, t)| *p == lang.path && *t == lang.text)
    {
        return Ok(());
    }
    let mut problems = Vec::new();
    for code in lang.language.codes {
        let builtin = LANGUAGE_FILES.iter().find(|l| l.codes.contains(code));
        let user = reg.languages.iter().find(|l| l.codes.contains(code));
        let taken_by = match (builtin, user) {
            (Some(l), _) => Some(format!(
                "the built-in language {} (grammars/lang/{}.pest)",
                l.names.first().copied().unwrap_or(l.file),
                l.file
            )),
            (None, Some(l)) => Some(format!(
                "the user language file {}",
                l.user.unwrap_or(l.file)
            )),
            (None, None) => None,
        };
        if let Some(by) = taken_by {
            problems.push(GrammarProblem {
                kind: ProblemKind::CodeTaken,
                message: format!("the code `{code}` is already taken by {by}"),
                span: code_span(&lang.text, code),
                label: "this code".into(),
                help: Some(format!(
                    "give the file a code of its own, such as `{code}-x-house` for a house style of that language"
                )),
            });
        }
    }
    let file = lang.language.file;
    if problems.is_empty()
        && (LANGUAGE_FILES.iter().any(|l| l.file == file)
            || reg.languages.iter().any(|l| l.file == file))
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
    if !problems.is_empty() {
        return Err(GrammarReport {
            path: lang.path.clone(),
            text: Arc::from(lang.text.as_str()),
            problems,
        });
    }
    reg.languages.push(lang.language);
    reg.parsers.extend(lang.parsers.iter().copied());
    reg.sources.push((lang.path, lang.text));
    ANY.store(true, Ordering::Release);
    Ok(())
}

/// Loads and registers a user language file.
///
/// # Errors
/// See [`load`] and [`register`].
pub fn register_file(path: &Path, verify: Verify) -> Result<&'static LanguageFile, GrammarReport> {
    let lang = load(path, verify)?;
    let l = lang.language;
    register(lang)?;
    Ok(l)
}
