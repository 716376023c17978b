//! `check`'s printers, each a [`FileSink`]: it receives each game's findings as soon as it is
//! checked, each file's record once the file is over, and the run's totals at the end. Human,
//! short, JSON Lines and the summary table (alone with `--quiet`) are printers; the records
//! ([`FileRecord`], [`RunTotals`]) are every command's.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::ops::{AddAssign, ControlFlow};

use pdnkit::check::{CheckedGame, FileTotals};
use pdnkit::lint::{Diagnostic, Severity};
use pdnkit::source::Span;
use pdnkit::write::render::{
    SourceView, render_human, render_json, render_short_styled, styled_level,
};
use serde::Serialize;

use super::batch::SkipReason;
use super::driver::{Failure, FileOut, FileSink, Opening};
use super::input::Retain;

/// The version of the JSON Lines schema (docs/json.md); raised when a field changes meaning or
/// goes away, not when one is added.
pub const JSON_SCHEMA: u32 = 2;

/// What became of one file.
#[derive(Clone, Debug)]
pub enum FileStatus {
    /// Read to its end.
    Read,
    /// Could not be read (F001) or checking it hit a bug (F006): the diagnostic says which.
    Failed(Box<Diagnostic>),
    /// Seen by the walk and not read.
    Skipped(SkipReason),
}

/// One file of the run, once it is over.
#[derive(Clone, Debug)]
pub struct FileRecord {
    /// The name shown to the user.
    pub path: String,
    /// Its counts (the games read before a failure count too).
    pub totals: FileTotals,
    /// What became of it.
    pub status: FileStatus,
}

/// The run's totals: every file's record, merged with `+=`.
#[derive(Debug, Default)]
pub struct RunTotals {
    /// Counts over every file read.
    pub all: FileTotals,
    /// The files read or failed, in order, for the table.
    pub files: Vec<FileRecord>,
    /// Files the walk saw and did not read, by reason.
    pub skipped: BTreeMap<SkipReason, usize>,
    /// Files that could not be checked.
    pub failed: usize,
}

impl RunTotals {
    /// Files read or attempted.
    pub fn files_checked(&self) -> usize {
        self.files.len()
    }

    /// Files seen and not read.
    pub fn skipped_total(&self) -> usize {
        self.skipped.values().sum()
    }
}

impl AddAssign<FileRecord> for RunTotals {
    fn add_assign(&mut self, record: FileRecord) {
        match &record.status {
            FileStatus::Skipped(reason) => {
                *self.skipped.entry(*reason).or_default() += 1;
                return;
            }
            FileStatus::Failed(_) => self.failed += 1,
            FileStatus::Read => {}
        }
        self.all += &record.totals;
        // The table needs names and counts only.
        self.files.push(record);
    }
}

/// Kinds of warning (code and message shape) a file's printer remembers to fold repeats.
const MAX_SHAPES: usize = 4096;

/// A kind of warning of a file: its code, the first one's message and severity, how many more
/// there were, and where the first of those is (line and column).
#[derive(Debug)]
struct Repeat {
    code: &'static str,
    first: String,
    severity: Severity,
    more: usize,
    at: Option<(u32, u32)>,
}

/// What a printer remembers about the file it is printing: how many diagnostics it has shown
/// and which kinds of warning it has already shown once.
#[derive(Debug, Default)]
pub struct FileState {
    /// Diagnostics shown so far.
    shown: usize,
    /// Diagnostics not shown because of `--max-diagnostics`.
    over_limit: usize,
    /// Warnings and infos by code and message shape, in order of first appearance: the first
    /// one's message and severity, how many more there were, and where the first of those is
    /// (line and column).
    repeats: Vec<Repeat>,
    /// Where each code and message shape sits in `repeats`.
    seen: std::collections::HashMap<(&'static str, String), usize>,
    /// The file's name in base64, when it is not UTF-8 ([`path_bytes`]).
    pub path_bytes: Option<String>,
}

impl FileState {
    /// The state of `path` before its first game.
    pub fn of(path: &std::path::Path) -> Self {
        FileState {
            path_bytes: path_bytes(path),
            ..FileState::default()
        }
    }

