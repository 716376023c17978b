//! The game parser: reads one game from text, with per-game recovery, and hands what it reads
//! to a [`Visitor`] token by token.
//!
//! Scanning is byte-level on `&str` (every token the grammar knows is ASCII), with small nom
//! parsers for the sub-languages inside tokens (results, clock commands). The parser reads one
//! token at a time; when a token runs into the end of the text and more text may come, the
//! token is undone and the parser asks for more, keeping everything it already read of the game
//! in a [`GameParser`]: a game split by a block boundary is read once.

use nom::{
    IResult, Parser,
    branch::alt,
    character::complete::{char, digit1, one_of, space0},
    combinator::{opt, recognize},
    sequence::preceded,
};

use std::ops::ControlFlow;

use super::ReadOptions;
use super::ast::*;
use super::visitor::{RawComment, RawMove, RawResult, RawSetup, Skip, Visitor};
use crate::lint::codes::{Code, syntax as c};
use crate::lint::{Anchor, Diagnostic, Severity, SourcePiece, clip};
use crate::source::Span;

/// The outcome of reading on in one game.
pub(crate) enum Step {
    /// The text ran out before the game could be delimited; more text is needed. What was read
    /// is kept in the [`GameParser`], and reading goes on where it stopped.
    NeedMore,
    /// A game (or a piece of text holding none) was read.
    Done(Parsed),
}

/// What reading one chunk gave.
pub(crate) struct Parsed {
    /// The chunk held a game (the visitor saw `begin_game` and `end_game`).
    pub game: bool,
    /// Bytes of the text that belong to this chunk.
    pub end: usize,
    /// An error was reported in the chunk.
    pub errors: bool,
    /// The chunk ended in the middle of text that is not PDN (so the next chunk continues it).
    pub junk: bool,
    /// The game ended with neither movetext nor a terminator, where the next chunk's first tag
    /// repeats one of its tags (N216).
    pub open: bool,
    /// The dialects of whole files the chunk's text shows.
    pub dialects: Dialects,
}

/// The dialects of a file already reported: each is reported at its first place in the file
/// only, since a file written in a dialect is one cause, however many games show it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Once {
    /// Literal `\n`, `\r` text (N217).
    escaped_break: bool,
    /// Upper-case algebraic squares (N219).
    upper_case: bool,
    /// Russian short notation (N220).
    short_notation: bool,
    /// A dash for "no result" (N221).
    dash_result: bool,
    /// A parenthesised note (N222).
    paren_note: bool,
    /// A byte order mark inside the file (N225).
    inner_bom: bool,
    /// A result written with a colon (N227).
    colon_result: bool,
}

/// The dialects of whole files a game's text shows, whether or not they were reported there:
/// each is reported once per file, at its first place, so a later game that shows one has no
/// finding of it ([`crate::syntax::Chunk::dialects`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dialects(u8);

impl Dialects {
    const ESCAPED_BREAK: u8 = 1;
    const UPPER_CASE: u8 = 1 << 1;
    const SHORT_NOTATION: u8 = 1 << 2;
    const DASH_RESULT: u8 = 1 << 3;
    const PAREN_NOTE: u8 = 1 << 4;
    const INNER_BOM: u8 = 1 << 5;
    const COLON_RESULT: u8 = 1 << 6;
    const CODES: [(u8, &'static Code); 7] = [
        (Self::ESCAPED_BREAK, &c::N217),
        (Self::UPPER_CASE, &c::N219),
        (Self::SHORT_NOTATION, &c::N220),
        (Self::DASH_RESULT, &c::N221),
        (Self::PAREN_NOTE, &c::N222),
        (Self::INNER_BOM, &c::N225),
        (Self::COLON_RESULT, &c::N227),
    ];

    /// No dialect shown.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The codes of the dialects shown (`N219`, ...), in code order.
    pub fn codes(self) -> impl Iterator<Item = &'static str> {
        Self::CODES
            .into_iter()
            .filter(move |(bit, _)| self.0 & bit != 0)
            .map(|(_, code)| code.code)
    }

    /// Keeps the dialects whose code `keep` accepts.
    pub fn retain(&mut self, keep: impl Fn(&'static Code) -> bool) {
        for (bit, code) in Self::CODES {
            if self.0 & bit != 0 && !keep(code) {
                self.0 &= !bit;
            }
        }
    }

    fn insert(&mut self, bit: u8) {
        self.0 |= bit;
    }

    fn has(self, bit: u8) -> bool {
        self.0 & bit != 0
    }
}

/// The largest square number stored (a square token's number is 16 bits).
const MAX_SQUARE: u16 = u16::MAX;

/// How far recovery skips before it gives up waiting for a game start and ends the chunk.
const SKIP_CAP: usize = 1 << 20;

/// The longest comment read (in bytes): a `{` not closed within this many bytes (and before a
/// tag line) is reported as never closed, so a stray brace cannot make the reader hold a
/// whole huge file.
const COMMENT_CAP: usize = 3 << 19;

/// A comment read before the game's first move or tag: a header comment if a tag follows, a
/// movetext comment otherwise. Offsets are in the chunk's text.
#[derive(Clone, Copy, Debug)]
struct PendingComment {
    start: usize,
    end: usize,
    text: (usize, usize),
    semicolon: bool,
}

/// Everything the parser knows of the game it is reading, kept from call to call while the
/// text runs out in the middle of a game, and the file-wide state kept from game to game.
/// Offsets are in the chunk's text (the text handed to [`read_game`], which starts at the
/// chunk's first byte).
#[derive(Default)]
pub(crate) struct GameParser {
    /// Where reading goes on.
    pos: usize,
    /// `:` is a standard capture separator in this game (Russian, Brazilian GameType), or no
    /// GameType was seen.
    colon_ok: bool,
    /// The Result tag's value when it is a score but not a standard result.
    result_tag: Option<String>,
    /// An unreadable stretch was reported already (once per stretch).
    fatal_reported: bool,
    /// The last skip over unreadable text gave up at its cap, inside that text: the next
    /// chunk starts in it. (A skip that stopped after a terminator or before a tag line
    /// ended the stretch, so the next chunk's own unreadable text is reported.)
    skip_capped: bool,
    /// The dialects the file reported (kept across games).
    once: Once,
    /// The dialects this game's text shows.
    shown: Dialects,
    /// The squares of the move token being read, reused from move to move.
    scratch: Vec<SquareToken>,
    /// The findings of the token being read, handed to the visitor once it is complete.
    diags: Vec<Diagnostic>,
    /// Where the game's first token (not a `{` comment) starts.
    first: Option<usize>,
    /// Where the last token read ends.
    last_end: usize,
    /// The `(` of each open variation.
    open: Vec<usize>,
    /// The game holds a tag, a move or anything but comments.
    content: bool,
    /// The movetext holds anything but comments.
    moves_seen: bool,
    /// Tags read.
    tags: usize,
    /// File offset of the end of the last line found to have no place where a tag value
    /// holding quotes could end ([`P::plain_close`]): it is not scanned again.
    no_plain_close: usize,
    /// Each tag name of this game, with the value of its first occurrence.
    tag_names: TagNames,
    /// The strings of the last tag handed over, reused for the next one.
    tag_spare: (String, String),
    /// Where the last tag read ends.
    prev_tag_end: Option<usize>,
    /// Line breaks after the last tag in text released since.
    gap_breaks: usize,
    /// The end of the last movetext element when it is a move with no strength mark yet.
    last_move: Option<usize>,
    /// Comments before the first movetext element, not yet known to be header comments.
    pending_comments: Vec<PendingComment>,
    /// Comments before the first movetext element that the visitor does not want
    /// ([`Visitor::wants_comment`]): only counted, their text may be released.
    left_out: usize,
    /// Header comments (a `[` followed them) not yet handed over: the visitor hears of them
    /// once the chunk is known to hold a game.
    pending_header: Vec<PendingComment>,
    /// The terminator: its kind and place.
    result: Option<(ResultKind, usize, usize)>,
    /// The visitor was told the game began.
    begun: bool,
    /// The visitor asked to hear no more of this game.
    halted: bool,
    /// The visitor skips the variations from this depth on.
    skip_from: Option<usize>,
    /// An error was reported in this chunk.
    errors: bool,
    /// Bytes of the chunk's text released before the text now handed to [`read_game`]
    /// ([`GameParser::rebase`]): `first` and `open` count from the chunk's first byte, every
    /// other offset from the text handed over.
    shift: usize,
    /// The variation too deep being skipped, when the text ran out in it.
    deep: Option<DeepSkip>,
    /// The `(` of the outermost open variation, kept for its S104 if it is never closed.
    open_anchor: Option<Anchor>,
    /// Where the game ends when a tag line interrupted a variation too deep: the end of the
    /// last token before it.
    end_anchor: Option<Anchor>,
}

/// A variation nested too deep, being skipped ([`P::skip_deep_variation`]): the skip goes on
/// in the next text when the text runs out, and the text skipped may be released.
struct DeepSkip {
    /// The nesting limit reached.
    depth: usize,
    /// Parentheses open in the skipped text.
    open: usize,
    /// Inside a `{` comment.
    in_comment: bool,
    /// The `(` that began it: its finding is made when the skip ends.
    anchor: Anchor,
    /// The end of the last token before it, where the game ends when a tag line interrupts
    /// the skip (its text may be released meanwhile).
    end: Anchor,
}

impl GameParser {
    /// The dialects the file reported so far.
    pub(crate) fn once(&self) -> Once {
        self.once
    }

    /// Takes the dialects reported before the place reading starts at (a file read in parts).
    pub(crate) fn set_once(&mut self, once: Once) {
        self.once = once;
    }

    /// Ready for the next chunk; `in_junk` says that the previous chunk ended inside unreadable
    /// text (its error was already reported).
    pub(crate) fn start(&mut self, in_junk: bool) {
        self.pos = 0;
        // Without a GameType the variant is not known here; the replay judges `:` then.
        self.colon_ok = true;
        self.result_tag = None;
        self.fatal_reported = in_junk;
        self.skip_capped = false;
        self.diags.clear();
        self.first = None;
        self.last_end = 0;
        self.open.clear();
        self.content = false;
        self.moves_seen = false;
        self.shown = Dialects::default();
        self.tags = 0;
        self.tag_names.clear();
        self.prev_tag_end = None;
        self.gap_breaks = 0;
        self.last_move = None;
        self.pending_comments.clear();
        self.left_out = 0;
        self.pending_header.clear();
        self.result = None;
        self.deep = None;
        self.open_anchor = None;
        self.end_anchor = None;
        self.begun = false;
        self.halted = false;
        self.skip_from = None;
        self.errors = false;
        self.shift = 0;
    }

    /// The first byte of the text handed over that reading on may still look at: the text
    /// before it may be released. In the header, that is the end of the last tag (to tell a
    /// blank line before the next one) and the first comment not yet handed over.
    pub(crate) fn needed_from(&self) -> usize {
        if self.deep.is_some() {
            // Nothing before the skip is read again; its places are anchored.
            return self.pos;
        }
        let mut at = self.pos.min(self.last_end);
        if let Some(m) = self.last_move {
            at = at.min(m);
        }
        if let Some((_, a, _)) = self.result {
            at = at.min(a);
        }
        for c in self
            .pending_header
            .first()
            .into_iter()
            .chain(self.pending_comments.first())
        {
            at = at.min(c.start);
        }
        at
    }

    /// Keeps from `piece`, about to be released, the text of the places a finding made later
    /// points at: the `(` of a variation too deep being skipped, of the outermost variation
    /// open.
    pub(crate) fn quote(&mut self, piece: &SourcePiece<'_>, index: &crate::source::LineIndex) {
        if let Some(d) = &mut self.deep {
            d.anchor.quote(piece, index);
            d.end.quote(piece, index);
        }
        if let Some(a) = &mut self.open_anchor {
            a.quote(piece, index);
        }
    }

    /// The first `by` bytes of the text handed over were released (at most
    /// [`GameParser::needed_from`]): the next text handed over starts after them.
    pub(crate) fn rebase(&mut self, by: usize, released: &[u8]) {
        self.shift += by;
        self.pos -= by;
        // Only a variation too deep being skipped lets the end of the last token, and the
        // move a strength mark would follow, be released.
        self.last_end = self.last_end.saturating_sub(by);
        self.last_move = self.last_move.and_then(|m| m.checked_sub(by));
        if let Some((_, a, z)) = &mut self.result {
            *a -= by;
            *z -= by;
        }
        if let Some(e) = &mut self.prev_tag_end {
            // The line breaks after the last tag that are released are counted.
            if *e < by {
                self.gap_breaks += line_breaks(&released[*e..by]);
                *e = 0;
            } else {
                *e -= by;
            }
        }
        for c in self
            .pending_header
            .iter_mut()
            .chain(&mut self.pending_comments)
        {
            c.start -= by;
            c.end -= by;
            c.text.0 -= by;
            c.text.1 -= by;
        }
    }

