//! Table-driven tests of the algebraic grammar with English letters: what it accepts (the
//! whole input read, and read as the right thing) and what it rejects (reported as an issue,
//! never silently accepted), with exact byte spans.

use scoresheet::read::split_games;
use scoresheet::span::Span;
use scoresheet::syntax::{
    CaptureMark, CheckMark, GameSyntax, Item, Line, MoveBody, MoveToken, Outcome, SyntaxIssue,
};
use scoresheet::syntax::{ParserEntry, builtin_parser as parser_for};
use shakmaty::{CastlingSide, Role};

fn parser() -> &'static ParserEntry {
    parser_for("algebraic", "en").expect("English algebraic grammar")
}

fn parse(text: &str) -> GameSyntax {
    (parser().parse)(text, 0)
}

/// A compact description of a move token: role letter, origin file and rank (`.` when not
/// given), `-`, target (a square, or a file and `?`), then `=X` for a promotion, and the marks:
/// capture `x`, `×`, `:` or `:after`, check `+`, `++` or `#`, `ep`, and the figurine colour.
fn describe(tok: &MoveToken) -> String {
    let mut s = match tok.body {
        MoveBody::Castle(CastlingSide::KingSide) => "O-O".to_owned(),
        MoveBody::Castle(CastlingSide::QueenSide) => "O-O-O".to_owned(),
        MoveBody::Null => "--".to_owned(),
        // Descriptive notation (`P-K4`) is not read by the algebraic grammar.
        MoveBody::Descriptive(_) => "descriptive".to_owned(),
        MoveBody::Normal(n) => {
            let mut s = String::new();
            s.push(n.role.upper_char());
            // A pawn push says its file by its target; whether the walker also fills in the
            // origin file is not what these tests are about.
            let push = n.role == Role::Pawn
                && n.from_rank.is_none()
                && n.to.is_some_and(|t| Some(t.file()) == n.from_file);
            s.push(
                n.from_file
                    .filter(|_| !push)
                    .map(|f| f.char())
                    .unwrap_or('.'),
            );
            s.push(n.from_rank.map(|r| r.char()).unwrap_or('.'));
            s.push('-');
            match (n.to, n.to_file) {
                (Some(to), _) => s.push_str(&to.to_string()),
                (None, Some(f)) => {
                    s.push(f.char());
                    s.push('?');
                }
                (None, None) => s.push('?'),
            }
            if let Some(p) = n.promotion {
                s.push('=');
                s.push(p.upper_char());
            }
            if let Some(c) = n.captured {
                s.push_str(" captures ");
                s.push(c.upper_char());
            }
            s
        }
    };
    if let Some(c) = tok.capture() {
        s.push_str(match c.value {
            CaptureMark::X => " x",
            CaptureMark::Times => " ×",
            CaptureMark::Colon => " :",
            CaptureMark::TrailingColon => " :after",
        });
    }
    if let Some(c) = tok.check() {
        s.push_str(match c.value {
            CheckMark::Check => " +",
            CheckMark::DoubleCheck => " ++",
            CheckMark::Mate => " #",
        });
    }
    if tok.ep().is_some() {
        s.push_str(" ep");
    }
    if let Some(c) = tok.figurine() {
        s.push_str(if c.is_white() { " white" } else { " black" });
    }
    s
}

/// The one move of `text`, which must be read whole, without issues, as one move token.
fn single_move(text: &str) -> MoveToken {
    let g = parse(text);
    assert!(g.issues.is_empty(), "{text:?}: issues {:?}", g.issues);
    let moves: Vec<&MoveToken> = g
        .root
        .items
        .iter()
        .filter_map(|i| if let Item::Move(m) = i { Some(m) } else { None })
        .collect();
    assert_eq!(moves.len(), 1, "{text:?}: items {:?}", g.root.items);
    assert_eq!(g.root.items.len(), 1, "{text:?}: items {:?}", g.root.items);
    let m = moves[0].clone();
    assert_eq!(
        m.span,
        Span::new(0, text.len()),
        "{text:?}: the move covers the whole text"
    );
    m
}

