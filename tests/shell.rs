//! Shell completions and manual pages (issue 19 item 5), made from the command line's own
//! definition: they name every command and the options of the current release.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(out: &Output) -> String {
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).expect("UTF-8")
}

#[test]
fn completions_name_every_command_and_the_new_options() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = stdout(&run(&["completions", shell]));
        for word in [
            "check",
            "convert",
            "lint",
            "position",
            "to-lang",
            "main-line",
        ] {
            assert!(script.contains(word), "{shell}: no `{word}`");
        }
    }
    // The bash script is valid bash.
    let script = stdout(&run(&["completions", "bash"]));
    if let Ok(check) = Command::new("bash").args(["-n", "-c", &script]).output() {
        assert!(
            check.status.success(),
            "{}",
            String::from_utf8_lossy(&check.stderr)
        );
    }
    assert_eq!(run(&["completions", "tcsh"]).status.code(), Some(2));
}

#[test]
fn the_manual_pages_are_roff_one_per_command() {
    let page = stdout(&run(&["man"]));
    assert!(page.contains(".TH scoresheet 1"), "{page}");
    assert!(
        page.contains("convert") && page.contains("position"),
        "{page}"
    );
    let dir = std::env::temp_dir().join(format!("scoresheet-man-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    stdout(&run(&["man", "--dir", dir.to_str().unwrap()]));
    let convert = std::fs::read_to_string(dir.join("scoresheet-convert.1")).expect("a page");
    assert!(convert.contains(".TH scoresheet-convert 1"), "{convert}");
    for option in ["manuscript", "in\\-place", "main\\-line", "knight"] {
        assert!(
            convert.contains(option),
            "no `{option}` in the convert page"
        );
    }
    for name in [
        "scoresheet.1",
        "scoresheet-check.1",
        "scoresheet-lint.1",
        "scoresheet-position.1",
    ] {
        assert!(dir.join(name).is_file(), "{name}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
