//! Exporting games as data: one JSON object per game (tags, moves with their squares, the text
//! as written and in canonical form, variations by reference to the line they branch from), or
//! one CSV row per game. The schema is in docs/json.md.

use serde_json::{Map, Value, json};

use crate::lint::{Diagnostic, Severity};
use crate::notation::Layout;
use crate::notation::fen::write_fen;
use crate::replay::{GameReport, PlayedMove};
use crate::rules::Variant;
use crate::syntax::{Chunk, Game};

use super::convert::{CaptureStyle, capture_squares};

/// What to put in each game's object.
#[derive(Clone, Copy, Debug, Default)]
pub struct ExportOptions {
    /// Add the position after each move as a FEN.
    pub fen_each_ply: bool,
}

/// The seven tags of PDN's standard tag roster, in their order: the first columns of the CSV.
pub const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// One move as an object.
fn move_object(
    text: &str,
    chunk: &Chunk,
    p: &PlayedMove,
    variant: Variant,
    layout: &Layout,
    options: &ExportOptions,
) -> Value {
    let names = |sq: &[crate::board::Square]| -> Vec<String> {
        sq.iter().map(|&s| layout.name(s)).collect()
    };
    let sep = if p.mv.captured.is_empty() {
        '-'
    } else {
        variant.capture_separator()
    };
    let canonical = capture_squares(layout.board, &p.mv, &p.before, CaptureStyle::Minimal)
        .iter()
        .map(|&s| layout.name(s))
        .collect::<Vec<_>>()
        .join(&sep.to_string());
    let written = text
        .get(p.span.start - chunk.offset..p.span.end - chunk.offset)
        .unwrap_or("");
    let mut o = json!({
        "ply": p.ply + 1,
        "side": p.before.side_to_move().as_str(),
        "from": layout.name(p.mv.from),
        "to": layout.name(p.mv.to),
        "path": names(&p.mv.path),
        "captured": names(&p.mv.captured),
        "promotes": p.mv.promotes,
        "written": written,
        "canonical": canonical,
        "legal": p.legality == crate::replay::Legality::Legal,
    });
    if options.fen_each_ply {
        let mut after = p.before.clone();
        after.play(&p.mv);
        let pieces: Vec<_> = after.pieces().collect();
        o["fen"] = Value::String(write_fen(Some(after.side_to_move()), &pieces, layout));
    }
    o
}

/// A game as one JSON object; `diagnostics` are the game's findings (counted by severity).
pub fn game_object(
    file: &str,
    chunk: &Chunk,
    game: &Game,
    report: Option<&GameReport>,
    diagnostics: &[Diagnostic],
    options: &ExportOptions,
) -> Value {
    let mut o = summary(file, chunk, chunk.first_line, game, report, diagnostics);
    let (Some(report), Some(variant), Some(layout)) = (
        report,
        report.and_then(|r| r.variant),
        report.and_then(|r| r.layout),
    ) else {
        o["moves"] = json!([]);
        o["variations"] = json!([]);
        return o;
    };
    // Squares are named in the game's own notation.
    let lines = game.lines();
    let mut main = Vec::new();
    let mut variations: Vec<Value> = Vec::new();
    let mut current: Option<usize> = None;
    for p in &report.moves {
        let m = move_object(&chunk.text, chunk, p, variant, &layout, options);
        if p.line == 0 {
            main.push(m);
            continue;
        }
        if current != Some(p.line) {
            current = Some(p.line);
            let l = lines.get(p.line);
            variations.push(json!({
                "line": p.line,
                "parent": l.and_then(|l| l.parent),
                "depth": p.depth,
                "moves": [],
            }));
        }
        if let Some(Value::Array(a)) = variations.last_mut().and_then(|v| v.get_mut("moves")) {
            a.push(m);
        }
    }
    o["moves"] = Value::Array(main);
    o["variations"] = Value::Array(variations);
    o
}

/// The object of a game too long to hold as a tree ([`crate::check::CheckedGame::parted`]):
/// [`game_object`]'s fields from its header (`header`: its tree without movetext) and from the
/// replay's outcome, with no moves or variations and `"moves_left_out": true`.
pub fn parted_object(
    file: &str,
    chunk: &Chunk,
    header: &Game,
    report: Option<&GameReport>,
    diagnostics: &[Diagnostic],
) -> Value {
    let mut o = summary(file, chunk, chunk.start().line, header, report, diagnostics);
    o["moves"] = json!([]);
    o["variations"] = json!([]);
    o["moves_left_out"] = json!(true);
    o
}

/// A game's fields but its moves: its place (`line`, its first), tags (the first of a name),
/// result, findings counted by severity, and from the replay its variant (null when not
/// replayed), notation, plies and whether it ended.
fn summary(
    file: &str,
    chunk: &Chunk,
    line: u32,
    game: &Game,
    report: Option<&GameReport>,
    diagnostics: &[Diagnostic],
) -> Value {
    let mut tags = Map::new();
    for t in &game.tags {
        tags.entry(t.name.clone())
            .or_insert_with(|| Value::String(t.value.clone()));
    }
    let count = |s: Severity| diagnostics.iter().filter(|d| d.severity == s).count();
    let mut o = json!({
        "type": "game",
        "file": file,
        "game": chunk.index,
        "line": line,
        "tags": tags,
        "result": game.result.as_ref().map(|r| r.raw.clone()),
        "errors": count(Severity::Error),
        "warnings": count(Severity::Warning),
    });
    match (
        report,
        report.and_then(|r| r.variant),
        report.and_then(|r| r.layout),
    ) {
        (Some(report), Some(variant), Some(layout)) => {
            o["variant"] = Value::String(variant.name().to_string());
            o["notation"] = json!(layout.kind);
            o["plies"] = json!(report.plies);
            o["complete"] = json!(report.complete);
        }
        _ => o["variant"] = Value::Null,
    }
    o
}

/// The CSV header.
pub fn csv_header() -> String {
    let mut cols: Vec<&str> = vec!["file", "game"];
    cols.extend(ROSTER);
    cols.extend([
        "GameType", "variant", "plies", "complete", "errors", "warnings", "moves",
    ]);
    cols.join(",") + "\n"
}

/// A game's object (from [`game_object`]) as one CSV row: the roster tags, summary fields, and
/// the main line's moves in canonical form separated by spaces.
pub fn csv_row(o: &Value) -> String {
    let s = |v: &Value| match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let mut cells = vec![s(&o["file"]), s(&o["game"])];
    for t in ROSTER.iter().chain(["GameType"].iter()) {
        cells.push(s(&o["tags"][*t]));
    }
    for k in ["variant", "plies", "complete", "errors", "warnings"] {
        cells.push(s(&o[k]));
    }
    let moves = o["moves"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|m| s(&m["canonical"]))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default();
    cells.push(moves);
    let quoted: Vec<String> = cells.iter().map(|c| csv_cell(c)).collect();
    quoted.join(",") + "\n"
}

/// A CSV cell, quoted when it holds a comma, a quote or a line break.
fn csv_cell(c: &str) -> String {
    if c.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", c.replace('"', "\"\""))
    } else {
        c.to_string()
    }
}
