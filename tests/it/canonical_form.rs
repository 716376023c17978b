//! Every change `convert --canonical` makes, one test each, in the order the README lists
//! them: the exact text written, which reads back as the same game and is written again
//! unchanged. Nothing else changes, and a comment holding a brace keeps every word.

use pdnkit::check::{CheckOptions, check_stream};
use pdnkit::notation::NotationKind;
use pdnkit::replay::ForcedVariant;
use pdnkit::rules::Variant;
use pdnkit::syntax::{Element, ReadOptions, parse_str};
use pdnkit::write::convert::{CaptureStyle, ConvertOptions, Eol, FileConversion, Results};
use pdnkit::write::pdn::{escape_lines, write_chunk};

/// `text` converted with `convert` after a check with `check`: the output and the number of
/// games written as they were.
fn convert_with(text: &str, check: &CheckOptions, convert: &ConvertOptions) -> (String, usize) {
    let mut options = check.clone();
    options.replay.record_moves = true;
    let mut out = String::new();
    let mut kept = 0;
    let mut conversion = FileConversion::default();
    check_stream(text.as_bytes(), &options, |g| {
        match conversion.convert(&g.chunk, g.report.as_ref(), &g.diagnostics, convert) {
            Ok(t) => out.push_str(&t),
            Err(why) => {
                kept += 1;
                out.push_str(
                    &conversion
                        .write_kept(&g.chunk, g.report.as_ref(), &why, convert)
                        .text,
                );
            }
        }
    })
    .expect("reading from memory cannot fail");
    (out, kept)
}

fn canonical_options() -> ConvertOptions {
    ConvertOptions {
        canonical: true,
        ..ConvertOptions::default()
    }
}

/// `text` in canonical form with `convert` (and `--variant` if given): no game kept as it
/// was, and the output written again is the same.
fn canonical_as(text: &str, variant: Option<Variant>, convert: &ConvertOptions) -> String {
    let mut check = CheckOptions::default();
    check.replay.variant = variant.map(ForcedVariant::Replay);
    let (out, kept) = convert_with(text, &check, convert);
    assert_eq!(kept, 0, "a game was kept as it was:\n{out}");
    let again = ConvertOptions {
        notation: None,
        ..*convert
    };
    let (twice, kept) = convert_with(&out, &check, &again);
    assert_eq!(kept, 0, "written again, a game was kept:\n{twice}");
    assert_eq!(twice, out, "written again, the output changed");
    out
}

fn canonical(text: &str) -> String {
    canonical_as(text, None, &canonical_options())
}

#[test]
fn comments_before_the_game_come_first_then_the_tags_one_a_line() {
    assert_eq!(
        canonical("[GameType \"20\"]\n{before}  [Event \"e\"]\n1. 32-28 *\n"),
        "{before}\n\n[Event \"e\"]\n[GameType \"20\"]\n\n1. 32-28 *\n\n"
    );
}

#[test]
fn the_roster_comes_first_in_its_order_then_the_other_tags_as_they_came() {
    assert_eq!(
        canonical(
            "[Zed \"z\"]\n[Result \"*\"]\n[White \"w\"]\n[GameType \"20\"]\n[Event \"e\"]\n\
             [Alpha \"a\"]\n[Date \"2024.01.02\"]\n1. 32-28 *\n"
        ),
        "[Event \"e\"]\n[Date \"2024.01.02\"]\n[White \"w\"]\n[Result \"*\"]\n[Zed \"z\"]\n\
         [GameType \"20\"]\n[Alpha \"a\"]\n\n1. 32-28 *\n\n"
    );
}

#[test]
fn a_tag_value_keeps_its_quotes_and_backslashes_escaped_and_a_line_break_becomes_a_space() {
    assert_eq!(
        canonical("[Event \"a \\\"b\\\" \\\\ c\nd\"]\n[GameType \"20\"]\n1. 32-28 *\n"),
        "[Event \"a \\\"b\\\" \\\\ c d\"]\n[GameType \"20\"]\n\n1. 32-28 *\n\n"
    );
}

#[test]
fn the_result_tag_is_written_in_standard_form() {
    for (value, written) in [
        (" 1/2-1/2", "1/2-1/2"),
        ("1:0", "1-0"),
        ("-", "*"),
        (" 4-6 ", "4-6"),
    ] {
        let text = format!("[Result \"{value}\"]\n[GameType \"20\"]\n1. 32-28 *\n");
        assert_eq!(
            canonical(&text),
            format!("[Result \"{written}\"]\n[GameType \"20\"]\n\n1. 32-28 *\n\n"),
            "{value:?}"
        );
    }
}

