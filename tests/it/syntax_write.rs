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
        "[Event \"a \\\"b\\\"\"]\n\n1. 32-28! 19x23 2. c3xe5 $7 32-28\n% x {y} z\n(2. 33-29(?) {note}) 1-0\n\n"
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

/// Each game written with `write_chunk`, and why any was kept as it was.
fn chunks_written(text: &str) -> (String, Vec<pdnkit::write::pdn::Kept>) {
    let mut out = String::new();
    let mut kept = Vec::new();
    for c in parse_str(text, &ReadOptions::default()) {
        if let Err(why) = pdnkit::write::pdn::write_chunk(&c, &mut out) {
            kept.push(why);
        }
    }
    (out, kept)
}

#[test]
fn an_unterminated_comment_keeps_its_text() {
    let text = "1. 32-28 {unterminated 19-23 2. 37-32 *\n";
    let (out, kept) = chunks_written(text);
    assert_eq!(out, text);
    assert_eq!(kept, [pdnkit::write::pdn::Kept::SyntaxError]);
}

#[test]
fn a_move_read_with_square_zero_is_not_written_as_a_move_to_square_zero() {
    // `37-32X 1-0` was once read as one spaced move ending on square 0; the reader now stops
    // before the result and reports the dangling separator (S107), so the game is kept as
    // written for its syntax error: never written as a move to 0 that loses the result.
    let text = "02. 37-32X 1-0";
    let (out, kept) = chunks_written(text);
    assert_eq!(out, "02. 37-32X 1-0\n");
    assert!(!out.contains("32x1-0"));
    assert_eq!(kept, [pdnkit::write::pdn::Kept::SyntaxError]);
    // A move glued to square 0 is still kept for that reason.
    let (out, kept) = chunks_written("1. 32-0 *");
    assert_eq!(out, "1. 32-0 *\n");
    assert_eq!(kept, [pdnkit::write::pdn::Kept::SquareZero]);
}

#[test]
fn a_game_whose_content_was_dropped_is_not_written_as_a_lone_star() {
    for text in ["[Event \"x\"]\n@@@ {never closed\n", "1. 32-28 @@@\n"] {
        let (out, kept) = chunks_written(text);
        assert_eq!(out, text);
        assert!(!kept.is_empty());
    }
}

#[test]
fn moves_that_begin_like_results_read_back_as_the_same_moves() {
    for (text, written) in [
        ("1. 1-01-8 2. 32-28 *", "1. 01-1-8 2. 32-28 *\n\n"),
        ("1. 1- 1-8 *", "1. 01-1-8 *\n\n"),
        ("1. 1-1A *", "1. 01-1 *\n\n"),
        ("1. 0-2J *", "1. 00-2 *\n\n"),
        (
            "[Result \"4-6\"]\n1. 4-6] 2. 32-28 4-6",
            "[Result \"4-6\"]\n\n1. 04-6 *\n\n",
        ),
    ] {
        let out = canonical(text);
        assert_eq!(out, written, "{text}");
        let moves = |t: &str| -> Vec<String> {
            parse_str(t, &ReadOptions::default())
                .into_iter()
                .filter_map(|c| c.game)
                .flat_map(|g| {
                    g.body
                        .iter()
                        .filter_map(|e| match e {
                            pdnkit::syntax::Element::Move(m) => {
                                let mut s = String::new();
                                pdnkit::write::pdn::move_text(m, &mut s);
                                Some(s)
                            }
                            _ => None,
                        })
                        .collect::<Vec<_>>()
                })
                .collect()
        };
        assert_eq!(moves(&out), moves(text), "{text} -> {out}");
    }
}
