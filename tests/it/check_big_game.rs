//! A game longer than the reader's window is read with its text released as it goes: its
//! findings are the same, at the same lines and columns, and are shown the same in every form,
//! as when the game is held whole.

use pdnkit::check::{
    CheckOptions, CheckedGame, EARLY_ELEMENTS, HEADER_ELEMENTS, Retain, TooLong, check_stream,
};
use pdnkit::write::render::{SourceView, render_human, render_json, render_short};

/// Every finding of `text` rendered in the three forms, with the largest text a chunk held,
/// the bytes released and the findings shown from the text they keep.
fn rendered(text: &str, window: Option<usize>) -> (Vec<String>, usize, usize, usize) {
    let options = CheckOptions {
        retain: Retain::Findings,
        window,
        ..CheckOptions::default()
    };
    let mut out = Vec::new();
    let mut held = 0;
    let mut released = 0;
    let mut quoted = 0;
    check_stream(text.as_bytes(), &options, |g: CheckedGame| {
        held = held.max(g.chunk.text.len());
        released += g.chunk.released;
        let view = SourceView::of_chunk("big.pdn", &g.chunk);
        for d in &g.diagnostics {
            quoted += usize::from(!d.quotes.is_empty());
            out.push(render_short(&view, d));
            out.push(render_json(&view, g.chunk.index, d));
            out.push(render_human(&view, d, false));
        }
    })
    .expect("in memory");
    (out, held, released, quoted)
}

/// Line and column (in characters, from 1) of byte `at` of `text`, lines ending at LF, CRLF
/// or CR.
fn line_col(text: &str, at: usize) -> (u32, u32) {
    let (mut line, mut col) = (1, 1);
    let mut chars = text[..at].chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\n' || (c == '\r' && chars.peek() != Some(&'\n')) {
            line += 1;
            col = 1;
        } else if c != '\r' {
            col += 1;
        }
    }
    (line, col)
}

/// The short form's `line:col` of each finding, and what `line_col` counts from the text.
fn places(text: &str, window: Option<usize>) -> Vec<((u32, u32), (u32, u32))> {
    let options = CheckOptions {
        retain: Retain::Findings,
        window,
        ..CheckOptions::default()
    };
    let mut out = Vec::new();
    check_stream(text.as_bytes(), &options, |g| {
        let view = SourceView::of_chunk("big.pdn", &g.chunk);
        for d in &g.diagnostics {
            let (s, _) = view.locate_diagnostic(d);
            out.push(((s.line, s.column), line_col(text, d.span.start)));
        }
    })
    .expect("in memory");
    out
}

/// A game of `moves` move pairs of two kings going back and forth (International draughts),
/// with lines of `per_line` move pairs (`break` between lines) and the text of `extra(n)`
/// written after move pair `n`.
fn kings(
    moves: usize,
    per_line: impl Fn(usize) -> bool,
    brk: &str,
    extra: impl Fn(usize) -> String,
) -> String {
    let mut s = String::new();
    s.push_str(&format!(
        "[Event \"small\"]{brk}[GameType \"20\"]{brk}1. 32-28 19-23 *{brk}{brk}[Event \"long\"]{brk}[GameType \"20\"]{brk}\
         [FEN \"W:WK46:BK1\"]{brk}[Result \"2-0\"]{brk}"
    ));
    for n in 1..=moves {
        let (a, b) = if n % 2 == 1 {
            ("46-41", "1-6")
        } else {
            ("41-46", "6-1")
        };
        s.push_str(&format!("{n}. {a} {b} {}", extra(n)));
        if per_line(n) {
            s.push_str(brk);
        }
    }
    s.push_str(&format!(
        "0-2{brk}{brk}[Event \"after\"]{brk}[GameType \"20\"]{brk}1. 32-28 19-23 2-0{brk}"
    ));
    s
}

