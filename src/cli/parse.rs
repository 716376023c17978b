//! `pdn parse FILE`: the syntax tree of each game, as JSON Lines or as canonical PDN.

use std::io::{self, Write};
use std::path::PathBuf;

use clap::ValueEnum;
use pdnkit::source::{TextDecoder, encoding_for_label};
use pdnkit::syntax::{GameReader, ReadOptions};
use pdnkit::write::pdn::write_chunk;
use pdnkit::write::render::{SourceView, render_short};

use super::batch::open_input;
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
pub fn run(args: &Args) -> i32 {
    let name = args.file.display().to_string();
    let input = match open_input(&args.file) {
        Ok(input) => input,
        Err(e) => {
            eprintln!("pdn parse: cannot read {name}: {e}");
            return EXIT_FAILURE;
        }
    };
    let decoder = match &args.encoding {
        None => TextDecoder::new(input),
        Some(l) => match encoding_for_label(l) {
            Some(e) => TextDecoder::with_encoding(input, e),
            None => {
                eprintln!("pdn parse: unknown encoding `{l}`");
                return EXIT_FAILURE;
            }
        },
    };
    let options = ReadOptions {
        strict: args.strict,
        ..ReadOptions::default()
    };
    let mut reader = GameReader::new(decoder, options);
    let mut out = io::stdout().lock();
    let mut errors = false;
    loop {
        let chunk = match reader.next_chunk() {
            Ok(Some(c)) => c,
            Ok(None) => break,
            Err(e) => {
                eprintln!("pdn parse: cannot read {name}: {e}");
                return EXIT_FAILURE;
            }
        };
        let view = SourceView::of_chunk(&name, &chunk);
        for d in &chunk.diagnostics {
            errors |= d.severity == pdnkit::Severity::Error;
            eprintln!("{}", render_short(&view, d));
        }
        let Some(game) = &chunk.game else { continue };
        let text = match args.format {
            Format::Json => {
                let j = serde_json::json!({
                    "type": "game",
                    "file": name,
                    "game": chunk.index,
                    "tree": game,
                });
                format!("{j}\n")
            }
            Format::Pdn => {
                let mut s = String::new();
                if let Err(why) = write_chunk(&chunk, &mut s) {
                    let at = chunk.line_col(chunk.offset);
                    eprintln!(
                        "{name}:{}:{}: warning: game {} is written as it was: {why}",
                        at.line,
                        at.column,
                        chunk.index.unwrap_or(0)
                    );
                }
                s.push('\n');
                s
            }
        };
        if let Err(e) = out.write_all(text.as_bytes()) {
            return exit_after_write(Err(e), earned(errors));
        }
    }
    exit_after_write(out.flush(), earned(errors))
}

fn earned(errors: bool) -> i32 {
    if errors { EXIT_FINDINGS } else { EXIT_OK }
}
