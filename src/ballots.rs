//! The three-move ballots of English draughts (American checkers): the American Checker
//! Federation's list of the openings made by the first three moves, numbered 1 to 174, of
//! which 156 are in the tournament deck and 18 are barred as lost.
//!
//! Source: the ACF list as numbered in the CheckerBoard program's opening table
//! (`three_move_table` in its `utility.c`; ACF number = place in the list), with the names it
//! gives; the same deck is described in Richard Pask's books on the 3-move restriction.

use crate::notation::Layout;
use crate::notation::resolve::write_move;
use crate::replay::PlayedMove;
use crate::rules::Variant;

/// One opening of the three-move list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ballot {
    /// Its ACF number (1-174).
    pub number: u16,
    /// The three moves, in standard numeric notation (`9-13 22-18 6-9`).
    pub moves: &'static str,
    /// Its name, where the list gives one.
    pub name: Option<&'static str>,
    /// Barred from the deck as lost for one side.
    pub barred: bool,
}

impl Ballot {
    /// `ACF 5 9-13 22-18 6-9 (Dreaded Edinburgh)`, `ACF 3 9-13 21-17 10-14 (barred)`.
    pub fn label(&self) -> String {
        let mut s = format!("ACF {} {}", self.number, self.moves);
        match (self.name, self.barred) {
            (Some(n), true) => s.push_str(&format!(" ({n}, barred)")),
            (Some(n), false) => s.push_str(&format!(" ({n})")),
            (None, true) => s.push_str(" (barred)"),
            (None, false) => {}
        }
        s
    }
}

