//! Every file of the corpus reads without panic, with the number of games and the findings
//! checked by hand.

use std::collections::BTreeMap;

use pdnkit::source::TextDecoder;
use pdnkit::syntax::{GameReader, ReadOptions};

/// (file, games, diagnostics by code). Game counts were checked against the files: tag blocks
/// separated by blank lines with no movetext are games of their own (py-draughts exports).
/// Findings of one file: (code, how many).
type Counts = &'static [(&'static str, usize)];

const EXPECTED: &[(&str, usize, Counts)] = &[
    ("checkerboard/11_man_english.pdn", 2400, &[]),
    ("checkerboard/11_man_italian.pdn", 2400, &[]),
    ("checkerboard/tinsley.pdn", 724, &[("S105", 2)]),
    ("orac-draughts/DBASE0.PDN", 1, &[("N214", 3)]),
    ("orac-draughts/oldbury1.pdn", 1, &[]),
    ("orac-draughts/test.pdn", 1, &[]),
    ("py-draughts/american-movelist.txt", 1, &[("N210", 1)]),
    ("py-draughts/american.pdn", 30, &[]),
    ("py-draughts/antidraughts.pdn", 25, &[]),
    ("py-draughts/brazilian.pdn", 25, &[]),
    ("py-draughts/breakthrough.pdn", 25, &[]),
    ("py-draughts/frisian.pdn", 24, &[("N216", 10)]),
    ("py-draughts/frysk.pdn", 25, &[]),
    ("py-draughts/russian.pdn", 22, &[("N210", 1), ("N216", 12)]),
    (
        "py-draughts/standard.pdn",
        30,
        &[("N210", 1), ("N216", 16), ("N217", 1)],
    ),
    ("raven-checkers/german_open_2004.pdn", 1, &[]),
    // Its header has two Event tags.
    ("raven-checkers/sample.pdn", 1, &[("N218", 1)]),
    ("shashkispark/example.pdn", 1, &[("N205", 7)]),
    ("shashkispark/example_multivariants1.pdn", 1, &[]),
    ("shashkispark/example_multivariants2.pdn", 1, &[]),
    ("shashkispark/example_multivariants3.pdn", 1, &[]),
    // No GameType: whether `:` suits the game is for the replay to say once it knows the variant.
    ("shashkispark/fork_1.pdn", 1, &[]),
    ("shashkispark/fork_1_3.pdn", 1, &[("N210", 1)]),
    (
        "shashkispark/fork_inter_1.pdn",
        1,
        &[("N205", 3), ("N206", 4)],
    ),
    (
        "shashkispark/fork_inter_1_3.pdn",
        1,
        &[("N206", 2), ("N210", 1)],
    ),
    ("shashkispark/generated.pdn", 0, &[("F005", 1)]),
    ("shashkispark/generated_here_1.pdn", 1, &[]),
    ("shashkispark/notation2.pdn", 1, &[]),
    ("shashkispark/notation_comment.pdn", 1, &[]),
    ("shashkispark/notation_error1.pdn", 1, &[]),
    ("shashkispark/notation_simple.pdn", 1, &[]),
    ("shashkispark/notation_strength.pdn", 1, &[("N205", 4)]),
    (
        "shashkispark/notation_undo1.pdn",
        2,
        &[("N210", 1), ("N212", 1), ("S107", 2)],
    ),
    ("shashkispark/notation_undo2.pdn", 1, &[]),
    (
        "shashkispark/notation_undo3.pdn",
        2,
        &[("N212", 1), ("S107", 2)],
    ),
    ("shashkispark/notation_variant.pdn", 1, &[]),
    (
        "shashkispark/notation_variant1.pdn",
        2,
        &[("N212", 1), ("S107", 2)],
    ),
    (
        "shashkispark/notation_variant_nested.pdn",
        2,
        &[("N202", 1), ("N212", 1), ("S107", 2)],
    ),
    (
        "shashkispark/notation_variant_with_forward_move1.pdn",
        2,
        &[("N212", 1), ("S107", 2)],
    ),
    (
        "shashkispark/notation_variant_with_forward_move2.pdn",
        2,
        &[("N212", 1), ("S107", 2)],
    ),
    (
        "shashkispark/notation_variant_with_one_drive_and_one_move.pdn",
        2,
        &[("N212", 1), ("S107", 2)],
    ),
    (
        "shashkispark/notation_variant_with_one_drive_and_two_move.pdn",
        2,
        &[("N212", 1), ("S107", 2)],
    ),
    (
        "shashkispark/notation_variant_with_one_move.pdn",
        2,
        &[("N212", 1), ("S107", 2)],
    ),
    (
        "shashkispark/notation_variant_with_two_move.pdn",
        2,
        &[("N212", 1), ("S107", 2)],
    ),
    ("shashkispark/parse_simple.pdn", 1, &[("N207", 1)]),
    // 53 games, one `{Bianco Vince}`-style comment and a result each; Italian tag names.
    ("wiegerw-pdn/campionato_assoluto_2005.pdn", 53, &[]),
    // 18 games, one of them a forfeit whose movetext is only `1-0`.
    ("wiegerw-pdn/mrcd2007.pdn", 18, &[]),
];

