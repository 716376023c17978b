//! Work grows linearly with the input on the shapes that once made it grow quadratically or
//! worse: each test times the same input at size n and 8n (three doublings) in the same run and
//! asserts that the larger takes less than 24 times as long. A quadratic cost would take 64
//! times; a linear one takes 8, and up to about twice that where the larger input no longer
//! fits the processor's caches (the cost per element steps up once, then stays flat). The two
//! sizes are timed in turns, nine times each, and the fastest of each kept, to ride out a busy
//! machine. Every input is read as the commands read it: streaming, with no syntax tree (a
//! tree's nodes, once past the allocator's threshold for fresh pages, cost about twice as much
//! each, which is a step and not a growth, but would blur the ratio).

use std::sync::Mutex;
use std::time::{Duration, Instant};

use pdnkit::check::{CheckOptions, Retain, check_stream};
use pdnkit::write::render::{SourceView, render_human, render_short};

/// Times `small` and `large` in turns, nine rounds, and keeps the fastest of each: a busy
/// machine slows both alike rather than one of them.
fn fastest_pair(small: &dyn Fn(), large: &dyn Fn()) -> (Duration, Duration) {
    let time = |run: &dyn Fn()| {
        let t = Instant::now();
        run();
        t.elapsed()
    };
    let mut best = (Duration::MAX, Duration::MAX);
    for _ in 0..9 {
        best.0 = best.0.min(time(small));
        best.1 = best.1.min(time(large));
    }
    best
}

/// Asserts that `work` over `make(8n)` takes less than 24 times `work` over `make(n)`.
fn grows_linearly(n: usize, make: impl Fn(usize) -> String, work: impl Fn(&str)) {
    // The tests of this file take turns, so that none is timed while another runs.
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let small = make(n);
    let large = make(8 * n);
    let (t1, t8) = fastest_pair(&|| work(&small), &|| work(&large));
    let ratio = t8.as_secs_f64() / t1.as_secs_f64().max(1e-6);
    assert!(
        ratio < 24.0,
        "8x the input took {ratio:.1}x the time ({t1:?} -> {t8:?}): not linear"
    );
}

/// Checks `text` and renders every diagnostic in the human and the short form; returns how
/// many diagnostics there were.
fn check_and_render(text: &str, options: &CheckOptions) -> usize {
    let mut n = 0;
    check_stream(text.as_bytes(), options, |g| {
        let view = SourceView::of_chunk("t.pdn", &g.chunk);
        for d in &g.diagnostics {
            n += render_human(&view, d, false).len().min(1);
            n += render_short(&view, d).len().min(1);
        }
    })
    .expect("reading from memory cannot fail");
    n
}

/// One line of `n` moves by two kings on the long diagonal, each move a missed capture: a
/// diagnostic on every move, all on one source line.
fn long_line_with_a_diagnostic_per_move(n: usize) -> String {
    let mut s = String::from("[GameType \"20\"]\n[FEN \"W:WK46:BK5\"]\n\n");
    for i in 0..n {
        s.push_str(if i % 2 == 0 {
            "1. 46-41 5-10 "
        } else {
            "1. 41-46 10-5 "
        });
    }
    s.push_str("*\n");
    s
}

#[test]
fn rendering_many_diagnostics_on_one_long_line_is_linear() {
    let options = CheckOptions {
        retain: Retain::Findings,
        ..CheckOptions::default()
    };
    let few = check_and_render(&long_line_with_a_diagnostic_per_move(4), &options);
    assert!(
        few >= 8,
        "every move should be reported, got {few} renderings"
    );
    grows_linearly(500, long_line_with_a_diagnostic_per_move, |t| {
        check_and_render(t, &options);
    });
}

#[test]
fn a_game_with_many_comments_is_read_in_linear_time() {
    let make = |n: usize| format!("[Event \"x\"]\n\n1. 32-28 {} *\n", "{c} ".repeat(n));
    let options = CheckOptions {
        syntax_only: true,
        retain: Retain::Findings,
        ..CheckOptions::default()
    };
    grows_linearly(25_000, make, |t| {
        check_stream(t.as_bytes(), &options, |_| {}).expect("in memory");
    });
}

#[test]
fn a_header_with_many_distinct_tags_is_read_in_linear_time() {
    let make = |n: usize| {
        let mut s = String::new();
        for i in 0..n {
            s.push_str(&format!("[Tag{i} \"v\"]\n"));
        }
        s.push_str("\n1. 32-28 *\n");
        s
    };
    let options = CheckOptions {
        syntax_only: true,
        retain: Retain::Findings,
        ..CheckOptions::default()
    };
    grows_linearly(10_000, make, |t| {
        check_stream(t.as_bytes(), &options, |_| {}).expect("in memory");
    });
}

#[test]
fn many_tags_with_bare_quotes_on_one_line_are_read_in_linear_time() {
    // Each tag's value ends at a quote that another tag follows, and the line ends with a
    // `"]` that text follows: no tag of the line ends plainly (N223), and the line is looked
    // through once for that, not once per tag. (The names start with a letter that is not
    // ASCII: a look-through stops at a tag's start only when its name starts with an ASCII
    // letter.)
    let make = |n: usize| {
        let mut s = String::new();
        for i in 0..n {
            s.push_str(&format!("[\u{c9}{i} \"v\""));
        }
        s.push_str("] x\"] junk\n1. 32-28 *\n");
        s
    };
    let options = CheckOptions {
        syntax_only: true,
        retain: Retain::Findings,
        ..CheckOptions::default()
    };
    grows_linearly(5_000, make, |t| {
        check_stream(t.as_bytes(), &options, |_| {}).expect("in memory");
    });
}

/// The shape of an engine's opening book: many short games without GameType. The variant is
/// decided once for the file from the games at its start, so each game is replayed once, as
/// a tagged game is; the sizes straddle the survey's window.
#[test]
fn many_untagged_games_are_checked_in_linear_time() {
    let games = [
        "1. 32-28 19-23 *\n\n",
        "1. 31-27 17-21 2. 37-31 *\n\n",
        "1. 33-29 20-24 *\n\n",
    ];
    let make = |n: usize| (0..n).map(|i| games[i % games.len()]).collect::<String>();
    let options = CheckOptions {
        retain: Retain::Findings,
        ..CheckOptions::default()
    };
    grows_linearly(8_000, make, |t| {
        check_stream(t.as_bytes(), &options, |_| {}).expect("in memory");
    });
}
