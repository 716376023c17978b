//! Decoding: bytes to UTF-8 text, spans, and the line index that turns a span into line:column.
//!
//! PDN 3.0 asks for UTF-8, but real archives are also written in Windows-1252 / Latin-1,
//! Windows-1251 / KOI8-R and UTF-16. [`TextDecoder`] sniffs a byte-order mark, then tries
//! UTF-8 (valid, or mostly UTF-8 with a few bad bytes: see [`mostly_utf8`]), and falls back to
//! an 8-bit encoding (Windows-1251 or KOI8-R for Cyrillic words, else Windows-1252, a superset
//! of Latin-1 for printable text); a caller can force any encoding label that `encoding_rs`
//! knows. Decoding is incremental, so a file of any size can be read in blocks while memory
//! stays flat.

use std::cell::Cell;
use std::io::{self, Read};

use serde::Serialize;

/// A half-open byte range `start..end` in the decoded text of one file.
///
/// Offsets count bytes of the UTF-8 text after decoding, from the start of the file, so a span
/// stays valid whatever block of the file it was found in.
///
/// # Examples
///
/// ```
/// use pdnkit::{ReadOptions, parse_str};
///
/// let pdn = "[Event \"Club\"] 1. 32-28 *";
/// let chunks = parse_str(pdn, &ReadOptions::default());
/// let span = chunks[0].game.as_ref().unwrap().tags[0].value_span;
/// assert_eq!(&pdn[span.start..span.end], "\"Club\"");
/// assert_eq!(span.len(), 6);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Span {
    /// First byte of the range.
    pub start: usize,
    /// One past the last byte of the range.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`.
    pub const fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// An empty span at `at`.
    pub const fn point(at: usize) -> Self {
        Span { start: at, end: at }
    }

    /// Number of bytes covered.
    pub const fn len(&self) -> usize {
        self.end.saturating_sub(self.start)
    }

    /// True when the span covers no byte.
    pub const fn is_empty(&self) -> bool {
        self.end <= self.start
    }

    /// The smallest span covering both.
    pub fn join(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// The same span moved `by` bytes later.
    pub const fn shift(self, by: usize) -> Span {
        Span {
            start: self.start + by,
            end: self.end + by,
        }
    }
}

/// How a file's bytes were turned into text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decoding {
    /// The encoding used.
    pub encoding: &'static encoding_rs::Encoding,
    /// A byte-order mark chose it.
    pub bom: bool,
    /// The user chose it with `--encoding`.
    pub forced: bool,
    /// The text of the file's first read (its first megabyte, the whole file when it is no
    /// longer) holds control characters that are not white space (C0 characters but tab, line
    /// ends, vertical tab, form feed, Ctrl-Z and escape), too few to make it binary: F002
    /// judges a block by their share of the bytes that are not white space, so a writer that
    /// shortens such a file's text can make it read as binary. False for a file found binary
    /// there (nothing is read from its telling byte on).
    pub controls: bool,
}

impl Decoding {
    /// The WHATWG name of the encoding ("UTF-8", "windows-1252", "UTF-16LE", ...).
    pub fn name(&self) -> &'static str {
        self.encoding.name()
    }

    /// True for UTF-8 found by sniffing without a byte-order mark: the standard case, which
    /// needs no diagnostic.
    pub fn is_plain_utf8(&self) -> bool {
        self.encoding == encoding_rs::UTF_8 && !self.bom && !self.forced
    }

    /// A sentence for the info diagnostic that names the decoding.
    pub fn describe(&self) -> String {
        let how = if self.forced {
            "as asked with --encoding"
        } else if self.bom {
            "chosen by its byte-order mark"
        } else if self.encoding == encoding_rs::WINDOWS_1252 {
            "because it is not valid UTF-8"
        } else if self.encoding == encoding_rs::WINDOWS_1251 || self.encoding == encoding_rs::KOI8_R
        {
            "because it is not valid UTF-8 and its letters read as Cyrillic words"
        } else {
            "found by sniffing"
        };
        format!("file decoded as {} ({how})", self.name())
    }
}

/// Looks up an encoding label such as `latin1`, `cp1252`, `utf-16le` or `koi8-r`.
pub fn encoding_for_label(label: &str) -> Option<&'static encoding_rs::Encoding> {
    let label = label.trim();
    let alias = match label.to_ascii_lowercase().as_str() {
        "cp1252" | "win1252" => "windows-1252",
        "cp1251" | "win1251" => "windows-1251",
        "cp866" => "ibm866",
        "utf16le" => "utf-16le",
        "utf16be" => "utf-16be",
        "utf8" => "utf-8",
        _ => label,
    }
    .to_string();
    encoding_rs::Encoding::for_label(alias.as_bytes())
}

/// What the decoder noticed about the bytes, beyond the choice of encoding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeEvent {
    /// The file holds NUL bytes or other control bytes that no text file has: it is binary.
    Binary {
        /// Byte offset (in the raw file) of the first telling byte.
        offset: u64,
        /// Where that byte falls in the decoded text (the text before it is all text).
        text_offset: usize,
    },
    /// Bytes that are not valid in the chosen encoding were replaced by U+FFFD: told once per
    /// file, at the first.
    Replaced {
        /// Offset in the decoded text of the file's first replacement character.
        text_offset: usize,
    },
}

