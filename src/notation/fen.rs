//! FEN: a position as text, `W:W31-50:B1-20` or `W:Wa1,c1,...:Bb8,...`.
//!
//! Reading is in two steps. [`RawFen::parse`] reads the text without knowing the board:
//! turn, colour blocks (in any order, either may be empty), square lists in numeric or
//! algebraic form, numeric ranges `31-50`, `K` for kings, a trailing `.` (PDN 1.0) and stray
//! spaces (both noted). [`RawFen::resolve`] then places the pieces on a [`Layout`], and fails
//! with a [`FenError`] that names the square when a square is off the board, listed twice, or
//! holds a man on its own promotion row. Every error and note carries the byte range in the FEN
//! text, so a diagnostic can point into the tag or setup command.

use std::fmt::Write as _;
use std::ops::Range;

use serde::Serialize;

use super::squares::{Layout, NotationKind};
use crate::board::{Color, Piece, Role, Square};
use crate::lint::clip;

/// A square as written in a FEN, before it is placed on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SquareRef {
    /// A numeric square, `32`.
    Numeric(u32),
    /// An algebraic square: file index (0 = `a`) and rank index (0 = `1`).
    Algebraic {
        /// 0 = `a`.
        file: u8,
        /// 0 = rank 1.
        rank: u8,
    },
}

impl std::fmt::Display for SquareRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            SquareRef::Numeric(n) => write!(f, "{n}"),
            SquareRef::Algebraic { file, rank } => {
                write!(f, "{}{}", (b'a' + file) as char, rank as u32 + 1)
            }
        }
    }
}

/// One entry of a colour block: a square or a numeric range, maybe kings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RawItem {
    /// Whose pieces.
    pub color: Color,
    /// `K` prefix.
    pub king: bool,
    /// The square, or the first of a range.
    pub first: SquareRef,
    /// The last square of a range `31-50`.
    pub last: Option<SquareRef>,
    /// Byte range in the FEN text.
    pub span: Range<usize>,
}

/// Something unusual that the reader accepted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FenNote {
    /// What.
    pub message: String,
    /// Byte range in the FEN text.
    pub span: Range<usize>,
}

/// A FEN read from text, not yet placed on a board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RawFen {
    /// The side to move; `None` for `?` (unknown).
    pub turn: Option<Color>,
    /// Every entry, in order.
    pub items: Vec<RawItem>,
    /// Non-standard things accepted (trailing `.`, spaces).
    pub notes: Vec<FenNote>,
}

/// What is wrong with a FEN.
///
/// # Examples
///
/// ```
/// use pdnkit::{FenErrorKind, Position, Variant};
///
/// let e = Position::from_fen("W:W31,32:B32", Variant::International).unwrap_err();
/// assert_eq!(e.kind, FenErrorKind::Duplicate("32".into()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum FenErrorKind {
    /// The text is empty.
    Empty,
    /// The turn is not `W`, `B` or `?`.
    BadTurn,
    /// A colour block does not start with `W` or `B`.
    BadColor,
    /// A character that does not belong in a FEN.
    Unexpected(char),
    /// A square that is not a number or a file-rank name, as written (a long one cut as
    /// [`crate::lint::clip`] cuts it).
    BadSquare(String),
    /// A range written with algebraic squares, or running backwards over nothing, as written
    /// (a long one cut as [`crate::lint::clip`] cuts it).
    BadRange(String),
    /// A square that is not a playing square of the board.
    OffBoard(String),
    /// A square listed twice.
    Duplicate(String),
    /// A man on the row where it would be crowned.
    ManOnPromotionRow {
        /// The square as written.
        square: String,
        /// Whose man.
        color: Color,
    },
    /// A side has more pieces than the board has squares for (a range gone wrong).
    TooManyPieces,
}

/// A FEN that does not describe a position.
///
/// # Examples
///
/// ```
/// use pdnkit::{Position, Variant};
///
/// let fen = "W:W31-51:B1-20";
/// let e = Position::from_fen(fen, Variant::International).unwrap_err();
/// assert_eq!(e.to_string(), "square 51 is not a playing square of this board");
/// assert_eq!(&fen[e.span.clone()], "31-51");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{}", self.message())]
pub struct FenError {
    /// What is wrong.
    pub kind: FenErrorKind,
    /// Byte range in the FEN text.
    pub span: Range<usize>,
}