    /// Whether `d` is shown: errors always (up to the limit); a warning or info only the first
    /// time its code and message shape occur in the file, the others are counted.
    /// `view` places the first repeat, which the closing line points at.
    fn admit(&mut self, d: &Diagnostic, view: &SourceView, limit: Option<usize>) -> bool {
        if d.severity != Severity::Error {
            let key = (d.code, message_shape(&d.message));
            if let Some(&i) = self.seen.get(&key) {
                let r = &mut self.repeats[i];
                if r.more == 0 {
                    let (lc, _) = view.locate_diagnostic(d);
                    r.at = Some((lc.line, lc.column));
                }
                r.more += 1;
                return false;
            }
            if limit.is_some_and(|n| self.shown >= n) {
                self.over_limit += 1;
                return false;
            }
            // Memory stays bounded: past so many kinds of warning, new ones are shown, not
            // remembered.
            if self.repeats.len() < MAX_SHAPES {
                self.seen.insert(key, self.repeats.len());
                self.repeats.push(Repeat {
                    code: d.code,
                    first: d.message.clone(),
                    severity: d.severity,
                    more: 0,
                    at: None,
                });
            }
        } else if limit.is_some_and(|n| self.shown >= n) {
            self.over_limit += 1;
            return false;
        }
        self.shown += 1;
        true
    }

    /// The closing lines of a file: repeats counted, diagnostics over the limit.
    /// `gap` adds a blank line after each, as between human diagnostics.
    fn write_end(&self, path: &str, gap: bool, color: bool, out: &mut dyn Write) -> io::Result<()> {
        let gap = if gap { "\n" } else { "" };
        for Repeat {
            code,
            first,
            severity,
            more,
            at,
        } in &self.repeats
        {
            if *more > 0 {
                // The place of the first one not shown, so the line keeps the
                // `file:line:col:` form editors and scripts read.
                let place = at.map_or(String::new(), |(l, c)| format!(":{l}:{c}"));
                writeln!(
                    out,
                    "{path}{place}: {}: ... and {} more like it in this file, from here on (\"{first}\"); --format json lists every one{gap}",
                    styled_level(*severity, code, color),
                    thousands(*more)
                )?;
            }
        }
        if self.over_limit > 0 {
            writeln!(
                out,
                "{path}: ... and {} more diagnostic(s) in this file, over --max-diagnostics{gap}",
                thousands(self.over_limit)
            )?;
        }
        Ok(())
    }
}

pub use pdnkit::write::report::message_shape;

/// `5073` as `5,073`.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut s = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            s.push(',');
        }
        s.push(c);
    }
    s
}

/// What a printer writes of a game or a file: rendered into memory by `write`, then handed
/// over in one piece.
fn print(out: &mut FileOut<'_>, write: impl FnOnce(&mut Vec<u8>) -> io::Result<()>) {
    let mut buf = Vec::new();
    // Writing to memory cannot fail.
    let _ = write(&mut buf);
    out.send(buf);
}

/// The diagnostics of a game shown in human and short output, each rendered by `render`:
/// infos only when `verbose`, repeated warnings once, at most `max` a file.
fn print_shown(
    (name, state): &mut (String, FileState),
    game: &CheckedGame,
    (verbose, max): (bool, Option<usize>),
    render: impl Fn(&SourceView, &Diagnostic, &mut Vec<u8>) -> io::Result<()>,
    out: &mut FileOut<'_>,
) {
    print(out, |buf| {
        let view = SourceView::of_chunk(name, &game.chunk);
        for d in &game.diagnostics {
            if (verbose || d.severity != Severity::Info) && state.admit(d, &view, max) {
                render(&view, d, buf)?;
            }
        }
        Ok(())
    });
}

/// rustc-style diagnostics with the source line, a caret and a board diagram, then the summary
/// table. A warning repeated through a file is shown once, with a count at the end of the file.
pub struct Human {
    /// ANSI colours.
    pub color: bool,
    /// Show info diagnostics too.
    pub verbose: bool,
    /// At most this many diagnostics per file.
    pub max: Option<usize>,
    /// The table at the end.
    pub table: Table,
}

