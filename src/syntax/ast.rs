//! The syntax tree of one PDN game.
//!
//! The tree is syntax only: a move is the squares and separators as written, not yet a move on
//! a board. Every node carries its [`Span`] (file offsets in the decoded text).
//!
//! The movetext is kept *flat*: a variation is a [`Element::VariationStart`] and a matching
//! [`Element::VariationEnd`] in the same list as the moves. Nothing in the tree is recursive, so
//! dropping, serializing or writing a game with variations nested a hundred thousand deep needs
//! no stack. [`Game::lines`] gives the nested view (which line branches off which move) without
//! recursion either.

use serde::{Serialize, Serializer};

use crate::source::Span;

/// One game as written: its tags, its movetext and its terminator.
///
/// # Examples
///
/// ```
/// use pdnkit::{Element, ReadOptions, parse_str};
///
/// let pdn = "[White \"Sijbrands\"]\n1. 32-28 (1. 33-29) 19-23 {sharp} 2. 28x19 *";
/// let chunks = parse_str(pdn, &ReadOptions::default());
/// let game = chunks[0].game.as_ref().unwrap();
/// assert_eq!(game.tag("White"), Some("Sijbrands"));
/// let main: Vec<String> = game.main_line_moves().map(|m| m.squares[0].raw.to_string()).collect();
/// assert_eq!(main, ["32", "19", "28"]);
/// assert_eq!(game.lines().len(), 2);
/// assert!(game.body.iter().any(|e| matches!(e, Element::Comment(c) if c.text == "sharp")));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Game {
    /// Tag pairs, in file order.
    pub tags: Vec<Tag>,
    /// Comments written before or between the tags (a pre-game annotation).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub header_comments: Vec<Comment>,
    /// The movetext, flat: variations are delimited by start and end markers.
    pub body: Vec<Element>,
    /// The terminator (`*` or a result), when the game had one.
    pub result: Option<GameResult>,
    /// From the first tag or movetext token to the end of the terminator (or last token).
    pub span: Span,
}

/// A tag pair `[Name "value"]`.
///
/// # Examples
///
/// ```
/// use pdnkit::{ReadOptions, parse_str};
///
/// let pdn = "[Event \"Club \\\"A\\\"\"] *";
/// let chunks = parse_str(pdn, &ReadOptions::default());
/// let tag = &chunks[0].game.as_ref().unwrap().tags[0];
/// assert_eq!((tag.name.as_str(), tag.value.as_str()), ("Event", "Club \"A\""));
/// assert_eq!(&pdn[tag.span.start..tag.span.end], pdn.strip_suffix(" *").unwrap());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Tag {
    /// The tag name as written (`Event`).
    pub name: String,
    /// Where the name is.
    pub name_span: Span,
    /// The value with `\"` and `\\` escapes resolved.
    pub value: String,
    /// Where the value is, quotes included.
    pub value_span: Span,
    /// The whole tag, brackets included.
    pub span: Span,
}

/// One element of the movetext.
///
/// # Examples
///
/// ```
/// use pdnkit::{Element, ReadOptions, parse_str};
///
/// let chunks = parse_str("1. 32-28 $1 {good} (1. 33-29) *", &ReadOptions::default());
/// let kinds: Vec<&str> = chunks[0].game.as_ref().unwrap().body.iter().map(|e| match e {
///     Element::MoveNumber(_) => "number",
///     Element::Move(_) => "move",
///     Element::Ellipsis { .. } => "ellipsis",
///     Element::Comment(_) => "comment",
///     Element::Nag { .. } => "nag",
///     Element::Setup(_) => "setup",
///     Element::VariationStart { .. } => "(",
///     Element::VariationEnd { .. } => ")",
/// }).collect();
/// assert_eq!(kinds, ["number", "move", "nag", "comment", "(", "number", "move", ")"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Element {
    /// A move number such as `12.` or `12...`.
    MoveNumber(MoveNumber),
    /// A move token.
    Move(Move),
    /// The `...` placeholder move (`1. ... 7-12`), standing for a move that is not given.
    Ellipsis {
        /// Where the three dots are.
        span: Span,
    },
    /// A comment `{...}` (or a non-standard `;` comment).
    Comment(Comment),
    /// A numeric annotation glyph `$n`.
    Nag {
        /// The number.
        value: u32,
        /// Where `$n` is.
        span: Span,
    },
    /// A setup command `/FEN "..."/`.
    Setup(Setup),
    /// `(`: a variation starts. Its first move replaces the move before it in the enclosing line.
    VariationStart {
        /// Where the parenthesis is.
        span: Span,
    },
    /// `)`: the innermost open variation ends.
    VariationEnd {
        /// Where the parenthesis is.
        span: Span,
    },
}

