//! Writing a game's text as it was, a block at a time: for a game too long to hold as a tree
//! ([`crate::check::CheckedGame::parted`]), whose whole text is read back from
//! [`crate::check::CheckedGame::text`] and so is never held in memory.
//!
//! What is written is what [`super::convert::unconverted_text`] gives for the same text: the
//! text itself, its line ends changed only when asked; in canonical form, from the start of its
//! first line that holds anything to the end of its last such line, then a blank line (or, for
//! text that ends in the middle of a line, to its end with nothing after it).

use std::io::{self, Read, Write};

use super::convert::Eol;
use super::pdn::blank;

/// Bytes read and written at a time.
pub const BLOCK: usize = 1 << 16;

/// White space held back while it may still be the end of the text (canonical form). A run
/// longer than this is written out: such a text keeps some of the white space at its end.
const HELD: usize = 1 << 16;

/// How to write a text unchanged.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unchanged {
    /// Line ends to write (`\r\n`, `\r` and `\n` alike); `None` keeps the text's own.
    pub eol: Option<Eol>,
    /// Without the blank lines before and after it, and followed by one
    /// blank line, as canonical output writes a game it keeps as it was.
    pub canonical: bool,
}

/// Writes `text` to `out` as `how` says, [`BLOCK`] bytes at a time, and returns the last byte
/// written (`None` when nothing was). `text` must be UTF-8 (decoded text); a character cut by
/// a block's end is carried to the next block.
pub fn write_unchanged(
    text: &mut dyn Read,
    how: Unchanged,
    out: &mut dyn Write,
) -> io::Result<Option<u8>> {
    let mut sink = Sink {
        out,
        eol: how.eol,
        after_cr: false,
        last: None,
    };
    let mut buf = vec![0u8; BLOCK];
    if how.eol.is_none() && !how.canonical {
        loop {
            let n = read_some(text, &mut buf)?;
            if n == 0 {
                return Ok(sink.last);
            }
            sink.write(&buf[..n])?;
        }
    }
    let mut trim = Trim::default();
    let mut carry = 0usize;
    loop {
        let n = read_some(text, &mut buf[carry..])?;
        let filled = carry + n;
        if n == 0 {
            // A cut character at the very end: the text was not UTF-8 after all; write it.
            let rest = String::from_utf8_lossy(&buf[..filled]).into_owned();
            trim.piece(&rest, how.canonical, &mut sink)?;
            break;
        }
        let good = match std::str::from_utf8(&buf[..filled]) {
            Ok(_) => filled,
            Err(e) if e.error_len().is_none() => e.valid_up_to(),
            // Not UTF-8 in the middle: write it as it is, replaced.
            Err(_) => filled,
        };
        let piece = String::from_utf8_lossy(&buf[..good]).into_owned();
        trim.piece(&piece, how.canonical, &mut sink)?;
        buf.copy_within(good..filled, 0);
        carry = filled - good;
    }
    if how.canonical && trim.started {
        let held = std::mem::take(&mut trim.held);
        if trim.mid_line {
            // What follows goes on on this line, as it did in the input.
            sink.put(&held)?;
        } else {
            // The white space that ends the last line stays (a tag value never closed holds
            // it).
            sink.put(&held[..held.find(['\n', '\r']).unwrap_or(held.len())])?;
            sink.put("\n\n")?;
        }
    }
    Ok(sink.last)
}

/// Reads into `buf`, again on an interruption.
fn read_some(text: &mut dyn Read, buf: &mut [u8]) -> io::Result<usize> {
    loop {
        match text.read(buf) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            r => return r,
        }
    }
}

/// The writing end: line ends changed as asked, and the last byte kept.
struct Sink<'a> {
    out: &'a mut dyn Write,
    eol: Option<Eol>,
    /// The last character put was `\r`: a `\n` right after it ends the same line.
    after_cr: bool,
    last: Option<u8>,
}

