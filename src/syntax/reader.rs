//! The streaming reader: decodes a file block by block and hands out one game at a time.

use std::io::{self, Read};

use super::ReadOptions;
use super::ast::Game;
use super::parser::{Dialects, GameParser, Once, Step, read_game};
use super::visitor::{TreeBuilder, Visitor};
use crate::lint::codes::file;
use crate::lint::{Diagnostic, Quote, SourcePiece};
use crate::source::{DecodeEvent, Decoding, LineCol, LineIndex, Span, TextDecoder};

/// One piece of a file: the text of (at most) one game, and what was found in it.
///
/// Every byte of the decoded file belongs to exactly one chunk, and chunks come in file order.
///
/// # Examples
///
/// ```
/// use pdnkit::{ReadOptions, Severity, parse_str};
///
/// let pdn = "[Event \"A\"]\n1. 32-28 *\n\n[Event \"B\"]\n1. 33-29 {never closed\n";
/// let chunks = parse_str(pdn, &ReadOptions::default());
/// assert_eq!(chunks.len(), 2);
/// assert_eq!((chunks[1].index, chunks[1].start().line), (Some(2), 3));
/// assert!(chunks[1].text.trim_start().starts_with("[Event \"B\"]"));
/// assert!(chunks[1].diagnostics.iter().any(|d| d.severity == Severity::Error));
/// // Every byte of the file is in exactly one chunk.
/// assert_eq!(chunks.iter().map(|c| c.text.as_str()).collect::<String>(), pdn);
/// ```
#[derive(Clone, Debug)]
pub struct Chunk {
    /// The exact decoded text of this chunk, from its first byte, or from the first byte not
    /// released when a long game's text was released as it was read (`released`).
    pub text: String,
    /// File offset of `text[0]`; spans are file offsets.
    pub offset: usize,
    /// 1-based line of `text[0]`.
    pub first_line: u32,
    /// 1-based column (in characters) of `text[0]`: 1 unless the chunk starts in the middle
    /// of a line (several games on one line), or `text` in the middle of a line whose start
    /// was released.
    pub first_column: u32,
    /// Bytes of the chunk before `text`, released while the game was read: only with a
    /// visitor that allows it ([`Visitor::keep_from`]) and a game longer than the reader's
    /// window ([`GAME_WINDOW`]). The chunk starts at file offset `offset - released`.
    pub released: usize,
    /// When text was released: the chunk's first lines (its header, up to
    /// [`HEAD_KEPT`] bytes), kept to quote the tags that later findings point at.
    pub head: Option<Quote>,
    /// The game, or `None` when the chunk holds no game (trailing comments, junk, an empty file).
    /// Always `None` from [`GameReader::next_chunk_with`], whose visitor heard of the game.
    pub game: Option<Game>,
    /// 1-based index of the game in the file, when the chunk holds a game.
    pub index: Option<usize>,
    /// Syntax, non-standard and encoding findings in this chunk. From
    /// [`GameReader::next_chunk_with`], only the file's own (decoding, binary content, no game):
    /// the findings in the game's text went to the visitor.
    pub diagnostics: Vec<Diagnostic>,
    /// The file's first megabyte holds control characters that are not white space, too few
    /// to make it binary ([`Decoding::controls`]): a writer that shortens its text can make it
    /// read as binary. Of a reader over decoded text with no decoding given, its first
    /// megabyte.
    pub controls: bool,
    /// The game before this chunk ended with neither movetext nor a terminator, only because
    /// this chunk's first tag, after a blank line, repeats one of its tags (N216). Written after
    /// that game's text as it was, this chunk reads as a game of its own only if it still
    /// starts with that tag.
    pub after_open_game: bool,
    /// The dialects of whole files (upper-case squares, Russian short notation, ...) the
    /// chunk's text shows. Each is reported once per file, at its first place: a later game
    /// that shows one has no finding of it, and this says it does.
    pub dialects: Dialects,
}

impl Chunk {
    /// The line and column of the chunk's first character, released or not.
    pub fn start(&self) -> LineCol {
        match &self.head {
            Some(q) if self.released > 0 => LineCol {
                line: q.line,
                column: q.column,
            },
            _ => LineCol {
                line: self.first_line,
                column: self.first_column,
            },
        }
    }

