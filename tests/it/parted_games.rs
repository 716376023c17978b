//! `pdn convert` (every output form), `pdn annotate` and `pdn fix` over a file whose middle game
//! is too long to hold as a tree (F009): the short games around it come out exactly as they do
//! from files of their own, and the long one is written as it was (PDN) or exported with its
//! header and no moves (`"moves_left_out": true`), with one warning that says so.

use std::fmt::Write as _;
use std::path::PathBuf;

use assert_cmd::Command;

// Of what the test files share, only the long games.
#[allow(dead_code)]
use crate::common;
use pdnkit::check::PART_ELEMENTS;
use pdnkit::write::convert::{ConvertOptions, Eol, unconverted_text};
use serde_json::Value;

/// A short game with something to convert, annotate and fix (a zero-padded square, N203).
const SHORT_ONE: &str = "[Event \"short one\"]\n[GameType \"20\"]\n[Result \"*\"]\n1. 032-28 19-23 2. 28x19 14x23 *\n\n";
/// Another, with a capture.
const SHORT_TWO: &str = "[Event \"short two\"]\n[GameType \"20\"]\n[Result \"1-0\"]\n1. 31-27 18-22 2. 27x18 12x23 1-0\n";

/// A game of `pairs` move pairs (kings shuttling on an open board): more than
/// `PART_ELEMENTS` movetext elements when `pairs` is at least a third of it.
fn long_game(pairs: usize, eol: &str) -> String {
    let mut s = format!(
        "[Event \"long\"]{eol}[GameType \"20\"]{eol}[FEN \"W:WK46:BK1\"]{eol}[Result \"*\"]{eol}"
    );
    s.push_str(&common::shuttle(1, pairs, eol));
    write!(s, "*{eol}{eol}").unwrap();
    s
}

/// Runs pdn with `args` and the file holding `text` (named after `tag`).
fn pdn(args: &[&str], text: &str, tag: &str) -> (i32, String, String) {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("parted-games");
    std::fs::create_dir_all(&dir).expect("the test directory is writable");
    let path = dir.join(format!("{tag}.pdn"));
    std::fs::write(&path, text).expect("the test directory is writable");
    let args: Vec<&str> = args
        .iter()
        .copied()
        .chain(["--no-config", "--jobs", "1"])
        .collect();
    common::pdn_run(&args, &path)
}

/// The warnings that name F009.
fn f009_lines(err: &str) -> Vec<&str> {
    err.lines().filter(|l| l.contains("F009")).collect()
}

/// A PDN form: the output is the first short game's, the long game's text as it was (in the
/// form `unchanged` gives), and the second short game's, each as from a file of its own.
fn pdn_form(args: &[&str], expected_code: i32, long: &str, unchanged: impl Fn(&str) -> String) {
    // Tests run at once: each file is named after its arguments and its long game.
    let tag = format!("{}-{}", args.join("_").replace("--", ""), long.len());
    let text = format!("{SHORT_ONE}{long}{SHORT_TWO}");
    let (code, out, err) = pdn(args, &text, &format!("{tag}-all"));
    let (code1, out1, err1) = pdn(args, SHORT_ONE, &format!("{tag}-one"));
    let (code2, out2, _) = pdn(args, SHORT_TWO, &format!("{tag}-two"));
    assert_eq!(code, expected_code, "{args:?}: {err}");
    assert_eq!((code1, code2), (expected_code, expected_code), "{err1}");
    let warnings = f009_lines(&err);
    assert_eq!(
        warnings.len(),
        1,
        "{args:?}: one warning for the long game: {err}"
    );
    let (command, annotate) = (args[0], args[0] == "annotate");
    let said = match command {
        "fix" => "not fixed: game 2: it has more than 16384 movetext elements (F009), too many \
                  to hold as a tree; it is written as it was"
            .to_string(),
        _ => format!(
            "warning: game 2 is written {}: it has more than 16384 movetext elements (F009), too \
             many to hold as a tree",
            if annotate {
                "as it was, without its findings"
            } else {
                "out unchanged"
            }
        ),
    };
    assert!(
        warnings[0].ends_with(&format!(":5:1: {said}")),
        "{}",
        warnings[0]
    );
    assert!(f009_lines(&err1).is_empty(), "{err1}");
    assert!(
        out.starts_with(&out1),
        "{args:?}: the first game as from its own file"
    );
    assert!(
        out.ends_with(&out2),
        "{args:?}: the last game as from its own file"
    );
    let middle = &out[out1.len()..out.len() - out2.len()];
    assert_eq!(
        middle,
        unchanged(long),
        "{args:?}: the long game as it was written"
    );
}

