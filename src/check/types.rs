//! What a check produces: the fate of every move, repairs, checked games and files.

use std::borrow::Cow;
use std::sync::Arc;

use shakmaty::{Chess, Move};

use crate::diagnostic::{Diagnostic, Severity};
use crate::span::Span;
use crate::syntax::GameSyntax;
use crate::syntax::grammar::{Language, Notation, Registry};

/// `auto` (detected) or a given value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice<T> {
    /// Detected from the input.
    Auto,
    /// Given.
    Given(T),
}

impl<'a> Choice<&'a str> {
    /// A name as written on the command line or in `scoresheet.toml`: `auto`, or a name to be
    /// looked up. The one place where the word `auto` is read.
    pub fn of(name: &'a str) -> Choice<&'a str> {
        match name {
            "auto" => Choice::Auto,
            name => Choice::Given(name),
        }
    }
}

impl<T> Choice<T> {
    /// The given value, `None` for `auto`.
    pub fn given(&self) -> Option<&T> {
        match self {
            Choice::Auto => None,
            Choice::Given(t) => Some(t),
        }
    }
}

/// `auto`, or the value as it is named.
impl<T: std::fmt::Display> std::fmt::Display for Choice<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Choice::Auto => f.write_str("auto"),
            Choice::Given(t) => t.fmt(f),
        }
    }
}

impl Choice<Notation> {
    /// The notation named by `--notation` (`auto`, a notation grammar's name, or one of the
    /// names it also answers to: `san`, `lan` and `figurine` are algebraic, `descriptive-es`
    /// is `descriptive_es`); `None` for an unknown name.
    pub fn named(name: &str) -> Option<Choice<Notation>> {
        match Choice::of(name) {
            Choice::Auto => Some(Choice::Auto),
            Choice::Given("san" | "lan" | "figurine") => Some(Choice::Given(Notation::Algebraic)),
            Choice::Given("descriptive-es") => Some(Choice::Given(Notation::DescriptiveEs)),
            Choice::Given(other) => other.parse().ok().map(Choice::Given),
        }
    }

    /// The notation whose grammar a language is asked of: algebraic unless a notation is given
    /// (detection reads a language's letters in algebraic notation).
    fn grammar_name(self) -> &'static str {
        match self {
            Choice::Auto => Notation::Algebraic.name(),
            Choice::Given(n) => n.name(),
        }
    }
}

impl Choice<LangCode> {
    /// The language named by `--lang` (`auto`, or a code of a language of `registry`); `None`
    /// for an unknown code.
    pub fn named(registry: &Registry, name: &str) -> Option<Choice<LangCode>> {
        match Choice::of(name) {
            Choice::Auto => Some(Choice::Auto),
            Choice::Given(code) => LangCode::new(registry, code).map(Choice::Given),
        }
    }
}

/// A language of a [`Registry`] (built in, or a user language loaded into it) and the code it
/// was named by. Made only by looking the code up in a registry, so it never holds a code that
/// no language serves.
#[derive(Clone, Debug)]
pub struct LangCode {
    language: Language,
    code: Cow<'static, str>,
}

impl LangCode {
    /// The language of `registry` that serves `code` (an ISO 639-1 code, or a user language's
    /// code such as `en-x-gazette`); `None` when no language serves it.
    pub fn new(registry: &Registry, code: &str) -> Option<LangCode> {
        let language = registry.language(code)?;
        let code = language.codes.iter().find(|c| **c == code)?.clone();
        Some(LangCode { language, code })
    }

    /// The code, as the language file spells it.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The code, shared with the language file.
    pub fn shared_code(&self) -> Cow<'static, str> {
        self.code.clone()
    }

    /// The language file.
    pub fn language(&self) -> &Language {
        &self.language
    }
}

/// Two handles are equal when they name the same code of the same language file.
impl PartialEq for LangCode {
    fn eq(&self, other: &Self) -> bool {
        self.code == other.code && self.language.file == other.language.file
    }
}

impl Eq for LangCode {}

impl std::fmt::Display for LangCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.code)
    }
}

/// What to read the input as.
#[derive(Clone, Debug)]
pub struct Options {
    /// The notation, or `auto`.
    pub notation: Choice<Notation>,
    /// The language, or `auto`. A given language should be one of `registry`'s (a language
    /// of another registry is refused when reading, as an unknown grammar).
    pub lang: Choice<LangCode>,
    /// The languages and parsers to read with (by default the built-in ones).
    pub registry: Arc<Registry>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            notation: Choice::Auto,
            lang: Choice::Auto,
            registry: Arc::default(),
        }
    }
}

impl Options {
    /// Reads in this notation and language (typed), with `registry`'s languages.
    pub fn new(
        notation: Choice<Notation>,
        lang: Choice<LangCode>,
        registry: Arc<Registry>,
    ) -> Options {
        Options {
            notation,
            lang,
            registry,
        }
    }

