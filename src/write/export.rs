//! Exporting games as data: one JSON object per game (tags, moves with their squares, the text
//! as written and in canonical form, variations by reference to the line they branch from), or
//! one CSV row per game, with a column for every tag name of the collection ([`CsvTable`]).
//! The schema is in docs/json.md.
//!
//! An [`ExportedGame`] borrows what the reader and the replay made of a game and writes it
//! straight to the output: it serializes itself field by field (no `serde_json::Value` in
//! between, no string per square name), and writes its CSV row from the game itself. Object
//! keys come in alphabetical order, at every level, as they always have.

use std::collections::{HashMap, HashSet};
use std::io::{self, Read as _, Write as _};
use std::ops::Range;

use arrayvec::ArrayString;
use serde::ser::{Serialize, SerializeMap, SerializeSeq, SerializeStruct, Serializer};

use crate::board::Square;
use crate::lint::{Diagnostic, Severity};
use crate::notation::Layout;
use crate::notation::fen::write_fen;
use crate::replay::{GameReport, Legality, PlayedMove};
use crate::rules::Variant;
use crate::syntax::{Chunk, Game, Tag};

use super::convert::{CaptureStyle, capture_squares};

/// What to put in each game's object.
#[derive(Clone, Copy, Debug, Default)]
pub struct ExportOptions {
    /// Add the position after each move as a FEN.
    pub fen_each_ply: bool,
    /// Name squares in this notation (moves, FENs, the `notation` field); `None`: each game's
    /// own. Tags are exported as written.
    pub notation: Option<crate::notation::NotationKind>,
}

/// The seven tags of PDN's standard tag roster, in their order: the first columns of the CSV.
pub const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// One game as it is exported: a JSON object ([`Serialize`], [`ExportedGame::write_json`]) or a
/// CSV row ([`ExportedGame::write_csv`]).
#[derive(Clone, Copy, Debug)]
pub struct ExportedGame<'a> {
    file: &'a str,
    /// The file's name as the base64 of its bytes, when they are not UTF-8.
    file_bytes: Option<&'a str>,
    chunk: &'a Chunk,
    game: &'a Game,
    line: u32,
    report: Option<&'a GameReport>,
    diagnostics: &'a [Diagnostic],
    options: ExportOptions,
    /// For a game too long to hold as a tree: the number of its tags not held.
    parted: Option<usize>,
}

impl<'a> ExportedGame<'a> {
    /// A game read whole: `game` is its tree, `report` its replay (with its moves recorded),
    /// `diagnostics` its findings (counted by severity).
    pub fn whole(
        file: &'a str,
        chunk: &'a Chunk,
        game: &'a Game,
        report: Option<&'a GameReport>,
        diagnostics: &'a [Diagnostic],
        options: ExportOptions,
    ) -> Self {
        ExportedGame {
            file,
            file_bytes: None,
            chunk,
            game,
            line: chunk.first_line,
            report,
            diagnostics,
            options,
            parted: None,
        }
    }

    /// A game too long to hold as a tree ([`crate::check::CheckedGame::parted`]): `header` is
    /// its tree without movetext, `tags_left_out` the number of its tags not held. Its object
    /// has the fields of a whole game's from its header and from the replay's outcome, no moves
    /// or variations, `"moves_left_out": true`, and `"tags_left_out"` when some were; its CSV
    /// row has an empty `moves` cell.
    pub fn parted(
        file: &'a str,
        chunk: &'a Chunk,
        header: &'a Game,
        report: Option<&'a GameReport>,
        diagnostics: &'a [Diagnostic],
        tags_left_out: usize,
    ) -> Self {
        ExportedGame {
            file,
            file_bytes: None,
            chunk,
            game: header,
            line: chunk.start().line,
            report,
            diagnostics,
            options: ExportOptions::default(),
            parted: Some(tags_left_out),
        }
    }

    /// The game with its file's name given as the base64 of its bytes too, for a name that
    /// is not UTF-8 (the object's `file_bytes`).
    pub fn with_file_bytes(mut self, file_bytes: Option<&'a str>) -> Self {
        self.file_bytes = file_bytes;
        self
    }

    /// The game with its squares named in `notation` ([`ExportOptions::notation`]); `None`
    /// keeps the game's own.
    pub fn in_notation(mut self, notation: Option<crate::notation::NotationKind>) -> Self {
        self.options.notation = notation;
        self
    }

