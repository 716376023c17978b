//! The one diagnostic type every stage reports with.

use std::fmt;

use serde::Serialize;

use super::codes::Code;
use crate::piece::{Color, Piece};
use crate::source::Span;

/// How bad a finding is.
///
/// # Examples
///
/// ```
/// use pdnkit::{CheckOptions, Severity, check_stream};
///
/// let pdn = "[GameType \"21\"]\n1. 11-15 22-18 2. 12-16 *\n";
/// let mut worst = None;
/// check_stream(pdn.as_bytes(), &CheckOptions::default(), |game| {
///     worst = game.diagnostics.iter().map(|d| d.severity).max();
/// })?;
/// assert_eq!(worst, Some(Severity::Error));
/// assert_eq!(Severity::Warning.as_str(), "warning");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Something worth knowing that is not wrong (which decoding was used, a guessed variant).
    Info,
    /// Non-standard or doubtful, but the game could still be read and replayed.
    Warning,
    /// The record is wrong: broken syntax, an illegal move, a result that contradicts the board.
    Error,
}

impl Severity {
    /// `error`, `warning` or `info`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// The fixed vocabulary of what a diagnostic is about; tools filter on it. Documented in
/// `docs/lints.md` and `docs/json.md`.
///
/// # Examples
///
/// ```
/// use pdnkit::{CheckOptions, Kind, check_stream};
///
/// let pdn = "[GameType \"20\"]\n1. 32-27 {never closed\n";
/// let mut kinds = Vec::new();
/// check_stream(pdn.as_bytes(), &CheckOptions::default(), |game| {
///     kinds.extend(game.diagnostics.iter().map(|d| d.kind));
/// })?;
/// assert!(kinds.contains(&Kind::Syntax));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Text that the PDN grammar cannot read.
    Syntax,
    /// How the bytes were decoded, or bytes that could not be.
    Encoding,
    /// Readable, but outside PDN 3.0 (a lenient reader's extension).
    NonStandard,
    /// The file could not be read at all.
    Io,
    /// A tag whose value cannot be understood (GameType, FEN, Result ...).
    Tag,
    /// A move that no piece can make.
    IllegalMove,
    /// A quiet move or a different capture when a capture was compulsory.
    MissedCapture,
    /// A capture that takes fewer pieces than the majority (or priority) rule requires.
    MajorityRule,
    /// A capture that stops while the piece could go on taking.
    IncompleteCapture,
    /// A capture path that matches no legal capture.
    NoSuchCapture,
    /// Notation that matches more than one legal move.
    AmbiguousMove,
    /// A capture written with a move separator, or the reverse.
    Separator,
    /// A move number that does not fit the move it stands before.
    MoveNumber,
    /// Moves recorded after the game was over.
    GameOver,
    /// The Result tag and the game terminator disagree.
    ResultMismatch,
    /// The result contradicts the final position.
    ResultContradiction,
    /// A FEN tag or setup command that does not describe a position.
    InvalidFen,
    /// Under huffing rules: a piece that failed to capture and may be huffed.
    Huffable,
    /// Under huffing rules: a huff (recorded or inferred).
    Huff,
    /// Which variant the game was taken to be, when no tag said.
    VariantGuess,
}

