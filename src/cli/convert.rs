//! `pdn convert`: write files back in another notation, splicing each game's new move text into
//! the original.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use clap::{ArgMatches, ValueEnum};
use pdnkit::check::CheckedGame;
use pdnkit::notation::NotationKind;
use pdnkit::write::annotate::{AnnotateOptions, annotate_chunk};
use pdnkit::write::convert::{
    CaptureStyle, ConvertOptions, Eol, FileConversion, Results, with_eol,
};
use pdnkit::write::export::{CsvTable, ExportOptions, ExportedGame};
use pdnkit::write::unchanged::{Unchanged, write_unchanged};

use super::driver::{Failure, FileOut, FileSink, Files, JobsNote, Opening, Run};
use super::input::{InputArgs, Retain};
use super::output::{self, Output};
use super::printer::FileRecord;
use super::{EXIT_FAILURE, EXIT_OK, exit_after_write};

/// The notation to write squares in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Notation {
    /// Square numbers (`32-28`).
    Numeric,
    /// File and rank (`c3-d4`).
    Algebraic,
}

/// Which squares a capture is written with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Captures {
    /// The squares the file wrote, renamed.
    Keep,
    /// Start and end only.
    Short,
    /// Every landing square.
    Full,
    /// Start and end unless ambiguous, then the turning squares (PDN 3.0).
    Minimal,
}

/// What to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum To {
    /// PDN, spliced into the original text.
    Pdn,
    /// One JSON array of game objects (docs/json.md).
    Json,
    /// One game object per line (JSON Lines).
    Jsonl,
    /// One row per game: a column for every tag of the collection, summary fields and the
    /// main line.
    Csv,
}

/// What `--canonical` does with the result that ends each game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ResultsArg {
    /// Write it in standard form.
    Keep,
    /// End every game with `*` (the Result tag keeps what the file said).
    Drop,
}

/// Line ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EolArg {
    /// `\n`.
    Lf,
    /// `\r\n`.
    Crlf,
}

/// Arguments of `pdn convert`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Files to read, and how to read and check them (as `pdn check`).
    #[command(flatten)]
    pub input: InputArgs,
    /// The notation to write squares in (the GameType tag is updated to match; with --to
    /// json, jsonl or csv, the squares of every move and FEN); without it each game keeps its
    /// own.
    #[arg(long, value_enum)]
    pub notation: Option<Notation>,
    /// Which squares captures are written with (PDN only: an export writes canonical form).
    #[arg(long, value_enum, default_value_t = Captures::Keep)]
    pub captures: Captures,
    /// Write each game whole in PDN 3.0 form: the seven roster tags first, no leading zeros or
    /// spaces in moves, lines at most 80 wide, results and FEN in standard form. A game that
    /// cannot be written so without loss is written as it was, with a warning.
    #[arg(long)]
    pub canonical: bool,
    /// With --canonical: keep each game's result token, or drop it (every game then ends with
    /// `*`; the Result tag is kept).
    #[arg(long, value_enum, default_value_t = ResultsArg::Keep, requires = "canonical")]
    pub results: ResultsArg,
    /// Line ends to write [default: the file's own; `lf` with --canonical and with --to
    /// json, jsonl or csv, whose records and rows end with them].
    #[arg(long, value_enum)]
    pub eol: Option<EolArg>,
    /// The output format.
    #[arg(long, value_enum, default_value_t = To::Pdn)]
    pub to: To,
    /// With --to json or jsonl: add the position after each move as a FEN.
    #[arg(long)]
    pub fen_each_ply: bool,
    /// Write to FILE (replaced at once when the run is over) instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// What converting one file found, printed when its output has been written.
struct FileResult {
    /// One line per game left as it was, and why.
    warnings: Vec<String>,
    /// The file could not be read.
    failed: bool,
}

/// Runs `pdn convert`; `matches` are its parsed arguments (for the order of repeated flags).
pub fn run(args: &Args, matches: Option<&ArgMatches>) -> i32 {
    if let Err(e) = flags_apply(args, matches) {
        eprintln!("pdn convert: {e}");
        return EXIT_FAILURE;
    }
    run_with(args, None, matches)
}

