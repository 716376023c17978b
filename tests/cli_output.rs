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

/// `-o FILE` writes a temporary file beside FILE and puts it in FILE's place at the end: a
/// command whose output is one of its inputs reads that input whole first (before, `dedup`
/// and `filter` emptied it before reading it), the file replaced keeps its permissions, and a
/// new file gets those of any file the user makes.
#[test]
fn an_output_named_as_an_input_replaces_it_once_the_input_is_read() {
    let dir = std::env::temp_dir().join(format!("pdnkit-output-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let source = std::fs::read_to_string(format!("{FIX}/clean.pdn")).unwrap();
    let games = |path: &std::path::Path| {
        let out = pdn()
            .args(["check", "--no-config", "--format", "json"])
            .arg(path)
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let summary: serde_json::Value =
            serde_json::from_str(text.lines().last().unwrap()).unwrap();
        summary["games"].as_u64().unwrap()
    };
    let file = dir.join("games.pdn");
    std::fs::write(&file, &source).unwrap();
    let expected = games(&file);
    assert!(expected > 0);
    for args in [
        vec!["dedup"],
        vec!["filter", "--clean"],
        vec!["convert", "--canonical"],
        vec!["convert", "--notation", "algebraic"],
    ] {
        std::fs::write(&file, &source).unwrap();
        #[cfg(unix)]
        std::fs::set_permissions(&file, std::os::unix::fs::PermissionsExt::from_mode(0o640))
            .unwrap();
        let status = pdn()
            .args(&args)
            .arg("--no-config")
            .arg("-o")
            .arg(&file)
            .arg(&file)
            .status()
            .unwrap();
        assert!(status.code().is_some_and(|c| c <= 1), "{args:?}: {status}");
        assert_eq!(games(&file), expected, "{args:?}");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&file).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o640, "{args:?}");
            let new = dir.join("new.pdn");
            let made = dir.join("made.pdn");
            std::fs::write(&made, "").unwrap();
            let status = pdn()
                .args(&args)
                .arg("--no-config")
                .arg("-o")
                .arg(&new)
                .arg(&file)
                .status()
                .unwrap();
            assert!(status.code().is_some_and(|c| c <= 1), "{args:?}: {status}");
            let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode();
            assert_eq!(mode(&new), mode(&made), "{args:?}");
            std::fs::remove_file(&new).unwrap();
        }
    }
    // Nothing is left beside the output.
    let mut left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    left.sort();
    assert!(left.len() <= 2, "{left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
