//! `pdn check -j N` writes the same bytes as `-j 1` in every output format, whether files
//! are checked one per thread or a large file is cut into blocks checked on several threads
//! (`PDN_SEGMENT_BYTES` makes the blocks small, so the corpus's files are cut many times).

use crate::common;

use assert_cmd::Command;
use common::TempTree;

fn check(args: &[&str], jobs: &str, segment: Option<&str>) -> Vec<u8> {
    let mut cmd = Command::cargo_bin("pdn").unwrap();
    cmd.args(["check", "--no-config", "--color", "never", "-j", jobs])
        .args(args)
        .env_remove("PDN_SEGMENT_BYTES");
    if let Some(s) = segment {
        cmd.env("PDN_SEGMENT_BYTES", s);
    }
    cmd.output().unwrap().stdout
}

const FORMATS: [&[&str]; 5] = [
    &["--format", "json"],
    &["--format", "short"],
    &["--format", "human"],
    &["--format", "short", "--verbose"],
    &["--quiet"],
];

fn assert_same_output(paths: &[&str], segments: &[&str]) {
    for format in FORMATS {
        let args: Vec<&str> = format.iter().chain(paths).copied().collect();
        let one = check(&args, "1", None);
        assert!(!one.is_empty());
        for segment in segments {
            for jobs in ["2", "4"] {
                let many = check(&args, jobs, Some(segment));
                assert!(
                    one == many,
                    "-j {jobs}, blocks of {segment} bytes, {format:?}: output differs from -j 1"
                );
            }
        }
    }
}

#[test]
fn every_corpus_file_cut_in_small_blocks_gives_the_same_output_as_one_thread() {
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus");
    assert_same_output(&[corpus], &["1500", "20000"]);
}

#[test]
fn joined_files_of_mixed_variants_dialects_and_conventions_give_the_same_output() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut text = String::new();
    for rel in [
        "corpus/py-draughts/standard.pdn",
        "corpus/checkerboard/tinsley.pdn",
        "corpus/py-draughts/russian.pdn",
        "corpus/wiegerw-pdn/campionato_assoluto_2005.pdn",
        "tests/fixtures/dialects/upper_case.pdn",
        "tests/fixtures/dialects/short_notation.pdn",
        "tests/fixtures/dialects/result_tag_dash.pdn",
        "corpus/py-draughts/frisian.pdn",
    ] {
        text.push_str(&String::from_utf8_lossy(
            &std::fs::read(format!("{root}/{rel}")).unwrap(),
        ));
        text.push_str("\n\n");
        // An English game giving White's score first: the file's convention from here on.
        text.push_str("[GameType \"21\"]\n[FEN \"W:W18:B14\"]\n1. 18x9 1-0\n\n");
    }
    // A comment and a variation holding lines that look like a game's start.
    text.push_str(
        "[Event \"A\"]\n1. 32-28 19-23 {a note that goes on\nand quotes another game:\n\
         [Event \"B\"] 1. 33-29 *\n} 2. 28x19 14x23 1-0\n\n[Event \"C\"]\n1. 32-28 (1. 33-29 \
         19-23\n[Event \"D\"] 2. 29-24) 19-23 2. 28x19 14x23 0-1\n\n",
    );
    let t = TempTree::new("parallel-joined");
    let file = t.file("joined.pdn", &text.repeat(3));
    let file = file.to_str().unwrap();
    assert_same_output(&[file], &["700", "9000"]);
}