    /// The line and column of file offset `offset`, which must lie within this chunk. An
    /// offset in released text is found in the chunk's first lines ([`Chunk::head`]); beyond
    /// them, it is placed at the chunk's start ([`Chunk::start`]).
    pub fn line_col(&self, offset: usize) -> LineCol {
        if offset < self.offset {
            return match &self.head {
                Some(q) if offset >= q.offset && offset <= q.offset + q.text.len() => {
                    LineIndex::new(&q.text, q.offset, q.line)
                        .starting_at_column(q.column)
                        .line_col(&q.text, offset)
                }
                _ => self.start(),
            };
        }
        LineIndex::new(&self.text, self.offset, self.first_line)
            .starting_at_column(self.first_column)
            .line_col(&self.text, offset)
    }
}

/// Where a reader stands between two chunks of a file: the file offset, line and column of the
/// next chunk's first character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReaderPlace {
    /// File offset (in the decoded text).
    pub offset: usize,
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
}

impl ReaderPlace {
    /// The start of a file.
    pub const START: ReaderPlace = ReaderPlace {
        offset: 0,
        line: 1,
        column: 1,
    };
}

/// What a reader carries from one chunk of a file to the next: the games read, whether an
/// error was found, whether the last chunk ended inside unreadable text or with a game left
/// open at a repeated tag, and the dialects the file already reported. A file read in parts hands it from one part to the next.
#[derive(Clone, Debug, Default)]
pub struct ReaderState {
    games: usize,
    errors: bool,
    in_junk: bool,
    /// The last chunk's game ended at a repeated tag ([`Chunk::after_open_game`]).
    after_open_game: bool,
    no_games_reported: bool,
    once: Once,
}

impl ReaderState {
    /// Games read so far (the index of the last one).
    pub fn games(&self) -> usize {
        self.games
    }

    /// The same state with the games counted `by` more (or fewer): a part of a file read
    /// before the count before it was known numbers its games from a guess.
    pub(crate) fn shift_games(&mut self, by: isize) {
        self.games = self.games.saturating_add_signed(by);
    }

    /// Whether the rest of a file is read alike after either state: the same dialects
    /// reported, the same unreadable text or game open, and the same answer to "any game yet?" and
    /// "any error yet?" (the game count itself only numbers the games).
    pub fn reads_alike(&self, other: &ReaderState) -> bool {
        (self.games > 0) == (other.games > 0)
            && self.errors == other.errors
            && self.in_junk == other.in_junk
            && self.after_open_game == other.after_open_game
            && self.no_games_reported == other.no_games_reported
            && self.once == other.once
    }
}

/// The error a reader over a part of a file ([`GameReader::over_text`]) returns when a chunk
/// runs past the end of its text: the part's end fell inside that chunk.
#[derive(Debug, thiserror::Error)]
#[error("a chunk runs past the end of the text given")]
pub struct TextCut;

/// A telling byte this close to the start makes the whole file binary.
const BINARY_HEAD: usize = 1024;

/// How much of one game's text the reader holds before it releases the text read past
/// (when the visitor allows it, [`Visitor::keep_from`]), by default.
pub const GAME_WINDOW: usize = 4 << 20;

/// Of a game whose text is released, the first bytes kept to quote (its header): see
/// [`Chunk::head`].
pub const HEAD_KEPT: usize = 64 << 10;

/// A piece of released text ends after a line break found in its last this many bytes, so
/// that short lines are kept whole.
const LINE_SEARCH: usize = 4096;

