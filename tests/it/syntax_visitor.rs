//! The streaming reader's visitor: what it hears is what the syntax tree holds, and where the
//! blocks of a file end changes nothing.

#[allow(dead_code)]
use crate::common;

use std::ops::ControlFlow;

use pdnkit::lint::Diagnostic;
use pdnkit::source::{Span, TextDecoder};
use pdnkit::syntax::{
    Element, Game, GameReader, MoveNumber, RawComment, RawMove, RawResult, RawSetup, ReadOptions,
    Skip, Strength, Tag, Visitor, parse_str,
};
use proptest::prelude::*;

/// Text made of PDN pieces, so the reader's deeper states are reached.
fn pdn_soup() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("[Event \"x\"]\n".to_string()),
        Just("[Result \"4-6\"]\n".to_string()),
        Just("\n\n[Event \"y\"]\n".to_string()),
        Just("[".to_string()),
        Just("]".to_string()),
        Just("\"".to_string()),
        Just("{".to_string()),
        Just("}".to_string()),
        Just("(".to_string()),
        Just(")".to_string()),
        Just("(?)".to_string()),
        Just("(a note)".to_string()),
        Just("*".to_string()),
        Just("1-0".to_string()),
        Just("4-6".to_string()),
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
        Just(" !".to_string()),
        Just("$12".to_string()),
        Just("/FEN \"W:W1:B2\"/".to_string()),
        Just("/".to_string()),
        Just(";".to_string()),
        Just("%".to_string()),
        Just("\\n".to_string()),
        Just("{[%clock w0:00:01]}".to_string()),
        Just(" ".to_string()),
        Just("\n".to_string()),
        Just("\r".to_string()),
        "[ -~]{0,3}",
    ];
    prop::collection::vec(piece, 0..60).prop_map(|v| v.concat())
}

/// The tokens of one game, each as one line of text, by kind.
#[derive(Debug, Default, PartialEq, Eq)]
struct Tokens {
    header: Vec<String>,
    tags: Vec<String>,
    body: Vec<String>,
    result: Option<String>,
    span: Option<Span>,
}

fn sp(s: Span) -> String {
    format!("{}..{}", s.start, s.end)
}

fn strength(s: &Strength) -> String {
    format!(" {} {} {}", s.marks, s.parenthesized, sp(s.span))
}

/// What the syntax tree holds of a game.
fn tree_tokens(g: &Game) -> Tokens {
    let mut t = Tokens {
        header: g
            .header_comments
            .iter()
            .map(|c| format!("{:?} {} {}", c.text, c.semicolon, sp(c.span)))
            .collect(),
        tags: g
            .tags
            .iter()
            .map(|t| format!("{}={:?} {}", t.name, t.value, sp(t.span)))
            .collect(),
        result: g
            .result
            .as_ref()
            .map(|r| format!("{:?} {} {}", r.kind, r.raw, sp(r.span))),
        span: Some(g.span),
        ..Tokens::default()
    };
    for e in &g.body {
        t.body.push(match e {
            Element::MoveNumber(n) => {
                format!("number {} {} {}", n.number, n.second_player, sp(n.span))
            }
            Element::Move(m) => {
                let squares: Vec<String> = m
                    .squares
                    .iter()
                    .map(|s| format!("{}{:?}", s.raw, s.separator.map(|x| x.kind)))
                    .collect();
                format!(
                    "move {} {}{}",
                    squares.join(","),
                    sp(m.span),
                    m.strength.as_ref().map(strength).unwrap_or_default()
                )
            }
            Element::Ellipsis { span } => format!("ellipsis {}", sp(*span)),
            Element::Comment(c) => format!(
                "comment {:?} {} {} {:?}",
                c.text,
                c.semicolon,
                sp(c.span),
                c.commands
            ),
            Element::Nag { value, span } => format!("nag {value} {}", sp(*span)),
            Element::Setup(s) => format!("setup {:?} {:?} {}", s.raw, s.fen, sp(s.span)),
            Element::VariationStart { span } => format!("( {}", sp(*span)),
            Element::VariationEnd { span } => format!(") {}", sp(*span)),
        });
    }
    t
}

/// A visitor that writes down what it hears, independently of the tree builder.
#[derive(Default)]
struct Recorder {
    games: Vec<Tokens>,
    current: Option<Tokens>,
    diagnostics: Vec<Diagnostic>,
    /// Skip every variation.
    skip: bool,
}

