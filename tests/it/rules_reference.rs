//! A second, deliberately naive move generator (square by square on a plain array, no
//! bitboards, the "must land where the king can go on" rule stated by results instead of by
//! look-ahead, the capture choice as a plain comparison of tuples), cross-checked against the
//! library's generator: perft from the start position in every variant, and the exact set of
//! legal moves in random positions.

use std::collections::{BTreeMap, BTreeSet};

use pdnkit::board::{Board, CaptureRemoval, Color, Piece, Position, Role, Square};
use pdnkit::rules::{CaptureChoice, EndRule, PromotionRule, Rules, Variant, perft};
use proptest::prelude::*;

/// The variants this generator knows: those of the dark-square boards. Turkish draughts, on
/// the full board, is cross-checked by pydraughts' perft (`tests/it/perft.rs`) and its rule
/// positions (`tests/it/rules_positions.rs`); a naive full-board generator is not written yet.
static DIAGONAL: std::sync::LazyLock<Vec<Variant>> = std::sync::LazyLock::new(|| {
    Variant::ALL
        .into_iter()
        .filter(|v| !v.board().is_full())
        .collect()
});

/// A move as the reference sees it: from, to, sorted captured squares, crowned.
type Key = (u8, u8, Vec<u8>, bool);

#[derive(Clone)]
struct Naive {
    rules: Rules,
    board: Board,
    cells: Vec<Option<Piece>>,
    side: Color,
    immediate: bool,
}

const ALL_DIRS: [(i32, i32); 4] = [(-1, 1), (1, 1), (-1, -1), (1, -1)];
/// Orthogonal capture lines (Frisian): along a file or a rank, two squares a step, so that
/// each step is the next square of the same colour.
const ORTHO_DIRS: [(i32, i32); 4] = [(0, 2), (0, -2), (-2, 0), (2, 0)];

impl Naive {
    fn from_position(p: &Position) -> Naive {
        let board = p.board();
        let mut cells = vec![None; board.squares()];
        for (sq, piece) in p.pieces() {
            cells[sq.index()] = Some(piece);
        }
        Naive {
            rules: p.variant().rules(),
            board,
            cells,
            side: p.side_to_move(),
            immediate: p.capture_removal() == CaptureRemoval::Immediate,
        }
    }

    fn at(&self, f: i32, r: i32) -> Option<usize> {
        self.board.square_at(f, r).map(|s| s.index())
    }

    fn xy(&self, i: usize) -> (i32, i32) {
        let (f, r) = self.board.coords(Square(i as u8));
        (f as i32, r as i32)
    }

    fn forward(&self) -> i32 {
        if self.side == Color::White { 1 } else { -1 }
    }

    fn far_row(&self, i: usize) -> bool {
        let (_, r) = self.xy(i);
        let last = self.board.size() as i32 - 1;
        if self.side == Color::White {
            r == last
        } else {
            r == 0
        }
    }

    fn is_enemy(&self, i: usize) -> bool {
        matches!(self.cells[i], Some(p) if p.color != self.side)
    }

    fn quiet(&self) -> BTreeSet<Key> {
        let mut out = BTreeSet::new();
        for i in 0..self.cells.len() {
            let Some(p) = self.cells[i] else { continue };
            if p.color != self.side {
                continue;
            }
            let (f, r) = self.xy(i);
            for (df, dr) in ALL_DIRS {
                if p.role == Role::Man && dr != self.forward() {
                    continue;
                }
                let mut k = 1;
                while let Some(j) = self.at(f + k * df, r + k * dr) {
                    if self.cells[j].is_some() {
                        break;
                    }
                    let crown = p.role == Role::Man && self.far_row(j);
                    out.insert((i as u8, j as u8, vec![], crown));
                    if p.role == Role::Man || !self.rules.flying_kings {
                        break;
                    }
                    k += 1;
                }
            }
        }
        out
    }

    /// Every completed capture sequence of every piece, before the capture-choice rules.
    fn captures(&self) -> BTreeSet<Key> {
        self.ranked_captures().into_keys().collect()
    }