/// How many bytes are examined before choosing between UTF-8 and Windows-1252.
pub(crate) const SNIFF_LEN: usize = 1 << 20;
/// How many bytes are read at a time.
const BLOCK_LEN: usize = 1 << 16;

/// Incremental decoder: reads a byte stream in blocks and appends UTF-8 text to a buffer.
///
/// # Examples
///
/// ```
/// use pdnkit::{GameReader, ReadOptions, TextDecoder};
///
/// // Windows-1252 bytes: not UTF-8, decoded all the same.
/// let bytes: &[u8] = b"[Event \"Caf\xe9\"]\n1. 32-28 *\n";
/// let mut reader = GameReader::new(TextDecoder::new(bytes), ReadOptions::default());
/// let chunk = reader.next_chunk()?.unwrap();
/// assert_eq!(chunk.game.unwrap().tag("Event"), Some("Café"));
/// assert_eq!(reader.decoding().unwrap().name(), "windows-1252");
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct TextDecoder<R> {
    input: R,
    decoder: Option<encoding_rs::Decoder>,
    decoding: Option<Decoding>,
    forced: Option<&'static encoding_rs::Encoding>,
    pending: Vec<u8>,
    eof: bool,
    finished: bool,
    text_len: usize,
    raw_offset: u64,
    events: Vec<DecodeEvent>,
    binary_reported: bool,
    replaced_reported: bool,
    /// Of UTF-16 input, the raw offset the next decoded character came from.
    utf16_raw: u64,
}

impl<R: Read> TextDecoder<R> {
    /// A decoder that chooses the encoding by sniffing.
    pub fn new(input: R) -> Self {
        TextDecoder {
            input,
            decoder: None,
            decoding: None,
            forced: None,
            pending: Vec::new(),
            eof: false,
            finished: false,
            text_len: 0,
            raw_offset: 0,
            events: Vec::new(),
            binary_reported: false,
            replaced_reported: false,
            utf16_raw: 0,
        }
    }

    /// A decoder that uses `encoding` whatever the bytes say (a BOM of that same encoding is
    /// still skipped).
    pub fn with_encoding(input: R, encoding: &'static encoding_rs::Encoding) -> Self {
        let mut d = Self::new(input);
        d.forced = Some(encoding);
        d
    }

    /// The decoding in use; known after the first call to [`TextDecoder::read_block`].
    pub fn decoding(&self) -> Option<Decoding> {
        self.decoding
    }

    /// Bytes of text produced so far.
    pub fn text_len(&self) -> usize {
        self.text_len
    }

    /// Takes what the decoder noticed since the last call.
    pub fn take_events(&mut self) -> Vec<DecodeEvent> {
        std::mem::take(&mut self.events)
    }

    /// Whether the decoder noticed anything not yet taken with [`TextDecoder::take_events`].
    pub fn has_events(&self) -> bool {
        !self.events.is_empty()
    }

    /// Reads into `pending` (straight into its spare room) until it holds `want` bytes or the
    /// input ends.
    fn fill(&mut self, want: usize) -> io::Result<()> {
        while !self.eof && self.pending.len() < want {
            let have = self.pending.len();
            self.pending.resize(have + BLOCK_LEN, 0);
            let read = self.input.read(&mut self.pending[have..]);
            let n = match read {
                Ok(n) => n,
                Err(e) => {
                    self.pending.truncate(have);
                    if e.kind() == io::ErrorKind::Interrupted {
                        continue;
                    }
                    return Err(e);
                }
            };
            self.pending.truncate(have + n);
            if n == 0 {
                self.eof = true;
            }
        }
        Ok(())
    }

    fn choose(&mut self) -> io::Result<()> {
        self.fill(SNIFF_LEN)?;
        let head = &self.pending[..];
        let (encoding, bom) = match encoding_rs::Encoding::for_bom(head) {
            Some((enc, _)) if self.forced.is_none() || self.forced == Some(enc) => (enc, true),
            _ => match self.forced {
                Some(enc) => (enc, false),
                None => {
                    if mostly_utf8(head, self.eof) {
                        (encoding_rs::UTF_8, false)
                    } else {
                        (eight_bit(head), false)
                    }
                }
            },
        };
        self.decoding = Some(Decoding {
            encoding,
            bom,
            forced: self.forced.is_some(),
            controls: false,
        });
        // `new_decoder_with_bom_removal` strips a BOM of the chosen encoding only.
        self.decoder = Some(encoding.new_decoder_with_bom_removal());
        Ok(())
    }

    /// Decodes the next block and appends it to `out`. Returns `false` once the input is
    /// exhausted and everything has been appended.
    pub fn read_block(&mut self, out: &mut String) -> io::Result<bool> {
        if self.finished {
            return Ok(false);
        }
        let first = self.decoder.is_none();
        if first {
            self.choose()?;
        } else {
            self.fill(BLOCK_LEN)?;
        }
        let last = self.eof;
        let mut bytes = std::mem::take(&mut self.pending);
        let before = out.len();
        let more = self.decode_block(&bytes, out, last);
        if first && !self.binary_reported {
            if let Some(d) = &mut self.decoding {
                d.controls = holds_controls(out.get(before..).unwrap_or_default());
            }
        }
        // The buffer is kept for the next block, at the size of a block (the first read, made
        // to choose the encoding, is larger).
        bytes.clear();
        bytes.shrink_to(2 * BLOCK_LEN);
        self.pending = bytes;
        more
    }

