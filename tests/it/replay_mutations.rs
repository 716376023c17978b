//! Games made by random legal play replay clean; the same games with one move changed are
//! flagged at exactly that ply, with the right kind. Files of such games without GameType are
//! read as the variant they were played in, and each changed move is the error `--variant`
//! gives, at the same ply.

use std::collections::{BTreeMap, BTreeSet};

use pdnkit::board::{Color, Piece, Position, Role, Square};
use pdnkit::check::{CheckOptions, FileTotals, check_stream};
use pdnkit::lint::{Diagnostic, Kind, Severity};
use pdnkit::notation::fen::write_fen;
use pdnkit::notation::resolve::{write_move, write_move_in};
use pdnkit::notation::{Corner, Layout, NotationKind};
use pdnkit::replay::{ForcedVariant, RuleProfile};
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
    let side = if first == Color::White { 'W' } else { 'B' };
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

// Files without GameType: one illegal move planted in each game; the variant inferred for the
// file must be the one the games were played in, and every error the one `--variant` gives.

/// The illegal moves planted, each with the code `--variant` reports it with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Plant {
    /// A quiet step of the side to move where a capture is compulsory.
    MissedCapture,
    /// A multi-capture written without its last jump.
    StoppedEarly,
    /// A complete capture taking fewer pieces than the majority rule asks, not a part of a
    /// longer one.
    Minority,
    /// A man two squares forward onto an empty square, over an empty one.
    LongStep,
    /// A man jumping its own piece, written as a capture.
    OverOwnPiece,
}

impl Plant {
    fn code(self) -> &'static str {
        match self {
            Plant::MissedCapture => "R305",
            Plant::StoppedEarly => "R307",
            Plant::Minority => "R306",
            Plant::LongStep => "R304",
            Plant::OverOwnPiece => "R308",
        }
    }
}

/// Where a man of the side to move goes two squares forward: `(from, over, to)` for every
/// such pair of steps on the board.
fn double_steps(pos: &Position) -> Vec<(Square, Square, Square)> {
    let board = pos.board();
    let side = pos.side_to_move();
    let dr = if side == Color::White { 1 } else { -1 };
    let mut out = Vec::new();
    for (from, piece) in pos.pieces() {
        if piece.color != side || piece.role != Role::Man {
            continue;
        }
        let (f, r) = board.coords(from);
        let (f, r) = (i32::from(f), i32::from(r));
        for df in [-1, 1] {
            let over = board.square_at(f + df, r + dr);
            let to = board.square_at(f + 2 * df, r + 2 * dr);
            if let (Some(over), Some(to)) = (over, to) {
                out.push((from, over, to));
            }
        }
    }
    out
}

/// Every text of a move of kind `kind` that `pos` allows planting, in `layout`'s notation.
fn plants(kind: Plant, v: Variant, layout: &Layout, pos: &Position) -> Vec<String> {
    let sep = v.capture_separator();
    let legal = pos.legal_moves().into_vec();
    let all = pos.all_captures().into_vec();
    let same_ends =
        |ms: &[Move], from: Square, to: Square| ms.iter().any(|m| m.from == from && m.to == to);
    match kind {
        Plant::MissedCapture if pos.has_capture() => pos
            .quiet_moves()
            .into_vec()
            .iter()
            .map(|q| write_move(layout, q, sep, false))
            .collect(),
        Plant::MissedCapture => Vec::new(),
        Plant::StoppedEarly => legal
            .iter()
            .filter(|m| m.captured.len() >= 2)
            .filter_map(|m| {
                let part = &m.path[..m.path.len() - 1];
                let stop = *part.last()?;
                // Not the whole of another capture with the same ends.
                if same_ends(&all, m.from, stop) || same_ends(&legal, m.from, stop) {
                    return None;
                }
                let names: Vec<String> = part.iter().map(|&s| layout.name(s)).collect();
                Some(names.join(&sep.to_string()))
            })
            .collect(),
        Plant::Minority => {
            let most = legal.iter().map(|m| m.captured.len()).max().unwrap_or(0);
            all.iter()
                .filter(|c| c.captured.len() < most)
                // A legal capture with the same ends would be read instead.
                .filter(|c| !same_ends(&legal, c.from, c.to))
                // Not the first part of a longer capture (that is a capture stopped early).
                .filter(|c| {
                    !all.iter()
                        .any(|o| o.path.len() > c.path.len() && o.path.starts_with(&c.path))
                })
                .map(|c| write_move_in(layout, c, &all, sep))
                .collect()
        }
        Plant::LongStep => double_steps(pos)
            .into_iter()
            .filter(|&(_, over, to)| pos.piece_at(over).is_none() && pos.piece_at(to).is_none())
            .map(|(from, _, to)| format!("{}-{}", layout.name(from), layout.name(to)))
            .collect(),
        Plant::OverOwnPiece => double_steps(pos)
            .into_iter()
            .filter(|&(_, over, to)| {
                pos.piece_at(over)
                    .is_some_and(|p| p.color == pos.side_to_move())
                    && pos.piece_at(to).is_none()
            })
            .map(|(from, _, to)| format!("{}{sep}{}", layout.name(from), layout.name(to)))
            .collect(),
    }
}

