//! The commentary signs of annotated games and their PGN NAGs, in one table.
//!
//! The signs are those of the Bulgarian seed's table of commentary signs
//! (`seeds/chess-notation.bg.txt`, "Означаване на коментари", which follows the Informator
//! system) and of the Spanish seed's list of comment marks (`seeds/algebraic-notation.es.txt`),
//! in their Unicode forms and the ASCII forms people type. `grammars/common.pest` reads them
//! (rules `glyph`, `evaluation`, `sign`, `prefix_sign`); this table gives each its NAG, and a
//! test holds the two together (every form of the table is read by the grammar as the sign,
//! and every form the grammar reads has a NAG here).
//!
//! Where each number comes from:
//! - 1–139: the PGN standard (Edwards 1994, section 10, "Numeric Annotation Glyphs").
//! - 140–154 and 190–193, 201, 212, 213: the extension numbers of Scid (`src/game.h`, names,
//!   and `src/nagtext.h`, glyphs; 140–154 are the same in ChessX and Scidb).
//! - 138 for the time-trouble sign ⊕ (the PGN standard's "severe time control pressure"): the
//!   number lichess and ChessX give it (Scid gives ⊕ to 136, ⊕⊕ to 138).
//!
//! A sign about one side (attack, initiative, development, space, counterplay, compensation,
//! centre and wings, time trouble, the bishop pair) has the PGN standard's pair of numbers,
//! White's even and Black's odd; which side the sign means is the side that made the move it
//! follows ([`Side::Mover`]), or for zugzwang the side to move then ([`Side::ToMove`]).
//!
//! Where the seed's table lost a glyph in extraction, the established Informator glyph (or
//! Scid's, for the bishop and pawn signs that have no Unicode glyph of their own) stands in:
//! `⩲`/`⩱` (slight advantage), `=/∞` (compensation), `○` (space: the seed shows a Latin `O`),
//! `◫` `◨` `⊶` (the bishops), `⚮` `⚯` `⡁` `⚨` (connected, isolated, doubled and passed pawns).
//! The seed's `Х` for a weak point is its own mate sign `X` too: a lone `X`/`Х` after a move is
//! read as mate (the board tells whether it is one), and the weak point is `✕`.

use shakmaty::Color;

/// Which side a sign is about, for the signs the PGN standard numbers twice (White, Black).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The sign says nothing of a side (or names it itself, as `±` does).
    Neither,
    /// The side that made the move the sign follows.
    Mover,
    /// The side to move after it (zugzwang).
    ToMove,
}

/// Where a sign stands: after its move (`e4!`), or before it (`∆Дd5`, `∩22. … О:d5`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// After the move or position it is about.
    After,
    /// Before the move it introduces (Scid's "prefix" annotations, 140–145).
    Before,
}

/// A commentary sign: its NAG (White's, for a sign about one side), the forms it is written
/// in (the first is the one written), and what it means.
#[derive(Clone, Copy, Debug)]
pub struct Sign {
    /// The NAG (for a sign about one side, White's: Black's is one more).
    pub nag: u16,
    /// Which side it is about.
    pub side: Side,
    /// Where it stands.
    pub place: Place,
    /// Its forms, the written one first.
    pub forms: &'static [&'static str],
    /// What it means.
    pub meaning: &'static str,
}

const fn sign(nag: u16, forms: &'static [&'static str], meaning: &'static str) -> Sign {
    Sign {
        nag,
        side: Side::Neither,
        place: Place::After,
        forms,
        meaning,
    }
}

const fn sided(nag: u16, forms: &'static [&'static str], meaning: &'static str) -> Sign {
    Sign {
        nag,
        side: Side::Mover,
        place: Place::After,
        forms,
        meaning,
    }
}

const fn before(nag: u16, forms: &'static [&'static str], meaning: &'static str) -> Sign {
    Sign {
        nag,
        side: Side::Neither,
        place: Place::Before,
        forms,
        meaning,
    }
}

