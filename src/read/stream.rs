//! Reading a file as a stream: bytes read a piece at a time, decoded as they come, cut into
//! games as the games end. Memory is bounded by the largest game and the piece, never by the
//! file: a game is handed on with its own text and where that text starts in the file.

use std::collections::VecDeque;
use std::io::Read;
use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Problem};
use crate::read::decode::{Decoder, Reader};
use crate::read::split::Splitter;
use crate::span::{Origin, SourceText, Span};

/// One game's text: the game is `span` of `source`'s text (its whole text when read from a
/// stream, a part of the whole file's text when the file was read at once).
#[derive(Clone, Debug)]
pub struct GameText {
    /// The text the game is in, and where it starts in the file.
    pub source: Arc<SourceText>,
    /// The game in it.
    pub span: Span,
}

/// What reading a file gives, in the file's order.
#[derive(Debug)]
pub enum Piece {
    /// A problem of the file itself (its encoding, no game in it), with the text its spans are
    /// in, when the reader has it (else its spans are offsets of the file).
    Note(Box<Diagnostic>, Option<Arc<SourceText>>),
    /// A game.
    Game(GameText),
}

/// Bytes read at a time (at least: a game longer than this is read in pieces as long as
/// what is held of it, so that finding its end costs time linear in its length).
pub const PIECE: usize = 1 << 16;

/// The games of a file read as a stream, in order, with the notes of its decoding: an
/// iterator of [`Piece`]s.
pub struct GameReader<R> {
    input: R,
    /// Bytes read at a time.
    piece: usize,
    decoder: Decoder,
    /// The decoded text not yet handed on: from where the game being read starts.
    text: String,
    /// Where `text` starts in the file, and the line and column there.
    origin: Origin,
    splitter: Splitter,
    /// The input is read to its end.
    ended: bool,
    ready: VecDeque<Piece>,
    /// Games handed on.
    games: usize,
    /// The note that the text is not UTF-8 is handed on.
    noted_invalid: bool,
    /// The input is not text: nothing more is read.
    binary: bool,
    /// Where in `text` the origin is.
    counted: usize,
}

impl<R: Read> GameReader<R> {
    /// Reads `input` [`PIECE`] bytes at a time.
    pub fn new(input: R) -> GameReader<R> {
        GameReader::with_piece(input, PIECE)
    }

    /// Reads `input` `piece` bytes at a time (at least one).
    pub fn with_piece(input: R, piece: usize) -> GameReader<R> {
        GameReader {
            input,
            piece: piece.max(1),
            decoder: Decoder::default(),
            text: String::new(),
            origin: Origin::default(),
            splitter: Splitter::default(),
            ended: false,
            ready: VecDeque::new(),
            games: 0,
            noted_invalid: false,
            binary: false,
            counted: 0,
        }
    }

    /// Reads the next piece of the input, decodes it and cuts the games it ends.
    fn read_more(&mut self) -> std::io::Result<()> {
        // While a game is longer than a piece, pieces as long as what is held of it.
        let want = self.piece.max(self.text.len().min(1 << 26));
        let mut bytes = vec![0; want];
        let mut filled = 0;
        while filled < want {
            match self.input.read(&mut bytes[filled..]) {
                Ok(0) => {
                    self.ended = true;
                    break;
                }
                Ok(n) => filled += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        self.decoder
            .push(&bytes[..filled], self.ended, &mut self.text);
        // Nothing is handed on before the start of the input that says whether it is text.
        if !self.ended && !self.decoder.sniffed() {
            return Ok(());
        }
        if self.decoder.binary() {
            self.binary = true;
            self.ended = true;
            self.ready.extend(
                self.decoder
                    .notes(Reader::Check)
                    .into_iter()
                    .map(|d| Piece::Note(Box::new(d), None)),
            );
            self.text.clear();
            return Ok(());
        }
        let mut spans = Vec::new();
        self.splitter.scan(&self.text, self.ended, &mut spans);
        for span in spans {
            self.hand_on(span);
        }
        if self.ended {
            self.note_invalid(usize::MAX);
            if self.games == 0 {
                let none = Diagnostic::new(Problem::NoGame, Span::new(0, 0));
                self.ready.push_back(Piece::Note(Box::new(none), None));
            }
        }
        self.drop_read();
        Ok(())
    }

    /// Hands on the game at `span` of the text held.
    fn hand_on(&mut self, span: Span) {
        let origin = self.advance(span.start);
        self.note_invalid(origin.offset + span.len());
        let game = &self.text[span.start..span.end];
        self.games += 1;
        let source = Arc::new(SourceText::new(Arc::from(game), origin));
        let span = Span::new(0, game.len());
        self.ready.push_back(Piece::Game(GameText { source, span }));
    }

    /// Hands on the note that the text is not UTF-8 before the first game that holds the
    /// first such byte (the game ending after `end`).
    fn note_invalid(&mut self, end: usize) {
        if self.noted_invalid {
            return;
        }
        if let Some(at) = self.decoder.first_invalid()
            && at < end
        {
            self.noted_invalid = true;
            let notes = self.decoder.notes(Reader::Check);
            self.ready
                .extend(notes.into_iter().map(|d| Piece::Note(Box::new(d), None)));
        }
    }

    /// The origin of the text held moved on to its byte `to` (counting the lines and columns
    /// passed); returns it.
    fn advance(&mut self, to: usize) -> Origin {
        let passed = &self.text[self.counted..to];
        let o = &mut self.origin;
        match passed.rfind('\n') {
            Some(last) => {
                o.line += passed.bytes().filter(|&b| b == b'\n').count();
                o.column = passed[last + 1..].chars().count();
                o.column_bytes = passed.len() - last - 1;
            }
            None => {
                o.column += passed.chars().count();
                o.column_bytes += passed.len();
            }
        }
        o.offset += passed.len();
        self.counted = to;
        self.origin
    }

    /// Drops the text before the game being read.
    fn drop_read(&mut self) {
        let start = if self.ended {
            self.text.len()
        } else {
            self.splitter.start()
        };
        self.advance(start);
        self.text.drain(..start);
        self.splitter.drop_before(start);
        self.counted -= start;
    }
}

impl<R: Read> Iterator for GameReader<R> {
    type Item = std::io::Result<Piece>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(p) = self.ready.pop_front() {
                return Some(Ok(p));
            }
            if self.ended {
                return None;
            }
            if let Err(e) = self.read_more() {
                self.ended = true;
                return Some(Err(e));
            }
        }
    }
}
