//! Resolving a written move against a position: which legal moves does `28x19x10` mean?
//!
//! A written move is a list of squares. The first is where the piece starts and the last where
//! it ends; any squares in between must be passed through in that order. Writers differ in
//! which intermediate squares they give (each landing square, only the turning squares, the
//! square right behind a captured piece, sometimes the captured pieces themselves), so a square
//! matches when the piece crosses or lands on it, in order. Two legal moves that match and take
//! different pieces make the notation ambiguous.

use arrayvec::ArrayVec;

use crate::board::{Board, Color, Piece, Role, Square};
use crate::rules::{CaptureChoice, CaptureRemoval, Move, MoveList, Position};
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

/// The pieces of the side to move that a move in Russian short notation (`cd4`, `b:d4`,
/// `gb6` for a king) may mean: those on file `file` (0 = `a`, as `layout` names files), men
/// and kings alike, from which a quiet move or a capture runs along `rest`, the squares written
/// after the file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShortOrigins {
    /// Pieces whose move fits, capture obligations left aside, in square order.
    pub pieces: Vec<Square>,
    /// Those of them whose move is legal in the position, in square order.
    pub legal: Vec<Square>,
}

impl ShortOrigins {
    /// The pieces the move may mean: those that can make it legally; when none can, those
    /// whose move only breaks a capture obligation (the replay then says which capture was
    /// due).
    pub fn candidates(&self) -> &[Square] {
        if self.legal.is_empty() {
            &self.pieces
        } else {
            &self.legal
        }
    }
}

/// Finds the origins of a move in Russian short notation; see [`ShortOrigins`].
pub fn short_origins(pos: &Position, layout: &Layout, file: u8, rest: &[Square]) -> ShortOrigins {
    let board = pos.board();
    let side = pos.side_to_move();
    let on_file = |sq: Square| layout.to_algebraic(sq).as_bytes().first() == Some(&(b'a' + file));
    let mut out = ShortOrigins::default();
    let quiet = pos.quiet_moves();
    let captures = pos.all_captures();
    let mut legal: Option<MoveList> = None;
    let mut written = Vec::with_capacity(rest.len() + 1);
    for mv in quiet.iter().chain(captures.iter()) {
        if pos.piece_at(mv.from).is_none_or(|p| p.color != side) || !on_file(mv.from) {
            continue;
        }
        written.clear();
        written.push(mv.from);
        written.extend_from_slice(rest);
        if fit(board, &written, mv).is_none() {
            continue;
        }
        if !out.pieces.contains(&mv.from) {
            out.pieces.push(mv.from);
        }
        let legal = legal.get_or_insert_with(|| pos.legal_moves());
        if !out.legal.contains(&mv.from) && legal.iter().any(|l| l.same_move(mv)) {
            out.legal.push(mv.from);
        }
    }
    out.pieces.sort();
    out.legal.sort();
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

/// A written move resolved: the legal move it means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// The move.
    pub mv: Move,
    /// The squares of the token on the board, the origin of a short-notation move found.
    pub squares: Vec<Square>,
}

/// Why a square cannot be reached the way a move is written (no legal move has these ends).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// The end is not on a diagonal from the start.
    NotDiagonal,
    /// On the full board (Turkish): the squares are not on one row or file.
    NotStraight,
    /// A man moving backwards.
    Backwards,
    /// A man going more than one square.
    ManTooFar {
        /// Rows covered.
        rows: u32,
    },
    /// A king of a variant without flying kings going more than one square.
    KingTooFar {
        /// Rows covered.
        rows: u32,
    },
    /// A flying king whose way is blocked on this square.
    Blocked(Square),
    /// A king that cannot make the move for another reason.
    King,
}

