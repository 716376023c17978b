//! Converting a game's notation by splicing: the new text of each move token, the GameType tag
//! and the FEN tag is put in the place of the old, and every other character of the game
//! (comments, spacing, line breaks, unknown tags, commands) is kept as it was.
//!
//! The moves come from the replay's move stream ([`GameReport::moves`]): each move is written
//! from the legal move the replay resolved, so a capture is written with the squares the
//! chosen [`CaptureStyle`] asks for. A move the replay did not play (its line stopped before
//! it) keeps the squares it was written with, each renamed in the new notation.

use std::collections::HashMap;
use std::ops::Range;

use crate::board::{Board, Square};
use crate::notation::fen::write_fen;
use crate::notation::resolve::token_squares;
use crate::notation::{Layout, NotationKind, RawFen};
use crate::replay::{GameReport, PlayedMove};
use crate::rules::{Move, Variant};
use crate::syntax::{Chunk, Element, Game, Move as MoveToken, SquareValue};

/// Which squares a capture is written with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CaptureStyle {
    /// The squares as the file wrote them, renamed.
    #[default]
    Keep,
    /// Start and end only (`28x10`).
    Short,
    /// Every landing square (`28x19x10`).
    Full,
    /// Start and end, unless another capture has the same ends and takes other pieces: then
    /// the squares where the piece turns (PDN 3.0), or every landing square if those do not
    /// tell the captures apart either.
    Minimal,
}

/// How to convert.
#[derive(Clone, Copy, Debug, Default)]
pub struct ConvertOptions {
    /// The notation to write squares in; `None` keeps each game's own.
    pub notation: Option<NotationKind>,
    /// Which squares captures are written with.
    pub captures: CaptureStyle,
}

/// Why a game was left as it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unconverted {
    /// The replay had no rules or no layout for the game.
    #[error("the game was not replayed, so its squares cannot be renamed")]
    NotReplayed,
    /// A square of a move token is not on the board (at this file offset).
    #[error("`{text}` is not a square of the board")]
    OffBoard {
        /// The square as written.
        text: String,
        /// Its file offset.
        at: usize,
    },
    /// The game has more than one GameType (or FEN) tag: readers take the first, and a
    /// rewritten first tag would leave the others saying something else.
    #[error("the game has {0} {1} tags; give it one")]
    Repeated(usize, &'static str),
    /// The FEN tag cannot be read under the game's layout.
    #[error("the FEN tag cannot be read: {0}")]
    Fen(String),
}

/// The GameType value for `variant` with squares named by `layout`: the game number alone
/// when the layout is the variant's standard one, else all six fields.
pub fn gametype_value(variant: Variant, layout: &Layout) -> String {
    if *layout == Layout::standard(variant) {
        return variant.gametype().to_string();
    }
    let first = variant.rules().first_to_move;
    let size = layout.board.size();
    let (letter, corner) = match layout.kind {
        NotationKind::Numeric => ('N', layout.numeric_corner),
        NotationKind::Algebraic => ('A', layout.algebraic_corner),
    };
    format!(
        "{},{},{size},{size},{letter}{},{}",
        variant.gametype(),
        if first == crate::board::Color::White {
            'W'
        } else {
            'B'
        },
        corner.digit(first),
        u8::from(layout.inverted)
    )
}

/// The squares a capture is written with in `style` (`Keep` is treated as `Full`).
pub fn capture_squares(
    board: Board,
    mv: &Move,
    before: &crate::board::Position,
    style: CaptureStyle,
) -> Vec<Square> {
    if mv.captured.is_empty() || style == CaptureStyle::Short {
        return vec![mv.from, mv.to];
    }
    if style != CaptureStyle::Minimal {
        return mv.path.to_vec();
    }
    let others: Vec<Move> = before
        .all_captures()
        .iter()
        .filter(|o| o.from == mv.from && o.to == mv.to && !o.same_move(mv))
        .cloned()
        .collect();
    if others.is_empty() {
        return vec![mv.from, mv.to];
    }
    let turning = turning_squares(board, mv);
    let tells = others
        .iter()
        .all(|o| !crate::notation::resolve::matches(board, &turning, o));
    if tells { turning } else { mv.path.to_vec() }
}

/// The start, each landing square where the piece changes direction, and the end.
fn turning_squares(board: Board, mv: &Move) -> Vec<Square> {
    let dir = |a: Square, b: Square| {
        let (f0, r0) = board.coords(a);
        let (f1, r1) = board.coords(b);
        (
            (f1 as i32 - f0 as i32).signum(),
            (r1 as i32 - r0 as i32).signum(),
        )
    };
    let mut out = vec![mv.from];
    for w in mv.path.windows(3) {
        if dir(w[0], w[1]) != dir(w[1], w[2]) {
            out.push(w[1]);
        }
    }
    out.push(mv.to);
    out
}

/// Writes squares with separators: `-` for a quiet move, `sep` for a capture.
fn join(layout: &Layout, squares: &[Square], sep: char) -> String {
    let mut s = String::new();
    for (i, sq) in squares.iter().enumerate() {
        if i > 0 {
            s.push(sep);
        }
        s.push_str(&layout.name(*sq));
    }
    s
}