/// Reads games one at a time from a decoder; memory holds about one game plus one block.
///
/// # Examples
///
/// ```
/// use pdnkit::{GameReader, ReadOptions, TextDecoder};
///
/// let pdn = "[Event \"A\"]\n1. 32-28 *\n\n[Event \"B\"]\n1. 33-29 *\n";
/// let reader = GameReader::new(TextDecoder::new(pdn.as_bytes()), ReadOptions::default());
/// let mut events = Vec::new();
/// for chunk in reader {
///     if let Some(game) = chunk?.game {
///         events.extend(game.tag("Event").map(str::to_string));
///     }
/// }
/// assert_eq!(events, ["A", "B"]);
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct GameReader<R: Read> {
    decoder: TextDecoder<R>,
    options: ReadOptions,
    /// Decoded text not yet handed out, from `buf_base`.
    buf: String,
    /// File offset of `buf[0]`.
    buf_base: usize,
    /// Start (in `buf`) of the next chunk.
    pos: usize,
    line: u32,
    column: u32,
    eof: bool,
    stopped: bool,
    games: usize,
    errors: bool,
    emitted: bool,
    decoding_reported: bool,
    pending: Vec<Diagnostic>,
    in_junk: bool,
    /// The last chunk's game ended at a repeated tag ([`Chunk::after_open_game`]).
    after_open_game: bool,
    no_games_reported: bool,
    /// The file turned out to be binary: nothing after the telling byte is read.
    binary: bool,
    /// The game being read (kept while more text is read) and what the file reported.
    parser: GameParser,
    /// A chunk is being read: `parser` holds its start.
    in_chunk: bool,
    /// The visitor of [`GameReader::next_chunk`], kept to reuse its buffers.
    builder: TreeBuilder,
    /// The decoding of the file, when the text was decoded before the reader got it.
    known_decoding: Option<Decoding>,
    /// The text ends before the file does ([`GameReader::over_text`]): reading past it fails.
    cut: bool,
    /// The end of a cut text was reached: no more text will come.
    cut_reached: bool,
    /// Read from the decoder before reading any text (a resumed reader takes the decoder's
    /// findings on the text it was handed first).
    read_first: bool,
    /// Bytes of a game's text held before the text read past is released.
    window: usize,
    /// Bytes of the chunk being read that were released.
    released: usize,
    /// The first lines of the chunk being read, when text of it was released.
    head: Option<Quote>,
    /// Of a reader over decoded text with no decoding given, whether its first megabyte holds
    /// control characters ([`Chunk::controls`]).
    text_controls: bool,
}

/// How many bytes to keep consumed text before dropping it from the buffer.
const COMPACT_AT: usize = 1 << 20;

impl<R: Read> GameReader<R> {
    /// A reader over `decoder`.
    pub fn new(decoder: TextDecoder<R>, options: ReadOptions) -> Self {
        GameReader {
            decoder,
            options,
            buf: String::new(),
            buf_base: 0,
            pos: 0,
            line: 1,
            column: 1,
            eof: false,
            stopped: false,
            games: 0,
            errors: false,
            emitted: false,
            decoding_reported: false,
            pending: Vec::new(),
            in_junk: false,
            after_open_game: false,
            no_games_reported: false,
            binary: false,
            parser: GameParser::default(),
            in_chunk: false,
            builder: TreeBuilder::new(),
            known_decoding: None,
            cut: false,
            cut_reached: false,
            read_first: false,
            window: GAME_WINDOW,
            released: 0,
            head: None,
            text_controls: false,
        }
    }

    /// A reader that starts at `place` of a file, after chunks that left `state`: `text` is
    /// the file's decoded text from `place` on, and `decoder` goes on where `text` ends. The
    /// decoder's findings not yet taken are reported as usual.
    pub fn resume(
        decoder: TextDecoder<R>,
        options: ReadOptions,
        text: String,
        place: ReaderPlace,
        state: ReaderState,
    ) -> Self {
        let mut r = Self::new(decoder, options);
        r.start_at(text, place, state);
        r.read_first = true;
        r
    }

    fn start_at(&mut self, text: String, place: ReaderPlace, state: ReaderState) {
        self.buf = text;
        self.buf_base = place.offset;
        self.line = place.line;
        self.column = place.column;
        self.games = state.games;
        self.errors = state.errors;
        self.in_junk = state.in_junk;
        self.after_open_game = state.after_open_game;
        self.no_games_reported = state.no_games_reported;
        self.parser.set_once(state.once);
        if place.offset == 0 {
            self.note_decoding();
        }
        self.decoding_reported = true;
    }