    /// Appends the game's JSON object (compact, on one line, no line end) to `out`.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        // Writing to a vector cannot fail, and nothing here raises an error of its own.
        let _ = serde_json::to_writer(out, self);
    }

    /// Appends the game's CSV row, its line end included, to `out`: the columns of
    /// [`csv_header`] (the roster's tags and GameType only: [`CsvTable`] makes the rows with a
    /// column for every tag), the main line's moves in canonical form separated by spaces.
    pub fn write_csv(&self, out: &mut Vec<u8>) {
        self.write_csv_head(out);
        for name in ROSTER.iter().chain(["GameType"].iter()) {
            out.push(b',');
            let value = self.game.tags.iter().find(|t| t.name == *name);
            csv_cell(out, |o| {
                if let Some(t) = value {
                    o.extend_from_slice(t.value.as_bytes());
                }
            });
        }
        out.push(b',');
        self.write_csv_tail(out);
        out.push(b'\n');
    }

    /// Appends the game as one record for a [`CsvTable`]: its cells and its tags (the first
    /// of each name), framed so that records can be handed over in blocks.
    pub fn write_csv_record(&self, out: &mut Vec<u8>) {
        let mut cells = Vec::new();
        self.write_csv_head(&mut cells);
        put_bytes(out, &cells);
        cells.clear();
        self.write_csv_tail(&mut cells);
        put_bytes(out, &cells);
        // The first tag of each name, in one pass (a game may hold thousands of tags).
        let mut seen: HashSet<&str> = HashSet::with_capacity(self.game.tags.len());
        let first: Vec<&crate::syntax::Tag> = self
            .game
            .tags
            .iter()
            .filter(|t| seen.insert(t.name.as_str()))
            .collect();
        put_len(out, first.len());
        for t in first {
            put_bytes(out, t.name.as_bytes());
            put_bytes(out, t.value.as_bytes());
        }
    }

    /// The cells before the tags: `file`, `game`.
    fn write_csv_head(&self, out: &mut Vec<u8>) {
        csv_cell(out, |o| o.extend_from_slice(self.file.as_bytes()));
        out.push(b',');
        csv_cell(out, |o| {
            if let Some(n) = self.chunk.index {
                let _ = write!(o, "{n}");
            }
        });
    }

    /// The cells after the tags: `variant` to `moves`, no line end.
    fn write_csv_tail(&self, out: &mut Vec<u8>) {
        let replayed = self.replayed();
        if let Some(r) = &replayed {
            csv_cell(out, |o| o.extend_from_slice(r.variant.name().as_bytes()));
            let _ = write!(out, ",{},{}", r.report.plies, r.report.complete);
        } else {
            out.extend_from_slice(b",,");
        }
        let _ = write!(
            out,
            ",{},{},",
            self.count(Severity::Error),
            self.count(Severity::Warning)
        );
        if let (Some(r), None) = (&replayed, self.parted) {
            csv_cell(out, |o| {
                let mut first = true;
                for p in r.report.moves.iter().filter(|p| p.line == 0) {
                    if !first {
                        o.push(b' ');
                    }
                    first = false;
                    let from = r.layout.short_name(p.mv.from);
                    let to = r.layout.short_name(p.mv.to);
                    o.extend_from_slice(canonical(p, r, &from, &to).as_bytes());
                }
            });
        }
    }

    /// The game's result: the terminator as written, or, when the movetext has none, the
    /// Result tag's value in standard form when it is a result (`1-0`, `1/2-1/2`, `*`, ...).
    fn result(&self) -> Option<String> {
        if let Some(r) = &self.game.result {
            return Some(r.raw.clone());
        }
        let tag = self.game.tags.iter().find(|t| t.name == "Result")?;
        let value = super::convert::normal_result_tag(&tag.value);
        crate::syntax::ResultKind::standard(&value).map(|_| value)
    }

    /// The replay's outcome, when the game was replayed (its variant and layout known).
    fn replayed(&self) -> Option<Replayed<'a>> {
        let report = self.report?;
        let mut layout = report.layout?;
        if let Some(kind) = self.options.notation {
            layout.kind = kind;
        }
        Some(Replayed {
            report,
            variant: report.variant?,
            layout,
            text: &self.chunk.text,
            offset: self.chunk.offset,
            options: self.options,
        })
    }

    fn count(&self, s: Severity) -> usize {
        self.diagnostics.iter().filter(|d| d.severity == s).count()
    }
}

