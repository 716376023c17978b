//! The tricky tokens of the PDN reading grammar.

use pdnkit::syntax::{
    Chunk, Element, Game, ReadOptions, ResultKind, SeparatorKind, SquareValue, parse_str,
};

fn chunks(text: &str) -> Vec<Chunk> {
    parse_str(text, &ReadOptions::default())
}

fn games(text: &str) -> Vec<Game> {
    chunks(text).into_iter().filter_map(|c| c.game).collect()
}

fn one(text: &str) -> Game {
    let mut g = games(text);
    assert_eq!(g.len(), 1, "{text:?}: {g:#?}");
    g.remove(0)
}

/// Every diagnostic as `CODE line:col`.
fn codes(text: &str, options: &ReadOptions) -> Vec<String> {
    let mut out = Vec::new();
    for c in parse_str(text, options) {
        for d in &c.diagnostics {
            let lc = c.line_col(d.span.start);
            out.push(format!("{} {}:{}", d.code, lc.line, lc.column));
        }
    }
    out
}

fn lenient(text: &str) -> Vec<String> {
    codes(text, &ReadOptions::default())
}

fn moves(g: &Game) -> Vec<String> {
    g.body
        .iter()
        .filter_map(|e| match e {
            Element::Move(m) => {
                let mut s = String::new();
                pdnkit::write::pdn::move_text(m, &mut s);
                Some(s)
            }
            _ => None,
        })
        .collect()
}

#[test]
fn draw_1_1_is_a_result_but_1_10_is_a_move() {
    let g = one("1. 1-10 1-1\n");
    assert_eq!(moves(&g), ["1-10"]);
    assert_eq!(g.result.as_ref().map(|r| r.kind), Some(ResultKind::Draw2));
    let g = one("1. 1-10 2-7 *");
    assert_eq!(moves(&g), ["1-10", "2-7"]);
}

#[test]
fn star_separates_games() {
    let g = games("1. 32-28 *\n1. 33-29 * 1. 34-30 *");
    assert_eq!(g.len(), 3);
    assert!(
        g.iter()
            .all(|g| g.result.as_ref().unwrap().kind == ResultKind::Unknown)
    );
    assert_eq!(moves(&g[2]), ["34-30"]);
}

#[test]
fn results_separate_games() {
    let g = games("1. 32-28 1-0 1. 33-29 0-1\n1. 34-30 1/2-1/2");
    assert_eq!(g.len(), 3);
    assert_eq!(g[1].result.as_ref().unwrap().kind, ResultKind::Loss1);
}

#[test]
fn paren_strength_is_not_a_variation() {
    let g = one("1. 32-28(?) 19-23 (!?) (18-23) *");
    let ms: Vec<_> = g.main_line_moves().collect();
    assert_eq!(ms.len(), 2);
    let st = ms[0].strength.as_ref().unwrap();
    assert!(st.parenthesized);
    assert_eq!(st.marks.as_str(), "?");
    assert_eq!(ms[1].strength.as_ref().unwrap().marks.as_str(), "!?");
    assert_eq!(g.lines().len(), 2);
    assert_eq!(lenient("1. 32-28(?) 19-23 (!?) (18-23) *"), ["N205 1:18"]);
}

#[test]
fn zero_padded_squares_and_numbers_are_read_with_a_warning() {
    let text = "01. 01-07 *";
    let g = one(text);
    assert_eq!(moves(&g), ["1-7"]);
    let Element::Move(m) = &g.body[1] else {
        panic!()
    };
    assert_eq!(m.squares[0].raw.as_str(), "01");
    assert_eq!(m.squares[0].value, SquareValue::Numeric(1));
    assert_eq!(lenient(text), ["N203 1:1", "N203 1:5"]);
    let strict = codes(
        text,
        &ReadOptions {
            strict: true,
            ..Default::default()
        },
    );
    assert_eq!(strict, ["N203 1:1", "N203 1:5"]);
    let sev = &parse_str(
        text,
        &ReadOptions {
            strict: true,
            ..Default::default()
        },
    )[0]
    .diagnostics;
    assert!(sev.iter().all(|d| d.severity == pdnkit::Severity::Error));
}

#[test]
fn ellipsis_placeholder_and_second_player_numbers() {
    let g = one("1. ... 7-12 2. 32-28 2... 12-17 *");
    assert!(matches!(g.body[1], Element::Ellipsis { .. }));
    let Element::MoveNumber(n) = &g.body[5] else {
        panic!()
    };
    assert!(n.second_player);
    assert_eq!(n.number, 2);
    assert!(lenient("1. ... 7-12 *").is_empty());
}

#[test]
fn numeric_run_without_separator_is_split() {
    let g = one("1. 3228 911 *");
    assert_eq!(moves(&g), ["32-28", "9-11"]);
    assert_eq!(lenient("1. 3228 911 *"), ["N213 1:4", "N213 1:9"]);
    assert_eq!(lenient("1. 123 *"), ["S108 1:4"]);
}

