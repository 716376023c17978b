//! Selecting games: by tag (exact, substring or regular expression), player, variant, result,
//! length, date, diagnostics, a move sequence or a position reached. Criteria of different
//! kinds combine with AND; several criteria of one kind with OR.
//!
//! Criteria on moves and positions need the replay's moves: set
//! [`crate::replay::ReplayOptions::record_moves`] when [`Criteria::needs_moves`] says so.

use regex::Regex;

use crate::board::{Color, Piece, Square};
use crate::check::CheckedGame;
use crate::lint::Severity;
use crate::lint::codes::file::F009;
use crate::notation::Layout;
use crate::replay::PlayedMove;
use crate::rules::{Position, Variant};
use crate::stats::{fold_name, result_of};
use crate::syntax::ResultKind;

/// How a tag criterion compares.
#[derive(Clone, Debug)]
pub enum TagTest {
    /// `NAME=VALUE`: the whole value, exactly.
    Exact(String),
    /// `NAME~TEXT`: the value contains the text, case-insensitively.
    Contains(String),
    /// `NAME=~REGEX`: the value matches the regular expression.
    Regex(Regex),
}

/// A tag criterion.
#[derive(Clone, Debug)]
pub struct TagCriterion {
    /// The tag's name (compared case-insensitively).
    pub name: String,
    /// How its value is compared.
    pub test: TagTest,
}

impl TagCriterion {
    /// Reads `NAME=VALUE`, `NAME~TEXT` or `NAME=~REGEX`.
    pub fn parse(s: &str) -> Result<Self, String> {
        let Some(i) = s.find(['=', '~']) else {
            return Err(format!(
                "`{s}`: expected NAME=VALUE, NAME~TEXT or NAME=~REGEX"
            ));
        };
        let name = s[..i].trim().to_string();
        if name.is_empty() {
            return Err(format!("`{s}`: no tag name before `{}`", &s[i..=i]));
        }
        let rest = &s[i..];
        let test = if let Some(re) = rest.strip_prefix("=~") {
            TagTest::Regex(Regex::new(re).map_err(|e| format!("`{re}`: {e}"))?)
        } else if let Some(v) = rest.strip_prefix('=') {
            TagTest::Exact(v.to_string())
        } else {
            TagTest::Contains(rest[1..].to_lowercase())
        };
        Ok(TagCriterion { name, test })
    }

    fn matches(&self, value: &str) -> bool {
        match &self.test {
            TagTest::Exact(v) => value == v,
            TagTest::Contains(t) => value.to_lowercase().contains(t.as_str()),
            TagTest::Regex(r) => r.is_match(value),
        }
    }
}

/// A result criterion: as written, or any draw, or any decided game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultCriterion {
    /// The terminator or Result tag is this one.
    Written(ResultKind),
    /// `1/2-1/2` or `1-1`.
    Draw,
    /// A win for either side.
    Decided,
}

impl ResultCriterion {
    /// Reads `1-0`, `0-1`, `1/2-1/2`, `2-0`, `0-2`, `1-1`, `0-0`, `*`, `draw` or `decided`.
    pub fn parse(s: &str) -> Result<Self, String> {
        Ok(match s.trim() {
            "1-0" => Self::Written(ResultKind::Win1),
            "0-1" => Self::Written(ResultKind::Loss1),
            "1/2-1/2" => Self::Written(ResultKind::Draw1),
            "2-0" => Self::Written(ResultKind::Win2),
            "0-2" => Self::Written(ResultKind::Loss2),
            "1-1" => Self::Written(ResultKind::Draw2),
            "0-0" => Self::Written(ResultKind::DoubleForfeit),
            "*" => Self::Written(ResultKind::Unknown),
            "draw" => Self::Draw,
            "decided" => Self::Decided,
            other => {
                return Err(format!(
                    "`{other}`: expected 1-0, 0-1, 1/2-1/2, 2-0, 0-2, 1-1, 0-0, *, draw or decided"
                ));
            }
        })
    }

    fn matches(self, r: Option<ResultKind>) -> bool {
        let r = r.unwrap_or(ResultKind::Unknown);
        match self {
            Self::Written(k) => r == k,
            Self::Draw => matches!(r, ResultKind::Draw1 | ResultKind::Draw2),
            Self::Decided => matches!(
                r,
                ResultKind::Win1 | ResultKind::Win2 | ResultKind::Loss1 | ResultKind::Loss2
            ),
        }
    }
}

/// An inclusive range; either end may be open (`10..`, `..80`, `40..60`, `42`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Range<T> {
    /// The least value, if any.
    pub min: Option<T>,
    /// The greatest value, if any.
    pub max: Option<T>,
}

