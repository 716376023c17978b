//! The opening tree from a position: each move played from it, with the games that played it,
//! their results under the variant's scoring, their players' average rating and first and last
//! year; and so on to a depth. Nodes are positions, not move orders: two orders that reach the
//! same position (a transposition) reach the same node, and its counts are the games that
//! reached it by either.
//!
//! A game counts in the tree from the first time its main line reaches the root position, for
//! `depth` plies (a huff the replay inferred is one step, like a move); it counts once at each
//! node it reaches. Results wait for the end of each file ([`FileTree::finish`]), which
//! decides which side each score credits (as [`crate::stats`] does).

use std::collections::{HashMap, HashSet};

use serde::Serialize;

use crate::check::CheckedGame;
use crate::filter::MoveSequence;
use crate::notation::Layout;
use crate::rules::{Position, Variant};
use crate::stats::{Results, Written, first_is_white, result_of, tag_value, year_of};

use super::{Key, key, paths, reached_along};

/// Where the tree starts.
#[derive(Clone, Debug, Default)]
pub enum Root {
    /// Each variant's start position.
    #[default]
    Start,
    /// A position (FEN, read in each game's notation).
    Fen(String),
    /// The position after these moves from each variant's start.
    Moves(MoveSequence),
}

/// What is counted of the games that reach a node.
#[derive(Clone, Debug, Default, Serialize)]
pub struct NodeStats {
    /// Games that reached it.
    pub games: u64,
    /// How they ended (known once each file is over).
    pub results: Results,
    /// Sum and count of the players' ratings (`WhiteElo`, `BlackElo`) where tags give one.
    #[serde(skip)]
    pub rating_sum: u64,
    /// See `rating_sum`.
    #[serde(skip)]
    pub ratings: u64,
    /// The first year of their Date tags.
    pub first_year: Option<u32>,
    /// The last year.
    pub last_year: Option<u32>,
    #[serde(skip)]
    written: Written,
}

impl NodeStats {
    /// The players' average rating, where tags give one.
    pub fn average_rating(&self) -> Option<u32> {
        (self.ratings > 0).then(|| (self.rating_sum as f64 / self.ratings as f64).round() as u32)
    }

    fn absorb(&mut self, o: &NodeStats) {
        self.games += o.games;
        self.results.merge(&o.results);
        self.rating_sum += o.rating_sum;
        self.ratings += o.ratings;
        self.first_year = min_opt(self.first_year, o.first_year);
        self.last_year = max_opt(self.last_year, o.last_year);
    }
}

fn min_opt(a: Option<u32>, b: Option<u32>) -> Option<u32> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, y) => x.or(y),
    }
}

fn max_opt(a: Option<u32>, b: Option<u32>) -> Option<u32> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.max(y)),
        (x, y) => x.or(y),
    }
}

/// One variant's tree.
#[derive(Clone, Debug, Default)]
pub struct VariantTree {
    /// The root position, once a game of the variant was read.
    pub root: Option<Position>,
    /// Every node's counts, by position.
    pub nodes: HashMap<Key, NodeStats>,
    /// The moves played from each node: the move's text (in the variant's standard notation,
    /// or `huff`) and the node it leads to; each once.
    pub edges: HashMap<Key, Vec<(String, Key)>>,
}

/// The tree over several files, one per variant.
#[derive(Clone, Debug, Default)]
pub struct Tree {
    /// Per variant.
    pub variants: Vec<(Variant, VariantTree)>,
}

impl Tree {
    /// Adds a file's tree (once it is over).
    pub fn absorb(&mut self, file: Tree) {
        for (v, t) in file.variants {
            let mine = match self.variants.iter_mut().find(|(w, _)| *w == v) {
                Some((_, m)) => m,
                None => {
                    self.variants.push((v, VariantTree::default()));
                    &mut self.variants.last_mut().expect("just pushed").1
                }
            };
            if mine.root.is_none() {
                mine.root = t.root;
            }
            for (k, n) in t.nodes {
                mine.nodes.entry(k).or_default().absorb(&n);
            }
            for (k, es) in t.edges {
                let list = mine.edges.entry(k).or_default();
                for e in es {
                    if !list.contains(&e) {
                        list.push(e);
                    }
                }
            }
        }
        self.variants.sort_by_key(|(v, _)| *v);
    }
}

/// The tree of one file, while it is read.
pub struct FileTree<'a> {
    root: &'a Root,
    depth: u32,
    /// The root of each (variant, layout) met, or `None` when it cannot be set up there.
    roots: Vec<(Variant, Layout, Option<Key>, Option<Position>)>,
    tree: Tree,
}