impl Recorder {
    fn body(&mut self, line: String) -> ControlFlow<()> {
        self.current
            .as_mut()
            .expect("begin_game first")
            .body
            .push(line);
        ControlFlow::Continue(())
    }
}

impl Visitor for Recorder {
    fn begin_game(&mut self) -> ControlFlow<()> {
        assert!(self.current.is_none(), "begin_game twice");
        self.current = Some(Tokens::default());
        ControlFlow::Continue(())
    }
    fn header_comment(&mut self, c: RawComment<'_>) -> ControlFlow<()> {
        let cur = self.current.as_mut().expect("begin_game first");
        assert!(cur.body.is_empty(), "a header comment after movetext");
        cur.header
            .push(format!("{:?} {} {}", c.text, c.semicolon, sp(c.span)));
        ControlFlow::Continue(())
    }
    fn tag(&mut self, t: &Tag) -> ControlFlow<()> {
        let cur = self.current.as_mut().expect("begin_game first");
        assert!(cur.body.is_empty(), "a tag after movetext");
        cur.tags
            .push(format!("{}={:?} {}", t.name, t.value, sp(t.span)));
        ControlFlow::Continue(())
    }
    fn move_number(&mut self, n: &MoveNumber) -> ControlFlow<()> {
        self.body(format!(
            "number {} {} {}",
            n.number,
            n.second_player,
            sp(n.span)
        ))
    }
    fn mv(&mut self, m: RawMove<'_>) -> ControlFlow<()> {
        assert_eq!(m.text.len(), m.span.end - m.span.start);
        let squares: Vec<String> = m
            .squares
            .iter()
            .map(|s| format!("{}{:?}", s.raw, s.separator.map(|x| x.kind)))
            .collect();
        self.body(format!(
            "move {} {}{}",
            squares.join(","),
            sp(m.span),
            m.strength.map(strength).unwrap_or_default()
        ))
    }
    fn strength(&mut self, s: &Strength) -> ControlFlow<()> {
        let last = self
            .current
            .as_mut()
            .and_then(|c| c.body.last_mut())
            .expect("a move before");
        assert!(
            last.starts_with("move ") && last.matches("..").count() == 1,
            "strength after {last}"
        );
        last.push_str(&strength(s));
        ControlFlow::Continue(())
    }
    fn ellipsis(&mut self, span: Span) -> ControlFlow<()> {
        self.body(format!("ellipsis {}", sp(span)))
    }
    fn comment(&mut self, c: RawComment<'_>) -> ControlFlow<()> {
        self.body(format!(
            "comment {:?} {} {} {:?}",
            c.text,
            c.semicolon,
            sp(c.span),
            c.commands()
        ))
    }
    fn nag(&mut self, value: u32, span: Span) -> ControlFlow<()> {
        self.body(format!("nag {value} {}", sp(span)))
    }
    fn setup(&mut self, s: RawSetup<'_>) -> ControlFlow<()> {
        self.body(format!("setup {:?} {:?} {}", s.raw, s.fen, sp(s.span)))
    }
    fn begin_variation(&mut self, span: Span) -> ControlFlow<(), Skip> {
        if self.skip {
            return ControlFlow::Continue(Skip(true));
        }
        let _ = self.body(format!("( {}", sp(span)));
        ControlFlow::Continue(Skip(false))
    }
    fn end_variation(&mut self, span: Span) -> ControlFlow<()> {
        assert!(!self.skip, "end_variation of a skipped variation");
        self.body(format!(") {}", sp(span)))
    }
    fn result(&mut self, r: RawResult<'_>) -> ControlFlow<()> {
        let cur = self.current.as_mut().expect("begin_game first");
        cur.result = Some(format!("{:?} {} {}", r.kind, r.raw, sp(r.span)));
        ControlFlow::Continue(())
    }
    fn diagnostic(&mut self, d: Diagnostic) {
        self.diagnostics.push(d);
    }
    fn end_game(&mut self, span: Span) {
        let mut cur = self.current.take().expect("begin_game first");
        cur.span = Some(span);
        self.games.push(cur);
    }
}

