//! The PDN writer cannot change meaning: every token it writes reads back as the same kind of
//! token. Random syntax trees (with moves that begin like results, comments holding `[Event`,
//! non-standard Result tags) are written and read back, and the tree read equals the tree
//! written: moves, tags, comments and the result exactly.

use pdnkit::source::Span;
use pdnkit::syntax::{
    Comment, Element, Game, GameResult, Move, MoveNumber, RawText, ReadOptions, ResultKind,
    Separator, SeparatorKind, SquareList, SquareToken, SquareValue, Tag, parse_str,
};
use pdnkit::write::pdn::{move_text, write_game};
use proptest::prelude::*;

const NOWHERE: Span = Span { start: 0, end: 0 };

/// What the reader and the writer must agree on: tags, body tokens and the result.
/// Tags, body tokens and the result, as compared.
type Projection = (Vec<(String, String)>, Vec<String>, (ResultKind, String));

fn projection(g: &Game) -> Projection {
    let tags = g
        .tags
        .iter()
        .map(|t| (t.name.clone(), t.value.clone()))
        .collect();
    let body = g
        .body
        .iter()
        .map(|e| match e {
            Element::MoveNumber(n) => format!("number {} {}", n.number, n.second_player),
            Element::Move(m) => {
                let mut t = String::new();
                move_text(m, &mut t);
                format!("move {t}")
            }
            Element::Ellipsis { .. } => "...".into(),
            // The writer joins a comment's words with single spaces.
            Element::Comment(c) => format!(
                "comment {}",
                c.text.split_whitespace().collect::<Vec<_>>().join(" ")
            ),
            Element::Nag { value, .. } => format!("nag {value}"),
            Element::Setup(s) => format!("setup {}", s.raw),
            Element::VariationStart { .. } => "(".into(),
            Element::VariationEnd { .. } => ")".into(),
        })
        .collect();
    // The writer ends a game without a terminator with `*`.
    let result = g
        .result
        .as_ref()
        .map_or((ResultKind::Unknown, "*".to_string()), |r| {
            (r.kind, r.raw.clone())
        });
    (tags, body, result)
}

fn square_token(value: SquareValue, sep: Option<SeparatorKind>) -> SquareToken {
    SquareToken {
        raw: RawText::EMPTY,
        value,
        span: NOWHERE,
        separator: sep.map(|kind| Separator {
            kind,
            span: NOWHERE,
        }),
    }
}

fn mv(squares: &[SquareValue], capture: bool) -> Element {
    let kind = if capture {
        SeparatorKind::Capture
    } else {
        SeparatorKind::Move
    };
    let tokens: Vec<SquareToken> = squares
        .iter()
        .enumerate()
        .map(|(i, &v)| square_token(v, (i > 0).then_some(kind)))
        .collect();
    Element::Move(Move {
        squares: SquareList::from_slice(&tokens),
        strength: None,
        span: NOWHERE,
    })
}

fn comment(text: &str) -> Element {
    Element::Comment(Comment {
        text: text.to_string(),
        commands: Vec::new(),
        semicolon: false,
        span: NOWHERE,
    })
}

fn game(tags: &[(&str, &str)], body: Vec<Element>, result: (ResultKind, &str)) -> Game {
    Game {
        tags: tags
            .iter()
            .map(|(n, v)| Tag {
                name: n.to_string(),
                name_span: NOWHERE,
                value: v.to_string(),
                value_span: NOWHERE,
                span: NOWHERE,
            })
            .collect(),
        header_comments: Vec::new(),
        body,
        result: Some(GameResult {
            kind: result.0,
            raw: result.1.to_string(),
            span: NOWHERE,
        }),
        span: NOWHERE,
    }
}

/// Writes `g`, reads it back, and returns the text and the games read.
fn write_and_read(g: &Game) -> (String, Vec<Game>) {
    let mut out = String::new();
    write_game(g, &mut out);
    let games = parse_str(&out, &ReadOptions::default())
        .into_iter()
        .filter_map(|c| c.game)
        .collect();
    (out, games)
}