#[test]
fn a_game_longer_than_the_window_is_shown_as_when_held_whole() {
    let moves = 150_000;
    for brk in ["\n", "\r\n", "\r"] {
        let text = kings(
            moves,
            // One line of 5,000 move pairs in the middle, ten a line elsewhere.
            |n| !(60_000..65_000).contains(&n) && n % 10 == 0,
            brk,
            |n| match n {
                2 => "$99999999999999999999 ".into(),
                7 => "{a comment\nover lines} ".into(),
                62_000 => "$123456789012345678901 ".into(),
                100_000 => "{note} 100000... ( 100000... 6-1 ) $99999999999999999999999 ".into(),
                149_990 => "41-50 ".into(),
                _ => String::new(),
            },
        );
        let whole = rendered(&text, None);
        let windowed = rendered(&text, Some(4096));
        assert_eq!(whole.2, 0, "the default window holds this game whole");
        assert!(windowed.2 > text.len() / 2, "released {}", windowed.2);
        assert!(
            windowed.3 >= 3,
            "shown from their own text: {} {:#?}",
            windowed.3,
            whole.0.iter().step_by(3).collect::<Vec<_>>()
        );
        assert!(windowed.1 < 256 << 10, "held {} bytes at once", windowed.1);
        assert!(whole.0.len() >= 3 * 5, "{:#?}", whole.0);
        assert!(
            whole.0.iter().any(|l| l.contains("\"labels\"")),
            "a finding with a label (the Result tag): {:#?}",
            whole.0
        );
        assert_eq!(whole.0.len(), windowed.0.len());
        for (a, b) in whole.0.iter().zip(&windowed.0) {
            assert_eq!(a, b);
        }
        for (shown, counted) in places(&text, Some(4096)) {
            assert_eq!(shown, counted);
        }
    }
}

#[test]
fn findings_past_the_cap_in_a_released_game_are_shown_as_when_held_whole() {
    // A leading zero on every square: a warning on every move, far past the cap per game,
    // and a capture mark on quiet moves (one finding counting the rest).
    let text = kings(100_000, |n| n % 7 == 0, "\n", |_| String::new())
        .replace("46-41", "046-041")
        .replace("41-46", "041-046")
        .replace("100. 041-046", "100. 041x046");
    let whole = rendered(&text, None);
    let windowed = rendered(&text, Some(2048));
    assert!(windowed.2 > 0);
    assert!(
        windowed.3 > 900,
        "shown from their own text: {}",
        windowed.3
    );
    assert!(
        whole.0.iter().any(|l| l.contains("[F007]")),
        "the cap was reached"
    );
    assert_eq!(whole.0, windowed.0);
    for (shown, counted) in places(&text, Some(2048)) {
        assert_eq!(shown, counted);
    }
}

/// [`rendered`] with the reader's nesting limit and syntax-only mode given.
fn rendered_with(
    text: &str,
    window: Option<usize>,
    syntax_only: bool,
    max_depth: usize,
) -> (Vec<String>, usize, usize) {
    let mut options = CheckOptions {
        retain: Retain::Findings,
        window,
        syntax_only,
        ..CheckOptions::default()
    };
    options.read.max_depth = max_depth;
    let mut out = Vec::new();
    let mut held = 0;
    let mut released = 0;
    check_stream(text.as_bytes(), &options, |g: CheckedGame| {
        held = held.max(g.chunk.text.len());
        released += g.chunk.released;
        let view = SourceView::of_chunk("big.pdn", &g.chunk);
        for d in &g.diagnostics {
            let (s, _) = view.locate_diagnostic(d);
            out.push(format!(
                "{}:{} {:?}",
                s.line,
                s.column,
                line_col(text, d.span.start)
            ));
            out.push(render_short(&view, d));
            out.push(render_json(&view, g.chunk.index, d));
            out.push(render_human(&view, d, false));
        }
    })
    .expect("in memory");
    (out, held, released)
}

/// Checks `text` (longer than the reader's first read, 1 MB) held whole and through a small
/// window, replayed and syntax only: the same findings, at the same places, shown the same;
/// most of the text is released (when replayed too, with `replayed_released`). Returns the
/// findings (replayed, held whole).
fn same_through_a_window(text: &str, max_depth: usize, replayed_released: bool) -> Vec<String> {
    let mut first = None;
    for syntax_only in [false, true] {
        let whole = rendered_with(text, None, syntax_only, max_depth);
        let windowed = rendered_with(text, Some(4096), syntax_only, max_depth);
        assert_eq!(whole.2, 0, "the default window holds this game whole");
        if syntax_only || replayed_released {
            assert!(windowed.2 > text.len() / 2, "released {}", windowed.2);
            assert!(windowed.1 < 64 << 10, "held {} bytes at once", windowed.1);
        }
        assert_eq!(whole.0.len(), windowed.0.len(), "{:#?}", windowed.0);
        for (a, b) in whole.0.iter().zip(&windowed.0) {
            assert_eq!(a, b);
        }
        for pair in whole.0.chunks(4) {
            let (shown, counted) = pair[0].split_once(' ').expect("two places");
            assert_eq!(format!("({})", shown.replace(':', ", ")), counted);
        }
        first.get_or_insert(whole.0);
    }
    first.unwrap_or_default()
}

