//! `scoresheet lsp` driven as an editor drives it: the real binary started, JSON-RPC messages
//! framed with `Content-Length` headers written to its standard input and read from its
//! standard output.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;

use serde_json::{Value, json};

/// A client of one server process.
struct Client {
    child: Child,
    /// The reader of the server's standard error: its log lines (`SCORESHEET_LSP_LOG` is set),
    /// whole once the server has exited.
    log: std::thread::JoinHandle<Vec<String>>,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    next_id: i64,
}

impl Client {
    /// Starts the server and initializes it.
    fn start() -> Client {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_scoresheet"));
        cmd.arg("lsp")
            .env("SCORESHEET_LSP_LOG", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = cmd.spawn().expect("scoresheet lsp starts");
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        let errors = BufReader::new(child.stderr.take().expect("stderr"));
        let log = std::thread::spawn(move || errors.lines().map_while(Result::ok).collect());
        let mut c = Client {
            child,
            log,
            input,
            output,
            next_id: 1,
        };
        let init = c.request("initialize", json!({"processId": null, "capabilities": {}}));
        let caps = &init["capabilities"];
        assert_eq!(
            caps["textDocumentSync"]["change"], 2,
            "incremental sync: {init}"
        );
        assert_eq!(caps["positionEncoding"], "utf-16");
        assert_eq!(caps["hoverProvider"], true);
        c.notify("initialized", json!({}));
        c
    }

    fn send(&mut self, message: &Value) {
        let body = serde_json::to_vec(message).expect("serialises");
        write!(self.input, "Content-Length: {}\r\n\r\n", body.len()).expect("writes");
        self.input.write_all(&body).expect("writes");
        self.input.flush().expect("flushes");
    }

    /// The next message of the server.
    fn receive(&mut self) -> Value {
        let mut length = None;
        loop {
            let mut line = String::new();
            let n = self.output.read_line(&mut line).expect("reads a header");
            assert!(n > 0, "the server closed its output");
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(v) = line.strip_prefix("Content-Length: ") {
                length = Some(v.parse::<usize>().expect("a length"));
            }
        }
        let mut body = vec![0; length.expect("a Content-Length header")];
        self.output.read_exact(&mut body).expect("reads a body");
        serde_json::from_slice(&body).expect("JSON")
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and returns the response, result or error (notifications met first
    /// are left).
    fn call(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let m = self.receive();
            if m["id"] == id {
                return m;
            }
        }
    }

    /// Sends a request and returns its result, which must not be an error.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let m = self.call(method, params);
        assert!(m.get("error").is_none(), "{method}: {m}");
        m["result"].clone()
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        self.diagnostics_of(uri, None)
    }

    /// The next diagnostics published for `uri` at `version` (others are skipped: a whole
    /// lint of an earlier text may publish again).
    fn diagnostics_of(&mut self, uri: &str, version: Option<i32>) -> Vec<Value> {
        loop {
            let m = self.receive();
            if m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && version.is_none_or(|v| m["params"]["version"] == v)
            {
                return m["params"]["diagnostics"]
                    .as_array()
                    .expect("a list")
                    .clone();
            }
        }
    }

    fn open(&mut self, uri: &str, language_id: &str, text: &str) -> Vec<Value> {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": language_id, "version": 1, "text": text}}),
        );
        self.diagnostics(uri)
    }

    /// One incremental change: the range (line, UTF-16 character) replaced by `text`.
    fn change(&mut self, uri: &str, version: i32, range: ((u32, u32), (u32, u32)), text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": range_json(range), "text": text}],
            }),
        );
    }

    /// Shuts the server down; returns its log lines.
    fn shutdown(mut self) -> Vec<String> {
        let r = self.request("shutdown", Value::Null);
        assert!(r.is_null());
        self.notify("exit", Value::Null);
        let status = self.child.wait().expect("exits");
        let log = self.log.join().expect("the log");
        assert!(status.success(), "{status}: {log:?}");
        log
    }
}

fn range_json(((l1, c1), (l2, c2)): ((u32, u32), (u32, u32))) -> Value {
    json!({"start": {"line": l1, "character": c1}, "end": {"line": l2, "character": c2}})
}

