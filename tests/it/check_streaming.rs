//! The check (each game replayed part by part as it is read, no tree kept unless asked for)
//! finds exactly what a replay of each game's whole tree finds.

#[allow(dead_code)]
use crate::common;

use crate::common::tree_check::tree_check;
use pdnkit::check::{CheckOptions, CheckedGame, FileTotals, PART_ELEMENTS, Retain, check_stream};
use pdnkit::random::{GenOptions, generate};
use pdnkit::rules::Variant;
use pdnkit::syntax::ReadOptions;

/// One game's findings as text (code, severity, place, message, notes).
fn lines(g: &CheckedGame) -> Vec<String> {
    g.diagnostics
        .iter()
        .map(|d| {
            format!(
                "{} {:?} {}..{} {} | {}",
                d.code,
                d.severity,
                d.span.start,
                d.span.end,
                d.message,
                d.notes.join(" | ")
            )
        })
        .collect()
}

/// Each game's findings as text, and the totals.
fn findings(text: &[u8], options: &CheckOptions) -> (Vec<Vec<String>>, FileTotals) {
    let mut games = Vec::new();
    let totals = check_stream(text, options, |g| games.push(lines(&g))).expect("in memory");
    (games, totals)
}

/// The check keeping findings only finds what the reference finds.
fn same_findings(text: &[u8], options: &CheckOptions) {
    let (games, totals) = tree_check(text, options);
    let tree: Vec<Vec<String>> = games.iter().map(lines).collect();
    let streaming = findings(text, &findings_only(options));
    assert_eq!(tree.len(), streaming.0.len());
    for (k, (a, b)) in tree.iter().zip(&streaming.0).enumerate() {
        assert_eq!(a, b, "chunk {k}");
    }
    assert_eq!(totals, streaming.1);
}

fn findings_only(options: &CheckOptions) -> CheckOptions {
    CheckOptions {
        retain: Retain::Findings,
        ..options.clone()
    }
}

#[test]
fn the_check_finds_what_the_whole_tree_gives_in_the_corpus() {
    for path in common::corpus_files(&["pdn"]) {
        let bytes = std::fs::read(&path).unwrap();
        same_findings(&bytes, &CheckOptions::default());
        let strict = CheckOptions {
            read: ReadOptions {
                strict: true,
                ..ReadOptions::default()
            },
            ..CheckOptions::default()
        };
        same_findings(&bytes, &strict);
        let syntax = CheckOptions {
            syntax_only: true,
            ..CheckOptions::default()
        };
        same_findings(&bytes, &syntax);
    }
}

#[test]
fn parts_cut_for_their_text_find_what_the_whole_tree_gives() {
    // With a window of 1 KiB every game's part is cut as soon as its text passes it, at the
    // next place a part may end: every few moves, before comments and variations alike.
    let small = CheckOptions {
        window: Some(1024),
        ..CheckOptions::default()
    };
    let mut files = common::corpus_files(&["pdn"]);
    files.extend(common::fixture_files(&["pdn"]));
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        same_findings(&bytes, &small);
    }
}

#[test]
fn the_check_finds_what_the_whole_tree_gives_in_generated_games() {
    for (variant, seed) in [
        (Variant::International, 1),
        (Variant::English, 2),
        (Variant::Russian, 3),
        (Variant::Brazilian, 4),
        (Variant::Canadian, 5),
    ] {
        let mut text = Vec::new();
        generate(&GenOptions::new(variant, 60, seed), &mut text).unwrap();
        same_findings(&text, &CheckOptions::default());
    }
}

/// One game of `n` king moves back and forth, written by `mv` (ply and move text).
fn long_game(n: usize, mv: impl Fn(usize, &str) -> String) -> String {
    let mut s = String::from("[GameType \"20\"]\n[FEN \"W:WK46:BK1\"]\n\n");
    let moves = ["46-41", "1-6", "41-46", "6-1"];
    for i in 0..n {
        if i % 2 == 0 {
            s.push_str(&format!("{}. ", i / 2 + 1));
        }
        s.push_str(&mv(i, moves[i % 4]));
        s.push(' ');
    }
    s.push_str("*\n");
    s
}

