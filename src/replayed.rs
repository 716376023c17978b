//! What a check found in one game, in the crate's public types: the moves the replay played,
//! with the positions they were played from, the variant, and where each finding is.

use crate::check::CheckedGame;
use crate::notation::Layout;
use crate::rules;
use crate::{Color, Diagnostic, LineCol, Move, Position, Span, Square, Variant};

/// One move the replay played in a game checked with
/// [`ReplayOptions::record_moves`](crate::ReplayOptions::record_moves) on: where it is in the
/// game, the position it was played from, and what it did.
///
/// Squares are [`Square`]s of the board; the positions name them as the game wrote them
/// ([`Position::square_name`] of [`ReplayedMove::before`]).
///
/// # Examples
///
/// ```
/// use pdnkit::{CheckOptions, Color, check_stream};
///
/// let pdn = "[GameType \"20\"]\n1. 32-28 19-23 (1... 18-23) 2. 28x19 14x23 *\n";
/// let mut options = CheckOptions::default();
/// options.replay.record_moves = true;
/// check_stream(pdn.as_bytes(), &options, |game| {
///     let moves: Vec<_> = game.replayed_moves().collect();
///     let main: Vec<_> = moves.iter().filter(|m| m.line == 0).collect();
///     assert_eq!(main.len(), 4);
///     let capture = main[2];
///     let pos = capture.before();
///     assert_eq!((capture.ply, capture.side()), (2, Color::White));
///     assert_eq!(pos.square_name(capture.from()), "28");
///     assert_eq!(pos.square_name(capture.captured()[0]), "23");
///     assert_eq!(capture.after().to_fen(), "B:W19,31,33-50:B1-18,20");
///     assert_eq!(capture.notation().notation(), "28x19");
///     assert_eq!(&game.chunk.text[capture.span.start..capture.span.end], "28x19");
///     // The variation's move, played from the same position.
///     let alt = moves.iter().find(|m| m.line == 1).unwrap();
///     assert_eq!((alt.depth, alt.ply, alt.legal), (1, 1, true));
///     assert_eq!(alt.before().square_name(alt.from()), "18");
/// })?;
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct ReplayedMove {
    /// The line it belongs to: an index into the list [`Game::lines`](crate::Game::lines)
    /// returns (0: the main line).
    pub line: usize,
    /// 0 for the main line, 1 for its variations, and so on.
    pub depth: u32,
    /// Index into [`Game::body`](crate::Game::body) of its (first) move token.
    pub element: usize,
    /// How many move tokens it took: more than 1 for a capture written one jump per move.
    pub tokens: u32,
    /// The text it was written as (file offsets).
    pub span: Span,
    /// Half-moves played in the game before it, along its line (the first move is ply 0).
    pub ply: u32,
    /// The rules allow it; `false` for a move the replay reported and still applied (a missed
    /// capture played as a quiet step, a capture that stops early).
    pub legal: bool,
    before: Position,
    mv: rules::Move,
}

impl ReplayedMove {
    /// The position it was played from.
    pub fn before(&self) -> &Position {
        &self.before
    }

    /// The position after it.
    pub fn after(&self) -> Position {
        self.before.after(&self.mv)
    }

    /// The side that played it.
    pub fn side(&self) -> Color {
        self.before.turn()
    }

    /// The square the piece started on.
    pub fn from(&self) -> Square {
        self.mv.from
    }

    /// The square the piece ended on.
    pub fn to(&self) -> Square {
        self.mv.to
    }

    /// Every square the piece stood on: the start, each landing square, the end.
    pub fn path(&self) -> &[Square] {
        &self.mv.path
    }

    /// The squares of the pieces it took, in the order they were taken.
    pub fn captured(&self) -> &[Square] {
        &self.mv.captured
    }

    /// A man was crowned by it.
    pub fn promotes(&self) -> bool {
        self.mv.promotes
    }

    /// The move with its text in the notation of [`ReplayedMove::before`], as
    /// [`Position::legal_moves`] writes it (worked out on each call: it needs the position's
    /// legal moves).
    pub fn notation(&self) -> Move {
        self.before.notated(&self.mv)
    }
}

impl CheckedGame {
    /// The moves the replay played, of every line, in the order it played them (each line
    /// after its parent); none unless the game was checked with
    /// [`ReplayOptions::record_moves`](crate::ReplayOptions::record_moves).
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{CheckOptions, check_stream};
    ///
    /// let mut options = CheckOptions::default();
    /// options.replay.record_moves = true;
    /// check_stream("[GameType \"21\"]\n1. 11-15 22-18 *".as_bytes(), &options, |game| {
    ///     let texts: Vec<String> = game
    ///         .replayed_moves()
    ///         .map(|m| m.before().square_name(m.to()))
    ///         .collect();
    ///     assert_eq!(texts, ["15", "18"]);
    /// })?;
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn replayed_moves(&self) -> impl Iterator<Item = ReplayedMove> + '_ {
        let report = self.report.as_ref();
        // The game's own layout, else its variant's standard one: worked out once, not per move.
        let layout = report.and_then(|r| r.layout.or_else(|| r.variant.map(Layout::standard)));
        report.into_iter().flat_map(|r| &r.moves).map(move |m| {
            let layout = layout.unwrap_or_else(|| Layout::standard(m.before.variant()));
            ReplayedMove {
                line: m.line,
                depth: m.depth,
                element: m.element,
                tokens: m.tokens,
                span: m.span,
                ply: m.ply,
                legal: m.legality == crate::replay::Legality::Legal,
                before: Position::from_replay(m.before.clone(), layout),
                mv: m.mv.clone(),
            }
        })
    }

    /// The variant the game was replayed as; `None` when it was not replayed (no rules for
    /// its GameType, or only its syntax was checked).
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{CheckOptions, Variant, check_stream};
    ///
    /// check_stream("1. c3-d4 f6-e5 *".as_bytes(), &CheckOptions::default(), |game| {
    ///     assert_eq!(game.variant(), Some(Variant::Russian));
    ///     assert!(game.variant_inferred());
    /// })?;
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn variant(&self) -> Option<Variant> {
        self.report.as_ref().and_then(|r| r.variant)
    }

    /// The variant was inferred from the game's moves and squares, the game naming none.
    pub fn variant_inferred(&self) -> bool {
        self.report.as_ref().is_some_and(|r| r.guess.is_some())
    }

    /// Half-moves of the main line that the replay played.
    pub fn plies(&self) -> u32 {
        self.report.as_ref().map_or(0, |r| r.plies)
    }

    /// The line and column (1-based, columns in characters) of the start and the end of one
    /// of this game's diagnostics, as `pdn check` reports them.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{CheckOptions, check_stream};
    ///
    /// let pdn = "[GameType \"21\"]\n1. 11-15 22-18\n2. 12-16 *\n";
    /// check_stream(pdn.as_bytes(), &CheckOptions::default(), |game| {
    ///     let (start, end) = game.locate(&game.diagnostics[0]);
    ///     assert_eq!((start.line, start.column, end.column), (3, 4, 9));
    /// })?;
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn locate(&self, diagnostic: &Diagnostic) -> (LineCol, LineCol) {
        crate::write::render::SourceView::of_chunk("", &self.chunk).locate_diagnostic(diagnostic)
    }
}
