//! `scoresheet.toml`: language, notation, preferred styles and rule selection, found next to
//! the file linted, then in its parent folders.
//!
//! ```toml
//! language = "en"          # or "auto"
//! notation = "algebraic"   # or "auto"
//! format = "markdown"      # pgn, text, markdown, latex (default: by extension)
//! select = ["SC1", "SC2"]  # codes, code prefixes, names, categories or "ALL"
//! ignore = ["SC302"]
//!
//! [style]
//! castling = "O-O"         # or "0-0"
//! capture = "x"            # or ":" or "×"
//! promotion = "=Q"         # or "Q", "(Q)", "/Q"
//! check = "+"              # or "†"
//! mate = "#"               # or "‡"
//! ```

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::check::{CheckError, Choice, LangCode};
use crate::lint::source::Format;
use crate::syntax::grammar::{Notation, Registry};

/// The file name looked for.
pub const FILE_NAME: &str = "scoresheet.toml";

/// Preferred ways of writing, when the document should not just follow its own majority.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct StylePrefs {
    /// `O-O` or `0-0`.
    pub castling: Option<String>,
    /// `x`, `:` or `×`.
    pub capture: Option<String>,
    /// `=Q`, `Q`, `(Q)` or `/Q`.
    pub promotion: Option<String>,
    /// `+` or `†`.
    pub check: Option<String>,
    /// `#` or `‡`.
    pub mate: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    language: Option<String>,
    notation: Option<String>,
    format: Option<String>,
    #[serde(default)]
    select: Vec<String>,
    #[serde(default)]
    ignore: Vec<String>,
    #[serde(default)]
    style: StylePrefs,
}

/// A configuration.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Config {
    /// Where it was read from (`None`: defaults).
    pub path: Option<PathBuf>,
    /// The language (`auto` or a code of a language of the registry it was read with).
    pub language: Option<Choice<LangCode>>,
    /// The notation (`auto` or a name).
    pub notation: Option<Choice<Notation>>,
    /// The manuscript format.
    pub format: Option<Format>,
    /// Rules selected (empty: all).
    pub select: Vec<String>,
    /// Rules left out.
    pub ignore: Vec<String>,
    /// Preferred styles.
    pub style: StylePrefs,
}

/// A configuration file that cannot be used.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {reason}")]
pub struct ConfigError {
    /// The file.
    pub path: String,
    /// What is wrong.
    pub reason: String,
}

impl Config {
    /// Reads a configuration from TOML text; `language` is looked up in `registry`.
    ///
    /// # Errors
    /// When the text is not valid TOML or holds unknown keys or values (an unknown notation
    /// or language is said as [`CheckError::UnknownGrammar`] says it).
    pub fn parse(text: &str, path: &Path, registry: &Registry) -> Result<Config, ConfigError> {
        let err = |reason: String| ConfigError {
            path: path.display().to_string(),
            reason,
        };
        let raw: Raw =
            toml::from_str(text).map_err(|e| err(e.to_string().trim_end().to_owned()))?;
        let format =
            match raw.format.as_deref() {
                None => None,
                Some(f) => Some(Format::from_name(f).ok_or_else(|| {
                    err(format!("format `{f}`: use pgn, text, markdown or latex"))
                })?),
            };
        let allowed: [(&str, &Option<String>, &[&str]); 5] = [
            ("castling", &raw.style.castling, &["O-O", "0-0"]),
            ("capture", &raw.style.capture, &["x", ":", "×"]),
            ("promotion", &raw.style.promotion, &["=Q", "Q", "(Q)", "/Q"]),
            ("check", &raw.style.check, &["+", "†"]),
            ("mate", &raw.style.mate, &["#", "‡", "++", "X"]),
        ];
        for (key, value, ok) in allowed {
            if let Some(v) = value
                && !ok.contains(&v.as_str())
            {
                return Err(err(format!(
                    "style.{key} = \"{v}\": use one of {}",
                    ok.join(" ")
                )));
            }
        }
        let (notation, language) = read_choices(&raw, registry).map_err(|e| err(e.to_string()))?;
        Ok(Config {
            path: Some(path.to_owned()),
            language,
            notation,
            format,
            select: raw.select,
            ignore: raw.ignore,
            style: raw.style,
        })
    }

