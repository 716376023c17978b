//! `pdn parse` over a file whose middle game is too long to hold as a tree (F009): the short
//! games around it come out as before, the long one without its movetext (JSON) or exactly as
//! it was written (PDN), with a warning that says so.

use std::path::PathBuf;

// Of what the test files share, only the long games.
#[allow(dead_code)]
use crate::common;
use pdnkit::check::PART_ELEMENTS;

/// A short game, a game of more than `PART_ELEMENTS` movetext elements (kings shuttling on
/// an open board), and a short game.
fn three_games() -> String {
    let mut s = String::from("[Event \"short one\"]\n[Result \"*\"]\n1. 32-28 19-23 *\n\n");
    s.push_str("[Event \"long\"]\n[GameType \"20\"]\n[FEN \"W:WK46:BK1\"]\n[Result \"*\"]\n");
    let pairs = PART_ELEMENTS; // three elements a pair: well past one part
    s.push_str(&common::shuttle(1, pairs, "\n"));
    s.push_str("*\n\n[Event \"short two\"]\n[Result \"*\"]\n1. 31-27 18-22 *\n");
    s
}

fn parse(text: &str, format: &str) -> (i32, String, String) {
    let path =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("parse-parted-{format}.pdn"));
    std::fs::write(&path, text).expect("the test directory is writable");
    common::pdn_run(&["parse", "--format", format], &path)
}

/// The text of the `n`th game (from 0) of `three_games`, as blank lines separate them.
fn game_text(text: &str, n: usize) -> &str {
    let start = match n {
        0 => 0,
        _ => text.match_indices("\n\n").nth(n - 1).unwrap().0 + 2,
    };
    let end = text[start..]
        .find("\n\n")
        .map_or(text.len(), |e| start + e + 1);
    &text[start..end]
}

#[test]
fn json_leaves_the_long_games_movetext_out_and_says_so() {
    let text = three_games();
    let (code, out, err) = parse(&text, "json");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(lines.len(), 3, "every game has its line");
    for (i, l) in lines.iter().enumerate() {
        assert_eq!(l["game"], i + 1);
        assert_eq!(l["type"], "game");
    }
    assert!(lines[0].get("body_left_out").is_none());
    assert!(lines[2].get("body_left_out").is_none());
    assert_eq!(lines[1]["body_left_out"], true);
    let tags = lines[1]["tree"]["tags"]
        .as_array()
        .expect("the long game's tags are kept");
    assert_eq!(tags.len(), 4, "{tags:?}");
    assert!(
        out.len() < 10_000,
        "the long game's moves are not written: {} bytes",
        out.len()
    );
    // The short games' trees are whole: their moves are there.
    assert!(lines[2].to_string().contains("31"), "{}", lines[2]);
}

#[test]
fn pdn_writes_the_long_game_as_it_was() {
    let text = three_games();
    let (code, out, err) = parse(&text, "pdn");
    assert_eq!(code, 0, "{err}");
    let long = game_text(&text, 1);
    assert!(long.starts_with("[Event \"long\"]"));
    assert!(out.contains(long), "the long game is written byte for byte");
    assert!(out.contains("short one") && out.contains("short two"));
    let second = out.find("[Event \"short two\"]").unwrap();
    assert!(
        out.find("[Event \"long\"]").unwrap() < second,
        "games keep their order"
    );
    // The warning is placed where the game's text begins: just after the first game's line.
    let line = text[..text.find("*\n").unwrap() + 2].lines().count() + 1;
    let warning = format!(":{line}:1: warning: game 2 is written as it was");
    assert!(err.contains(&warning), "expected `{warning}` in\n{err}");
    assert_eq!(err.matches("is written as it was").count(), 1, "{err}");
}
