//! Tag values holding bare quotes (N223) or broken over two lines (N224): one game, the value
//! as meant, one warning; what stays ambiguous stays an error.

use pdnkit::check::{CheckOptions, check_stream};
use pdnkit::source::TextDecoder;
use pdnkit::syntax::{Chunk, GameReader, ReadOptions, parse_str};

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/syntax/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path).unwrap()
}

/// Each chunk's findings as `CODE line:column`.
fn codes(chunks: &[Chunk]) -> Vec<Vec<String>> {
    chunks
        .iter()
        .map(|c| {
            c.diagnostics
                .iter()
                .map(|d| {
                    let lc = c.line_col(d.span.start);
                    format!("{} {}:{}", d.code, lc.line, lc.column)
                })
                .collect()
        })
        .collect()
}

fn games(chunks: &[Chunk]) -> usize {
    chunks.iter().filter(|c| c.game.is_some()).count()
}

fn tag<'a>(chunk: &'a Chunk, name: &str) -> Option<&'a str> {
    chunk.game.as_ref().and_then(|g| g.tag(name))
}

#[test]
fn a_value_with_bare_quotes_keeps_one_game_and_gets_one_warning() {
    let c = parse_str(&fixture("tag_quotes.pdn"), &ReadOptions::default());
    assert_eq!(games(&c), 2);
    assert_eq!(
        codes(&c),
        [vec!["N223 2:13"], vec!["N223 7:16", "N223 8:33"]]
    );
    assert_eq!(tag(&c[0], "Event"), Some("Open \"Cup\" 2005"));
    assert_eq!(tag(&c[0], "Site"), Some("Kiev \"Dynamo\" club"));
    assert_eq!(tag(&c[0], "GameType"), Some("20"));
    assert_eq!(tag(&c[1], "Event"), Some("Турнир \"Белая ладья\""));
    // Another tag after it on the line, blanks at the line's end.
    assert_eq!(tag(&c[1], "White"), Some("Иванов"));
    assert_eq!(tag(&c[1], "Black"), Some("Петров \"Старший\""));
    assert_eq!(tag(&c[1], "GameType"), Some("25"));
    let d = &c[0].diagnostics[0];
    assert_eq!(d.severity, pdnkit::Severity::Warning);
    assert_eq!(d.span.end - d.span.start, 1, "the first inner quote");
    // The whole tag is one tag, up to its `]`.
    let site = &c[0].game.as_ref().unwrap().tags[1];
    assert_eq!(
        &c[0].text[site.span.start - c[0].offset..site.span.end - c[0].offset],
        "[Site \"Kiev \"Dynamo\" club\"]"
    );
}

#[test]
fn a_value_broken_over_two_lines_is_joined_with_one_warning() {
    let c = parse_str(
        &fixture("tag_value_line_break.pdn"),
        &ReadOptions::default(),
    );
    assert_eq!(games(&c), 2);
    assert_eq!(
        codes(&c),
        [vec!["N224 1:19"], vec!["N224 7:16", "N223 8:3"]]
    );
    assert_eq!(tag(&c[0], "Event"), Some("Campionato Italiano 2005"));
    assert_eq!(tag(&c[0], "GameType"), Some("20"));
    assert_eq!(tag(&c[1], "Event"), Some("Coppa \"Trofeo\" finale"));
}

#[test]
fn strict_reading_makes_them_errors() {
    let strict = ReadOptions {
        strict: true,
        ..ReadOptions::default()
    };
    let c = parse_str(&fixture("tag_quotes.pdn"), &strict);
    assert_eq!(games(&c), 2);
    assert!(
        c.iter()
            .flat_map(|c| &c.diagnostics)
            .all(|d| d.severity == pdnkit::Severity::Error)
    );
}

#[test]
fn ambiguous_lines_stay_errors() {
    let c = parse_str(
        &fixture("tag_quotes_ambiguous.pdn"),
        &ReadOptions::default(),
    );
    let all: Vec<String> = codes(&c).concat();
    // Movetext after the `]`; a `"]` inside the value; a tag's start inside it; a broken
    // value whose next line is movetext; one whose next line does not end the tag.
    assert_eq!(
        all,
        [
            "S103 1:1",
            "S105 1:15",
            "S103 2:1",
            "S105 2:12",
            "S103 4:1",
            "S105 4:12",
            "S102 6:8",
            "S102 8:8",
            "S105 9:1"
        ]
    );
    // The value whose next line is movetext keeps its game.
    let with_moves = c
        .iter()
        .find(|c| c.diagnostics.iter().any(|d| d.code == "S102"))
        .unwrap();
    assert_eq!(with_moves.game.as_ref().unwrap().body.len(), 3);
}

#[test]
fn read_in_small_blocks_they_read_the_same() {
    struct Trickle<'a>(&'a [u8]);
    impl std::io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(3).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    for name in [
        "tag_quotes.pdn",
        "tag_value_line_break.pdn",
        "tag_quotes_ambiguous.pdn",
    ] {
        let text = fixture(name);
        let whole = parse_str(&text, &ReadOptions::default());
        let trickled: Vec<Chunk> = GameReader::new(
            TextDecoder::new(Trickle(text.as_bytes())),
            ReadOptions::default(),
        )
        .map(Result::unwrap)
        .collect();
        assert_eq!(whole.len(), trickled.len(), "{name}");
        for (a, b) in whole.iter().zip(&trickled) {
            assert_eq!(a.text, b.text, "{name}");
            assert_eq!(a.game, b.game, "{name}");
            assert_eq!(a.diagnostics, b.diagnostics, "{name}");
        }
    }
}

#[test]
fn the_check_counts_one_game_per_record() {
    for (name, games) in [("tag_quotes.pdn", 2), ("tag_value_line_break.pdn", 2)] {
        let text = fixture(name);
        let totals = check_stream(text.as_bytes(), &CheckOptions::default(), |_| {}).unwrap();
        assert_eq!(totals.games, games, "{name}");
        assert_eq!(totals.errors, 0, "{name}");
    }
}

/// The quote that closes a value holding bare quotes is the one before `]` and white space to
/// the line's end: white space as the reader takes it between tokens (a vertical tab, a form
/// feed, the DOS end-of-file mark, a byte order mark), which canonical form trims from the end
/// of the text it keeps. Read otherwise, the tag was left open, and the next line's tag read as
/// the start of another game.
#[test]
fn a_value_with_bare_quotes_ends_before_white_space_of_any_kind() {
    for after in ["", " ", "\u{b}", "\u{c}", "\u{1a}", "\u{feff}", " \u{b}\t"] {
        let text =
            format!("[Site \"Kiev \"Dynamo\" club\"]{after}\n[Result \"1-0\"]\n1. 32-28 1-0\n");
        let chunks = parse_str(&text, &ReadOptions::default());
        assert_eq!(games(&chunks), 1, "{after:?}");
        let game = chunks.iter().find(|c| c.game.is_some()).expect("a game");
        assert_eq!(tag(game, "Site"), Some("Kiev \"Dynamo\" club"), "{after:?}");
        assert!(
            codes(&chunks).concat().iter().all(|c| c.starts_with("N2")),
            "{after:?}: {:?}",
            codes(&chunks)
        );
    }
}