/// Every way a written move can fail to name exactly one legal move. The variants that carry a
/// `played` or `partial` move are moves the record can still follow: the replay reports them
/// and applies that move ([`ResolveError::applied`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolveError {
    /// A square of the token is not a playing square of the board.
    OffBoard(OffBoard),
    /// The position has more capture sequences than are searched
    /// ([`crate::rules::CAPTURE_SEARCH_LIMIT`]): the move cannot be judged.
    SearchLimit,
    /// Russian short notation: no piece of the side to move on the file can make the move.
    ShortNoPiece {
        /// The file written (0 = `a`).
        file: u8,
    },
    /// Russian short notation: more than one piece of the file can make the move.
    ShortAmbiguous {
        /// The file written (0 = `a`).
        file: u8,
        /// The pieces that can, in square order.
        pieces: Vec<Square>,
        /// The squares written after the file.
        rest: Vec<Square>,
    },
    /// The side to move has no legal move: the game was over.
    GameOver {
        /// The side to move has no pieces at all.
        no_pieces: bool,
    },
    /// A king was made in a variant the first king wins (Breakthrough): the game was over.
    KingWon {
        /// The side that made the king.
        winner: Color,
    },
    /// No piece stands on the starting square.
    NoPiece {
        /// The starting square.
        from: Square,
    },
    /// The piece on the starting square belongs to the side not to move.
    WrongSide {
        /// The starting square.
        from: Square,
        /// The piece there.
        piece: Piece,
    },
    /// A quiet move while a capture was compulsory.
    MissedCapture {
        /// The quiet move written.
        played: Box<Move>,
        /// The captures there were.
        captures: Vec<Move>,
    },
    /// A capture that the variant's capture choice (majority, priorities) forbids.
    CaptureChoice {
        /// The capture written.
        played: Box<Move>,
        /// The captures that were allowed.
        captures: Vec<Move>,
    },
    /// A capture that stops on a landing square while the piece could take more.
    StoppedEarly {
        /// The part of a capture that was written.
        partial: Box<Move>,
        /// The squares written (a capture written one jump per move goes on in the next
        /// tokens).
        written: Vec<Square>,
        /// The captures that were allowed.
        captures: Vec<Move>,
    },
    /// Several legal moves that take different pieces match the written squares.
    Ambiguous {
        /// The moves that match, one per distinct capture.
        candidates: Vec<Move>,
    },
    /// Written as a capture (or with more than two squares), but it is none of the captures.
    NotACapture {
        /// The captures there were (empty: none).
        captures: Vec<Move>,
        /// The opposing king a man's written jump goes over, in a variant where men may not
        /// take kings.
        man_over_king: Option<Square>,
    },
    /// The move ends on an occupied square.
    Occupied {
        /// The end square.
        to: Square,
        /// The captures that were compulsory (empty: none).
        captures: Vec<Move>,
    },
    /// The piece cannot move that way.
    Unreachable {
        /// The starting square.
        from: Square,
        /// The end square.
        to: Square,
        /// Why.
        why: Reach,
        /// The captures that were compulsory (empty: none).
        captures: Vec<Move>,
    },
}

impl ResolveError {
    /// The move the record can still follow, if any: the quiet move of a missed capture, the
    /// forbidden capture, or the part of a capture that stops early.
    pub fn applied(&self) -> Option<&Move> {
        match self {
            ResolveError::MissedCapture { played, .. }
            | ResolveError::CaptureChoice { played, .. } => Some(&**played),
            ResolveError::StoppedEarly { partial, .. } => Some(&**partial),
            _ => None,
        }
    }

    /// True when the written squares match no legal move of the position (a piece removed
    /// first, as a huff, may make them legal).
    pub fn matches_nothing(&self) -> bool {
        matches!(
            self,
            ResolveError::NoPiece { .. }
                | ResolveError::WrongSide { .. }
                | ResolveError::MissedCapture { .. }
                | ResolveError::CaptureChoice { .. }
                | ResolveError::StoppedEarly { .. }
                | ResolveError::NotACapture { .. }
                | ResolveError::Occupied { .. }
                | ResolveError::Unreachable { .. }
        )
    }
}

/// Resolves a written move against `pos`: the one legal move it means, or why there is none.
/// Squares are read in `layout`; a move in Russian short notation has its piece found first.
pub fn resolve(
    token: &MoveToken,
    pos: &Position,
    layout: &Layout,
) -> Result<Resolved, ResolveError> {
    let written = written_squares(token, pos, layout)?;
    resolve_squares(&written, token.is_capture(), pos)
}

/// The most squares of a token the quick reading takes; longer ones are read by [`resolve`].
const MAX_QUICK_SQUARES: usize = 16;

/// The most numeric squares a board has (12x12).
const MAX_NUMBER: usize = 72;

