//! `pdn stats`, `filter`, `dedup` and `report` over a file whose middle game is too long to
//! hold as a tree (F009): the short games around it come out as they do alone, the long one
//! is counted, written as it was, kept without being compared, and its findings shown, each
//! command saying on standard error what it could not do with it.

use std::path::PathBuf;

use assert_cmd::Command;

// Of what the test files share, only the long games.
#[allow(dead_code)]
use crate::common;
use pdnkit::check::PART_ELEMENTS;

const SHORT_ONE: &str = "[Event \"short one\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\
                         1. 32-28 19-23 2. 28x19 14x23 1-0\n";
const SHORT_TWO: &str = "[Event \"short two\"]\n[White \"Cy\"]\n[Black \"Di\"]\n[Result \"0-1\"]\n\
                         1. 31-27 18-22 0-1\n";

/// A game of `pairs` move pairs (kings shuttling on an open board): more than
/// `PART_ELEMENTS` movetext elements when `pairs` is over a third of it.
fn long_game(pairs: usize) -> String {
    let mut s = String::from(
        "[Event \"long\"]\n[GameType \"20\"]\n[FEN \"W:WK46:BK1\"]\n[White \"Lw\"]\n\
         [Black \"Lb\"]\n[Result \"*\"]\n",
    );
    s.push_str(&common::shuttle(1, pairs, "\n"));
    s.push_str("*\n");
    s
}

/// A short game, a long one and a short one, a blank line between them.
fn three_games(pairs: usize) -> String {
    format!("{SHORT_ONE}\n{}\n{SHORT_TWO}", long_game(pairs))
}

/// The long game of `three_games` held in one part.
const PAIRS: usize = PART_ELEMENTS;

fn file(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("the test directory is writable");
    path
}

fn pdn(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let mut cmd = Command::cargo_bin("pdn").expect("the pdn binary is built for tests");
    cmd.args(args).arg("--no-config");
    if let Some(s) = stdin {
        cmd.write_stdin(s.to_string());
    }
    let out = cmd.output().expect("pdn runs");
    (
        out.status.code().expect("pdn exits"),
        String::from_utf8(out.stdout).expect("output is UTF-8"),
        String::from_utf8(out.stderr).expect("errors are UTF-8"),
    )
}

fn json(s: &str) -> serde_json::Value {
    serde_json::from_str(s).expect("JSON")
}

