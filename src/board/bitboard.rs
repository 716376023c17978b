//! Bitboards with ghost squares.
//!
//! A board of width `W` (with `P = W / 2` playing squares a row) is laid out so that each pair
//! of rows takes `W + 1` bits: the `P` squares of the upper row, the `P` squares of the lower
//! row, then one ghost bit that is never a playing square. With that layout a diagonal step is
//! a shift by a fixed amount, and a step off the left or right edge lands on a ghost bit (or,
//! off the top or bottom, outside the board), so masking with the playing squares is enough:
//!
//! | direction (as White sees the board) | shift |
//! |---|---|
//! | up-left | `>> (P + 1)` |
//! | up-right | `>> P` |
//! | down-left | `<< P` |
//! | down-right | `<< (P + 1)` |
//!
//! "Up" is toward the top row (Black's back row), which is White's forward direction.
//! 8x8 takes 36 bits and 10x10 takes 55 (both in a `u64`), 12x12 takes 78 (a `u128`).
//! Bits are numbered so that the canonical square order is kept: a lower square index always
//! has a lower bit.
//!
//! The full 8x8 board of Turkish draughts ([`Board::F8`]) gives each row its own ghost bit:
//! nine bits a row, 72 in all (a `u128`). A step up is `>> 9`, down `<< 9`, left `>> 1` and
//! right `<< 1`; a step off the left or right edge lands on a ghost bit ([`GF8`]).

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

use super::{Board, Color, Square};

/// An unsigned integer used as a bitboard.
pub(crate) trait Bits:
    Copy
    + Eq
    + std::hash::Hash
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// No bit set.
    const ZERO: Self;
    /// Truncating conversion from the wide form.
    fn from_u128(x: u128) -> Self;
    /// Widening conversion.
    fn to_u128(self) -> u128;
    /// True when no bit is set.
    fn is_zero(self) -> bool;
    /// Number of set bits.
    fn popcnt(self) -> u32;
    /// Index of the lowest set bit (undefined meaning when zero).
    fn lowest_index(self) -> u32;
    /// The lowest set bit alone.
    fn lowest(self) -> Self;
}