/// Reads `text` with the recorder and with the tree builder: the same games, tokens and
/// findings.
fn same_as_tree(text: &str, options: &ReadOptions) {
    let chunks = parse_str(text, options);
    let mut reader = GameReader::new(TextDecoder::new(text.as_bytes()), options.clone());
    let mut rec = Recorder::default();
    let mut file_level = Vec::new();
    while let Some(chunk) = reader.next_chunk_with(&mut rec).unwrap() {
        assert!(chunk.game.is_none());
        assert!(rec.current.is_none(), "a game not ended");
        file_level.extend(chunk.diagnostics);
    }
    let trees: Vec<Tokens> = chunks
        .iter()
        .filter_map(|c| c.game.as_ref())
        .map(tree_tokens)
        .collect();
    assert_eq!(rec.games, trees, "in {text:?}");
    let mut heard: Vec<&Diagnostic> = rec.diagnostics.iter().chain(&file_level).collect();
    let mut kept: Vec<&Diagnostic> = chunks.iter().flat_map(|c| &c.diagnostics).collect();
    heard.sort_by_key(|d| (d.span.start, d.code));
    kept.sort_by_key(|d| (d.span.start, d.code));
    assert_eq!(heard, kept, "in {text:?}");
}

/// With every variation skipped: the tree's tokens outside variations, and the same findings.
fn skipping_keeps_the_main_line(text: &str) {
    let options = ReadOptions::default();
    let chunks = parse_str(text, &options);
    let mut reader = GameReader::new(TextDecoder::new(text.as_bytes()), options);
    let mut rec = Recorder {
        skip: true,
        ..Recorder::default()
    };
    while reader.next_chunk_with(&mut rec).unwrap().is_some() {}
    let mains: Vec<Vec<String>> = chunks
        .iter()
        .filter_map(|c| c.game.as_ref())
        .map(|g| {
            let all = tree_tokens(g).body;
            let mut depth = 0usize;
            all.into_iter()
                .filter(|t| {
                    if t.starts_with("( ") {
                        depth += 1;
                        false
                    } else if t.starts_with(") ") {
                        depth -= 1;
                        false
                    } else {
                        depth == 0
                    }
                })
                .collect()
        })
        .collect();
    let heard: Vec<Vec<String>> = rec.games.into_iter().map(|g| g.body).collect();
    assert_eq!(heard, mains, "in {text:?}");
}

fn corpus_text() -> String {
    let mut all = String::new();
    for path in common::corpus_files(&["pdn"]) {
        let bytes = std::fs::read(&path).unwrap();
        let chunks = parse_str(&String::from_utf8_lossy(&bytes), &ReadOptions::default());
        for c in chunks {
            all.push_str(&c.text);
        }
        all.push('\n');
    }
    all
}

#[test]
fn the_visitor_hears_the_tokens_of_the_whole_corpus() {
    same_as_tree(&corpus_text(), &ReadOptions::default());
    skipping_keeps_the_main_line(&corpus_text());
}

#[test]
fn where_a_block_ends_changes_nothing() {
    // Shifting the file by a few bytes moves every block boundary into another token: the
    // games and findings are the same, moved by the shift.
    let text = corpus_text();
    let base = parse_str(&text, &ReadOptions::default());
    for shift in [1usize, 7, 13, 1000, 40_000] {
        let shifted = format!("{}{text}", " ".repeat(shift));
        let chunks = parse_str(&shifted, &ReadOptions::default());
        let games: Vec<String> = chunks
            .iter()
            .filter_map(|c| c.game.as_ref())
            .map(|g| format!("{:?}", tree_tokens(g).body.len()))
            .collect();
        let expected: Vec<String> = base
            .iter()
            .filter_map(|c| c.game.as_ref())
            .map(|g| format!("{:?}", tree_tokens(g).body.len()))
            .collect();
        assert_eq!(games, expected, "shift {shift}");
        let moved = |c: &pdnkit::syntax::Chunk| {
            c.diagnostics
                .iter()
                .map(|d| (d.code, d.span.start))
                .collect::<Vec<_>>()
        };
        let found: Vec<_> = chunks
            .iter()
            .flat_map(moved)
            .map(|(c, s)| (c, s - shift))
            .collect();
        let want: Vec<_> = base.iter().flat_map(moved).collect();
        assert_eq!(found, want, "shift {shift}");
        let spans: Vec<Span> = chunks
            .iter()
            .filter_map(|c| c.game.as_ref())
            .map(|g| Span::new(g.span.start - shift, g.span.end - shift))
            .collect();
        let want_spans: Vec<Span> = base
            .iter()
            .filter_map(|c| c.game.as_ref())
            .map(|g| g.span)
            .collect();
        assert_eq!(spans, want_spans, "shift {shift}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn the_visitor_hears_what_the_tree_holds(text in pdn_soup()) {
        same_as_tree(&text, &ReadOptions::default());
        same_as_tree(&text, &ReadOptions { strict: true, max_depth: 2 });
        skipping_keeps_the_main_line(&text);
    }
}
