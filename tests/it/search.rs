//! `pdn find` against a brute force: every game replayed move by move through the public
//! `Position`, each position compared by its FEN text and square by square, in every variant.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use pdnkit::random::{GenOptions, generate};
use pdnkit::{Color, Position, ReadOptions, Role, Variant, parse_str};

use crate::common::{TempTree, pdn_run};

/// Each game's positions along its main line, replayed with the public API.
fn replay_all(text: &str, variant: Variant) -> Vec<(Vec<Position>, Vec<String>)> {
    let mut out = Vec::new();
    for chunk in parse_str(text, &ReadOptions::default()) {
        let Some(game) = chunk.game else { continue };
        let mut pos = Position::start(variant);
        let mut seq = vec![pos.clone()];
        let mut moves = Vec::new();
        for token in game.main_line_moves() {
            let mv = pos.token_move(token).expect("a generated move is legal");
            moves.push(
                token
                    .squares
                    .iter()
                    .map(|s| s.raw.as_str().to_string())
                    .collect::<Vec<_>>()
                    .join("-"),
            );
            pos.play(&mv).expect("it plays");
            seq.push(pos.clone());
        }
        out.push((seq, moves));
    }
    out
}

/// `pdn find ARGS --format json FILE`: each selected game's number and its hits' plies.
fn find(args: &[&str], file: &Path) -> BTreeMap<usize, Vec<u64>> {
    let mut all = vec!["find", "--format", "json", "--no-config", "-j", "1"];
    all.extend_from_slice(args);
    let (code, out, err) = pdn_run(&all, file);
    assert!(code == 0 || code == 1, "{args:?}: {err}");
    out.lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let plies = v["hits"]
                .as_array()
                .unwrap()
                .iter()
                .map(|h| h["ply"].as_u64().unwrap())
                .collect();
            (v["game"].as_u64().unwrap() as usize, plies)
        })
        .collect()
}

/// A deterministic generator of choices.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// What a square of a pattern asks, and its text.
fn square_text(pos: &Position, sq: pdnkit::Square) -> (String, &'static str) {
    let name = pos.square_name(sq);
    match pos.piece_at(sq) {
        Some(p) => {
            let c = if p.color == Color::White { "W" } else { "B" };
            let k = if p.role == Role::King { "K" } else { "" };
            (format!("{k}{name}"), c)
        }
        None => (name, "E"),
    }
}

/// Whether `pos` holds every (square name, list letter, item) condition.
fn holds(pos: &Position, conds: &[(String, &str, String)]) -> bool {
    conds.iter().all(|(name, list, item)| {
        let p = pos.piece_at(pos.square(name).unwrap());
        match (*list, p) {
            ("E", None) => true,
            ("E", Some(_)) | (_, None) => false,
            (c, Some(p)) => {
                let colour = if c == "W" { Color::White } else { Color::Black };
                p.color == colour
                    && (item.starts_with('*') || (item.starts_with('K')) == (p.role == Role::King))
            }
        }
    })
}

fn pattern_text(side: Option<Color>, conds: &[(String, &str, String)]) -> String {
    let mut lists: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for (_, list, item) in conds {
        lists.entry(list).or_default().push(item.clone());
    }
    let mut parts: Vec<String> = Vec::new();
    if let Some(s) = side {
        parts.push(if s == Color::White { "W" } else { "B" }.to_string());
    }
    for (l, items) in lists {
        parts.push(format!("{l}{}", items.join(",")));
    }
    parts.join(":")
}

