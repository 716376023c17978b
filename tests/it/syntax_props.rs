//! Property tests: no input panics the reader, and written games read back the same.

use pdnkit::source::TextDecoder;
use pdnkit::syntax::{Game, GameReader, ReadOptions, parse_str};
use pdnkit::write::pdn::write_game;
use proptest::prelude::*;

fn check_chunks(text: &str, options: &ReadOptions) {
    let chunks = parse_str(text, options);
    let joined: String = chunks.iter().map(|c| c.text.as_str()).collect();
    // A NUL makes the text binary; then the reader stops after one chunk.
    if !text
        .bytes()
        .any(|b| b < 0x20 && !b"\t\n\r\x0b\x0c\x1a\x1b".contains(&b))
    {
        assert_eq!(joined, text);
    }
    for c in &chunks {
        for d in &c.diagnostics {
            assert!(d.span.start <= d.span.end);
            if d.code != "F002" && d.code != "F003" && d.code != "F004" {
                assert!(
                    d.span.start >= c.offset && d.span.end <= c.offset + c.text.len(),
                    "{d:?} outside chunk at {} len {}",
                    c.offset,
                    c.text.len()
                );
            }
        }
        if let Some(g) = &c.game {
            let mut out = String::new();
            write_game(g, &mut out);
            let _ = g.lines();
        }
    }
}

/// Text made of PDN pieces, so the parser's deeper states are reached.
fn pdn_soup() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("[Event \"x\"]\n".to_string()),
        Just("[".to_string()),
        Just("]".to_string()),
        Just("\"".to_string()),
        Just("{".to_string()),
        Just("}".to_string()),
        Just("(".to_string()),
        Just(")".to_string()),
        Just("(?)".to_string()),
        Just("*".to_string()),
        Just("1-0".to_string()),
        Just("1-1".to_string()),
        Just("1/2-1/2".to_string()),
        Just("1 1/2 - 1/2".to_string()),
        Just("1.".to_string()),
        Just("1...".to_string()),
        Just("...".to_string()),
        Just("32-28".to_string()),
        Just("28x19x10".to_string()),
        Just("c3:e5".to_string()),
        Just("a3b4".to_string()),
        Just("3228".to_string()),
        Just("01-07".to_string()),
        Just("!?".to_string()),
        Just("$12".to_string()),
        Just("/FEN \"W:W1:B2\"/".to_string()),
        Just("/".to_string()),
        Just(";".to_string()),
        Just("%".to_string()),
        Just("\\n".to_string()),
        Just("[%clock w0:00:01]".to_string()),
        Just(" ".to_string()),
        Just("\n".to_string()),
        Just("\r".to_string()),
        "[ -~]{0,3}",
        "\\PC{0,2}",
    ];
    prop::collection::vec(piece, 0..60).prop_map(|v| v.concat())
}

fn canonical(g: &Game) -> String {
    let mut out = String::new();
    write_game(g, &mut out);
    out
}

/// A random game in (mostly) standard PDN, with variations, comments and the rest.
fn game_text() -> impl Strategy<Value = String> {
    let tag = ("[A-Z][a-zA-Z]{0,8}", "[ -~]{0,12}").prop_map(|(n, v)| {
        let v = v.replace('\\', "\\\\").replace('"', "\\\"");
        format!("[{n} \"{v}\"]\n")
    });
    let square = prop_oneof![
        (1u16..=50).prop_map(|n| n.to_string()),
        ("[a-l]", 1u8..=12).prop_map(|(f, r)| format!("{f}{r}")),
    ];
    let mv = (
        prop::collection::vec(square, 2..5),
        prop::sample::select(vec!["-", "x", ":"]),
        prop::sample::select(vec!["", "!", "?", "!!", "??", "!?", "?!", "(?)", "(!?)"]),
    )
        .prop_map(|(sq, sep, st)| {
            let sep = if sq.len() > 2 { "x" } else { sep };
            format!("{}{st}", sq.join(sep))
        });
    let token = prop_oneof![
        4 => mv,
        2 => (1u32..200).prop_map(|n| format!("{n}.")),
        1 => (1u32..200).prop_map(|n| format!("{n}...")),
        1 => Just("...".to_string()),
        1 => (0u32..300).prop_map(|n| format!("${n}")),
        1 => "[ -z|~]{0,15}".prop_map(|t| format!("{{{t}}}")),
        1 => Just("{[%clock w0:10:00 B0:09:58]}".to_string()),
        1 => Just("/FEN \"W:W31-50:B1-20\"/".to_string()),
        1 => Just("(".to_string()),
        1 => Just(")".to_string()),
    ];
    (
        prop::collection::vec(tag, 0..4),
        prop::collection::vec(token, 0..40),
        prop::sample::select(vec![
            "*", "1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0",
        ]),
    )
        .prop_map(|(tags, tokens, result)| {
            // Balance the parentheses: drop `)` with nothing open, close what stays open.
            let mut depth = 0usize;
            let mut body = Vec::new();
            for t in tokens {
                if t == "(" {
                    depth += 1;
                } else if t == ")" {
                    if depth == 0 {
                        continue;
                    }
                    depth -= 1;
                }
                body.push(t);
            }
            body.extend(std::iter::repeat_n(")".to_string(), depth));
            // A well-formed header names each tag once.
            let mut names = std::collections::HashSet::new();
            let tags: Vec<String> = tags
                .into_iter()
                .filter(|t| names.insert(t.split('"').next().unwrap_or("").trim().to_string()))
                .collect();
            format!("{}{} {result}\n", tags.concat(), body.join(" "))
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn no_string_panics_the_reader(text in "\\PC{0,200}") {
        check_chunks(&text, &ReadOptions::default());
    }

    #[test]
    fn no_pdn_soup_panics_the_reader(text in pdn_soup()) {
        check_chunks(&text, &ReadOptions::default());
        check_chunks(&text, &ReadOptions { strict: true, max_depth: 2 });
    }

    #[test]
    fn no_bytes_panic_the_decoder_and_reader(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let reader = GameReader::new(TextDecoder::new(&bytes[..]), ReadOptions::default());
        for chunk in reader {
            let chunk = chunk.unwrap();
            if let Some(g) = &chunk.game {
                let _ = canonical(g);
            }
        }
    }

    #[test]
    fn written_games_read_back_the_same(text in game_text()) {
        let chunks = parse_str(&text, &ReadOptions::default());
        let games: Vec<Game> = chunks.into_iter().filter_map(|c| c.game).collect();
        prop_assume!(!games.is_empty());
        for g in &games {
            let written = canonical(g);
            let again = parse_str(&written, &ReadOptions::default());
            let regames: Vec<&Game> = again.iter().filter_map(|c| c.game.as_ref()).collect();
            prop_assert_eq!(regames.len(), 1, "{}", written);
            prop_assert_eq!(canonical(regames[0]), written.clone());
            // The canonical form is standard PDN: no findings, also in strict mode.
            let strict = parse_str(&written, &ReadOptions { strict: true, ..Default::default() });
            let codes: Vec<_> = strict.iter().flat_map(|c| c.diagnostics.iter().map(|d| d.code)).collect();
            prop_assert!(codes.is_empty(), "{:?} in\n{}", codes, written);
        }
    }
}
