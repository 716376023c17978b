//! Board layouts: which squares are playing squares and how they are numbered.
//!
//! Every supported board is square, with an even side. The draughts boards are played on the
//! squares whose file + rank is even (0-based), so `a1`, White's left corner, is a playing
//! square; Turkish draughts is played on all 64 squares of an 8x8 board ([`Board::F8`]).
//!
//! Internally a playing square is a [`Square`]: a 0-based index in the **canonical order**,
//! which runs row by row from the top row (Black's back row, seen from White) down to White's
//! back row, and left to right within a row, as White sees the board. `Square::number()` is
//! that index + 1, which is exactly the PDN numeric square of International draughts (N2: 1 is
//! `b10`, 46 is `a1`) and of English draughts (N1: 1 is `b8`, 29 is `a1`). Other numberings
//! (other corners, inverted boards) are mapped onto this order by `notation`.

use std::fmt;

use serde::Serialize;

/// A playing square, as a 0-based index in the canonical order of its board.
///
/// # Examples
///
/// ```
/// use pdnkit::{Position, Variant};
///
/// let pos = Position::start(Variant::Russian);
/// let sq = pos.square("c3").unwrap();
/// assert_eq!(pos.square_name(sq), "c3");
/// assert!(pos.piece_at(sq).is_some());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Square(pub u8);

impl Square {
    /// The 0-based index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The canonical 1-based number (the N1/N2 numeric square).
    #[inline]
    pub const fn number(self) -> u32 {
        self.0 as u32 + 1
    }