    /// Where reading stands in the chunk's text: text before it is read.
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    /// Keeps the strings of a tag handed over for the next tag read.
    fn recycle_tag(&mut self, tag: Tag) {
        self.tag_spare = (tag.name, tag.value);
    }
}

/// Up to this many tags, a game's tag names are looked up one by one.
const FEW_TAGS: usize = 16;

/// The bytes of tag names and values one game's `TagNames` remembers: the tags of a header
/// longer than this are not all remembered, so a repeat of one that is not is not found.
pub const TAG_NAMES_KEPT: usize = 1 << 20;

/// The tag names of a game, each with the value of its first occurrence, packed in one string
/// (at most [`TAG_NAMES_KEPT`] bytes). The buffers are kept from game to game, so a game of a
/// few tags allocates nothing; a game of many tags is looked up through a hash table, so it
/// takes linear time.
#[derive(Default)]
struct TagNames {
    /// Each tag's name then value, one after the other.
    text: String,
    /// Of each tag: where its name starts in `text`, its length, the value's length.
    entries: Vec<(u32, u32, u32)>,
    /// Once there are more than [`FEW_TAGS`] tags: an open-addressed table of entry indices
    /// (plus one; 0 is a free slot), its length a power of two at least twice the entries'.
    table: Vec<u32>,
    hasher: std::collections::hash_map::RandomState,
}

impl TagNames {
    fn clear(&mut self) {
        if self.text.capacity() > 64 << 10 || self.table.len() > 4096 {
            // A game of very many tags does not keep its memory for the rest of the file.
            *self = TagNames {
                hasher: std::mem::take(&mut self.hasher),
                ..TagNames::default()
            };
        }
        self.text.clear();
        self.entries.clear();
        self.table.clear();
    }

    fn name(&self, k: usize) -> &str {
        let (at, n, _) = self.entries[k];
        &self.text[at as usize..(at + n) as usize]
    }

    fn slot(&self, name: &str) -> usize {
        use std::hash::BuildHasher;
        self.hasher.hash_one(name) as usize & (self.table.len() - 1)
    }

    /// The value of the first tag named `name`.
    fn get(&self, name: &str) -> Option<&str> {
        let k = if self.table.is_empty() {
            (0..self.entries.len()).find(|&k| self.name(k) == name)?
        } else {
            let mut i = self.slot(name);
            loop {
                match self.table[i] {
                    0 => return None,
                    e if self.name(e as usize - 1) == name => break e as usize - 1,
                    _ => i = (i + 1) & (self.table.len() - 1),
                }
            }
        };
        let (at, n, v) = self.entries[k];
        Some(&self.text[(at + n) as usize..(at + n + v) as usize])
    }

    /// Records a tag whose name is not there yet, unless the text remembered is full.
    fn insert(&mut self, name: &str, value: &str) {
        if self.text.len() + name.len() + value.len() > TAG_NAMES_KEPT {
            return;
        }
        let at = self.text.len() as u32;
        self.text.push_str(name);
        self.text.push_str(value);
        self.entries
            .push((at, name.len() as u32, value.len() as u32));
        let n = self.entries.len();
        if n <= FEW_TAGS {
            return;
        }
        if self.table.len() < 2 * n {
            self.table = vec![0; (4 * n).next_power_of_two()];
            for k in 0..n {
                self.place(k);
            }
        } else {
            self.place(n - 1);
        }
    }

    fn place(&mut self, k: usize) {
        let mut i = self.slot(self.name(k));
        while self.table[i] != 0 {
            i = (i + 1) & (self.table.len() - 1);
        }
        self.table[i] = k as u32 + 1;
    }
}

/// Reads on in the chunk whose text starts at `text` (file offset `base`), where `parser` left
/// off, handing each token to `visitor`. `eof` says that no text follows.
pub(crate) fn read_game<V: Visitor + ?Sized>(
    text: &str,
    base: usize,
    eof: bool,
    options: &ReadOptions,
    parser: &mut GameParser,
    visitor: &mut V,
) -> Step {
    let mut p = P {
        s: text,
        b: text.as_bytes(),
        base,
        eof,
        touched: false,
        options,
        g: parser,
    };
    p.run(visitor)
}

/// Why the game loop stopped.
enum Stop {
    /// End of text.
    Eof,
    /// A terminator was read.
    Terminator,
    /// A tag follows movetext.
    Tag,
    /// Unreadable text: recovery skipped to `pos`.
    Fatal,
    /// A terminator with nothing before it (N215): the chunk holds no game.
    Orphan,
}

/// One token read, not yet handed on: offsets are in the chunk's text.
enum Tok {
    /// Blanks only, or a token that gives nothing but findings.
    Nothing,
    /// A tag (or a broken one, `None`), read at `start`; the findings before `mark` were made
    /// before the tag.
    Tag(Option<Tag>, usize, usize),
    /// A `[` after movetext: the next game.
    TagStop,
    /// A comment.
    Comment(PendingComment),
    /// A strength mark standing on its own, for the move before it.
    Strength(Strength, usize),
    /// A `(` opening a variation.
    VariationStart(usize),
    /// A `)` closing one.
    VariationEnd(usize),
    /// A variation too deep, skipped; `true` when a tag line interrupted it.
    DeepSkipped(bool),
    /// The `(` of a variation too deep: skipping it begins.
    DeepStart(usize),
    /// `$n`.
    Nag(u32, usize, usize),
    /// `/.../`: its span and the text between the slashes.
    Setup(usize, usize),
    /// `...`.
    Ellipsis(usize),
    /// `12.`, `12...`.
    MoveNumber(MoveNumber),
    /// A move token: its span (squares in the scratch buffer) and strength.
    Move(usize, usize, Option<Strength>),
    /// Text that is movetext but no move (reported).
    BadMove,
    /// A terminator: its kind and span.
    Terminator(ResultKind, usize, usize),
    /// The game loop stops.
    Stop(Stop),
}

/// A token read by [`P::plain_numeric`].
enum Plain {
    /// A move number.
    Number(MoveNumber),
    /// A move ending at this offset, its squares in the scratch buffer.
    Move(usize),
}

/// What to undo when a token runs into the end of the text.
struct Snapshot {
    pos: usize,
    once: Once,
    shown: Dialects,
    fatal_reported: bool,
    colon_ok: bool,
    result_tag: Option<Option<String>>,
}

struct P<'a, 'g> {
    s: &'a str,
    b: &'a [u8],
    base: usize,
    eof: bool,
    touched: bool,
    options: &'a ReadOptions,
    g: &'g mut GameParser,
}

/// Pushes `text`, a piece of a tag value, onto `v` with its escapes (`\\"`, `\\\\`) read.
fn push_unescaped(v: &mut String, text: &str) {
    let mut rest = text;
    while let Some(at) = rest.find('\\') {
        v.push_str(&rest[..at]);
        match rest.as_bytes().get(at + 1) {
            Some(b'"' | b'\\') => {
                v.push_str(&rest[at + 1..at + 2]);
                rest = &rest[at + 2..];
            }
            _ => {
                v.push('\\');
                rest = &rest[at + 1..];
            }
        }
    }
    v.push_str(rest);
}

/// Line breaks in `gap` (LF, CRLF, lone CR).
fn line_breaks(gap: &[u8]) -> usize {
    gap.iter()
        .enumerate()
        .filter(|&(k, &b)| b == b'\n' || (b == b'\r' && gap.get(k + 1) != Some(&b'\n')))
        .count()
}

/// A byte order mark: at the start of a file the decoder takes it away; anywhere else, where
/// files saved with one were joined, the reader takes it for white space between tokens.
const BOM: char = '\u{feff}';

fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c | 0x1a)
}

fn is_sep(b: u8) -> bool {
    matches!(b, b'-' | b'x' | b'X' | b':')
}

fn is_file_letter(b: u8) -> bool {
    (b'a'..=b'l').contains(&b)
}

/// A file letter in either case (`c3`, `C3`).
fn is_any_file_letter(b: u8) -> bool {
    is_file_letter(b.to_ascii_lowercase())
}