impl FenError {
    fn new(kind: FenErrorKind, span: Range<usize>) -> Self {
        FenError { kind, span }
    }

    /// One sentence saying what is wrong, and where.
    pub fn message(&self) -> String {
        match &self.kind {
            FenErrorKind::Empty => "the FEN is empty".into(),
            FenErrorKind::BadTurn => "a FEN starts with the side to move: W, B or ?".into(),
            FenErrorKind::BadColor => "each piece list must start with W or B".into(),
            FenErrorKind::Unexpected(c) => format!("unexpected character `{c}` in the FEN"),
            FenErrorKind::BadSquare(s) => format!("`{s}` is not a square"),
            FenErrorKind::BadRange(s) => format!("`{s}` is not a valid range of squares"),
            FenErrorKind::OffBoard(s) => {
                format!("square {s} is not a playing square of this board")
            }
            FenErrorKind::Duplicate(s) => format!("square {s} is listed twice"),
            FenErrorKind::ManOnPromotionRow { square, color } => format!(
                "a {} man on {square} stands on its own promotion row, where it would already be a king",
                color.as_str()
            ),
            FenErrorKind::TooManyPieces => "more pieces than the board has squares".into(),
        }
    }
}

/// A position read from a FEN and placed on a board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fen {
    /// The side to move; `None` for `?`.
    pub turn: Option<Color>,
    /// The pieces, in the order listed.
    pub pieces: Vec<(Square, Piece)>,
}

/// The most squares and ranges a FEN may list, both sides together: twice the playing squares
/// of the largest board (12x12). A longer list is refused where it passes this, so that a FEN
/// of any length is read in bounded memory.
const MAX_ITEMS: usize = 144;

fn color_of(c: u8) -> Option<Color> {
    match c {
        b'W' | b'w' => Some(Color::White),
        b'B' | b'b' => Some(Color::Black),
        _ => None,
    }
}

impl RawFen {
    /// Reads a FEN's text. Surrounding quotes and white space are ignored.
    pub fn parse(text: &str) -> Result<RawFen, FenError> {
        let b = text.as_bytes();
        let mut notes = Vec::new();
        let mut i = 0;
        let skip_ws = |i: &mut usize, notes: &mut Vec<FenNote>, note: bool| {
            let start = *i;
            while *i < b.len() && (b[*i] as char).is_ascii_whitespace() {
                *i += 1;
            }
            // At most as many as the items a FEN may list: a FEN of any length stays bounded.
            if note && *i > start && notes.len() < MAX_ITEMS {
                notes.push(FenNote {
                    message: "spaces inside a FEN are not standard".into(),
                    span: start..*i,
                });
            }
        };
        skip_ws(&mut i, &mut notes, false);
        let mut end = b.len();
        while end > i && (b[end - 1] as char).is_ascii_whitespace() {
            end -= 1;
        }
        if i < end && b[i] == b'"' && b[end - 1] == b'"' && end - i >= 2 {
            i += 1;
            end -= 1;
        }
        if i >= end {
            return Err(FenError::new(FenErrorKind::Empty, 0..text.len()));
        }
        // A trailing dot, as in PDN 1.0 examples.
        if b[end - 1] == b'.' {
            notes.push(FenNote {
                message: "a trailing `.` after a FEN is PDN 1.0 style, not PDN 3.0".into(),
                span: end - 1..end,
            });
            end -= 1;
            while end > i && (b[end - 1] as char).is_ascii_whitespace() {
                end -= 1;
            }
        }
        let turn = match b[i] {
            b'?' => None,
            c => match color_of(c) {
                Some(col) => Some(col),
                None => return Err(FenError::new(FenErrorKind::BadTurn, char_at(text, i))),
            },
        };
        i += 1;
        let mut items = Vec::new();
        loop {
            skip_ws(&mut i, &mut notes, true);
            if i >= end {
                break;
            }
            if b[i] != b':' {
                let c = text[i..].chars().next().unwrap_or(' ');
                return Err(FenError::new(
                    FenErrorKind::Unexpected(c),
                    i..i + c.len_utf8(),
                ));
            }
            i += 1;
            skip_ws(&mut i, &mut notes, true);
            if i >= end {
                // `B::` style null blocks and a dangling colon: nothing more.
                break;
            }
            if b[i] == b':' {
                continue;
            }
            let Some(color) = color_of(b[i]) else {
                return Err(FenError::new(FenErrorKind::BadColor, char_at(text, i)));
            };
            i += 1;
            // The list: items separated by commas, up to the next ':' or the end.
            loop {
                skip_ws(&mut i, &mut notes, true);
                if i >= end || b[i] == b':' {
                    break;
                }
                if b[i] == b',' {
                    i += 1;
                    continue;
                }
                let start = i;
                // `K` marks a king; so does `k`, unless a digit follows: then it is a square on
                // the file `k` of a 12x12 board (`k3`), and a king there is written `Kk3`.
                let king =
                    b[i] == b'K' || (b[i] == b'k' && !b.get(i + 1).is_some_and(u8::is_ascii_digit));
                if king {
                    i += 1;
                }
                let (first, after) = read_square(text, i, end)?;
                i = after;
                let mut last = None;
                if i < end && b[i] == b'-' {
                    let (l, after) = read_square(text, i + 1, end)?;
                    match (first, l) {
                        (SquareRef::Numeric(_), SquareRef::Numeric(_)) => {}
                        _ => {
                            return Err(FenError::new(
                                FenErrorKind::BadRange(clip(&text[start..after]).to_string()),
                                start..after,
                            ));
                        }
                    }
                    last = Some(l);
                    i = after;
                }
                if items.len() == MAX_ITEMS {
                    // No board has room for them: a list gone wrong, read no further.
                    return Err(FenError::new(FenErrorKind::TooManyPieces, start..i));
                }
                items.push(RawItem {
                    color,
                    king,
                    first,
                    last,
                    span: start..i,
                });
            }
        }
        Ok(RawFen { turn, items, notes })
    }