#[test]
fn a_game_in_many_parts_is_judged_as_a_whole() {
    let n = 3 * PART_ELEMENTS;
    let games = [
        // Clean.
        long_game(n, |_, m| m.to_string()),
        // A reader warning on every move: more than the cap per game.
        long_game(n, |_, m| format!("0{m}")),
        // Quiet moves written with `x` all through the game: one R310 counting the rest.
        long_game(n, |_, m| m.replace('-', "x")),
        // An impossible move in the middle: the line stops there, and its note counts every
        // move left, in every later part.
        long_game(n, |i, m| {
            if i == n / 2 + 1 {
                "46-45".into()
            } else {
                m.into()
            }
        }),
        // Variations, one right at each place a part may end.
        long_game(n, |i, m| {
            if i % 2 == 1 {
                format!("{m} (1-7)")
            } else {
                m.to_string()
            }
        }),
        // A comment after every move: a part may end before one.
        long_game(n, |_, m| format!("{m} {{c}}")),
        // Every eighth round of four moves written as four `...`, and every fifth as a setup
        // of the position it ends in: runs a part may be cut in.
        long_game(n, |i, m| match (i / 4 % 8, i / 4 % 5, i % 4) {
            (0, _, _) => "...".into(),
            (_, 0, 0) => "/FEN \"W:WK46:BK1\"/".into(),
            (_, 0, _) => String::new(),
            _ => m.into(),
        }),
        // Runs of `...` longer than a part, and an impossible move.
        long_game(n, |i, m| match i {
            100 => "... ".repeat(2 * PART_ELEMENTS).trim_end().into(),
            i if i == n / 2 + 2 => "46-45".into(),
            _ => m.into(),
        }),
        // Moves without numbers, a variation now and then, and an impossible move.
        long_game(n, |i, m| {
            if i == n / 2 + 1 {
                "46-45".into()
            } else if i % 7 == 1 {
                format!("{m} (1-7)")
            } else {
                m.into()
            }
        })
        .split(' ')
        .filter(|t| !(t.ends_with('.') && t.bytes().all(|b| b.is_ascii_digit() || b == b'.')))
        .collect::<Vec<_>>()
        .join(" "),
        // A run of comments longer than a part after a quiet move, then an impossible move.
        long_game(PART_ELEMENTS, |i, m| {
            if i == 100 {
                format!("{m} {}", "{c} ".repeat(3 * PART_ELEMENTS))
            } else if i == 103 {
                "46-45".into()
            } else {
                m.into()
            }
        }),
        // The same run after a capture written with `x` on a quiet move (no part may end
        // after it), and a command in a comment of the run.
        long_game(PART_ELEMENTS, |i, m| {
            if i == 100 {
                format!(
                    "{} {}{{[%huff 46]}} {}",
                    m.replace('-', "x"),
                    "{c} ".repeat(PART_ELEMENTS),
                    "{c} ".repeat(PART_ELEMENTS)
                )
            } else {
                m.into()
            }
        }),
    ];
    for g in &games {
        same_findings(g.as_bytes(), &CheckOptions::default());
    }
}

#[test]
fn commands_in_comments_around_the_tags_are_read_as_from_the_whole_tree() {
    // Commands in comments before the tags, between them and before the first move, each
    // among many plain comments: only those before the first move are movetext comments,
    // whose `huff` the replay reads (H404 here: no piece can be huffed before any move).
    let run = "{c} ".repeat(2 * PART_ELEMENTS);
    let s = format!(
        "{{[%huff 46]}} {run}\n[GameType \"20\"]\n{{[%huff 41]}} {run}\n[FEN \"W:WK46:BK1\"]\n\
         {run}{{[%huff 1]}} {run}{{no command}} {{[%huff 6]}}\n1. 46-41 1-6 *\n\
         [GameType \"20\"]\n{{[%huff 46]}} {run}[FEN \"W:WK46:BK1\"]\n1. 46-41 1-6 *\n"
    );
    let (games, _) = findings(s.as_bytes(), &findings_only(&CheckOptions::default()));
    assert!(
        games[0].iter().filter(|d| d.starts_with("H404")).count() == 2,
        "{:?}",
        games[0]
    );
    assert!(
        !games[1].iter().any(|d| d.starts_with("H404")),
        "{:?}",
        games[1]
    );
    same_findings(s.as_bytes(), &CheckOptions::default());
    // Read as the commands that keep trees read, the header is let go (F009): the findings
    // are the same but for it.
    for window in [None, Some(1024)] {
        let kept = CheckOptions {
            retain: Retain::Trees,
            window,
            ..CheckOptions::default()
        };
        let (mut kept, _) = findings(s.as_bytes(), &kept);
        for game in &mut kept {
            assert!(game[0].starts_with("F009"), "{game:?}");
            game.remove(0);
        }
        assert_eq!(kept, games);
    }
}

#[test]
fn thousands_of_sibling_variations_are_judged_as_in_one_piece() {
    // Every variation replaces White's first move; some are not legal there.
    let alternatives = [
        "33-29", "31-27", "34-30", "35-30", "31-26", "32-27", "33-28", "34-28",
    ];
    let mut s = String::from("[GameType \"20\"]\n\n1. 32-28 ");
    for k in 0..PART_ELEMENTS {
        s.push_str(&format!("(1. {}) ", alternatives[k % alternatives.len()]));
    }
    s.push_str("19-23 2. 28x19 14x23 *\n");
    same_findings(s.as_bytes(), &CheckOptions::default());
}

/// Found by the `check` fuzz target: a game with a GameType whose only moves are in variations
/// (`1. 3 (19-23 ...`, the `3` not a move) was evidence of the file's variant for the check's
/// weighing of the file's start, which counted any move, and not for the reference, which counts
/// those of the main line: the untagged 10x10 game after it was read as Frisian by one and as
/// International by the other. Both now count the main line's.
#[test]
fn a_tagged_game_with_moves_only_in_variations_declares_nothing() {
    let text = b"[GameType \"40\"]\n\n1. 3 (19-23 (33-28 *\n\n\
                 1. 33-29 20-25 2. 29-23 18x29 *\n";
    same_findings(text, &CheckOptions::default());
    let (games, _) = findings(text, &findings_only(&CheckOptions::default()));
    let read = games[1]
        .iter()
        .find(|l| l.contains("G506"))
        .expect("a G506");
    assert!(read.contains("read as International draughts"), "{read}");
}
