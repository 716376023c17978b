//! Searching games by what happens on the board: an exact position (with its colours swapped,
//! if asked), a partial position ([`Pattern`]), material counts ([`Material`]), moves in a
//! row, each held for a number of plies; an on-disk index of every position reached
//! ([`index`]); and the opening tree from a position ([`tree`]).
//!
//! Everything works on the replay's moves ([`crate::replay::GameReport::moves`]): a search is
//! a pass over checked games, the same pass `check` makes. The positions of a line are the
//! position before its first move and the one after each move; where the replay inferred a
//! huff before a move, the position after the huff is one more position of the line, at the
//! same ply.

pub mod index;
pub mod pattern;
pub mod tree;

use serde::Serialize;

use crate::board::Color;
use crate::check::CheckedGame;
use crate::filter::MoveSequence;
use crate::notation::Layout;
use crate::replay::PlayedMove;
use crate::rules::{Position, Variant};
use crate::source::Span;

pub use pattern::{Material, Pattern, PatternError};

/// A position as search compares it: side to move, white pieces, black pieces, kings (the
/// bitboards of [`Position`]).
pub type Key = (Color, u128, u128, u128);

/// The key of a position.
pub fn key(p: &Position) -> Key {
    (p.side_to_move(), p.white, p.black, p.kings)
}

/// The 64-bit hash of a position of `variant`, as the index stores it: stable across
/// versions of the index format (docs/search.md). Two positions of different variants hash
/// apart.
pub fn position_hash(variant: Variant, p: &Position) -> u64 {
    let side = match p.side_to_move() {
        Color::White => 1u64,
        Color::Black => 2u64,
    };
    let mut h = mix(u64::from(variant.gametype()) << 8 | side);
    for w in [p.white, p.black, p.kings] {
        h = mix(h ^ w as u64);
        h = mix(h ^ (w >> 64) as u64);
    }
    h
}

/// A 64-bit mixing step (the finaliser of SplitMix64, with an added constant so that zero
/// does not stay zero).
#[inline]
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The position with colours swapped: the board turned half a turn, each piece given to the
/// other side, the other side to move.
pub fn mirrored(p: &Position) -> Position {
    let board = p.board();
    let n = board.squares() as u8;
    let mut m = Position::empty(p.variant(), p.side_to_move().opponent());
    for (sq, piece) in p.pieces() {
        let to = crate::board::Square(n - 1 - sq.0);
        m.set_piece(
            to,
            Some(crate::board::Piece {
                color: piece.color.opponent(),
                role: piece.role,
            }),
        );
    }
    m
}

/// A piece's path (`--manoeuvre`): the piece on the first square, a man or a king if the path
/// says so, makes one move per step, each a capture (`x`) or not (`-`) as written, ending on the
/// step's square; between its moves, its side may move other pieces. A pattern may be asked of
/// the position before its first move and of the one after its last.
#[derive(Clone, Debug)]
pub struct Manoeuvre {
    /// The text as given.
    pub text: String,
    /// The piece's role at the start, if the path names one (`K46x2`, `M32-28-23`).
    pub role: Option<crate::board::Role>,
    /// The first square's name.
    pub from: String,
    /// Each step: a capture or not, and the square it ends on.
    pub steps: Vec<(bool, String)>,
    /// A pattern that must hold before the first move.
    pub before: Option<Pattern>,
    /// A pattern that must hold after the last move.
    pub after: Option<Pattern>,
}