    /// Decodes `bytes`, the next block (`last` when no more follows), into `out`.
    fn decode_block(&mut self, bytes: &[u8], out: &mut String, last: bool) -> io::Result<bool> {
        let utf16 = self.decoding.is_some_and(|d| {
            d.encoding == encoding_rs::UTF_16LE || d.encoding == encoding_rs::UTF_16BE
        });
        if utf16 {
            return self.decode_utf16_block(bytes, out, last);
        }
        let binary_at = if self.binary_reported {
            None
        } else {
            binary_byte(bytes, self.decoding)
        };
        let decoder = self.decoder.as_mut().expect("decoder chosen above");
        if let Some(pos) = binary_at {
            if last && bytes[pos..].iter().all(|&b| b == 0 || b == 0x1a) {
                // NUL or Ctrl-Z padding at the very end of a file (old editors and disk
                // images leave it): not content, and not a sign of a binary file.
                return self.finish_block(&bytes[..pos], out, last);
            }
            // Decode the text before the telling byte first, to know where it falls in the
            // decoded text as well as in the raw bytes.
            self.binary_reported = true;
            let before = out.len();
            out.reserve(decoder.max_utf8_buffer_length(pos).unwrap_or(pos * 3 + 16));
            let _ = decoder.decode_to_string(&bytes[..pos], out, false);
            self.events.push(DecodeEvent::Binary {
                offset: self.raw_offset + pos as u64,
                text_offset: self.text_len + (out.len() - before),
            });
            self.text_len += out.len() - before;
            self.raw_offset += pos as u64;
            let rest = &bytes[pos..];
            return self.finish_block(rest, out, last);
        }
        self.finish_block(bytes, out, last)
    }

    /// [`Self::decode_block`] for UTF-16, whose raw bytes hold NULs by design: the decoded
    /// text is what tells a binary file (a NUL character, or controls no text holds).
    fn decode_utf16_block(
        &mut self,
        bytes: &[u8],
        out: &mut String,
        last: bool,
    ) -> io::Result<bool> {
        if self.raw_offset == 0 {
            // A byte-order mark of the chosen encoding is removed by the decoder.
            let bom: &[u8] = if self
                .decoding
                .is_some_and(|d| d.encoding == encoding_rs::UTF_16BE)
            {
                &[0xFE, 0xFF]
            } else {
                &[0xFF, 0xFE]
            };
            if bytes.starts_with(bom) {
                self.utf16_raw = 2;
            }
        }
        let before = out.len();
        let text_before = self.text_len;
        let events_before = self.events.len();
        let more = self.finish_block(bytes, out, last)?;
        let block = &out[before..];
        let binary_at = if self.binary_reported {
            None
        } else {
            binary_char(block)
        };
        match binary_at {
            Some(i) if last && block[i..].chars().all(|c| c == '\0' || c == '\u{1a}') => {
                // Padding at the very end of a file: not content.
                self.text_len -= block.len() - i;
                out.truncate(before + i);
            }
            Some(i) => {
                self.binary_reported = true;
                let units: usize = block[..i].chars().map(char::len_utf16).sum();
                self.events.insert(
                    events_before,
                    DecodeEvent::Binary {
                        offset: self.utf16_raw + 2 * units as u64,
                        text_offset: text_before + i,
                    },
                );
            }
            None => {}
        }
        let units: usize = out[before..].chars().map(char::len_utf16).sum();
        self.utf16_raw += 2 * units as u64;
        Ok(more)
    }

    fn finish_block(&mut self, bytes: &[u8], out: &mut String, last: bool) -> io::Result<bool> {
        let decoder = self.decoder.as_mut().expect("decoder chosen above");
        let before = out.len();
        let room = decoder
            .max_utf8_buffer_length(bytes.len())
            .unwrap_or(bytes.len() * 3 + 16);
        out.reserve(room);
        let (result, read, replaced) = decoder.decode_to_string(bytes, out, last);
        debug_assert_eq!(result, encoding_rs::CoderResult::InputEmpty);
        debug_assert_eq!(read, bytes.len());
        if replaced && !self.replaced_reported {
            self.replaced_reported = true;
            let first = out[before..]
                .find('\u{FFFD}')
                .map_or(self.text_len, |i| self.text_len + i);
            self.events
                .push(DecodeEvent::Replaced { text_offset: first });
        }
        self.raw_offset += bytes.len() as u64;
        self.text_len += out.len() - before;
        if last {
            self.finished = true;
        }
        Ok(!last || out.len() > before)
    }
}

/// The fewest multi-byte characters a first megabyte that is not valid UTF-8 must hold to be
/// read as UTF-8 all the same ([`mostly_utf8`]).
pub const MOSTLY_UTF8_CHARS: usize = 8;

/// How many multi-byte characters each invalid byte must be outnumbered by in a first megabyte
/// read as UTF-8 all the same ([`mostly_utf8`]).
pub const MOSTLY_UTF8_RATIO: usize = 10;

