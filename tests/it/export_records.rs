//! Exported games (`ExportedGame`) as `pdn convert --to json|jsonl|csv` writes them: the JSON
//! written straight to the output is the object serde_json builds from the same game (so its
//! keys come in alphabetical order at every level, as docs/json.md shows them), with the fields
//! the schema asks for, and the CSV row holds what that object holds. Over the corpus, the
//! fixtures, and games written for it: repeated tags, nested variations, a game too long to
//! hold as a tree, a header too long to hold.

#[allow(dead_code)]
use crate::common;

use std::ops::ControlFlow;

use pdnkit::check::{CheckOptions, Retain, check_stream_with};
use pdnkit::replay::ReplayOptions;
use pdnkit::write::export::{ExportOptions, ExportedGame, ROSTER};
use serde_json::Value;

/// One game as exported.
struct Record {
    /// As written.
    json: String,
    /// As serde_json builds it.
    object: Value,
    csv: String,
}

/// The games of `text` as convert reads them for export.
fn records(text: &[u8], file: &str, options: ExportOptions) -> Vec<Record> {
    let check = CheckOptions {
        replay: ReplayOptions {
            record_moves: true,
            ..ReplayOptions::default()
        },
        retain: Retain::TreesAndText,
        ..CheckOptions::default()
    };
    let mut out = Vec::new();
    check_stream_with(text, &check, |g| {
        let exported = match (&g.chunk.game, &g.header) {
            (Some(game), _) => ExportedGame::whole(
                file,
                &g.chunk,
                game,
                g.report.as_ref(),
                &g.diagnostics,
                options,
            ),
            (None, Some(header)) if g.parted => ExportedGame::parted(
                file,
                &g.chunk,
                header,
                g.report.as_ref(),
                &g.diagnostics,
                g.tags_left_out,
            ),
            _ => return ControlFlow::Continue(()),
        };
        let mut json = Vec::new();
        exported.write_json(&mut json);
        let mut csv = Vec::new();
        exported.write_csv(&mut csv);
        out.push(Record {
            json: String::from_utf8(json).expect("UTF-8"),
            object: serde_json::to_value(exported).expect("an object"),
            csv: String::from_utf8(csv).expect("UTF-8"),
        });
        ControlFlow::Continue(())
    })
    .expect("in memory");
    out
}