/// A game of a file without GameType: its moves as written, the last one the planted one
/// (when `kind` says which), and the seed of the random game it was cut from.
struct Planted {
    seed: u64,
    texts: Vec<String>,
    kind: Option<Plant>,
}

impl Planted {
    fn pdn(&self) -> String {
        let mut s = format!("[Round \"{}\"]\n", self.seed);
        for (p, t) in self.texts.iter().enumerate() {
            if p % 2 == 0 {
                s.push_str(&format!("{}. ", p / 2 + 1));
            }
            s.push_str(t);
            s.push(' ');
        }
        s.push_str("*\n\n");
        s
    }
}

/// `n` random games of `v` in its standard notation, game `i` cut after a move of kind
/// `kinds[i % kinds.len()]` planted at a random ply that allows one.
fn planted_games(v: Variant, kinds: &[Plant], n: usize, first_seed: u64) -> Vec<Planted> {
    let layout = Layout::standard(v);
    let mut out = Vec::new();
    let mut seed = first_seed;
    while out.len() < n {
        seed += 1;
        assert!(
            seed < first_seed + 100 * n as u64,
            "{v}: too few games allow the plants"
        );
        let kind = kinds[out.len() % kinds.len()];
        let (before, moves) = random_game(v, seed, 120);
        let spots: Vec<(usize, String)> = (0..moves.len())
            .flat_map(|p| {
                plants(kind, v, &layout, &before[p])
                    .into_iter()
                    .map(move |t| (p, t))
            })
            .collect();
        if spots.is_empty() {
            continue;
        }
        let mut rng = Rng(seed.wrapping_mul(0xD1B5_4A32_D192_ED03) | 1);
        let (ply, text) = spots[rng.below(spots.len())].clone();
        let mut texts: Vec<String> = (0..ply)
            .map(|p| notate(v, &layout, &before[p], &moves[p]))
            .collect();
        texts.push(text);
        out.push(Planted {
            seed,
            texts,
            kind: Some(kind),
        });
    }
    out
}

/// Each game's diagnostics and the file's totals, read as the games say (`None`) or as
/// `--variant` says.
fn check_file(text: &str, forced: Option<Variant>) -> (Vec<Vec<Diagnostic>>, FileTotals) {
    let mut options = CheckOptions::default();
    options.replay.variant = forced.map(ForcedVariant::Replay);
    let mut games = Vec::new();
    let totals = check_stream(text.as_bytes(), &options, |g| {
        // Chunks without a game (the blank lines after the last one) have nothing to say.
        if g.chunk.index.is_some() {
            games.push(g.diagnostics);
        } else {
            assert!(g.diagnostics.is_empty(), "{:#?}", g.diagnostics);
        }
    })
    .expect("reading from memory cannot fail");
    (games, totals)
}

/// The errors of a file: game, code and ply (none for an error about no move).
fn errors(games: &[Vec<Diagnostic>]) -> BTreeSet<(usize, &'static str, Option<u32>)> {
    games
        .iter()
        .enumerate()
        .flat_map(|(i, ds)| {
            ds.iter()
                .filter(|d| d.severity == Severity::Error)
                .map(move |d| (i, d.code, d.context.as_ref().map(|c| c.ply)))
        })
        .collect()
}