impl Sink<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        if let Some(&b) = bytes.last() {
            self.out.write_all(bytes)?;
            self.last = Some(b);
        }
        Ok(())
    }

    fn put(&mut self, s: &str) -> io::Result<()> {
        let Some(eol) = self.eol else {
            return self.write(s.as_bytes());
        };
        let end: &[u8] = match eol {
            Eol::Lf => b"\n",
            Eol::Crlf => b"\r\n",
        };
        let bytes = s.as_bytes();
        let mut from = 0;
        for (i, &b) in bytes.iter().enumerate() {
            if b != b'\r' && b != b'\n' {
                self.after_cr = false;
                continue;
            }
            self.write(&bytes[from..i])?;
            from = i + 1;
            if b == b'\n' && self.after_cr {
                self.after_cr = false;
                continue;
            }
            self.after_cr = b == b'\r';
            self.write(end)?;
        }
        self.write(&bytes[from..])
    }
}

/// Canonical form's trimming, as the text goes by.
#[derive(Default)]
struct Trim {
    /// Something other than white space was seen.
    started: bool,
    /// Before that: the white space since the last line break.
    line: String,
    /// After that: white space not yet written, which may end the text.
    held: String,
    /// The text so far ends in the middle of a line (`convert::ends_mid_line`).
    mid_line: bool,
}

impl Trim {
    fn piece(&mut self, mut s: &str, canonical: bool, sink: &mut Sink<'_>) -> io::Result<()> {
        if !canonical {
            return sink.put(s);
        }
        if !self.started {
            match s.find(|c: char| !blank(c)) {
                None => {
                    let after = s.rfind(['\n', '\r']).map_or(0, |i| i + 1);
                    if after > 0 {
                        self.line.clear();
                    }
                    self.line.push_str(&s[after..]);
                    if self.line.len() > HELD {
                        self.started = true;
                        self.held = std::mem::take(&mut self.line);
                    }
                    return Ok(());
                }
                Some(first) => {
                    let after = s[..first].rfind(['\n', '\r']).map_or(0, |i| i + 1);
                    if after > 0 {
                        self.line.clear();
                    }
                    self.line.push_str(&s[after..first]);
                    sink.put(&std::mem::take(&mut self.line))?;
                    self.started = true;
                    s = &s[first..];
                }
            }
        }
        if !s.is_empty() {
            self.mid_line = !s.ends_with(['\n', '\r']);
        }
        let body = s.trim_end_matches(blank);
        if body.is_empty() {
            self.held.push_str(s);
        } else {
            sink.put(&std::mem::take(&mut self.held))?;
            sink.put(body)?;
            self.held.push_str(&s[body.len()..]);
        }
        if self.held.len() > HELD {
            sink.put(&std::mem::take(&mut self.held))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::write::convert::{ConvertOptions, unconverted_text};

    /// A reader that hands out at most `step` bytes a call, to cut characters and line ends.
    struct Slow<'a>(&'a [u8], usize);

    impl Read for Slow<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.0.len().min(self.1).min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    fn written(text: &str, how: Unchanged, step: usize) -> String {
        let mut out = Vec::new();
        let last = write_unchanged(&mut Slow(text.as_bytes(), step), how, &mut out).unwrap();
        assert_eq!(last, out.last().copied());
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn every_form_writes_what_the_whole_text_gives() {
        let texts = [
            "",
            "  \n \r\n",
            "[Event \"é\"]\r\n1. 32-28 19-23 *\r\n\r\n",
            "\n\n  \t[Event \"x\"]\n1. 32-28\u{3000}{ü}\r*  \n\n\u{2003}",
            "1. 32-28\r\n\r\r\n\n19-23 *",
            "\u{3000}\n x\u{2003}\u{2003}y \u{3000}",
            // Ending in the middle of a line: written to the end, nothing after.
            "\n\n 1. 32-28 (19-23 1/2-1/2 \t",
            "1. 32-28 1-0\u{c}",
        ];
        for text in texts {
            for eol in [None, Some(Eol::Lf), Some(Eol::Crlf)] {
                for canonical in [false, true] {
                    let options = ConvertOptions {
                        eol,
                        canonical,
                        ..ConvertOptions::default()
                    };
                    let want = unconverted_text(text, &options);
                    for step in [1, 2, 3, 5, BLOCK] {
                        let how = Unchanged { eol, canonical };
                        assert_eq!(
                            written(text, how, step),
                            want,
                            "{text:?} {eol:?} canonical {canonical} step {step}"
                        );
                    }
                }
            }
        }
    }
}