#[test]
fn accepted_moves() {
    let table: &[(&str, &str)] = &[
        // pawn moves
        ("e4", "P..-e4"),
        ("exd5", "Pe.-d5 x"),
        ("ed5", "Pe.-d5"),
        ("e2-e4", "Pe2-e4"),
        ("e2e4", "Pe2-e4"),
        ("e5:d6", "Pe5-d6 :"),
        ("cd", "Pc.-d?"),
        ("c:d", "Pc.-d? :"),
        ("Pe4", "P..-e4"),
        // piece moves and disambiguation
        ("Nf3", "N..-f3"),
        ("Nbd2", "Nb.-d2"),
        ("N1d2", "N.1-d2"),
        ("Ng1f3", "Ng1-f3"),
        ("Ng1-f3", "Ng1-f3"),
        ("Ng1xf3", "Ng1-f3 x"),
        ("Nbxd2", "Nb.-d2 x"),
        ("N1xd2", "N.1-d2 x"),
        ("Qh4xe1", "Qh4-e1 x"),
        ("Kd1", "K..-d1"),
        ("Ra1", "R..-a1"),
        ("Bb5", "B..-b5"),
        // capture marks
        ("Nxf3", "N..-f3 x"),
        ("N×f3", "N..-f3 ×"),
        ("N:f3", "N..-f3 :"),
        ("Bg3:", "B..-g3 :after"),
        ("fg3:", "Pf.-g3 :after"),
        ("ed4:", "Pe.-d4 :after"),
        // castling
        ("O-O", "O-O"),
        ("0-0", "O-O"),
        ("O-O-O", "O-O-O"),
        ("0-0-0", "O-O-O"),
        ("o-o", "O-O"),
        ("O–O", "O-O"),
        // promotion
        ("e8=Q", "P..-e8=Q"),
        ("e8Q", "P..-e8=Q"),
        ("e8(Q)", "P..-e8=Q"),
        ("e8/Q", "P..-e8=Q"),
        ("e8=N", "P..-e8=N"),
        ("dxe8=R", "Pd.-e8=R x"),
        ("e8=♕", "P..-e8=Q"),
        ("a1=Q+", "P..-a1=Q +"),
        // en passant
        ("exd6e.p.", "Pe.-d6 x ep"),
        ("exd6 e.p.", "Pe.-d6 x ep"),
        ("exd6ep", "Pe.-d6 x ep"),
        ("exd6(e.p.)", "Pe.-d6 x ep"),
        ("exd6 a.p.", "Pe.-d6 x ep"),
        ("exd6e.p.+", "Pe.-d6 x + ep"),
        // check and mate
        ("Qh5+", "Q..-h5 +"),
        ("Qxf7#", "Q..-f7 x #"),
        ("Qxf7++", "Q..-f7 x ++"),
        ("Qxf7‡", "Q..-f7 x #"),
        ("Qh5†", "Q..-h5 +"),
        ("Qh5 +", "Q..-h5 +"),
        ("Qxf7 #", "Q..-f7 x #"),
        // null moves
        ("--", "--"),
        ("Z0", "--"),
        // figurines
        ("♘f3", "N..-f3 white"),
        ("♞f6", "N..-f6 black"),
        ("♕xf7#", "Q..-f7 x # white"),
        ("♔e2", "K..-e2 white"),
        ("♗b5", "B..-b5 white"),
        ("♖d1", "R..-d1 white"),
    ];
    let mut failures = Vec::new();
    for (text, want) in table {
        let got = std::panic::catch_unwind(|| describe(&single_move(text)));
        match got {
            Ok(got) if got == *want => {}
            Ok(got) => failures.push(format!("{text:?}: got {got:?}, want {want:?}")),
            Err(_) => failures.push(format!("{text:?}: not read as one move")),
        }
        let ex = (parser().explain)(text.trim_end());
        if !text.contains(' ') && !ex.is_move {
            failures.push(format!("{text:?}: explain says it is no move: {ex:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Tokens that are no move: each is reported as an unknown token covering exactly the token,
/// and `explain` says where reading stops and what it wanted there.
#[test]
fn rejected_tokens() {
    // (token, offset where reading stops, one of the things expected there)
    let table: &[(&str, usize, &str)] = &[
        ("Nf3x", 4, "a square such as e4"),
        ("Nz9", 1, "a square such as e4"),
        ("e9", 1, "a square such as e4"),
        ("Kxx", 2, "a square such as e4"),
        ("i4", 0, "a move such as Nf3, exd5, O-O or e8=Q"),
        ("N", 1, "a square such as e4"),
        ("x", 0, "a move such as Nf3, exd5, O-O or e8=Q"),
        ("e4e", 2, "the end of the move"),
        ("Nf9", 2, "a square such as e4"),
        ("Nf3f", 3, "the end of the move"),
        ("e8=", 3, "the piece a pawn promotes to"),
        ("Qh5+x", 4, "the end of the move"),
        ("O-O-", 3, "the end of the move"),
        ("Sf3", 0, "a move such as Nf3, exd5, O-O or e8=Q"),
        ("Ä4", 0, "a move such as Nf3, exd5, O-O or e8=Q"),
        ("h", 1, "a square such as e4"),
        ("e44", 2, "the end of the move"),
    ];
    let mut failures = Vec::new();
    for (token, offset, expected) in table {
        let text = format!("1. {token} *");
        let g = parse(&text);
        let span = Span::new(3, 3 + token.len());
        if g.issues != [SyntaxIssue::Unknown(span)] {
            failures.push(format!(
                "{token:?}: issues {:?}, want one unknown token at {span:?}",
                g.issues
            ));
        }
        if g.move_count != 0 {
            failures.push(format!("{token:?}: {} move(s) read", g.move_count));
        }
        let ex = (parser().explain)(token);
        if ex.is_move {
            failures.push(format!("{token:?}: explain says it is a move"));
            continue;
        }
        if ex.offset != *offset {
            failures.push(format!(
                "{token:?}: reading stops at {}, want {offset}",
                ex.offset
            ));
        }
        if !ex.expected.iter().any(|e| e.starts_with(expected)) {
            failures.push(format!(
                "{token:?}: expected {:?}, want it to include {expected:?}",
                ex.expected
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Tokens the grammar reads but reads as something other than what was written. Each is
/// reported by the checker or is harmless; listed so that a change is noticed.
#[test]
fn tokens_read_as_other_things() {
    // `X` is the Bulgarian mate sign, read in every language: `Nf3X` is a knight move with mate.
    assert_eq!(describe(&single_move("Nf3X")), "N..-f3 #");
    // Two file letters are a pawn capture (`cd`): English words such as `be` and `de` are read
    // as moves when prose is written without braces.
    assert_eq!(describe(&single_move("be")), "Pb.-e?");
    assert_eq!(describe(&single_move("de")), "Pd.-e?");
}

#[test]
fn move_numbers() {
    let table: &[(&str, u32, bool)] = &[
        ("1.", 1, false),
        ("1...", 1, true),
        ("1…", 1, true),
        ("12.", 12, false),
        ("123.", 123, false),
        ("1..", 1, true),
    ];
    for (text, number, black) in table {
        let g = parse(&format!("{text} e4"));
        assert!(g.issues.is_empty(), "{text:?}: {:?}", g.issues);
        match &g.root.items[..] {
            [Item::MoveNumber(n), Item::Move(_)] => {
                assert_eq!(n.value.number, *number, "{text:?}");
                assert_eq!(n.value.black, *black, "{text:?}");
                assert_eq!(n.span, Span::new(0, text.len()), "{text:?}");
            }
            other => panic!("{text:?}: {other:?}"),
        }
    }
    // `2. ...` is a number and an ellipsis; `12.e4` needs no space.
    let g = parse("2. ... Nc6");
    assert!(g.issues.is_empty(), "{:?}", g.issues);
    assert!(
        matches!(
            &g.root.items[..],
            [Item::MoveNumber(n), Item::Ellipsis(e), Item::Move(m)]
                if n.value.number == 2 && !n.value.black && *e == Span::new(3, 6) && m.span == Span::new(7, 10)
        ),
        "{:?}",
        g.root.items
    );
    let g = parse("12.e4");
    assert!(g.issues.is_empty(), "{:?}", g.issues);
    assert!(
        matches!(
            &g.root.items[..],
            [Item::MoveNumber(n), Item::Move(m)] if n.value.number == 12 && m.span == Span::new(3, 5)
        ),
        "{:?}",
        g.root.items
    );
    let g = parse("12...Nc6");
    assert!(g.issues.is_empty(), "{:?}", g.issues);
    assert!(
        matches!(
            &g.root.items[..],
            [Item::MoveNumber(n), Item::Move(m)] if n.value.black && m.span == Span::new(5, 8)
        ),
        "{:?}",
        g.root.items
    );
}

#[test]
fn comments() {
    let text = "1. e4 {best by test} e5 ; the usual reply\n2. Nf3 {a {nested} comment} *";
    let g = parse(text);
    assert!(g.issues.is_empty(), "{:?}", g.issues);
    let comments: Vec<(&str, bool)> = g
        .root
        .items
        .iter()
        .filter_map(|i| {
            if let Item::Comment(c) = i {
                Some((&text[c.span.start..c.span.end], c.braced))
            } else {
                None
            }
        })
        .collect();
    assert_eq!(
        comments,
        [
            ("{best by test}", true),
            ("; the usual reply", false),
            ("{a {nested} comment}", true)
        ]
    );
    assert_eq!(g.move_count, 3);
    // A `;` comment ends at the end of its line; moves on the next line are read.
    let g = parse("1. e4 ; 1... e5 is not read\n1... c5 *");
    assert_eq!(g.move_count, 2);
    // A `%` escape line is a comment.
    let g = parse("% generated by a program\n1. e4 *");
    assert!(g.issues.is_empty(), "{:?}", g.issues);
    assert_eq!(g.move_count, 1);
}

fn variation_depths(line: &Line, depth: usize, out: &mut Vec<(usize, usize)>) {
    let moves = line
        .items
        .iter()
        .filter(|i| matches!(i, Item::Move(_)))
        .count();
    out.push((depth, moves));
    for item in &line.items {
        if let Item::Variation(v) = item {
            variation_depths(v, depth + 1, out);
        }
    }
}

#[test]
fn nested_variations() {
    let text = "1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) (1... e6) 2. Nf3 *";
    let g = parse(text);
    assert!(g.issues.is_empty(), "{:?}", g.issues);
    let mut depths = Vec::new();
    variation_depths(&g.root, 0, &mut depths);
    assert_eq!(depths, [(0, 3), (1, 3), (2, 2), (1, 1)]);
    // The variation's span runs from `(` to `)`.
    let first = g.root.items.iter().find_map(|i| {
        if let Item::Variation(v) = i {
            Some(v)
        } else {
            None
        }
    });
    let v = first.expect("a variation");
    assert_eq!(
        &text[v.span.start..v.span.end],
        "(1... c5 2. Nf3 (2. c3 d5) 2... d6)"
    );
    assert_eq!(g.move_count, 9);
}

#[test]
fn unbalanced_variations() {
    let g = parse("1. e4 e5) 2. Nf3 *");
    assert_eq!(g.issues, [SyntaxIssue::UnmatchedClose(Span::new(8, 9))]);
    let g = parse("1. e4 e5 (1... c5 2. Nf3 *");
    assert_eq!(g.issues, [SyntaxIssue::UnclosedVariation(Span::new(9, 10))]);
}

fn nags(text: &str) -> Vec<u16> {
    let g = parse(text);
    assert!(g.issues.is_empty(), "{text:?}: {:?}", g.issues);
    g.root
        .items
        .iter()
        .filter_map(|i| {
            if let Item::Nag(n) = i {
                Some(n.value)
            } else {
                None
            }
        })
        .collect()
}

#[test]
fn annotations_map_to_their_nags() {
    let table: &[(&str, u16)] = &[
        ("$1", 1),
        ("$19", 19),
        ("$140", 140),
        ("!", 1),
        ("?", 2),
        ("!!", 3),
        ("??", 4),
        ("!?", 5),
        ("?!", 6),
        ("□", 7),
        ("=", 10),
        ("∞", 13),
        ("⩲", 14),
        ("+/=", 14),
        ("⩱", 15),
        ("=/+", 15),
        ("±", 16),
        ("+/-", 16),
        ("∓", 17),
        ("-/+", 17),
        ("+−", 18),
        ("+-", 18),
        ("−+", 19),
        ("-+", 19),
    ];
    for (text, nag) in table {
        assert_eq!(
            nags(&format!("1. e4 {text} e5 *")),
            [*nag],
            "{text:?} apart from its move"
        );
    }
    // Glyphs written against the move.
    for (text, nag) in &table[3..9] {
        let g = parse(&format!("1. e4{text} e5 *"));
        assert!(g.issues.is_empty(), "e4{text}: {:?}", g.issues);
        let found: Vec<u16> = g
            .root
            .items
            .iter()
            .filter_map(|i| {
                if let Item::Nag(n) = i {
                    Some(n.value)
                } else {
                    None
                }
            })
            .collect();
        assert_eq!(found, [*nag], "e4{text}");
        assert_eq!(g.move_count, 2, "e4{text}");
    }
    // Check mark and glyph together.
    assert_eq!(nags("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#!! 1-0"), [3]);
}

#[test]
fn results() {
    let table: &[(&str, Outcome)] = &[
        ("1-0", Outcome::WhiteWins),
        ("0-1", Outcome::BlackWins),
        ("1/2-1/2", Outcome::Draw),
        ("½-½", Outcome::Draw),
        ("*", Outcome::Unfinished),
        ("1:0", Outcome::WhiteWins),
        ("0:1", Outcome::BlackWins),
        ("½:½", Outcome::Draw),
        ("1–0", Outcome::WhiteWins),
        ("0—1", Outcome::BlackWins),
    ];
    for (text, outcome) in table {
        let whole = format!("1. e4 e5 {text}");
        let g = parse(&whole);
        assert!(g.issues.is_empty(), "{text:?}: {:?}", g.issues);
        match g.root.items.last() {
            Some(Item::Result(r)) => {
                assert_eq!(r.value, *outcome, "{text:?}");
                assert_eq!(r.span, Span::new(9, whole.len()), "{text:?}");
            }
            other => panic!("{text:?}: last item {other:?}"),
        }
    }
}

#[test]
fn tags() {
    let text = "[Event \"Moscow \\\"open\\\"\"]\n[Site \"Moskou\"]\n\n1. e4 *";
    let g = parse(text);
    assert!(g.issues.is_empty(), "{:?}", g.issues);
    assert_eq!(g.tags.len(), 2);
    assert_eq!(&*g.tags[0].name, "Event");
    assert_eq!(&*g.tags[0].value, "Moscow \"open\"");
    assert_eq!(g.tags[0].span, Span::new(0, 25));
    assert_eq!(
        &text[g.tags[1].value_span.start..g.tags[1].value_span.end],
        "\"Moskou\""
    );
    let g = parse("[Event \"Moscow]\n1. e4 *");
    assert_eq!(g.issues, [SyntaxIssue::BrokenTag(Span::new(0, 15))]);
}

#[test]
fn exact_spans() {
    let text = "1. e4 e5 2. Nf3x Nc6 3. Bb5+ a6 4. Nz9 *";
    let g = parse(text);
    assert_eq!(
        g.issues,
        [
            SyntaxIssue::Unknown(Span::new(12, 16)),
            SyntaxIssue::Unknown(Span::new(35, 38))
        ]
    );
    let moves: Vec<&MoveToken> = g
        .root
        .items
        .iter()
        .filter_map(|i| if let Item::Move(m) = i { Some(m) } else { None })
        .collect();
    let spans: Vec<&str> = moves
        .iter()
        .map(|m| &text[m.span.start..m.span.end])
        .collect();
    assert_eq!(spans, ["e4", "e5", "Nc6", "Bb5+", "a6"]);
    let bb5 = moves[3];
    assert_eq!(bb5.check().map(|c| c.span), Some(Span::new(27, 28)));
    assert_eq!(bb5.index, 3);
    // A mark written apart joins its move, and the move's span covers both.
    let text = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 # 1-0";
    let g = parse(text);
    let last = g
        .root
        .items
        .iter()
        .rev()
        .find_map(|i| if let Item::Move(m) = i { Some(m) } else { None });
    let last = last.expect("a move");
    assert_eq!(&text[last.span.start..last.span.end], "Qxf7 #");
    assert_eq!(
        last.check().map(|c| (c.value, c.span)),
        Some((CheckMark::Mate, Span::new(39, 40)))
    );
    assert_eq!(last.capture().map(|c| c.span), Some(Span::new(35, 36)));
    // Non-ASCII text before a token: spans stay in bytes.
    let text = "{Ström–Ålund} 1. ♘f3 Nz9 *";
    let g = parse(text);
    let start = text.find("Nz9").expect("token");
    assert_eq!(
        g.issues,
        [SyntaxIssue::Unknown(Span::new(start, start + 3))]
    );
    let knight = g
        .root
        .items
        .iter()
        .find_map(|i| if let Item::Move(m) = i { Some(m) } else { None });
    let k = text.find('♘').expect("figurine");
    assert_eq!(
        knight.expect("a move").span,
        Span::new(k, k + '♘'.len_utf8() + 2)
    );
    // A stray mark.
    let g = parse("1. + e4 *");
    assert_eq!(g.issues, [SyntaxIssue::StrayMark(Span::new(3, 4))]);
    // An unclosed comment runs to the end.
    let g = parse("1. e4 {oops e5 *");
    assert_eq!(g.issues, [SyntaxIssue::UnclosedComment(Span::new(6, 16))]);
}

#[test]
fn base_offset_shifts_every_span() {
    let text = "1. e4 Nz9 *";
    let g = (parser().parse)(text, 100);
    assert_eq!(g.issues, [SyntaxIssue::Unknown(Span::new(106, 109))]);
    match &g.root.items[..] {
        [
            Item::MoveNumber(n),
            Item::Move(m),
            Item::Unknown(u),
            Item::Result(r),
        ] => {
            assert_eq!(n.span, Span::new(100, 102));
            assert_eq!(m.span, Span::new(103, 105));
            assert_eq!(*u, Span::new(106, 109));
            assert_eq!(r.span, Span::new(110, 111));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn several_games_per_file() {
    let text = "[Event \"A\"]\n\n1. e4 e5 1-0\n\n[Event \"B\"]\n\n1. d4 d5 0-1\n1. c4 c5 1/2-1/2\n1. Nf3 *\n";
    let spans = split_games(text);
    let games: Vec<&str> = spans.iter().map(|s| text[s.start..s.end].trim()).collect();
    assert_eq!(
        games,
        [
            "[Event \"A\"]\n\n1. e4 e5 1-0",
            "[Event \"B\"]\n\n1. d4 d5 0-1",
            "1. c4 c5 1/2-1/2",
            "1. Nf3 *"
        ]
    );
    let mut firsts = Vec::new();
    for span in &spans {
        let g = (parser().parse)(&text[span.start..span.end], span.start);
        assert!(g.issues.is_empty(), "{:?}", g.issues);
        let first = g.root.items.iter().find_map(|i| {
            if let Item::Move(m) = i {
                Some(m.span)
            } else {
                None
            }
        });
        let first = first.expect("a move");
        firsts.push(&text[first.start..first.end]);
    }
    assert_eq!(firsts, ["e4", "d4", "c4", "Nf3"]);
    // Results in the other spellings end a game too.
    for result in ["1:0", "0:1", "½:½", "½-½", "1–0"] {
        let text = format!("1. e4 e5 {result}\n1. d4 d5 *");
        assert_eq!(split_games(&text).len(), 2, "{result:?}");
    }
    // A result inside a variation or a comment does not end the game.
    let text = "1. e4 e5 (1... c5 {0-1 in the game} 1-0) 2. Nf3 *\n1. d4 *";
    assert_eq!(split_games(text).len(), 2);
}

#[test]
fn every_result_the_grammar_reads_ends_a_game() {
    for result in [
        "1/2:1/2",
        "1‐0",
        "1−0",
        "0−1",
        "½—½",
        "1/2–1/2",
        "+--",
        "-:+",
        "Resigns",
        "Drawn.",
        "Tablas",
    ] {
        let g = parse(&format!("1. e4 e5 {result}"));
        assert!(
            matches!(g.root.items.last(), Some(Item::Result(_))),
            "{result:?} is a result"
        );
        let text = format!("1. e4 e5 {result}\n1. d4 d5 *");
        assert_eq!(split_games(&text).len(), 2, "{result:?} ends a game");
    }
}

/// A promotion to a king is read (and refused by the resolver with a reason), not a syntax
/// error.
#[test]
fn promotion_to_king_is_read() {
    assert_eq!(describe(&single_move("e8=K")), "P..-e8=K");
}

#[test]
fn promotion_roles() {
    for (text, role) in [
        ("e8=Q", Role::Queen),
        ("e8=R", Role::Rook),
        ("e8=B", Role::Bishop),
        ("e8=N", Role::Knight),
    ] {
        match single_move(text).body {
            MoveBody::Normal(n) => assert_eq!(n.promotion, Some(role), "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
}
