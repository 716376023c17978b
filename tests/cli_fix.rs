//! `pdn fix`: the repairs that cannot change what a game means, spliced into the text; what
//! `check` says afterwards; where the output goes.

mod common;

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use common::TempTree;
use std::process::Command;

fn pdn() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin("pdn"))
}

/// Runs `pdn` with `args`; returns exit status, standard output and standard error.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = pdn()
        .args(args)
        .arg("--no-progress")
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The codes `check --format json` reports for `path`.
fn codes(path: &Path) -> Vec<String> {
    let (_, out, _) = run(&[
        "check",
        "--format",
        "json",
        path.to_str().expect("utf-8 path"),
    ]);
    out.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| v.get("code").and_then(|c| c.as_str()).map(str::to_string))
        .collect()
}

#[test]
fn fix_on_fixtures_with_errors_and_warnings() {
    let (status, diff, said) = run(&[
        "fix",
        "--dry-run",
        "tests/fixtures/cli/errors.pdn",
        "tests/fixtures/cli/warnings.pdn",
    ]);
    // A game with an error is left as it was: errors found, as `check` would say.
    assert_eq!(status, 1);
    insta::assert_snapshot!("fix_fixtures_diff", diff);
    insta::assert_snapshot!("fix_fixtures_said", said);
}

#[test]
fn fix_on_a_real_archive() {
    let (status, diff, said) = run(&[
        "fix",
        "--dry-run",
        "corpus/orac-draughts/DBASE0.PDN",
        "corpus/shashkispark/fork_inter_1.pdn",
    ]);
    assert_eq!(status, 0, "{said}");
    insta::assert_snapshot!("fix_corpus_diff", diff);
    insta::assert_snapshot!("fix_corpus_said", said);
}

#[test]
fn after_a_fix_check_reports_none_of_the_repaired_codes() {
    let tree = TempTree::new("fix-recheck");
    let mut files: Vec<_> = walkdir::WalkDir::new("corpus")
        .into_iter()
        .chain(walkdir::WalkDir::new("tests/fixtures"))
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("pdn")))
        .collect();
    files.sort();
    let mut repaired_somewhere = BTreeSet::new();
    for (i, src) in files.iter().enumerate() {
        let copy = tree.0.join(format!("{i}.pdn"));
        fs::copy(src, &copy).expect("copy");
        let (status, _, said) = run(&["fix", "--in-place", copy.to_str().expect("utf-8")]);
        assert!(status <= 1, "{}: {said}", src.display());
        // Games with an error keep their findings: only files fixed whole are compared.
        if said.contains("not fixed:") {
            continue;
        }
        let repaired: BTreeSet<String> = said
            .lines()
            .filter_map(|l| l.split(": fixed ").nth(1))
            .flat_map(|rest| rest.split(':').next().unwrap_or("").split(", "))
            .map(str::to_string)
            .collect();
        let declined: BTreeSet<String> = said
            .lines()
            .filter_map(|l| l.split(": not fixed ").nth(1))
            .filter_map(|rest| rest.split(':').next())
            .map(str::to_string)
            .collect();
        let left: Vec<String> = codes(&copy)
            .into_iter()
            .filter(|c| repaired.contains(c) && !declined.contains(c))
            .collect();
        assert!(
            left.is_empty(),
            "{}: still {left:?} after fixing {repaired:?}",
            src.display()
        );
        repaired_somewhere.extend(repaired);
    }
    // The comparison covers the repairs the corpus and fixtures call for.
    for code in ["G506", "N206", "N214", "R310", "R311"] {
        assert!(repaired_somewhere.contains(code), "{code} never repaired");
    }
}

const SPACED: &str = "[GameType \"20\"]\n[Event \"Caf\u{e9}\"]\n{ kept } 01. 32 - 28 19-23 (1... 18-23) 2. 28-19 14x23 *\n";