impl Element {
    /// Where the element starts in the file.
    pub fn start(&self) -> usize {
        match self {
            Element::MoveNumber(n) => n.span.start,
            Element::Move(m) => m.span.start,
            Element::Comment(c) => c.span.start,
            Element::Setup(s) => s.span.start,
            Element::Ellipsis { span }
            | Element::Nag { span, .. }
            | Element::VariationStart { span }
            | Element::VariationEnd { span } => span.start,
        }
    }
}

/// A move number.
///
/// # Examples
///
/// ```
/// use pdnkit::{Element, ReadOptions, parse_str};
///
/// let chunks = parse_str("12... 19-23 *", &ReadOptions::default());
/// let Element::MoveNumber(n) = &chunks[0].game.as_ref().unwrap().body[0] else { panic!() };
/// assert_eq!((n.number, n.second_player), (12, true));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveNumber {
    /// The number (leading zeros dropped).
    pub number: u32,
    /// `12...`: the second player's move follows.
    pub second_player: bool,
    /// The number was written with leading zeros (`01.`).
    pub zero_padded: bool,
    /// Where the number and its dots are.
    pub span: Span,
}

/// A move token: two or more squares with a separator between each pair.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Move {
    /// The squares in the order written; from the second on each has the separator before it.
    pub squares: SquareList,
    /// The strength mark after it.
    pub strength: Option<Strength>,
    /// The whole move, strength excluded.
    pub span: Span,
}

impl Move {
    /// True when the move is written in Russian short notation: its first square is a file
    /// only (`cd4`, `b:d4`).
    pub fn is_short(&self) -> bool {
        self.squares
            .first()
            .is_some_and(|s| matches!(s.value, SquareValue::File { .. }))
    }

    /// True when any separator is a capture separator (`x`, `X`, `:`).
    pub fn is_capture(&self) -> bool {
        self.squares
            .iter()
            .any(|s| s.separator.is_some_and(|sep| sep.kind.is_capture()))
    }
}

/// The squares of a move: a slice (through `Deref`) that keeps the common two-square move
/// inline, without an allocation.
///
/// # Examples
///
/// ```
/// use pdnkit::{ReadOptions, parse_str};
///
/// let chunks = parse_str("1. 28x19x10 *", &ReadOptions::default());
/// let token = chunks[0].game.as_ref().unwrap().main_line_moves().next().unwrap();
/// let raw: Vec<&str> = token.squares.iter().map(|s| s.raw.as_str()).collect();
/// assert_eq!(raw, ["28", "19", "10"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareList(SquareRepr);

#[derive(Clone, Debug, PartialEq, Eq)]
enum SquareRepr {
    Two([SquareToken; 2]),
    Many(Vec<SquareToken>),
}

impl SquareList {
    /// A list holding `squares`.
    pub fn from_slice(squares: &[SquareToken]) -> Self {
        match squares {
            [a, b] => SquareList(SquareRepr::Two([*a, *b])),
            _ => SquareList(SquareRepr::Many(squares.to_vec())),
        }
    }
}

impl std::ops::Deref for SquareList {
    type Target = [SquareToken];

    fn deref(&self) -> &[SquareToken] {
        match &self.0 {
            SquareRepr::Two(two) => two,
            SquareRepr::Many(v) => v,
        }
    }
}