/// Whether the start of a file (`head`, its first megabyte; `eof` when that is the whole file)
/// is read as UTF-8: when it is valid UTF-8 (a character cut by the end of a head that is not
/// the whole file counts as valid), or mostly UTF-8: at least [`MOSTLY_UTF8_CHARS`] valid
/// multi-byte characters, and fewer invalid bytes than a tenth ([`MOSTLY_UTF8_RATIO`]) of
/// them. That is a UTF-8 file with a few bad bytes (a name pasted from another encoding), read
/// as UTF-8 with U+FFFD in their place. Text in an 8-bit encoding is not: its letters above
/// ASCII seldom make valid UTF-8 sequences, and each that does not is an invalid byte.
pub fn mostly_utf8(head: &[u8], eof: bool) -> bool {
    let multi = |b: &[u8]| b.iter().filter(|&&c| c >= 0xC0).count();
    let (mut chars, mut invalid) = (0usize, 0usize);
    let mut rest = head;
    loop {
        match std::str::from_utf8(rest) {
            Ok(_) => {
                chars += multi(rest);
                break;
            }
            Err(e) => {
                // In valid UTF-8, each byte from 0xC0 up starts a multi-byte character.
                chars += multi(&rest[..e.valid_up_to()]);
                match e.error_len() {
                    Some(n) => {
                        invalid += n;
                        rest = &rest[e.valid_up_to() + n..];
                    }
                    None => {
                        // A character cut by the end: by the window (valid), or by the end of
                        // the file (invalid).
                        if eof {
                            invalid += rest.len() - e.valid_up_to();
                        }
                        break;
                    }
                }
            }
        }
    }
    invalid == 0 || (chars >= MOSTLY_UTF8_CHARS && invalid * MOSTLY_UTF8_RATIO < chars)
}

/// The 8-bit encoding of text that is not UTF-8: Windows-1251 or KOI8-R when its bytes above
/// ASCII are mostly Cyrillic words (runs of letters of those encodings with at least three
/// different ones, which Western text written in Windows-1252, its accented letters one at a
/// time between ASCII ones, seldom has), by which of the two gives lower-case letters the
/// most; else Windows-1252.
fn eight_bit(head: &[u8]) -> &'static encoding_rs::Encoding {
    // Letters of both encodings: 0xC0-0xFF, and Ё/ё (0xA8/0xB8 in Windows-1251, 0xB3/0xA3 in
    // KOI8-R).
    let letter = |b: u8| b >= 0xC0 || matches!(b, 0xA8 | 0xB8 | 0xA3 | 0xB3);
    let (mut high, mut in_words) = (0usize, 0usize);
    // The run of letters being read: its length and up to three different bytes of it.
    let (mut run, mut seen) = (0usize, [0u8; 3]);
    let mut distinct = 0;
    let (mut upper_half, mut lower_half) = (0usize, 0usize);
    for &b in head.iter().chain([&0u8]) {
        if b >= 0x80 {
            high += 1;
        }
        if letter(b) {
            run += 1;
            if distinct < 3 && !seen[..distinct].contains(&b) {
                seen[distinct] = b;
                distinct += 1;
            }
            match b {
                0xE0..=0xFF => upper_half += 1,
                0xC0..=0xDF => lower_half += 1,
                _ => {}
            }
        } else {
            if distinct >= 3 {
                in_words += run;
            }
            run = 0;
            distinct = 0;
        }
    }
    if in_words < 6 || in_words * 2 < high {
        return encoding_rs::WINDOWS_1252;
    }
    // Lower-case Cyrillic is 0xE0-0xFF in Windows-1251 and 0xC0-0xDF in KOI8-R; text has more
    // lower-case letters than capitals.
    if upper_half >= lower_half {
        encoding_rs::WINDOWS_1251
    } else {
        encoding_rs::KOI8_R
    }
}

/// The offset of a byte that no text file holds: NUL, or a C0 control other than tab, line
/// feed, carriage return, form feed, vertical tab and escape, when such controls are more than
/// a tenth as many as the bytes that are not white space. UTF-16 text has NULs by design, so
/// only the decoded form counts there; this check is on raw bytes of 8-bit encodings.
fn binary_byte(bytes: &[u8], decoding: Option<Decoding>) -> Option<usize> {
    if let Some(d) = decoding {
        if d.encoding == encoding_rs::UTF_16LE || d.encoding == encoding_rs::UTF_16BE {
            return None;
        }
    }
    // Most blocks hold no suspect byte at all: one quick pass over them says so.
    let suspect = |b: u8| (b < 9) | (b.wrapping_sub(14) < 12) | (b.wrapping_sub(28) < 4);
    let clean = bytes
        .chunks(64)
        .all(|c| !c.iter().fold(false, |any, &b| any | suspect(b)));
    if clean {
        return None;
    }
    let sample = &bytes[..bytes.len().min(BLOCK_LEN.max(4096))];
    let controls = sample
        .iter()
        .filter(|&&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0b | 0x0c | 0x1a | 0x1b))
        .count();
    // Measured against what is not white space, so that text written again with its white
    // space trimmed or its line ends changed is judged the same. A byte order mark is white
    // space to the reader (N225) wherever it stands in UTF-8 text.
    let marks = if decoding.is_none_or(|d| d.encoding == encoding_rs::UTF_8) {
        sample.windows(3).filter(|w| *w == BOM_BYTES).count()
    } else {
        0
    };
    let printed = sample.iter().filter(|&&b| !blank_byte(b)).count() - 3 * marks;
    if bytes.contains(&0) || controls * 10 > printed {
        bytes.iter().position(|&b| {
            b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0b | 0x0c | 0x1a | 0x1b)
        })
    } else {
        None
    }
}