impl FileSink for Human {
    /// The file's name as shown, and what has been shown of it.
    type File = (String, FileState);
    type Done = ();
    fn retain(&self) -> Retain {
        Retain::Findings
    }
    fn begin(&self, file: &Opening<'_>) -> Self::File {
        (file.name.to_string(), FileState::of(file.path))
    }
    fn game(
        &self,
        file: &mut Self::File,
        game: CheckedGame,
        out: &mut FileOut<'_>,
    ) -> ControlFlow<()> {
        let render = |view: &SourceView, d: &Diagnostic, buf: &mut Vec<u8>| {
            write!(buf, "{}\n\n", render_human(view, d, self.color))
        };
        print_shown(file, &game, (self.verbose, self.max), render, out);
        ControlFlow::Continue(())
    }
    fn end(
        &self,
        (_, state): Self::File,
        record: &FileRecord,
        _: Option<&Failure>,
        out: &mut FileOut<'_>,
    ) {
        print(out, |buf| {
            state.write_end(&record.path, true, self.color, buf)?;
            write_failure(record, self.color, buf)
        });
    }
    fn summary(&self, run: &RunTotals, out: &mut dyn Write) -> io::Result<()> {
        self.table.summary(run, out)
    }
}

/// One line per diagnostic: `file:line:col: severity[code]: message`, then the summary table;
/// repeats as in [`Human`].
pub struct Short {
    /// ANSI colours: severity and code as in [`Human`].
    pub color: bool,
    /// Show info diagnostics too.
    pub verbose: bool,
    /// At most this many diagnostics per file.
    pub max: Option<usize>,
    /// The table at the end.
    pub table: Table,
}

impl FileSink for Short {
    /// The file's name as shown, and what has been shown of it.
    type File = (String, FileState);
    type Done = ();
    fn retain(&self) -> Retain {
        Retain::Findings
    }
    fn begin(&self, file: &Opening<'_>) -> Self::File {
        (file.name.to_string(), FileState::of(file.path))
    }
    fn game(
        &self,
        file: &mut Self::File,
        game: CheckedGame,
        out: &mut FileOut<'_>,
    ) -> ControlFlow<()> {
        let render = |view: &SourceView, d: &Diagnostic, buf: &mut Vec<u8>| {
            writeln!(buf, "{}", render_short_styled(view, d, self.color))
        };
        print_shown(file, &game, (self.verbose, self.max), render, out);
        ControlFlow::Continue(())
    }
    fn end(
        &self,
        (_, state): Self::File,
        record: &FileRecord,
        _: Option<&Failure>,
        out: &mut FileOut<'_>,
    ) {
        print(out, |buf| {
            state.write_end(&record.path, false, self.color, buf)?;
            write_failure(record, self.color, buf)
        });
    }
    fn summary(&self, run: &RunTotals, out: &mut dyn Write) -> io::Result<()> {
        self.table.summary(run, out)
    }
}

/// A file that could not be checked has no text to quote: `file: error[F001]: message`.
fn write_failure(record: &FileRecord, color: bool, out: &mut dyn Write) -> io::Result<()> {
    if let FileStatus::Failed(d) = &record.status {
        writeln!(
            out,
            "{}: {}: {}",
            record.path,
            styled_level(d.severity, d.code, color),
            d.message
        )?;
    }
    Ok(())
}

/// JSON Lines: every diagnostic, a record per file (read or not), and a summary, each object
/// starting with its `"type"`. The schema is in docs/json.md.
pub struct JsonLines {
    /// Leave out the diagnostics (`--quiet`): file records and summary only.
    pub quiet: bool,
}

/// The `"type":"file"` record.
#[derive(Serialize)]
struct JsonFile<'a> {
    #[serde(rename = "type")]
    ty: &'static str,
    file: &'a str,
    /// The name's bytes in base64, when they are not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    file_bytes: Option<&'a str>,
    /// `read`, `failed` or `skipped`.
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'a str>,
    games: usize,
    errors: usize,
    warnings: usize,
    infos: usize,
    encoding: Option<&'static str>,
    variants: BTreeMap<&'static str, usize>,
    guessed: usize,
    /// Each distinct guess of the file: variant, evidence and games.
    guesses: Vec<JsonGuess<'a>>,
    unreplayed: usize,
}

/// One variant guess of a file, as the `guesses` of its `"type":"file"` record.
#[derive(Serialize)]
struct JsonGuess<'a> {
    variant: &'static str,
    evidence: &'a str,
    games: usize,
}

/// The `"type":"summary"` record.
#[derive(Serialize)]
struct JsonSummary {
    #[serde(rename = "type")]
    ty: &'static str,
    schema: u32,
    files: usize,
    games: usize,
    errors: usize,
    warnings: usize,
    infos: usize,
    failed: usize,
    skipped: usize,
    not_read: BTreeMap<&'static str, usize>,
}