thread_local! {
    /// The squares of the numbers of the last layout [`quick_squares`] read numbers in: a
    /// file's games share their layout, and the look-up is made for every square written.
    static NUMBERS: std::cell::RefCell<(Option<Layout>, [Option<Square>; MAX_NUMBER + 1])> =
        const { std::cell::RefCell::new((None, [None; MAX_NUMBER + 1])) };
}

/// The square a written square names on `layout`, as [`token_squares`] reads it (`None` also
/// for the file of Russian short notation); `numbers` maps the numbers of `layout`.
fn quick_square(
    value: SquareValue,
    layout: &Layout,
    numbers: &[Option<Square>; MAX_NUMBER + 1],
) -> Option<Square> {
    match value {
        SquareValue::Numeric(n) => match numbers.get(n as usize) {
            Some(&sq) => sq,
            None => layout.from_numeric(n as u32),
        },
        SquareValue::Algebraic { file, rank } => rank
            .checked_sub(1)
            .and_then(|r| layout.from_algebraic(file, r)),
        SquareValue::File { .. } => None,
    }
}

/// The squares of a token, as [`token_squares`] reads them, into `out`; `None` when one is not
/// a square of the board (or is the file of short notation) or there are too many.
fn quick_squares(
    squares: &[crate::syntax::SquareToken],
    layout: &Layout,
    out: &mut ArrayVec<Square, MAX_QUICK_SQUARES>,
) -> Option<()> {
    NUMBERS.with(|cell| {
        let mut t = cell.try_borrow_mut().ok()?;
        if t.0 != Some(*layout) {
            t.0 = Some(*layout);
            for (i, sq) in t.1.iter_mut().enumerate() {
                *sq = layout.from_numeric(i as u32);
            }
        }
        for s in squares {
            out.try_push(quick_square(s.value, layout, &t.1)?).ok()?;
        }
        Some(())
    })
}

/// The quick reading of a move token (`32-28`, `28x19`, `c3-d4`, `26x17x8`): the legal move
/// it names, when [`resolve`] would read it as that move alone, with no error and no choice
/// between readings (see [`Position::written_move`] for two squares; a token of more squares
/// is a capture looked up among the captures between its ends). `None` for every other token
/// and case: [`resolve`] then reads it and says what is wrong. Allocates nothing once warm.
pub(crate) fn resolve_quick(
    token: &MoveToken,
    pos: &Position,
    layout: &Layout,
) -> Option<crate::rules::CompactMove> {
    if pos.first_king().is_some() {
        return None;
    }
    let mut written: ArrayVec<Square, MAX_QUICK_SQUARES> = ArrayVec::new();
    quick_squares(&token.squares, layout, &mut written)?;
    if let [from, to] = written[..] {
        return pos.written_move(from, to);
    }
    // A capture written with its landing or crossed squares (`26x17x8`): the legal captures
    // between its ends are listed with their paths, and the best fitting must be one alone.
    if written.len() < 3 {
        return None;
    }
    let (&from, &to) = (written.first()?, written.last()?);
    let board = pos.board();
    pos.with_written_captures(from, to, |legal| {
        let mut best: Option<Fit> = None;
        let mut pick = None;
        let mut count = 0;
        for c in legal {
            let Some(f) = fit(board, &written, &c.mv) else {
                continue;
            };
            match best {
                Some(b) if f > b => continue,
                Some(b) if f < b => count = 0,
                _ => {}
            }
            best = Some(f);
            count += 1;
            pick = Some(c.compact);
        }
        pick.filter(|_| count == 1)
    })
}

/// The board squares a token names; for Russian short notation, with its piece found in `pos`.
fn written_squares(
    token: &MoveToken,
    pos: &Position,
    layout: &Layout,
) -> Result<Vec<Square>, ResolveError> {
    let file = match token.squares.first().map(|s| s.value) {
        Some(SquareValue::File { file }) => file,
        _ => return token_squares(token, layout).map_err(ResolveError::OffBoard),
    };
    let rest = token
        .squares
        .iter()
        .enumerate()
        .skip(1)
        .map(|(index, s)| {
            let sq = match s.value {
                SquareValue::Numeric(n) => layout.from_numeric(n as u32),
                SquareValue::Algebraic { file, rank } => rank
                    .checked_sub(1)
                    .and_then(|r| layout.from_algebraic(file, r)),
                SquareValue::File { .. } => None,
            };
            sq.ok_or_else(|| {
                ResolveError::OffBoard(OffBoard {
                    index,
                    text: s.raw.as_str().to_string(),
                })
            })
        })
        .collect::<Result<Vec<Square>, ResolveError>>()?;
    let found = short_origins(pos, layout, file, &rest);
    match found.candidates() {
        &[one] => {
            let mut w = Vec::with_capacity(rest.len() + 1);
            w.push(one);
            w.extend_from_slice(&rest);
            Ok(w)
        }
        [] => Err(ResolveError::ShortNoPiece { file }),
        pieces => Err(ResolveError::ShortAmbiguous {
            file,
            pieces: pieces.to_vec(),
            rest,
        }),
    }
}