#[test]
fn find_agrees_with_a_brute_force_in_every_variant() {
    let dir = TempTree::new("search-brute");
    let mut dice = Dice(7);
    for variant in Variant::ALL {
        let mut opts = GenOptions::new(variant, 24, 11);
        opts.max_plies = 50;
        let mut buf = Vec::new();
        generate(&opts, &mut buf).unwrap();
        let text = String::from_utf8(buf).unwrap();
        let file = dir.file(&format!("{}.pdn", variant.name()), &text);
        let games = replay_all(&text, variant);
        assert!(games.len() == 24, "{variant:?}");

        // Exact positions, some from the start, some deep.
        for round in 0..5 {
            let g = dice.below(games.len());
            let seq = &games[g].0;
            let ply = if round == 0 { 0 } else { dice.below(seq.len()) };
            let target = seq[ply].to_fen();
            let expected: BTreeMap<usize, u64> = games
                .iter()
                .enumerate()
                .filter_map(|(i, (s, _))| {
                    s.iter()
                        .position(|p| p.to_fen() == target)
                        .map(|k| (i + 1, k as u64))
                })
                .collect();
            let found = find(&["--fen", &target], &file);
            let first: BTreeMap<usize, u64> = found.iter().map(|(g, p)| (*g, p[0])).collect();
            assert_eq!(first, expected, "{variant:?} --fen {target}");
        }

        // Patterns: squares of a position of some game, and one excluded square.
        for round in 0..4 {
            let g = dice.below(games.len());
            let seq = &games[g].0;
            let pos = &seq[dice.below(seq.len())];
            let squares: Vec<pdnkit::Square> = variant.board().all_squares().collect();
            let mut conds = Vec::new();
            for _ in 0..(2 + round) {
                let sq = squares[dice.below(squares.len())];
                let (mut item, list) = square_text(pos, sq);
                if list != "E" && dice.below(3) == 0 {
                    item = format!("*{}", pos.square_name(sq));
                }
                conds.push((pos.square_name(sq), list, item));
            }
            let side = (round % 2 == 1).then(|| pos.turn());
            let mut text = pattern_text(side, &conds);
            // Exclude: a square of the position that holds something else than asked.
            let ex = squares[dice.below(squares.len())];
            let ex_list = if pos.piece_at(ex).is_some() { "E" } else { "W" };
            let ex_item = if ex_list == "W" {
                format!("*{}", pos.square_name(ex))
            } else {
                pos.square_name(ex)
            };
            text.push_str(&format!("!{ex_list}{ex_item}"));
            let excluded = (pos.square_name(ex), ex_list, ex_item);
            let ok = |p: &Position| {
                side.is_none_or(|s| p.turn() == s)
                    && holds(p, &conds)
                    && !holds(p, std::slice::from_ref(&excluded))
            };
            for min in [1usize, 3] {
                let expected: BTreeSet<usize> = games
                    .iter()
                    .enumerate()
                    .filter(|(_, (s, _))| s.windows(min).any(|w| w.iter().all(ok)))
                    .map(|(i, _)| i + 1)
                    .collect();
                let found = find(
                    &["--pattern", &text, "--min-plies", &min.to_string()],
                    &file,
                );
                let got: BTreeSet<usize> = found.keys().copied().collect();
                assert_eq!(
                    got, expected,
                    "{variant:?} --pattern {text} --min-plies {min}"
                );
                assert!(
                    !expected.is_empty() || min > 1,
                    "the pattern's own game has it"
                );
            }
        }

        // Material.
        let (a, b) = (dice.below(4) as u32, dice.below(3) as u32);
        let material = format!("wk={a}..,bm=..{}", 12 - b * 3);
        let expected: BTreeSet<usize> = games
            .iter()
            .enumerate()
            .filter(|(_, (s, _))| {
                s.iter().any(|p| {
                    p.count(Color::White, Role::King) >= a
                        && p.count(Color::Black, Role::Man) <= 12 - b * 3
                })
            })
            .map(|(i, _)| i + 1)
            .collect();
        let got: BTreeSet<usize> = find(&["--material", &material], &file)
            .keys()
            .copied()
            .collect();
        assert_eq!(got, expected, "{variant:?} --material {material}");

        // A sequence with a wildcard, from some game's moves.
        let g = dice.below(games.len());
        let moves = &games[g].1;
        if moves.len() >= 4 {
            let k = dice.below(moves.len() - 3);
            let want = [moves[k].clone(), "*".to_string(), moves[k + 2].clone()];
            let ends = |m: &str| {
                let parts: Vec<&str> = m.split('-').collect();
                (parts[0].to_string(), parts[parts.len() - 1].to_string())
            };
            let expected: BTreeSet<usize> = games
                .iter()
                .enumerate()
                .filter(|(_, (_, ms))| {
                    ms.windows(3)
                        .any(|w| ends(&w[0]) == ends(&want[0]) && ends(&w[2]) == ends(&want[2]))
                })
                .map(|(i, _)| i + 1)
                .collect();
            let spec = format!(
                "{}-{} * {}-{}",
                ends(&want[0]).0,
                ends(&want[0]).1,
                ends(&want[2]).0,
                ends(&want[2]).1
            );
            let got: BTreeSet<usize> = find(&["--sequence", &spec], &file)
                .keys()
                .copied()
                .collect();
            assert_eq!(got, expected, "{variant:?} --sequence {spec}");
            assert!(got.contains(&(g + 1)));
        }
    }
}

