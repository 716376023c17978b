//! Broken input: every case gets its own clear diagnostic and never a panic.

use pdnkit::source::TextDecoder;
use pdnkit::syntax::{Chunk, GameReader, ReadOptions, parse_str};

fn read_bytes(bytes: &[u8]) -> Vec<Chunk> {
    GameReader::new(TextDecoder::new(bytes), ReadOptions::default())
        .map(|c| c.expect("reading from memory cannot fail"))
        .collect()
}

fn codes_of(chunks: &[Chunk]) -> Vec<String> {
    let mut out = Vec::new();
    for c in chunks {
        for d in &c.diagnostics {
            let lc = c.line_col(d.span.start);
            out.push(format!("{} {}:{}", d.code, lc.line, lc.column));
        }
    }
    out
}

fn lenient(text: &str) -> Vec<String> {
    codes_of(&parse_str(text, &ReadOptions::default()))
}

fn game_count(chunks: &[Chunk]) -> usize {
    chunks.iter().filter(|c| c.game.is_some()).count()
}

#[test]
fn empty_file_gets_one_no_games_diagnostic() {
    let c = read_bytes(b"");
    assert_eq!(codes_of(&c), ["F005 1:1"]);
    assert_eq!(c.len(), 1);
}

#[test]
fn file_of_comments_gets_one_no_games_diagnostic() {
    let c = read_bytes(b"{ only a comment }\n% and a line comment\n");
    assert_eq!(codes_of(&c), ["F005 1:1"]);
}

#[test]
fn binary_garbage_gets_one_diagnostic() {
    let mut bytes = b"[Event \"x\"]\n".to_vec();
    bytes.extend((0u8..=255).cycle().take(10_000));
    let c = read_bytes(&bytes);
    let codes: Vec<_> = c
        .iter()
        .flat_map(|c| c.diagnostics.iter().map(|d| d.code))
        .collect();
    assert_eq!(codes, ["F002"]);
}

#[test]
fn text_that_is_not_pdn_gets_one_diagnostic() {
    let text = "This is a letter, not a game record.\nIt has many lines (and parentheses),\n\
                numbers like 12 and 1-0, and words.\nRegards.\n";
    let c = parse_str(text, &ReadOptions::default());
    assert_eq!(codes_of(&c), ["S105 1:1"]);
    assert_eq!(game_count(&c), 0);
}

#[test]
fn the_tab_separated_move_list_reads_as_one_game() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpus/py-draughts/american-movelist.txt"
    ))
    .unwrap();
    let c = parse_str(&text, &ReadOptions::default());
    assert_eq!(game_count(&c), 1);
    assert_eq!(codes_of(&c), ["N210 20:16"]);
}

#[test]
fn a_broken_game_does_not_stop_the_next() {
    let text = "[Event \"a\"]\n1. 32-28 @@@ 19-23 *\n[Event \"b\"]\n1. 33-29 *\n";
    let c = parse_str(text, &ReadOptions::default());
    assert_eq!(game_count(&c), 2);
    assert_eq!(codes_of(&c), ["S105 2:10"]);
    let first = c[0].game.as_ref().unwrap();
    assert_eq!(first.main_line_moves().count(), 1);
    assert!(first.result.is_none());
    assert_eq!(c[1].game.as_ref().unwrap().tag("Event"), Some("b"));
}

#[test]
fn unterminated_constructs_point_at_their_opening_character() {
    assert_eq!(
        lenient("1. 32-28 { never closed\n[Event \"b\"]\n*\n"),
        ["S101 1:10"]
    );
    assert_eq!(lenient("[Event \"open\n1. 32-28 *\n"), ["S102 1:8"]);
    assert_eq!(lenient("[Event \"x\"\n1. 32-28 *\n"), ["S103 1:1"]);
    assert_eq!(lenient("1. 32-28 (19-23 (18-22 *\n"), ["S104 1:10"]);
    assert_eq!(lenient("1. 32-28 ) 19-23 *\n"), ["S104 1:10"]);
    assert_eq!(lenient("1. 32-28 /FEN \"W:W1:B2\" *\n"), ["S110 1:10"]);
    assert_eq!(lenient("[Event]\n1. 32-28 *\n"), ["S106 1:1"]);
}

