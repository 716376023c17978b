//! Legal move generation.
//!
//! The generator is generic over a board layout ([`Geometry`]) and a variant's rule switches
//! ([`Spec`]), so each variant compiles to its own tight code; the public [`Position`] methods
//! dispatch on the variant once per call.
//!
//! ## Rules and their sources
//! - Compulsory capture, completed multi-captures, majority rule, a man that only passes the
//!   far row is not crowned, flying kings landing on any empty square beyond, captured pieces
//!   removed after the move and never jumped twice: International draughts as played under
//!   the world federation's rules (the network draughts server's rules text: "If a piece can
//!   continue jumping, it must", "he must choose the series of jumps which captures the most
//!   pieces", "all jumps are first completed, and then the captured pieces are removed from
//!   the board. However, one may not jump over the same piece twice", "If it jumps onto the last
//!   row and back off in the same turn, it is not crowned a King"). Brazilian: the same rules on
//!   8x8 (the 1902 encyclopaedia: Polish draughts "more frequently played with an ordinary
//!   draught-board"). Canadian: the 1875 rule description (12x12, the maximum number of pieces
//!   must be taken, crowned only when the move ends on the far row).
//! - English draughts: men move and capture forward only, kings one step; free choice of
//!   capture, but all of the chosen lot must be taken; "on becoming a king the move ends"
//!   (the 1902 encyclopaedia, and Lasker's rules chapter).
//! - Russian draughts: men capture backward, flying kings, free choice; a man reaching the far
//!   row during a capture is crowned at once and goes on capturing as a king (the Russian
//!   federation's rules, as summarised in the project's variant table).
//! - American pool checkers: men capture backward, flying kings, free choice; a man reaching
//!   the far row that can jump on goes on as a man and is crowned only if the move ends there
//!   (the project's variant table).
//! - A flying king that has taken a piece and could go on capturing from some of the squares
//!   beyond it must land on one of those (the 1902 text on Polish draughts: "if there is another
//!   unguarded man she is bound to choose the diagonal on which it can be taken"; the same is
//!   the rule in Russian draughts). Under the majority rule this changes nothing; under free
//!   choice it is what "the sequence must be completed" means for a flying king.
//! - Thai draughts: men step and capture forward only; a king flies but, when it takes, lands
//!   on the square right behind the piece it takes and goes on from there; each captured piece
//!   leaves the board as it is taken (so its square is free for the rest of the move); free
//!   choice of capture; a man reaching the far row during a capture ends the move there
//!   (docs/variants.md names the two sources of each rule).
//! - Frisian draughts: International's moves, but men and kings also capture along rows and
//!   files, jumping the next playing square of the same colour (two squares away) and landing
//!   on the one after it (a king: on any free one beyond); the capture of the highest value
//!   comes first, a king worth more than one man and less than two, and then a capture by a
//!   king; a man is crowned only if its move ends on the far row (docs/variants.md).
//!
//! ## Which capture sequences are distinct moves
//! A capture is identified by its start square, end square and the **set** of pieces taken.
//! Two sequences with the same ends that take different pieces are different moves; two
//! sequences with the same ends that take the same set in a different order (a king circling
//! a group) are one move, and the first sequence found is the one kept (its path and capture
//! order are what [`Move::path`] and [`Move::captured`] show). This matches the published
//! perft counts of International draughts. (In Russian draughts two such sequences could in
//! principle differ in whether the man passed the far row and was crowned; those leave
//! different positions and are kept as two moves.)

use std::collections::{HashMap, HashSet};

use arrayvec::ArrayVec;
use serde::{Serialize, Serializer};

use super::variant::{CaptureChoice, CaptureTraits, PromotionRule};
use crate::board::bitboard::{Bits, G8, G10, G12, GF8, Geometry, bit_square, square_mask};
use crate::board::{Board, Color, Role, Square};
use crate::rules::{CaptureRemoval, EndRule, Position, Variant};

/// Capacity of [`Move::path`] and [`Move::captured`]. A captured piece never stands on the
/// edge of the board, so at most 50 pieces (the inner squares of 12x12) can be taken in one
/// move and a path has at most 51 squares.
pub const MAX_PATH: usize = 64;

/// A move: a quiet step or slide, or a complete capture sequence.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct Move {
    /// The square the piece starts on.
    pub from: Square,
    /// The square the piece ends on (may equal `from` after a circular capture).
    pub to: Square,
    /// Every square the piece stands on: `from`, each landing square, `to`. A quiet move is
    /// `[from, to]`.
    #[serde(serialize_with = "serialize_squares")]
    pub path: ArrayVec<Square, MAX_PATH>,
    /// The captured pieces' squares, in the order they were taken (empty for a quiet move).
    #[serde(serialize_with = "serialize_squares")]
    pub captured: ArrayVec<Square, MAX_PATH>,
    /// The man is crowned by this move.
    pub promotes: bool,
}

fn serialize_squares<S: Serializer>(
    v: &ArrayVec<Square, MAX_PATH>,
    s: S,
) -> Result<S::Ok, S::Error> {
    v.as_slice().serialize(s)
}

impl Move {
    /// True when the move captures.
    #[inline]
    pub fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }

    /// How many of the captured pieces were kings in `before`, the position the move is
    /// played from.
    pub fn captured_kings(&self, before: &Position) -> u32 {
        self.captured
            .iter()
            .filter(|&&sq| before.piece_at(sq).is_some_and(|p| p.role == Role::King))
            .count() as u32
    }

    /// True when both moves have the same ends and take the same set of pieces (the same
    /// move, even if the paths differ).
    pub fn same_move(&self, other: &Move) -> bool {
        self.from == other.from
            && self.to == other.to
            && self.captured.len() == other.captured.len()
            && self.captured.iter().all(|c| other.captured.contains(c))
    }
}

impl std::fmt::Display for Move {
    /// Numeric notation with the full path: `32-28`, `28x19x10`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sep = if self.is_capture() { 'x' } else { '-' };
        for (i, sq) in self.path.iter().enumerate() {
            if i > 0 {
                write!(f, "{sep}")?;
            }
            write!(f, "{sq}")?;
        }
        Ok(())
    }
}

/// A list of moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveList(Vec<Move>, bool);

impl MoveList {
    /// The moves as a vector.
    pub fn into_vec(self) -> Vec<Move> {
        self.0
    }

    /// False when the capture search of this position stopped at [`CAPTURE_SEARCH_LIMIT`]
    /// before it had seen every sequence: the list may then lack moves, and under the
    /// majority rule its best rank may not be the position's.
    pub fn is_complete(&self) -> bool {
        self.1
    }
}

/// The most capture-search steps (squares a capturing piece stands on, counted over every
/// sequence tried) spent on one position. No position of the bundled corpus, of the archives
/// it was tested on or of 2,000 generated games in each of six variants (Frisian and Thai among
/// them, under both rule profiles) needed 1,500; a position
/// built so that a flying king can take a lattice of pieces in countless orders (with pieces
/// removed as they are taken, under the 1902 Polish rules) would need billions, so the search
/// stops here and says so ([`MoveList::is_complete`]).
pub const CAPTURE_SEARCH_LIMIT: u32 = 100_000;

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.0
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = std::vec::IntoIter<Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

