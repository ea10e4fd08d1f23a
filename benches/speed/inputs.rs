//! The inputs of the speed bench, written into a temporary folder (removed at the end): the
//! bulk corpus joined into one file, the same games rendered by `scoresheet convert` in SAN
//! (English, German, Bulgarian letters) and in long algebraic, a file whose every game has
//! one illegal move, and the corpus ten times over (and, on request, about 1 GB of it).

use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, Position};

use super::inject::run::san_move;
use super::inject::{Corpus, Rng};

/// The temporary folder and the files in it.
pub struct Inputs {
    pub dir: PathBuf,
    /// `bulk/*.pgn` joined in name order, byte for byte.
    pub en: PathBuf,
    /// The first game of `en` alone: what a file of one game costs.
    pub one: PathBuf,
    pub games: usize,
    /// The main lines of `en` as `convert --to san` writes them: the baseline of the languages.
    pub san_en: PathBuf,
    pub san_de: PathBuf,
    pub san_bg: PathBuf,
    /// `convert --to lan` (`Ng1-f3`).
    pub lan: PathBuf,
    /// Every game of the corpus that could be edited, with one illegal move.
    pub errors: PathBuf,
    pub error_games: usize,
    /// `en` ten times over (full mode only).
    pub x10: Option<PathBuf>,
    /// `en` repeated to about 1 GB (`SPEED_HUGE=1` only).
    pub huge: Option<(PathBuf, usize)>,
}