impl<'a> P<'a, '_> {
    #[inline(always)]
    fn at(&mut self, i: usize) -> Option<u8> {
        match self.b.get(i) {
            Some(&b) => Some(b),
            None => {
                self.touched = true;
                None
            }
        }
    }

    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.base + start, self.base + end)
    }

    fn error(&mut self, code: &'static Code, start: usize, end: usize, msg: impl Into<String>) {
        let d = Diagnostic::new(code, self.span(start, end), msg);
        self.g.diags.push(d);
    }

    /// A non-standard construct: a warning, or an error in strict mode.
    fn lenient(&mut self, code: &'static Code, start: usize, end: usize, msg: impl Into<String>) {
        let mut d = Diagnostic::new(code, self.span(start, end), msg);
        if self.options.strict {
            d = d.with_severity(crate::lint::Severity::Error);
        }
        self.g.diags.push(d);
    }

    /// True when `i` is the first non-blank position of its line.
    fn at_line_start(&self, i: usize) -> bool {
        let mut j = i;
        while j > 0 {
            match self.b[j - 1] {
                b' ' | b'\t' => j -= 1,
                b'\n' | b'\r' => return true,
                0xbf if self.s[..j].ends_with(BOM) => j -= BOM.len_utf8(),
                _ => return false,
            }
        }
        true
    }

    /// Skips white space and `%` line comments.
    fn skip_ws(&mut self) {
        loop {
            // Plain blanks first, without the checks below.
            while let Some(&b) = self.b.get(self.g.pos) {
                if matches!(b, b' ' | b'\n' | b'\r' | b'\t') {
                    self.g.pos += 1;
                } else {
                    break;
                }
            }
            match self.at(self.g.pos) {
                Some(b) if is_ws(b) => self.g.pos += 1,
                Some(b'%') => self.skip_to_eol(),
                Some(0xef) if self.s[self.g.pos..].starts_with(BOM) => {
                    self.g.shown.insert(Dialects::INNER_BOM);
                    if !self.g.once.inner_bom {
                        self.g.once.inner_bom = true;
                        self.lenient(
                            &c::N225,
                            self.g.pos,
                            self.g.pos + BOM.len_utf8(),
                            "a byte order mark (U+FEFF) inside the file, as where files saved \
                             with one were joined: it is read as white space (reported once per \
                             file)",
                        );
                    }
                    self.g.pos += BOM.len_utf8();
                }
                Some(b'\\') if matches!(self.b.get(self.g.pos + 1), Some(b'n' | b'r')) => {
                    self.g.shown.insert(Dialects::ESCAPED_BREAK);
                    if !self.g.once.escaped_break {
                        self.g.once.escaped_break = true;
                        let what = if self.b.get(self.g.pos + 1) == Some(&b'n') {
                            "n"
                        } else {
                            "r"
                        };
                        self.lenient(
                            &c::N217,
                            self.g.pos,
                            self.g.pos + 2,
                            format!(
                                "a literal `\\{what}` is read as a line break (reported once \
                                 per file)"
                            ),
                        );
                    }
                    self.g.pos += 2;
                }
                _ => return,
            }
        }
    }

    fn skip_to_eol(&mut self) {
        while let Some(b) = self.at(self.g.pos) {
            if b == b'\n' || b == b'\r' {
                return;
            }
            self.g.pos += 1;
        }
    }

    /// After a terminator: the rest of the line if it is blank, with its line ending.
    fn take_line_end(&mut self) {
        let mut i = self.g.pos;
        while let Some(b) = self.at(i) {
            match b {
                b' ' | b'\t' | 0x1a => i += 1,
                b'\n' => {
                    self.g.pos = i + 1;
                    return;
                }
                b'\r' => {
                    if self.at(i + 1) == Some(b'\n') {
                        self.g.pos = i + 2;
                    } else {
                        self.g.pos = i + 1;
                    }
                    return;
                }
                _ => return,
            }
        }
        // Only blanks up to the end of the text.
        self.g.pos = i;
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            pos: self.g.pos,
            once: self.g.once,
            shown: self.g.shown,
            fatal_reported: self.g.fatal_reported,
            colon_ok: self.g.colon_ok,
            result_tag: None,
        }
    }

    fn restore(&mut self, s: Snapshot) {
        self.g.pos = s.pos;
        self.g.once = s.once;
        self.g.shown = s.shown;
        self.g.fatal_reported = s.fatal_reported;
        self.g.colon_ok = s.colon_ok;
        if let Some(rt) = s.result_tag {
            self.g.result_tag = rt;
        }
        self.g.diags.clear();
    }

    /// Reads tokens until the game ends or the text runs out.
    fn run<V: Visitor + ?Sized>(&mut self, v: &mut V) -> Step {
        let stop = loop {
            if self.g.deep.is_some() {
                let Some(tag) = self.skip_deep_variation() else {
                    return Step::NeedMore;
                };
                if let Some(stop) = self.commit(Tok::DeepSkipped(tag), v) {
                    break stop;
                }
                continue;
            }
            let mut snap = self.snapshot();
            if self.fast_token(v) {
                continue;
            }
            let tok = self.token(&mut snap);
            if self.touched && !self.eof {
                self.restore(snap);
                return Step::NeedMore;
            }
            if let Tok::DeepStart(at) = tok {
                // Skipped from here, over as many texts as it takes.
                self.g.deep = Some(DeepSkip {
                    depth: self.g.open.len(),
                    open: 0,
                    in_comment: false,
                    anchor: Anchor::new(self.span(at, at + 1)),
                    end: Anchor::new(self.span(self.g.last_end, self.g.last_end)),
                });
                if self.listening(v) {
                    v.deep_skip(self.span(at, at + 1));
                }
                self.flush_diags(v);
                continue;
            }
            if let Some(stop) = self.commit(tok, v) {
                break stop;
            }
        };
        Step::Done(self.finish_game(stop, v))
    }

    /// Hands the findings of the token just read to the visitor.
    #[inline]
    fn flush_diags<V: Visitor + ?Sized>(&mut self, v: &mut V) {
        if self.g.diags.is_empty() {
            return;
        }
        for d in self.g.diags.drain(..) {
            if d.severity == Severity::Error {
                self.g.errors = true;
            }
            v.diagnostic(d);
        }
    }

    /// True when the visitor is to hear of the game's next token: tells it the game began
    /// first.
    fn listening<V: Visitor + ?Sized>(&mut self, v: &mut V) -> bool {
        if !self.g.begun {
            self.g.begun = true;
            if v.begin_game().is_break() {
                self.g.halted = true;
            }
        }
        !self.g.halted && self.g.skip_from.is_none()
    }

    fn flow(&mut self, f: ControlFlow<()>) {
        if f.is_break() {
            self.g.halted = true;
        }
    }

    fn raw_comment(&self, c: PendingComment) -> RawComment<'a> {
        RawComment {
            text: &self.s[c.text.0..c.text.1],
            semicolon: c.semicolon,
            span: self.span(c.start, c.end),
        }
    }

    /// Hands the header comments held back on: the chunk holds a game.
    #[inline]
    fn flush_header<V: Visitor + ?Sized>(&mut self, v: &mut V) {
        if !self.g.pending_header.is_empty() {
            self.hand_header(v);
        }
    }

    fn hand_header<V: Visitor + ?Sized>(&mut self, v: &mut V) {
        let pending = std::mem::take(&mut self.g.pending_header);
        for &c in &pending {
            if self.listening(v) {
                let f = v.header_comment(self.raw_comment(c));
                self.flow(f);
            }
        }
        self.g.pending_header = pending;
        self.g.pending_header.clear();
    }

    /// Hands the comments read before the first movetext element on as movetext comments
    /// (and the header comments held back before them).
    #[inline]
    fn flush_pending<V: Visitor + ?Sized>(&mut self, v: &mut V) {
        self.flush_header(v);
        if !self.g.pending_comments.is_empty() || self.g.left_out > 0 {
            self.hand_pending(v);
        }
    }

    fn hand_pending<V: Visitor + ?Sized>(&mut self, v: &mut V) {
        let pending = std::mem::take(&mut self.g.pending_comments);
        for &c in &pending {
            if self.listening(v) {
                let f = v.comment(self.raw_comment(c));
                self.flow(f);
            }
        }
        self.g.pending_comments = pending;
        self.g.pending_comments.clear();
        let n = std::mem::take(&mut self.g.left_out);
        if n > 0 && self.listening(v) {
            v.comments_left_out(n);
        }
    }

    /// Asks the visitor again about each comment held pending: those it no longer wants are
    /// only counted, and their text may be released.
    fn ask_again<V: Visitor + ?Sized>(&mut self, v: &mut V) {
        let mut pending = std::mem::take(&mut self.g.pending_comments);
        let before = pending.len();
        pending.retain(|&c| v.wants_comment(&self.raw_comment(c)));
        self.g.left_out += before - pending.len();
        self.g.pending_comments = pending;
    }

    /// A movetext element other than a comment: what came before is movetext too.
    fn element<V: Visitor + ?Sized>(&mut self, v: &mut V) -> bool {
        self.flush_pending(v);
        self.g.moves_seen = true;
        self.g.last_move = None;
        self.listening(v)
    }

    /// Reads and hands over a move number or a plain numeric move (blanks before it included)
    /// without going through [`Tok`]; false when the next token is anything else, or is too
    /// close to the end of the text (then only blanks were skipped, and [`P::token`] reads on
    /// from there).
    #[inline(always)]
    fn fast_token<V: Visitor + ?Sized>(&mut self, v: &mut V) -> bool {
        self.touched = false;
        self.skip_ws();
        let start = self.g.pos;
        // `token` asks for more text this close to the end.
        if self.touched || start + 16 >= self.b.len() {
            return false;
        }
        if !self.b[start].is_ascii_digit() {
            return false;
        }
        match self.plain_numeric(start) {
            None => return false,
            Some(Plain::Number(n)) => {
                if self.g.first.is_none() {
                    self.g.first = Some(start);
                }
                if self.element(v) {
                    let f = v.move_number(&n);
                    self.flow(f);
                }
            }
            Some(Plain::Move(end)) => {
                if self.g.first.is_none() {
                    self.g.first = Some(start);
                }
                if self.element(v) {
                    let f = v.mv(RawMove {
                        text: &self.s[start..end],
                        squares: &self.g.scratch,
                        strength: None,
                        span: self.span(start, end),
                    });
                    self.flow(f);
                }
                self.g.last_move = Some(end);
            }
        }
        self.g.content = true;
        self.g.last_end = self.g.pos;
        self.flush_diags(v);
        true
    }

    /// Reads one token (blanks before it included).
    fn token(&mut self, snap: &mut Snapshot) -> Tok {
        self.touched = false;
        self.skip_ws();
        let start = self.g.pos;
        let Some(ch) = self.at(start) else {
            return Tok::Stop(Stop::Eof);
        };
        // A token that starts this close to the end of the text may continue in text not
        // read yet: ask for more (tokens longer than this check their own ends).
        let _ = self.at(start + 16);
        if ch != b'{' && self.g.first.is_none() {
            self.g.first = Some(start + self.g.shift);
        }
        match ch {
            b'[' => {
                if self.g.moves_seen {
                    Tok::TagStop
                } else {
                    snap.result_tag = Some(self.g.result_tag.clone());
                    let mark = self.g.diags.len();
                    Tok::Tag(self.tag(), start, mark)
                }
            }
            b'{' => match self.comment() {
                Some(cm) => Tok::Comment(cm),
                None => Tok::Stop(self.fatal_recover(self.g.content)),
            },
            b';' => {
                let s = self.g.pos;
                self.g.pos += 1;
                self.skip_to_eol();
                let text_end = s + 1 + self.s[s + 1..self.g.pos].trim_end().len();
                self.lenient(
                    &c::N211,
                    s,
                    s + 1,
                    "`;` comments are not PDN; write the note in braces",
                );
                Tok::Comment(PendingComment {
                    start: s,
                    end: self.g.pos,
                    text: (s + 1, text_end),
                    semicolon: true,
                })
            }
            b'(' => {
                if let Some(st) = self.paren_strength(start) {
                    Tok::Strength(st, start)
                } else if let Some(close) = self.paren_note(start) {
                    Tok::Comment(self.note_comment(start, close))
                } else if self.g.open.len() >= self.options.max_depth {
                    Tok::DeepStart(start)
                } else {
                    self.g.pos += 1;
                    Tok::VariationStart(start)
                }
            }
            b')' => {
                self.g.pos += 1;
                if self.g.open.is_empty() {
                    self.error(
                        &c::S104,
                        start,
                        start + 1,
                        "this `)` closes no variation; it is skipped",
                    );
                    Tok::Nothing
                } else {
                    Tok::VariationEnd(start)
                }
            }
            b'!' | b'?' => {
                let mut i = start;
                while matches!(self.at(i), Some(b'!' | b'?')) {
                    i += 1;
                }
                self.g.pos = i;
                let st = Strength {
                    marks: RawText::new(&self.s[start..i])
                        .unwrap_or_else(|| RawText::new("?").unwrap_or(RawText::EMPTY)),
                    parenthesized: false,
                    span: self.span(start, i),
                };
                Tok::Strength(st, start)
            }
            b'$' => {
                let mut i = start + 1;
                while self.at(i).is_some_and(|b| b.is_ascii_digit()) {
                    i += 1;
                }
                if i == start + 1 {
                    Tok::Stop(self.fatal(start, start + 1, "`$` must be followed by a number"))
                } else {
                    self.g.pos = i;
                    let value = self.nag_value(start, i);
                    Tok::Nag(value, start, i)
                }
            }
            b'/' => match self.setup() {
                Some(end) => Tok::Setup(start, end),
                None => Tok::Stop(self.fatal_recover(self.g.content)),
            },
            b'*' => {
                self.g.pos += 1;
                if !self.g.content && !self.g.moves_seen {
                    self.lenient(
                        &c::N215,
                        start,
                        start + 1,
                        "this `*` ends no game: nothing comes before it",
                    );
                    self.take_line_end();
                    Tok::Stop(Stop::Orphan)
                } else {
                    self.take_line_end();
                    Tok::Terminator(ResultKind::Unknown, start, start + 1)
                }
            }
            b'-' | 0xE2 if self.dash_terminator(start).is_some() => {
                let len = self.dash_terminator(start).unwrap_or(1);
                let raw = &self.s[start..start + len];
                self.g.pos = start + len;
                if !self.g.content && !self.g.moves_seen {
                    self.lenient(
                        &c::N215,
                        start,
                        self.g.pos,
                        format!("this `{}` ends no game: nothing comes before it", clip(raw)),
                    );
                    self.take_line_end();
                    Tok::Stop(Stop::Orphan)
                } else {
                    self.dash_result(start, self.g.pos, "a game terminator");
                    let end = self.g.pos;
                    self.take_line_end();
                    Tok::Terminator(ResultKind::Unknown, start, end)
                }
            }
            b'.' => {
                if self.s[start..].starts_with("...") {
                    self.g.pos += 3;
                    Tok::Ellipsis(start)
                } else {
                    // Make sure a short text is not cut before the dots.
                    let _ = self.at(start + 2);
                    Tok::Stop(self.fatal(start, start + 1, "a lone `.` is not PDN"))
                }
            }
            b'0'..=b'9' => {
                if let Some((kind, end)) = self.result(start) {
                    if !self.g.content && !self.g.moves_seen {
                        self.lenient(
                            &c::N215,
                            start,
                            self.g.pos,
                            format!("this result `{}` ends no game", clip(&self.s[start..end])),
                        );
                        self.take_line_end();
                        Tok::Stop(Stop::Orphan)
                    } else {
                        self.take_line_end();
                        Tok::Terminator(kind, start, end)
                    }
                } else if let Some(n) = self.move_number(start) {
                    Tok::MoveNumber(n)
                } else {
                    match self.mv(start) {
                        Some((end, strength)) => Tok::Move(start, end, strength),
                        None => Tok::BadMove,
                    }
                }
            }
            b if (is_any_file_letter(b)
                && self.at(start + 1).is_some_and(|d| d.is_ascii_digit()))
                || self.short_origin_at(start) =>
            {
                match self.mv(start) {
                    Some((end, strength)) => Tok::Move(start, end, strength),
                    None => Tok::BadMove,
                }
            }
            _ => {
                let end = self.token_end(start);
                let tok = clip(&self.s[start..end]);
                let line = self.s[start..].lines().next().unwrap_or("");
                let why = if unopened_tag(line) {
                    ": the line looks like a tag missing its opening `[`, and is not read as one"
                } else {
                    ""
                };
                Tok::Stop(self.fatal(start, end, format!("`{tok}` is not PDN{why}")))
            }
        }
    }

    /// Takes a complete token into the game and hands it to the visitor; `Some` when the game
    /// ends with it.
    fn commit<V: Visitor + ?Sized>(&mut self, tok: Tok, v: &mut V) -> Option<Stop> {
        let mut stop = None;
        match tok {
            Tok::Nothing => {}
            Tok::Stop(s) => stop = Some(s),
            Tok::TagStop => stop = Some(Stop::Tag),
            Tok::Tag(tag, at, mark) => {
                // Comments before a tag belong to the header; they are handed over once the
                // chunk is known to hold a game (a tag read, movetext, a terminator).
                let Self { g, .. } = self;
                g.pending_header.append(&mut g.pending_comments);
                // Header comments the visitor does not want are not counted either.
                g.left_out = 0;
                if self.g.first.is_none() {
                    self.g.first = Some(at + self.g.shift);
                }
                if let Some(t) = tag {
                    self.flush_header(v);
                    let blank_line_before = self.g.prev_tag_end.is_some_and(|prev| {
                        self.g.gap_breaks + line_breaks(&self.b[prev..at]) >= 2
                    });
                    let earlier = self.g.tag_names.get(&t.name);
                    if blank_line_before && earlier.is_some() {
                        // A repeated tag starts the next game.
                        self.g.recycle_tag(t);
                        self.g.diags.truncate(mark);
                        self.g.pos = at;
                        self.flush_diags(v);
                        return Some(Stop::Tag);
                    }
                    if let Some(first) = earlier {
                        let msg = format!(
                            "the tag {} appears twice in this game; readers take the first, \"{}\"",
                            clip(&t.name),
                            clip(first)
                        );
                        let (a, z) = (t.span.start - self.base, t.span.end - self.base);
                        self.lenient(&c::N218, a, z, msg);
                    } else {
                        self.g.tag_names.insert(&t.name, &t.value);
                    }
                    self.g.prev_tag_end = Some(t.span.end - self.base);
                    self.g.gap_breaks = 0;
                    self.g.tags += 1;
                    if self.listening(v) {
                        let f = v.tag(&t);
                        self.flow(f);
                    }
                    self.g.recycle_tag(t);
                }
                self.g.content = true;
            }
            Tok::Comment(c) => {
                if self.g.moves_seen {
                    if self.listening(v) {
                        let f = v.comment(self.raw_comment(c));
                        self.flow(f);
                    }
                } else if v.wants_comment(&self.raw_comment(c)) {
                    self.g.pending_comments.push(c);
                } else {
                    if !self.g.pending_comments.is_empty() && v.wants_changed() {
                        self.ask_again(v);
                    }
                    self.g.left_out += 1;
                }
                self.g.last_move = None;
            }
            Tok::Strength(st, at) => {
                if st.parenthesized {
                    self.g.content = true;
                }
                self.attach_strength(st, at, v);
            }
            Tok::VariationStart(at) => {
                let span = self.span(at, at + 1);
                if self.element(v) {
                    match v.begin_variation(span) {
                        ControlFlow::Continue(Skip(true)) => {
                            self.g.skip_from = Some(self.g.open.len());
                        }
                        ControlFlow::Continue(Skip(false)) => {}
                        ControlFlow::Break(()) => self.g.halted = true,
                    }
                }
                if self.g.open.is_empty() {
                    self.g.open_anchor = Some(Anchor::new(self.span(at, at + 1)));
                }
                self.g.open.push(at + self.g.shift);
                self.g.content = true;
            }
            Tok::VariationEnd(at) => {
                self.g.open.pop();
                if self.g.open.is_empty() {
                    self.g.open_anchor = None;
                }
                let span = self.span(at, at + 1);
                self.end_variation(span, v);
            }
            Tok::DeepStart(_) => {}
            Tok::DeepSkipped(tag) => {
                if tag {
                    stop = Some(Stop::Tag);
                }
            }
            Tok::Nag(value, a, z) => {
                if self.element(v) {
                    let f = v.nag(value, self.span(a, z));
                    self.flow(f);
                }
                self.g.content = true;
            }
            Tok::Setup(a, z) => {
                if self.element(v) {
                    let raw = &self.s[a + 1..z - 1];
                    let t = raw.trim();
                    let fen = t
                        .strip_prefix("FEN")
                        .map(str::trim_start)
                        .and_then(|r| r.strip_prefix('"'))
                        .and_then(|r| r.strip_suffix('"'));
                    let f = v.setup(RawSetup {
                        raw,
                        fen,
                        span: self.span(a, z),
                    });
                    self.flow(f);
                }
                self.g.content = true;
            }
            Tok::Ellipsis(at) => {
                if self.element(v) {
                    let f = v.ellipsis(self.span(at, at + 3));
                    self.flow(f);
                }
                self.g.content = true;
            }
            Tok::MoveNumber(n) => {
                if self.element(v) {
                    let f = v.move_number(&n);
                    self.flow(f);
                }
                self.g.content = true;
            }
            Tok::Move(a, z, strength) => {
                if self.element(v) {
                    let f = v.mv(RawMove {
                        text: &self.s[a..z],
                        squares: &self.g.scratch,
                        strength: strength.as_ref(),
                        span: self.span(a, z),
                    });
                    self.flow(f);
                }
                if strength.is_none() {
                    self.g.last_move = Some(z);
                }
                self.g.content = true;
            }
            Tok::BadMove => self.g.content = true,
            Tok::Terminator(kind, a, z) => {
                self.g.result = Some((kind, a, z));
                self.g.last_end = z;
                stop = Some(Stop::Terminator);
            }
        }
        if stop.is_none() {
            self.g.last_end = self.g.pos;
        }
        self.flush_diags(v);
        stop
    }

    fn end_variation<V: Visitor + ?Sized>(&mut self, span: Span, v: &mut V) {
        // Not a comment: what came before is movetext.
        self.flush_pending(v);
        self.g.moves_seen = true;
        self.g.last_move = None;
        if self.listening(v) {
            let f = v.end_variation(span);
            self.flow(f);
        }
        if self.g.skip_from.is_some_and(|d| self.g.open.len() <= d) {
            self.g.skip_from = None;
        }
    }

    /// Attaches a strength mark to the move just before it.
    fn attach_strength<V: Visitor + ?Sized>(&mut self, st: Strength, at: usize, v: &mut V) {
        if let Some(move_end) = self.g.last_move.take() {
            if at > move_end {
                self.lenient(
                    &c::N205,
                    move_end,
                    at,
                    "no space may stand between a move and its strength mark",
                );
            }
            if self.listening(v) {
                let f = v.strength(&st);
                self.flow(f);
            }
            return;
        }
        self.error(
            &c::S111,
            st.span.start - self.base,
            st.span.end - self.base,
            "this strength mark follows no move; it is dropped",
        );
    }

    /// The value of the NAG `$` digits at `start..end`; a number too large to keep is reported.
    fn nag_value(&mut self, start: usize, end: usize) -> u32 {
        match self.s[start + 1..end].parse::<u32>() {
            Ok(v) => v,
            Err(_) => {
                self.error(
                    &c::S112,
                    start,
                    end,
                    format!(
                        "this NAG's number has {} digits: it is too large to be stored (at \
                         most 4294967295) and is kept as 4294967295",
                        end - start - 1
                    ),
                );
                u32::MAX
            }
        }
    }

    /// Ends the game: closes what is still open, reports a missing terminator, and tells the
    /// visitor the result and the end.
    fn finish_game<V: Visitor + ?Sized>(&mut self, stop: Stop, v: &mut V) -> Parsed {
        if matches!(stop, Stop::Orphan) {
            self.flush_diags(v);
            return self.finish(false, false);
        }
        let last_end = self.g.last_end;
        // The file offset of the game's end (anchored when its text may be released).
        let end_at = match &self.g.end_anchor {
            Some(a) => a.span.start,
            None => self.base + last_end,
        };
        // Close what is still open.
        // `first` and `open` count from the chunk's first byte.
        let origin = self.base - self.g.shift;
        if let Some(&outer) = self.g.open.first() {
            let n = self.g.open.len();
            let mut d = Diagnostic::new(
                &c::S104,
                Span::new(origin + outer, origin + outer + 1),
                if n == 1 {
                    "this variation is never closed".to_string()
                } else {
                    format!("this variation and {} inside it are never closed", n - 1)
                },
            );
            if let Some(a) = self.g.open_anchor.take() {
                d.lend_from(&a);
            }
            self.g.diags.push(d);
            let span = Span::point(end_at);
            while self.g.open.pop().is_some() {
                self.end_variation(span, v);
            }
        }
        let has_game = self.g.tags > 0 || self.g.result.is_some() || self.g.moves_seen;
        match stop {
            Stop::Eof => {
                if has_game {
                    self.lenient_at(
                        &c::N210,
                        end_at,
                        "the file ends without `*` or a result after this game",
                    );
                }
            }
            Stop::Tag => {
                // The terminator is missing right after the game's last token.
                let at = end_at;
                if self.g.moves_seen {
                    self.lenient_at(
                        &c::N212,
                        at,
                        "the game ends here without `*` or a result: a tag follows its movetext",
                    );
                } else if has_game {
                    self.lenient_at(
                        &c::N216,
                        at,
                        "the game ends here without movetext or terminator: the next tag \
                         repeats one of its tags and starts a new game",
                    );
                }
            }
            Stop::Terminator | Stop::Fatal | Stop::Orphan => {}
        }
        let junk = matches!(stop, Stop::Fatal)
            && self.g.skip_capped
            && self.g.pos < self.b.len()
            && !self.at_game_start();
        if has_game {
            // Comments never followed by movetext or a tag are movetext comments.
            self.flush_pending(v);
            if let Some((kind, a, z)) = self.g.result {
                if self.listening(v) {
                    let f = v.result(RawResult {
                        kind,
                        raw: &self.s[a..z],
                        span: self.span(a, z),
                    });
                    self.flow(f);
                }
            }
            self.flush_diags(v);
            let start = origin + self.g.first.unwrap_or(0);
            let span = Span::new(start, end_at.max(start));
            // The visitor hears of the end even when it asked to hear no more of the game.
            self.listening(v);
            v.end_game(span);
            let open = matches!(stop, Stop::Tag) && !self.g.moves_seen;
            Parsed {
                open,
                ..self.finish(true, junk)
            }
        } else {
            self.flush_diags(v);
            self.finish(false, junk)
        }
    }

    /// [`P::lenient`] at a point given as a file offset, which may lie in released text (the
    /// end of a game whose last token came before a variation too deep).
    fn lenient_at(&mut self, code: &'static Code, at: usize, msg: impl Into<String>) {
        let mut d = Diagnostic::new(code, Span::point(at), msg);
        if self.options.strict {
            d = d.with_severity(crate::lint::Severity::Error);
        }
        if let Some(a) = &self.g.end_anchor {
            d.lend_from(a);
        }
        self.g.diags.push(d);
    }

    fn at_game_start(&self) -> bool {
        self.b.get(self.g.pos) == Some(&b'[')
    }

    fn finish(&mut self, game: bool, junk: bool) -> Parsed {
        Parsed {
            game,
            end: self.g.pos,
            errors: self.g.errors,
            junk,
            open: false,
            dialects: self.g.shown,
        }
    }

    /// Where a run of non-blank characters starting at `start` ends.
    fn token_end(&mut self, start: usize) -> usize {
        let mut i = start;
        while let Some(b) = self.b.get(i) {
            if is_ws(*b) || (i > start && matches!(b, b'{' | b'(' | b')' | b'[')) {
                break;
            }
            i += 1;
        }
        while !self.s.is_char_boundary(i) {
            i += 1;
        }
        i.max(start + 1).min(self.b.len())
    }

    fn fatal(&mut self, start: usize, end: usize, msg: impl Into<String>) -> Stop {
        if !self.g.fatal_reported {
            let end = end.min(self.b.len());
            self.error(&c::S105, start, end, msg);
            self.g.fatal_reported = true;
        }
        self.g.pos = start;
        self.skip_to_next_game(true)
    }

    /// Recovery after an error already reported.
    fn fatal_recover(&mut self, content: bool) -> Stop {
        self.g.fatal_reported = true;
        self.skip_to_next_game(content)
    }

    /// Skips to the next line that starts with `[`, or just after a terminator when the game
    /// already had content; gives up (ending the chunk) after [`SKIP_CAP`] bytes.
    fn skip_to_next_game(&mut self, after_terminator: bool) -> Stop {
        let from = self.g.pos;
        let mut i = self.g.pos;
        self.g.skip_capped = false;
        loop {
            if i - from > SKIP_CAP {
                while !self.s.is_char_boundary(i) {
                    i += 1;
                }
                self.g.pos = i;
                self.g.skip_capped = true;
                return Stop::Fatal;
            }
            let Some(b) = self.at(i) else {
                self.g.pos = i;
                return Stop::Fatal;
            };
            if b == b'[' && i > from && self.at_line_start(i) {
                self.g.pos = i;
                return Stop::Fatal;
            }
            if after_terminator && i > from && is_ws(self.b[i - 1]) {
                let rest = &self.b[i..];
                let term_len = if b == b'*' {
                    Some(1)
                } else {
                    standard_result_len(rest)
                };
                if let Some(n) = term_len {
                    match self.at(i + n) {
                        Some(b) if is_ws(b) => {
                            self.g.pos = i + n;
                            self.take_line_end();
                            return Stop::Fatal;
                        }
                        None if self.eof => {
                            self.g.pos = i + n;
                            return Stop::Fatal;
                        }
                        _ => {}
                    }
                }
            }
            i += 1;
        }
    }

    /// Skips on in the variation nested deeper than the limit ([`GameParser::deep`], its `(`
    /// at `self.g.pos` when the skip begins): `Some(true)` when a tag line interrupted it,
    /// `Some(false)` when it closed or the file ended, `None` when the text ran out first (the
    /// skip goes on from there in the next text).
    fn skip_deep_variation(&mut self) -> Option<bool> {
        let mut st = self.g.deep.take()?;
        let mut i = self.g.pos;
        let mut tag = false;
        loop {
            let Some(&b) = self.b.get(i) else {
                if self.eof {
                    break;
                }
                self.g.pos = i;
                self.g.deep = Some(st);
                return None;
            };
            if st.in_comment {
                st.in_comment = b != b'}';
                i += 1;
                continue;
            }
            match b {
                b'(' => st.open += 1,
                b')' => {
                    st.open -= 1;
                    if st.open == 0 {
                        i += 1;
                        break;
                    }
                }
                b'{' => st.in_comment = true,
                b'[' if self.at_line_start(i) => {
                    tag = true;
                    break;
                }
                _ => {}
            }
            i += 1;
        }
        self.g.pos = i;
        let start = st.anchor.span.start;
        let mut d = Diagnostic::new(
            &c::S109,
            st.anchor.span,
            format!(
                "variations nested deeper than {} levels are not read: {} bytes skipped",
                st.depth,
                self.base + i - start
            ),
        );
        d.lend_from(&st.anchor);
        self.g.diags.push(d);
        if tag {
            self.g.end_anchor = Some(st.end);
        }
        Some(tag)
    }

    /// A parenthesised group whose words do not read as movetext (`(a note here)`), as some
    /// programs write their notes: the index of its closing `)`. The group's own words, up to
    /// its first nested `(` or its `)`, decide; a group of moves is a variation. A group not
    /// closed before the next tag line is left to the variation reading (and its S104).
    fn paren_note(&mut self, start: usize) -> Option<usize> {
        let mut i = start + 1;
        loop {
            if i - start > SKIP_CAP {
                return None;
            }
            let b = self.at(i)?;
            if is_ws(b) {
                i += 1;
                continue;
            }
            match b {
                b'(' | b')' => return None,
                b'{' => {
                    while self.at(i)? != b'}' && i - start <= SKIP_CAP {
                        i += 1;
                    }
                    i += 1;
                }
                b'[' if self.at_line_start(i) => return None,
                b';' | b'%' => {
                    while !matches!(self.at(i), None | Some(b'\n' | b'\r')) {
                        i += 1;
                    }
                }
                b'/' => {
                    // A setup command: up to its closing slash on the line.
                    i += 1;
                    while !matches!(self.at(i)?, b'/' | b'\n' | b'\r') {
                        i += 1;
                    }
                    i += 1;
                }
                _ => {
                    let end = self.word_end(i);
                    // A lone bracket (`[` inside a line, `]`, `}`) is no movetext word.
                    if end == i || !self.movetext_word(i, end) {
                        break;
                    }
                    i = end;
                }
            }
        }
        // A note: find its closing parenthesis (notes may hold parentheses of their own).
        let mut depth = 0usize;
        let mut j = start;
        loop {
            if j - start > SKIP_CAP {
                return None;
            }
            match self.at(j)? {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(j);
                    }
                }
                b'[' if self.at_line_start(j) => return None,
                _ => {}
            }
            j += 1;
        }
    }

    /// Where a word of a parenthesised group ends: at a blank or a bracket of any kind.
    fn word_end(&mut self, start: usize) -> usize {
        let mut i = start;
        while let Some(b) = self.at(i) {
            if is_ws(b) || matches!(b, b'(' | b')' | b'{' | b'}' | b'[' | b']') {
                break;
            }
            i += 1;
        }
        i
    }

    /// True when `start..end` reads as a movetext word: a move number, a move (numeric,
    /// algebraic in either case, or Russian short notation), a result, `*`, a NAG, a strength.
    fn movetext_word(&mut self, start: usize, end: usize) -> bool {
        let w = &self.b[start..end.min(self.b.len())];
        let Some(&first) = w.first() else {
            return true;
        };
        let move_char = |b: &u8| {
            b.is_ascii_digit()
                || matches!(
                    b,
                    b'-' | b'x' | b'X' | b':' | b'.' | b'!' | b'?' | b'*' | b'/'
                )
        };
        match first {
            // `1.c3-d4`: a move number glued to an algebraic move.
            b'0'..=b'9' | b'.' | b'*' | b'!' | b'?' => {
                w.iter().all(|b| move_char(b) || is_any_file_letter(*b))
            }
            b'$' => w[1..].iter().all(u8::is_ascii_digit),
            b if is_any_file_letter(b) => {
                let square_start = w.get(1).is_some_and(u8::is_ascii_digit);
                (square_start || self.short_origin_at(start))
                    && w.iter().all(|b| move_char(b) || is_any_file_letter(*b))
            }
            _ => false,
        }
    }

    /// The comment a parenthesised note at `start..=close` is kept as, reported once per file.
    fn note_comment(&mut self, start: usize, close: usize) -> PendingComment {
        self.g.shown.insert(Dialects::PAREN_NOTE);
        if !self.g.once.paren_note {
            self.g.once.paren_note = true;
            self.lenient(
                &c::N222,
                start,
                close + 1,
                "this parenthesised text is not moves: it is kept as a comment, not read as a \
                 variation (reported once per file)",
            );
        }
        self.g.pos = close + 1;
        PendingComment {
            start,
            end: close + 1,
            text: (start + 1, close),
            semicolon: false,
        }
    }

    /// `(?)`, `(!?)`: a parenthesised strength, not a variation.
    fn paren_strength(&mut self, start: usize) -> Option<Strength> {
        let mut i = start + 1;
        while matches!(self.at(i), Some(b'!' | b'?')) {
            i += 1;
        }
        // Marks too many to hold are not taken for a strength: held as none, they would be
        // written as `()`, which reads as an empty variation.
        let marks = RawText::new(&self.s[start + 1..i]);
        if let (true, Some(marks), Some(b')')) = (i > start + 1, marks, self.at(i)) {
            self.g.pos = i + 1;
            Some(Strength {
                marks,
                parenthesized: true,
                span: self.span(start, i + 1),
            })
        } else {
            None
        }
    }

    /// Past the blanks at `i`, and past one line break and the blanks after it when what follows
    /// is `wanted`: a tag broken over two lines (`[` / `Event "x"]`, `[Event` / `"x"]`,
    /// `[Event "x"` / `]`), which import-format files carry. Returns the index reached and
    /// whether anything was skipped.
    fn tag_gap(&mut self, i: usize, wanted: impl Fn(&mut Self, usize) -> bool) -> (usize, bool) {
        let mut j = i;
        while matches!(self.at(j), Some(b' ' | b'\t')) {
            j += 1;
        }
        let mut k = j;
        match self.at(k) {
            Some(b'\r') if self.at(k + 1) == Some(b'\n') => k += 2,
            Some(b'\r' | b'\n') => k += 1,
            _ => return (j, j > i),
        }
        while matches!(self.at(k), Some(b' ' | b'\t')) {
            k += 1;
        }
        if wanted(self, k) {
            (k, true)
        } else {
            (j, j > i)
        }
    }

    /// A tag name, blanks, then a quote at `i`: the rest of a tag after its `[`.
    fn name_then_value(&mut self, i: usize) -> bool {
        let mut j = i;
        while self
            .at(j)
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80)
        {
            j += 1;
        }
        while matches!(self.at(j), Some(b' ' | b'\t')) {
            j += 1;
        }
        let quote = self.at(j) == Some(b'"');
        j > i && self.at(i).is_some_and(|b| b.is_ascii_alphabetic()) && quote
    }

    fn tag(&mut self) -> Option<Tag> {
        let open = self.g.pos;
        let (mut i, mut spacing) = self.tag_gap(open + 1, Self::name_then_value);
        let name_start = i;
        while let Some(b) = self.at(i) {
            if b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80 {
                i += 1;
            } else {
                break;
            }
        }
        while !self.s.is_char_boundary(i) {
            i += 1;
        }
        let name = &self.s[name_start..i];
        if name.is_empty() {
            self.g.pos = i;
            self.skip_tag_rest();
            self.error(
                &c::S106,
                open,
                self.g.pos,
                "this tag has no name; it is skipped",
            );
            return None;
        }
        let name_span = self.span(name_start, i);
        if !name.chars().next().is_some_and(|ch| ch.is_uppercase()) {
            self.lenient(
                &c::N202,
                name_start,
                i,
                format!(
                    "tag name `{}` does not start with a capital letter",
                    clip(name)
                ),
            );
        }
        let (after, _) = self.tag_gap(i, |p, k| p.at(k) == Some(b'"'));
        // One blank between name and value is usual; more, or a line break, is reported.
        if after > i + 1 || self.b[i..after].iter().any(|b| matches!(b, b'\n' | b'\r')) {
            spacing = true;
        }
        i = after;
        let value_start = i;
        let (mut name_buf, mut value) = std::mem::take(&mut self.g.tag_spare);
        value.clear();
        let mut closed_line = false;
        if self.at(i) == Some(b'"') {
            let v = &mut value;
            let mut j = i + 1;
            let mut seg = j;
            let mut terminated = false;
            loop {
                // The plain characters of the value in one run.
                let text = self.b;
                j += text[j..]
                    .iter()
                    .position(|&c| matches!(c, b'"' | b'\\' | b'\n' | b'\r'))
                    .unwrap_or(text.len() - j);
                let Some(b) = self.at(j) else { break };
                match b {
                    b'"' => {
                        terminated = true;
                        break;
                    }
                    b'\\' if matches!(self.b.get(j + 1), Some(b'"' | b'\\')) => {
                        v.push_str(&self.s[seg..j]);
                        j += 1;
                        seg = j;
                        j += 1;
                    }
                    b'\n' | b'\r' => break,
                    _ => j += 1,
                }
            }
            if terminated {
                v.push_str(&self.s[seg..j]);
                i = j + 1;
                // A quote that no `]` follows, on a line that ends the tag plainly further on:
                // the quote is part of the value (`[Site "Kiev "Dynamo" club"]`).
                if !self.closes_tag(i) && !self.holds_tag_start(value_start + 1, j) {
                    if let Some((close, _)) = self.plain_close(i) {
                        v.push('"');
                        push_unescaped(v, &self.s[i..close]);
                        self.lenient(
                            &c::N223,
                            j,
                            j + 1,
                            format!(
                                "unescaped quote inside the value of tag `{}`: write it as \
                                 `\\\"`",
                                clip(name)
                            ),
                        );
                        i = close + 1;
                    }
                }
            } else if let Some((close, inner, k)) = self.continued_value(j) {
                // The value goes on on the next line, which ends the tag plainly.
                v.push_str(self.s[seg..j].trim_end_matches([' ', '\t']));
                v.push(' ');
                push_unescaped(v, &self.s[k..close]);
                let brk = if self.b[j] == b'\r' && self.b.get(j + 1) == Some(&b'\n') {
                    j + 2
                } else {
                    j + 1
                };
                self.lenient(
                    &c::N224,
                    j,
                    brk,
                    format!(
                        "the value of tag `{}` is broken over two lines; it is read with one \
                         space for the line break",
                        clip(name)
                    ),
                );
                if let Some(q) = inner {
                    self.lenient(
                        &c::N223,
                        q,
                        q + 1,
                        format!(
                            "unescaped quote inside the value of tag `{}`: write it as \
                             `\\\"`",
                            clip(name)
                        ),
                    );
                }
                i = close + 1;
            } else {
                // Read up to a `]` on the line, or the line end.
                let line = &self.s[seg..j];
                let cut = line.rfind(']').unwrap_or(line.len());
                v.push_str(&line[..cut]);
                self.error(
                    &c::S102,
                    value_start,
                    value_start + 1,
                    "this tag value's quote is never closed on its line",
                );
                i = seg + cut;
                closed_line = cut == line.len();
            }
        } else {
            let mut j = i;
            while let Some(b) = self.at(j) {
                if matches!(b, b']' | b'\n' | b'\r') {
                    break;
                }
                j += 1;
            }
            value.push_str(self.s[i..j].trim());
            self.error(
                &c::S106,
                open,
                j.max(open + 1),
                format!("tag `{}` has no quoted value", clip(name)),
            );
            i = j;
        }
        let value_span = self.span(value_start, i);
        let (after, skipped) = self.tag_gap(i, |p, k| p.at(k) == Some(b']'));
        spacing |= skipped;
        i = after;
        let end = if self.at(i) == Some(b']') {
            i + 1
        } else {
            if !closed_line {
                self.error(
                    &c::S103,
                    open,
                    open + 1,
                    format!("tag `{}` is not closed with `]`", clip(name)),
                );
            }
            i
        };
        self.g.pos = end;
        if spacing {
            let broken = self.b[open..end].iter().any(|b| matches!(b, b'\n' | b'\r'));
            self.lenient(
                &c::N201,
                open,
                end,
                if broken {
                    format!("tag `{}` is broken over two lines", clip(name))
                } else {
                    format!("extra spaces inside tag `{}`", clip(name))
                },
            );
        }
        if name == "GameType" {
            let v = value.trim_start();
            let num = &v[..v.bytes().take_while(u8::is_ascii_digit).count()];
            self.g.colon_ok = num == "25" || num == "41";
        }
        if name == "Result" {
            // Kept only when it is a score but not a standard result: then a score like `4-6`
            // may end the game. A value that is no score (`-`, `?`, words) says nothing about
            // how the movetext ends, so it never makes a move read as a result.
            let compact: String = value.chars().filter(|c| !c.is_whitespace()).collect();
            let a_score = |t: &str| {
                let r: IResult<&str, &str> =
                    recognize((score, space0, one_of("-:"), space0, score)).parse(t);
                r.is_ok_and(|(rest, _)| rest.is_empty())
            };
            let is_score = a_score(value.trim()) || a_score(&compact);
            let colon = ResultKind::colon_form(&compact).is_some();
            self.g.result_tag = (is_score
                && !colon
                && !compact.is_empty()
                && ResultKind::standard(&compact).is_none())
            .then_some(compact);
            if matches!(value.trim(), "-" | "\u{2013}" | "\u{2014}") {
                let (a, z) = (value_start, i);
                self.dash_result(a, z, "the Result tag");
            } else if colon {
                let (a, z) = (value_start, i);
                self.colon_result(a, z, "the Result tag");
            }
        }
        name_buf.clear();
        name_buf.push_str(name);
        Some(Tag {
            name: name_buf,
            name_span,
            value,
            value_span,
            span: self.span(open, end),
        })
    }

    /// A tag's start (`[Name "`) in `a..z`.
    fn holds_tag_start(&mut self, a: usize, z: usize) -> bool {
        (a..z).any(|k| self.b[k] == b'[' && self.name_then_value(k + 1))
    }

    /// Blanks (or a line break) then `]` at `i`: the quote before `i` closes the tag's value.
    fn closes_tag(&mut self, i: usize) -> bool {
        let (k, _) = self.tag_gap(i, |p, k| p.at(k) == Some(b']'));
        self.at(k) == Some(b']')
    }

    /// The quote that closes a tag value holding unescaped quotes, read from `from` on the
    /// same line: the first `"` (not escaped) followed by blanks, `]`, and then only blanks to
    /// the line's end or another tag (`[Name "`). With it, the first unescaped quote passed on
    /// the way. `None` when the line ends first, or a `"]` comes first that other text
    /// follows (the value would hold a tag's end), or a tag's start (`[Name "`). Where the scan stopped so does any scan
    /// from before it, so that stretch is not scanned again for another tag on the line.
    fn no_plain_close_until(&mut self, j: usize) {
        // Not when the text ran out on the way: the answer may change with more text.
        if !self.touched {
            self.g.no_plain_close = self.base + j;
        }
    }

    fn plain_close(&mut self, from: usize) -> Option<(usize, Option<usize>)> {
        if self.base + from < self.g.no_plain_close {
            return None;
        }
        let mut j = from;
        let mut inner = None;
        loop {
            let text = self.b;
            j += text[j..]
                .iter()
                .position(|&c| matches!(c, b'"' | b'\\' | b'\n' | b'\r' | b'['))
                .unwrap_or(text.len() - j);
            match self.at(j)? {
                b'\\' if matches!(self.b.get(j + 1), Some(b'"' | b'\\')) => j += 2,
                b'\\' => j += 1,
                // The value would hold another tag's start: two tags, one left open.
                b'[' if self.name_then_value(j + 1) => {
                    self.no_plain_close_until(j);
                    return None;
                }
                b'[' => j += 1,
                b'\n' | b'\r' => {
                    self.no_plain_close_until(j);
                    return None;
                }
                _ => match self.ends_tag_line(j + 1) {
                    Some(true) => return Some((j, inner)),
                    // A `"]` inside would make the value hold a tag's end: not read so.
                    Some(false) => {
                        self.no_plain_close_until(j);
                        return None;
                    }
                    None => {
                        inner.get_or_insert(j);
                        j += 1;
                    }
                },
            }
        }
    }

    /// At `i`, after a quote: `None` when no `]` follows past blanks; else whether blanks
    /// follow it to the line's end (or the text's) or another tag.
    fn ends_tag_line(&mut self, mut i: usize) -> Option<bool> {
        while matches!(self.at(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        if self.at(i) != Some(b']') {
            return None;
        }
        i += 1;
        while matches!(self.at(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        Some(match self.at(i) {
            None => self.eof,
            Some(b'\n' | b'\r') => true,
            Some(b'[') => self.name_then_value(i + 1),
            Some(_) => false,
        })
    }

    /// A tag value left open at the line end `j` that goes on on the next line: that line
    /// starts like no tag, comment or movetext and ends the tag plainly ([`P::plain_close`]).
    /// Gives the closing quote, the first unescaped quote before it, and where the next
    /// line's text starts.
    fn continued_value(&mut self, j: usize) -> Option<(usize, Option<usize>, usize)> {
        let mut k = match self.at(j)? {
            b'\r' if self.at(j + 1) == Some(b'\n') => j + 2,
            _ => j + 1,
        };
        while matches!(self.at(k), Some(b' ' | b'\t')) {
            k += 1;
        }
        let first = self.at(k)?;
        let second = self.at(k + 1).unwrap_or(b' ');
        let third = self.at(k + 2).unwrap_or(b' ');
        let square_like = |a: u8, b: u8| is_any_file_letter(a) && b.is_ascii_digit();
        let movetext = first.is_ascii_digit()
            || matches!(
                first,
                b'\n'
                    | b'\r'
                    | b'['
                    | b']'
                    | b'{'
                    | b'}'
                    | b'('
                    | b')'
                    | b'%'
                    | b';'
                    | b'*'
                    | b'$'
                    | b'/'
                    | b'.'
                    | b'!'
                    | b'?'
                    | b'-'
                    | b'\\'
            )
            || square_like(first, second)
            || (is_any_file_letter(first) && matches!(second, b':' | b'x'))
            || (is_any_file_letter(first) && square_like(second, third));
        if movetext || !self.s.is_char_boundary(k) {
            return None;
        }
        let (close, inner) = self.plain_close(k)?;
        Some((close, inner, k))
    }

    fn skip_tag_rest(&mut self) {
        while let Some(b) = self.at(self.g.pos) {
            match b {
                b']' => {
                    self.g.pos += 1;
                    return;
                }
                b'\n' | b'\r' => return,
                _ => self.g.pos += 1,
            }
        }
    }

    /// A `{...}` comment; `None` after reporting an unterminated one.
    fn comment(&mut self) -> Option<PendingComment> {
        let open = self.g.pos;
        let mut i = open + 1;
        let mut depth = 1usize;
        let mut first_close: Option<usize> = None;
        let mut nested = false;
        let end = loop {
            if i - open > COMMENT_CAP && first_close.is_none() {
                // A runaway comment: do not buffer the rest of a huge file to find its end.
                break None;
            }
            let Some(b) = self.at(i) else {
                break None;
            };
            match b {
                b'{' => {
                    depth += 1;
                    nested = true;
                }
                b'}' => {
                    if first_close.is_none() {
                        first_close = Some(i);
                    }
                    depth -= 1;
                    if depth == 0 {
                        break Some(i);
                    }
                }
                b'\n' | b'\r' => {
                    // A tag line ends a runaway comment.
                    let mut j = i + 1;
                    while matches!(self.b.get(j), Some(b' ' | b'\t' | b'\n' | b'\r')) {
                        j += 1;
                    }
                    if self.b.get(j) == Some(&b'[')
                        && self.b.get(j + 1).is_some_and(|b| b.is_ascii_alphabetic())
                    {
                        break None;
                    }
                }
                _ => {}
            }
            i += 1;
        };
        let close = match (end, first_close) {
            (Some(e), _) if nested && first_close != Some(e) => {
                self.lenient(
                    &c::N209,
                    open,
                    e + 1,
                    "comments cannot nest; this one holds braces inside it",
                );
                e
            }
            (Some(e), _) => e,
            (None, Some(fc)) => fc,
            (None, None) => {
                self.g.pos = i.min(self.b.len());
                let msg = if i - open > COMMENT_CAP {
                    "this comment is longer than the longest comment read, 1.5 MiB (1572864 \
                     bytes), with no `}` within it: it is taken as never closed"
                } else {
                    "this comment is never closed"
                };
                self.error(&c::S101, open, open + 1, msg);
                return None;
            }
        };
        self.g.pos = close + 1;
        Some(PendingComment {
            start: open,
            end: close + 1,
            text: (open + 1, close),
            semicolon: false,
        })
    }

    /// A setup command `/.../`: where it ends; `None` after reporting an unclosed one.
    fn setup(&mut self) -> Option<usize> {
        let open = self.g.pos;
        let mut i = open + 1;
        loop {
            match self.at(i) {
                Some(b'/') => break,
                Some(b'\n' | b'\r') | None => {
                    self.g.pos = i.min(self.b.len());
                    self.error(
                        &c::S110,
                        open,
                        open + 1,
                        "this setup command has no closing `/`",
                    );
                    return None;
                }
                _ => i += 1,
            }
        }
        self.g.pos = i + 1;
        Some(i + 1)
    }

    /// A dash (`-`, `–` or `—`) at `start` that ends the game (blank, then the end of the text
    /// or a tag): its length in bytes.
    fn dash_terminator(&mut self, start: usize) -> Option<usize> {
        let rest = &self.s[start..];
        let len = if rest.starts_with('-') {
            1
        } else if rest.starts_with('\u{2013}') || rest.starts_with('\u{2014}') {
            3
        } else {
            return None;
        };
        let after = self.at(start + len);
        if after.is_some_and(|b| !is_ws(b)) {
            return None;
        }
        self.ends_game_after(start + len).then_some(len)
    }

    /// Reports a dash read as "no result", once per file.
    fn dash_result(&mut self, start: usize, end: usize, what: &str) {
        self.g.shown.insert(Dialects::DASH_RESULT);
        if self.g.once.dash_result {
            return;
        }
        self.g.once.dash_result = true;
        let dash = &self.s[start..end];
        self.lenient(
            &c::N221,
            start,
            end,
            format!(
                "`{}` as {what} is read as no result, like `*` (reported once per file)",
                clip(dash.trim_matches('"'))
            ),
        );
    }

    /// Reports a standard result written with a colon (`1:0`), read as its PDN form, once per
    /// file.
    fn colon_result(&mut self, start: usize, end: usize, what: &str) {
        self.g.shown.insert(Dialects::COLON_RESULT);
        if self.g.once.colon_result {
            return;
        }
        self.g.once.colon_result = true;
        let written = self.s[start..end].trim_matches('"');
        let compact: String = written.chars().filter(|c| !c.is_whitespace()).collect();
        let pdn = ResultKind::colon_form(&compact)
            .and_then(ResultKind::as_str)
            .unwrap_or("");
        self.lenient(
            &c::N227,
            start,
            end,
            format!(
                "`{}` as {what} is read as the result `{pdn}` (reported once per file)",
                clip(written)
            ),
        );
    }

    /// After a score at `i..j`: does the game end here (blank, then the end or a tag)?
    fn ends_game_after(&mut self, mut j: usize) -> bool {
        while let Some(b) = self.at(j) {
            if is_ws(b) {
                j += 1;
            } else {
                return b == b'[';
            }
        }
        true
    }

    /// A terminator at `start`: its kind and end.
    fn result(&mut self, start: usize) -> Option<(ResultKind, usize)> {
        // Cheap test first: what follows the first run of digits.
        let mut d = start;
        while self.b.get(d).is_some_and(u8::is_ascii_digit) {
            d += 1;
        }
        let after = self.b.get(d).copied();
        let second = self.b.get(d + 1).copied();
        let standard_possible = d == start + 1 && matches!(after, Some(b'-' | b'/' | b':'));
        let loose_possible = match after {
            Some(b'/' | b' ') => true,
            Some(b'.') => second.is_some_and(|b| b.is_ascii_digit()),
            Some(b'-' | b':') => self.g.result_tag.is_some(),
            _ => false,
        };
        if !standard_possible && !loose_possible {
            return None;
        }
        // Standard results, or their colon forms (`1:0`, `1/2:1/2`): must not be followed by
        // a digit (`1-10` is a move).
        let rest = &self.s[start..];
        let std_res: Option<&str> = if !standard_possible {
            None
        } else {
            standard_result_len(rest.as_bytes()).map(|n| &rest[..n])
        };
        if let Some(r) = std_res {
            let end = start + r.len();
            // Peek (and ask for more text) so `1-1` at a block end is not cut from `1-10`.
            let next = self.at(end);
            if !next.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'/' || b == b'.') {
                self.g.pos = end;
                let kind = match ResultKind::standard(r) {
                    Some(kind) => kind,
                    None => {
                        self.colon_result(start, end, "a game terminator");
                        ResultKind::colon_form(r).unwrap_or(ResultKind::Other)
                    }
                };
                return Some((kind, end));
            }
        }
        // Other scores: `4-6` only where it ends the game and the Result tag is not a standard
        // one, or equals the Result tag; scores no move can look like anywhere. A single digit
        // then `-` with no such Result tag is a move (`2-8`): its left side is a whole number,
        // so it could only be taken through the Result tag.
        if !loose_possible {
            return None;
        }
        let loose: IResult<&str, &str> =
            recognize((score, space0, one_of("-:"), space0, score)).parse(rest);
        if let Ok((_, r)) = loose {
            let end = start + r.len();
            if self.at(end).is_some_and(|b| !is_ws(b) && b != b'{') {
                return None;
            }
            let tag_matches = self
                .g
                .result_tag
                .as_deref()
                .is_some_and(|t| t.bytes().eq(r.bytes().filter(|b| !b.is_ascii_whitespace())));
            let tag_is_other = self.g.result_tag.is_some();
            // `4-6` could be a move; `1 1/2 - 1/2` or `1.01-0.99` cannot. A colon score of
            // whole numbers (`22:13`, a Russian capture) is a result only as the Result tag.
            let integer = |t: &str| t.trim().bytes().all(|b| b.is_ascii_digit());
            let colon = !r.contains('-');
            let plain_move = r
                .split_once(['-', ':'])
                .is_none_or(|(a, b)| integer(a) || integer(b));
            let ok = tag_matches
                || !plain_move
                || (!colon
                    && tag_is_other
                    && self.ends_game_after(end)
                    && self.g.result_tag.is_some());
            if ok {
                self.g.pos = end;
                self.lenient(
                    &c::N208,
                    start,
                    end,
                    format!("`{}` is not a standard PDN result", clip(r)),
                );
                return Some((ResultKind::Other, end));
            }
        }
        None
    }

    fn move_number(&mut self, start: usize) -> Option<MoveNumber> {
        let mut i = start;
        while self.at(i).is_some_and(|b| b.is_ascii_digit()) {
            i += 1;
        }
        if self.at(i) != Some(b'.') {
            return None;
        }
        let digits = &self.s[start..i];
        let mut j = i;
        while self.at(j) == Some(b'.') {
            j += 1;
        }
        let dots = j - i;
        // `1. ...`-style: three dots glued are the second player's marker.
        self.g.pos = j;
        let zero_padded = digits.len() > 1 && digits.starts_with('0');
        if zero_padded {
            self.lenient(
                &c::N203,
                start,
                i,
                format!("move number `{}` has a leading zero", clip(digits)),
            );
        }
        let number = match digits.parse::<u32>() {
            Ok(n) => n,
            Err(_) => {
                self.error(
                    &c::S112,
                    start,
                    i,
                    format!(
                        "this move number has {} digits: it is too large to be stored (at \
                         most 4294967295) and is kept as 4294967295",
                        i - start
                    ),
                );
                u32::MAX
            }
        };
        Some(MoveNumber {
            number,
            second_player: dots >= 2,
            zero_padded,
            span: self.span(start, j),
        })
    }

    /// The common numeric tokens read in one pass: a move number (`12.`, `12...`) or a move of
    /// one- or two-digit squares joined by `-` or `x` (`32-28`, `26x37x48`) with a blank after
    /// it. `None` for anything else, and for anything that would give a finding, a result, a
    /// strength mark or a move spaced over a blank: the general path reads those. Every byte
    /// the general path would look at is looked at here too, and a token that reaches the end
    /// of the text is left to the general path, so asking for more text works the same.
    #[inline(always)]
    fn plain_numeric(&mut self, start: usize) -> Option<Plain> {
        if self.g.result_tag.is_some() {
            return None;
        }
        let b = self.b;
        let (v, mut i) = plain_square(b, start)?;
        match *b.get(i)? {
            b'.' => {
                // A move number: `1.`, `12...`; `1.5` could start a score.
                let mut j = i + 1;
                while *b.get(j)? == b'.' {
                    j += 1;
                }
                if j == i + 1 && b[j].is_ascii_digit() {
                    return None;
                }
                self.g.pos = j;
                return Some(Plain::Number(MoveNumber {
                    number: u32::from(v),
                    second_player: j - i >= 2,
                    zero_padded: false,
                    span: self.span(start, j),
                }));
            }
            b'-' | b'x' => {}
            _ => return None,
        }
        // A single digit, `-` and a digit from 0 to 2 may be a result (`1-0`, `0-2`).
        if i == start + 1
            && b[i] == b'-'
            && b[start] <= b'2'
            && matches!(b.get(i + 1)?, b'0'..=b'2')
        {
            return None;
        }
        let mut squares = std::mem::take(&mut self.g.scratch);
        squares.clear();
        squares.push(SquareToken {
            raw: digits_text(b, start, i),
            value: SquareValue::Numeric(v),
            span: self.span(start, i),
            separator: None,
        });
        let (mut quiet, mut capture) = (false, false);
        let end = loop {
            let sep = *b.get(i)?;
            let kind = match sep {
                b'-' => {
                    quiet = true;
                    SeparatorKind::Move
                }
                b'x' => {
                    capture = true;
                    SeparatorKind::Capture
                }
                b' ' | b'\t' => {
                    // The move ends here unless a separator follows the blanks.
                    let mut k = i + 1;
                    while matches!(*b.get(k)?, b' ' | b'\t') {
                        k += 1;
                    }
                    if is_sep(b[k]) {
                        self.g.scratch = squares;
                        return None;
                    }
                    break i;
                }
                b'\n' | b'\r' => break i,
                _ => {
                    self.g.scratch = squares;
                    return None;
                }
            };
            let Some((v, e)) = plain_square(b, i + 1) else {
                self.g.scratch = squares;
                return None;
            };
            let separator = Separator {
                kind,
                span: self.span(i, i + 1),
            };
            squares.push(SquareToken {
                raw: digits_text(b, i + 1, e),
                value: SquareValue::Numeric(v),
                span: self.span(i + 1, e),
                separator: Some(separator),
            });
            i = e;
        };
        self.g.scratch = squares;
        // Only captures list more than two squares, and never with `-` (N214).
        if quiet && (capture || self.g.scratch.len() > 2) {
            return None;
        }
        self.g.pos = end;
        Some(Plain::Move(end))
    }

    /// A square number at `start..end` too large to be stored: reported (S112), and the
    /// whole token is skipped, since no board has such a square.
    fn square_too_large(&mut self, start: usize, end: usize) -> bool {
        // Four digits or fewer always fit: the common case costs one comparison.
        if end - start < 5 {
            return false;
        }
        let digits = &self.s[start..end];
        if !digits.bytes().all(|b| b.is_ascii_digit())
            || digits
                .parse::<u32>()
                .is_ok_and(|v| v <= u32::from(MAX_SQUARE))
        {
            return false;
        }
        self.g.pos = self.token_end(start).max(end);
        self.error(
            &c::S112,
            start,
            end,
            format!(
                "this square number has {} digits: it is too large to be stored (at most \
                 {MAX_SQUARE}; the largest board has 72 squares), so the move is not read",
                end - start
            ),
        );
        true
    }

    /// Russian short notation starts at `i`: a file letter, then the square the man goes to
    /// (`cd4`) or a capture separator and the square it captures to (`b:d4`, `bxd4`).
    fn short_origin_at(&mut self, i: usize) -> bool {
        if !self.at(i).is_some_and(is_file_letter) {
            return false;
        }
        let (next, after) = (self.at(i + 1), self.at(i + 2));
        match next {
            Some(b) if is_file_letter(b) => after.is_some_and(|d| d.is_ascii_digit()),
            Some(b':' | b'x') => {
                after.is_some_and(is_file_letter)
                    && self.at(i + 3).is_some_and(|d| d.is_ascii_digit())
            }
            _ => false,
        }
    }

    /// Lexes one square at `i`: returns its end and value.
    fn square(&mut self, i: usize) -> Option<(usize, SquareValue)> {
        let b = self.at(i)?;
        if b.is_ascii_digit() {
            let mut j = i;
            let mut v: u32 = 0;
            while let Some(d) = self.at(j).filter(u8::is_ascii_digit) {
                v = v.saturating_mul(10).saturating_add(u32::from(d - b'0'));
                j += 1;
            }
            return Some((j, SquareValue::Numeric(v.min(u16::MAX as u32) as u16)));
        }
        if is_any_file_letter(b) {
            let d1 = self.at(i + 1)?;
            if !d1.is_ascii_digit() || d1 == b'0' {
                return None;
            }
            let mut j = i + 2;
            let mut rank = d1 - b'0';
            if d1 == b'1' {
                if let Some(d2 @ b'0'..=b'2') = self.at(j) {
                    if !self.at(j + 1).is_some_and(|b| b.is_ascii_digit()) {
                        rank = 10 + (d2 - b'0');
                        j += 1;
                    }
                }
            }
            return Some((
                j,
                SquareValue::Algebraic {
                    file: b.to_ascii_lowercase() - b'a',
                    rank,
                },
            ));
        }
        None
    }

    fn square_token(
        &self,
        s: usize,
        e: usize,
        value: SquareValue,
        sep: Option<Separator>,
    ) -> SquareToken {
        SquareToken {
            raw: RawText::new(&self.s[s..e]).unwrap_or(RawText::EMPTY),
            value,
            span: self.span(s, e),
            separator: sep,
        }
    }

    /// A move token at `start` (a digit or a file letter): its end and glued strength, its
    /// squares in the scratch buffer. Reports and skips what is not one.
    fn mv(&mut self, start: usize) -> Option<(usize, Option<Strength>)> {
        // A buffer reused from move to move: no allocation per move.
        let mut squares = std::mem::take(&mut self.g.scratch);
        squares.clear();
        let read = self.mv_into(start, &mut squares);
        self.g.scratch = squares;
        read
    }

    fn mv_into(
        &mut self,
        start: usize,
        squares: &mut Vec<SquareToken>,
    ) -> Option<(usize, Option<Strength>)> {
        let first = match self.square(start) {
            Some(sq) => Some(sq),
            None if self.short_origin_at(start) => Some((
                start + 1,
                SquareValue::File {
                    file: self.b[start] - b'a',
                },
            )),
            None => None,
        };
        let Some((e1, v1)) = first else {
            self.g.pos = self.token_end(start);
            self.error(&c::S107, start, self.g.pos, "this is not a square");
            return None;
        };
        // Separator-less numeric run: 3228.
        if let SquareValue::Numeric(_) = v1 {
            let len = e1 - start;
            let next = self.at(e1);
            let glued_sep = next.is_some_and(is_sep);
            if len >= 3 && !glued_sep && next != Some(b'.') {
                self.g.pos = e1;
                let digits = &self.s[start..e1];
                return self.numeric_run(start, e1, digits, squares);
            }
        }
        if self.square_too_large(start, e1) {
            return None;
        }
        if e1 - start > RawText::CAPACITY {
            self.g.pos = e1;
            self.error(&c::S107, start, e1, "this square is far too long");
            return None;
        }
        squares.push(self.square_token(start, e1, v1, None));
        let mut end = e1;
        let mut spaced = false;
        loop {
            // Separator, possibly with blanks around it (non-standard).
            let mut i = end;
            while matches!(self.at(i), Some(b' ' | b'\t')) {
                i += 1;
            }
            let Some(sb) = self.at(i).filter(|&b| is_sep(b)) else {
                // Separator-less algebraic move: a3b4.
                let letters =
                    matches!(v1, SquareValue::Algebraic { .. } | SquareValue::File { .. });
                if i == end && squares.len() == 1 && letters {
                    if let Some(b) = self.at(end) {
                        if is_any_file_letter(b) {
                            if let Some((e2, v2)) = self.square(end) {
                                if matches!(v2, SquareValue::Algebraic { .. }) {
                                    squares.push(self.square_token(end, e2, v2, None));
                                    end = e2;
                                }
                            }
                        }
                    }
                }
                break;
            };
            // A blank before the separator only counts when a square follows it.
            let sep_pos = i;
            let mut k = i + 1;
            while matches!(self.at(k), Some(b' ' | b'\t')) {
                k += 1;
            }
            // A standard result after a blank ends the game, not the move (`37-32X 1-0`).
            let apart = sep_pos != end || k != sep_pos + 1;
            let next = if apart && self.standard_result_at(k) {
                None
            } else {
                self.square(k)
            };
            let Some((e2, v2)) = next else {
                if sep_pos == end {
                    self.g.pos = sep_pos + 1;
                    self.error(
                        &c::S107,
                        start,
                        sep_pos + 1,
                        "a separator with no square after it",
                    );
                    return None;
                }
                break;
            };
            if self.square_too_large(k, e2) {
                return None;
            }
            if e2 - k > RawText::CAPACITY {
                break;
            }
            if sep_pos != end || k != sep_pos + 1 {
                spaced = true;
            }
            let kind = match sb {
                b'-' => SeparatorKind::Move,
                b'x' => SeparatorKind::Capture,
                b'X' => SeparatorKind::CaptureUpper,
                _ => SeparatorKind::Colon,
            };
            let sep = Separator {
                kind,
                span: self.span(sep_pos, sep_pos + 1),
            };
            squares.push(self.square_token(k, e2, v2, Some(sep)));
            end = e2;
        }
        self.g.pos = end;
        if squares.len() < 2 {
            self.error(
                &c::S107,
                start,
                end,
                format!("`{}` is a square, not a move", clip(&self.s[start..end])),
            );
            return None;
        }
        if spaced {
            self.lenient(&c::N204, start, end, "spaces inside a move");
        }
        if !self.g.shown.has(Dialects::UPPER_CASE)
            && squares
                .iter()
                .any(|s| s.raw.as_bytes().first().is_some_and(u8::is_ascii_uppercase))
        {
            self.g.shown.insert(Dialects::UPPER_CASE);
        }
        if !self.g.once.upper_case && self.g.shown.has(Dialects::UPPER_CASE) {
            self.g.once.upper_case = true;
            self.lenient(
                &c::N219,
                start,
                end,
                format!(
                    "`{}` writes its squares in upper case; read as `{}` (reported once per \
                     file)",
                    clip(&self.s[start..end]),
                    clip(&self.s[start..end]).to_string().to_ascii_lowercase()
                ),
            );
        }
        if matches!(v1, SquareValue::File { .. }) {
            self.g.shown.insert(Dialects::SHORT_NOTATION);
        }
        if matches!(v1, SquareValue::File { .. }) && !self.g.once.short_notation {
            self.g.once.short_notation = true;
            self.lenient(
                &c::N220,
                start,
                end,
                format!(
                    "`{}` is Russian short notation: the file the piece starts from, then \
                     where it goes; the replay finds the piece (reported once per file)",
                    clip(&self.s[start..end])
                ),
            );
        }
        if squares
            .iter()
            .any(|s| s.raw.as_bytes().len() > 1 && s.raw.as_bytes()[0] == b'0')
        {
            self.lenient(&c::N203, start, end, "square written with a leading zero");
        }
        let mut has_move_sep = false;
        let mut has_capture = false;
        for s in squares.iter() {
            if let Some(sep) = s.separator {
                match sep.kind {
                    SeparatorKind::Move => has_move_sep = true,
                    SeparatorKind::Capture => has_capture = true,
                    SeparatorKind::CaptureUpper => {
                        has_capture = true;
                        self.lenient(
                            &c::N206,
                            sep.span.start - self.base,
                            sep.span.end - self.base,
                            "`X` as capture separator; PDN writes `x`",
                        );
                    }
                    SeparatorKind::Colon => {
                        has_capture = true;
                        if !self.g.colon_ok {
                            self.lenient(
                                &c::N206,
                                sep.span.start - self.base,
                                sep.span.end - self.base,
                                "`:` as capture separator; PDN writes `x` in this game type",
                            );
                        }
                    }
                }
            }
        }
        if has_move_sep && (squares.len() > 2 || has_capture) {
            self.lenient(
                &c::N214,
                start,
                end,
                "only captures list more than two squares, and only with capture separators",
            );
        }
        let strength = self.strength_after(end);
        // A digit right after the move (an algebraic move's last square is whole: `b2-c33.`)
        // starts the next token with no space between.
        let after = strength.as_ref().map_or(end, |s| s.span.end - self.base);
        if self.at(after).is_some_and(|b| b.is_ascii_digit()) {
            // What follows, as far as a number, move number or result goes (the finding is
            // the move's: what follows may end the game, and the chunk, before its own end).
            let rest = &self.b[after..];
            let len = rest
                .iter()
                .take(16)
                .take_while(|b| b.is_ascii_digit() || matches!(b, b'.' | b'/' | b'-'))
                .count();
            let next = &self.s[after..after + len];
            let msg = format!(
                "`{}` runs on into `{next}` with no space between: read as the move, then \
                 `{next}`",
                clip(&self.s[start..after]),
            );
            self.lenient(&c::N226, start, after, msg);
        }
        Some((end, strength))
    }

    /// A standard result (`1-0`, `0-2`, `1/2-1/2`, ...) at `k`, not followed by what would
    /// make it a move (`1-10`).
    fn standard_result_at(&mut self, k: usize) -> bool {
        // Ask for more text when a result could be cut.
        let _ = self.at(k + 7);
        let rest = &self.b[k.min(self.b.len())..];
        let Some(len) = standard_result_len(rest) else {
            return false;
        };
        !self
            .at(k + len)
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'/' || b == b'.')
    }

    /// A strength glued to the move ending at `end` (`!`, `(?)`, or a PDN 2.0 `*`).
    fn strength_after(&mut self, end: usize) -> Option<Strength> {
        match self.at(end) {
            Some(b'!' | b'?') => {
                let mut i = end;
                while matches!(self.at(i), Some(b'!' | b'?')) {
                    i += 1;
                }
                self.g.pos = i;
                Some(Strength {
                    marks: RawText::new(&self.s[end..i]).unwrap_or(RawText::EMPTY),
                    parenthesized: false,
                    span: self.span(end, i),
                })
            }
            Some(b'(') => self.paren_strength(end),
            Some(b'*') => {
                // A star glued to a move is a strength when more movetext follows.
                if self.ends_game_after(end + 1) {
                    return None;
                }
                self.g.pos = end + 1;
                self.lenient(
                    &c::N207,
                    end,
                    end + 1,
                    "`*` after a move is a PDN 2.0 star; PDN 3.0 writes `$7`",
                );
                Some(Strength {
                    marks: RawText::new("*").unwrap_or(RawText::EMPTY),
                    parenthesized: false,
                    span: self.span(end, end + 1),
                })
            }
            _ => None,
        }
    }

    /// `3228` or `911`: a numeric move without separator.
    fn numeric_run(
        &mut self,
        start: usize,
        end: usize,
        digits: &str,
        squares: &mut Vec<SquareToken>,
    ) -> Option<(usize, Option<Strength>)> {
        let valid =
            |t: &str| !t.starts_with('0') && t.parse::<u16>().is_ok_and(|v| (1..=72).contains(&v));
        let split = match digits.len() {
            4 => {
                let (a, b) = digits.split_at(2);
                (a.parse::<u16>().is_ok_and(|v| (1..=72).contains(&v))
                    && b.parse::<u16>().is_ok_and(|v| (1..=72).contains(&v)))
                .then_some(2)
            }
            3 => {
                let one = valid(&digits[..1]) && valid(&digits[1..]);
                let two = valid(&digits[..2]) && valid(&digits[2..]);
                match (one, two) {
                    (true, false) => Some(1),
                    (false, true) => Some(2),
                    _ => None,
                }
            }
            _ => None,
        };
        let Some(k) = split else {
            self.error(
                &c::S108,
                start,
                end,
                format!(
                    "`{}` cannot be split into two squares in one way",
                    clip(digits)
                ),
            );
            return None;
        };
        self.lenient(
            &c::N213,
            start,
            end,
            format!(
                "`{digits}` has no separator; read as {}-{}",
                &digits[..k],
                &digits[k..]
            ),
        );
        let num = |t: &str| SquareValue::Numeric(t.parse::<u16>().unwrap_or(0));
        squares.push(self.square_token(start, start + k, num(&digits[..k]), None));
        squares.push(self.square_token(start + k, end, num(&digits[k..]), None));
        let strength = self.strength_after(end);
        Some((end, strength))
    }
}

/// The text of the one or two digits at `a..e`.
#[inline(always)]
fn digits_text(b: &[u8], a: usize, e: usize) -> RawText {
    RawText::digits(b[a], if e - a == 2 { b[a + 1] } else { 0 })
}

/// A square of one or two digits at `i`, without a leading zero, and not followed by a third
/// digit: its value and end.
#[inline(always)]
fn plain_square(b: &[u8], i: usize) -> Option<(u16, usize)> {
    let d1 = *b.get(i)?;
    if !(b'1'..=b'9').contains(&d1) {
        return None;
    }
    let d2 = *b.get(i + 1)?;
    if !d2.is_ascii_digit() {
        return Some((u16::from(d1 - b'0'), i + 1));
    }
    if b.get(i + 2)?.is_ascii_digit() {
        return None;
    }
    Some((u16::from(d1 - b'0') * 10 + u16::from(d2 - b'0'), i + 2))
}

/// The length of the standard result (`1-0`, `1/2-1/2`, ...) or its colon form (`1:0`,
/// `1/2:1/2`) that `b` starts with, whatever follows it.
fn standard_result_len(b: &[u8]) -> Option<usize> {
    if b.starts_with(b"1/2-1/2") || b.starts_with(b"1/2:1/2") {
        return Some(7);
    }
    match b {
        [b'1', b'-' | b':', b'0', ..]
        | [b'0', b'-' | b':', b'1', ..]
        | [b'2', b'-' | b':', b'0', ..]
        | [b'0', b'-' | b':', b'2', ..]
        | [b'1', b'-' | b':', b'1', ..]
        | [b'0', b'-' | b':', b'0', ..] => Some(3),
        _ => None,
    }
}

/// A score of a non-standard result: `4`, `1/2`, `1.01`, `1 1/2`.
fn score(i: &str) -> IResult<&str, &str> {
    recognize((
        digit1,
        opt(alt((
            preceded(char(' '), recognize((digit1, char('/'), digit1))),
            recognize((one_of("./"), digit1)),
        ))),
    ))
    .parse(i)
}

/// Embedded commands `[%name args]` in a comment's text, which starts at file offset `base`.
pub(crate) fn commands(text: &str, base: usize) -> Vec<Command> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(k) = text[from..].find("[%") {
        let open = from + k;
        let Some(close_rel) = text[open..].find(']') else {
            break;
        };
        let close = open + close_rel;
        let inner = &text[open + 2..close];
        let name_len = inner
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(inner.len());
        let name = &inner[..name_len];
        let args = inner[name_len..].trim();
        let clocks = if matches!(name, "clock" | "clk" | "mct" | "egt" | "emt") {
            clock_args(args).unwrap_or_default()
        } else {
            Vec::new()
        };
        out.push(Command {
            name: name.to_string(),
            args: args.to_string(),
            clocks,
            span: Span::new(base + open, base + close + 1),
        });
        from = close + 1;
    }
    out
}

