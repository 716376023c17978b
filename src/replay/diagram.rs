//! A position as the game's notation lays it out: the plain data ([`Diagram`]) a rule error
//! carries and the writers draw.

use crate::board::Square;
use crate::lint::{Diagram, DiagramSquare};
use crate::notation::{Corner, Layout, NotationKind};
use crate::rules::Position;

/// Lays `pos` out as the game's layout names its squares, so that a piece stands where the move
/// text says: the data a diagram is drawn from (as text by `write::diagram`, `w`/`b` for men,
/// `W`/`B` for kings, `.` for an empty playing square; as SVG by `write::svg`).
///
/// - Algebraic layouts are drawn with the layout's `a1` at the bottom left, ranks at the left
///   and files below, whichever side that puts at the bottom (in English draughts written in
///   algebraic squares, Black's side).
/// - Numeric layouts are drawn with square 1 at the top left and the numbers running along the
///   rows, each row followed by the numbers of its squares (`1-5`); a layout whose square 1 is
///   on White's side (Spanish and Portuguese: White's near right corner) is drawn as White
///   sees it, square 1 in its corner at the bottom.
///
/// The last line says who is to move.
pub fn diagram(pos: &Position, layout: &Layout) -> Diagram {
    let n = pos.board().size();
    // The square drawn at each row (top first) and column.
    let mut grid: Vec<Vec<Option<Square>>> = vec![vec![None; usize::from(n)]; usize::from(n)];
    match layout.kind {
        NotationKind::Algebraic => {
            for (y, row) in grid.iter_mut().enumerate() {
                let rank = n - 1 - y as u8;
                for (file, cell) in row.iter_mut().enumerate() {
                    *cell = layout.from_algebraic(file as u8, rank);
                }
            }
        }
        NotationKind::Numeric => {
            let last = n - 1;
            for sq in pos.board().all_squares() {
                let (y, x) = match (layout.numeric_corner, layout.numeric_cell(sq)) {
                    (Corner::BottomLeft, (y, x)) => (last - y, x),
                    (Corner::BottomRight, (y, x)) => (last - y, last - x),
                    (_, cell) => cell,
                };
                if let Some(cell) = grid
                    .get_mut(usize::from(y))
                    .and_then(|r| r.get_mut(usize::from(x)))
                {
                    *cell = Some(sq);
                }
            }
        }
    }
    Diagram {
        rows: grid
            .iter()
            .map(|row| {
                row.iter()
                    .map(|cell| {
                        cell.map(|sq| DiagramSquare {
                            name: layout.name(sq),
                            piece: pos.piece_at(sq),
                        })
                    })
                    .collect()
            })
            .collect(),
        algebraic: layout.kind == NotationKind::Algebraic,
        to_move: pos.side_to_move(),
    }
}
