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
    /// The text the game is in, and where it starts in the file: what reports show.
    pub source: Arc<SourceText>,
    /// The game in it.
    pub span: Span,
    /// What the game is read from: the same text, or (in a manuscript) the same text with
    /// everything but the games blanked, at the same offsets.
    pub read: Arc<str>,
}

/// What reading a file gives, in the file's order.
#[derive(Debug)]
pub enum Piece {
    /// A problem of the file itself (its encoding, no game in it), with the text its spans are
    /// in.
    Note(Box<Diagnostic>, Arc<SourceText>),
    /// A game.
    Game(GameText),
}

/// Bytes read at a time (at least: a game longer than this is read in pieces as long as
/// what is held of it, so that finding its end costs time linear in its length).
pub const PIECE: usize = 1 << 16;

/// Bytes after the NUL that makes a file binary that its note shows (when its line is longer).
const BINARY_SHOWN: usize = 64;

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
            counted: 0,
        }
    }

    /// Reads the next piece of the input, decodes it and cuts the games it ends.
    fn read_more(&mut self) -> std::io::Result<()> {
        // While a game is longer than a piece (of the usual size), pieces as long as what is
        // held of it: its end is then looked for a number of times logarithmic in its length.
        let want = if self.text.len() > PIECE {
            self.piece.max(self.text.len().min(1 << 26))
        } else {
            self.piece
        };
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
            // Nothing was handed on yet: the text held is the file's from its start. The note
            // shows it to the end of the NUL's line (at most a few dozen bytes past the NUL).
            let nul = self.decoder.nul().unwrap_or(0).min(self.text.len());
            let rest = &self.text[nul..];
            let line = rest.find('\n').unwrap_or(rest.len()).min(BINARY_SHOWN);
            if !self.ended && line == rest.len() {
                return Ok(());
            }
            let mut cut = nul + line;
            while !self.text.is_char_boundary(cut) {
                cut -= 1;
            }
            self.ended = true;
            let source = Arc::new(SourceText::whole(Arc::from(&self.text[..cut])));
            self.ready.extend(
                self.decoder
                    .notes(Reader::Check)
                    .into_iter()
                    .map(|d| Piece::Note(Box::new(d), Arc::clone(&source))),
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
            self.note_invalid(self.text.len(), None);
            if self.games == 0 {
                let none = Diagnostic::new(Problem::NoGame, Span::new(0, 0));
                let empty = Arc::new(SourceText::whole(Arc::from("")));
                self.ready.push_back(Piece::Note(Box::new(none), empty));
            }
        }
        self.drop_read();
        Ok(())
    }

    /// Hands on the game at `span` of the text held.
    fn hand_on(&mut self, span: Span) {
        let origin = self.advance(span.start);
        let game = &self.text[span.start..span.end];
        let source = Arc::new(SourceText::new(Arc::from(game), origin));
        self.note_invalid(span.end, Some(&source));
        self.games += 1;
        let span = Span::new(0, source.text.len());
        let read = Arc::clone(&source.text);
        self.ready
            .push_back(Piece::Game(GameText { source, span, read }));
    }

    /// Hands on the note that the text is not UTF-8, once the first such byte is before `end`
    /// of the text held: shown in the text of `game` (the game handed on next) when it holds
    /// the byte, else in the rest of the byte's line.
    fn note_invalid(&mut self, end: usize, game: Option<&Arc<SourceText>>) {
        let Some(at) = self.decoder.first_invalid() else {
            return;
        };
        // The file offset of the text held.
        let base = self.origin.offset - self.counted;
        if self.noted_invalid || at >= base + end {
            return;
        }
        self.noted_invalid = true;
        let width = self.text[at - base..]
            .chars()
            .next()
            .map_or(0, char::len_utf8);
        let source = match game {
            Some(g) if g.holds(Span::new(at, at + width)) => Arc::clone(g),
            _ => {
                let from = at - base;
                let line = self.text[from..].split('\n').next().unwrap_or("");
                let mut cut = line.len().min(256);
                while !line.is_char_boundary(cut) {
                    cut -= 1;
                }
                let origin = moved(self.origin, &self.text[self.counted..from]);
                Arc::new(SourceText::new(Arc::from(&line[..cut]), origin))
            }
        };
        let offset = source.origin.offset;
        let notes = self.decoder.notes(Reader::Check);
        self.ready.extend(
            notes
                .into_iter()
                .map(|d| Piece::Note(Box::new(d.moved(offset, 0)), Arc::clone(&source))),
        );
    }

    /// The origin of the text held moved on to its byte `to`; returns it.
    fn advance(&mut self, to: usize) -> Origin {
        self.origin = moved(self.origin, &self.text[self.counted..to]);
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
        // The first byte that is not UTF-8 may be in white space between games, dropped.
        self.note_invalid(start, None);
        self.advance(start);
        self.text.drain(..start);
        self.splitter.drop_before(start);
        self.counted -= start;
    }
}

/// `origin` moved past the text `passed` (its lines and columns counted).
fn moved(mut origin: Origin, passed: &str) -> Origin {
    match passed.rfind('\n') {
        Some(last) => {
            origin.line += count_newlines(passed.as_bytes());
            origin.column = passed[last + 1..].chars().count();
            origin.column_bytes = passed.len() - last - 1;
        }
        None => {
            origin.column += passed.chars().count();
            origin.column_bytes += passed.len();
        }
    }
    origin.offset += passed.len();
    origin
}

/// The line breaks in `bytes`, counted in stretches short enough for a byte-wide count (which
/// the compiler turns into vector instructions).
fn count_newlines(bytes: &[u8]) -> usize {
    bytes
        .chunks(u8::MAX as usize)
        .map(|c| usize::from(c.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n'))))
        .sum()
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
