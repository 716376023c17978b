//! Every file of the corpus, read and replayed: the diagnostics are snapshotted per file, and
//! each real error of a real file is explained by a test of its own below.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use pdnkit::check::{CheckOptions, check_stream};
use pdnkit::lint::{Diagnostic, Severity};
use pdnkit::write::render::SourceView;

/// The corpus files, in name order.
fn corpus_files() -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut files: Vec<_> = walkdir::WalkDir::new(&root)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .filter(|p| {
            matches!(
                p.extension()
                    .and_then(|x| x.to_str())
                    .map(str::to_ascii_lowercase)
                    .as_deref(),
                Some("pdn" | "txt")
            )
        })
        .collect();
    files.sort();
    files
}

/// One line per error and warning (`line:col severity[code] message`), then the infos counted
/// by code, then the file's totals.
fn report(path: &Path) -> String {
    let name = path
        .strip_prefix(Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus"))
        .unwrap_or(path)
        .display()
        .to_string();
    let file = std::fs::File::open(path).expect("corpus file opens");
    let mut out = String::new();
    let mut infos: BTreeMap<&str, usize> = BTreeMap::new();
    let totals = check_stream(file, &CheckOptions::default(), |g| {
        let view = SourceView::of_chunk(&name, &g.chunk);
        for d in &g.diagnostics {
            if d.severity == Severity::Info {
                *infos.entry(d.code).or_default() += 1;
                continue;
            }
            let (lc, _) = view.locate(d.span);
            let game = g.chunk.index.map_or("-".to_string(), |i| i.to_string());
            let _ = writeln!(
                out,
                "game {game} {}:{} {}[{}] {}",
                lc.line, lc.column, d.severity, d.code, d.message
            );
        }
    })
    .expect("corpus file reads");
    let _ = writeln!(out, "infos: {infos:?}");
    let variants: BTreeMap<&str, usize> = totals
        .variants
        .iter()
        .map(|(v, n)| (v.name(), *n))
        .collect();
    let _ = writeln!(
        out,
        "games {} errors {} warnings {} variants {variants:?} guessed {} unreplayed {}",
        totals.games, totals.errors, totals.warnings, totals.guessed, totals.unreplayed
    );
    out
}

#[test]
fn every_corpus_file_is_checked_and_snapshotted() {
    assert!(corpus_files().len() >= 40, "the corpus is there");
    // One snapshot per file, each compared even when another differs.
    insta::glob!("../../corpus", "**/*.{pdn,PDN,txt}", |path| {
        insta::assert_snapshot!(report(path));
    });
}

fn diagnostics(rel: &str) -> Vec<Diagnostic> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(rel);
    let mut out = Vec::new();
    check_stream(
        std::fs::File::open(path).unwrap(),
        &CheckOptions::default(),
        |g| out.extend(g.diagnostics),
    )
    .unwrap();
    out
}

/// The real Italian and Czech games replay without an error under their own rules. They carry
/// no GameType; their snapshots show what inference makes of them without `--variant`.
#[test]
fn real_italian_and_czech_games_replay_clean_under_their_rules() {
    for (rel, variant) in [
        (
            "wiegerw-pdn/campionato_assoluto_2005.pdn",
            pdnkit::rules::Variant::Italian,
        ),
        ("wiegerw-pdn/mrcd2007.pdn", pdnkit::rules::Variant::Czech),
    ] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("corpus")
            .join(rel);
        let mut options = CheckOptions::default();
        options.replay.variant = Some(pdnkit::replay::ForcedVariant::Replay(variant));
        let mut problems = Vec::new();
        let totals = check_stream(std::fs::File::open(path).unwrap(), &options, |g| {
            problems.extend(
                g.diagnostics
                    .into_iter()
                    .filter(|d| d.severity != Severity::Info)
                    .map(|d| (d.code, d.message)),
            )
        })
        .unwrap();
        assert!(totals.games > 0);
        // One warning in the Italian file: game 46 ends `13. 24x6 3x26` (line 753), which two
        // legal captures of three pieces match, through 17 or through 19; the record does not
        // say which.
        let expected: &[(&str, &str)] = if variant == pdnkit::rules::Variant::Italian {
            &[(
                "R309",
                "3x26 matches 2 legal captures that take different pieces",
            )]
        } else {
            &[]
        };
        let got: Vec<(&str, &str)> = problems.iter().map(|(c, m)| (*c, m.as_str())).collect();
        assert_eq!(got, expected, "{rel}");
    }
}

/// Real errors in real files, each shown to be one.
mod real_errors {
    use super::*;

