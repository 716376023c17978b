//! The one diagnostic type every stage reports with.

use std::fmt;

use serde::Serialize;

use super::codes::Code;
use crate::board::{Color, Piece};
use crate::source::Span;

/// How bad a finding is.
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
        }
    }

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