#[test]
fn mirror_finds_the_position_with_colours_swapped() {
    let dir = TempTree::new("search-mirror");
    let file = dir.file(
        "m.pdn",
        "[GameType \"20\"]\n[FEN \"W:W31,K45:B1\"]\n1. 31-27 *\n\n[GameType \"20\"]\n[FEN \"B:W50:B20,K6\"]\n1... 20-24 *\n",
    );
    let plain = find(&["--fen", "W:W31,K45:B1"], &file);
    assert_eq!(plain.keys().copied().collect::<Vec<_>>(), [1]);
    let both = find(&["--fen", "W:W31,K45:B1", "--mirror"], &file);
    assert_eq!(both.keys().copied().collect::<Vec<_>>(), [1, 2]);
}

#[test]
fn variations_and_huffs_are_searched() {
    let dir = TempTree::new("search-lines");
    let file = dir.file(
        "v.pdn",
        "[GameType \"20\"]\n1. 32-28 (1. 33-28 18-23) 1... 19-23 *\n",
    );
    // After 33-28 18-23: only in the variation.
    let fen = "W:W28,31,32,34-50:B1-17,19,20,23";
    assert!(find(&["--fen", fen], &file).is_empty());
    let v = find(&["--fen", fen, "--variations"], &file);
    assert_eq!(v.get(&1), Some(&vec![2]));
    // A huff: 12-16 ignores the capture 15x22 and White huffs 15 before 24-20; the position
    // after the huff is one of the game's, at the same ply as the one before it.
    let huff = dir.file(
        "h.pdn",
        "[GameType \"21\"]\n1. 11-15 22-18 2. 12-16 {[%huff 15]} 24-20 *\n",
    );
    let args = |fen: &'static str| {
        [
            "find",
            "--rules",
            "huffing",
            "--list",
            "--no-config",
            "--fen",
            fen,
        ]
    };
    let (code, out, err) = pdn_run(&args("W:W18,21,23-32:B1-10,16"), &huff);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("ply 3 (2... 24-20) after a huff"), "{out}");
    let (code, out, err) = pdn_run(&args("W:W18,21,23-32:B1-10,15,16"), &huff);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("ply 3 (2...)") && !out.contains("huff"),
        "{out}"
    );
}

#[test]
fn bad_patterns_say_where() {
    let dir = TempTree::new("search-errors");
    let file = dir.file("a.pdn", "1. 32-28 *\n");
    let (code, _, err) = pdn_run(&["find", "--pattern", "W:W28:Q12"], &file);
    assert_eq!(code, 2);
    assert!(
        err.contains("column 7") && err.contains("starts with W"),
        "{err}"
    );
    let (code, _, err) = pdn_run(&["find", "--material", "wq=1"], &file);
    assert_eq!(code, 2);
    assert!(err.contains("`wq`"), "{err}");
    let (code, _, err) = pdn_run(&["find"], &file);
    assert_eq!(code, 2);
    assert!(err.contains("nothing to find"), "{err}");
}

