//! `pdn dedup`: copies found by their main line across files, the first in path order kept,
//! `--same-tags`, and the collection written without the copies.

use crate::common;

use common::TempTree;
use std::process::Command;

fn pdn() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin("pdn"))
}

const X: &str = "[GameType \"20\"]\n[Event \"A\"]\n1. 32-28 19-23 2. 28x19 14x23 *";
/// The same moves as X, written another way (no space after the move numbers, other line
/// breaks), with another Event.
const X_AGAIN: &str = "[GameType \"20\"]\n[Event \"B\"]\n1.32-28 19-23\n2.28x19  14x23 *";
const Y: &str = "[GameType \"20\"]\n[Event \"A\"]\n1. 33-28 18-23 *";

fn tree(name: &str) -> TempTree {
    let t = TempTree::new(&format!("dedup-{name}"));
    t.file("a.pdn", &format!("{X}\n\n{Y}\n\n"));
    t.file("b.pdn", &format!("{Y}\n\n{X_AGAIN}\n\n"));
    t
}

fn run(t: &TempTree, args: &[&str]) -> (Option<i32>, String) {
    let out = pdn()
        .args(["dedup", "--no-config"])
        .args(args)
        .arg(&t.0)
        .output()
        .unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn same_moves_are_copies_and_the_first_in_path_order_is_kept() {
    let t = tree("moves");
    let (code, text) = run(&t, &[]);
    assert_eq!(code, Some(1));
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("kept  ") && lines[0].ends_with("a.pdn:1: game 1"),
        "{text}"
    );
    assert!(
        lines[1].starts_with("copy  ") && lines[1].ends_with("b.pdn:5: game 2"),
        "{text}"
    );
    assert!(lines[2].ends_with("a.pdn:5: game 2"), "{text}");
    assert!(lines[3].ends_with("b.pdn:1: game 1"), "{text}");
    assert_eq!(lines[4], "4 game(s): 2 copies of 2 game(s)");
}

#[test]
fn same_tags_also_compares_the_named_tags() {
    let t = tree("tags");
    let (_, text) = run(&t, &["--same-tags", "Event"]);
    // X and X_AGAIN differ in Event; the two Ys are still copies.
    assert!(text.ends_with("4 game(s): 1 copy of 1 game(s)\n"), "{text}");
}

#[test]
fn different_games_are_no_copies() {
    let t = TempTree::new("dedup-none");
    t.file("a.pdn", &format!("{X}\n\n{Y}\n\n"));
    let (code, text) = run(&t, &[]);
    assert_eq!(code, Some(0));
    assert_eq!(text, "2 game(s): 0 copies of 0 game(s)\n");
}

/// Games with no moves (forfeits, records whose moves were never entered) are told apart by
/// their tags and result: two forfeits between the same players are not copies, and a record
/// given twice is.
#[test]
fn games_without_moves_are_copies_only_with_the_same_tags() {
    let forfeit = |event: &str, white: &str, black: &str, result: &str| {
        format!(
            "[Event \"{event}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n*\n\n"
        )
    };
    let t = TempTree::new("dedup-empty");
    t.file(
        "a.pdn",
        &[
            forfeit("Wch blind", "Wiersma", "Samb", "0-2"),
            forfeit("Wch rapid", "Samb", "Wiersma", "2-0"),
            forfeit("Wch blind", "Wiersma", "Samb", "0-2"),
        ]
        .concat(),
    );
    let (code, text) = run(&t, &[]);
    assert_eq!(code, Some(1));
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].ends_with("a.pdn:1: game 1"), "{text}");
    assert!(
        lines[1].starts_with("copy  ") && lines[1].ends_with("game 3"),
        "{text}"
    );
    assert_eq!(lines[2], "3 game(s): 1 copy of 1 game(s)", "{text}");
}

#[test]
fn output_is_the_collection_without_copies_in_original_bytes() {
    let t = tree("write");
    let (_, text) = run(&t, &["-o", "-"]);
    assert_eq!(text, format!("{X}\n\n{Y}\n\n"));
}

#[test]
fn copies_sorted_in_runs_of_a_few_come_out_as_in_one() {
    // Many copies of three games over three files, their copies sorted in runs of three (as
    // a collection of millions is, in runs of half a million) and merged.
    let t = TempTree::new("dedup-runs");
    for (k, name) in ["a.pdn", "b.pdn", "c.pdn"].iter().enumerate() {
        let games: Vec<&str> = (0..20).map(|i| [X, Y, X_AGAIN][(i + k) % 3]).collect();
        t.file(name, &(games.join("\n\n") + "\n"));
    }
    let whole = |runs: Option<&str>, args: &[&str]| {
        let mut cmd = pdn();
        if let Some(n) = runs {
            cmd.env("PDN_DEDUP_RUN", n);
        }
        let out = cmd
            .args(["dedup", "--no-config"])
            .args(args)
            .arg(&t.0)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let one = whole(None, &[]);
    assert_eq!(one.0, Some(1));
    assert!(
        one.1.ends_with("60 game(s): 58 copies of 2 game(s)\n"),
        "{}",
        one.1
    );
    assert_eq!(whole(Some("3"), &[]), one);
    let tagged = whole(None, &["--same-tags", "Event"]);
    assert_eq!(whole(Some("3"), &["--same-tags", "Event"]), tagged);
    let elsewhere = TempTree::new("dedup-runs-out");
    let out = elsewhere.0.join("unique.pdn");
    let o = out.to_str().unwrap();
    let written = whole(None, &["-o", o]);
    let unique = std::fs::read(&out).unwrap();
    assert_eq!(whole(Some("3"), &["-o", o]), written);
    assert_eq!(std::fs::read(&out).unwrap(), unique);
}

/// After the reader closes the pipe (`pdn dedup -o - big.pdn | head`), the count line says how
/// many games reached it, not that every game was written; on a full device, that none was,
/// and the run fails.
#[test]
fn the_count_says_what_reached_the_output_before_it_closed_or_failed() {
    let t = TempTree::new("dedup-closed");
    let path = t.0.join("many.pdn");
    let made = pdn()
        .args(["gen", "--variant", "international", "-n", "3000", "-o"])
        .arg(&path)
        .status()
        .unwrap();
    assert!(made.success());
    let mut child = pdn()
        .args(["dedup", "--no-config", "-o", "-"])
        .arg(&path)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.code().is_some_and(|c| c <= 1), "{stderr}");
    assert!(
        stderr.contains(" game(s) written before the output closed"),
        "{stderr}"
    );
    let out = pdn()
        .args(["dedup", "--no-config", "-o", "/dev/full"])
        .arg(&path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("pdn dedup: 0 game(s) written before the output failed"),
        "{stderr}"
    );
}

/// A file named twice is two entries with one name: the second's games are copies of the
/// first's, and the collection written holds each game once.
#[test]
fn a_file_named_twice_is_written_once() {
    let t = tree("twice");
    let a = t.0.join("a.pdn");
    let out_path = t.0.join("out.pdn");
    let out = pdn()
        .args(["dedup", "--no-config", "-o"])
        .arg(&out_path)
        .arg(&a)
        .arg(&a)
        .output()
        .unwrap();
    assert!(
        out.status.success() || out.status.code() == Some(1),
        "{out:?}"
    );
    let written = std::fs::read_to_string(&out_path).unwrap();
    let input = std::fs::read_to_string(&a).unwrap();
    assert_eq!(written.matches("[Event").count(), 2, "{written}");
    assert_eq!(written.trim_end(), input.trim_end());
}
