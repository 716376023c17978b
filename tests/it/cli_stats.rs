//! `pdn stats`: totals that agree with `pdn check`, results under each variant's scoring and
//! each file's result convention, folded player names, tables that fit 80 columns, and the
//! bundled corpus's figures checked against counts made another way.

use crate::common;

use common::TempTree;
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

fn pdn() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin("pdn"))
}

fn stats_json(args: &[&str], paths: &[&Path]) -> Value {
    let out = pdn()
        .arg("stats")
        .args(["--format", "json", "--top", "0", "--no-config"])
        .args(args)
        .args(paths)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The summary of `check --format json`, and its diagnostics per code.
fn check_json(path: &Path) -> (Value, BTreeMap<String, u64>) {
    let out = pdn()
        .args(["check", "--format", "json", "--no-config"])
        .arg(path)
        .output()
        .unwrap();
    let mut codes = BTreeMap::new();
    let mut summary = Value::Null;
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        match v["type"].as_str() {
            Some("diagnostic") => {
                *codes
                    .entry(v["code"].as_str().unwrap().to_string())
                    .or_default() += 1
            }
            Some("summary") => summary = v,
            _ => {}
        }
    }
    (summary, codes)
}

#[test]
fn corpus_totals_and_codes_equal_what_check_counts() {
    let corpus = Path::new("corpus");
    let stats = stats_json(&[], &[corpus]);
    let (summary, codes) = check_json(corpus);
    for key in ["files", "games", "errors", "warnings", "infos"] {
        assert_eq!(stats[key], summary[key], "{key}");
    }
    let stat_codes: BTreeMap<String, u64> = stats["codes"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v["count"].as_u64().unwrap()))
        .collect();
    assert_eq!(stat_codes, codes);
    // Every game is in one variant row, and every row's results add up to its games.
    let mut games = 0;
    for (name, v) in stats["variants"].as_object().unwrap() {
        let r = &v["results"];
        let sum: u64 = ["white_wins", "black_wins", "draws", "unfinished", "other"]
            .iter()
            .map(|k| r[k].as_u64().unwrap())
            .sum();
        assert_eq!(sum, v["games"].as_u64().unwrap(), "{name}");
        games += v["games"].as_u64().unwrap();
    }
    assert_eq!(games, summary["games"].as_u64().unwrap());
}

/// The corpus's International file, counted another way: the file writes its line breaks as
/// the literal text `\n`; once they are real, each of its 30 games carries its result either as
/// a Result tag (17 games) or as a bare terminator token (13 games), never both, so the tags
/// and bare tokens are counted here without reading any game; International is White-first and
/// scored 2-0, 1-1, 0-2, so `2-0` is White's win. Years are counted from the Date tags.
#[test]
fn international_results_and_years_match_a_scan_of_the_raw_text() {
    let path = Path::new("corpus/py-draughts/standard.pdn");
    let text = fs::read_to_string(path).unwrap().replace("\\n", "\n");
    let mut results: BTreeMap<String, u64> = BTreeMap::new();
    let mut years: BTreeMap<String, u64> = BTreeMap::new();
    for line in text.lines() {
        if let Some(r) = line.strip_prefix("[Result \"") {
            *results
                .entry(r.trim_end_matches("\"]").to_string())
                .or_default() += 1;
        } else if let Some(d) = line.strip_prefix("[Date \"") {
            *years.entry(d[..4].to_string()).or_default() += 1;
        } else if !line.starts_with('[') {
            for token in line.split_whitespace() {
                if ["2-0", "0-2", "1-1", "*"].contains(&token) {
                    *results.entry(token.to_string()).or_default() += 1;
                }
            }
        }
    }
    assert_eq!(results.values().sum::<u64>(), 30, "{results:?}");
    let s = stats_json(&[], &[path]);
    assert_eq!(s["games"], 30);
    let r = &s["variants"]["international"]["results"];
    let n = |k: &str| Some(results.get(k).copied().unwrap_or(0));
    assert_eq!(r["white_wins"].as_u64(), n("2-0"));
    assert_eq!(r["black_wins"].as_u64(), n("0-2"));
    assert_eq!(r["draws"].as_u64(), n("1-1"));
    assert_eq!(r["unfinished"].as_u64(), n("*"));
    let got: BTreeMap<String, u64> = s["years"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v.as_u64().unwrap()))
        .collect();
    // Games without a Date tag count under `?`.
    let dated: u64 = years.values().sum();
    if dated < 30 {
        years.insert("?".into(), 30 - dated);
    }
    assert_eq!(got, years);
}

/// White (18) takes Black's last man: White has won.
fn english_white_win(result: &str) -> String {
    format!(
        "[GameType \"21\"]\n[White \"Wyllie, J.\"]\n[Black \"Martins\"]\n[FEN \"W:W18:B14\"]\n1. 18x9 {result}\n\n"
    )
}