/// Of decoded text, the offset of a character no text file holds, by the rule of
/// [`binary_byte`]: a NUL, or C0 controls more than a tenth as many as the characters that are
/// not white space.
fn binary_char(text: &str) -> Option<usize> {
    let odd = |c: char| {
        c < ' '
            && !matches!(
                c,
                '\t' | '\n' | '\r' | '\u{0b}' | '\u{0c}' | '\u{1a}' | '\u{1b}'
            )
    };
    let first = text.find(odd)?;
    let sample: Vec<char> = text.chars().take(BLOCK_LEN.max(4096)).collect();
    let controls = sample.iter().filter(|&&c| odd(c)).count();
    let printed = sample
        .iter()
        .filter(|&&c| !(c.is_ascii() && blank_byte(c as u8)) && c != '\u{feff}')
        .count();
    (text.contains('\0') || controls * 10 > printed).then_some(first)
}

/// Whether `text` holds a control character that is not white space ([`Decoding::controls`]).
pub(crate) fn holds_controls(text: &str) -> bool {
    text.bytes()
        .any(|b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0b | 0x0c | 0x1a | 0x1b))
}

/// A byte order mark in UTF-8.
const BOM_BYTES: [u8; 3] = [0xef, 0xbb, 0xbf];

/// White space as the reader takes it (and Ctrl-Z, end-of-file padding).
fn blank_byte(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c | 0x1a)
}

/// The raw offsets, in UTF-8 `input` (read from its first byte after any byte order mark), of
/// the places `text` (ascending offsets) in its text as [`TextDecoder`] decodes it: each
/// invalid sequence (a maximal subpart, of one to three bytes) is one U+FFFD, three bytes of
/// text, so a place after one is not at the same offset in the file. Read as far as the last
/// place; a place past the end of the input is at its end.
pub fn utf8_raw_offsets<R: Read>(mut input: R, text: &[u64]) -> io::Result<Vec<u64>> {
    let mut out = Vec::with_capacity(text.len());
    let mut want = text.iter().copied().peekable();
    let (mut raw, mut decoded) = (0u64, 0u64);
    let mut buf = vec![0u8; BLOCK_LEN];
    // Bytes of an unfinished sequence carried from the block before.
    let mut have = 0;
    let mut eof = false;
    while want.peek().is_some() {
        if !eof {
            let n = input.read(&mut buf[have..])?;
            eof = n == 0;
            have += n;
        }
        let block = &buf[..have];
        // The block's pieces: a valid run (text as long as the bytes), or an invalid sequence
        // (three bytes of text), up to an unfinished sequence kept for the next read.
        let mut at = 0;
        let mut step = |len: u64, text_len: u64, raw: &mut u64, decoded: &mut u64| {
            while let Some(&t) = want.peek() {
                if t > *decoded + text_len {
                    break;
                }
                // Inside a valid run a place is at the same distance in both; at the end of a
                // piece, at its end; inside a replacement, at its first byte.
                let into = if t == *decoded + text_len {
                    len
                } else if len == text_len {
                    t - *decoded
                } else {
                    0
                };
                out.push(*raw + into);
                want.next();
            }
            *raw += len;
            *decoded += text_len;
        };
        loop {
            match std::str::from_utf8(&block[at..]) {
                Ok(s) => {
                    step(s.len() as u64, s.len() as u64, &mut raw, &mut decoded);
                    at = block.len();
                    break;
                }
                Err(e) => {
                    let valid = e.valid_up_to() as u64;
                    step(valid, valid, &mut raw, &mut decoded);
                    at += e.valid_up_to();
                    match e.error_len() {
                        Some(n) => {
                            step(n as u64, 3, &mut raw, &mut decoded);
                            at += n;
                        }
                        None if eof => {
                            step((block.len() - at) as u64, 3, &mut raw, &mut decoded);
                            at = block.len();
                            break;
                        }
                        None => break,
                    }
                }
            }
        }
        buf.copy_within(at..have, 0);
        have -= at;
        if eof && have == 0 {
            break;
        }
    }
    // Places past the end of the input.
    out.extend(want.map(|_| raw));
    Ok(out)
}

/// Decodes a whole byte slice at once (for tests, small inputs and strings).
pub fn decode_all(
    bytes: &[u8],
    forced: Option<&'static encoding_rs::Encoding>,
) -> (String, Decoding, Vec<DecodeEvent>) {
    let mut dec = match forced {
        Some(e) => TextDecoder::with_encoding(bytes, e),
        None => TextDecoder::new(bytes),
    };
    let mut text = String::with_capacity(bytes.len());
    // Reading from a slice cannot fail.
    while dec.read_block(&mut text).unwrap_or(false) {}
    let decoding = dec.decoding.unwrap_or(Decoding {
        encoding: encoding_rs::UTF_8,
        bom: false,
        forced: false,
        controls: false,
    });
    let events = dec.take_events();
    (text, decoding, events)
}