fn only(v: Variant, n: usize) -> BTreeMap<Variant, usize> {
    BTreeMap::from([(v, n)])
}

/// Checks a file of games with one planted move each, without and with `--variant`.
fn check_planted(v: Variant, games: &[Planted]) {
    let text: String = games.iter().map(Planted::pdn).collect();
    let (guessed, totals) = check_file(&text, None);
    let (forced, forced_totals) = check_file(&text, Some(v));
    assert_eq!(guessed.len(), games.len());
    // Where the two readings differ, the games and what the inference said of them.
    let (a, b) = (errors(&guessed), errors(&forced));
    let differ: BTreeSet<usize> = a.symmetric_difference(&b).map(|e| e.0).collect();
    let shown: Vec<String> = differ
        .iter()
        .map(|&i| {
            let said: Vec<String> = guessed[i]
                .iter()
                .map(|d| format!("{} {}", d.code, d.message))
                .collect();
            format!("game {i}:\n{}{said:#?}", games[i].pdn())
        })
        .collect();
    assert_eq!(
        a,
        b,
        "{v}: inferred and --variant differ\n{}",
        shown.join("\n")
    );
    assert_eq!(totals.variants, only(v, games.len()), "{:#?}", guessed[0]);
    assert_eq!(totals.guessed, games.len());
    assert_eq!(forced_totals.variants, only(v, games.len()));
    for (g, ds) in games.iter().zip(&guessed) {
        let kind = g.kind.expect("every game has a plant");
        let errs: Vec<&Diagnostic> = ds
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        let [first] = errs[..] else {
            panic!("{v} seed {} ({kind:?}): {errs:#?}\n{}", g.seed, g.pdn());
        };
        let ctx = first.context.as_ref().expect("a rule error has a move");
        let why = format!("{v} seed {} ({kind:?}): {first:#?}\n{}", g.seed, g.pdn());
        assert_eq!(first.code, kind.code(), "{why}");
        assert_eq!(ctx.ply as usize, g.texts.len(), "{why}");
        assert_eq!(Some(&ctx.text), g.texts.last(), "{why}");
        let note = format!("variant guessed: {}", v.title());
        assert!(first.notes.iter().any(|n| n.starts_with(&note)), "{why}");
    }
}

const PLANTED_GAMES: usize = 48;

#[test]
fn untagged_international_games_have_each_planted_move_as_the_error_variant_gives() {
    let kinds = [
        Plant::MissedCapture,
        Plant::StoppedEarly,
        Plant::Minority,
        Plant::LongStep,
    ];
    let games = planted_games(Variant::International, &kinds, PLANTED_GAMES, 0);
    check_planted(Variant::International, &games);
}

#[test]
fn untagged_english_games_have_each_planted_move_as_the_error_variant_gives() {
    let kinds = [
        Plant::MissedCapture,
        Plant::StoppedEarly,
        Plant::OverOwnPiece,
        Plant::LongStep,
    ];
    let games = planted_games(Variant::English, &kinds, PLANTED_GAMES, 0);
    check_planted(Variant::English, &games);
}

#[test]
fn untagged_russian_games_have_each_planted_move_as_the_error_variant_gives() {
    let kinds = [
        Plant::MissedCapture,
        Plant::StoppedEarly,
        Plant::OverOwnPiece,
        Plant::LongStep,
    ];
    let games = planted_games(Variant::Russian, &kinds, PLANTED_GAMES, 0);
    check_planted(Variant::Russian, &games);
}

