//! `annotate`: each finding written as a `{[%lint CODE] ...}` comment after its move, nothing
//! else changed.

use pdnkit::check::{CheckOptions, check_stream};
use pdnkit::write::annotate::{AnnotateOptions, annotate_chunk};

fn annotate(text: &str, nags: bool) -> String {
    let mut out = String::new();
    check_stream(text.as_bytes(), &CheckOptions::default(), |g| {
        out.push_str(&annotate_chunk(
            &g.chunk,
            &g.diagnostics,
            &AnnotateOptions { nags },
        ))
    })
    .expect("reading from memory cannot fail");
    out
}

/// Removes the `[%lint]` comments annotate inserts (each with the space before or after it).
fn strip(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("{[%lint ") {
        let end = i + rest[i..].find('}').expect("closed comment") + 1;
        let (mut a, mut b) = (i, end);
        if rest[..a].ends_with(' ') {
            a -= 1;
        } else if rest[b..].starts_with(' ') {
            b += 1;
        }
        out.push_str(&rest[..a]);
        rest = &rest[b..];
    }
    out.push_str(rest);
    out
}

const FIXTURES: [&str; 3] = [
    "tests/fixtures/replay/czech_errors.pdn",
    "tests/fixtures/replay/italian_errors.pdn",
    "corpus/shashkispark/notation_error1.pdn",
];

#[test]
fn annotated_fixtures_with_errors() {
    for path in FIXTURES {
        let text = std::fs::read_to_string(path).expect("fixture");
        let name = path.rsplit('/').next().unwrap_or(path).replace('.', "_");
        insta::assert_snapshot!(name, annotate(&text, true));
    }
}

#[test]
fn stripping_the_lint_comments_gives_the_input_back() {
    let mut files: Vec<_> = walkdir::WalkDir::new("corpus")
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|x| !x.eq_ignore_ascii_case("md")))
        .collect();
    files.extend(FIXTURES.iter().map(Into::into));
    files.sort();
    for path in files {
        let bytes = std::fs::read(&path).expect("file");
        // Compare with the decoded text: annotate writes UTF-8.
        let mut decoded = String::new();
        check_stream(bytes.as_slice(), &CheckOptions::default(), |g| {
            decoded.push_str(&g.chunk.text)
        })
        .expect("reading from memory cannot fail");
        let annotated = annotate(&decoded, false);
        assert_eq!(strip(&annotated), decoded, "{}", path.display());
    }
}

/// The corpus files and the fixtures, sorted.
fn corpus_files() -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = walkdir::WalkDir::new("corpus")
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|x| !x.eq_ignore_ascii_case("md")))
        .collect();
    files.extend(FIXTURES.iter().map(Into::into));
    files.sort();
    files
}

#[test]
fn annotating_an_annotated_file_changes_nothing() {
    for path in corpus_files() {
        let bytes = std::fs::read(&path).expect("file");
        let mut decoded = String::new();
        check_stream(bytes.as_slice(), &CheckOptions::default(), |g| {
            decoded.push_str(&g.chunk.text)
        })
        .expect("reading from memory cannot fail");
        for nags in [false, true] {
            let once = annotate(&decoded, nags);
            let twice = annotate(&once, nags);
            assert!(
                once == twice,
                "{} (nags: {nags}): annotated twice differs",
                path.display()
            );
        }
    }
}

#[test]
fn the_lint_comments_of_an_earlier_run_are_replaced_and_glyphs_stay_with_their_move() {
    let text = "[GameType \"21\"]\n[Result \"1-0\"]\n1. 11-15 22-18 2. 12-16! $2 18x11 0-1\n";
    let once = annotate(text, true);
    assert!(
        once.contains("2. 12-16! $2 $4 {[%lint R305] 12-16 takes nothing"),
        "{once}"
    );
    assert_eq!(annotate(&once, true), once);
    assert_eq!(once.matches("[%lint R305]").count(), 1, "{once}");
    // A stale finding written by hand in the same form goes too.
    let stale = text.replace("18x11", "{[%lint R999] stale} 18x11");
    let again = annotate(&stale, false);
    assert!(!again.contains("R999"), "{again}");
    assert_eq!(again, annotate(text, false));
}

#[test]
fn findings_about_the_game_go_before_its_first_move_and_errors_get_a_nag() {
    let text = "[GameType \"21\"]\n[Result \"1-0\"]\n1. 11-15 22-18 2. 12-16! 18x11 0-1\n";
    let out = annotate(text, true);
    assert!(
        out.contains("2. 12-16! $4 {[%lint R305] 12-16 takes nothing"),
        "{out}"
    );
    assert!(out.contains("18x11 0-1"), "{out}");
    assert!(
        out.contains(
            "1-0\"]\n{[%lint G502] the game ends with 0-1 but its Result tag says 1-0} 1. 11-15"
        ),
        "{out}"
    );
    let plain = annotate(text, false);
    assert!(!plain.contains("$4"));
}

mod random_games {
    use super::*;
    use pdnkit::random::{GenOptions, generate};
    use pdnkit::rules::Variant;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn annotating_a_random_legal_game_then_stripping_the_lint_comments_gives_it_back(
            v in 0..Variant::ALL.len(),
            seed in any::<u64>(),
            algebraic in any::<bool>(),
        ) {
            let mut options = GenOptions::new(Variant::ALL[v], 3, seed);
            options.notation = Some(if algebraic {
                pdnkit::notation::NotationKind::Algebraic
            } else {
                pdnkit::notation::NotationKind::Numeric
            });
            let mut bytes = Vec::new();
            generate(&options, &mut bytes).expect("writing to memory cannot fail");
            let text = String::from_utf8(bytes).expect("UTF-8");
            for nags in [false, true] {
                let annotated = annotate(&text, nags);
                let stripped = strip(&annotated);
                let stripped = if nags { stripped.replace(" $4", "") } else { stripped };
                prop_assert_eq!(&stripped, &text);
            }
        }
    }
}