/// Refuses a flag that would change nothing in the format asked for: `--canonical` and
/// `--captures` shape PDN only (an export writes each capture's whole path, the squares
/// captured and the canonical form), `--fen-each-ply` adds to JSON objects only.
fn flags_apply(args: &Args, matches: Option<&ArgMatches>) -> Result<(), String> {
    let given = |id: &str| {
        matches.and_then(|m| m.value_source(id)) == Some(clap::parser::ValueSource::CommandLine)
    };
    let to = match args.to {
        To::Pdn => "pdn",
        To::Json => "json",
        To::Jsonl => "jsonl",
        To::Csv => "csv",
    };
    if args.to != To::Pdn && args.canonical {
        return Err(format!(
            "--canonical shapes PDN; with --to {to} it would change nothing (drop it, or use \
             --to pdn)"
        ));
    }
    if args.to != To::Pdn && given("captures") {
        return Err(format!(
            "--captures shapes PDN; --to {to} writes every capture in canonical form (and, in \
             JSON, its whole path and the squares captured)"
        ));
    }
    if args.fen_each_ply && !matches!(args.to, To::Json | To::Jsonl) {
        return Err(format!(
            "--fen-each-ply adds a FEN to each move of a JSON export; with --to {to} it would \
             change nothing (use --to json or --to jsonl)"
        ));
    }
    Ok(())
}

fn run_with(args: &Args, annotate: Option<AnnotateOptions>, matches: Option<&ArgMatches>) -> i32 {
    let cmd = if annotate.is_some() {
        "annotate"
    } else {
        "convert"
    };
    let mut options = match args.input.options(matches) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("pdn {cmd}: {e}");
            return EXIT_FAILURE;
        }
    };
    // Annotating needs the findings only; converting and exporting need every move.
    options.replay.record_moves = annotate.is_none();
    let convert = ConvertOptions {
        notation: args.notation.map(|n| match n {
            Notation::Numeric => NotationKind::Numeric,
            Notation::Algebraic => NotationKind::Algebraic,
        }),
        captures: match args.captures {
            Captures::Keep => CaptureStyle::Keep,
            Captures::Short => CaptureStyle::Short,
            Captures::Full => CaptureStyle::Full,
            Captures::Minimal => CaptureStyle::Minimal,
        },
        canonical: args.canonical,
        results: match args.results {
            ResultsArg::Keep => Results::Keep,
            ResultsArg::Drop => Results::Drop,
        },
        eol: args.eol.map(|e| match e {
            EolArg::Lf => Eol::Lf,
            EolArg::Crlf => Eol::Crlf,
        }),
    };
    let input = &args.input;
    if let Err(e) = output::refuse_input(args.output.as_deref(), input, false) {
        eprintln!("pdn {cmd}: {e}");
        return EXIT_FAILURE;
    }
    let run = Run {
        doing: "converting",
        // Said in the command's own words.
        say_failures: false,
        say_nothing_found: false,
        jobs_note: JobsNote::Silent,
        ..Run::new(cmd, input, &options)
    };
    // The files are found before the output is made: its temporary file is not one of them.
    let files = Files::find(&run);
    let mut sink = match Output::open(args.output.as_deref()) {
        Ok(s) => s,
        Err(e) => {
            let name = args.output.as_deref().unwrap_or(Path::new("-"));
            eprintln!("pdn {cmd}: cannot write {}: {e}", name.display());
            return EXIT_FAILURE;
        }
    };
    let mut failed = false;
    let export = ExportOptions {
        fen_each_ply: args.fen_each_ply,
        notation: convert.notation,
    };
    let eol: &[u8] = if convert.eol == Some(Eol::Crlf) {
        b"\r\n"
    } else {
        b"\n"
    };
    let job = Converting {
        convert: &convert,
        export: &export,
        to: args.to,
        annotate,
    };
    let opening = match args.to {
        To::Json => "[".to_string(),
        To::Pdn | To::Jsonl | To::Csv => String::new(),
    };
    // The CSV's columns are known only when every game has been read: its rows wait in a
    // temporary file, and the header goes first when the run is over.
    let table = match args.to {
        To::Csv => match CsvTable::new() {
            Ok(t) => Some(t),
            Err(e) => {
                eprintln!("pdn convert: cannot make a temporary file for the CSV rows: {e}");
                return EXIT_FAILURE;
            }
        },
        _ => None,
    };
    let started = sink.write_all(opening.as_bytes());
    let mut out = Records {
        sink: &mut sink,
        table,
        json: args.to == To::Json,
        any: false,
    };
    let written = started.and_then(|()| {
        let outcome = files.run(&job, &mut out, |_, r: FileResult| {
            failed |= r.failed;
            for w in &r.warnings {
                eprintln!("{w}");
            }
        });
        outcome.written
    });
    let table = out.table;
    let written = written.and_then(|()| match (args.to, table) {
        (To::Json, _) => sink.write_all(&[eol, b"]", eol].concat()),
        (_, Some(t)) => t.finish(&mut sink, eol),
        _ => Ok(()),
    });
    let ok = written.is_ok() && !failed;
    let finished = sink.finish(ok);
    let written = written.and(if failed { Ok(()) } else { finished });
    exit_after_write(written, if failed { EXIT_FAILURE } else { EXIT_OK })
}