/// A random game that English draughts and American pool both allow move by move (the same
/// move in both), up to `max_plies` or until they part: the moves as written, the pool
/// position before each move and after the last, and the English ones.
fn common_game(seed: u64, max_plies: usize) -> (Vec<String>, Vec<Position>, Vec<Position>) {
    let layout = Layout::standard(Variant::English);
    assert_eq!(layout, Layout::standard(Variant::Pool));
    let sep = Variant::English.capture_separator();
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let (mut pool, mut english) = (
        Position::start(Variant::Pool),
        Position::start(Variant::English),
    );
    let mut texts = Vec::new();
    let (mut pools, mut englishes) = (vec![pool.clone()], vec![english.clone()]);
    while texts.len() < max_plies {
        let (p, e) = (
            pool.legal_moves().into_vec(),
            english.legal_moves().into_vec(),
        );
        let both: Vec<&Move> = p.iter().filter(|m| e.contains(m)).collect();
        if both.is_empty() {
            break;
        }
        let mv = both[rng.below(both.len())];
        // Named the same way in both: the full path where either has another move with its
        // ends.
        let full = [&p, &e].iter().any(|l| {
            l.iter()
                .any(|o| o.from == mv.from && o.to == mv.to && o != mv)
        });
        texts.push(write_move(&layout, mv, sep, full));
        pool.play(mv);
        english.play(mv);
        pools.push(pool.clone());
        englishes.push(english.clone());
    }
    (texts, pools, englishes)
}

/// The moves pool allows in `pool` that English draughts has no move for between the same
/// squares in `english` (a king flying several squares, a man capturing backwards), written.
fn pool_only(pool: &Position, english: &Position) -> Vec<String> {
    let layout = Layout::standard(Variant::Pool);
    let legal = pool.legal_moves().into_vec();
    let english: Vec<Move> = [
        english.legal_moves(),
        english.all_captures(),
        english.quiet_moves(),
    ]
    .into_iter()
    .flat_map(|l| l.into_vec())
    .collect();
    legal
        .iter()
        .filter(|m| !english.iter().any(|e| e.from == m.from && e.to == m.to))
        .map(|m| write_move_in(&layout, m, &legal, Variant::Pool.capture_separator()))
        .collect()
}

/// Common games of both variants from seed `first_seed` on; every game whose index
/// `pool_move` accepts is cut after a move only pool allows, at a random ply that has one.
fn english_or_pool_file(
    n: usize,
    first_seed: u64,
    pool_move: impl Fn(usize) -> bool,
) -> Vec<Planted> {
    let mut out = Vec::new();
    let mut seed = first_seed;
    while out.len() < n {
        seed += 1;
        let (mut texts, pools, englishes) = common_game(seed, 80);
        if pool_move(out.len()) {
            let spots: Vec<(usize, String)> = (0..pools.len())
                .flat_map(|p| {
                    pool_only(&pools[p], &englishes[p])
                        .into_iter()
                        .map(move |t| (p, t))
                })
                .collect();
            if spots.is_empty() {
                continue;
            }
            let mut rng = Rng(seed.wrapping_mul(0xD1B5_4A32_D192_ED03) | 1);
            let (ply, text) = spots[rng.below(spots.len())].clone();
            texts.truncate(ply);
            texts.push(text);
        }
        out.push(Planted {
            seed,
            texts,
            kind: None,
        });
    }
    out
}

#[test]
fn one_game_with_a_move_only_pool_allows_leaves_an_english_file_english_with_that_error() {
    let games = english_or_pool_file(40, 0, |i| i == 17);
    let text: String = games.iter().map(Planted::pdn).collect();
    let (guessed, totals) = check_file(&text, None);
    let (forced, _) = check_file(&text, Some(Variant::English));
    assert_eq!(totals.variants, only(Variant::English, 40));
    assert_eq!(errors(&guessed), errors(&forced));
    let errs: Vec<_> = errors(&guessed).into_iter().collect();
    let ply = games[17].texts.len() as u32;
    assert!(
        matches!(errs[..], [(17, _, Some(p))] if p == ply),
        "{errs:?}\n{}",
        games[17].pdn()
    );
}

#[test]
fn a_third_of_the_games_with_moves_only_pool_allows_make_an_english_looking_file_pool() {
    // A challenger needs a quarter of the games at least: one in three is enough.
    let games = english_or_pool_file(40, 0, |i| i % 3 == 2);
    let text: String = games.iter().map(Planted::pdn).collect();
    let (guessed, totals) = check_file(&text, None);
    assert_eq!(
        totals.variants,
        only(Variant::Pool, 40),
        "{:#?}",
        guessed[0]
    );
    assert_eq!(errors(&guessed), BTreeSet::new());
    let (forced, _) = check_file(&text, Some(Variant::Pool));
    assert_eq!(errors(&forced), BTreeSet::new());
    // Under English rules each of those games has its error at the move pool allows.
    let (english, _) = check_file(&text, Some(Variant::English));
    let at: BTreeSet<(usize, Option<u32>)> = errors(&english)
        .into_iter()
        .map(|(g, _, p)| (g, p))
        .collect();
    let planted: BTreeSet<(usize, Option<u32>)> = (2..40)
        .step_by(3)
        .map(|g| (g, Some(games[g].texts.len() as u32)))
        .collect();
    assert_eq!(at, planted);
}