#[test]
fn chunks_cover_every_byte_in_order() {
    let text = "{pre}\n[Event \"a\"]\n1. 32-28 *\r\n\r\n1. 33-29 1-0 {trailing}\n";
    let c = parse_str(text, &ReadOptions::default());
    let joined: String = c.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(joined, text);
    let mut at = 0;
    for ch in &c {
        assert_eq!(ch.offset, at);
        at += ch.text.len();
    }
    assert_eq!(c[1].first_line, 4);
    assert!(c[2].game.is_none());
    assert_eq!(c.iter().filter_map(|c| c.index).collect::<Vec<_>>(), [1, 2]);
}

fn deep(n: usize) -> String {
    let mut s = String::from("1. 32-28 ");
    for _ in 0..n {
        s.push_str("(19-23 ");
    }
    for _ in 0..n {
        s.push(')');
    }
    s.push_str(" *\n");
    s
}

#[test]
fn deep_nesting_does_not_overflow_the_stack() {
    // The default 2 MiB stack of a spawned thread, like the test harness gives.
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let text = deep(100_000);
            // Default limit: the too-deep part is skipped with one diagnostic.
            let c = parse_str(&text, &ReadOptions::default());
            assert_eq!(game_count(&c), 1);
            let codes: Vec<_> = c
                .iter()
                .flat_map(|c| c.diagnostics.iter().map(|d| d.code))
                .collect();
            assert_eq!(codes, ["S109"]);
            // No limit: the whole tree is kept, serialized, written and dropped.
            let opts = ReadOptions {
                max_depth: usize::MAX,
                ..Default::default()
            };
            let mut c = parse_str(&text, &opts);
            assert!(c[0].diagnostics.is_empty());
            let game = c.remove(0).game.unwrap();
            assert_eq!(game.lines().len(), 100_001);
            let json = serde_json::to_string(&game).unwrap();
            assert!(json.len() > 100_000);
            let mut out = String::new();
            pdnkit::write::pdn::write_game(&game, &mut out);
            assert!(out.len() > 700_000);
            drop(game);
        })
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn streaming_in_small_blocks_gives_the_same_chunks() {
    struct Trickle<'a>(&'a [u8]);
    impl std::io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(7).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpus/checkerboard/tinsley.pdn"
    );
    let bytes = std::fs::read(path).unwrap();
    let whole = read_bytes(&bytes);
    let trickled: Vec<Chunk> =
        GameReader::new(TextDecoder::new(Trickle(&bytes)), ReadOptions::default())
            .map(Result::unwrap)
            .collect();
    assert_eq!(whole.len(), trickled.len());
    for (a, b) in whole.iter().zip(&trickled) {
        assert_eq!(a.text, b.text);
        assert_eq!(a.game, b.game);
        assert_eq!(a.diagnostics, b.diagnostics);
    }
}

#[test]
fn latin1_file_gets_one_decoding_note_and_reads() {
    let bytes = b"[White \"Ren\xe9\"]\n1. 32-28 *\n[White \"Jos\xe9\"]\n1. 33-29 *\n";
    let c = read_bytes(bytes);
    assert_eq!(codes_of(&c), ["F003 1:1"]);
    assert_eq!(game_count(&c), 2);
    assert_eq!(c[0].game.as_ref().unwrap().tag("White"), Some("René"));
}

#[test]
fn megabytes_of_junk_give_one_diagnostic() {
    let line = "lorem ipsum dolor sit amet (consectetur) adipiscing elit 12 34\n";
    let text = line.repeat(3_000_000 / line.len());
    let c = parse_str(&text, &ReadOptions::default());
    assert!(c.len() > 1, "junk is cut into bounded chunks");
    assert_eq!(codes_of(&c), ["S105 1:1"]);
    let joined: String = c.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(joined, text);
}