impl Manoeuvre {
    /// Reads `[K|M]SQUARE(-|x)SQUARE...`: `K46x2` (a king captures from 46 and lands on 2),
    /// `M32-28-23` (a man goes 32 to 28, then on a later move to 23).
    pub fn parse(text: &str) -> Result<Manoeuvre, String> {
        let t = text.trim();
        let err = |why: &str| {
            format!(
                "--manoeuvre `{text}`: {why} (write e.g. `K46x2` or `M32-28-23`: an optional K or \
                 M, then squares joined by - for a move or x for a capture)"
            )
        };
        let (role, rest) = match t.chars().next() {
            Some('K' | 'k') => (Some(crate::board::Role::King), &t[1..]),
            Some('M' | 'm') => (Some(crate::board::Role::Man), &t[1..]),
            _ => (None, t),
        };
        let mut squares = Vec::new();
        let mut seps = Vec::new();
        let mut cur = String::new();
        for c in rest.chars() {
            match c {
                '-' | 'x' | 'X' | ':' => {
                    if cur.is_empty() {
                        return Err(err("a square is missing"));
                    }
                    squares.push(std::mem::take(&mut cur));
                    seps.push(c != '-');
                }
                c if c.is_ascii_alphanumeric() => cur.push(c.to_ascii_lowercase()),
                _ => return Err(err(&format!("`{c}` is not part of a square"))),
            }
        }
        if cur.is_empty() {
            return Err(err("a square is missing at the end"));
        }
        squares.push(cur);
        if squares.len() < 2 {
            return Err(err("a path has two squares or more"));
        }
        let from = squares.remove(0);
        Ok(Manoeuvre {
            text: text.to_string(),
            role,
            from,
            steps: seps.into_iter().zip(squares).collect(),
            before: None,
            after: None,
        })
    }

    /// Where the manoeuvre starts in `line` (indices of its first moves) and how many plies
    /// it spans.
    fn starts(&self, line: &[&PlayedMove], layout: &Layout) -> Vec<(usize, usize)> {
        let Some(from) = layout.parse(&self.from) else {
            return Vec::new();
        };
        let Some(steps) = self
            .steps
            .iter()
            .map(|(x, s)| layout.parse(s).map(|q| (*x, q)))
            .collect::<Option<Vec<_>>>()
        else {
            return Vec::new();
        };
        let before = self.before.as_ref().map(|p| p.compile(layout).ok());
        let after = self.after.as_ref().map(|p| p.compile(layout).ok());
        let mut out = Vec::new();
        for (i, m) in line.iter().enumerate() {
            if m.mv.from != from {
                continue;
            }
            let Some(piece) = m.before.piece_at(from) else {
                continue;
            };
            if self.role.is_some_and(|r| r != piece.role) {
                continue;
            }
            if let Some(b) = &before {
                if !b.as_ref().is_some_and(|c| c.matches(&m.before)) {
                    continue;
                }
            }
            // Follow the piece: at `at`, from move `k` on.
            let mut at = from;
            let mut k = i;
            let mut ok = true;
            for (step, &(capture, to)) in steps.iter().enumerate() {
                if step > 0 {
                    // Its next move: a later move of its side from its square; it is lost if
                    // the other side takes it first.
                    let mut next = None;
                    for (j, n) in line.iter().enumerate().skip(k + 1) {
                        let mine = n.before.side_to_move() == piece.color;
                        if !mine && n.mv.captured.contains(&at) {
                            break;
                        }
                        if mine && n.mv.from == at {
                            next = Some(j);
                            break;
                        }
                    }
                    match next {
                        Some(j) => k = j,
                        None => {
                            ok = false;
                            break;
                        }
                    }
                }
                let mv = &line[k].mv;
                if mv.from != at || mv.to != to || mv.is_capture() != capture {
                    ok = false;
                    break;
                }
                at = to;
            }
            if !ok {
                continue;
            }
            if let Some(a) = &after {
                let mut p = line[k].before.clone();
                p.play(&line[k].mv);
                if !a.as_ref().is_some_and(|c| c.matches(&p)) {
                    continue;
                }
            }
            out.push((i, k - i + 1));
        }
        out
    }
}

