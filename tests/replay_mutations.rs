//! Games made by random legal play replay clean; the same games with one move changed are
//! flagged at exactly that ply, with the right kind.

use pdnkit::board::Position;
use pdnkit::check::{CheckOptions, check_stream};
use pdnkit::lint::{Diagnostic, Kind, Severity};
use pdnkit::notation::resolve::{write_move, write_move_in};
use pdnkit::notation::{Corner, Layout, NotationKind};
use pdnkit::replay::RuleProfile;
use pdnkit::rules::{KingRuns, Move, Variant};

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
    let mut runs = KingRuns::default();
    for _ in 0..max_plies {
        // A game is over at its end rule's verdict (Breakthrough's first king, too).
        if pos.ended().is_some() {
            break;
        }
        // The legal moves the history allows too (Frisian's limit on king moves).
        let legal: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| {
                let mut after = runs;
                after.record(&pos, m).is_none()
            })
            .collect();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.below(legal.len())].clone();
        runs.record(&pos, &mv);
        before.push(pos.clone());
        pos.play(&mv);
        moves.push(mv);
    }
    (before, moves)
}

/// Both notations of every variant.
fn layouts(v: Variant) -> [Layout; 2] {
    let numeric = Layout {
        kind: NotationKind::Numeric,
        ..Layout::standard(v)
    };
    let algebraic = Layout {
        kind: NotationKind::Algebraic,
        ..Layout::standard(v)
    };
    [numeric, algebraic]
}

/// The full GameType for `layout`'s notation, so no note about foreign notation is due.
fn gametype(v: Variant, layout: &Layout) -> String {
    let first = v.rules().first_to_move;
    let (letter, corner): (char, Corner) = match layout.kind {
        NotationKind::Numeric => ('N', layout.numeric_corner),
        NotationKind::Algebraic => ('A', layout.algebraic_corner),
    };
    let size = v.board().size();
    let side = if first == pdnkit::board::Color::White {
        'W'
    } else {
        'B'
    };
    format!(
        "{},{side},{size},{size},{letter}{},{}",
        v.gametype(),
        corner.digit(first),
        u8::from(layout.inverted)
    )
}

/// Writes the movetext of a game, each move given by `text(ply)`.
fn pdn(v: Variant, layout: &Layout, plies: usize, text: impl Fn(usize) -> String) -> String {
    let mut s = format!("[GameType \"{}\"]\n", gametype(v, layout));
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

fn notate(v: Variant, layout: &Layout, before: &Position, mv: &Move) -> String {
    write_move_in(layout, mv, &before.legal_moves(), v.capture_separator())
}

fn diagnostics(text: &str, rules: RuleProfile) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut options = CheckOptions::default();
    options.replay.rules = rules;
    check_stream(text.as_bytes(), &options, |g| out.extend(g.diagnostics))
        .expect("reading from memory cannot fail");
    out
}

fn problems(ds: &[Diagnostic]) -> Vec<&Diagnostic> {
    ds.iter().filter(|d| d.severity != Severity::Info).collect()
}

const SEEDS: u64 = 60;

#[test]
fn random_legal_games_replay_clean_in_every_variant_and_notation() {
    for v in Variant::ALL {
        for layout in layouts(v) {
            for seed in 0..SEEDS {
                let (before, moves) = random_game(v, seed, 160);
                let text = pdn(v, &layout, moves.len(), |p| {
                    notate(v, &layout, &before[p], &moves[p])
                });
                let ds = diagnostics(&text, RuleProfile::Modern);
                let bad = problems(&ds);
                assert!(bad.is_empty(), "{v} seed {seed}: {bad:#?}\n{text}");
            }
        }
    }
}

/// What a mutation must produce first: its kind, and under huffing rules its severity.
struct Expect {
    kind: Kind,
    rules: RuleProfile,
    severity: Severity,
    /// Under huffing rules the finding is followed by a `huffable` note at the same ply.
    huffable: bool,
}