// ---------------------------------------------------------------------------------------
// Compile-time rule switches.

/// A variant's rules, known at compile time.
pub(crate) trait Spec {
    /// The board layout.
    type G: Geometry;
    /// Men capture backward.
    const BACK: bool;
    /// Kings fly.
    const FLYING: bool;
    /// Men may take kings.
    const MAN_TAKES_KING: bool;
    /// How captures must be chosen.
    const CHOICE: CaptureChoice;
    /// What a man reaching the far row during a capture does.
    const PROMO: PromotionRule;
    /// A flying king lands right behind the piece it takes.
    const LANDS_BEHIND: bool;
    /// Men and kings also capture orthogonally.
    const ORTHO: bool;
    /// Capture directions: the four diagonals, and with [`Spec::ORTHO`] the four orthogonal
    /// ones (see [`dstep`]).
    const DIRS: usize = if Self::ORTHO { 8 } else { 4 };
    /// Every square plays and every step is orthogonal (Turkish): the board's own steps are
    /// up, down, left and right, and the `*_full` generators are used.
    const FULL: bool;
    /// A capturing king may not turn back 180 degrees between two captures.
    const NO_ABOUT_TURN: bool;
    /// The first king made wins (Breakthrough): once one side has a king, no move is left.
    const FIRST_KING_WINS: bool;
}

/// The variants' compile-time rule types and the dispatch on them, from one list: each line
/// names a variant, its type, and its board geometry; the switches come from
/// [`Variant::TABLE`]. The `match` the list makes is exhaustive, so a variant missing here does
/// not compile.
macro_rules! variants {
    ($d:tt $($v:ident => $name:ident, $g:ty;)*) => {
        $(
            pub(crate) struct $name;
            impl Spec for $name {
                type G = $g;
                const BACK: bool = Variant::$v.rules().men_capture_backward;
                const FLYING: bool = Variant::$v.rules().flying_kings;
                const MAN_TAKES_KING: bool = Variant::$v.rules().men_capture_kings;
                const CHOICE: CaptureChoice = Variant::$v.rules().capture_choice;
                const PROMO: PromotionRule = Variant::$v.rules().promotion;
                const LANDS_BEHIND: bool = Variant::$v.rules().king_lands_behind;
                const ORTHO: bool = Variant::$v.rules().orthogonal_captures;
                const FULL: bool = Variant::$v.rules().board.is_full();
                const NO_ABOUT_TURN: bool = Variant::$v.rules().no_about_turn;
                const FIRST_KING_WINS: bool =
                    matches!(Variant::$v.rules().end, EndRule::FirstKingWins);
            }
        )*

        /// Calls `$f::<Spec>(args)` for the position's variant.
        macro_rules! dispatch {
            ($d variant:expr, $d f:ident ( $d ($d arg:expr),* )) => {
                match $d variant {
                    $($crate::rules::Variant::$v => $d f::<$crate::rules::movegen::$name>($d ($d arg),*),)*
                }
            };
        }
    };
}

// `$` is handed in so the inner macro can have metavariables of its own.
variants! {
    $
    International => SInternational, G10;
    English => SEnglish, G8;
    Pool => SPool, G8;
    Russian => SRussian, G8;
    Brazilian => SBrazilian, G8;
    Canadian => SCanadian, G12;
    Italian => SItalian, G8;
    Czech => SCzech, G8;
    Spanish => SSpanish, G8;
    Portuguese => SPortuguese, G8;
    Antidraughts => SAntidraughts, G10;
    Breakthrough => SBreakthrough, G10;
    Thai => SThai, G8;
    Frisian => SFrisian, G10;
    Frysk => SFrysk, G10;
    Turkish => STurkish, GF8;
}
pub(crate) use dispatch;

pub(crate) type BB<V> = <<V as Spec>::G as Geometry>::B;

// ---------------------------------------------------------------------------------------
// The internal state and compact moves.

/// The pieces from the side to move's point of view.
#[derive(Clone, Copy, Debug)]
pub(crate) struct State<B> {
    pub white: B,
    pub black: B,
    pub kings: B,
    /// White to move.
    pub white_to_move: bool,
    /// Captured pieces are removed at once.
    pub immediate: bool,
}

impl<B: Bits> State<B> {
    /// Under [`Spec::FIRST_KING_WINS`], the game is over: one side, and only one, has a king
    /// (as [`Position::first_king`] says).
    #[inline(always)]
    pub(crate) fn first_king_made<V: Spec>(&self) -> bool {
        V::FIRST_KING_WINS
            && (self.kings & self.white).is_zero() != (self.kings & self.black).is_zero()
    }

    pub(crate) fn of(pos: &Position) -> State<B> {
        State {
            white: B::from_u128(pos.white),
            black: B::from_u128(pos.black),
            kings: B::from_u128(pos.kings),
            white_to_move: pos.side_to_move() == Color::White,
            immediate: pos.capture_removal() == CaptureRemoval::Immediate,
        }
    }

    #[inline(always)]
    fn own(&self) -> B {
        if self.white_to_move {
            self.white
        } else {
            self.black
        }
    }

    #[inline(always)]
    fn opp(&self) -> B {
        if self.white_to_move {
            self.black
        } else {
            self.white
        }
    }

    /// The position after a compact move, with the other side to move.
    #[inline(always)]
    pub(crate) fn play(&self, m: &CMove<B>) -> State<B> {
        let mut s = *self;
        let was_king = !(s.kings & m.from).is_zero();
        s.kings &= !(m.from | m.captured);
        if was_king || m.promotes {
            s.kings |= m.to;
        }
        if s.white_to_move {
            s.white = (s.white & !m.from) | m.to;
            s.black &= !m.captured;
        } else {
            s.black = (s.black & !m.from) | m.to;
            s.white &= !m.captured;
        }
        s.white_to_move = !s.white_to_move;
        s
    }
}

/// A move as bitboards: one-bit `from` and `to`, and the captured set. `rank` orders
/// captures under the variant's [`CaptureChoice`] (0 for quiet moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CMove<B> {
    pub from: B,
    pub to: B,
    pub captured: B,
    pub promotes: bool,
    pub rank: u32,
}

impl<B: Bits> CMove<B> {
    /// The same move: same ends, same captured set, same resulting piece.
    #[inline(always)]
    fn same(&self, o: &CMove<B>) -> bool {
        self.from == o.from
            && self.to == o.to
            && self.captured == o.captured
            && self.promotes == o.promotes
    }
}

/// Receives generated moves. Sequences with the same (from, to, captured set) are offered
/// more than once; the sink keeps one.
pub(crate) trait Sink<B> {
    fn quiet(&mut self, from: B, to: B, promotes: bool);
    fn capture(&mut self, m: CMove<B>, path: &[u32], order: &[u32]);
}

impl<B: Bits> Sink<B> for Vec<CMove<B>> {
    #[inline(always)]
    fn quiet(&mut self, from: B, to: B, promotes: bool) {
        self.push(CMove {
            from,
            to,
            captured: B::ZERO,
            promotes,
            rank: 0,
        });
    }

    #[inline]
    fn capture(&mut self, m: CMove<B>, _path: &[u32], _order: &[u32]) {
        // A move found again in another order keeps the best rank of its orders.
        match self.iter_mut().find(|e| e.same(&m)) {
            Some(e) => e.rank = e.rank.max(m.rank),
            None => self.push(m),
        }
    }
}