#[test]
fn the_fen_is_written_by_the_fen_writer() {
    assert_eq!(
        canonical("[GameType \"20\"]\n[FEN \"W:B1-20:W31-50.\"]\n1. 32-28 *\n"),
        "[GameType \"20\"]\n[FEN \"W:W31-50:B1-20\"]\n\n1. 32-28 *\n\n"
    );
}

#[test]
fn another_notation_rewrites_the_moves_the_fen_and_the_gametype() {
    let options = ConvertOptions {
        notation: Some(NotationKind::Algebraic),
        ..canonical_options()
    };
    let out = canonical_as(
        "[GameType \"21\"]\n[FEN \"B:W21-32:B1-12\"]\n1. 9-13 22-18 *\n",
        None,
        &options,
    );
    assert_eq!(
        out,
        "[GameType \"21,B,8,8,A0,0\"]\n[FEN \"B:Wh6,f6,d6,b6,g7,e7,c7,a7,h8,f8,d8,b8:Bg1,e1,c1,a1,h2,\
         f2,d2,b2,g3,e3,c3,a3\"]\n\n1. g3-h4 f6-e5 *\n\n"
    );
    // And back.
    let back = ConvertOptions {
        notation: Some(NotationKind::Numeric),
        ..canonical_options()
    };
    let (numeric, kept) = convert_with(&out, &CheckOptions::default(), &back);
    assert_eq!(kept, 0);
    assert!(numeric.ends_with("\n\n1. 9-13 22-18 *\n\n"), "{numeric}");
}

#[test]
fn a_gametype_is_added_only_when_the_variant_is_known() {
    let text = "1. 32-28 19-23 2. 28x19 14x23 *\n";
    // Several variants replay the game alike: none is chosen.
    assert_eq!(canonical(text), format!("{text}\n"));
    assert_eq!(
        canonical_as(text, Some(Variant::International), &canonical_options()),
        format!("[GameType \"20\"]\n\n{text}\n")
    );
}

#[test]
fn moves_lose_zeros_and_spaces_and_take_the_variant_s_separators() {
    assert_eq!(
        canonical("[GameType \"20\"]\n1. 032-028 19 - 23 2. 28:19 14X23 *\n"),
        "[GameType \"20\"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n\n"
    );
    assert_eq!(
        canonical("[GameType \"25\"]\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 *\n"),
        "[GameType \"25\"]\n\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 *\n\n"
    );
}

#[test]
fn captures_are_written_with_the_squares_asked_for() {
    // White 28 takes 23 and 13 (by 19 and 8... a two-piece capture), written short.
    let text = "[GameType \"20\"]\n[FEN \"W:W28:B23,13\"]\n1. 28x19x8 *\n";
    let full = canonical(text);
    assert_eq!(
        full,
        "[GameType \"20\"]\n[FEN \"W:W28:B13,23\"]\n\n1. 28x19x8 *\n\n"
    );
    let short = ConvertOptions {
        captures: CaptureStyle::Short,
        ..canonical_options()
    };
    assert_eq!(
        canonical_as(text, None, &short),
        "[GameType \"20\"]\n[FEN \"W:W28:B13,23\"]\n\n1. 28x8 *\n\n"
    );
}

#[test]
fn a_move_that_would_read_as_a_result_gets_a_leading_zero() {
    assert_eq!(
        canonical("[GameType \"20\"]\n1. 1-01-8 2. 32-28 *\n"),
        "[GameType \"20\"]\n\n1. 01-1-8 2. 32-28 *\n\n"
    );
}

#[test]
fn a_strength_mark_joins_its_move_a_star_becomes_nag_7_and_nags_lose_zeros() {
    assert_eq!(
        canonical("[GameType \"20\"]\n1. 32-28 ! 19-23* 2. 37-32 (?) $01 *\n"),
        "[GameType \"20\"]\n\n1. 32-28! 19-23 $7 2. 37-32(?) $1 *\n\n"
    );
}

#[test]
fn move_numbers_lose_zeros_and_the_second_player_s_take_three_dots() {
    assert_eq!(
        canonical("[GameType \"20\"]\n01.32-28 19-23 02.. 28x19 *\n"),
        "[GameType \"20\"]\n\n1. 32-28 19-23 2... 28x19 *\n\n"
    );
}