#[test]
fn english_results_follow_the_files_convention() {
    let t = TempTree::new("stats-convention");
    // PDN's convention: 0-1 is White's win in English draughts (Black moves first).
    let pdn_file = t.file("a_pdn.pdn", &english_white_win("0-1").repeat(2));
    // White's score first: the replay sees it (G514) and 1-0 is White's win.
    let white_file = t.file("b_white.pdn", &english_white_win("1-0").repeat(3));
    for (p, n) in [(&pdn_file, 2), (&white_file, 3)] {
        let s = stats_json(&[], &[p]);
        let r = &s["variants"]["english"]["results"];
        assert_eq!(
            (r["white_wins"].as_u64(), r["black_wins"].as_u64()),
            (Some(n), Some(0))
        );
    }
    let s = stats_json(&[], &[&t.0]);
    assert_eq!(s["variants"]["english"]["results"]["white_wins"], 5);
    let players = s["players"].as_array().unwrap();
    let wyllie = &players.iter().find(|p| p["key"] == "wyllie,j").unwrap()["value"];
    assert_eq!(wyllie["wins"], 5);
    assert_eq!(wyllie["white"], 5);
}

#[test]
fn player_names_fold_case_spaces_dots_and_accents_and_list_their_forms() {
    let t = TempTree::new("stats-players");
    let g = |w: &str, b: &str, r: &str| {
        format!(
            "[GameType \"20\"]\n[White \"{w}\"]\n[Black \"{b}\"]\n[Result \"{r}\"]\n1. 32-28 19-23 {r}\n\n"
        )
    };
    t.file(
        "a.pdn",
        &[
            g("Sijbrands, T.", "Baba Sy", "1-0"),
            g("Baba Sy", "SIJBRANDS ,T", "1-0"),
            g("Sijbrands,  T", "Schwarzman", "1/2-1/2"),
            g("Schwärzman", "Sijbrands, T.", "0-1"),
        ]
        .concat(),
    );
    let s = stats_json(&[], &[&t.0]);
    let players = s["players"].as_array().unwrap();
    let sij = &players[0]["value"];
    assert_eq!(sij["name"], "Sijbrands, T.");
    assert_eq!(
        (
            sij["games"].as_u64(),
            sij["wins"].as_u64(),
            sij["draws"].as_u64(),
            sij["losses"].as_u64()
        ),
        (Some(4), Some(2), Some(1), Some(1))
    );
    assert_eq!(sij["forms"].as_object().unwrap().len(), 3);
    let schw = players.iter().find(|p| p["key"] == "schwarzman").unwrap();
    assert_eq!(schw["value"]["games"], 2);
    assert_eq!(schw["value"]["forms"].as_object().unwrap().len(), 2);
    // The table lists the other spellings under the name.
    let out = pdn()
        .args(["stats", "--by", "player", "--no-config"])
        .arg(&t.0)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("also: SIJBRANDS ,T | Sijbrands,  T"),
        "{text}"
    );
}

#[test]
fn lengths_give_min_quartiles_and_max_in_plies() {
    let t = TempTree::new("stats-lengths");
    let game = |moves: &str| format!("[GameType \"20\"]\n{moves} *\n\n");
    t.file(
        "a.pdn",
        &[
            game("1. 32-28"),
            game("1. 32-28 19-23"),
            game("1. 32-28 19-23 2. 28x19 14x23"),
            game("1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14"),
        ]
        .concat(),
    );
    let s = stats_json(&[], &[&t.0]);
    let l = &s["lengths"];
    assert_eq!(
        [&l["min"], &l["q1"], &l["median"], &l["q3"], &l["max"]],
        [1, 1, 2, 4, 6]
    );
}

#[test]
fn every_table_of_the_corpus_fits_80_columns() {
    for by in [
        None,
        Some("variant"),
        Some("player"),
        Some("event"),
        Some("site"),
        Some("year"),
        Some("opening"),
        Some("code"),
        Some("kind"),
    ] {
        let mut cmd = pdn();
        cmd.args(["stats", "--no-config", "--top", "0", "corpus"]);
        if let Some(b) = by {
            cmd.args(["--by", b]);
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success());
        for line in String::from_utf8(out.stdout).unwrap().lines() {
            assert!(line.chars().count() <= 80, "{by:?}: {line}");
        }
    }
}

#[test]
fn csv_gives_a_header_and_a_row_per_key() {
    let out = pdn()
        .args([
            "stats",
            "--no-config",
            "--by",
            "year",
            "--format",
            "csv",
            "--top",
            "0",
        ])
        .arg("corpus/py-draughts/standard.pdn")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("year,games"));
    let total: u64 = lines
        .map(|l| l.rsplit(',').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(total, 30);
}