    /// Where the next chunk starts. Between chunks only.
    pub fn place(&self) -> ReaderPlace {
        ReaderPlace {
            offset: self.buf_base + self.pos,
            line: self.line,
            column: self.column,
        }
    }

    /// What the chunks read so far leave for the next one. Between chunks only.
    pub fn state(&self) -> ReaderState {
        ReaderState {
            games: self.games,
            errors: self.errors,
            in_junk: self.in_junk,
            after_open_game: self.after_open_game,
            no_games_reported: self.no_games_reported,
            once: self.parser.once(),
        }
    }

    /// The same reader holding at most about `bytes` of one game's text (at least 1 KB)
    /// before it releases the text read past, instead of [`GAME_WINDOW`].
    pub fn with_window(mut self, bytes: usize) -> Self {
        self.window = bytes.max(1024);
        self
    }

    /// While a game is read (the parser asked for more text): when the game's text held
    /// exceeds the window, releases what neither the parser nor the visitor needs any more,
    /// handing it to the visitor first, and counts its lines.
    fn release<V: Visitor + ?Sized>(&mut self, visitor: &mut V) {
        let held = self.buf.len() - self.pos;
        if held <= self.window {
            return;
        }
        let base = self.buf_base + self.pos;
        let Some(keep) = visitor.keep_from(base + self.parser.pos()) else {
            return;
        };
        let mut cut = self
            .parser
            .needed_from()
            .min(keep.saturating_sub(base))
            .min(held);
        let bytes = &self.buf.as_bytes()[self.pos..];
        // After a line break when there is one near the end, so short lines stay whole (a
        // CR is a break when no LF follows it, as old Mac files end their lines).
        let from = cut.saturating_sub(LINE_SEARCH);
        let brk = bytes[from..cut]
            .iter()
            .enumerate()
            .rev()
            .find(|&(k, &b)| {
                b == b'\n'
                    || (b == b'\r' && from + k + 1 < bytes.len() && bytes[from + k + 1] != b'\n')
            })
            .map(|(k, _)| from + k + 1);
        if let Some(end) = brk {
            cut = end;
        } else {
            while cut > 0 && (!self.buf.is_char_boundary(self.pos + cut) || bytes[cut - 1] == b'\r')
            {
                cut -= 1;
            }
        }
        // Not worth it for a little text: wait until more can go.
        if cut < self.window / 4 {
            return;
        }
        let text = &self.buf[self.pos..self.pos + cut];
        let piece = SourcePiece {
            text,
            offset: base,
            line: self.line,
            column: self.column,
            cut_before: self.released > 0 && self.column > 1,
            cut_after: !text.ends_with(['\n', '\r']),
        };
        let index = LineIndex::new(text, base, self.line).starting_at_column(self.column);
        if self.released == 0 {
            let mut end = text.len().min(HEAD_KEPT);
            match text.as_bytes()[..end].iter().rposition(|&b| b == b'\n') {
                Some(k) => end = k + 1,
                None => {
                    while !text.is_char_boundary(end) {
                        end -= 1;
                    }
                }
            }
            self.head = Some(Quote {
                text: text[..end].to_string(),
                offset: base,
                line: self.line,
                column: self.column,
                long: false,
            });
        }
        visitor.release(&piece, &index);
        self.parser.quote(&piece, &index);
        for d in &mut self.pending {
            d.quote(&piece, &index);
        }
        self.line += count_breaks(text);
        self.column = next_column(text, self.column);
        self.released += cut;
        self.parser
            .rebase(cut, &self.buf.as_bytes()[self.pos..self.pos + cut]);
        self.buf.drain(..self.pos + cut);
        self.buf_base += self.pos + cut;
        self.pos = 0;
    }

    /// The decoding in use, once the first block was read.
    pub fn decoding(&self) -> Option<Decoding> {
        self.known_decoding.or(self.decoder.decoding())
    }

    /// Queues the note on a decoding other than plain UTF-8 (F003), once.
    fn note_decoding(&mut self) {
        if !self.decoding_reported {
            if let Some(d) = self.decoding() {
                self.decoding_reported = true;
                if !d.is_plain_utf8() {
                    self.pending
                        .push(Diagnostic::new(&file::F003, Span::point(0), d.describe()));
                }
            }
        }
    }

