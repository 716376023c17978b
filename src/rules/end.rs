//! The end of a game: who has lost in a final position, under the variant's [`EndRule`].

use super::Position;
use super::variant::EndRule;
use crate::board::{Color, Role};

/// A game that is over: the side that lost, and why, as a clause that names the side
/// ("white cannot move").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ended {
    /// The side that lost.
    pub loser: Color,
    /// Why the game is over, naming the side it concerns.
    pub why: String,
}

impl Position {
    /// In a variant the first king wins (Breakthrough), the side that has made one: the game
    /// is over. `None` in every other variant, and before a king is made.
    pub fn first_king(&self) -> Option<Color> {
        if self.variant().rules().end != EndRule::FirstKingWins {
            return None;
        }
        let king = |c: Color| self.count(c, Role::King) > 0;
        match (king(Color::White), king(Color::Black)) {
            (true, false) => Some(Color::White),
            (false, true) => Some(Color::Black),
            _ => None,
        }
    }

    /// Whether the game is over in this position under its variant's end rule, and who lost.
    /// `None` while the side to move has a move (and, in Breakthrough, no king stands).
    pub fn ended(&self) -> Option<Ended> {
        let rules = self.variant().rules();
        let title = self.variant().title();
        if let Some(winner) = self.first_king() {
            return Some(Ended {
                loser: winner.opponent(),
                why: format!("{} has a king, which wins {title}", winner.as_str()),
            });
        }
        if !self.legal_moves().is_empty() {
            return None;
        }
        let side = self.side_to_move();
        let state = if self.count(side, Role::Man) + self.count(side, Role::King) == 0 {
            "has no pieces left"
        } else {
            "cannot move"
        };
        Some(match rules.end {
            EndRule::NoMoveWins => Ended {
                loser: side.opponent(),
                why: format!("{} {state}, which wins {title}", side.as_str()),
            },
            EndRule::NoMoveLoses | EndRule::FirstKingWins => Ended {
                loser: side,
                why: format!("{} {state}", side.as_str()),
            },
        })
    }
}