/// A diagnostic's range as ((line, character), (line, character)).
fn range_of(d: &Value) -> ((u64, u64), (u64, u64)) {
    let p = |v: &Value| {
        (
            v["line"].as_u64().unwrap(),
            v["character"].as_u64().unwrap(),
        )
    };
    (p(&d["range"]["start"]), p(&d["range"]["end"]))
}

/// A fresh folder for a test's files (the configuration is looked for from it).
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("scoresheet-lsp-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("creates a folder");
    dir
}

fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

#[test]
fn an_illegal_move_is_published_offered_and_cleared_by_an_edit() {
    let mut c = Client::start();
    let dir = folder("pgn");
    let u = uri(&dir.join("game.pgn"));
    let text = "[Event \"Club\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb4 a6 *\n";
    let d = c.open(&u, "pgn", text);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0]["code"], "SC101");
    assert_eq!(d[0]["severity"], 1);
    // `Bb4` on line 2, characters 23..26.
    assert_eq!(range_of(&d[0]), ((2, 23), (2, 26)));
    assert!(
        d[0]["message"].as_str().unwrap().contains("Bb4"),
        "{}",
        d[0]
    );

    // The suggestions as code actions, the best first and preferred.
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": u}, "range": range_json(((2, 24), (2, 24))),
               "context": {"diagnostics": []}}),
    );
    let actions = actions.as_array().expect("a list");
    assert!(actions.len() >= 2, "{actions:?}");
    let first = &actions[0];
    assert_eq!(first["kind"], "quickfix");
    assert_eq!(first["isPreferred"], true);
    let edit = &first["edit"]["changes"][&u][0];
    assert_eq!(edit["range"], range_json(((2, 23), (2, 26))));
    let best = edit["newText"].as_str().unwrap().to_owned();
    assert_eq!(first["title"], format!("Replace with `{best}`"));
    assert!(["Bc4", "Bb5"].contains(&best.as_str()), "{best}");
    assert!(actions[1].get("isPreferred").is_none(), "{}", actions[1]);

    // A request whose parameters do not read is answered with an error; the server goes on.
    let answer = c.call("textDocument/hover", json!({}));
    assert_eq!(answer["error"]["code"], -32602, "{answer}");
    let answer = c.call("textDocument/rename", json!({}));
    assert_eq!(answer["error"]["code"], -32601, "{answer}");

    // `Bb4` → `Bb5`: an incremental edit of one character.
    c.change(&u, 2, ((2, 25), (2, 26)), "5");
    let d = c.diagnostics_of(&u, Some(2));
    assert!(d.is_empty(), "{d:?}");
    c.shutdown();
}

#[test]
fn a_markdown_chapter_is_linted_with_its_prose() {
    let mut c = Client::start();
    let dir = folder("md");
    let u = uri(&dir.join("chapter.md"));
    let text = "# Chapter 1\n\nThe Ruy Lopez.\n\n```pgn\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 *\n```\n\nAfter 4...dxc6 5. Nxe5 Qd4 White has won a pawn.\n\n```pgn\n1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bh5 *\n```\n";
    let d = c.open(&u, "markdown", text);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0]["code"], "SC101");
    // `Bh5` of the second game, line 11.
    let col = text.lines().nth(11).unwrap().find("Bh5").unwrap() as u64;
    assert_eq!(range_of(&d[0]), ((11, col), (11, col + 3)));
    // The prose's fragment is read against the first game: `Qd4` forks, it is legal; `Qe4`
    // is not.
    assert_eq!(text.lines().nth(8).unwrap().find("Qd4"), Some(23));
    // Hover on a move of the prose: placed after the game's fourth move.
    let h = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": u}, "position": {"line": 8, "character": 19}}),
    );
    let value = h["contents"]["value"].as_str().expect("markdown");
    assert!(value.contains("5. Nxe5"), "{value}");
    assert!(
        value.contains("the knight on f3 takes the pawn on e5"),
        "{value}"
    );
    c.change(&u, 2, ((8, 23), (8, 26)), "Qe4");
    let d = c.diagnostics_of(&u, Some(2));
    assert!(
        d.iter().any(|d| range_of(d).0 == (8, 23)),
        "a wrong move in the prose is found: {d:?}"
    );
    c.shutdown();
}