    /// The square with canonical number `n` (1-based), if `n` is at least 1.
    #[inline]
    pub const fn from_number(n: u32) -> Option<Square> {
        if n >= 1 && n <= 256 {
            Some(Square((n - 1) as u8))
        } else {
            None
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// A board size and kind. All boards are square with the `a1` corner playable.
///
/// # Examples
///
/// ```
/// use pdnkit::{Board, Variant};
///
/// let board = Variant::Canadian.board();
/// assert_eq!(board, Board::B12);
/// assert_eq!((board.size(), board.squares()), (12, 72));
/// assert!(Variant::Turkish.board().is_full());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Board {
    /// 8x8, 32 playing squares.
    B8,
    /// 10x10, 50 playing squares.
    B10,
    /// 12x12, 72 playing squares.
    B12,
    /// 8x8 with all 64 squares playing squares (Turkish draughts).
    F8,
}

impl Board {
    /// Every supported board, the dark-square boards first, from the smallest.
    pub const ALL: [Board; 4] = [Board::B8, Board::B10, Board::B12, Board::F8];

    /// True when every square of the board is a playing square (Turkish draughts), not only
    /// the dark ones.
    #[inline]
    pub const fn is_full(self) -> bool {
        matches!(self, Board::F8)
    }

    /// The dark-square board with `size` squares a side, if supported.
    pub const fn from_size(size: u32) -> Option<Board> {
        match size {
            8 => Some(Board::B8),
            10 => Some(Board::B10),
            12 => Some(Board::B12),
            _ => None,
        }
    }

    /// Squares along a side (8, 10 or 12).
    #[inline]
    pub const fn size(self) -> u8 {
        match self {
            Board::B8 | Board::F8 => 8,
            Board::B10 => 10,
            Board::B12 => 12,
        }
    }

    /// Number of playing squares.
    #[inline]
    pub const fn squares(self) -> usize {
        self.size() as usize * self.per_row() as usize
    }

    /// Playing squares per row.
    #[inline]
    pub const fn per_row(self) -> u8 {
        if self.is_full() {
            self.size()
        } else {
            self.size() / 2
        }
    }

    /// Every playing square in canonical order.
    pub fn all_squares(self) -> impl Iterator<Item = Square> {
        (0..self.squares() as u8).map(Square)
    }

    /// True when `sq` is on this board.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        (sq.0 as usize) < self.squares()
    }

    /// File (0 = `a`, White's left) and rank (0 = White's back row) of a playing square.
    #[inline]
    pub const fn coords(self, sq: Square) -> (u8, u8) {
        let per = self.per_row();
        let row_from_top = sq.0 / per;
        let k = sq.0 % per;
        let rank = self.size() - 1 - row_from_top;
        if self.is_full() {
            return (k, rank);
        }
        let file = 2 * k + (rank & 1);
        (file, rank)
    }

    /// The playing square at `file`, `rank` (0-based, from White's left and White's side), or
    /// `None` off the board or on a non-playing square.
    #[inline]
    pub const fn square_at(self, file: i32, rank: i32) -> Option<Square> {
        let n = self.size() as i32;
        if file < 0 || rank < 0 || file >= n || rank >= n {
            return None;
        }
        let row_from_top = n - 1 - rank;
        if self.is_full() {
            return Some(Square((row_from_top * n + file) as u8));
        }
        if (file + rank) % 2 != 0 {
            return None;
        }
        Some(Square((row_from_top * (n / 2) + file / 2) as u8))
    }

    /// The algebraic name (`a1`, `j10`, `l12`) of a playing square, files from White's left.
    pub fn algebraic(self, sq: Square) -> String {
        let (f, r) = self.coords(sq);
        format!("{}{}", (b'a' + f) as char, r + 1)
    }

    /// The rank as seen by `color`: 0 is that side's own back row.
    #[inline]
    pub const fn relative_rank(self, sq: Square, color: super::Color) -> u8 {
        let (_, r) = self.coords(sq);
        match color {
            super::Color::White => r,
            super::Color::Black => self.size() - 1 - r,
        }
    }

    /// True when a man of `color` on `sq` stands on its promotion row.
    #[inline]
    pub const fn is_promotion_square(self, sq: Square, color: super::Color) -> bool {
        self.relative_rank(sq, color) == self.size() - 1
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_full() {
            write!(f, "{0}x{0} (all squares)", self.size())
        } else {
            write!(f, "{0}x{0}", self.size())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;

    #[test]
    fn international_numbering_matches_the_standard_diagram() {
        let b = Board::B10;
        assert_eq!(b.algebraic(Square::from_number(1).unwrap()), "b10");
        assert_eq!(b.algebraic(Square::from_number(5).unwrap()), "j10");
        assert_eq!(b.algebraic(Square::from_number(6).unwrap()), "a9");
        assert_eq!(b.algebraic(Square::from_number(46).unwrap()), "a1");
        assert_eq!(b.algebraic(Square::from_number(50).unwrap()), "i1");
    }

    #[test]
    fn english_numbering_matches_the_standard_diagram() {
        // Square 1 is at Black's right-hand corner; White's men stand on 21-32.
        let b = Board::B8;
        assert_eq!(b.algebraic(Square::from_number(1).unwrap()), "b8");
        assert_eq!(b.algebraic(Square::from_number(4).unwrap()), "h8");
        assert_eq!(b.algebraic(Square::from_number(29).unwrap()), "a1");
        assert_eq!(b.algebraic(Square::from_number(32).unwrap()), "g1");
    }

    #[test]
    fn coords_and_square_at_are_inverse_on_every_board() {
        for b in Board::ALL {
            for sq in b.all_squares() {
                let (f, r) = b.coords(sq);
                assert!(b.is_full() || (f + r) % 2 == 0);
                assert_eq!(b.square_at(f as i32, r as i32), Some(sq));
            }
            assert_eq!(b.square_at(1, 0).is_some(), b.is_full());
            assert_eq!(b.square_at(-1, 1), None);
            assert_eq!(b.square_at(b.size() as i32, 0), None);
        }
    }

    #[test]
    fn the_full_board_numbers_every_square_row_by_row_from_a8() {
        let b = Board::F8;
        assert_eq!(b.squares(), 64);
        assert_eq!(b.algebraic(Square(0)), "a8");
        assert_eq!(b.algebraic(Square(1)), "b8");
        assert_eq!(b.algebraic(Square(56)), "a1");
        assert_eq!(b.algebraic(Square(63)), "h1");
        assert!(b.is_promotion_square(Square(7), Color::White));
        assert!(b.is_promotion_square(Square(60), Color::Black));
        assert!(!b.is_promotion_square(Square(8), Color::White));
    }

    #[test]
    fn promotion_rows() {
        let b = Board::B12;
        assert!(b.is_promotion_square(Square(0), Color::White));
        assert!(b.is_promotion_square(Square(71), Color::Black));
        assert!(!b.is_promotion_square(Square(6), Color::White));
        assert_eq!(b.algebraic(Square(71)), "k1");
        assert_eq!(b.algebraic(Square(0)), "b12");
    }
}