/// Keeps only the captures of the highest rank (the ones the capture-choice rules allow).
pub(crate) fn retain_best<B: Bits>(v: &mut Vec<CMove<B>>) {
    let max = v.iter().map(|m| m.rank).max().unwrap_or(0);
    v.retain(|m| m.rank == max);
}

// ---------------------------------------------------------------------------------------
// Generation.

/// Direction `d` (diagonal, 0-3) is forward for the side.
#[inline(always)]
fn forward(white: bool, d: usize) -> bool {
    if white { d < 2 } else { (2..4).contains(&d) }
}

/// One step of every bit of `x` in capture direction `d`: 0-3 the diagonals
/// ([`Geometry::step`]), 4-7 the orthogonal steps to the next playing square of the same
/// colour ([`Geometry::ostep`]).
#[inline(always)]
fn dstep<V: Spec>(x: BB<V>, d: usize) -> BB<V> {
    if d < 4 {
        V::G::step(x, d)
    } else {
        V::G::ostep(x, d - 4)
    }
}

#[inline(always)]
fn promo_row<V: Spec>(white: bool) -> BB<V> {
    BB::<V>::from_u128(if white {
        V::G::PROMO_WHITE
    } else {
        V::G::PROMO_BLACK
    })
}

/// True when the side to move has a capture: a few shifts per direction, no generation.
#[inline]
pub(crate) fn has_capture<V: Spec>(s: &State<BB<V>>) -> bool {
    if V::FULL {
        return has_capture_full::<V>(s);
    }
    let own = s.own();
    let opp = s.opp();
    let empty = V::G::valid() & !(own | opp);
    let men = own & !s.kings;
    let kings = own & s.kings;
    // What a man may take.
    let prey = if V::MAN_TAKES_KING {
        opp
    } else {
        opp & !s.kings
    };
    for d in 0..V::DIRS {
        let men_d = if V::BACK || forward(s.white_to_move, d) {
            men
        } else {
            BB::<V>::ZERO
        };
        if V::FLYING {
            if !(dstep::<V>(dstep::<V>(men_d, d) & prey, d) & empty).is_zero() {
                return true;
            }
            if !kings.is_zero() {
                let mut frontier = dstep::<V>(kings, d);
                let mut hits = BB::<V>::ZERO;
                while !frontier.is_zero() {
                    hits |= frontier & opp;
                    frontier = dstep::<V>(frontier & empty, d);
                }
                if !(dstep::<V>(hits, d) & empty).is_zero() {
                    return true;
                }
            }
        } else if V::MAN_TAKES_KING {
            if !(dstep::<V>(dstep::<V>(men_d | kings, d) & opp, d) & empty).is_zero() {
                return true;
            }
        } else if !(dstep::<V>(dstep::<V>(men_d, d) & prey, d) & empty).is_zero()
            || !(dstep::<V>(dstep::<V>(kings, d) & opp, d) & empty).is_zero()
        {
            return true;
        }
    }
    false
}

/// The quiet moves of `kings` over `empty`: one step in each of the geometry's four
/// directions, or as far as the way is clear for flying kings.
fn king_quiets<V: Spec, S: Sink<BB<V>>>(mut kings: BB<V>, empty: BB<V>, sink: &mut S) {
    while !kings.is_zero() {
        let k = kings.lowest();
        kings ^= k;
        for d in 0..4 {
            let mut x = V::G::step(k, d) & empty;
            while !x.is_zero() {
                sink.quiet(k, x, false);
                if !V::FLYING {
                    break;
                }
                x = V::G::step(x, d) & empty;
            }
        }
    }
}

/// Generates the non-capturing moves.
pub(crate) fn gen_quiet<V: Spec, S: Sink<BB<V>>>(s: &State<BB<V>>, sink: &mut S) {
    if V::FULL {
        return gen_quiet_full::<V, S>(s, sink);
    }
    let own = s.own();
    let empty = V::G::valid() & !(own | s.opp());
    let men = own & !s.kings;
    let promo = promo_row::<V>(s.white_to_move);
    let dirs: [usize; 2] = if s.white_to_move { [0, 1] } else { [2, 3] };
    // Men, by destination in canonical order per direction.
    for d in dirs {
        let mut t = V::G::step(men, d) & empty;
        while !t.is_zero() {
            let to = t.lowest();
            t ^= to;
            sink.quiet(V::G::step(to, 3 - d), to, !(to & promo).is_zero());
        }
    }
    king_quiets::<V, S>(own & s.kings, empty, sink);
}

/// Counts the non-capturing moves without listing them.
#[inline]
pub(crate) fn count_quiet<V: Spec>(s: &State<BB<V>>) -> u64 {
    if V::FULL {
        return count_quiet_full::<V>(s);
    }
    let own = s.own();
    let empty = V::G::valid() & !(own | s.opp());
    let men = own & !s.kings;
    let mut n = if s.white_to_move {
        (V::G::step(men, 0) & empty).popcnt() + (V::G::step(men, 1) & empty).popcnt()
    } else {
        (V::G::step(men, 2) & empty).popcnt() + (V::G::step(men, 3) & empty).popcnt()
    } as u64;
    let kings = own & s.kings;
    if !kings.is_zero() {
        for d in 0..4 {
            if V::FLYING {
                let mut x = V::G::step(kings, d) & empty;
                while !x.is_zero() {
                    n += x.popcnt() as u64;
                    x = V::G::step(x, d) & empty;
                }
            } else {
                n += (V::G::step(kings, d) & empty).popcnt() as u64;
            }
        }
    }
    n
}

// ---------------------------------------------------------------------------------------
// The full board (Turkish): orthogonal steps, men forward and sideways.

/// No direction yet: the first capture of a sequence.
const NO_DIR: usize = 4;

/// On the full board, the direction in which a man of the side to move may not go: back.
#[inline(always)]
fn full_back(white: bool) -> usize {
    if white { 1 } else { 0 }
}

/// [`has_capture`] on the full board.
fn has_capture_full<V: Spec>(s: &State<BB<V>>) -> bool {
    let own = s.own();
    let opp = s.opp();
    let empty = V::G::valid() & !(own | opp);
    let men = own & !s.kings;
    let kings = own & s.kings;
    let prey = if V::MAN_TAKES_KING {
        opp
    } else {
        opp & !s.kings
    };
    let back = full_back(s.white_to_move);
    for d in 0..4 {
        if d != back && !(V::G::step(V::G::step(men, d) & prey, d) & empty).is_zero() {
            return true;
        }
        if !kings.is_zero() {
            let mut frontier = V::G::step(kings, d);
            let mut hits = BB::<V>::ZERO;
            while !frontier.is_zero() {
                hits |= frontier & opp;
                frontier = V::G::step(frontier & empty, d);
            }
            if !(V::G::step(hits, d) & empty).is_zero() {
                return true;
            }
        }
    }
    false
}