/// The edits that convert one game: each a range of `chunk.text` and its new text, in order.
pub fn convert_edits(
    chunk: &Chunk,
    game: &Game,
    report: &GameReport,
    options: &ConvertOptions,
) -> Result<Vec<(Range<usize>, String)>, Unconverted> {
    let (Some(variant), Some(source)) = (report.variant, report.layout) else {
        return Err(Unconverted::NotReplayed);
    };
    let mut target = source;
    if let Some(kind) = options.notation {
        target.kind = kind;
    }
    for name in ["GameType", "FEN"] {
        let n = game.tags.iter().filter(|t| t.name == name).count();
        if n > 1 {
            return Err(Unconverted::Repeated(n, name));
        }
    }
    let sep = variant.capture_separator();
    let local = |a: usize, b: usize| (a - chunk.offset)..(b - chunk.offset);
    let mut edits = Vec::new();
    let played: HashMap<usize, &PlayedMove> = report
        .moves
        .iter()
        .filter(|p| p.tokens == 1)
        .map(|p| (p.element, p))
        .collect();
    // Captures written one jump per move: their tokens are captures whatever they say.
    let joined: HashMap<usize, u32> = report
        .moves
        .iter()
        .filter(|p| p.tokens > 1)
        .map(|p| (p.element, p.tokens))
        .collect();
    let mut jump_tokens = 0usize;
    for (i, e) in game.body.iter().enumerate() {
        let Element::Move(m) = e else { continue };
        if let Some(&n) = joined.get(&i) {
            jump_tokens = n as usize;
        }
        let in_jumps = jump_tokens > 0;
        jump_tokens = jump_tokens.saturating_sub(1);
        let text = match played.get(&i) {
            Some(p) if options.captures != CaptureStyle::Keep || m.is_short() => {
                let squares = capture_squares(source.board, &p.mv, &p.before, options.captures);
                let s = if p.mv.captured.is_empty() { '-' } else { sep };
                join(&target, &squares, s)
            }
            p => rename(
                m,
                &source,
                &target,
                sep,
                p.is_some_and(|p| !p.mv.captured.is_empty()) || in_jumps,
            )?,
        };
        edits.push((local(m.span.start, m.span.end), text));
    }
    // The FEN tag, in the new notation.
    if let Some(tag) = game.tags.iter().find(|t| t.name == "FEN") {
        let fen = RawFen::parse(&tag.value)
            .and_then(|raw| raw.resolve(&source))
            .map_err(|e| Unconverted::Fen(e.message()))?;
        let text = format!("\"{}\"", write_fen(fen.turn, &fen.pieces, &target));
        edits.push((local(tag.value_span.start, tag.value_span.end), text));
    }
    // The GameType tag, for the notation written.
    let value = format!("\"{}\"", gametype_value(variant, &target));
    match game.tags.iter().find(|t| t.name == "GameType") {
        Some(tag) => edits.push((local(tag.value_span.start, tag.value_span.end), value)),
        None => {
            let eol = if chunk.text.contains("\r\n") {
                "\r\n"
            } else {
                "\n"
            };
            let at = match game.tags.last() {
                Some(last) => {
                    let end = last.span.end - chunk.offset;
                    (end, format!("{eol}[GameType {value}]"))
                }
                None => {
                    let start = first_element(game).map_or(0, |s| s - chunk.offset);
                    (start, format!("[GameType {value}]{eol}"))
                }
            };
            edits.push((at.0..at.0, at.1));
        }
    }
    edits.sort_by_key(|(r, _)| (r.start, r.end));
    Ok(edits)
}

/// The file offset where the game's movetext starts.
fn first_element(game: &Game) -> Option<usize> {
    game.body.iter().find_map(|e| match e {
        Element::Move(m) => Some(m.span.start),
        Element::MoveNumber(n) => Some(n.span.start),
        _ => None,
    })
}

/// A move token with each square renamed from `source` to `target`.
fn rename(
    m: &MoveToken,
    source: &Layout,
    target: &Layout,
    sep: char,
    capture: bool,
) -> Result<String, Unconverted> {
    let squares = token_squares(m, source).map_err(|off| Unconverted::OffBoard {
        text: off.text,
        at: m
            .squares
            .get(off.index)
            .map_or(m.span.start, |s| s.span.start),
    })?;
    let capture = capture || m.is_capture();
    let mut s = String::new();
    for (i, (sq, tok)) in squares.iter().zip(m.squares.iter()).enumerate() {
        if i > 0 {
            s.push(if capture { sep } else { '-' });
        }
        debug_assert!(!matches!(tok.value, SquareValue::File { .. }));
        s.push_str(&target.name(*sq));
    }
    Ok(s)
}

/// Applies sorted, non-overlapping edits to `text`.
pub fn splice(text: &str, edits: &[(Range<usize>, String)]) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let mut at = 0;
    for (r, new) in edits {
        if r.start < at || r.end > text.len() {
            continue;
        }
        out.push_str(&text[at..r.start]);
        out.push_str(new);
        at = r.end;
    }
    out.push_str(&text[at..]);
    out
}

/// The text of one chunk converted; a chunk with no game comes back as it was.
pub fn convert_chunk(
    chunk: &Chunk,
    report: Option<&GameReport>,
    options: &ConvertOptions,
) -> Result<String, Unconverted> {
    let (Some(game), Some(report)) = (&chunk.game, report) else {
        return match chunk.game {
            None => Ok(chunk.text.clone()),
            Some(_) => Err(Unconverted::NotReplayed),
        };
    };
    let edits = convert_edits(chunk, game, report, options)?;
    Ok(splice(&chunk.text, &edits))
}