/// The columns before the tags and after them.
const HEAD_COLUMNS: [&str; 2] = ["file", "game"];
const TAIL_COLUMNS: [&str; 6] = [
    "variant", "plies", "complete", "errors", "warnings", "moves",
];

/// Appends a length as four bytes.
fn put_len(out: &mut Vec<u8>, n: usize) {
    out.extend_from_slice(&u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes());
}

/// Appends bytes after their length.
fn put_bytes(out: &mut Vec<u8>, bytes: &[u8]) {
    put_len(out, bytes.len());
    out.extend_from_slice(bytes);
}

/// Reads a length written by [`put_len`]; `None` at the end of the input.
fn get_len(input: &mut impl io::BufRead) -> io::Result<Option<usize>> {
    if input.fill_buf()?.is_empty() {
        return Ok(None);
    }
    let mut b = [0u8; 4];
    input.read_exact(&mut b)?;
    Ok(Some(u32::from_le_bytes(b) as usize))
}

/// Reads bytes written by [`put_bytes`].
fn get_bytes(input: &mut impl io::BufRead, buf: &mut Vec<u8>) -> io::Result<()> {
    let n = get_len(input)?.ok_or(io::ErrorKind::UnexpectedEof)?;
    buf.clear();
    input.take(n as u64).read_to_end(buf)?;
    if buf.len() == n {
        Ok(())
    } else {
        Err(io::ErrorKind::UnexpectedEof.into())
    }
}

/// A CSV export whose columns are known only at its end: `file`, `game`, the seven roster
/// tags and GameType, then every other tag name of the collection in the order first seen,
/// then `variant`, `plies`, `complete`, `errors`, `warnings` and `moves`. The rows wait in a
/// temporary file (memory holds the column names only), and [`CsvTable::finish`] writes the
/// header and then every row with a cell for each column.
pub struct CsvTable {
    /// The tag columns, in order, and each name's column.
    columns: Vec<String>,
    index: HashMap<String, u32>,
    /// The rows: their cells before and after the tags, and their tags by column.
    rows: io::BufWriter<std::fs::File>,
    /// Bytes of a record cut by the end of a block, waiting for the rest.
    partial: Vec<u8>,
}

impl CsvTable {
    /// An empty table, its rows to be kept in a temporary file.
    pub fn new() -> io::Result<Self> {
        let mut table = CsvTable {
            columns: Vec::new(),
            index: HashMap::new(),
            rows: io::BufWriter::with_capacity(1 << 16, crate::scratch::scratch_file()?),
            partial: Vec::new(),
        };
        for name in ROSTER.iter().chain(["GameType"].iter()) {
            table.column(name);
        }
        Ok(table)
    }

    /// The column of tag `name`, made when it is new.
    fn column(&mut self, name: &str) -> u32 {
        if let Some(&i) = self.index.get(name) {
            return i;
        }
        let i = u32::try_from(self.columns.len()).unwrap_or(u32::MAX);
        self.columns.push(name.to_string());
        self.index.insert(name.to_string(), i);
        i
    }

    /// Adds the records of `block` (written by [`ExportedGame::write_csv_record`], one after
    /// the other), in order. A record cut by the end of the block waits for the next.
    pub fn add(&mut self, block: &[u8]) -> io::Result<()> {
        if self.partial.is_empty() {
            return self.add_whole(block);
        }
        let mut held = std::mem::take(&mut self.partial);
        held.extend_from_slice(block);
        self.add_whole(&held)
    }

    fn add_whole(&mut self, mut input: &[u8]) -> io::Result<()> {
        while !input.is_empty() {
            let Some(n) = Self::record_len(input) else {
                self.partial = input.to_vec();
                return Ok(());
            };
            let (record, rest) = input.split_at(n);
            input = rest;
            self.add_record(record)?;
        }
        Ok(())
    }

    /// Adds one whole record: its cells as they are, its tags by column.
    fn add_record(&mut self, mut record: &[u8]) -> io::Result<()> {
        let (mut name, mut value) = (Vec::new(), Vec::new());
        for _ in 0..2 {
            get_bytes(&mut record, &mut value)?;
            put_bytes_to(&mut self.rows, &value)?;
        }
        let n = get_len(&mut record)?.unwrap_or(0);
        put_len_to(&mut self.rows, n)?;
        for _ in 0..n {
            get_bytes(&mut record, &mut name)?;
            get_bytes(&mut record, &mut value)?;
            let column = self.column(&String::from_utf8_lossy(&name));
            self.rows.write_all(&column.to_le_bytes())?;
            put_bytes_to(&mut self.rows, &value)?;
        }
        Ok(())
    }

