//! Square names: numeric (`32`) and algebraic (`c3`), per the GameType notation field.
//!
//! PDN's GameType says where square 1 (numeric) or `a1` (algebraic) lies: a corner digit 0-3
//! (bottom-left, bottom-right, top-left, top-right) seen **from the side that moves first**,
//! numbering running along the rows away from that corner; and an invert flag, 1 when the
//! bottom-left corner is not a playing square. pdnkit's boards always have `a1` (White's left
//! corner) playable, so an inverted layout is mapped onto them by mirroring left and right:
//! draughts rules are symmetric, so every move keeps its meaning.

use std::fmt;

use arrayvec::ArrayString;
use serde::Serialize;

use crate::board::{Board, Color, Square};
use crate::rules::Variant;

/// Whether squares are written as numbers or as file-rank names.
///
/// # Examples
///
/// ```
/// use pdnkit::{NotationKind, Position, Variant};
///
/// let pos = Position::start(Variant::Russian);
/// assert_eq!(pos.notation(), NotationKind::Algebraic);
/// let numeric = pos.with_notation(NotationKind::Numeric);
/// assert_eq!(numeric.legal_moves()[0].notation(), "21-17");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum NotationKind {
    /// `32-28`, `28x19`.
    Numeric,
    /// `c3-d4`, `c3:e5`.
    Algebraic,
}

/// A corner of the board as White sees it (White at the bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Corner {
    /// White's left corner (`a1` in standard algebraic).
    BottomLeft,
    /// White's right corner.
    BottomRight,
    /// Black's right corner, top-left as White sees it.
    TopLeft,
    /// Black's left corner, top-right as White sees it.
    TopRight,
}

impl Corner {
    /// The corner named by a GameType digit (0 bottom-left, 1 bottom-right, 2 top-left,
    /// 3 top-right) seen from the side `seen_by`.
    pub const fn from_digit(digit: u8, seen_by: Color) -> Option<Corner> {
        let c = match digit {
            0 => Corner::BottomLeft,
            1 => Corner::BottomRight,
            2 => Corner::TopLeft,
            3 => Corner::TopRight,
            _ => return None,
        };
        Some(match seen_by {
            Color::White => c,
            // Black sits opposite: the board is turned half a circle.
            Color::Black => c.rotated(),
        })
    }

    /// The GameType digit of this corner seen from `seen_by`.
    pub const fn digit(self, seen_by: Color) -> u8 {
        let c = match seen_by {
            Color::White => self,
            Color::Black => self.rotated(),
        };
        match c {
            Corner::BottomLeft => 0,
            Corner::BottomRight => 1,
            Corner::TopLeft => 2,
            Corner::TopRight => 3,
        }
    }

    const fn rotated(self) -> Corner {
        match self {
            Corner::BottomLeft => Corner::TopRight,
            Corner::BottomRight => Corner::TopLeft,
            Corner::TopLeft => Corner::BottomRight,
            Corner::TopRight => Corner::BottomLeft,
        }
    }

    const fn is_left(self) -> bool {
        matches!(self, Corner::BottomLeft | Corner::TopLeft)
    }

    const fn is_bottom(self) -> bool {
        matches!(self, Corner::BottomLeft | Corner::BottomRight)
    }
}

/// How one game names its squares: the board, the notation kind, and where numbering starts.
///
/// Both forms are always understood when reading (archives mix them: algebraic moves under a
/// numeric GameType are common); [`Layout::kind`] is the one used when writing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Layout {
    /// The board.
    pub board: Board,
    /// The notation used when writing.
    pub kind: NotationKind,
    /// Where numeric square 1 is (White's view).
    pub numeric_corner: Corner,
    /// Where `a1` is (White's view).
    pub algebraic_corner: Corner,
    /// The file's bottom-left corner is not a playing square: mirror left and right.
    pub inverted: bool,
}

