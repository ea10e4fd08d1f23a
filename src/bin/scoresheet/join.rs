//! `scoresheet join`: the JSON Lines of the pieces of one file, checked apart (`parallel
//! --pipe`, Hadoop streaming, Spark's `RDD.pipe`) with `--format jsonl --totals`, made into
//! the lines one run over the whole file writes.
//!
//! A piece's games are numbered from 1 and its places counted from its own start; its totals
//! line (last) says how many games, lines and bytes it held. Joining adds to every game
//! number the games of the pieces before it, to every diagnostic's line the lines before it
//! and to its offset the bytes before it, and writes one totals line for the whole. The pieces
//! must come in the file's order (`parallel --keep-order`) and each must start where a line
//! starts (`--recstart '[Event '` cuts there).

use std::io::{self, BufRead, Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use serde_json::{Map, Value, json};

/// What the pieces before the current one held.
#[derive(Default)]
struct Before {
    games: u64,
    lines: u64,
    bytes: u64,
}

/// The totals summed over the pieces, in the order their keys first came.
#[derive(Default)]
struct Sum {
    fields: Map<String, Value>,
    first: Option<Map<String, Value>>,
}

impl Sum {
    fn add(&mut self, line: &Map<String, Value>) {
        if self.first.is_none() {
            self.first = Some(line.clone());
        }
        if let Some(Value::Object(totals)) = line.get("totals") {
            for (k, v) in totals {
                let n = v.as_u64().unwrap_or(0);
                let had = self.fields.get(k).and_then(Value::as_u64).unwrap_or(0);
                self.fields.insert(k.clone(), json!(had + n));
            }
        }
    }

    /// The totals line of the whole, like the first piece's with the sums.
    fn line(self) -> Option<Value> {
        let mut line = self.first?;
        line.insert("totals".into(), Value::Object(self.fields));
        Some(Value::Object(line))
    }
}

/// Joins the JSON Lines read from `input` (pieces in order) into `out`. Returns the number of
/// errors of the whole (from the totals), or an error naming the line that is not JSON.
pub(crate) fn join(input: impl Read, out: &mut impl Write) -> io::Result<u64> {
    let mut before = Before::default();
    let mut sum = Sum::default();
    // The last game number of the piece being read: a number that does not follow it starts
    // another piece, which must come after the totals line of this one.
    let mut last_game = 0;
    for (i, line) in io::BufReader::new(input).lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let Ok(Value::Object(mut object)) = serde_json::from_str::<Value>(&line) else {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("line {}: not a JSON object of `--format jsonl`", i + 1),
            ));
        };
        if let Some(totals) = object.get("totals") {
            let count = |k: &str| totals.get(k).and_then(Value::as_u64).unwrap_or(0);
            let piece = Before {
                games: count("games"),
                lines: count("lines"),
                bytes: count("bytes"),
            };
            sum.add(&object);
            before.games += piece.games;
            before.lines += piece.lines;
            before.bytes += piece.bytes;
            last_game = 0;
            continue;
        }
        if let Some(n) = object.get("game").and_then(Value::as_u64) {
            if n <= last_game {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "line {}: game {n} after game {last_game} with no totals line between: \
                         check each piece with `--format jsonl --totals`",
                        i + 1
                    ),
                ));
            }
            last_game = n;
        }
        shift(&mut object, &before);
        serde_json::to_writer(&mut *out, &object)?;
        out.write_all(b"\n")?;
    }
    let errors = sum
        .fields
        .get("errors")
        .and_then(Value::as_u64)
        .unwrap_or(0);
    if let Some(line) = sum.line() {
        serde_json::to_writer(&mut *out, &line)?;
        out.write_all(b"\n")?;
    }
    Ok(errors)
}

