//! The game parser: reads one game from text, with per-game recovery, and hands what it reads
//! to a [`Visitor`] token by token.
//!
//! Scanning is byte-level on `&str` (every token the grammar knows is ASCII): the stateless
//! scans of [`super::scan`] find where runs of blanks, lines, digits and tokens end, and small
//! nom parsers read the sub-languages inside tokens (results, clock commands). The parser reads
//! one token at a time; when a token runs into the end of the text and more text may come, the
//! token is undone and the parser asks for more, keeping everything it already read of the
//! game in a [`GameParser`]: a game split by a block boundary is read once.
//!
//! The parser's rooms: this file holds its state and the token kinds; `tokens` reads one token
//! at the parser's place, `moves` the move tokens, `tags` the tags, `game` decides what each
//! token means in the game (tags then movetext, the terminator, recovery), and `commands` reads
//! the commands embedded in comments.

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
use super::scan::{
    BOM, blanks_end, digits_end, find_from, is_any_file_letter, is_file_letter, is_sep, is_ws,
    line_break_from, line_breaks, plain_square, standard_result_len, token_end, unopened_tag,
};
use super::visitor::{RawComment, RawMove, RawResult, RawSetup, Skip, Visitor};
use crate::lint::codes::{Code, syntax as c};
use crate::lint::{Anchor, Diagnostic, Severity, SourcePiece, clip};
use crate::source::Span;

mod commands;
mod game;
mod moves;
mod tags;
mod tokens;

pub(crate) use commands::commands;
use moves::digits_text;
pub use tags::TAG_NAMES_KEPT;
use tags::TagNames;

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

/// The longest token read (in bytes): a tag line, an escape line, a `;` comment, a setup
/// command or a word of movetext that runs on past this many bytes is skipped to its end
/// without being held (S113), so one huge token cannot make the reader hold it whole. Comments
/// in braces have their own limit ([`COMMENT_CAP`]).
pub const LONG_TOKEN: usize = 1 << 20;

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
    /// A GameType tag, a Result tag was read in this game: a repeated one changes nothing of
    /// how the movetext is read (readers, and the rest of the product, take the first; N218).
    first_read: (bool, bool),
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
    /// The token longer than [`LONG_TOKEN`] being skipped, when the text ran out in it.
    long: Option<LongSkip>,
}

/// A token longer than [`LONG_TOKEN`], being skipped ([`P::skip_long_token`]): the skip goes
/// on in the next text when the text runs out, and the text skipped may be released.
struct LongSkip {
    /// What kind of token it is, which says where it ends.
    kind: LongKind,
    /// The token's first character: its finding is made when the skip ends.
    anchor: Anchor,
}

/// The kinds of token [`LongSkip`] knows, by where each ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LongKind {
    /// A tag line (in the header), ending at its line's end.
    TagLine,
    /// An escape line (`%`) or a `;` comment, ending at its line's end.
    Line,
    /// A setup command, ending after its closing `/` or at its line's end.
    Setup,
    /// A word of movetext, ending at white space or a bracket.
    Word,
}

impl LongKind {
    /// The token in words, for its finding.
    fn name(self) -> &'static str {
        match self {
            LongKind::TagLine => "a tag line",
            LongKind::Line => "a line of comment",
            LongKind::Setup => "a setup command",
            LongKind::Word => "a word of movetext",
        }
    }
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
        self.first_read = (false, false);
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
        self.long = None;
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
        // Nothing of a token too long is read again; its first character is anchored.
        let mut at = if self.long.is_some() {
            self.pos
        } else {
            self.pos.min(self.last_end)
        };
        if let Some(m) = self.last_move.filter(|_| self.long.is_none()) {
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
        if let Some(l) = &mut self.long {
            l.anchor.quote(piece, index);
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
    /// A token longer than [`LONG_TOKEN`], skipped.
    LongSkipped(LongKind),
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
    first_read: (bool, bool),
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

    /// Where the line of `i` starts when only spaces, tabs, vertical tabs and form feeds stand
    /// before `i` on it, after a line break; else `i`. A game that ends because a tag follows
    /// it ends there, so that the next starts with its line, as after a terminator.
    fn own_line_start(&self, i: usize) -> usize {
        let mut j = i;
        while j > 0 {
            match self.b[j - 1] {
                b' ' | b'\t' | 0x0b | 0x0c => j -= 1,
                b'\n' | b'\r' => return j,
                _ => return i,
            }
        }
        i
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

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            pos: self.g.pos,
            once: self.g.once,
            shown: self.g.shown,
            fatal_reported: self.g.fatal_reported,
            colon_ok: self.g.colon_ok,
            first_read: self.g.first_read,
            result_tag: None,
        }
    }

    fn restore(&mut self, s: Snapshot) {
        self.g.pos = s.pos;
        self.g.once = s.once;
        self.g.shown = s.shown;
        self.g.fatal_reported = s.fatal_reported;
        self.g.colon_ok = s.colon_ok;
        self.g.first_read = s.first_read;
        if let Some(rt) = s.result_tag {
            self.g.result_tag = rt;
        }
        self.g.diags.clear();
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
