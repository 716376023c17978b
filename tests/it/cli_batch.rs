//! The batch runner seen from the command line: which files a walk reads, what it counts
//! without reading, the order of output under any number of worker threads, and output that
//! streams game by game.

use crate::common;

use common::TempTree;
use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

fn pdn() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin("pdn"))
}

const GAME: &str = "[GameType \"21\"]\n1. 11-15 22-18 2. 15x22 *\n";
const BAD: &str = "[GameType \"21\"]\n1. 11-15 22-18 2. 12-16 *\n";

fn json_lines(args: &[&str], root: &Path) -> (Vec<Value>, i32) {
    let out = pdn().args(args).arg(root).output().expect("pdn runs");
    let lines = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    (lines, out.status.code().unwrap_or(-1))
}

fn file_records(lines: &[Value]) -> Vec<(String, String, String)> {
    lines
        .iter()
        .filter(|l| l["type"] == "file")
        .map(|l| {
            let name = l["file"].as_str().unwrap();
            let name = name
                .rsplit_once(std::path::MAIN_SEPARATOR)
                .map_or(name, |x| x.1);
            (
                name.to_string(),
                l["status"].as_str().unwrap().to_string(),
                l["reason"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

#[test]
fn the_walk_reads_pdn_and_pdn_like_text_and_counts_the_rest_by_reason() {
    let t = TempTree::new("walk");
    t.file("a.pdn", GAME);
    t.file("B.PDN", GAME);
    t.file("notes.txt", "Notes on the 1923 match: see game 4.\n");
    t.file("moves.txt", "1. 11-15 22-18 2. 15x22 *\n");
    t.file("readme.md", "# games\n");
    t.file(".git/x.pdn", BAD);
    t.file(".hidden.pdn", BAD);
    #[cfg(unix)]
    std::os::unix::fs::symlink(t.0.join("a.pdn"), t.0.join("link.pdn")).unwrap();
    let (lines, code) = json_lines(&["check", "--format", "json"], &t.0);
    assert_eq!(code, 0, "{lines:?}");
    let mut records = file_records(&lines);
    records.sort();
    let mut expected = vec![
        (".git", "skipped", "hidden"),
        (".hidden.pdn", "skipped", "hidden"),
        ("B.PDN", "read", ""),
        ("a.pdn", "read", ""),
        ("moves.txt", "read", ""),
        ("notes.txt", "skipped", "text-not-pdn"),
        ("readme.md", "skipped", "not-pdn"),
    ];
    #[cfg(unix)]
    expected.push(("link.pdn", "skipped", "symlink"));
    expected.sort();
    let expected: Vec<(String, String, String)> = expected
        .into_iter()
        .map(|(a, b, c)| (a.into(), b.into(), c.into()))
        .collect();
    assert_eq!(records, expected);
    let summary = lines.last().unwrap();
    assert_eq!(summary["type"], "summary");
    assert_eq!(summary["files"], 3);
    assert_eq!(summary["not_read"]["hidden"], 2);
    assert_eq!(summary["not_read"]["not-pdn"], 1);
    assert_eq!(summary["not_read"]["text-not-pdn"], 1);

    // Asked for, hidden files, links and text files are read.
    let (lines, code) = json_lines(
        &[
            "check", "--format", "json", "--hidden", "-L", "--glob", "*.txt",
        ],
        &t.0,
    );
    assert_eq!(code, 1, "the hidden games hold an error");
    let read: Vec<String> = file_records(&lines)
        .into_iter()
        .filter(|r| r.1 == "read")
        .map(|r| r.0)
        .collect();
    assert!(read.contains(&"x.pdn".to_string()), "{read:?}");
    assert!(read.contains(&"notes.txt".to_string()), "{read:?}");
    // Followed, the link leads to a file already read: it is read once.
    #[cfg(unix)]
    assert!(
        file_records(&lines).contains(&("link.pdn".into(), "skipped".into(), "again".into())),
        "{lines:?}"
    );
    #[cfg(unix)]
    {
        fs::write(t.0.join("elsewhere.dat"), GAME).unwrap();
        std::os::unix::fs::symlink(t.0.join("elsewhere.dat"), t.0.join("other.pdn")).unwrap();
        let (lines, _) = json_lines(&["check", "--format", "json", "-L"], &t.0);
        let records = file_records(&lines);
        assert!(
            records.contains(&("other.pdn".into(), "read".into(), "".into())),
            "a link to a file the walk does not read is read: {records:?}"
        );
    }
}

#[test]
fn a_file_met_twice_is_read_once() {
    let t = TempTree::new("twice");
    t.file("a.pdn", GAME);
    t.file("sub/b.pdn", BAD);
    let a = t.0.join("a.pdn");
    let sub = t.0.join("sub");
    let out = pdn()
        .args(["check", "--no-config", "--format", "json"])
        .arg(&a)
        .arg(&t.0)
        .arg(&sub)
        .arg(t.0.join("sub/../a.pdn"))
        .output()
        .expect("pdn runs");
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let records = file_records(&lines);
    assert_eq!(
        records,
        [
            ("a.pdn".into(), "read".into(), "".into()),
            ("a.pdn".into(), "skipped".into(), "again".into()),
            ("b.pdn".into(), "read".into(), "".into()),
            ("b.pdn".into(), "skipped".into(), "again".into()),
            ("a.pdn".into(), "skipped".into(), "again".into()),
        ],
        "{lines:?}"
    );
    let summary = lines.last().unwrap();
    assert_eq!(summary["files"], 2);
    assert_eq!(summary["games"], 2);
    assert_eq!(summary["not_read"]["again"], 3);
    // The table says so too.
    let out = pdn()
        .args(["check", "--no-config"])
        .arg(&a)
        .arg(&a)
        .output()
        .expect("pdn runs");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("1 file(s), 1 game(s)"), "{text}");
    assert!(text.contains("1 met again (read once)"), "{text}");
}

#[test]
fn the_table_counts_files_not_read_by_reason() {
    let t = TempTree::new("batch-table");
    t.file("a.pdn", GAME);
    t.file("notes.txt", "Notes\n");
    t.file("readme.md", "# games\n");
    let out = pdn().arg("check").arg(&t.0).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("2 other file(s) not read: 1 not named *.pdn, 1 *.txt not starting like PDN"),
        "{text}"
    );
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_loop_under_follow_is_counted_once_not_an_unreadable_file() {
    let t = TempTree::new("loop");
    t.file("sub/a.pdn", GAME);
    std::os::unix::fs::symlink("..", t.0.join("sub/up")).unwrap();
    let (lines, code) = json_lines(&["check", "--format", "json", "-L"], &t.0);
    assert_eq!(code, 0, "{lines:?}");
    let records = file_records(&lines);
    assert_eq!(
        records,
        [
            ("a.pdn".to_string(), "read".to_string(), String::new()),
            ("up".to_string(), "skipped".to_string(), "loop".to_string())
        ]
    );
    let summary = lines.last().expect("a summary");
    assert_eq!(summary["failed"], 0);
    assert_eq!(summary["not_read"]["loop"], 1);
    let out = pdn().args(["check", "-L"]).arg(&t.0).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(
            "1 other file(s) not read: 1 symbolic link(s) to a directory above them, a loop"
        ),
        "{text}"
    );
}

#[cfg(unix)]
#[test]
fn an_unreadable_file_is_reported_and_the_others_are_read() {
    use std::os::unix::fs::PermissionsExt;
    let t = TempTree::new("unreadable");
    t.file("a.pdn", GAME);
    // A link to nothing, followed: it cannot be read, whoever runs the test.
    std::os::unix::fs::symlink(t.0.join("gone.pdn"), t.0.join("b.pdn")).unwrap();
    t.file("c.pdn", GAME);
    let (lines, code) = json_lines(&["check", "--format", "json", "--follow"], &t.0);
    assert_eq!(code, 2);
    let records = file_records(&lines);
    assert_eq!(records[0], ("a.pdn".into(), "read".into(), "".into()));
    assert_eq!(records[1].0, "b.pdn");
    assert_eq!(records[1].1, "failed");
    assert!(records[1].2.contains("No such file"), "{records:?}");
    assert_eq!(records[2], ("c.pdn".into(), "read".into(), "".into()));
    // A file without read permission, where permissions apply (not to root).
    let locked = t.file("d.pdn", GAME);
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o000)).unwrap();
    if fs::read(&locked).is_err() {
        let (lines, code) = json_lines(&["check", "--format", "json"], &t.0);
        assert_eq!(code, 2);
        let d = file_records(&lines)
            .into_iter()
            .find(|r| r.0 == "d.pdn")
            .unwrap();
        assert_eq!(d.1, "failed");
        assert!(d.2.contains("Permission denied"), "{d:?}");
    }
}

#[test]
fn one_or_eight_worker_threads_give_the_same_bytes() {
    let run = |jobs: &str, format: &str| {
        let out = pdn()
            .args([
                "check", "--color", "never", "--format", format, "-j", jobs, "corpus",
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        out.stdout
    };
    for format in ["human", "short", "json"] {
        let one = run("1", format);
        assert!(one.len() > 10_000, "{format}");
        assert!(
            one == run("8", format),
            "{format} differs between -j 1 and -j 8"
        );
    }
}

#[test]
fn too_many_jobs_are_capped_with_a_warning() {
    let out = pdn()
        .args(["check", "-j", "100000", "tests/fixtures/cli/clean.pdn"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("-j 100000 is more than 4 per core; using"),
        "{stderr}"
    );
}

#[test]
fn json_of_a_missing_file_has_its_file_record_and_a_summary() {
    let (lines, code) = json_lines(&["check", "--format", "json"], Path::new("no/such.pdn"));
    assert_eq!(code, 2);
    let types: Vec<&str> = lines.iter().map(|l| l["type"].as_str().unwrap()).collect();
    assert_eq!(types, ["diagnostic", "file", "summary"]);
    assert_eq!(lines[0]["code"], "F001");
    assert_eq!(lines[1]["status"], "failed");
    assert_eq!(lines[2]["failed"], 1);
}

#[test]
fn json_of_an_empty_directory_is_a_summary() {
    let t = TempTree::new("batch-empty");
    let (lines, code) = json_lines(&["check", "--format", "json"], &t.0);
    assert_eq!(code, 2);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["type"], "summary");
    assert_eq!(lines[0]["files"], 0);
}

#[test]
fn the_first_diagnostic_comes_out_before_a_long_file_is_read() {
    // A file of many games whose first game holds an error: the reader closes the pipe after
    // the first line; the run must stop early, quietly, with the status earned.
    let t = TempTree::new("stream");
    let mut text = String::from(BAD);
    for _ in 0..200_000 {
        text.push_str(GAME);
    }
    let big = t.file("big.pdn", &text);
    let mut child = pdn()
        .args(["check", "--format", "short"])
        .arg(&big)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut line = Vec::new();
    let mut byte = [0u8; 1];
    while std::io::Read::read(&mut stdout, &mut byte).unwrap() == 1 && byte[0] != b'\n' {
        line.push(byte[0]);
    }
    let first = String::from_utf8(line).unwrap();
    assert!(first.contains("error[R305]"), "{first}");
    // The first line came while the file was still being checked.
    assert!(
        child.try_wait().unwrap().is_none(),
        "pdn had already finished"
    );
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(1));
}
