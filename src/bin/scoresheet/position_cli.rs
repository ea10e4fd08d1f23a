//! `scoresheet position`: a position read from a FEN, a position record (any language), a
//! diagram or a full GBR code, or taken from a game after one of its moves, and written as a
//! FEN, a record, a diagram or a GBR code.
//!
//! Exit codes as `check`: 0 written (warnings allowed), 1 the input is wrong (unreadable, an
//! illegal position, a move that is not in the game), 2 usage or I/O.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Args, ValueEnum};
use shakmaty::{Chess, Color, EnPassantMode, Position, Setup};

use scoresheet::check::{Options, check_bytes};
use scoresheet::position::{self, Form, PositionError, Reading};
use scoresheet::syntax::{Language, Registry};

use super::{ColorChoice, read_input, terminal_width, use_color, write_data};

/// What the position is written as.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum To {
    /// FEN (`8/3p4/3k4/4P3/3PK3/8/8/8 b - - 0 1`).
    Fen,
    /// A position record in the language of --lang (`White: Ke4, Pd4, Pe5. Black: Kd6, Pd7`).
    Record,
    /// A diagram of figurines under a heading naming the side to move.
    Diagram,
    /// The full GBR code (`e4d6 0000.21 .d4e5d7 3/2`).
    Gbr,
    /// The basic GBR code (`0000.21`).
    GbrCode,
}

/// The side to move.
#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum Turn {
    /// White.
    W,
    /// Black.
    B,
}

/// The options of `scoresheet position`.
#[derive(Args)]
#[command(after_long_help = CONVENTIONS)]
pub(crate) struct PositionArgs {
    /// The file: one position (FEN, record, diagram or full GBR code), or with --after a
    /// file of games (`-` or none: standard input).
    file: Option<String>,
    /// What to write.
    #[arg(long, value_enum)]
    to: To,
    /// The language of records: the one a record is written in (default: the input
    /// record's, else English), and the first one a record is read in.
    #[arg(long, value_name = "CODE")]
    lang: Option<String>,
    /// Read a record in this language only (default: --lang, else the language whose words
    /// for White and Black it uses).
    #[arg(long, value_name = "CODE")]
    from_lang: Option<String>,
    /// Who is to move, for inputs that do not say (a record, a GBR code, a diagram without a
    /// heading): White unless given.
    #[arg(long, value_enum)]
    turn: Option<Turn>,
    /// With --after: the game of the file (1 = the first).
    #[arg(long, default_value_t = 1, requires = "after")]
    game: usize,
    /// The position after a move of the game: `12` after White's 12th move, `12...` after
    /// Black's, `0` the game's start.
    #[arg(long, value_name = "MOVE")]
    after: Option<String>,
    /// When to use colour in reports.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
}