#[test]
fn stats_count_the_long_game_but_not_its_opening() {
    let path = file("parted-stats.pdn", &three_games(PAIRS));
    let p = path.to_str().unwrap();
    let (code, out, _) = pdn(
        &["stats", "--format", "json", "--opening-plies", "2", p],
        None,
    );
    assert_eq!(code, 0);
    let j = json(&out);
    assert_eq!(j["games"], 3);
    assert_eq!(j["openings_not_counted"], 1);
    assert_eq!(j["codes"]["F009"]["count"], 1);
    assert_eq!(j["lengths"]["games"], 3);
    assert_eq!(j["lengths"]["max"], 2 * PAIRS);
    let openings: Vec<&str> = j["openings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["key"].as_str().unwrap())
        .collect();
    assert_eq!(openings.len(), 2, "{openings:?}");
    let v = &j["variants"]["international"]["results"];
    assert_eq!(
        (v["white_wins"].as_u64(), v["black_wins"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(v["unfinished"], 1);
    let (_, table, _) = pdn(&["stats", p], None);
    assert!(
        table.contains(
            "1 game(s) too long to hold whole (F009): their openings and ballots are not counted"
        ),
        "{table}"
    );

    // Without the long game: the key is there, at 0, and the table says nothing of it.
    let short = file(
        "parted-stats-short.pdn",
        &format!("{SHORT_ONE}\n{SHORT_TWO}"),
    );
    let (_, out, _) = pdn(
        &["stats", "--format", "json", short.to_str().unwrap()],
        None,
    );
    assert_eq!(json(&out)["openings_not_counted"], 0);
    let (_, table, _) = pdn(&["stats", short.to_str().unwrap()], None);
    assert!(!table.contains("too long"), "{table}");
}

#[test]
fn filter_writes_the_long_game_as_it_was_and_says_what_it_cannot_judge() {
    for (name, pairs) in [
        ("parted-filter.pdn", PAIRS),
        ("released-filter.pdn", 260_000),
    ] {
        let text = three_games(pairs);
        let path = file(name, &text);
        let p = path.to_str().unwrap();
        // Every game, each as it is written, a blank line after each.
        let all = format!("{SHORT_ONE}\n{}\n{SHORT_TWO}\n", long_game(pairs));
        let (code, out, err) = pdn(&["filter", p], None);
        assert_eq!((code, out == all), (0, true), "{err}");
        assert!(err.contains("3 of 3 game(s) selected"), "{err}");
        // The same from standard input.
        let (code, out, err) = pdn(&["filter", "-"], Some(&text));
        assert_eq!((code, out == all), (0, true), "{err}");
        // Judged by its tags and result; written to a file.
        let to = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}.out"));
        let (code, _, err) = pdn(
            &[
                "filter",
                "--tag",
                "Event=long",
                "--result",
                "*",
                "-o",
                to.to_str().unwrap(),
                p,
            ],
            None,
        );
        assert_eq!(code, 0, "{err}");
        assert_eq!(
            std::fs::read_to_string(&to).unwrap(),
            format!("{}\n", long_game(pairs))
        );
        // The short games alone come out as they do from a file without the long one.
        let (_, out, _) = pdn(&["filter", "--tag", "Event~short", p], None);
        assert_eq!(out, format!("{SHORT_ONE}\n{SHORT_TWO}\n"));
        // A criterion on moves cannot judge it: not selected, either way, and said so.
        for invert in [false, true] {
            let mut args = vec!["filter", "--starts", "32-28 19-23"];
            if invert {
                args.push("--invert");
            }
            args.push(p);
            let (_, out, err) = pdn(&args, None);
            let expected = if invert { SHORT_TWO } else { SHORT_ONE };
            assert_eq!(out, format!("{expected}\n"));
            assert!(
                err.contains(&format!(
                    "{p}:7:1: warning: game 2 is not selected: it has more than {PART_ELEMENTS} movetext elements (F009): its moves are not held, so --starts cannot judge it"
                )),
                "{err}"
            );
            assert!(
                err.contains("1 of 3 game(s) selected, 1 could not be judged (not selected)"),
                "{err}"
            );
        }
        // Decided by what can be judged: its result rules it out.
        let (_, _, err) = pdn(&["filter", "--starts", "32-28", "--result", "1-0", p], None);
        assert!(!err.contains("could not be judged"), "{err}");
        // Listed.
        let (_, out, _) = pdn(&["filter", "--list", "--tag", "Event=long", p], None);
        assert_eq!(out, format!("{p}:7: game 2: Lw - Lb | long | ? | *\n"));
    }
}

#[test]
fn dedup_keeps_the_long_game_uncompared_and_reads_standard_input_twice() {
    let text = three_games(PAIRS);
    let path = file("parted-dedup.pdn", &text);
    let p = path.to_str().unwrap();
    let again = file("parted-dedup-again.pdn", &text);
    let q = again.to_str().unwrap();
    let (code, out, err) = pdn(&["dedup", p, q], None);
    assert_eq!(code, 1);
    assert!(
        out.ends_with("6 game(s): 2 copies of 2 game(s), 2 too long to compare (kept)\n"),
        "{out}"
    );
    for f in [p, q] {
        assert!(
            err.contains(&format!(
                "{f}:7:1: warning: game 2 is kept without being compared: it has more than {PART_ELEMENTS} movetext elements (F009): its moves are not held"
            )),
            "{err}"
        );
    }
    let (_, out, _) = pdn(&["dedup", "-o", "-", p, q], None);
    let long = long_game(PAIRS);
    assert!(out == format!("{SHORT_ONE}\n{long}\n{SHORT_TWO}\n{long}\n"));
    // From standard input, the games kept are read again from a copy of it.
    let (code, out, err) = pdn(&["dedup", "-o", "-", "-"], Some(&text));
    assert_eq!(code, 0, "{err}");
    assert!(out == format!("{SHORT_ONE}\n{long}\n{SHORT_TWO}\n"));
}

#[test]
fn report_shows_the_long_games_findings_with_their_lines() {
    for (name, pairs) in [
        ("parted-report.pdn", PAIRS),
        ("released-report.pdn", 260_000),
    ] {
        let path = file(name, &three_games(pairs));
        let (code, out, err) = pdn(&["report", "-o", "-", path.to_str().unwrap()], None);
        assert_eq!(code, 0, "{err}");
        let at = out
            .find("<span class=\"code\" title=\"io\">F009</span>")
            .expect("F009 is listed");
        let finding: String = out[at..].chars().take(600).collect();
        assert!(finding.contains("game 2"), "{finding}");
        assert!(finding.contains("<pre class=\"src\">"), "{finding}");
        assert!(finding.contains("<mark class=\"s\">"), "{finding}");
        assert!(finding.contains("46-41 1-6"), "{finding}");
    }
}
