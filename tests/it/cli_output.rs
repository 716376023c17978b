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
        (v(&["report", "-o", "-", &errors]), 0),
        (v(&["--help"]), 0),
        (v(&["--version"]), 0),
        (v(&["check", "--help"]), 0),
        (v(&["filter", "--version"]), 0),
        (v(&["help", "report"]), 0),
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

/// A scratch directory of its own, removed when the test is over.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("pdnkit-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Every command that writes a file with `-o`, with arguments that make it write.
fn writers() -> Vec<Vec<&'static str>> {
    vec![
        vec!["dedup"],
        vec!["filter", "--clean"],
        vec!["convert", "--canonical"],
        vec!["convert", "--notation", "algebraic"],
        vec!["convert", "--to", "json"],
        vec!["annotate"],
        vec!["fix"],
        vec!["report"],
    ]
}

/// An output that is one of the inputs (the same file however it is named: the same path, a
/// `./` spelling, a hard link, a symbolic link, or a file the walk of a directory named reads)
/// is refused before anything is read: a usage error that names the input, `--in-place` where
/// the command has it, and the file left as it was.
#[test]
fn an_output_that_is_an_input_is_refused_and_left_as_it_was() {
    let s = Scratch::new("output-input");
    let dir = &s.0;
    let source = std::fs::read(format!("{FIX}/clean.pdn")).unwrap();
    let file = dir.join("games.pdn");
    std::fs::write(&file, &source).unwrap();
    std::fs::hard_link(&file, dir.join("hard.pdn")).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink("games.pdn", dir.join("link.pdn")).unwrap();
    let sub = dir.join("sub");
    std::fs::create_dir(&sub).unwrap();
    std::fs::write(sub.join("inner.pdn"), &source).unwrap();
    // (output, input) as given on the command line, from inside the directory.
    let mut cases = vec![
        ("games.pdn", "games.pdn"),
        ("./games.pdn", "games.pdn"),
        ("games.pdn", "./games.pdn"),
        ("hard.pdn", "games.pdn"),
        ("sub/inner.pdn", "sub"),
        ("sub/inner.pdn", "."),
    ];
    if cfg!(unix) {
        cases.push(("link.pdn", "games.pdn"));
        cases.push(("games.pdn", "link.pdn"));
    }
    for args in writers() {
        for (output, input) in &cases {
            let out = pdn()
                .current_dir(dir)
                .args(&args)
                .args(["--no-config", "-o", output, input])
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            let what = format!("{args:?} -o {output} {input}");
            assert_eq!(out.status.code(), Some(2), "{what}: {stderr}");
            assert!(
                stderr.contains("is an input") || stderr.contains("is the same file as the input"),
                "{what}: {stderr}"
            );
            assert_eq!(
                stderr.contains("--in-place"),
                args[0] == "fix",
                "{what}: {stderr}"
            );
            assert_eq!(std::fs::read(&file).unwrap(), source, "{what}");
            assert_eq!(
                std::fs::read(sub.join("inner.pdn")).unwrap(),
                source,
                "{what}"
            );
        }
    }
    // A file in a directory named that the walk does not read may be written.
    let out = pdn()
        .current_dir(dir)
        .args(["filter", "--no-config", "-o", "sub/notes.txt", "sub"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    // Nothing is left beside the files.
    let mut left: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    left.sort();
    let mut expected = vec!["games.pdn", "hard.pdn", "sub"];
    if cfg!(unix) {
        expected.push("link.pdn");
    }
    expected.sort();
    assert_eq!(left, expected);
}

/// `-o FILE` writes a temporary file beside FILE and puts it in FILE's place at the end: the
/// file replaced keeps its permissions, and a new file gets those of any file the user makes.
#[cfg(unix)]
#[test]
fn a_replaced_output_keeps_its_permissions_and_a_new_one_gets_the_usual_ones() {
    use std::os::unix::fs::PermissionsExt;
    let s = Scratch::new("output-mode");
    let dir = &s.0;
    let input = dir.join("games.pdn");
    std::fs::copy(format!("{FIX}/clean.pdn"), &input).unwrap();
    let old = dir.join("old.pdn");
    let made = dir.join("made.pdn");
    std::fs::write(&made, "").unwrap();
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    for args in writers() {
        std::fs::write(&old, "old").unwrap();
        std::fs::set_permissions(&old, std::fs::Permissions::from_mode(0o640)).unwrap();
        let new = dir.join("new.pdn");
        for output in [&old, &new] {
            let status = pdn()
                .args(&args)
                .arg("--no-config")
                .arg("-o")
                .arg(output)
                .arg(&input)
                .output()
                .unwrap()
                .status;
            assert!(status.code().is_some_and(|c| c <= 1), "{args:?}: {status}");
        }
        assert_ne!(std::fs::read(&old).unwrap(), b"old", "{args:?}");
        assert_eq!(mode(&old), 0o640, "{args:?}");
        assert_eq!(mode(&new), mode(&made), "{args:?}");
        std::fs::remove_file(&new).unwrap();
    }
    let mut left: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    left.sort();
    assert_eq!(left, ["games.pdn", "made.pdn", "old.pdn"]);
}

/// A write never replaces a device, a FIFO or a symbolic link: `-o /dev/null` and
/// `-o /dev/stdout` write to them, `-o LINK` replaces the file the link names (the link
/// stays), and a link to nothing is refused.
#[cfg(unix)]
#[test]
fn devices_are_written_where_they_are_and_links_where_they_lead() {
    use std::os::unix::fs::FileTypeExt;
    let s = Scratch::new("output-special");
    let dir = &s.0;
    let input = dir.join("games.pdn");
    std::fs::copy(format!("{FIX}/clean.pdn"), &input).unwrap();
    let mut writers = writers();
    writers.push(vec!["gen", "--variant", "english", "-n", "2"]);
    for args in writers {
        let generated = args[0] == "gen";
        let run = |output: &str| {
            let mut c = pdn();
            c.current_dir(dir).args(&args).args(["-o", output]);
            if !generated {
                c.args(["--no-config", "games.pdn"]);
            }
            c.output().unwrap()
        };
        let out = run("/dev/null");
        assert!(
            out.status.code().is_some_and(|c| c <= 1),
            "{args:?}: {out:?}"
        );
        assert!(
            std::fs::metadata("/dev/null")
                .unwrap()
                .file_type()
                .is_char_device()
        );
        let out = run("/dev/stdout");
        assert!(
            out.status.code().is_some_and(|c| c <= 1),
            "{args:?}: {out:?}"
        );
        assert!(
            !out.stdout.is_empty(),
            "{args:?}: nothing on standard output"
        );

        std::fs::write(dir.join("target.out"), "old").unwrap();
        let _ = std::fs::remove_file(dir.join("link.out"));
        std::os::unix::fs::symlink("target.out", dir.join("link.out")).unwrap();
        let out = run("link.out");
        assert!(
            out.status.code().is_some_and(|c| c <= 1),
            "{args:?}: {out:?}"
        );
        let link = std::fs::symlink_metadata(dir.join("link.out")).unwrap();
        assert!(
            link.file_type().is_symlink(),
            "{args:?}: the link was replaced"
        );
        assert_ne!(
            std::fs::read(dir.join("target.out")).unwrap(),
            b"old",
            "{args:?}"
        );

        let _ = std::fs::remove_file(dir.join("dangling.out"));
        std::os::unix::fs::symlink("nowhere.out", dir.join("dangling.out")).unwrap();
        let out = run("dangling.out");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("symbolic link to nowhere.out, which does not exist"),
            "{args:?}: {stderr}"
        );
        assert!(!dir.join("nowhere.out").exists(), "{args:?}");
    }
}
