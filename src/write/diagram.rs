//! A small text diagram of a position, with algebraic coordinates and square numbers.

use std::fmt::Write as _;

use crate::board::{Color, Position, Role};
use crate::notation::{Layout, NotationKind};

/// Draws `pos` as White sees it, on the board as the layout draws it (turned for Italian):
/// `w`/`b` for men, `W`/`B` for kings, `.` for an empty playing square. Numeric layouts show the square numbers of each row at its right; every layout shows
/// files and ranks. The last line says who is to move.
pub fn diagram(pos: &Position, layout: &Layout) -> String {
    let board = pos.board();
    let n = board.size() as i32;
    let mut s = String::new();
    for rank in (0..n).rev() {
        let _ = write!(s, "{:>2} ", rank + 1);
        let mut numbers = Vec::new();
        for file in 0..n {
            let c = match layout.square_at(file, rank) {
                None => ' ',
                Some(sq) => {
                    numbers.push(layout.to_numeric(sq));
                    match pos.piece_at(sq) {
                        None => '.',
                        Some(p) => match (p.color, p.role) {
                            (Color::White, Role::Man) => 'w',
                            (Color::White, Role::King) => 'W',
                            (Color::Black, Role::Man) => 'b',
                            (Color::Black, Role::King) => 'B',
                        },
                    }
                }
            };
            s.push(c);
            s.push(' ');
        }
        if layout.kind == NotationKind::Numeric {
            numbers.sort_unstable();
            if let (Some(a), Some(z)) = (numbers.first(), numbers.last()) {
                let _ = write!(s, "  {a}-{z}");
            }
        }
        s = s.trim_end().to_string();
        s.push('\n');
    }
    s.push_str("   ");
    for file in 0..n {
        s.push((b'a' + file as u8) as char);
        s.push(' ');
    }
    s = s.trim_end().to_string();
    let _ = write!(s, "\n{} to move", pos.side_to_move().as_str());
    s
}