/// `pdn ARGS FILES...` as JSON.
fn json_of(args: &[&str], dir: &Path) -> serde_json::Value {
    let (code, out, err) = pdn_run(args, dir);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn the_tree_counts_what_stats_counts() {
    let dir = TempTree::new("search-tree");
    for (k, variant) in Variant::ALL.into_iter().enumerate() {
        let mut opts = GenOptions::new(variant, 40, 3 + k as u64);
        opts.max_plies = 30;
        let mut buf = Vec::new();
        generate(&opts, &mut buf).unwrap();
        dir.file(
            &format!("{}.pdn", variant.name()),
            &String::from_utf8(buf).unwrap(),
        );
    }
    // The corpus's lidraughts games too: real results, ratings and dates.
    let real = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpus/py-draughts/standard.pdn"
    );
    std::fs::copy(real, dir.0.join("real.pdn")).unwrap();
    let tree = json_of(
        &[
            "tree",
            "--format",
            "json",
            "--depth",
            "2",
            "--no-config",
            "-j",
            "1",
        ],
        &dir.0,
    );
    let stats = json_of(
        &[
            "stats",
            "--format",
            "json",
            "--opening-plies",
            "2",
            "--no-config",
            "-j",
            "1",
        ],
        &dir.0,
    );
    // Every opening of two plies, as CSV rows `VARIANT: MOVE MOVE,GAMES`.
    let (code, csv, err) = pdn_run(
        &[
            "stats",
            "--by",
            "opening",
            "--top",
            "0",
            "--format",
            "csv",
            "--opening-plies",
            "2",
            "--no-config",
        ],
        &dir.0,
    );
    assert_eq!(code, 0, "{err}");
    let openings: BTreeMap<String, u64> = csv
        .lines()
        .skip(1)
        .map(|l| {
            let (key, n) = l.trim_matches('"').rsplit_once(',').unwrap();
            let key = key
                .trim_matches('"')
                .replace(':', "x")
                .replacen("x ", ": ", 1);
            (key, n.parse().unwrap())
        })
        .collect();
    let trees = tree.as_array().unwrap();
    let mut compared = 0;
    assert_eq!(trees.len(), Variant::ALL.len());
    for t in trees {
        let v = t["variant"].as_str().unwrap();
        let s = &stats["variants"][v];
        assert_eq!(t["games"], s["games"], "{v}");
        for (a, b) in [
            ("white_wins", "white_wins"),
            ("black_wins", "black_wins"),
            ("draws", "draws"),
        ] {
            assert_eq!(t[a], s["results"][b], "{v} {a}");
        }
        let mut tree_pairs: BTreeMap<String, u64> = BTreeMap::new();
        for m in t["moves"].as_array().unwrap() {
            for r in m["moves"].as_array().into_iter().flatten() {
                tree_pairs.insert(
                    format!(
                        "{v}: {} {}",
                        m["move"].as_str().unwrap(),
                        r["move"].as_str().unwrap()
                    ),
                    r["games"].as_u64().unwrap(),
                );
            }
        }
        // Stats lists the most played openings: each is the tree's.
        for (k, n) in openings
            .iter()
            .filter(|(k, _)| k.starts_with(&format!("{v}: ")))
        {
            assert_eq!(tree_pairs.get(k), Some(n), "{k}");
            compared += 1;
        }
        assert_eq!(
            tree_pairs.values().sum::<u64>(),
            total_of(&openings, v),
            "{v}"
        );
    }
    assert!(compared >= 200, "{compared} openings compared");
}

fn total_of(openings: &BTreeMap<String, u64>, v: &str) -> u64 {
    openings
        .iter()
        .filter(|(k, _)| k.starts_with(&format!("{v}: ")))
        .map(|(_, n)| n)
        .sum()
}

/// `pdn ARGS` output lines, sorted (the index answers file by file in its order).
fn listed(args: &[&str]) -> Vec<String> {
    let out = assert_cmd::Command::cargo_bin("pdn")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.code().unwrap() <= 1,
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut lines: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    lines.sort();
    lines
}

