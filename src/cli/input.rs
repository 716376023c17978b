//! The files a command reads and how: the input options every command over files takes
//! ([`InputArgs`]), merged with pdn.toml into check options ([`settings`]), and what a command
//! keeps of each game besides its findings ([`Retain`], set by [`retain`] alone).

use std::path::PathBuf;

use clap::{ArgMatches, ValueEnum};
use pdnkit::check::CheckOptions;
pub use pdnkit::check::Retain;
use pdnkit::lint::{Level, LintLevels, Target};
use pdnkit::replay::{ForcedVariant, ReplayOptions, RuleProfile};
use pdnkit::source::encoding_for_label;
use pdnkit::syntax::ReadOptions;

use super::config::{self, Config};

/// Which historical rules decide what a missed capture is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Rules {
    /// A missed, short or unfinished capture is an error.
    Modern,
    /// A missed capture is a warning and the piece may be huffed (English before the modern
    /// rules, Canadian 1875, Polish 1902).
    Huffing,
    /// Huffing, and captured pieces leave the board one by one (the 1902 Polish text).
    #[value(name = "polish-1902", alias = "polish1902")]
    Polish1902,
}

/// The files to read and how to read them: `pdn check`'s input options, which every command
/// over collections takes.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct InputArgs {
    /// Files and directories; `-` reads standard input. A file named here is read whatever its
    /// name; directories are searched for `*.pdn` (any case), `--glob` matches and `*.txt`
    /// files that start like PDN.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Replay every game as this variant (name or GameType number), whatever its tags say; a
    /// game of the GameType table without rules in pdnkit (41, spantsiretti) means: check the
    /// syntax only.
    #[arg(long, value_name = "VARIANT")]
    pub variant: Option<ForcedVariant>,
    /// Rule profile for missed captures [default: modern].
    #[arg(long, value_enum)]
    pub rules: Option<Rules>,
    /// Decode files with this encoding (latin1, cp1252, utf-16le, windows-1251, ...) instead of
    /// sniffing.
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,
    /// Report PDN 3.0 writing restrictions and constructs the standard rejects as errors.
    #[arg(long)]
    pub strict: bool,
    /// Drop the diagnostics of a code (`R310`), a code's name, or a kind (`separator`):
    /// neither shown nor counted; repeatable.
    #[arg(short = 'A', long, value_name = "CODE|KIND")]
    pub allow: Vec<String>,
    /// Make a code's or kind's diagnostics warnings; repeatable.
    #[arg(short = 'W', long, value_name = "CODE|KIND")]
    pub warn: Vec<String>,
    /// Make a code's or kind's diagnostics errors, or every warning with `warnings` (the run
    /// then fails on them); repeatable. A code's setting beats its kind's, which beats
    /// `warnings`; of two settings of the same reach the last given wins.
    #[arg(short = 'D', long, value_name = "CODE|KIND|warnings")]
    pub deny: Vec<String>,
    /// Read settings from this file instead of the nearest pdn.toml.
    #[arg(long, value_name = "FILE", conflicts_with = "no_config")]
    pub config: Option<PathBuf>,
    /// Read no pdn.toml.
    #[arg(long)]
    pub no_config: bool,
    /// Worker threads, 1 or more (default: one per core; at most four per core).
    #[arg(short, long, value_parser = jobs)]
    pub jobs: Option<usize>,
    /// Also read files whose names match this pattern (`*` and `?`) in directories; repeatable.
    #[arg(long, value_name = "PATTERN")]
    pub glob: Vec<String>,
    /// Search hidden files and directories (names starting with `.`) too.
    #[arg(long)]
    pub hidden: bool,
    /// Follow symbolic links in directories.
    #[arg(short = 'L', long)]
    pub follow: bool,
    /// Never draw a progress bar.
    #[arg(long)]
    pub no_progress: bool,
    /// A copy of standard input, read instead of it wherever `-` is named (a command that
    /// reads its input twice keeps one).
    #[arg(skip)]
    pub stdin_spool: Option<PathBuf>,
}

/// Reads `-j N`: a number of threads, at least one.
fn jobs(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(0) => {
            Err("0 threads cannot do the work: give 1 or more (without -j, one per core)".into())
        }
        Ok(n) => Ok(n),
        Err(e) => Err(format!("`{s}` is not a number of threads: {e}")),
    }
}

impl InputArgs {
    /// The check options, merged with pdn.toml exactly as `pdn check` merges them.
    pub fn options(&self, matches: Option<&ArgMatches>) -> Result<CheckOptions, String> {
        settings(self, None, false, matches).map(|s| s.options)
    }