#[test]
fn a_missing_file_is_a_failure_with_its_reason() {
    let out = pdn()
        .args(["stats", "--no-config", "no/such/file.pdn"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read the file"));
}

/// The overview of the bundled corpus. Read by hand before it was accepted: the totals line is
/// `check`'s (see `corpus_totals_and_codes_equal_what_check_counts`); the 4,800 unfinished
/// English games with 0 plies are the two 2,400-position ballot files of checkerboard/ (a
/// start position each, no moves); the International row is the scan of
/// `international_results_and_years_match_a_scan_of_the_raw_text` plus the parser fixtures
/// (lidraughts' Antidraughts and Breakthrough files have rows of their own, 25 games each); the top code R310 counts tinsley.pdn's quiet moves written with `x`.
#[test]
fn corpus_overview_snapshot() {
    let out = pdn()
        .args(["stats", "--no-config", "--top", "5", "corpus"])
        .output()
        .unwrap();
    insta::assert_snapshot!(String::from_utf8(out.stdout).unwrap());
}

/// The ballots of tinsley.pdn counted from its text: each game's first three moves as written
/// (a move is a capture when its squares are two rows apart, whatever separator the file
/// used), looked up in the ACF list, against what `pdn stats` names from the replayed moves.
#[test]
fn tinsley_ballots_match_the_first_three_moves_read_from_the_text() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/checkerboard/tinsley.pdn");
    let text = fs::read_to_string(&path).unwrap();
    let mv = regex::Regex::new(r"\b(\d{1,2})[-x](\d{1,2})\b").unwrap();
    // Games not replayed (G513: none in this file, whose games are read as English, the one
    // with moves missing from the record included) have no moves played.
    let out = pdn()
        .args(["check", "--format", "json", "--no-config"])
        .arg(&path)
        .output()
        .unwrap();
    let unreplayed: Vec<u64> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["code"] == "G513")
        .map(|v| v["game"].as_u64().unwrap())
        .collect();
    assert!(unreplayed.is_empty(), "{unreplayed:?}");
    let mut expected: BTreeMap<String, u64> = BTreeMap::new();
    for (i, game) in text.split("[Event").skip(1).enumerate() {
        if game.contains("[FEN") || unreplayed.contains(&(i as u64 + 1)) {
            continue;
        }
        let body = game.split_once("\n1.").map_or("", |(_, b)| b);
        let first: Vec<String> = mv
            .captures_iter(body)
            .take(3)
            .map(|c| {
                let (a, b): (u32, u32) = (c[1].parse().unwrap(), c[2].parse().unwrap());
                let capture = ((a - 1) / 4).abs_diff((b - 1) / 4) == 2;
                format!("{a}{}{b}", if capture { 'x' } else { '-' })
            })
            .collect();
        if let Some(b) = pdnkit::ballots::ballot(&first.join(" ")) {
            *expected.entry(b.label()).or_default() += 1;
        }
    }
    let s = stats_json(&[], &[&path]);
    let got: BTreeMap<String, u64> = s["ballots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["key"].as_str().unwrap().to_string(),
                e["value"].as_u64().unwrap(),
            )
        })
        .collect();
    assert!(got.values().sum::<u64>() > 500, "{got:?}");
    assert_eq!(got, expected);
}

/// Openings are named by the moves played: a capture written with `-` or `x`, and the same
/// game written in full, give one key.
#[test]
fn openings_are_named_by_the_moves_played_not_as_written() {
    let tree = TempTree::new("stats-opening-key");
    let a = tree.file(
        "a.pdn",
        "[GameType \"21\"]\n1. 9-14 23-18 14x23 27x18 *\n\n[GameType \"21\"]\n1. 9-14 23-18 14-23 27-18 *\n",
    );
    let s = stats_json(&["--opening-plies", "3"], &[&a]);
    assert_eq!(s["openings"][0]["key"], "english: 9-14 23-18 14x23");
    assert_eq!(s["openings"][0]["value"], 2);
    assert_eq!(
        s["ballots"][0]["key"],
        "ACF 46 9-14 23-18 14x23 (Double Cross)"
    );
    assert_eq!(s["ballots"][0]["value"], 2);
}

