//! Frisian's limit on consecutive king moves. It depends on the moves before, which a
//! [`Position`] does not hold, so the replay keeps a [`KingRuns`] beside each position.

use super::Position;
use super::movegen::Move;
use crate::board::{Color, Role, Square};

/// For each side, the king that made its last moves without capturing, and how many in a row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KingRuns {
    runs: [Option<(Square, u8)>; 2],
}

/// A king move over the variant's limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KingRunBroken {
    /// The square the king moved from.
    pub from: Square,
    /// The place of this move in the king's run (one more than `limit`, or more).
    pub moves: u8,
    /// The variant's limit ([`crate::rules::Rules::king_move_limit`]).
    pub limit: u8,
}

impl KingRuns {
    /// Records `mv`, played from `before`. Returns the breach when it is a non-capturing move of
    /// the same king beyond the variant's limit by a side that still has men; nothing in a
    /// variant without the limit.
    pub fn record(&mut self, before: &Position, mv: &Move) -> Option<KingRunBroken> {
        self.record_squares(before, mv.from, mv.to, mv.is_capture())
    }

    /// [`KingRuns::record`] for the move from `from` to `to` (`capture`: it takes something).
    pub(crate) fn record_squares(
        &mut self,
        before: &Position,
        from: Square,
        to: Square,
        capture: bool,
    ) -> Option<KingRunBroken> {
        let limit = before.variant().rules().king_move_limit?;
        let side = before.side_to_move();
        let slot = &mut self.runs[match side {
            Color::White => 0,
            Color::Black => 1,
        }];
        let king = before.piece_at(from).is_some_and(|p| p.role == Role::King);
        if !king || capture || before.count(side, Role::Man) == 0 {
            *slot = None;
            return None;
        }
        let moves = match *slot {
            Some((sq, n)) if sq == from => n.saturating_add(1),
            _ => 1,
        };
        *slot = Some((to, moves));
        (moves > limit).then_some(KingRunBroken { from, moves, limit })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Piece;
    use crate::rules::Variant;

    fn frisian(white_men: bool) -> Position {
        let mut p = Position::empty(Variant::Frisian, Color::White);
        let king = Piece {
            color: Color::White,
            role: Role::King,
        };
        p.set_piece(Square(45), Some(king));
        if white_men {
            let man = Piece {
                color: Color::White,
                role: Role::Man,
            };
            p.set_piece(Square(34), Some(man));
        }
        p.set_piece(
            Square(4),
            Some(Piece {
                color: Color::Black,
                role: Role::Man,
            }),
        );
        p
    }

    /// Plays the king back and forth between 46 and 41 `n` times (Black's moves are not
    /// recorded: they do not touch White's count) and gives the breaches.
    fn shuttle(mut p: Position, n: usize) -> Vec<Option<KingRunBroken>> {
        let mut runs = KingRuns::default();
        let mut out = Vec::new();
        for i in 0..n {
            let (a, b) = if i % 2 == 0 { (45, 40) } else { (40, 45) };
            let mv = p
                .legal_quiet_move(Square(a), Square(b))
                .expect("the king's step");
            out.push(runs.record(&p, &mv));
            p.play(&mv);
            p.set_side_to_move(Color::White);
        }
        out
    }

    #[test]
    fn the_fourth_move_of_the_same_king_breaks_the_limit_while_men_remain() {
        let got = shuttle(frisian(true), 5);
        assert_eq!(got[..3], [None, None, None]);
        assert_eq!(got[3].map(|b| (b.moves, b.limit)), Some((4, 3)));
        assert_eq!(got[4].map(|b| b.moves), Some(5));
    }

    #[test]
    fn a_side_with_only_kings_has_no_limit() {
        assert!(shuttle(frisian(false), 6).iter().all(Option::is_none));
    }

    #[test]
    fn a_man_move_starts_the_count_again() {
        let mut p = frisian(true);
        let mut runs = KingRuns::default();
        for (a, b) in [(45, 40), (40, 45), (45, 40), (34, 29), (40, 45), (45, 40)] {
            let mv = p.legal_quiet_move(Square(a), Square(b)).expect("a step");
            assert_eq!(runs.record(&p, &mv), None, "{mv}");
            p.play(&mv);
            p.set_side_to_move(Color::White);
        }
    }

    #[test]
    fn variants_without_the_limit_count_nothing() {
        let mut p = frisian(true);
        p = {
            let mut q = Position::empty(Variant::International, Color::White);
            for (sq, piece) in p.pieces() {
                q.set_piece(sq, Some(piece));
            }
            q
        };
        let mut runs = KingRuns::default();
        for i in 0..6 {
            let (a, b) = if i % 2 == 0 { (45, 40) } else { (40, 45) };
            let mv = p.legal_quiet_move(Square(a), Square(b)).expect("a step");
            assert_eq!(runs.record(&p, &mv), None);
            p.play(&mv);
            p.set_side_to_move(Color::White);
        }
    }
}
