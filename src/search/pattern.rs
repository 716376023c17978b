//! Partial positions and material counts: what `pdn find --pattern` and `--material` read.
//!
//! A pattern is written like a FEN and read in three parts: squares that must all hold what
//! they say, squares of which at least one must, and squares none of which may
//! (docs/search.md):
//!
//! ```text
//! [W|B:] LISTS [ | LISTS ] [ ! LISTS ]
//! LISTS = LIST (':' LIST)*     LIST = ('W'|'B'|'E') ITEM (',' ITEM)*
//! ITEM  = ['K'|'*'] SQUARE ['-' SQUARE]
//! ```
//!
//! In a `W` or `B` list a bare square is a man of that colour, `K` a king, `*` either; an `E`
//! list names empty squares. Squares are named in each game's own notation (numbers, or
//! algebraic names on the boards that use them), so a pattern is read against each game's
//! variant and layout ([`Pattern::compile`]).

use std::fmt;

use crate::board::bitboard::square_mask;
use crate::board::{Color, Role, Square};
use crate::filter::{Range, parse_range};
use crate::notation::Layout;
use crate::rules::Position;

/// What one square of a pattern must hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareTest {
    /// A man of this colour.
    Man(Color),
    /// A king of this colour.
    King(Color),
    /// A man or a king of this colour.
    Piece(Color),
    /// Nothing.
    Empty,
}

/// A square of a pattern as written: a name, or a range of numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
enum SquareName {
    Name(String),
    Numbers(u32, u32),
}

/// One condition of a pattern: squares and what they hold.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Item {
    test: SquareTest,
    squares: SquareName,
    /// Where it starts in the pattern (0-based character column), for messages.
    at: usize,
}

/// A partial position: see the module's documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// The text as given.
    pub text: String,
    /// The side to move, if the pattern names one.
    pub side: Option<Color>,
    all: Vec<Item>,
    any: Vec<Item>,
    none: Vec<Item>,
}

/// Why a pattern cannot be read: the place (0-based character column) and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternError {
    /// The pattern.
    pub text: String,
    /// The column (0-based, in characters) where it goes wrong.
    pub at: usize,
    /// What is wrong there.
    pub reason: String,
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "pattern `{}`, column {}: {}\n  {}\n  {}^",
            self.text,
            self.at + 1,
            self.reason,
            self.text,
            " ".repeat(self.at)
        )
    }
}

impl std::error::Error for PatternError {}

/// The largest square number of any board (12x12: 72; Turkish 8x8: 64).
const MAX_SQUARE: u32 = 72;

impl Pattern {
    /// Reads a pattern.
    pub fn parse(text: &str) -> Result<Pattern, PatternError> {
        let err = |at: usize, reason: String| PatternError {
            text: text.to_string(),
            at,
            reason,
        };
        let chars: Vec<(usize, char)> = text.chars().enumerate().collect();
        // Cut at `|` and `!`: the parts, with their start column.
        let mut parts: Vec<(char, usize, String)> = vec![('&', 0, String::new())];
        for &(i, c) in &chars {
            if c == '|' || c == '!' {
                let last = parts.last().map_or('&', |p| p.0);
                if c == '|' && last != '&' {
                    return Err(err(
                        i,
                        "the `|` part (at least one of) must come before the `!` part (none of), \
                         and only once"
                            .into(),
                    ));
                }
                if c == '!' && last == '!' {
                    return Err(err(i, "only one `!` part (none of) is allowed".into()));
                }
                parts.push((c, i + 1, String::new()));
            } else if let Some(p) = parts.last_mut() {
                p.2.push(c);
            }
        }
        let mut pattern = Pattern {
            text: text.to_string(),
            side: None,
            all: Vec::new(),
            any: Vec::new(),
            none: Vec::new(),
        };
        for (k, (kind, start, body)) in parts.iter().enumerate() {
            let mut items = Vec::new();
            let mut col = *start;
            for (f, field) in body.split(':').enumerate() {
                let field_col = col;
                col += field.chars().count() + 1;
                let lead = field.chars().take_while(|c| c.is_whitespace()).count();
                let t = field.trim();
                let at = field_col + lead;
                if t.is_empty() {
                    if body.trim().is_empty() && *kind != '&' {
                        return Err(err(
                            at,
                            format!("the `{kind}` part is empty: give it a list such as `W28,32`"),
                        ));
                    }
                    if body.trim().is_empty() {
                        return Err(err(
                            at,
                            "the pattern is empty: give lists such as `W:W28,32:B19:E23`".into(),
                        ));
                    }
                    return Err(err(at, "an empty field between two `:`".into()));
                }
                if k == 0 && f == 0 && matches!(t, "W" | "B" | "w" | "b") {
                    pattern.side = Some(if t.eq_ignore_ascii_case("w") {
                        Color::White
                    } else {
                        Color::Black
                    });
                    continue;
                }
                read_list(t, at, &mut items).map_err(|(at, reason)| err(at, reason))?;
            }
            if items.is_empty() {
                return Err(err(
                    *start,
                    "no square is named: give lists such as `W28,32:B19:E23`".into(),
                ));
            }
            match kind {
                '|' => pattern.any = items,
                '!' => pattern.none = items,
                _ => pattern.all = items,
            }
        }
        Ok(pattern)
    }