fn assert_reads_back(g: &Game) -> String {
    let (out, again) = write_and_read(g);
    assert_eq!(again.len(), 1, "one game written, one read:\n{out}");
    assert_eq!(projection(&again[0]), projection(g), "\n{out}");
    out
}

fn n(v: u16) -> SquareValue {
    SquareValue::Numeric(v)
}

#[test]
fn moves_that_begin_like_results_are_written_as_moves() {
    for squares in [
        vec![n(1), n(1), n(8)],
        vec![n(1), n(1)],
        vec![n(0), n(2)],
        vec![n(1), n(0)],
        vec![n(0), n(1)],
        vec![n(2), n(0)],
        vec![n(0), n(0)],
    ] {
        let g = game(
            &[],
            vec![mv(&squares, false), mv(&[n(32), n(28)], false)],
            (ResultKind::Unknown, "*"),
        );
        let out = assert_reads_back(&g);
        assert!(out.starts_with('0'), "{out}");
    }
}

#[test]
fn a_move_equal_to_a_non_standard_result_tag_is_written_as_a_move() {
    let g = game(
        &[("Result", "4-6")],
        vec![mv(&[n(4), n(6)], false), mv(&[n(32), n(28)], false)],
        (ResultKind::Other, "4-6"),
    );
    let out = assert_reads_back(&g);
    assert!(out.contains("\n04-6 32-28 4-6\n"), "{out}");
}

#[test]
fn a_comment_is_never_broken_before_a_word_that_starts_like_a_tag() {
    let mut words = vec!["word"; 30];
    words.insert(14, "[Event");
    words.insert(15, "\"x\"]");
    words.push("[Site");
    let text = words.join(" ");
    let g = game(
        &[],
        vec![
            mv(&[n(32), n(28)], false),
            comment(&text),
            mv(&[n(19), n(23)], false),
        ],
        (ResultKind::Win1, "1-0"),
    );
    for width in 0..12 {
        // Shift the comment along the line so each word in turn falls at the wrap.
        let mut g = g.clone();
        g.body.insert(0, comment(&"y".repeat(width * 3)));
        let out = assert_reads_back(&g);
        assert!(
            out.lines().all(|l| !l.trim_start().starts_with('[')),
            "{out}"
        );
    }
}

#[test]
fn the_writer_output_of_the_fuzz_finding_is_unchanged_by_a_second_pass() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/fuzz/roundtrip_moves_changed.pdn"
    );
    let text = String::from_utf8_lossy(&std::fs::read(path).expect("fixture")).into_owned();
    for chunk in parse_str(&text, &ReadOptions::default()) {
        if let Some(g) = chunk.game {
            let first = assert_reads_back(&g);
            let (second, again) = write_and_read(&g);
            assert_eq!(first, second);
            assert_eq!(again.len(), 1);
        }
    }
}

/// A square: mostly numbers (small ones, so results are likely), sometimes algebraic.
fn square() -> impl Strategy<Value = SquareValue> {
    prop_oneof![
        4 => (0u16..=3).prop_map(SquareValue::Numeric),
        3 => (0u16..=72).prop_map(SquareValue::Numeric),
        1 => (0u8..12, 1u8..=12).prop_map(|(file, rank)| SquareValue::Algebraic { file, rank }),
    ]
}

fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => "[a-z0-9.,!?*%;()-]{1,9}",
        1 => Just("[Event".to_string()),
        1 => Just("[%clock".to_string()),
        1 => Just("\"x\"]".to_string()),
        1 => "[a-z]{30,90}",
    ]
}

#[derive(Clone, Debug)]
enum Token {
    Move(Vec<SquareValue>, bool),
    Number(u32, bool),
    Comment(Vec<String>),
    Nag(u32),
    Variation(Vec<SquareValue>),
}