impl FileSink for JsonLines {
    /// The file's name as shown, and its bytes when they are not UTF-8.
    type File = (String, FileState);
    type Done = ();
    fn retain(&self) -> Retain {
        Retain::Findings
    }
    fn begin(&self, file: &Opening<'_>) -> Self::File {
        (file.name.to_string(), FileState::of(file.path))
    }
    fn game(
        &self,
        (name, state): &mut Self::File,
        game: CheckedGame,
        out: &mut FileOut<'_>,
    ) -> ControlFlow<()> {
        if !self.quiet {
            let view = SourceView::of_chunk(name, &game.chunk)
                .with_path_bytes(state.path_bytes.as_deref());
            print(out, |buf| {
                for d in &game.diagnostics {
                    writeln!(buf, "{}", render_json(&view, game.chunk.index, d))?;
                }
                Ok(())
            });
        }
        ControlFlow::Continue(())
    }

    fn end(
        &self,
        (_, state): Self::File,
        record: &FileRecord,
        _: Option<&Failure>,
        out: &mut FileOut<'_>,
    ) {
        print(out, |buf| self.file(record, &state, buf));
    }

    fn summary(&self, run: &RunTotals, out: &mut dyn Write) -> io::Result<()> {
        let j = JsonSummary {
            ty: "summary",
            schema: JSON_SCHEMA,
            files: run.files_checked(),
            games: run.all.games,
            errors: run.all.errors,
            warnings: run.all.warnings,
            infos: run.all.infos,
            failed: run.failed,
            skipped: run.skipped_total(),
            not_read: run.skipped.iter().map(|(r, n)| (r.as_str(), *n)).collect(),
        };
        writeln!(
            out,
            "{}",
            serde_json::to_string(&j).map_err(io::Error::other)?
        )
    }
}

impl JsonLines {
    /// A file's record (after its failure, unless `quiet`).
    fn file(&self, record: &FileRecord, state: &FileState, out: &mut dyn Write) -> io::Result<()> {
        let (status, reason) = match &record.status {
            FileStatus::Read => ("read", None),
            FileStatus::Failed(d) => {
                if !self.quiet {
                    let view = SourceView::new(&record.path, "", 0, 1, 1)
                        .with_path_bytes(state.path_bytes.as_deref());
                    writeln!(out, "{}", render_json(&view, None, d))?;
                }
                ("failed", Some(d.message.as_str()))
            }
            FileStatus::Skipped(r) => ("skipped", Some(r.as_str())),
        };
        let t = &record.totals;
        let j = JsonFile {
            ty: "file",
            file: &record.path,
            file_bytes: state.path_bytes.as_deref(),
            status,
            reason,
            games: t.games,
            errors: t.errors,
            warnings: t.warnings,
            infos: t.infos,
            encoding: t.decoding.map(|d| d.name()),
            variants: t.variants.iter().map(|(v, n)| (v.name(), *n)).collect(),
            guessed: t.guessed,
            guesses: t
                .guesses
                .iter()
                .map(|g| JsonGuess {
                    variant: g.guess.variant.name(),
                    evidence: &g.guess.evidence,
                    games: g.games,
                })
                .collect(),
            unreplayed: t.unreplayed,
        };
        writeln!(
            out,
            "{}",
            serde_json::to_string(&j).map_err(io::Error::other)?
        )
    }
}

/// The summary table of human and short output: a row per file read, the totals, and the files
/// not read by reason.
#[derive(Clone, Copy, Debug, Default)]
pub struct Table {
    /// Standard output is a terminal: a path longer than 60 characters is cut from the left
    /// to fit; elsewhere (a file, a pipe) every path is whole.
    pub fit: bool,
    /// Rows only for the files with errors or warnings, or that could not be read.
    pub problems_only: bool,
}

