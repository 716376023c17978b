//! One fixture per grammar feature and per deviation, with the exact findings and places.

use pdnkit::syntax::{ReadOptions, parse_str};

fn read(name: &str, options: &ReadOptions) -> (usize, Vec<String>) {
    let path = format!(
        "{}/tests/fixtures/syntax/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let chunks = parse_str(&text, options);
    let mut out = Vec::new();
    for c in &chunks {
        for d in &c.diagnostics {
            let lc = c.line_col(d.span.start);
            out.push(format!("{} {}:{}", d.code, lc.line, lc.column));
        }
    }
    (chunks.iter().filter(|c| c.game.is_some()).count(), out)
}

/// (fixture, games, findings as `CODE line:column`).
const EXPECTED: &[(&str, usize, &[&str])] = &[
    ("ambiguous_numeric_run.pdn", 1, &["S108 1:4", "S108 1:17"]),
    ("byte_order_mark_inside.pdn", 2, &["N225 4:1"]),
    ("capture_separator.pdn", 1, &["N206 2:21", "N206 2:27"]),
    ("colon_result.pdn", 4, &["N227 3:9"]),
    ("dash_result.pdn", 3, &["N221 3:9", "N212 7:39"]),
    ("duplicate_tag.pdn", 1, &["N218 2:1"]),
    ("escaped_line_break.pdn", 2, &["N217 2:12"]),
    ("grammar_movetext.pdn", 1, &[]),
    ("grammar_no_tags.pdn", 2, &[]),
    ("grammar_results.pdn", 9, &[]),
    ("grammar_squares.pdn", 4, &[]),
    ("grammar_tags.pdn", 3, &[]),
    ("incomplete_move.pdn", 1, &["S107 1:4", "S107 2:10"]),
    (
        "leading_zero.pdn",
        1,
        &["N203 1:1", "N203 1:11", "N203 2:1"],
    ),
    ("long_move_path.pdn", 1, &["N214 1:4", "N214 1:22"]),
    (
        "malformed_tag.pdn",
        1,
        &["S106 1:1", "S106 2:1", "S106 3:1"],
    ),
    ("misplaced_strength.pdn", 1, &["S111 1:8"]),
    ("missing_terminator.pdn", 1, &["N210 3:9"]),
    ("move_run_on.pdn", 1, &["N226 3:34"]),
    ("nested_comment.pdn", 1, &["N209 1:10"]),
    (
        "non_standard_result.pdn",
        3,
        &["N208 2:16", "N208 3:10", "N208 4:10"],
    ),
    ("number_too_large.pdn", 1, &["S112 3:10", "S112 4:1"]),
    ("numeric_run.pdn", 1, &["N213 1:4", "N213 1:9", "N213 1:17"]),
    ("parenthesised_note.pdn", 1, &["N222 3:10"]),
    ("repeated_tag.pdn", 2, &["N216 2:13"]),
    ("semicolon_comment.pdn", 1, &["N211 1:10"]),
    ("short_notation.pdn", 2, &["N220 4:4"]),
    (
        "space_before_strength.pdn",
        1,
        &["N205 1:9", "N205 1:17", "N205 2:9"],
    ),
    (
        "space_in_move.pdn",
        1,
        &["N204 1:4", "N204 1:12", "N204 1:20"],
    ),
    ("star_strength.pdn", 1, &["N207 1:9"]),
    ("stray_terminator.pdn", 1, &["N215 1:14"]),
    ("tag_after_movetext.pdn", 2, &["N212 2:15"]),
    ("tag_name_case.pdn", 1, &["N202 1:2", "N202 2:2"]),
    (
        "tag_quotes.pdn",
        2,
        &["N223 2:13", "N223 7:16", "N223 8:33"],
    ),
    (
        "tag_quotes_ambiguous.pdn",
        6,
        &[
            "S103 1:1",
            "S105 1:15",
            "S103 2:1",
            "S105 2:12",
            "S103 4:1",
            "S105 4:12",
            "S102 6:8",
            "S102 8:8",
            "S105 9:1",
        ],
    ),
    ("tag_spacing.pdn", 1, &["N201 1:1", "N201 2:1", "N201 3:1"]),
    (
        "tag_value_line_break.pdn",
        2,
        &["N224 1:19", "N224 7:16", "N223 8:3"],
    ),
    ("unbalanced_parenthesis.pdn", 2, &["S104 1:10", "S104 3:10"]),
    ("unexpected_token.pdn", 2, &["S105 2:10"]),
    ("unterminated_comment.pdn", 2, &["S101 2:10"]),
    ("unterminated_setup.pdn", 1, &["S110 1:10"]),
    ("unterminated_string.pdn", 1, &["S102 1:8"]),
    ("unterminated_tag.pdn", 1, &["S103 1:1"]),
    ("upper_case_square.pdn", 2, &["N219 3:4"]),
    ("variation_too_deep.pdn", 1, &["S109 1:1802"]),
];

#[test]
fn every_fixture_gives_exactly_its_findings() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/syntax");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    let listed: Vec<&str> = EXPECTED.iter().map(|e| e.0).collect();
    assert_eq!(names, listed);
    for &(name, games, codes) in EXPECTED {
        let (g, found) = read(name, &ReadOptions::default());
        assert_eq!(g, games, "{name}: games");
        assert_eq!(found, codes, "{name}: findings");
    }
}

#[test]
fn strict_mode_turns_every_deviation_into_an_error() {
    let strict = ReadOptions {
        strict: true,
        ..Default::default()
    };
    for &(name, _, codes) in EXPECTED {
        let path = format!(
            "{}/tests/fixtures/syntax/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(path).unwrap();
        for chunk in parse_str(&text, &strict) {
            for d in &chunk.diagnostics {
                assert_eq!(d.severity, pdnkit::Severity::Error, "{name}: {d:?}");
            }
        }
        // The same findings, only more severe.
        assert_eq!(read(name, &strict).1, codes, "{name}");
    }
    let lenient = parse_str("1. 32 - 28 *", &ReadOptions::default());
    assert_eq!(
        lenient[0].diagnostics[0].severity,
        pdnkit::Severity::Warning
    );
}

#[test]
fn every_syntax_code_has_a_fixture() {
    // A token of over a megabyte (S113) is made by its tests in syntax_recovery.rs.
    for code in pdnkit::lint::codes::syntax::ALL
        .iter()
        .filter(|c| c.code != "S113")
    {
        assert!(
            EXPECTED
                .iter()
                .any(|e| e.2.iter().any(|c| c.starts_with(code.code))),
            "no fixture shows {}",
            code.code
        );
    }
}