/// Files with `S1xx` errors, and why: the text there is not PDN.
const BROKEN: &[(&str, &str)] = &[
    (
        "checkerboard/tinsley.pdn",
        "two notes written without braces and glued to a move (`8-11Redoverstepped...`)",
    ),
    (
        "shashkispark/notation_undo1.pdn",
        "test metadata: two lone numbers on the first lines, before the first tag",
    ),
    ("shashkispark/notation_undo3.pdn", "same leading numbers"),
    ("shashkispark/notation_variant1.pdn", "same leading numbers"),
    (
        "shashkispark/notation_variant_nested.pdn",
        "same leading numbers",
    ),
    (
        "shashkispark/notation_variant_with_forward_move1.pdn",
        "same leading numbers",
    ),
    (
        "shashkispark/notation_variant_with_forward_move2.pdn",
        "same leading numbers",
    ),
    (
        "shashkispark/notation_variant_with_one_drive_and_one_move.pdn",
        "same leading numbers",
    ),
    (
        "shashkispark/notation_variant_with_one_drive_and_two_move.pdn",
        "same leading numbers",
    ),
    (
        "shashkispark/notation_variant_with_one_move.pdn",
        "same leading numbers",
    ),
    (
        "shashkispark/notation_variant_with_two_move.pdn",
        "same leading numbers",
    ),
];

fn corpus_files() -> Vec<String> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus");
    let mut files: Vec<String> = walkdir::WalkDir::new(root)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file() && e.file_name() != "SOURCES.md")
        .map(|e| {
            e.path()
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/")
        })
        .collect();
    files.sort();
    files
}

#[test]
fn every_corpus_file_reads_as_expected() {
    let files = corpus_files();
    let listed: Vec<&str> = EXPECTED.iter().map(|e| e.0).collect();
    assert_eq!(files, listed, "corpus files and the expectations differ");
    for &(name, games, codes) in EXPECTED {
        let path = format!("{}/corpus/{name}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(&path).unwrap();
        let reader = GameReader::new(TextDecoder::new(&bytes[..]), ReadOptions::default());
        let mut count = 0;
        let mut found: BTreeMap<&str, usize> = BTreeMap::new();
        let mut text = String::new();
        for chunk in reader {
            let chunk = chunk.unwrap();
            assert_eq!(chunk.offset, text.len(), "{name}: chunks out of order");
            text.push_str(&chunk.text);
            if chunk.game.is_some() {
                count += 1;
                assert_eq!(chunk.index, Some(count));
            }
            for d in &chunk.diagnostics {
                assert!(
                    d.span.start >= chunk.offset && d.span.end <= chunk.offset + chunk.text.len(),
                    "{name}: {d:?} outside its chunk"
                );
                *found.entry(d.code).or_default() += 1;
            }
        }
        let (decoded, _, _) = pdnkit::source::decode_all(&bytes, None);
        assert_eq!(text, decoded, "{name}: chunks do not cover the file");
        assert_eq!(count, games, "{name}: games");
        let expected: BTreeMap<&str, usize> = codes.iter().copied().collect();
        assert_eq!(found, expected, "{name}: diagnostics");
        let has_syntax_error = found.keys().any(|c| c.starts_with('S'));
        assert_eq!(
            has_syntax_error,
            BROKEN.iter().any(|b| b.0 == name),
            "{name}: S1xx errors only where the file is broken"
        );
    }
}

/// Reads the file named by `PDNKIT_PARSE_FILE` and prints the parse throughput; for measuring
/// memory and speed on large files (`cargo test --release -- --ignored parse_throughput`).
#[test]
#[ignore]
fn parse_throughput_of_a_large_file() {
    let Some(path) = std::env::var_os("PDNKIT_PARSE_FILE") else {
        return;
    };
    let file = std::io::BufReader::new(std::fs::File::open(path).unwrap());
    let started = std::time::Instant::now();
    let mut bytes = 0usize;
    let mut games = 0usize;
    let mut diagnostics = 0usize;
    for chunk in GameReader::new(TextDecoder::new(file), ReadOptions::default()) {
        let chunk = chunk.unwrap();
        bytes += chunk.text.len();
        games += usize::from(chunk.game.is_some());
        diagnostics += chunk.diagnostics.len();
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{bytes} bytes, {games} games, {diagnostics} diagnostics in {secs:.2} s: {:.1} MB/s",
        bytes as f64 / secs / 1e6
    );
}