/// Every commentary sign.
pub static SIGNS: &[Sign] = &[
    // Moves (PGN standard).
    sign(1, &["!"], "good move"),
    sign(2, &["?"], "poor move"),
    sign(3, &["!!"], "very good move"),
    sign(4, &["??"], "blunder"),
    sign(5, &["!?"], "move deserving attention"),
    sign(6, &["?!"], "dubious move"),
    sign(7, &["□"], "only move"),
    // Positions (PGN standard); the Spanish seed's ASCII forms among them.
    sign(10, &["="], "equal position"),
    sign(13, &["∞"], "unclear position"),
    sign(14, &["⩲", "+/=", "+="], "White is slightly better"),
    sign(15, &["⩱", "=/+", "=+"], "Black is slightly better"),
    sign(16, &["±", "+/-", "+/−"], "White is better"),
    sign(17, &["∓", "-/+", "−/+"], "Black is better"),
    sign(18, &["+−", "+-"], "White has a decisive advantage"),
    sign(19, &["−+", "-+", "- +"], "Black has a decisive advantage"),
    sided(
        44,
        &["=/∞", "∞=", "=∞", "⯹", "~="],
        "with compensation for the material",
    ),
    Sign {
        nag: 22,
        side: Side::ToMove,
        place: Place::After,
        forms: &["☉", "⊙", "⨀"],
        meaning: "zugzwang",
    },
    sided(26, &["○", "◯", "O"], "space advantage"),
    sided(32, &["↻", "⟳", "↑↑"], "development advantage"),
    sided(36, &["↑"], "with initiative"),
    sided(40, &["→", "->"], "with attack"),
    sided(48, &["⊞", "[+]"], "centre"),
    sided(56, &["»", "⟫", ">>"], "kingside"),
    sided(62, &["«", "⟪", "<<"], "queenside"),
    sided(132, &["⇄", "⇆"], "with counterplay"),
    sided(138, &["⊕"], "time trouble"),
    // Prefix annotations (Scid 140–145).
    before(140, &["Δ", "∆", "△", "/\\"], "with the idea"),
    before(141, &["∇"], "aimed against"),
    before(142, &["⌓", "≥", "∩"], "better is"),
    before(143, &["≤"], "worse is"),
    sign(145, &["RR"], "editorial comment"),
    sign(146, &["N"], "novelty"),
    // Geometry, bishops, pawns (Scid).
    sign(147, &["✕"], "weak point"),
    sign(148, &["⊥", "_|_"], "endgame"),
    sign(149, &["⇔", "⟺", "<=>"], "file"),
    sign(150, &["⇗"], "diagonal"),
    sided(151, &["◫"], "bishop pair"),
    sign(153, &["◨"], "bishops of opposite colours"),
    sign(154, &["⊶"], "bishops of the same colour"),
    sign(190, &["||", "‖", "ǁ"], "and so on"),
    sign(191, &["⡁"], "doubled pawns"),
    sign(192, &["⚯"], "isolated pawns"),
    sign(193, &["⚮"], "connected pawns"),
    sign(212, &["⚨"], "passed pawn"),
    sign(213, &[">"], "more pawns"),
];

/// The sign written in one of its forms.
pub fn sign_of_text(text: &str) -> Option<&'static Sign> {
    SIGNS.iter().find(|s| s.forms.contains(&text))
}

/// The sign a NAG is written as, and whether that NAG is the one the sign means after a move
/// of `mover` (so that reading the sign back gives the same NAG).
pub fn sign_of_nag(nag: u16, mover: Color) -> Option<&'static Sign> {
    SIGNS.iter().find(|s| s.nag_for(mover) == nag)
}

impl Sign {
    /// The NAG this sign means after a move of `mover`.
    pub const fn nag_for(&self, mover: Color) -> u16 {
        let black = match self.side {
            Side::Neither => false,
            Side::Mover => matches!(mover, Color::Black),
            Side::ToMove => matches!(mover, Color::White),
        };
        self.nag + black as u16
    }

    /// The form it is written in.
    pub fn written(&self) -> &'static str {
        self.forms[0]
    }
}

