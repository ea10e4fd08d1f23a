//! The minimal validator the checker is measured against: pgn-reader reads the games,
//! shakmaty plays the main line (each SAN must be a legal move of the position), nothing
//! else. The bench runs it as a child process (this same binary, `--validate FILE`) so that it
//! is timed and its memory read the same way as the other tools.

use std::ops::ControlFlow;

use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

/// What one game came to.
pub struct GameResult {
    /// Plies played on the board.
    pub plies: usize,
    /// A move was not legal (or the FEN tag not a legal position).
    pub error: bool,
}

struct Validator;

/// The position, or `None` once a move failed (the rest of the game is skipped).
type Movetext = (Option<Chess>, usize);

impl Visitor for Validator {
    type Tags = Option<Chess>;
    type Movetext = Movetext;
    type Output = GameResult;

    fn begin_tags(&mut self) -> ControlFlow<GameResult, Option<Chess>> {
        ControlFlow::Continue(Some(Chess::default()))
    }

    fn tag(
        &mut self,
        tags: &mut Option<Chess>,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<GameResult> {
        if name == b"FEN" {
            *tags = Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|f| f.into_position(CastlingMode::Standard).ok());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<GameResult, Movetext> {
        match tags {
            Some(pos) => ControlFlow::Continue((Some(pos), 0)),
            None => ControlFlow::Break(GameResult {
                plies: 0,
                error: true,
            }),
        }
    }

    fn san(&mut self, movetext: &mut Movetext, san_plus: SanPlus) -> ControlFlow<GameResult> {
        let (pos, plies) = movetext;
        let Some(p) = pos else {
            return ControlFlow::Continue(());
        };
        match san_plus.san.to_move(p) {
            Ok(m) => {
                p.play_unchecked(m);
                *plies += 1;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(GameResult {
                plies: *plies,
                error: true,
            }),
        }
    }

    fn begin_variation(&mut self, _movetext: &mut Movetext) -> ControlFlow<GameResult, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn end_game(&mut self, movetext: Movetext) -> GameResult {
        GameResult {
            plies: movetext.1,
            error: movetext.0.is_none(),
        }
    }
}

/// Validates every game of the file; prints `games plies errors` and exits 1 when a game has
/// an illegal move (as the checker does).
pub fn main(path: &str) -> ! {
    let file = std::fs::File::open(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2)
    });
    let mut reader = Reader::new(file);
    let (mut games, mut plies, mut errors) = (0usize, 0usize, 0usize);
    for game in reader.read_games(&mut Validator) {
        let game = game.unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(2)
        });
        games += 1;
        plies += game.plies;
        errors += usize::from(game.error);
    }
    println!("{games} {plies} {errors}");
    std::process::exit(i32::from(errors > 0))
}