    /// Reads in the notation and language named as on the command line (`auto`, a notation's
    /// name, a language's code), with `registry`'s languages.
    ///
    /// # Errors
    /// [`CheckError::UnknownGrammar`] when no notation or no language of `registry` has that
    /// name (the notation is looked up first).
    pub fn named(
        notation: &str,
        lang: &str,
        registry: Arc<Registry>,
    ) -> Result<Options, CheckError> {
        let notation = Choice::<Notation>::named(notation)
            .ok_or_else(|| CheckError::unknown_notation(notation, lang))?;
        let lang = Choice::<LangCode>::named(&registry, lang)
            .ok_or_else(|| CheckError::unknown_language(notation, lang))?;
        Ok(Options::new(notation, lang, registry))
    }

    /// Reads in the notation and language named (as [`Options::named`]), with the built-in
    /// languages: a shorthand for tests and examples.
    ///
    /// # Panics
    /// When a name is unknown (use [`Options::named`] for names from users).
    pub fn given(notation: &str, lang: &str) -> Options {
        Options::named(notation, lang, Arc::default()).unwrap_or_else(|e| panic!("{e}"))
    }
}

/// A move token's fate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveState {
    /// Not reached (after an error, or in a variation that could not be placed).
    NotChecked,
    /// Resolved to this move.
    Legal(Move),
    /// Resolved to a null move.
    Null,
    /// Could not be resolved; the checker read on as if this move had been written (see the
    /// game's `repairs`).
    Assumed(Move),
    /// Could not be resolved.
    Error,
}

/// How the checker read on after an error, so that later errors are still found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Repair {
    /// The token was taken as this move.
    Replace(Move),
    /// A half-move was missing before the token, which then reads as its move.
    Insert {
        /// The missing half-move (the first that fits, when several do).
        missing: Move,
        /// The token's move after it.
        then: Move,
        /// How many half-moves fit the gap equally well (1 = the missing move is named).
        fits: usize,
    },
    /// The token and the next one were written in the wrong order.
    Swap {
        /// The move played first (written second).
        first: Move,
        /// The move played second (written first).
        second: Move,
    },
    /// One side's two consecutive moves were written in each other's place: the token and
    /// the same side's next one, the opponent's move between them as written.
    SwapOneSide {
        /// The move played first (written second).
        first: Move,
        /// The opponent's move between them.
        between: Move,
        /// The move played second (written first).
        second: Move,
    },
    /// The token was dropped (written twice, or no move at all).
    Delete,
}

impl Repair {
    /// The moves of swapped tokens in the order they were played (the first and the last
    /// written in each other's place); empty for any other repair.
    pub fn played_order(&self) -> Vec<Move> {
        match *self {
            Repair::Swap { first, second } => vec![first, second],
            Repair::SwapOneSide {
                first,
                between,
                second,
            } => vec![first, between, second],
            _ => Vec::new(),
        }
    }
}

/// A repair made at a token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RepairNote {
    /// The token's span.
    pub span: Span,
    /// The token's index (`MoveToken::index`), if it is a move token.
    pub index: Option<usize>,
    /// What was assumed.
    pub repair: Repair,
}

/// One half-move of the main line as repaired, or a note where a token was left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RepairedItem {
    /// A half-move (`None`: a null move), with a note when the checker assumed it.
    Move {
        /// The move.
        m: Option<Move>,
        /// What was assumed, for a comment beside the move.
        note: Option<String>,
    },
    /// A token left out (written twice, or no move at all).
    Note(String),
}

/// One checked game.
#[derive(Clone, Debug)]
pub struct CheckedGame {
    /// 1-based number in the file.
    pub number: usize,
    /// The syntax tree.
    pub syntax: GameSyntax,
    /// The starting position (`None` when it could not be set up).
    pub start: Option<Chess>,
    /// The fate of every move token, by `MoveToken::index`.
    pub moves: Vec<MoveState>,
    /// The main line as resolved (`None` = null move), up to the first error.
    pub mainline: Vec<Option<Move>>,
    /// True when every move of the main line resolved.
    pub complete: bool,
    /// The game's diagnostics.
    pub diagnostics: Vec<Diagnostic>,
    /// Where the checker assumed a repair to read on after an error, in order.
    pub repairs: Vec<RepairNote>,
    /// The main line read to its end with every repair made (`None` when an error could
    /// not be repaired, or there is no start position).
    pub repaired: Option<Vec<RepairedItem>>,
}

impl CheckedGame {
    /// How the move token of this index was read (`NotChecked` for one the checker did not
    /// reach).
    pub fn state(&self, index: usize) -> MoveState {
        self.moves
            .get(index)
            .copied()
            .unwrap_or(MoveState::NotChecked)
    }