impl<T: PartialOrd> Range<T> {
    /// Whether `v` is in the range.
    pub fn contains(&self, v: &T) -> bool {
        self.min.as_ref().is_none_or(|m| v >= m) && self.max.as_ref().is_none_or(|m| v <= m)
    }
}

/// Reads `A..B`, `A..`, `..B` or `A`, each end read by `parse`.
pub fn parse_range<T>(
    s: &str,
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<Range<T>, String> {
    let opt = |t: &str| -> Result<Option<T>, String> {
        let t = t.trim();
        if t.is_empty() {
            Ok(None)
        } else {
            parse(t).map(Some)
        }
    };
    match s.split_once("..") {
        Some((a, b)) => Ok(Range {
            min: opt(a)?,
            max: opt(b)?,
        }),
        None => {
            let v = opt(s)?;
            match v {
                Some(_) => Ok(Range {
                    min: opt(s)?,
                    max: v,
                }),
                None => Err("an empty range".into()),
            }
        }
    }
}

/// A date as `YYYY.MM.DD` for comparison: `-` and `/` read as `.`, unknown parts (`??`) as the
/// lowest (for a lower bound) or highest (for an upper bound) value they could be.
pub fn normalise_date(date: &str, high: bool) -> Option<String> {
    let parts: Vec<&str> = date.trim().split(['.', '-', '/']).collect();
    let year = parts.first()?;
    if year.len() != 4 || !year.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut out = year.to_string();
    for i in 1..3 {
        let p = parts.get(i).copied().unwrap_or("??");
        let p = if p.len() == 2 && p.bytes().all(|b| b.is_ascii_digit()) {
            p.to_string()
        } else if high {
            "99".into()
        } else {
            "00".into()
        };
        out.push('.');
        out.push_str(&p);
    }
    Some(out)
}

/// A sequence of moves as the user wrote them: each move's squares, in any notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveSequence(pub Vec<Vec<String>>);

impl MoveSequence {
    /// Reads `32-28 19-23 28x19` (move numbers such as `1.` are skipped); `*` stands for any
    /// one move (an empty list of squares).
    pub fn parse(s: &str) -> Result<Self, String> {
        let moves: Vec<Vec<String>> = s
            .split_whitespace()
            .filter(|t| !t.ends_with('.'))
            .map(|t| {
                t.split(['-', 'x', 'X', ':'])
                    .filter(|p| !p.is_empty() && *p != "*")
                    .map(str::to_ascii_lowercase)
                    .collect::<Vec<_>>()
            })
            .collect();
        let bad = s
            .split_whitespace()
            .filter(|t| !t.ends_with('.'))
            .zip(&moves)
            .any(|(t, m)| if t == "*" { false } else { m.len() < 2 });
        if moves.is_empty() || bad || moves.iter().all(Vec::is_empty) {
            return Err(format!(
                "`{s}`: expected moves such as `32-28 19-23` or `c3-d4 f6-g5` (`*` for any one \
                 move)"
            ));
        }
        Ok(MoveSequence(moves))
    }

    /// Whether `played` is this written move in `layout`: same start and end, and the same
    /// intermediate landing squares where the move names them.
    fn move_matches(written: &[String], played: &PlayedMove, layout: &Layout) -> bool {
        if written.is_empty() {
            return true;
        }
        let sq = |t: &String| layout.parse(t);
        let (Some(from), Some(to)) = (written.first().and_then(sq), written.last().and_then(sq))
        else {
            return false;
        };
        if from != played.mv.from || to != played.mv.to {
            return false;
        }
        written.len() == 2
            || (written.len() == played.mv.path.len()
                && written
                    .iter()
                    .zip(played.mv.path.iter())
                    .all(|(w, p)| sq(w) == Some(*p)))
    }

    /// Whether the main line starts with the sequence (`anywhere`: holds it at any point).
    fn found(&self, main: &[&PlayedMove], layout: &Layout, anywhere: bool) -> bool {
        self.starts(main, layout, anywhere).next().is_some()
    }

    /// Where the sequence starts in `line` (indices, in order): at its start only, or
    /// `anywhere`.
    pub fn starts<'a>(
        &'a self,
        line: &'a [&PlayedMove],
        layout: &'a Layout,
        anywhere: bool,
    ) -> impl Iterator<Item = usize> + 'a {
        let n = self.0.len();
        let last_start = match line.len().checked_sub(n) {
            Some(_) if !anywhere => Some(0),
            other => other,
        };
        last_start.into_iter().flat_map(move |last| {
            (0..=last).filter(move |&s| {
                self.0
                    .iter()
                    .zip(&line[s..s + n])
                    .all(|(w, p)| Self::move_matches(w, p, layout))
            })
        })
    }
}