    /// Reads a configuration file (as [`Config::parse`]).
    ///
    /// # Errors
    /// When the file cannot be read or is not a valid configuration.
    pub fn load(path: &Path, registry: &Registry) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|e| ConfigError {
            path: path.display().to_string(),
            reason: e.to_string(),
        })?;
        Config::parse(&text, path, registry)
    }

    /// The `scoresheet.toml` for a file: in its folder, else the nearest parent folder that
    /// has one (for standard input: from the current folder). Defaults when there is none.
    /// Read as [`Config::parse`].
    ///
    /// # Errors
    /// When the file found is not a valid configuration.
    pub fn find_for(file: &str, registry: &Registry) -> Result<Config, ConfigError> {
        let start = if file == "-" || file == "<stdin>" {
            std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."))
        } else {
            let p = Path::new(file);
            let dir = p.parent().map(Path::to_path_buf).unwrap_or_default();
            let dir = if dir.as_os_str().is_empty() {
                PathBuf::from(".")
            } else {
                dir
            };
            std::fs::canonicalize(&dir).unwrap_or(dir)
        };
        for dir in start.ancestors() {
            let candidate = dir.join(FILE_NAME);
            if candidate.is_file() {
                return Config::load(&candidate, registry);
            }
        }
        Ok(Config::default())
    }
}

/// A configuration's notation and language, when it names them.
type Choices = (Option<Choice<Notation>>, Option<Choice<LangCode>>);

/// The notation and language of a configuration, typed (the notation looked up first, as
/// [`crate::check::Options::named`] does).
fn read_choices(raw: &Raw, registry: &Registry) -> Result<Choices, CheckError> {
    let auto = Choice::<&str>::Auto.to_string();
    let lang_name = raw.language.as_deref().unwrap_or(&auto);
    let notation = match raw.notation.as_deref() {
        None => None,
        Some(n) => Some(
            Choice::<Notation>::named(n)
                .ok_or_else(|| CheckError::unknown_notation(n, lang_name))?,
        ),
    };
    let language = match raw.language.as_deref() {
        None => None,
        Some(l) => Some(
            Choice::<LangCode>::named(registry, l)
                .ok_or_else(|| CheckError::unknown_language(notation.unwrap_or(Choice::Auto), l))?,
        ),
    };
    Ok((notation, language))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_key() {
        let c = Config::parse(
            "language = \"de\"\nselect = [\"SC2\"]\nignore = [\"SC202\"]\n[style]\ncastling = \"0-0\"\n",
            Path::new("x.toml"),
            &Registry::builtin(),
        )
        .unwrap();
        let de = LangCode::new(&Registry::builtin(), "de").expect("German");
        assert_eq!(c.language, Some(Choice::Given(de)));
        assert_eq!(c.select, vec!["SC2"]);
        assert_eq!(c.style.castling.as_deref(), Some("0-0"));
    }

    #[test]
    fn rejects_unknown_keys_and_values() {
        let parse = |text: &str| Config::parse(text, Path::new("x.toml"), &Registry::builtin());
        assert!(parse("langauge = \"de\"").is_err());
        assert!(parse("[style]\ncastling = \"o-o\"").is_err());
    }

    #[test]
    fn reads_notation_and_language_typed_with_the_command_line_errors() {
        let parse = |text: &str| Config::parse(text, Path::new("x.toml"), &Registry::builtin());
        let c = parse("language = \"auto\"\nnotation = \"auto\"\n").expect("auto");
        assert_eq!(
            (c.notation, c.language),
            (Some(Choice::Auto), Some(Choice::Auto))
        );
        let c = parse("notation = \"descriptive-es\"\n").expect("a notation");
        assert_eq!(c.notation, Some(Choice::Given(Notation::DescriptiveEs)));
        assert_eq!(c.language, None);
        let reason = |text: &str| parse(text).expect_err("refused").reason;
        assert_eq!(
            reason("language = \"xx\"\n"),
            "no grammar for notation `algebraic` in language `xx`"
        );
        assert_eq!(
            reason("language = \"xx\"\nnotation = \"uci\"\n"),
            "no grammar for notation `uci` in language `xx`"
        );
        assert_eq!(
            reason("notation = \"algebriac\"\n"),
            "no grammar for notation `algebriac` in language `auto`"
        );
        assert_eq!(
            reason("notation = \"algebriac\"\nlanguage = \"de\"\n"),
            "no grammar for notation `algebriac` in language `de`"
        );
    }
}