    /// The highest numeric square and the highest algebraic file and rank (0-based) mentioned,
    /// for guessing the board size.
    pub fn extent(&self) -> (u32, u8, u8) {
        let mut n = 0;
        let (mut f, mut r) = (0, 0);
        for it in &self.items {
            for s in [Some(it.first), it.last].into_iter().flatten() {
                match s {
                    SquareRef::Numeric(x) => n = n.max(x),
                    SquareRef::Algebraic { file, rank } => {
                        f = f.max(file);
                        r = r.max(rank);
                    }
                }
            }
        }
        (n, f, r)
    }

    /// True when the squares are written as numbers (or there are none).
    pub fn is_numeric(&self) -> bool {
        self.items
            .iter()
            .all(|it| matches!(it.first, SquareRef::Numeric(_)))
    }

    /// Places the pieces on `layout`'s board.
    pub fn resolve(&self, layout: &Layout) -> Result<Fen, FenError> {
        let board = layout.board;
        let mut seen = vec![false; board.squares()];
        let mut pieces = Vec::new();
        let place = |r: SquareRef, span: &Range<usize>| -> Result<Square, FenError> {
            let sq = match r {
                SquareRef::Numeric(n) => layout.from_numeric(n),
                SquareRef::Algebraic { file, rank } => layout.from_algebraic(file, rank),
            };
            sq.ok_or_else(|| FenError::new(FenErrorKind::OffBoard(r.to_string()), span.clone()))
        };
        for it in &self.items {
            let squares: Vec<(Square, SquareRef)> = match (it.first, it.last) {
                (SquareRef::Numeric(a), Some(SquareRef::Numeric(z))) => {
                    let (lo, hi) = if a <= z { (a, z) } else { (z, a) };
                    if (hi - lo) as usize >= board.squares() {
                        return Err(FenError::new(FenErrorKind::TooManyPieces, it.span.clone()));
                    }
                    (lo..=hi)
                        .map(|n| {
                            let r = SquareRef::Numeric(n);
                            place(r, &it.span).map(|s| (s, r))
                        })
                        .collect::<Result<_, _>>()?
                }
                (r, _) => vec![(place(r, &it.span)?, r)],
            };
            for (sq, r) in squares {
                if std::mem::replace(&mut seen[sq.index()], true) {
                    return Err(FenError::new(
                        FenErrorKind::Duplicate(r.to_string()),
                        it.span.clone(),
                    ));
                }
                if !it.king && board.is_promotion_square(sq, it.color) {
                    return Err(FenError::new(
                        FenErrorKind::ManOnPromotionRow {
                            square: r.to_string(),
                            color: it.color,
                        },
                        it.span.clone(),
                    ));
                }
                let role = if it.king { Role::King } else { Role::Man };
                pieces.push((
                    sq,
                    Piece {
                        color: it.color,
                        role,
                    },
                ));
            }
        }
        Ok(Fen {
            turn: self.turn,
            pieces,
        })
    }
}

