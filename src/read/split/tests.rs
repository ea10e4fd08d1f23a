//! Tests of cutting a file into games.

use super::*;

fn games(text: &str) -> Vec<&str> {
    split_games(text)
        .into_iter()
        .map(|s| &text[s.start..s.end])
        .collect()
}

#[test]
fn splits_at_results_and_tags() {
    let t = "[A \"1\"]\n1. e4 e5 1-0\n[A \"2\"]\n1. d4 *\n";
    assert_eq!(
        games(t),
        vec!["[A \"1\"]\n1. e4 e5 1-0\n", "[A \"2\"]\n1. d4 *\n"]
    );
}

#[test]
fn comments_after_a_result_stay_with_the_game() {
    let t = "[A \"1\"]\n1. e4 1-0\n; end of game\n{ more }\n[A \"2\"]\n1. d4 *";
    let g = games(t);
    assert_eq!(g.len(), 2);
    assert!(g[0].contains("more"));
}

#[test]
fn tagless_games_split_after_the_result() {
    assert_eq!(
        games("1. e4 1-0 {next} 1. d4 0-1"),
        vec!["1. e4 1-0", " {next} 1. d4 0-1"]
    );
}

#[test]
fn bom_and_wrappers_are_not_movetext() {
    assert_eq!(games("\n\u{FEFF}[A \"1\"]\n[B \"2\"]\n1. e4 *").len(), 1);
    assert_eq!(games("[pgn]\n1. e4 e5\n[/pgn]\n").len(), 1);
    assert_eq!(games("[pgn] 1. e4 e5 [/pgn]").len(), 1);
}

#[test]
fn every_space_ends_a_token() {
    // A result glued to the move before it by a no-break or zero-width space still ends
    // its game; a tag pair after one starts the next.
    assert_eq!(
        games("1. e4\u{a0}1-0\u{3000}1. d4\u{200b}0-1"),
        vec!["1. e4\u{a0}1-0", "\u{3000}1. d4\u{200b}0-1"]
    );
    assert_eq!(
        games("[A \"1\"]\n1. e4 e5\u{202f}1-0\n\u{2003}[B \"2\"]\u{feff}\n1. d4 *"),
        vec![
            "[A \"1\"]\n1. e4 e5\u{202f}1-0\n\u{2003}",
            "[B \"2\"]\u{feff}\n1. d4 *"
        ]
    );
    // White space alone between games is no game.
    assert_eq!(games("1. e4 1-0\u{200b}\u{2060}\n\u{3000}").len(), 1);
    let b = "Nf3\u{2009}Nc6".as_bytes();
    assert_eq!(token_end(b, 0), 3);
    assert_eq!(token_end("½\u{a0}".as_bytes(), 0), 2);
    assert_eq!(token_end("Ｎｂｄ２ x".as_bytes(), 0), 12);
}

#[test]
fn movetext_on_the_tag_line() {
    assert_eq!(games("[A \"x]\"] [B \"2\"]\n[C \"3\"] 1. e4 *").len(), 1);
    assert_eq!(games("[A \"x]\"] 1. e4 1-0 [B \"y\"] 1. d4 0-1").len(), 2);
    assert_eq!(games("[A \"x\"] 1. e4 1-0\n[B \"y\"] 1. d4 0-1").len(), 2);
}

#[test]
fn a_bracket_in_the_middle_of_movetext_starts_no_game() {
    let t = "1. e4 e5 2. Nf3 [ Nc6 3. Bb5 Kxe4 4. Qq9 1-0";
    assert_eq!(games(t), vec![t]);
    let t = "[A \"1\"]\n1. e4 e5 [B \"2\"] 2. Nf3 *";
    assert_eq!(games(t), vec![t]);
}

#[test]
fn a_tag_after_a_result_and_its_comment_starts_the_next_game() {
    assert_eq!(
        games("1. e4 1-0 {end} [B \"y\"] 1. d4 0-1"),
        vec!["1. e4 1-0 {end} ", "[B \"y\"] 1. d4 0-1"]
    );
}