#[test]
fn a_setup_loses_the_spaces_inside_its_slashes() {
    assert_eq!(
        canonical("[GameType \"20\"]\n1. 32-28 / FEN \"W:W32:B19\" / 19-23 *\n"),
        "[GameType \"20\"]\n\n1. 32-28 /FEN \"W:W32:B19\"/ 19-23 *\n\n"
    );
}

#[test]
fn comments_are_written_in_braces_with_their_words_joined_by_single_spaces() {
    assert_eq!(
        canonical(
            "[GameType \"20\"]\n1. 32-28 {a\n   b\tc} 19-23 ; rest of the line\n\
             2. 28x19 (bad move here) 14x23 *\n"
        ),
        "[GameType \"20\"]\n\n1. 32-28 {a b c} 19-23 {rest of the line} 2. 28x19 {bad move here} \
         14x23 *\n\n"
    );
}

#[test]
fn a_comment_is_never_broken_before_a_word_that_starts_like_a_tag() {
    let words = "word ".repeat(14);
    let out = canonical(&format!(
        "[GameType \"20\"]\n1. 32-28 {{{words}[Event x] end}} *\n"
    ));
    assert!(
        out.lines()
            .all(|l| !l.starts_with('[') || l.ends_with("\"]"))
    );
    assert!(out.contains("word [Event x]"), "{out}");
    assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
}

/// The words of every comment and escape line of `text`, as read.
fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for chunk in parse_str(text, &ReadOptions::default()) {
        let Some(game) = &chunk.game else { continue };
        for c in &game.header_comments {
            out.extend(c.text.split_whitespace().map(str::to_string));
        }
        for e in &game.body {
            if let Element::Comment(c) = e {
                out.extend(c.text.split_whitespace().map(str::to_string));
            }
        }
        for (_, line) in escape_lines(&chunk.text, chunk.offset, game).unwrap_or_default() {
            out.extend(
                line.trim_start_matches('%')
                    .split_whitespace()
                    .map(str::to_string),
            );
        }
    }
    out.sort();
    out
}

/// No comment in braces can hold `}`, and some readers take a `{` inside one for a nested
/// comment: a comment holding a brace is written as `%` lines, word for word, where it stood
/// (before the game when it stood before the game's first token), and read again it is
/// written the same. No game is kept as it was for it, and nothing is said: nothing is lost.
#[test]
fn a_comment_holding_a_brace_is_written_as_percent_lines_word_for_word() {
    let cases = [
        (
            "[GameType \"20\"]\n1. 32-28 ; note with } brace\n19-23 *\n",
            "[GameType \"20\"]\n\n1. 32-28\n% note with } brace\n19-23 *\n\n",
        ),
        (
            "[GameType \"20\"]\n1. 32-28 {a {b} c} 19-23 {x { y} 2. 28x19 *\n",
            "[GameType \"20\"]\n\n1. 32-28\n% a {b} c\n19-23\n% x { y\n2. 28x19 *\n\n",
        ),
        (
            "[GameType \"20\"]\n1. 32-28 (19-23 ; in } a variation\n) 2. 37-32 *\n",
            "[GameType \"20\"]\n\n1. 32-28 (19-23\n% in } a variation\n) 2. 37-32 *\n\n",
        ),
        (
            "; before } all\n{plain}\n[GameType \"20\"]\n1. 32-28 *\n",
            "% before } all\n\n{plain}\n\n[GameType \"20\"]\n\n1. 32-28 *\n\n",
        ),
        (
            "; first } thing\n1. 32-28 19-23 *\n",
            "% first } thing\n\n1. 32-28 19-23 *\n\n",
        ),
    ];
    for (text, written) in cases {
        let out = canonical(text);
        assert_eq!(out, written, "{text:?}");
        assert_eq!(words(&out), words(text), "{text:?}");
    }
    // A long one is broken into lines of at most 79 characters, each a `%` line.
    let long = format!(
        "[GameType \"20\"]\n1. 32-28 ; {} }} end\n*\n",
        "word ".repeat(40)
    );
    let out = canonical(&long);
    let lines: Vec<&str> = out.lines().filter(|l| l.starts_with('%')).collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines.iter().all(|l| l.chars().count() <= 79), "{out}");
    assert_eq!(words(&out), words(&long));
}