/// The byte range of the whole character that starts at `i` (an error span never splits a
/// multi-byte character).
fn char_at(text: &str, i: usize) -> Range<usize> {
    i..i + text[i..].chars().next().map_or(1, char::len_utf8)
}

fn read_square(text: &str, start: usize, end: usize) -> Result<(SquareRef, usize), FenError> {
    let b = text.as_bytes();
    let mut i = start;
    if i < end && b[i].is_ascii_digit() {
        while i < end && b[i].is_ascii_digit() {
            i += 1;
        }
        let n: u32 = text[start..i].parse().map_err(|_| {
            FenError::new(
                FenErrorKind::BadSquare(clip(&text[start..i]).to_string()),
                start..i,
            )
        })?;
        return Ok((SquareRef::Numeric(n), i));
    }
    if i < end && b[i].is_ascii_alphabetic() {
        let file = b[i].to_ascii_lowercase() - b'a';
        i += 1;
        let ds = i;
        while i < end && b[i].is_ascii_digit() {
            i += 1;
        }
        let rank: Option<u8> = text[ds..i].parse().ok();
        if let Some(rank @ 1..) = rank {
            return Ok((
                SquareRef::Algebraic {
                    file,
                    rank: rank - 1,
                },
                i,
            ));
        }
    }
    let stop = text[start..end]
        .find([',', ':'])
        .map_or(end, |k| start + k)
        .max((start + 1).min(end));
    let mut stop = stop;
    while !text.is_char_boundary(stop) {
        stop += 1;
    }
    Err(FenError::new(
        FenErrorKind::BadSquare(clip(&text[start..stop]).to_string()),
        start..stop,
    ))
}

/// Writes a position as PDN 3.0 FEN in `layout`'s notation: White's list first, kings marked
/// with an upper-case `K` before the square (`K10`, `Kk3`: never read as a square), and numeric runs of three or more men (or kings) as ranges.
pub fn write_fen(turn: Option<Color>, pieces: &[(Square, Piece)], layout: &Layout) -> String {
    let mut s = String::new();
    s.push(match turn {
        Some(Color::White) => 'W',
        Some(Color::Black) => 'B',
        None => '?',
    });
    for color in [Color::White, Color::Black] {
        s.push(':');
        s.push(if color == Color::White { 'W' } else { 'B' });
        let mut entries: Vec<(bool, u32, Square)> = pieces
            .iter()
            .filter(|(_, p)| p.color == color)
            .map(|&(sq, p)| (p.role == Role::King, layout.to_numeric(sq), sq))
            .collect();
        entries.sort_by_key(|&(k, n, _)| (n, k));
        let mut first = true;
        let mut i = 0;
        while i < entries.len() {
            let (king, n, sq) = entries[i];
            let mut j = i;
            if layout.kind == NotationKind::Numeric {
                while j + 1 < entries.len()
                    && entries[j + 1].0 == king
                    && entries[j + 1].1 == entries[j].1 + 1
                {
                    j += 1;
                }
            }
            if !first {
                s.push(',');
            }
            first = false;
            if king {
                s.push('K');
            }
            if j >= i + 2 {
                let _ = write!(s, "{n}-{}", entries[j].1);
                i = j + 1;
            } else {
                s.push_str(&layout.name(sq));
                i += 1;
            }
        }
    }
    s
}

