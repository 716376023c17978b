//! A small text diagram of a position, drawn in the game's own notation: the `Display` of a
//! [`Diagram`], the data the replay lays a position out as ([`diagram`]).

use std::fmt::{self, Write as _};

use crate::board::{Color, Piece, Role};
use crate::lint::Diagram;
pub use crate::replay::diagram;

/// The letter of a piece in text diagrams: `w`/`b` for men, `W`/`B` for kings.
pub fn piece_letter(p: Piece) -> char {
    match (p.color, p.role) {
        (Color::White, Role::Man) => 'w',
        (Color::White, Role::King) => 'W',
        (Color::Black, Role::Man) => 'b',
        (Color::Black, Role::King) => 'B',
    }
}

impl fmt::Display for Diagram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.rows.len();
        let mut s = String::new();
        for (y, row) in self.rows.iter().enumerate() {
            let mut line = String::new();
            if self.algebraic {
                let _ = write!(line, "{:>2} ", n - y);
            }
            for cell in row {
                line.push(match cell {
                    None => ' ',
                    Some(sq) => sq.piece.map_or('.', piece_letter),
                });
                line.push(' ');
            }
            if !self.algebraic {
                let numbers: Vec<u32> = row
                    .iter()
                    .flatten()
                    .filter_map(|sq| sq.name.parse().ok())
                    .collect();
                if let (Some(a), Some(z)) = (numbers.iter().min(), numbers.iter().max()) {
                    let _ = write!(line, "  {a}-{z}");
                }
            }
            s.push_str(line.trim_end());
            s.push('\n');
        }
        if self.algebraic {
            s.push_str("   ");
            for file in 0..n {
                s.push(char::from(b'a' + file as u8));
                s.push(' ');
            }
            s = s.trim_end().to_string();
            s.push('\n');
        }
        write!(f, "{s}{} to move", self.to_move.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Piece;
    use crate::notation::{Corner, Layout, NotationKind};
    use crate::rules::{Position, Variant};

    /// The name the diagram gives to the cell holding the only piece on the board.
    fn name_of_the_piece(pic: &str, layout: &Layout) -> String {
        let lines: Vec<&str> = pic.lines().collect();
        let n = usize::from(layout.board.size());
        for line in lines.iter().take(n) {
            let offset = if layout.kind == NotationKind::Algebraic {
                3
            } else {
                0
            };
            let cells: Vec<char> = line.chars().skip(offset).step_by(2).take(n).collect();
            let Some(x) = cells.iter().position(|&c| c == 'w') else {
                continue;
            };
            return match layout.kind {
                NotationKind::Algebraic => {
                    // The rank label at the left, the file letter below.
                    let rank: usize = line[..2].trim().parse().unwrap();
                    let files: Vec<char> = lines[n].chars().skip(3).step_by(2).collect();
                    format!("{}{rank}", files[x])
                }
                NotationKind::Numeric => {
                    // Playing cells before it in its row, from the row's first number.
                    let first: u32 = line
                        .rsplit("  ")
                        .next()
                        .and_then(|r| r.split('-').next())
                        .and_then(|a| a.trim().parse().ok())
                        .unwrap();
                    // Numbers run from right to left where square 1 is at the bottom right.
                    let before = if layout.numeric_corner == Corner::BottomRight {
                        cells[x + 1..].iter().filter(|&&c| c != ' ').count() as u32
                    } else {
                        cells[..x].iter().filter(|&&c| c != ' ').count() as u32
                    };
                    (first + before).to_string()
                }
            };
        }
        panic!("no piece drawn:\n{pic}");
    }

    fn layouts(v: Variant) -> Vec<Layout> {
        let standard = Layout::standard(v);
        let mut all = Vec::new();
        for kind in [NotationKind::Numeric, NotationKind::Algebraic] {
            for inverted in [false, true] {
                for numeric_corner in [Corner::TopLeft, Corner::BottomRight] {
                    all.push(Layout {
                        kind,
                        inverted,
                        numeric_corner,
                        ..standard
                    });
                }
            }
        }
        all
    }

    #[test]
    fn every_square_is_drawn_where_its_name_says_in_every_variant_and_notation() {
        for v in Variant::ALL {
            for layout in layouts(v) {
                for sq in v.board().all_squares() {
                    let mut pos = Position::empty(v, Color::White);
                    pos.set_piece(
                        sq,
                        Some(Piece {
                            color: Color::White,
                            role: Role::Man,
                        }),
                    );
                    let pic = diagram(&pos, &layout).to_string();
                    assert_eq!(
                        name_of_the_piece(&pic, &layout),
                        layout.name(sq),
                        "{v} {layout:?}:\n{pic}"
                    );
                }
            }
        }
    }

    #[test]
    fn english_in_algebraic_squares_is_drawn_from_black_side() {
        // [GameType "21"] 1. c3-d4: Black's man from c3 (square 11) to d4 (square 15).
        let layout = Layout {
            kind: NotationKind::Algebraic,
            ..Layout::standard(Variant::English)
        };
        let mut pos = Position::start(Variant::English);
        let (c3, d4) = (layout.parse("c3").unwrap(), layout.parse("d4").unwrap());
        let man = pos.piece_at(c3);
        pos.set_piece(c3, None);
        pos.set_piece(d4, man);
        let pic = diagram(&pos, &layout).to_string();
        let rows: Vec<&str> = pic.lines().collect();
        // Rank 4, file d: the fourth cell of the fifth line from the top.
        assert!(rows[4].starts_with(" 4 "), "{pic}");
        assert_eq!(rows[4].chars().nth(3 + 2 * 3), Some('b'), "{pic}");
        assert_eq!(
            rows[5].chars().nth(3 + 2 * 2),
            Some('.'),
            "c3 is empty:\n{pic}"
        );
        assert!(rows[8].starts_with("   a b c d e f g h"), "{pic}");
    }

    #[test]
    fn spanish_is_drawn_as_white_sees_it_with_square_1_at_the_bottom_right() {
        let v = Variant::Spanish;
        let pic = diagram(&Position::start(v), &Layout::standard(v)).to_string();
        let lines: Vec<&str> = pic.lines().collect();
        // The turned board: the bottom-left cell is not a playing square.
        assert_eq!(lines[7], "  w   w   w   w   1-4", "{pic}");
        assert!(
            lines[0].starts_with('b') && lines[0].ends_with("29-32"),
            "{pic}"
        );
    }
}