/// [`gen_quiet`] on the full board: men one square forward or sideways, kings along rows and
/// files.
fn gen_quiet_full<V: Spec, S: Sink<BB<V>>>(s: &State<BB<V>>, sink: &mut S) {
    let own = s.own();
    let empty = V::G::valid() & !(own | s.opp());
    let men = own & !s.kings;
    let promo = promo_row::<V>(s.white_to_move);
    let back = full_back(s.white_to_move);
    for d in (0..4).filter(|&d| d != back) {
        let mut t = V::G::step(men, d) & empty;
        while !t.is_zero() {
            let to = t.lowest();
            t ^= to;
            sink.quiet(V::G::step(to, d ^ 1), to, !(to & promo).is_zero());
        }
    }
    king_quiets::<V, S>(own & s.kings, empty, sink);
}

/// [`count_quiet`] on the full board.
fn count_quiet_full<V: Spec>(s: &State<BB<V>>) -> u64 {
    let own = s.own();
    let empty = V::G::valid() & !(own | s.opp());
    let men = own & !s.kings;
    let back = full_back(s.white_to_move);
    let mut n = 0u64;
    for d in (0..4).filter(|&d| d != back) {
        n += (V::G::step(men, d) & empty).popcnt() as u64;
    }
    let kings = own & s.kings;
    if !kings.is_zero() {
        for d in 0..4 {
            let mut x = V::G::step(kings, d) & empty;
            while !x.is_zero() {
                n += x.popcnt() as u64;
                if !V::FLYING {
                    break;
                }
                x = V::G::step(x, d) & empty;
            }
        }
    }
    n
}

/// Generates every completed capture sequence of the side to move (before the majority rule)
/// into `sink`; false when the search
/// stopped at [`CAPTURE_SEARCH_LIMIT`] and some sequences were not generated.
pub(crate) fn gen_captures<V: Spec, S: Sink<BB<V>>>(s: &State<BB<V>>, sink: &mut S) -> bool {
    let own = s.own();
    let opp = s.opp();
    let empty = V::G::valid() & !(own | opp);
    let mut c = Capturer::<V, S> {
        sink,
        opp,
        opp_kings: opp & s.kings,
        with_king: false,
        empty0: empty,
        immediate: s.immediate,
        white: s.white_to_move,
        promo: promo_row::<V>(s.white_to_move),
        from: BB::<V>::ZERO,
        cap: BB::<V>::ZERO,
        path: [0; MAX_PATH],
        plen: 0,
        order: [0; MAX_PATH],
        olen: 0,
        seen: HashSet::new(),
        steps: 0,
        cut: false,
    };
    let mut pieces = capture_starts::<V>(s, own, opp, empty);
    while !pieces.is_zero() {
        let p = pieces.lowest();
        pieces ^= p;
        c.from = p;
        c.empty0 = empty | p;
        c.path[0] = p.lowest_index();
        c.plen = 1;
        c.olen = 0;
        c.cap = BB::<V>::ZERO;
        c.seen.clear();
        c.with_king = !(s.kings & p).is_zero();
        if V::FULL {
            if c.with_king {
                c.full_king(p, NO_DIR, false);
            } else {
                c.full_man(p);
            }
        } else if !c.with_king {
            c.man(p);
        } else if V::FLYING {
            c.flying_king(p, false);
        } else {
            c.short_king(p);
        }
    }
    !c.cut
}

/// The pieces of the side to move a capture may start from: every king, and each man with a
/// piece it may take beside it and an empty square behind that piece, on the boards whose
/// captures run along the four diagonals; elsewhere every piece. The others would be searched
/// for nothing.
#[inline(always)]
fn capture_starts<V: Spec>(s: &State<BB<V>>, own: BB<V>, opp: BB<V>, empty: BB<V>) -> BB<V> {
    if V::FULL || V::ORTHO {
        return own;
    }
    let men = own & !s.kings;
    let prey = if V::MAN_TAKES_KING {
        opp
    } else {
        opp & !s.kings
    };
    let mut starts = own & s.kings;
    for d in 0..4 {
        if !V::BACK && !forward(s.white_to_move, d) {
            continue;
        }
        // A step back (direction `3 - d`) from an empty square, onto a piece to take, and one
        // more back: the men that jump in direction `d`.
        let back = 3 - d;
        starts |= men & V::G::step(V::G::step(empty, back) & prey, back);
    }
    starts
}

struct Capturer<'s, V: Spec, S> {
    sink: &'s mut S,
    opp: BB<V>,
    /// The opponent's kings.
    opp_kings: BB<V>,
    /// The capturing piece started the move as a king.
    with_king: bool,
    /// Empty squares, the capturing piece's start square included.
    empty0: BB<V>,
    immediate: bool,
    white: bool,
    promo: BB<V>,
    from: BB<V>,
    /// Pieces taken so far.
    cap: BB<V>,
    path: [u32; MAX_PATH],
    plen: usize,
    order: [u32; MAX_PATH],
    olen: usize,
    /// With captured pieces removed at once, paths may cross and reach the same square with
    /// the same pieces taken in many orders: each (square, pieces taken, crowned) is searched
    /// once per starting piece. Only kept where the capture choice does not look at the order
    /// (every choice but the Italian one, [`CaptureChoice::ranks_by_order`]): there the rank
    /// of a sequence depends only on the pieces it takes, so skipping a repeat changes no move
    /// and no rank.
    seen: HashSet<(u32, u128, u8)>,
    /// Search steps taken so far in this position, against [`CAPTURE_SEARCH_LIMIT`].
    steps: u32,
    /// The search stopped at the limit and skipped some sequences.
    cut: bool,
}