#[test]
fn the_index_answers_as_the_scan_does() {
    let dir = TempTree::new("search-index");
    let mut fens: Vec<String> = Vec::new();
    let mut dice = Dice(5);
    for (k, variant) in Variant::ALL.into_iter().enumerate() {
        let mut opts = GenOptions::new(variant, 30, 40 + k as u64);
        opts.max_plies = 40;
        if k % 2 == 1 && variant.board().size() == 8 && !variant.board().is_full() {
            opts.notation = Some(pdnkit::NotationKind::Algebraic);
        }
        let mut buf = Vec::new();
        generate(&opts, &mut buf).unwrap();
        let text = String::from_utf8(buf).unwrap();
        dir.file(&format!("gen/{}.pdn", variant.name()), &text);
        let games = replay_all(&text, variant);
        for _ in 0..3 {
            let seq = &games[dice.below(games.len())].0;
            fens.push(seq[dice.below(seq.len())].to_fen());
        }
    }
    for f in crate::common::corpus_files(&["pdn"]) {
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let rel = f
            .parent()
            .unwrap()
            .file_name()
            .unwrap()
            .to_string_lossy()
            .to_string();
        std::fs::create_dir_all(dir.0.join("corpus").join(&rel)).unwrap();
        std::fs::copy(&f, dir.0.join("corpus").join(&rel).join(name)).unwrap();
    }
    fens.push("B:W28,31,33-50:B1-20".into());
    fens.push("W:W21-32:B1-8,10-12,13".into());
    let idx = dir.0.join("all.pdnidx");
    let root = dir.0.to_string_lossy().to_string();
    let idx_s = idx.to_string_lossy().to_string();
    let out = assert_cmd::Command::cargo_bin("pdn")
        .unwrap()
        .args(["index", "--no-config", &root, "-o", &idx_s])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut hits = 0;
    for fen in &fens {
        for mirror in [false, true] {
            let mut args = vec!["find", "--no-config", "--list", "--fen", fen.as_str()];
            if mirror {
                args.push("--mirror");
            }
            let scan = listed(&[args.as_slice(), &[root.as_str()]].concat());
            let from_index = listed(&[args.as_slice(), &["--index", idx_s.as_str()]].concat());
            assert_eq!(from_index, scan, "--fen {fen} mirror {mirror}");
            hits += scan.len();
        }
    }
    assert!(hits >= fens.len(), "{hits} games found");
    // JSON too, field for field, and the original bytes.
    for fen in fens.iter().rev().take(3) {
        for form in [&["--format", "json"][..], &[][..]] {
            let args = [&["find", "--no-config", "--fen", fen.as_str()][..], form].concat();
            let scan = listed(&[args.as_slice(), &[root.as_str()]].concat());
            let from_index = listed(&[args.as_slice(), &["--index", idx_s.as_str()]].concat());
            assert!(!scan.is_empty(), "{fen}");
            assert_eq!(from_index, scan, "--fen {fen} {form:?}");
        }
    }
    // A file changed: the index refuses until it is updated, and the update reads that file
    // again and keeps the others' part.
    let changed = dir.0.join("gen/russian.pdn");
    let mut text = std::fs::read_to_string(&changed).unwrap();
    text.push_str("\n[GameType \"25\"]\n1. c3-d4 f6-e5 *\n");
    std::fs::write(&changed, text).unwrap();
    let fen = "W:Wa1,a3,c1,e1,e3,g1,g3,b2,d2,f2,h2,d4:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,h6,e5";
    let stale = assert_cmd::Command::cargo_bin("pdn")
        .unwrap()
        .args(["find", "--fen", fen, "--index", &idx_s])
        .output()
        .unwrap();
    assert_eq!(stale.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&stale.stderr).contains("changed since it was indexed"));
    let again = assert_cmd::Command::cargo_bin("pdn")
        .unwrap()
        .args(["index", "--no-config", &root, "-o", &idx_s])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&again.stderr).to_string();
    assert!(
        said.contains("file(s) unchanged") && !said.contains("(0 file(s) unchanged)"),
        "{said}"
    );
    let args = ["find", "--no-config", "--list", "--fen", fen];
    let scan = listed(&[args.as_slice(), &[root.as_str()]].concat());
    assert!(scan.iter().any(|l| l.contains("russian.pdn")), "{scan:?}");
    assert_eq!(
        listed(&[args.as_slice(), &["--index", idx_s.as_str()]].concat()),
        scan
    );
    // Another version's index is refused.
    let mut bytes = std::fs::read(&idx).unwrap();
    bytes[8] = 99;
    std::fs::write(&idx, bytes).unwrap();
    let old = assert_cmd::Command::cargo_bin("pdn")
        .unwrap()
        .args(["find", "--fen", fen, "--index", &idx_s])
        .output()
        .unwrap();
    assert_eq!(old.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&old.stderr).contains("format version 99"));
}

/// Each game's moves as (side, from, to, capture, role, captured squares), replayed with the
/// public API.
#[allow(clippy::type_complexity)]
fn moves_of(
    text: &str,
    variant: Variant,
) -> Vec<Vec<(Color, String, String, bool, Role, Vec<String>)>> {
    let mut out = Vec::new();
    for chunk in parse_str(text, &ReadOptions::default()) {
        let Some(game) = chunk.game else { continue };
        let mut pos = Position::start(variant);
        let mut ms = Vec::new();
        for token in game.main_line_moves() {
            let mv = pos.token_move(token).unwrap();
            let role = pos.piece_at(mv.from()).unwrap().role;
            ms.push((
                pos.turn(),
                pos.square_name(mv.from()),
                pos.square_name(mv.to()),
                mv.is_capture(),
                role,
                mv.captured().iter().map(|s| pos.square_name(*s)).collect(),
            ));
            pos.play(&mv).unwrap();
        }
        out.push(ms);
    }
    out
}

