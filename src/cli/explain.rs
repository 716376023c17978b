//! `pdn explain CODE`: the long explanation of a diagnostic code.

use std::io::Write;

use pdnkit::lint::codes;

use super::{EXIT_FAILURE, EXIT_OK, exit_after_write};

/// Arguments of `pdn explain`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A code (`S101`) or its name (`unterminated-comment`); omit it to list every code.
    pub code: Option<String>,
    /// Print the whole registry as Markdown (the text of docs/lints.md).
    #[arg(long, conflicts_with = "code")]
    pub markdown: bool,
}

/// Runs `pdn explain`.
pub fn run(args: &Args) -> i32 {
    let mut out = std::io::stdout().lock();
    let text = if args.markdown {
        codes::markdown()
    } else if let Some(code) = &args.code {
        match codes::lookup(code) {
            Some(c) => {
                let mut s = format!(
                    "{} ({}): {}\nkind: {} · default severity: {}\n\n{}\n",
                    c.code, c.name, c.summary, c.kind, c.severity, c.explanation
                );
                if !c.example.is_empty() {
                    s.push_str("\nExample:\n\n");
                    for line in c.example.lines() {
                        s.push_str("    ");
                        s.push_str(line);
                        s.push('\n');
                    }
                }
                s
            }
            None => {
                eprintln!("pdn explain: no diagnostic code `{code}`; `pdn explain` lists them all");
                return EXIT_FAILURE;
            }
        }
    } else {
        codes::all()
            .iter()
            .map(|c| {
                format!(
                    "{}  {:<26} {:<8} {}\n",
                    c.code, c.name, c.severity, c.summary
                )
            })
            .collect()
    };
    let written = out.write_all(text.as_bytes()).and_then(|()| out.flush());
    exit_after_write(written, EXIT_OK)
}