#[test]
fn algebraic_move_without_separator() {
    let g = one("1. a3b4 h6g5 *");
    assert_eq!(moves(&g), ["a3-b4", "h6-g5"]);
    assert!(lenient("1. a3b4 *").is_empty());
    let g = one("1. a10-b11 l12xk11 *");
    let Element::Move(m) = &g.body[1] else {
        panic!()
    };
    assert_eq!(
        m.squares[0].value,
        SquareValue::Algebraic { file: 0, rank: 10 }
    );
}

#[test]
fn full_capture_path() {
    let g = one("1. 28x19x10 *");
    let Element::Move(m) = &g.body[1] else {
        panic!()
    };
    assert_eq!(m.squares.len(), 3);
    assert!(m.is_capture());
    assert_eq!(m.squares[2].separator.unwrap().kind, SeparatorKind::Capture);
}

#[test]
fn colon_capture_is_standard_only_for_russian() {
    assert_eq!(lenient("[GameType \"26\"]\n1. c3:e5 *"), ["N206 2:6"]);
    assert!(lenient("[GameType \"25\"]\n1. c3:e5 *").is_empty());
    // Only the first GameType counts, as for the variant.
    assert_eq!(
        lenient("[GameType \"26\"]\n[GameType \"25\"]\n1. c3:e5 *"),
        ["N218 2:1", "N206 3:6"]
    );
    assert_eq!(
        lenient("[GameType \"25\"]\n[GameType \"26\"]\n1. c3:e5 *"),
        ["N218 2:1"]
    );
    // Without a GameType the variant is not known yet: the replay judges `:` once it is.
    assert!(lenient("1. c3:e5 *").is_empty());
    let g = one("1. c3:e5 *");
    assert_eq!(moves(&g), ["c3xe5"]);
}

#[test]
fn strength_marks() {
    let g = one("1. 32-28! 19-23?? 2. 33-29!? 23x32?! *");
    let ms: Vec<_> = g
        .main_line_moves()
        .map(|m| m.strength.as_ref().unwrap().marks.as_str().to_string())
        .collect();
    assert_eq!(ms, ["!", "??", "!?", "?!"]);
}

#[test]
fn star_after_a_move_is_a_strength_when_play_goes_on() {
    let g = one("1. 32-28* 19-23 2. 33-29*");
    assert_eq!(moves(&g).len(), 3);
    assert_eq!(g.result.as_ref().unwrap().kind, ResultKind::Unknown);
    assert_eq!(lenient("1. 32-28* 19-23 2. 33-29*"), ["N207 1:9"]);
}

#[test]
fn nags_setups_and_clock_commands() {
    let g = one("1. 32-28 $3 {[%clock w1:00:00 B0:59:58]} /FEN \"B:W28:B19\"/ 19-23 *");
    assert!(matches!(g.body[2], Element::Nag { value: 3, .. }));
    let Element::Comment(c) = &g.body[3] else {
        panic!()
    };
    assert_eq!(c.commands[0].clocks.len(), 2);
    let Element::Setup(s) = &g.body[4] else {
        panic!()
    };
    assert_eq!(s.fen.as_deref(), Some("B:W28:B19"));
}

#[test]
fn tag_escapes_and_tags_without_moves() {
    let g = games("[Event \"a \\\"b\\\" c\"]\n[FEN \"W:W1:B2\"] *\n[FEN \"W:W3:B4\"] *\n");
    assert_eq!(g.len(), 2);
    assert_eq!(g[0].tag("Event"), Some("a \"b\" c"));
    assert!(g[0].body.is_empty());
}

#[test]
fn non_standard_results() {
    let g = one("[Result \"4-6\"]\n1. 32-28 4-6\n");
    assert_eq!(g.result.as_ref().unwrap().kind, ResultKind::Other);
    let g = one("1. 32-28 1 1/2 - 1/2\n");
    assert_eq!(g.result.as_ref().unwrap().raw, "1 1/2 - 1/2");
    let g = one("1. 32-28 1.01-0.99\n");
    assert_eq!(g.result.as_ref().unwrap().raw, "1.01-0.99");
    // Without a Result tag saying so, `4-6` in the middle of a game is a move.
    let g = one("1. 32-28 4-6 2. 1-7 *");
    assert_eq!(moves(&g).len(), 3);
    // Only the first Result tag says which score ends the game.
    let g = one("[Result \"2-0\"]\n[Result \"4-6\"]\n1. 32-28 4-6\n");
    assert_eq!(moves(&g), ["32-28", "4-6"]);
    assert!(g.result.is_none());
    let g = one("[Result \"4-6\"]\n[Result \"2-0\"]\n1. 32-28 4-6\n");
    assert_eq!(moves(&g), ["32-28"]);
    assert_eq!(g.result.as_ref().unwrap().raw, "4-6");
}

#[test]
fn variations_are_walked_without_recursion() {
    let g = one("1. 32-28 19-23 (18-23 2. 38-32 (37-32? 23-29!) 12-18) 2. 28x19 *");
    let lines = g.lines();
    assert_eq!(lines.len(), 3);
    let Element::Move(replaced) = &g.body[lines[1].replaces.unwrap()] else {
        panic!()
    };
    assert_eq!(replaced.span, g.main_line_moves().nth(1).unwrap().span);
    assert_eq!(lines[2].parent, Some(1));
    assert_eq!(lines[2].depth, 2);
}
