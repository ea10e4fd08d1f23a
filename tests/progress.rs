//! The progress line (issue 19 item 4): drawn on standard error when it is a terminal (here a
//! pseudo-terminal made by util-linux's `script`), with the file, the games and the games per
//! second; nothing when standard error is not a terminal or with `--quiet`; the report on
//! standard output the same either way.

mod common;

use std::path::PathBuf;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_scoresheet");

/// A PGN of 300 games, two of them with an illegal move.
fn games() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("progress");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("games.pgn");
    let mut text = String::new();
    for i in 0..300 {
        let slip = if i % 150 == 7 { "Bb4" } else { "Bb5" };
        text.push_str(&format!(
            "[Event \"{i}\"]\n\n1. e4 e5 2. Nf3 Nc6 3. {slip} a6 4. Ba4 Nf6 5. O-O Be7 *\n\n"
        ));
    }
    std::fs::write(&path, text).expect("written");
    path
}

/// Runs `command` (a shell command line) with its standard error on a pseudo-terminal: what
/// reached the terminal, or `None` when `script` is missing.
fn on_a_terminal(command: &str) -> Option<String> {
    // A minute at most: a progress line that blocks the command fails the test, not CI.
    let out = Command::new("timeout")
        .args(["60", "script", "-qec", command, "/dev/null"])
        // Drawn from the start (it waits half a second by default).
        .env("SCORESHEET_PROGRESS_AFTER", "0")
        // A terminal that redraws (CI's environment may have no TERM at all).
        .env("TERM", "xterm")
        .output()
        .ok()?;
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

fn script_or_skip(test: &str) -> bool {
    let found = Command::new("script").arg("--version").output().is_ok();
    if !found {
        common::skip(test, "util-linux's `script` is not installed");
    }
    found
}

#[test]
fn drawn_on_a_terminal_only() {
    if !script_or_skip("drawn_on_a_terminal_only") {
        return;
    }
    let pgn = games();
    let dir = pgn.parent().unwrap();
    for (command, args) in [
        ("check", ""),
        ("check", "--format jsonl"),
        ("convert", "--to san --repair"),
        ("lint", ""),
    ] {
        let report = dir.join(format!("{command}.out"));
        let shown = on_a_terminal(&format!(
            "{BIN} {command} {args} {} > {}",
            pgn.display(),
            report.display()
        ))
        .expect("script runs");
        assert!(shown.contains("games.pgn: "), "{command}: {shown:?}");
        assert!(shown.contains(" games/s"), "{command}: {shown:?}");
        let on_terminal = std::fs::read(&report).expect("the report");
        // The same command with standard error not a terminal: no progress, the same report.
        let plain = Command::new("sh")
            .args(["-c", &format!("{BIN} {command} {args} {}", pgn.display())])
            .output()
            .expect("runs");
        assert_eq!(plain.stdout, on_terminal, "{command}");
        let stderr = String::from_utf8_lossy(&plain.stderr);
        assert!(!stderr.contains("games/s"), "{command}: {stderr}");
        assert!(!stderr.contains('\r'), "{command}: {stderr:?}");
        // A short run (one game) with the default delay of half a second draws nothing.
        let one = dir.join("one.pgn");
        std::fs::write(&one, "1. e4 e5 2. Nf3 Nc6 *\n").expect("written");
        let short = Command::new("script")
            .args([
                "-qec",
                &format!("{BIN} {command} {args} {} > /dev/null", one.display()),
                "/dev/null",
            ])
            .env_remove("SCORESHEET_PROGRESS_AFTER")
            .env("TERM", "xterm")
            .output()
            .expect("script runs");
        assert!(
            !String::from_utf8_lossy(&short.stdout).contains("games/s"),
            "{command}"
        );
        // --quiet on a terminal: nothing drawn.
        let quiet = on_a_terminal(&format!(
            "{BIN} {command} --quiet {args} {} > /dev/null",
            pgn.display()
        ))
        .expect("script runs");
        assert!(!quiet.contains("games/s"), "{command}: {quiet:?}");
        // A terminal that cannot redraw a line (TERM unset or `dumb`): nothing drawn, and the
        // same report.
        for term in [None, Some("dumb")] {
            let mut cmd = Command::new("script");
            cmd.args([
                "-qec",
                &format!(
                    "{BIN} {command} {args} {} > {}",
                    pgn.display(),
                    report.display()
                ),
                "/dev/null",
            ])
            .env("SCORESHEET_PROGRESS_AFTER", "0")
            .env_remove("TERM");
            if let Some(term) = term {
                cmd.env("TERM", term);
            }
            let dumb = cmd.output().expect("script runs");
            let dumb = String::from_utf8_lossy(&dumb.stdout);
            assert!(!dumb.contains("games/s"), "{command} {term:?}: {dumb:?}");
            assert_eq!(std::fs::read(&report).expect("the report"), on_terminal);
        }
    }
}
