//! `pdn check` over hostile files: each ends with an exit status of 0, 1 or 2 (never a crash)
//! and names what is wrong with the file.

use std::path::PathBuf;

use assert_cmd::Command;

// Of what the test files share, only the long games.
#[allow(dead_code)]
use crate::common;

/// Writes `bytes` to a file of the test's own and runs `pdn check --format short` over it;
/// returns the exit status and standard output.
fn check(name: &str, bytes: &[u8]) -> (i32, String) {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("hostile-{name}.pdn"));
    std::fs::write(&path, bytes).expect("the test directory is writable");
    let out = Command::cargo_bin("pdn")
        .expect("the pdn binary is built for tests")
        .args(["check", "--format", "short"])
        .arg(&path)
        .output()
        .expect("pdn runs");
    let code = out.status.code().expect("pdn exits, it is not killed");
    (code, String::from_utf8_lossy(&out.stdout).into_owned())
}

fn assert_reports(name: &str, bytes: &[u8], code: &str) {
    let (status, out) = check(name, bytes);
    assert!((0..=2).contains(&status), "{name}: exit {status}\n{out}");
    assert!(out.contains(code), "{name}: expected {code} in\n{out}");
}

#[test]
fn deep_nesting_is_skipped_with_s109() {
    let text = format!(
        "1. 32-28 {} 19-23 {} *\n",
        "(".repeat(5000),
        ")".repeat(5000)
    );
    assert_reports("nesting", text.as_bytes(), "[S109]");
}

#[test]
fn a_long_line_of_moves_is_read_to_its_end() {
    let mut text = String::from("[GameType \"20\"]\n[FEN \"W:WK46:BK5\"]\n\n");
    for _ in 0..5000 {
        text.push_str("1. 46-41 ");
    }
    text.push_str("*\n");
    assert_reports("long-line", text.as_bytes(), "[R");
}

#[test]
fn huge_numbers_are_reported_as_too_large() {
    let text = "1. 32-28 $123456789012345678901234567890 99999999999999999999. 19-23 *\n";
    let (status, out) = check("numbers", text.as_bytes());
    assert!((0..=2).contains(&status), "exit {status}");
    assert_eq!(out.matches("[S112]").count(), 2, "{out}");
}

#[test]
fn nul_bytes_make_the_file_binary() {
    assert_reports("nul", b"[Event \"x\"]\x00\x00\n1. 32-28 *\n", "[F002]");
}

#[test]
fn a_truncated_file_says_the_game_has_no_end() {
    assert_reports(
        "truncated",
        b"[Event \"x\"]\n\n1. 32-28 19-23 2. 2",
        "[N210]",
    );
}

#[test]
fn garbage_is_not_pdn() {
    // A fixed pseudo-random run of printable bytes (a linear congruential generator).
    let mut x = 12345u32;
    let bytes: Vec<u8> = (0..3000)
        .map(|_| {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            32 + ((x >> 16) % 95) as u8
        })
        .collect();
    let (status, out) = check("garbage", &bytes);
    assert!((0..=2).contains(&status), "exit {status}\n{out}");
    assert!(out.contains("error["), "garbage gives an error:\n{out}");
}

#[test]
fn a_closed_comment_over_a_megabyte_is_not_unclosed() {
    let text = format!("1. 32-28 {{{}}} 19-23 *\n", "x".repeat(1_200_000));
    let (status, out) = check("big-comment", text.as_bytes());
    assert!((0..=2).contains(&status), "exit {status}");
    assert!(
        !out.contains("[S101]"),
        "a closed comment reported as unclosed:\n{out}"
    );
}

#[test]
fn a_comment_longer_than_the_limit_is_said_to_be_so_with_the_limit() {
    let text = format!("1. 32-28 {{{}}} 19-23 *\n", "x".repeat(1_600_000));
    let (_, out) = check("long-comment", text.as_bytes());
    assert!(
        out.contains(
            "[S101]: this comment is longer than the longest comment read, 1.5 MiB (1572864 \
             bytes), with no `}` within it"
        ),
        "{out}"
    );
}

#[test]
fn a_game_with_thousands_of_diagnostics_keeps_a_thousand_and_counts_the_rest() {
    let mut text = String::from("[GameType \"20\"]\n[FEN \"W:WK46:BK5\"]\n\n");
    for i in 0..1200 {
        text.push_str(if i % 2 == 0 {
            "1. 46-41 5-10\n"
        } else {
            "1. 41-46 10-5\n"
        });
    }
    text.push_str("*\n");
    let (status, out) = check("many-diagnostics", text.as_bytes());
    assert!((0..=2).contains(&status), "exit {status}");
    let kept = out
        .lines()
        .filter(|l| (l.contains(": error[") || l.contains(": warning[")) && !l.contains("[F007]"))
        .count();
    assert_eq!(kept, 1000, "diagnostics kept");
    assert!(out.contains("[F007]: 201 more diagnostics"), "{out}");
    assert!(out.contains("1200 error(s)"), "every one counted:\n{out}");
}