/// What to look for. Criteria of one kind hold when any of their values does (several
/// `fens`, several `patterns`, several `sequences`); kinds combine with AND. The position
/// criteria (FEN, pattern, material) must hold together on one position, for
/// [`Query::min_plies`] positions in a row.
#[derive(Clone, Debug, Default)]
pub struct Query {
    /// Exact positions, as FENs read in each game's notation.
    pub fens: Vec<String>,
    /// Also the FENs' positions with colours swapped ([`mirrored`]).
    pub mirror: bool,
    /// Partial positions.
    pub patterns: Vec<Pattern>,
    /// Material counts.
    pub material: Option<Material>,
    /// Moves in a row, anywhere in a line.
    pub sequences: Vec<MoveSequence>,
    /// A piece's path.
    pub manoeuvre: Option<Manoeuvre>,
    /// Positions in a row that must each hold the position criteria (at least 1).
    pub min_plies: u32,
    /// Look in variations too.
    pub variations: bool,
}

/// What a hit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HitKind {
    /// The position criteria hold from this position on.
    Position,
    /// The moves of a sequence start with this position's move.
    Sequence,
    /// A manoeuvre starts with this position's move.
    Manoeuvre,
}

/// Where a game matches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hit {
    /// Which criterion.
    pub kind: HitKind,
    /// The line (0: the main line; an index into [`crate::syntax::Game::lines`]).
    pub line: usize,
    /// Half-moves played before the position (0: the start position).
    pub ply: u32,
    /// Positions in a row the criteria hold (a position hit), or moves of the sequence.
    pub length: u32,
    /// The position is the one after a huff the replay inferred.
    pub huffed: bool,
    /// The move played from the position (a sequence's first move), if any.
    #[serde(skip)]
    pub span: Option<Span>,
}

/// A position of a line: its ply, whether it follows a huff, and the index of the move played
/// from it (into the line's moves).
#[derive(Clone, Debug)]
pub struct Reached {
    /// Half-moves played before it.
    pub ply: u32,
    /// The position.
    pub position: Position,
    /// The move played from it, as an index into the line's moves.
    pub next: Option<usize>,
    /// It is the position after a huff the replay inferred (at the same ply as the one before).
    pub huffed: bool,
}

/// The positions of a line of moves ([`positions`]); for a line without moves, the position
/// the game stands in (its start), alone.
pub fn reached_along(line: &[&PlayedMove], start: Option<&Position>) -> Vec<Reached> {
    if !line.is_empty() {
        return positions(line);
    }
    start
        .map(|p| Reached {
            ply: 0,
            position: p.clone(),
            next: None,
            huffed: false,
        })
        .into_iter()
        .collect()
}

/// The positions of a line of moves, in order (see the module's documentation).
pub fn positions(line: &[&PlayedMove]) -> Vec<Reached> {
    let mut out: Vec<Reached> = Vec::with_capacity(line.len() + 1);
    for (i, m) in line.iter().enumerate() {
        let follows = out.last().is_some_and(|r| r.position == m.before);
        if follows {
            if let Some(last) = out.last_mut() {
                last.next = Some(i);
            }
        } else {
            out.push(Reached {
                ply: m.ply,
                position: m.before.clone(),
                next: Some(i),
                huffed: i > 0,
            });
        }
        let mut after = m.before.clone();
        // The replay applied the move to this position: it applies again.
        after.play(&m.mv);
        out.push(Reached {
            ply: m.ply + 1,
            position: after,
            next: None,
            huffed: false,
        });
    }
    out
}