#[test]
fn without_output_options_the_fixed_text_goes_to_standard_output_and_the_input_is_kept() {
    let tree = TempTree::new("fix-stdout");
    let input = tree.file("a.pdn", SPACED);
    let (status, out, said) = run(&["fix", input.to_str().expect("utf-8")]);
    assert_eq!(status, 0, "{said}");
    assert_eq!(
        out,
        "[GameType \"20\"]\n[Event \"Caf\u{e9}\"]\n{ kept } 1. 32-28 19-23 (1... 18-23) 2. 28x19 14x23 *\n"
    );
    assert_eq!(fs::read_to_string(&input).expect("read"), SPACED);
    assert!(said.contains("a.pdn:3:10: fixed N203: 01. -> 1."), "{said}");
    assert!(
        said.contains("a.pdn:3:14: fixed N204: 32 - 28 -> 32-28"),
        "{said}"
    );
    assert!(said.contains("fixed R311: 28-19 -> 28x19"), "{said}");
}

#[test]
fn output_to_a_file_leaves_the_input_and_refuses_to_overwrite_it() {
    let tree = TempTree::new("fix-output");
    let input = tree.file("a.pdn", SPACED);
    let output = tree.0.join("b.pdn");
    let (status, out, _) = run(&[
        "fix",
        input.to_str().expect("utf-8"),
        "-o",
        output.to_str().expect("utf-8"),
    ]);
    assert_eq!(status, 0);
    assert!(out.is_empty());
    assert!(
        fs::read_to_string(&output)
            .expect("written")
            .contains("1. 32-28 19-23")
    );
    assert_eq!(fs::read_to_string(&input).expect("read"), SPACED);
    let (status, _, said) = run(&[
        "fix",
        input.to_str().expect("utf-8"),
        "-o",
        input.to_str().expect("utf-8"),
    ]);
    assert_eq!(status, 2);
    assert!(said.contains("--in-place"), "{said}");
    assert_eq!(fs::read_to_string(&input).expect("read"), SPACED);
}

#[test]
fn in_place_rewrites_the_file_in_its_own_encoding_and_leaves_no_temporary_file() {
    let tree = TempTree::new("fix-in-place");
    // Windows-1252: `Café` is one byte per letter.
    let bytes = b"[GameType \"20\"]\n[Event \"Caf\xe9\"]\n1. 32 - 28 19-23 *\n";
    let path = tree.0.join("a.pdn");
    fs::write(&path, bytes).expect("write");
    let (status, out, said) = run(&["fix", "--in-place", path.to_str().expect("utf-8")]);
    assert_eq!(status, 0, "{said}");
    assert!(out.is_empty());
    assert_eq!(
        fs::read(&path).expect("read"),
        b"[GameType \"20\"]\n[Event \"Caf\xe9\"]\n1. 32-28 19-23 *\n"
    );
    let names: Vec<_> = fs::read_dir(&tree.0)
        .expect("list")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
}

#[test]
fn a_dry_run_writes_nothing_and_shows_a_unified_diff() {
    let tree = TempTree::new("fix-dry-run");
    let input = tree.file("a.pdn", SPACED);
    let (status, out, _) = run(&["fix", "--dry-run", input.to_str().expect("utf-8")]);
    assert_eq!(status, 0);
    assert!(out.contains("\n-{ kept } 01. 32 - 28 19-23"), "{out}");
    assert!(out.contains("\n+{ kept } 1. 32-28 19-23"), "{out}");
    assert_eq!(fs::read_to_string(&input).expect("read"), SPACED);
}

#[test]
fn a_game_with_an_error_passes_through_byte_for_byte_and_is_named() {
    let tree = TempTree::new("fix-error");
    let text = "[GameType \"20\"]\n1. 32 - 28 19-23 2. 27-22 *\n";
    let input = tree.file("a.pdn", text);
    let (status, out, said) = run(&["fix", input.to_str().expect("utf-8")]);
    assert_eq!(status, 1);
    assert_eq!(out, text);
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(
        said.contains("not fixed: game 1 has an error, R301"),
        "{said}"
    );
}

#[test]
fn a_finding_made_an_error_is_still_repaired() {
    let tree = TempTree::new("fix-deny");
    let input = tree.file("a.pdn", "[GameType \"20\"]\n1. 32 - 28 19-23 *\n");
    let (status, out, said) = run(&["fix", "-D", "N204", input.to_str().expect("utf-8")]);
    assert_eq!(status, 0, "{said}");
    assert_eq!(out, "[GameType \"20\"]\n1. 32-28 19-23 *\n");
}