fn token() -> impl Strategy<Value = Token> {
    prop_oneof![
        5 => (prop::collection::vec(square(), 2..5), any::<bool>())
            .prop_map(|(s, c)| Token::Move(s, c)),
        2 => (1u32..300, any::<bool>()).prop_map(|(n, s)| Token::Number(n, s)),
        2 => prop::collection::vec(word(), 0..30).prop_map(Token::Comment),
        1 => (0u32..256).prop_map(Token::Nag),
        1 => prop::collection::vec(square(), 2..4).prop_map(Token::Variation),
    ]
}

fn tree() -> impl Strategy<Value = Game> {
    let result_tag = prop::sample::select(vec![None, Some("4-6"), Some("1-1"), Some("0-2")]);
    let tags = prop::collection::vec(("[A-Z][a-zA-Z]{0,8}", "[ -~]{0,20}"), 0..4);
    (
        tags,
        result_tag,
        prop::collection::vec(token(), 0..50),
        prop::sample::select(vec![
            "*", "1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0",
        ]),
    )
        .prop_map(|(tags, result_tag, tokens, result)| {
            let mut names = std::collections::HashSet::new();
            let mut tags: Vec<(String, String)> = tags
                .into_iter()
                .filter(|(n, _)| n != "Result" && names.insert(n.clone()))
                .collect();
            let mut result = match result {
                "*" => (ResultKind::Unknown, "*".to_string()),
                "1-0" => (ResultKind::Win1, result.to_string()),
                "0-1" => (ResultKind::Loss1, result.to_string()),
                "1/2-1/2" => (ResultKind::Draw1, result.to_string()),
                "2-0" => (ResultKind::Win2, result.to_string()),
                "0-2" => (ResultKind::Loss2, result.to_string()),
                "1-1" => (ResultKind::Draw2, result.to_string()),
                _ => (ResultKind::DoubleForfeit, result.to_string()),
            };
            if let Some(r) = result_tag {
                tags.push(("Result".into(), r.into()));
                if r == "4-6" {
                    result = (ResultKind::Other, r.to_string());
                }
            }
            let mut body = Vec::new();
            let mut moves = 0;
            for t in tokens {
                match t {
                    Token::Move(s, c) => {
                        body.push(mv(&s, c || s.len() > 2));
                        moves += 1;
                    }
                    Token::Number(n, second) => body.push(Element::MoveNumber(MoveNumber {
                        number: n,
                        second_player: second,
                        zero_padded: false,
                        span: NOWHERE,
                    })),
                    Token::Comment(words) => body.push(comment(&words.join(" "))),
                    Token::Nag(value) => body.push(Element::Nag {
                        value,
                        span: NOWHERE,
                    }),
                    // A variation replaces a move: it follows one.
                    Token::Variation(s) if moves > 0 => {
                        body.push(Element::VariationStart { span: NOWHERE });
                        body.push(mv(&s, s.len() > 2));
                        body.push(Element::VariationEnd { span: NOWHERE });
                    }
                    Token::Variation(_) => {}
                }
            }
            let tags: Vec<(&str, &str)> =
                tags.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
            game(&tags, body, (result.0, &result.1))
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

    #[test]
    fn a_written_tree_reads_back_as_the_same_tree(g in tree()) {
        // A terminator alone, or with comments only, is no game to the reader (`write_chunk`
        // keeps such text as it was).
        prop_assume!(
            !g.tags.is_empty() || g.body.iter().any(|e| !matches!(e, Element::Comment(_)))
        );
        let (out, again) = write_and_read(&g);
        prop_assert_eq!(again.len(), 1, "one game written, one read:\n{}", out);
        prop_assert_eq!(projection(&again[0]), projection(&g), "\n{}", out);
        // Lines are at most 80 wide, unless a long word or words that must stay together
        // (one starting with `[` and the word before it) do not fit.
        prop_assert!(out.lines().all(|l| l.chars().count() <= 80 || l.contains('[')
            || l.split(' ').any(|w| w.chars().count() > 29)), "a line wider than 80:\n{}", out);
    }
}