/// A white king on 70 of the Canadian board below five full rows of black men: under the 1902
/// rules (pieces removed as they are taken) the king's capture sequences are too many to search.
fn lattice_game(moves: usize) -> String {
    let men: Vec<String> = [2u32, 4, 6, 8, 10]
        .iter()
        .flat_map(|row| (1..=6).map(move |col| ((row - 1) * 6 + col).to_string()))
        .collect();
    let mut text = String::new();
    for _ in 0..moves {
        text.push_str(&format!(
            "[GameType \"27\"]\n[FEN \"W:WK70:B{}\"]\n\n1. 70x64 *\n\n",
            men.join(",")
        ));
    }
    text
}

#[test]
fn a_capture_search_too_large_to_finish_is_reported_and_the_run_goes_on() {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("hostile-lattice.pdn");
    std::fs::write(&path, lattice_game(3)).expect("the test directory is writable");
    let run = |rules: &str| {
        let out = Command::cargo_bin("pdn")
            .expect("the pdn binary is built for tests")
            .args(["check", "--format", "short", "--rules", rules])
            .arg(&path)
            .output()
            .expect("pdn runs");
        (
            out.status.code().expect("pdn exits"),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    let (status, out) = run("polish-1902");
    assert_eq!(status, 0, "a limit is a warning, not an error:\n{out}");
    assert!(out.contains("[F008]"), "{out}");
    // One per game (the printer folds the repeats into one line with a count).
    assert!(out.contains("3 game(s): 0 error(s), 3 warning(s)"), "{out}");
    // Under the modern rules the same position is searched to the end: no limit is reached.
    let (_, out) = run("modern");
    assert!(!out.contains("F008"), "{out}");
}

#[test]
fn a_million_games_are_all_read_and_counted() {
    // Eleven bytes a game: the run's cost is per game, and nothing it keeps grows with their
    // number (the reader holds one game; the summary counts).
    let text = "1. 32-28 *\n".repeat(1_000_000);
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("hostile-million.pdn");
    std::fs::write(&path, text).expect("the test directory is writable");
    let out = Command::cargo_bin("pdn")
        .expect("the pdn binary is built for tests")
        .args(["check", "--syntax-only", "--format", "short"])
        .arg(&path)
        .output()
        .expect("pdn runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("1 file(s), 1000000 game(s): 0 error(s), 0 warning(s)"),
        "{stdout}"
    );
    // The same games as JSON: one line for the file and one for the summary, not a line a game.
    let out = Command::cargo_bin("pdn")
        .expect("the pdn binary is built for tests")
        .args(["check", "--syntax-only", "--format", "json"])
        .arg(&path)
        .output()
        .expect("pdn runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout.contains("\"games\":1000000"), "{stdout}");
}

/// A game whose first move has a variation of `pairs` move pairs, then a main-line move that
/// is not on a diagonal (R304); the variation left open when `closed` is false.
fn long_variation(pairs: usize, closed: bool) -> String {
    format!(
        "[GameType \"20\"]\n[FEN \"W:WK46:BK1\"]\n[Result \"*\"]\n1. 46-41 1-6 (1... 1-6 {}{}\n\
         2. 41-46 6-1 3. 46-24 *\n",
        common::shuttle(2, pairs, "\n"),
        if closed { ")" } else { "" }
    )
}

#[test]
fn a_variation_too_long_to_hold_is_let_go_and_the_main_line_checked_after_it() {
    // 40,000 move pairs: 120,000 elements, past the 65,536 a part holds while a variation is
    // open.
    let (status, out) = check("long-variation", long_variation(40_000, true).as_bytes());
    assert_eq!(status, 1, "{out}");
    assert_eq!(out.matches("[F010]").count(), 1, "{out}");
    // The main line after the variation is replayed: its wrong move is found where it is.
    let line = long_variation(40_000, true).lines().count();
    assert!(
        out.contains(&format!(":{line}:17: error[R304]")),
        "expected R304 on line {line}:\n{out}"
    );
    assert!(out.contains("1 error(s), 1 warning(s)"), "{out}");
    // A short variation gives the same error and no F010.
    let (_, short) = check("short-variation", long_variation(20, true).as_bytes());
    assert!(
        short.contains("error[R304]") && !short.contains("F010"),
        "{short}"
    );
    assert!(short.contains("1 error(s), 0 warning(s)"), "{short}");
}

#[test]
fn a_variation_never_closed_is_let_go_once_too_long() {
    let (status, out) = check(
        "unclosed-variation",
        long_variation(40_000, false).as_bytes(),
    );
    assert_eq!(status, 1, "{out}");
    assert!(out.contains(":4:14: error[S104]"), "{out}");
    assert_eq!(out.matches("[F010]").count(), 1, "{out}");
    assert!(out.contains("1 game(s)"), "{out}");
}
