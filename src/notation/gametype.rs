//! The GameType tag: `[GameType "20"]` or `[GameType "20,W,10,10,N2,0"]`.
//!
//! Syntax (PDN 3.0): `number[,start-colour,width,height,notation-letter corner-digit[,invert]]`.
//! Real files also carry the corner values used before 2014 (`25,W,8,8,A1,0` for Russian),
//! impossible sizes (`20,W,0,0,N,0`), and the private numbers of online servers (lidraughts:
//! 96 Breakthrough, 97 Frysk!, 98 Antidraughts). [`GameType::parse`] reads the text and
//! [`GameType::resolve`] decides which rules and square layout to use, with a note for every
//! value it had to correct.

use serde::Serialize;

use super::squares::{Corner, Layout, NotationKind};
use crate::board::{Board, Color};
use crate::lint::clip;
use crate::rules::Variant;

/// The fields of a GameType value, as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameType {
    /// The game number (20 International, 21 English, ...).
    pub number: u32,
    /// The side that moves first, if given.
    pub first: Option<Color>,
    /// Board width, if given.
    pub width: Option<u32>,
    /// Board height, if given.
    pub height: Option<u32>,
    /// The notation letter (`A`, `N`, `S`), if given.
    pub notation: Option<char>,
    /// The corner digit after the letter, if given.
    pub corner: Option<u8>,
    /// The invert flag, if given.
    pub invert: Option<bool>,
}

/// A GameType value that cannot be read at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameTypeError {
    /// The value is empty.
    #[error("the GameType value is empty")]
    Empty,
    /// The game number is not a number (as written; a long one cut as [`crate::lint::clip`]
    /// cuts it).
    #[error("`{0}` is not a game number")]
    BadNumber(String),
    /// A detail field cannot be read.
    #[error("GameType field {field} `{text}` cannot be read: {why}")]
    BadField {
        /// 1-based field position.
        field: usize,
        /// The field's text (a long one cut as [`crate::lint::clip`] cuts it).
        text: String,
        /// What was expected.
        why: &'static str,
    },
}

/// What a GameType value means for replaying a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Resolved {
    /// The rules to replay with, or `None` for a game pdnkit has no rules for.
    pub variant: Option<Variant>,
    /// The square layout.
    pub layout: Option<Layout>,
    /// Who moves first from the start position.
    pub first_to_move: Option<Color>,
    /// The declared layout is non-standard for its variant; a caller may try the standard one
    /// when the declared one fails to replay.
    pub nonstandard_layout: bool,
    /// One sentence for each value that was corrected or is unusual.
    pub notes: Vec<String>,
    /// Why there are no rules, when `variant` is `None`.
    pub unsupported: Option<String>,
}

/// Whether a GameType number is one of lidraughts' private numbers (96 Breakthrough, 97
/// Frysk!, 98 Antidraughts). Its own exports write these games on their board's standard
/// GameType, naming the game in a `Variant` tag (`[GameType "20"] [Variant "Antidraughts"]`).
pub fn is_server_private(number: u32) -> bool {
    (96..=98).contains(&number)
}

/// The name of a GameType number (PDN 3.0 table, plus lidraughts' private numbers).
pub fn game_name(number: u32) -> Option<&'static str> {
    if let Some(v) = Variant::from_gametype(number) {
        return Some(v.title());
    }
    Some(match number {
        0 => "chess",
        1 => "Chinese chess",
        41 => "Spantsiretti",
        50 => "Othello",
        _ => return None,
    })
}