/// Finds a mutation point in random games of every variant and notation and checks that the
/// replay flags exactly that ply. Returns how many games were mutated.
fn mutate(
    expect: Expect,
    pick: impl Fn(Variant, &Layout, &Position, &Move) -> Option<String>,
) -> usize {
    let mut tried = 0;
    for v in Variant::ALL {
        for layout in layouts(v) {
            for seed in 0..SEEDS {
                let (before, moves) = random_game(v, seed, 160);
                let Some((ply, changed)) = (0..moves.len())
                    .find_map(|p| pick(v, &layout, &before[p], &moves[p]).map(|t| (p, t)))
                else {
                    continue;
                };
                tried += 1;
                let text = pdn(v, &layout, moves.len(), |p| {
                    if p == ply {
                        changed.clone()
                    } else {
                        notate(v, &layout, &before[p], &moves[p])
                    }
                });
                let ds = diagnostics(&text, expect.rules);
                let bad = problems(&ds);
                let first = bad.first().unwrap_or_else(|| {
                    panic!(
                        "{v} seed {seed}: mutation at ply {} not found\n{text}",
                        ply + 1
                    )
                });
                assert_eq!(
                    first.kind, expect.kind,
                    "{v} seed {seed}: {first:#?}\n{text}"
                );
                assert_eq!(
                    first.severity, expect.severity,
                    "{v} seed {seed}: {first:#?}"
                );
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
                if expect.huffable {
                    // One diagnostic for the offence and the huff it allows.
                    assert_eq!(first.code, "H401", "{v} seed {seed}: {first:#?}");
                    assert!(
                        bad.get(1)
                            .and_then(|d| d.context.as_ref())
                            .is_none_or(|c| c.ply != ctx.ply),
                        "{v} seed {seed}: {bad:#?}"
                    );
                }
            }
        }
    }
    tried
}

fn quiet_instead_of_capture(v: Variant, l: &Layout, pos: &Position, mv: &Move) -> Option<String> {
    if !mv.is_capture() {
        return None;
    }
    let quiet = pos.quiet_moves();
    let q = quiet.first()?;
    Some(write_move(l, q, v.capture_separator(), false))
}

fn shortened_capture(v: Variant, l: &Layout, pos: &Position, mv: &Move) -> Option<String> {
    if mv.captured.len() < 2 {
        return None;
    }
    // Stop after the first jump; skip games where that is itself the end of another capture
    // (legal, or one the capture-choice rules forbid), which would not be a shortened one.
    let stop = mv.path[1];
    if pos
        .all_captures()
        .iter()
        .any(|m| m.from == mv.from && m.to == stop)
    {
        return None;
    }
    Some(format!(
        "{}{}{}",
        l.name(mv.from),
        v.capture_separator(),
        l.name(stop)
    ))
}

#[test]
fn a_quiet_move_instead_of_a_compulsory_capture_is_a_missed_capture() {
    let modern = Expect {
        kind: Kind::MissedCapture,
        rules: RuleProfile::Modern,
        severity: Severity::Error,
        huffable: false,
    };
    let n = mutate(modern, quiet_instead_of_capture);
    assert!(n >= 60, "only {n} games had a capture to replace");
    let huffing = Expect {
        kind: Kind::Huffable,
        rules: RuleProfile::Huffing,
        severity: Severity::Warning,
        huffable: true,
    };
    assert_eq!(mutate(huffing, quiet_instead_of_capture), n);
}

#[test]
fn a_shortened_multi_capture_is_an_incomplete_capture() {
    let modern = Expect {
        kind: Kind::IncompleteCapture,
        rules: RuleProfile::Modern,
        severity: Severity::Error,
        huffable: false,
    };
    let n = mutate(modern, shortened_capture);
    assert!(n >= 20, "only {n} games had a multi-capture to shorten");
    let huffing = Expect {
        kind: Kind::Huffable,
        rules: RuleProfile::Huffing,
        severity: Severity::Warning,
        huffable: true,
    };
    assert_eq!(mutate(huffing, shortened_capture), n);
}

#[test]
fn a_move_from_an_empty_square_is_an_illegal_move() {
    let expect = Expect {
        kind: Kind::IllegalMove,
        rules: RuleProfile::Modern,
        severity: Severity::Error,
        huffable: false,
    };
    let n = mutate(expect, |v, l, pos, mv| {
        if mv.is_capture() {
            return None;
        }
        let empty = v
            .board()
            .all_squares()
            .find(|&s| pos.piece_at(s).is_none() && s != mv.to)?;
        Some(format!("{}-{}", l.name(empty), l.name(mv.to)))
    });
    assert!(n >= 120, "only {n} games mutated");
}