    /// Reads one more block. On a binary file the text stops before the first telling byte,
    /// F002 is queued, and the file counts as read to its end.
    fn read_more(&mut self) -> io::Result<()> {
        if self.cut {
            self.cut_reached = true;
            return Ok(());
        }
        if self.pos >= COMPACT_AT && self.pos * 2 >= self.buf.len() {
            self.buf.drain(..self.pos);
            self.buf_base += self.pos;
            self.pos = 0;
        }
        let more = self.decoder.read_block(&mut self.buf)?;
        if !more {
            self.eof = true;
        }
        self.note_decoding();
        let mut binary = false;
        for ev in self.decoder.take_events() {
            match ev {
                DecodeEvent::Binary {
                    offset: raw,
                    text_offset,
                } => {
                    binary = true;
                    // The note on the decoding would only add noise to a binary file.
                    self.pending.retain(|d| d.code != file::F003.code);
                    let found = text_offset.min(self.buf_base + self.buf.len());
                    // Near the start the whole file is taken as binary and nothing is parsed
                    // (one diagnostic, not a page of nonsense); later, the text before the
                    // telling byte is read as usual, and nothing after it.
                    let at = if found < BINARY_HEAD {
                        self.buf_base.max(self.buf_base + self.pos)
                    } else {
                        found
                    };
                    let keep = at - self.buf_base;
                    if keep < self.buf.len() && self.buf.is_char_boundary(keep) {
                        self.buf.truncate(keep);
                    }
                    self.pending.push(
                        Diagnostic::new(
                            &file::F002,
                            Span::point(at),
                            format!(
                                "the file holds NUL or control bytes (the first at byte {raw}): it \
                             is binary, not PDN text; it was not read further"
                            ),
                        )
                        .with_note(
                            "if it is UTF-16 text without a byte-order mark, read it with \
                         `--encoding utf-16le` (or `--encoding utf-16be`)",
                        ),
                    );
                }
                DecodeEvent::Replaced { text_offset } => {
                    let encoding = self.decoder.decoding().map_or("UTF-8", |d| d.name());
                    self.pending.push(Diagnostic::new(
                        &file::F004,
                        Span::new(text_offset, text_offset + 3),
                        format!(
                            "bytes not valid in {encoding} were replaced by U+FFFD, the first \
                             here (reported once per file)"
                        ),
                    ).with_note(
                        "if the whole file is in another encoding, name it: `--encoding cp1252` \
                         for Western European text, `--encoding windows-1251` for Cyrillic",
                    ));
                }
            }
        }
        if binary {
            // Nothing after the telling byte is read: the text before it is parsed as usual.
            self.eof = true;
            self.binary = true;
        }
        Ok(())
    }

    /// Hands out the chunk ending at `end`: the decoding findings queued for it, then
    /// `found` (the findings in its text, when they were kept), then `extra`.
    fn make_chunk(
        &mut self,
        end: usize,
        has_game: bool,
        game: Option<Game>,
        found: Vec<Diagnostic>,
        extra: Vec<Diagnostic>,
    ) -> Chunk {
        let text = self.buf[self.pos..end].to_string();
        let offset = self.buf_base + self.pos;
        let chunk_end = offset + text.len();
        let released = std::mem::take(&mut self.released);
        let head = self.head.take();
        let (mut all, later): (Vec<_>, Vec<_>) = std::mem::take(&mut self.pending)
            .into_iter()
            .partition(|d| d.span.start < chunk_end || d.span.start == offset - released);
        self.pending = later;
        all.extend(found);
        all.extend(extra);
        if all
            .iter()
            .any(|d| d.severity == crate::lint::Severity::Error)
        {
            self.errors = true;
        }
        let index = if has_game {
            self.games += 1;
            Some(self.games)
        } else {
            None
        };
        let first_line = self.line;
        let first_column = self.column;
        self.line += count_breaks(&text);
        self.column = next_column(&text, self.column);
        self.pos = end;
        self.emitted = true;
        Chunk {
            text,
            offset,
            first_line,
            first_column,
            released,
            head,
            game,
            index,
            diagnostics: all,
            controls: self.decoding().map_or(self.text_controls, |d| d.controls),
            after_open_game: false,
            dialects: Dialects::default(),
        }
    }