    /// Every completed capture with how the capture-choice rules rank it (higher is
    /// preferred): (pieces, with a king, kings, minus the place of the first king), keeping
    /// only the criteria of the variant. A capture reachable in several orders gets its best.
    fn ranked_captures(&self) -> BTreeMap<Key, (usize, bool, usize, i64)> {
        let mut out: BTreeMap<Key, (usize, bool, usize, i64)> = BTreeMap::new();
        for i in 0..self.cells.len() {
            let Some(p) = self.cells[i] else { continue };
            if p.color != self.side {
                continue;
            }
            let mut work = self.clone();
            work.cells[i] = None; // the capturing piece's start square is empty
            let mut seqs = Vec::new();
            work.extend(i, p.role == Role::King, false, &mut Vec::new(), &mut seqs);
            for (to, caps, crown) in seqs {
                let is_king = |x: usize| matches!(self.cells[x], Some(q) if q.role == Role::King);
                let kings = caps.iter().filter(|&&x| is_king(x)).count();
                let first = caps
                    .iter()
                    .position(|&x| is_king(x))
                    .map_or(-1000, |k| -(k as i64));
                let with_king = p.role == Role::King;
                let rank = match self.rules.capture_choice {
                    CaptureChoice::Free => (0, false, 0, 0),
                    CaptureChoice::Majority => (caps.len(), false, 0, 0),
                    CaptureChoice::KingFirst => (0, with_king, 0, 0),
                    CaptureChoice::MajorityThenKings => (caps.len(), false, kings, 0),
                    CaptureChoice::Italian => (caps.len(), with_king, kings, first),
                    // A man worth one, a king two less a little: value in whole men, then
                    // fewer kings; then with a king.
                    CaptureChoice::Value => {
                        ((caps.len() + kings) * 64 + (63 - kings), with_king, 0, 0)
                    }
                };
                let mut c: Vec<u8> = caps.iter().map(|&x| x as u8).collect();
                c.sort();
                let slot = out.entry((i as u8, to as u8, c, crown)).or_insert(rank);
                *slot = (*slot).max(rank);
            }
        }
        out
    }

    /// All completed continuations of a capture by the piece now on `cur` (having taken
    /// `taken`), pushed as (end, taken, crowned). Returns nothing new when it cannot go on.
    fn extend(
        &mut self,
        cur: usize,
        king: bool,
        crowned: bool,
        taken: &mut Vec<usize>,
        out: &mut Vec<(usize, Vec<usize>, bool)>,
    ) {
        let (f, r) = self.xy(cur);
        let ortho: &[(i32, i32)] = if self.rules.orthogonal_captures {
            &ORTHO_DIRS
        } else {
            &[]
        };
        for &(df, dr) in ALL_DIRS.iter().chain(ortho) {
            if !king && !self.rules.men_capture_backward && dr != self.forward() {
                continue;
            }
            let long = king && self.rules.flying_kings;
            // Find the piece to take.
            let mut k = 1;
            let mut victim = None;
            while let Some(j) = self.at(f + k * df, r + k * dr) {
                if self.cells[j].is_none() {
                    if !long {
                        break;
                    }
                    k += 1;
                    continue;
                }
                if self.is_enemy(j) && !taken.contains(&j) {
                    victim = Some((j, k));
                }
                break;
            }
            let Some((v, kv)) = victim else { continue };
            let victim_is_king = matches!(self.cells[v], Some(q) if q.role == Role::King);
            if !king && victim_is_king && !self.rules.men_capture_kings {
                continue;
            }
            let saved = self.cells[v];
            if self.immediate {
                self.cells[v] = None;
            }
            taken.push(v);
            // Landing squares beyond it.
            let mut lands = Vec::new();
            let mut k = kv + 1;
            while let Some(j) = self.at(f + k * df, r + k * dr) {
                if self.cells[j].is_some() {
                    break;
                }
                lands.push(j);
                if !long || self.rules.king_lands_behind {
                    break;
                }
                k += 1;
            }
            // Explore every landing square; if some of them lead on, only those count.
            let mut leading_on: Vec<(usize, Vec<usize>, bool)> = Vec::new();
            let mut stopping: Vec<(usize, Vec<usize>, bool)> = Vec::new();
            for &l in &lands {
                let promote_here = !king && self.far_row(l);
                if promote_here && self.rules.promotion == PromotionRule::EndsMove {
                    stopping.push((l, taken.clone(), true));
                    continue;
                }
                let (nk, nc) =
                    if promote_here && self.rules.promotion == PromotionRule::ContinuesAsKing {
                        (true, true)
                    } else {
                        (king, crowned)
                    };
                let mut sub = Vec::new();
                self.extend(l, nk, nc, taken, &mut sub);
                if sub.is_empty() {
                    let crown_end = nc || (!nk && self.far_row(l));
                    stopping.push((l, taken.clone(), crown_end));
                } else {
                    leading_on.extend(sub);
                }
            }
            if leading_on.is_empty() {
                out.extend(stopping);
            } else {
                out.extend(leading_on);
            }
            taken.pop();
            self.cells[v] = saved;
        }
    }

