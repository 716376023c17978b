//! Flags mean the same in every subcommand, and the documented spellings are accepted.

use assert_cmd::Command;
use predicates::prelude::*;

fn pdn() -> Command {
    Command::cargo_bin("pdn").expect("the pdn binary is built for tests")
}

#[test]
fn dash_v_is_verbose_in_check_and_never_a_variant() {
    // Info diagnostics (the decoding of a Windows-1252 file) show with -v only.
    let latin1 = "tests/fixtures/cli/latin1.pdn";
    pdn()
        .args(["check", "--format", "short", latin1])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("info[F003]").not());
    pdn()
        .args(["check", "--format", "short", "-v", latin1])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("info[F003]"));
    for command in ["perft", "moves", "board"] {
        pdn()
            .args([command, "-v", "english", "-d", "1"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("unexpected argument '-v'"));
    }
    pdn()
        .args(["moves", "--variant", "english"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("9-13"));
}

#[test]
fn rules_polish_1902_is_spelled_as_documented_and_the_old_spelling_still_works() {
    for spelling in ["polish-1902", "polish1902"] {
        pdn()
            .args(["check", "--rules", spelling, "tests/fixtures/cli/clean.pdn"])
            .assert()
            .code(0);
    }
}

#[test]
fn completions_and_the_man_page_are_generated_from_the_arguments() {
    for (shell, marker) in [
        ("bash", "_pdn()"),
        ("zsh", "#compdef pdn"),
        ("fish", "complete -c pdn"),
    ] {
        pdn()
            .args(["completions", shell])
            .assert()
            .code(0)
            .stdout(predicate::str::contains(marker))
            .stdout(predicate::str::contains("max-diagnostics"));
    }
    pdn()
        .arg("man")
        .assert()
        .code(0)
        .stdout(predicate::str::contains(".TH pdn 1"))
        .stdout(predicate::str::contains("Exit status"));
}

#[test]
fn every_subcommand_the_man_page_names_has_a_page_of_its_own() {
    let top = pdn().arg("man").output().expect("runs");
    let top = String::from_utf8_lossy(&top.stdout).into_owned();
    // The pages the top page promises: `pdn\-check(1)`, ...
    let promised: Vec<String> = top
        .lines()
        .filter_map(|l| l.strip_prefix("pdn\\-")?.strip_suffix("(1)"))
        .map(|s| s.replace("\\-", "-"))
        .collect();
    assert!(promised.len() > 10, "{top}");
    assert!(!promised.contains(&"help".to_string()), "{promised:?}");
    let dir = std::env::temp_dir().join(format!("pdn-man-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    pdn()
        .args(["man", "--dir"])
        .arg(&dir)
        .assert()
        .code(0)
        .stdout("");
    let mut written: Vec<String> = std::fs::read_dir(&dir)
        .expect("the directory is made")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    let mut expected: Vec<String> = promised.iter().map(|s| format!("pdn-{s}.1")).collect();
    expected.push("pdn.1".to_string());
    expected.sort();
    assert_eq!(written, expected);
    let check = std::fs::read_to_string(dir.join("pdn-check.1")).expect("page");
    assert!(check.contains(".TH pdn-check 1"), "{check}");
    assert!(check.contains("max\\-diagnostics"), "{check}");
    std::fs::remove_dir_all(&dir).expect("cleaned");
    pdn()
        .args(["man", "check"])
        .assert()
        .code(0)
        .stdout(predicate::eq(check.as_str()));
    pdn()
        .args(["man", "nonesuch"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no subcommand `nonesuch`"));
}

#[test]
fn moves_and_board_take_the_start_position_without_fen() {
    pdn()
        .args(["board", "--variant", "english"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("black to move"));
    for command in ["moves", "board"] {
        pdn()
            .args([command, "--help"])
            .assert()
            .code(0)
            .stdout(predicate::str::contains("default: the start position"));
    }
}

#[test]
fn help_gives_examples_and_exit_codes() {
    for args in [&["--help"][..], &["check", "--help"][..]] {
        pdn()
            .args(args)
            .assert()
            .code(0)
            .stdout(predicate::str::contains("Examples:"))
            .stdout(predicate::str::contains("Exit status:"))
            .stdout(predicate::str::contains("1  errors found"));
    }
}

#[test]
fn the_rules_commands_name_every_variant_in_their_help() {
    let out = pdn()
        .args(["perft", "--help"])
        .output()
        .expect("pdn perft --help runs");
    let help = String::from_utf8_lossy(&out.stdout);
    for v in pdnkit::rules::Variant::ALL {
        assert!(help.contains(v.name()), "{v} missing from:\n{help}");
    }
}

/// Flags that contradict each other, or that would change nothing, are usage errors (exit 2)
/// with a message that names them, never silently ignored.
#[test]
fn conflicting_or_idle_flags_are_usage_errors() {
    let clean = "tests/fixtures/cli/clean.pdn";
    for (args, said) in [
        (&["check", "--quiet", "--verbose"][..], "--quiet"),
        (
            &["check", "--syntax-only", "--variant", "english"][..],
            "--syntax-only",
        ),
        (
            &["check", "--syntax-only", "--rules", "huffing"][..],
            "--syntax-only",
        ),
        (&["check", "-j", "0"][..], "0 threads"),
        (&["stats", "-j", "0"][..], "0 threads"),
        (&["check", "--format", "json", "-v"][..], "--verbose"),
        (
            &["check", "--format", "json", "--max-diagnostics", "3"][..],
            "--max-diagnostics",
        ),
        (
            &["check", "--quiet", "--max-diagnostics", "3"][..],
            "--max-diagnostics",
        ),
        (&["stats", "--format", "json", "--by", "player"][..], "--by"),
        (&["filter", "--any-line"][..], "--position"),
    ] {
        let out = pdn().args(args).arg(clean).output().expect("pdn runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(said), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    pdn().args(["check", "-j", "1", clean]).assert().code(0);
}