    /// The next chunk, with its game as a syntax tree, or `None` once the file is done.
    pub fn next_chunk(&mut self) -> io::Result<Option<Chunk>> {
        let mut builder = std::mem::take(&mut self.builder);
        let chunk = self.next_chunk_with(&mut builder);
        let game = builder.take_game();
        let found = builder.take_diagnostics();
        self.builder = builder;
        Ok(chunk?.map(|mut c| {
            if c.index.is_some() {
                c.game = game;
            }
            if !found.is_empty() {
                // The decoding findings queued for the chunk first, as they were found first.
                let k = c
                    .diagnostics
                    .iter()
                    .position(|d| d.code == file::F005.code)
                    .unwrap_or(c.diagnostics.len());
                let extra = c.diagnostics.split_off(k);
                c.diagnostics.extend(found);
                c.diagnostics.extend(extra);
            }
            c
        }))
    }

    /// Reads the next chunk and hands the tokens of its game (if it holds one) to `visitor`
    /// as they are read; returns the chunk (its text and place, `game` left `None`), or `None`
    /// once the file is done. A game split by a block boundary is read once: the reader keeps
    /// its place in the game and reads on after the next block.
    pub fn next_chunk_with<V: Visitor + ?Sized>(
        &mut self,
        visitor: &mut V,
    ) -> io::Result<Option<Chunk>> {
        if self.stopped {
            return Ok(None);
        }
        if std::mem::take(&mut self.read_first) && !self.eof {
            self.read_more()?;
        }
        let mut want = 1usize << 16;
        loop {
            let avail = self.buf.len() - self.pos;
            if !self.eof && avail < want && !self.cut_reached {
                self.read_more()?;
                continue;
            }
            if avail == 0 && self.eof && !self.in_chunk {
                self.stopped = true;
                if self.games == 0 && !self.errors && !self.binary && !self.no_games_reported {
                    self.no_games_reported = true;
                    let d = vec![Diagnostic::new(
                        &file::F005,
                        Span::point(self.buf_base + self.pos),
                        "the file holds no game",
                    )];
                    let end = self.pos;
                    return Ok(Some(self.make_chunk(end, false, None, Vec::new(), d)));
                }
                if !self.pending.is_empty() {
                    let end = self.pos;
                    return Ok(Some(self.make_chunk(
                        end,
                        false,
                        None,
                        Vec::new(),
                        Vec::new(),
                    )));
                }
                return Ok(None);
            }
            if !self.in_chunk {
                self.in_chunk = true;
                self.parser.start(self.in_junk);
            }
            let base = self.buf_base + self.pos;
            let step = read_game(
                &self.buf[self.pos..],
                base,
                self.eof,
                &self.options,
                &mut self.parser,
                visitor,
            );
            match step {
                Step::NeedMore => {
                    self.release(visitor);
                    let avail = self.buf.len() - self.pos;
                    // At least the text of the token being read once more, and a block.
                    let token = avail - self.parser.pos().min(avail);
                    want = avail + token.max(1 << 16);
                    if self.cut_reached {
                        return Err(io::Error::other(TextCut));
                    }
                    if self.eof {
                        // Cannot happen (the parser never asks at the end), but never loop.
                        self.stopped = true;
                        self.in_chunk = false;
                        let end = self.buf.len();
                        return Ok(Some(self.make_chunk(
                            end,
                            false,
                            None,
                            Vec::new(),
                            Vec::new(),
                        )));
                    }
                }
                Step::Done(parsed) => {
                    self.in_chunk = false;
                    let mut end = self.pos + parsed.end;
                    if parsed.end == 0 {
                        // Never hand out an empty chunk in the middle of a file.
                        end = self.pos + next_char_len(&self.buf[self.pos..]);
                    }
                    self.in_junk = parsed.junk;
                    let after_open_game = std::mem::replace(&mut self.after_open_game, parsed.open);
                    let mut extra = Vec::new();
                    let at_end = self.eof && end == self.buf.len();
                    if at_end && !parsed.game && self.games == 0 && !self.errors && !parsed.errors {
                        extra.push(Diagnostic::new(
                            &file::F005,
                            Span::point(base),
                            "the file holds no game",
                        ));
                        self.no_games_reported = true;
                    }
                    if parsed.errors {
                        self.errors = true;
                    }
                    let mut chunk = self.make_chunk(end, parsed.game, None, Vec::new(), extra);
                    chunk.after_open_game = after_open_game;
                    chunk.dialects = parsed.dialects;
                    return Ok(Some(chunk));
                }
            }
        }
    }
}