/// The legal moves among `legal` that the written squares name (see [`matching`]): the one
/// look-up of a written move among the moves of a position.
pub fn lookup(board: Board, written: &[Square], legal: &[Move]) -> Vec<Move> {
    matching(board, written, legal)
        .into_iter()
        .cloned()
        .collect()
}

/// Resolves squares already on the board (`written_capture`: written with a capture
/// separator) against `pos`.
pub fn resolve_squares(
    written: &[Square],
    written_capture: bool,
    pos: &Position,
) -> Result<Resolved, ResolveError> {
    let resolved = |mv: Move| Resolved {
        mv,
        squares: written.to_vec(),
    };
    if let Some(winner) = pos.first_king() {
        return Err(ResolveError::KingWon { winner });
    }
    // Most moves are quiet steps with no capture about: look that move up directly.
    if let [from, to] = written[..] {
        if let Some(mv) = pos.legal_quiet_move(from, to) {
            return Ok(resolved(mv));
        }
    }
    let legal = pos.legal_moves();
    if !legal.is_complete() {
        return Err(ResolveError::SearchLimit);
    }
    if legal.is_empty() {
        let side = pos.side_to_move();
        return Err(ResolveError::GameOver {
            no_pieces: pos.count(side, Role::Man) + pos.count(side, Role::King) == 0,
        });
    }
    let mut cands = lookup(pos.board(), written, &legal);
    if cands.is_empty() {
        cands = reordered(pos, written, &legal);
    }
    match cands.len() {
        0 => Err(why_not(written, written_capture, pos, &legal)),
        1 => Ok(resolved(cands.swap_remove(0))),
        _ => Err(ResolveError::Ambiguous { candidates: cands }),
    }
}

/// The legal captures whose full path the written squares give in another order: a king going
/// round a ring of pieces can take the same pieces either way, and the move generator keeps
/// one order per set of pieces taken. Only where the order cannot matter: pieces removed
/// after the move, and a capture choice that counts pieces or their value, not their order.
fn reordered(pos: &Position, written: &[Square], legal: &[Move]) -> Vec<Move> {
    let order_free = matches!(
        pos.variant().rules().capture_choice,
        CaptureChoice::Free | CaptureChoice::Majority | CaptureChoice::Value
    );
    let (Some(&from), Some(&to)) = (written.first(), written.last()) else {
        return Vec::new();
    };
    if written.len() < 4 || pos.capture_removal() != CaptureRemoval::AfterMove || !order_free {
        return Vec::new();
    }
    let mut inner = written[1..written.len() - 1].to_vec();
    inner.sort_unstable();
    let mut out: Vec<Move> = Vec::new();
    for mv in legal {
        if mv.from != from || mv.to != to || mv.path.len() != written.len() {
            continue;
        }
        let mut landings = mv.path[1..mv.path.len() - 1].to_vec();
        landings.sort_unstable();
        if landings == inner && !out.iter().any(|o| o.same_move(mv)) {
            out.push(mv.clone());
        }
    }
    out
}