    /// True when the game has errors.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

/// One checked file.
#[derive(Clone, Debug)]
pub struct CheckedFile {
    /// The file's name as given.
    pub path: String,
    /// The decoded text.
    pub text: Arc<str>,
    /// The notation read.
    pub notation: &'static str,
    /// The language read (ISO 639-1 code).
    pub language: Cow<'static, str>,
    /// The games.
    pub games: Vec<CheckedGame>,
    /// The fragments of a manuscript's prose, each checked against its game (`check` of a
    /// manuscript: see `lint::checked`); empty for PGN.
    pub fragments: Vec<CheckedGame>,
    /// Problems of the file as a whole (encoding, no game).
    pub diagnostics: Vec<Diagnostic>,
}

impl CheckedFile {
    /// Every diagnostic of the file, file-level first, then game by game.
    pub fn all_diagnostics(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics
            .iter()
            .chain(self.games.iter().flat_map(|g| g.diagnostics.iter()))
    }

    /// True when any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.all_diagnostics()
            .any(|d| d.severity == Severity::Error)
    }
}

/// Errors that stop a check before it starts.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum CheckError {
    /// No parser for the requested notation and language.
    #[error("no grammar for notation `{notation}` in language `{lang}`")]
    #[diagnostic(
        code(scoresheet::unknown_grammar),
        help("`scoresheet languages` lists the languages")
    )]
    UnknownGrammar {
        /// The notation asked for.
        notation: String,
        /// The language asked for.
        lang: String,
    },
    /// The input could not be read, or the report could not be written.
    #[error(transparent)]
    #[diagnostic(code(scoresheet::io))]
    Io(#[from] std::io::Error),
}

impl CheckError {
    /// No notation has this name (`lang`: the language as named with it).
    pub fn unknown_notation(notation: &str, lang: &str) -> CheckError {
        CheckError::UnknownGrammar {
            notation: notation.into(),
            lang: lang.into(),
        }
    }

    /// No language of the registry has this code (`notation`: the notation it was asked in).
    pub fn unknown_language(notation: Choice<Notation>, lang: &str) -> CheckError {
        CheckError::UnknownGrammar {
            notation: notation.grammar_name().into(),
            lang: lang.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::grammar::{LANGUAGE_FILES, Shared};

    #[test]
    fn default_options_see_exactly_the_built_in_languages() {
        let options = Options::default();
        let languages = options.registry.languages();
        assert_eq!(languages.len(), LANGUAGE_FILES.len());
        for (l, b) in languages.iter().zip(LANGUAGE_FILES) {
            assert!(matches!(l, Shared::Static(_)), "{}", l.file);
            assert!(std::ptr::eq(&**l, b));
        }
        assert!(options.registry.language("en-x-gazette").is_none());
        assert_eq!(
            (options.notation, options.lang),
            (Choice::Auto, Choice::Auto)
        );
    }

    #[test]
    fn options_are_named_as_on_the_command_line() {
        let builtin = Arc::new(Registry::builtin());
        let o = Options::named("auto", "auto", Arc::clone(&builtin)).expect("auto");
        assert_eq!((o.notation, o.lang), (Choice::Auto, Choice::Auto));
        let o = Options::named("san", "de", Arc::clone(&builtin)).expect("built in");
        assert_eq!(o.notation, Choice::Given(Notation::Algebraic));
        let Choice::Given(de) = &o.lang else {
            panic!("a language is given")
        };
        assert_eq!((de.code(), &*de.language().file), ("de", "de"));
        assert_eq!(o.lang.to_string(), "de");
        assert_eq!(
            Options::given("descriptive-es", "auto").notation,
            Choice::Given(Notation::DescriptiveEs)
        );
        // A code that a language file serves besides its first one keeps its own spelling.
        for l in builtin.languages() {
            for code in l.codes.iter() {
                let lang = LangCode::new(&builtin, code).expect("served");
                assert_eq!((lang.code(), &*lang.language().file), (&**code, &*l.file));
            }
        }
    }

    #[test]
    fn unknown_names_are_refused_with_the_command_line_error() {
        let refused = |notation: &str, lang: &str| {
            Options::named(notation, lang, Arc::default())
                .expect_err("refused")
                .to_string()
        };
        // The notation is looked up first, and named with the language as given.
        assert_eq!(
            refused("algebriac", "auto"),
            "no grammar for notation `algebriac` in language `auto`"
        );
        assert_eq!(
            refused("algebriac", "xx"),
            "no grammar for notation `algebriac` in language `xx`"
        );
        // A language is asked in algebraic unless another notation is given.
        assert_eq!(
            refused("auto", "xx"),
            "no grammar for notation `algebraic` in language `xx`"
        );
        assert_eq!(
            refused("figurine", "EN"),
            "no grammar for notation `algebraic` in language `EN`"
        );
        assert_eq!(
            refused("uci", "xx"),
            "no grammar for notation `uci` in language `xx`"
        );
        assert!(Choice::<LangCode>::named(&Registry::builtin(), "").is_none());
    }

    #[test]
    #[should_panic(expected = "no grammar for notation `algebraic` in language `xx`")]
    fn the_shorthand_panics_on_an_unknown_name() {
        let _ = Options::given("algebraic", "xx");
    }
}