    fn legal(&self) -> BTreeSet<Key> {
        // Breakthrough: once one side, and only one, has crowned, the game is over.
        let has_king = |c: Color| {
            self.cells.iter().any(|p| {
                *p == Some(Piece {
                    color: c,
                    role: Role::King,
                })
            })
        };
        if self.rules.end == EndRule::FirstKingWins
            && has_king(Color::White) != has_king(Color::Black)
        {
            return BTreeSet::new();
        }
        let caps = self.ranked_captures();
        if caps.is_empty() {
            return self.quiet();
        }
        let best = caps.values().copied().max();
        caps.into_iter()
            .filter(|(_, r)| Some(*r) == best)
            .map(|(k, _)| k)
            .collect()
    }

    fn play(&self, k: &Key) -> Naive {
        let mut n = self.clone();
        let mut p = n.cells[k.0 as usize].take().expect("a piece to move");
        for &c in &k.2 {
            n.cells[c as usize] = None;
        }
        if k.3 || (p.role == Role::Man && self.far_row(k.1 as usize)) {
            p.role = Role::King;
        }
        n.cells[k.1 as usize] = Some(p);
        n.side = self.side.opponent();
        n
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}

fn keys(list: &[pdnkit::rules::Move]) -> BTreeSet<Key> {
    list.iter()
        .map(|m| {
            let mut c: Vec<u8> = m.captured.iter().map(|s| s.0).collect();
            c.sort();
            (m.from.0, m.to.0, c, m.promotes)
        })
        .collect()
}

#[test]
fn naive_and_fast_perft_agree_from_every_start_position() {
    for &v in DIAGONAL.iter() {
        let p = Position::start(v);
        let naive = Naive::from_position(&p);
        for depth in 1..=4 {
            assert_eq!(naive.perft(depth), perft(&p, depth), "{v} perft({depth})");
        }
    }
}

#[test]
fn thai_naive_perft_agrees_to_depth_6() {
    // No published Thai implementation exists to compare with: the naive generator is the
    // second source for the Thai numbers of tests/it/perft.rs.
    let p = Position::start(Variant::Thai);
    let naive = Naive::from_position(&p);
    for (depth, want) in [(5, 26592), (6, 218695)] {
        assert_eq!(naive.perft(depth), want, "naive thai perft({depth})");
        assert_eq!(perft(&p, depth), want, "thai perft({depth})");
    }
}

/// Prints perft 1-6 from every start position, computed by both generators.
/// Run with `cargo test --release --test it rules_reference:: -- --ignored --nocapture`.
#[test]
#[ignore = "slow: prints a table"]
fn print_perft_tables() {
    for &v in DIAGONAL.iter() {
        let p = Position::start(v);
        let naive = Naive::from_position(&p);
        for depth in 1..=6 {
            let fast = perft(&p, depth);
            assert_eq!(naive.perft(depth), fast, "{v} perft({depth})");
            println!("{v} {depth} {fast}");
        }
    }
}

/// A random position: each square empty or one of four pieces, no man on its own promotion
/// row, at most as many pieces a side as the start position has.
fn random_position() -> impl Strategy<Value = Position> {
    random_position_of(DIAGONAL.as_slice())
}

/// [`random_position`] in one of `variants`.
fn random_position_of(variants: &'static [Variant]) -> impl Strategy<Value = Position> {
    (
        0usize..variants.len(),
        any::<bool>(),
        any::<bool>(),
        prop::collection::vec(0u8..12, 72),
    )
        .prop_map(move |(vi, white, immediate, cells)| {
            let v = variants[vi];
            let side = if white { Color::White } else { Color::Black };
            let mut p = Position::empty(v, side);
            if immediate {
                p.set_capture_removal(CaptureRemoval::Immediate);
            }
            let board = v.board();
            let max = v.rules().start_rows as u32 * board.per_row() as u32;
            for sq in board.all_squares() {
                let (color, role) = match cells[sq.index()] {
                    0 | 1 => (Color::White, Role::Man),
                    2 => (Color::White, Role::King),
                    3 | 4 => (Color::Black, Role::Man),
                    5 => (Color::Black, Role::King),
                    _ => continue,
                };
                if role == Role::Man && board.is_promotion_square(sq, color) {
                    continue;
                }
                if p.count(color, Role::Man) + p.count(color, Role::King) >= max {
                    continue;
                }
                p.set_piece(sq, Some(Piece { color, role }));
            }
            p
        })
}

/// True when the capture search of `p` and of every position one legal move away ran to the
/// end ([`pdnkit::rules::CAPTURE_SEARCH_LIMIT`]): only then does `perft(p, 2)` count every
/// move of both plies, and can it be compared with the reference.
fn searched_to_depth_2(p: &Position) -> bool {
    let legal = p.legal_moves();
    legal.is_complete()
        && legal.iter().all(|m| {
            let mut child = p.clone();
            child.play(m);
            child.legal_moves().is_complete()
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_positions_agree_with_the_reference(p in random_position()) {
        prop_assert!(p.validate().is_ok());
        // A position whose capture search stops at the limit lists only part of its moves, by
        // design (rules::CAPTURE_SEARCH_LIMIT): there is nothing to compare.
        prop_assume!(p.all_captures().is_complete());
        let naive = Naive::from_position(&p);
        let legal = p.legal_moves();
        prop_assert_eq!(keys(&legal), naive.legal());
        prop_assert_eq!(keys(&p.all_captures()), naive.captures());
        prop_assert_eq!(keys(&p.quiet_moves()), naive.quiet());
        prop_assert_eq!(p.has_capture(), !naive.captures().is_empty());
        // No two listed moves are the same move.
        prop_assert_eq!(keys(&legal).len(), legal.len());
        for m in legal.iter() {
            prop_assert_eq!(m.path.first(), Some(&m.from));
            prop_assert_eq!(m.path.last(), Some(&m.to));
            if m.is_capture() {
                prop_assert_eq!(m.path.len(), m.captured.len() + 1);
            } else {
                prop_assert_eq!(m.path.len(), 2);
            }
            let mut after = p.clone();
            after.play(m);
            prop_assert!(after.validate().is_ok(), "{:?} after {}", after.validate(), m);
            prop_assert_eq!(after.side_to_move(), p.side_to_move().opponent());
        }
    }

    #[test]
    fn random_positions_perft_agrees_with_the_reference(p in random_position()) {
        prop_assume!(searched_to_depth_2(&p));
        let naive = Naive::from_position(&p);
        prop_assert_eq!(naive.perft(2), perft(&p, 2));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// The variants with their own capture geometry (orthogonal captures, kings landing right
    /// behind, pieces removed as taken) get more cases of their own.
    #[test]
    fn frisian_and_thai_random_positions_agree_with_the_reference(
        p in random_position_of(&[Variant::Frisian, Variant::Frysk, Variant::Thai]),
    ) {
        // Random kings among many men with pieces removed as taken can reach the capture
        // search limit; such a position lists only part of its moves, by design.
        prop_assume!(p.all_captures().is_complete());
        let naive = Naive::from_position(&p);
        prop_assert_eq!(keys(&p.legal_moves()), naive.legal());
        prop_assert_eq!(keys(&p.all_captures()), naive.captures());
        prop_assert_eq!(p.has_capture(), !naive.captures().is_empty());
        // The same holds of the positions after each move, which perft(2) also counts.
        if searched_to_depth_2(&p) {
            prop_assert_eq!(naive.perft(2), perft(&p, 2));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Random games from the start position (so positions with kings reached in play): at
    /// every ply both generators agree, and playing the move gives the same position in both.
    #[test]
    fn random_games_agree_with_the_reference(
        vi in 0usize..DIAGONAL.len(),
        choices in prop::collection::vec(any::<u16>(), 120),
    ) {
        let mut p = Position::start(DIAGONAL[vi]);
        for c in choices {
            let naive = Naive::from_position(&p);
            let legal = p.legal_moves();
            prop_assert_eq!(keys(&legal), naive.legal());
            if legal.is_empty() {
                break;
            }
            let m = &legal[c as usize % legal.len()];
            let k = keys(std::slice::from_ref(m)).into_iter().next().expect("one key");
            let expected = naive.play(&k);
            p.play(m);
            prop_assert!(p.validate().is_ok());
            let got = Naive::from_position(&p);
            prop_assert_eq!(got.cells, expected.cells);
            prop_assert_eq!(got.side, expected.side);
        }
    }
}
