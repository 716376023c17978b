//! Games made by random legal play replay clean; the same games with one move changed are
//! flagged at exactly that ply, with the right kind.

use pdnkit::board::Position;
use pdnkit::check::{CheckOptions, check_stream};
use pdnkit::lint::{Diagnostic, Kind, Severity};
use pdnkit::notation::Layout;
use pdnkit::notation::resolve::{write_move, write_move_in};
use pdnkit::rules::{Move, Variant};

/// A small deterministic generator (xorshift), so failures can be replayed from the seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random legal game: the positions before each move and the moves.
fn random_game(variant: Variant, seed: u64, max_plies: usize) -> (Vec<Position>, Vec<Move>) {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut pos = Position::start(variant);
    let (mut before, mut moves) = (Vec::new(), Vec::new());
    for _ in 0..max_plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.below(legal.len())].clone();
        before.push(pos.clone());
        pos.play(&mv);
        moves.push(mv);
    }
    (before, moves)
}

/// Writes the movetext of a game, each move given by `text(ply)`.
fn pdn(variant: Variant, plies: usize, text: impl Fn(usize) -> String) -> String {
    let mut s = format!("[GameType \"{}\"]\n", variant.gametype());
    for p in 0..plies {
        if p % 2 == 0 {
            s.push_str(&format!("{}. ", p / 2 + 1));
        }
        s.push_str(&text(p));
        s.push(' ');
    }
    s.push_str("*\n");
    s
}

fn notate(variant: Variant, before: &Position, mv: &Move) -> String {
    let layout = Layout::standard(variant);
    write_move_in(
        &layout,
        mv,
        &before.legal_moves(),
        variant.capture_separator(),
    )
}

fn diagnostics(text: &str) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    check_stream(text.as_bytes(), &CheckOptions::default(), |g| {
        out.extend(g.diagnostics)
    })
    .expect("reading from memory cannot fail");
    out
}

fn problems(ds: &[Diagnostic]) -> Vec<&Diagnostic> {
    ds.iter().filter(|d| d.severity != Severity::Info).collect()
}

const SEEDS: u64 = 60;

#[test]
fn random_legal_games_replay_clean_in_every_variant() {
    for v in Variant::ALL {
        for seed in 0..SEEDS {
            let (before, moves) = random_game(v, seed, 160);
            let text = pdn(v, moves.len(), |p| notate(v, &before[p], &moves[p]));
            let ds = diagnostics(&text);
            let bad = problems(&ds);
            assert!(bad.is_empty(), "{v} seed {seed}: {bad:#?}\n{text}");
        }
    }
}

/// Finds each mutation point in random games and checks the replay flags exactly that ply.
fn mutate(kind: Kind, pick: impl Fn(Variant, &Position, &Move) -> Option<String>) -> usize {
    let mut tried = 0;
    for v in Variant::ALL {
        for seed in 0..SEEDS {
            let (before, moves) = random_game(v, seed, 160);
            let Some((ply, changed)) =
                (0..moves.len()).find_map(|p| pick(v, &before[p], &moves[p]).map(|t| (p, t)))
            else {
                continue;
            };
            tried += 1;
            let text = pdn(v, moves.len(), |p| {
                if p == ply {
                    changed.clone()
                } else {
                    notate(v, &before[p], &moves[p])
                }
            });
            let ds = diagnostics(&text);
            let bad = problems(&ds);
            let first = bad.first().unwrap_or_else(|| {
                panic!(
                    "{v} seed {seed}: mutation at ply {} not found\n{text}",
                    ply + 1
                )
            });
            assert_eq!(first.kind, kind, "{v} seed {seed}: {first:#?}\n{text}");
            let ctx = first
                .context
                .as_ref()
                .expect("rule diagnostics carry a context");
            assert_eq!(
                ctx.ply as usize,
                ply + 1,
                "{v} seed {seed}: {first:#?}\n{text}"
            );
            assert_eq!(ctx.text, changed);
        }
    }
    tried
}

#[test]
fn a_quiet_move_instead_of_a_compulsory_capture_is_a_missed_capture() {
    let n = mutate(Kind::MissedCapture, |v, pos, mv| {
        if !mv.is_capture() {
            return None;
        }
        let quiet = pos.quiet_moves();
        let q = quiet.first()?;
        Some(write_move(
            &Layout::standard(v),
            q,
            v.capture_separator(),
            false,
        ))
    });
    assert!(n >= 30, "only {n} games had a capture to replace");
}

#[test]
fn a_shortened_multi_capture_is_an_incomplete_capture() {
    let n = mutate(Kind::IncompleteCapture, |v, pos, mv| {
        if mv.captured.len() < 2 {
            return None;
        }
        // Stop after the first jump; skip games where that is itself a legal capture end
        // (another sequence), which would not be a mutation.
        let stop = mv.path[1];
        if pos
            .legal_moves()
            .iter()
            .any(|m| m.from == mv.from && m.to == stop)
        {
            return None;
        }
        let l = Layout::standard(v);
        Some(format!(
            "{}{}{}",
            l.name(mv.from),
            v.capture_separator(),
            l.name(stop)
        ))
    });
    assert!(n >= 10, "only {n} games had a multi-capture to shorten");
}

#[test]
fn a_move_from_an_empty_square_is_an_illegal_move() {
    let n = mutate(Kind::IllegalMove, |v, pos, mv| {
        if mv.is_capture() {
            return None;
        }
        let board = v.board();
        let empty = board
            .all_squares()
            .find(|&s| pos.piece_at(s).is_none() && s != mv.to)?;
        let l = Layout::standard(v);
        Some(format!("{}-{}", l.name(empty), l.name(mv.to)))
    });
    assert!(n >= 60, "only {n} games mutated");
}