/// `pdn stats` with each tally holding `held` bytes (`PDN_STATS_HELD`), or the default.
fn stats_out(held: Option<&str>, args: &[&str], paths: &[&Path]) -> Vec<u8> {
    let mut cmd = pdn();
    cmd.args(["stats", "--no-config"]).args(args).args(paths);
    if let Some(h) = held {
        cmd.env("PDN_STATS_HELD", h);
    }
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// With tallies that hold a few hundred bytes, players, events, sites and openings go to
/// temporary files every few keys and are merged back (a level up too): every table, list and
/// count comes out byte for byte as when everything is held, over the corpus and the fixtures,
/// one job per file and two.
#[test]
fn counts_written_to_temporary_files_come_out_as_held_ones() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (corpus, fixtures) = (root.join("corpus"), root.join("tests/fixtures"));
    for args in [
        &["--top", "0"][..],
        &["--format", "json", "--top", "0"],
        &["--format", "json", "--top", "7"],
        &["--by", "player", "--top", "0"],
        &["--by", "player", "--top", "25"],
        &["--by", "event", "--format", "csv", "--top", "0"],
        &["--by", "site", "--top", "0"],
        &["--by", "opening", "--opening-plies", "8", "--top", "0"],
    ] {
        for jobs in ["1", "2"] {
            let args = [args, &["--jobs", jobs]].concat();
            let paths = [corpus.as_path(), fixtures.as_path()];
            let held = stats_out(None, &args, &paths);
            let spilled = stats_out(Some("300"), &args, &paths);
            assert!(held.len() > 1000, "{args:?}");
            assert!(held == spilled, "{args:?}");
        }
    }
}

/// A name spelled in more ways than a player keeps: the most frequent spellings are listed,
/// the games of the others counted together, and every game is still the player's.
#[test]
fn a_player_keeps_the_most_frequent_spellings() {
    let t = TempTree::new("stats-spellings");
    let mut text = String::new();
    let game = |w: &str| {
        format!(
            "[GameType \"20\"]\n[White \"{w}\"]\n[Black \"Other\"]\n[Result \"1-0\"]\n1. 32-28 19-23 1-0\n\n"
        )
    };
    // "Jansen" with its letters' cases flipped one way for each of 40 numbers: spelling k is
    // played k times for k < 20, once for the others.
    let spellings: Vec<String> = (0..40u32)
        .map(|k| {
            "jansenjan"
                .chars()
                .enumerate()
                .map(|(i, c)| {
                    if (k + 1) >> i & 1 == 1 {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    }
                })
                .collect()
        })
        .collect();
    let mut games = 0;
    for (k, s) in spellings.iter().enumerate() {
        for _ in 0..if k < 20 { k.max(1) } else { 1 } {
            text.push_str(&game(s));
            games += 1;
        }
    }
    t.file("a.pdn", &text);
    for held in [None, Some("300")] {
        let out = stats_out(held, &["--format", "json", "--top", "0"], &[&t.0]);
        let s: Value = serde_json::from_slice(&out).unwrap();
        let p = &s["players"].as_array().unwrap()[0]["value"];
        assert_eq!(p["games"], games);
        assert_eq!(p["wins"], games);
        let forms = p["forms"].as_object().unwrap();
        assert_eq!(forms.len(), 16, "{held:?}");
        let listed: u64 = forms.values().map(|n| n.as_u64().unwrap()).sum();
        assert_eq!(listed + p["other_spellings"].as_u64().unwrap(), games);
        // The most frequent are kept: the spellings played 19 times.
        assert_eq!(forms[&spellings[19]], 19);
        assert_eq!(p["name"], spellings[19].as_str());
    }
    let table = stats_out(None, &["--by", "player"], &[&t.0]);
    let table = String::from_utf8(table).unwrap();
    assert!(table.contains("game(s) under other spellings"), "{table}");
}

/// Where no temporary file can be made, the counts stay in memory: the output is the same, and
/// a warning says why memory was not bounded.
#[test]
fn counts_stay_held_when_no_temporary_file_can_be_made() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let args = ["--format", "json", "--top", "0"];
    let held = stats_out(None, &args, &[&corpus]);
    let out = pdn()
        .args(["stats", "--no-config"])
        .args(args)
        .arg(&corpus)
        .env("PDN_STATS_HELD", "300")
        .env("TMPDIR", corpus.join("no such directory"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout == held);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with(
            "pdn stats: counts held in memory, as they could not go to a temporary file:"
        ),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// A forfeit before any game shows the file's variant is not replayed, and the one after the
/// 10x10 game is scored as International (White first: `0-2` is Black's win), not English.
#[test]
fn forfeits_without_moves_are_not_scored_as_english() {
    let s = stats_json(&[], &[Path::new("tests/fixtures/replay/forfeits.pdn")]);
    let v = s["variants"].as_object().unwrap();
    assert!(!v.contains_key("english"), "{v:?}");
    assert_eq!(v["international"]["games"], 2);
    assert_eq!(v["not replayed"]["games"], 1);
    let r = &v["international"]["results"];
    assert_eq!(
        (r["black_wins"].as_u64(), r["draws"].as_u64()),
        (Some(1), Some(1))
    );
    let players = s["players"].as_array().unwrap();
    let knight = &players.iter().find(|p| p["key"] == "knight,c").unwrap()["value"];
    assert_eq!(
        (knight["wins"].as_u64(), knight["losses"].as_u64()),
        (Some(0), Some(1))
    );
}
