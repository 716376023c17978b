//! # pdnkit
//!
//! Read, check, replay and convert PDN (Portable Draughts Notation) game records, in sixteen
//! draughts variants.
//!
//! Everything a program needs is at the crate root:
//!
//! - **Reading.** [`GameReader`] reads a file of any size one game at a time (a [`Chunk`]: the
//!   game's exact text and its [`Game`] tree: [`Tag`]s, and the movetext as [`Element`]s:
//!   moves, comments, NAGs, variations). Underneath, a [`Visitor`] hears of each token as it is
//!   read, so a program that keeps nothing allocates nothing. [`parse_str`] reads a string.
//! - **Positions.** [`Position`] knows a variant's rules: its [`legal_moves`](Position::legal_moves)
//!   carry their text in the variant's own notation (`32-28`, `26x37`, `c3-d4`), a move is
//!   played from its text or from a game's move token, and a position goes to and from FEN.
//! - **Pictures.** [`Position::to_svg`] draws a position as a standalone SVG ([`SvgOptions`]:
//!   size, flip, [`Coords`], the last move as an arrow); with the `raster` feature (on with
//!   `cli`), `Position::to_png` and `Animation` (an animated GIF) render the same picture.
//! - **Variants.** [`Variant`] and its [`VariantInfo`]: names, GameType numbers, rules.
//! - **Checking.** [`check_stream`] decodes, reads and replays a stream and hands over each
//!   game as a [`CheckedGame`] with its [`Diagnostic`]s (every one with a stable code, a
//!   [`Severity`], a [`Kind`] and an exact place); it returns the [`FileTotals`].
//!   [`CheckOptions`] and [`ReplayOptions`] say how: strictness, encoding, a variant forced
//!   on every game, the old huffing rules. With [`ReplayOptions::record_moves`] a checked game
//!   also gives each move the replay played ([`ReplayedMove`]: its squares, the position before
//!   and after it).
//! - **Writing.** [`write_game`] writes a game tree back as PDN 3.0; [`FileConversion`] rewrites
//!   checked games in another notation ([`ConvertOptions`]).
//!
//! The library never prints and never exits; the `pdn` command-line tool (the default `cli`
//! feature) is a thin layer over it. Built with `default-features = false`, the library
//! depends on none of the tool's crates.
//!
//! ## Quick start
//!
//! The example of the README: check a file, then play from a position.
//!
//! ```
//! use pdnkit::{CheckOptions, Position, Variant, check_stream};
//!
//! // English draughts: after 11-15 22-18, Black must take 15x22 but plays 12-16.
//! let pdn = "[GameType \"21\"]\n1. 11-15 22-18 2. 12-16 *\n";
//! let mut codes = Vec::new();
//! check_stream(pdn.as_bytes(), &CheckOptions::default(), |game| {
//!     codes.extend(game.diagnostics.iter().map(|d| d.code));
//! })?;
//! assert_eq!(codes, ["R305"]);
//!
//! let mut pos = Position::start(Variant::English);
//! pos.play_text("11-15")?;
//! pos.play_text("22-18")?;
//! assert_eq!(pos.legal_moves()[0].notation(), "15x22");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## The flow of one game
//!
//! Read it, replay its moves on a [`Position`], write it back. ([`check_stream`] does the
//! reading and the replay in one go, and says what is wrong with each game.)
//!
//! ```
//! use pdnkit::{GameReader, Position, ReadOptions, TextDecoder, Variant, write_game};
//!
//! let pdn = "[Event \"Club\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 {even} *\n";
//! // Read: one chunk per game, from any `io::Read`, in any encoding.
//! let mut reader = GameReader::new(TextDecoder::new(pdn.as_bytes()), ReadOptions::default());
//! let chunk = reader.next_chunk()?.expect("a chunk");
//! let game = chunk.game.as_ref().expect("a game");
//! assert_eq!(game.tag("Event"), Some("Club"));
//!
//! // Replay: each move token names one legal move of the position.
//! let gametype = game.tag("GameType").and_then(|t| t.parse().ok());
//! let mut pos = Position::start(gametype.and_then(Variant::from_gametype).unwrap());
//! for token in game.main_line_moves() {
//!     let mv = pos.token_move(token)?;
//!     pos.play(&mv)?;
//! }
//! assert_eq!(pos.to_fen(), "W:W31,33-50:B1-13,15-18,20,23");
//! assert_eq!(pos.legal_moves().len(), 9);
//!
//! // Write: the game in PDN 3.0 form.
//! let mut out = String::new();
//! write_game(game, &mut out);
//! assert!(out.ends_with("\n\n1. 32-28 19-23 2. 28x19 14x23 {even} *\n\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Internal modules
//!
//! The modules the crate root re-exports from (`syntax`, `rules`, `check`, `write`, ...) are
//! public only for the `pdn` tool and the tests, and hidden from these pages: they are not
//! API and may change in any release. Everything documented here is.

#![warn(missing_docs)]