impl<V: Spec, S: Sink<BB<V>>> Capturer<'_, V, S> {
    /// True when this (square, pieces taken, crowned) was searched before from this piece.
    #[inline(always)]
    fn repeat(&mut self, sq: BB<V>, promotes: bool) -> bool {
        self.repeat_from(sq, promotes, NO_DIR)
    }

    /// [`Capturer::repeat`] for a king that arrived along direction `dir` (where it may not
    /// turn back, the way it came is part of what is searched).
    #[inline(always)]
    fn repeat_from(&mut self, sq: BB<V>, promotes: bool, dir: usize) -> bool {
        if self.steps >= CAPTURE_SEARCH_LIMIT {
            self.cut = true;
            return true;
        }
        self.steps += 1;
        let dir = if V::NO_ABOUT_TURN { dir } else { NO_DIR };
        self.immediate
            && !V::CHOICE.ranks_by_order()
            && !self.seen.insert((
                sq.lowest_index(),
                self.cap.to_u128(),
                promotes as u8 | (dir as u8) << 1,
            ))
    }

    /// A man on the full board (Turkish) on `sq` jumps on, forward or sideways, as far as it
    /// can. Pieces it takes are gone at once, so it cannot turn back over the one it just took.
    fn full_man(&mut self, sq: BB<V>) {
        if self.repeat(sq, false) {
            return;
        }
        let back = full_back(self.white);
        let mut any = false;
        for d in (0..4).filter(|&d| d != back) {
            let mid = V::G::step(sq, d) & self.man_takeable();
            if mid.is_zero() {
                continue;
            }
            let land = V::G::step(mid, d) & self.empty();
            if land.is_zero() {
                continue;
            }
            any = true;
            self.push(mid, land);
            if (land & self.promo).is_zero() {
                self.full_man(land);
            } else {
                match V::PROMO {
                    PromotionRule::EndsMove => self.emit(land, true),
                    PromotionRule::ContinuesAsKing => self.full_king(land, d, true),
                    PromotionRule::ContinuesAsMan => self.full_man(land),
                }
            }
            self.pop(mid);
        }
        if !any {
            let promotes = !(sq & self.promo).is_zero();
            self.emit(sq, promotes);
        }
    }

    /// A king on the full board on `sq`, which arrived by a capture along direction `last`
    /// ([`NO_DIR`] at the start), takes on along rows and files as far as it can, landing on
    /// any empty square beyond each piece it takes and, under [`Spec::NO_ABOUT_TURN`], never
    /// going back the way it came. Under the majority rule a landing square from which no
    /// capture follows loses to one from which one does, so every landing square is searched.
    fn full_king(&mut self, sq: BB<V>, last: usize, promotes: bool) {
        if self.repeat_from(sq, promotes, last) {
            return;
        }
        let mut any = false;
        for d in 0..4 {
            if V::NO_ABOUT_TURN && last != NO_DIR && d == last ^ 1 {
                continue;
            }
            let empty = self.empty();
            let mid = self.first_hit(sq, d, empty) & self.takeable();
            if mid.is_zero() {
                continue;
            }
            let first = V::G::step(mid, d) & empty;
            if first.is_zero() {
                continue;
            }
            any = true;
            self.cap |= mid;
            let empty = self.empty();
            let mut lands = BB::<V>::ZERO;
            let mut l = first;
            while !(l & empty).is_zero() {
                lands |= l;
                if !V::FLYING || V::LANDS_BEHIND {
                    break;
                }
                l = V::G::step(l, d);
            }
            self.cap ^= mid;
            while !lands.is_zero() {
                let l = lands.lowest();
                lands ^= l;
                self.push(mid, l);
                self.full_king(l, d, promotes);
                self.pop(mid);
            }
        }
        if !any {
            self.emit(sq, promotes);
        }
    }

    #[inline(always)]
    fn empty(&self) -> BB<V> {
        if self.immediate {
            self.empty0 | self.cap
        } else {
            self.empty0
        }
    }

    #[inline(always)]
    fn takeable(&self) -> BB<V> {
        self.opp & !self.cap
    }

    /// What a man may take.
    #[inline(always)]
    fn man_takeable(&self) -> BB<V> {
        if V::MAN_TAKES_KING {
            self.takeable()
        } else {
            self.takeable() & !self.opp_kings
        }
    }

    /// The rank of the sequence taken so far under the variant's capture choice.
    #[inline(always)]
    fn rank(&self) -> u32 {
        match V::CHOICE {
            CaptureChoice::Free => 0,
            CaptureChoice::Majority => V::CHOICE.rank(CaptureTraits {
                pieces: self.cap.popcnt(),
                ..CaptureTraits::default()
            }),
            _ => {
                let kings = self.cap & self.opp_kings;
                let first_king = if kings.is_zero() {
                    None
                } else {
                    self.order[..self.olen]
                        .iter()
                        .position(|&b| !(BB::<V>::from_u128(1u128 << b) & kings).is_zero())
                        .map(|i| i as u32)
                };
                V::CHOICE.rank(CaptureTraits {
                    pieces: self.cap.popcnt(),
                    with_king: self.with_king,
                    kings: kings.popcnt(),
                    first_king,
                })
            }
        }
    }

    #[inline(always)]
    fn emit(&mut self, to: BB<V>, promotes: bool) {
        if self.olen == 0 {
            return;
        }
        let m = CMove {
            from: self.from,
            to,
            captured: self.cap,
            promotes,
            rank: self.rank(),
        };
        self.sink
            .capture(m, &self.path[..self.plen], &self.order[..self.olen]);
    }

    #[inline(always)]
    fn push(&mut self, mid: BB<V>, land: BB<V>) {
        self.cap |= mid;
        self.order[self.olen] = mid.lowest_index();
        self.olen += 1;
        self.path[self.plen] = land.lowest_index();
        self.plen += 1;
    }

    #[inline(always)]
    fn pop(&mut self, mid: BB<V>) {
        self.cap ^= mid;
        self.olen -= 1;
        self.plen -= 1;
    }

    /// A man on `sq` jumps on as far as it can.
    fn man(&mut self, sq: BB<V>) {
        if self.repeat(sq, false) {
            return;
        }
        let mut any = false;
        for d in 0..V::DIRS {
            if !V::BACK && !forward(self.white, d) {
                continue;
            }
            let mid = dstep::<V>(sq, d) & self.man_takeable();
            if mid.is_zero() {
                continue;
            }
            let land = dstep::<V>(mid, d) & self.empty();
            if land.is_zero() {
                continue;
            }
            any = true;
            self.push(mid, land);
            if (land & self.promo).is_zero() {
                self.man(land);
            } else {
                match V::PROMO {
                    PromotionRule::EndsMove => self.emit(land, true),
                    PromotionRule::ContinuesAsKing => self.flying_king(land, true),
                    PromotionRule::ContinuesAsMan => self.man(land),
                }
            }
            self.pop(mid);
        }
        if !any {
            let promotes = !(sq & self.promo).is_zero();
            self.emit(sq, promotes);
        }
    }

    /// An English king on `sq` jumps on as far as it can.
    fn short_king(&mut self, sq: BB<V>) {
        if self.repeat(sq, true) {
            return;
        }
        let mut any = false;
        for d in 0..V::DIRS {
            let mid = dstep::<V>(sq, d) & self.takeable();
            if mid.is_zero() {
                continue;
            }
            let land = dstep::<V>(mid, d) & self.empty();
            if land.is_zero() {
                continue;
            }
            any = true;
            self.push(mid, land);
            self.short_king(land);
            self.pop(mid);
        }
        if !any {
            self.emit(sq, false);
        }
    }

    /// The first piece met along direction `d` from `sq`, past empty squares.
    #[inline(always)]
    fn first_hit(&self, sq: BB<V>, d: usize, empty: BB<V>) -> BB<V> {
        let mut x = dstep::<V>(sq, d);
        while !(x & empty).is_zero() {
            x = dstep::<V>(x, d);
        }
        x
    }

    /// True when a flying king on `sq` could take a piece.
    fn flying_can_take(&self, sq: BB<V>) -> bool {
        let empty = self.empty();
        let takeable = self.takeable();
        (0..V::DIRS).any(|d| {
            let mid = self.first_hit(sq, d, empty) & takeable;
            !(dstep::<V>(mid, d) & empty).is_zero()
        })
    }

    /// A flying king on `sq` (or a man crowned during this capture, `promotes`) takes on as
    /// far as it can.
    fn flying_king(&mut self, sq: BB<V>, promotes: bool) {
        if self.repeat(sq, promotes) {
            return;
        }
        let mut any = false;
        for d in 0..V::DIRS {
            let empty = self.empty();
            let mid = self.first_hit(sq, d, empty) & self.takeable();
            if mid.is_zero() {
                continue;
            }
            let first = dstep::<V>(mid, d) & empty;
            if first.is_zero() {
                continue;
            }
            any = true;
            self.cap |= mid;
            let empty = self.empty();
            let mut lands = BB::<V>::ZERO;
            let mut l = first;
            while !(l & empty).is_zero() {
                lands |= l;
                if V::LANDS_BEHIND {
                    break;
                }
                l = dstep::<V>(l, d);
            }
            let mut cont = BB::<V>::ZERO;
            let mut it = lands;
            while !it.is_zero() {
                let l = it.lowest();
                it ^= l;
                if self.flying_can_take(l) {
                    cont |= l;
                }
            }
            self.cap ^= mid;
            let mut targets = if cont.is_zero() { lands } else { cont };
            while !targets.is_zero() {
                let l = targets.lowest();
                targets ^= l;
                self.push(mid, l);
                self.flying_king(l, promotes);
                self.pop(mid);
            }
        }
        if !any {
            self.emit(sq, promotes);
        }
    }
}