#[test]
fn a_long_header_is_released_as_it_is_read_and_its_tags_are_shown_as_when_held_whole() {
    let mut text = String::from("[Event \"long header\"]\n[GameType \"20\"]\n");
    for n in 0..200_000 {
        text.push_str(&format!("[T{n} \"v\"]\n"));
        if n == 150_000 {
            // Read by the replay after the header: a result the game does not end with, and
            // a start position.
            text.push_str("[Result \"2-0\"]\n[FEN \"W:WK46:BK1\"]\n[T7 \"again\"]\n");
        }
    }
    text.push_str("1. 46-41 1-6 2. 41-46 6-1 0-2\n\n[Event \"after\"]\n[GameType \"20\"]\n");
    text.push_str("1. 32-28 19-23 *\n");
    let found = same_through_a_window(&text, 256, true);
    let codes = found.iter().skip(1).step_by(4).cloned().collect::<Vec<_>>();
    assert!(codes.iter().any(|l| l.contains("[N218]")), "{codes:#?}");
    assert!(
        found
            .iter()
            .any(|l| l.contains("\"labels\"") || l.contains("Result")),
        "a finding about the Result tag: {codes:#?}"
    );
}

#[test]
fn comments_before_the_tags_and_the_first_move_are_released_as_they_are_read() {
    let mut text = String::new();
    for n in 0..60_000 {
        text.push_str(&format!("{{before the tags {n}}} "));
        if n % 10 == 9 {
            text.push('\n');
        }
    }
    text.push_str("[Event \"x\"]\n[GameType \"20\"]\n[FEN \"W:WK46:BK1\"]\n[Result \"2-0\"]\n");
    for n in 0..60_000 {
        text.push_str(&format!("{{before the first move {n}}} "));
        if n % 10 == 9 {
            text.push('\n');
        }
    }
    text.push_str("1. 46-41 1-6 2. 41-46 6-1 0-2\n");
    let found = same_through_a_window(&text, 256, true);
    assert!(!found.is_empty());
}

#[test]
fn a_variation_skipped_as_too_deep_is_released_as_it_is_skipped() {
    let moves = |n: usize| {
        let mut s = String::new();
        for k in 1..=n {
            s.push_str(&format!("{k}. 46-41 1-6 {}. 41-46 6-1 ", k + 1));
            if k % 5 == 0 {
                s.push('\n');
            }
        }
        s
    };
    let head = "[Event \"x\"]\n[GameType \"20\"]\n[FEN \"W:WK46:BK1\"]\n[Result \"*\"]\n";
    // Skipped to its end; then one never closed; then one a tag line interrupts.
    let mut text = format!("{head}1. 46-41 1-6 ");
    text.push_str(&"( 1. 46-37 ".repeat(9));
    text.push_str(&moves(40_000));
    text.push_str(&")".repeat(9));
    text.push_str(" 2. 41-46 6-1 *\n\n");
    // (A group of moves is read as a variation, not a note, once a parenthesis follows.)
    text.push_str(&format!(
        "{head}1. 46-41 1-6 ( 1. 46-37 ( 1... 1-7 ( 1... 1-8 ) "
    ));
    text.push_str(&moves(40_000));
    text.push_str("*\n\n");
    text.push_str(&format!("{head}1. 46-41 1-6 "));
    text.push_str(&"( 1. 46-37 ".repeat(9));
    text.push_str(&moves(40_000));
    text.push_str(&format!("\n{head}1. 46-41 1-6 *\n"));
    // Replayed, the variations open are held with their text.
    let found = same_through_a_window(&text, 4, false);
    let codes = found.iter().skip(1).step_by(4).cloned().collect::<Vec<_>>();
    for code in ["[S109]", "[S104]", "[N212]"] {
        assert!(codes.iter().any(|l| l.contains(code)), "{code}: {codes:#?}");
    }
}