#[test]
fn cyrillic_positions_are_counted_in_utf16_units() {
    let mut c = Client::start();
    let dir = folder("ru");
    let u = uri(&dir.join("partie.txt"));
    // Russian letters (К knight, С bishop, Ф queen) and `×` captures, one wrong move.
    let text = "1. e4 e5 2. Кf3 Кc6 3. Сc4 Кf6 4. Кg5 d5 5. e×d5 К×d5 6. К×f7 Кр×f7 7. Фf3+ Крe6 8. Кc3 Кcb4 9. Сa5 *\n";
    let d = c.open(&u, "plaintext", text);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0]["code"], "SC101");
    let bad = text.find("Сa5").unwrap();
    // Bytes and UTF-16 units differ on this line: the range is in units.
    let units = text[..bad].encode_utf16().count() as u64;
    assert_ne!(units, bad as u64);
    assert_eq!(range_of(&d[0]), ((0, units), (0, units + 3)));

    // Hover on `Кf3`: the move in words and the board after it.
    let at = text[..text.find("Кf3").unwrap()].encode_utf16().count() as u32 + 1;
    let h = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": u}, "position": {"line": 0, "character": at}}),
    );
    let value = h["contents"]["value"].as_str().expect("markdown");
    assert_eq!(h["contents"]["kind"], "markdown");
    assert!(value.contains("2. Кf3"), "{value}");
    assert!(value.contains("the knight on g1 to f3"), "{value}");
    assert!(value.contains("```text\nBlack to move"), "{value}");
    assert!(value.contains("3 · · · · · ♘ · ·"), "{value}");
    let hr = range_of(&h);
    assert_eq!(hr, ((0, at as u64 - 1), (0, at as u64 + 2)));

    // Hover on a capture with check: said so.
    let at = text[..text.find("Фf3+").unwrap()].encode_utf16().count() as u32;
    let h = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": u}, "position": {"line": 0, "character": at}}),
    );
    let value = h["contents"]["value"].as_str().expect("markdown");
    assert!(value.contains("7. Фf3+"), "{value}");
    assert!(value.contains("the queen on d1 to f3, check"), "{value}");

    // The wrong move mended in units: `Сa5` → `Сd3`.
    let u32_units = units as u32;
    c.change(&u, 2, ((0, u32_units + 1), (0, u32_units + 3)), "d3");
    let d = c.diagnostics(&u);
    assert!(d.is_empty(), "{d:?}");
    c.shutdown();
}

#[test]
fn completion_offers_the_legal_moves_in_the_games_own_notation() {
    let mut c = Client::start();
    let dir = folder("complete");
    // German: `S` is the knight.
    let u = uri(&dir.join("partie.pgn"));
    let text = "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. S";
    c.open(&u, "pgn", text);
    let items = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": u}, "position": {"line": 0, "character": text.len()}}),
    );
    let labels: Vec<&str> = items
        .as_array()
        .expect("a list")
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert!(labels.contains(&"Sc3"), "{labels:?}");
    assert!(labels.contains(&"Sxe5"), "{labels:?}");
    assert!(labels.iter().all(|l| l.starts_with('S')), "{labels:?}");
    assert!(!labels.contains(&"Nc3"), "{labels:?}");
    let item = &items[0];
    assert_eq!(item["textEdit"]["range"], range_json(((0, 33), (0, 34))));

    // Bulgarian: `К` is the knight.
    let u = uri(&dir.join("bg.txt"));
    let text = "1. e4 e5 2. Кf3 Кc6 3. Оb5 a6 4. Оa4 Кf6 5. ";
    c.open(&u, "plaintext", text);
    let n = text.encode_utf16().count();
    let items = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": u}, "position": {"line": 0, "character": n}}),
    );
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert!(labels.contains(&"Кc3"), "{labels:?}");
    assert!(
        labels.contains(&"0-0") || labels.contains(&"O-O"),
        "{labels:?}"
    );
    assert!(
        labels.contains(&"Оxc6") || labels.contains(&"О:c6"),
        "{labels:?}"
    );

    // Descriptive.
    let u = uri(&dir.join("old.txt"));
    let text = "1. P-K4 P-K4 2. N";
    c.open(&u, "plaintext", text);
    let items = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": u}, "position": {"line": 0, "character": text.len()}}),
    );
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert!(labels.contains(&"N-KB3"), "{labels:?}");
    assert!(labels.contains(&"N-QB3"), "{labels:?}");
    c.shutdown();
}