impl Layout {
    /// The standard layout of `variant` (PDN 3.0 GameType table).
    pub const fn standard(variant: Variant) -> Layout {
        let board = variant.board();
        let notation = variant.info().notation;
        let first = variant.rules().first_to_move;
        let kind = if notation.algebraic {
            NotationKind::Algebraic
        } else {
            NotationKind::Numeric
        };
        // Corners are seen from the side that moves first: `a1` is at its left hand, so in
        // English draughts and pool (Black first) `a1` is White's top-right corner.
        let algebraic_corner = match Corner::from_digit(0, first) {
            Some(c) => c,
            None => Corner::BottomLeft,
        };
        let numeric_corner = match Corner::from_digit(notation.numeric_corner, first) {
            Some(c) => c,
            None => Corner::TopLeft,
        };
        Layout {
            board,
            kind,
            numeric_corner,
            algebraic_corner,
            // Italian and Spanish draughts turn the board: each player has a playing square at
            // the near right corner, so the bottom-left corner is not one (22,W,8,8,N2,1).
            inverted: notation.inverted,
        }
    }

    /// The numeric number (1-based) of `sq`.
    pub fn to_numeric(&self, sq: Square) -> u32 {
        let (f, r) = self.external(sq);
        let n = self.board.size() as u32;
        let (f, r) = (f as u32, r as u32);
        let row = if self.numeric_corner.is_bottom() {
            r
        } else {
            n - 1 - r
        };
        // Playing squares of a row, counted from the corner's side.
        let col = if self.numeric_corner.is_left() {
            f
        } else {
            n - 1 - f
        };
        let per = self.board.per_row() as u32;
        row * per + col / (n / per) + 1
    }

    /// Row and column (0-based, from the top left) of `sq` on a diagram drawn with numeric square
    /// 1 at the top left and the numbers running along the rows, as the layout numbers them.
    pub fn numeric_cell(&self, sq: Square) -> (u8, u8) {
        let (f, _) = self.external(sq);
        let n = self.board.size();
        let row = (self.to_numeric(sq) - 1) / u32::from(self.board.per_row());
        let col = if self.numeric_corner.is_left() {
            f
        } else {
            n - 1 - f
        };
        (row as u8, col)
    }

    /// The square with numeric number `number`, if it is on the board.
    pub fn from_numeric(&self, number: u32) -> Option<Square> {
        let n = self.board.size() as u32;
        if number == 0 || number as usize > self.board.squares() {
            return None;
        }
        let i = number - 1;
        let per = self.board.per_row() as u32;
        // Columns a playing square of a row stands for: two on the dark-square boards.
        let width = n / per;
        let row = i / per;
        let k = i % per;
        let r = if self.numeric_corner.is_bottom() {
            row
        } else {
            n - 1 - row
        };
        // The playing square of external row r counted k-th from the corner's side.
        for col in width * k..width * (k + 1) {
            let f = if self.numeric_corner.is_left() {
                col
            } else {
                n - 1 - col
            };
            if let Some(sq) = self.internal(f as i32, r as i32) {
                return Some(sq);
            }
        }
        None
    }

    /// The algebraic name of `sq` (`c3`).
    pub fn to_algebraic(&self, sq: Square) -> String {
        let (f, r) = self.external(sq);
        let (file, rank) = self.oriented(f, r);
        format!("{}{}", (b'a' + file) as char, rank + 1)
    }

    /// Turns a file and rank counted from the board's own corner into ones counted from the
    /// layout's algebraic corner, or back (the mapping is its own inverse).
    fn oriented(&self, f: u8, r: u8) -> (u8, u8) {
        let n = self.board.size();
        let file = if self.algebraic_corner.is_left() {
            f
        } else {
            n - 1 - f
        };
        let rank = if self.algebraic_corner.is_bottom() {
            r
        } else {
            n - 1 - r
        };
        (file, rank)
    }

    /// The square named by file letter index `file` (0 = `a`) and rank `rank` (0 = `1`).
    pub fn from_algebraic(&self, file: u8, rank: u8) -> Option<Square> {
        let n = self.board.size();
        if file >= n || rank >= n {
            return None;
        }
        let (f, r) = self.oriented(file, rank);
        self.internal(f as i32, r as i32)
    }