    /// The paths named, as shown, joined by `sep`.
    pub fn names(&self, sep: &str) -> String {
        self.paths
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(sep)
    }
}

/// The settings of a run once the command line and pdn.toml are merged.
pub struct Settings {
    /// What to check and how.
    pub options: CheckOptions,
    /// `--max-diagnostics`, or pdn.toml's.
    pub max_diagnostics: Option<usize>,
}

/// Merges pdn.toml (found upwards from the current directory, or `--config`) under the command
/// line. `matches` gives the order of `--allow`/`--warn`/`--deny` on the command line.
pub fn settings(
    args: &InputArgs,
    max_diagnostics: Option<usize>,
    syntax_only: bool,
    matches: Option<&ArgMatches>,
) -> Result<Settings, String> {
    let config = if args.no_config {
        Config::default()
    } else if let Some(path) = &args.config {
        config::load(path)?
    } else {
        match std::env::current_dir().ok().and_then(|d| config::find(&d)) {
            Some(path) => config::load(&path)?,
            None => Config::default(),
        }
    };
    // Where a setting of the file stands, before a message about it.
    let place = |s: &toml::Spanned<String>, key: &str| format!("{}: {key}: ", config.at(s.span()));
    let (label, from_file) = match (&args.encoding, &config.encoding) {
        (Some(l), _) => (Some(l), String::new()),
        (None, Some(l)) => (Some(l.get_ref()), place(l, "encoding")),
        (None, None) => (None, String::new()),
    };
    let encoding = match label {
        None => None,
        Some(label) => Some(encoding_for_label(label).ok_or_else(|| {
            format!(
                "{from_file}unknown encoding `{label}` (try utf-8, latin1, cp1252, utf-16le, windows-1251)"
            )
        })?),
    };
    let variant = match (args.variant, &config.variant) {
        (Some(v), _) => Some(v),
        (None, Some(name)) => Some(
            name.get_ref()
                .parse::<ForcedVariant>()
                .map_err(|e| format!("{}{e}", place(name, "variant")))?,
        ),
        (None, None) => None,
    };
    let rules = match (args.rules, &config.rules) {
        (Some(r), _) => r,
        (None, Some(name)) => Rules::from_str(name.get_ref(), true).map_err(|_| {
            format!(
                "{}`{}` is not modern, huffing or polish-1902",
                place(name, "rules"),
                name.get_ref()
            )
        })?,
        (None, None) => Rules::Modern,
    };
    let mut levels = LintLevels::default();
    let parse = |t: &str| Target::parse(t).map_err(|e| e.to_string());
    for (list, level, key) in [
        (&config.allow, Level::Allow, "allow"),
        (&config.warn, Level::Warn, "warn"),
        (&config.deny, Level::Deny, "deny"),
    ] {
        for t in list {
            let target = parse(t.get_ref()).map_err(|e| format!("{}{e}", place(t, key)))?;
            levels.push(target, level);
        }
    }
    // The command line's settings, in the order given.
    let mut given: Vec<(usize, &String, Level)> = Vec::new();
    for (id, list, level) in [
        ("allow", &args.allow, Level::Allow),
        ("warn", &args.warn, Level::Warn),
        ("deny", &args.deny, Level::Deny),
    ] {
        let indices: Vec<usize> = matches
            .and_then(|m| m.indices_of(id))
            .map(|i| i.collect())
            .unwrap_or_default();
        for (k, t) in list.iter().enumerate() {
            given.push((indices.get(k).copied().unwrap_or(usize::MAX), t, level));
        }
    }
    given.sort_by_key(|g| g.0);
    for (_, t, level) in given {
        levels.push(parse(t)?, level);
    }
    Ok(Settings {
        options: CheckOptions {
            read: ReadOptions {
                strict: args.strict || config.strict.unwrap_or(false),
                ..ReadOptions::default()
            },
            replay: ReplayOptions {
                variant,
                rules: match rules {
                    Rules::Modern => RuleProfile::Modern,
                    Rules::Huffing => RuleProfile::Huffing,
                    Rules::Polish1902 => RuleProfile::Polish1902,
                },
                ..ReplayOptions::default()
            },
            encoding,
            syntax_only,
            levels,
            // What is kept of each game is the command's to say (`retain`).
            ..CheckOptions::default()
        },
        max_diagnostics: max_diagnostics.or(config.max_diagnostics),
    })
}

/// Sets `options` to keep what `retain` says: the one place the check's [`Retain`] is chosen.
pub fn retain(options: &mut CheckOptions, retain: Retain) {
    options.retain = retain;
}