/// A position to look for, as a FEN; read against each game's own variant and notation.
#[derive(Clone, Debug)]
pub struct PositionCriterion {
    /// The FEN as given.
    pub fen: String,
    /// Look in variations too.
    pub any_line: bool,
}

fn key_of(p: &Position) -> (Color, Vec<(Square, Piece)>) {
    let mut v: Vec<(Square, Piece)> = p.pieces().collect();
    v.sort_by_key(|(s, _)| *s);
    (p.side_to_move(), v)
}

/// Every criterion; empty lists select everything.
#[derive(Clone, Debug, Default)]
pub struct Criteria {
    /// Tag criteria (each must hold).
    pub tags: Vec<TagCriterion>,
    /// Players: one of them must be White or Black (folded names; the folded criterion is
    /// found in the folded name).
    pub players: Vec<String>,
    /// Variants: the game was replayed as one of them.
    pub variants: Vec<Variant>,
    /// Results: one of them.
    pub results: Vec<ResultCriterion>,
    /// Main-line length in plies: one of the ranges.
    pub plies: Vec<Range<u32>>,
    /// Date: one of the ranges (bounds normalised with [`normalise_date`]).
    pub dates: Vec<Range<String>>,
    /// Only games without errors or warnings, nor a dialect of the whole file
    /// ([`crate::syntax::Chunk::dialects`], reported at its first place only).
    pub clean: bool,
    /// Games with a diagnostic of one of these codes, or showing the dialect of one.
    pub codes: Vec<String>,
    /// The main line starts with one of these sequences.
    pub starts: Vec<MoveSequence>,
    /// The main line holds one of these sequences somewhere.
    pub contains: Vec<MoveSequence>,
    /// One of these positions is reached.
    pub positions: Vec<PositionCriterion>,
    /// Select the games that do not match.
    pub invert: bool,
}

impl Criteria {
    /// Whether the replay must record its moves for these criteria.
    pub fn needs_moves(&self) -> bool {
        !self.starts.is_empty() || !self.contains.is_empty() || !self.positions.is_empty()
    }

    /// Whether every criterion can be judged on `g`: those on moves and positions cannot on a
    /// game too long to hold whole ([`CheckedGame::parted`]), whose moves are not at hand.
    pub fn can_judge(&self, g: &CheckedGame) -> bool {
        g.chunk.game.is_some() || !self.needs_moves()
    }

    /// Whether a checked game is selected. Chunks without a game are never selected, nor a game
    /// that cannot be judged ([`Criteria::judge`] says `None`).
    pub fn select(&self, g: &CheckedGame) -> bool {
        self.judge(g) == Some(true)
    }

    /// Whether a checked game is selected, judged by what is known of it: a game too long to
    /// hold whole is judged by its tags, result, diagnostics and replay report; when it passes
    /// every criterion that can be judged on it but some cannot ([`Criteria::can_judge`]), it
    /// is `None`: neither selected nor left out by `invert`.
    pub fn judge(&self, g: &CheckedGame) -> Option<bool> {
        let Some(game) = g
            .chunk
            .game
            .as_ref()
            .or(g.header.as_ref().filter(|_| g.chunk.index.is_some()))
        else {
            return Some(false);
        };
        if !self.matches_known(g, game) {
            return Some(self.invert);
        }
        if !self.can_judge(g) {
            return None;
        }
        Some(self.matches_moves(g) != self.invert)
    }