/// A 1-based line and column; the column counts characters (Unicode scalar values).
///
/// # Examples
///
/// ```
/// use pdnkit::{ReadOptions, parse_str};
///
/// let chunks = parse_str("[Event \"Club\"]\n1. 32-28 *\n", &ReadOptions::default());
/// let token = chunks[0].game.as_ref().unwrap().main_line_moves().next().unwrap();
/// let at = chunks[0].line_col(token.span.start);
/// assert_eq!((at.line, at.column), (2, 4));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct LineCol {
    /// Line, from 1.
    pub line: u32,
    /// Column in characters, from 1.
    pub column: u32,
}

/// Where each line starts in a piece of text. Lines end at LF, CRLF or a lone CR, so files with
/// old Mac, Unix, DOS or mixed line endings all count lines the way an editor shows them.
#[derive(Clone, Debug)]
pub struct LineIndex {
    /// Offset of the text in the whole file.
    base: usize,
    /// Line number of the first line of the text (1-based).
    first_line: u32,
    /// Column of the text's first character (1-based): a text can start in mid-line.
    first_column: u32,
    /// Offsets (relative to the text) at which each line starts.
    starts: Vec<usize>,
    /// The last place asked for: (offset relative to the text, line index, characters from the
    /// line start). Diagnostics come in source order, so the next column is counted from here
    /// rather than from the line start: many places on one long line cost linear time.
    last: Cell<(usize, usize, u32)>,
}