macro_rules! impl_bits {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            #[inline(always)]
            fn from_u128(x: u128) -> Self {
                x as $t
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn is_zero(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn popcnt(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest_index(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn lowest(self) -> Self {
                self & self.wrapping_neg()
            }
        }
    };
}

impl_bits!(u64);
impl_bits!(u128);

/// The bit of canonical square index `s` on `board`.
#[inline]
pub(crate) const fn bit_index(board: Board, s: u32) -> u32 {
    let per = board.per_row() as u32;
    let r = s / per;
    let k = s % per;
    if board.is_full() {
        return r * (per + 1) + k;
    }
    (r / 2) * (2 * per + 1) + (r % 2) * per + k
}

/// The canonical square of bit `bit`, or `None` for a ghost bit or a bit off the board.
#[inline]
pub(crate) const fn bit_square(board: Board, bit: u32) -> Option<Square> {
    let per = board.per_row() as u32;
    if board.is_full() {
        let (r, k) = (bit / (per + 1), bit % (per + 1));
        if k == per || r >= per {
            return None;
        }
        return Some(Square((r * per + k) as u8));
    }
    let pair = 2 * per + 1;
    let r2 = bit / pair;
    let rem = bit % pair;
    if rem == 2 * per {
        return None;
    }
    let s = (2 * r2 + rem / per) * per + rem % per;
    if s as usize >= board.squares() {
        return None;
    }
    Some(Square(s as u8))
}

/// The one-bit mask of `sq` (zero when `sq` is not on `board`).
#[inline]
pub(crate) const fn square_mask(board: Board, sq: Square) -> u128 {
    if !board.contains(sq) {
        return 0;
    }
    1u128 << BIT_INDEX[board_index(board)][sq.0 as usize]
}

/// The index of `board` into the tables below, in the order of [`Board::ALL`].
#[inline]
const fn board_index(board: Board) -> usize {
    match board {
        Board::B8 => 0,
        Board::B10 => 1,
        Board::B12 => 2,
        Board::F8 => 3,
    }
}

/// The most playing squares of a board (12x12).
const MAX_SQUARES: usize = 72;

/// [`bit_index`] of every square of `board`, computed once: the replay maps squares to bits
/// on every move it plays, and the division `bit_index` makes is not free.
const fn bit_table(board: Board) -> [u8; MAX_SQUARES] {
    let mut t = [0u8; MAX_SQUARES];
    let mut s = 0;
    while s < board.squares() {
        t[s] = bit_index(board, s as u32) as u8;
        s += 1;
    }
    t
}

const BIT_INDEX: [[u8; MAX_SQUARES]; 4] = [
    bit_table(Board::ALL[0]),
    bit_table(Board::ALL[1]),
    bit_table(Board::ALL[2]),
    bit_table(Board::ALL[3]),
];

/// [`promotion_mask`] of every board and colour (White, Black), computed once.
const PROMOTION: [[u128; 2]; 4] = {
    let mut t = [[0u128; 2]; 4];
    let mut i = 0;
    while i < 4 {
        let board = Board::ALL[i];
        let n = board.size() as u32;
        t[i] = [rows_mask(board, 0, 1), rows_mask(board, n - 1, n)];
        i += 1;
    }
    t
};

/// All playing squares of `board`.
pub(crate) const fn valid_mask(board: Board) -> u128 {
    rows_mask(board, 0, board.size() as u32)
}

/// The playing squares of canonical rows `from..to` (row 0 is the top row).
pub(crate) const fn rows_mask(board: Board, from: u32, to: u32) -> u128 {
    let per = board.per_row() as u32;
    let mut m = 0u128;
    let mut s = from * per;
    while s < to * per {
        m |= 1u128 << BIT_INDEX[board_index(board)][s as usize];
        s += 1;
    }
    m
}

/// The playing squares whose column within their row (counting playing squares only) is
/// `k`: `k = 0` the first of each row, `k = per - 1` the last.
pub(crate) const fn column_mask(board: Board, k: u32) -> u128 {
    let per = board.per_row() as u32;
    let mut m = 0u128;
    let mut s = k;
    while s < board.squares() as u32 {
        m |= 1u128 << bit_index(board, s);
        s += per;
    }
    m
}

/// The row on which a man of `color` is crowned.
pub(crate) const fn promotion_mask(board: Board, color: Color) -> u128 {
    PROMOTION[board_index(board)][match color {
        Color::White => 0,
        Color::Black => 1,
    }]
}

/// A board layout known at compile time.
pub(crate) trait Geometry {
    /// The integer that holds a bitboard.
    type B: Bits;
    /// The board.
    const BOARD: Board;
    /// Playing squares a row (half the width).
    const P: u32 = Self::BOARD.per_row() as u32;
    /// Every playing square.
    const VALID: u128 = valid_mask(Self::BOARD);
    /// White's promotion row (the top row).
    const PROMO_WHITE: u128 = promotion_mask(Self::BOARD, Color::White);
    /// Black's promotion row (the bottom row).
    const PROMO_BLACK: u128 = promotion_mask(Self::BOARD, Color::Black);

    /// One diagonal step of every bit of `x` in direction `d` (0 up-left, 1 up-right,
    /// 2 down-left, 3 down-right). Bits that leave the board land on ghost bits or vanish.
    #[inline(always)]
    fn step(x: Self::B, d: usize) -> Self::B {
        match d {
            0 => x >> (Self::P + 1),
            1 => x >> Self::P,
            2 => x << Self::P,
            _ => x << (Self::P + 1),
        }
    }

    /// Playing squares that have another one to their left in the same row.
    const NOT_FIRST: u128 = Self::VALID & !column_mask(Self::BOARD, 0);
    /// Playing squares that have another one to their right in the same row.
    const NOT_LAST: u128 = Self::VALID & !column_mask(Self::BOARD, Self::P - 1);

    /// One orthogonal step of every bit of `x` in direction `d` (0 up, 1 down, 2 left,
    /// 3 right) to the next playing square of the same colour: two rows up or down (a shift by
    /// one block of `W + 1` bits), or the neighbouring playing square of the same row. Bits
    /// that leave the board vanish or land outside the playing squares.
    #[inline(always)]
    fn ostep(x: Self::B, d: usize) -> Self::B {
        match d {
            0 => x >> (2 * Self::P + 1),
            1 => (x << (2 * Self::P + 1)) & Self::valid(),
            2 => (x & Self::B::from_u128(Self::NOT_FIRST)) >> 1,
            _ => (x & Self::B::from_u128(Self::NOT_LAST)) << 1,
        }
    }

    /// The playing squares as a bitboard.
    #[inline(always)]
    fn valid() -> Self::B {
        Self::B::from_u128(Self::VALID)
    }
}

/// 8x8 in a `u64`.
pub(crate) struct G8;
/// 10x10 in a `u64`.
pub(crate) struct G10;
/// 12x12 in a `u128`.
pub(crate) struct G12;

impl Geometry for G8 {
    type B = u64;
    const BOARD: Board = Board::B8;
}
impl Geometry for G10 {
    type B = u64;
    const BOARD: Board = Board::B10;
}
impl Geometry for G12 {
    type B = u128;
    const BOARD: Board = Board::B12;
}

/// The full 8x8 board of Turkish draughts in a `u128`, nine bits a row. Its steps are the
/// orthogonal ones: direction 0 up, 1 down, 2 left, 3 right (so `d ^ 1` is the opposite).
pub(crate) struct GF8;

impl Geometry for GF8 {
    type B = u128;
    const BOARD: Board = Board::F8;

    #[inline(always)]
    fn step(x: u128, d: usize) -> u128 {
        match d {
            0 => x >> 9,
            1 => x << 9,
            2 => x >> 1,
            _ => x << 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn neighbours(board: Board, sq: Square) -> Vec<Option<Square>> {
        let m = square_mask(board, sq);
        let per = board.per_row() as u32;
        let valid = valid_mask(board);
        let shifted = [m >> (per + 1), m >> per, m << per, m << (per + 1)];
        shifted
            .iter()
            .map(|&x| {
                if x & valid == 0 {
                    None
                } else {
                    bit_square(board, x.trailing_zeros())
                }
            })
            .collect()
    }

    #[test]
    fn shifts_are_orthogonal_steps_on_the_full_board() {
        let board = Board::F8;
        for sq in board.all_squares() {
            let (f, r) = board.coords(sq);
            let (f, r) = (f as i32, r as i32);
            let want = [
                board.square_at(f, r + 1),
                board.square_at(f, r - 1),
                board.square_at(f - 1, r),
                board.square_at(f + 1, r),
            ];
            let x = square_mask(board, sq);
            for (d, w) in want.iter().enumerate() {
                let y = GF8::step(x, d) & valid_mask(board);
                let got = (y != 0)
                    .then(|| bit_square(board, y.trailing_zeros()))
                    .flatten();
                assert_eq!(got, *w, "{sq} direction {d}");
            }
        }
    }

    #[test]
    fn shifts_are_diagonal_steps_on_every_board() {
        for board in Board::ALL.into_iter().filter(|b| !b.is_full()) {
            for sq in board.all_squares() {
                let (f, r) = board.coords(sq);
                let (f, r) = (f as i32, r as i32);
                let want = vec![
                    board.square_at(f - 1, r + 1),
                    board.square_at(f + 1, r + 1),
                    board.square_at(f - 1, r - 1),
                    board.square_at(f + 1, r - 1),
                ];
                assert_eq!(neighbours(board, sq), want, "{board} {sq}");
            }
        }
    }

    #[test]
    fn orthogonal_steps_reach_the_next_square_of_the_same_colour() {
        fn check<G: Geometry>() {
            let board = G::BOARD;
            for sq in board.all_squares() {
                let (f, r) = board.coords(sq);
                let (f, r) = (f as i32, r as i32);
                let want = [
                    board.square_at(f, r + 2),
                    board.square_at(f, r - 2),
                    board.square_at(f - 2, r),
                    board.square_at(f + 2, r),
                ];
                let x = G::B::from_u128(square_mask(board, sq));
                for (d, w) in want.iter().enumerate() {
                    let y = G::ostep(x, d).to_u128() & valid_mask(board);
                    let got = (y != 0)
                        .then(|| bit_square(board, y.trailing_zeros()))
                        .flatten();
                    assert_eq!(got, *w, "{board} {sq} direction {d}");
                }
            }
        }
        check::<G8>();
        check::<G10>();
        check::<G12>();
    }

    #[test]
    fn bits_round_trip_and_fit() {
        for board in Board::ALL {
            for sq in board.all_squares() {
                let b = square_mask(board, sq).trailing_zeros();
                assert_eq!(bit_square(board, b), Some(sq));
            }
            assert_eq!(valid_mask(board).count_ones() as usize, board.squares());
        }
        assert!(valid_mask(Board::B10) < (1u128 << 58));
        assert!(valid_mask(Board::B8) < (1u128 << 58));
    }
}
