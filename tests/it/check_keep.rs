//! The check keeping trees and text: every game read in one piece is
//! handed over as a replay of its whole tree gives it (tree, text, report, findings), and a game too long to
//! hold is handed over without its moves, with its header and its whole text.

#[allow(dead_code)]
use crate::common;

use std::io::Read;

use crate::common::tree_check::tree_check;
use pdnkit::check::{CheckOptions, CheckedGame, PART_ELEMENTS, Retain, check_stream};
use pdnkit::replay::ReplayOptions;

/// Everything a command sees of a chunk, as text.
fn seen(g: &CheckedGame) -> String {
    format!(
        "{} {} {:?} {}\n{:?}\n{:?}\n{:?}",
        g.chunk.offset,
        g.chunk.first_line,
        g.chunk.index,
        g.chunk.text,
        g.chunk.game,
        g.report,
        g.diagnostics
    )
}

/// Everything a command sees of each chunk, as text.
fn handed(text: &[u8], options: &CheckOptions) -> Vec<String> {
    let mut out = Vec::new();
    check_stream(text, options, |g| out.push(seen(&g))).expect("in memory");
    out
}

fn keeping(options: &CheckOptions) -> CheckOptions {
    CheckOptions {
        retain: Retain::TreesAndText,
        ..options.clone()
    }
}

#[test]
fn every_corpus_game_is_handed_over_as_its_whole_tree_gives_it() {
    let recorded = CheckOptions {
        replay: ReplayOptions {
            record_moves: true,
            ..ReplayOptions::default()
        },
        ..CheckOptions::default()
    };
    let syntax = CheckOptions {
        syntax_only: true,
        ..CheckOptions::default()
    };
    for path in common::corpus_files(&["pdn"]) {
        let bytes = std::fs::read(&path).unwrap();
        for options in [&recorded, &syntax] {
            let tree: Vec<String> = tree_check(&bytes, options).0.iter().map(seen).collect();
            let kept = handed(&bytes, &keeping(options));
            assert_eq!(tree.len(), kept.len(), "{}", path.display());
            for (k, (a, b)) in tree.iter().zip(&kept).enumerate() {
                assert_eq!(a, b, "{} chunk {k}", path.display());
            }
        }
    }
}

/// One game of `n` king moves back and forth.
fn long_game(n: usize) -> String {
    let mut s = String::from("[Event \"long\"]\n[GameType \"20\"]\n[FEN \"W:WK46:BK1\"]\n\n");
    let moves = ["46-41", "1-6", "41-46", "6-1"];
    for i in 0..n {
        if i % 2 == 0 {
            s.push_str(&format!("{}. ", i / 2 + 1));
        }
        s.push_str(moves[i % 4]);
        s.push(if i % 20 == 19 { '\n' } else { ' ' });
    }
    s.push_str("1-0\n\n");
    s
}

const SHORT: &str = "[Event \"short\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n";

#[test]
fn a_game_too_long_to_hold_comes_with_its_header_and_its_whole_text() {
    let long = long_game(3 * PART_ELEMENTS);
    let file = format!("{SHORT}\n{long}{SHORT}");
    for window in [None, Some(4096)] {
        let options = CheckOptions {
            window,
            ..keeping(&CheckOptions::default())
        };
        let mut seen = Vec::new();
        check_stream(file.as_bytes(), &options, |mut g| {
            let released = g.chunk.released as u64;
            let spilled = g.spilled.as_ref().map_or(0, |s| s.len());
            let mut text = String::new();
            g.text().unwrap().read_to_string(&mut text).unwrap();
            seen.push((
                g.chunk.index,
                g.parted,
                g.chunk.game.is_some(),
                g.header.as_ref().map(|h| {
                    (
                        h.tags.iter().map(|t| t.name.clone()).collect::<Vec<_>>(),
                        h.body.len(),
                        h.result.is_some(),
                    )
                }),
                released == spilled,
                g.diagnostics
                    .iter()
                    .map(|d| (d.code, d.span.start))
                    .collect::<Vec<_>>(),
                text,
                g.report.map(|r| r.plies),
            ));
        })
        .unwrap();
        assert_eq!(seen.len(), 3, "{window:?}");
        let (index, parted, tree, header, same, found, text, plies) = &seen[1];
        assert_eq!(*index, Some(2));
        assert!(*parted && !*tree, "{window:?}");
        assert_eq!(
            header.clone(),
            Some((
                vec!["Event".into(), "GameType".into(), "FEN".into()],
                0,
                true
            ))
        );
        assert!(*same);
        // F009 once, where the second part starts: three elements a move pair, so past
        // PART_ELEMENTS elements the first place a part may end is before the second move of
        // pair N (a move no number goes with, after a quiet one), `1-6` in odd pairs and `6-1`
        // in even ones.
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, "F009");
        let at = found[0].1 - seen[0].6.len();
        let n = PART_ELEMENTS.div_ceil(3);
        let second = if n % 2 == 1 { "1-6" } else { "6-1" };
        assert!(
            text[at..].starts_with(&format!("{second} {}. ", n + 1)),
            "{}",
            &text[at..at + 20]
        );
        // The chunk starts after the first game's last line break.
        assert!(text.starts_with("\n[Event \"long\"]") && text.ends_with("6-1 1-0\n"));
        // Every byte of the file is handed over once, in order.
        let all: String = seen.iter().map(|s| s.6.as_str()).collect();
        assert!(
            all == file,
            "{window:?}: {} bytes of {}",
            all.len(),
            file.len()
        );
        assert_eq!(*plies, Some(3 * PART_ELEMENTS as u32));
        for k in [0, 2] {
            let (_, parted, tree, header, _, found, text, plies) = &seen[k];
            assert!(!found.iter().any(|f| f.0 == "F009"), "{found:?}");
            assert!(
                !*parted && *tree && header.is_none(),
                "{window:?} {k} {parted} {tree} {header:?}"
            );
            assert!(text.trim_start().starts_with(SHORT), "{k}");
            assert_eq!(*plies, Some(4));
        }
    }
}

#[test]
fn without_keep_text_the_released_text_is_not_kept() {
    let long = long_game(3 * PART_ELEMENTS);
    let options = CheckOptions {
        window: Some(4096),
        retain: Retain::Trees,
        ..keeping(&CheckOptions::default())
    };
    let mut released = 0;
    check_stream(long.as_bytes(), &options, |g| {
        assert!(g.spilled.is_none());
        released += g.chunk.released;
    })
    .unwrap();
    assert!(released > 0);
}
