//! `--format jsonl`: one JSON object per line, per game as soon as it is checked, for pipelines
//! (`parallel --pipe`, Hadoop streaming, `jq`): each line stands alone, so the output of a file
//! cut into pieces and checked in parallel is the lines of each piece, concatenated.

use std::io;
use std::sync::Arc;

use serde_json::{Value, json};

use crate::check::{CheckedGame, Sink};
use crate::diagnostic::Diagnostic;
use crate::report::output::{Tally, json_diag};
use crate::span::SourceText;

/// A file's report as JSON Lines: a line per game (`"game": N`, its diagnostics, how many moves
/// were resolved, its errors and warnings), and a line per problem of the file as a whole
/// (`"game": null`: its encoding, its language, no game). Every line has the file's `path`,
/// `notation` and `language`.
pub struct JsonLines<'o> {
    out: &'o mut dyn io::Write,
    path: String,
    notation: &'static str,
    language: String,
    tally: Tally,
}

impl<'o> JsonLines<'o> {
    /// The report of the file `path`, written to `out`.
    pub fn new(out: &'o mut dyn io::Write, path: &str) -> JsonLines<'o> {
        JsonLines {
            out,
            path: path.to_owned(),
            notation: "",
            language: String::new(),
            tally: Tally::default(),
        }
    }

    /// The file's tally (games, moves, errors, warnings).
    pub fn finish(self) -> Tally {
        self.tally
    }

    /// Writes the file's totals line (`--totals`), `"game": null` and `"totals"`: its games,
    /// moves, errors, warnings and advice, and the `bytes` and `lines` (line breaks) it held,
    /// which `scoresheet join` adds up to place the lines of the pieces of a file.
    ///
    /// # Errors
    /// When writing fails.
    pub fn totals(&mut self, bytes: u64, lines: u64) -> io::Result<()> {
        let t = &self.tally;
        let totals = json!({
            "games": t.games,
            "moves": t.plies,
            "errors": t.errors,
            "warnings": t.warnings,
            "advice": t.advice,
            "bytes": bytes,
            "lines": lines,
        });
        self.line(Value::Null, vec![("totals", totals)])
    }

    fn line(&mut self, game: Value, fields: Vec<(&str, Value)>) -> io::Result<()> {
        let mut object = serde_json::Map::new();
        object.insert("path".into(), json!(self.path));
        object.insert("game".into(), game);
        object.insert("notation".into(), json!(self.notation));
        object.insert("language".into(), json!(self.language));
        for (k, v) in fields {
            object.insert(k.into(), v);
        }
        serde_json::to_writer(&mut *self.out, &Value::Object(object)).map_err(io::Error::other)?;
        self.out.write_all(b"\n")
    }
}

impl Sink for JsonLines<'_> {
    fn start(&mut self, notation: &'static str, language: &str) -> io::Result<()> {
        self.notation = notation;
        self.language = language.to_owned();
        Ok(())
    }

    fn note(&mut self, note: &Diagnostic, source: &Arc<SourceText>) -> io::Result<()> {
        self.tally.diagnostic(note);
        let diagnostics = json!([json_diag(note, source)]);
        self.line(Value::Null, vec![("diagnostics", diagnostics)])
    }

    fn game(&mut self, g: CheckedGame, source: &Arc<SourceText>) -> io::Result<()> {
        let mut tally = Tally::default();
        tally.game(&g);
        self.tally.games += 1;
        self.tally.plies += tally.plies;
        self.tally.errors += tally.errors;
        self.tally.warnings += tally.warnings;
        self.tally.advice += tally.advice;
        let diagnostics: Vec<Value> = g.diagnostics.iter().map(|d| json_diag(d, source)).collect();
        self.line(
            json!(g.number),
            vec![
                ("moves", json!(tally.plies)),
                ("errors", json!(tally.errors)),
                ("warnings", json!(tally.warnings)),
                ("diagnostics", Value::Array(diagnostics)),
            ],
        )
    }
}