impl Kind {
    /// Every kind, in documentation order.
    pub const ALL: &'static [Kind] = &[
        Kind::Syntax,
        Kind::Encoding,
        Kind::NonStandard,
        Kind::Io,
        Kind::Tag,
        Kind::IllegalMove,
        Kind::MissedCapture,
        Kind::MajorityRule,
        Kind::IncompleteCapture,
        Kind::NoSuchCapture,
        Kind::AmbiguousMove,
        Kind::Separator,
        Kind::MoveNumber,
        Kind::GameOver,
        Kind::ResultMismatch,
        Kind::ResultContradiction,
        Kind::InvalidFen,
        Kind::Huffable,
        Kind::Huff,
        Kind::VariantGuess,
    ];

    /// The kebab-case name used in JSON and in the docs.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Syntax => "syntax",
            Kind::Encoding => "encoding",
            Kind::NonStandard => "non-standard",
            Kind::Io => "io",
            Kind::Tag => "tag",
            Kind::IllegalMove => "illegal-move",
            Kind::MissedCapture => "missed-capture",
            Kind::MajorityRule => "majority-rule",
            Kind::IncompleteCapture => "incomplete-capture",
            Kind::NoSuchCapture => "no-such-capture",
            Kind::AmbiguousMove => "ambiguous-move",
            Kind::Separator => "separator",
            Kind::MoveNumber => "move-number",
            Kind::GameOver => "game-over",
            Kind::ResultMismatch => "result-mismatch",
            Kind::ResultContradiction => "result-contradiction",
            Kind::InvalidFen => "invalid-fen",
            Kind::Huffable => "huffable",
            Kind::Huff => "huff",
            Kind::VariantGuess => "variant-guess",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// A secondary place that explains the main one ("the Result tag says 1-0 here").
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Label {
    /// Where.
    pub span: Span,
    /// What about it.
    pub message: String,
}

/// The replay context of a rule diagnostic: which move of which line it is about.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveContext {
    /// 1-based half-move within its line (a variation counts from the position it starts at).
    pub ply: u32,
    /// The move number as a player counts it.
    pub move_number: u32,
    /// Who made the move.
    pub side: Color,
    /// The move as written in the file.
    #[serde(rename = "move")]
    pub text: String,
    /// 0 for the main line, 1 for a variation of it, and so on.
    pub variation_depth: u32,
    /// The legal alternatives, in the variant's notation, where they help.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub expected: Vec<String>,
}

/// One finding about one place in a file.
///
/// # Examples
///
/// ```
/// use pdnkit::{CheckOptions, Kind, Severity, check_stream};
///
/// let pdn = "[GameType \"21\"]\n1. 11-15 22-18 2. 12-16 *\n";
/// let mut found = Vec::new();
/// check_stream(pdn.as_bytes(), &CheckOptions::default(), |game| {
///     found.extend(game.diagnostics);
/// })?;
/// let d = &found[0];
/// assert_eq!((d.code, d.severity, d.kind), ("R305", Severity::Error, Kind::MissedCapture));
/// assert_eq!(&pdn[d.span.start..d.span.end], "12-16");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// The stable code (`"S101"`); see [`super::codes`].
    pub code: &'static str,
    /// How bad it is.
    pub severity: Severity,
    /// What it is about.
    pub kind: Kind,
    /// The place it points at.
    pub span: Span,
    /// One sentence a person understands.
    pub message: String,
    /// Other places that explain it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub labels: Vec<Label>,
    /// Further notes ("help: ..."), one sentence each.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// For rule diagnostics: the move it is about.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub context: Option<MoveContext>,
    /// The board before the move, for rule errors: drawn as text by the human renderer and as
    /// SVG by the HTML report.
    #[serde(skip)]
    pub diagram: Option<Diagram>,
    /// The source text it is shown with, kept while the text was at hand when the text it
    /// points into is released before the diagnostic is shown (a game longer than the
    /// reader's window): the lines (or the window of a long line) around its span and its
    /// labels, and each place it names. Empty when it is shown from its chunk's text.
    #[serde(skip)]
    pub quotes: Vec<Quote>,
}

/// A line longer than this (in bytes) is shown as a window around the annotated text.
pub const LONG_LINE: usize = 1000;

/// Bytes of context kept on each side of the annotated text in the window of a long line.
pub const WINDOW_CONTEXT: usize = 80;

/// Lines of context kept between the main span and a label before the label is left out of
/// the excerpt (it is still listed as a note).
pub const MAX_EXCERPT_LINES: u32 = 12;