/// Builds the position a FEN describes, for `variant` with `layout`'s square names. A FEN with
/// `?` for the side to move gets the variant's first mover.
pub fn position(
    text: &str,
    variant: crate::rules::Variant,
    layout: &Layout,
) -> Result<crate::rules::Position, FenError> {
    let fen = RawFen::parse(text)?.resolve(layout)?;
    let turn = fen.turn.unwrap_or(variant.rules().first_to_move);
    let mut p = crate::rules::Position::empty(variant, turn);
    for (sq, piece) in fen.pieces {
        p.set_piece(sq, Some(piece));
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    fn resolve(text: &str, v: Variant) -> Result<Fen, FenError> {
        RawFen::parse(text)?.resolve(&Layout::standard(v))
    }

    fn numbers(f: &Fen, color: Color, role: Role) -> Vec<u32> {
        let mut v: Vec<u32> = f
            .pieces
            .iter()
            .filter(|(_, p)| p.color == color && p.role == role)
            .map(|(s, _)| s.number())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn international_start_with_ranges() {
        let f = resolve("W:W31-50:B1-20", Variant::International).unwrap();
        assert_eq!(f.turn, Some(Color::White));
        assert_eq!(
            numbers(&f, Color::White, Role::Man),
            (31..=50).collect::<Vec<_>>()
        );
        assert_eq!(
            numbers(&f, Color::Black, Role::Man),
            (1..=20).collect::<Vec<_>>()
        );
    }

    #[test]
    fn kings_trailing_dot_descending_lists_and_block_order() {
        // The PDN 1.0 example, with a trailing dot, then the colour blocks swapped.
        let raw = RawFen::parse("W:WK4,30:B27,22.").unwrap();
        assert_eq!(raw.notes.len(), 1);
        let f = raw.resolve(&Layout::standard(Variant::English)).unwrap();
        assert_eq!(numbers(&f, Color::White, Role::King), vec![4]);
        assert_eq!(numbers(&f, Color::White, Role::Man), vec![30]);
        assert_eq!(numbers(&f, Color::Black, Role::Man), vec![22, 27]);
        let f = resolve("B:B27,22,K10-12:WK4,30", Variant::English).unwrap();
        assert_eq!(f.turn, Some(Color::Black));
        assert_eq!(numbers(&f, Color::Black, Role::King), vec![10, 11, 12]);
        assert_eq!(numbers(&f, Color::White, Role::Man), vec![30]);
    }

    #[test]
    fn algebraic_fen_from_lidraughts() {
        let f = resolve(
            "W:Wa3,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6",
            Variant::Russian,
        )
        .unwrap();
        assert_eq!(
            numbers(&f, Color::White, Role::Man),
            (21..=32).collect::<Vec<_>>()
        );
        assert_eq!(
            numbers(&f, Color::Black, Role::Man),
            (1..=12).collect::<Vec<_>>()
        );
    }

    #[test]
    fn one_side_empty_unknown_turn_and_null_blocks() {
        let f = resolve("?:W31-50:B", Variant::International).unwrap();
        assert_eq!(f.turn, None);
        assert_eq!(f.pieces.len(), 20);
        assert!(
            resolve("B::", Variant::International)
                .unwrap()
                .pieces
                .is_empty()
        );
    }

    #[test]
    fn errors_name_the_square() {
        let e = resolve("W:W31-51:B1", Variant::International).unwrap_err();
        assert_eq!(e.kind, FenErrorKind::OffBoard("51".into()));
        assert_eq!(e.span, 3..8);
        let e = resolve("W:W31,32:B32", Variant::International).unwrap_err();
        assert_eq!(e.kind, FenErrorKind::Duplicate("32".into()));
        assert_eq!(e.message(), "square 32 is listed twice");
        let e = resolve("W:W3:B40", Variant::International).unwrap_err();
        assert!(
            matches!(e.kind, FenErrorKind::ManOnPromotionRow { .. }),
            "{e:?}"
        );
        assert!(e.message().contains("white man on 3"));
        assert!(resolve("W:WK3:B40", Variant::International).is_ok());
        let e = resolve("W:Wa2:B", Variant::Russian).unwrap_err();
        assert_eq!(e.kind, FenErrorKind::OffBoard("a2".into()));
        assert_eq!(
            RawFen::parse("X:W1").unwrap_err().kind,
            FenErrorKind::BadTurn
        );
        assert_eq!(
            RawFen::parse("W:Q1").unwrap_err().kind,
            FenErrorKind::BadColor
        );
        assert!(matches!(
            RawFen::parse("W:W1;2").unwrap_err().kind,
            FenErrorKind::BadSquare(_)
        ));
        assert!(matches!(
            RawFen::parse("W:Wa1-c3").unwrap_err().kind,
            FenErrorKind::BadRange(_)
        ));
        assert_eq!(RawFen::parse("  ").unwrap_err().kind, FenErrorKind::Empty);
    }

    #[test]
    fn spaces_are_accepted_with_a_note() {
        let raw = RawFen::parse("W:W 31, 32 :B 1").unwrap();
        assert!(!raw.notes.is_empty());
        assert_eq!(raw.items.len(), 3);
    }

    #[test]
    fn write_then_read_gives_the_same_pieces() {
        for (text, v) in [
            ("W:W31-50:B1-20", Variant::International),
            (
                "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
                Variant::English,
            ),
            ("W:Wa1,c3,Kh8:Bb8,Kd2", Variant::Russian),
        ] {
            let l = Layout::standard(v);
            let f = resolve(text, v).unwrap();
            let written = write_fen(f.turn, &f.pieces, &l);
            let again = resolve(&written, v).unwrap();
            let mut a = f.pieces.clone();
            let mut b = again.pieces.clone();
            a.sort_by_key(|p| p.0);
            b.sort_by_key(|p| p.0);
            assert_eq!(a, b, "{text} -> {written}");
        }
        let l = Layout::standard(Variant::International);
        let f = resolve("W:W31-50:B1-20", Variant::International).unwrap();
        assert_eq!(write_fen(f.turn, &f.pieces, &l), "W:W31-50:B1-20");
    }

    #[test]
    fn squares_on_file_k_are_not_kings_and_kings_there_are_written_unambiguously() {
        let f = resolve("W:Wk3:Bb10", Variant::Canadian).unwrap();
        assert!(f.pieces.iter().all(|(_, p)| p.role == Role::Man), "{f:?}");
        let l = Layout::standard(Variant::Canadian);
        for text in ["W:Wk3,Kk5:Bb10,Kl12", "B:WKk1,k3:Bl10"] {
            let f = resolve(text, Variant::Canadian).unwrap();
            let mut algebraic = l;
            algebraic.kind = NotationKind::Algebraic;
            for layout in [l, algebraic] {
                let written = write_fen(f.turn, &f.pieces, &layout);
                let again = RawFen::parse(&written)
                    .and_then(|r| r.resolve(&layout))
                    .unwrap();
                let mut a = f.pieces.clone();
                let mut b = again.pieces.clone();
                a.sort_by_key(|p| p.0);
                b.sort_by_key(|p| p.0);
                assert_eq!(a, b, "{text} -> {written}");
            }
        }
        // Lower-case `k` before a square that is no digit is still a king.
        let f = resolve("W:Wka1:Bb10", Variant::Canadian).unwrap();
        assert_eq!(f.pieces[0].1.role, Role::King);
    }

    #[test]
    fn a_list_longer_than_any_board_holds_is_refused_where_it_passes_the_limit() {
        let fen = format!("W:W{}", "31,".repeat(100_000));
        let e = RawFen::parse(&fen).unwrap_err();
        assert_eq!(e.kind, FenErrorKind::TooManyPieces);
        assert_eq!(e.span, 3 + 3 * MAX_ITEMS..5 + 3 * MAX_ITEMS);
        // At the limit, the list is read, and found wrong for what it lists.
        let fen = format!("W:W{}", "31,".repeat(MAX_ITEMS));
        assert!(RawFen::parse(&fen).is_ok());
    }

    #[test]
    fn fen_error_spans_hold_whole_characters() {
        for text in ["é:W1:B2", "W:W1:é2", "W:W1:B2:ж"] {
            let e = RawFen::parse(text).expect_err("not a FEN");
            assert!(
                text.get(e.span.clone()).is_some(),
                "{text}: span {:?} splits a character",
                e.span
            );
        }
    }
}
