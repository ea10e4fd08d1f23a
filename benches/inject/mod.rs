//! The error-injection generator and scorer (used by `benches/inject.rs` and `tests/inject.rs`,
//! not part of the library): real games from `../shared/corpus/bulk/` with one mistake
//! injected each, checked, and measured against what was injected.
//!
//! Deterministic: a seed drives a small xorshift generator ([`Rng`]) that picks the games, the
//! tokens and the edits, so a seed and a case count always give the same cases. Used by the
//! bench binary `benches/inject.rs` (a table over a few thousand cases) and by
//! `tests/inject.rs` (a small sample with the targets of issue 6 as assertions).
//!
//! The mistakes ([`Kind`]), each applied to one move token of a game's main line:
//! - a single-character substitution in the token: typing and handwriting confusions
//!   (b/6, l/1, O/0, S/5, g/9), a neighbouring key, a neighbouring file or rank;
//! - a single-character insertion (a doubled character, a neighbouring key, any chess
//!   character) or deletion;
//! - a wrong piece letter (`N`, `B`, `R`, `Q`, `K` for another);
//! - a dropped half-move (the token removed, with its move number when that number would be
//!   left without a move);
//! - two adjacent half-moves swapped;
//! - one side's two consecutive moves swapped (White's 12th and 13th, or Black's), the
//!   opponent's move between them left in place; sorted by where the first illegal move
//!   shows: at the first swapped token, at the opponent's reply between them, at the second,
//!   or later.
//!
//! Only edits that change the meaning are kept: an edited token that the checker still reads
//! as the move played (`Nbd2` → `Nd2` when only one knight can go there, a capture mark
//! added) is discarded and counted. A single-character edit that leaves a legal but different
//! move is measured apart ("legal but wrong"): it can only be found at the first later move
//! that becomes illegal, if any.
//!
//! What is measured, per kind:
//! - **located**: an error diagnostic overlaps the edited token (for a legal-but-wrong edit:
//!   the first error is at the first later move that becomes illegal);
//! - **top 1 / top 3**: the true move (compared with its SAN after stripping `+`/`#`, or read
//!   back as SAN to the same move) is the first suggestion / among the first three of the
//!   error diagnostic at the edited token;
//! - **named** (dropped and swapped half-moves): a `scoresheet::skipped_move` naming the
//!   dropped move (a unique fit) at the token after the gap, or a `scoresheet::swapped_moves`
//!   at the two swapped tokens naming both moves in the order played (for one side's moves,
//!   the repair `SwapOneSide`).
//!
//! A dropped or swapped half-move is *identifiable* when no other explanation of the same
//! kind fits the rest of the game: for a drop, exactly one (gap, move) pair near the edit
//! makes every later move legal; for a swap, no other swap nearby (adjacent, or of one
//! side's two moves) does. The "named"
//! target is measured on the identifiable cases (a move that the rest of the game does not
//! determine cannot be named); the counts of all cases are shown beside it.
//!
//! An independent oracle (shakmaty's SAN reader, lenient only about a wrong capture mark, as
//! the checker is) decides which later move first becomes illegal; the games used are those
//! whose every main-line token it reads as the checker does. A swap that the checker reads as
//! the same moves (only the capture marks moved: `Qb3 Qxb3` → `Qxb3 Qb3`) is discarded.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

// ---------------------------------------------------------------------------------------------
// Random numbers
// ---------------------------------------------------------------------------------------------