impl Serialize for SquareList {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

/// One square of a move token.
///
/// # Examples
///
/// ```
/// use pdnkit::{ReadOptions, SeparatorKind, SquareValue, parse_str};
///
/// let chunks = parse_str("1. c3:e5 *", &ReadOptions::default());
/// let token = chunks[0].game.as_ref().unwrap().main_line_moves().next().unwrap();
/// let to = &token.squares[1];
/// assert_eq!(to.raw.as_str(), "e5");
/// assert_eq!(to.value, SquareValue::Algebraic { file: 4, rank: 5 });
/// assert_eq!(to.separator.map(|s| s.kind), Some(SeparatorKind::Colon));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SquareToken {
    /// The square as written (`07`, `28`, `c3`).
    pub raw: RawText,
    /// What it says.
    pub value: SquareValue,
    /// Where it is.
    pub span: Span,
    /// The separator written before it (`None` for the first square, and for separator-less
    /// moves such as `a3b4` or `3228`).
    pub separator: Option<Separator>,
}

/// A square as the notation writes it, before any board is known.
///
/// # Examples
///
/// ```
/// use pdnkit::{ReadOptions, SquareValue, parse_str};
///
/// let chunks = parse_str("1. cd4 *", &ReadOptions::default());
/// let token = chunks[0].game.as_ref().unwrap().main_line_moves().next().unwrap();
/// assert!(token.is_short());
/// assert_eq!(token.squares[0].value, SquareValue::File { file: 2 });
/// assert_eq!(token.squares[1].value, SquareValue::Algebraic { file: 3, rank: 4 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SquareValue {
    /// A numbered square (`28`).
    Numeric(u16),
    /// An algebraic square: file 0 = `a` .. 11 = `l`, rank 1..12.
    Algebraic {
        /// File, 0-based (`a` = 0).
        file: u8,
        /// Rank, 1-based.
        rank: u8,
    },
    /// Only a file, as the first square of a move in Russian short notation (`cd4`, `b:d4`):
    /// the man of the side to move on that file that can make the move. Only the replay can
    /// tell which square it is.
    File {
        /// File, 0-based (`a` = 0).
        file: u8,
    },
}

/// A separator between two squares.
///
/// # Examples
///
/// ```
/// use pdnkit::{ReadOptions, SeparatorKind, parse_str};
///
/// let pdn = "1. 32-28 *";
/// let chunks = parse_str(pdn, &ReadOptions::default());
/// let token = chunks[0].game.as_ref().unwrap().main_line_moves().next().unwrap();
/// let sep = token.squares[1].separator.unwrap();
/// assert_eq!(sep.kind, SeparatorKind::Move);
/// assert_eq!(&pdn[sep.span.start..sep.span.end], "-");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Separator {
    /// Which character.
    pub kind: SeparatorKind,
    /// Where it is.
    pub span: Span,
}

/// The separator characters.
///
/// # Examples
///
/// ```
/// use pdnkit::SeparatorKind;
///
/// assert!(SeparatorKind::Colon.is_capture());
/// assert!(!SeparatorKind::Move.is_capture());
/// assert_eq!(SeparatorKind::CaptureUpper.as_char(), 'X');
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SeparatorKind {
    /// `-`, a quiet move.
    Move,
    /// `x`, a capture.
    Capture,
    /// `X`, a capture (PDN 2.0).
    CaptureUpper,
    /// `:`, a capture (Russian style).
    Colon,
}

impl SeparatorKind {
    /// True for the capture separators.
    pub fn is_capture(self) -> bool {
        !matches!(self, SeparatorKind::Move)
    }

    /// The character as written.
    pub fn as_char(self) -> char {
        match self {
            SeparatorKind::Move => '-',
            SeparatorKind::Capture => 'x',
            SeparatorKind::CaptureUpper => 'X',
            SeparatorKind::Colon => ':',
        }
    }
}

/// A strength mark after a move.
///
/// # Examples
///
/// ```
/// use pdnkit::{ReadOptions, parse_str};
///
/// let chunks = parse_str("1. 32-28!? 19-23(?) *", &ReadOptions::default());
/// let game = chunks[0].game.as_ref().unwrap();
/// let marks: Vec<(&str, bool)> = game
///     .main_line_moves()
///     .filter_map(|m| m.strength.as_ref())
///     .map(|s| (s.marks.as_str(), s.parenthesized))
///     .collect();
/// assert_eq!(marks, [("!?", false), ("?", true)]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Strength {
    /// The marks without parentheses (`!?`), or `*` for a PDN 2.0 star.
    pub marks: RawText,
    /// Written in parentheses: `(?)`.
    pub parenthesized: bool,
    /// Where it is, parentheses included.
    pub span: Span,
}

