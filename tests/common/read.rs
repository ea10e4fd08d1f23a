//! Helpers of the integration tests that use the crate (`tests/common/mod.rs` is also
//! compiled into the library's own tests, where the crate is not `scoresheet`): writing a
//! game's moves and reading a file's main line.
#![allow(dead_code)]

use scoresheet::board::Origins;
use scoresheet::check::CheckedFile;
use scoresheet::render::Writer;
use shakmaty::{Chess, Move, Position};

/// The moves of a game from the start, each written by `writer` in its position.
pub fn written(writer: &Writer, moves: &[Move]) -> Vec<String> {
    let mut pos = Chess::default();
    let mut origins = Origins::from_position(&pos);
    moves
        .iter()
        .map(|m| {
            let t = writer.write(&pos, &origins, m);
            origins.play(m);
            pos.play_unchecked(*m);
            t
        })
        .collect()
}

/// The resolved main line of a file's first game (empty when it has none).
pub fn first_mainline(file: &CheckedFile) -> Vec<Move> {
    file.games
        .first()
        .map(|g| g.mainline.iter().flatten().copied().collect())
        .unwrap_or_default()
}