#[test]
fn a_runaway_comment_is_cut_without_reading_the_whole_file() {
    let text = format!("1. 32-28 {{ {}", "words without end ".repeat(200_000));
    let c = parse_str(&text, &ReadOptions::default());
    assert_eq!(codes_of(&c), ["S101 1:10"]);
    assert!(c.len() > 1 && c[0].text.len() < 3 << 20);
}

#[test]
fn games_before_a_late_binary_byte_are_kept() {
    // Two kilobytes of games, then a NUL and garbage: the games are read, then one F002.
    let mut text = String::new();
    while text.len() < 2048 {
        text.push_str("[GameType \"20\"]\n1. 32-28 19-23 *\n\n");
    }
    let games = text.matches("[GameType").count();
    text.push_str("\0\u{1}garbage");
    let chunks = pdnkit::syntax::parse_str(&text, &pdnkit::syntax::ReadOptions::default());
    assert_eq!(chunks.iter().filter(|c| c.game.is_some()).count(), games);
    let codes: Vec<&str> = chunks
        .iter()
        .flat_map(|c| c.diagnostics.iter().map(|d| d.code))
        .collect();
    assert_eq!(codes, ["F002"]);
}

#[test]
fn a_square_number_too_large_to_store_is_reported_with_its_limit() {
    for (text, at) in [
        ("1. 123456789012345678901234567890-28 19-23 *\n", "S112 1:4"),
        ("1. 32-70000 19-23 *\n", "S112 1:7"),
        ("1. 30x70000x3 19-23 *\n", "S112 1:7"),
    ] {
        let chunks = parse_str(text, &ReadOptions::default());
        assert_eq!(codes_of(&chunks), [at], "{text}");
        let d = &chunks[0].diagnostics[0];
        assert!(d.message.contains("at most 65535"), "{}", d.message);
        // The rest of the game is read: the next move is there.
        let game = chunks[0].game.as_ref().expect("a game");
        assert_eq!(game.main_line_moves().count(), 1, "{text}");
    }
    // A square number that fits is left to the replay, which knows the board.
    let chunks = parse_str("1. 65535-28 *\n", &ReadOptions::default());
    assert!(codes_of(&chunks).is_empty());
}

#[test]
fn a_tag_line_without_its_bracket_is_named_as_one() {
    // A real export lost the `[` of an Event tag; the message says what the line looks like.
    let text = "[White \"A\"]\nEvent \"Veteranenkampioenschap 2025\"]\n1. 32-28 19-23 *\n";
    let chunks = parse_str(text, &ReadOptions::default());
    let d: Vec<_> = chunks.iter().flat_map(|c| &c.diagnostics).collect();
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!(d[0].code, "S105");
    assert!(
        d[0].message.contains("a tag missing its opening `[`"),
        "{}",
        d[0].message
    );
    // A word that is not shaped like a tag gets the plain message.
    let plain = parse_str("1. 32-28 hello 19-23 *\n", &ReadOptions::default());
    let m = &plain[0].diagnostics[0].message;
    assert_eq!(m, "`hello` is not PDN");
}

#[test]
fn a_stray_letter_before_a_result_does_not_swallow_the_result() {
    // `X` glued to the move reads as a separator; the result after the blank ends the game
    // rather than giving the move two squares more (one of them square 0).
    for result in ["1-0", "0-1", "2-0", "0-2", "1-1", "0-0", "1/2-1/2"] {
        let text = format!("1. 32-28 19-23 2. 37-32X {result}\n");
        let c = parse_str(&text, &ReadOptions::default());
        assert_eq!(lenient(&text), ["S107 1:19"], "{text}");
        let game = c[0].game.as_ref().expect("one game");
        let raw = &game.result.as_ref().expect("the result is read").raw;
        assert_eq!(raw, result);
        let moves: Vec<usize> = game
            .body
            .iter()
            .filter_map(|e| match e {
                pdnkit::syntax::Element::Move(m) => Some(m.squares.len()),
                _ => None,
            })
            .collect();
        assert_eq!(moves, [2, 2], "{text}");
    }
    // Glued to the separator, digits are still squares of the move.
    let text = "1. 32-28 19-23 2. 37-32x10-0\n";
    assert!(lenient(text).iter().all(|c| !c.starts_with("S107")));
}

