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
    /// Italian draughts (dama italiana), 8x8 on the turned board, GameType 22.
    Italian,
    /// Czech draughts (česká dáma), 8x8, GameType 29.
    Czech,
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

/// How a player must choose among captures. Whatever the choice, the chosen sequence must be
/// completed.
///
/// Each choice is a list of [`Criterion`]s applied in order: a capture is legal when no other
/// capture beats it on the first criterion where the two differ. [`CaptureChoice::rank`] folds
/// the list into one number, so the legal captures are those of the highest rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureChoice {
    /// Any capture (English, pool, Russian).
    Free,
    /// A sequence that takes the most pieces, a king counting as one (International,
    /// Brazilian, Canadian).
    Majority,
    /// A king must capture if one can; otherwise any capture (Czech).
    KingFirst,
    /// The Italian priorities: the most pieces; then with a king rather than a man; then the
    /// most kings; then the sequence that meets a king first.
    Italian,
}

/// One rule for choosing among captures, as [`CaptureChoice::criteria`] lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Criterion {
    /// Take the most pieces.
    MostPieces,
    /// Capture with a king rather than with a man.
    WithKing,
    /// Take the most kings.
    MostKings,
    /// Take the sequence whose first king comes earliest.
    KingFirstMet,
}

/// What the capture-choice rules look at in one capture sequence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CaptureTraits {
    /// Pieces taken.
    pub pieces: u32,
    /// The capturing piece is a king when the move starts.
    pub with_king: bool,
    /// Kings taken.
    pub kings: u32,
    /// The 0-based place of the first king in the order of taking, if a king is taken.
    pub first_king: Option<u32>,
}

impl CaptureChoice {
    /// The criteria, in the order they apply.
    pub const fn criteria(self) -> &'static [Criterion] {
        use Criterion::*;
        match self {
            CaptureChoice::Free => &[],
            CaptureChoice::Majority => &[MostPieces],
            CaptureChoice::KingFirst => &[WithKing],
            CaptureChoice::Italian => &[MostPieces, WithKing, MostKings, KingFirstMet],
        }
    }

    /// A number that orders captures as the criteria do: of two captures, the one the rules
    /// prefer has the higher rank, and equal ranks leave the player free to choose.
    pub const fn rank(self, t: CaptureTraits) -> u32 {
        // Fields, most significant first: pieces (7 bits), with a king (1), kings (7), and
        // how early the first king comes (8 bits).
        let mut rank = 0;
        let list = self.criteria();
        let mut i = 0;
        while i < list.len() {
            rank |= list[i].key(t) << list[i].shift();
            i += 1;
        }
        rank
    }

    /// The rule a capture of traits `played` broke when one of traits `best` (a legal capture)
    /// was available: the first criterion on which the two differ, if `best` wins it.
    pub fn broken(self, played: CaptureTraits, best: CaptureTraits) -> Option<Criterion> {
        let c = self
            .criteria()
            .iter()
            .copied()
            .find(|c| c.key(played) != c.key(best))?;
        (c.key(best) > c.key(played)).then_some(c)
    }
}

impl Criterion {
    /// The value this criterion compares: higher is preferred.
    const fn key(self, t: CaptureTraits) -> u32 {
        match self {
            Criterion::MostPieces => t.pieces & 0x7f,
            Criterion::WithKing => t.with_king as u32,
            Criterion::MostKings => t.kings & 0x7f,
            // Earlier is better; no king at all is worst.
            Criterion::KingFirstMet => match t.first_king {
                Some(i) if i < 128 => 128 - i,
                _ => 0,
            },
        }
    }

    /// Where the key goes in [`CaptureChoice::rank`].
    const fn shift(self) -> u32 {
        match self {
            Criterion::MostPieces => 16,
            Criterion::WithKing => 15,
            Criterion::MostKings => 8,
            Criterion::KingFirstMet => 0,
        }
    }
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
    /// Men may capture kings (not in Italian draughts, where only a king takes a king).
    pub men_capture_kings: bool,
    /// How captures must be chosen.
    pub capture_choice: CaptureChoice,
    /// What a man reaching the far row during a capture does.
    pub promotion: PromotionRule,
    /// Rows of men each side starts with.
    pub start_rows: u8,
}