/// The NAG of an annotation token as written (`$n`, or a sign) after a move of `mover`; 0 for
/// text that is neither.
pub fn nag_of(text: &str, mover: Color) -> u16 {
    match text.strip_prefix('$') {
        Some(n) => n.parse().unwrap_or(0),
        None => sign_of_text(text).map_or(0, |s| s.nag_for(mover)),
    }
}

/// True for the NAGs of the signs that stand before the move they introduce (`Δ`, `∩`…).
pub fn stands_before(nag: u16) -> bool {
    (140..=144).contains(&nag)
}

/// The NAG a sign means with no move to say which side (White's for a sign about one side).
pub(crate) fn plain_nag(text: &str) -> u16 {
    sign_of_text(text).map_or(0, |s| s.nag)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The string literals of a rule of `grammars/common.pest` (the text from `name = ` to the
    /// next rule's doc comment), `\\` read as a backslash.
    fn literals(rule: &str) -> Vec<String> {
        let text = include_str!("../../grammars/common.pest");
        let start = text
            .find(&format!("\n{rule} = "))
            .expect("the rule is in the grammar");
        let body = &text[start + 1..];
        let end = body.find("\n///").unwrap_or(body.len());
        let body = &body[..end];
        let mut out = Vec::new();
        let mut rest = body;
        while let Some(i) = rest.find('"') {
            let after = &rest[i + 1..];
            let mut lit = String::new();
            let mut chars = after.char_indices();
            let mut close = after.len();
            while let Some((j, c)) = chars.next() {
                match c {
                    '\\' => lit.extend(chars.next().map(|(_, n)| n)),
                    '"' => {
                        close = j;
                        break;
                    }
                    c => lit.push(c),
                }
            }
            out.push(lit);
            rest = &after[(close + 1).min(after.len())..];
        }
        out
    }

    #[test]
    fn the_grammar_and_the_table_hold_the_same_signs() {
        use crate::read::common::{Common, Rule};
        use pest::Parser;
        let rules = [
            ("glyph", Rule::glyph),
            ("evaluation", Rule::evaluation),
            ("sign", Rule::sign),
            ("prefix_sign", Rule::prefix_sign),
        ];
        let mut read = std::collections::HashSet::new();
        for (name, _) in rules {
            for lit in literals(name) {
                assert!(
                    sign_of_text(&lit).is_some(),
                    "`{lit}` of the grammar's rule {name} has no NAG in the table"
                );
                read.insert(lit);
            }
        }
        for s in SIGNS {
            for f in s.forms {
                assert!(
                    read.contains(*f),
                    "`{f}` of the table is in no rule of the grammar"
                );
                let whole = rules.iter().filter(|(_, r)| {
                    Common::parse(*r, f).is_ok_and(|p| p.as_str().len() == f.len())
                });
                assert_eq!(whole.count(), 1, "`{f}` is read whole by one rule");
            }
        }
    }

    #[test]
    fn no_form_is_written_twice() {
        let mut seen = std::collections::HashSet::new();
        for s in SIGNS {
            for f in s.forms {
                assert!(seen.insert(*f), "{f} is in the table twice");
            }
        }
    }

    #[test]
    fn a_sign_about_a_side_means_the_mover_or_the_side_to_move() {
        let attack = sign_of_text("→").unwrap();
        assert_eq!(attack.nag_for(Color::White), 40);
        assert_eq!(attack.nag_for(Color::Black), 41);
        let zz = sign_of_text("☉").unwrap();
        assert_eq!(zz.nag_for(Color::White), 23, "Black to move is in zugzwang");
        assert_eq!(zz.nag_for(Color::Black), 22);
        assert_eq!(nag_of("$41", Color::White), 41, "a NAG as written stays");
        assert_eq!(sign_of_nag(41, Color::Black).map(Sign::written), Some("→"));
        assert!(
            sign_of_nag(41, Color::White).is_none(),
            "Black's attack after a White move has no sign that reads back as it"
        );
    }

    #[test]
    fn every_nag_has_one_sign_at_most() {
        for c in [Color::White, Color::Black] {
            let mut seen = std::collections::HashSet::new();
            for s in SIGNS {
                assert!(seen.insert(s.nag_for(c)), "NAG {} twice", s.nag_for(c));
            }
        }
    }
}