impl GameType {
    /// Reads a GameType value. Spaces around fields are tolerated.
    pub fn parse(text: &str) -> Result<GameType, GameTypeError> {
        let fields: Vec<&str> = text.split(',').map(str::trim).collect();
        let first = fields.first().copied().unwrap_or("");
        if first.is_empty() {
            return Err(GameTypeError::Empty);
        }
        let number: u32 = first
            .parse()
            .map_err(|_| GameTypeError::BadNumber(clip(first).to_string()))?;
        let mut gt = GameType {
            number,
            first: None,
            width: None,
            height: None,
            notation: None,
            corner: None,
            invert: None,
        };
        let bad = |field: usize, why: &'static str| GameTypeError::BadField {
            field,
            text: clip(fields[field - 1]).to_string(),
            why,
        };
        if let Some(&c) = fields.get(1) {
            gt.first = match c {
                "W" | "w" => Some(Color::White),
                "B" | "b" => Some(Color::Black),
                "" => None,
                _ => return Err(bad(2, "expected W or B")),
            };
        }
        for (i, slot) in [(3usize, &mut gt.width), (4, &mut gt.height)] {
            if let Some(&t) = fields.get(i - 1) {
                if !t.is_empty() {
                    *slot = Some(t.parse().map_err(|_| bad(i, "expected a number"))?);
                }
            }
        }
        if let Some(&t) = fields.get(4) {
            let mut chars = t.chars();
            match chars.next() {
                Some(l @ ('A' | 'N' | 'S' | 'a' | 'n' | 's')) => {
                    gt.notation = Some(l.to_ascii_uppercase());
                    let rest = chars.as_str();
                    if !rest.is_empty() {
                        gt.corner = Some(
                            rest.parse()
                                .map_err(|_| bad(5, "expected a corner digit after the letter"))?,
                        );
                    }
                }
                None => {}
                Some(_) => return Err(bad(5, "expected A, N or S and a corner digit")),
            }
        }
        if let Some(&t) = fields.get(5) {
            gt.invert = match t {
                "0" => Some(false),
                "1" => Some(true),
                "" => None,
                _ => return Err(bad(6, "expected 0 or 1")),
            };
        }
        if fields.len() > 6 {
            return Err(bad(7, "a GameType has at most six fields"));
        }
        Ok(gt)
    }

    /// Decides rules and layout, with a note for every value that had to be corrected.
    pub fn resolve(&self) -> Resolved {
        let mut notes = Vec::new();
        let name = game_name(self.number);
        let Some(variant) = Variant::from_gametype(self.number) else {
            let why = match name {
                Some(n) => format!(
                    "GameType {} is {n}, whose rules pdnkit does not know yet",
                    self.number
                ),
                None => format!("GameType {} is not in the PDN 3.0 table", self.number),
            };
            return Resolved {
                variant: None,
                layout: None,
                first_to_move: self.first,
                nonstandard_layout: false,
                notes,
                unsupported: Some(why),
            };
        };
        let std_layout = Layout::standard(variant);
        let std_first = variant.rules().first_to_move;
        let mut layout = std_layout;
        let mut nonstandard = false;

        let first = self.first.unwrap_or(std_first);
        if let (Some(w), Some(h)) = (self.width, self.height) {
            let size = variant.board().size() as u32;
            if (w, h) != (size, size) {
                notes.push(format!(
                    "GameType says a {w}x{h} board, but {} is played on {size}x{size}, \
                     so {size}x{size} is used",
                    variant.title()
                ));
            }
        }
        if let Some(letter) = self.notation {
            match letter {
                'N' => layout.kind = NotationKind::Numeric,
                'A' => layout.kind = NotationKind::Algebraic,
                _ => notes.push(
                    "GameType asks for short (SAN) notation, which draughts moves do not use, \
                     so the standard notation is used"
                        .to_string(),
                ),
            }
            let std_digit = match std_layout.kind {
                NotationKind::Numeric => std_layout.numeric_corner.digit(std_first),
                NotationKind::Algebraic => std_layout.algebraic_corner.digit(std_first),
            };
            match (
                self.corner,
                Corner::from_digit(self.corner.unwrap_or(9), first),
            ) {
                (None, _) => notes.push(format!(
                    "GameType gives the notation letter {letter} without a corner digit, \
                     so the standard {std_digit} is used"
                )),
                (Some(d), _) if self.is_legacy_corner(variant, letter, d) => notes.push(format!(
                    "GameType uses the corner value {letter}{d} of the tables before 2014, \
                     which means today's {letter}{std_digit}"
                )),
                (Some(d), Some(corner)) => {
                    let std_corner = match layout.kind {
                        NotationKind::Numeric => std_layout.numeric_corner,
                        NotationKind::Algebraic => std_layout.algebraic_corner,
                    };
                    if corner != std_corner {
                        nonstandard = true;
                        notes.push(format!(
                            "GameType puts square {} in corner {d}, not where {} has it ({std_digit})",
                            if letter == 'A' { "a1" } else { "1" },
                            variant.title()
                        ));
                    }
                    match letter {
                        'A' => layout.algebraic_corner = corner,
                        _ => layout.numeric_corner = corner,
                    }
                }
                (Some(d), None) => notes.push(format!(
                    "GameType corner digit {d} is not 0-3, so the standard {std_digit} is used"
                )),
            }
        }
        if let Some(inv) = self.invert {
            if inv != std_layout.inverted {
                nonstandard = true;
                layout.inverted = inv;
                notes.push(if inv {
                    format!(
                        "GameType says the bottom-left corner is not a playing square, unlike {}",
                        variant.title()
                    )
                } else {
                    format!(
                        "GameType says the bottom-left corner is a playing square, but {} is \
                         played on the turned board whose bottom-left corner is not (invert \
                         flag 1), though before 2013 the flag 0 meant the dark squares",
                        variant.title()
                    )
                });
            }
        }
        if first != std_first {
            notes.push(format!(
                "GameType says {} moves first, where {} normally starts with {}",
                first.as_str(),
                variant.title(),
                std_first.as_str()
            ));
        }
        debug_assert!(Board::ALL.contains(&layout.board));
        Resolved {
            variant: Some(variant),
            layout: Some(layout),
            first_to_move: Some(first),
            nonstandard_layout: nonstandard,
            notes,
            unsupported: None,
        }
    }

    /// Corner values from the GameType tables before 2014, which counted corners differently.
    fn is_legacy_corner(&self, variant: Variant, letter: char, digit: u8) -> bool {
        // Russian, Brazilian and Czech were listed as A1 (now A0); values above 3 belonged to the
        // old vertical numbering and never describe one of our boards.
        (letter == 'A'
            && digit == 1
            && variant.info().notation.algebraic
            && self.first != Some(Color::Black))
            || digit > 3
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    #[test]
    fn bare_numbers_resolve_to_the_standard_layout() {
        for v in Variant::ALL {
            let r = GameType::parse(&v.gametype().to_string())
                .unwrap()
                .resolve();
            assert_eq!(r.variant, Some(v));
            assert_eq!(r.layout, Some(Layout::standard(v)));
            assert_eq!(r.first_to_move, Some(v.rules().first_to_move));
            assert!(r.notes.is_empty(), "{v}: {:?}", r.notes);
        }
    }

    #[test]
    fn full_standard_details_need_no_note() {
        for (text, v) in [
            ("20,W,10,10,N2,0", Variant::International),
            ("21,B,8,8,N1,0", Variant::English),
            ("23,B,8,8,N1,0", Variant::Pool),
            ("25,W,8,8,A0,0", Variant::Russian),
            ("26,W,8,8,A0,0", Variant::Brazilian),
            ("27,W,12,12,N2,0", Variant::Canadian),
            ("22,W,8,8,N2,1", Variant::Italian),
            ("29,W,8,8,A0,0", Variant::Czech),
            ("24,W,8,8,N1,1", Variant::Spanish),
            ("28,W,8,8,N1,1", Variant::Portuguese),
            (" 20 , W , 10 , 10 , N2 , 0 ", Variant::International),
        ] {
            let r = GameType::parse(text).unwrap().resolve();
            assert_eq!(r.variant, Some(v), "{text}");
            assert_eq!(r.layout, Some(Layout::standard(v)), "{text}");
            assert!(r.notes.is_empty(), "{text}: {:?}", r.notes);
            assert!(!r.nonstandard_layout);
        }
    }

    #[test]
    fn legacy_russian_corner_means_today_s_a0() {
        let r = GameType::parse("25,W,8,8,A1,0").unwrap().resolve();
        assert_eq!(r.layout, Some(Layout::standard(Variant::Russian)));
        assert!(r.notes[0].contains("before 2014"), "{:?}", r.notes);
    }

    #[test]
    fn odd_real_world_values_are_read_with_notes() {
        let r = GameType::parse("20,W,0,0,N,0").unwrap().resolve();
        assert_eq!(r.variant, Some(Variant::International));
        assert_eq!(r.layout, Some(Layout::standard(Variant::International)));
        assert_eq!(r.notes.len(), 2, "{:?}", r.notes);

        let r = GameType::parse("20,W,10,10,N1,0").unwrap().resolve();
        assert!(r.nonstandard_layout);
        let l = r.layout.unwrap();
        // N1 seen from White: square 1 in White's bottom-right corner; j1 is not a playing
        // square on 10x10, so square 1 is i1.
        assert_eq!(l.to_algebraic(l.from_numeric(1).unwrap()), "i1");
    }

    #[test]
    fn unified_pool_starts_with_white_in_algebraic() {
        let r = GameType::parse("23,W,8,8,A0,0").unwrap().resolve();
        assert_eq!(r.variant, Some(Variant::Pool));
        assert_eq!(r.first_to_move, Some(Color::White));
        assert_eq!(r.layout.unwrap().kind, NotationKind::Algebraic);
        assert_eq!(r.layout.unwrap().parse("a1"), Square::from_number(29));
    }

    #[test]
    fn private_and_unknown_numbers() {
        let r = GameType::parse("98").unwrap().resolve();
        assert_eq!(r.variant, Some(Variant::Antidraughts));
        assert_eq!(r.layout, Some(Layout::standard(Variant::International)));
        assert!(r.notes.is_empty(), "{:?}", r.notes);
        let r = GameType::parse("96").unwrap().resolve();
        assert_eq!(r.variant, Some(Variant::Breakthrough));
        let r = GameType::parse("97").unwrap().resolve();
        assert_eq!(r.variant, Some(Variant::Frysk));
        let r = GameType::parse("30,W,8,8,A0,0").unwrap().resolve();
        assert_eq!(r.variant, Some(Variant::Turkish));
        assert!(r.notes.is_empty(), "{:?}", r.notes);
        let r = GameType::parse("41,W,10,8,A0,0").unwrap().resolve();
        assert!(r.unsupported.unwrap().contains("Spantsiretti"));
        assert!(
            GameType::parse("777")
                .unwrap()
                .resolve()
                .unsupported
                .is_some()
        );
    }

    #[test]
    fn italian_on_an_uninverted_board_is_a_nonstandard_layout() {
        let r = GameType::parse("22,W,8,8,N2,0").unwrap().resolve();
        assert_eq!(r.variant, Some(Variant::Italian));
        assert!(r.nonstandard_layout);
        assert!(!r.layout.unwrap().inverted);
        assert!(r.notes[0].contains("turned board"), "{:?}", r.notes);
        let r = GameType::parse("29,W,8,8,A1,0").unwrap().resolve();
        assert_eq!(r.layout, Some(Layout::standard(Variant::Czech)));
        assert!(r.notes[0].contains("before 2014"), "{:?}", r.notes);
    }

    #[test]
    fn unreadable_values_are_errors() {
        assert_eq!(GameType::parse(""), Err(GameTypeError::Empty));
        assert!(matches!(
            GameType::parse("x"),
            Err(GameTypeError::BadNumber(_))
        ));
        assert!(matches!(
            GameType::parse("20,Q"),
            Err(GameTypeError::BadField { field: 2, .. })
        ));
        assert!(GameType::parse("20,W,10,10,N2,0,7").is_err());
    }
}