    /// The pattern for the squares of `layout`, or why it cannot hold on that board (a square
    /// it names is not one of the board's).
    pub fn compile(&self, layout: &Layout) -> Result<Compiled, String> {
        let board = layout.board;
        let masks = |items: &[Item]| -> Result<Vec<(SquareTest, u128)>, String> {
            let mut out = Vec::new();
            for item in items {
                let squares: Vec<Square> = match &item.squares {
                    SquareName::Name(n) => vec![layout.parse(n).ok_or_else(|| {
                        format!(
                            "square `{n}` (column {}) is not a square of the {board} board",
                            item.at + 1
                        )
                    })?],
                    SquareName::Numbers(a, b) => (*a..=*b)
                        .map(|n| {
                            layout.from_numeric(n).ok_or_else(|| {
                                format!(
                                    "square {n} (column {}) is not a square of the {board} board",
                                    item.at + 1
                                )
                            })
                        })
                        .collect::<Result<_, _>>()?,
                };
                let mask = squares
                    .iter()
                    .fold(0u128, |m, &s| m | square_mask(board, s));
                out.push((item.test, mask));
            }
            Ok(out)
        };
        let all = masks(&self.all)?;
        let mut c = Compiled {
            side: self.side,
            all: [0; 7],
            any: masks(&self.any)?,
            none: masks(&self.none)?,
        };
        for (test, mask) in all {
            c.all[slot(test)] |= mask;
        }
        Ok(c)
    }
}

/// Reads one list (`W28,K32,*33-35`, `E23`) into `items`; an error is a column and a reason.
fn read_list(t: &str, at: usize, items: &mut Vec<Item>) -> Result<(), (usize, String)> {
    let mut chars = t.chars();
    let colour = match chars.next().map(|c| c.to_ascii_uppercase()) {
        Some('W') => Some(Color::White),
        Some('B') => Some(Color::Black),
        Some('E') => None,
        _ => {
            return Err((
                at,
                format!(
                    "`{t}`: a list starts with W (white pieces), B (black pieces) or E (empty \
                     squares)"
                ),
            ));
        }
    };
    let rest = chars.as_str();
    let mut col = at + 1;
    for raw in rest.split(',') {
        let lead = raw.chars().take_while(|c| c.is_whitespace()).count();
        let item = raw.trim();
        let item_at = col + lead;
        col += raw.chars().count() + 1;
        if item.is_empty() {
            return Err((
                item_at,
                "a square is missing (two commas, or none after the list's letter)".into(),
            ));
        }
        let (test, name) = match (colour, item.chars().next()) {
            (Some(c), Some('K' | 'k')) if item.len() > 1 => (SquareTest::King(c), &item[1..]),
            (Some(c), Some('*')) => (SquareTest::Piece(c), &item[1..]),
            (Some(c), _) => (SquareTest::Man(c), item),
            (None, Some('K' | 'k' | '*')) if item.len() > 1 => {
                return Err((
                    item_at,
                    format!("`{item}`: an E list names empty squares, without K or *"),
                ));
            }
            (None, _) => (SquareTest::Empty, item),
        };
        let name_at = item_at + (item.len() - name.len());
        let squares = read_squares(name).map_err(|r| (name_at, r))?;
        items.push(Item {
            test,
            squares,
            at: name_at,
        });
    }
    Ok(())
}