/// The conventions, for `scoresheet position --help`.
const CONVENTIONS: &str = "\
Records, diagrams and GBR codes do not say whether castling is still allowed, and records and
GBR codes do not say who is to move. The problem composers' convention is used: castling is
allowed where the king and a rook stand on their original squares, and White is to move unless
--turn b is given (a diagram's heading such as `Black to move` says it too). A record, a GBR
code or a diagram written from a position whose side to move or castling rights differ from
what the convention reads back gets a note on standard error.

Exit codes: 0 written (warnings allowed), 1 the input is wrong (unreadable, illegal, a move not
in the game), 2 could not run (usage, I/O).";

/// Where a position comes from, for reports.
struct Input {
    name: String,
    text: String,
}

/// A position to write: the setup, and whether its side to move was said (by the input or
/// --turn) rather than assumed.
struct Found {
    setup: Setup,
    turn_said: bool,
    language: Option<Language>,
}

/// `scoresheet position`.
pub(crate) fn run(
    args: PositionArgs,
    registry: &Arc<Registry>,
    out: &mut impl Write,
) -> std::io::Result<ExitCode> {
    let color = use_color(args.color, std::io::stderr().is_terminal());
    let lang = match named_language(registry, args.lang.as_deref()) {
        Ok(l) => l,
        Err(code) => return Ok(code),
    };
    let from_lang = match named_language(registry, args.from_lang.as_deref()) {
        Ok(l) => l,
        Err(code) => return Ok(code),
    };
    let path = args.file.as_deref().unwrap_or("-");
    let bytes = read_input(path)?;
    let input = Input {
        name: if path == "-" { "<stdin>" } else { path }.to_owned(),
        text: String::from_utf8_lossy(&bytes).into_owned(),
    };
    let found = match &args.after {
        Some(after) => from_game(&args, after, &bytes, &input, registry),
        None => from_text(
            &args,
            &input,
            lang.as_ref(),
            from_lang.as_ref(),
            registry,
            color,
        ),
    };
    let found = match found {
        Ok(f) => f,
        Err(code) => return Ok(code),
    };
    let setup = match checked(found.setup.clone(), found.turn_said, &input, color) {
        Ok(s) => s,
        Err(code) => return Ok(code),
    };
    let written_lang = lang.or(found.language).or_else(|| registry.language("en"));
    let text = match write(args.to, &setup, written_lang.as_ref()) {
        Ok(t) => t,
        Err(e) => {
            eprint!(
                "{}",
                scoresheet::diagnostic::render(&e, color, terminal_width())
            );
            return Ok(ExitCode::from(2));
        }
    };
    conventions_note(args.to, &setup);
    write_data(out, &text, std::io::stdout().is_terminal())?;
    writeln!(out)?;
    Ok(ExitCode::SUCCESS)
}

/// The language a code names (`None` for no code); exit 2 for a code no language has.
fn named_language(registry: &Registry, code: Option<&str>) -> Result<Option<Language>, ExitCode> {
    let Some(code) = code else { return Ok(None) };
    match registry.language(code) {
        Some(l) => Ok(Some(l)),
        None => {
            say!(
                "scoresheet: no language has the code `{code}` (`scoresheet languages` lists them)"
            );
            Err(ExitCode::from(2))
        }
    }
}

/// A position read from the text: in `from_lang` only, or in `lang` first and then in the
/// language its side words name. Warnings are said on standard error.
fn from_text(
    args: &PositionArgs,
    input: &Input,
    lang: Option<&Language>,
    from_lang: Option<&Language>,
    registry: &Registry,
    color: bool,
) -> Result<Found, ExitCode> {
    let text = &input.text;
    let read = match (from_lang, lang) {
        (Some(only), _) => position::read(text, Some(only), registry),
        (None, Some(first)) => position::read(text, Some(first), registry)
            .or_else(|e| position::read(text, None, registry).map_err(|_| e)),
        (None, None) => position::read(text, None, registry),
    };
    let reading: Reading = match read {
        Ok(r) => r,
        Err(e) => return Err(report(e, input, color)),
    };
    for note in &reading.notes {
        let note = note.clone().with_source(&input.name, text);
        eprint!(
            "{}",
            scoresheet::diagnostic::render(&note, color, terminal_width())
        );
    }
    let turn_said = reading.turn_written || args.turn.is_some();
    let reading = match args.turn {
        Some(Turn::W) => reading.with_turn(Color::White),
        Some(Turn::B) => reading.with_turn(Color::Black),
        None => reading,
    };
    Ok(Found {
        setup: reading.setup,
        turn_said,
        language: reading.language,
    })
}

/// An error about the input, reported on standard error: exit 1.
fn report(e: PositionError, input: &Input, color: bool) -> ExitCode {
    let e = e.with_source(&input.name, &input.text);
    eprint!(
        "{}",
        scoresheet::diagnostic::render(&e, color, terminal_width())
    );
    ExitCode::from(1)
}

/// The setup when it is legal; when it is illegal only because the side to move was assumed
/// (a record says none, and the side not assumed is in check), the setup as read with a
/// warning saying so; else the reason, reported (exit 1).
fn checked(setup: Setup, turn_said: bool, input: &Input, color: bool) -> Result<Setup, ExitCode> {
    let Err(e) = position::legal(&setup) else {
        return Ok(setup);
    };
    let mut other = setup.clone();
    other.turn = !setup.turn;
    if !turn_said && position::legal(&other).is_ok() {
        let (mover, other_side) = match setup.turn {
            Color::White => ("White", "Black"),
            Color::Black => ("Black", "White"),
        };
        // Only one side can be to move: that side is (as a reader of the record knows).
        say!(
            "note: the input does not say who is to move; {other_side} is: with {mover} to move \
             (the convention) the position is illegal ({})",
            e.reason
        );
        return Ok(other);
    }
    let whole = position_span(&input.text);
    let err = PositionError::Illegal {
        reason: e.reason,
        span: whole,
        help: Some(
            "a position that no game can reach is not converted; fix the men or the side to move"
                .into(),
        ),
        text: None,
    };
    Err(report(err, input, color))
}

/// The span of the text without its surrounding white space.
fn position_span(text: &str) -> scoresheet::span::Span {
    let start = text.len() - text.trim_start().len();
    scoresheet::span::Span::new(start, start + text.trim().len())
}

/// The position written in the form asked for.
fn write(to: To, setup: &Setup, lang: Option<&Language>) -> Result<String, position::RecordError> {
    Ok(match to {
        To::Fen => position::fen(setup),
        To::Record => match lang {
            Some(l) => position::record(&setup.board, l)?,
            None => String::new(),
        },
        To::Diagram => position::diagram(&setup.board, setup.turn),
        To::Gbr => position::gbr(&setup.board),
        To::GbrCode => position::gbr_code(&setup.board),
    })
}

/// A note on standard error when the form written does not say what the position holds:
/// another side to move than White (records, GBR codes), castling rights other than the
/// convention's, an en passant square.
fn conventions_note(to: To, setup: &Setup) {
    if matches!(to, To::Fen) {
        return;
    }
    let mut lost = Vec::new();
    if setup.turn == Color::Black && to != To::Diagram {
        lost.push("Black is to move (read it back with --turn b)".to_owned());
    }
    if setup.castling_rights != position::conventional_castling(&setup.board) {
        lost.push(
            "its castling rights are not the convention's (castling where king and rook stand \
             on their original squares)"
                .to_owned(),
        );
    }
    if let Some(ep) = setup.ep_square {
        lost.push(format!("an en passant capture on {ep} is possible"));
    }
    if !lost.is_empty() {
        let form = match to {
            To::Record => Form::Record,
            To::Diagram => Form::Diagram,
            _ => Form::Gbr,
        };
        say!(
            "note: {} does not say all of this position: {}",
            form.name(),
            lost.join("; ")
        );
    }
}

/// The position of a game after a move (`12`, `12...`, `0`).
fn from_game(
    args: &PositionArgs,
    after: &str,
    bytes: &[u8],
    input: &Input,
    registry: &Arc<Registry>,
) -> Result<Found, ExitCode> {
    let Some(target) = target_ply(after) else {
        say!(
            "scoresheet: --after {after}: give a move number (`12` after White's 12th move, `12...` after Black's, `0` the start)"
        );
        return Err(ExitCode::from(2));
    };
    let options = Options {
        registry: Arc::clone(registry),
        ..Options::default()
    };
    let file = match check_bytes(&input.name, bytes, &options) {
        Ok(f) => f,
        Err(e) => {
            say!("scoresheet: {e}");
            return Err(ExitCode::from(2));
        }
    };
    let fail = |message: String| {
        say!("scoresheet: {}: {message}", input.name);
        Err(ExitCode::from(1))
    };
    let Some(game) = file.games.get(args.game.wrapping_sub(1)) else {
        return fail(format!(
            "there is no game {} (the file has {})",
            args.game,
            file.games.len()
        ));
    };
    let Some(start) = game.start.clone() else {
        return fail(format!(
            "game {} has no start position (its FEN tag cannot be read: `scoresheet check` says why)",
            args.game
        ));
    };
    let first = ply_of(&start);
    let Some(need) = target.checked_sub(first) else {
        return fail(format!(
            "game {} starts after that move ({})",
            args.game,
            move_name(first)
        ));
    };
    let need = need as usize;
    if need > game.mainline.len() {
        let why = if game.complete {
            format!(
                "its main line ends after {}",
                move_name(first + game.mainline.len() as u32)
            )
        } else {
            let error = game
                .diagnostics
                .iter()
                .find(|d| d.severity == scoresheet::Severity::Error)
                .map_or_else(String::new, |d| format!(": {d}"));
            format!(
                "its moves can be followed only to {}{error}",
                move_name(first + game.mainline.len() as u32)
            )
        };
        return fail(format!("game {} has no position {after}: {why}", args.game));
    }
    let mut pos = start;
    for m in &game.mainline[..need] {
        pos = match m {
            Some(m) => pos.play(*m).map_err(|_| ExitCode::from(1))?,
            None => pos.swap_turn().map_err(|_| ExitCode::from(1))?,
        };
    }
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    if let Some(t) = args.turn {
        setup.turn = if matches!(t, Turn::W) {
            Color::White
        } else {
            Color::Black
        };
    }
    Ok(Found {
        setup,
        turn_said: true,
        language: None,
    })
}

/// The half-moves from the standard start to a position (move 1 White: 0).
fn ply_of(pos: &Chess) -> u32 {
    (pos.fullmoves().get() - 1) * 2 + u32::from(pos.turn() == Color::Black)
}

/// "the start", "White's 12th move", "Black's 12th move" for the position `ply` half-moves in.
fn move_name(ply: u32) -> String {
    match ply {
        0 => "the start".to_owned(),
        p if p % 2 == 1 => format!("White's move {}", p.div_ceil(2)),
        p => format!("Black's move {}", p / 2),
    }
}

/// The half-moves to the position after a move: `12` → 23, `12...` → 24, `0` → 0.
fn target_ply(after: &str) -> Option<u32> {
    let a = after.trim();
    let (number, black) = match a.strip_suffix("...").or_else(|| a.strip_suffix('…')) {
        Some(n) => (n, true),
        None => (a.strip_suffix('.').unwrap_or(a), false),
    };
    let n: u32 = number.parse().ok()?;
    match (n, black) {
        (0, false) => Some(0),
        (0, true) => None,
        (n, false) => n.checked_mul(2).map(|p| p - 1),
        (n, true) => n.checked_mul(2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers_name_plies() {
        assert_eq!(target_ply("12"), Some(23));
        assert_eq!(target_ply("12..."), Some(24));
        assert_eq!(target_ply("1."), Some(1));
        assert_eq!(target_ply("0"), Some(0));
        assert_eq!(target_ply("x"), None);
        assert_eq!(move_name(23), "White's move 12");
        assert_eq!(move_name(24), "Black's move 12");
    }
}