/// `pdn parse --format pdn` writes the same form, its escape lines kept.
#[test]
fn the_tree_writer_keeps_escape_lines_and_braces_in_comments() {
    let text = "[GameType \"20\"]\n1. 32-28\n% kept\n19-23 ; a } b\n2. 28x19 *\n";
    let chunks = parse_str(text, &ReadOptions::default());
    let mut out = String::new();
    for chunk in &chunks {
        write_chunk(chunk, &mut out).expect("written from the tree");
    }
    assert_eq!(
        out,
        "[GameType \"20\"]\n\n1. 32-28\n% kept\n19-23\n% a } b\n2. 28x19 *\n\n"
    );
}

#[test]
fn variations_are_joined_to_their_parentheses() {
    assert_eq!(
        canonical("[GameType \"20\"]\n1. 32-28 19-23 ( 1... 18-22 ) 2. 37-32 ( ) *\n"),
        "[GameType \"20\"]\n\n1. 32-28 19-23 (1... 18-22) 2. 37-32 () *\n\n"
    );
}

#[test]
fn movetext_is_wrapped_before_80_columns() {
    let moves = "1. 32-28 19-23 2. 37-32 14-19 3. 41-37 10-14 4. 46-41 5-10 5. 31-26 17-21 \
                 6. 36-31 21-27 7. 31x22 18x27 8. 32x21 16x27 *";
    let out = canonical(&format!("[GameType \"20\"]\n{moves}\n"));
    assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
    assert!(out.lines().count() > 4, "{out}");
    assert_eq!(
        out.split_whitespace().collect::<Vec<_>>()[2..],
        moves.split_whitespace().collect::<Vec<_>>()[..]
    );
}

#[test]
fn escape_lines_are_kept_each_on_a_line_of_its_own() {
    assert_eq!(
        canonical(
            "% before\n[GameType \"20\"]\n% among\n[Event \"e\"]\n% after the tags\n\
             1. 32-28 % after a move\n19-23 *\n"
        ),
        "% before\n% among\n\n[Event \"e\"]\n[GameType \"20\"]\n\n% after the tags\n1. 32-28\n\
         % after a move\n19-23 *\n\n"
    );
}

#[test]
fn the_result_token_is_written_in_standard_form() {
    for (end, written) in [("1:1", "1-1"), ("-", "*"), ("", "*"), ("0-1", "0-1")] {
        let text = format!("[GameType \"20\"]\n1. 32-28 {end}\n");
        assert_eq!(
            canonical(&text),
            format!("[GameType \"20\"]\n\n1. 32-28 {written}\n\n"),
            "{end:?}"
        );
    }
    let drop = ConvertOptions {
        results: Results::Drop,
        ..canonical_options()
    };
    assert_eq!(
        canonical_as(
            "[Result \"0-2\"]\n[GameType \"20\"]\n1. 32-28 0-2\n",
            None,
            &drop
        ),
        "[Result \"0-2\"]\n[GameType \"20\"]\n\n1. 32-28 *\n\n"
    );
}

#[test]
fn text_between_games_is_kept_between_blank_lines() {
    assert_eq!(
        canonical(
            "\u{feff}\n\n  a note  \n\n[GameType \"20\"]\n1. 32-28 *\n   between\n\n\n\
             [GameType \"20\"]\n1. 37-32 *\n"
        ),
        "  a note\n\n[GameType \"20\"]\n\n1. 32-28 *\n\n   between\n\n[GameType \"20\"]\n\n\
         1. 37-32 *\n\n"
    );
}

#[test]
fn line_ends_are_lf_or_the_ones_asked_for() {
    let text = "[GameType \"20\"]\r\n1. 32-28 *\r\n";
    assert_eq!(canonical(text), "[GameType \"20\"]\n\n1. 32-28 *\n\n");
    let crlf = ConvertOptions {
        eol: Some(Eol::Crlf),
        ..canonical_options()
    };
    assert_eq!(
        canonical_as(text, None, &crlf),
        "[GameType \"20\"]\r\n\r\n1. 32-28 *\r\n\r\n"
    );
}

