//! Resolving a written move against a position: which legal moves does `28x19x10` mean?
//!
//! A written move is a list of squares. The first is where the piece starts and the last where
//! it ends; any squares in between must be passed through in that order. Writers differ in
//! which intermediate squares they give (each landing square, only the turning squares, the
//! square right behind a captured piece, sometimes the captured pieces themselves), so a square
//! matches when the piece crosses or lands on it, in order. Two legal moves that match and take
//! different pieces make the notation ambiguous.

use crate::board::{Board, Position, Role, Square};
use crate::rules::Move;
use crate::syntax::{Move as MoveToken, SquareValue};

use super::squares::Layout;

/// A square of a move token that is not a playing square of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OffBoard {
    /// Which square of the token (0-based).
    pub index: usize,
    /// The square as written.
    pub text: String,
}

/// The squares a move token names, on `layout`'s board. The file-only origin of a move in
/// Russian short notation names no square ([`short_origins`] finds it against a position): it
/// is reported as not a square of the board.
pub fn token_squares(token: &MoveToken, layout: &Layout) -> Result<Vec<Square>, OffBoard> {
    token
        .squares
        .iter()
        .enumerate()
        .map(|(index, s)| {
            let sq = match s.value {
                SquareValue::Numeric(n) => layout.from_numeric(n as u32),
                SquareValue::Algebraic { file, rank } => rank
                    .checked_sub(1)
                    .and_then(|r| layout.from_algebraic(file, r)),
                SquareValue::File { .. } => None,
            };
            sq.ok_or_else(|| OffBoard {
                index,
                text: s.raw.as_str().to_string(),
            })
        })
        .collect()
}

/// The pieces of the side to move that a move in Russian short notation (`cd4`, `b:d4`) may
/// mean: those on file `file` (0 = `a`, as `layout` names files) from which a quiet step or a
/// capture runs along `rest`, the squares written after the file. Capture obligations are left
/// aside here: the replay judges the move once its origin is known.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShortOrigins {
    /// Men that can make the move, in square order.
    pub men: Vec<Square>,
    /// Kings that can make it (short notation names men only).
    pub kings: Vec<Square>,
}

/// Finds the origins of a move in Russian short notation; see [`ShortOrigins`].
pub fn short_origins(pos: &Position, layout: &Layout, file: u8, rest: &[Square]) -> ShortOrigins {
    let board = pos.board();
    let side = pos.side_to_move();
    let on_file = |sq: Square| layout.to_algebraic(sq).as_bytes().first() == Some(&(b'a' + file));
    let mut out = ShortOrigins::default();
    let quiet = pos.quiet_moves();
    let captures = pos.all_captures();
    let mut written = Vec::with_capacity(rest.len() + 1);
    for mv in quiet.iter().chain(captures.iter()) {
        let Some(piece) = pos.piece_at(mv.from).filter(|p| p.color == side) else {
            continue;
        };
        if !on_file(mv.from) {
            continue;
        }
        written.clear();
        written.push(mv.from);
        written.extend_from_slice(rest);
        if fit(board, &written, mv).is_none() {
            continue;
        }
        let list = if piece.role == Role::Man {
            &mut out.men
        } else {
            &mut out.kings
        };
        if !list.contains(&mv.from) {
            list.push(mv.from);
        }
    }
    out.men.sort();
    out.kings.sort();
    out
}

/// Every square the piece of `mv` stands on or passes over, in order: the start, each square
/// crossed (captured pieces included), each landing square.
pub fn trail(board: Board, mv: &Move) -> Vec<Square> {
    let mut out = Vec::with_capacity(mv.path.len() * 2);
    out.push(mv.from);
    for w in mv.path.windows(2) {
        let (f0, r0) = board.coords(w[0]);
        let (f1, r1) = board.coords(w[1]);
        let (df, dr) = (
            (f1 as i32 - f0 as i32).signum(),
            (r1 as i32 - r0 as i32).signum(),
        );
        let (mut f, mut r) = (f0 as i32, r0 as i32);
        while (f, r) != (f1 as i32, r1 as i32) {
            f += df;
            r += dr;
            match board.square_at(f, r) {
                Some(sq) => out.push(sq),
                // Not on a diagonal: the path is not a draughts path; stop walking.
                None => break,
            }
        }
    }
    out
}

