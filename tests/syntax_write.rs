//! The canonical PDN 3.0 writer.

use pdnkit::syntax::{ReadOptions, parse_str};
use pdnkit::write::pdn::write_game;

fn canonical(text: &str) -> String {
    let mut out = String::new();
    for c in parse_str(text, &ReadOptions::default()) {
        if let Some(g) = c.game {
            write_game(&g, &mut out);
        }
    }
    out
}

#[test]
fn quirks_are_written_in_standard_form() {
    let text = "[Event   \"a \\\"b\\\"\" ]\n01. 32 - 28 ! 19X23 2. c3:e5* 3228 {x\n  {y} z} (2. 33-29 (?) ;note\n) 1-0\n";
    assert_eq!(
        canonical(text),
        "[Event \"a \\\"b\\\"\"]\n\n1. 32-28! 19x23 2. c3xe5 $7 32-28 {x (y) z} (2. 33-29(?) {note}) 1-0\n\n"
    );
}

#[test]
fn long_movetext_is_wrapped_before_80_columns() {
    let mut text = String::new();
    for n in 1..=40 {
        text.push_str(&format!("{n}. 32-28 19-23 "));
    }
    text.push('*');
    let out = canonical(&text);
    assert!(out.lines().all(|l| l.chars().count() <= 79), "{out}");
    assert!(out.lines().count() > 5);
}

#[test]
fn a_game_without_terminator_gets_a_star() {
    assert_eq!(canonical("1. 32-28"), "1. 32-28 *\n\n");
}