impl Variant {
    /// Every variant, in GameType order.
    pub const ALL: [Variant; 8] = [
        Variant::International,
        Variant::English,
        Variant::Italian,
        Variant::Pool,
        Variant::Russian,
        Variant::Brazilian,
        Variant::Canadian,
        Variant::Czech,
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
            Variant::Italian => (Board::B8, Color::White, false, false, Italian, EndsMove, 3),
            Variant::Czech => (Board::B8, Color::White, false, true, KingFirst, EndsMove, 3),
        };
        Rules {
            board,
            first_to_move,
            men_capture_backward: back,
            flying_kings: flying,
            men_capture_kings: !matches!(self, Variant::Italian),
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
            Variant::Italian => 22,
            Variant::Czech => 29,
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
            22 => Some(Variant::Italian),
            29 => Some(Variant::Czech),
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
            Variant::Italian => "italian",
            Variant::Czech => "czech",
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
            Variant::Italian => "Italian draughts",
            Variant::Czech => "Czech draughts",
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
    "unknown variant `{0}` (expected one of: international, english, italian, pool, russian, brazilian, canadian, czech, or a GameType number 20, 21, 22, 23, 25, 26, 27, 29)"
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
            "italian" | "dama-italiana" => Variant::Italian,
            "czech" | "ceska" | "ceska-dama" => Variant::Czech,
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
        assert!("24".parse::<Variant>().is_err());
    }

    #[test]
    fn black_moves_first_only_in_english_and_pool() {
        for v in Variant::ALL {
            let black = matches!(v, Variant::English | Variant::Pool);
            assert_eq!(v.rules().first_to_move == Color::Black, black, "{v}");
        }
    }

    #[test]
    fn capture_choice_ranks_follow_the_criteria_in_order() {
        let t = |pieces, with_king, kings, first_king| CaptureTraits {
            pieces,
            with_king,
            kings,
            first_king,
        };
        let it = CaptureChoice::Italian;
        // More pieces beat everything after.
        assert!(it.rank(t(3, false, 0, None)) > it.rank(t(2, true, 2, Some(0))));
        // Then a king capturing beats a man.
        assert!(it.rank(t(2, true, 0, None)) > it.rank(t(2, false, 0, None)));
        // Then more kings, then the earlier first king.
        assert!(it.rank(t(2, true, 2, Some(1))) > it.rank(t(2, true, 1, Some(0))));
        assert!(it.rank(t(2, true, 1, Some(0))) > it.rank(t(2, true, 1, Some(1))));
        // Equal traits: free choice.
        assert_eq!(
            it.rank(t(2, true, 1, Some(1))),
            it.rank(t(2, true, 1, Some(1)))
        );
        assert_eq!(
            it.broken(t(2, true, 1, Some(1)), t(2, true, 1, Some(0))),
            Some(Criterion::KingFirstMet)
        );
        assert_eq!(
            it.broken(t(1, true, 1, Some(0)), t(2, false, 0, None)),
            Some(Criterion::MostPieces)
        );
        // Czech: only whether a king captures counts.
        let cz = CaptureChoice::KingFirst;
        assert!(cz.rank(t(1, true, 0, None)) > cz.rank(t(3, false, 1, Some(0))));
        assert_eq!(cz.rank(t(1, false, 0, None)), cz.rank(t(3, false, 0, None)));
        assert_eq!(
            cz.broken(t(3, false, 0, None), t(1, true, 0, None)),
            Some(Criterion::WithKing)
        );
        // Free choice ranks everything alike; the majority rule counts pieces only.
        assert_eq!(CaptureChoice::Free.rank(t(3, true, 2, Some(0))), 0);
        assert_eq!(
            CaptureChoice::Majority.rank(t(2, true, 2, Some(0))),
            CaptureChoice::Majority.rank(t(2, false, 0, None))
        );
    }
}
