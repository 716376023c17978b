//! Per-code control (`--allow`, `--warn`, `--deny`), `--max-diagnostics`, repeated warnings
//! shown once, and pdn.toml with the command line over it.

use std::fs;
use std::path::PathBuf;
use std::process::Command;

fn pdn() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin("pdn"))
}

const TINSLEY: &str = "corpus/checkerboard/tinsley.pdn";
const ERRORS: &str = "tests/fixtures/cli/errors.pdn";
const WARNINGS: &str = "tests/fixtures/cli/warnings.pdn";

fn abs(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// Runs pdn in `dir` (no pdn.toml above it unless the test writes one) and returns the exit
/// status and standard output.
fn run_in(dir: &std::path::Path, args: &[&str]) -> (i32, String) {
    let out = pdn().current_dir(dir).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
    )
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("pdnkit-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

fn count(out: &str, needle: &str) -> usize {
    out.matches(needle).count()
}

#[test]
fn allow_drops_a_code_and_a_kind_from_output_and_counts() {
    let dir = temp_dir("allow");
    let t = abs(TINSLEY);
    let t = t.to_str().unwrap();
    let (_, all) = run_in(&dir, &["check", "--format", "json", t]);
    assert!(count(&all, "\"R310\"") > 700);
    for setting in ["R310", "separator", "capture-separator-on-quiet-move"] {
        let (code, out) = run_in(&dir, &["check", "--format", "json", "--allow", setting, t]);
        assert_eq!(code, 1, "the errors stay");
        assert_eq!(count(&out, "\"R310\""), 0, "{setting}");
        // What stays is the file's variant guess (G506): every warning but the separators.
        // (The game with moves missing is an error under the file's variant.)
        let summary = out.lines().last().unwrap();
        assert!(summary.contains("\"warnings\":1"), "{setting}: {summary}");
        assert_eq!(count(&out, "\"G506\""), 1, "{setting}");
        assert_eq!(count(&out, "\"G513\""), 0, "{setting}");
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn deny_and_warn_change_severity_and_the_exit_status() {
    let dir = temp_dir("deny");
    let w = abs(WARNINGS);
    let e = abs(ERRORS);
    let (w, e) = (w.to_str().unwrap(), e.to_str().unwrap());
    assert_eq!(run_in(&dir, &["check", w]).0, 0);
    let (code, out) = run_in(
        &dir,
        &["check", "--format", "short", "--deny", "warnings", w],
    );
    assert_eq!(code, 1);
    assert!(out.contains("error["), "{out}");
    // Errors made warnings pass.
    let (code, out) = run_in(
        &dir,
        &[
            "check",
            "--format",
            "short",
            "-W",
            "illegal-move",
            "-W",
            "R305",
            e,
        ],
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("warning[R303]") && out.contains("warning[R305]"),
        "{out}"
    );
    // A code's setting beats `warnings`, whatever the order.
    let (code, _) = run_in(
        &dir,
        &["check", "-A", "R305", "-D", "warnings", "-W", "R303", e],
    );
    assert_eq!(code, 0);
    // Of two settings of the same reach, the last wins.
    assert_eq!(
        run_in(
            &dir,
            &["check", "-W", "R303", "-D", "R303", "-A", "R305", e]
        )
        .0,
        1
    );
    assert_eq!(
        run_in(
            &dir,
            &["check", "-D", "R303", "-W", "R303", "-A", "R305", e]
        )
        .0,
        0
    );
    // An unknown code is a usage error.
    assert_eq!(run_in(&dir, &["check", "--allow", "R999", e]).0, 2);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_warning_repeated_through_a_file_is_shown_once_with_a_count() {
    let dir = temp_dir("repeat");
    let t = abs(TINSLEY);
    let (_, out) = run_in(&dir, &["check", "--format", "short", t.to_str().unwrap()]);
    assert_eq!(count(&out, "warning[R310]"), 2, "{out}");
    assert!(
        out.contains(":17:41: warning[R310]: ... and 713 more like it in this file, from here on (\"10x14 takes nothing but is written with a capture separator\")"),
        "{out}"
    );
    // Errors are never folded: the three of the file are all there.
    assert_eq!(count(&out, ": error["), 3, "{out}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn max_diagnostics_limits_each_file_and_says_how_many_are_left() {
    let dir = temp_dir("max");
    let e = abs(ERRORS);
    let (code, out) = run_in(
        &dir,
        &[
            "check",
            "--format",
            "short",
            "--max-diagnostics",
            "1",
            e.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 1);
    assert_eq!(count(&out, ": error["), 1, "{out}");
    assert!(
        out.contains("... and 1 more diagnostic(s) in this file, over --max-diagnostics"),
        "{out}"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn pdn_toml_is_found_upwards_and_the_command_line_overrides_it() {
    let root = temp_dir("config");
    let sub = root.join("a/b");
    fs::create_dir_all(&sub).unwrap();
    fs::write(
        root.join("pdn.toml"),
        "allow = [\"R303\", \"R305\"]\nrules = \"huffing\"\n",
    )
    .unwrap();
    let e = abs(ERRORS);
    let e = e.to_str().unwrap();
    // Found two directories up: both errors allowed.
    assert_eq!(run_in(&sub, &["check", e]).0, 0);
    // The command line's setting of the same reach comes after the file's and wins.
    assert_eq!(run_in(&sub, &["check", "--deny", "R303", e]).0, 1);
    // --rules on the command line beats the file's.
    let (_, out) = run_in(
        &sub,
        &[
            "check", "--format", "short", "--rules", "modern", "-W", "R303", "-W", "R305", e,
        ],
    );
    assert!(!out.contains("H401"), "{out}");
    // --no-config ignores it; --config names another.
    assert_eq!(run_in(&sub, &["check", "--no-config", e]).0, 1);
    let other = root.join("other.toml");
    fs::write(&other, "deny = [\"warnings\"]\n").unwrap();
    let w = abs(WARNINGS);
    assert_eq!(
        run_in(
            &sub,
            &[
                "check",
                "--config",
                other.to_str().unwrap(),
                w.to_str().unwrap()
            ]
        )
        .0,
        1
    );
    // A setting the file cannot hold is refused with the file's name.
    fs::write(root.join("pdn.toml"), "colour = \"never\"\n").unwrap();
    let out = pdn().current_dir(&sub).args(["check", e]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("pdn.toml"));
    let _ = fs::remove_dir_all(&root);
}

#[test]
fn a_bad_setting_in_pdn_toml_is_named_with_its_file_line_and_column() {
    let root = temp_dir("config-place");
    let e = abs(ERRORS);
    let e = e.to_str().unwrap();
    let toml = root.join("pdn.toml");
    for (text, said) in [
        (
            "# levels\nallow = [\"R310\",\n  \"ZZZ999\"]\n",
            "pdn.toml:3:3: allow: `ZZZ999` is neither a diagnostic code",
        ),
        ("deny = [\"nonsense\"]\n", "pdn.toml:1:9: deny: `nonsense`"),
        ("\nrules = \"soft\"\n", "pdn.toml:2:9: rules: `soft` is not"),
        ("variant = \"nowhere\"\n", "pdn.toml:1:11: variant: "),
        (
            "encoding = \"ebcdic\"\n",
            "pdn.toml:1:12: encoding: unknown encoding",
        ),
    ] {
        fs::write(&toml, text).unwrap();
        let out = pdn()
            .current_dir(&root)
            .args(["check", e])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{text}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(&format!("{}", root.join(said).display())),
            "{text}: {stderr}"
        );
    }
    let _ = fs::remove_dir_all(&root);
}
