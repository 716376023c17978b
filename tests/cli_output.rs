//! Output that tells the truth: a full device fails the run with a message, a closed pipe ends
//! it quietly with the exit status the work so far earned, and no command panics on either.

use std::fs::File;
use std::process::{Command, Stdio};

const FIX: &str = "tests/fixtures/cli";

fn pdn() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin("pdn"))
}

/// Every command, with arguments that produce output, and the status it earns.
fn commands() -> Vec<(Vec<String>, i32)> {
    let errors = format!("{FIX}/errors.pdn");
    let clean = format!("{FIX}/clean.pdn");
    let v = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    vec![
        (v(&["check", &errors]), 1),
        (v(&["check", "--format", "short", &errors]), 1),
        (v(&["check", "--format", "json", &errors]), 1),
        (v(&["check", &clean]), 0),
        (v(&["parse", &errors]), 0),
        (v(&["parse", "--format", "pdn", &errors]), 0),
        (
            v(&["perft", "--variant", "english", "-d", "6", "--divide"]),
            0,
        ),
        (v(&["moves", "--variant", "international"]), 0),
        (
            v(&["moves", "--variant", "international", "--format", "json"]),
            0,
        ),
        (v(&["board", "--variant", "english"]), 0),
        (v(&["explain"]), 0),
        (v(&["explain", "R305"]), 0),
        (v(&["completions", "bash"]), 0),
        (v(&["man"]), 0),
    ]
}

#[test]
fn a_full_device_fails_every_command_with_one_message() {
    for (args, _) in commands() {
        let full = File::create("/dev/full").expect("/dev/full exists on Linux");
        let out = pdn()
            .args(&args)
            .stdout(Stdio::from(full))
            .output()
            .expect("pdn runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("pdn: cannot write output: No space left on device"),
            "{args:?}: {stderr}"
        );
        assert_eq!(
            stderr.matches("cannot write output").count(),
            1,
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn a_closed_pipe_ends_quietly_with_the_status_earned() {
    for (args, earned) in commands() {
        let mut child = pdn()
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("pdn runs");
        // Close the reading end at once, as `head` does once it has its lines.
        drop(child.stdout.take());
        let out = child.wait_with_output().expect("pdn ends");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(earned), "{args:?}: {stderr}");
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
    }
}

#[test]
fn perft_divide_into_head_prints_one_line_and_succeeds() {
    let mut child = pdn()
        .args(["perft", "--variant", "english", "-d", "9", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pdn runs");
    let mut stdout = child.stdout.take().expect("piped");
    let mut first = [0u8; 8];
    std::io::Read::read_exact(&mut stdout, &mut first).expect("a first line");
    drop(stdout);
    let out = child.wait_with_output().expect("pdn ends");
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
