//! Inputs the fuzzers found, kept as regression tests.

use pdnkit::syntax::{Element, parse_str};
use pdnkit::write::pdn::{move_text, write_game};
use pdnkit::{Game, ReadOptions, ResultKind};

fn moves(g: &Game) -> Vec<String> {
    g.body
        .iter()
        .filter_map(|e| match e {
            Element::Move(m) => {
                let mut t = String::new();
                move_text(m, &mut t);
                Some(t)
            }
            _ => None,
        })
        .collect()
}

/// Found by the `roundtrip` target: a game whose moves read back differently once written.
#[test]
fn writing_and_reading_back_keeps_every_move() {
    // The second: a lidraughts game glued to mutated movetext read back with one move more.
    for name in ["roundtrip_moves_changed.pdn", "roundtrip_glued_game.pdn"] {
        let path = format!("{}/tests/fixtures/fuzz/{name}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(path).expect("fixture");
        writes_back_the_same_moves(&String::from_utf8_lossy(&bytes));
    }
}

fn writes_back_the_same_moves(text: &str) {
    let options = ReadOptions::default();
    for chunk in parse_str(text, &options) {
        let Some(game) = chunk.game else { continue };
        let mut out = String::new();
        write_game(&game, &mut out);
        let again: Vec<Game> = parse_str(&out, &options)
            .into_iter()
            .filter_map(|c| c.game)
            .collect();
        assert_eq!(again.len(), 1, "{out}");
        assert_eq!(moves(&again[0]), moves(&game), "{out}");
    }
}

/// Found by the `roundtrip` target: games the writer must keep as written, since written from
/// the tree they would read back as something else. The first has fifteen backspaces in a tag
/// (alone in a file, the game would be taken for binary); the second a game whose only
/// movetext was an unreadable token, so that its tree holds nothing but the result.
#[test]
fn games_the_tree_cannot_stand_for_are_kept_as_written() {
    use pdnkit::write::pdn::{Kept, write_chunk};
    for (name, why) in [
        ("roundtrip_control_bytes.pdn", Kept::ControlCharacters),
        ("roundtrip_bad_token_only.pdn", Kept::SyntaxError),
    ] {
        let path = format!("{}/tests/fixtures/fuzz/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = String::from_utf8(std::fs::read(path).expect("fixture")).expect("UTF-8");
        let options = ReadOptions::default();
        let mut reasons = Vec::new();
        let mut written = String::new();
        for chunk in parse_str(&text, &options) {
            if let Err(r) = write_chunk(&chunk, &mut written) {
                reasons.push(r);
            }
        }
        assert!(reasons.contains(&why), "{name}: {reasons:?}");
        // Whatever was written from a tree reads back with the same moves, and every game of
        // the input is still there.
        let games = |t: &str| {
            parse_str(t, &options)
                .iter()
                .filter(|c| c.game.is_some())
                .count()
        };
        assert_eq!(games(&written), games(&text), "{name}:\n{written}");
    }
}

/// Found by the `roundtrip` target: a parenthesised strength with more marks than a move holds
/// (`37-32 (!!!!!!!!!!!!!!!!!!)`) was read as a strength with no marks, written `37-32()`, which
/// reads back as a move and an empty variation. The reader no longer takes it for a strength.
#[test]
fn a_parenthesised_strength_too_long_to_hold_is_not_written_as_empty_parentheses() {
    writes_back_the_same_moves("[Event \"x\"]\n1. 32-28 (!!!!!!!!!!!!!!!!!!!!) 19-23 *\n");
    let text = std::fs::read(format!(
        "{}/tests/fixtures/fuzz/roundtrip_long_paren_strength.pdn",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("fixture");
    writes_back_the_same_moves(&String::from_utf8_lossy(&text));
}

/// Found by the `roundtrip` target (minimised: `[Result""][Result"4-6"]4-6[`): a game with two
/// Result tags whose movetext ends in `4-6` glued to a `[`. The reader took the score of the
/// last Result tag for one that ends the game, the writer that of the first: glued to the `[`,
/// `4-6` read as a move, the writer, judging by the empty first tag, wrote it as it was, and
/// the game written (`4-6 *`) read back with `4-6` as its result. The reader now takes the
/// first Result tag, as N218 says readers do, and every game written reads back with the same
/// tags, moves and result.
#[test]
fn a_repeated_result_tag_does_not_make_a_move_read_as_the_result() {
    let path = format!(
        "{}/tests/fixtures/fuzz/roundtrip_repeated_result_tag.pdn",
        env!("CARGO_MANIFEST_DIR")
    );
    let found = String::from_utf8(std::fs::read(path).expect("fixture")).expect("UTF-8");
    let options = ReadOptions::default();
    for text in [
        found.as_str(),
        "[Result \"2-0\"]\n[Result \"4-6\"]\n1. 32-28 19-23 4-6[Event \"x\"]\n",
        "[Result \"2-0\"]\n[Result \"4-6\"]\n1. 32-28 19-23 4-6\n",
        "[Result \"4-6\"]\n[Result \"2-0\"]\n1. 32-28 19-23 4-6\n",
        "[Result \"4-6\"]\n1. 32-28 19-23 4-6[Event \"x\"]\n",
    ] {
        let games: Vec<Game> = parse_str(text, &options)
            .into_iter()
            .filter_map(|c| c.game)
            .collect();
        let game = &games[0];
        let mut out = String::new();
        write_game(game, &mut out);
        let again: Vec<Game> = parse_str(&out, &options)
            .into_iter()
            .filter_map(|c| c.game)
            .collect();
        assert_eq!(again.len(), 1, "{text:?}:\n{out}");
        let tags = |g: &Game| {
            g.tags
                .iter()
                .map(|t| (t.name.clone(), t.value.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(tags(&again[0]), tags(game), "{text:?}:\n{out}");
        assert_eq!(moves(&again[0]), moves(game), "{text:?}:\n{out}");
        // A game without a terminator is written with `*`.
        let result = |g: &Game| {
            g.result
                .as_ref()
                .map_or((ResultKind::Unknown, "*".to_string()), |r| {
                    (r.kind, r.raw.clone())
                })
        };
        assert_eq!(result(&again[0]), result(game), "{text:?}:\n{out}");
    }
}

/// Found by the `convert` target: a UTF-16 byte-order mark before 8-bit text decodes to NULs
/// and controls. Its raw bytes were never checked for them (UTF-16 has NULs by design), so it
/// was read as text, and its converted text, as UTF-8, then read as binary. The decoded text
/// now tells a binary UTF-16 file, and the file is reported (F002) and not read.
#[test]
fn a_utf16_mark_before_8bit_text_is_binary() {
    let path = format!(
        "{}/tests/fixtures/fuzz/convert_utf16_bom_before_8bit_text.pdn",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(path).expect("fixture");
    assert_eq!(&bytes[..2], &[0xFE, 0xFF], "a UTF-16BE mark");
    let mut codes = Vec::new();
    let mut games = 0;
    pdnkit::check::check_stream(
        bytes.as_slice(),
        &pdnkit::check::CheckOptions::default(),
        |g| {
            games += usize::from(g.chunk.index.is_some());
            codes.extend(g.diagnostics.iter().map(|d| d.code));
        },
    )
    .expect("in memory");
    assert!(codes.contains(&"F002"), "{codes:?}");
    assert_eq!(games, 0);
}

/// Found by the `convert` target: one control byte among carriage returns was text (a tenth of
/// the bytes or fewer), and the same byte with the line ends made canonical, fewer bytes, was
/// binary, so canonical output read as nothing the second time. Controls are now measured
/// against the bytes that are not white space, which writing them again does not change.
#[test]
fn text_written_again_with_other_line_ends_is_judged_binary_alike() {
    let path = format!(
        "{}/tests/fixtures/fuzz/convert_control_among_blank_lines.pdn",
        env!("CARGO_MANIFEST_DIR")
    );
    let input = std::fs::read(path).expect("fixture");
    let canonical = input
        .iter()
        .filter(|&&b| b != b'\r')
        .copied()
        .chain(*b"\n\n")
        .collect::<Vec<u8>>();
    let binary = |bytes: &[u8]| {
        let mut found = false;
        pdnkit::check::check_stream(bytes, &pdnkit::check::CheckOptions::default(), |g| {
            found |= g.diagnostics.iter().any(|d| d.code == "F002");
        })
        .expect("in memory");
        found
    };
    assert!(binary(&input), "one control byte and nothing else printed");
    assert_eq!(binary(&input), binary(&canonical));
}