// Internal (the `pdn` tool and the tests use them): not API, may change in any release.
#[doc(hidden)]
pub mod ballots;
#[doc(hidden)]
pub mod board;
#[doc(hidden)]
pub mod check;
#[doc(hidden)]
pub mod dedup;
#[doc(hidden)]
pub mod filter;
#[doc(hidden)]
pub mod lint;
#[doc(hidden)]
pub mod notation;
#[doc(hidden)]
pub mod parallel;
#[doc(hidden)]
pub mod random;
#[doc(hidden)]
pub mod replay;
#[doc(hidden)]
pub mod rules;
#[doc(hidden)]
pub mod search;
#[doc(hidden)]
pub mod source;
#[doc(hidden)]
pub mod stats;
#[doc(hidden)]
pub mod syntax;
#[doc(hidden)]
pub mod tally;
#[doc(hidden)]
pub mod write;

mod picture;
mod piece;
mod position;
mod replayed;
mod scratch;

// Reading.
pub use source::{LineCol, Span, TextDecoder};
pub use syntax::{
    Chunk, ClockTime, Command, Comment, Element, Game, GameReader, GameResult, Line, MoveNumber,
    RawComment, RawMove, RawResult, RawSetup, RawText, ReadOptions, ResultKind, Separator,
    SeparatorKind, Setup, Skip, SquareList, SquareToken, SquareValue, Strength, Tag, TreeBuilder,
    Visitor, parse_str,
};

/// A move as a game writes it: its squares and separators, before any board is known (a
/// [`Position`] tells which legal [`Move`] it names: [`Position::token_move`]).
///
/// # Examples
///
/// ```
/// use pdnkit::{MoveToken, ReadOptions, SquareValue, parse_str};
///
/// let chunks = parse_str("1. 28x19x10! *", &ReadOptions::default());
/// let game = chunks[0].game.as_ref().unwrap();
/// let token: &MoveToken = game.main_line_moves().next().unwrap();
/// assert!(token.is_capture());
/// assert_eq!(token.squares.len(), 3);
/// assert_eq!(token.squares[2].value, SquareValue::Numeric(10));
/// assert_eq!(token.strength.as_ref().unwrap().marks.as_str(), "!");
/// ```
pub use syntax::Move as MoveToken;

// Positions and variants.
pub use board::{Board, Square};
pub use notation::{FenError, FenErrorKind, NotationKind};
#[cfg(feature = "raster")]
pub use picture::{Animation, MAX_SIZE, MIN_SIZE, RasterError};
pub use picture::{Coords, SvgOptions};
pub use piece::{Color, Piece, Role};
pub use position::{Move, PlayError, Position};
pub use rules::{
    CaptureChoice, CaptureRemoval, EndRule, PromotionRule, Rules, StandardNotation, UnknownVariant,
    Variant, VariantInfo,
};

// Checking.
pub use lint::{Diagnostic, Kind, Severity};
pub use replay::{ForcedVariant, ReplayOptions, RuleProfile};

/// Checks one stream end to end: decodes it, reads every game, replays its moves under its
/// variant's rules, and hands each game with all its diagnostics, in source order, to `visit`
/// while its text is at hand; returns the counts over the stream. Memory holds about one
/// game, however long the stream.
///
/// # Examples
///
/// ```
/// use pdnkit::{CheckOptions, Severity, check_stream};
///
/// let pdn = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 1-0\n\n1. 32-28 *\n";
/// let mut games = 0;
/// let totals = check_stream(pdn.as_bytes(), &CheckOptions::default(), |game| {
///     games += 1;
///     assert!(game.diagnostics.iter().all(|d| d.severity != Severity::Error));
/// })?;
/// assert_eq!((games, totals.games), (2, 2));
/// # Ok::<(), std::io::Error>(())
/// ```
pub use check::check_stream;

/// As [`check_stream`], but `visit` may stop the check early by returning
/// [`ControlFlow::Break`](std::ops::ControlFlow::Break) (its reader has gone away, say): the
/// totals then count the games visited so far.
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use pdnkit::{CheckOptions, check_stream_with};
///
/// let pdn = "1. 32-28 *\n1. 33-29 *\n1. 34-30 *\n";
/// let totals = check_stream_with(pdn.as_bytes(), &CheckOptions::default(), |game| {
///     if game.chunk.index == Some(2) { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
/// })?;
/// assert_eq!(totals.games, 2);
/// # Ok::<(), std::io::Error>(())
/// ```
pub use check::check_stream_with;

/// What to check and how: reading options, the replay's variant and rules, the encoding,
/// lint levels, and what is kept of each game ([`Retain`]). [`CheckOptions::default`] reads
/// leniently, sniffs the encoding, decides each game's variant from its tags (or its moves),
/// replays every game and keeps each game's tree.
///
/// # Examples
///
/// ```
/// use pdnkit::{CheckOptions, check_stream};
///
/// let options = CheckOptions::default();
/// let totals = check_stream("1. 32-28 *".as_bytes(), &options, |_| {})?;
/// assert_eq!(totals.games, 1);
/// # Ok::<(), std::io::Error>(())
/// ```
pub use check::CheckOptions;