// ---------------------------------------------------------------------------------------
// The public face.

/// Builds public moves, keeping one per (from, to, captured set, crowned): of the orders in
/// which the same pieces can be taken, the first of the best rank.
struct MoveSink {
    board: Board,
    moves: Vec<Move>,
    /// Index in `moves` of each capture's (from, to, captured set, crowned).
    keys: HashMap<(u128, u128, u128, bool), usize>,
    ranks: Vec<u32>,
}

impl MoveSink {
    fn new(board: Board) -> MoveSink {
        MoveSink {
            board,
            moves: Vec::new(),
            keys: HashMap::new(),
            ranks: Vec::new(),
        }
    }

    /// Keeps only the moves of the highest rank.
    fn retain_best(&mut self) {
        let max = self.ranks.iter().copied().max().unwrap_or(0);
        let mut ranks = self.ranks.iter();
        self.moves.retain(|_| ranks.next() == Some(&max));
        self.ranks.retain(|&r| r == max);
    }

    fn sq(&self, bit: u32) -> Square {
        // Generated bits are always playing squares.
        bit_square(self.board, bit).unwrap_or(Square(0))
    }
}

impl<B: Bits> Sink<B> for MoveSink {
    fn quiet(&mut self, from: B, to: B, promotes: bool) {
        let from = self.sq(from.lowest_index());
        let to = self.sq(to.lowest_index());
        let mut path = ArrayVec::new();
        path.push(from);
        path.push(to);
        self.moves.push(Move {
            from,
            to,
            path,
            captured: ArrayVec::new(),
            promotes,
        });
        self.ranks.push(0);
    }

    fn capture(&mut self, m: CMove<B>, path: &[u32], order: &[u32]) {
        let key = (
            m.from.to_u128(),
            m.to.to_u128(),
            m.captured.to_u128(),
            m.promotes,
        );
        let seen = self.keys.get(&key).copied();
        if let Some(i) = seen {
            if self.ranks[i] >= m.rank {
                return;
            }
        }
        let mv = Move {
            from: self.sq(m.from.lowest_index()),
            to: self.sq(m.to.lowest_index()),
            path: path.iter().map(|&b| self.sq(b)).collect(),
            captured: order.iter().map(|&b| self.sq(b)).collect(),
            promotes: m.promotes,
        };
        match seen {
            Some(i) => {
                self.moves[i] = mv;
                self.ranks[i] = m.rank;
            }
            None => {
                self.keys.insert(key, self.moves.len());
                self.moves.push(mv);
                self.ranks.push(m.rank);
            }
        }
    }
}

fn legal_moves_of<V: Spec>(pos: &Position) -> MoveList {
    let s = State::<BB<V>>::of(pos);
    let mut sink = MoveSink::new(pos.board());
    let mut complete = true;
    if s.first_king_made::<V>() {
        // The game is over.
    } else if has_capture::<V>(&s) {
        complete = gen_captures::<V, _>(&s, &mut sink);
        if V::CHOICE != CaptureChoice::Free {
            sink.retain_best();
        }
    } else {
        gen_quiet::<V, _>(&s, &mut sink);
    }
    MoveList(sink.moves, complete)
}

fn captures_of<V: Spec>(pos: &Position) -> MoveList {
    let s = State::<BB<V>>::of(pos);
    let mut sink = MoveSink::new(pos.board());
    let complete = gen_captures::<V, _>(&s, &mut sink);
    MoveList(sink.moves, complete)
}

fn quiet_of<V: Spec>(pos: &Position) -> MoveList {
    let s = State::<BB<V>>::of(pos);
    let mut sink = MoveSink::new(pos.board());
    gen_quiet::<V, _>(&s, &mut sink);
    MoveList(sink.moves, true)
}

/// Whether the side to move has the quiet move `from`-`to` (one-bit masks), and if so whether
/// it crowns: the answer [`gen_quiet`] gives for that one move, found from the one piece.
#[inline]
fn quiet_one<V: Spec>(s: &State<BB<V>>, from: BB<V>, to: BB<V>) -> Option<bool> {
    let own = s.own();
    let empty = V::G::valid() & !(own | s.opp());
    if (from & own).is_zero() || (to & empty).is_zero() {
        return None;
    }
    if (from & s.kings).is_zero() {
        let promotes = !(to & promo_row::<V>(s.white_to_move)).is_zero();
        let hit = if V::FULL {
            let back = full_back(s.white_to_move);
            (0..4).any(|d| d != back && V::G::step(from, d) & empty == to)
        } else {
            let dirs: [usize; 2] = if s.white_to_move { [0, 1] } else { [2, 3] };
            dirs.iter().any(|&d| V::G::step(from, d) & empty == to)
        };
        return hit.then_some(promotes);
    }
    for d in 0..4 {
        let mut x = V::G::step(from, d) & empty;
        while !x.is_zero() {
            if x == to {
                return Some(false);
            }
            if !V::FLYING {
                break;
            }
            x = V::G::step(x, d) & empty;
        }
    }
    None
}

fn quiet_move_of<V: Spec>(pos: &Position, from: Square, to: Square) -> Option<Move> {
    let board = pos.board();
    if !board.contains(from) || !board.contains(to) {
        return None;
    }
    let s = State::<BB<V>>::of(pos);
    if has_capture::<V>(&s) {
        return None;
    }
    let promotes = quiet_one::<V>(
        &s,
        BB::<V>::from_u128(square_mask(board, from)),
        BB::<V>::from_u128(square_mask(board, to)),
    )?;
    let mut path = ArrayVec::new();
    path.push(from);
    path.push(to);
    Some(Move {
        from,
        to,
        path,
        captured: ArrayVec::new(),
        promotes,
    })
}

/// A move as masks over a [`Position`]'s own bitboards: what the replay needs to play a move
/// and to judge how it was written, without its path or the order of its captures. Built for
/// the moves the replay reads on its quick path; a full [`Move`] is built only where a move is
/// reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CompactMove {
    pub from: u128,
    pub to: u128,
    pub captured: u128,
    pub promotes: bool,
}

impl CompactMove {
    /// True when the move captures.
    #[inline]
    pub(crate) fn is_capture(&self) -> bool {
        self.captured != 0
    }
}

/// Keeps, of the captures generated, the best rank of all and the distinct captures (start, end,
/// captured set, crowning; each with its best rank) from `from` to `to`: no path is built and
/// nothing is kept of the other captures.
struct WrittenSink<'b> {
    from: u128,
    to: u128,
    best: u32,
    found: &'b mut Vec<CMove<u128>>,
}