    /// The length of the whole record at the start of `input`, when it is all there.
    fn record_len(input: &[u8]) -> Option<usize> {
        let mut at = 0usize;
        let len = |at: usize| -> Option<usize> {
            let b = input.get(at..at + 4)?;
            Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
        };
        for _ in 0..2 {
            at += 4 + len(at)?;
        }
        let n = len(at)?;
        at += 4;
        for _ in 0..2 * n {
            at += 4 + len(at)?;
        }
        (at <= input.len()).then_some(at)
    }

    /// Writes the header and every row to `out`, each ended by `eol`.
    pub fn finish(self, out: &mut dyn io::Write, eol: &[u8]) -> io::Result<()> {
        if !self.partial.is_empty() {
            // Never a game left out without a word: a record cut off is an error.
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the last CSV record was cut off",
            ));
        }
        let mut header = Vec::new();
        let taken: Vec<&str> = HEAD_COLUMNS
            .iter()
            .chain(TAIL_COLUMNS.iter())
            .copied()
            .collect();
        let names = HEAD_COLUMNS
            .iter()
            .map(|s| s.to_string())
            .chain(self.columns.iter().map(|c| {
                // A tag named as one of the other columns gets a name of its own.
                if taken.contains(&c.as_str()) {
                    format!("{c} (tag)")
                } else {
                    c.clone()
                }
            }))
            .chain(TAIL_COLUMNS.iter().map(|s| s.to_string()));
        for (i, name) in names.enumerate() {
            if i > 0 {
                header.push(b',');
            }
            csv_cell(&mut header, |o| o.extend_from_slice(name.as_bytes()));
        }
        header.extend_from_slice(eol);
        out.write_all(&header)?;
        let mut file = self.rows.into_inner().map_err(|e| e.into_error())?;
        io::Seek::seek(&mut file, io::SeekFrom::Start(0))?;
        let mut input = io::BufReader::with_capacity(1 << 16, file);
        let mut row = Vec::with_capacity(1 << 17);
        let (mut tail, mut value) = (Vec::new(), Vec::new());
        let mut values: Vec<Option<Vec<u8>>> = vec![None; self.columns.len()];
        let mut column = [0u8; 4];
        while let Some(n) = get_len(&mut input)? {
            let start = row.len();
            row.resize(start + n, 0);
            input.read_exact(&mut row[start..])?;
            get_bytes(&mut input, &mut tail)?;
            let tags = get_len(&mut input)?.ok_or(io::ErrorKind::UnexpectedEof)?;
            for _ in 0..tags {
                input.read_exact(&mut column)?;
                get_bytes(&mut input, &mut value)?;
                if let Some(slot) = values.get_mut(u32::from_le_bytes(column) as usize) {
                    *slot = Some(std::mem::take(&mut value));
                }
            }
            for v in &mut values {
                row.push(b',');
                if let Some(v) = v.take() {
                    csv_cell(&mut row, |o| o.extend_from_slice(&v));
                }
            }
            row.push(b',');
            row.extend_from_slice(&tail);
            row.extend_from_slice(eol);
            if row.len() >= 1 << 16 {
                out.write_all(&row)?;
                row.clear();
            }
        }
        out.write_all(&row)
    }
}

/// Writes a length as four bytes to `out`.
fn put_len_to(out: &mut impl io::Write, n: usize) -> io::Result<()> {
    out.write_all(&u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes())
}

/// Writes bytes after their length to `out`.
fn put_bytes_to(out: &mut impl io::Write, bytes: &[u8]) -> io::Result<()> {
    put_len_to(out, bytes.len())?;
    out.write_all(bytes)
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

/// Writes one CSV cell with `write`, then quotes it if it holds a comma, a quote or a line
/// break (quotes doubled).
fn csv_cell(out: &mut Vec<u8>, write: impl FnOnce(&mut Vec<u8>)) {
    let start = out.len();
    write(out);
    if out[start..]
        .iter()
        .any(|b| matches!(b, b',' | b'"' | b'\n' | b'\r'))
    {
        let cell = out.split_off(start);
        out.push(b'"');
        for &b in &cell {
            if b == b'"' {
                out.push(b'"');
            }
            out.push(b);
        }
        out.push(b'"');
    }
}

/// What the moves of a replayed game are written with.
#[derive(Clone, Copy)]
struct Replayed<'a> {
    report: &'a GameReport,
    variant: Variant,
    layout: Layout,
    /// The chunk's text and where it starts in the file (move spans are file offsets).
    text: &'a str,
    offset: usize,
    options: ExportOptions,
}