/// Reads `32`, `c3` or `31-35`.
fn read_squares(name: &str) -> Result<SquareName, String> {
    let number = |s: &str| -> Result<u32, String> {
        let n: u32 = s
            .trim()
            .parse()
            .map_err(|_| format!("`{s}` is not a square number"))?;
        if n == 0 || n > MAX_SQUARE {
            return Err(format!(
                "square {n} is on no board (squares run from 1 to at most {MAX_SQUARE})"
            ));
        }
        Ok(n)
    };
    if name.is_empty() {
        return Err("a square is missing after K or *".into());
    }
    if name.as_bytes()[0].is_ascii_digit() {
        return match name.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (number(a)?, number(b)?);
                if a > b {
                    return Err(format!(
                        "`{name}`: a range runs from the lower square to the higher"
                    ));
                }
                Ok(SquareName::Numbers(a, b))
            }
            None => number(name).map(|n| SquareName::Numbers(n, n)),
        };
    }
    let b = name.as_bytes();
    let ok = b.len() >= 2
        && b[0].is_ascii_alphabetic()
        && b[1..].iter().all(u8::is_ascii_digit)
        && b.len() <= 3;
    if !ok {
        return Err(format!(
            "`{name}` is not a square: write a number (`32`), a range (`31-35`) or an \
             algebraic name (`c3`)"
        ));
    }
    Ok(SquareName::Name(name.to_ascii_lowercase()))
}

/// The index of a square test in [`Compiled::all`].
fn slot(t: SquareTest) -> usize {
    match t {
        SquareTest::Man(Color::White) => 0,
        SquareTest::King(Color::White) => 1,
        SquareTest::Piece(Color::White) => 2,
        SquareTest::Man(Color::Black) => 3,
        SquareTest::King(Color::Black) => 4,
        SquareTest::Piece(Color::Black) => 5,
        SquareTest::Empty => 6,
    }
}

/// A pattern read for one board: masks of the position's bitboards.
#[derive(Clone, Debug)]
pub struct Compiled {
    side: Option<Color>,
    /// Per [`slot`]: the squares that must all hold it.
    all: [u128; 7],
    any: Vec<(SquareTest, u128)>,
    none: Vec<(SquareTest, u128)>,
}

/// The squares of `p` that hold what `t` asks.
fn holding(p: &Position, t: SquareTest) -> u128 {
    match t {
        SquareTest::Man(Color::White) => p.white & !p.kings,
        SquareTest::King(Color::White) => p.white & p.kings,
        SquareTest::Piece(Color::White) => p.white,
        SquareTest::Man(Color::Black) => p.black & !p.kings,
        SquareTest::King(Color::Black) => p.black & p.kings,
        SquareTest::Piece(Color::Black) => p.black,
        SquareTest::Empty => !(p.white | p.black),
    }
}

impl Compiled {
    /// Whether `p` shows the pattern.
    pub fn matches(&self, p: &Position) -> bool {
        if self.side.is_some_and(|s| s != p.side_to_move()) {
            return false;
        }
        const TESTS: [SquareTest; 7] = [
            SquareTest::Man(Color::White),
            SquareTest::King(Color::White),
            SquareTest::Piece(Color::White),
            SquareTest::Man(Color::Black),
            SquareTest::King(Color::Black),
            SquareTest::Piece(Color::Black),
            SquareTest::Empty,
        ];
        for (k, t) in TESTS.iter().enumerate() {
            let need = self.all[k];
            if need != 0 && holding(p, *t) & need != need {
                return false;
            }
        }
        if !self.any.is_empty() && !self.any.iter().any(|(t, m)| holding(p, *t) & m != 0) {
            return false;
        }
        !self.none.iter().any(|(t, m)| holding(p, *t) & m != 0)
    }
}

/// Counts of men and kings per side, each a range (`--material`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Material {
    /// The text as given.
    pub text: String,
    /// (colour, role or `None` for all pieces of the colour, range).
    terms: Vec<(Color, Option<Role>, Range<u32>)>,
}