    fn errors(ds: &[Diagnostic]) -> Vec<(&'static str, String)> {
        ds.iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| (d.code, d.message.clone()))
            .collect()
    }

    #[test]
    fn tinsley_game_541_has_moves_missing_before_move_62() {
        // Black is to move at 62. and has kings on 29 and 28 and a man on 16; the record has
        // Black play 32-28, but 32 is empty: the moves that brought a black king there are
        // missing from the record. The file has no GameType; its games are English, decided
        // once for the file, so this is an error at its ply, with a note of the guess.
        let ds = diagnostics("checkerboard/tinsley.pdn");
        let e: Vec<_> = ds
            .iter()
            .filter(|d| d.code == "R301" && d.message.contains("32-28: there is no piece on 32"))
            .collect();
        assert_eq!(e.len(), 1, "{ds:#?}");
        assert_eq!(e[0].severity, Severity::Error);
        assert_eq!(e[0].context.as_ref().map(|c| c.ply), Some(123));
        assert!(
            e[0].notes
                .iter()
                .any(|n| n.starts_with("variant guessed: English draughts")),
            "{:?}",
            e[0].notes
        );
        assert!(!ds.iter().any(|d| d.code == "G513"));
    }

    #[test]
    fn shashkispark_generated_here_1_puts_variations_where_pdn_puts_the_move_they_replace() {
        // A Russian game in numeric squares (no GameType; English fails at once, Russian
        // replays the main line whole). Its variations `( 2. 20:11 ... )` follow Black's
        // `11-16`, which PDN says they replace: their first move, White's, is played where
        // Black is to move, four times, and a fifth variation likewise.
        let ds = diagnostics("shashkispark/generated_here_1.pdn");
        let e = errors(&ds);
        assert_eq!(e.len(), 5, "{e:#?}");
        assert!(
            e.iter()
                .all(|(code, m)| *code == "R302" && m.contains("but it is black's move"))
        );
        assert!(
            ds.iter()
                .any(|d| d.code == "G506" && d.message.contains("read as Russian draughts"))
        );
    }

    #[test]
    fn shashkispark_notation_undo3_starts_at_move_3_without_a_position() {
        // `3. c3-d4 e5xc3`: the game starts at its third move with no FEN, so Black's man on
        // e5 is not there in the start position.
        let ds = diagnostics("shashkispark/notation_undo3.pdn");
        let e = errors(&ds);
        assert!(
            e.iter()
                .any(|(code, m)| *code == "R301" && m.contains("e5xc3: there is no piece on e5")),
            "{e:#?}"
        );
    }

    #[test]
    fn tinsley_has_two_annotations_glued_to_moves_outside_braces() {
        // `8-11Redoversteppedthetimecontrolonthismove.` and `26-22Whiteovers...`: a note
        // written without braces, so it is neither a move nor a comment.
        let ds = diagnostics("checkerboard/tinsley.pdn");
        let glued: Vec<_> = ds.iter().filter(|d| d.code == "S105").collect();
        assert_eq!(glued.len(), 2);
        assert!(glued.iter().all(|d| d.message.contains("overstepped")));
    }

    #[test]
    fn lidraughts_russian_exports_whose_result_tag_disagrees_with_the_moves() {
        // Game 1: the Result tag says 1-1, but the game ends `33. h2xe5 2-0` with a terminator
        // of 2-0. Seven games of the file carry such a contradiction.
        let ds = diagnostics("py-draughts/russian.pdn");
        let e = errors(&ds);
        assert_eq!(e.len(), 7, "{e:?}");
        assert!(e.iter().all(|(c, _)| *c == "G502"));
        assert!(e[0].1.contains("ends with 2-0 but its Result tag says 1-1"));
    }

    #[test]
    fn frisian_games_replay_and_those_without_gametype_are_read_as_frisian() {
        // frisian.pdn starts with games that carry no tags; their moves fit 10x10 and take
        // along files and rows (14x34 straight down a file), which only Frisian allows among
        // the 10x10 variants, so the replay chooses it (one G506). Every game replays without a
        // rule error; the two errors are lidraughts exports whose terminator contradicts the
        // Result tag (game 19 ends `2-0` under `[Result "0-2"]`, game 20 the other way round).
        let ds = diagnostics("py-draughts/frisian.pdn");
        assert!(
            ds.iter()
                .all(|d| d.severity != Severity::Error || !d.code.starts_with('R')),
            "{ds:#?}"
        );
        let guess: Vec<_> = ds.iter().filter(|d| d.code == "G506").collect();
        assert_eq!(guess.len(), 1, "{guess:#?}");
        assert!(guess[0].message.contains("read as Frisian draughts"));
        let e = errors(&ds);
        assert_eq!(e.len(), 2, "{e:?}");
        assert!(e.iter().all(|(c, _)| *c == "G502"));
        assert!(!ds.iter().any(|d| d.code == "G513" || d.code == "G507"));
    }

    #[test]
    fn frysk_games_replay_without_a_diagnostic() {
        // lidraughts' Frysk! exports (GameType 97): five men a side on the back row, Frisian
        // rules.
        let ds = diagnostics("py-draughts/frysk.pdn");
        assert!(ds.is_empty(), "{ds:#?}");
    }

    #[test]
    fn shashkispark_fixtures_declare_10x10_but_hold_8x8_moves() {
        // `[GameType "20"]` with `1. g3-h4 b6-a5`: a Russian opening on an 8x8 board. On 10x10,
        // h4 is White's own man, so the first move is impossible; the note says why.
        let ds = diagnostics("shashkispark/notation_variant.pdn");
        let first = ds.iter().find(|d| d.severity == Severity::Error).unwrap();
        assert_eq!(first.code, "R303");
        assert!(
            first.notes.iter().any(|n| n.contains("fits on 8x8")),
            "{first:#?}"
        );
    }
}
