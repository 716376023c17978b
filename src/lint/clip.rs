//! Quoting input text in a message: a token, a tag value or a line of any length is quoted
//! whole only while it is short, so that no message holds more than a bounded piece of the
//! input, however long the token it is about.

use std::fmt;

/// The longest text (in bytes) a message quotes whole.
pub const QUOTED_WHOLE: usize = 64;

/// Of a longer text, the bytes a message quotes (cut back to a character boundary), followed
/// by `… (N bytes)`.
pub const QUOTED_HEAD: usize = 40;

/// Input text as a message quotes it: whole when it holds at most [`QUOTED_WHOLE`] bytes, else
/// its first [`QUOTED_HEAD`] bytes, then `… (N bytes)` with its whole length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clip<'a>(pub &'a str);

/// `text` as a message quotes it (see [`Clip`]).
pub fn clip(text: &str) -> Clip<'_> {
    Clip(text)
}

impl<'a> Clip<'a> {
    /// True when the text is cut.
    pub fn is_cut(self) -> bool {
        self.0.len() > QUOTED_WHOLE
    }

    /// The part of the text quoted.
    pub fn head(self) -> &'a str {
        if !self.is_cut() {
            return self.0;
        }
        let mut end = QUOTED_HEAD;
        while !self.0.is_char_boundary(end) {
            end -= 1;
        }
        &self.0[..end]
    }
}

impl fmt::Display for Clip<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.head())?;
        if self.is_cut() {
            write!(f, "… ({} bytes)", self.0.len())?;
        }
        Ok(())
    }
}

/// Builds, piece by piece, the text [`clip`] would give of the pieces joined, holding no more
/// than [`QUOTED_WHOLE`] bytes of them: for a text made of many pieces (a move's squares).
#[derive(Clone, Debug, Default)]
pub struct ClipBuilder {
    /// The text's first bytes (up to a character past [`QUOTED_WHOLE`]).
    head: String,
    /// The whole text's length.
    len: usize,
}

impl ClipBuilder {
    /// Adds `piece` to the text.
    pub fn push_str(&mut self, piece: &str) {
        self.len += piece.len();
        if self.head.len() <= QUOTED_WHOLE {
            let room = QUOTED_WHOLE + 1 - self.head.len();
            let mut end = room.min(piece.len());
            while !piece.is_char_boundary(end) {
                end += 1;
            }
            self.head.push_str(&piece[..end]);
        }
    }

    /// Adds `ch` to the text.
    pub fn push(&mut self, ch: char) {
        self.push_str(ch.encode_utf8(&mut [0; 4]));
    }

    /// The text as [`clip`] quotes it.
    pub fn finish(self) -> String {
        if self.len <= QUOTED_WHOLE {
            return self.head;
        }
        let mut end = QUOTED_HEAD;
        while !self.head.is_char_boundary(end) {
            end -= 1;
        }
        format!("{}… ({} bytes)", &self.head[..end], self.len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_quoted_whole() {
        assert_eq!(clip("32-28").to_string(), "32-28");
        let edge = "7".repeat(QUOTED_WHOLE);
        assert_eq!(clip(&edge).to_string(), edge);
        assert!(!clip(&edge).is_cut());
    }

    #[test]
    fn long_text_is_cut_with_its_length() {
        let long = "1".repeat(QUOTED_WHOLE + 1);
        let shown = clip(&long).to_string();
        assert_eq!(shown, format!("{}… (65 bytes)", "1".repeat(QUOTED_HEAD)));
        let huge = "2".repeat(1 << 20);
        assert!(clip(&huge).to_string().len() < QUOTED_HEAD + 30);
    }

    #[test]
    fn a_cut_falls_on_a_character_boundary() {
        // Three-byte characters: byte 40 lies inside the fourteenth.
        let long = "\u{2014}".repeat(30);
        let shown = clip(&long).to_string();
        assert!(shown.starts_with(&"\u{2014}".repeat(13)));
        assert!(shown.ends_with("… (90 bytes)"));
    }

    #[test]
    fn a_text_built_in_pieces_is_quoted_as_the_whole() {
        for n in [1, 10, 21, 22, 23, 40, 1000] {
            let pieces: Vec<String> = (0..n).map(|k| format!("{}", 10 + k % 90)).collect();
            let mut b = ClipBuilder::default();
            for (k, p) in pieces.iter().enumerate() {
                if k > 0 {
                    b.push('x');
                }
                b.push_str(p);
            }
            assert_eq!(
                b.finish(),
                clip(&pieces.join("x")).to_string(),
                "{n} pieces"
            );
        }
        let mut b = ClipBuilder::default();
        for _ in 0..40 {
            b.push('\u{2014}');
        }
        assert_eq!(b.finish(), clip(&"\u{2014}".repeat(40)).to_string());
    }
}