fn as_it_was(long: &str) -> String {
    long.to_string()
}

#[test]
fn convert_writes_the_long_game_unchanged_in_every_notation() {
    let long = long_game(PART_ELEMENTS / 2, "\n");
    pdn_form(&["convert"], 0, &long, as_it_was);
    pdn_form(&["convert", "--notation", "numeric"], 0, &long, as_it_was);
    pdn_form(&["convert", "--notation", "algebraic"], 0, &long, as_it_was);
    pdn_form(
        &["convert", "--notation", "algebraic", "--captures", "full"],
        0,
        &long,
        as_it_was,
    );
}

#[test]
fn convert_keeps_the_line_ends_asked_for() {
    let long = long_game(PART_ELEMENTS / 2, "\r\n");
    let with = |eol| {
        move |t: &str| {
            unconverted_text(
                t,
                &ConvertOptions {
                    eol: Some(eol),
                    ..ConvertOptions::default()
                },
            )
        }
    };
    pdn_form(&["convert", "--eol", "lf"], 0, &long, with(Eol::Lf));
    pdn_form(&["convert", "--eol", "crlf"], 0, &long, with(Eol::Crlf));
}

#[test]
fn canonical_form_writes_the_long_game_as_a_block() {
    let long = long_game(PART_ELEMENTS / 2, "\n");
    let canonical = |t: &str| {
        unconverted_text(
            t,
            &ConvertOptions {
                canonical: true,
                ..ConvertOptions::default()
            },
        )
    };
    pdn_form(&["convert", "--canonical"], 0, &long, canonical);
    pdn_form(
        &["convert", "--canonical", "--notation", "algebraic"],
        0,
        &long,
        canonical,
    );
}

#[test]
fn annotate_writes_the_long_game_as_it_was() {
    let long = long_game(PART_ELEMENTS / 2, "\n");
    pdn_form(&["annotate"], 0, &long, as_it_was);
    pdn_form(&["annotate", "--nags"], 0, &long, as_it_was);
}

#[test]
fn fix_writes_the_long_game_as_it_was() {
    let long = long_game(PART_ELEMENTS / 2, "\n");
    pdn_form(&["fix"], 0, &long, as_it_was);
}

#[test]
fn a_long_game_past_the_readers_window_is_copied_whole() {
    // More than 4 MiB of text: most of it is kept in a temporary file while it is read.
    let long = long_game(320_000, "\n");
    assert!(long.len() > pdnkit::syntax::GAME_WINDOW);
    pdn_form(&["convert", "--notation", "algebraic"], 0, &long, as_it_was);
    pdn_form(&["fix"], 0, &long, as_it_was);
}