/// The ACF three-move list, in its numbered order.
pub const BALLOTS: &[Ballot] = &[
    Ballot {
        number: 1,
        moves: "9-13 21-17 5-9",
        name: None,
        barred: false,
    },
    Ballot {
        number: 2,
        moves: "9-13 21-17 6-9",
        name: None,
        barred: false,
    },
    Ballot {
        number: 3,
        moves: "9-13 21-17 10-14",
        name: None,
        barred: true,
    },
    Ballot {
        number: 4,
        moves: "9-13 22-17 13x22",
        name: None,
        barred: false,
    },
    Ballot {
        number: 5,
        moves: "9-13 22-18 6-9",
        name: Some("Dreaded Edinburgh"),
        barred: false,
    },
    Ballot {
        number: 6,
        moves: "9-13 22-18 10-14",
        name: Some("Inferno"),
        barred: false,
    },
    Ballot {
        number: 7,
        moves: "9-13 22-18 10-15",
        name: None,
        barred: false,
    },
    Ballot {
        number: 8,
        moves: "9-13 22-18 11-15",
        name: Some("Edinburgh Single"),
        barred: false,
    },
    Ballot {
        number: 9,
        moves: "9-13 22-18 11-16",
        name: Some("Wilderness I"),
        barred: false,
    },
    Ballot {
        number: 10,
        moves: "9-13 22-18 12-16",
        name: None,
        barred: false,
    },
    Ballot {
        number: 11,
        moves: "9-13 23-18 5-9",
        name: None,
        barred: false,
    },
    Ballot {
        number: 12,
        moves: "9-13 23-18 6-9",
        name: None,
        barred: false,
    },
    Ballot {
        number: 13,
        moves: "9-13 23-18 10-14",
        name: None,
        barred: true,
    },
    Ballot {
        number: 14,
        moves: "9-13 23-18 10-15",
        name: None,
        barred: false,
    },
    Ballot {
        number: 15,
        moves: "9-13 23-18 11-15",
        name: None,
        barred: false,
    },
    Ballot {
        number: 16,
        moves: "9-13 23-18 11-16",
        name: Some("Wilderness II"),
        barred: false,
    },
    Ballot {
        number: 17,
        moves: "9-13 23-18 12-16",
        name: None,
        barred: false,
    },
    Ballot {
        number: 18,
        moves: "9-13 23-19 5-9",
        name: None,
        barred: false,
    },
    Ballot {
        number: 19,
        moves: "9-13 23-19 6-9",
        name: None,
        barred: false,
    },
    Ballot {
        number: 20,
        moves: "9-13 23-19 10-14",
        name: None,
        barred: false,
    },
    Ballot {
        number: 21,
        moves: "9-13 23-19 10-15",
        name: None,
        barred: false,
    },
    Ballot {
        number: 22,
        moves: "9-13 23-19 11-16",
        name: None,
        barred: false,
    },
    Ballot {
        number: 23,
        moves: "9-13 24-19 5-9",
        name: None,
        barred: false,
    },
    Ballot {
        number: 24,
        moves: "9-13 24-19 6-9",
        name: None,
        barred: false,
    },
    Ballot {
        number: 25,
        moves: "9-13 24-19 10-14",
        name: None,
        barred: false,
    },
    Ballot {
        number: 26,
        moves: "9-13 24-19 10-15",
        name: None,
        barred: true,
    },
    Ballot {
        number: 27,
        moves: "9-13 24-19 11-15",
        name: None,
        barred: false,
    },
    Ballot {
        number: 28,
        moves: "9-13 24-19 11-16",
        name: None,
        barred: false,
    },
    Ballot {
        number: 29,
        moves: "9-13 24-20 5-9",
        name: None,
        barred: false,
    },
    Ballot {
        number: 30,
        moves: "9-13 24-20 6-9",
        name: None,
        barred: false,
    },
    Ballot {
        number: 31,
        moves: "9-13 24-20 10-14",
        name: None,
        barred: false,
    },
    Ballot {
        number: 32,
        moves: "9-13 24-20 10-15",
        name: None,
        barred: false,
    },
    Ballot {
        number: 33,
        moves: "9-13 24-20 11-15",
        name: None,
        barred: false,
    },
    Ballot {
        number: 34,
        moves: "9-13 24-20 11-16",
        name: Some("Twilight Zone"),
        barred: false,
    },
    Ballot {
        number: 35,
        moves: "9-13 24-20 12-16",
        name: Some("Dundee Barred"),
        barred: true,
    },
    Ballot {
        number: 36,
        moves: "9-14 22-17 5-9",
        name: None,
        barred: false,
    },
    Ballot {
        number: 37,
        moves: "9-14 22-17 6-9",
        name: None,
        barred: false,
    },
    Ballot {
        number: 38,
        moves: "9-14 22-17 11-15",
        name: None,
        barred: false,
    },
    Ballot {
        number: 39,
        moves: "9-14 22-17 11-16",
        name: None,
        barred: false,
    },
    Ballot {
        number: 40,
        moves: "9-14 22-18 5-9",
        name: None,
        barred: false,
    },
    Ballot {
        number: 41,
        moves: "9-14 22-18 10-15",
        name: None,
        barred: false,
    },
    Ballot {
        number: 42,
        moves: "9-14 22-18 11-15",
        name: None,
        barred: false,
    },
    Ballot {
        number: 43,
        moves: "9-14 22-18 11-16",
        name: None,
        barred: false,
    },
    Ballot {
        number: 44,
        moves: "9-14 22-18 12-16",
        name: None,
        barred: true,
    },
    Ballot {
        number: 45,
        moves: "9-14 22-18 14-17",
        name: None,
        barred: true,
    },
    Ballot {
        number: 46,
        moves: "9-14 23-18 14x23",
        name: Some("Double Cross"),
        barred: false,
    },
    Ballot {
        number: 47,
        moves: "9-14 23-19 5-9",
        name: None,
        barred: false,
    },
    Ballot {
        number: 48,
        moves: "9-14 23-19 10-15",
        name: Some("Rattlesnake"),
        barred: true,
    },
    Ballot {
        number: 49,
        moves: "9-14 23-19 11-16",
        name: None,
        barred: false,
    },
    Ballot {
        number: 50,
        moves: "9-14 23-19 14-18",
        name: None,
        barred: false,
    },
    Ballot {
        number: 51,
        moves: "9-14 24-19 5-9",
        name: None,
        barred: false,
    },
    Ballot {
        number: 52,
        moves: "9-14 24-19 10-15",
        name: None,
        barred: true,
    },
    Ballot {
        number: 53,
        moves: "9-14 24-19 11-15",
        name: None,
        barred: false,
    },
    Ballot {
        number: 54,
        moves: "9-14 24-19 11-16",
        name: None,
        barred: false,
    },
    Ballot {
        number: 55,
        moves: "9-14 24-20 5-9",
        name: None,
        barred: false,
    },
    Ballot {
        number: 56,
        moves: "9-14 24-20 10-15",
        name: None,
        barred: false,
    },
    Ballot {
        number: 57,
        moves: "9-14 24-20 11-15",
        name: None,
        barred: false,
    },
    Ballot {
        number: 58,
        moves: "9-14 24-20 11-16",
        name: None,
        barred: false,
    },
    Ballot {
        number: 59,
        moves: "10-14 22-17 7-10",
        name: None,
        barred: false,
    },
    Ballot {
        number: 60,
        moves: "10-14 22-17 9-13",
        name: Some("Black Hole"),
        barred: false,
    },
    Ballot {
        number: 61,
        moves: "10-14 22-17 11-15",
        name: None,
        barred: false,
    },
    Ballot {
        number: 62,
        moves: "10-14 22-17 11-16",
        name: Some("Gemini I"),
        barred: false,
    },
    Ballot {
        number: 63,
        moves: "10-14 22-17 14-18",
        name: None,
        barred: false,
    },
    Ballot {
        number: 64,
        moves: "10-14 22-18 6-10",
        name: None,
        barred: false,
    },
    Ballot {
        number: 65,
        moves: "10-14 22-18 7-10",
        name: Some("Fraser's Inferno"),
        barred: false,
    },
    Ballot {
        number: 66,
        moves: "10-14 22-18 11-15",
        name: None,
        barred: false,
    },
    Ballot {
        number: 67,
        moves: "10-14 22-18 11-16",
        name: None,
        barred: false,
    },
    Ballot {
        number: 68,
        moves: "10-14 22-18 12-16",
        name: Some("White Doctor"),
        barred: false,
    },
    Ballot {
        number: 69,
        moves: "10-14 23-18 14x23",
        name: None,
        barred: false,
    },
    Ballot {
        number: 70,
        moves: "10-14 23-19 6-10",
        name: None,
        barred: false,
    },
    Ballot {
        number: 71,
        moves: "10-14 23-19 7-10",
        name: Some("Diabolical Denny"),
        barred: false,
    },
    Ballot {
        number: 72,
        moves: "10-14 23-19 11-15",
        name: None,
        barred: false,
    },
    Ballot {
        number: 73,
        moves: "10-14 23-19 11-16",
        name: None,
        barred: false,
    },
    Ballot {
        number: 74,
        moves: "10-14 23-19 14-18",
        name: None,
        barred: false,
    },
    Ballot {
        number: 75,
        moves: "10-14 24-19 6-10",
        name: None,
        barred: false,
    },
    Ballot {
        number: 76,
        moves: "10-14 24-19 7-10",
        name: None,
        barred: false,
    },
    Ballot {
        number: 77,
        moves: "10-14 24-19 11-15",
        name: None,
        barred: true,
    },
    Ballot {
        number: 78,
        moves: "10-14 24-19 11-16",
        name: None,
        barred: false,
    },
    Ballot {
        number: 79,
        moves: "10-14 24-19 14-18",
        name: None,
        barred: false,
    },
    Ballot {
        number: 80,
        moves: "10-14 24-20 6-10",
        name: None,
        barred: false,
    },
    Ballot {
        number: 81,
        moves: "10-14 24-20 7-10",
        name: None,
        barred: false,
    },
    Ballot {
        number: 82,
        moves: "10-14 24-20 11-15",
        name: None,
        barred: false,
    },
    Ballot {
        number: 83,
        moves: "10-14 24-20 11-16",
        name: None,
        barred: false,
    },
    Ballot {
        number: 84,
        moves: "10-14 24-20 14-18",
        name: None,
        barred: false,
    },
    Ballot {
        number: 85,
        moves: "10-15 21-17 6-10",
        name: None,
        barred: false,
    },
    Ballot {
        number: 86,
        moves: "10-15 21-17 7-10",
        name: Some("Octopus"),
        barred: false,
    },
    Ballot {
        number: 87,
        moves: "10-15 21-17 9-13",
        name: Some("Tyne"),
        barred: false,
    },
    Ballot {
        number: 88,
        moves: "10-15 21-17 9-14",
        name: None,
        barred: true,
    },
    Ballot {
        number: 89,
        moves: "10-15 21-17 11-16",
        name: None,
        barred: false,
    },
    Ballot {
        number: 90,
        moves: "10-15 21-17 15-18",
        name: None,
        barred: false,
    },
    Ballot {
        number: 91,
        moves: "10-15 22-17 6-10",
        name: None,
        barred: false,
    },
    Ballot {
        number: 92,
        moves: "10-15 22-17 7-10",
        name: None,
        barred: false,
    },
    Ballot {
        number: 93,
        moves: "10-15 22-17 9-13",
        name: None,
        barred: false,
    },
    Ballot {
        number: 94,
        moves: "10-15 22-17 9-14",
        name: Some("Nutcracker"),
        barred: true,
    },
    Ballot {
        number: 95,
        moves: "10-15 22-17 11-16",
        name: None,
        barred: false,
    },
    Ballot {
        number: 96,
        moves: "10-15 22-17 15-19",
        name: Some("Skull-Cracker"),
        barred: false,
    },
    Ballot {
        number: 97,
        moves: "10-15 22-18 15x22",
        name: None,
        barred: false,
    },
    Ballot {
        number: 98,
        moves: "10-15 23-18 6-10",
        name: None,
        barred: false,
    },
    Ballot {
        number: 99,
        moves: "10-15 23-18 7-10",
        name: None,
        barred: false,
    },
    Ballot {
        number: 100,
        moves: "10-15 23-18 9-14",
        name: None,
        barred: false,
    },
    Ballot {
        number: 101,
        moves: "10-15 23-18 11-16",
        name: None,
        barred: false,
    },
    Ballot {
        number: 102,
        moves: "10-15 23-18 12-16",
        name: None,
        barred: false,
    },
    Ballot {
        number: 103,
        moves: "10-15 23-19 6-10",
        name: None,
        barred: false,
    },
    Ballot {
        number: 104,
        moves: "10-15 23-19 7-10",
        name: None,
        barred: false,
    },
    Ballot {
        number: 105,
        moves: "10-15 23-19 11-16",
        name: Some("Gemini II"),
        barred: false,
    },
    Ballot {
        number: 106,
        moves: "10-15 24-19 15x24",
        name: None,
        barred: false,
    },
    Ballot {
        number: 107,
        moves: "10-15 24-20 6-10",
        name: None,
        barred: false,
    },
    Ballot {
        number: 108,
        moves: "10-15 24-20 7-10",
        name: None,
        barred: false,
    },
    Ballot {
        number: 109,
        moves: "10-15 24-20 11-16",
        name: None,
        barred: true,
    },
    Ballot {
        number: 110,
        moves: "10-15 24-20 15-19",
        name: None,
        barred: false,
    },
    Ballot {
        number: 111,
        moves: "11-15 21-17 8-11",
        name: None,
        barred: false,
    },
    Ballot {
        number: 112,
        moves: "11-15 21-17 9-13",
        name: None,
        barred: false,
    },
    Ballot {
        number: 113,
        moves: "11-15 21-17 9-14",
        name: None,
        barred: false,
    },
    Ballot {
        number: 114,
        moves: "11-15 21-17 10-14",
        name: None,
        barred: true,
    },
    Ballot {
        number: 115,
        moves: "11-15 21-17 15-19",
        name: None,
        barred: false,
    },
    Ballot {
        number: 116,
        moves: "11-15 22-17 8-11",
        name: None,
        barred: false,
    },
    Ballot {
        number: 117,
        moves: "11-15 22-17 9-13",
        name: None,
        barred: false,
    },
    Ballot {
        number: 118,
        moves: "11-15 22-17 15-18",
        name: None,
        barred: false,
    },
    Ballot {
        number: 119,
        moves: "11-15 22-17 15-19",
        name: None,
        barred: false,
    },
    Ballot {
        number: 120,
        moves: "11-15 22-18 15x22",
        name: None,
        barred: false,
    },
    Ballot {
        number: 121,
        moves: "11-15 23-18 8-11",
        name: None,
        barred: false,
    },
    Ballot {
        number: 122,
        moves: "11-15 23-18 9-14",
        name: None,
        barred: false,
    },
    Ballot {
        number: 123,
        moves: "11-15 23-18 10-14",
        name: None,
        barred: false,
    },
    Ballot {
        number: 124,
        moves: "11-15 23-18 12-16",
        name: None,
        barred: false,
    },
    Ballot {
        number: 125,
        moves: "11-15 23-18 15-19",
        name: None,
        barred: false,
    },
    Ballot {
        number: 126,
        moves: "11-15 23-19 8-11",
        name: None,
        barred: false,
    },
    Ballot {
        number: 127,
        moves: "11-15 23-19 9-13",
        name: None,
        barred: false,
    },
    Ballot {
        number: 128,
        moves: "11-15 23-19 9-14",
        name: None,
        barred: false,
    },
    Ballot {
        number: 129,
        moves: "11-15 24-19 15x24",
        name: None,
        barred: false,
    },
    Ballot {
        number: 130,
        moves: "11-15 24-20 8-11",
        name: None,
        barred: false,
    },
    Ballot {
        number: 131,
        moves: "11-15 24-20 12-16",
        name: None,
        barred: false,
    },
    Ballot {
        number: 132,
        moves: "11-15 24-20 15-18",
        name: None,
        barred: false,
    },
    Ballot {
        number: 133,
        moves: "11-16 21-17 7-11",
        name: Some("Octopus"),
        barred: false,
    },
    Ballot {
        number: 134,
        moves: "11-16 21-17 8-11",
        name: None,
        barred: false,
    },
    Ballot {
        number: 135,
        moves: "11-16 21-17 9-13",
        name: None,
        barred: false,
    },
    Ballot {
        number: 136,
        moves: "11-16 21-17 9-14",
        name: None,
        barred: false,
    },
    Ballot {
        number: 137,
        moves: "11-16 21-17 10-14",
        name: Some("Shark"),
        barred: true,
    },
    Ballot {
        number: 138,
        moves: "11-16 21-17 16-20",
        name: None,
        barred: false,
    },
    Ballot {
        number: 139,
        moves: "11-16 22-17 7-11",
        name: None,
        barred: false,
    },
    Ballot {
        number: 140,
        moves: "11-16 22-17 8-11",
        name: None,
        barred: false,
    },
    Ballot {
        number: 141,
        moves: "11-16 22-17 9-13",
        name: None,
        barred: false,
    },
    Ballot {
        number: 142,
        moves: "11-16 22-17 16-20",
        name: None,
        barred: false,
    },
    Ballot {
        number: 143,
        moves: "11-16 22-18 7-11",
        name: None,
        barred: false,
    },
    Ballot {
        number: 144,
        moves: "11-16 22-18 8-11",
        name: None,
        barred: false,
    },
    Ballot {
        number: 145,
        moves: "11-16 22-18 10-15",
        name: Some("Cheetah"),
        barred: true,
    },
    Ballot {
        number: 146,
        moves: "11-16 22-18 16-19",
        name: None,
        barred: false,
    },
    Ballot {
        number: 147,
        moves: "11-16 22-18 16-20",
        name: None,
        barred: false,
    },
    Ballot {
        number: 148,
        moves: "11-16 23-18 7-11",
        name: None,
        barred: false,
    },
    Ballot {
        number: 149,
        moves: "11-16 23-18 8-11",
        name: None,
        barred: false,
    },
    Ballot {
        number: 150,
        moves: "11-16 23-18 9-14",
        name: None,
        barred: false,
    },
    Ballot {
        number: 151,
        moves: "11-16 23-18 10-14",
        name: None,
        barred: false,
    },
    Ballot {
        number: 152,
        moves: "11-16 23-18 16-20",
        name: None,
        barred: false,
    },
    Ballot {
        number: 153,
        moves: "11-16 23-19 16x23",
        name: Some("Black Widow"),
        barred: false,
    },
    Ballot {
        number: 154,
        moves: "11-16 24-19 7-11",
        name: None,
        barred: false,
    },
    Ballot {
        number: 155,
        moves: "11-16 24-19 8-11",
        name: None,
        barred: false,
    },
    Ballot {
        number: 156,
        moves: "11-16 24-19 10-15",
        name: None,
        barred: true,
    },
    Ballot {
        number: 157,
        moves: "11-16 24-19 16-20",
        name: None,
        barred: false,
    },
    Ballot {
        number: 158,
        moves: "11-16 24-20 7-11",
        name: None,
        barred: false,
    },
    Ballot {
        number: 159,
        moves: "11-16 24-20 16-19",
        name: None,
        barred: false,
    },
    Ballot {
        number: 160,
        moves: "12-16 21-17 9-13",
        name: None,
        barred: false,
    },
    Ballot {
        number: 161,
        moves: "12-16 21-17 9-14",
        name: None,
        barred: false,
    },
    Ballot {
        number: 162,
        moves: "12-16 21-17 16-19",
        name: None,
        barred: false,
    },
    Ballot {
        number: 163,
        moves: "12-16 21-17 16-20",
        name: None,
        barred: false,
    },
    Ballot {
        number: 164,
        moves: "12-16 22-17 16-19",
        name: None,
        barred: false,
    },
    Ballot {
        number: 165,
        moves: "12-16 22-17 16-20",
        name: None,
        barred: false,
    },
    Ballot {
        number: 166,
        moves: "12-16 22-18 16-19",
        name: None,
        barred: false,
    },
    Ballot {
        number: 167,
        moves: "12-16 22-18 16-20",
        name: None,
        barred: false,
    },
    Ballot {
        number: 168,
        moves: "12-16 23-18 9-14",
        name: None,
        barred: true,
    },
    Ballot {
        number: 169,
        moves: "12-16 23-18 16-19",
        name: None,
        barred: false,
    },
    Ballot {
        number: 170,
        moves: "12-16 23-18 16-20",
        name: None,
        barred: false,
    },
    Ballot {
        number: 171,
        moves: "12-16 23-19 16x23",
        name: None,
        barred: true,
    },
    Ballot {
        number: 172,
        moves: "12-16 24-19 16-20",
        name: None,
        barred: false,
    },
    Ballot {
        number: 173,
        moves: "12-16 24-20 8-12",
        name: None,
        barred: false,
    },
    Ballot {
        number: 174,
        moves: "12-16 24-20 10-15",
        name: Some("Skunk"),
        barred: false,
    },
];