/// A comment and the commands embedded in it.
///
/// # Examples
///
/// ```
/// use pdnkit::{Element, ReadOptions, parse_str};
///
/// let chunks = parse_str("1. 32-28 {a classic [%clock w1:55:21]} *", &ReadOptions::default());
/// let game = chunks[0].game.as_ref().unwrap();
/// let Element::Comment(c) = &game.body[2] else { panic!() };
/// assert!(c.text.starts_with("a classic"));
/// assert_eq!(c.commands[0].name, "clock");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Comment {
    /// The text between the braces (or after `;`).
    pub text: String,
    /// The commands `[%name args]` found in the text.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub commands: Vec<Command>,
    /// Written as a `;` rest-of-line comment rather than in braces.
    pub semicolon: bool,
    /// The whole comment, delimiters included.
    pub span: Span,
}

/// An embedded command `[%name args]` inside a comment.
///
/// # Examples
///
/// ```
/// use pdnkit::{Element, ReadOptions, parse_str};
///
/// let chunks = parse_str("1. 32-28 {[%clock w1:55:21 B1:50:00]} *", &ReadOptions::default());
/// let Element::Comment(c) = &chunks[0].game.as_ref().unwrap().body[2] else { panic!() };
/// let cmd = &c.commands[0];
/// assert_eq!((cmd.name.as_str(), cmd.args.as_str()), ("clock", "w1:55:21 B1:50:00"));
/// assert_eq!(cmd.clocks.len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Command {
    /// The command name (`clock`, `clk`, `csl`, ...).
    pub name: String,
    /// Everything after the name up to `]`, trimmed.
    pub args: String,
    /// The clock readings, for `clock`, `clk`, `mct`, `egt` and `emt` when the arguments fit
    /// the standard's form.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub clocks: Vec<ClockTime>,
    /// Where the command is, brackets included.
    pub span: Span,
}

/// One time of a clock command: `w1:55:21`, `B0:00:03` or `1:55:21`.
///
/// # Examples
///
/// ```
/// use pdnkit::{Element, ReadOptions, parse_str};
///
/// let chunks = parse_str("1. 32-28 {[%clock w1:55:21 B1:50:00]} *", &ReadOptions::default());
/// let Element::Comment(c) = &chunks[0].game.as_ref().unwrap().body[2] else { panic!() };
/// let black = c.commands[0].clocks[1];
/// assert_eq!((black.side, black.running, black.seconds), (Some('b'), true, 6600));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ClockTime {
    /// `w`/`W` = White, `b`/`B` = Black, absent when no side is given.
    pub side: Option<char>,
    /// An upper-case side letter: that player's clock is running.
    pub running: bool,
    /// The time in seconds.
    pub seconds: u32,
}

/// A setup command `/FEN "..."/`.
///
/// # Examples
///
/// ```
/// use pdnkit::{Element, ReadOptions, parse_str};
///
/// let chunks = parse_str("/FEN \"W:W31-50:B1-20\"/ 1. 32-28 *", &ReadOptions::default());
/// let Element::Setup(s) = &chunks[0].game.as_ref().unwrap().body[0] else { panic!() };
/// assert_eq!(s.fen.as_deref(), Some("W:W31-50:B1-20"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Setup {
    /// The text between the slashes.
    pub raw: String,
    /// The FEN string, when the text is `FEN "..."`.
    pub fen: Option<String>,
    /// Where the command is, slashes included.
    pub span: Span,
}

/// The game terminator.
///
/// # Examples
///
/// ```
/// use pdnkit::{ReadOptions, ResultKind, parse_str};
///
/// let chunks = parse_str("1. 32-28 1/2-1/2", &ReadOptions::default());
/// let result = chunks[0].game.as_ref().unwrap().result.as_ref().unwrap();
/// assert_eq!((result.kind, result.raw.as_str()), (ResultKind::Draw1, "1/2-1/2"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameResult {
    /// Which terminator.
    pub kind: ResultKind,
    /// The text as written (`1/2-1/2`, `4-6`, `1 1/2 - 1/2`).
    pub raw: String,
    /// Where it is.
    pub span: Span,
}

