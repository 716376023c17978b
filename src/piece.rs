//! Sides, men and kings: the words a board, a position, a diagnostic and a diagram share. Knows
//! nothing else.

use serde::Serialize;

/// A side. White's men start on the low ranks (`a1` side), Black's on the high ranks, in every
/// variant; which of them moves first is the variant's business.
///
/// # Examples
///
/// ```
/// use pdnkit::{Color, Position, Variant};
///
/// assert_eq!(Color::White.opponent(), Color::Black);
/// assert_eq!(Color::Black.as_str(), "black");
/// assert_eq!(Position::start(Variant::English).turn(), Color::Black);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// The side on ranks 1, 2, ...
    White,
    /// The side on the top ranks.
    Black,
}

impl Color {
    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `white` or `black`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

/// A man or a king.
///
/// # Examples
///
/// ```
/// use pdnkit::{Color, Position, Role, Variant};
///
/// let pos = Position::from_fen("W:WK10,45:B5", Variant::International)?;
/// assert_eq!(pos.count(Color::White, Role::King), 1);
/// assert_eq!(pos.count(Color::White, Role::Man), 1);
/// # Ok::<(), pdnkit::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// A man (pawn, checker).
    Man,
    /// A king (crowned man, queen).
    King,
}

/// A piece: a role and a colour.
///
/// # Examples
///
/// ```
/// use pdnkit::{Color, Piece, Position, Role, Variant};
///
/// let pos = Position::from_fen("B:WK4:B22", Variant::English)?;
/// let sq = pos.square("4").unwrap();
/// assert_eq!(pos.piece_at(sq), Some(Piece { color: Color::White, role: Role::King }));
/// # Ok::<(), pdnkit::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Piece {
    /// Whose.
    pub color: Color,
    /// Man or king.
    pub role: Role,
}