impl LineIndex {
    /// Indexes `text`, which starts at byte `base` of the file on line `first_line` (1-based).
    pub fn new(text: &str, base: usize, first_line: u32) -> Self {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\n' => starts.push(i + 1),
                b'\r' => {
                    if bytes.get(i + 1) == Some(&b'\n') {
                        i += 1;
                    }
                    starts.push(i + 1);
                }
                _ => {}
            }
            i += 1;
        }
        LineIndex {
            base,
            first_line,
            first_column: 1,
            starts,
            last: Cell::new((0, 0, 0)),
        }
    }

    /// The same index for a text whose first character is in column `column` (1-based) of its
    /// line, as when several games share a line.
    pub fn starting_at_column(mut self, column: u32) -> Self {
        self.first_column = column.max(1);
        self
    }

    /// Number of line breaks in the text (the line after the text is `first_line + breaks`).
    pub fn breaks(&self) -> u32 {
        (self.starts.len() - 1) as u32
    }

    /// The line and column of file offset `offset`, which must lie within the indexed text (it
    /// is clamped otherwise).
    pub fn line_col(&self, text: &str, offset: usize) -> LineCol {
        let rel = offset.saturating_sub(self.base).min(text.len());
        let line = self.starts.partition_point(|&s| s <= rel) - 1;
        let start = self.starts[line];
        let mut rel = rel;
        while !text.is_char_boundary(rel) {
            rel -= 1;
        }
        let (last_rel, last_line, last_chars) = self.last.get();
        let chars = if last_line == line && last_rel <= rel && text.is_char_boundary(last_rel) {
            last_chars + text[last_rel..rel].chars().count() as u32
        } else if last_line == line
            && last_rel > rel
            && last_rel - rel < rel - start
            && last_rel <= text.len()
            && text.is_char_boundary(last_rel)
        {
            last_chars - text[rel..last_rel].chars().count() as u32
        } else {
            text[start..rel].chars().count() as u32
        };
        self.last.set((rel, line, chars));
        let mut column = chars + 1;
        if line == 0 {
            column += self.first_column - 1;
        }
        LineCol {
            line: self.first_line + line as u32,
            column,
        }
    }

    /// The byte range (file offsets) of the line holding file offset `offset`, without its line
    /// ending.
    pub fn line_span(&self, text: &str, offset: usize) -> Span {
        let rel = offset.saturating_sub(self.base).min(text.len());
        let line = self.starts.partition_point(|&s| s <= rel) - 1;
        let start = self.starts[line];
        let mut end = self.starts.get(line + 1).copied().unwrap_or(text.len());
        let b = text.as_bytes();
        while end > start && matches!(b[end - 1], b'\n' | b'\r') {
            end -= 1;
        }
        Span::new(self.base + start, self.base + end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 8-bit text is read as Cyrillic only when its letters above ASCII make Cyrillic words.
    #[test]
    fn eight_bit_text_is_cyrillic_by_its_words() {
        let cp1251 = |s: &str| encoding_rs::WINDOWS_1251.encode(s).0.into_owned();
        let koi8 = |s: &str| encoding_rs::KOI8_R.encode(s).0.into_owned();
        let cp1252 = |s: &str| encoding_rs::WINDOWS_1252.encode(s).0.into_owned();
        let names = "[White \"Полоусов А.\"]\n[Black \"Казас Д.\"]\n[Event \"Чемпионат России\"]\n";
        assert_eq!(eight_bit(&cp1251(names)), encoding_rs::WINDOWS_1251);
        assert_eq!(eight_bit(&koi8(names)), encoding_rs::KOI8_R);
        // Accented letters of Western names stand alone between ASCII ones.
        let west = "[White \"Gérard Müller\"]\n[Black \"Hélène Ström\"]\n[Site \"Nîmes\"]\n";
        assert_eq!(eight_bit(&cp1252(west)), encoding_rs::WINDOWS_1252);
        // A run of one byte again and again is no word.
        assert_eq!(
            eight_bit(b"[Event \"\xff\xff\xff\xff\xff\xff\xff\xff\"]"),
            encoding_rs::WINDOWS_1252
        );
        // A Cyrillic word or two in a mostly Western file does not turn it.
        let mut mixed_bytes = cp1252(&west.repeat(4));
        mixed_bytes.extend(cp1251("Иван"));
        assert_eq!(eight_bit(&mixed_bytes), encoding_rs::WINDOWS_1252);
    }

    /// A UTF-8 file with a few bad bytes (a name pasted from Windows-1251) is read as UTF-8,
    /// the bad bytes replaced and told once, at the first; a file in an 8-bit encoding is not.
    #[test]
    fn mostly_utf8_is_read_as_utf8_with_the_bad_bytes_replaced() {
        let names = "[White \"Полоусов А.\"]\n[Black \"Казас Д.\"]\n[Event \"Чемпионат России\"]\n";
        let mut bytes = names.as_bytes().to_vec();
        bytes.extend(b"[Site \"\xcc\"]\n");
        bytes.extend(names.as_bytes());
        bytes.extend(b"[Site \"\xcc\"]\n");
        let (text, d, ev) = decode_all(&bytes, None);
        assert!(d.is_plain_utf8(), "{}", d.name());
        assert!(text.contains("[White \"Полоусов А.\"]"), "{text}");
        assert_eq!(text.matches('\u{FFFD}').count(), 2);
        let first = text.find('\u{FFFD}').expect("a replacement");
        assert_eq!(ev, [DecodeEvent::Replaced { text_offset: first }]);
        // Its line and column: the first bad byte's.
        let at = LineIndex::new(&text, 0, 1).line_col(&text, first);
        assert_eq!((at.line, at.column), (4, 8));
        // Genuine 8-bit files keep their encodings: Cyrillic in Windows-1251, Western names
        // in Windows-1252.
        let cp1251 = encoding_rs::WINDOWS_1251.encode(names).0.into_owned();
        assert_eq!(
            decode_all(&cp1251, None).1.encoding,
            encoding_rs::WINDOWS_1251
        );
        let west = "[White \"Gérard Müller\"]\n[Black \"Hélène Ström\"]\n[Site \"Nîmes\"]\n";
        let cp1252 = encoding_rs::WINDOWS_1252.encode(west).0.into_owned();
        let (text, d, _) = decode_all(&cp1252, None);
        assert_eq!(d.encoding, encoding_rs::WINDOWS_1252);
        assert_eq!(text, west);
        // Too few multi-byte characters to outweigh a bad byte: not mostly UTF-8.
        assert!(!mostly_utf8(
            &["Ёж \u{2014}".as_bytes(), b"\xcc"].concat(),
            true
        ));
        // At the threshold: as many bad bytes as a tenth of the characters is too many.
        let ten = "ж".repeat(10);
        assert!(mostly_utf8(format!("{ten}{ten}").as_bytes(), true));
        assert!(!mostly_utf8(&[ten.as_bytes(), b"\xcc"].concat(), true));
        assert!(mostly_utf8(
            &[ten.as_bytes(), b"\xcc", ten.as_bytes()].concat(),
            true
        ));
    }

    #[test]
    fn raw_offsets_of_utf8_text_step_over_replaced_bytes() {
        // `é` in Latin-1 (one byte, three of text), a cut sequence (two bytes, three of text),
        // then valid text.
        let raw = b"ab\xe9cd\xe2\x82xy\xd0\xb6z";
        let (text, _, _) = decode_all(raw, Some(encoding_rs::UTF_8));
        assert_eq!(text, "ab\u{FFFD}cd\u{FFFD}xyжz");
        // Places before, at, inside and after each replacement, and past the end.
        let places = [0, 2, 5, 6, 7, 8, 10, 12, 14, 15, 16];
        let got = utf8_raw_offsets(&raw[..], &places).expect("memory");
        assert_eq!(got, [0, 2, 3, 4, 5, 5, 7, 9, 11, 12, 12]);
        // Read in small pieces, a sequence cut between reads is the same.
        struct Trickle<'a>(&'a [u8]);
        impl Read for Trickle<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let n = self.0.len().min(buf.len()).min(1);
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        assert_eq!(
            utf8_raw_offsets(Trickle(raw), &places).expect("memory"),
            got
        );
    }

    #[test]
    fn plain_utf8_is_detected_without_diagnostic() {
        let (text, d, ev) = decode_all("[Event \"Моя игра\"]".as_bytes(), None);
        assert_eq!(text, "[Event \"Моя игра\"]");
        assert!(d.is_plain_utf8());
        assert!(ev.is_empty());
    }

    #[test]
    fn invalid_utf8_falls_back_to_windows_1252() {
        let (text, d, _) = decode_all(b"[White \"Sch\xf6nberg\"] \x93q\x94", None);
        assert_eq!(d.encoding, encoding_rs::WINDOWS_1252);
        assert_eq!(text, "[White \"Schönberg\"] \u{201c}q\u{201d}");
    }

    #[test]
    fn utf16_with_bom_is_decoded() {
        let mut bytes = vec![0xff, 0xfe];
        for u in "1. 32-28 *".encode_utf16() {
            bytes.extend_from_slice(&u.to_le_bytes());
        }
        let (text, d, ev) = decode_all(&bytes, None);
        assert_eq!(text, "1. 32-28 *");
        assert_eq!(d.encoding, encoding_rs::UTF_16LE);
        assert!(d.bom);
        assert!(ev.is_empty(), "{ev:?}");
    }

    #[test]
    fn utf8_bom_is_stripped_and_reported() {
        let (text, d, _) = decode_all(b"\xef\xbb\xbf1. 32-28", None);
        assert_eq!(text, "1. 32-28");
        assert!(d.bom && !d.is_plain_utf8());
    }

    #[test]
    fn forced_encoding_wins() {
        let (text, d, _) = decode_all("é".as_bytes(), encoding_for_label("latin1"));
        assert_eq!(text, "Ã©");
        assert!(d.forced);
    }

    #[test]
    fn utf16_text_with_control_characters_is_binary() {
        // A UTF-16 byte-order mark before 8-bit text: decoded, NULs and controls.
        let mut bytes = vec![0xFF, 0xFE];
        for c in "[Event \"x\"]\n".encode_utf16() {
            bytes.extend(c.to_le_bytes());
        }
        bytes.extend([0x00, 0x00, 0x01, 0x00]);
        let (_, _, ev) = decode_all(&bytes, None);
        assert_eq!(
            ev.first(),
            Some(&DecodeEvent::Binary {
                offset: 2 + 2 * 12,
                text_offset: 12
            }),
            "{ev:?}"
        );
        // NULs padding the end of a UTF-16 file are not content.
        let mut padded = vec![0xFE, 0xFF];
        for c in "1. 32-28 *\n".encode_utf16() {
            padded.extend(c.to_be_bytes());
        }
        padded.extend([0x00; 6]);
        let (text, _, ev) = decode_all(&padded, None);
        assert!(
            ev.iter().all(|e| !matches!(e, DecodeEvent::Binary { .. })),
            "{ev:?}"
        );
        assert_eq!(text, "1. 32-28 *\n");
    }

    #[test]
    fn binary_input_is_reported() {
        let (_, _, ev) = decode_all(b"\x7fELF\x02\x01\x01\x00\x00\x00", None);
        assert!(
            matches!(
                ev[0],
                DecodeEvent::Binary {
                    offset: 4,
                    text_offset: 4
                }
            ),
            "{ev:?}"
        );
    }

    #[test]
    fn padding_at_the_end_is_not_binary() {
        let (text, _, ev) = decode_all(b"1. 32-28 *\n\0\0\x1a", None);
        assert_eq!(text, "1. 32-28 *\n");
        assert!(ev.is_empty(), "{ev:?}");
    }

    #[test]
    fn binary_offsets_count_raw_bytes_and_decoded_text_apart() {
        // A BOM (3 raw bytes, no text) and a Latin-1 letter (1 raw byte, 2 bytes of text).
        let (_, _, ev) = decode_all(b"\xef\xbb\xbfab\0c", None);
        assert_eq!(
            ev[0],
            DecodeEvent::Binary {
                offset: 5,
                text_offset: 2
            }
        );
        let (_, _, ev) = decode_all(b"\xe9\xe9\n\0c", None);
        assert_eq!(
            ev[0],
            DecodeEvent::Binary {
                offset: 3,
                text_offset: 5
            }
        );
    }

    #[test]
    fn lines_end_at_lf_crlf_and_lone_cr() {
        let text = "a\r\nbb\rccc\nd";
        let idx = LineIndex::new(text, 0, 1);
        assert_eq!(idx.line_col(text, 0), LineCol { line: 1, column: 1 });
        assert_eq!(idx.line_col(text, 3), LineCol { line: 2, column: 1 });
        assert_eq!(idx.line_col(text, 6), LineCol { line: 3, column: 1 });
        assert_eq!(idx.line_col(text, 10), LineCol { line: 4, column: 1 });
        assert_eq!(idx.line_span(text, 7), Span::new(6, 9));
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let text = "[Event \"Моя\"] x";
        let idx = LineIndex::new(text, 100, 7);
        let off = 100 + text.find('x').unwrap();
        assert_eq!(
            idx.line_col(text, off),
            LineCol {
                line: 7,
                column: 15
            }
        );
    }

    #[test]
    fn blocks_split_inside_a_multibyte_character_decode_whole() {
        // A reader that hands out one byte at a time.
        struct Trickle<'a>(&'a [u8]);
        impl Read for Trickle<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.0.is_empty() || buf.is_empty() {
                    return Ok(0);
                }
                buf[0] = self.0[0];
                self.0 = &self.0[1..];
                Ok(1)
            }
        }
        let src = "Моя игра ".repeat(10_000);
        let mut dec = TextDecoder::new(Trickle(src.as_bytes()));
        let mut out = String::new();
        while dec.read_block(&mut out).unwrap() {}
        assert_eq!(out, src);
        assert!(dec.decoding().unwrap().is_plain_utf8());
    }
}