    /// The name of `sq` in the layout's own notation kind.
    pub fn name(&self, sq: Square) -> String {
        let mut s = String::with_capacity(3);
        self.push_name(sq, &mut s);
        s
    }

    /// Appends the name of `sq` in this layout's notation to `out`, without allocating.
    pub fn push_name(&self, sq: Square, out: &mut String) {
        out.push_str(&self.short_name(sq));
    }

    /// The name of `sq` in this layout's notation, held on the stack (at most three
    /// characters: every board has fewer than 100 playing squares and ranks).
    pub fn short_name(&self, sq: Square) -> ArrayString<3> {
        let mut out = ArrayString::new();
        // None of these pushes can overflow: a letter and two digits at most.
        let push_number = |n: u32, out: &mut ArrayString<3>| {
            if n >= 10 {
                let _ = out.try_push(char::from(b'0' + (n / 10 % 10) as u8));
            }
            let _ = out.try_push(char::from(b'0' + (n % 10) as u8));
        };
        match self.kind {
            NotationKind::Numeric => push_number(self.to_numeric(sq), &mut out),
            NotationKind::Algebraic => {
                let (f, r) = self.external(sq);
                let (file, rank) = self.oriented(f, r);
                let _ = out.try_push(char::from(b'a' + file));
                push_number(u32::from(rank) + 1, &mut out);
            }
        }
        out
    }

    /// Reads a square name in either form (`32`, `032`, `c3`, `C3`).
    pub fn parse(&self, text: &str) -> Option<Square> {
        let t = text.trim();
        let b = t.as_bytes();
        match b.first()? {
            b'0'..=b'9' => self.from_numeric(t.parse().ok()?),
            c if c.is_ascii_alphabetic() => {
                let file = c.to_ascii_lowercase().checked_sub(b'a')?;
                let rank: u8 = t[1..].parse().ok()?;
                self.from_algebraic(file, rank.checked_sub(1)?)
            }
            _ => None,
        }
    }

    /// File and rank (0-based, White's view) of `sq` in the file's own drawing, before the
    /// mirror that inverted layouts need.
    fn external(&self, sq: Square) -> (u8, u8) {
        let (f, r) = self.board.coords(sq);
        if self.inverted {
            (self.board.size() - 1 - f, r)
        } else {
            (f, r)
        }
    }

    /// The playing square at `file`, `rank` (0-based, White at the bottom) of the board as the
    /// variant draws it, if that is a playing square: on an inverted board (Italian) the
    /// bottom-left corner is not one, and the drawing is the mirror of pdnkit's own board.
    pub fn square_at(&self, file: i32, rank: i32) -> Option<Square> {
        self.internal(file, rank)
    }