impl GameReader<io::Empty> {
    /// A reader over `text`, the decoded text of a file (decoded as `decoding`) from `place`
    /// on, after chunks that left `state`. When `file_end` is false the text stops before the
    /// file does: a chunk that would need the text after it fails with [`TextCut`] (the
    /// chunks before it are read as in the whole file), so a caller reads such a text only up
    /// to a place well before its end.
    pub fn over_text(
        text: String,
        file_end: bool,
        decoding: Option<Decoding>,
        options: ReadOptions,
        place: ReaderPlace,
        state: ReaderState,
    ) -> Self {
        let mut r = Self::new(TextDecoder::new(io::empty()), options);
        r.known_decoding = decoding;
        if decoding.is_none() {
            let mut head = text.len().min(crate::source::SNIFF_LEN);
            while !text.is_char_boundary(head) {
                head -= 1;
            }
            r.text_controls = crate::source::holds_controls(&text[..head]);
        }
        r.eof = file_end;
        r.cut = !file_end;
        r.start_at(text, place, state);
        r
    }
}

impl<R: Read> Iterator for GameReader<R> {
    type Item = io::Result<Chunk>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_chunk().transpose()
    }
}

fn next_char_len(s: &str) -> usize {
    s.chars().next().map_or(0, char::len_utf8)
}

/// Line breaks as [`crate::source::LineIndex`] counts them (LF, CRLF, lone CR).
fn count_breaks(text: &str) -> u32 {
    let b = text.as_bytes();
    let mut n = 0u32;
    for (i, &c) in b.iter().enumerate() {
        if c == b'\n' || (c == b'\r' && b.get(i + 1) != Some(&b'\n')) {
            n += 1;
        }
    }
    n
}

/// The column after `text` when it starts at column `column`.
fn next_column(text: &str, column: u32) -> u32 {
    match text.rfind(['\n', '\r']) {
        Some(k) => text[k + 1..].chars().count() as u32 + 1,
        None => column + text.chars().count() as u32,
    }
}

/// Reads all chunks of `text` at once (for tests and small inputs). The text goes through
/// the same decoder as a file, so text holding NUL bytes is reported as binary (F002).
///
/// # Examples
///
/// ```
/// use pdnkit::{ReadOptions, parse_str};
///
/// let chunks = parse_str("1. 32-28 19-23 *", &ReadOptions::default());
/// assert_eq!(chunks[0].game.as_ref().unwrap().main_line_moves().count(), 2);
/// ```
pub fn parse_str(text: &str, options: &ReadOptions) -> Vec<Chunk> {
    let reader = GameReader::new(TextDecoder::new(text.as_bytes()), options.clone());
    reader.filter_map(Result::ok).collect()
}

/// Reads all chunks of `text` as the decoded text of a whole file, without judging it binary:
/// how a writer reads back a piece of text it made, whose share of control characters says
/// nothing of the file it goes into (F002 judges a file, not one game of it).
pub fn parse_text(text: &str, options: &ReadOptions) -> Vec<Chunk> {
    let utf8 = Decoding {
        encoding: encoding_rs::UTF_8,
        bom: false,
        forced: false,
        controls: false,
    };
    let reader = GameReader::over_text(
        text.to_string(),
        true,
        Some(utf8),
        options.clone(),
        ReaderPlace::START,
        ReaderState::default(),
    );
    reader.filter_map(Result::ok).collect()
}