impl Drop for Inputs {
    fn drop(&mut self) {
        if std::env::var_os("SPEED_KEEP").is_some() {
            println!("inputs kept in {}", self.dir.display());
        } else {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

fn size_mb(p: &Path) -> f64 {
    std::fs::metadata(p).map_or(0.0, |m| m.len() as f64 / 1e6)
}

/// Writes `bytes` `times` times into `path`.
fn repeat(path: &Path, bytes: &[u8], times: usize) -> std::io::Result<()> {
    let mut f = std::io::BufWriter::new(std::fs::File::create(path)?);
    for _ in 0..times {
        f.write_all(bytes)?;
    }
    f.flush()
}

/// `scoresheet convert <args> en` (one main line per line) into `out` as games apart: each
/// line that starts from the initial position (`1. `; a game from a set-up position loses its
/// FEN tag in this form) followed by a blank line, which is what separates games without tags.
fn convert(bin: &Path, en: &Path, args: &[&str], out: &Path) -> std::io::Result<()> {
    let output = Command::new(bin)
        .arg("convert")
        .args(args)
        .arg(en)
        .stderr(Stdio::null())
        .output()?;
    // Exit 1: some games were refused (left out); the others are written.
    if !matches!(output.status.code(), Some(0 | 1)) {
        return Err(std::io::Error::other(format!(
            "convert {args:?} failed: {}",
            output.status
        )));
    }
    let mut f = std::io::BufWriter::new(std::fs::File::create(out)?);
    let mut games = 0;
    for line in output.stdout.split(|&b| b == b'\n') {
        if line.starts_with(b"1. ") {
            f.write_all(line)?;
            f.write_all(b"\n\n")?;
            games += 1;
        }
    }
    f.flush()?;
    println!(
        "  {:<12} {:>7.2} MB  {games} games: convert {}, the games from the initial position, a blank line apart",
        name(out),
        size_mb(out),
        args.join(" ")
    );
    Ok(())
}

fn name(p: &Path) -> String {
    p.file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned())
}

impl Inputs {
    /// Makes every input. `full`: the ten-fold corpus too; `huge`: the 1 GB file too.
    pub fn make(bin: &Path, corpus_dir: &Path, full: bool, huge: bool) -> std::io::Result<Inputs> {
        let dir = std::env::temp_dir().join(format!("scoresheet-speed-{}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        let mut inputs = Inputs {
            en: dir.join("en.pgn"),
            one: dir.join("one.pgn"),
            games: 0,
            san_en: dir.join("san-en.txt"),
            san_de: dir.join("san-de.txt"),
            san_bg: dir.join("san-bg.txt"),
            lan: dir.join("lan.txt"),
            errors: dir.join("errors.pgn"),
            error_games: 0,
            x10: None,
            huge: None,
            dir,
        };
        let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir.join("bulk"))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
            .collect();
        files.sort();
        let mut en = Vec::new();
        for f in &files {
            en.extend_from_slice(&std::fs::read(f)?);
            en.extend_from_slice(b"\n\n");
        }
        std::fs::write(&inputs.en, &en)?;
        std::fs::write(&inputs.one, first_game(&en))?;
        let corpus = Corpus::load(corpus_dir)?;
        inputs.games = corpus.games.len();
        println!(
            "Inputs in {} (removed at the end unless SPEED_KEEP is set):",
            inputs.dir.display()
        );
        println!(
            "  {:<12} {:>7.2} MB  {} games: {}/bulk/*.pgn joined",
            name(&inputs.en),
            size_mb(&inputs.en),
            inputs.games,
            corpus_dir.display()
        );
        convert(bin, &inputs.en, &["--to", "san"], &inputs.san_en)?;
        convert(
            bin,
            &inputs.en,
            &["--to", "san", "--to-lang", "de"],
            &inputs.san_de,
        )?;
        convert(
            bin,
            &inputs.en,
            &["--to", "san", "--to-lang", "bg"],
            &inputs.san_bg,
        )?;
        convert(bin, &inputs.en, &["--to", "lan"], &inputs.lan)?;
        inputs.error_games = write_errors(&corpus, &inputs.errors)?;
        println!(
            "  {:<12} {:>7.2} MB  {} games, each with one illegal move (a wrong piece letter or a \
             neighbouring file or rank); {} games left out (no main line shakmaty reads, or no such edit)",
            name(&inputs.errors),
            size_mb(&inputs.errors),
            inputs.error_games,
            inputs.games - inputs.error_games
        );
        if full {
            let p = inputs.dir.join("x10.pgn");
            repeat(&p, &en, 10)?;
            println!(
                "  {:<12} {:>7.2} MB  en.pgn ten times over",
                name(&p),
                size_mb(&p)
            );
            inputs.x10 = Some(p);
        }
        if huge {
            let p = inputs.dir.join("huge.pgn");
            let times = (1_000_000_000 / en.len().max(1)) + 1;
            repeat(&p, &en, times)?;
            println!(
                "  {:<12} {:>7.2} MB  en.pgn {times} times over",
                name(&p),
                size_mb(&p)
            );
            inputs.huge = Some((p, times));
        }
        Ok(inputs)
    }
}

/// The first game of a PGN file: up to the tag line that starts the second.
fn first_game(pgn: &[u8]) -> &[u8] {
    let mut seen_moves = false;
    let mut at = 0;
    for line in pgn.split_inclusive(|&b| b == b'\n') {
        if line.starts_with(b"[") && seen_moves {
            return &pgn[..at];
        }
        seen_moves |= !(line.starts_with(b"[") || line.trim_ascii().is_empty());
        at += line.len();
    }
    pgn
}

/// Where the movetext starts: after the leading tag lines and blank lines.
fn movetext_start(text: &str) -> usize {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let t = line.trim();
        if !(t.is_empty() || t.starts_with('[')) {
            break;
        }
        at += line.len();
    }
    at
}

fn is_result(body: &str) -> bool {
    matches!(body, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// The byte ranges of the main line's SAN bodies (without move numbers and `+#!?` marks);
/// comments, variations and NAGs are skipped; stops at the result.
fn main_line(text: &str) -> Vec<Range<usize>> {
    let b = text.as_bytes();
    let mut i = movetext_start(text);
    let mut depth = 0usize;
    let mut out = Vec::new();
    let skip_to = |from: usize, end: u8| {
        b[from..]
            .iter()
            .position(|&c| c == end)
            .map_or(b.len(), |p| from + p + 1)
    };
    while i < b.len() {
        match b[i] {
            b'{' => i = skip_to(i, b'}'),
            b';' => i = skip_to(i, b'\n'),
            b'(' => (depth, i) = (depth + 1, i + 1),
            b')' => (depth, i) = (depth.saturating_sub(1), i + 1),
            c if c.is_ascii_whitespace() => i += 1,
            _ => {
                let s = i;
                while i < b.len() && !b[i].is_ascii_whitespace() && !b"{}();".contains(&b[i]) {
                    i += 1;
                }
                if depth > 0 {
                    continue;
                }
                let tok = &text[s..i];
                let digits = tok.bytes().take_while(u8::is_ascii_digit).count();
                let dots = tok[digits..].bytes().take_while(|&c| c == b'.').count();
                let start = if dots > 0 { s + digits + dots } else { s };
                let body = text[start..i].trim_end_matches(['+', '#', '!', '?']);
                if is_result(body) {
                    break;
                }
                if !body.is_empty() && !body.starts_with('$') {
                    out.push(start..start + body.len());
                }
            }
        }
    }
    out
}

/// Realistic slips of a SAN body: another piece letter, or the destination's file or rank
/// one off.
fn slips(body: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = body.as_bytes();
    if let Some(&first) = b.first()
        && b"NBRQK".contains(&first)
    {
        for &p in b"NBRQK" {
            if p != first {
                out.push(format!("{}{}", p as char, &body[1..]));
            }
        }
    }
    // The destination: the last file letter followed by a rank digit.
    if let Some(f) = (0..b.len().saturating_sub(1))
        .rev()
        .find(|&i| (b'a'..=b'h').contains(&b[i]) && (b'1'..=b'8').contains(&b[i + 1]))
    {
        for (at, lo, hi) in [(f, b'a', b'h'), (f + 1, b'1', b'8')] {
            for d in [-1i8, 1] {
                let c = b[at].wrapping_add_signed(d);
                if (lo..=hi).contains(&c) {
                    let mut v = b.to_vec();
                    v[at] = c;
                    out.push(String::from_utf8(v).expect("ASCII edit"));
                }
            }
        }
    }
    out
}

/// The game with one main-line move replaced by an illegal slip, in the middle half of the
/// game; `None` when the main line is not all SAN that shakmaty reads or no slip is illegal.
fn with_illegal_move(text: &str, rng: &mut Rng) -> Option<String> {
    let start = match text.find("[FEN \"") {
        Some(at) => {
            let v = &text[at + 6..];
            let fen = Fen::from_ascii(&v.as_bytes()[..v.find('"')?]).ok()?;
            fen.into_position(CastlingMode::Standard).ok()?
        }
        None => Chess::default(),
    };
    let toks = main_line(text);
    if toks.len() < 4 {
        return None;
    }
    let mut positions = Vec::with_capacity(toks.len());
    let mut pos = start;
    for t in &toks {
        let m = san_move(&pos, &text[t.clone()])?;
        positions.push(pos.clone());
        pos.play_unchecked(m);
    }
    let n = toks.len();
    for _ in 0..8 {
        let ply = n / 4 + rng.below(n / 2);
        let t = toks[ply].clone();
        let mut cands = slips(&text[t.clone()]);
        while !cands.is_empty() {
            let c = cands.swap_remove(rng.below(cands.len()));
            let readable = San::from_ascii(c.as_bytes()).is_ok();
            if readable && san_move(&positions[ply], &c).is_none() {
                return Some(format!("{}{c}{}", &text[..t.start], &text[t.end..]));
            }
        }
    }
    None
}

/// Writes the games that take an illegal move; returns their count.
fn write_errors(corpus: &Corpus, path: &Path) -> std::io::Result<usize> {
    let mut rng = Rng::new(14);
    let mut f = std::io::BufWriter::new(std::fs::File::create(path)?);
    let mut n = 0;
    for g in &corpus.games {
        if let Some(edited) = with_illegal_move(&g.text, &mut rng) {
            f.write_all(edited.trim_end().as_bytes())?;
            f.write_all(b"\n\n")?;
            n += 1;
        }
    }
    f.flush()?;
    Ok(n)
}