/// The cutting of `text` read in pieces of `piece` bytes (without dropping what it read).
fn in_pieces(text: &str, piece: usize) -> Vec<Span> {
    let mut games = Vec::new();
    let mut splitter = Splitter::default();
    let mut n = 0;
    while n < text.len() {
        n = (n + piece).min(text.len());
        while !text.is_char_boundary(n) {
            n += 1;
        }
        splitter.scan(&text[..n], false, &mut games);
    }
    splitter.scan(text, true, &mut games);
    games
}

#[test]
fn results_of_several_words_end_one_game() {
    let text = "1. e4 e5 Draw agreed.\n1. d4 d5 2. c4 mate, and wins\n1. c4 White wins\n\
                1. Nf3 d5 las blancas ganan\n1. g3 *";
    assert_eq!(
        games(text),
        [
            "1. e4 e5 Draw agreed.",
            "\n1. d4 d5 2. c4 mate, and wins",
            "\n1. c4 White wins",
            "\n1. Nf3 d5 las blancas ganan",
            "\n1. g3 *"
        ]
    );
    // Results as typed and printed: spaced signs, the reason of a draw.
    assert_eq!(
        games(
            "1. e4 1 - 0\n1. d4 1/2 - 1/2\n1. c4 0 : 1 1. Nf3 Draw by mutual agreement.\n1. g3 *"
        ),
        [
            "1. e4 1 - 0",
            "\n1. d4 1/2 - 1/2",
            "\n1. c4 0 : 1",
            " 1. Nf3 Draw by mutual agreement.",
            "\n1. g3 *"
        ]
    );
    // Words parted by a no-break space, as word processors type them.
    assert_eq!(
        games("1. e4 e5 Draw\u{a0}agreed.\n1. d4 and\u{a0}wins\n1. c4 *").len(),
        3
    );
    assert_eq!(games("1. e4;\u{a0}2. Nf3 1-0 1. d4 *").len(), 2);
    // A `;` before a move number separates moves; elsewhere it starts a comment.
    assert_eq!(games("1. e4; 2. Nf3 1-0 1. d4 *").len(), 2);
    assert_eq!(games("1. e4 ; 1-0 here\n2. d4 *").len(), 1);
}

#[test]
fn pieces_cut_anywhere_cut_the_same_games() {
    let texts = [
        "[A \"1\"]\n1. e4 e5 2. Nf3 (2. f4 exf4 (2... d5)) 2... Nc6 1-0\n[A \"2\"]\n1. d4 *\n",
        "1. e4 1-0 {next} 1. d4 0-1\n\n1. c4 ½-½ 2. Nc3 1/2-1/2\n  [Event \"x\"]\n1. e4 *",
        "[A \"1\"]\n1. e4 e5\n%escape 1-0\n  [B \"2\"]\n2. Nf3 Nc6 ; 0-1\n3. Bb5 a6 0-1\n",
        "[pgn]\n\u{FEFF}[A \"1\"]\n1. e4 e5\n\u{A0}[B \"2\"] 1. d4<br>d5 Resigns\n[/pgn]\n1. c4 *",
        "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O 9.h3\n\
         Nb8 10.d4 Nbd7 11.c4 c6 12.cxb5 axb5 13.Nc3 Bb7 14.Bg5 b4 15.Nb1 h6 16.Bh4 c5\n\
         17.dxe5 Nxe4 1–0\n\n[A \"1\"]\n\n[B \"2\"]\n\n[C \"3\"]\n1. e4 (1. d4 1-0) 1-0 (x) 0-1",
        "1. e4 e5 2. Nf3 [ Nc6 3. Bb5 Kxe4 4. Qq9 1-0 {a {nested} comment} 2. d4 *\n\
         [A \"x]\"] 1. e4 1-0 [B \"y\"] 1. d4 0-1\n1. e4 e5 +-- 1. d4 --+ 1. c4 draw",
        "1. e4 {a long comment that runs over many pieces {with {deep {nesting {of {braces}}}}}\n\
         and more} e5 {1-0} 2. Nf3 {} 1-0 {after} {again}\n[A \"1\"]\n1. d4 {unclosed 0-1",
        "1. e4 1 - 0 1. d4 Draw by agreement. 1. c4 1/2 - 1/2\n1. Nf3 Drawn by repetition 1. b3 *",
        "1) e4, e5; 2) Nf3 Nc6 Draw agreed.\n1. d4 d5 2. c4 mate, and wins\n1. c4 e5 White wins\n\
         1: Nf3 d5; 2- g3 Las blancas ganan 1. e4 ; a comment 1-0\n1. d4 *",
        "1.\u{a0}e4\u{200b}e5\u{3000}1-0\u{202f}\u{2060}1. d4\u{feff}0-1\u{2003}\n\u{200d}[A \"1\"]\u{1680}\n\
         1. c4 e5\u{205f}2. Nc3\u{061c}Resigns\u{200c}1. e4\u{2009}*",
        "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7\nd2d4 d7d5 c2c4\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\
         d1d8\n  g1f3 g8f6\r\nb1c3\n\ne2e4 e7e5 g1f3\nf1b5\n",
    ];
    for text in texts {
        let whole = split_games(text);
        for piece in 1..40 {
            assert_eq!(in_pieces(text, piece), whole, "{piece} {text:?}");
        }
    }
}