/// The lines of a replayed game as paths from its start: the main line, and with
/// `variations` each variation after the moves of its parents that lead to it. Each path is
/// its line's index, its moves, and the index of its first own move in them.
pub fn paths<'a>(
    game: &crate::syntax::Game,
    moves: &'a [PlayedMove],
    variations: bool,
) -> Vec<(usize, Vec<&'a PlayedMove>, usize)> {
    let main: Vec<&PlayedMove> = moves.iter().filter(|m| m.line == 0).collect();
    if !variations || moves.iter().all(|m| m.line == 0) {
        return vec![(0, main, 0)];
    }
    let lines = game.lines();
    let mut own: Vec<Vec<&PlayedMove>> = vec![Vec::new(); lines.len()];
    for m in moves {
        if let Some(v) = own.get_mut(m.line) {
            v.push(m);
        }
    }
    let mut built: Vec<Option<Vec<&PlayedMove>>> = vec![None; lines.len()];
    let mut out = Vec::new();
    for l in 0..lines.len() {
        // Lines come after their parents.
        let path = match (lines[l].parent, own[l].first()) {
            (None, _) => own[l].clone(),
            (Some(p), Some(first)) => {
                let mut path: Vec<&PlayedMove> = built
                    .get(p)
                    .and_then(Option::as_ref)
                    .map(|pp| {
                        pp.iter()
                            .copied()
                            .take_while(|m| m.ply < first.ply)
                            .collect()
                    })
                    .unwrap_or_default();
                path.extend(own[l].iter().copied());
                path
            }
            (Some(_), None) => Vec::new(),
        };
        let start = path.len() - own[l].len();
        if l == 0 || !own[l].is_empty() {
            out.push((l, path.clone(), start));
        }
        built[l] = Some(path);
    }
    out
}

/// The query read for one board and notation.
struct ForBoard {
    variant: Variant,
    layout: Layout,
    targets: Vec<Key>,
    patterns: Vec<Option<pattern::Compiled>>,
}

/// How a game stands with a query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It matches, here (in order of line, then place).
    Hits(Vec<Hit>),
    /// It does not match (or is no game, or was not replayed).
    No,
    /// Its moves are not at hand (a game too long to hold whole): it cannot be judged.
    Unjudged,
}

/// A query at work over the games of one file or more: [`Searcher::judge`] each game.
pub struct Searcher<'q> {
    query: &'q Query,
    boards: Vec<ForBoard>,
}

impl<'q> Searcher<'q> {
    /// A searcher for `query`.
    pub fn new(query: &'q Query) -> Self {
        Searcher {
            query,
            boards: Vec::new(),
        }
    }

    /// Whether the query has position criteria.
    fn positional(&self) -> bool {
        let q = self.query;
        !q.fens.is_empty() || !q.patterns.is_empty() || q.material.is_some()
    }

    fn board(&mut self, variant: Variant, layout: &Layout) -> &ForBoard {
        if let Some(i) = self
            .boards
            .iter()
            .position(|b| b.variant == variant && b.layout == *layout)
        {
            return &self.boards[i];
        }
        let q = self.query;
        let mut targets = Vec::new();
        for f in &q.fens {
            if let Ok(p) = crate::notation::fen::position(f, variant, layout) {
                targets.push(key(&p));
                if q.mirror {
                    targets.push(key(&mirrored(&p)));
                }
            }
        }
        let patterns = q.patterns.iter().map(|p| p.compile(layout).ok()).collect();
        self.boards.push(ForBoard {
            variant,
            layout: *layout,
            targets,
            patterns,
        });
        self.boards.last().expect("just pushed")
    }

    /// Whether a position holds the position criteria, on `board`.
    fn holds(q: &Query, board: &ForBoard, p: &Position) -> bool {
        (q.fens.is_empty() || board.targets.contains(&key(p)))
            && (q.patterns.is_empty()
                || board
                    .patterns
                    .iter()
                    .any(|c| c.as_ref().is_some_and(|c| c.matches(p))))
            && q.material.as_ref().is_none_or(|m| m.matches(p))
    }

