//! The commands that hold a game's tree (all but `check`) over games too large to hold in
//! other ways than by their moves: a header of thousands of tags, a long run of comments
//! between two moves, variations nested past the reader's depth. Each such game is handed
//! over without its tree (F009 saying why), written as it was, and its findings are those
//! `pdn check` gives; the short games around it come out as they do alone.

use std::path::PathBuf;

use pdnkit::check::HEADER_ELEMENTS;

#[allow(dead_code)]
use crate::common;
use common::pdn_run as pdn;

const SHORT: &str = "[Event \"short\"]\n[Result \"1-0\"]\n1. 32-28 19-23 2. 28x19 14x23 1-0\n";

/// Tags in the long header: past HEADER_ELEMENTS.
const TAGS: usize = HEADER_ELEMENTS + 1000;

fn long_header() -> String {
    let mut s = String::from("[GameType \"20\"]\n");
    for n in 0..TAGS {
        s.push_str(&format!("[T{n} \"v\"]\n"));
    }
    s.push_str("1. 32-28 19-23 *\n");
    s
}

/// 60,000 comments after a quiet move: more than a part holds.
fn comment_run() -> String {
    format!(
        "[GameType \"20\"]\n1. 32-28 {}\n19-23 2. 28x19 14x23 *\n",
        "{c} ".repeat(60_000)
    )
}

/// Variations nested 300 deep: past the 256 the reader reads.
fn deep() -> String {
    format!(
        "[GameType \"20\"]\n1. 32-28 {}19-23 {}19-23 *\n",
        "(32-27 ".repeat(300),
        ") ".repeat(300)
    )
}

fn games() -> [String; 4] {
    [SHORT.to_string(), long_header(), comment_run(), deep()]
}

fn file(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("the test directory is writable");
    path
}

/// The four games and the short one again, in a file of the test's own.
fn all(name: &str) -> PathBuf {
    let [a, b, c, d] = games();
    file(
        &format!("held-{name}.pdn"),
        &format!("{a}\n{b}\n{c}\n{d}\n{a}"),
    )
}

#[test]
fn parse_gives_the_header_held_and_counts_the_tags_left_out() {
    let (code, out, err) = pdn(&["parse", "--format", "json"], &all("parse"));
    assert_eq!(code, 1, "S109 is an error: {err}");
    let objects: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(objects.len(), 5, "{out}");
    for short in [&objects[0], &objects[4]] {
        assert!(short.get("body_left_out").is_none(), "{short}");
        assert_eq!(short["tree"]["tags"].as_array().unwrap().len(), 2);
    }
    let header = &objects[1];
    assert_eq!(header["body_left_out"], true);
    let held = header["tree"]["tags"].as_array().unwrap().len();
    assert!(held <= HEADER_ELEMENTS, "{held}");
    assert_eq!(
        held + header["tags_left_out"].as_u64().unwrap() as usize,
        TAGS + 1
    );
    for long in [&objects[2], &objects[3]] {
        assert_eq!(long["body_left_out"], true, "{long}");
        assert!(long.get("tags_left_out").is_none(), "{long}");
        assert_eq!(long["tree"]["tags"].as_array().unwrap().len(), 1);
    }
}

#[test]
fn convert_writes_each_game_too_large_as_it_was_and_says_why() {
    let (code, out, err) = pdn(
        &["convert", "--no-config", "--notation", "algebraic"],
        &all("convert"),
    );
    // Converting is what was asked, and done: the findings are `pdn check`'s to report.
    assert_eq!(code, 0, "{err}");
    let [short, header, run, deep] = games();
    for long in [&header, &run, &deep] {
        assert!(out.contains(long.as_str()), "not written as it was");
    }
    // The short games come out as they do alone.
    let (_, alone, _) = pdn(
        &["convert", "--no-config", "--notation", "algebraic"],
        &file("held-convert-short.pdn", &short),
    );
    assert_eq!(out.matches(alone.trim_end()).count(), 2, "{alone}");
    for why in [
        format!("its header has more than {HEADER_ELEMENTS} tags and comments (F009)"),
        "it has more than 16384 movetext elements (F009)".to_string(),
        "its variations are nested more than 256 deep (F009)".to_string(),
    ] {
        assert_eq!(err.matches(&why).count(), 1, "{why}:\n{err}");
    }
}

#[test]
fn findings_are_those_of_check_with_one_f009_for_each_game_too_large() {
    let path = all("findings");
    let (_, check, _) = pdn(&["check", "--no-config", "--format", "short"], &path);
    assert!(!check.contains("F009"), "{check}");
    assert_eq!(check.matches("[S109]").count(), 1, "{check}");
    let (_, stats, _) = pdn(&["stats", "--no-config", "--format", "json"], &path);
    let j: serde_json::Value = serde_json::from_str(&stats).expect("JSON");
    assert_eq!(j["games"], 5);
    assert_eq!(j["codes"]["F009"]["count"], 3);
    assert_eq!(j["codes"]["S109"]["count"], 1);
    assert_eq!(j["openings_not_counted"], 3);
}