impl Material {
    /// Reads `wm=3..5,wk=0,bm=..4,bk=1..` (also `w` and `b`: all pieces of a side).
    pub fn parse(text: &str) -> Result<Material, String> {
        let mut terms = Vec::new();
        for term in text.split([',', ' ']).filter(|t| !t.trim().is_empty()) {
            let Some((key, range)) = term.split_once('=') else {
                return Err(format!(
                    "--material `{text}`: `{term}` is not KEY=RANGE (e.g. `wm=3..5`, `bk=1..`)"
                ));
            };
            let (color, role) = match key.trim().to_ascii_lowercase().as_str() {
                "w" => (Color::White, None),
                "wm" => (Color::White, Some(Role::Man)),
                "wk" => (Color::White, Some(Role::King)),
                "b" => (Color::Black, None),
                "bm" => (Color::Black, Some(Role::Man)),
                "bk" => (Color::Black, Some(Role::King)),
                other => {
                    return Err(format!(
                        "--material `{text}`: `{other}` is none of w, wm, wk, b, bm, bk (a side, \
                         then m for men or k for kings)"
                    ));
                }
            };
            let r = parse_range(range, |s| {
                s.parse::<u32>()
                    .map_err(|_| format!("--material `{text}`: `{s}` is not a count"))
            })?;
            if let (Some(a), Some(b)) = (r.min, r.max) {
                if a > b {
                    return Err(format!(
                        "--material `{text}`: `{range}` is an empty range (its lower end is \
                         above its upper end)"
                    ));
                }
            }
            terms.push((color, role, r));
        }
        if terms.is_empty() {
            return Err(format!(
                "--material `{text}`: no count given (e.g. `wm=3..5,bk=1..`)"
            ));
        }
        Ok(Material {
            text: text.to_string(),
            terms,
        })
    }

    /// Whether `p` has this material.
    pub fn matches(&self, p: &Position) -> bool {
        self.terms.iter().all(|(c, role, r)| {
            let n = match role {
                Some(role) => p.count(*c, *role),
                None => p.count(*c, Role::Man) + p.count(*c, Role::King),
            };
            r.contains(&n)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    fn compiled(text: &str, v: Variant) -> Compiled {
        Pattern::parse(text)
            .unwrap()
            .compile(&Layout::standard(v))
            .unwrap()
    }

    #[test]
    fn a_fen_is_a_pattern_of_its_squares() {
        let start = Position::start(Variant::International);
        assert!(compiled("W:W31-50:B1-20", Variant::International).matches(&start));
        assert!(compiled("W31-35:E21-30", Variant::International).matches(&start));
        assert!(!compiled("B:W31", Variant::International).matches(&start));
        assert!(!compiled("WK31", Variant::International).matches(&start));
        assert!(compiled("W*31", Variant::International).matches(&start));
        assert!(compiled("W31|B25:E26!E1", Variant::International).matches(&start));
        assert!(!compiled("W31|B25,26", Variant::International).matches(&start));
        assert!(!compiled("W31!B1", Variant::International).matches(&start));
        assert!(compiled("Wc3:Bf6", Variant::Russian).matches(&Position::start(Variant::Russian)));
    }

    #[test]
    fn errors_say_where() {
        let e = Pattern::parse("W:W31,,32").unwrap_err();
        assert_eq!(e.at, 6, "{e}");
        let e = Pattern::parse("W:X31").unwrap_err();
        assert_eq!(e.at, 2, "{e}");
        let e = Pattern::parse("W:W31:B99").unwrap_err();
        assert_eq!(e.at, 7, "{e}");
        assert!(e.to_string().contains("column 8"), "{e}");
        let e = Pattern::parse("W31!B2|B3").unwrap_err();
        assert_eq!(e.at, 6, "{e}");
        assert!(Pattern::parse("").is_err());
        assert!(Pattern::parse("W31|").is_err());
        assert!(Pattern::parse("W35-31").is_err());
        let p = Pattern::parse("W51").unwrap();
        assert!(p.compile(&Layout::standard(Variant::English)).is_err());
    }

    #[test]
    fn material_counts_ranges() {
        let start = Position::start(Variant::English);
        assert!(Material::parse("wm=12,bk=0").unwrap().matches(&start));
        assert!(Material::parse("w=10..,b=..12").unwrap().matches(&start));
        assert!(!Material::parse("wk=1..").unwrap().matches(&start));
        assert!(Material::parse("xm=1").is_err());
        assert!(Material::parse("wm=5..3").is_err());
        assert!(Material::parse("").is_err());
    }
}