impl<'a> FileTree<'a> {
    /// An empty tree from `root`, `depth` plies deep.
    pub fn new(root: &'a Root, depth: u32) -> Self {
        FileTree {
            root,
            depth,
            roots: Vec::new(),
            tree: Tree::default(),
        }
    }

    fn root_for(&mut self, variant: Variant, layout: &Layout) -> Option<Key> {
        if let Some(r) = self.roots.iter().find(|r| r.0 == variant && r.1 == *layout) {
            return r.2;
        }
        let pos = match self.root {
            Root::Start => Some(Position::start(variant)),
            Root::Fen(f) => crate::notation::fen::position(f, variant, layout).ok(),
            Root::Moves(seq) => play_moves(variant, layout, seq),
        };
        let k = pos.as_ref().map(key);
        self.roots.push((variant, *layout, k, pos));
        k
    }

    /// Counts a checked game (replayed with its moves recorded); games whose moves are not
    /// held, or that never reach the root, count nowhere.
    pub fn add(&mut self, g: &CheckedGame) {
        let (Some(game), Some(r)) = (g.chunk.game.as_ref(), g.report.as_ref()) else {
            return;
        };
        let (Some(variant), Some(layout)) = (r.variant, r.layout) else {
            return;
        };
        let Some(root) = self.root_for(variant, &layout) else {
            return;
        };
        let (_, path, _) = paths(game, &r.moves, false).swap_remove(0);
        let reached = reached_along(&path, r.final_position.as_ref());
        let Some(start) = reached.iter().position(|x| key(&x.position) == root) else {
            return;
        };
        let mut stats = NodeStats {
            games: 1,
            ..NodeStats::default()
        };
        stats.written.add(result_of(game));
        for t in ["WhiteElo", "BlackElo"] {
            if let Some(n) = tag_value(game, t).and_then(|v| v.parse::<u32>().ok()) {
                if n > 0 {
                    stats.rating_sum += u64::from(n);
                    stats.ratings += 1;
                }
            }
        }
        let year = tag_value(game, "Date")
            .and_then(year_of)
            .and_then(|y| y.parse().ok());
        stats.first_year = year;
        stats.last_year = year;
        let standard = Layout::standard(variant);
        let t = match self.tree.variants.iter_mut().find(|(v, _)| *v == variant) {
            Some((_, t)) => t,
            None => {
                self.tree.variants.push((variant, VariantTree::default()));
                &mut self.tree.variants.last_mut().expect("just pushed").1
            }
        };
        if t.root.is_none() {
            t.root = self
                .roots
                .iter()
                .find(|r| r.0 == variant && r.1 == layout)
                .and_then(|r| r.3.clone());
        }
        let mut seen: HashSet<Key> = HashSet::new();
        let end = (start + self.depth as usize).min(reached.len() - 1);
        for i in start..=end {
            let k = key(&reached[i].position);
            if seen.insert(k) {
                t.nodes.entry(k).or_default().add_game(&stats);
            }
            if i < end {
                let label = match reached[i].next {
                    Some(n) => move_text(&standard, &path[n].mv),
                    None => "huff".to_string(),
                };
                let child = key(&reached[i + 1].position);
                let list = t.edges.entry(k).or_default();
                if !list.iter().any(|(l, c)| *c == child && *l == label) {
                    list.push((label, child));
                }
            }
        }
    }

    /// The file is over: its results are read under its convention (`white_score_first`, as
    /// the replay found it), and its tree handed over.
    pub fn finish(mut self, white_score_first: bool) -> Tree {
        for (v, t) in &mut self.tree.variants {
            let fw = first_is_white(Some(*v), white_score_first);
            for n in t.nodes.values_mut() {
                let w = std::mem::take(&mut n.written);
                n.results.add_written(&w, fw);
            }
        }
        self.tree
    }
}

impl NodeStats {
    fn add_game(&mut self, g: &NodeStats) {
        self.games += g.games;
        self.written.absorb(&g.written);
        self.rating_sum += g.rating_sum;
        self.ratings += g.ratings;
        self.first_year = min_opt(self.first_year, g.first_year);
        self.last_year = max_opt(self.last_year, g.last_year);
    }
}

/// A move's text in `layout`: its start and end squares, `x` between them for a capture.
pub fn move_text(layout: &Layout, mv: &crate::rules::Move) -> String {
    let sep = if mv.is_capture() { 'x' } else { '-' };
    format!("{}{sep}{}", layout.name(mv.from), layout.name(mv.to))
}