/// Found by the `convert` fuzz target: after a game whose unreadable text was skipped up to its
/// terminator, the next game's own unreadable text went unreported (the reader took it for the
/// rest of the first stretch), so that game looked whole and was written without that text.
#[test]
fn unreadable_text_in_the_game_after_a_skipped_stretch_is_reported() {
    let text = "[Event \"a\"]\n1. 32-28 c. 19-23 *\n\n[Event \"b\"]\n1. 32-28 Site \"x\"]\n\n[Date \"1\"]\n*\n";
    let codes = lenient(text);
    assert_eq!(
        codes.iter().filter(|c| c.starts_with("S105")).count(),
        2,
        "{codes:?}"
    );
}

/// The findings of a check of `text` (trees kept, the default), as `CODE line:col`, and the
/// games read.
fn checked(text: &str) -> (Vec<String>, usize) {
    let mut found = Vec::new();
    let mut games = 0;
    pdnkit::check::check_stream(
        text.as_bytes(),
        &pdnkit::check::CheckOptions::default(),
        |g| {
            games += usize::from(g.chunk.index.is_some());
            for d in &g.diagnostics {
                // Of text released as it was read, from the text the finding kept.
                let x = d.span.start;
                let lc = match d.quotes.iter().find(|q| q.holds(x)) {
                    Some(q) => pdnkit::source::LineIndex::new(&q.text, q.offset, q.line)
                        .starting_at_column(q.column)
                        .line_col(&q.text, x),
                    None => g.chunk.line_col(x),
                };
                found.push(format!("{} {}:{}", d.code, lc.line, lc.column));
            }
        },
    )
    .expect("reading from memory cannot fail");
    (found, games)
}

