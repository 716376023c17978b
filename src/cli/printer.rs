//! Printers: sinks that receive each game's report as soon as it is done, each file's record
//! once the file is over, and the run's totals at the end, and write them to the `Write` they
//! are handed. Human, short, JSON Lines and the summary table are printers; a later command is
//! a new printer over the same [`super::batch::Runner`].

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::ops::AddAssign;

use pdnkit::check::{CheckedGame, FileTotals};
use pdnkit::lint::{Diagnostic, Severity};
use pdnkit::source::Span;
use pdnkit::write::render::{SourceView, render_human, render_json, render_short};
use serde::Serialize;

use super::batch::SkipReason;

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

/// A sink for the results of `pdn check`. Every method writes to the `Write` it is handed;
/// the default methods write nothing.
pub trait Printer: Sync {
    /// One game (or piece of text outside any game) of `file`, with its diagnostics.
    fn game(&self, _file: &str, _game: &CheckedGame, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
    /// A file is over: read, failed or skipped.
    fn file(&self, _record: &FileRecord, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
    /// The run is over.
    fn summary(&self, _run: &RunTotals, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
}

/// Two printers, one after the other (diagnostics, then a table).
pub struct Both<A, B>(pub A, pub B);

impl<A: Printer, B: Printer> Printer for Both<A, B> {
    fn game(&self, file: &str, game: &CheckedGame, out: &mut dyn Write) -> io::Result<()> {
        self.0.game(file, game, out)?;
        self.1.game(file, game, out)
    }
    fn file(&self, record: &FileRecord, out: &mut dyn Write) -> io::Result<()> {
        self.0.file(record, out)?;
        self.1.file(record, out)
    }
    fn summary(&self, run: &RunTotals, out: &mut dyn Write) -> io::Result<()> {
        self.0.summary(run, out)?;
        self.1.summary(run, out)
    }
}

/// rustc-style diagnostics with the source line, a caret and a board diagram.
pub struct Human {
    /// ANSI colours.
    pub color: bool,
    /// Show info diagnostics too.
    pub verbose: bool,
}

impl Printer for Human {
    fn game(&self, file: &str, game: &CheckedGame, out: &mut dyn Write) -> io::Result<()> {
        let view = SourceView::of_chunk(file, &game.chunk);
        for d in shown(&game.diagnostics, self.verbose) {
            write!(out, "{}\n\n", render_human(&view, d, self.color))?;
        }
        Ok(())
    }
    fn file(&self, record: &FileRecord, out: &mut dyn Write) -> io::Result<()> {
        write_failure(record, out)
    }
}

/// One line per diagnostic: `file:line:col: severity[code]: message`.
pub struct Short {
    /// Show info diagnostics too.
    pub verbose: bool,
}

impl Printer for Short {
    fn game(&self, file: &str, game: &CheckedGame, out: &mut dyn Write) -> io::Result<()> {
        let view = SourceView::of_chunk(file, &game.chunk);
        for d in shown(&game.diagnostics, self.verbose) {
            writeln!(out, "{}", render_short(&view, d))?;
        }
        Ok(())
    }
    fn file(&self, record: &FileRecord, out: &mut dyn Write) -> io::Result<()> {
        write_failure(record, out)
    }
}

fn shown(ds: &[Diagnostic], verbose: bool) -> impl Iterator<Item = &Diagnostic> {
    ds.iter()
        .filter(move |d| verbose || d.severity != Severity::Info)
}

/// A file that could not be checked has no text to quote: `file: error[F001]: message`.
fn write_failure(record: &FileRecord, out: &mut dyn Write) -> io::Result<()> {
    if let FileStatus::Failed(d) = &record.status {
        writeln!(
            out,
            "{}: {}[{}]: {}",
            record.path, d.severity, d.code, d.message
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
    unreplayed: usize,
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

impl Printer for JsonLines {
    fn game(&self, file: &str, game: &CheckedGame, out: &mut dyn Write) -> io::Result<()> {
        if self.quiet {
            return Ok(());
        }
        let view = SourceView::of_chunk(file, &game.chunk);
        for d in &game.diagnostics {
            writeln!(out, "{}", render_json(&view, game.chunk.index, d))?;
        }
        Ok(())
    }

    fn file(&self, record: &FileRecord, out: &mut dyn Write) -> io::Result<()> {
        let (status, reason) = match &record.status {
            FileStatus::Read => ("read", None),
            FileStatus::Failed(d) => {
                if !self.quiet {
                    let view = SourceView::new(&record.path, "", 0, 1, 1);
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
            status,
            reason,
            games: t.games,
            errors: t.errors,
            warnings: t.warnings,
            infos: t.infos,
            encoding: t.decoding.map(|d| d.name()),
            variants: t.variants.iter().map(|(v, n)| (v.name(), *n)).collect(),
            guessed: t.guessed,
            unreplayed: t.unreplayed,
        };
        writeln!(
            out,
            "{}",
            serde_json::to_string(&j).map_err(io::Error::other)?
        )
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

/// The summary table of human and short output: a row per file read, the totals, and the files
/// not read by reason.
pub struct Table;

impl Printer for Table {
    fn summary(&self, run: &RunTotals, out: &mut dyn Write) -> io::Result<()> {
        let width = run
            .files
            .iter()
            .map(|r| r.path.chars().count())
            .max()
            .unwrap_or(4)
            .clamp(4, 60);
        writeln!(
            out,
            "{:<width$}  {:>7}  {:>6}  {:>8}  variant",
            "file", "games", "errors", "warnings"
        )?;
        for r in &run.files {
            let t = &r.totals;
            let mut variant: Vec<String> = t
                .variants
                .iter()
                .map(|(v, n)| {
                    if t.variants.len() == 1 {
                        v.name().to_string()
                    } else {
                        format!("{} {n}", v.name())
                    }
                })
                .collect();
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