/// The position after `seq` from `variant`'s start, each move the legal one its squares name
/// (`*` is not allowed: `None`).
fn play_moves(variant: Variant, layout: &Layout, seq: &MoveSequence) -> Option<Position> {
    let mut pos = Position::start(variant);
    for written in &seq.0 {
        let sq: Vec<_> = written
            .iter()
            .map(|s| layout.parse(s))
            .collect::<Option<_>>()?;
        let (from, to) = (*sq.first()?, *sq.last()?);
        let moves = pos.legal_moves().into_vec();
        let mut fits = moves.iter().filter(|m| {
            m.from == from
                && m.to == to
                && (sq.len() == 2 || (sq.len() == m.path.len() && sq.iter().eq(m.path.iter())))
        });
        let mv = fits.next()?.clone();
        pos.play(&mv);
    }
    Some(pos)
}

/// One move of the tree, as JSON writes it.
#[derive(Serialize)]
pub struct MoveOut {
    /// The move (`huff` for a huff).
    #[serde(rename = "move")]
    pub mv: String,
    /// The position it leads to is reached by other moves or orders too.
    pub transposition: bool,
    /// The games that reached that position (by any order), their results and so on.
    #[serde(flatten)]
    pub stats: NodeOut,
    /// The moves from there.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<MoveOut>,
}

/// A node's counts as written.
#[derive(Serialize)]
pub struct NodeOut {
    /// Games.
    pub games: u64,
    /// Won by White.
    pub white_wins: u64,
    /// Drawn.
    pub draws: u64,
    /// Won by Black.
    pub black_wins: u64,
    /// Unfinished or other results.
    pub unfinished: u64,
    /// The players' average rating, where tags give one.
    pub rating: Option<u32>,
    /// First year.
    pub first_year: Option<u32>,
    /// Last year.
    pub last_year: Option<u32>,
}

fn node_out(n: &NodeStats) -> NodeOut {
    NodeOut {
        games: n.games,
        white_wins: n.results.white_wins,
        draws: n.results.draws,
        black_wins: n.results.black_wins,
        unfinished: n.results.unfinished + n.results.other,
        rating: n.average_rating(),
        first_year: n.first_year,
        last_year: n.last_year,
    }
}

/// A variant's tree, as JSON writes it.
#[derive(Serialize)]
pub struct VariantOut {
    /// The variant.
    pub variant: &'static str,
    /// How its results are scored.
    pub scoring: &'static str,
    /// The root (FEN).
    pub root: String,
    /// The games that reached the root.
    #[serde(flatten)]
    pub stats: NodeOut,
    /// The moves from the root.
    pub moves: Vec<MoveOut>,
}

/// The tree of one variant, built for output.
pub fn variant_out(v: Variant, t: &VariantTree, depth: u32, min_games: u64) -> Option<VariantOut> {
    let root = t.root.as_ref()?;
    let rk = key(root);
    let mut parents: HashMap<Key, u32> = HashMap::new();
    for es in t.edges.values() {
        for (_, c) in es {
            *parents.entry(*c).or_default() += 1;
        }
    }
    fn walk(
        t: &VariantTree,
        k: Key,
        left: u32,
        min: u64,
        parents: &HashMap<Key, u32>,
    ) -> Vec<MoveOut> {
        if left == 0 {
            return Vec::new();
        }
        let mut out: Vec<MoveOut> = t
            .edges
            .get(&k)
            .map(|es| {
                es.iter()
                    .filter_map(|(label, c)| {
                        let n = t.nodes.get(c)?;
                        (n.games >= min).then(|| MoveOut {
                            mv: label.clone(),
                            transposition: parents.get(c).copied().unwrap_or(0) > 1,
                            stats: node_out(n),
                            moves: walk(t, *c, left - 1, min, parents),
                        })
                    })
                    .collect()
            })
            .unwrap_or_default();
        out.sort_by(|a, b| b.stats.games.cmp(&a.stats.games).then(a.mv.cmp(&b.mv)));
        out
    }
    let layout = Layout::standard(v);
    let pieces: Vec<_> = root.pieces().collect();
    Some(VariantOut {
        variant: v.name(),
        scoring: if v.info().two_point_results {
            "2-0 / 1-1 / 0-2"
        } else {
            "1-0 / 1/2-1/2 / 0-1"
        },
        root: crate::notation::fen::write_fen(Some(root.side_to_move()), &pieces, &layout),
        stats: node_out(t.nodes.get(&rk)?),
        moves: walk(t, rk, depth, min_games, &parents),
    })
}