/// A piece of source text kept with a [`Diagnostic`] (see [`Diagnostic::quotes`]); an empty
/// one keeps only the line and column of its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quote {
    /// The text: whole lines, or a window of a long line.
    pub text: String,
    /// File offset of `text[0]`.
    pub offset: usize,
    /// 1-based line of `text[0]`.
    pub line: u32,
    /// 1-based column (in characters) of `text[0]`.
    pub column: u32,
    /// The text is a window of lines longer than [`LONG_LINE`] bytes in all.
    pub long: bool,
}

/// A piece of a file's text about to be released, with its place: what [`Diagnostic::quote`]
/// keeps from.
#[derive(Clone, Copy, Debug)]
pub struct SourcePiece<'a> {
    /// The text.
    pub text: &'a str,
    /// File offset of `text[0]`.
    pub offset: usize,
    /// 1-based line of `text[0]`.
    pub line: u32,
    /// 1-based column (in characters) of `text[0]`.
    pub column: u32,
    /// The line of `text[0]` starts before `text` in text no longer at hand.
    pub cut_before: bool,
    /// The line of the end of `text` goes on after it.
    pub cut_after: bool,
}

impl Quote {
    /// Whether file offset `at` lies within the quoted text (its end included).
    pub fn holds(&self, at: usize) -> bool {
        at >= self.offset && at <= self.offset + self.text.len()
    }
}

/// A position as the game's notation lays it out: plain data, drawn as text
/// (`write::diagram`'s `Display`) and as SVG (`write::svg`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// The rows, top first; in each, the cells from left to right, `None` for a square that
    /// is not played on.
    pub rows: Vec<Vec<Option<DiagramSquare>>>,
    /// Squares are named by coordinates: ranks at the left (the top row is the board's size),
    /// files below (`a` at the left).
    pub algebraic: bool,
    /// The side to move.
    pub to_move: Color,
}

/// A playing square of a [`Diagram`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramSquare {
    /// Its name in the game's notation (`32`, `c3`).
    pub name: String,
    /// The piece on it.
    pub piece: Option<Piece>,
}

impl Diagnostic {
    /// A diagnostic with `code`'s default severity and kind.
    pub fn new(code: &'static Code, span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            code: code.code,
            severity: code.severity,
            kind: code.kind,
            span,
            message: message.into(),
            labels: Vec::new(),
            notes: Vec::new(),
            context: None,
            diagram: None,
            quotes: Vec::new(),
        }
    }

    /// Keeps from `piece` (indexed by `index`, built over `piece.text` at its place) what this
    /// diagnostic is shown with: the line and column of each place it names within the piece
    /// (span and labels), and when its span starts there, the lines around its span and the
    /// labels near it (whole when they hold at most [`LONG_LINE`] bytes, else a window of
    /// [`WINDOW_CONTEXT`] bytes around the span, itself cut to [`LONG_LINE`] bytes).
    pub fn quote(&mut self, piece: &SourcePiece<'_>, index: &crate::source::LineIndex) {
        quote_into(&mut self.quotes, self.span, &self.labels, piece, index);
    }

    /// Takes from `anchor` the source text of each place this diagnostic names that it does
    /// not keep yet: a finding made after the text it points into was released is shown as
    /// if it had been kept with the text.
    pub fn lend_from(&mut self, anchor: &Anchor) {
        if anchor.quotes.is_empty() {
            return;
        }
        let mut places = vec![self.span.start, self.span.end];
        for l in &self.labels {
            places.push(l.span.start);
            places.push(l.span.end);
        }
        for x in places {
            if self.quotes.iter().any(|q| q.holds(x)) {
                continue;
            }
            let found = anchor
                .quotes
                .iter()
                .find(|q| !q.text.is_empty() && q.holds(x))
                .or_else(|| anchor.quotes.iter().find(|q| q.holds(x)));
            if let Some(q) = found {
                self.quotes.push(q.clone());
            }
        }
    }
}

/// A place in a file whose source text is kept as the reader releases it (as a
/// [`Diagnostic`] keeps its own, [`Diagnostic::quote`]), for the findings made about that
/// place after its text is gone ([`Diagnostic::lend_from`]): a tag the replay reads after the
/// header, the `(` of a variation reported when it ends.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Anchor {
    /// The place.
    pub span: Span,
    /// Its source text, kept when it was released (empty while it is at hand).
    pub quotes: Vec<Quote>,
}