/// Canonical form of `text` written twice, with why each game of the first writing was kept.
fn canonical_twice(text: &str) -> (String, String, Vec<Option<String>>) {
    let mut options = CheckOptions::default();
    options.replay.record_moves = true;
    let convert = canonical_options();
    let mut out = String::new();
    let mut why = Vec::new();
    let mut conversion = FileConversion::default();
    check_stream(text.as_bytes(), &options, |g| {
        match conversion.convert(&g.chunk, g.report.as_ref(), &g.diagnostics, &convert) {
            Ok(t) => {
                why.push(None);
                out.push_str(&t);
            }
            Err(w) => {
                why.push(Some(w.to_string()));
                out.push_str(
                    &conversion
                        .write_kept(&g.chunk, g.report.as_ref(), &w, &convert)
                        .text,
                );
            }
        }
    })
    .expect("reading from memory cannot fail");
    let (again, _) = convert_with(&out, &CheckOptions::default(), &convert);
    (out, again, why)
}

#[test]
fn a_game_after_a_comment_never_closed_is_kept_where_it_would_start_with_a_comment() {
    // The `{` runs on to the next line that starts a tag, which ends it (S101). Written whole,
    // the next game would start with its comment `{}`, whose `}` would close the open one.
    let text = "1. 32-28 {\n[Event \"\"]{}[Site \"\"]\n*\n";
    let (once, again, why) = canonical_twice(text);
    assert_eq!(once, "1. 32-28 {\n\n[Event \"\"]{}[Site \"\"]\n*\n\n");
    assert_eq!(again, once);
    assert!(
        why[1].as_deref().is_some_and(|w| w.contains("(S101)")),
        "{why:?}"
    );
    // A game after it that starts with a tag line is written whole.
    let text = "1. 32-28 {\n[Event \"\"]\n[Site \"\"]\n*\n";
    let (once, again, why) = canonical_twice(text);
    assert_eq!(why[1], None);
    assert_eq!(once, "1. 32-28 {\n\n[Event \"\"]\n[Site \"\"]\n\n*\n\n");
    assert_eq!(again, once);
}

#[test]
fn a_game_after_a_score_read_as_a_result_before_a_tag_is_kept_where_it_would_start_with_a_comment()
{
    // `24-2` is the game's result only because a tag follows it (N208, the Result tag not a
    // standard result); the comment between the next game's tags, written before them, would
    // make it a move.
    let text = "[Result \"0/2-1/2\"]\n1. 11-15 24-2\n[Event \"b\"]{c}[Site \"x\"]\n1. 11-15 *\n";
    let (once, again, why) = canonical_twice(text);
    assert_eq!(
        once,
        "[Result \"0/2-1/2\"]\n\n1. 11-15 24-2\n\n[Event \"b\"]{c}[Site \"x\"]\n1. 11-15 *\n\n"
    );
    assert_eq!(again, once);
    assert!(
        why[1].as_deref().is_some_and(|w| w.contains("(N208)")),
        "{why:?}"
    );
}

/// Found by the `convert` fuzz target: an escape line after a game of tags alone (written after
/// its terminator, then a blank line) and one among the next game's tags (written before that
/// game) stood, once written, as two groups before the next game with a blank line between
/// them; read again, both were that game's and were written as one group. Escape lines before a
/// game are now written with the blank lines that parted them.
#[test]
fn escape_lines_before_a_game_keep_the_blank_line_between_them() {
    let text = "[Event \"a\"]\n[Site \"x\"]\n%note one\n\n[Event \"b\"]\n%note two\n[Site \"y\"]\n\n\
                1. 32-28 *\n";
    let once = canonical(text);
    assert_eq!(
        once,
        "[Event \"a\"]\n[Site \"x\"]\n\n*\n\n%note one\n\n%note two\n\n\
         [Event \"b\"]\n[Site \"y\"]\n\n1. 32-28 *\n\n"
    );
    assert_eq!(canonical(&once), once);
}

/// A game that names no square (a forfeit) gets no GameType in canonical form, as when its
/// notation is changed: the tag would only restate how its variant was guessed, and the
/// variant is not certain even where the file's other games make it so (found by the
/// `convert` fuzz target: once the game before it had its GameType written, the forfeit read
/// as settled, and canonical form gave it a GameType the second time only).
#[test]
fn a_game_that_names_no_square_gets_no_gametype() {
    let text = "[Event \"a\"]\n1. 32-28 19-23 *\n\n[Event \"b\"]\n[Result \"1-0\"]\n1-0\n";
    let out = canonical_as(text, Some(Variant::International), &canonical_options());
    assert_eq!(
        out,
        "[Event \"a\"]\n[GameType \"20\"]\n\n1. 32-28 19-23 *\n\n\
         [Event \"b\"]\n[Result \"1-0\"]\n\n1-0\n\n"
    );
}