#[test]
fn fix_in_place_keeps_the_long_game_and_repairs_the_others() {
    let long = long_game(PART_ELEMENTS / 2, "\n");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("parted-games");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("in-place.pdn");
    std::fs::write(&path, format!("{SHORT_ONE}{long}{SHORT_TWO}")).unwrap();
    let (_, fixed_one, _) = pdn(&["fix"], SHORT_ONE, "in-place-one");
    let out = Command::cargo_bin("pdn")
        .unwrap()
        .args(["fix", "--in-place", "--no-config"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let written = std::fs::read_to_string(&path).unwrap();
    assert_eq!(written, format!("{fixed_one}{long}{SHORT_TWO}"));
}

/// The objects of a JSON or JSON Lines output.
fn objects(out: &str, to: &str) -> Vec<Value> {
    match to {
        "json" => serde_json::from_str::<Vec<Value>>(out).expect("one JSON array"),
        _ => out
            .lines()
            .map(|l| serde_json::from_str(l).expect("one object a line"))
            .collect(),
    }
}

/// An object without what depends on the file it came from.
fn placeless(mut o: Value) -> Value {
    for k in ["file", "game", "line"] {
        o.as_object_mut().unwrap().remove(k);
    }
    o
}

#[test]
fn json_exports_the_long_game_without_its_moves() {
    let long = long_game(PART_ELEMENTS / 2, "\n");
    let text = format!("{SHORT_ONE}{long}{SHORT_TWO}");
    for to in ["json", "jsonl"] {
        let (code, out, err) = pdn(&["convert", "--to", to], &text, &format!("export-{to}"));
        assert_eq!(code, 0, "{err}");
        assert_eq!(
            f009_lines(&err),
            [format!(
                "{}: warning: game 2 is exported without its moves (\"moves_left_out\": true): it \
                 has more than 16384 movetext elements (F009), too many to hold as a tree",
                err.split(": warning").next().unwrap()
            )]
        );
        assert!(err.split(": warning").next().unwrap().ends_with(":5:1"));
        let all = objects(&out, to);
        assert_eq!(all.len(), 3, "every game has its object");
        let (_, one, _) = pdn(
            &["convert", "--to", to],
            SHORT_ONE,
            &format!("export-{to}-1"),
        );
        let (_, two, _) = pdn(
            &["convert", "--to", to],
            SHORT_TWO,
            &format!("export-{to}-2"),
        );
        let one = objects(&one, to).remove(0);
        let two = objects(&two, to).remove(0);
        assert_eq!(placeless(all[0].clone()), placeless(one));
        assert_eq!(placeless(all[2].clone()), placeless(two));
        assert_eq!(all[0]["game"], 1);
        assert_eq!(all[2]["game"], 3);
        let parted = &all[1];
        assert_eq!(parted["game"], 2);
        assert_eq!(
            parted["line"], 5,
            "the chunk starts after the first game's text"
        );
        assert_eq!(parted["moves_left_out"], true);
        assert_eq!(parted["moves"], serde_json::json!([]));
        assert_eq!(parted["tags"]["Event"], "long");
        assert_eq!(parted["tags"]["FEN"], "W:WK46:BK1");
        assert_eq!(parted["result"], "*");
        assert_eq!(parted["variant"], "international");
        assert_eq!(parted["plies"], PART_ELEMENTS);
        assert_eq!(parted["warnings"], 1, "F009");
        assert!(all[0].get("moves_left_out").is_none());
    }
}

#[test]
fn csv_gives_the_long_game_a_row_without_moves() {
    let long = long_game(PART_ELEMENTS / 2, "\n");
    let text = format!("{SHORT_ONE}{long}{SHORT_TWO}");
    let (code, out, err) = pdn(&["convert", "--to", "csv"], &text, "export-csv");
    assert_eq!(code, 0, "{err}");
    let warnings = f009_lines(&err);
    assert_eq!(warnings.len(), 1, "{err}");
    assert!(
        warnings[0].ends_with(
            ":5:1: warning: game 2 is exported with an empty moves cell: it has more than 16384 \
             movetext elements (F009), too many to hold as a tree"
        ),
        "{err}"
    );
    let (_, one, _) = pdn(&["convert", "--to", "csv"], SHORT_ONE, "export-csv-1");
    let (_, two, _) = pdn(&["convert", "--to", "csv"], SHORT_TWO, "export-csv-2");
    // Each CSV's rows as cells by column name, `file` and `game` left out.
    let table = |csv: &str| -> Vec<std::collections::BTreeMap<String, String>> {
        let mut reader = csv::Reader::from_reader(csv.as_bytes());
        let header = reader.headers().expect("a header").clone();
        reader
            .records()
            .map(|r| {
                header
                    .iter()
                    .zip(r.expect("a row of the header's width").iter())
                    .filter(|(h, _)| *h != "file" && *h != "game")
                    .map(|(h, v)| (h.to_string(), v.to_string()))
                    .collect()
            })
            .collect()
    };
    let rows = table(&out);
    assert_eq!(rows.len(), 3, "a row per game");
    // A game alone has the cells it has in the collection; the collection's other tags'
    // cells are empty.
    for (alone, row) in [(table(&one), &rows[0]), (table(&two), &rows[2])] {
        for (k, v) in row {
            assert_eq!(alone[0].get(k).unwrap_or(&String::new()), v, "{k}");
        }
    }
    assert_eq!(rows[1]["Event"], "long");
    assert_eq!(rows[1]["moves"], "", "no moves");
}

#[test]
fn fix_counts_a_long_game_with_an_error_as_left_because_of_it() {
    // From this position the first black move is not legal (R301): an error in the long game.
    let long = long_game(PART_ELEMENTS / 2, "\n").replace("BK1\"", "BK5\"");
    let text = format!("{SHORT_ONE}{long}{SHORT_TWO}");
    let (code, out, err) = pdn(&["fix"], &text, "fix-error");
    assert_eq!(code, 1, "{err}");
    assert_eq!(f009_lines(&err).len(), 1, "{err}");
    assert!(out.contains(&long), "the long game as it was");
}
