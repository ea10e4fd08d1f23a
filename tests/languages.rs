//! Every language of the table of piece letters in `seeds/chess-notation.bg.txt` has a
//! language file: its code resolves, its algebraic parser exists, its letters are those of
//! the table below, and a game written in its letters and customs resolves to the same moves
//! as the same game in English.

use scoresheet::check::{Options, check_str};
use scoresheet::syntax::{
    LANGUAGE_FILES, builtin_language as language, builtin_parser as parser_for,
};

/// How a language marks a capture in the test game.
#[derive(Clone, Copy, Debug)]
enum Capture {
    /// `dxc5`
    X,
    /// `d:c5` (Bulgarian and Soviet tradition)
    Colon,
    /// `dc5:` (Dutch)
    Trailing,
}

/// One code of the issue list: its letters (king, queen, rook, bishop, knight, pawn; the
/// alternatives of one piece separated by spaces, as in `LanguageFile::letters`; an empty
/// pawn = no pawn letter), and the customs the test game is written in.
struct Row {
    code: &'static str,
    letters: [&'static str; 6],
    capture: Capture,
    castle: &'static str,
}

const fn row(
    code: &'static str,
    letters: [&'static str; 6],
    capture: Capture,
    castle: &'static str,
) -> Row {
    Row {
        code,
        letters,
        capture,
        castle,
    }
}

use Capture::{Colon, Trailing, X};

/// The table of the seed (row by row), with the script fixes and pawn letters of the files.
const TABLE: &[Row] = &[
    row("bg", ["Ц", "Д", "Т", "О", "К", "п"], Colon, "0-0"),
    row("ru", ["Кр", "Ф", "Л", "С", "К", "п"], Colon, "0-0"),
    row("uk", ["Кр", "Ф", "Т", "С", "К", "п"], Colon, "0-0"),
    row("en", ["K", "Q", "R", "B", "N", "P"], X, "O-O"),
    row("mn", ["K", "Q", "R", "B", "N", "P"], X, "O-O"),
    row("de", ["K", "D", "T", "L", "S", "B"], X, "O-O"),
    row("no", ["K", "D", "T", "L", "S", "B"], X, "O-O"),
    row("sv", ["K", "D", "T", "L", "S", "B"], X, "O-O"),
    row("sl", ["K", "D", "T", "L", "S", ""], X, "O-O"),
    row("sh", ["K", "D", "T", "L", "S", "P"], X, "O-O"),
    row("mk", ["K", "D", "T", "L", "S", "P"], X, "O-O"),
    row("fr", ["R", "D", "T", "F", "C", "P"], X, "O-O"),
    row("es", ["R", "D", "T", "A", "C", "P"], X, "0-0"),
    row("it", ["R", "D", "T", "A", "C", "P"], X, "O-O"),
    row("pt", ["R", "D", "T", "B", "C", "P"], X, "O-O"),
    row("nl", ["K", "D", "T", "L", "P", "p"], Trailing, "0-0"),
    row("fi", ["K", "D", "T", "L", "R", "S"], X, "O-O"),
    row("af", ["K", "D", "T", "L", "R", "P"], X, "O-O"),
    row("is", ["K", "D", "H", "B", "R", "P"], X, "O-O"),
    row("cs", ["K", "D", "V", "S", "J", "P"], X, "O-O"),
    row("sk", ["K", "D", "V", "S", "J", "P"], X, "O-O"),
    row("lv", ["K", "D", "T", "L", "Z", "B"], X, "O-O"),
    row("lt", ["K", "V", "B", "R", "Ž", "P"], X, "O-O"),
    row("et", ["K", "L", "V", "O", "R", "E"], X, "O-O"),
    // The seed's row has a Latin K; Belarusian is Cyrillic: К (U+041A).
    row("be", ["\u{41a}", "В", "Л", "А", "Вк", "п"], Colon, "0-0"),
    row("pl", ["K", "H", "W", "G", "S", "P"], X, "O-O"),
    row("hu", ["K", "V", "B", "F", "H", ""], X, "O-O"),
    row("ro", ["R", "D", "T", "N", "C", "P"], X, "O-O"),
    row(
        "el",
        ["\u{3a1}", "\u{392}", "\u{3a0}", "\u{391}", "\u{399}", ""],
        X,
        "O-O",
    ),
    row("tr", ["Ş", "V", "K", "F", "A", "P"], X, "O-O"),
    // The seed's row has a Cyrillic Т; Azerbaijani is Latin: T (U+0054).
    row("az", ["Ş", "V", "\u{54}", "F", "A", "P"], X, "O-O"),
    row("uz", ["Sh", "Fr", "R", "F", "O", "P"], X, "O-O"),
    // The seed's row has a Latin A; Tajik is Cyrillic: А (U+0410).
    row("tg", ["Ш", "В", "Р", "Ф", "\u{410}", "п"], X, "O-O"),
    row("id", ["R", "M", "B", "G", "K", "P"], X, "O-O"),
    // The seed's row has a Cyrillic Т; Malay is Latin: T (U+0054).
    row("ms", ["R", "M", "\u{54}", "G", "K", ""], X, "O-O"),
    row("eo", ["R", "D", "T", "K", "Ĉ", "P"], X, "O-O"),
    row("hy", ["Ա", "Թ", "Ն", "Փ", "Ձ", "Զ"], X, "O-O"),
    row("he", ["מ", "כ", "צ", "ר", "פ", ""], X, "O-O"),
    row("zh", ["王", "后", "车 車", "象", "马 馬", "兵"], X, "O-O"),
    row("ja", ["キ", "ク", "ル", "ビ", "ナ", "ポ"], X, "O-O"),
    row("ko", ["킹", "퀸", "룩", "비", "나", "폰"], X, "O-O"),
    // The seed prints bishop and knight together ("فا"): bishop ف, knight ا.
    row("fa", ["ش", "و", "ر", "ف", "ا", ""], X, "O-O"),
    row("ar", ["م", "و", "ر", "ف", "ح", "ب"], X, "O-O"),
];

/// The codes of the issue: every language of the seed's table.
const CODES: &[&str] = &[
    "bg", "ru", "uk", "en", "mn", "de", "no", "sv", "sl", "sh", "mk", "fr", "es", "it", "pt", "nl",
    "fi", "af", "is", "cs", "sk", "lv", "lt", "et", "be", "pl", "hu", "ro", "el", "tr", "az", "uz",
    "tg", "id", "ms", "eo", "hy", "he", "zh", "ja", "ko", "fa", "ar",
];

fn options(code: &str) -> Options {
    Options::given("algebraic", code)
}

/// A Ruy Lopez with castling, a disambiguated knight and rook, queen and king moves, pawn
/// captures and (when the language has one) a pawn letter, written in a row's letters.
fn game(row: &Row) -> String {
    let first = |s: &'static str| s.split(' ').next().unwrap_or("");
    let [k, q, r, b, n, p] = row.letters.map(first);
    let castle = row.castle;
    let capture = |from: &str, to: &str| match row.capture {
        X => format!("{from}x{to}"),
        Colon => format!("{from}:{to}"),
        Trailing => format!("{from}{to}:"),
    };
    let dc5 = capture("d", "c5");
    format!(
        "1. e4 e5 2. {n}f3 {n}c6 3. {b}b5 a6 4. {b}a4 {n}f6 5. {castle} {b}e7 6. {r}e1 b5 \
         7. {b}b3 d6 8. c3 {castle} 9. h3 {n}a5 10. {b}c2 c5 11. d4 {q}c7 12. {n}bd2 {k}h8 \
         13. {dc5} {dc5} 14. {q}e2 {b}e6 15. {k}h1 {r}ad8 16. {p}a3 *\n"
    )
}

const PLIES: usize = 31;

#[test]
fn every_code_has_a_language_file_and_an_algebraic_parser() {
    for code in CODES {
        let file = language(code).unwrap_or_else(|| panic!("no language file serves `{code}`"));
        let parser = parser_for("algebraic", code)
            .unwrap_or_else(|| panic!("no algebraic parser for `{code}`"));
        assert_eq!(
            parser.lang_file, file.file,
            "the algebraic parser for `{code}` uses another language file"
        );
    }
}

#[test]
fn every_code_is_served_exactly_once() {
    for code in CODES {
        let files: Vec<&str> = LANGUAGE_FILES
            .iter()
            .filter(|l| l.serves(code))
            .map(|l| &*l.file)
            .collect();
        assert_eq!(files.len(), 1, "`{code}` is served by {files:?}");
    }
    for file in LANGUAGE_FILES {
        assert_eq!(
            file.names.len(),
            file.codes.len(),
            "{}.pest: one name per code",
            file.file
        );
    }
}

#[test]
fn the_table_covers_every_code_once() {
    let mut table: Vec<&str> = TABLE.iter().map(|r| r.code).collect();
    let mut codes = CODES.to_vec();
    table.sort_unstable();
    codes.sort_unstable();
    assert_eq!(table, codes);
}

#[test]
fn letters_are_those_of_the_table() {
    let mut wrong = Vec::new();
    for row in TABLE {
        let file = language(row.code).unwrap();
        if file.letters != row.letters {
            wrong.push(format!(
                "{} ({}.pest): {:?}, expected {:?}",
                row.code, file.file, file.letters, row.letters
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "letters differ from the table:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_letter_is_a_file_letter_or_shadows_another() {
    for row in TABLE {
        let all: Vec<(usize, &str)> = row
            .letters
            .iter()
            .enumerate()
            .flat_map(|(i, l)| l.split_whitespace().map(move |a| (i, a)))
            .collect();
        for &(i, a) in &all {
            assert!(
                !a.starts_with(|c: char| ('a'..='h').contains(&c)),
                "{}: `{a}` starts with a file letter",
                row.code
            );
            assert!(
                !a.starts_with(|c: char| c.is_ascii_digit()),
                "{}: `{a}` starts with a digit",
                row.code
            );
            for &(j, b) in &all {
                // The pawn letter may never equal or start another letter; two pieces may share
                // a prefix only when the longer is tried first (king Кр before knight К) or
                // the shorter is guarded in its file (Belarusian queen В before knight Вк).
                if i != j && (i == 5 || j == 5) {
                    assert!(
                        !b.starts_with(a),
                        "{}: `{a}` is a prefix of `{b}`",
                        row.code
                    );
                }
            }
        }
    }
}

#[test]
fn a_game_in_every_language_resolves_to_the_english_moves() {
    let english = check_str("en", &game(&TABLE[3]), &options("en")).unwrap();
    assert!(!english.has_errors(), "{:?}", english.games[0].diagnostics);
    let expected = &english.games[0].mainline;
    assert_eq!(expected.len(), PLIES);
    let mut failures = Vec::new();
    for row in TABLE {
        let text = game(row);
        let file = check_str(row.code, &text, &options(row.code)).unwrap();
        assert_eq!(file.language, row.code);
        let diagnostics: Vec<String> = file.all_diagnostics().map(|d| format!("{d:?}")).collect();
        let game = &file.games[0];
        if !diagnostics.is_empty() || !game.complete || &game.mainline != expected {
            failures.push(format!(
                "{}: {text}  complete: {}, {} plies, diagnostics: {diagnostics:#?}",
                row.code,
                game.complete,
                game.mainline.len()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn guarded_and_two_letter_pieces_are_read_whole() {
    // Belarusian: the queen В must not swallow the В of the knight Вк, nor the knight be read
    // as a queen; Russian: the king Кр before the knight К; Uzbek: queen Fr before bishop F.
    let cases = [
        ("be", "1. e4 e5 2. Вкf3 Вкc6 3. Вe2 Вe7 4. Кd1 Кd8 *"),
        ("ru", "1. e4 e5 2. Кf3 Кc6 3. Фe2 Фe7 4. Крd1 Крd8 *"),
        ("uk", "1. e4 e5 2. Кf3 Кc6 3. Фe2 Фe7 4. Крd1 Крd8 *"),
        ("uz", "1. e4 e5 2. Frh5 Of6 3. Frxf7+ Shxf7 4. Fc4+ d5 *"),
        (
            "zh",
            "1. e4 e5 2. 馬f3 马c6 3. 象b5 a6 4. 王e2 后e7 5. 王e1 后d8 6. a4 a5 7. 車a3 车a6 *",
        ),
    ];
    for (code, text) in cases {
        let file = check_str(code, text, &options(code)).unwrap();
        let diagnostics: Vec<String> = file.all_diagnostics().map(|d| format!("{d:?}")).collect();
        assert!(diagnostics.is_empty(), "{code}: {text}\n{diagnostics:#?}");
        assert!(file.games[0].complete, "{code}: {text}");
    }
}

#[test]
fn the_customs_of_the_seeds_read() {
    let cases = [
        // The Bulgarian seed: `:` captures, promotion without `=` (f8Д), X mate (Д:f7X).
        (
            "bg",
            "1. h4 g5 2. h:g5 h6 3. g:h6 Оg7 4. h:g7 a6 5. g:h8Д *",
            9,
        ),
        ("bg", "1. e4 e5 2. Оc4 Кc6 3. Дh5 Кf6 4. Д:f7X 1-0", 7),
        (
            "ru",
            "1. e4 d5 2. e:d5 Ф:d5 3. Кc3 Фa5 4. Кf3 Сg4 5. Сe2 Кc6 6. 0-0 0-0-0 *",
            12,
        ),
        // The Spanish seed: a.p., 0-0, its shepherd's mate with ++ as mate.
        (
            "es",
            "1. e4 Cf6 2. e5 d5 3. exd6 a.p. Dxd6 4. Cf3 Ag4 5. Ae2 Cc6 6. 0-0 0-0-0 *",
            12,
        ),
        ("es", "1. e4 e5 2. Ac4 Cc6 3. Dh5 Ac5 4. Dxf7++ 1-0", 7),
        // The Turkish seed: (e.p), d8=V.
        ("tr", "1. e4 Af6 2. e5 d5 3. exd6 (e.p) Vxd6 *", 6),
        (
            "tr",
            "1. h4 g5 2. hxg5 h6 3. gxh6 Fg7 4. hxg7 a6 5. gxh8=V *",
            9,
        ),
        // The Dutch seed: trailing `:` captures (Lg3:, fg3:), 0-0, its shepherd's mate Df7: #.
        ("nl", "1. e4 e5 2. Lc4 Lc5 3. Dh5 Pf6 4. Df7: # 1-0", 7),
        (
            "nl",
            "1. pe4 e5 2. Pf3 Pc6 3. Lb5 a6 4. La4 Pf6 5. 0-0 Pe4: 6. d4 ed4: *",
            12,
        ),
    ];
    for (code, text, plies) in cases {
        let file = check_str(code, text, &options(code)).unwrap();
        let diagnostics: Vec<String> = file.all_diagnostics().map(|d| format!("{d:?}")).collect();
        assert!(diagnostics.is_empty(), "{code}: {text}\n{diagnostics:#?}");
        assert_eq!(file.games[0].mainline.len(), plies, "{code}: {text}");
    }
}