#[test]
fn manoeuvres_follow_one_piece() {
    let dir = TempTree::new("search-manoeuvre");
    let mut dice = Dice(3);
    let mut checked = 0;
    for variant in [
        Variant::International,
        Variant::English,
        Variant::Russian,
        Variant::Frisian,
        Variant::Turkish,
    ] {
        let mut opts = GenOptions::new(variant, 40, 9);
        opts.max_plies = 80;
        let mut buf = Vec::new();
        generate(&opts, &mut buf).unwrap();
        let text = String::from_utf8(buf).unwrap();
        let file = dir.file(&format!("{}.pdn", variant.name()), &text);
        let games = moves_of(&text, variant);
        // Two moves of one piece, from some game.
        for _ in 0..4 {
            let g = &games[dice.below(games.len())];
            let i = dice.below(g.len());
            let (side, from, to, cap, role, _) = g[i].clone();
            let Some(j) = (i + 1..g.len()).find(|&j| g[j].0 == side && g[j].1 == to) else {
                continue;
            };
            let sep = |c: bool| if c { "x" } else { "-" };
            let k = if role == Role::King { "K" } else { "M" };
            let spec = format!("{k}{from}{}{to}{}{}", sep(cap), sep(g[j].3), g[j].2);
            // The brute force: the piece's next move after each first step, unless taken.
            let expected: BTreeSet<usize> = games
                .iter()
                .enumerate()
                .filter(|(_, ms)| {
                    ms.iter().enumerate().any(|(a, m)| {
                        if !(m.1 == from && m.2 == to && m.3 == cap && m.4 == role) {
                            return false;
                        }
                        for n in &ms[a + 1..] {
                            if n.0 != m.0 && n.5.contains(&to) {
                                return false;
                            }
                            if n.0 == m.0 && n.1 == to {
                                return n.2 == g[j].2 && n.3 == g[j].3;
                            }
                        }
                        false
                    })
                })
                .map(|(i, _)| i + 1)
                .collect();
            let got: BTreeSet<usize> = find(&["--manoeuvre", &spec], &file)
                .keys()
                .copied()
                .collect();
            assert_eq!(got, expected, "{variant:?} --manoeuvre {spec}");
            assert!(!got.is_empty());
            checked += 1;
        }
    }
    assert!(checked >= 10, "{checked}");
}

#[test]
fn a_pattern_on_no_board_is_refused() {
    let dir = TempTree::new("search-noboard");
    let file = dir.file("a.pdn", "1. 32-28 *\n");
    // `E26` in a B list is a square named e26, which no board has.
    let (code, _, err) = pdn_run(&["find", "--pattern", "B25,E26"], &file);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("`e26`") && err.contains("column 5"), "{err}");
}

#[test]
fn the_tree_steps_through_huffs_and_writes_csv() {
    let dir = TempTree::new("search-tree-huff");
    let file = dir.file(
        "h.pdn",
        "[GameType \"21\"]\n[Result \"1-0\"]\n1. 11-15 22-18 2. 12-16 {[%huff 15]} 24-20 *\n\n\
         [GameType \"21\"]\n[Result \"0-1\"]\n[Date \"1901.01.01\"]\n1. 11-15 22-18 2. 15x22 *\n",
    );
    let args = [
        "tree",
        "--rules",
        "huffing",
        "--no-config",
        "--depth",
        "5",
        "--moves",
        "11-15 22-18",
    ];
    let (code, out, err) = pdn_run(&[&args[..], &["--format", "csv"]].concat(), &file);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<&str> = out.lines().collect();
    assert!(
        rows[0].starts_with("variant,path,move,depth,games"),
        "{out}"
    );
    // Both games reach the root; each next move once; the huff is a step of its own.
    // English: Black moves first, so `1-0` is Black's win and `0-1` White's (PDN's reading);
    // the year is the Date's.
    assert!(
        rows.contains(&"english,12-16,12-16,1,1,0,0,1,0,,,,false"),
        "{out}"
    );
    assert!(
        rows.contains(&"english,12-16 huff,huff,2,1,0,0,1,0,,,,false"),
        "{out}"
    );
    assert!(
        rows.contains(&"english,12-16 huff 24-20,24-20,3,1,0,0,1,0,,,,false"),
        "{out}"
    );
    assert!(
        rows.contains(&"english,15x22,15x22,1,1,1,0,0,0,,1901,1901,false"),
        "{out}"
    );
    let (_, table, _) = pdn_run(&args, &file);
    assert!(
        table.starts_with("english: 2 game(s) from B:W18,21,23-32:B1-10,12,15"),
        "{table}"
    );
}