#[test]
fn a_fifth_of_the_games_with_moves_only_pool_allows_leave_an_english_file_english() {
    // Under a quarter, such moves are errors of the file's English games.
    let games = english_or_pool_file(40, 0, |i| i % 5 == 2);
    let text: String = games.iter().map(Planted::pdn).collect();
    let (guessed, totals) = check_file(&text, None);
    assert_eq!(
        totals.variants,
        only(Variant::English, 40),
        "{:#?}",
        guessed[0]
    );
    let (forced, _) = check_file(&text, Some(Variant::English));
    assert_eq!(errors(&guessed), errors(&forced));
    assert_eq!(errors(&guessed).len(), 8);
}

/// English problems: the position after a few plies of a random game, with a white man added
/// where `add` says, as FEN, and the next moves of the game as the solution.
fn english_problems(
    n: usize,
    add: impl Fn(usize, &Position) -> Option<Square>,
) -> Vec<(String, Vec<String>)> {
    let v = Variant::English;
    let layout = Layout::standard(v);
    (0..n as u64)
        .map(|seed| {
            let start = 4 + (seed as usize % 9);
            let (before, moves) = random_game(v, seed + 1, start + 3);
            let start = start.min(moves.len().saturating_sub(1));
            let pos = &before[start];
            let mut pieces: Vec<(Square, Piece)> = pos.pieces().collect();
            if let Some(sq) = add(seed as usize, pos) {
                let man = Piece {
                    color: Color::White,
                    role: Role::Man,
                };
                pieces.push((sq, man));
            }
            let fen = write_fen(Some(pos.side_to_move()), &pieces, &layout);
            let solution = (start..moves.len())
                .map(|p| notate(v, &layout, &before[p], &moves[p]))
                .collect();
            (fen, solution)
        })
        .collect()
}

fn problem_pdn(fen: &str, solution: &[String]) -> String {
    let mut s = format!("[FEN \"{fen}\"]\n1. ");
    s.push_str(&solution.join(" "));
    s.push_str(" *\n\n");
    s
}

#[test]
fn an_untagged_english_problem_file_stays_english_and_its_impossible_position_is_g504() {
    // One problem, past the first ten, has a white man on a free square of White's crowning
    // row (1-4): no game reaches that.
    let bad = std::cell::Cell::new(None);
    let problems = english_problems(20, |i, pos| {
        let free = (1..=4)
            .filter_map(Square::from_number)
            .find(|&sq| pos.piece_at(sq).is_none());
        if i < 10 || bad.get().is_some() {
            return None;
        }
        bad.set(free.map(|_| i));
        free
    });
    let bad = bad
        .get()
        .expect("a problem with a free square on White's crowning row");
    let text: String = problems.iter().map(|(f, s)| problem_pdn(f, s)).collect();
    let (guessed, totals) = check_file(&text, None);
    let (forced, forced_totals) = check_file(&text, Some(Variant::English));
    assert_eq!(totals.variants, only(Variant::English, 19), "{text}");
    assert_eq!(forced_totals.variants, only(Variant::English, 19));
    assert_eq!((totals.unreplayed, forced_totals.unreplayed), (1, 1));
    assert_eq!(errors(&guessed), errors(&forced));
    assert_eq!(
        errors(&guessed),
        BTreeSet::from([(bad, "G504", None)]),
        "{:#?}",
        guessed[bad]
    );
    // The others are clean: the one statement of the guess, at the first problem.
    for (i, ds) in guessed.iter().enumerate() {
        let codes: Vec<&str> = ds.iter().map(|d| d.code).collect();
        let want: &[&str] = match i {
            0 => &["G506"],
            i if i == bad => &["G504"],
            _ => &[],
        };
        assert_eq!(codes, want, "problem {i}: {ds:#?}");
    }
}