fn clock_time(i: &str) -> IResult<&str, ClockTime> {
    let (i, side) = opt(one_of("wWbB")).parse(i)?;
    let (i, (h, _, m, _, s)) = (digit1, char(':'), digit1, char(':'), digit1).parse(i)?;
    let bad = h.len() > 2 || m.len() != 2 || s.len() != 2;
    let n = |t: &str| t.parse::<u32>().unwrap_or(0);
    if bad {
        return Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Verify,
        )));
    }
    Ok((
        i,
        ClockTime {
            side: side.map(|c| c.to_ascii_lowercase()),
            running: side.is_some_and(|c| c.is_ascii_uppercase()),
            seconds: n(h) * 3600 + n(m) * 60 + n(s),
        },
    ))
}

/// One or two clock times, as the standard's clock command has them.
fn clock_args(args: &str) -> Option<Vec<ClockTime>> {
    let (rest, first) = clock_time(args).ok()?;
    let rest = rest.trim_start();
    if rest.is_empty() {
        return Some(vec![first]);
    }
    let (rest, second) = clock_time(rest).ok()?;
    rest.trim().is_empty().then(|| vec![first, second])
}

/// Whether a line reads `Name "value"]`: a tag whose `[` was lost.
fn unopened_tag(line: &str) -> bool {
    let line = line.trim_end();
    let Some(rest) = line.strip_suffix(']') else {
        return false;
    };
    let name_end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let (name, value) = rest.split_at(name_end);
    let value = value.trim();
    name.starts_with(|c: char| c.is_ascii_alphabetic())
        && value.len() >= 2
        && value.starts_with('"')
        && value.ends_with('"')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_command_fits_the_standard_form() {
        let cmds = commands("[%clock w0:00:10 B0:00:03] x", 100);
        assert_eq!(cmds.len(), 1);
        assert_eq!(cmds[0].name, "clock");
        assert_eq!(cmds[0].clocks.len(), 2);
        assert_eq!(cmds[0].clocks[0].seconds, 10);
        assert!(cmds[0].clocks[1].running);
        assert_eq!(cmds[0].span, Span::new(100, 126));
        let cmds = commands("[%clk 1:55:21]", 0);
        assert_eq!(cmds[0].clocks[0].seconds, 6921);
        let cmds = commands("[%csl R12,G23]", 0);
        assert_eq!(cmds[0].args, "R12,G23");
        assert!(cmds[0].clocks.is_empty());
    }
}
