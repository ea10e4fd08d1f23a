//! Where user language files are found, and the template of a new one.

use super::GRAMMARS_ENV;
use std::path::PathBuf;

/// The grammar directories, in order: those named by [`GRAMMARS_ENV`], then the platform's
/// configuration directory (`$XDG_CONFIG_HOME/scoresheet/grammars`, by default
/// `~/.config/scoresheet/grammars`; `~/Library/Application Support/scoresheet/grammars` on
/// macOS; `%APPDATA%\scoresheet\grammars` on Windows).
pub fn grammar_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::env::var_os(GRAMMARS_ENV)
        .map(|v| {
            std::env::split_paths(&v)
                .filter(|p| !p.as_os_str().is_empty())
                .collect()
        })
        .unwrap_or_default();
    if let Some(config) = config_dir() {
        dirs.push(config.join("scoresheet").join("grammars"));
    }
    dirs
}

fn config_dir() -> Option<PathBuf> {
    let nonempty = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if cfg!(windows) {
        nonempty("APPDATA")
    } else if cfg!(target_os = "macos") {
        nonempty("HOME").map(|h| h.join("Library").join("Application Support"))
    } else {
        nonempty("XDG_CONFIG_HOME")
            .filter(|p| p.is_absolute())
            .or_else(|| nonempty("HOME").map(|h| h.join(".config")))
    }
}

/// The `*.pest` files of the grammar directories, in order (each directory sorted by name).
pub fn directory_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in grammar_dirs() {
        let Ok(rd) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut files: Vec<PathBuf> = rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "pest"))
            .collect();
        files.sort();
        out.extend(files);
    }
    out
}

/// The placeholders of the template ([`template`]), each with what replaces it: a file that
/// still holds one is not filled in (`scoresheet grammar check` reports it).
pub(crate) const PLACEHOLDERS: [(&str, &str); 3] = [
    ("<language>", "the language's name in English"),
    (
        "<Language name>",
        "the language's name as its speakers write it (`name:`), and any other names of it \
         (`names:`, separated by commas)",
    ),
    (
        "<where the letters come from: a federation's rules, a book, a newspaper>",
        "where the letters come from (a federation's rules, a book, a newspaper)",
    ),
];

/// The letters of the template, rule by rule (English): a filled-in file has its own.
pub(crate) const TEMPLATE_LETTERS: [&str; 6] = ["K", "Q", "R", "B", "N", "P"];

/// A commented template of a language file for `code` (`scoresheet grammar new CODE`).
pub fn template(code: &str) -> String {
    let [(language, _), (name, _), (source, _)] = PLACEHOLDERS;
    let [k, q, r, b, n, p] = TEMPLATE_LETTERS;
    format!(
        r#"//! Piece letters and customs of {language} algebraic notation.
//!
//! code: {code}
//! name: {name}
//! names: {name}
//! customs: capture=x capture_place=before mate=# check=+ double_check=none castle=O promotion== ep=none
//! Source: {source}
//!
//! This file defines the six rules below. Each rule lists the letters of one piece as pest
//! strings; write the longest alternative first (`"Кр" | "К"`), and guard a letter that
//! starts another piece's letter with a negative lookahead (`"K" ~ !"t"` when the knight is
//! `Kt`). Letters may not start with a file letter a-h, a digit or a sign (x + # =).
//!
//! Optionally, for position records (`White: Ke4, Pd4, Pe5. Black: Kd6, Pd7`, read and written
//! by `scoresheet position`), it may also define the words for the two sides and, when the
//! language writes pawns with an abbreviation (Bulgarian `п.d7`, `пп.d4,e5`), those too; the
//! first alternative is the one written, `^"…"` ignores the case of ASCII letters:
//!     white_side = @{{ ^"White" }}
//!     black_side = @{{ ^"Black" }}
//!     pawn_abbr = @{{ "p." }}    (before one pawn)
//!     pawns_abbr = @{{ "pp." }}  (before several pawns)
//! Without them the file still loads, but records cannot be read or written in it.
//!
//! The `customs:` header says how moves are written in this language (used when writing
//! moves, e.g. `scoresheet convert --to san --to-lang {code}`): capture=x|:|×|none,
//! capture_place=before|trailing, mate=#|X|…, check=+, double_check=++|none, castle=O|0,
//! promotion==|none|paren, ep=none|e.p.|…
//!
//! Check this file with `scoresheet grammar check FILE`, use it with
//! `scoresheet --grammar FILE check game.pgn`, or put it in the grammar directory
//! (`$XDG_CONFIG_HOME/scoresheet/grammars/`, or a directory named by SCORESHEET_GRAMMARS).

/// the king letter {k}
king = @{{ "{k}" }}
/// the queen letter {q}
queen = @{{ "{q}" }}
/// the rook letter {r}
rook = @{{ "{r}" }}
/// the bishop letter {b}
bishop = @{{ "{b}" }}
/// the knight letter {n}
knight = @{{ "{n}" }}
/// the pawn letter {p} (a language that never writes a pawn letter: `pawn = @{{ !ANY ~ ANY }}`)
pawn = @{{ "{p}" }}
"#
    )
}