/// The ballot whose three moves are `moves` (standard numeric notation, captures with `x`).
pub fn ballot(moves: &str) -> Option<&'static Ballot> {
    BALLOTS.iter().find(|b| b.moves == moves)
}

/// The main line's first `plies` moves as played, written in the variant's standard notation
/// (captures with `x`, short form), whatever notation the file used; `None` when the main line
/// is shorter.
pub fn main_line_key(variant: Variant, moves: &[PlayedMove], plies: usize) -> Option<String> {
    let layout = Layout::standard(variant);
    let played: Vec<String> = moves
        .iter()
        .filter(|m| m.depth == 0)
        .take(plies)
        .map(|m| {
            let sep = if m.mv.is_capture() { 'x' } else { '-' };
            write_move(&layout, &m.mv, sep, false)
        })
        .collect();
    (played.len() == plies && plies > 0).then(|| played.join(" "))
}

/// The three-move ballot an English game followed: its first three plies from the standard
/// start position, looked up in [`BALLOTS`].
pub fn ballot_of(variant: Variant, moves: &[PlayedMove]) -> Option<&'static Ballot> {
    if variant != Variant::English {
        return None;
    }
    let first = moves.iter().find(|m| m.depth == 0)?;
    if first.before != crate::rules::Position::start(variant) {
        return None;
    }
    ballot(&main_line_key(variant, moves, 3)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_has_174_ballots_of_which_156_are_in_the_deck() {
        assert_eq!(BALLOTS.len(), 174);
        assert_eq!(BALLOTS.iter().filter(|b| !b.barred).count(), 156);
        for (i, b) in BALLOTS.iter().enumerate() {
            assert_eq!(usize::from(b.number), i + 1);
        }
    }

    #[test]
    fn every_ballot_is_three_legal_moves_from_the_start() {
        use crate::rules::Position;
        let v = Variant::English;
        let layout = Layout::standard(v);
        for b in BALLOTS {
            let mut pos = Position::start(v);
            for text in b.moves.split(' ') {
                let legal = pos.legal_moves();
                let found = legal.iter().find(|m| {
                    let sep = if m.is_capture() { 'x' } else { '-' };
                    write_move(&layout, m, sep, false) == text
                });
                let Some(mv) = found else {
                    panic!("ACF {}: {text} is not legal", b.number)
                };
                let mv = mv.clone();
                pos.play(&mv);
            }
        }
    }

    #[test]
    fn ballots_are_found_by_their_moves() {
        assert_eq!(ballot("9-13 22-18 6-9").map(|b| b.number), Some(5));
        assert_eq!(
            ballot("12-16 24-20 10-15").map(|b| b.label()).as_deref(),
            Some("ACF 174 12-16 24-20 10-15 (Skunk)")
        );
        assert_eq!(ballot("11-15 23-19 8-11").map(|b| b.number), Some(126));
        assert!(ballot("11-15 23-19 8-12").is_none());
    }
}