impl<B: Bits> Sink<B> for WrittenSink<'_> {
    #[inline]
    fn quiet(&mut self, _from: B, _to: B, _promotes: bool) {}

    #[inline]
    fn capture(&mut self, m: CMove<B>, _path: &[u32], _order: &[u32]) {
        self.best = self.best.max(m.rank);
        if m.from.to_u128() != self.from || m.to.to_u128() != self.to {
            return;
        }
        let w = CMove {
            from: self.from,
            to: self.to,
            captured: m.captured.to_u128(),
            promotes: m.promotes,
            rank: m.rank,
        };
        match self.found.iter_mut().find(|e| e.same(&w)) {
            Some(e) => e.rank = e.rank.max(w.rank),
            None => self.found.push(w),
        }
    }
}

thread_local! {
    /// The captures [`written_of`] looks at, kept from one call to the next so that reading a
    /// move allocates nothing.
    static WRITTEN: std::cell::RefCell<Vec<CMove<u128>>> = const { std::cell::RefCell::new(Vec::new()) };
}

fn written_of<V: Spec>(pos: &Position, from: Square, to: Square) -> Option<CompactMove> {
    let board = pos.board();
    if !board.contains(from) || !board.contains(to) {
        return None;
    }
    let s = State::<BB<V>>::of(pos);
    let (f, t) = (square_mask(board, from), square_mask(board, to));
    if !has_capture::<V>(&s) {
        let promotes = quiet_one::<V>(&s, BB::<V>::from_u128(f), BB::<V>::from_u128(t))?;
        return Some(CompactMove {
            from: f,
            to: t,
            captured: 0,
            promotes,
        });
    }
    WRITTEN.with(|cell| {
        let mut found = cell.try_borrow_mut().ok()?;
        found.clear();
        let mut sink = WrittenSink {
            from: f,
            to: t,
            best: 0,
            found: &mut found,
        };
        if !gen_captures::<V, _>(&s, &mut sink) {
            return None;
        }
        let best = sink.best;
        if V::CHOICE != CaptureChoice::Free {
            found.retain(|m| m.rank == best);
        }
        // A capture of one piece is the one whose path the two squares give exactly.
        if found.iter().any(|m| m.captured.count_ones() == 1) {
            found.retain(|m| m.captured.count_ones() == 1);
        }
        match found[..] {
            [m] => Some(CompactMove {
                from: m.from,
                to: m.to,
                captured: m.captured,
                promotes: m.promotes,
            }),
            _ => None,
        }
    })
}

fn has_capture_of<V: Spec>(pos: &Position) -> bool {
    has_capture::<V>(&State::<BB<V>>::of(pos))
}

/// A legal capture between two given squares, as [`Position::with_written_captures`] lists it:
/// the move and the same move as masks.
pub(crate) struct WrittenCapture {
    pub compact: CompactMove,
    pub mv: Move,
}

/// Keeps, of the captures generated, the best rank of all and the captures from `from` to `to`
/// as [`MoveSink`] keeps them: one per captured set and crowning, the first order of the best
/// rank, each with its rank.
struct PathSink<'b> {
    board: Board,
    from: u128,
    to: u128,
    best: u32,
    found: &'b mut Vec<(u32, WrittenCapture)>,
}

impl<B: Bits> Sink<B> for PathSink<'_> {
    #[inline]
    fn quiet(&mut self, _from: B, _to: B, _promotes: bool) {}

    fn capture(&mut self, m: CMove<B>, path: &[u32], order: &[u32]) {
        self.best = self.best.max(m.rank);
        if m.from.to_u128() != self.from || m.to.to_u128() != self.to {
            return;
        }
        let captured = m.captured.to_u128();
        let seen = self
            .found
            .iter()
            .position(|(_, c)| c.compact.captured == captured && c.compact.promotes == m.promotes);
        if let Some(i) = seen {
            if self.found[i].0 >= m.rank {
                return;
            }
        }
        let sq = |b: u32| bit_square(self.board, b).unwrap_or(Square(0));
        let c = WrittenCapture {
            compact: CompactMove {
                from: self.from,
                to: self.to,
                captured,
                promotes: m.promotes,
            },
            mv: Move {
                from: sq(m.from.lowest_index()),
                to: sq(m.to.lowest_index()),
                path: path.iter().map(|&b| sq(b)).collect(),
                captured: order.iter().map(|&b| sq(b)).collect(),
                promotes: m.promotes,
            },
        };
        match seen {
            Some(i) => self.found[i] = (m.rank, c),
            None => self.found.push((m.rank, c)),
        }
    }
}

thread_local! {
    /// The captures [`written_captures_of`] hands on, kept from one call to the next.
    static PATHS: std::cell::RefCell<Vec<(u32, WrittenCapture)>> = const { std::cell::RefCell::new(Vec::new()) };
}

fn written_captures_of<V: Spec>(
    pos: &Position,
    from: Square,
    to: Square,
    f: impl FnOnce(&mut dyn Iterator<Item = &WrittenCapture>) -> Option<CompactMove>,
) -> Option<CompactMove> {
    let board = pos.board();
    if !board.contains(from) || !board.contains(to) {
        return None;
    }
    let s = State::<BB<V>>::of(pos);
    if !has_capture::<V>(&s) {
        return None;
    }
    PATHS.with(|cell| {
        let mut found = cell.try_borrow_mut().ok()?;
        found.clear();
        let mut sink = PathSink {
            board,
            from: square_mask(board, from),
            to: square_mask(board, to),
            best: 0,
            found: &mut found,
        };
        if !gen_captures::<V, _>(&s, &mut sink) {
            return None;
        }
        let best = sink.best;
        let free = V::CHOICE == CaptureChoice::Free;
        let mut legal = found
            .iter()
            .filter(|(rank, _)| free || *rank == best)
            .map(|(_, c)| c);
        f(&mut legal)
    })
}

impl Position {
    /// Hands `f` the legal captures from `from` to `to`, with their paths, as
    /// [`Position::legal_moves`] gives them, in its order, and gives back the move `f` picks;
    /// `None` (and `f` is not called) when no capture is compulsory or the capture search
    /// stopped at its limit. Builds no other move, and allocates nothing once warm.
    pub(crate) fn with_written_captures(
        &self,
        from: Square,
        to: Square,
        f: impl FnOnce(&mut dyn Iterator<Item = &WrittenCapture>) -> Option<CompactMove>,
    ) -> Option<CompactMove> {
        dispatch!(self.variant(), written_captures_of(self, from, to, f))
    }