/// Arguments of `pdn annotate`.
#[derive(clap::Args, Debug)]
pub struct AnnotateArgs {
    /// Files to read, and how to read and check them (as `pdn check`).
    #[command(flatten)]
    pub input: InputArgs,
    /// Add `$4` after each move with an error.
    #[arg(long)]
    pub nags: bool,
    /// Line ends to write [default: the file's own].
    #[arg(long, value_enum)]
    pub eol: Option<EolArg>,
    /// Write to FILE (replaced at once when the run is over) instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Runs `pdn annotate`: `convert` with the findings as the only change.
pub fn run_annotate(args: AnnotateArgs, matches: Option<&ArgMatches>) -> i32 {
    let convert = Args {
        input: args.input,
        notation: None,
        captures: Captures::Keep,
        canonical: false,
        results: ResultsArg::Keep,
        eol: args.eol,
        to: To::Pdn,
        fen_each_ply: false,
        output: args.output,
    };
    run_with(&convert, Some(AnnotateOptions { nags: args.nags }), matches)
}

/// What `pdn convert` and `pdn annotate` do with each file.
struct Converting<'a> {
    convert: &'a ConvertOptions,
    export: &'a ExportOptions,
    to: To,
    /// Write the findings in instead of converting.
    annotate: Option<AnnotateOptions>,
}

/// A file as it is converted.
struct FileConvert {
    name: String,
    /// The name's bytes in base64, when they are not UTF-8.
    name_bytes: Option<String>,
    /// More than one file goes to the output: each must end with a line break, or the next
    /// file's first game would be read as part of its last.
    several: bool,
    /// The last byte written.
    last: u8,
    /// How the chunk before each was written.
    conversion: FileConversion,
    result: FileResult,
}

impl FileSink for Converting<'_> {
    type File = FileConvert;
    type Done = FileResult;

    fn retain(&self) -> Retain {
        // Games are read as `pdn parse` reads them: a game's tree is held up to PART_ELEMENTS
        // movetext elements, a longer game's text is kept aside to be written as it was.
        Retain::TreesAndText
    }

    fn begin(&self, file: &Opening<'_>) -> FileConvert {
        FileConvert {
            name: file.name.to_string(),
            name_bytes: super::printer::path_bytes(file.path),
            several: file.entries > 1,
            last: b'\n',
            conversion: FileConversion::default(),
            result: FileResult {
                warnings: Vec::new(),
                failed: false,
            },
        }
    }

    fn game(
        &self,
        f: &mut FileConvert,
        mut g: CheckedGame,
        out: &mut FileOut<'_>,
    ) -> ControlFlow<()> {
        let name = &f.name;
        let result = &mut f.result;
        if self.to != To::Pdn {
            let exported = match (&g.chunk.game, &g.header) {
                (Some(game), _) => ExportedGame::whole(
                    name,
                    &g.chunk,
                    game,
                    g.report.as_ref(),
                    &g.diagnostics,
                    *self.export,
                ),
                (None, Some(header)) if g.parted => {
                    result.warnings.push(left_out(name, &g, self.to));
                    ExportedGame::parted(
                        name,
                        &g.chunk,
                        header,
                        g.report.as_ref(),
                        &g.diagnostics,
                        g.tags_left_out,
                    )
                    .in_notation(self.export.notation)
                }
                _ => return ControlFlow::Continue(()),
            };
            let exported = exported.with_file_bytes(f.name_bytes.as_deref());
            // Records go out in blocks too, each framed here, written straight into the block:
            // in a JSON array, each after a comma, which the printing side leaves out before
            // the run's first.
            let crlf = self.convert.eol == Some(Eol::Crlf);
            out.append(|block| match self.to {
                To::Csv => exported.write_csv_record(block),
                To::Json => {
                    block.extend_from_slice(if crlf { b",\r\n" } else { b",\n" });
                    exported.write_json(block);
                }
                _ => {
                    exported.write_json(block);
                    block.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
                }
            });
            return ControlFlow::Continue(());
        }
        if g.parted {
            f.conversion.kept(&g.chunk, &g.diagnostics);
            let why = pdnkit::write::convert::Unconverted::TooLong(too_long(&g));
            result
                .warnings
                .push(unchanged_warning(name, &g, &why, self.annotate.is_some()));
            let how = Unchanged {
                eol: self.convert.eol,
                canonical: self.convert.canonical && self.annotate.is_none(),
            };
            let written = g
                .text()
                .and_then(|mut text| write_unchanged(&mut text, how, out));
            return match written {
                Ok(l) => {
                    f.last = l.unwrap_or(f.last);
                    ControlFlow::Continue(())
                }
                Err(e) => {
                    // The output has gone away (stop), or the kept text cannot be read back.
                    if e.kind() != io::ErrorKind::BrokenPipe {
                        result
                            .warnings
                            .push(format!("{name}: error: cannot read: {e}"));
                        result.failed = true;
                    }
                    ControlFlow::Break(())
                }
            };
        }
        let text = if let Some(a) = &self.annotate {
            let text = annotate_chunk(&g.chunk, &g.diagnostics, a);
            match self.convert.eol {
                Some(eol) => with_eol(&text, eol),
                None => text,
            }
        } else {
            let converted =
                f.conversion
                    .convert(&g.chunk, g.report.as_ref(), &g.diagnostics, self.convert);
            match converted {
                Ok(t) => t,
                Err(why) => {
                    let at = match &why {
                        pdnkit::write::convert::Unconverted::OffBoard { at, .. } => *at,
                        _ => g.chunk.offset,
                    };
                    let lc = g.chunk.line_col(at);
                    let kept =
                        f.conversion
                            .write_kept(&g.chunk, g.report.as_ref(), &why, self.convert);
                    let how = match &kept.gametype {
                        // The game's run of games without GameType gets the tag where it is
                        // converted: this game is read as it was only with it.
                        Some(v) => format!(
                            "unchanged but for an added [GameType \"{v}\"] (the variant it \
                             was read as, which the games converted beside it get too)"
                        ),
                        None => "unchanged".to_string(),
                    };
                    result.warnings.push(format!(
                        "{name}:{}:{}: warning: game {} is written out {how}: {why}",
                        lc.line,
                        lc.column,
                        g.chunk.index.unwrap_or(0)
                    ));
                    kept.text
                }
            }
        };
        f.last = text.bytes().last().unwrap_or(f.last);
        // PDN goes out in blocks of many games: one hand-over per game costs more than the game.
        out.append(|block| block.extend_from_slice(text.as_bytes()));
        ControlFlow::Continue(())
    }

    fn end(
        &self,
        mut f: FileConvert,
        _: &FileRecord,
        failure: Option<&Failure>,
        out: &mut FileOut<'_>,
    ) -> FileResult {
        if let Some(Failure::Panicked(why)) = failure {
            f.result.warnings.push(format!(
                "{}: internal error while converting the file: {why}",
                f.name
            ));
            f.result.failed = true;
            return f.result;
        }
        if f.several && self.to == To::Pdn && f.last != b'\n' {
            out.append(|block| block.push(b'\n'));
        }
        if let Some(Failure::Unreadable(why)) = failure {
            f.result
                .warnings
                .push(format!("{}: error: cannot read: {why}", f.name));
            f.result.failed = true;
        }
        f.result
    }
}