#[test]
fn with_trees_kept_a_long_header_is_let_go() {
    let mut text = String::from("{a comment before the tags}\n[Event \"long header\"]\n");
    for n in 0..200_000 {
        text.push_str(&format!("[T{n} \"v\"]\n"));
    }
    text.push_str("{before the first move} 1. 32-28 19-23 *\n");
    // Past HEADER_ELEMENTS tags and comments (read within the reader's first block of text,
    // before the window is reached), or, for a header of few but long comments, past the
    // window.
    let few = format!(
        "[Event \"long comments\"]\n{}[T \"v\"]\n1. 32-28 19-23 *\n",
        format!("{{{}}}\n", "c".repeat(100_000)).repeat(3)
    );
    for (text, window, why, tags) in [
        (&text, None, TooLong::Header, 200_001),
        (&few, Some(4096), TooLong::Text(4096), 2),
    ] {
        let options = CheckOptions {
            retain: Retain::TreesAndText,
            window,
            ..CheckOptions::default()
        };
        let mut games = 0;
        check_stream(text.as_bytes(), &options, |mut g: CheckedGame| {
            games += 1;
            assert!(g.chunk.game.is_none() && g.parted, "{window:?}");
            assert_eq!(g.too_long, Some(why));
            let header = g.header.as_ref().expect("the header held");
            assert!(
                header.tags.len() <= HEADER_ELEMENTS,
                "{}",
                header.tags.len()
            );
            assert_eq!(header.tags[0].name, "Event");
            assert_eq!(header.tags.len() + g.tags_left_out, tags);
            let f009: Vec<_> = g.diagnostics.iter().filter(|d| d.code == "F009").collect();
            assert_eq!(f009.len(), 1, "{:?}", g.diagnostics);
            assert!(
                f009[0].message.contains(&why.to_string()[4..]),
                "{}",
                f009[0].message
            );
            // Nothing of the text is lost: it is written as it was from there.
            let mut whole = String::new();
            std::io::Read::read_to_string(&mut g.text().unwrap(), &mut whole).unwrap();
            assert_eq!(&whole, text);
        })
        .expect("in memory");
        assert_eq!(games, 1);
    }
}

/// The codes found in `text`, each with its offset, keeping `retain`.
fn codes_at(text: &str, retain: Retain) -> Vec<(&'static str, usize)> {
    let options = CheckOptions {
        retain,
        ..CheckOptions::default()
    };
    let mut out = Vec::new();
    check_stream(text.as_bytes(), &options, |g| {
        out.extend(g.diagnostics.iter().map(|d| (d.code, d.span.start)));
    })
    .expect("in memory");
    out
}

#[test]
fn past_the_limit_before_the_first_move_elements_are_left_out_once_said() {
    const HEAD: &str = "[GameType \"20\"]\n[FEN \"W:WK46:BK1\"]\n";
    // The offset of the `k`-th (from 0) of `n` runs of `unit` after the header.
    let at = |unit: &str, k: usize| HEAD.len() + k * unit.len();
    let n = EARLY_ELEMENTS + 50;
    // Move numbers only, then moves with an impossible one: the limit is said once, where it
    // is passed, and the moves are replayed as ever.
    let numbers = format!("{HEAD}{}1. 46-41 1-6 2. 41-42 *\n", "1. ".repeat(n));
    for retain in [Retain::Findings, Retain::Trees] {
        let found = codes_at(&numbers, retain);
        let codes: Vec<&str> = found.iter().map(|f| f.0).collect();
        let expected: &[&str] = if retain == Retain::Findings {
            &["F011", "R304"]
        } else {
            &["F011", "F009", "R304"]
        };
        assert_eq!(codes, expected, "{retain:?}: {found:?}");
        assert!(
            found
                .iter()
                .any(|&(c, o)| c == "F011" && o == at("1. ", EARLY_ELEMENTS)),
            "{found:?}"
        );
    }
    // Comments holding commands: those past the limit are not copied; said at the first.
    let commands = format!("{HEAD}{}1. 46-41 *\n", "{[%c 1]} ".repeat(n));
    let found = codes_at(&commands, Retain::Findings);
    assert_eq!(found, [("F011", at("{[%c 1]} ", EARLY_ELEMENTS))]);
    // A variation met past the limit is left out whole, its moves not replayed (this one's
    // would be impossible).
    let variation = format!("{HEAD}{}(1. 46-47 1-2) 1. 46-41 *\n", "1. ".repeat(n));
    let found = codes_at(&variation, Retain::Findings);
    assert_eq!(found, [("F011", at("1. ", EARLY_ELEMENTS))]);
    // Below the limit nothing is said, and nothing is left out.
    let few = format!("{HEAD}{}(1. 46-47) 1. 46-41 *\n", "1. ".repeat(100));
    let codes: Vec<&str> = codes_at(&few, Retain::Findings)
        .iter()
        .map(|f| f.0)
        .collect();
    assert_eq!(codes, ["R304"]);
}
