//! `convert`: notation changes spliced into the original text, round trips over the corpus.

use std::path::Path;

use crate::common::there_and_back::without_added_gametypes;
use pdnkit::check::{CheckOptions, check_stream};
use pdnkit::notation::NotationKind;
use std::collections::BTreeMap;

use pdnkit::syntax::Element;
use pdnkit::write::convert::{
    CaptureStyle, ConvertOptions, Eol, FileConversion, Results, Unconverted, convert_checked,
};

/// Converts `bytes`; games left as they were are counted.
fn convert(bytes: &[u8], notation: NotationKind, captures: CaptureStyle) -> (String, usize) {
    convert_with(
        bytes,
        &ConvertOptions {
            notation: Some(notation),
            captures,
            ..ConvertOptions::default()
        },
    )
}

/// Converts `bytes` with `convert`; games left as they were are counted.
fn convert_with(bytes: &[u8], convert: &ConvertOptions) -> (String, usize) {
    let mut options = CheckOptions::default();
    options.replay.record_moves = true;
    let mut out = String::new();
    let mut kept = 0;
    let mut conversion = FileConversion::default();
    check_stream(bytes, &options, |g| {
        match conversion.convert(&g.chunk, g.report.as_ref(), &g.diagnostics, convert) {
            Ok(t) => out.push_str(&t),
            Err(why) => {
                kept += 1;
                out.push_str(
                    &conversion
                        .write_kept(&g.chunk, g.report.as_ref(), &why, convert)
                        .text,
                )
            }
        }
    })
    .expect("reading from memory cannot fail");
    (out, kept)
}

/// Games, comments, variations and NAGs (a PDN 2.0 star after a move counts as the `$7` it
/// is written as), and the codes of every diagnostic with how often each is given.
fn census(bytes: &[u8]) -> ([usize; 4], BTreeMap<&'static str, usize>) {
    let mut counts = [0usize; 4];
    let mut codes = BTreeMap::new();
    check_stream(bytes, &CheckOptions::default(), |g| {
        for d in &g.diagnostics {
            *codes.entry(d.code).or_default() += 1;
        }
        let Some(game) = &g.chunk.game else { return };
        counts[0] += 1;
        counts[1] += game.header_comments.len();
        for e in &game.body {
            match e {
                Element::Comment(_) => counts[1] += 1,
                Element::VariationStart { .. } => counts[2] += 1,
                Element::Nag { .. } => counts[3] += 1,
                Element::Move(m)
                    if m.strength.as_ref().is_some_and(|s| s.marks.as_str() == "*") =>
                {
                    counts[3] += 1
                }
                _ => {}
            }
        }
    })
    .expect("reading from memory cannot fail");
    (counts, codes)
}

/// The ways a file is converted in the round-trip and census tests.
fn every_conversion() -> Vec<(&'static str, ConvertOptions)> {
    let mut all = Vec::new();
    for (name, notation) in [
        ("numeric", NotationKind::Numeric),
        ("algebraic", NotationKind::Algebraic),
    ] {
        for canonical in [false, true] {
            all.push((
                if canonical { name } else { "spliced" },
                ConvertOptions {
                    notation: Some(notation),
                    canonical,
                    ..ConvertOptions::default()
                },
            ));
        }
    }
    all.push((
        "canonical",
        ConvertOptions {
            canonical: true,
            ..ConvertOptions::default()
        },
    ));
    all
}

#[test]
fn every_corpus_file_keeps_its_games_comments_variations_and_nags_in_every_conversion() {
    for path in corpus_files() {
        let bytes = std::fs::read(&path).expect("corpus file");
        let (before, _) = census(&bytes);
        for (name, options) in every_conversion() {
            let (out, _) = convert_with(&bytes, &options);
            let (after, _) = census(out.as_bytes());
            assert_eq!(
                after,
                before,
                "{} ({name}, {:?}): [games, comments, variations, NAGs]",
                path.display(),
                options.notation
            );
        }
    }
}

#[test]
fn canonical_output_of_every_corpus_file_gives_no_new_diagnostic() {
    for path in corpus_files() {
        let bytes = std::fs::read(&path).expect("corpus file");
        let (_, before) = census(&bytes);
        for notation in [
            None,
            Some(NotationKind::Numeric),
            Some(NotationKind::Algebraic),
        ] {
            let options = ConvertOptions {
                notation,
                canonical: true,
                captures: CaptureStyle::Minimal,
                ..ConvertOptions::default()
            };
            let (out, _) = convert_with(&bytes, &options);
            let (_, after) = census(out.as_bytes());
            for (code, n) in &after {
                let was = before.get(code).copied().unwrap_or(0);
                assert!(
                    *n <= was,
                    "{} ({notation:?}): {code} {was} -> {n}",
                    path.display()
                );
            }
            // Written again, canonical output is unchanged.
            let (again, _) = convert_with(out.as_bytes(), &options);
            if let Some((a, b)) = again.lines().zip(out.lines()).find(|(a, b)| a != b) {
                panic!(
                    "{} ({notation:?}): written again\n{a}\ninstead of\n{b}",
                    path.display()
                );
            }
            assert_eq!(again, out, "{} ({notation:?})", path.display());
        }
    }
}

#[test]
fn canonical_form_orders_the_roster_and_normalises_moves_results_and_fen() {
    let text = "[Black \"b\"]\n[Foo \"x\"]\n[Event \"e\"]\n[Result \" 1/2-1/2\"]\n[GameType \"20\"]\n[FEN \"W:W31-50:B1-20.\"]\n01. 32 - 28 19-23 2. 37-32! {a [Event x] b} (2. 33-29 $1) 14-19 1/2-1/2\n";
    let options = ConvertOptions {
        canonical: true,
        ..ConvertOptions::default()
    };
    let (out, kept) = convert_with(text.as_bytes(), &options);
    assert_eq!(kept, 0);
    assert_eq!(
        out,
        "[Event \"e\"]\n[Black \"b\"]\n[Result \"1/2-1/2\"]\n[Foo \"x\"]\n[GameType \"20\"]\n[FEN \"W:W31-50:B1-20\"]\n\n1. 32-28 19-23 2. 37-32! {a [Event x] b} (2. 33-29 $1) 14-19 1/2-1/2\n\n"
    );
    let dropped = ConvertOptions {
        results: Results::Drop,
        eol: Some(Eol::Crlf),
        ..options
    };
    let (out, _) = convert_with(text.as_bytes(), &dropped);
    assert!(out.contains("[Result \"1/2-1/2\"]\r\n"), "{out}");
    assert!(out.ends_with("14-19 *\r\n\r\n"), "{out}");
    assert!(!out.replace("\r\n", "").contains('\n'), "{out}");
}

#[test]
fn canonical_form_writes_results_written_with_a_colon_as_pdn_writes_them() {
    let text = "[Result \"1/2:1/2\"]\n[GameType \"25\"]\n1. cd4 fg5 1/2:1/2\n\n[Result \"1:0\"]\n[GameType \"25\"]\n1. c3-d4 f6-g5 1:0\n";
    let options = ConvertOptions {
        canonical: true,
        ..ConvertOptions::default()
    };
    let (out, kept) = convert_with(text.as_bytes(), &options);
    assert_eq!(kept, 0);
    assert_eq!(
        out,
        "[Result \"1/2-1/2\"]\n[GameType \"25\"]\n\n1. c3-d4 f6-g5 1/2-1/2\n\n[Result \"1-0\"]\n[GameType \"25\"]\n\n1. c3-d4 f6-g5 1-0\n\n"
    );
}

#[test]
fn a_game_with_a_syntax_error_is_written_as_it_was_in_canonical_form() {
    let text = "1. 32-28 {unterminated 19-23 2. 37-32 *\n";
    let options = ConvertOptions {
        canonical: true,
        ..ConvertOptions::default()
    };
    let (out, kept) = convert_with(text.as_bytes(), &options);
    // Kept byte for byte, followed by the blank line that ends every game in canonical form.
    assert_eq!((out, kept), (format!("{text}\n"), 1));
}

#[test]
fn spliced_output_takes_the_line_ends_asked_for() {
    let text = "[GameType \"20\"]\r\n1. 32-28 19-23\n2. 37-32 *\r";
    let options = ConvertOptions {
        notation: Some(NotationKind::Algebraic),
        eol: Some(Eol::Lf),
        ..ConvertOptions::default()
    };
    let (out, _) = convert_with(text.as_bytes(), &options);
    assert_eq!(
        out,
        "[GameType \"20,W,10,10,A0,0\"]\n1. d4-e5 g7-f6\n2. c3-d4 *\n"
    );
}

fn corpus_files() -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> =
        walkdir::WalkDir::new(Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus"))
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .map(|e| e.into_path())
            .filter(|p| p.extension().is_some_and(|x| !x.eq_ignore_ascii_case("md")))
            .collect();
    files.sort();
    files
}

#[test]
fn every_corpus_file_goes_to_algebraic_and_back_to_its_numeric_conversion_byte_for_byte() {
    for style in [
        CaptureStyle::Keep,
        CaptureStyle::Minimal,
        CaptureStyle::Full,
    ] {
        for path in corpus_files() {
            let bytes = std::fs::read(&path).expect("corpus file");
            let (numeric, _) = convert(&bytes, NotationKind::Numeric, style);
            let (algebraic, _) = convert(&bytes, NotationKind::Algebraic, style);
            let (back, _) = convert(algebraic.as_bytes(), NotationKind::Numeric, style);
            let back = without_added_gametypes(&back, &numeric);
            if back != numeric {
                let line = back
                    .lines()
                    .zip(numeric.lines())
                    .position(|(a, b)| a != b)
                    .unwrap_or(0);
                panic!(
                    "{} ({style:?}) differs at line {}:\n  back:    {:?}\n  numeric: {:?}",
                    path.display(),
                    line + 1,
                    back.lines().nth(line),
                    numeric.lines().nth(line)
                );
            }
        }
    }
}

#[test]
fn only_moves_and_the_gametype_tag_change() {
    let text = "[Event \"a {b}\"]\n[GameType \"20\"]\n[Whatever \"x\"]\n\n1. 33-28 {19-23 stays} 18-23 ; rest of line 32-28\n2. 39-33! 13-18 (2... 12-18 $1) 3. 44-39 18-22 4. 31-27 22x31 5. 36x27 {[%clock 1:00]} *\n";
    let (out, kept) = convert(text.as_bytes(), NotationKind::Algebraic, CaptureStyle::Keep);
    assert_eq!(kept, 0);
    assert_eq!(
        out,
        "[Event \"a {b}\"]\n[GameType \"20,W,10,10,A0,0\"]\n[Whatever \"x\"]\n\n1. f4-e5 {19-23 stays} e7-f6 ; rest of line 32-28\n2. g3-f4! f8-e7 (2... d8-e7 $1) 3. h2-g3 e7-d6 4. b4-c5 d6xb4 5. a3xc5 {[%clock 1:00]} *\n"
    );
}

#[test]
fn a_game_without_gametype_gets_one_after_its_last_tag() {
    let text = "[Event \"e\"]\r\n1. 33-28 18-23 2. 39-33 13-18 3. 44-39 18-22 4. 31-27 22x31 *\r\n";
    let (out, _) = convert(text.as_bytes(), NotationKind::Algebraic, CaptureStyle::Keep);
    assert!(
        out.starts_with("[Event \"e\"]\r\n[GameType \"20,W,10,10,A0,0\"]\r\n1. f4-e5"),
        "{out}"
    );
}

#[test]
fn captures_are_written_short_full_or_minimal() {
    // English: the white man on 9 (b6 ... ) takes 6 and 7 from a FEN; a king's double capture.
    let text = "[GameType \"21\"]\n[FEN \"B:W14,22:B9\"]\n1. 9x25 *\n";
    let short = convert(text.as_bytes(), NotationKind::Numeric, CaptureStyle::Short).0;
    let full = convert(text.as_bytes(), NotationKind::Numeric, CaptureStyle::Full).0;
    let minimal = convert(
        text.as_bytes(),
        NotationKind::Numeric,
        CaptureStyle::Minimal,
    )
    .0;
    assert!(short.contains("1. 9x25 *"), "{short}");
    assert!(full.contains("1. 9x18x25 *"), "{full}");
    assert!(minimal.contains("1. 9x25 *"), "{minimal}");
}