/// A tiny deterministic generator (xorshift64*), seeded through splitmix64.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for this seed (any seed, zero included).
    pub const fn new(seed: u64) -> Self {
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        Rng(if z == 0 { 1 } else { z })
    }

    /// The next 64 random bits.
    pub const fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n > 0`).
    pub const fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

// ---------------------------------------------------------------------------------------------
// Corpus
// ---------------------------------------------------------------------------------------------

/// The corpus folder: `SCORESHEET_CORPUS`, else `$CARGO_MANIFEST_DIR/../shared/corpus`, when its
/// `bulk/` folder exists.
pub fn corpus_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("SCORESHEET_CORPUS") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"),
    };
    dir.join("bulk").is_dir().then_some(dir)
}

/// One game of the corpus, as text.
#[derive(Clone, Debug)]
pub struct CorpusGame {
    /// The file it comes from.
    pub file: String,
    /// 1-based number of the game in that file.
    pub number: usize,
    /// The game's text (tag pairs and movetext).
    pub text: String,
}

/// The games of `bulk/*.pgn`, files in name order.
#[derive(Clone, Debug, Default)]
pub struct Corpus {
    /// Every game of every file.
    pub games: Vec<CorpusGame>,
}

impl Corpus {
    /// Reads and splits the games of `dir/bulk/*.pgn`.
    ///
    /// # Errors
    /// When the folder or a file cannot be read.
    pub fn load(dir: &Path) -> std::io::Result<Corpus> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("bulk"))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
            .collect();
        files.sort();
        let mut games = Vec::new();
        for path in files {
            let bytes = std::fs::read(&path)?;
            let decoded = scoresheet::read::decode(&bytes);
            let text = decoded.text.as_ref();
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            for (i, span) in scoresheet::read::split_games(text).into_iter().enumerate() {
                games.push(CorpusGame {
                    file: name.clone(),
                    number: i + 1,
                    text: text[span.start..span.end].to_owned(),
                });
            }
        }
        Ok(Corpus { games })
    }
}

// ---------------------------------------------------------------------------------------------
// Kinds of mistakes and results
// ---------------------------------------------------------------------------------------------

/// A kind of injected mistake.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// One character of a move replaced.
    Substitution,
    /// One character inserted into a move.
    Insertion,
    /// One character of a move deleted.
    Deletion,
    /// The piece letter of a piece move replaced by another piece letter.
    PieceLetter,
    /// A half-move left out.
    Dropped,
    /// Two adjacent half-moves written in the wrong order.
    Swapped,
    /// One side's two consecutive moves written in the wrong order (the opponent's move
    /// between them left in its place).
    SameSideSwap,
    /// Two independent mistakes in one game: a dropped half-move and a slip 5–20 half-moves
    /// apart (either first), or two slips 10–30 apart (see `run/two.rs`).
    TwoErrors,
    /// Three independent mistakes in one game: a dropped half-move and two slips, or three
    /// slips, each 5–20 half-moves after the last (see `run/two.rs`).
    ThreeErrors,
}

impl Kind {
    /// Every kind, in the order cases cycle through them.
    pub const ALL: [Kind; 9] = [
        Kind::Substitution,
        Kind::Insertion,
        Kind::Deletion,
        Kind::PieceLetter,
        Kind::Dropped,
        Kind::Swapped,
        Kind::SameSideSwap,
        Kind::TwoErrors,
        Kind::ThreeErrors,
    ];

    /// Its name in reports.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Substitution => "substitution",
            Kind::Insertion => "insertion",
            Kind::Deletion => "deletion",
            Kind::PieceLetter => "piece letter",
            Kind::Dropped => "dropped half-move",
            Kind::Swapped => "swapped half-moves",
            Kind::SameSideSwap => "same-side swap",
            Kind::TwoErrors => "two errors",
            Kind::ThreeErrors => "three errors",
        }
    }

    /// True for the edits of one character inside a move token.
    pub const fn single_char(self) -> bool {
        !matches!(
            self,
            Kind::Dropped
                | Kind::Swapped
                | Kind::SameSideSwap
                | Kind::TwoErrors
                | Kind::ThreeErrors
        )
    }
}

/// One injected mistake and what the checker made of it.
#[derive(Clone, Debug)]
pub struct Case {
    /// The kind of mistake.
    pub kind: Kind,
    /// A finer kind (`confusion`, `keyboard`, `file/rank`, …).
    pub sub: &'static str,
    /// Where the game comes from: file and 1-based game number.
    pub origin: (String, usize),
    /// The ply of the (first) edited token, 1 = White's first move.
    pub ply: u32,
    /// The token as it was (for a swap: both tokens).
    pub written: String,
    /// What stands there now (empty for a dropped half-move).
    pub edited: String,
    /// The true move in SAN (for a swap: both, in the order played).
    pub truth: String,
    /// The edited token is a legal move, but not the one played.
    pub legal_but_wrong: bool,
    /// The edited token is no longer read as a move at all.
    pub unreadable: bool,
    /// Some move becomes illegal (always true for illegal edits).
    pub detectable: bool,
    /// Dropped and swapped: only this explanation fits the rest of the game.
    pub identifiable: bool,
    /// See the module docs.
    pub located: bool,
    /// Legal-but-wrong edits: an error diagnostic overlaps the edited token itself.
    pub located_at_edit: bool,
    /// Index of the true move among the suggestions of the error at the edited token.
    pub rank: Option<usize>,
    /// Dropped and swapped: the mistake is named with the right move(s); two errors: each is.
    pub named: bool,
    /// Two errors: an error diagnostic at a token that is neither mistake (a correct move
    /// blamed).
    pub blamed: bool,
    /// Why the case falls short of a target (empty when it meets them).
    pub cause: String,
    /// The text around the edit, before.
    pub before: String,
    /// The text around the edit, after.
    pub after: String,
    /// The checker's errors and repairs on the edited text, in short.
    pub report: String,
}

impl Case {
    /// Single-character edit that makes the move illegal, ambiguous or unreadable.
    pub const fn in_single_char_target(&self) -> bool {
        self.kind.single_char() && !self.legal_but_wrong
    }

    /// Dropped or swapped half-move that the rest of the game determines.
    pub const fn in_named_target(&self) -> bool {
        !self.kind.single_char() && self.identifiable
    }
}

/// Counts over a set of cases.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rates {
    /// Cases.
    pub n: usize,
    /// Located.
    pub located: usize,
    /// True move first.
    pub top1: usize,
    /// True move among the first three.
    pub top3: usize,
    /// Named with the right move.
    pub named: usize,
}

impl Rates {
    /// Adds one case.
    pub fn add(&mut self, c: &Case) {
        self.n += 1;
        self.located += usize::from(c.located);
        self.top1 += usize::from(c.rank == Some(0));
        self.top3 += usize::from(c.rank.is_some_and(|r| r < 3));
        self.named += usize::from(c.named);
    }

    /// `part` of `n` in percent (100 when `n` is 0).
    pub fn pct(&self, part: usize) -> f64 {
        if self.n == 0 {
            100.0
        } else {
            part as f64 * 100.0 / self.n as f64
        }
    }
}

/// All cases of one run.
#[derive(Clone, Debug, Default)]
pub struct Results {
    /// The seed.
    pub seed: u64,
    /// The cases kept, in order.
    pub cases: Vec<Case>,
    /// Edits discarded because the checker still read the move played, per kind.
    pub discarded: BTreeMap<Kind, usize>,
    /// Games of the corpus tried, and how many of them qualified (no errors, no variations,
    /// at least 12 half-moves, every token read alike by the oracle).
    pub games_tried: usize,
    /// See `games_tried`.
    pub games_clean: usize,
    /// Time spent checking games, clean and with mistakes.
    pub timing: Timing,
}

/// Time spent checking games (the checker's `check_str` alone, not the scoring).
#[derive(Clone, Copy, Debug, Default)]
pub struct Timing {
    /// Checking the clean games (once each, when they are prepared).
    pub clean_secs: f64,
    /// Clean games checked.
    pub clean_games: usize,
    /// Checking the games with mistakes.
    pub edited_secs: f64,
    /// Games with mistakes checked (discarded edits included).
    pub edited_games: usize,
}

impl Timing {
    /// Milliseconds per clean game and per game with mistakes, on average.
    pub fn per_game_ms(&self) -> (f64, f64) {
        let avg = |s: f64, n: usize| if n == 0 { 0.0 } else { s * 1000.0 / n as f64 };
        (
            avg(self.clean_secs, self.clean_games),
            avg(self.edited_secs, self.edited_games),
        )
    }
}

impl Results {
    /// Rates over the cases that pass `filter`.
    pub fn rates(&self, filter: impl Fn(&Case) -> bool) -> Rates {
        let mut r = Rates::default();
        for c in self.cases.iter().filter(|c| filter(c)) {
            r.add(c);
        }
        r
    }

    /// Single-character edits that make the move illegal or unreadable (the first target).
    pub fn single_char(&self) -> Rates {
        self.rates(Case::in_single_char_target)
    }

    /// Identifiable dropped or swapped half-moves of this kind (the second target).
    pub fn named(&self, kind: Kind) -> Rates {
        self.rates(|c| c.kind == kind && c.in_named_target())
    }

    /// The tables of counts and percentages.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let p = |r: &Rates, x: usize| format!("{:>6.1}%", r.pct(x));
        let _ = writeln!(
            out,
            "seed {}: {} cases from {} games ({} of {} games tried qualified)",
            self.seed,
            self.cases.len(),
            {
                let mut g: Vec<&(String, usize)> = self.cases.iter().map(|c| &c.origin).collect();
                g.sort();
                g.dedup();
                g.len()
            },
            self.games_clean,
            self.games_tried
        );
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "Single-character edits that make the move illegal or unreadable"
        );
        let _ = writeln!(
            out,
            "  {:<28} {:>6} {:>7} {:>7} {:>7} {:>7}   {:>9} {:>9}",
            "kind", "cases", "located", "top 1", "top 3", "unread.", "discarded", "legal"
        );
        let mut subs: BTreeMap<(Kind, &'static str), ()> = BTreeMap::new();
        for c in self.cases.iter().filter(|c| c.kind.single_char()) {
            subs.insert((c.kind, c.sub), ());
        }
        for kind in Kind::ALL.into_iter().filter(|k| k.single_char()) {
            let rows: Vec<&'static str> = subs
                .keys()
                .filter(|(k, _)| *k == kind)
                .map(|(_, s)| *s)
                .collect();
            let mut line = |label: String, f: &dyn Fn(&Case) -> bool, extra: String| {
                let r = self.rates(|c| c.in_single_char_target() && f(c));
                let unread = self
                    .cases
                    .iter()
                    .filter(|c| c.in_single_char_target() && f(c) && c.unreadable)
                    .count();
                let legal = self
                    .cases
                    .iter()
                    .filter(|c| c.kind.single_char() && c.legal_but_wrong && f(c))
                    .count();
                let _ = writeln!(
                    out,
                    "  {label:<28} {:>6} {} {} {} {:>7}   {extra:>9} {legal:>9}",
                    r.n,
                    p(&r, r.located),
                    p(&r, r.top1),
                    p(&r, r.top3),
                    unread
                );
            };
            let disc = self.discarded.get(&kind).copied().unwrap_or(0);
            line(
                kind.name().to_owned(),
                &|c: &Case| c.kind == kind,
                disc.to_string(),
            );
            if rows.len() > 1 {
                for s in rows {
                    line(
                        format!("  {s}"),
                        &|c: &Case| c.kind == kind && c.sub == s,
                        String::new(),
                    );
                }
            }
        }
        let r = self.single_char();
        let _ = writeln!(
            out,
            "  {:<28} {:>6} {} {} {}   targets: 100% located, >= 95% top 1, >= 99% top 3",
            "all single-character",
            r.n,
            p(&r, r.located),
            p(&r, r.top1),
            p(&r, r.top3)
        );
        let _ = writeln!(out);
        let lw = self.rates(|c| c.kind.single_char() && c.legal_but_wrong);
        let lw_det = self.rates(|c| c.kind.single_char() && c.legal_but_wrong && c.detectable);
        let at_edit = self
            .cases
            .iter()
            .filter(|c| c.kind.single_char() && c.legal_but_wrong && c.located_at_edit)
            .count();
        let _ = writeln!(
            out,
            "Single-character edits that leave a legal but different move: {} ({} never become illegal)",
            lw.n,
            lw.n - lw_det.n
        );
        let _ = writeln!(
            out,
            "  located at the first move that becomes illegal or named at the edit: {} of {} ({:.1}%); an error at the edited token itself: {}",
            lw_det.located,
            lw_det.n,
            lw_det.pct(lw_det.located),
            at_edit
        );
        let _ = writeln!(
            out,
            "  named at the edit as a slip (`likely_slip`, the true move assumed): {} of {} ({:.1}%)",
            lw_det.named,
            lw_det.n,
            lw_det.pct(lw_det.named)
        );
        let _ = writeln!(out);
        let _ = writeln!(out, "Dropped and swapped half-moves");
        let _ = writeln!(
            out,
            "  {:<28} {:>6} {:>7} {:>7} {:>7} {:>7} {:>7}   {:>9}",
            "kind", "cases", "undet.", "ident.", "named", "located", "named*", "discarded"
        );
        for kind in [Kind::Dropped, Kind::Swapped, Kind::SameSideSwap] {
            let all = self.rates(|c| c.kind == kind);
            let det = self.rates(|c| c.kind == kind && c.detectable);
            let id = self.named(kind);
            let _ = writeln!(
                out,
                "  {:<28} {:>6} {:>7} {:>7} {} {} {}   {:>9}",
                kind.name(),
                all.n,
                all.n - det.n,
                id.n,
                p(&id, id.named),
                p(&id, id.located),
                p(&det, det.named),
                self.discarded.get(&kind).copied().unwrap_or(0)
            );
        }
        let _ = writeln!(
            out,
            "  undet.: the edited game is legal throughout; ident.: only this explanation fits the rest of the game"
        );
        let _ = writeln!(
            out,
            "  named, located: of the identifiable cases; named*: of all detectable cases. Target: >= 95% named"
        );
        let _ = writeln!(out);
        self.several_errors_table(&mut out, Kind::TwoErrors, "Two errors in one game");
        let _ = writeln!(out);
        self.several_errors_table(&mut out, Kind::ThreeErrors, "Three errors in one game");
        let (clean, edited) = self.timing.per_game_ms();
        let mistakes: usize = self
            .cases
            .iter()
            .map(|c| match c.kind {
                Kind::TwoErrors => 2,
                Kind::ThreeErrors => 3,
                _ => 1,
            })
            .sum();
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "Cost: a clean game {clean:.2} ms, a game with mistakes {edited:.2} ms ({} games, {mistakes} mistakes in the cases kept): {:.2} ms more per game. Target: <= 5 ms per bad move",
            self.timing.edited_games,
            edited - clean
        );
        out
    }

    /// The cases of `kind` (two or three errors): per order, how many have every mistake
    /// located and named, and how many blame a correct move.
    fn several_errors_table(&self, out: &mut String, kind: Kind, title: &str) {
        let _ = writeln!(out, "{title}");
        let _ = writeln!(
            out,
            "  {:<28} {:>6} {:>7} {:>7} {:>7} {:>9} {:>7}",
            "order", "cases", "ident.", "located", "named", "blamed", "named*"
        );
        let mut subs: Vec<&'static str> = self
            .cases
            .iter()
            .filter(|c| c.kind == kind)
            .map(|c| c.sub)
            .collect();
        subs.sort_unstable();
        subs.dedup();
        let row = |out: &mut String, label: &str, f: &dyn Fn(&Case) -> bool| {
            let all = self.rates(|c| c.kind == kind && f(c));
            let r = self.rates(|c| c.kind == kind && c.identifiable && f(c));
            let blamed = self
                .cases
                .iter()
                .filter(|c| c.kind == kind && c.identifiable && c.blamed && f(c))
                .count();
            let _ = writeln!(
                out,
                "  {label:<28} {:>6} {:>7} {:>6.1}% {:>6.1}% {:>9} {:>6.1}%",
                all.n,
                r.n,
                r.pct(r.located),
                r.pct(r.named),
                blamed,
                all.pct(all.named)
            );
        };
        for s in &subs {
            row(out, s, &|c: &Case| c.sub == *s);
        }
        row(out, "all", &|_: &Case| true);
        let _ = writeln!(
            out,
            "  located, named: each mistake, of the identifiable cases (each mistake has one explanation: the drop one (gap, move), each slip no other reading as close that fits the rest); blamed: cases with an error at a correct move; named*: of all cases. Target: >= 90% named, none blamed"
        );
    }

    /// The cases that miss a target, grouped by cause, with up to `per_group` examples each.
    pub fn failures(&self, per_group: usize) -> String {
        let mut groups: BTreeMap<(Kind, String), Vec<&Case>> = BTreeMap::new();
        for c in &self.cases {
            if !c.cause.is_empty() {
                groups.entry((c.kind, c.cause.clone())).or_default().push(c);
            }
        }
        let mut order: Vec<(&(Kind, String), &Vec<&Case>)> = groups.iter().collect();
        order.sort_by_key(|(k, v)| (k.0, std::cmp::Reverse(v.len())));
        let mut out = String::new();
        for ((kind, cause), cases) in order {
            let _ = writeln!(out, "[{}] {} — {} case(s)", kind.name(), cause, cases.len());
            for c in cases.iter().take(per_group) {
                let _ = writeln!(
                    out,
                    "    {} #{} ply {} ({}): `{}` -> `{}`, true move `{}`",
                    c.origin.0, c.origin.1, c.ply, c.sub, c.written, c.edited, c.truth
                );
                let _ = writeln!(out, "      before: {}", c.before);
                let _ = writeln!(out, "      after:  {}", c.after);
                for l in c.report.lines() {
                    let _ = writeln!(out, "      {l}");
                }
            }
        }
        out
    }
}

pub mod run;
pub use run::run;
