//! The marks of a move token, packed: their kinds, and their spans as offsets from the token's
//! start (28 bytes instead of 73), since a long game holds a token per move.

use shakmaty::Color;

use crate::span::Span;
use crate::syntax::{CaptureMark, CheckMark, MoveToken};

/// A move token's check, capture and e.p. marks and figurine colour. Each mark's span is kept
/// as its start and end counted from the token's start, in `u32`: a mark lies within its
/// token (a mark written apart, `e4 +`, widens the token to it). An offset past `u32::MAX`
/// (a token over 4 GiB, which no reader holds in memory) is cut to it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Marks {
    at: [[u32; 2]; 3],
    pub(super) check: Option<CheckMark>,
    pub(super) capture: Option<CaptureMark>,
    pub(super) ep: bool,
    pub(super) figurine: Option<Color>,
}

// A guard on the size a long game pays per move token (see `MoveToken`).
#[cfg(target_pointer_width = "64")]
const _: () = assert!(std::mem::size_of::<MoveToken>() <= 72);

impl Marks {
    /// Which of `at` holds the check mark's span.
    pub(super) const CHECK: usize = 0;
    /// Which of `at` holds the capture mark's span.
    pub(super) const CAPTURE: usize = 1;
    /// Which of `at` holds the e.p. mark's span.
    pub(super) const EP: usize = 2;

    /// The span of mark `which` in a token that spans `token`.
    pub(super) fn span(&self, which: usize, token: Span) -> Span {
        let [start, end] = self.at[which];
        Span::new(token.start + start as usize, token.start + end as usize)
    }

    /// Keeps the span of mark `which` (none: zero) in a token that spans `token`.
    pub(super) fn set_span(&mut self, which: usize, span: Option<Span>, token: Span) {
        let from = |at: usize| u32::try_from(at.saturating_sub(token.start)).unwrap_or(u32::MAX);
        self.at[which] = span.map_or([0, 0], |s| [from(s.start), from(s.end)]);
    }
}

/// As the token was printed before its marks were packed: each mark with its span.
impl std::fmt::Debug for MoveToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MoveToken")
            .field("span", &self.span)
            .field("body", &self.body)
            .field("check", &self.check())
            .field("capture", &self.capture())
            .field("ep", &self.ep())
            .field("figurine", &self.figurine())
            .field("index", &self.index)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use crate::span::{Span, Spanned};
    use crate::syntax::{CaptureMark, CheckMark, MoveBody, MoveToken};

    #[test]
    fn marks_move_with_their_token_and_keep_their_spans() {
        let mut tok = MoveToken::new(Span::new(100, 105), MoveBody::Null, 3);
        assert_eq!((tok.check(), tok.capture(), tok.ep()), (None, None, None));
        tok.set_check(Some(Spanned::new(CheckMark::Mate, Span::new(104, 105))));
        tok.set_capture(Some(Spanned::new(CaptureMark::Colon, Span::new(101, 102))));
        tok.set_ep(Some(Span::new(102, 104)));
        tok.set_figurine(Some(shakmaty::Color::Black));
        assert_eq!(
            tok.check(),
            Some(Spanned::new(CheckMark::Mate, Span::new(104, 105)))
        );
        assert_eq!(
            tok.capture(),
            Some(Spanned::new(CaptureMark::Colon, Span::new(101, 102)))
        );
        assert_eq!(tok.ep(), Some(Span::new(102, 104)));
        assert_eq!(tok.figurine(), Some(shakmaty::Color::Black));
        // A token moved in the file takes its marks along.
        tok.span = tok.span.offset(1000);
        assert_eq!(tok.ep(), Some(Span::new(1102, 1104)));
        assert_eq!(tok.check().map(|c| c.span), Some(Span::new(1104, 1105)));
        // A mark far after the token's own text (`e4 {a long comment} +`) keeps its place.
        tok.span = Span::new(0, 5_000_000);
        tok.set_check(Some(Spanned::new(
            CheckMark::Check,
            Span::new(4_999_999, 5_000_000),
        )));
        assert_eq!(
            tok.check().map(|c| c.span),
            Some(Span::new(4_999_999, 5_000_000))
        );
        tok.set_check(None);
        assert_eq!(tok.check(), None);
    }
}