impl Anchor {
    /// An anchor at `span`, with no text kept yet.
    pub fn new(span: Span) -> Self {
        Anchor {
            span,
            quotes: Vec::new(),
        }
    }

    /// Keeps from `piece`, about to be released, the lines around the anchor's place.
    pub fn quote(&mut self, piece: &SourcePiece<'_>, index: &crate::source::LineIndex) {
        quote_into(&mut self.quotes, self.span, &[], piece, index);
    }
}

/// [`Diagnostic::quote`] for any place and its labels, into `quotes`.
fn quote_into(
    quotes: &mut Vec<Quote>,
    span: Span,
    labels: &[Label],
    piece: &SourcePiece<'_>,
    index: &crate::source::LineIndex,
) {
    {
        let text = piece.text;
        let end = piece.offset + text.len();
        let inside = |x: usize| x >= piece.offset && x <= end;
        let mut places = vec![span.start, span.end];
        for l in labels {
            places.push(l.span.start);
            places.push(l.span.end);
        }
        for x in places {
            if inside(x) && !quotes.iter().any(|q| q.holds(x)) {
                let lc = index.line_col(text, x);
                quotes.push(Quote {
                    text: String::new(),
                    offset: x,
                    line: lc.line,
                    column: lc.column,
                    long: false,
                });
            }
        }
        if span.start < piece.offset || span.start >= end {
            return;
        }
        let floor = |mut i: usize| {
            while !text.is_char_boundary(i) {
                i -= 1;
            }
            i
        };
        let ceil = |mut i: usize| {
            while !text.is_char_boundary(i) {
                i += 1;
            }
            i
        };
        let rel = |x: usize| floor(x.saturating_sub(piece.offset).min(text.len()));
        let mut lo = rel(span.start);
        let mut hi = rel(span.end.max(span.start));
        let line = index.line_col(text, span.start).line;
        for l in labels {
            if inside(l.span.start)
                && index.line_col(text, l.span.start).line.abs_diff(line) <= MAX_EXCERPT_LINES
            {
                lo = lo.min(rel(l.span.start));
                hi = hi.max(rel(l.span.end));
            }
        }
        let line_lo = text[..lo].rfind(['\n', '\r']).map_or(0, |i| i + 1);
        let line_hi = text[hi..].find(['\n', '\r']).map_or(text.len(), |i| hi + i);
        let cut = (line_lo == 0 && piece.cut_before) || (line_hi == text.len() && piece.cut_after);
        let (a, z, long) = if !cut && line_hi - line_lo <= LONG_LINE {
            (line_lo, line_hi, false)
        } else {
            let a = floor(line_lo.max(lo.saturating_sub(WINDOW_CONTEXT)));
            let mark_end = hi.min(lo + LONG_LINE);
            let z = ceil(line_hi.min(mark_end.saturating_add(WINDOW_CONTEXT)));
            (a, z, true)
        };
        let lc = index.line_col(text, piece.offset + a);
        quotes.retain(|q| {
            !(q.text.is_empty() && q.offset >= piece.offset + a && q.offset <= piece.offset + z)
        });
        quotes.push(Quote {
            text: text[a..z].to_string(),
            offset: piece.offset + a,
            line: lc.line,
            column: lc.column,
            long,
        });
    }
}
impl Diagnostic {
    /// Adds a secondary label.
    pub fn with_label(mut self, span: Span, message: impl Into<String>) -> Self {
        self.labels.push(Label {
            span,
            message: message.into(),
        });
        self
    }

    /// Adds a note.
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// Overrides the severity (for `--strict`, or rule profiles that soften an error).
    pub fn with_severity(mut self, severity: Severity) -> Self {
        self.severity = severity;
        self
    }

    /// Attaches the replay context.
    pub fn with_context(mut self, context: MoveContext) -> Self {
        self.context = Some(context);
        self
    }
}