    fn internal(&self, f: i32, r: i32) -> Option<Square> {
        let f = if self.inverted {
            self.board.size() as i32 - 1 - f
        } else {
            f
        };
        self.board.square_at(f, r)
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            NotationKind::Numeric => "numeric",
            NotationKind::Algebraic => "algebraic",
        };
        write!(f, "{} {kind}", self.board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spanish_and_portuguese_number_from_white_s_right_corner_on_the_turned_board() {
        for v in [Variant::Spanish, Variant::Portuguese] {
            let l = Layout::standard(v);
            assert!(l.inverted);
            let start = crate::rules::Position::start(v);
            // Square 1 is White's near right corner (h1 on the turned board, where a1 is a
            // light square); White's men stand on 1-12, Black's on 21-32.
            assert_eq!(l.to_algebraic(l.from_numeric(1).unwrap()), "h1");
            assert_eq!(l.to_algebraic(l.from_numeric(4).unwrap()), "b1");
            assert_eq!(l.to_algebraic(l.from_numeric(5).unwrap()), "g2");
            assert_eq!(l.to_algebraic(l.from_numeric(32).unwrap()), "a8");
            for n in 1..=32 {
                let piece = start.piece_at(l.from_numeric(n).unwrap()).map(|p| p.color);
                let want = match n {
                    1..=12 => Some(Color::White),
                    21..=32 => Some(Color::Black),
                    _ => None,
                };
                assert_eq!(piece, want, "{v} {n}");
            }
        }
    }

    #[test]
    fn thai_numbers_from_black_s_left_corner() {
        // `31,B,8,8,N2,0`: Black moves first and square 1 is the top-left corner seen from
        // Black, which is White's near right playing square (g1); Black's men stand on 25-32.
        let l = Layout::standard(Variant::Thai);
        let b = Variant::Thai.board();
        assert_eq!(b.algebraic(l.from_numeric(1).unwrap()), "g1");
        assert_eq!(b.algebraic(l.from_numeric(32).unwrap()), "b8");
        let start = crate::rules::Position::start(Variant::Thai);
        for n in 1..=32 {
            let piece = start.piece_at(l.from_numeric(n).unwrap()).map(|p| p.color);
            let want = match n {
                1..=8 => Some(Color::White),
                25..=32 => Some(Color::Black),
                _ => None,
            };
            assert_eq!(piece, want, "{n}");
        }
    }

    #[test]
    fn standard_numeric_is_the_canonical_order() {
        // Thai, the one numeric variant whose first mover's corner 2 is not the canonical
        // corner, is pinned above.
        for v in Variant::ALL
            .into_iter()
            .filter(|&v| !v.info().notation.inverted && v != Variant::Thai)
        {
            let l = Layout::standard(v);
            for sq in v.board().all_squares() {
                assert_eq!(l.to_numeric(sq), sq.number(), "{v} {sq}");
                assert_eq!(l.from_numeric(sq.number()), Some(sq));
                assert_eq!(l.parse(&l.to_algebraic(sq)), Some(sq));
                if v.rules().first_to_move == Color::White {
                    assert_eq!(l.to_algebraic(sq), v.board().algebraic(sq));
                }
            }
            assert_eq!(l.from_numeric(0), None);
            assert_eq!(l.from_numeric(v.board().squares() as u32 + 1), None);
        }
    }

    #[test]
    fn english_algebraic_squares_are_seen_from_black() {
        // PlayStrategy's American/English games open with `c3-d4`, Black's move: a1 is at
        // Black's left hand, and c3 is Black's man on square 11.
        let l = Layout::standard(Variant::English);
        assert_eq!(l.parse("c3").map(|s| s.number()), Some(11));
        assert_eq!(l.parse("d4").map(|s| s.number()), Some(15));
        assert_eq!(l.parse("a1").map(|s| s.number()), Some(4));
    }

    #[test]
    fn english_corner_digit_is_seen_from_black() {
        // 21,B,8,8,N1,0: square 1 at Black's bottom-right = White's top-left.
        assert_eq!(Corner::from_digit(1, Color::Black), Some(Corner::TopLeft));
        // 20,W,10,10,N2,0: square 1 at White's top-left.
        assert_eq!(Corner::from_digit(2, Color::White), Some(Corner::TopLeft));
        for d in 0..4 {
            for c in [Color::White, Color::Black] {
                assert_eq!(Corner::from_digit(d, c).unwrap().digit(c), d);
            }
        }
    }

    #[test]
    fn numbering_from_the_bottom_left_corner() {
        // Square 1 at White's left corner: a1 is 1, c1 is 2, b2 is 5 on 8x8.
        let l = Layout {
            numeric_corner: Corner::BottomLeft,
            ..Layout::standard(Variant::Russian)
        };
        assert_eq!(l.parse("1").map(|s| l.to_algebraic(s)), Some("a1".into()));
        assert_eq!(l.parse("2").map(|s| l.to_algebraic(s)), Some("c1".into()));
        assert_eq!(l.parse("5").map(|s| l.to_algebraic(s)), Some("b2".into()));
        assert_eq!(l.parse("32").map(|s| l.to_algebraic(s)), Some("h8".into()));
    }

    #[test]
    fn inverted_layout_mirrors_onto_the_playing_squares() {
        // Italian: 22,W,8,8,N2,1. Square 1 top-left on a board whose a1 is light; in the
        // file's own drawing square 1 is a8, and it maps to our h8 after mirroring.
        let l = Layout {
            inverted: true,
            ..Layout::standard(Variant::Russian)
        };
        let s1 = l.from_numeric(1).unwrap();
        assert_eq!(Board::B8.algebraic(s1), "h8");
        assert_eq!(l.to_algebraic(s1), "a8");
        for sq in Board::B8.all_squares() {
            assert_eq!(l.from_numeric(l.to_numeric(sq)), Some(sq));
            assert_eq!(l.parse(&l.to_algebraic(sq)), Some(sq));
        }
    }

    #[test]
    fn italian_numbering_follows_the_federation_diagram() {
        // 22,W,8,8,N2,1: square 1 is the first dark square at the top left as White sees the
        // turned board (a8), 4 is g8, 29 is b1 and 32 the dark corner h1 at White's right.
        // Black's men start on 1-12, White's on 21-32.
        let l = Layout::standard(Variant::Italian);
        assert!(l.inverted);
        for (n, drawn) in [
            (1, "a8"),
            (4, "g8"),
            (5, "b7"),
            (21, "b3"),
            (29, "b1"),
            (32, "h1"),
        ] {
            let sq = l.from_numeric(n).unwrap();
            assert_eq!(l.to_algebraic(sq), drawn, "{n}");
            assert_eq!(l.to_numeric(sq), n);
        }
        assert_eq!(l.square_at(0, 0), None, "a1 is light");
        assert_eq!(l.square_at(7, 0), l.from_numeric(32));
        let start = crate::rules::Position::start(Variant::Italian);
        for n in 1..=32 {
            let piece = start.piece_at(l.from_numeric(n).unwrap()).map(|p| p.color);
            let want = match n {
                1..=12 => Some(Color::Black),
                21..=32 => Some(Color::White),
                _ => None,
            };
            assert_eq!(piece, want, "{n}");
        }
    }

    #[test]
    fn turkish_names_all_64_squares_and_numbers_them_row_by_row() {
        // 30,W,8,8,A0,0: algebraic from White's left; numeric square 1 at the top left (a8),
        // 8 at h8, 57 at a1, 64 at h1, every square counted.
        let l = Layout::standard(Variant::Turkish);
        assert_eq!(l.kind, NotationKind::Algebraic);
        for (n, name) in [
            (1, "a8"),
            (2, "b8"),
            (8, "h8"),
            (9, "a7"),
            (57, "a1"),
            (64, "h1"),
        ] {
            let sq = l.from_numeric(n).unwrap();
            assert_eq!(l.to_algebraic(sq), name, "{n}");
            assert_eq!(l.to_numeric(sq), n);
            assert_eq!(l.parse(name), Some(sq));
        }
        for sq in Board::F8.all_squares() {
            assert_eq!(l.from_numeric(l.to_numeric(sq)), Some(sq));
            assert_eq!(l.parse(&l.to_algebraic(sq)), Some(sq));
        }
        assert_eq!(l.parse("a2").map(|s| l.to_numeric(s)), Some(49));
        assert_eq!(l.parse("65"), None);
        assert_eq!(l.parse("i1"), None);
    }

    #[test]
    fn czech_is_algebraic_from_white_s_left() {
        let l = Layout::standard(Variant::Czech);
        assert_eq!(l.kind, NotationKind::Algebraic);
        assert_eq!(l.to_algebraic(l.parse("a1").unwrap()), "a1");
        assert!(!l.inverted);
    }

    #[test]
    fn non_playing_and_off_board_names_are_refused() {
        let l = Layout::standard(Variant::Russian);
        assert_eq!(l.parse("a2"), None);
        assert_eq!(l.parse("i1"), None);
        assert_eq!(l.parse("a9"), None);
        assert_eq!(l.parse("a0"), None);
        assert_eq!(l.parse("33"), None);
        assert_eq!(l.parse(""), None);
        assert_eq!(l.parse("032").map(|s| s.number()), Some(32));
    }
}