impl Replayed<'_> {
    /// The move's text as the file wrote it.
    fn written(&self, p: &PlayedMove) -> &str {
        let span = p.span.start.checked_sub(self.offset).and_then(|s| {
            let e = p.span.end.checked_sub(self.offset)?;
            Some(s..e)
        });
        span.and_then(|r| self.text.get(r)).unwrap_or("")
    }
}

impl Serialize for ExportedGame<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let replayed = self.replayed();
        // The moves, unless the game was not replayed or is not held whole.
        let played = replayed.filter(|_| self.parted.is_none());
        let mut o = serializer.serialize_struct("Game", 16)?;
        if let Some(r) = &replayed {
            o.serialize_field("complete", &r.report.complete)?;
        }
        o.serialize_field("errors", &self.count(Severity::Error))?;
        o.serialize_field("file", self.file)?;
        if let Some(b) = self.file_bytes {
            o.serialize_field("file_bytes", b)?;
        }
        o.serialize_field("game", &self.chunk.index)?;
        o.serialize_field("line", &self.line)?;
        o.serialize_field("moves", &MainLine(played))?;
        if self.parted.is_some() {
            o.serialize_field("moves_left_out", &true)?;
        }
        if let Some(r) = &replayed {
            o.serialize_field("notation", &r.layout.kind)?;
            o.serialize_field("plies", &r.report.plies)?;
        }
        o.serialize_field("result", &self.result())?;
        o.serialize_field("tags", &Tags(&self.game.tags))?;
        if let Some(n) = self.parted.filter(|&n| n > 0) {
            o.serialize_field("tags_left_out", &n)?;
        }
        o.serialize_field("type", "game")?;
        o.serialize_field("variant", &replayed.map(|r| r.variant.name()))?;
        o.serialize_field(
            "variations",
            &Variations {
                played,
                game: self.game,
            },
        )?;
        o.serialize_field("warnings", &self.count(Severity::Warning))?;
        o.end()
    }
}

/// Every tag by name, in name order, with the first value of a name given more than once.
struct Tags<'a>(&'a [Tag]);

impl Serialize for Tags<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut tags: Vec<&Tag> = self.0.iter().collect();
        // A stable sort keeps a name's first tag first: the one kept.
        tags.sort_by(|a, b| a.name.cmp(&b.name));
        tags.dedup_by(|later, first| later.name == first.name);
        let mut m = serializer.serialize_map(Some(tags.len()))?;
        for t in tags {
            m.serialize_entry(&t.name, &t.value)?;
        }
        m.end()
    }
}

/// The main line's moves (none when the game's moves are not written).
struct MainLine<'a>(Option<Replayed<'a>>);

impl Serialize for MainLine<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        if let Some(r) = &self.0 {
            for p in r.report.moves.iter().filter(|p| p.line == 0) {
                seq.serialize_element(&MoveObject { p, r })?;
            }
        }
        seq.end()
    }
}

/// The variations, in the order the replay played them: a variation object begins at each
/// move of a line other than the main one and the last met, and holds the moves of lines
/// other than the main one up to the next.
struct Variations<'a> {
    played: Option<Replayed<'a>>,
    game: &'a Game,
}

impl Serialize for Variations<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        let Some(r) = &self.played else {
            return seq.end();
        };
        let moves = &r.report.moves;
        let mut current = None;
        let starts = moves.iter().enumerate().filter_map(|(i, p)| {
            if p.line == 0 || current == Some(p.line) {
                return None;
            }
            current = Some(p.line);
            Some(i)
        });
        let mut starts = starts.peekable();
        let mut lines = None;
        while let Some(start) = starts.next() {
            let end = starts.peek().copied().unwrap_or(moves.len());
            let lines = lines.get_or_insert_with(|| self.game.lines());
            let line = moves[start].line;
            seq.serialize_element(&Variation {
                r,
                range: start..end,
                parent: lines.get(line).and_then(|l| l.parent),
            })?;
        }
        seq.end()
    }
}

/// One variation: its line's moves among `r.report.moves[range]`.
struct Variation<'a, 'r> {
    r: &'r Replayed<'a>,
    range: Range<usize>,
    parent: Option<usize>,
}