/// How closely written squares follow a move's path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Fit {
    /// Every landing square is written, in order: the full path.
    Exact,
    /// The written intermediate squares are landing squares, in order (turning squares, or a
    /// shortened path).
    Landing,
    /// The written intermediate squares are crossed or landed on, in order (captured pieces
    /// written as intermediate squares, or other loose writing).
    Crossed,
}

/// How the written squares describe `mv`, if they do: same start and end, and every
/// intermediate square passed through in order.
pub fn fit(board: Board, written: &[Square], mv: &Move) -> Option<Fit> {
    let (&first, &last) = (written.first()?, written.last()?);
    if first != mv.from || last != mv.to {
        return None;
    }
    if written.len() == mv.path.len() && written.iter().eq(mv.path.iter()) {
        return Some(Fit::Exact);
    }
    if written.len() == 2 {
        return Some(Fit::Landing);
    }
    let inner = &written[1..written.len() - 1];
    let landings = &mv.path[1..mv.path.len().saturating_sub(1).max(1)];
    let mut it = landings.iter();
    if inner.iter().all(|w| it.any(|t| t == w)) {
        return Some(Fit::Landing);
    }
    let trail = trail(board, mv);
    // The last trail element is always `mv.to`.
    let body = &trail[1..trail.len().saturating_sub(1).max(1)];
    let mut it = body.iter();
    inner
        .iter()
        .all(|w| it.any(|t| t == w))
        .then_some(Fit::Crossed)
}

/// True when the written squares describe `mv` (see [`fit`]).
pub fn matches(board: Board, written: &[Square], mv: &Move) -> bool {
    fit(board, written, mv).is_some()
}

/// The legal moves among `moves` that the written squares describe best, one per distinct
/// capture (moves with the same start, end and captured pieces are one move). A move whose
/// path is written exactly beats one whose landing squares are written, which beats one that
/// only crosses them.
pub fn matching<'m>(board: Board, written: &[Square], moves: &'m [Move]) -> Vec<&'m Move> {
    let mut best: Option<Fit> = None;
    let mut out: Vec<&Move> = Vec::new();
    for mv in moves {
        let Some(f) = fit(board, written, mv) else {
            continue;
        };
        match best {
            Some(b) if f > b => continue,
            Some(b) if f < b => out.clear(),
            _ => {}
        }
        best = Some(f);
        if !out.iter().any(|o| o.same_move(mv)) {
            out.push(mv);
        }
    }
    out
}

/// Writes `mv` in `layout`'s notation with the given separator: from-to for quiet moves and
/// unambiguous captures (`short`), or the full path.
pub fn write_move(layout: &Layout, mv: &Move, separator: char, full_path: bool) -> String {
    let sep = if mv.captured.is_empty() {
        '-'
    } else {
        separator
    };
    let squares: Vec<Square> = if full_path && !mv.captured.is_empty() {
        mv.path.iter().copied().collect()
    } else {
        vec![mv.from, mv.to]
    };
    let mut s = String::new();
    for (i, sq) in squares.iter().enumerate() {
        if i > 0 {
            s.push(sep);
        }
        s.push_str(&layout.name(*sq));
    }
    s
}

/// Writes `mv` the way PDN 3.0 asks: from-to, unless another legal move has the same ends, in
/// which case the full path is given.
pub fn write_move_in(layout: &Layout, mv: &Move, legal: &[Move], separator: char) -> String {
    let ambiguous = legal
        .iter()
        .any(|o| o.from == mv.from && o.to == mv.to && !o.same_move(mv));
    write_move(layout, mv, separator, ambiguous)
}