#[test]
fn the_configuration_file_is_honoured() {
    let dir = folder("config");
    // `Qxf7` is mate, not marked: SC103, unless the configuration leaves the rule out.
    let text = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *\n";
    let mut c = Client::start();
    let u = uri(&dir.join("mate.pgn"));
    let d = c.open(&u, "pgn", text);
    assert!(d.iter().any(|d| d["code"] == "SC103"), "{d:?}");
    // A safe fix is the preferred action.
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": u}, "range": d[0]["range"],
               "context": {"diagnostics": []}}),
    );
    let first = &actions[0];
    assert_eq!(first["isPreferred"], true, "{actions}");
    assert_eq!(first["edit"]["changes"][&u][0]["newText"], "#", "{actions}");
    // The suggestion `Qxf7#` is that fix: not offered twice.
    let titles: Vec<&str> = actions
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    assert!(!titles.contains(&"Replace with `Qxf7#`"), "{titles:?}");
    c.shutdown();

    std::fs::write(dir.join("scoresheet.toml"), "ignore = [\"SC103\"]\n").expect("writes");
    let mut c = Client::start();
    let d = c.open(&u, "pgn", text);
    assert!(d.is_empty(), "{d:?}");
    // Still left out when the game is linted alone after an edit (two changes at once, in
    // order: `Nc6` → `Nx6` → `Na6`; `Qxf7` still mates, unmarked).
    c.notify(
        "textDocument/didChange",
        json!({
            "textDocument": {"uri": u, "version": 2},
            "contentChanges": [
                {"range": range_json(((0, 17), (0, 18))), "text": "x"},
                {"range": range_json(((0, 17), (0, 18))), "text": "a"},
            ],
        }),
    );
    let d = c.diagnostics(&u);
    assert!(d.is_empty(), "{d:?}");
    c.shutdown();
}

#[test]
fn the_whole_documents_style_is_judged_again_when_typing_pauses() {
    let mut c = Client::start();
    let dir = folder("style");
    let u = uri(&dir.join("games.pgn"));
    let game = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 *";
    let text =
        format!("[Event \"a\"]\n\n{game}\n\n[Event \"b\"]\n\n{game}\n\n[Event \"c\"]\n\n{game}\n");
    assert!(c.open(&u, "pgn", &text).is_empty());
    // The third game castles `0-0`: the section alone cannot tell it from the book's `O-O`;
    // the whole lint behind it can, and publishes it for the same version.
    let col = game.find("O-O").unwrap() as u32;
    c.change(&u, 2, ((10, col), (10, col + 3)), "0-0");
    let first = c.diagnostics_of(&u, Some(2));
    assert!(first.iter().all(|d| d["code"] != "SC202"), "{first:?}");
    let then = c.diagnostics_of(&u, Some(2));
    assert_eq!(then.len(), 1, "{then:?}");
    assert_eq!(then[0]["code"], "SC202");
    let col = u64::from(col);
    assert_eq!(range_of(&then[0]), ((10, col), (10, col + 3)));
    c.shutdown();
}

/// The (line, character) of a byte offset of an ASCII text.
fn pos(text: &str, at: usize) -> (u32, u32) {
    let line = text[..at].matches('\n').count() as u32;
    let col = at - text[..at].rfind('\n').map_or(0, |i| i + 1);
    (line, col as u32)
}