/// A piece's line as the whole file's: its game number and its diagnostics' places moved on
/// by what came before the piece.
fn shift(object: &mut Map<String, Value>, before: &Before) {
    if let Some(n) = object.get("game").and_then(Value::as_u64) {
        object.insert("game".into(), json!(n + before.games));
    }
    if let Some(Value::Array(diagnostics)) = object.get_mut("diagnostics") {
        for d in diagnostics {
            for (key, by) in [("line", before.lines), ("offset", before.bytes)] {
                if let Some(n) = d.get(key).and_then(Value::as_u64) {
                    d[key] = json!(n + by);
                }
            }
            if let Some(n) = d.get("game").and_then(Value::as_u64) {
                d["game"] = json!(n + before.games);
            }
        }
    }
}

/// A reader that counts the bytes and line breaks it passes on: a piece's size for its
/// totals line.
pub(crate) struct Counted<R> {
    inner: R,
    /// Bytes and line breaks so far, shared with the command, which reads them once the input
    /// is done.
    pub(crate) counts: Arc<Counts>,
}

/// Bytes and line breaks read.
#[derive(Default)]
pub(crate) struct Counts(AtomicU64, AtomicU64);

impl Counts {
    /// (bytes, line breaks).
    pub(crate) fn get(&self) -> (u64, u64) {
        (
            self.0.load(Ordering::Relaxed),
            self.1.load(Ordering::Relaxed),
        )
    }
}

impl<R> Counted<R> {
    pub(crate) fn new(inner: R) -> Counted<R> {
        Counted {
            inner,
            counts: Arc::default(),
        }
    }
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        let breaks = buf[..n].iter().filter(|&&b| b == b'\n').count();
        self.counts.0.fetch_add(n as u64, Ordering::Relaxed);
        self.counts.1.fetch_add(breaks as u64, Ordering::Relaxed);
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_are_numbered_on() {
        let pieces = concat!(
            "{\"path\":\"-\",\"game\":1,\"diagnostics\":[]}\n",
            "{\"path\":\"-\",\"game\":2,\"diagnostics\":[{\"line\":3,\"offset\":40,\"game\":2}]}\n",
            "{\"path\":\"-\",\"game\":null,\"totals\":{\"games\":2,\"errors\":1,\"lines\":9,\"bytes\":100}}\n",
            "{\"path\":\"-\",\"game\":1,\"diagnostics\":[{\"line\":2,\"offset\":10,\"game\":1}]}\n",
            "{\"path\":\"-\",\"game\":null,\"totals\":{\"games\":1,\"errors\":1,\"lines\":4,\"bytes\":50}}\n",
        );
        let mut out = Vec::new();
        assert_eq!(join(pieces.as_bytes(), &mut out).unwrap(), 2);
        let lines: Vec<Value> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[2]["game"], 3);
        assert_eq!(lines[2]["diagnostics"][0]["line"], 11);
        assert_eq!(lines[2]["diagnostics"][0]["offset"], 110);
        assert_eq!(lines[2]["diagnostics"][0]["game"], 3);
        assert_eq!(
            lines[1]["diagnostics"][0]["line"], 3,
            "the first piece as it was"
        );
        assert_eq!(
            lines[3]["totals"],
            json!({"games": 3, "errors": 2, "lines": 13, "bytes": 150})
        );
    }

    #[test]
    fn pieces_without_totals_are_refused() {
        // Without the totals lines the second piece's game 1 cannot be placed: said, not
        // written as game 1 again.
        let pieces = "{\"game\":1}\n{\"game\":2}\n{\"game\":1}\n";
        let e = join(pieces.as_bytes(), &mut Vec::new()).unwrap_err();
        assert!(e.to_string().contains("line 3: game 1 after game 2"), "{e}");
    }

    #[test]
    fn a_line_that_is_not_json_is_named() {
        let e = join("{\"game\":1}\nnot json\n".as_bytes(), &mut Vec::new()).unwrap_err();
        assert!(e.to_string().contains("line 2"), "{e}");
    }
}