    /// The legal moves: if any capture is possible, only completed capture sequences (and,
    /// under the majority rule, only those taking the most pieces); otherwise the quiet moves.
    /// Captures with the same ends and the same set of captured pieces appear once. None once
    /// the game is over by its variant's end rule: in Breakthrough, once a side has a king.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::notation::{Layout, position};
    /// use pdnkit::rules::{Variant, perft};
    ///
    /// // White has crowned on 3: the game is over, though Black's men could move.
    /// let fen = "B:WK3,40:B20,21";
    /// let board = |v| position(fen, v, &Layout::standard(v)).unwrap();
    /// let over = board(Variant::Breakthrough);
    /// assert!(over.legal_moves().is_empty());
    /// assert_eq!(perft(&over, 2), 0);
    /// let international = board(Variant::International);
    /// assert_eq!(international.legal_moves().len(), 4);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        dispatch!(self.variant(), legal_moves_of(self))
    }

    /// True when the side to move has a capture (compulsory capture applies). Cheap: a few
    /// bitboard operations, no generation.
    pub fn has_capture(&self) -> bool {
        dispatch!(self.variant(), has_capture_of(self))
    }

    /// The legal quiet move from `from` to `to`, if there is one: the same answer as looking
    /// for it in [`Position::legal_moves`], without building the list (so `None` whenever a
    /// capture is compulsory).
    pub fn legal_quiet_move(&self, from: Square, to: Square) -> Option<Move> {
        dispatch!(self.variant(), quiet_move_of(self, from, to))
    }

    /// The one legal move a move written with the two squares `from` and `to` names, when
    /// [`crate::notation::resolve::resolve_squares`] would read it so without an error or a
    /// choice between readings: the legal quiet move, or the only legal capture between them
    /// (preferring, as the full look-up does, a capture of one piece, whose path the squares
    /// give exactly). `None` leaves the reading to the full look-up, which also says why.
    pub(crate) fn written_move(&self, from: Square, to: Square) -> Option<CompactMove> {
        dispatch!(self.variant(), written_of(self, from, to))
    }

    /// Every completed capture sequence, before the majority rule filters them (to tell a
    /// capture that broke the majority rule from one that is not a capture at all).
    pub fn all_captures(&self) -> MoveList {
        dispatch!(self.variant(), captures_of(self))
    }

    /// The non-capturing moves, as if capturing were not compulsory (to tell a missed capture
    /// from an impossible move).
    pub fn quiet_moves(&self) -> MoveList {
        dispatch!(self.variant(), quiet_of(self))
    }

    /// What the capture-choice rules look at in `mv`, a move of this position: how many
    /// pieces and kings it takes, whether a king takes them, and where the first king comes in
    /// the order of taking.
    pub fn capture_traits(&self, mv: &Move) -> CaptureTraits {
        let is_king = |sq: Square| self.piece_at(sq).is_some_and(|p| p.role == Role::King);
        CaptureTraits {
            pieces: mv.captured.len() as u32,
            with_king: is_king(mv.from),
            kings: mv.captured.iter().filter(|&&sq| is_king(sq)).count() as u32,
            first_king: mv
                .captured
                .iter()
                .position(|&sq| is_king(sq))
                .map(|i| i as u32),
        }
    }

    /// Plays `mv`, a move from one of the lists above: moves the piece, removes the captured
    /// pieces, crowns a man that ends on its promotion row, and gives the move to the other side.
    pub fn play(&mut self, mv: &Move) {
        let board = self.board();
        let captured = mv
            .captured
            .iter()
            .fold(0u128, |acc, &sq| acc | square_mask(board, sq));
        self.play_compact(&CompactMove {
            from: square_mask(board, mv.from),
            to: square_mask(board, mv.to),
            captured,
            promotes: mv.promotes,
        });
    }

    /// Plays a move given as masks, as [`Position::play`] plays the same move.
    pub(crate) fn play_compact(&mut self, mv: &CompactMove) {
        let board = self.board();
        let (from, to) = (mv.from, mv.to);
        let side = self.side_to_move();
        let promo = crate::board::bitboard::promotion_mask(board, side);
        let was_king = self.kings & from != 0;
        let promotes = mv.promotes || (!was_king && to & promo != 0);
        let m = CMove {
            from,
            to,
            captured: mv.captured,
            promotes,
            rank: 0,
        };
        let s = State::<u128> {
            white: self.white,
            black: self.black,
            kings: self.kings,
            white_to_move: side == Color::White,
            immediate: false,
        }
        .play(&m);
        self.white = s.white;
        self.black = s.black;
        self.kings = s.kings;
        self.set_side_to_move(side.opponent());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Piece;

    /// A white king on 70 of the Canadian board below five full rows of black men (rows 2, 4,
    /// 6, 8 and 10, thirty men), with pieces removed as they are taken: the king can take
    /// them in more orders than any search could try.
    fn lattice(removal: CaptureRemoval) -> Position {
        let mut p = Position::empty(Variant::Canadian, Color::White);
        p.set_capture_removal(removal);
        let king = Piece {
            color: Color::White,
            role: Role::King,
        };
        let man = Piece {
            color: Color::Black,
            role: Role::Man,
        };
        p.set_piece(Square(70), Some(king));
        for row in [2u8, 4, 6, 8, 10] {
            for col in 1..=6 {
                p.set_piece(Square((row - 1) * 6 + col), Some(man));
            }
        }
        p
    }

    #[test]
    fn a_capture_search_beyond_the_limit_stops_and_says_the_list_is_incomplete() {
        let p = lattice(CaptureRemoval::Immediate);
        let legal = p.legal_moves();
        assert!(!legal.is_complete());
        assert!(
            !legal.is_empty(),
            "the moves found before the limit are kept"
        );
        assert!(!p.all_captures().is_complete());
        // The same lattice with pieces removed after the move is searched to the end.
        let after = lattice(CaptureRemoval::AfterMove);
        assert!(after.legal_moves().is_complete());
        assert!(after.legal_moves().iter().all(|m| m.is_capture()));
    }

    #[test]
    fn ordinary_positions_are_searched_to_the_end() {
        for v in Variant::ALL {
            let p = Position::start(v);
            assert!(p.legal_moves().is_complete(), "{v}");
            assert!(p.quiet_moves().is_complete(), "{v}");
        }
    }

    #[test]
    fn moves_display_their_path_and_serialize_as_plain_lists() {
        let p = Position::start(Variant::International);
        let m = p
            .legal_moves()
            .iter()
            .find(|m| m.from.number() == 32 && m.to.number() == 28)
            .cloned()
            .expect("32-28 from the start");
        assert_eq!(m.to_string(), "32-28");
        let json = serde_json::to_value(&m).expect("serializes");
        assert_eq!(json["path"], serde_json::json!([31, 27]));
        assert_eq!(json["captured"], serde_json::json!([]));
        assert!(m.same_move(&m));
    }

    #[test]
    fn legal_quiet_move_agrees_with_the_move_list() {
        for v in Variant::ALL {
            let mut pos = Position::start(v);
            for ply in 0..40 {
                let legal = pos.legal_moves();
                let Some(mv) = legal.get(ply * 7 % legal.len().max(1)).cloned() else {
                    break;
                };
                for a in v.board().all_squares() {
                    for b in v.board().all_squares() {
                        let listed = legal
                            .iter()
                            .find(|m| !m.is_capture() && m.from == a && m.to == b);
                        assert_eq!(pos.legal_quiet_move(a, b).as_ref(), listed, "{v} {a}-{b}");
                    }
                }
                pos.play(&mv);
            }
        }
    }

    #[test]
    fn quick_capture_test_matches_generation_at_the_start() {
        for v in Variant::ALL {
            let p = Position::start(v);
            assert!(!p.has_capture());
            assert!(p.all_captures().is_empty());
            assert_eq!(p.quiet_moves(), p.legal_moves());
        }
    }
}