/// The terminators of the reading grammar, and the non-standard ones read leniently.
///
/// # Examples
///
/// ```
/// use pdnkit::ResultKind;
///
/// assert_eq!(ResultKind::standard("2-0"), Some(ResultKind::Win2));
/// assert_eq!(ResultKind::read(" 1:0 "), Some(ResultKind::Win1));
/// assert_eq!(ResultKind::Draw1.as_str(), Some("1/2-1/2"));
/// assert_eq!(ResultKind::read("4-6"), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResultKind {
    /// `*`: game separator, result unknown or not given.
    Unknown,
    /// `1-0`.
    Win1,
    /// `0-1`.
    Loss1,
    /// `1/2-1/2`.
    Draw1,
    /// `2-0`.
    Win2,
    /// `0-2`.
    Loss2,
    /// `1-1`.
    Draw2,
    /// `0-0`: both lost (double forfeit).
    DoubleForfeit,
    /// Any other score (`4-6`, `1 1/2 - 1/2`, `1.01-0.99`).
    Other,
}

impl ResultKind {
    /// The canonical text, `None` for [`ResultKind::Other`].
    pub fn as_str(self) -> Option<&'static str> {
        Some(match self {
            ResultKind::Unknown => "*",
            ResultKind::Win1 => "1-0",
            ResultKind::Loss1 => "0-1",
            ResultKind::Draw1 => "1/2-1/2",
            ResultKind::Win2 => "2-0",
            ResultKind::Loss2 => "0-2",
            ResultKind::Draw2 => "1-1",
            ResultKind::DoubleForfeit => "0-0",
            ResultKind::Other => return None,
        })
    }

    /// The kind of a result written as PDN writes it (`1-0`, `1/2-1/2`, `*`, ...); `None`
    /// for any other text.
    pub fn standard(text: &str) -> Option<ResultKind> {
        Some(match text {
            "*" => ResultKind::Unknown,
            "1-0" => ResultKind::Win1,
            "0-1" => ResultKind::Loss1,
            "1/2-1/2" => ResultKind::Draw1,
            "2-0" => ResultKind::Win2,
            "0-2" => ResultKind::Loss2,
            "1-1" => ResultKind::Draw2,
            "0-0" => ResultKind::DoubleForfeit,
            _ => return None,
        })
    }

    /// The kind of a standard result written with a colon for the dash (`1:0`, `0:1`,
    /// `1/2:1/2`, `2:0`, ...), as Russian archives write results; `None` for any other text.
    pub fn colon_form(text: &str) -> Option<ResultKind> {
        let (a, b) = text.split_once(':')?;
        if a.contains('-') || b.contains([':', '-']) {
            return None;
        }
        Self::standard(&format!("{a}-{b}")).filter(|k| *k != ResultKind::Unknown)
    }

    /// The kind of a result in either form, blanks ignored (a Result tag's value, say):
    /// [`ResultKind::standard`] or [`ResultKind::colon_form`].
    pub fn read(text: &str) -> Option<ResultKind> {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        Self::standard(&compact).or_else(|| Self::colon_form(&compact))
    }
}

/// A short piece of text kept inline (up to 15 bytes), so square tokens need no allocation.
///
/// # Examples
///
/// ```
/// use pdnkit::RawText;
///
/// let t = RawText::new("28").unwrap();
/// assert_eq!((t.as_str(), t.to_string()), ("28", "28".to_string()));
/// assert!(RawText::new("a text far too long").is_none());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RawText {
    len: u8,
    bytes: [u8; 15],
}

impl RawText {
    /// The longest text it holds.
    pub const CAPACITY: usize = 15;

    /// The empty text.
    pub const EMPTY: RawText = RawText {
        len: 0,
        bytes: [0; 15],
    };

    /// `text`, or `None` when it is longer than [`RawText::CAPACITY`].
    pub fn new(text: &str) -> Option<Self> {
        if text.len() > Self::CAPACITY {
            return None;
        }
        let mut bytes = [0u8; 15];
        for (d, s) in bytes.iter_mut().zip(text.bytes()) {
            *d = s;
        }
        Some(RawText {
            len: text.len() as u8,
            bytes,
        })
    }

