//! `pdn fix`: the repairs that cannot change what a game means, spliced into the text; what
//! `check` says afterwards; where the output goes.

use crate::common;

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
    for code in ["G506", "N201", "N206", "N214", "R310", "R311"] {
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

/// `--in-place` on a file named through a symbolic link rewrites the file the link names; the
/// link stays a link.
#[cfg(unix)]
#[test]
fn in_place_through_a_symbolic_link_rewrites_where_it_leads_and_keeps_the_link() {
    let tree = TempTree::new("fix-in-place-link");
    let target = tree.file("a.pdn", SPACED);
    let link = tree.0.join("link.pdn");
    std::os::unix::fs::symlink("a.pdn", &link).expect("link");
    let (status, _, said) = run(&["fix", "--in-place", link.to_str().expect("utf-8")]);
    assert_eq!(status, 0, "{said}");
    assert!(
        fs::symlink_metadata(&link)
            .expect("link")
            .file_type()
            .is_symlink()
    );
    assert!(
        fs::read_to_string(&target)
            .expect("read")
            .contains("1. 32-28 19-23")
    );
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

/// A short game with two repairs (spaces inside a move, a capture written with a dash).
const TO_FIX: &str = "[GameType \"20\"]\n[Event \"short\"]\n1. 32 - 28 19-23 2. 28-19 14x23 *\n";

/// A game of more than `PART_ELEMENTS` movetext elements: read in parts, written as it was.
fn long_game() -> String {
    let mut s =
        String::from("[Event \"long\"]\n[GameType \"20\"]\n[FEN \"W:WK46:BK1\"]\n[Result \"*\"]\n");
    s.push_str(&common::shuttle(
        1,
        pdnkit::check::PART_ELEMENTS / 3 + 100,
        "\n",
    ));
    s.push_str("*\n");
    s
}

/// The diff `--dry-run` gave when it compared the whole text read with the whole text fixed.
fn whole_diff(name: &str, old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .header(name, name)
        .to_string()
}

#[test]
fn a_long_game_between_short_ones_is_rewritten_in_place_and_diffed_as_the_whole_text_would_be() {
    let tree = TempTree::new("fix-long-between");
    let text = format!("{TO_FIX}\n{}\n{TO_FIX}", long_game());
    let input = tree.file("a.pdn", &text);
    let name = input.to_str().expect("utf-8");
    // The fixed text as standard output gets it, a game at a time.
    let (status, fixed, said) = run(&["fix", name]);
    assert_eq!(status, 0, "{said}");
    assert_eq!(fixed.matches("32-28 19-23 2. 28x19 14x23").count(), 2);
    assert!(said.contains("is written as it was"), "{said}");

    let (dry_status, diff, dry_said) = run(&["fix", "--dry-run", name]);
    assert_eq!((dry_status, dry_said.as_str()), (status, said.as_str()));
    assert_eq!(diff, whole_diff(name, &text, &fixed));
    assert_eq!(diff.matches("\n@@ ").count() + 1, 3, "{diff}");
    assert_eq!(fs::read_to_string(&input).expect("read"), text);

    let (in_status, out, in_said) = run(&["fix", "--in-place", name]);
    assert_eq!((in_status, in_said.as_str()), (status, said.as_str()));
    assert!(out.is_empty());
    assert_eq!(fs::read_to_string(&input).expect("read"), fixed);
    assert_eq!(fs::read_dir(&tree.0).expect("list").count(), 1);
}

#[test]
fn a_long_game_is_written_back_in_the_file_s_own_encoding() {
    let tree = TempTree::new("fix-long-encoding");
    let text = format!("{TO_FIX}\n{}\n[Event \"Caf\u{e9}\"]\n{TO_FIX}", long_game());
    let utf8 = tree.file("utf8.pdn", &text);
    let (_, fixed, said) = run(&["fix", utf8.to_str().expect("utf-8")]);
    assert!(fixed.contains("2. 28x19"), "{said}");
    let utf16 = |s: &str| -> Vec<u8> {
        let mut v = vec![0xFF, 0xFE];
        v.extend(s.encode_utf16().flat_map(u16::to_le_bytes));
        v
    };
    let latin1 = |s: &str| -> Vec<u8> { s.chars().map(|c| c as u8).collect() };
    let bom = |s: &str| -> Vec<u8> { [b"\xEF\xBB\xBF", s.as_bytes()].concat() };
    for (file, encode) in [
        ("utf16.pdn", &utf16 as &dyn Fn(&str) -> Vec<u8>),
        ("latin1.pdn", &latin1),
        ("bom.pdn", &bom),
    ] {
        let path = tree.0.join(file);
        fs::write(&path, encode(&text)).expect("write");
        let (status, _, said) = run(&["fix", "--in-place", path.to_str().expect("utf-8")]);
        assert_eq!(status, 0, "{file}: {said}");
        assert!(fs::read(&path).expect("read") == encode(&fixed), "{file}");
    }
    assert_eq!(fs::read_dir(&tree.0).expect("list").count(), 4);
}

#[test]
fn a_file_whose_bytes_its_text_does_not_give_back_is_not_rewritten() {
    let tree = TempTree::new("fix-not-back");
    // NUL padding at the end is not text: the file's bytes cannot be written back as they were.
    let mut bytes = TO_FIX.as_bytes().to_vec();
    bytes.extend_from_slice(&[0, 0, 0]);
    let path = tree.0.join("a.pdn");
    fs::write(&path, &bytes).expect("write");
    let (status, _, said) = run(&["fix", "--in-place", path.to_str().expect("utf-8")]);
    assert_eq!(status, 2, "{said}");
    assert!(
        said.contains("not rewritten: the file changed while it was read"),
        "{said}"
    );
    assert_eq!(fs::read(&path).expect("read"), bytes);
    assert_eq!(fs::read_dir(&tree.0).expect("list").count(), 1);
}

#[test]
fn a_dry_run_hunk_crosses_the_boundary_between_games() {
    let tree = TempTree::new("fix-hunk-across");
    // Changes three lines apart in two games make one hunk; a run of changed lines that goes
    // from one game into the next is one run, its lines taken out before the lines put in.
    for (file, text, hunks) in [
        (
            "near.pdn",
            "[GameType \"20\"]\n1. 32 - 28 19-23 *\n\n[GameType \"20\"]\n1. 32 - 28 19-23 *\n",
            1,
        ),
        ("run.pdn", "1. 32 - 28 19-23 *\n1. 32 - 28 19-23 *\n", 1),
        (
            "apart.pdn",
            &format!(
                "{TO_FIX}\n{}\n[Event \"far\"]\n{TO_FIX}",
                "% unchanged\n".repeat(7)
            ),
            2,
        ),
        (
            "no-last-break.pdn",
            "[GameType \"20\"]\n1. 32 - 28 19-23\n[GameType \"20\"]\n1. 32 - 28 19-23 *",
            1,
        ),
    ] {
        let input = tree.file(file, text);
        let name = input.to_str().expect("utf-8");
        let (_, fixed, _) = run(&["fix", name]);
        let (_, diff, said) = run(&["fix", "--dry-run", name]);
        assert_eq!(diff, whole_diff(name, text, &fixed), "{file}: {said}");
        assert_eq!(diff.matches("@@ -").count(), hunks, "{file}: {diff}");
    }
    let (_, diff, _) = run(&["fix", "--dry-run", tree.0.join("run.pdn").to_str().unwrap()]);
    assert!(
        diff.ends_with(
            "@@ -1,2 +1,2 @@\n-1. 32 - 28 19-23 *\n-1. 32 - 28 19-23 *\n+1. 32-28 19-23 *\n+1. 32-28 19-23 *\n"
        ),
        "{diff}"
    );
}

#[test]
fn each_game_of_a_long_file_gets_the_hunk_it_gets_alone() {
    // The diff is made a game at a time: a game's lines are aligned with its fixed lines only,
    // so the same game gives the same hunk wherever it stands. (A diff of the whole text may
    // align a change otherwise in a large file, where equally short diffs tie: `similar`'s
    // search depends on the input's size.)
    let tree = TempTree::new("fix-many-hunks");
    let game = "[GameType \"20\"]\n[Event \"?\"]\n[Site \"?\"]\n[Date \"?\"]\n[White \"?\"]\n\
                [Black \"?\"]\n[Result \"*\"]\n\n01. 32 - 28 19-23\n02. 28x19 14x23 *\n\n";
    let copies = 400;
    let input = tree.file("a.pdn", &game.repeat(copies));
    let (status, diff, said) = run(&["fix", "--dry-run", input.to_str().expect("utf-8")]);
    assert_eq!(status, 0, "{said}");
    let hunks: Vec<&str> = diff.split("@@ -").skip(1).collect();
    assert_eq!(hunks.len(), copies, "{diff}");
    let lines = game.lines().count();
    for (i, h) in hunks.iter().enumerate() {
        let (head, body) = h.split_once(" @@\n").expect("hunk header");
        let start = 6 + i * lines;
        let (len, last) = if i + 1 == copies {
            (6, " \n")
        } else {
            (8, " \n [GameType \"20\"]\n [Event \"?\"]\n")
        };
        assert_eq!(head, format!("{start},{len} +{start},{len}"));
        assert_eq!(
            body,
            format!(
                " [Black \"?\"]\n [Result \"*\"]\n \n-01. 32 - 28 19-23\n-02. 28x19 14x23 *\n\
                 +1. 32-28 19-23\n+2. 28x19 14x23 *\n{last}"
            )
        );
    }
}

#[test]
fn a_hunk_longer_than_memory_holds_goes_through_a_temporary_file_unchanged() {
    // Every line changed: one hunk of more than a mebibyte.
    let tree = TempTree::new("fix-long-hunk");
    let text = "[GameType \"20\"]\n1. 32 - 28 19-23 *\n".repeat(24_000);
    let input = tree.file("a.pdn", &text);
    let name = input.to_str().expect("utf-8");
    let (_, fixed, said_fixing) = run(&["fix", name]);
    let (status, diff, said) = run(&["fix", "--dry-run", name]);
    assert_eq!(status, 0, "{said}");
    // What is said about the file, past a mebibyte, comes back from its temporary file.
    assert!(said.len() > 1 << 20, "{}", said.len());
    assert_eq!(said.lines().count(), 24_000);
    assert!(said == said_fixing);
    assert!(diff.len() > 1 << 20, "{}", diff.len());
    assert_eq!(diff.matches("@@ -").count(), 1);
    assert!(diff == whole_diff(name, &text, &fixed));
}

#[test]
fn a_line_longer_than_memory_holds_is_context_as_any_other() {
    let tree = TempTree::new("fix-long-line");
    let long = format!("{{{}}}\n", "x".repeat(3 << 19));
    let text = format!("{TO_FIX}\n{long}{TO_FIX}");
    let input = tree.file("a.pdn", &text);
    let name = input.to_str().expect("utf-8");
    let (_, fixed, _) = run(&["fix", name]);
    let (status, diff, said) = run(&["fix", "--dry-run", name]);
    assert_eq!(status, 0, "{said}");
    assert!(diff.contains(&format!("\n {long}")));
    assert!(diff == whole_diff(name, &text, &fixed));
}

#[test]
fn a_run_of_changed_lines_through_many_games_is_shown_in_pieces() {
    // Every line a game of its own and every one changed: no unchanged line ends the run. The
    // whole text's diff takes all 200 lines out, then puts all 200 in; the run is held at
    // most 64 lines while the games come, so it is shown in pieces of 33 lines taken out,
    // then put in. The hunk is the same one, and says the same change.
    let tree = TempTree::new("fix-long-run");
    let text = "1. 32 - 28 19-23 *\n".repeat(200);
    let input = tree.file("a.pdn", &text);
    let (_, diff, _) = run(&["fix", "--dry-run", input.to_str().expect("utf-8")]);
    let mut runs: Vec<(char, usize)> = Vec::new();
    for l in diff.lines().skip(3) {
        let tag = l.chars().next().expect("tag");
        match runs.last_mut() {
            Some((t, n)) if *t == tag => *n += 1,
            _ => runs.push((tag, 1)),
        }
    }
    assert!(diff.contains("\n@@ -1,200 +1,200 @@\n"), "{diff}");
    let mut want = [('-', 33), ('+', 33)].repeat(6);
    want.extend([('-', 2), ('+', 2)]);
    assert_eq!(runs, want);
}

/// `fix` adds no GameType to a game without moves that nothing shows the variant of, and
/// `convert` leaves it as it was.
#[test]
fn a_forfeit_without_evidence_gets_no_gametype_from_fix_or_convert() {
    let path = "tests/fixtures/replay/forfeits.pdn";
    let first = "[Event \"Blind championship\"]\n[White \"Rook, A.\"]\n[Black \"Bishop, B.\"]\n[Result \"2-0\"]\n*\n";
    let (_, out, _) = run(&["fix", "--no-config", path]);
    assert!(out.starts_with(first), "{out}");
    let (_, out, _) = run(&["convert", "--no-config", "--notation", "algebraic", path]);
    assert!(out.starts_with(first), "{out}");
    assert!(!out.contains("[GameType \"21"), "{out}");
}

#[test]
fn spaces_and_line_breaks_inside_a_tag_s_brackets_are_taken_out_and_nothing_else_changes() {
    let tree = TempTree::new("fix-tag-spacing");
    let text = "[Event    \"x  y\"]\r\n[Round\r\n\"3\"]\r\n[White \"a \"b\" ]\r\n[GameType \"20\"]\r\n\r\n1. 32-28  19-23 *\r\n";
    let input = tree.file("a.pdn", text);
    let (status, out, said) = run(&["fix", input.to_str().expect("utf-8")]);
    assert_eq!(status, 0, "{said}");
    assert_eq!(
        out,
        "[Event \"x  y\"]\r\n[Round \"3\"]\r\n[White \"a \\\"b\"]\r\n[GameType \"20\"]\r\n\r\n1. 32-28  19-23 *\r\n"
    );
    assert!(
        said.contains("a.pdn:1:1: fixed N201: [Event    \"x  y\"] -> [Event \"x  y\"]"),
        "{said}"
    );
    assert!(said.contains("fixed N201, N223: "), "{said}");
    let fixed = tree.file("b.pdn", &out);
    assert!(codes(&fixed).is_empty(), "{:?}", codes(&fixed));
}

/// Games that English draughts, American pool and Spanish draughts replay alike.
const AMBIGUOUS: &str = "[Event \"x\"]\n1. 11-15 22-18 *\n";

#[test]
fn a_finding_left_for_one_reason_is_said_once_per_file_with_its_count() {
    let tree = TempTree::new("fix-declined-once");
    let input = tree.file("a.pdn", &format!("{AMBIGUOUS}\n").repeat(30));
    let (status, out, said) = run(&["fix", input.to_str().expect("utf-8")]);
    assert_eq!(status, 0, "{said}");
    assert_eq!(out, fs::read_to_string(&input).expect("read"));
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(
        said.contains("a.pdn:2:1: not fixed G506: no GameType added: "),
        "{said}"
    );
    assert!(
        said.trim_end()
            .ends_with("replay the game alike (in 30 games; the first is here)"),
        "{said}"
    );
}

#[test]
fn a_settled_game_gets_no_gametype_while_a_run_of_its_notation_is_open() {
    let tree = TempTree::new("fix-other-run-open");
    // Squares past 32: International draughts, whose rules alone replay the game (Frisian
    // draughts asks for a capture at `44-39`); then a run of 8x8 games that English, pool and
    // Spanish draughts replay alike.
    let settled = "1. 33-28 18-23 2. 39-33 13-18 3. 44-39 *\n";
    let input = tree.file("a.pdn", &format!("{settled}\n{AMBIGUOUS}"));
    let (status, out, said) = run(&["fix", input.to_str().expect("utf-8")]);
    assert_eq!(status, 0, "{said}");
    assert_eq!(out, fs::read_to_string(&input).expect("read"));
    assert!(
        said.contains(
            "a.pdn:1:1: not fixed G506: no GameType added: read as International draughts, but \
             the file's other games without one in this notation are replayed alike by several \
             variants"
        ),
        "{said}"
    );
}

#[test]
fn convert_adds_a_gametype_only_where_fix_would() {
    let tree = TempTree::new("fix-convert-gametype");
    // The Event names the second game's variant.
    let settled = "[Event \"Italiana\"]\n1. 22-18 11-15 *\n";
    let input = tree.file("a.pdn", &format!("{AMBIGUOUS}\n{settled}"));
    let name = input.to_str().expect("utf-8");
    let (_, fixed, said) = run(&["fix", name]);
    let (_, converted, _) = run(&["convert", name]);
    let (_, canonical, _) = run(&["convert", "--canonical", name]);
    assert!(said.contains("not fixed G506"), "{said}");
    for out in [&fixed, &converted, &canonical] {
        assert_eq!(out.matches("[GameType").count(), 1, "{out}");
        assert!(out.contains("[GameType \"22\"]"), "{out}");
    }
    // Squares renamed into another notation need the GameType they were renamed for.
    let (_, algebraic, _) = run(&["convert", "--notation", "algebraic", name]);
    assert_eq!(algebraic.matches("[GameType").count(), 2, "{algebraic}");
}

/// Found while fuzzing `convert`: a settled run (read as Spanish draughts) one of whose games
/// starts on the line where the text before it ends (`*23 4. 12-16 ... [FEN ...] *`) and so keeps
/// no GameType; read alone, with the GameType written for the others, that game would be read
/// as another variant. `fix` adds none to the run, and says why.
#[test]
fn a_settled_run_gets_no_gametype_where_a_game_of_it_that_keeps_none_would_read_otherwise() {
    let input =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fuzz/fix_gametype_withheld.pdn");
    let (status, _, said) = run(&["fix", "--dry-run", input.to_str().expect("utf-8")]);
    assert!(status == 0 || status == 1, "{said}");
    assert!(
        said.contains(
            "not fixed G506: no GameType added: read as Spanish draughts, but a game read with it \
             starts on the line where the text before it ends and keeps no GameType, and alone it \
             would be read otherwise"
        ),
        "{said}"
    );
}