pub use check::Retain;

pub use replayed::ReplayedMove;

/// One game (or the text between games) as [`check_stream`] hands it over: its [`Chunk`]
/// (text, place, tree), the replay's report, and every diagnostic of it in source order.
///
/// # Examples
///
/// ```
/// use pdnkit::{CheckOptions, check_stream};
///
/// let pdn = "[GameType \"25\"]\n1. c3-d4 f6-e5 2. d4xf6 *\n";
/// check_stream(pdn.as_bytes(), &CheckOptions::default(), |game| {
///     let tree = game.chunk.game.as_ref().unwrap();
///     assert_eq!(tree.main_line_moves().count(), 3);
///     assert!(game.report.is_some(), "replayed");
///     assert!(game.diagnostics.is_empty());
///     assert_eq!(game.chunk.start().line, 1);
/// })?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub use check::CheckedGame;

/// Counts over one stream, as [`check_stream`] returns them: games, diagnostics by severity,
/// games per variant, the decoding. Totals of several files add up with `+=`.
///
/// # Examples
///
/// ```
/// use pdnkit::{CheckOptions, FileTotals, Variant, check_stream};
///
/// let options = CheckOptions::default();
/// let mut all = FileTotals::default();
/// for pdn in ["[GameType \"21\"]\n1. 11-15 *\n", "[GameType \"21\"]\n1. 9-14 *\n"] {
///     all += &check_stream(pdn.as_bytes(), &options, |_| {})?;
/// }
/// assert_eq!(all.games, 2);
/// assert_eq!(all.variants.get(&Variant::English), Some(&2));
/// # Ok::<(), std::io::Error>(())
/// ```
pub use check::FileTotals;

// Writing.
pub use write::convert::{
    CaptureStyle, ConvertOptions, Eol, FileConversion, KeptGame, Results, Unconverted,
    unconverted_chunk_text,
};

/// Appends a game tree to `out` in canonical PDN 3.0 form (one tag a line, movetext wrapped
/// at 80 columns, the terminator always written), ending with a blank line.
///
/// # Examples
///
/// ```
/// use pdnkit::{ReadOptions, parse_str, write_game};
///
/// let chunks = parse_str("[Event \"Club\"] 1.32-28 19-23 {fine} 2.28x19 *", &ReadOptions::default());
/// let mut out = String::new();
/// write_game(chunks[0].game.as_ref().unwrap(), &mut out);
/// assert_eq!(out, "[Event \"Club\"]\n\n1. 32-28 19-23 {fine} 2. 28x19 *\n\n");
/// ```
pub use write::pdn::write_game;

/// Appends a chunk's game to `out` as [`write_game`] does, or, when its tree cannot stand for
/// it faithfully (a syntax error dropped text, say), the chunk's own text, and says why
/// ([`Kept`]).
///
/// # Examples
///
/// ```
/// use pdnkit::{Kept, ReadOptions, parse_str, write_chunk};
///
/// let mut out = String::new();
/// let good = parse_str("1.32-28 *", &ReadOptions::default());
/// assert_eq!(write_chunk(&good[0], &mut out), Ok(()));
/// let broken = parse_str("1. 32-28 {never closed", &ReadOptions::default());
/// assert_eq!(write_chunk(&broken[0], &mut out), Err(Kept::SyntaxError));
/// assert!(out.ends_with("{never closed\n"));
/// ```
pub use write::pdn::write_chunk;

/// Why [`write_chunk`] wrote a chunk's own text rather than its tree.
///
/// # Examples
///
/// ```
/// use pdnkit::{Kept, ReadOptions, parse_str, write_chunk};
///
/// let chunks = parse_str("1. 0-5 *", &ReadOptions::default());
/// let why = write_chunk(&chunks[0], &mut String::new()).unwrap_err();
/// assert_eq!(why, Kept::SquareZero);
/// assert_eq!(why.to_string(), "a move holds square 0, which is on no board");
/// ```
pub use write::pdn::Kept;

#[cfg(test)]
mod tests {
    /// The README's example is the crate documentation's Quick start, which runs as a doctest.
    #[test]
    fn the_readme_example_is_a_doctest() {
        let readme = include_str!("../README.md");
        let section = &readme[readme.find("## As a library").expect("the section")..];
        let code = section
            .split("```rust\n")
            .nth(1)
            .and_then(|rest| rest.split("\n```").next())
            .expect("a Rust block");
        let doc: String = include_str!("lib.rs")
            .lines()
            .filter_map(|l| l.strip_prefix("//!"))
            .map(|l| l.strip_prefix(' ').unwrap_or(l))
            .collect::<Vec<_>>()
            .join("\n");
        assert!(code.lines().count() >= 10, "{code}");
        assert!(
            doc.contains(&format!("```\n{code}\n```")),
            "the README's example differs from the Quick start of src/lib.rs"
        );
    }
}