    /// One or two ASCII digits (`second` is 0 for one digit), built without a loop.
    #[inline(always)]
    pub(crate) const fn digits(first: u8, second: u8) -> Self {
        let mut bytes = [0u8; 15];
        bytes[0] = first;
        bytes[1] = second;
        RawText {
            len: if second == 0 { 1 } else { 2 },
            bytes,
        }
    }

    /// The bytes of the text.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len as usize]
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        // Built from a &str cut at a character boundary.
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("")
    }
}

impl std::fmt::Debug for RawText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl std::fmt::Display for RawText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for RawText {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// One line of play: the main line or a variation, as indices into [`Game::body`].
///
/// # Examples
///
/// ```
/// use pdnkit::{Element, ReadOptions, parse_str};
///
/// let chunks = parse_str("1. 32-28 19-23 (1... 18-23 2. 33-29) 2. 28x19 *", &ReadOptions::default());
/// let game = chunks[0].game.as_ref().unwrap();
/// let lines = game.lines();
/// let variation = &lines[1];
/// assert_eq!((variation.depth, variation.parent), (1, Some(0)));
/// // Its first move replaces 19-23 of the main line.
/// let Element::Move(replaced) = &game.body[variation.replaces.unwrap()] else { panic!() };
/// assert_eq!(replaced.squares[0].raw.as_str(), "19");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    /// 0 for the main line, 1 for its variations, and so on.
    pub depth: u32,
    /// Index (into the list [`Game::lines`] returns) of the enclosing line; `None` for the
    /// main line.
    pub parent: Option<usize>,
    /// Index into [`Game::body`] of the parent line's move that this variation's first move
    /// replaces; `None` for the main line or when the variation comes before any move.
    pub replaces: Option<usize>,
    /// Index into [`Game::body`] of the `(` (the main line: `None`).
    pub start: Option<usize>,
    /// Indices into [`Game::body`] of this line's own elements (moves, numbers, comments, NAGs,
    /// setups), in order; nested variations are not included, they are lines of their own.
    pub elements: Vec<usize>,
}

impl Game {
    /// The file offset where the movetext starts: its first element, a comment too (a
    /// variation may come before the first move, and a tag written after that `(` would stand
    /// inside the variation; a tag written after a comment that opens a game without tags
    /// would leave the comment out of the game, as text before it).
    pub fn first_element_start(&self) -> Option<usize> {
        self.body.first().map(Element::start)
    }

    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.value.as_str())
    }

    /// The moves of the main line, in order.
    pub fn main_line_moves(&self) -> impl Iterator<Item = &Move> {
        let mut depth = 0usize;
        self.body.iter().filter_map(move |e| match e {
            Element::VariationStart { .. } => {
                depth += 1;
                None
            }
            Element::VariationEnd { .. } => {
                depth = depth.saturating_sub(1);
                None
            }
            Element::Move(m) if depth == 0 => Some(m),
            _ => None,
        })
    }

    /// Every line of the game (index 0 is the main line), with where each variation branches
    /// off. Computed with an explicit stack, so any depth of nesting is fine. Lines are listed in
    /// the order their `(` appears.
    pub fn lines(&self) -> Vec<Line> {
        let mut lines = vec![Line {
            depth: 0,
            parent: None,
            replaces: None,
            start: None,
            elements: Vec::new(),
        }];
        // Stack of open lines (indices into `lines`) and the last move of each.
        let mut stack: Vec<(usize, Option<usize>)> = vec![(0, None)];
        for (i, e) in self.body.iter().enumerate() {
            match e {
                Element::VariationStart { .. } => {
                    let (parent, last_move) = stack.last().copied().unwrap_or((0, None));
                    let depth = lines[parent].depth + 1;
                    lines.push(Line {
                        depth,
                        parent: Some(parent),
                        replaces: last_move,
                        start: Some(i),
                        elements: Vec::new(),
                    });
                    stack.push((lines.len() - 1, None));
                }
                Element::VariationEnd { .. } => {
                    if stack.len() > 1 {
                        stack.pop();
                    }
                }
                other => {
                    if let Some(top) = stack.last_mut() {
                        lines[top.0].elements.push(i);
                        if matches!(other, Element::Move(_) | Element::Ellipsis { .. }) {
                            top.1 = Some(i);
                        }
                    }
                }
            }
        }
        lines
    }
}