/// The diagnostics as comparable (range, code, message) triples, the style rules' left out.
fn comparable(d: &[Value]) -> Vec<String> {
    let mut out: Vec<String> = d
        .iter()
        .filter(|d| !d["code"].as_str().unwrap_or("").starts_with("SC20"))
        .map(|d| format!("{:?} {} {}", range_of(d), d["code"], d["message"]))
        .collect();
    out.sort();
    out
}

/// Makes each edit (find, replace) in the server's document and here, and checks that the
/// diagnostics published for it (sections linted again) are those of the same text opened
/// afresh (linted whole), the style rules left out. Returns in how many texts there were some.
fn edit_and_compare(
    c: &mut Client,
    name: &str,
    id: &str,
    text: &mut String,
    edits: &[(&str, &str)],
) -> usize {
    let dir = folder(name);
    let u = uri(&dir.join(name));
    let first = c.open(&u, id, text);
    assert!(comparable(&first).is_empty(), "{first:?}");
    let mut errors = 0;
    for (i, (find, replace)) in edits.iter().enumerate() {
        let at = text
            .find(find)
            .unwrap_or_else(|| panic!("edit {i}: no {find:?}"));
        let (start, end) = (pos(text, at), pos(text, at + find.len()));
        let version = i as i32 + 2;
        c.change(&u, version, (start, end), replace);
        text.replace_range(at..at + find.len(), replace);
        let by_sections = c.diagnostics_of(&u, Some(version));
        let fresh = uri(&dir.join(format!("fresh-{i}-{name}")));
        let whole = c.open(&fresh, id, text);
        errors += usize::from(!comparable(&whole).is_empty());
        assert_eq!(
            comparable(&by_sections),
            comparable(&whole),
            "edit {i} ({find:?} → {replace:?}):\n{text}"
        );
    }
    errors
}

/// [`edit_and_compare`] on a fresh server with the document `(name, language id)`: at least
/// `errors` of the edited texts have errors to find, and the first edit lints one section of
/// the document's `sections` again (said in the server's log).
fn sections_find_what_the_whole_finds(
    (name, id): (&str, &str),
    text: &mut String,
    edits: &[(&str, &str)],
    errors: usize,
    sections: usize,
) {
    let mut c = Client::start();
    let found = edit_and_compare(&mut c, name, id, text, edits);
    assert!(
        found >= errors,
        "the edits made errors to find in {found} texts"
    );
    let log = c.shutdown();
    let first = log.iter().find(|l| l.contains("linted again"));
    let said = format!("scoresheet lsp: {sections} sections, 1 linted again");
    assert!(first.is_some_and(|l| l.starts_with(&said)), "{log:?}");
}