    /// The criteria that need no moves: tags, players, variant, result, length, date, findings.
    fn matches_known(&self, g: &CheckedGame, game: &crate::syntax::Game) -> bool {
        let tag = |name: &str| {
            game.tags
                .iter()
                .find(|t| t.name.eq_ignore_ascii_case(name))
                .map(|t| t.value.as_str())
        };
        if !self
            .tags
            .iter()
            .all(|c| tag(&c.name).is_some_and(|v| c.matches(v)))
        {
            return false;
        }
        if !self.players.is_empty() {
            let names: Vec<String> = ["White", "Black"]
                .iter()
                .filter_map(|t| tag(t))
                .map(fold_name)
                .collect();
            if !self
                .players
                .iter()
                .any(|p| names.iter().any(|n| n.contains(&fold_name(p))))
            {
                return false;
            }
        }
        let report = g.report.as_ref();
        let variant = report.and_then(|r| r.variant);
        if !self.variants.is_empty() && !variant.is_some_and(|v| self.variants.contains(&v)) {
            return false;
        }
        if !self.results.is_empty() {
            let r = result_of(game);
            if !self.results.iter().any(|c| c.matches(r)) {
                return false;
            }
        }
        if !self.plies.is_empty() {
            let plies = report.filter(|r| r.variant.is_some()).map(|r| r.plies);
            if !plies.is_some_and(|p| self.plies.iter().any(|r| r.contains(&p))) {
                return false;
            }
        }
        if !self.dates.is_empty() {
            let date = tag("Date");
            let ok = self.dates.iter().any(|r| {
                let lo = date.and_then(|d| normalise_date(d, false));
                let hi = date.and_then(|d| normalise_date(d, true));
                match (lo, hi) {
                    (Some(lo), Some(hi)) => {
                        r.min.as_ref().is_none_or(|m| hi >= *m)
                            && r.max.as_ref().is_none_or(|m| lo <= *m)
                    }
                    _ => false,
                }
            });
            if !ok {
                return false;
            }
        }
        // F009 says how the game was read, not what is wrong with it. A dialect of the whole
        // file is reported at its first place only: a later game that shows it has it too.
        if self.clean
            && (g
                .diagnostics
                .iter()
                .any(|d| d.severity != Severity::Info && d.code != F009.code)
                || !g.chunk.dialects.is_empty())
        {
            return false;
        }
        if !self.codes.is_empty()
            && !g
                .diagnostics
                .iter()
                .map(|d| d.code)
                .chain(g.chunk.dialects.codes())
                .any(|code| self.codes.iter().any(|c| c.eq_ignore_ascii_case(code)))
        {
            return false;
        }
        true
    }

    /// The criteria on moves and positions, of a game held whole.
    fn matches_moves(&self, g: &CheckedGame) -> bool {
        let report = g.report.as_ref();
        let variant = report.and_then(|r| r.variant);
        if self.needs_moves() {
            let (Some(r), Some(layout)) = (report, report.and_then(|r| r.layout.as_ref())) else {
                return false;
            };
            let main: Vec<&PlayedMove> = r.moves.iter().filter(|m| m.line == 0).collect();
            if !self.starts.is_empty() && !self.starts.iter().any(|s| s.found(&main, layout, false))
            {
                return false;
            }
            if !self.contains.is_empty()
                && !self.contains.iter().any(|s| s.found(&main, layout, true))
            {
                return false;
            }
            if !self.positions.is_empty() {
                let Some(v) = variant else {
                    return false;
                };
                let found = self.positions.iter().any(|c| {
                    let Ok(target) = crate::notation::fen::position(&c.fen, v, layout) else {
                        return false;
                    };
                    let target = key_of(&target);
                    r.moves
                        .iter()
                        .filter(|m| c.any_line || m.line == 0)
                        .any(|m| {
                            if key_of(&m.before) == target {
                                return true;
                            }
                            let mut after = m.before.clone();
                            after.play(&m.mv);
                            key_of(&after) == target
                        })
                });
                if !found {
                    return false;
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_criteria_read_exact_substring_and_regex() {
        let exact = TagCriterion::parse("White=Sijbrands, T.").unwrap();
        assert!(exact.matches("Sijbrands, T.") && !exact.matches("Sijbrands"));
        let sub = TagCriterion::parse("White~sijbrands").unwrap();
        assert!(sub.matches("T. Sijbrands"));
        let re = TagCriterion::parse("Date=~^19[89]").unwrap();
        assert!(re.matches("1987.01.01") && !re.matches("2001.01.01"));
        assert!(TagCriterion::parse("nothing").is_err());
        assert!(TagCriterion::parse("Date=~(").is_err());
    }

    #[test]
    fn ranges_and_dates_read_open_ends_and_unknown_parts() {
        let r = parse_range("10..", |s| s.parse::<u32>().map_err(|e| e.to_string())).unwrap();
        assert!(r.contains(&10) && r.contains(&500) && !r.contains(&9));
        let r = parse_range("42", |s| s.parse::<u32>().map_err(|e| e.to_string())).unwrap();
        assert!(r.contains(&42) && !r.contains(&43));
        assert_eq!(
            normalise_date("1997-??-??", false).as_deref(),
            Some("1997.00.00")
        );
        assert_eq!(
            normalise_date("1997.05", true).as_deref(),
            Some("1997.05.99")
        );
        assert_eq!(normalise_date("??", true), None);
    }

    #[test]
    fn move_sequences_skip_move_numbers() {
        let s = MoveSequence::parse("1. 32-28 19-23 2. 28x19").unwrap();
        assert_eq!(s.0.len(), 3);
        assert_eq!(s.0[2], ["28", "19"]);
        assert!(MoveSequence::parse("32").is_err());
    }
}
