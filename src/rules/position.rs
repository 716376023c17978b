//! A position: the pieces on the board, the side to move, and the variant whose rules apply.

use super::{CaptureRemoval, Variant};
use crate::board::bitboard::{bit_square, promotion_mask, rows_mask, square_mask, valid_mask};
use crate::board::{Board, Color, Piece, Role, Square};

/// A position of one of the supported variants.
///
/// Internally: three bitboards in the ghost-square layout (a block of `W + 1` bits per pair of
/// rows, held in a `u128` whatever the board), the side to move and the capture-removal rule.
/// Equal positions compare and hash equal.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    variant: Variant,
    side: Color,
    removal: CaptureRemoval,
    pub(crate) white: u128,
    pub(crate) black: u128,
    pub(crate) kings: u128,
}

/// Why a position cannot occur in a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A man stands on the row where it would have been crowned.
    #[error("a {} man stands on square {square}, its own promotion row", color.as_str())]
    ManOnPromotionRow {
        /// The square.
        square: Square,
        /// The man's colour.
        color: Color,
    },
    /// A side has more pieces than the variant gives a side at the start.
    #[error("{} has {count} pieces, more than the {max} a side starts with", color.as_str())]
    TooManyPieces {
        /// The side.
        color: Color,
        /// How many it has.
        count: u32,
        /// How many a side starts with.
        max: u32,
    },
    /// Neither side has a piece: no game reaches such a position (a game ends when one side
    /// has none left).
    #[error("neither side has a piece on the board")]
    Empty,
}

impl Position {
    /// An empty board of `variant` with `side_to_move` to play, and the variant's rule for
    /// when captured pieces leave the board.
    pub fn empty(variant: Variant, side_to_move: Color) -> Position {
        Position {
            variant,
            side: side_to_move,
            removal: variant.rules().capture_removal,
            white: 0,
            black: 0,
            kings: 0,
        }
    }

    /// The start position: men on `start_rows` rows of each side, `start_gap` rows in from
    /// the edge, the variant's first player to move and its rule for when captured pieces
    /// leave the board.
    pub fn start(variant: Variant) -> Position {
        let rules = variant.rules();
        let board = rules.board;
        let n = board.size() as u32;
        let rows = rules.start_rows as u32;
        let gap = rules.start_gap as u32;
        Position {
            variant,
            side: rules.first_to_move,
            removal: rules.capture_removal,
            white: rows_mask(board, n - gap - rows, n - gap),
            black: rows_mask(board, gap, gap + rows),
            kings: 0,
        }
    }

    /// The variant whose rules apply.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> Board {
        self.variant.board()
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Sets the side to move.
    #[inline]
    pub fn set_side_to_move(&mut self, c: Color) {
        self.side = c;
    }

    /// When captured pieces leave the board (after the move unless set otherwise).
    #[inline]
    pub fn capture_removal(&self) -> CaptureRemoval {
        self.removal
    }

    /// Sets when captured pieces leave the board.
    #[inline]
    pub fn set_capture_removal(&mut self, r: CaptureRemoval) {
        self.removal = r;
    }

    /// The piece on `sq`, if any (`None` also for a square not on this board).
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let m = square_mask(self.board(), sq);
        let color = if self.white & m != 0 {
            Color::White
        } else if self.black & m != 0 {
            Color::Black
        } else {
            return None;
        };
        let role = if self.kings & m != 0 {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece { color, role })
    }

    /// Puts `piece` on `sq`, or empties it with `None`. A square not on this board is ignored.
    pub fn set_piece(&mut self, sq: Square, piece: Option<Piece>) {
        let m = square_mask(self.board(), sq);
        self.white &= !m;
        self.black &= !m;
        self.kings &= !m;
        if let Some(p) = piece {
            match p.color {
                Color::White => self.white |= m,
                Color::Black => self.black |= m,
            }
            if p.role == Role::King {
                self.kings |= m;
            }
        }
    }

    /// Every piece with its square, in canonical square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let board = self.board();
        let mut occ = self.white | self.black;
        std::iter::from_fn(move || {
            while occ != 0 {
                let bit = occ.trailing_zeros();
                occ &= occ - 1;
                if let Some(sq) = bit_square(board, bit) {
                    if let Some(p) = self.piece_at(sq) {
                        return Some((sq, p));
                    }
                }
            }
            None
        })
    }

    /// How many pieces of `color` and `role` are on the board.
    pub fn count(&self, color: Color, role: Role) -> u32 {
        let side = match color {
            Color::White => self.white,
            Color::Black => self.black,
        };
        let m = match role {
            Role::Man => side & !self.kings,
            Role::King => side & self.kings,
        };
        m.count_ones()
    }

    /// Checks that the position could occur: no man on its own promotion row, and no side with
    /// more pieces than it starts with. The first problem found (in square order) is reported.
    pub fn validate(&self) -> Result<(), PositionError> {
        let board = self.board();
        let men_w = self.white & !self.kings & promotion_mask(board, Color::White);
        let men_b = self.black & !self.kings & promotion_mask(board, Color::Black);
        let bad = men_w | men_b;
        if bad != 0 {
            let bit = bad.trailing_zeros();
            if let Some(square) = bit_square(board, bit) {
                let color = if men_w & (1u128 << bit) != 0 {
                    Color::White
                } else {
                    Color::Black
                };
                return Err(PositionError::ManOnPromotionRow { square, color });
            }
        }
        if self.white | self.black == 0 {
            return Err(PositionError::Empty);
        }
        let rules = self.variant.rules();
        let max = rules.start_rows as u32 * board.per_row() as u32;
        for (color, bits) in [(Color::White, self.white), (Color::Black, self.black)] {
            let count = bits.count_ones();
            if count > max {
                return Err(PositionError::TooManyPieces { color, count, max });
            }
        }
        debug_assert_eq!((self.white | self.black) & !valid_mask(board), 0);
        Ok(())
    }
}
