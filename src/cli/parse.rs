//! `pdn parse FILE`: the syntax tree of each game, as JSON Lines or as canonical PDN.

use std::io::{self, Read, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;

use clap::ValueEnum;
use pdnkit::check::{CheckOptions, CheckedGame};
use pdnkit::lint::codes::file::F007;
use pdnkit::source::encoding_for_label;
use pdnkit::syntax::ReadOptions;
use pdnkit::write::pdn::write_chunk;
use pdnkit::write::render::{SourceView, render_short};

use super::batch::open_input;
use super::driver::{Failure, FileOut, FileSink, JobsNote, Opening, Run, run_files};
use super::input::{InputArgs, Retain};
use super::printer::FileRecord;
use super::{EXIT_FAILURE, EXIT_FINDINGS, EXIT_OK, exit_after_write};

/// What to print for each game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One JSON object per game: `{"type":"game","file","game","tree"}`.
    Json,
    /// The game written back as canonical PDN 3.0.
    Pdn,
}

/// Arguments of `pdn parse`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The file (`-` for standard input).
    pub file: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    pub format: Format,
    /// Report PDN 3.0 writing restrictions as errors.
    #[arg(long)]
    pub strict: bool,
    /// Decode with this encoding instead of sniffing.
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,
}

/// Runs `pdn parse`. Diagnostics go to standard error in the short form.
///
/// Games are read as `pdn check --syntax-only` reads them, holding at most one part of a
/// game's tree and a window of its text: a game of more than [`PART_ELEMENTS`] movetext
/// elements (F009) is printed without its movetext (JSON) or as it was written (PDN).
pub fn run(args: &Args) -> i32 {
    let name = args.file.display().to_string();
    let cannot_read = |e: &dyn std::fmt::Display| {
        eprintln!("pdn parse: cannot read {name}: {e}");
        EXIT_FAILURE
    };
    let encoding = match &args.encoding {
        None => None,
        Some(l) => match encoding_for_label(l) {
            Some(e) => Some(e),
            None => {
                // A file that cannot be opened is said first.
                if let Err(e) = open_input(&args.file) {
                    return cannot_read(&e);
                }
                eprintln!("pdn parse: unknown encoding `{l}`");
                return EXIT_FAILURE;
            }
        },
    };
    let options = CheckOptions {
        read: ReadOptions {
            strict: args.strict,
            ..ReadOptions::default()
        },
        encoding,
        syntax_only: true,
        ..CheckOptions::default()
    };
    // The one file named, read on one thread.
    let input = InputArgs {
        paths: vec![args.file.clone()],
        jobs: Some(1),
        ..InputArgs::default()
    };
    let run = Run {
        walk: false,
        progress: false,
        say_failures: false,
        say_nothing_found: false,
        jobs_note: JobsNote::Silent,
        ..Run::new("parse", &input, &options)
    };
    let mut out = super::stdout_writer();
    let mut failed = false;
    let mut printed = Ok(());
    let outcome = run_files(
        &run,
        &Printing {
            format: args.format,
        },
        &mut out,
        |_, (failure, p)| {
            printed = p;
            failed = failure.is_some();
            match failure {
                None => {}
                Some(Failure::Unreadable(e)) => {
                    cannot_read(&e);
                }
                Some(Failure::Panicked(why)) => {
                    eprintln!("pdn parse: internal error while reading {name}: {why}");
                }
            }
        },
    );
    if failed {
        return EXIT_FAILURE;
    }
    exit_after_write(printed.and(outcome.written), earned(outcome.errors > 0))
}

/// What `pdn parse` does with its file: prints each game's tree, or the game written back.
struct Printing {
    format: Format,
}

impl FileSink for Printing {
    /// The file's name as shown, its bytes in base64 when they are not UTF-8, and the first
    /// error printing a game.
    type File = (String, Option<String>, io::Result<()>);
    /// Why the file could not be read, and whether its games could be printed.
    type Done = (Option<Failure>, io::Result<()>);

