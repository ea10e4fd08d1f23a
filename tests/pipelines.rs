//! The README's recipes for scaling out (issue 19 item 3), run as written: a large PGN cut
//! into pieces by GNU `parallel --pipe`, each piece checked with `--format jsonl --totals`,
//! the pieces' lines made into one file's by `scoresheet join`, gives exactly the lines of
//! one run over the whole file; the same over "hosts" (`parallel -S`, through a stand-in for
//! ssh that runs the command here). Needs Debian's `parallel`; CI installs it.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_scoresheet");

fn parallel_or_skip(test: &str) -> bool {
    let found = Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        common::skip(
            test,
            "GNU parallel is not installed (Debian package `parallel`)",
        );
    }
    found
}

/// Runs a shell pipeline; its standard output.
fn sh(script: &str) -> String {
    let out = Command::new("sh")
        .args(["-c", script])
        .output()
        .expect("sh runs");
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "{script}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// A file of this test's own.
fn temp(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("pipelines");
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

/// Two corpus files one after the other, with slips planted: a PGN of 1,690 games, in a
/// file of the calling test's own (the tests run at once, and one writing the file while
/// another reads it gave CI a short read).
fn large_pgn(corpus: &Path, test: &str) -> PathBuf {
    let path = temp(&format!("{test}.pgn"));
    let mut text = Vec::new();
    for f in ["bulk/twic1599_1000k.pgn", "bulk/world_matches.pgn"] {
        text.extend(std::fs::read(corpus.join(f)).expect("corpus file"));
        text.push(b'\n');
    }
    // Slips to place: in every 25th game, the first ` Nf3 ` typed ` Nf4 `, a typist's
    // neighbouring key.
    let text = String::from_utf8(text).expect("UTF-8");
    let mut out = String::with_capacity(text.len());
    for (i, game) in text.split_inclusive("\n[Event ").enumerate() {
        if i % 25 == 7 {
            out.push_str(&game.replacen(" Nf3 ", " Nf4 ", 1));
        } else {
            out.push_str(game);
        }
    }
    std::fs::write(&path, out).expect("written");
    path
}

fn one_run(pgn: &Path) -> String {
    sh(&format!(
        "{BIN} check --format jsonl --totals --lang en --stdin-filename large.pgn - < {}",
        pgn.display()
    ))
}

fn lines_with_errors(jsonl: &str) -> usize {
    jsonl
        .lines()
        .filter(|l| l.contains("\"severity\":\"error\""))
        .count()
}

#[test]
fn parallel_pipe_gives_the_lines_of_one_run() {
    let Some(corpus) = common::corpus_or_skip("parallel_pipe_gives_the_lines_of_one_run") else {
        return;
    };
    if !parallel_or_skip("parallel_pipe_gives_the_lines_of_one_run") {
        return;
    }
    let pgn = large_pgn(&corpus, "pipe");
    let whole = one_run(&pgn);
    // The recipe of the README, word for word but for the paths.
    let joined = sh(&format!(
        "parallel --will-cite --pipe --keep-order --block 300k --recstart '[Event ' \
         {BIN} check --format jsonl --totals --lang en --stdin-filename large.pgn - \
         < {} | {BIN} join",
        pgn.display()
    ));
    let pieces = sh(&format!(
        "parallel --will-cite --pipe --keep-order --block 300k --recstart '[Event ' \
         {BIN} check --format jsonl --totals --lang en - < {} | grep -c '\"totals\"'",
        pgn.display()
    ));
    let pieces: usize = pieces.trim().parse().expect("a count");
    assert!(pieces >= 5, "cut in {pieces} pieces only");
    let games = whole.lines().filter(|l| l.contains("\"game\":")).count();
    assert!(games > 1500, "{games} lines");
    assert!(
        lines_with_errors(&whole) > 0,
        "the file has errors to place"
    );
    assert_eq!(joined, whole);
}

#[test]
fn parallel_over_hosts_gives_the_lines_of_one_run() {
    let test = "parallel_over_hosts_gives_the_lines_of_one_run";
    let Some(corpus) = common::corpus_or_skip(test) else {
        return;
    };
    if !parallel_or_skip(test) {
        return;
    }
    let pgn = large_pgn(&corpus, "hosts");
    // A stand-in for ssh: it notes the host and runs the command here (the command parallel
    // sends is the one it sends to a real host). Like sshd, it gives the command a login
    // shell in SHELL: parallel's remote wrapper runs the job with `$SHELL`, and CI's bare
    // environment has none (every job then failed silently and the join was empty).
    let log = temp("hosts.log");
    let _ = std::fs::remove_file(&log);
    let ssh = temp("fake-ssh");
    std::fs::write(
        &ssh,
        format!(
            "#!/bin/sh\necho \"$1\" >> {}\nshift\n[ \"$1\" = \"--\" ] && shift\n\
             export SHELL=\"${{SHELL:-/bin/sh}}\"\nexec sh -c \"$*\"\n",
            log.display()
        ),
    )
    .expect("written");
    sh(&format!("chmod +x {}", ssh.display()));
    let joined = sh(&format!(
        "parallel --will-cite --pipe --keep-order --block 300k --recstart '[Event ' \
         --ssh {} -S 2/host1,2/host2 \
         {BIN} check --format jsonl --totals --lang en --stdin-filename large.pgn - \
         < {} | {BIN} join",
        ssh.display(),
        pgn.display()
    ));
    assert_eq!(joined, one_run(&pgn));
    let hosts = std::fs::read_to_string(&log).expect("the stand-in ran");
    assert!(
        hosts.contains("host1") && hosts.contains("host2"),
        "{hosts}"
    );
}