/// A game's CSV row as read from its object (`--to csv` is documented as the object's fields).
fn row_of(o: &Value) -> String {
    let cell = |v: &Value| {
        let c = match v {
            Value::Null => String::new(),
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        if c.contains([',', '"', '\n', '\r']) {
            format!("\"{}\"", c.replace('"', "\"\""))
        } else {
            c
        }
    };
    let mut cells = vec![cell(&o["file"]), cell(&o["game"])];
    for t in ROSTER.iter().chain(["GameType"].iter()) {
        cells.push(cell(&o["tags"][*t]));
    }
    for k in ["variant", "plies", "complete", "errors", "warnings"] {
        cells.push(cell(&o[k]));
    }
    let moves: Vec<String> = o["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["canonical"].as_str().expect("canonical").to_string())
        .collect();
    cells.push(cell(&Value::String(moves.join(" "))));
    cells.join(",") + "\n"
}

fn keys(o: &Value) -> Vec<&str> {
    o.as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect()
}

/// Checks one record: written as serde_json writes its object, the fields of docs/json.md.
fn check_record(r: &Record, options: ExportOptions, what: &str) {
    assert_eq!(r.json, r.object.to_string(), "{what}");
    let read: Value = serde_json::from_str(&r.json).expect("JSON");
    assert_eq!(read, r.object, "{what}");
    assert_eq!(r.csv, row_of(&r.object), "{what}");
    let o = &r.object;
    let replayed = !o["variant"].is_null();
    let parted = o.get("moves_left_out").is_some();
    let mut expected = vec![
        "errors",
        "file",
        "game",
        "line",
        "moves",
        "result",
        "tags",
        "type",
        "variant",
        "variations",
        "warnings",
    ];
    if replayed {
        expected.extend(["complete", "notation", "plies"]);
    }
    if parted {
        assert_eq!(o["moves_left_out"], true, "{what}");
        expected.push("moves_left_out");
    }
    if o.get("tags_left_out").is_some() {
        assert!(parted, "{what}");
        assert!(o["tags_left_out"].as_u64().expect("a count") > 0, "{what}");
        expected.push("tags_left_out");
    }
    expected.sort_unstable();
    assert_eq!(keys(o), expected, "{what}");
    assert_eq!(o["type"], "game");
    let moves = o["moves"].as_array().expect("moves");
    let variations = o["variations"].as_array().expect("variations");
    if parted || !replayed {
        assert!(moves.is_empty() && variations.is_empty(), "{what}");
    }
    let mut move_keys = vec![
        "canonical",
        "captured",
        "from",
        "legal",
        "path",
        "ply",
        "promotes",
        "side",
        "to",
        "written",
    ];
    if options.fen_each_ply {
        move_keys.push("fen");
        move_keys.sort_unstable();
    }
    let every_move = moves.iter().chain(variations.iter().flat_map(|v| {
        assert_eq!(keys(v), ["depth", "line", "moves", "parent"], "{what}");
        assert!(v["depth"].as_u64().expect("depth") >= 1, "{what}");
        assert!(v["line"].as_u64().expect("line") >= 1, "{what}");
        assert!(v["parent"].as_u64().is_some(), "{what}");
        v["moves"].as_array().expect("moves")
    }));
    for m in every_move {
        assert_eq!(keys(m), move_keys, "{what}");
        let path = m["path"].as_array().expect("path");
        assert_eq!(path.first(), Some(&m["from"]), "{what}");
        assert_eq!(path.last(), Some(&m["to"]), "{what}");
    }
}

#[test]
fn every_game_of_the_corpus_and_fixtures_is_written_as_its_object() {
    let mut games = 0;
    for path in common::corpus_files(&["pdn", "txt"])
        .into_iter()
        .chain(common::fixture_files(&["pdn", "txt"]))
    {
        let bytes = std::fs::read(&path).expect("readable");
        for fen_each_ply in [false, true] {
            let options = ExportOptions {
                fen_each_ply,
                ..ExportOptions::default()
            };
            let name = path.display().to_string();
            for (k, r) in records(&bytes, &name, options).iter().enumerate() {
                check_record(r, options, &format!("{name} game {}", k + 1));
                games += 1;
            }
        }
    }
    assert!(games > 1000, "{games}");
}

#[test]
fn repeated_tags_nested_variations_and_games_too_long_to_hold() {
    let mut text = String::from(
        "[Event \"first, \\\"quoted\\\"\"]\n[Event \"second\"]\n[White \"A\"]\n[GameType \"20\"]\n\
         1. 32-28 19-23 (1... 18-23 2. 28x19 (2. 37-32 12-18) 14x23) 2. 28x19 14x23 *\n\n",
    );
    text.push_str("[GameType \"20\"]\n[FEN \"W:WK46:BK1\"]\n[Result \"*\"]\n");
    text.push_str(&common::shuttle(1, 6_000, "\n"));
    text.push_str("*\n\n[Event \"many tags\"]\n");
    for i in 0..5_000 {
        text.push_str(&format!("[T{i} \"{i}\"]\n"));
    }
    text.push_str("[GameType \"20\"]\n1. 32-28 *\n\n[Event \"not replayed\"]\n[GameType \"99\"]\n1. 32-28 *\n");
    for fen_each_ply in [false, true] {
        let options = ExportOptions {
            fen_each_ply,
            ..ExportOptions::default()
        };
        let r = records(text.as_bytes(), "a,b.pdn", options);
        assert_eq!(r.len(), 4);
        for (k, r) in r.iter().enumerate() {
            check_record(r, options, &format!("game {}", k + 1));
        }

        // The first value of a repeated tag; variations by the line they branch from.
        let g = &r[0].object;
        assert_eq!(g["tags"]["Event"], "first, \"quoted\"");
        assert_eq!(keys(&g["tags"]), ["Event", "GameType", "White"]);
        assert_eq!(g["plies"], 4);
        let lines: Vec<(u64, u64, u64)> = g["variations"]
            .as_array()
            .expect("variations")
            .iter()
            .map(|v| {
                (
                    v["line"].as_u64().expect("line"),
                    v["parent"].as_u64().expect("parent"),
                    v["depth"].as_u64().expect("depth"),
                )
            })
            .collect();
        assert!(lines.contains(&(1, 0, 1)), "{lines:?}");
        assert!(lines.contains(&(2, 1, 2)), "{lines:?}");
        let csv = &r[0].csv;
        assert!(
            csv.starts_with("\"a,b.pdn\",1,\"first, \"\"quoted\"\"\",,,,A,"),
            "{csv}"
        );
        assert!(csv.contains(",,20,international,4,true,"), "{csv}");
        assert!(csv.ends_with(",32-28 19-23 28x19 14x23\n"), "{csv}");

        // A game too long to hold as a tree: its header and its replay's outcome.
        let g = &r[1].object;
        assert_eq!(g["moves_left_out"], true);
        assert_eq!(g["plies"], 12_000);
        assert_eq!(g["complete"], true);
        assert!(g.get("tags_left_out").is_none());
        assert!(r[1].csv.ends_with(",international,12000,true,0,1,\n"));

        // A header too long to hold: the tags not held are counted.
        let g = &r[2].object;
        assert_eq!(g["moves_left_out"], true);
        let held = g["tags"].as_object().expect("tags").len() as u64;
        assert_eq!(held + g["tags_left_out"].as_u64().expect("count"), 5_002);

        // Not replayed: no variant, notation, plies or moves.
        let g = &r[3].object;
        assert_eq!(g["variant"], Value::Null);
        assert!(g.get("notation").is_none() && g.get("plies").is_none());
        let csv = &r[3].csv;
        assert!(csv.starts_with("\"a,b.pdn\",4,not replayed,"), "{csv}");
        assert!(csv.contains(",99,,,,"), "{csv}");
        assert!(csv.ends_with(",\n"), "{csv}");
    }
}