#[test]
fn a_game_that_cannot_be_replayed_is_written_out_unchanged() {
    let text = "[GameType \"41\"]\n1. a3-a4 a6-a5 *\n";
    let (out, kept) = convert(text.as_bytes(), NotationKind::Algebraic, CaptureStyle::Keep);
    assert_eq!(kept, 1);
    assert_eq!(out, text);
}

#[test]
fn the_cli_writes_the_output_file_whole_and_leaves_no_temporary_file() {
    let dir = std::env::temp_dir().join(format!("pdn-convert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let input = dir.join("in.pdn");
    let output = dir.join("out.pdn");
    std::fs::write(&input, "[GameType \"20\"]\n1. 33-28 18-23 *\n").expect("write");
    assert_cmd::Command::cargo_bin("pdn")
        .expect("binary")
        .args(["convert", "--notation", "algebraic", "-o"])
        .arg(&output)
        .arg(&input)
        .assert()
        .success();
    let out = std::fs::read_to_string(&output).expect("output");
    assert_eq!(out, "[GameType \"20,W,10,10,A0,0\"]\n1. f4-e5 e7-f6 *\n");
    let names: Vec<_> = std::fs::read_dir(&dir)
        .expect("dir")
        .filter_map(Result::ok)
        .map(|e| e.file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

fn export(args: &[&str], text: &str) -> String {
    let out = assert_cmd::Command::cargo_bin("pdn")
        .expect("binary")
        .arg("convert")
        .args(args)
        .arg("-")
        .write_stdin(text)
        .output()
        .expect("runs");
    assert!(out.status.success());
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn jsonl_gives_one_object_per_game_with_each_move_its_squares_and_texts() {
    let text = "[Event \"e\"]\n[GameType \"20\"]\n1. 33-28 18-23 2. 39-33 13-18 3. 44-39 18-22 4. 31-27 (4. 34-29 23x34) 22x31 5. 36x27 *\n\n[GameType \"20\"]\n1. 32-28 *\n";
    let out = export(&["--to", "jsonl", "--fen-each-ply"], text);
    let games: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(g["tags"]["Event"], "e");
    assert_eq!(g["variant"], "international");
    let moves = g["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 9);
    let capture = &moves[7];
    assert_eq!(capture["written"], "22x31");
    assert_eq!(capture["from"], "22");
    assert_eq!(capture["to"], "31");
    assert_eq!(capture["captured"], serde_json::json!(["27"]));
    assert_eq!(capture["side"], "black");
    assert!(capture["fen"].as_str().expect("fen").starts_with("W:"));
    let var = &g["variations"][0];
    assert_eq!(var["parent"], 0);
    assert_eq!(var["moves"][0]["written"], "34-29");
    assert_eq!(var["moves"][0]["ply"], 7);
    assert_eq!(var["moves"][1]["captured"], serde_json::json!(["29"]));
}

#[test]
fn json_is_one_array_and_csv_one_row_per_game_after_a_header() {
    let text =
        "[Event \"a, b\"]\n[GameType \"20\"]\n1. 33-28 18-23 *\n\n[GameType \"20\"]\n1. 32-28 *\n";
    let json: serde_json::Value =
        serde_json::from_str(&export(&["--to", "json"], text)).expect("JSON");
    assert_eq!(json.as_array().expect("array").len(), 2);
    let csv = export(&["--to", "csv"], text);
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows.len(), 3);
    assert!(rows[0].starts_with("file,game,Event,Site,Date,Round,White,Black,Result,GameType"));
    assert!(rows[1].starts_with("-,1,\"a, b\","), "{}", rows[1]);
    assert!(rows[1].ends_with(",33-28 18-23"), "{}", rows[1]);
}

#[test]
fn csv_has_a_column_for_every_tag_of_the_collection_and_reads_back_as_a_table() {
    // Tags met late in the input, tags of one game only, a value with a comma, a quote and a
    // line break, a tag named like another column.
    let text = "[Event \"a\"]\n[GameType \"20\"]\n1. 33-28 18-23 *\n\n\
                [Event \"b\"]\n[WhiteElo \"2100\"]\n[GameType \"20\"]\n1. 32-28 *\n\n\
                [Annotator \"x, \\\"y\\\"\"]\n[moves \"m\"]\n[WhiteElo \"1900\"]\n[GameType \"20\"]\n1. 31-27 *\n";
    let out = export(&["--to", "csv"], text);
    let mut reader = csv::Reader::from_reader(out.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .expect("a header")
        .iter()
        .map(str::to_string)
        .collect();
    assert_eq!(
        header,
        [
            "file",
            "game",
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "Result",
            "GameType",
            "WhiteElo",
            "Annotator",
            "moves (tag)",
            "variant",
            "plies",
            "complete",
            "errors",
            "warnings",
            "moves"
        ]
    );
    let rows: Vec<csv::StringRecord> = reader
        .records()
        .map(|r| r.expect("a row of the header's width"))
        .collect();
    assert_eq!(rows.len(), 3);
    let cell = |row: usize, name: &str| {
        let i = header.iter().position(|h| h == name).expect("column");
        rows[row][i].to_string()
    };
    assert_eq!(cell(0, "WhiteElo"), "");
    assert_eq!(cell(1, "WhiteElo"), "2100");
    assert_eq!(cell(2, "WhiteElo"), "1900");
    assert_eq!(cell(2, "Annotator"), "x, \"y\"");
    assert_eq!(cell(2, "moves (tag)"), "m");
    assert_eq!(cell(2, "moves"), "31-27");
    assert_eq!(cell(0, "moves"), "33-28 18-23");
    assert_eq!(cell(1, "Event"), "b");
}

#[test]
fn the_csv_of_the_corpus_is_one_table() {
    let out = assert_cmd::Command::cargo_bin("pdn")
        .expect("binary")
        .args(["convert", "--to", "csv"])
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus"))
        .output()
        .expect("runs");
    assert!(out.status.success());
    let mut reader = csv::Reader::from_reader(out.stdout.as_slice());
    let width = reader.headers().expect("a header").len();
    let mut rows = 0;
    for r in reader.records() {
        assert_eq!(r.expect("a row of the header's width").len(), width);
        rows += 1;
    }
    // One row per game of `pdn check corpus/`.
    assert_eq!(rows, 5844);
    assert!(width > 30, "{width}");
}

#[test]
fn the_exported_result_is_the_result_tag_s_when_the_movetext_has_none() {
    let text = "[Result \" 1-0\"]\n[GameType \"20\"]\n1. 33-28 18-23\n\n\
                [Result \"?\"]\n[GameType \"20\"]\n1. 32-28\n\n\
                [Result \"1-0\"]\n[GameType \"20\"]\n1. 32-28 0-1\n";
    let out = export(&["--to", "jsonl"], text);
    let results: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON")["result"].clone())
        .collect();
    assert_eq!(
        results,
        [
            serde_json::json!("1-0"),
            serde_json::Value::Null,
            serde_json::json!("0-1")
        ]
    );
}

#[test]
fn every_field_of_an_exported_game_and_move_is_documented() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/json.md"))
        .expect("docs/json.md");
    let section = doc
        .split("## Exported games")
        .nth(1)
        .expect("the export section");
    let documented: Vec<&str> = section
        .lines()
        .filter(|l| l.starts_with("| `"))
        .flat_map(|l| {
            l.split('|')
                .nth(1)
                .unwrap_or("")
                .split('`')
                .skip(1)
                .step_by(2)
        })
        .collect();
    let text = "[GameType \"20\"]\n1. 33-28 18-23 2. 39-33 13-18 3. 44-39 18-22 4. 31-27 (4. 34-29 23x34) 22x31 *\n";
    let out = export(&["--to", "jsonl", "--fen-each-ply"], text);
    let g: serde_json::Value = serde_json::from_str(out.trim()).expect("JSON");
    let mut keys: Vec<String> = g.as_object().expect("object").keys().cloned().collect();
    keys.extend(g["moves"][0].as_object().expect("move").keys().cloned());
    keys.extend(
        g["variations"][0]
            .as_object()
            .expect("variation")
            .keys()
            .cloned(),
    );
    for k in keys {
        assert!(documented.contains(&k.as_str()), "`{k}` is not documented");
    }
}

mod random_games {
    use super::*;
    use pdnkit::board::Position;
    use pdnkit::notation::Layout;
    use pdnkit::notation::resolve::write_move;
    use pdnkit::rules::Variant;
    use proptest::prelude::*;

    /// A game of random legal moves in `variant`, written in its standard notation with full
    /// capture paths.
    fn random_game(variant: Variant, choices: &[usize]) -> String {
        let layout = Layout::standard(variant);
        let mut pos = Position::start(variant);
        let mut text = format!("[GameType \"{}\"]\n", variant.gametype());
        for (ply, &c) in choices.iter().enumerate() {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[c % legal.len()].clone();
            if ply % 2 == 0 {
                text.push_str(&format!("{}. ", ply / 2 + 1));
            }
            text.push_str(&write_move(&layout, &mv, variant.capture_separator(), true));
            text.push(' ');
            pos.play(&mv);
        }
        text.push_str("*\n");
        text
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn converting_a_random_legal_game_there_and_back_is_the_identity(
            v in 0..Variant::ALL.len(),
            choices in proptest::collection::vec(0usize..64, 0..80),
        ) {
            let variant = Variant::ALL[v];
            let game = random_game(variant, &choices);
            for style in [CaptureStyle::Keep, CaptureStyle::Full] {
                let (numeric, kept) = convert(game.as_bytes(), NotationKind::Numeric, style);
                prop_assert_eq!(kept, 0);
                let (algebraic, _) = convert(game.as_bytes(), NotationKind::Algebraic, style);
                let (back, _) = convert(algebraic.as_bytes(), NotationKind::Numeric, style);
                prop_assert_eq!(&back, &numeric);
                // Written with full paths in the variant's own notation, the game converts to
                // itself apart from the GameType value.
                let own = match Layout::standard(variant).kind {
                    NotationKind::Numeric => &numeric,
                    NotationKind::Algebraic => &algebraic,
                };
                prop_assert_eq!(own, &game);
            }
        }
    }
}

#[test]
fn a_game_with_two_gametype_tags_is_written_out_unchanged() {
    let text = "[GameType \"21\"]\n[GameType \"20\"]\n1. 32-27 18-23 *\n";
    let (out, kept) = convert(text.as_bytes(), NotationKind::Algebraic, CaptureStyle::Keep);
    assert_eq!(kept, 1);
    assert_eq!(out, text);
}

#[test]
fn convert_and_annotate_take_the_input_options_of_check() {
    // Read as Windows-1251, replayed as Russian whatever the tags say, written as UTF-8.
    let mut bytes = b"[Event \"\xcf\xf0\xe8\xe2\xe5\xf2\"]\n1. c3-d4 f6-g5 *\n".to_vec();
    let out = assert_cmd::Command::cargo_bin("pdn")
        .expect("binary")
        .args([
            "convert",
            "--notation",
            "numeric",
            "--variant",
            "russian",
            "--encoding",
            "windows-1251",
            "--no-config",
            "-",
        ])
        .write_stdin(std::mem::take(&mut bytes))
        .output()
        .expect("runs");
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(text.starts_with("[Event \"Привет\"]"), "{text}");
    assert!(text.contains("1. 22-18 11-16 *"), "{text}");
    // annotate with a code allowed writes nothing for it.
    let text = "[GameType \"21\"]\n1. 11-15 22-18 2. 12-16 18x11 *\n";
    let run = |extra: &[&str]| {
        let out = assert_cmd::Command::cargo_bin("pdn")
            .expect("binary")
            .arg("annotate")
            .args(extra)
            .arg("-")
            .write_stdin(text)
            .output()
            .expect("runs");
        String::from_utf8(out.stdout).expect("UTF-8")
    };
    assert!(run(&[]).contains("[%lint R305]"));
    assert!(!run(&["-A", "R305"]).contains("[%lint R305]"));
}

/// A setup command that holds no FEN (`//`, G505) names no square: the game has nothing to
/// rename and is written as it was, with no GameType, in either notation. (Found by the
/// `convert` fuzz target: taken to be in its variant's own notation, such a game got a
/// GameType when converted to the other, and read again the file weighed its runs otherwise.)
#[test]
fn a_game_whose_setup_holds_no_fen_names_no_square_and_gets_no_gametype() {
    let input = "1. 22-18 11:22 2. 24-20 *\n\n[Event \"b\"]\n//\n*\n";
    for notation in [NotationKind::Numeric, NotationKind::Algebraic] {
        let options = ConvertOptions {
            notation: Some(notation),
            ..ConvertOptions::default()
        };
        let (out, _) = convert_with(input.as_bytes(), &options);
        assert!(
            out.ends_with("\n[Event \"b\"]\n//\n*\n"),
            "{notation:?}: {out}"
        );
        assert!(
            out.matches("GameType").count() == usize::from(notation == NotationKind::Algebraic),
            "{notation:?}: {out}"
        );
    }
}

/// A game written as it was in canonical form keeps its last line to its end: white space at
/// the end of a tag value never closed on its line is part of the value.
#[test]
fn a_kept_game_keeps_the_white_space_that_ends_its_last_line() {
    let options = ConvertOptions {
        canonical: true,
        ..ConvertOptions::default()
    };
    let input = "[Event \"a\"]\n1. 32-28 *\n\n[Site \"b\n[Round \"2\u{1a} \n\n";
    let (once, kept) = convert_with(input.as_bytes(), &options);
    assert_eq!(kept, 1, "{once}");
    assert!(
        once.ends_with("\n[Site \"b\n[Round \"2\u{1a} \n\n"),
        "{once:?}"
    );
    let (twice, _) = convert_with(once.as_bytes(), &options);
    assert_eq!(twice, once);
}

/// Found by the `convert` fuzz target: text after a game's result (here a stray `*`) moved
/// down a line each time canonical output was written again.
#[test]
fn canonical_output_is_unchanged_when_written_again_with_text_after_a_result() {
    let options = ConvertOptions {
        canonical: true,
        ..ConvertOptions::default()
    };
    let (once, _) = convert_with(b"1. 32-28 1-0 *\n", &options);
    let (twice, _) = convert_with(once.as_bytes(), &options);
    assert_eq!(twice, once);
    // `1. 32-28` is read as International (no 8x8 variant replays it), but Frisian draughts
    // replays it alike, so no GameType is written; the `*` stays on the line of the result it
    // followed.
    assert_eq!(once, "1. 32-28 1-0 *\n\n");
}

/// Found by the `convert` fuzz target: games whose converted text reads as something else than
/// the game (after a Result tag left open, `[Result "1-0"0-0]`, the GameType written for the
/// next game lands in that broken line; a broken International game; tokens the reader took
/// apart or skipped) converted differently there and back. Such a game is now read back in
/// both notations and, if it reads differently, kept as written.
#[test]
fn games_that_read_differently_once_converted_are_kept_as_written() {
    for name in THERE_AND_BACK.iter().chain(FOUND).chain(FOUND_OTHER_CORNER) {
        let bytes = fuzz_fixture(name);
        let to = |n| ConvertOptions {
            notation: Some(n),
            ..ConvertOptions::default()
        };
        let (numeric, _) = convert_with(&bytes, &to(NotationKind::Numeric));
        let (algebraic, _) = convert_with(&bytes, &to(NotationKind::Algebraic));
        let (back, _) = convert_with(algebraic.as_bytes(), &to(NotationKind::Numeric));
        // A byte order mark opening the text is read back as the file's own.
        let numeric = numeric.trim_start_matches('\u{feff}');
        let back = back.trim_start_matches('\u{feff}');
        if FOUND_OTHER_CORNER.contains(name) {
            let (there, _) = convert_with(numeric.as_bytes(), &to(NotationKind::Algebraic));
            let (again, _) = convert_with(there.as_bytes(), &to(NotationKind::Numeric));
            assert_eq!(again, back, "{name}");
        } else {
            assert_eq!(without_added_gametypes(back, numeric), numeric, "{name}");
        }
    }
}

/// Inputs the target found that failed for reasons fixed since (games mixing numbered and
/// lettered squares, GameType tags given to games kept as written, a numbered game read as
/// Russian draughts, a run whose games got tags changing another run's fallback; from 07 on,
/// a settled run given GameType tags beside an open run of its notation, which then was read
/// otherwise, see [`a_settled_run_gets_no_gametype_while_a_run_of_its_notation_is_open`]):
/// converted there and back alike, and in canonical form unchanged when written again.
const FOUND: &[&str] = &[
    "convert_found_open_01.pdn",
    "convert_found_open_02.pdn",
    "convert_found_open_03.pdn",
    "convert_found_open_04.pdn",
    "convert_found_open_05.pdn",
    "convert_found_open_06.pdn",
    "convert_found_open_07.pdn",
    "convert_found_open_08.pdn",
    "convert_found_open_09.pdn",
    "convert_found_open_10.pdn",
    // A game without moves named by its tag words, then one without squares: the first,
    // given a GameType, showed the file's variant to the second, which it had not before
    // (`a_game_without_moves_takes_the_variant_tag_words_named_before_it`).
    "convert_found_open_11.pdn",
    // GameType tags pdnkit cannot read, in games read as their runs are: written over in
    // canonical form for a run left open, or kept in one conversion and written over in the
    // other (`a_game_whose_gametype_tag_cannot_be_read_is_kept_as_written`).
    "convert_found_open_12.pdn",
    "convert_found_open_13.pdn",
    "convert_found_open_14.pdn",
    // An escape line ending in a space among a game's tags: written before the game it kept
    // the space, and read again as text between games, canonical form wrote it without.
    "convert_found_open_15.pdn",
    // A game kept as written after a game with no terminator that canonical form wrote whole,
    // with one: its GameType was left out as if the game before it still read on into it.
    "convert_found_open_16.pdn",
    // `"]` and a vertical tab closing a tag value that holds bare quotes: the reader took the
    // tag for one left open, and canonical form, trimming the tab, changed how it read
    // (`a_value_with_bare_quotes_ends_before_white_space_of_any_kind`).
    "convert_found_open_17.pdn",
    // A numbered FEN before lettered moves (a dialect of Russian archives) in a run left open:
    // its FEN renamed to letters, the game got no GameType, and read again it was another game.
    "convert_found_open_18.pdn",
    // A game whose move after its first error is written short (`ge1`): renamed to numbers it
    // failed and was kept, and in its own letters it was converted (its FEN written in order);
    // it now converts to one notation only if it converts to both.
    "convert_found_open_19.pdn",
    // A game whose GameType tag cannot be read, in a run of two: its run read as International
    // draughts it was kept as written, and read again (the other game written whole) its run
    // was read as no variant, and it was written whole. It is now kept whatever its run.
    "convert_found_open_20.pdn",
    // A lettered FEN (the 8x8 start) before numbered moves: kept as written in one conversion
    // and renamed onto another board in the other. It is kept as written, as a FEN mixing
    // numbers and letters is (a numbered FEN before lettered moves still converts).
    "convert_found_open_21.pdn",
    // A tag the writer could have written (`[GameType "Normal"]`, inside a broken tag) in both
    // texts, with a GameType added after it in one: the comparison took the first for the one
    // added.
    "convert_found_open_22.pdn",
    // A comment opening a game without tags: the GameType added for the game went after it,
    // which left the comment out of the game, as text before it (see
    // [`a_game_without_tags_that_opens_with_a_comment_gets_its_gametype_before_it`]).
    "convert_found_open_23.pdn",
    "convert_found_open_24.pdn",
    // `[S"][3` and `"]2723` on the next line: the GameType written after that `]` put a line
    // end after it, and the `"]` then closed the value of the tag before (see
    // [`a_gametype_is_written_after_a_tag_only_where_its_line_ends_with_it`]).
    "convert_found_open_25.pdn",
    // Canonical form written again gave a GameType to a game of a run the first writing left
    // without one: a run read as the variant of the file's games on a larger board, or of its
    // other games, lost that evidence once those games had their GameType. Games with a
    // GameType now give it too (see
    // `a_short_game_without_gametype_is_read_on_the_board_the_files_tagged_games_declare`).
    "convert_found_open_26.pdn",
    "convert_found_open_27.pdn",
    // Canonical form written again read a run's games left without a GameType otherwise than
    // the first writing did, once the run's other games had theirs: the variant the file's
    // games with a GameType declare for a board and notation is now the presumption of the
    // games without one there (see
    // `an_illegal_move_does_not_take_a_game_away_from_the_variant_its_file_declares`).
    "convert_found_open_28.pdn",
    "convert_found_open_29.pdn",
    "convert_found_open_30.pdn",
    "convert_found_open_31.pdn",
    // A GameType written in the other notation taken for the file's own (a game converted
    // there): found by the target on a commit that read such tags so.
    "convert_found_open_32.pdn",
    "convert_found_open_33.pdn",
    "convert_found_open_34.pdn",
    // A game without squares read as the file's games so far are took the variants its run
    // leaves open from runs weighed only once a game needed them: after games with a GameType
    // (as canonical form writes them) it saw none, and got a GameType the first writing did
    // not give it. The file's runs are now weighed before it.
    "convert_found_open_35.pdn",
    // A run decided before the file's other runs did not see them: the games of one read as
    // a variant of a larger board, written with their GameType, showed that board to the run
    // decided first the second time. Each run is now weighed again until the others stay as
    // they are.
    "convert_found_open_36.pdn",
    // A run converted into its variant's own notation (numbered Russian draughts written in
    // letters) gets a GameType that, read again, declared the variant for the file's lettered
    // games, where the numbered run had not: a run read as a variant outside its own board or
    // notation now declares it as its games' GameType would (see
    // `a_run_read_as_a_variant_in_its_other_notation_is_the_presumption_for_its_own`).
    "convert_found_open_37.pdn",
    "convert_found_open_38.pdn",
    "convert_found_open_39.pdn",
    "convert_found_open_40.pdn",
    "convert_found_open_41.pdn",
    "convert_found_open_42.pdn",
    // A game with a GameType whose tag words name a game of its board that moves first with
    // the other side: weighed with its tags only, its first move was not seen, the words were
    // taken to name it, and the GameType declared nothing; without its GameType the same
    // game was weighed with its run. Games with a GameType are now weighed whole.
    "convert_found_open_43.pdn",
    "convert_found_open_44.pdn",
    // A comment never closed (`{` and a line end) before a game whose tags hold a comment:
    // canonical form wrote that comment before the tags, the reader then took it for the
    // end of the open one, and the game read otherwise. A game after a comment never closed
    // is now kept as written.
    "convert_found_open_45.pdn",
    "convert_found_open_46.pdn",
    "convert_found_open_47.pdn",
    "convert_found_open_48.pdn",
    "convert_found_open_49.pdn",
    "convert_found_open_50.pdn",
    "convert_found_open_51.pdn",
    // A game read as the presumption its file's other games give, which no candidate of its
    // board replays otherwise than another (a FEN without squares): it took as open the
    // variants that replayed it alike, and got no GameType, where once the games giving the
    // presumption had theirs it was settled and got one. It is now as settled as they are.
    "convert_found_open_52.pdn",
    "convert_found_open_53.pdn",
    // `24-2` read as a result before a tag only; canonical form wrote a comment of the next
    // game before its tags, and the score was then read as a move (`*` written after it the
    // second time). The game after such a score is now kept as written when its canonical
    // form would not start with a tag.
    "convert_found_open_54.pdn",
    "convert_found_open_55.pdn",
    "convert_found_open_56.pdn",
    // `4-2%` then a tag indented on the next line: the game written whole ended with a `%`
    // line, and the indented tag was put on it.
    "convert_found_open_57.pdn",
    // Inputs of the target's corpus that the presumption's settling broke while it counted
    // the candidates of a larger board, which the file's other runs decide to weigh or not.
    "convert_found_open_58.pdn",
    "convert_found_open_59.pdn",
    // A game of a run kept as written whose FEN names squares both by number and by letter
    // (`B:WB4,2`, read as lettered when the run was weighed) got no GameType, where the run's
    // other games got one: read again alone, it was read as another variant. It now gets the
    // tag in the notation its run was weighed in.
    "convert_found_open_60.pdn",
    "convert_found_open_61.pdn",
    // `ef4` from a FEN, read as English draughts in letters, and `5-9` read as it: the numbered
    // game, which no candidate tells apart, took the lettered run's open variants the first
    // time and was settled by that run's GameType the second. A presumption from games
    // outside their variant's own notation always comes with a GameType written for them.
    "convert_found_open_62.pdn",
    // A run read as the file's games on a larger board are, weighed again with itself among
    // those games: it kept the variant, and the variants left open, it was first read with.
    "convert_found_open_63.pdn",
    "convert_found_open_64.pdn",
    "convert_found_open_65.pdn",
    // `7-2[`, then `2419`: the game that starts with the `[` on the line of `7-2` was kept as
    // written without the GameType its run's other games got, and read again alone it was
    // read as another variant. It now gets the tag on a line of its own after its first line.
    "convert_found_open_66.pdn",
    // Runs that held each other up: `3228` on 8x8 was read as the International of the file's
    // 10x10 game, and that game, which International, Frisian and Frysk! replay alike, as
    // International because the first run's reading stood against the Frysk! of the lettered
    // `cb2`. Written with the GameType that settled game gets, the file read otherwise. The
    // runs the others' GameTypes would read otherwise now get theirs too.
    "convert_found_open_67.pdn",
    "convert_found_open_68.pdn",
    "convert_found_open_70.pdn",
    "convert_found_open_71.pdn",
    "convert_found_open_73.pdn",
    // The same, where a game of a run given a GameType is kept as written without one (it
    // starts on the line where the text before it ends, `*1 15. e1-f2`): it is weighed as a
    // run of its own, as the file written so reads it. A game kept as written because written
    // whole it would be shorter in a file with control characters now gets its run's tag too.
    "convert_found_open_74.pdn",
    "convert_found_open_75.pdn",
    "convert_found_open_76.pdn",
    "convert_found_open_77.pdn",
    "convert_found_open_78.pdn",
    "convert_found_open_79.pdn",
    "convert_found_open_80.pdn",
    // A run settled, given its GameType, one of whose games is written as it was without one
    // (it starts where the text before it ends): read alone, that game read otherwise. Such a
    // run now gets no GameType, unless without it the run itself would read otherwise.
    "convert_found_open_81.pdn",
    "convert_found_open_82.pdn",
    "convert_found_open_83.pdn",
    // A game whose only square-like element is a setup command holding no FEN (`[]//`): its
    // notation, unknown, was taken as its variant's own, so converted to the other it got a
    // GameType, which moved the file's runs. It names no square now, and is kept as written.
    "convert_found_open_84.pdn",
    "convert_found_open_85.pdn",
    "convert_found_open_86.pdn",
    // A game named by its tag words, written with its GameType in the other notation: read
    // again, the GameType declared English draughts for the file's other games, where the
    // words had named the game alone
    // ([`a_game_named_by_its_words_declares_nothing_in_either_notation`]).
    "convert_found_open_87.pdn",
    "convert_found_open_88.pdn",
    // A FEN broken over two lines, the file's only line end, `\r\n`: written on one line, the
    // FEN took that line end with it, but the GameType added after it was still written with
    // `\r\n`, and read again from the other notation, with `\n`. A GameType tag added now
    // takes the line end of the lines the game keeps.
    "convert_found_open_89.pdn",
    // A game of the dialect of numbered FENs before lettered moves, with a syntax error: kept as
    // written, it gets no GameType, where the file weighed as written took it for tagged. Only
    // such a game without a syntax error is taken for tagged now.
    "convert_found_open_90.pdn",
    // ([`a_run_is_kept_as_written_where_renamed_it_would_move_a_run_of_unknown_variant`])
    "convert_found_open_93.pdn",
    // The same, where the renamed run holds games that start where the text before them ends:
    // kept as written, they got the GameType their run's renamed games get, which the run
    // written as it was does not.
    "convert_found_open_94.pdn",
    // `$6(;)[` then `3126%`: `(;)` was read as a note only because of the word on the next
    // line, past the `)` in its `;` comment; a GameType written there for the kept game after
    // it made the group a variation
    // ([`a_group_whose_comment_holds_a_parenthesis_reads_alike_whatever_follows`]).
    "convert_found_open_95.pdn",
    // A game that starts a new game only because its first tag repeats one of the game before
    // it, with no tag that ends with its `]`: no GameType can be written for it, which the file
    // weighed as it would be written did not know (`replay::takes_no_gametype`).
    "convert_found_open_96.pdn",
    // A numbered FEN before lettered moves, with a syntax error: converted to letters it got
    // the GameType its renamed FEN brings, where the file weighed as it would be written took
    // it to get none. Such a game is now kept as written in letters (`DialectSyntaxError`).
    "convert_found_open_97.pdn",
    // The same without a syntax error, whose FEN does not fit the variant its run is read as:
    // not replayed, it is kept as written and gets no GameType, which the weighing now knows.
    "convert_found_open_98.pdn",
    // The same with a syntax error, kept now in letters; before, it was taken for tagged.
    "convert_found_open_99.pdn",
    "convert_found_open_100.pdn",
    // A lettered run kept whole in numbers, but written again in letters: its text changed
    // there (`h2g3` to `h2-g3`), and kept again in numbers it no longer matched. A run kept
    // whole in one notation is kept whole in the other too.
    "convert_found_open_102.pdn",
    // A settled run's game that starts a new game only because its first tag repeats one of
    // the game before it, which was kept as written: kept too in canonical form, it got no
    // GameType, though it has a tag that ends with its `]` to write one after, as the weighing
    // took it to get. It now gets it there, as outside canonical form.
    "convert_found_open_103.pdn",
    // `4-2%`, then a line that starts with a vertical tab and `[1`: the game before kept the
    // spaces and tabs that open the next game's line but not the vertical tab, so trimmed of
    // its line end, its `%` opened the next game's line as an escape line (one game, not two).
    // That line now starts the next game.
    "convert_found_open_104.pdn",
    // A game after an open game, with no tag that ends with its `]`, after a game written
    // whole: in canonical form the game before gets a terminator, so this one is a game of its
    // own the next time and takes the GameType its run gets; the file was weighed as if it
    // took none, as written as it was. The weighing now knows both forms (`replay::Form`).
    "convert_found_open_105.pdn",
    // `4-2%`, then a form feed and a game with a tag: kept as starting in the middle of a line,
    // that game was written after the `%` line, where it starts a line of its own, and read
    // again it converted. A tag with only blanks before it on its line now starts the next
    // game with that line, as after a terminator.
    "convert_found_open_106.pdn",
    // A settled lettered run withheld its GameType, and a renamed run kept whole, for the sake
    // of a run of unknown variant that read otherwise only while an open numbered run had no
    // GameType; the weighing then gave that run one, and the reason was gone. Written so and
    // read again, the file gave the lettered run its GameType (in canonical form) and renamed
    // it (there and back). The weighing now gives such runs back what they were denied once
    // nothing reads otherwise with it.
    "convert_found_open_107.pdn",
    "convert_found_open_108.pdn",
    "convert_found_open_109.pdn",
];

/// `1-2` on 8x8, which no 8x8 variant replays, is read as Frysk!, the variant of the file's
/// 10x10 game (`4641`); `f6d4`, lettered, as no variant (G513). Written in letters, `1-2`
/// would get the GameType renamed squares get, and with it the file would read `f6d4` as
/// Russian draughts; a run of unknown variant can be given no GameType that holds it, so the
/// renamed run is written as it was, and says why.
#[test]
fn a_run_is_kept_as_written_where_renamed_it_would_move_a_run_of_unknown_variant() {
    let text = b"1-2[B\"\"4641 *8-1\n[\nf6d4[E\n2217";
    let mut options = CheckOptions::default();
    options.replay.record_moves = true;
    let convert = ConvertOptions {
        notation: Some(NotationKind::Algebraic),
        ..ConvertOptions::default()
    };
    let mut out = String::new();
    let mut why = Vec::new();
    let mut conversion = FileConversion::default();
    check_stream(&text[..], &options, |g| {
        match conversion.convert(&g.chunk, g.report.as_ref(), &g.diagnostics, &convert) {
            Ok(t) => out.push_str(&t),
            Err(e) => {
                why.push((g.chunk.index, e.clone()));
                out.push_str(
                    &conversion
                        .write_kept(&g.chunk, g.report.as_ref(), &e, &convert)
                        .text,
                );
            }
        }
    })
    .unwrap();
    assert_eq!(out.as_bytes(), &text[..]);
    assert_eq!(
        why.first(),
        Some(&(Some(1), Unconverted::RunKept)),
        "{why:?}"
    );
}

/// Inputs of [`FOUND`] that hold a game numbered from another corner than its variant's
/// (`[GameType "40,,,,N0`): there and back is compared as the target compares them, each
/// text taken to algebraic and back ([`a_game_numbered_from_another_corner_keeps_its_squares_through_algebraic`]).
///
/// `91` and `92`: a game of the dialect of numbered FENs before lettered moves, its FEN tag
/// not closed, was kept as written (it "would read differently": read back, it had the
/// GameType a renamed FEN gets, which the check did not expect) and given a GameType; read
/// again with it, it converted
/// ([`a_numbered_fen_before_lettered_moves_with_a_syntax_error_is_renamed_into_numbers_only`]).
const FOUND_OTHER_CORNER: &[&str] = &[
    "convert_found_open_69.pdn",
    "convert_found_open_72.pdn",
    "convert_found_open_91.pdn",
    "convert_found_open_92.pdn",
    // A game with a GameType numbered from another corner, of that dialect, with a syntax
    // error: kept in letters, the corner stayed, where the numeric conversion taken to letters
    // and back lost it. Only a game without GameType, which the weighing concerns, is kept so.
    "convert_found_open_101.pdn",
    // A game with its FEN tag twice, kept as written (`Unconverted::Repeated`), of a lettered
    // run renamed into numbers: the weighing took it to get the GameType its run gets, but a
    // game kept so got none, and read again it joined another run. It now gets it.
    "convert_found_open_110.pdn",
];

/// A game of the dialect of Russian archives that numbers its FEN and letters its moves gets a
/// GameType wherever its FEN is written in letters (renamed squares mean what they say only
/// under their variant). Where the reader has something to say of the game (here a FEN tag
/// without its `]`), each converted text is read back before it is written, and the GameType
/// the conversion brings is expected there: written in numbers (its moves renamed), the game
/// converts rather than being kept as written. Written in letters, its FEN would be renamed:
/// with a syntax error the game is kept as written, and says why, as the file's games without
/// GameType are weighed taking it to be.
#[test]
fn a_numbered_fen_before_lettered_moves_with_a_syntax_error_is_renamed_into_numbers_only() {
    let text = b"[FEN \"W:W21,22,23:B9,10,11\"\n1. c3-d4 *\n";
    let to = |n| ConvertOptions {
        notation: Some(n),
        ..ConvertOptions::default()
    };
    assert_eq!(
        convert_with(text, &to(NotationKind::Numeric)),
        (
            "[GameType \"25,W,8,8,N2,0\"]\n[FEN \"W:W21-23:B9-11\"\n1. 22-18 *\n".to_string(),
            0
        )
    );
    let mut options = CheckOptions::default();
    options.replay.record_moves = true;
    let mut why = Vec::new();
    let algebraic = to(NotationKind::Algebraic);
    let mut conversion = FileConversion::default();
    check_stream(&text[..], &options, |g| {
        why.push(
            conversion
                .convert(&g.chunk, g.report.as_ref(), &g.diagnostics, &algebraic)
                .err(),
        );
    })
    .unwrap();
    assert_eq!(why, [Some(Unconverted::DialectSyntaxError)]);
    assert_eq!(
        convert_with(text, &algebraic),
        (String::from_utf8(text.to_vec()).unwrap(), 1)
    );
}

/// A file's runs are read together. Here `3228` (numbered 8x8 squares no 8x8 variant replays)
/// is read as the variant of the file's 10x10 game, International; that game, a FEN alone,
/// which International, Frisian and Frysk! set up alike, as International too, for the first
/// run's reading stands against the Frysk! of the lettered `cb2` (only Frysk! plays it); and
/// `cb2`'s game, settled, gets a GameType when written. With that tag alone the file would read
/// otherwise (the 10x10 game as Frysk!, `32-28` as Thai draughts): the runs it would change get
/// the GameType of the variant they were read as, and every output reads as the file did.
#[test]
fn a_gametype_written_for_one_run_never_changes_how_the_others_read() {
    use pdnkit::Variant::{Frysk, International};
    let text = b"3228\n[]cb2[\n2622[FEN W:W50";
    let read = |bytes: &[u8]| {
        let mut variants = Vec::new();
        check_stream(bytes, &CheckOptions::default(), |g| {
            if g.chunk.game.is_some() {
                variants.push(g.report.as_ref().and_then(|r| r.variant));
            }
        })
        .unwrap();
        variants
    };
    let first = read(text);
    assert_eq!(
        first,
        [
            Some(International),
            Some(Frysk),
            Some(International),
            Some(International)
        ]
    );
    let canonical = ConvertOptions {
        canonical: true,
        ..ConvertOptions::default()
    };
    let to = |n| ConvertOptions {
        notation: Some(n),
        ..ConvertOptions::default()
    };
    for options in [
        canonical,
        to(NotationKind::Numeric),
        to(NotationKind::Algebraic),
    ] {
        let (out, _) = convert_with(text, &options);
        assert_eq!(read(out.as_bytes()), first, "{out}");
    }
    let (once, _) = convert_with(text, &canonical);
    assert!(
        once.starts_with(
            "[GameType \"20\"]\n\n32-28 *\n\n[]\n[GameType \"97,W,10,10,A0,0\"]\ncb2["
        ),
        "{once}"
    );
}

/// The inputs of [`games_that_read_differently_once_converted_are_kept_as_written`].
const THERE_AND_BACK: &[&str] = &[
    "convert_open_result_tag.pdn",
    "convert_there_and_back.pdn",
    // `h4f6x`: a move the reader took apart into more tokens than the text shows.
    "convert_move_taken_apart.pdn",
    // A game numbered in a file, read as Russian draughts (which writes algebraic squares):
    // converted to algebraic it got no GameType, and alone it read as another game.
    "convert_numeric_game_read_as_russian.pdn",
    // A FEN naming squares by number and by letter: kept as written, like such moves.
    "convert_fen_mixing_numbers_and_letters.pdn",
    "convert_fen_mixing_letters_and_numbers.pdn",
    // A GameType tag added after one line end (`\n`) is followed by the game's own (`\r\n`).
    "convert_line_ends_differing_around_an_added_gametype.pdn",
    "convert_line_ends_differing_before_a_game.pdn",
    // A game on the line after a lone `\r`: the GameType tag added before it is at the start
    // of a line already, and needs no line end of its own before it.
    "convert_game_after_a_lone_carriage_return.pdn",
    // Two games read as one run, the first not replayed (its FEN does not fit the run's
    // variant) and the second kept as written with the run's GameType added: alone, the first
    // was read as another variant. A game not replayed gets the tag its run's games get.
    "convert_run_with_a_game_not_replayed.pdn",
    // Two moves with nothing between them (`e3f4g3f4`): renamed, they ran into one token.
    "convert_moves_written_with_nothing_between.pdn",
    // `c:e5`, which fits two men under Russian rules and one under Czech: written out in
    // full it fits one under both, and without a GameType the game read as Russian.
    "convert_short_move_that_told_the_variant.pdn",
    // A broken GameType tag (`[[GameType "`) before a game given one.
    "convert_broken_gametype_tag_before_a_game.pdn",
    // A game that starts only because its first tag (left open) repeats one of the text
    // before it: a GameType tag written before that tag was read as the other game's.
    "convert_game_started_by_a_repeated_open_tag.pdn",
    // UTF-16 text whose first character is U+FEFF: written as UTF-8, it opens the file.
    "convert_utf16_text_opening_with_a_byte_order_mark.pdn",
    // A game with no tag that starts on the line of the result before it: the GameType tag
    // added for it used to land on that line, where it is not read as a tag.
    "convert_game_after_a_result_on_its_line.pdn",
    // A GameType tag whose name holds other characters, and escaped line breaks.
    "convert_broken_tag_name.pdn",
    // A FEN tag whose pieces are not in order: written in order, it is the same position.
    "convert_fen_piece_order.pdn",
    // A game that starts after a tag in the middle of a line, named below.
    "convert_game_after_a_tag_in_mid_line.pdn",
    // A game with no tag that opens with a variation, named below.
    "convert_variation_before_the_first_move.pdn",
    // A game without squares after a game whose variant was guessed, named below.
    "convert_game_without_squares_after_a_guess.pdn",
    // `c3-d45.`: an algebraic move run on into the move number after it (N226), which in
    // numeric notation (`22-185.`) would run into one square. Read from 8-bit text the
    // reader had said something of the game (F003) and it was read back and kept as written;
    // from the UTF-8 of its algebraic conversion, it said nothing and it was converted.
    "convert_move_run_on.pdn",
    // A game whose comment holds control bytes, in a file read as 8-bit text (so the reader
    // had something to say and the converted game was read back): read back alone, its text
    // had too many of them and was judged binary, so the game was kept; from the UTF-8 of
    // its algebraic conversion it was not read back, and converted. A game is now read back
    // as text, without judging it binary (`syntax::parse_text`).
    "convert_game_with_control_bytes_read_back.pdn",
    // Games without GameType read as one run, some converted and some kept as written: the
    // converted ones got a GameType tag in algebraic output and left the run, and the kept ones
    // were read anew without them (named below).
    "convert_run_kept_game_2117.pdn",
    "convert_run_broken_fen.pdn",
    "convert_run_fen_order.pdn",
    "convert_run_canonical_again.pdn",
    // A game whose moves mix numbers and file-and-rank squares (`3. 11-d4 c1xg5`), named
    // below.
    "convert_mixed_notation.pdn",
];

/// Found by the `convert` fuzz target: a game that names no square (its header broken, no
/// moves) after a game whose variant is guessed. Converted once, the first game gets a
/// GameType tag, and read again the second takes the variant that tag declares: it was then
/// given a GameType tag too, in the second conversion only, inside its broken header. A game
/// that names no square is now kept as written, with no GameType added.
#[test]
fn a_game_that_names_no_square_is_kept_as_written() {
    let bytes = fuzz_fixture("convert_game_without_squares_after_a_guess.pdn");
    let input = String::from_utf8_lossy(&bytes).into_owned();
    for n in [NotationKind::Numeric, NotationKind::Algebraic] {
        let (text, _) = convert(&bytes, n, CaptureStyle::Keep);
        let second = "{Hvent \"free choice of capture\"]";
        let at = |t: &str| t[t.find(second).expect("the second game")..].to_string();
        let (out, inp) = (at(&text), at(&input));
        let end = inp.find("[Event \"free choice").expect("the third game");
        assert_eq!(out[..end], inp[..end], "{text}");
    }
    // A forfeit after games of its file's variant is kept as written, its tags untouched.
    let forfeit = b"[GameType \"20\"]\n1. 32-28 19-23 *\n\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-2\"]\n*\n";
    let (text, kept) = convert(forfeit, NotationKind::Algebraic, CaptureStyle::Keep);
    assert!(
        text.ends_with("\n\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-2\"]\n*\n"),
        "{text}"
    );
    assert_eq!(kept, 0, "{text}");
}

/// Found by the `convert` fuzz target: a game whose movetext ends in an open variation
/// (`( 2. e3-f4`) before a GameType tag in the middle of the line, which starts the next game.
/// Whether that `(` is a variation or a note is decided by the words up to its `)`, which the
/// reader looks for past the game's end: converting the next game rewrote its broken GameType
/// value, which held parentheses, so the first game read back with a note and swallowed the
/// second. A game that starts on the line where the text before it ends is now kept as
/// written.
#[test]
fn a_game_that_starts_on_the_line_where_the_game_before_it_ends_is_kept_as_written() {
    let bytes = fuzz_fixture("convert_game_after_a_tag_in_mid_line.pdn");
    for n in [NotationKind::Numeric, NotationKind::Algebraic] {
        let (text, kept) = convert(&bytes, n, CaptureStyle::Keep);
        // The second game, as written; the third is not replayed.
        assert_eq!(kept, 2, "{text}");
        assert!(text.contains("[GameType \"e3-f4     d6-c5"), "{text}");
    }
}

/// Found by the `convert` fuzz target: a game with no tag whose movetext opens with a
/// variation (`( 1. 32-28 )`) got the GameType tag it was given after that `(`, inside the
/// variation. The tag now goes before the game's first element that is not a comment.
#[test]
fn a_game_without_tags_that_opens_with_a_variation_gets_its_gametype_before_it() {
    let bytes = fuzz_fixture("convert_variation_before_the_first_move.pdn");
    // Its squares fit 8x8, and the file's games are read as English draughts, which several
    // variants replay as far: kept in its notation, it gets no GameType; in another, the
    // GameType its squares were renamed for.
    let (numeric, _) = convert(&bytes, NotationKind::Numeric, CaptureStyle::Keep);
    assert!(numeric.starts_with("( 1. 32-28 )"), "{numeric}");
    let (algebraic, _) = convert(&bytes, NotationKind::Algebraic, CaptureStyle::Keep);
    assert!(
        algebraic.starts_with("[GameType \"21,B,8,8,A0,0\"]\n( 1. b8-a7 )"),
        "{algebraic}"
    );
}

/// Found by the `convert` fuzz target (`{}913`): a game without tags that opens with a
/// comment got the GameType added for it after the comment, which then stood before the game
/// as text of its own. Read back, the converted game differed, so it was kept as written in
/// one notation and not in the other. The tag now goes before the comment.
#[test]
fn a_game_without_tags_that_opens_with_a_comment_gets_its_gametype_before_it() {
    let bytes = b"{Played at the club} 1. 11-15 23-19 *\n";
    // English draughts, which American pool checkers and Spanish draughts replay as far:
    // kept in its notation, it gets no GameType; renamed, the one its squares were renamed
    // for, before the comment.
    let (numeric, kept) = convert(bytes, NotationKind::Numeric, CaptureStyle::Keep);
    assert_eq!(
        (numeric.as_str(), kept),
        ("{Played at the club} 1. 11-15 23-19 *\n", 0)
    );
    let (algebraic, kept) = convert(bytes, NotationKind::Algebraic, CaptureStyle::Keep);
    assert_eq!(
        (algebraic.as_str(), kept),
        (
            "[GameType \"21,B,8,8,A0,0\"]\n{Played at the club} 1. c3-d4 d6-c5 *\n",
            0
        )
    );
    for text in [numeric, algebraic] {
        let chunks = pdnkit::parse_str(&text, &pdnkit::ReadOptions::default());
        let games: Vec<_> = chunks.iter().filter_map(|c| c.game.as_ref()).collect();
        assert_eq!(games.len(), 1, "{text}");
        assert!(
            matches!(games[0].body.first(), Some(pdnkit::Element::Comment(c)) if c.text == "Played at the club"),
            "{text}"
        );
    }
    let (tiny, kept) = convert(b"{}913", NotationKind::Algebraic, CaptureStyle::Keep);
    assert_eq!(
        (tiny.as_str(), kept),
        ("[GameType \"21,B,8,8,A0,0\"]\n{}g3-h4", 0)
    );
}

/// Found by the `convert` fuzz target (`[S"][3` then `"]2723`): whether the `"]` of a tag
/// written otherwise than `[Name "value"]` on one line ends it rests on what follows it on its
/// line, so a GameType written after such a tag followed by other text changed how the tags
/// before it read. It goes after the last tag that is plain or ends its line, or before the
/// first tag.
#[test]
fn a_gametype_is_written_after_a_tag_broken_otherwise_only_where_its_line_ends_with_it() {
    let tags = |pdn: &str| -> Vec<(String, String)> {
        let chunks = pdnkit::parse_str(pdn, &pdnkit::ReadOptions::default());
        let game = chunks.iter().find_map(|c| c.game.as_ref()).expect("a game");
        game.tags
            .iter()
            .filter(|t| t.name != "GameType")
            .map(|t| (t.name.clone(), t.value.clone()))
            .collect()
    };
    // A plain tag: the GameType goes after it, the movetext after that on its line.
    let (text, kept) = convert(
        b"[Event \"Club\"] 1. 11-15 23-19 *\n",
        NotationKind::Algebraic,
        CaptureStyle::Keep,
    );
    assert_eq!(
        (text.as_str(), kept),
        (
            "[Event \"Club\"]\n[GameType \"21,B,8,8,A0,0\"] 1. c3-d4 d6-c5 *\n",
            0
        )
    );
    // Two tags with one quote each, the second broken over two lines and followed by a move:
    // the GameType goes before them, and they read as they did.
    let input = "[S\"][3\n\"]2723";
    let (text, kept) = convert(input.as_bytes(), NotationKind::Numeric, CaptureStyle::Keep);
    assert_eq!(
        (text.as_str(), kept),
        ("[GameType \"31\"]\n[S\"][3\n\"]27-23", 0)
    );
    assert_eq!(tags(&text), tags(input));
}

/// A FEN tag written with its pieces in another order reads as the same position, so the game
/// is converted, not kept.
#[test]
fn a_fen_tag_whose_pieces_come_in_another_order_is_converted() {
    let bytes = fuzz_fixture("convert_fen_piece_order.pdn");
    for notation in [NotationKind::Numeric, NotationKind::Algebraic] {
        let (text, kept) = convert(&bytes, notation, CaptureStyle::Keep);
        assert!(!text.contains("B13,22,23,K15\""), "{text}");
        assert_eq!(kept, 0, "{text}");
    }
}

fn fuzz_fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/fixtures/fuzz/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(path).expect("fixture")
}

/// Found by the `convert` fuzz target: canonical output that changed when written again, or
/// read back as another number of games. The first: a comment before a game, written after a
/// game kept as it was that has no result, is read as that game's the second time (canonical
/// form now puts a blank line after the comments before a game, as kept text has). The
/// second, the same after a broken tag line. The third: a no-break space (U+00A0, a character
/// to the reader) at the end of text kept as written was trimmed as white space. The fourth
/// is named below.
/// Canonical output of the fuzz input `name` holds as many games as the input and is unchanged
/// when written again.
fn canonical_holds(name: &str) {
    let options = ConvertOptions {
        canonical: true,
        ..ConvertOptions::default()
    };
    let games = |text: &[u8]| {
        let mut n = 0;
        check_stream(text, &CheckOptions::default(), |g| {
            n += usize::from(g.chunk.game.is_some())
        })
        .expect("reading from memory cannot fail");
        n
    };
    let bytes = fuzz_fixture(name);
    let (once, _) = convert_with(&bytes, &options);
    let (twice, _) = convert_with(once.as_bytes(), &options);
    assert_eq!(twice, once, "{name}");
    assert_eq!(games(once.as_bytes()), games(&bytes), "{name}");
}

#[test]
fn canonical_output_is_unchanged_when_written_again_after_kept_text() {
    for name in [
        // A parenthesis holding a `{` never closed, then a game with a `;` comment: canonical
        // form wrote that comment in braces, and the note's scan took its `}` for the end of
        // the `{`, past the tag line between them; the two games read as one
        // ([`a_comment_never_closed_inside_a_parenthesis_ends_at_the_tag_line`]).
        "convert_canonical_note_comment_never_closed.pdn",
        // A tag value never closed, ending in the DOS end-of-file mark: canonical form trimmed
        // the mark with the white space after the game, and the FEN, read again, said another
        // thing ([`a_kept_game_keeps_the_white_space_that_ends_its_last_line`]).
        "convert_canonical_open_value_end_of_file_mark.pdn",
        // A game of the dialect that numbers its FEN before lettered moves, in an open run: its
        // FEN written in letters, it gets a GameType whatever its run, which the file weighed
        // as written did not know; read again, the run after it, no longer beside an open
        // run, was settled and got one too. Such a game now declares its variant there.
        "convert_canonical_numbered_fen_open_run.pdn",
        // A settled run whose GameTypes, written, let a run no variant replays fall back on
        // the variant a game's GameType declares (the settled run had held that board and
        // notation, and with its tags its games declare their variant's own): canonical form
        // wrote that run's games with a GameType the second time only. A run whose variant is
        // unknown cannot be given a tag; where no run is renamed, the settled runs now get none.
        "convert_canonical_unknown_run_moved.pdn",
        // A game without squares after a game canonical form gave a GameType: read again, it
        // was settled too and got one ([`a_game_that_names_no_square_gets_no_gametype`]).
        "convert_canonical_forfeit_after_tagged_game.pdn",
        "convert_canonical_comment_after_kept_game.pdn",
        "convert_canonical_twice.pdn",
        "convert_canonical_no_break_space.pdn",
        // After a game whose unreadable text was skipped up to its result, the next game's
        // own unreadable text (`43-3Site "..."]`) went unreported, so it was written without
        // it; a reader fix (tests/it/syntax_recovery.rs).
        "convert_unreadable_after_skipped_game.pdn",
        // A Russian game (captures written with `:`) the reader noted something of: the check that
        // canonical form reads back took `d4:b6` and `d4xb6` for different text and kept the
        // game as written the first time only.
        "convert_canonical_russian_captures.pdn",
        // Byte order marks inside a file, on lines of their own: canonical form trimmed the
        // first line, and the mark after it, now at the start of the output, was read as the
        // output's own the second time (the reader now takes such marks for white space, N225).
        "convert_canonical_byte_order_marks.pdn",
        // An escape line ending in a space after a game with no terminator (its `*` inside a
        // `;` comment): written after the game, it kept the space, and read again as text
        // between games, canonical form wrote it without.
        "convert_canonical_escape_line_after_open_game.pdn",
        // A byte order mark inside a file with control bytes: the guard that keeps a game
        // canonical form would shorten counted the mark as text, the game was kept, and its
        // text trimmed of the mark was not shorter the second time. A mark is white space to
        // the guard and to the binary check too, as to the reader.
        "convert_canonical_byte_order_mark_counted_as_text.pdn",
        // Text that is no game (a stray `*`) starting on the line of the result before it,
        // after a form feed: canonical form trimmed the line end between them, and the `*`
        // ran on into the result (`0-1*`), which then read as something else. Text between
        // games keeps that line end now, as a game kept as written does.
        "convert_canonical_stray_terminator_after_a_result.pdn",
        // A byte order mark opening the first line of text kept: canonical form kept it
        // first in the output, where the second reading took it for the file's own.
        "convert_canonical_byte_order_mark_opening_text.pdn",
        // Games without GameType read as one run, some written whole and some kept: the
        // canonical output, read again, put the kept ones in another run.
        "convert_run_canonical_again.pdn",
        // A game not replayed (its FEN does not fit the run's variant) after a game of its run
        // that got a GameType: written whole without one, it was read as another variant.
        "convert_canonical_game_not_replayed_in_a_run.pdn",
        // Two games of one run, each with a move written short: the first, written out in
        // full, got a GameType, the second, kept as written, did not, and read alone once
        // written it was read otherwise. A game kept as written with a short move gets it too.
        "convert_canonical_short_moves_in_a_run.pdn",
        // A `[` and a byte order mark: trimmed of the mark, which the reader takes for white
        // space elsewhere, the `[` no longer opened a tag, and the game was gone.
        "convert_canonical_byte_order_mark_after_a_bracket.pdn",
        // A game read as the file's other games are because no candidate replays it (a
        // fallback) was written with a GameType, as if its evidence had settled the variant;
        // read again, that tag changed how the file's other runs were decided, and canonical
        // form wrote one of them with a GameType too. A fallback is as open as the games it
        // falls back on.
        "convert_canonical_kept_game_tag.pdn",
    ]
    .iter()
    .chain(FOUND)
    .chain(FOUND_OTHER_CORNER)
    {
        canonical_holds(name);
    }
}

/// Found by the `convert` fuzz target: a game of tags alone with no terminator, kept as written
/// (a tag with no name), ends only because the next game's first tag, after a blank line,
/// repeats one of its tags (N216). Written whole, the next game put the roster's tags first
/// (`[Date]` before `[Round]`) and read as more tags of the game before it: two games became
/// one. It is now kept as written too; after a game written whole, which gets a terminator,
/// it is written whole.
#[test]
fn a_game_started_by_a_repeated_tag_after_a_kept_game_stays_a_game() {
    let canonical = ConvertOptions {
        canonical: true,
        ..ConvertOptions::default()
    };
    for name in [
        "convert_canonical_after_open_game.pdn",
        "convert_canonical_after_open_game_found.pdn",
    ] {
        canonical_holds(name);
    }
    let bytes = fuzz_fixture("convert_canonical_after_open_game.pdn");
    let (once, kept) = convert_with(&bytes, &canonical);
    assert_eq!(kept, 2, "{once}");
    assert_eq!(once, format!("{}\n", String::from_utf8(bytes).unwrap()));
    let mut whys = Vec::new();
    let mut conversion = FileConversion::default();
    check_stream(once.as_bytes(), &CheckOptions::default(), |g| {
        let converted = conversion.convert(&g.chunk, g.report.as_ref(), &g.diagnostics, &canonical);
        if g.chunk.game.is_some() {
            whys.push((
                g.chunk.after_open_game,
                converted.err().map(|e| e.to_string()),
            ));
        }
    })
    .expect("reading from memory cannot fail");
    assert_eq!(whys.len(), 2, "{whys:?}");
    assert!(!whys[0].0 && whys[1].0, "{whys:?}");
    assert!(
        whys[1]
            .1
            .as_deref()
            .is_some_and(|w| w.contains("has no terminator")),
        "{whys:?}"
    );

    // The game before it written whole gets a terminator: the next game is written whole too.
    let text = "[Round \"7\"]\n\n[Round \"8\"]\n[Date \"2007.05.19\"]\n1. 32-28 19-23 *\n";
    let (once, kept) = convert_with(text.as_bytes(), &canonical);
    assert_eq!(kept, 0, "{once}");
    assert_eq!(
        once,
        "[Round \"7\"]\n\n*\n\n\
         [Date \"2007.05.19\"]\n[Round \"8\"]\n\n1. 32-28 19-23 *\n\n"
    );
    let (twice, _) = convert_with(once.as_bytes(), &canonical);
    assert_eq!(twice, once);
}

/// Found by the `convert` fuzz target: a game numbered from another corner than its variant's
/// (`[GameType "27,W,12,12,N1,0"]`). A GameType names one corner, that of its notation, so
/// the algebraic text says where `a1` is and not where square 1 was: converted back to numeric,
/// the game is numbered from the standard corner, and differs from its direct conversion,
/// which keeps the file's numbering. Both name the same squares: the conversion is faithful,
/// and the fuzz target compares such inputs each taken to algebraic and back.
#[test]
fn a_game_numbered_from_another_corner_keeps_its_squares_through_algebraic() {
    let bytes = fuzz_fixture("convert_numeric_corner_not_the_variants.pdn");
    let to = |n| ConvertOptions {
        notation: Some(n),
        ..ConvertOptions::default()
    };
    let (numeric, _) = convert_with(&bytes, &to(NotationKind::Numeric));
    let (algebraic, _) = convert_with(&bytes, &to(NotationKind::Algebraic));
    let (back, _) = convert_with(algebraic.as_bytes(), &to(NotationKind::Numeric));
    // The first line is no tag (its name ends in a no-break space) and is kept as it was.
    assert!(numeric.ends_with("[GameType \"27,W,12,12,N1,0\"]\n1. 50-45 17-22 *\n"));
    assert!(algebraic.ends_with("[GameType \"27,W,12,12,A0,0\"]\n1. i9-h8 c3-f4 *\n"));
    assert!(back.ends_with("[GameType \"27\"]\n1. 23-28 56-51 *\n"));
    let (there, _) = convert_with(numeric.as_bytes(), &to(NotationKind::Algebraic));
    let (again, _) = convert_with(there.as_bytes(), &to(NotationKind::Numeric));
    assert_eq!(again, back);
    // The squares each text names, read under its own GameType, are the same.
    let squares = |text: &str| {
        let mut out = Vec::new();
        for chunk in pdnkit::syntax::parse_str(text, &pdnkit::ReadOptions::default()) {
            let Some(game) = &chunk.game else { continue };
            let report = pdnkit::replay::replay_game(
                game,
                &Default::default(),
                &mut pdnkit::replay::FileContext::default(),
            );
            let layout = report.layout.expect("a layout");
            for e in &game.body {
                if let Element::Move(m) = e {
                    out.push(
                        pdnkit::notation::resolve::token_squares(m, &layout).expect("squares"),
                    );
                }
            }
        }
        out
    };
    assert_eq!(squares(&numeric), squares(&algebraic));
    assert_eq!(squares(&numeric), squares(&back));
}

/// A GameType that has Black move first in a variant White opens (`[GameType "20,B"]`) keeps
/// saying so once converted: the tag used to be written with the variant's own first side
/// (`20`), so the game read back had the wrong side to move.
#[test]
fn a_game_whose_gametype_has_the_other_side_move_first_keeps_it_when_converted() {
    let text = b"[GameType \"20,B\"]\n1. 20-24 31-26 2. 15-20 *\n";
    for (options, gametype) in [
        (
            ConvertOptions {
                notation: Some(NotationKind::Numeric),
                ..ConvertOptions::default()
            },
            "20,B,10,10,N1,0",
        ),
        (
            ConvertOptions {
                notation: Some(NotationKind::Algebraic),
                ..ConvertOptions::default()
            },
            "20,B,10,10,A3,0",
        ),
        (
            ConvertOptions {
                canonical: true,
                ..ConvertOptions::default()
            },
            "20,B,10,10,N1,0",
        ),
    ] {
        let (out, kept) = convert_with(text, &options);
        assert_eq!(kept, 0, "{out}");
        assert!(out.contains(&format!("[GameType \"{gametype}\"]")), "{out}");
        let mut errors = Vec::new();
        check_stream(out.as_bytes(), &CheckOptions::default(), |g| {
            errors.extend(
                g.diagnostics
                    .iter()
                    .chain(g.report.iter().flat_map(|r| r.diagnostics.iter()))
                    .filter(|d| d.code.starts_with('R'))
                    .map(|d| d.code),
            )
        })
        .expect("reading from memory cannot fail");
        assert!(errors.is_empty(), "{out}: {errors:?}");
    }
}

/// Found by the `convert` fuzz target: a result read inside a token (`3. f21/2-1/2-g3`, the
/// reader ends the game after `1/2-1/2`) with more text on its line. How the game kept as
/// written reads depends on that text (its `(` is a variation while the words up to the `)`
/// read as movetext, `f21/2-1/2-g3` among them); canonical form moved the text after the
/// result to a line of its own, so the second time the `(` was a note that swallowed the tag
/// further on, and the output read as another number of games. Text kept as written that ends
/// in the middle of a line is now followed by what followed it there, and a game that starts
/// on such a line is kept as written (the other inputs).
#[test]
fn canonical_form_keeps_what_follows_a_result_on_its_line() {
    let options = ConvertOptions {
        canonical: true,
        ..ConvertOptions::default()
    };
    for name in [
        "convert_canonical_result_inside_a_token.pdn",
        // A game after kept text that ends with a result on the same line: written whole and
        // glued to that result, its tag was skipped with the text before it.
        "convert_canonical_game_after_kept_text_on_its_line.pdn",
        // The same with a form feed and a line break between them.
        "convert_canonical_game_after_a_form_feed.pdn",
        // A game after the result of a game kept as written that ends in an open variation,
        // on the same line: written whole, its tag in the middle of that line made the `(`
        // a note that swallowed the result. A game that starts on the line where the text
        // before it ends is kept as written in canonical form too.
        "convert_canonical_game_after_a_result_on_its_line.pdn",
        // A game kept as written after one that ends in the middle of a line, its own first
        // line blank but for a form feed: its line end was trimmed, and the next line ran on
        // into the result before it (`0-1` and `3` read as `0-13`).
        "convert_canonical_line_end_after_a_shared_line.pdn",
    ] {
        canonical_holds(name);
    }
    let (once, _) = convert_with(
        &fuzz_fixture("convert_canonical_result_inside_a_token.pdn"),
        &options,
    );
    assert!(once.contains("3. f21/2-1/2-g3) [Event \"y\"]"), "{once}");
}

/// A Russian file in Windows-1251, not named with `--encoding`: read as Cyrillic (its letters
/// above ASCII make Cyrillic words), so the names come out as written, not as Western letters.
#[test]
fn a_windows_1251_file_is_read_as_cyrillic_without_being_told() {
    let out = assert_cmd::Command::cargo_bin("pdn")
        .expect("binary")
        .args(["convert", "--notation", "numeric", "--no-config"])
        .arg(format!(
            "{}/tests/fixtures/dialects/russian_windows_1251.pdn",
            env!("CARGO_MANIFEST_DIR")
        ))
        .output()
        .expect("runs");
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(text.contains("[White \"Полоусов А.\"]"), "{text}");
    assert!(text.contains("[Event \"Чемпионат России\"]"), "{text}");
    assert!(text.contains("1. 22-18 11-16"), "{text}");
    let err = String::from_utf8(out.stderr).expect("UTF-8");
    assert!(!err.contains("error"), "{err}");
}

/// Whether `text`, read, is judged binary (F002).
fn read_as_binary(text: &[u8]) -> bool {
    let mut binary = false;
    check_stream(text, &CheckOptions::default(), |g| {
        binary |= g.diagnostics.iter().any(|d| d.code == "F002")
    })
    .expect("reading from memory cannot fail");
    binary
}

/// Found by the `convert` fuzz target: canonical form left out escape lines (lines starting
/// with `%`, which the reader skips as white space), and with them the text that made the
/// control bytes kept elsewhere (here an escape line after the game) a small enough share of
/// the file: its output was judged binary (F002) and read back as no game. Escape lines are
/// kept now.
#[test]
fn canonical_output_with_escape_lines_and_control_bytes_reads_as_text() {
    let name = "convert_canonical_escape_lines.pdn";
    let bytes = fuzz_fixture(name);
    assert!(!read_as_binary(&bytes));
    canonical_holds(name);
    let (once, kept) = convert_with(
        &bytes,
        &ConvertOptions {
            canonical: true,
            ..ConvertOptions::default()
        },
    );
    assert_eq!(kept, 0, "{once}");
    assert!(!read_as_binary(once.as_bytes()), "{once}");
    assert!(once.starts_with("% Escape lines: "), "{once}");
}

/// Canonical form keeps every escape line: those before a game or among its tags (whose order
/// canonical form sets) before the game, those in the movetext where they stood, each on a
/// line of its own, those after a game without a terminator after it; written again, they
/// stay where they are.
#[test]
fn canonical_form_keeps_escape_lines() {
    let text = "% before the file's first game\n\
                [Result \"1-0\"]\n\
                % among the tags\n\
                [Event \"Escapes\"]\n\
                \n\
                % before the moves\n\
                1. 32-28 (% in a variation\n\
                1. 33-28) 19-23 % after a move\n\
                2. 28x19 14x23\n\
                % before the result\n\
                1-0\n\
                % between games\n\
                \n\
                [Event \"No terminator\"]\n\
                1. 32-28\n\
                % after a game without a terminator\n\
                \n\
                [Event \"Last\"]\n\
                1. 32-28 *\n\
                % at the end\n";
    let options = ConvertOptions {
        canonical: true,
        ..ConvertOptions::default()
    };
    let (once, kept) = convert_with(text.as_bytes(), &options);
    assert_eq!(kept, 0, "{once}");
    assert_eq!(
        once,
        "% before the file's first game\n\
         % among the tags\n\
         \n\
         [Event \"Escapes\"]\n\
         [Result \"1-0\"]\n\
         \n\
         % before the moves\n\
         1. 32-28 (\n\
         % in a variation\n\
         1. 33-28) 19-23\n\
         % after a move\n\
         2. 28x19 14x23\n\
         % before the result\n\
         1-0\n\
         \n\
         % between games\n\
         \n\
         [Event \"No terminator\"]\n\
         \n\
         1. 32-28 *\n\
         \n\
         % after a game without a terminator\n\
         \n\
         [Event \"Last\"]\n\
         \n\
         1. 32-28 *\n\
         \n\
         % at the end\n\
         \n"
    );
    let (twice, _) = convert_with(once.as_bytes(), &options);
    assert_eq!(twice, once);
}

/// The fixtures that open with escape lines describing them keep those lines, in order, in
/// canonical form, and read back as the same number of games.
#[test]
fn canonical_form_keeps_the_escape_lines_of_the_fixtures() {
    let options = ConvertOptions {
        canonical: true,
        ..ConvertOptions::default()
    };
    let mut files = 0;
    for dir in ["dialects", "syntax"] {
        let root = format!("{}/tests/fixtures/{dir}", env!("CARGO_MANIFEST_DIR"));
        for entry in std::fs::read_dir(&root).expect("fixtures") {
            let path = entry.expect("entry").path();
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let escapes: Vec<&str> = text.lines().filter(|l| l.starts_with('%')).collect();
            if escapes.is_empty() {
                continue;
            }
            files += 1;
            let (once, _) = convert_with(text.as_bytes(), &options);
            let written: Vec<&str> = once.lines().filter(|l| l.starts_with('%')).collect();
            assert_eq!(written, escapes, "{}", path.display());
            let games = |t: &[u8]| {
                let mut n = 0;
                check_stream(t, &CheckOptions::default(), |g| {
                    n += usize::from(g.chunk.game.is_some())
                })
                .expect("reading from memory cannot fail");
                n
            };
            assert_eq!(
                games(once.as_bytes()),
                games(text.as_bytes()),
                "{}",
                path.display()
            );
        }
    }
    assert!(files >= 10, "{files}");
}

/// Canonical form shortens some text (here the literal `\r\n` the reader takes for line
/// breaks); in a file that holds control characters (here an escape line after the game),
/// that raised their share past what F002 takes for binary. A game that canonical form would
/// shorten in such a file is kept as written (`Unconverted::Shorter`).
#[test]
fn a_game_converted_shorter_in_a_file_with_control_characters_is_kept_as_written() {
    let name = "convert_canonical_shorter_with_control_bytes.pdn";
    let bytes = fuzz_fixture(name);
    assert!(!read_as_binary(&bytes));
    canonical_holds(name);
    for (what, options) in every_conversion() {
        let (out, _) = convert_with(&bytes, &options);
        assert!(!read_as_binary(out.as_bytes()), "{what}: {out}");
    }
    let mut chunks = pdnkit::syntax::parse_str(
        std::str::from_utf8(&bytes).expect("UTF-8"),
        &pdnkit::ReadOptions::default(),
    );
    let chunk = chunks.remove(0);
    assert!(chunk.controls);
    let options = ConvertOptions {
        canonical: true,
        ..ConvertOptions::default()
    };
    assert!(matches!(
        convert_checked(&chunk, None, &chunk.diagnostics, &options),
        Err(pdnkit::write::convert::Unconverted::Shorter)
    ));
    // Without the control characters the same game is written whole.
    let clean = String::from_utf8(bytes)
        .expect("UTF-8")
        .replace('\u{1}', "");
    let (out, kept) = convert_with(clean.as_bytes(), &options);
    assert_eq!(kept, 0, "{out}");
}

/// Found by the `convert` fuzz target: a file of games whose canonical form is shorter (a FEN
/// whose pieces are written as ranges), binary from a control byte followed by NULs after its
/// first kilobyte, so only the text before that byte is read. The file was said to hold
/// control characters, counting the telling byte, which is not read: the games were kept as
/// written, while the output, which holds no control character, had them written whole the
/// second time. A file found binary in its first megabyte now counts as holding none
/// (`Decoding::controls`).
#[test]
fn a_binary_file_counts_the_control_characters_of_the_text_read_only() {
    let name = "convert_canonical_binary_after_text.pdn";
    let bytes = fuzz_fixture(name);
    assert!(read_as_binary(&bytes));
    canonical_holds(name);
    check_stream(&bytes[..], &CheckOptions::default(), |g| {
        assert!(!g.chunk.controls, "{:?}", g.chunk.index)
    })
    .expect("reading from memory cannot fail");
}

/// `--notation` names the squares of an export as it names them in PDN: every move's `from`,
/// `to`, `path`, `captured`, `canonical` and FEN, the CSV's moves and the `notation` field; the
/// text as written stays as written.
#[test]
fn an_export_names_its_squares_in_the_notation_asked_for() {
    let text = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n";
    let numeric = export(&["--to", "jsonl", "--fen-each-ply"], text);
    let algebraic = export(
        &["--to", "jsonl", "--fen-each-ply", "--notation", "algebraic"],
        text,
    );
    let n: serde_json::Value = serde_json::from_str(numeric.trim()).expect("JSON");
    let a: serde_json::Value = serde_json::from_str(algebraic.trim()).expect("JSON");
    assert_eq!(n["notation"], "numeric");
    assert_eq!(a["notation"], "algebraic");
    let (nm, am) = (&n["moves"][2], &a["moves"][2]);
    assert_eq!(nm["canonical"], "28x19");
    // As `convert --notation algebraic` writes the game: 1. d4-e5 g7-f6 2. e5xg7 h8xf6.
    assert_eq!(am["canonical"], "e5xg7");
    assert_eq!((&am["from"], &am["to"]), (&"e5".into(), &"g7".into()));
    assert_eq!(am["path"], serde_json::json!(["e5", "g7"]));
    assert_eq!(am["captured"].as_array().map(Vec::len), Some(1));
    assert!(am["fen"].as_str().is_some_and(|f| f.contains("g7")), "{am}");
    assert_eq!(am["written"], "28x19");
    assert_eq!(
        export(&["--to", "jsonl", "--notation", "numeric"], text),
        export(&["--to", "jsonl"], text)
    );
    let csv = export(&["--to", "csv", "--notation", "algebraic"], text);
    assert!(
        csv.lines()
            .nth(1)
            .is_some_and(|row| row.ends_with(",d4-e5 g7-f6 e5xg7 h8xf6")),
        "{csv}"
    );
}

/// `--eol crlf` ends every CSV row and every JSON line with CR LF (line breaks inside a CSV
/// cell are data, kept as they are).
#[test]
fn an_export_ends_its_lines_with_the_line_ends_asked_for() {
    let text =
        "[Event \"a\r\nb\"]\n[GameType \"20\"]\n1. 32-28 *\n\n[GameType \"20\"]\n1. 33-28 *\n";
    for to in ["csv", "json", "jsonl"] {
        let lf = export(&["--to", to], text);
        let crlf = export(&["--to", to, "--eol", "crlf"], text);
        assert!(!lf.contains("\r\n") || to == "csv", "{to}: {lf:?}");
        assert_eq!(crlf.matches('\n').count(), lf.matches('\n').count(), "{to}");
        assert_eq!(
            crlf.replace("\r\n", "\n"),
            lf.replace("\r\n", "\n"),
            "{to}: {crlf:?}"
        );
        for line in crlf.split_inclusive('\n') {
            assert!(line.ends_with("\r\n"), "{to}: {line:?} in {crlf:?}");
        }
    }
}

/// A flag that would change nothing in the format asked for is a usage error, not ignored:
/// `--canonical` and `--captures` with an export, `--fen-each-ply` without a JSON one.
#[test]
fn flags_that_do_not_apply_to_the_format_are_refused() {
    let text = "[GameType \"20\"]\n1. 32-28 *\n";
    for (args, said) in [
        (&["--to", "json", "--canonical"][..], "--canonical"),
        (
            &["--to", "csv", "--canonical", "--results", "drop"][..],
            "--canonical",
        ),
        (&["--to", "jsonl", "--captures", "short"][..], "--captures"),
        (&["--to", "csv", "--captures", "keep"][..], "--captures"),
        (&["--fen-each-ply"][..], "--fen-each-ply"),
        (&["--to", "csv", "--fen-each-ply"][..], "--fen-each-ply"),
    ] {
        let out = assert_cmd::Command::cargo_bin("pdn")
            .expect("binary")
            .arg("convert")
            .args(args)
            .arg("-")
            .write_stdin(text)
            .output()
            .expect("runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(said), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// Found by the `convert` fuzz target: a game whose moves name squares both by number and by
/// file and rank (`3. 11-d4 c1xg5`): renamed to numeric directly and through algebraic, its
/// squares came out different. Such a game is kept as written, with the reason said.
#[test]
fn a_game_mixing_numbered_and_lettered_squares_is_kept_as_written() {
    let text = "[GameType \"25\"]\n1. c3-d4 f6-g5 2. 22-18 *\n";
    let mut whys = Vec::new();
    let mut options = CheckOptions::default();
    options.replay.record_moves = true;
    check_stream(text.as_bytes(), &options, |g| {
        for n in [NotationKind::Numeric, NotationKind::Algebraic] {
            let convert = ConvertOptions {
                notation: Some(n),
                ..ConvertOptions::default()
            };
            whys.push(
                FileConversion::default()
                    .convert(&g.chunk, g.report.as_ref(), &g.diagnostics, &convert)
                    .err()
                    .map(|e| e.to_string()),
            );
        }
    })
    .expect("reading from memory cannot fail");
    assert_eq!(whys.len(), 2);
    for why in whys {
        assert!(
            why.as_deref()
                .is_some_and(|w| w.contains("both by number and by file and rank")),
            "{why:?}"
        );
    }
    // The same game in one notation converts.
    let (out, kept) = convert(
        b"[GameType \"25\"]\n1. c3-d4 f6-g5 *\n",
        NotationKind::Numeric,
        CaptureStyle::Keep,
    );
    assert_eq!(kept, 0, "{out}");
    // So does a game of Russian archives whose FEN is numbered and whose moves are not: each
    // is read in one notation.
    let (out, kept) = convert(
        b"[FEN \"W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12\"]\n\n\
          1. c3-d4 f6-g5 *\n",
        NotationKind::Numeric,
        CaptureStyle::Keep,
    );
    assert_eq!(
        (out.as_str(), kept),
        (
            "[FEN \"W:W21-32:B1-12\"]\n[GameType \"25,W,8,8,N2,0\"]\n\n1. 22-18 11-16 *\n",
            0
        )
    );
}

#[test]
fn a_numeric_game_read_as_russian_keeps_its_notation_and_gets_its_gametype_in_another() {
    // Russian draughts writes algebraic squares; these games are numbered, and read as Russian.
    let text = "1. 23-18 *\n\n1. 22-17 *\n";
    let (kept, _) = convert_with(text.as_bytes(), &ConvertOptions::default());
    assert_eq!(kept, text, "each game keeps its own notation");
    let (numeric, _) = convert(text.as_bytes(), NotationKind::Numeric, CaptureStyle::Keep);
    assert_eq!(
        numeric, text,
        "other variants replay them alike: no GameType chosen"
    );
    // In another notation the squares mean what they say only under the variant they were
    // renamed for.
    let (algebraic, _) = convert(text.as_bytes(), NotationKind::Algebraic, CaptureStyle::Keep);
    assert_eq!(
        algebraic,
        "[GameType \"25\"]\n1. e3-d4 *\n\n[GameType \"25\"]\n1. c3-b4 *\n"
    );
}

/// The runs of a notation are weighed together: an International game read from the replay
/// alone (settled), and an 8x8 game that International draughts, the file's 10x10 variant,
/// replays as far as the 8x8 variants do (open, read as International since the file's games
/// on 10x10 are). A GameType written for the first game and not for the second took the
/// file's 10x10 games out of the next reading, which then read the second game as English
/// draughts: converted to numeric and then to algebraic, it was named for another board than
/// converted to algebraic at once.
#[test]
fn a_settled_run_gets_no_gametype_while_a_run_of_its_notation_is_open() {
    let corpus = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/py-draughts/standard.pdn"),
    )
    .expect("corpus file");
    // Its first game, without its tags.
    let game: String = corpus
        .split("\n\n")
        .find(|g| g.contains("[GameType \"20\"]"))
        .expect("an International game")
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join("\n");
    let text = format!("{game}\n\n[FEN \"W:W22:B1\"]\n1. 22-18 *\n");
    let to = |n| ConvertOptions {
        notation: Some(n),
        ..ConvertOptions::default()
    };
    let (numeric, _) = convert_with(text.as_bytes(), &to(NotationKind::Numeric));
    assert_eq!(numeric, text, "no GameType while the 8x8 run is open");
    let (algebraic, _) = convert_with(text.as_bytes(), &to(NotationKind::Algebraic));
    assert!(
        algebraic.ends_with("[FEN \"W:Wd6:Bb10\"]\n[GameType \"20,W,10,10,A0,0\"]\n1. d6-e7 *\n"),
        "{algebraic}"
    );
    let (there, _) = convert_with(numeric.as_bytes(), &to(NotationKind::Algebraic));
    assert_eq!(there, algebraic);
}

/// A GameType tag pdnkit cannot read (`[GameType "Russian"]`): the game is read as if it had
/// none, as its run is, and every conversion keeps it as written. Converted, it would need a
/// GameType written over its own: in its own notation that would settle what the evidence left
/// open (other variants replay the run alike), and in the other one it is needed.
#[test]
fn a_game_whose_gametype_tag_cannot_be_read_is_kept_as_written() {
    let text = "[GameType \"Russian\"]\n1. 22-18 11-15 *\n\n1. 23-18 *\n";
    let to = |n| ConvertOptions {
        notation: Some(n),
        ..ConvertOptions::default()
    };
    let (numeric, kept) = convert_with(text.as_bytes(), &to(NotationKind::Numeric));
    assert_eq!((numeric.as_str(), kept), (text, 1));
    let (algebraic, kept) = convert_with(text.as_bytes(), &to(NotationKind::Algebraic));
    assert_eq!(
        (algebraic.as_str(), kept),
        (
            "[GameType \"Russian\"]\n1. 22-18 11-15 *\n\n[GameType \"25\"]\n1. e3-d4 *\n",
            1
        )
    );
    let canonical = ConvertOptions {
        canonical: true,
        ..ConvertOptions::default()
    };
    let (once, kept) = convert_with(text.as_bytes(), &canonical);
    assert!(
        once.starts_with("[GameType \"Russian\"]\n1. 22-18 11-15 *\n"),
        "{once}"
    );
    assert_eq!(kept, 1);
    let chunks = pdnkit::syntax::parse_text(text, &pdnkit::ReadOptions::default());
    let mut options = CheckOptions::default();
    options.replay.record_moves = true;
    let mut why = Vec::new();
    check_stream(text.as_bytes(), &options, |g| {
        why.push(
            convert_checked(
                &g.chunk,
                g.report.as_ref(),
                &g.diagnostics,
                &to(NotationKind::Algebraic),
            )
            .err(),
        );
    })
    .expect("reading from memory cannot fail");
    assert_eq!(chunks.len(), why.len());
    assert_eq!(
        why[0],
        Some(pdnkit::write::convert::Unconverted::UnreadableGameType)
    );
}