    fn retain(&self) -> Retain {
        Retain::TreesAndText
    }

    fn begin(&self, file: &Opening<'_>) -> Self::File {
        (
            file.name.to_string(),
            super::printer::path_bytes(file.path),
            Ok(()),
        )
    }

    fn game(
        &self,
        (name, bytes, printed): &mut Self::File,
        mut g: CheckedGame,
        out: &mut FileOut<'_>,
    ) -> ControlFlow<()> {
        let view = SourceView::of_chunk(name, &g.chunk);
        let mut said = String::new();
        for d in &g.diagnostics {
            said.push_str(&render_short(&view, d));
            said.push('\n');
        }
        out.say(said);
        *printed = print_game((name, bytes.as_deref()), &mut g, self.format, out)
            .and_then(|()| out.flush());
        if printed.is_ok() {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    }

    fn end(
        &self,
        (_, _, printed): Self::File,
        _: &FileRecord,
        failure: Option<&Failure>,
        _: &mut FileOut<'_>,
    ) -> Self::Done {
        (failure.cloned(), printed)
    }
}

/// Prints one chunk's game (nothing for a chunk without one).
/// `name`: the file's name as shown, and its bytes in base64 when they are not UTF-8.
fn print_game(
    (name, bytes): (&str, Option<&str>),
    g: &mut CheckedGame,
    format: Format,
    out: &mut FileOut<'_>,
) -> io::Result<()> {
    let Some(index) = g.chunk.index else {
        return Ok(());
    };
    let at = g.chunk.start();
    match format {
        Format::Json => {
            let j = match (&g.chunk.game, &g.header) {
                (Some(game), _) => serde_json::json!({
                    "type": "game",
                    "file": name,
                    "game": index,
                    "tree": game,
                }),
                (None, header) => {
                    let mut j = serde_json::json!({
                        "type": "game",
                        "file": name,
                        "game": index,
                        "tree": header,
                        "body_left_out": true,
                    });
                    if g.tags_left_out > 0 {
                        j["tags_left_out"] = serde_json::json!(g.tags_left_out);
                    }
                    j
                }
            };
            let mut j = j;
            if let Some(b) = bytes {
                j["file_bytes"] = serde_json::json!(b);
            }
            writeln!(out, "{j}")
        }
        Format::Pdn => {
            let why = if g.parted {
                Some(format!(
                    "{} (F009), too many to hold as a tree",
                    g.too_long.unwrap_or(pdnkit::check::TooLong::Moves)
                ))
            } else if g.diagnostics.iter().any(|d| d.code == F007.code) {
                // Findings beyond the cap are not at hand: one of them may be a syntax error.
                Some("it has too many findings to be sure nothing was skipped".to_string())
            } else {
                let mut s = String::new();
                g.chunk.diagnostics = std::mem::take(&mut g.diagnostics);
                let kept = write_chunk(&g.chunk, &mut s);
                if kept.is_ok() {
                    s.push('\n');
                    return out.write_all(s.as_bytes());
                }
                kept.err().map(|why| why.to_string())
            };
            if let Some(why) = why {
                out.say(format!(
                    "{name}:{}:{}: warning: game {index} is written as it was: {why}\n",
                    at.line, at.column
                ));
            }
            let mut last = b'\n';
            let mut text = g.text()?;
            let mut buf = vec![0u8; 1 << 16];
            loop {
                let n = text.read(&mut buf)?;
                if n == 0 {
                    break;
                }
                last = buf[n - 1];
                out.write_all(&buf[..n])?;
            }
            if last != b'\n' && last != b'\r' {
                out.write_all(b"\n")?;
            }
            out.write_all(b"\n")
        }
    }
}

fn earned(errors: bool) -> i32 {
    if errors { EXIT_FINDINGS } else { EXIT_OK }
}