/// Why written squares that match no legal move of `pos` do not.
fn why_not(
    written: &[Square],
    written_capture: bool,
    pos: &Position,
    legal: &[Move],
) -> ResolveError {
    let board = pos.board();
    let side = pos.side_to_move();
    let (Some(&from), Some(&to)) = (written.first(), written.last()) else {
        return ResolveError::NotACapture {
            captures: Vec::new(),
            man_over_king: None,
        };
    };
    let piece = match pos.piece_at(from) {
        None => return ResolveError::NoPiece { from },
        Some(p) if p.color != side => return ResolveError::WrongSide { from, piece: p },
        Some(p) => p,
    };
    let captures: Vec<Move> = legal.iter().filter(|mv| mv.is_capture()).cloned().collect();
    if !captures.is_empty() {
        let quiet = pos.quiet_moves();
        if let Some(q) = matching(board, written, &quiet).first() {
            return ResolveError::MissedCapture {
                played: Box::new((*q).clone()),
                captures,
            };
        }
        let all = pos.all_captures();
        if let Some(c) = matching(board, written, &all).first() {
            return ResolveError::CaptureChoice {
                played: Box::new((*c).clone()),
                captures,
            };
        }
        if let Some(partial) = prefix_of(board, written, &all) {
            return ResolveError::StoppedEarly {
                partial: Box::new(partial),
                written: written.to_vec(),
                captures,
            };
        }
    }
    if written_capture || written.len() > 2 {
        return ResolveError::NotACapture {
            captures,
            man_over_king: man_over_king(pos, piece, written),
        };
    }
    if pos.piece_at(to).is_some() {
        return ResolveError::Occupied { to, captures };
    }
    ResolveError::Unreachable {
        from,
        to,
        why: reach(pos, from, to, piece),
        captures,
    }
}

/// The part of a legal capture that the written squares describe, when they stop on one of its
/// landing squares before its end.
pub fn prefix_of(board: Board, written: &[Square], all: &[Move]) -> Option<Move> {
    let to = *written.last()?;
    for c in all {
        for k in 1..c.path.len().saturating_sub(1) {
            if c.path[k] != to {
                continue;
            }
            let part = Move {
                from: c.from,
                to,
                path: c.path.iter().take(k + 1).copied().collect(),
                captured: c.captured.iter().take(k).copied().collect(),
                promotes: false,
            };
            if matches(board, written, &part) {
                return Some(part);
            }
        }
    }
    None
}

/// The opposing king a man's written jump goes over, in a variant where men may not take
/// kings.
fn man_over_king(pos: &Position, piece: Piece, written: &[Square]) -> Option<Square> {
    if piece.role != Role::Man || pos.variant().rules().men_capture_kings {
        return None;
    }
    let board = pos.board();
    written.windows(2).find_map(|w| {
        let (f0, r0) = board.coords(w[0]);
        let (f1, r1) = board.coords(w[1]);
        let (df, dr) = (f1 as i32 - f0 as i32, r1 as i32 - r0 as i32);
        if df.abs() != 2 || dr.abs() != 2 {
            return None;
        }
        let mid = board.square_at(f0 as i32 + df / 2, r0 as i32 + dr / 2)?;
        pos.piece_at(mid)
            .filter(|p| p.color != piece.color && p.role == Role::King)
            .map(|_| mid)
    })
}