/// A token longer than any PDN token (a tag line, a comment line, a setup, a word of movetext,
/// in the main line or a variation) is skipped to its end with one S113 at its start, without
/// being held; the game is read on after it and its moves are checked. Trees kept, such a game
/// is let go part by part (F009).
#[test]
fn a_token_longer_than_a_megabyte_is_skipped_with_one_finding() {
    // Long enough to run past the text the reader holds at once, whatever its blocks.
    let long = |c: char| c.to_string().repeat(8 * pdnkit::syntax::LONG_TOKEN + 17);
    let cases: Vec<(String, Vec<&str>)> = vec![
        (
            format!(
                "[GameType \"20\"]\n[Event \"{}\"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n",
                long('x')
            ),
            vec!["F009 2:1", "S113 2:1"],
        ),
        (
            format!(
                "[GameType \"20\"]\n; {}\n1. 32-28 19-23 2. 28x19 14x23 *\n",
                long('x')
            ),
            vec!["F009 2:1", "S113 2:1"],
        ),
        (
            format!(
                "[GameType \"20\"]\n\n1. 32-28 /FEN \"W:W{}\"/ 19-23 2. 28x19 14x23 *\n",
                long('3')
            ),
            vec!["F009 3:10", "S113 3:10"],
        ),
        (
            format!(
                "[GameType \"20\"]\n\n1. 32-28 ${} 19-23 2. 28x19 14x23 *\n",
                long('1')
            ),
            vec!["F009 3:10", "S113 3:10"],
        ),
        (
            // In a variation: the rest of the variation is let go, the main line is checked
            // on (37-32 leaves a capture untaken: R305).
            format!(
                "[GameType \"20\"]\n\n1. 32-28 (1. 33-29 {} 19-23) 19-23 2. 37-32 *\n",
                long('1')
            ),
            vec!["F009 3:20", "S113 3:20", "R305 3:{}"],
        ),
    ];
    let mut failures = Vec::new();
    for (text, expected) in cases {
        let (found, games) = checked(&text);
        let head: String = text.chars().take(60).collect();
        assert_eq!(games, 1, "{head}");
        let found: Vec<String> = found
            .into_iter()
            .map(|f| {
                if f.starts_with("R305") {
                    "R305 3:{}".to_string()
                } else {
                    f
                }
            })
            .collect();
        if found != expected {
            failures.push(format!("{head}: {found:?}, expected {expected:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The message says what was skipped and how long it was.
    let text = format!("[GameType \"20\"]\n\n1. 32-28 ${} *\n", long('1'));
    let mut messages = Vec::new();
    pdnkit::check::check_stream(
        text.as_bytes(),
        &pdnkit::check::CheckOptions::default(),
        |g| messages.extend(g.diagnostics.iter().map(|d| d.message.clone())),
    )
    .expect("reading from memory cannot fail");
    assert!(
        messages.iter().any(|m| m.starts_with(&format!(
            "a word of movetext of {} bytes",
            8 * pdnkit::syntax::LONG_TOKEN + 18
        ))),
        "{messages:?}"
    );
    // A GameType tag too long is not read: the game is read as one without GameType.
    let text = format!("[GameType \"2{}\"]\n\n1. 32-28 19-23 *\n", long('0'));
    let (found, _) = checked(&text);
    assert_eq!(
        found.first().map(String::as_str),
        Some("S113 1:1"),
        "{found:?}"
    );
    assert!(found.iter().any(|f| f.starts_with("G506")), "{found:?}");
}

/// A game without a terminator that a tag ends, the tag having only blanks before it on its
/// line (spaces, a tab, a vertical tab, a form feed): the next game starts with that line, in
/// column 1, as it does after a terminator, and the game before ends with its line end. A tag
/// after a move on the same line still starts its game in the middle of that line.
#[test]
fn a_tag_indented_on_its_line_starts_the_next_game_with_that_line() {
    for blanks in ["  ", "\t", "\u{b}", "\u{c}", " \u{b} "] {
        let text = format!("1. 32-28 19-23\n{blanks}[Event \"b\"]\n1. 33-29 *\n");
        let chunks = parse_str(&text, &ReadOptions::default());
        assert_eq!(game_count(&chunks), 2, "{blanks:?}");
        assert_eq!(chunks[0].text, "1. 32-28 19-23\n", "{blanks:?}");
        assert_eq!(
            chunks[1].text,
            format!("{blanks}[Event \"b\"]\n1. 33-29 *\n")
        );
        assert_eq!((chunks[1].first_line, chunks[1].first_column), (2, 1));
        assert_eq!(lenient(&text), ["N212 1:15"], "{blanks:?}");
    }
    // A game of tags alone that a repeated tag ends (N216): the same.
    let text = "[Event \"a\"]\n\n\t[Event \"b\"]\n1. 33-29 *\n";
    let chunks = parse_str(text, &ReadOptions::default());
    assert_eq!(game_count(&chunks), 2);
    assert_eq!(chunks[0].text, "[Event \"a\"]\n\n");
    assert_eq!((chunks[1].first_line, chunks[1].first_column), (3, 1));
    assert!(chunks[1].after_open_game);
    assert_eq!(lenient(text), ["N216 1:12"]);
    let chunks = parse_str(
        "1. 32-28 19-23 [Event \"b\"]\n1. 33-29 *\n",
        &ReadOptions::default(),
    );
    assert_eq!(chunks[0].text, "1. 32-28 19-23 ");
    assert_eq!((chunks[1].first_line, chunks[1].first_column), (1, 16));
}
