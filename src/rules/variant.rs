//! One table of rule switches per variant. Sources for each rule: `docs/variants.md`.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::board::{Board, Color};

/// The draughts variants whose rules pdnkit knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// International (Polish) draughts, 10x10, GameType 20.
    International,
    /// English draughts / American checkers, 8x8, GameType 21.
    English,
    /// American pool checkers, 8x8, GameType 23.
    Pool,
    /// Russian draughts (shashki), 8x8, GameType 25.
    Russian,
    /// Brazilian draughts: International rules on 8x8, GameType 26.
    Brazilian,
    /// Canadian draughts: International rules on 12x12, GameType 27.
    Canadian,
}

/// What happens when a man reaches the far row in the middle of a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PromotionRule {
    /// The move ends there and the man is crowned (English).
    EndsMove,
    /// The man is crowned at once and goes on capturing as a king (Russian).
    ContinuesAsKing,
    /// The man goes on capturing as a man; it is crowned only if the move ends on the far row
    /// (International, Brazilian, Canadian, Pool).
    ContinuesAsMan,
}

/// How a player must choose among captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureChoice {
    /// Any capture, but the chosen sequence must be completed.
    Free,
    /// A sequence that takes the most pieces (a king counts as one).
    Majority,
}

/// The rule switches of a variant. Everything the move generator needs to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Rules {
    /// Board size.
    pub board: Board,
    /// Who makes the first move of a game from the start position.
    pub first_to_move: Color,
    /// Men may capture backwards.
    pub men_capture_backward: bool,
    /// Kings move and capture over any distance (flying kings).
    pub flying_kings: bool,
    /// How captures must be chosen.
    pub capture_choice: CaptureChoice,
    /// What a man reaching the far row during a capture does.
    pub promotion: PromotionRule,
    /// Rows of men each side starts with.
    pub start_rows: u8,
}

impl Variant {
    /// Every variant, in GameType order.
    pub const ALL: [Variant; 6] = [
        Variant::International,
        Variant::English,
        Variant::Pool,
        Variant::Russian,
        Variant::Brazilian,
        Variant::Canadian,
    ];

    /// The rule switches.
    pub const fn rules(self) -> Rules {
        use CaptureChoice::*;
        use PromotionRule::*;
        let (board, first_to_move, back, flying, choice, promotion, rows) = match self {
            Variant::International => (
                Board::B10,
                Color::White,
                true,
                true,
                Majority,
                ContinuesAsMan,
                4,
            ),
            Variant::English => (Board::B8, Color::Black, false, false, Free, EndsMove, 3),
            Variant::Pool => (Board::B8, Color::Black, true, true, Free, ContinuesAsMan, 3),
            Variant::Russian => (
                Board::B8,
                Color::White,
                true,
                true,
                Free,
                ContinuesAsKing,
                3,
            ),
            Variant::Brazilian => (
                Board::B8,
                Color::White,
                true,
                true,
                Majority,
                ContinuesAsMan,
                3,
            ),
            Variant::Canadian => (
                Board::B12,
                Color::White,
                true,
                true,
                Majority,
                ContinuesAsMan,
                5,
            ),
        };
        Rules {
            board,
            first_to_move,
            men_capture_backward: back,
            flying_kings: flying,
            capture_choice: choice,
            promotion,
            start_rows: rows,
        }
    }

    /// The board.
    pub const fn board(self) -> Board {
        self.rules().board
    }

    /// The PDN GameType number.
    pub const fn gametype(self) -> u32 {
        match self {
            Variant::International => 20,
            Variant::English => 21,
            Variant::Pool => 23,
            Variant::Russian => 25,
            Variant::Brazilian => 26,
            Variant::Canadian => 27,
        }
    }

    /// The variant with GameType number `n`.
    pub const fn from_gametype(n: u32) -> Option<Variant> {
        match n {
            20 => Some(Variant::International),
            21 => Some(Variant::English),
            23 => Some(Variant::Pool),
            25 => Some(Variant::Russian),
            26 => Some(Variant::Brazilian),
            27 => Some(Variant::Canadian),
            _ => None,
        }
    }

    /// The lower-case name used on the command line and in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::International => "international",
            Variant::English => "english",
            Variant::Pool => "pool",
            Variant::Russian => "russian",
            Variant::Brazilian => "brazilian",
            Variant::Canadian => "canadian",
        }
    }

    /// The name a person reads.
    pub const fn title(self) -> &'static str {
        match self {
            Variant::International => "International draughts",
            Variant::English => "English draughts",
            Variant::Pool => "American pool checkers",
            Variant::Russian => "Russian draughts",
            Variant::Brazilian => "Brazilian draughts",
            Variant::Canadian => "Canadian draughts",
        }
    }

    /// The capture separator PDN 3.0 prescribes for the variant's GameType.
    pub const fn capture_separator(self) -> char {
        match self {
            Variant::Russian => ':',
            _ => 'x',
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A variant name or GameType number that pdnkit does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown variant `{0}` (expected one of: international, english, pool, russian, brazilian, canadian, or a GameType number 20, 21, 23, 25, 26, 27)"
)]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;

    /// Accepts the names of [`Variant::name`], common aliases, and GameType numbers.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        if let Ok(n) = t.parse::<u32>() {
            return Variant::from_gametype(n).ok_or_else(|| UnknownVariant(s.to_string()));
        }
        let v = match t.as_str() {
            "international" | "standard" | "polish" | "intl" | "10x10" => Variant::International,
            "english" | "checkers" | "american" | "american-checkers" | "draughts" => {
                Variant::English
            }
            "pool" | "american-pool" | "pool-checkers" => Variant::Pool,
            "russian" | "shashki" => Variant::Russian,
            "brazilian" => Variant::Brazilian,
            "canadian" => Variant::Canadian,
            _ => return Err(UnknownVariant(s.to_string())),
        };
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_gametypes_round_trip() {
        for v in Variant::ALL {
            assert_eq!(v.name().parse::<Variant>(), Ok(v));
            assert_eq!(v.gametype().to_string().parse::<Variant>(), Ok(v));
            assert_eq!(Variant::from_gametype(v.gametype()), Some(v));
        }
        assert!("frisian".parse::<Variant>().is_err());
        assert!("22".parse::<Variant>().is_err());
    }

    #[test]
    fn black_moves_first_only_in_english_and_pool() {
        for v in Variant::ALL {
            let black = matches!(v, Variant::English | Variant::Pool);
            assert_eq!(v.rules().first_to_move == Color::Black, black, "{v}");
        }
    }
}