impl Serialize for Variation<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let moves = &self.r.report.moves[self.range.clone()];
        let first = &moves[0];
        let mut o = serializer.serialize_struct("Variation", 4)?;
        o.serialize_field("depth", &first.depth)?;
        o.serialize_field("line", &first.line)?;
        o.serialize_field("moves", &VariationMoves { r: self.r, moves })?;
        o.serialize_field("parent", &self.parent)?;
        o.end()
    }
}

struct VariationMoves<'a, 'r> {
    r: &'r Replayed<'a>,
    moves: &'r [PlayedMove],
}

impl Serialize for VariationMoves<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        for p in self.moves.iter().filter(|p| p.line != 0) {
            seq.serialize_element(&MoveObject { p, r: self.r })?;
        }
        seq.end()
    }
}

/// One move as an object.
struct MoveObject<'a, 'r> {
    p: &'r PlayedMove,
    r: &'r Replayed<'a>,
}

impl Serialize for MoveObject<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (p, r) = (self.p, self.r);
        let layout = &r.layout;
        let from = layout.short_name(p.mv.from);
        let to = layout.short_name(p.mv.to);
        let mut o = serializer.serialize_struct("Move", 12)?;
        o.serialize_field("canonical", canonical(p, r, &from, &to).as_str())?;
        o.serialize_field("captured", &Squares(layout, &p.mv.captured))?;
        if r.options.fen_each_ply {
            let mut after = p.before.clone();
            after.play(&p.mv);
            let pieces: Vec<_> = after.pieces().collect();
            let fen = write_fen(Some(after.side_to_move()), &pieces, layout);
            o.serialize_field("fen", &fen)?;
        }
        o.serialize_field("from", from.as_str())?;
        o.serialize_field("legal", &(p.legality == Legality::Legal))?;
        o.serialize_field("path", &Squares(layout, &p.mv.path))?;
        o.serialize_field("ply", &(u64::from(p.ply) + 1))?;
        o.serialize_field("promotes", &p.mv.promotes)?;
        o.serialize_field("side", p.before.side_to_move().as_str())?;
        o.serialize_field("to", to.as_str())?;
        o.serialize_field("written", r.written(p))?;
        o.end()
    }
}

/// A square's name in the game's notation.
struct SquareName<'l>(&'l Layout, Square);

impl Serialize for SquareName<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0.short_name(self.1))
    }
}

/// Squares' names, as an array.
struct Squares<'l>(&'l Layout, &'l [Square]);

impl Serialize for Squares<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.1.len()))?;
        for &sq in self.1 {
            seq.serialize_element(&SquareName(self.0, sq))?;
        }
        seq.end()
    }
}

/// A move in canonical form (PDN 3.0): start and end (`from`, `to`: their names), or the
/// turning squares when another capture has the same ends, joined by the variant's separator.
fn canonical(p: &PlayedMove, r: &Replayed<'_>, from: &str, to: &str) -> Text {
    let mut s = ArrayString::new();
    if p.mv.captured.is_empty() {
        // At most seven bytes.
        let _ = s.try_push_str(from);
        let _ = s.try_push('-');
        let _ = s.try_push_str(to);
        return Text::Stack(s);
    }
    let sep = r.variant.capture_separator();
    let layout = &r.layout;
    let squares = capture_squares(layout.board, &p.mv, &p.before, CaptureStyle::Minimal);
    let mut heap = String::new();
    // Each name takes three bytes at most.
    let fits = squares.len() * (3 + sep.len_utf8()) <= s.capacity();
    for (i, &sq) in squares.iter().enumerate() {
        let name = layout.short_name(sq);
        if fits {
            if i > 0 {
                let _ = s.try_push(sep);
            }
            let _ = s.try_push_str(&name);
        } else {
            if i > 0 {
                heap.push(sep);
            }
            heap.push_str(&name);
        }
    }
    if fits {
        Text::Stack(s)
    } else {
        Text::Heap(heap)
    }
}

/// A short text held on the stack, or on the heap when it is longer.
enum Text {
    Stack(ArrayString<64>),
    Heap(String),
}

impl Text {
    fn as_str(&self) -> &str {
        match self {
            Text::Stack(s) => s,
            Text::Heap(s) => s,
        }
    }

    fn as_bytes(&self) -> &[u8] {
        self.as_str().as_bytes()
    }
}