/// Where the records go on the printing side: to the output, the comma before a JSON array's
/// first left out, or, for CSV, to the table, whose header is known when the run is over.
struct Records<'a> {
    sink: &'a mut Output,
    table: Option<CsvTable>,
    json: bool,
    /// A record has been written.
    any: bool,
}

impl Write for Records<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let first = !self.any;
        self.any = true;
        match &mut self.table {
            Some(t) => t.add(bytes)?,
            None if self.json && first => {
                self.sink
                    .write_all(bytes.strip_prefix(b",").unwrap_or(bytes))?;
            }
            None => self.sink.write_all(bytes)?,
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.sink.flush()
    }
}

impl output::Sink for Records<'_> {}

/// The warning for a game too long to hold, written as it was (PDN).
fn unchanged_warning(
    name: &str,
    g: &CheckedGame,
    why: &pdnkit::write::convert::Unconverted,
    annotating: bool,
) -> String {
    let at = g.chunk.start();
    let index = g.chunk.index.unwrap_or(0);
    if annotating {
        format!(
            "{name}:{}:{}: warning: game {index} is written as it was, without its findings: {why}",
            at.line, at.column
        )
    } else {
        format!(
            "{name}:{}:{}: warning: game {index} is written out unchanged: {why}",
            at.line, at.column
        )
    }
}

/// The warning for a game too long to hold, exported without its moves.
fn left_out(name: &str, g: &CheckedGame, to: To) -> String {
    let at = g.chunk.start();
    let what = match to {
        To::Csv => "with an empty moves cell",
        _ => "without its moves (\"moves_left_out\": true)",
    };
    format!(
        "{name}:{}:{}: warning: game {} is exported {what}: {}",
        at.line,
        at.column,
        g.chunk.index.unwrap_or(0),
        pdnkit::write::convert::Unconverted::TooLong(too_long(g))
    )
}

/// Why a game handed over without its moves was not held.
fn too_long(g: &CheckedGame) -> pdnkit::check::TooLong {
    g.too_long.unwrap_or(pdnkit::check::TooLong::Moves)
}