#[test]
fn latex_edits_linted_by_sections_find_what_the_whole_lint_finds() {
    let game = |n: usize, fen: &str, moves: &str, after: &str| {
        format!(
            "\\section{{Game {n}}}\n\n\\newchessgame{fen}\n\\mainline{{{moves}}}\n\nHere \\variation{{{after}}} was possible.\n\n"
        )
    };
    let mut text =
        String::from("\\documentclass{article}\n\\usepackage{xskak}\n\\begin{document}\n\n");
    text += &game(1, "", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6", "3... Nf6");
    text += &game(
        2,
        "[setfen=4k3/8/8/8/8/8/4P3/4K3 w - - 0 1]",
        "1. e4 Kd7 2. Kd2 Kc6",
        "2... Ke6",
    );
    text += &game(3, "", "1. d4 d5 2. c4 e6", "2... c6");
    text += "\\end{document}\n";
    let edits = [
        ("3. Bb5 a6", "3. Bb4 a6"),
        ("2... Ke6", "2... Ke5"),
        ("\\newchessgame[setfen", "\\newchessgame[ setfen"),
        ("3. Bb4 a6", "3. Bb5 a6"),
        (
            "\\section{Game 3}\n\n\\newchessgame\n",
            "\\section{Game 3}\n\n",
        ),
        ("2. c4 e6", "2. c4 e5 3. dxe5"),
    ];
    sections_find_what_the_whole_finds(("games.tex", "latex"), &mut text, &edits, 2, 3);
}

#[test]
fn markdown_edits_linted_by_sections_find_what_the_whole_lint_finds() {
    let chapter = |n: usize, moves: &str| {
        format!(
            "## Chapter {n}\n\nSome words.\n\n```pgn\n{moves}\n```\n\nAfter 1. e4 e5 the game went on.\n\n"
        )
    };
    let mut text: String = [
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *",
        "1. e4 e5 2. Nf3 Nf6 3. Nxe5 d6 *",
        "1. e4 e5 2. Bc4 Nf6 3. d3 Bc5 *",
        "1. e4 e5 2. Nc3 Nf6 3. f4 d5 *",
    ]
    .iter()
    .enumerate()
    .map(|(i, m)| chapter(i + 1, m))
    .collect();
    let edits = [
        // An illegal move in chapter 1.
        ("Bb5 a6", "Bb4 a6"),
        // Chapter 2 longer, `d5` fine.
        ("Nxe5 d6", "Nxe5 d5 4. Qh5"),
        // A wrong fragment in the prose after chapter 2.
        (
            "```\n\nAfter 1. e4 e5 the game went on.\n\n## Chapter 3",
            "```\n\nAfter 1. e4 e6 the game went on.\n\n## Chapter 3",
        ),
        // Chapters 3 and 4 run together.
        ("\n\n## Chapter 4\n\n", "\n## Chapter 4\n"),
        // Chapter 1 mended.
        ("Bb4 a6", "Bb5 a6"),
        ("3. f4 d5 *", "3. f4 d5 4. fxe5 Nxe4 5. Qf3 *"),
        // Chapter 2's heading gone.
        ("## Chapter 2\n\nSome words.\n\n", ""),
        // Chapter 3 wrong: `3. d3` follows.
        ("2. Bc4 Nf6", "2. Bc4 Nf6 3. Qh5 Nxh5"),
    ];
    sections_find_what_the_whole_finds(("book.md", "markdown"), &mut text, &edits, 4, 4);
}

/// A book of `games` games (about 300 pages for 1,500), each a real game with a comment: PGN
/// games, or a Markdown chapter per game (a heading, a fenced game, a paragraph of prose with
/// moves in it).
fn book(games: usize, markdown: bool) -> String {
    let seeds = [
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 15. a4 c5 16. d5 c4 17. Bg5 h6 18. Be3 Nc5 19. Qd2 h5 20. Bg5 Be7 {A quiet move.} 21. Ra3 Nh7 22. Bxe7 Qxe7 23. b4 cxb3 24. Bxb3 Nxb3 25. Rxb3 Nf6 *",
        "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. e3 O-O 5. Bd3 d5 6. Nf3 c5 7. O-O Nc6 8. a3 Bxc3 9. bxc3 dxc4 10. Bxc4 Qc7 11. Bd3 e5 12. Qc2 Re8 13. e4 exd4 14. cxd4 Bg4 15. e5 Bxf3 16. exf6 *",
        "1. c4 e5 2. Nc3 Nf6 3. Nf3 Nc6 4. g3 d5 5. cxd5 Nxd5 6. Bg2 Nb6 7. O-O Be7 8. d3 O-O 9. a3 Be6 10. b4 a5 11. b5 Nd4 12. Nd2 c6 13. bxc6 bxc6 14. e3 Nf5 {Both sides have chances.} 15. Bb2 Qd7 16. Qc2 Rab8 *",
    ];
    let mut out = String::new();
    for i in 0..games {
        let game = seeds[i % seeds.len()];
        if markdown {
            out.push_str(&format!(
                "## Game {}\n\nA game of the book, with notes.\n\n```pgn\n[Event \"Book game {}\"]\n\n{game}\n```\n\nIt began {}, and the game took its course.\n\n",
                i + 1,
                i + 1,
                &game[..game.find(" 4.").unwrap_or(0)]
            ));
        } else {
            out.push_str(&format!(
                "[Event \"Book game {}\"]\n[White \"A\"]\n[Black \"B\"]\n\n{game}\n\n",
                i + 1
            ));
        }
    }
    out
}

/// Opens a big book, makes ten edits in its middle game (`Bb5` → `Bb4`, illegal, and back),
/// and checks that each lints one section again; prints the times.
fn edit_a_big_book(markdown: bool) {
    // 1,500 games in a release build (`cargo test --release --test lsp big_book`); fewer in a
    // debug build, where the first lint of the whole is slow.
    let games = if cfg!(debug_assertions) { 150 } else { 1500 };
    let text = book(games, markdown);
    let lines = text.lines().count();
    let dir = folder(if markdown { "book-md" } else { "book-pgn" });
    let (name, id) = if markdown {
        ("book.md", "markdown")
    } else {
        ("book.pgn", "pgn")
    };
    let u = uri(&dir.join(name));
    let mut c = Client::start();
    let started = Instant::now();
    let d = c.open(&u, id, &text);
    let opened = started.elapsed();
    assert!(d.is_empty(), "{:?}", &d[..d.len().min(3)]);
    let mid = games / 2 / 3 * 3;
    let start_of_mid = text
        .find(&format!("[Event \"Book game {}\"]", mid + 1))
        .unwrap();
    let bb5 = start_of_mid + text[start_of_mid..].find("Bb5").unwrap();
    let line = text[..bb5].lines().count() as u32 - 1;
    let col = (bb5 - text[..bb5].rfind('\n').unwrap() - 1) as u32;
    let mut times = Vec::new();
    for round in 0..10 {
        let (new, errors) = if round % 2 == 0 { ("4", 1) } else { ("5", 0) };
        let t = Instant::now();
        c.change(&u, round + 2, ((line, col + 2), (line, col + 3)), new);
        let d = c.diagnostics_of(&u, Some(round + 2));
        times.push(t.elapsed());
        assert_eq!(d.len(), errors, "round {round}: {d:?}");
        if errors == 1 {
            let (l, c) = (line as u64, col as u64);
            assert_eq!(range_of(&d[0]), ((l, c), (l, c + 3)));
        }
    }
    // Each edit linted one section (one game) again, and no other.
    let log = c.shutdown();
    let edits: Vec<&String> = log.iter().filter(|l| l.contains("linted again")).collect();
    assert_eq!(edits.len(), 10, "{log:?}");
    for l in &edits {
        assert!(
            l.starts_with(&format!("scoresheet lsp: {games} sections, 1 linted again")),
            "{l}"
        );
    }
    times.sort();
    eprintln!(
        "big book ({id}): {games} games, {lines} lines, {} bytes; opened (whole lint) in {:.0} \
         ms; an edit to its diagnostics: median {:.1} ms, slowest {:.1} ms",
        text.len(),
        opened.as_secs_f64() * 1000.0,
        times[times.len() / 2].as_secs_f64() * 1000.0,
        times[times.len() - 1].as_secs_f64() * 1000.0,
    );
}

#[test]
fn an_edit_in_a_big_pgn_book_lints_one_game_again() {
    edit_a_big_book(false);
}

#[test]
fn an_edit_in_a_big_markdown_book_lints_one_chapter_again() {
    edit_a_big_book(true);
}

/// Runs the Neovim client script (tests/clients/nvim-lsp.sh) when `nvim` is installed.
#[test]
fn neovim_gets_the_diagnostics_of_a_markdown_chapter() {
    let has_nvim = Command::new("nvim")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !has_nvim {
        common::skip(
            "neovim_gets_the_diagnostics_of_a_markdown_chapter",
            "nvim not installed",
        );
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("bash")
        .arg(root.join("tests/clients/nvim-lsp.sh"))
        .env("SCORESHEET", env!("CARGO_BIN_EXE_scoresheet"))
        .output()
        .expect("runs the script");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("SC101"), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("chapter.md:11:29: SC101"),
        "{stdout}\n{stderr}"
    );
    assert!(
        stdout.contains("hover: **10... Nxc3**: the knight on d5 takes the knight on c3"),
        "{stdout}\n{stderr}"
    );
    assert!(
        stdout.contains("after the edit (Bh4): 0 diagnostics"),
        "{stdout}\n{stderr}"
    );
}