#[test]
fn tags_end_where_a_byte_at_a_time_ends_them() {
    fn slow(b: &[u8], mut i: usize) -> usize {
        let mut quoted = false;
        while i < b.len() && b[i] != b'\n' {
            match b[i] {
                b'\\' if quoted => i += 1,
                b'"' => quoted = !quoted,
                b']' if !quoted => return i + 1,
                _ => {}
            }
            i += 1;
        }
        i.min(b.len())
    }
    for t in [
        "[Event \"Havana m\"]\n1. e4",
        "[A \"x]\" ] rest",
        "[A \"a long value with \\\" and ] in it\"] [B \"2\"]",
        "[A \"unclosed value ] that runs on\n[B \"2\"]",
        "[A \"ends in an escape\\",
        "[A \"ends in an escape\\\n[B]",
        "[A",
        "[Name_without_value and no bracket at all, long enough",
        "[A \"é ü ½ – non-ASCII all the way through\"] x",
    ] {
        let b = t.as_bytes();
        for i in 0..b.len() {
            assert_eq!(end_of_tag(b, i), slow(b, i), "{t:?} {i}");
        }
    }
}

#[test]
fn comments_end_where_a_byte_at_a_time_ends_them() {
    fn slow(b: &[u8], mut i: usize) -> usize {
        let mut depth = 0usize;
        while i < b.len() {
            match b[i] {
                b'{' if depth < COMMENT_NESTING => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return i + 1;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        i
    }
    for t in [
        "{a comment} 1. e4",
        "{a {nested {comment}} that goes on} x }",
        "{1{2{3{4{5{6}}}} five deep is text} tail}",
        "{unclosed and long enough to take more than one word",
    ] {
        let b = t.as_bytes();
        for (i, _) in t.match_indices('{') {
            assert_eq!(end_of_comment(b, i), slow(b, i), "{t:?} {i}");
        }
    }
}

#[test]
fn an_indented_tag_line_starts_a_line() {
    assert_eq!(
        games("[A \"1\"]\n1. e4 e5\n  [Event \"2\"]\n1. d4 *"),
        vec!["[A \"1\"]\n1. e4 e5\n  ", "[Event \"2\"]\n1. d4 *"]
    );
}

#[test]
fn results_are_the_grammars() {
    for t in [
        "1-0",
        "0-1",
        "1/2-1/2",
        "½-½",
        "1:0",
        "0:1",
        "½:½",
        "1–0",
        "*",
        "+--",
        "--+",
        "+:-",
        "-:+",
        "1-0.",
        "1-0!",
        "Resigns",
        "resigns",
        "Resigned",
        "Drawn",
        "draw",
        "Tablas",
        "Abandonan",
        "abandonó",
        "RESIGNED",
        "Draw",
        "TABLAS",
        "Abandona",
        "abandono",
        "1/2:1/2",
        "0–1",
        "−−+",
        "+−−",
        "½—½",
    ] {
        assert!(is_result(t), "{t}");
    }
    for t in [
        "e4", "Nf3", "O-O", "0-0", "1.", "12...", "7", "1-", "1-00", "½", "**", "drawing",
        "Resignsx", "", "Bxe7+", "+",
    ] {
        assert!(!is_result(t), "{t}");
    }
}