/// With `--quiet`: the table alone.
impl FileSink for Table {
    type File = ();
    type Done = ();
    fn retain(&self) -> Retain {
        Retain::Findings
    }
    fn begin(&self, _: &Opening<'_>) {}
    fn game(&self, (): &mut (), _: CheckedGame, _: &mut FileOut<'_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn end(&self, (): (), _: &FileRecord, _: Option<&Failure>, _: &mut FileOut<'_>) {}
    fn summary(&self, run: &RunTotals, out: &mut dyn Write) -> io::Result<()> {
        Table::summary(self, run, out)
    }
}

impl Table {
    /// The table, with the totals and the files not read.
    pub fn summary(&self, run: &RunTotals, out: &mut dyn Write) -> io::Result<()> {
        let shown = |r: &&FileRecord| {
            !self.problems_only
                || r.totals.errors + r.totals.warnings > 0
                || matches!(r.status, FileStatus::Failed(_))
        };
        let width = run
            .files
            .iter()
            .filter(shown)
            .map(|r| r.path.chars().count())
            .max()
            .unwrap_or(4)
            .max(4);
        let width = if self.fit { width.min(60) } else { width };
        writeln!(
            out,
            "{:<width$}  {:>7}  {:>6}  {:>8}  variant",
            "file", "games", "errors", "warnings"
        )?;
        for r in run.files.iter().filter(shown) {
            let t = &r.totals;
            let mut variant = t.variant_names();
            if t.guessed > 0 {
                variant.push(format!("({} guessed)", t.guessed));
            }
            if t.unreplayed > 0 {
                variant.push(format!("({} not replayed)", t.unreplayed));
            }
            if matches!(r.status, FileStatus::Failed(_)) {
                variant = vec!["unreadable".into()];
            }
            let path: String = if r.path.chars().count() > width {
                let skip = r.path.chars().count() - (width - 1);
                format!("…{}", r.path.chars().skip(skip).collect::<String>())
            } else {
                r.path.clone()
            };
            writeln!(
                out,
                "{:<width$}  {:>7}  {:>6}  {:>8}  {}",
                path,
                t.games,
                t.errors,
                t.warnings,
                variant.join(" ")
            )?;
        }
        writeln!(
            out,
            "{} file(s), {} game(s): {} error(s), {} warning(s)",
            run.files_checked(),
            run.all.games,
            run.all.errors,
            run.all.warnings
        )?;
        let hidden = run.files.len() - run.files.iter().filter(shown).count();
        if hidden > 0 {
            writeln!(
                out,
                "{hidden} file(s) without errors or warnings not listed (--problems-only)"
            )?;
        }
        if !run.skipped.is_empty() {
            let reasons: Vec<String> = run.skipped.iter().map(|(r, n)| r.describe(*n)).collect();
            writeln!(
                out,
                "{} other file(s) not read: {}",
                run.skipped_total(),
                reasons.join(", ")
            )?;
        }
        Ok(())
    }
}

/// A path's bytes in base64 (standard alphabet, padded) when they are not UTF-8: the
/// `file_bytes` of JSON output (docs/json.md), from which a tool can open the file; `None` for
/// a name that is UTF-8, which JSON's `file` holds as it is.
pub fn path_bytes(path: &std::path::Path) -> Option<String> {
    if path.to_str().is_some() {
        return None;
    }
    #[cfg(unix)]
    let bytes = std::os::unix::ffi::OsStrExt::as_bytes(path.as_os_str()).to_vec();
    #[cfg(not(unix))]
    let bytes = path.as_os_str().as_encoded_bytes().to_vec();
    Some(base64(&bytes))
}

/// `bytes` in base64 (RFC 4648: standard alphabet, `=` padding).
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for group in bytes.chunks(3) {
        let n = group
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for k in 0..4 {
            if k <= group.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * k)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The record of a file that could not be checked: `code` with `message`, no place in it.
pub fn failed_record(
    path: String,
    totals: FileTotals,
    code: &'static pdnkit::lint::Code,
    message: String,
) -> FileRecord {
    let d = Diagnostic::new(code, Span::default(), message);
    let mut totals = totals;
    totals.count(&d);
    FileRecord {
        path,
        totals,
        status: FileStatus::Failed(Box::new(d)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_is_rfc_4648_with_padding() {
        for (bytes, text) in [
            (&b""[..], ""),
            (b"f", "Zg=="),
            (b"fo", "Zm8="),
            (b"foo", "Zm9v"),
            (b"foob", "Zm9vYg=="),
            (b"fooba", "Zm9vYmE="),
            (b"foobar", "Zm9vYmFy"),
            (b"\xff\xfe\x00.pdn", "//4ALnBkbg=="),
        ] {
            assert_eq!(base64(bytes), text);
        }
    }

    #[test]
    fn counts_are_written_with_thousands_separators() {
        assert_eq!(thousands(5073), "5,073");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }
}