/// Why `piece` cannot go from `from` to `to` in one step.
fn reach(pos: &Position, from: Square, to: Square, piece: Piece) -> Reach {
    let board = pos.board();
    let (f0, r0) = board.coords(from);
    let (f1, r1) = board.coords(to);
    let (df, dr) = (f1 as i32 - f0 as i32, r1 as i32 - r0 as i32);
    // On the full board (Turkish) pieces move along rows and files, elsewhere diagonally.
    let full = board.is_full();
    if full && df != 0 && dr != 0 {
        return Reach::NotStraight;
    }
    if !full && df.abs() != dr.abs() {
        return Reach::NotDiagonal;
    }
    let forward = match piece.color {
        Color::White => dr > 0,
        Color::Black => dr < 0,
    };
    let backward = match piece.color {
        Color::White => dr < 0,
        Color::Black => dr > 0,
    };
    let rows = df.unsigned_abs().max(dr.unsigned_abs());
    match piece.role {
        // Turkish men also step sideways.
        Role::Man if backward || (!full && !forward) => Reach::Backwards,
        Role::Man => Reach::ManTooFar { rows },
        Role::King if !pos.variant().rules().flying_kings => Reach::KingTooFar { rows },
        Role::King => {
            let (sf, sr) = (df.signum(), dr.signum());
            let (mut f, mut r) = (f0 as i32 + sf, r0 as i32 + sr);
            while (f, r) != (f1 as i32, r1 as i32) {
                if let Some(sq) = board.square_at(f, r) {
                    if pos.piece_at(sq).is_some() {
                        return Reach::Blocked(sq);
                    }
                }
                f += sf;
                r += sr;
            }
            Reach::King
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::RawFen;
    use crate::rules::Variant;
    use crate::syntax::{Element, ReadOptions, parse_str};

    /// The position of `fen` (or the start) in `gametype`, its layout, and the move tokens of
    /// `moves`.
    fn setup(gametype: &str, fen: Option<&str>, moves: &str) -> (Position, Layout, Vec<MoveToken>) {
        let variant: Variant = gametype.parse().expect("a GameType number");
        let layout = Layout::standard(variant);
        let pos = match fen {
            None => Position::start(variant),
            Some(f) => {
                let fen = RawFen::parse(f)
                    .and_then(|r| r.resolve(&layout))
                    .expect("a valid FEN");
                let mut p =
                    Position::empty(variant, fen.turn.unwrap_or(variant.rules().first_to_move));
                for (sq, piece) in fen.pieces {
                    p.set_piece(sq, Some(piece));
                }
                p
            }
        };
        let text = format!("[GameType \"{gametype}\"]\n{moves} *\n");
        let chunks = parse_str(&text, &ReadOptions::default());
        let game = chunks.into_iter().find_map(|c| c.game).expect("a game");
        let tokens = game
            .body
            .into_iter()
            .filter_map(|e| match e {
                Element::Move(m) => Some(m),
                _ => None,
            })
            .collect();
        (pos, layout, tokens)
    }

    /// Resolves every token but the last, playing each, and returns the last's resolution.
    fn last(gametype: &str, fen: Option<&str>, moves: &str) -> Result<Resolved, ResolveError> {
        let (mut pos, layout, tokens) = setup(gametype, fen, moves);
        let (final_token, before) = tokens.split_last().expect("a move");
        for t in before {
            let r = resolve(t, &pos, &layout).expect("the moves before the last are legal");
            pos.play(&r.mv);
        }
        resolve(final_token, &pos, &layout)
    }

    fn sq(layout: &Layout, name: &str) -> Square {
        layout.parse(name).expect("a square")
    }

    #[test]
    fn a_legal_quiet_move_resolves_to_itself() {
        let r = last("20", None, "1. 32-28").expect("legal");
        let l = Layout::standard(Variant::International);
        assert_eq!((r.mv.from, r.mv.to), (sq(&l, "32"), sq(&l, "28")));
        assert!(r.mv.captured.is_empty());
    }

    #[test]
    fn a_capture_written_short_resolves_to_the_full_path() {
        let r = last("20", Some("W:W28:B23,13"), "1. 28x8").expect("legal");
        let l = Layout::standard(Variant::International);
        assert_eq!(
            r.mv.path.to_vec(),
            vec![sq(&l, "28"), sq(&l, "19"), sq(&l, "8")]
        );
        assert_eq!(r.mv.captured.to_vec(), vec![sq(&l, "23"), sq(&l, "13")]);
    }

    #[test]
    fn a_ring_capture_written_in_either_order_resolves_to_the_same_move() {
        // A king on 32 takes the four men round 22 going either way and comes back to 32.
        let fen = Some("W:WK32:B28,18,17,27,1");
        let a = last("20", fen, "1. 32x23x12x21x32").expect("legal");
        let b = last("20", fen, "1. 32x21x12x23x32").expect("legal");
        assert!(a.mv.same_move(&b.mv));
        assert_eq!(a.mv.captured.len(), 4);
        // A path that lands elsewhere is still no capture of the position.
        assert!(last("20", fen, "1. 32x21x12x24x32").is_err());
    }

    #[test]
    fn a_square_off_the_board_is_named_with_its_place_in_the_token() {
        let e = last("21", None, "1. 33-29").unwrap_err();
        assert_eq!(
            e,
            ResolveError::OffBoard(OffBoard {
                index: 0,
                text: "33".into()
            })
        );
    }

    #[test]
    fn a_short_move_no_piece_of_the_file_can_make_is_short_no_piece() {
        let e = last("25", None, "1. ab6").unwrap_err();
        assert_eq!(e, ResolveError::ShortNoPiece { file: 0 });
    }

    #[test]
    fn a_short_move_two_men_of_the_file_can_make_names_both() {
        let e = last("25", Some("W:Wc3,c7:Bd4,d6"), "1. c:e5").unwrap_err();
        let l = Layout::standard(Variant::Russian);
        match e {
            ResolveError::ShortAmbiguous { file, pieces, rest } => {
                assert_eq!(file, 2);
                assert_eq!(pieces.len(), 2);
                assert!(pieces.contains(&sq(&l, "c3")) && pieces.contains(&sq(&l, "c7")));
                assert_eq!(rest, vec![sq(&l, "e5")]);
            }
            e => panic!("{e:?}"),
        }
    }

    #[test]
    fn a_short_move_one_man_can_make_resolves() {
        let r = last("25", None, "1. cd4").expect("legal");
        let l = Layout::standard(Variant::Russian);
        assert_eq!((r.mv.from, r.mv.to), (sq(&l, "c3"), sq(&l, "d4")));
        assert_eq!(r.squares, vec![sq(&l, "c3"), sq(&l, "d4")]);
    }

    #[test]
    fn a_short_move_of_a_king_resolves_to_the_king_of_its_file() {
        let l = Layout::standard(Variant::Russian);
        let r = last("25", Some("W:WKg1,a1:Bh8,a7"), "1. gb6").expect("legal");
        assert_eq!((r.mv.from, r.mv.to), (sq(&l, "g1"), sq(&l, "b6")));
        // A king's capture, its landing square beyond the piece taken.
        let r = last("25", Some("W:WKg1,a1:Bc5,a7"), "1. g:b6").expect("legal");
        assert_eq!((r.mv.from, r.mv.to), (sq(&l, "g1"), sq(&l, "b6")));
        assert_eq!(r.mv.captured.to_vec(), vec![sq(&l, "c5")]);
    }

    #[test]
    fn a_short_move_a_man_and_a_king_of_the_file_can_make_names_both() {
        let l = Layout::standard(Variant::Russian);
        let e = last("25", Some("W:Wb2,Kb4:Bh8"), "1. bc3").unwrap_err();
        match e {
            ResolveError::ShortAmbiguous { pieces, .. } => {
                assert_eq!(pieces.len(), 2);
                assert!(pieces.contains(&sq(&l, "b2")) && pieces.contains(&sq(&l, "b4")));
            }
            e => panic!("{e:?}"),
        }
    }

    #[test]
    fn a_short_move_is_the_piece_of_the_file_that_can_make_it_legally() {
        // The man on b2 takes c3 and lands on d4; the king on b6 could step to d4 through
        // c5, but the capture is due, so only the man's move is legal.
        let l = Layout::standard(Variant::Russian);
        let r = last("25", Some("W:Wb2,Kb6:Bc3,h8"), "1. b:d4").expect("legal");
        assert_eq!((r.mv.from, r.mv.to), (sq(&l, "b2"), sq(&l, "d4")));
        assert_eq!(r.mv.captured.to_vec(), vec![sq(&l, "c3")]);
    }

    #[test]
    fn a_move_after_the_last_piece_is_taken_is_game_over() {
        let e = last("21", Some("W:W18:B14"), "1. 18x9 2. 5-1").unwrap_err();
        assert_eq!(e, ResolveError::GameOver { no_pieces: true });
    }

    #[test]
    fn a_move_from_an_empty_square_is_no_piece() {
        let e = last("20", None, "1. 32-28 19-23 2. 27-22").unwrap_err();
        let l = Layout::standard(Variant::International);
        assert_eq!(e, ResolveError::NoPiece { from: sq(&l, "27") });
    }

    #[test]
    fn a_move_of_the_other_side_s_piece_is_wrong_side() {
        let e = last("20", None, "1. 19-23").unwrap_err();
        assert!(
            matches!(e, ResolveError::WrongSide { piece, .. } if piece.color == Color::Black),
            "{e:?}"
        );
    }

    #[test]
    fn a_quiet_move_while_a_capture_is_compulsory_carries_the_captures_there_were() {
        let e = last("21", None, "1. 11-15 22-18 2. 12-16").unwrap_err();
        let l = Layout::standard(Variant::English);
        match &e {
            ResolveError::MissedCapture { played, captures } => {
                assert_eq!((played.from, played.to), (sq(&l, "12"), sq(&l, "16")));
                assert_eq!(captures.len(), 1);
                assert_eq!(
                    (captures[0].from, captures[0].to),
                    (sq(&l, "15"), sq(&l, "22"))
                );
            }
            e => panic!("{e:?}"),
        }
        assert!(e.applied().is_some() && e.matches_nothing());
    }

    #[test]
    fn a_capture_of_fewer_pieces_than_the_majority_asks_carries_the_allowed_captures() {
        let e = last("20", Some("W:W32:B27,28,18"), "1. 32x21").unwrap_err();
        match &e {
            ResolveError::CaptureChoice { played, captures } => {
                assert_eq!(played.captured.len(), 1);
                assert!(
                    captures.iter().all(|c| c.captured.len() == 2),
                    "{captures:?}"
                );
            }
            e => panic!("{e:?}"),
        }
        assert!(e.applied().is_some());
    }

    #[test]
    fn a_capture_that_stops_on_a_landing_square_is_stopped_early() {
        let e = last("21", Some("B:W18,27:B14"), "1. 14x23").unwrap_err();
        let l = Layout::standard(Variant::English);
        match &e {
            ResolveError::StoppedEarly {
                partial,
                written,
                captures,
            } => {
                assert_eq!((partial.from, partial.to), (sq(&l, "14"), sq(&l, "23")));
                assert_eq!(partial.captured.to_vec(), vec![sq(&l, "18")]);
                assert_eq!(written, &vec![sq(&l, "14"), sq(&l, "23")]);
                assert_eq!(captures[0].captured.len(), 2);
            }
            e => panic!("{e:?}"),
        }
    }

    #[test]
    fn two_captures_with_the_same_ends_are_ambiguous_with_both_candidates() {
        let e = last("21", Some("W:W31:B26,27,18,19"), "1. 31x15").unwrap_err();
        match e {
            ResolveError::Ambiguous { candidates } => {
                assert_eq!(candidates.len(), 2);
                assert_ne!(candidates[0].captured, candidates[1].captured);
            }
            e => panic!("{e:?}"),
        }
    }

    #[test]
    fn a_capture_written_where_there_is_none_is_not_a_capture() {
        let e = last("20", None, "1. 32x23").unwrap_err();
        assert_eq!(
            e,
            ResolveError::NotACapture {
                captures: Vec::new(),
                man_over_king: None
            }
        );
    }

    #[test]
    fn a_man_jumping_a_king_where_men_may_not_take_kings_names_the_king() {
        // Italian: a man may not take a king.
        let e = last("22", Some("W:W22:BK18"), "1. 22x13").unwrap_err();
        let l = Layout::standard(Variant::Italian);
        match e {
            ResolveError::NotACapture { man_over_king, .. } => {
                assert_eq!(man_over_king, Some(sq(&l, "18")))
            }
            e => panic!("{e:?}"),
        }
    }

    #[test]
    fn a_move_onto_an_occupied_square_is_occupied() {
        let e = last("20", None, "1. 36-31").unwrap_err();
        let l = Layout::standard(Variant::International);
        assert_eq!(
            e,
            ResolveError::Occupied {
                to: sq(&l, "31"),
                captures: Vec::new()
            }
        );
    }

    #[test]
    fn a_move_no_piece_can_make_says_why() {
        let l = Layout::standard(Variant::International);
        let why = |fen: &str, mv: &str| match last("20", Some(fen), mv).unwrap_err() {
            ResolveError::Unreachable { why, .. } => why,
            e => panic!("{e:?}"),
        };
        assert_eq!(why("W:W32:B1", "1. 32-23"), Reach::ManTooFar { rows: 2 });
        assert_eq!(why("W:W28:B1", "1. 28-33"), Reach::Backwards);
        assert_eq!(why("W:W32:B1", "1. 32-22"), Reach::NotDiagonal);
        assert_eq!(why("W:WK46,23:B1", "1. 46-5"), Reach::Blocked(sq(&l, "23")));
        let e = last("21", Some("W:WK22:B1"), "1. 22-13").unwrap_err();
        assert!(
            matches!(
                e,
                ResolveError::Unreachable {
                    why: Reach::KingTooFar { rows: 2 },
                    ..
                }
            ),
            "{e:?}"
        );
    }
}