    /// Judges a checked game (replayed with its moves recorded).
    pub fn judge(&mut self, g: &CheckedGame) -> Verdict {
        let Some(game) = g.chunk.game.as_ref() else {
            return if g.header.is_some() && g.chunk.index.is_some() {
                Verdict::Unjudged
            } else {
                Verdict::No
            };
        };
        let Some(r) = g.report.as_ref() else {
            return Verdict::No;
        };
        let (Some(variant), Some(layout)) = (r.variant, r.layout.as_ref()) else {
            return Verdict::No;
        };
        let q = self.query;
        let positional = self.positional();
        let board_index = {
            self.board(variant, layout);
            self.boards
                .iter()
                .position(|b| b.variant == variant && b.layout == *layout)
                .unwrap_or(0)
        };
        let board = &self.boards[board_index];
        let min = q.min_plies.max(1) as usize;
        let mut hits = Vec::new();
        let (mut found_position, mut found_sequence) = (false, false);
        for (line, path, own) in paths(game, &r.moves, q.variations) {
            if positional {
                let reached = reached_along(&path, r.final_position.as_ref());
                // The first position of the line's own: after its first own move.
                let own_from = if line == 0 {
                    0
                } else {
                    reached
                        .iter()
                        .position(|x| x.next.is_some_and(|n| n >= own))
                        .map_or(reached.len(), |i| i + 1)
                };
                let mut run = 0usize;
                for (i, x) in reached.iter().enumerate() {
                    if Self::holds(q, board, &x.position) {
                        run += 1;
                    } else {
                        run = 0;
                    }
                    // A run is reported once, where it reaches its length, from its start.
                    let ends_run = run >= min
                        && reached
                            .get(i + 1)
                            .is_none_or(|y| !Self::holds(q, board, &y.position));
                    if ends_run && i >= own_from {
                        let start = &reached[i + 1 - run];
                        found_position = true;
                        hits.push(Hit {
                            kind: HitKind::Position,
                            line,
                            ply: start.ply,
                            length: run as u32,
                            huffed: start.huffed,
                            span: start.next.map(|n| path[n].span),
                        });
                    }
                }
            }
            for s in &q.sequences {
                for at in s.starts(&path, layout, true) {
                    if at + s.0.len() > own || line == 0 {
                        found_sequence = true;
                        hits.push(Hit {
                            kind: HitKind::Sequence,
                            line,
                            ply: path[at].ply,
                            length: s.0.len() as u32,
                            huffed: false,
                            span: Some(path[at].span),
                        });
                    }
                }
            }
        }
        let mut found_manoeuvre = false;
        if let Some(man) = &q.manoeuvre {
            for (line, path, own) in paths(game, &r.moves, q.variations) {
                for (at, plies) in man.starts(&path, layout) {
                    if at + plies > own || line == 0 {
                        found_manoeuvre = true;
                        hits.push(Hit {
                            kind: HitKind::Manoeuvre,
                            line,
                            ply: path[at].ply,
                            length: plies as u32,
                            huffed: false,
                            span: Some(path[at].span),
                        });
                    }
                }
            }
        }
        let selected = (!positional || found_position)
            && (q.sequences.is_empty() || found_sequence)
            && (q.manoeuvre.is_none() || found_manoeuvre);
        if selected && (positional || !q.sequences.is_empty() || q.manoeuvre.is_some()) {
            hits.sort_by_key(|h| (h.line, h.ply, h.kind as u8));
            Verdict::Hits(hits)
        } else {
            Verdict::No
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirror_turns_the_board_and_swaps_colours() {
        let p = crate::notation::fen::position(
            "W:W31,K45:B1",
            Variant::International,
            &Layout::standard(Variant::International),
        )
        .unwrap();
        let m = mirrored(&p);
        assert_eq!(m.side_to_move(), Color::Black);
        let fen = crate::notation::fen::write_fen(
            Some(m.side_to_move()),
            &m.pieces().collect::<Vec<_>>(),
            &Layout::standard(Variant::International),
        );
        assert_eq!(fen, "B:W50:BK6,20");
        assert_eq!(mirrored(&m), p);
    }

    #[test]
    fn hashes_differ_by_variant_side_and_piece() {
        let a = Position::start(Variant::Russian);
        let b = Position::start(Variant::Brazilian);
        assert_ne!(
            position_hash(Variant::Russian, &a),
            position_hash(Variant::Brazilian, &b)
        );
        let mut c = a.clone();
        c.set_side_to_move(Color::Black);
        assert_ne!(
            position_hash(Variant::Russian, &a),
            position_hash(Variant::Russian, &c)
        );
        assert_eq!(
            position_hash(Variant::Russian, &a),
            position_hash(Variant::Russian, &a.clone())
        );
    }
}
