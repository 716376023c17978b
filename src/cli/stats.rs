//! `pdn stats`: statistics over files and directories, as a table, JSON or CSV.

use std::io::{self, Write};

use clap::{ArgMatches, ValueEnum};
use pdnkit::stats::{DEFAULT_OPENING_PLIES, FileStats, Stats};
use serde_json::{Value, json};

use super::collect::{self, InputArgs, Work};
use super::printer::{FileRecord, FileStatus};
use super::{EXIT_FAILURE, EXIT_OK, exit_after_write};

/// What a table is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum By {
    /// Games, results and kinds of game per variant.
    Variant,
    /// Players, names folded.
    Player,
    /// The Event tag.
    Event,
    /// The Site tag.
    Site,
    /// The year of the Date tag.
    Year,
    /// The first plies of the main line.
    Opening,
    /// The three-move ballot of English games (ACF number).
    Ballot,
    /// Diagnostics per code.
    Code,
    /// Diagnostics per kind.
    Kind,
}

/// Output formats of `pdn stats`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StatsFormat {
    /// Tables that fit 80 columns.
    Table,
    /// One JSON object with every section.
    Json,
    /// The rows of one section (`--by`, default variant), with a header line.
    Csv,
}

/// Arguments of `pdn stats`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  pdn stats corpus/                       an overview: variants, results, lengths, codes
  pdn stats --by player --top 30 games/   the 30 players with the most games
  pdn stats --by code --format csv .      diagnostics per code, as CSV
  pdn stats --format json a.pdn | jq .players")]
pub struct Args {
    /// Files and reading options.
    #[command(flatten)]
    pub input: InputArgs,
    /// Print one table: rows of this.
    #[arg(long, value_enum)]
    pub by: Option<By>,
    /// Rows per table (0: all) [default: 10 in the overview, 20 with --by].
    #[arg(long, value_name = "N")]
    pub top: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = StatsFormat::Table)]
    pub format: StatsFormat,
    /// Plies of the main line that name an opening.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_OPENING_PLIES)]
    pub opening_plies: usize,
}

/// One table: a name column and number columns.
struct Section {
    title: &'static str,
    name: &'static str,
    columns: Vec<&'static str>,
    /// Name, numbers, and a line shown under the row in tables (other spellings).
    rows: Vec<(String, Vec<u64>, Option<String>)>,
}

fn sorted_counts(
    map: &std::collections::BTreeMap<String, u64>,
) -> Vec<(String, Vec<u64>, Option<String>)> {
    let mut rows: Vec<_> = map
        .iter()
        .map(|(k, &n)| (k.clone(), vec![n], None))
        .collect();
    rows.sort_by(|a, b| b.1[0].cmp(&a.1[0]).then_with(|| a.0.cmp(&b.0)));
    rows
}

fn section(s: &Stats, by: By) -> Section {
    match by {
        By::Variant => Section {
            title: "Games per variant (results under each variant's scoring)",
            name: "variant",
            columns: vec![
                "games", "declared", "guessed", "white", "black", "draws", "unfin", "other",
            ],
            rows: s
                .variants
                .iter()
                .map(|(k, v)| {
                    let r = v.results;
                    (
                        k.clone(),
                        vec![
                            v.games,
                            v.declared,
                            v.guessed,
                            r.white_wins,
                            r.black_wins,
                            r.draws,
                            r.unfinished,
                            r.other,
                        ],
                        None,
                    )
                })
                .collect(),
        },
        By::Player => {
            let mut rows: Vec<_> = s
                .players
                .values()
                .map(|p| {
                    let others: Vec<&str> = p
                        .forms
                        .keys()
                        .filter(|f| **f != p.name)
                        .map(String::as_str)
                        .collect();
                    (
                        p.name.clone(),
                        vec![p.games, p.wins, p.draws, p.losses, p.white, p.black],
                        (!others.is_empty()).then(|| format!("also: {}", others.join(" | "))),
                    )
                })
                .collect();
            rows.sort_by(|a, b| b.1[0].cmp(&a.1[0]).then_with(|| a.0.cmp(&b.0)));
            Section {
                title: "Players (names folded: case, spaces, dots and accents)",
                name: "player",
                columns: vec!["games", "won", "drawn", "lost", "white", "black"],
                rows,
            }
        }
        By::Event => Section {
            title: "Events",
            name: "event",
            columns: vec!["games"],
            rows: sorted_counts(&s.events),
        },
        By::Site => Section {
            title: "Sites",
            name: "site",
            columns: vec!["games"],
            rows: sorted_counts(&s.sites),
        },
        By::Year => {
            let mut rows: Vec<_> = s
                .years
                .iter()
                .map(|(k, &n)| (k.clone(), vec![n], None))
                .collect();
            rows.sort_by(|a, b| a.0.cmp(&b.0));
            Section {
                title: "Games per year (Date tag; ? for none)",
                name: "year",
                columns: vec!["games"],
                rows,
            }
        }
        By::Opening => Section {
            title: "Openings (first plies of the main line)",
            name: "opening",
            columns: vec!["games"],
            rows: sorted_counts(&s.openings),
        },
        By::Ballot => Section {
            title: "Three-move ballots of English games (ACF list)",
            name: "ballot",
            columns: vec!["games"],
            rows: sorted_counts(&s.ballots),
        },
        By::Code => {
            let mut rows: Vec<_> = s
                .codes
                .iter()
                .map(|(k, c)| {
                    (
                        format!("{k} {} {}", c.severity, c.kind),
                        vec![c.count],
                        None,
                    )
                })
                .collect();
            rows.sort_by(|a, b| b.1[0].cmp(&a.1[0]).then_with(|| a.0.cmp(&b.0)));
            Section {
                title: "Diagnostics per code",
                name: "code severity kind",
                columns: vec!["count"],
                rows,
            }
        }
        By::Kind => {
            let mut rows: Vec<_> = s
                .kinds
                .iter()
                .map(|(k, &n)| (k.to_string(), vec![n], None))
                .collect();
            rows.sort_by(|a, b| b.1[0].cmp(&a.1[0]).then_with(|| a.0.cmp(&b.0)));
            Section {
                title: "Diagnostics per kind",
                name: "kind",
                columns: vec!["count"],
                rows,
            }
        }
    }
}

/// Terminal width the tables fit.
const WIDTH: usize = 80;

fn clip(s: &str, width: usize) -> String {
    if s.chars().count() <= width {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(width.saturating_sub(1)).collect();
        t.push('…');
        t
    }
}

fn write_table(sec: &Section, top: usize, out: &mut dyn Write) -> io::Result<()> {
    let shown = if top == 0 {
        sec.rows.len()
    } else {
        top.min(sec.rows.len())
    };
    let widths: Vec<usize> = sec
        .columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            sec.rows
                .iter()
                .map(|r| r.1[i].to_string().len())
                .chain([c.len()])
                .max()
                .unwrap_or(1)
        })
        .collect();
    let numbers: usize = widths.iter().map(|w| w + 2).sum();
    let longest = sec
        .rows
        .iter()
        .take(shown)
        .map(|r| r.0.chars().count())
        .chain([sec.name.len()])
        .max()
        .unwrap_or(4);
    let name_w = longest.min(WIDTH.saturating_sub(numbers).max(8));
    writeln!(out, "{}", clip(sec.title, WIDTH))?;
    let mut line = format!("{:<name_w$}", clip(sec.name, name_w));
    for (c, w) in sec.columns.iter().zip(&widths) {
        line.push_str(&format!("  {c:>w$}"));
    }
    writeln!(out, "{}", line.trim_end())?;
    for (name, nums, under) in sec.rows.iter().take(shown) {
        let mut line = format!("{:<name_w$}", clip(name, name_w));
        for (n, w) in nums.iter().zip(&widths) {
            line.push_str(&format!("  {n:>w$}"));
        }
        writeln!(out, "{}", line.trim_end())?;
        if let Some(u) = under {
            writeln!(out, "  {}", clip(u, WIDTH - 2))?;
        }
    }
    if shown < sec.rows.len() {
        writeln!(
            out,
            "... and {} more (--top 0 lists all)",
            sec.rows.len() - shown
        )?;
    }
    writeln!(out)
}

fn write_overview(s: &Stats, top: usize, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "{} file(s), {} game(s): {} error(s), {} warning(s), {} info(s)\n",
        s.files, s.games, s.errors, s.warnings, s.infos
    )?;
    write_table(&section(s, By::Variant), 0, out)?;
    let l = s.lengths.summary();
    writeln!(
        out,
        "Length of the replayed main lines (plies), {} game(s):\nmin {}  q1 {}  median {}  q3 {}  max {}\n",
        l.games, l.min, l.q1, l.median, l.q3, l.max
    )?;
    for by in [By::Code, By::Player, By::Event, By::Year, By::Opening] {
        write_table(&section(s, by), top, out)?;
    }
    write_not_counted(s, out)?;
    if !s.ballots.is_empty() {
        write_table(&section(s, By::Ballot), top, out)?;
    }
    Ok(())
}

/// Says how many games' openings are not counted, when some are not.
fn write_not_counted(s: &Stats, out: &mut dyn Write) -> io::Result<()> {
    if s.openings_not_counted == 0 {
        return Ok(());
    }
    writeln!(
        out,
        "{} game(s) too long to hold whole (F009): their openings and ballots are not counted\n",
        s.openings_not_counted
    )
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn write_csv(sec: &Section, top: usize, out: &mut dyn Write) -> io::Result<()> {
    let mut header = vec![sec.name.replace(' ', "_")];
    header.extend(sec.columns.iter().map(|c| c.to_string()));
    let forms = sec.rows.iter().any(|r| r.2.is_some());
    if forms {
        header.push("other_forms".into());
    }
    writeln!(out, "{}", header.join(","))?;
    let shown = if top == 0 { sec.rows.len() } else { top };
    for (name, nums, under) in sec.rows.iter().take(shown) {
        let mut fields = vec![csv_field(name)];
        fields.extend(nums.iter().map(u64::to_string));
        if forms {
            let u = under.as_deref().unwrap_or("");
            fields.push(csv_field(u.strip_prefix("also: ").unwrap_or(u)));
        }
        writeln!(out, "{}", fields.join(","))?;
    }
    Ok(())
}

fn top_of<T: serde::Serialize>(mut rows: Vec<(String, T, u64)>, top: usize) -> Vec<Value> {
    rows.sort_by(|a, b| b.2.cmp(&a.2).then_with(|| a.0.cmp(&b.0)));
    if top > 0 {
        rows.truncate(top);
    }
    rows.into_iter()
        .map(|(k, v, _)| json!({"key": k, "value": v}))
        .collect()
}

/// The statistics as one JSON object; lists of players, events, sites and openings are sorted
/// by games and cut at `top` (0: all).
pub fn to_json(s: &Stats, top: usize) -> Value {
    let counts = |m: &std::collections::BTreeMap<String, u64>| {
        top_of(m.iter().map(|(k, &n)| (k.clone(), n, n)).collect(), top)
    };
    json!({
        "files": s.files,
        "games": s.games,
        "errors": s.errors,
        "warnings": s.warnings,
        "infos": s.infos,
        "variants": s.variants,
        "lengths": s.lengths.summary(),
        "players": top_of(
            s.players.iter().map(|(k, p)| (k.clone(), p.clone(), p.games)).collect(),
            top
        ),
        "events": counts(&s.events),
        "sites": counts(&s.sites),
        "years": s.years,
        "openings": counts(&s.openings),
        "ballots": counts(&s.ballots),
        "openings_not_counted": s.openings_not_counted,
        "codes": s.codes,
        "kinds": s.kinds,
    })
}

/// Runs `pdn stats`.
pub fn run(args: &Args, matches: Option<&ArgMatches>) -> i32 {
    let mut options = match args.input.options(matches) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("pdn stats: {e}");
            return EXIT_FAILURE;
        }
    };
    // Openings and ballots are named by the moves played, whatever notation the file used.
    options.replay.record_moves = true;
    collect::bounded(&mut options, false);
    let plies = args.opening_plies;
    let mut all = Stats::default();
    let mut sink = io::sink();
    let outcome = collect::run(
        "stats",
        &args.input,
        &options,
        Work {
            start: |_: &str| FileStats::new(plies),
            game: |s: &mut FileStats, g, _: &mut Vec<u8>| s.add(&g),
            end: |mut s: FileStats, r: &FileRecord, _: &mut dyn FnMut(Vec<u8>) -> bool| match &r
                .status
            {
                FileStatus::Skipped(_) => None,
                FileStatus::Failed(d) => {
                    s.add_diagnostic(d);
                    Some(s.finish(&r.totals))
                }
                FileStatus::Read => Some(s.finish(&r.totals)),
            },
        },
        &mut sink,
        |_, s| {
            if let Some(s) = s {
                all += &s;
            }
        },
    );
    if outcome.nothing_found {
        return EXIT_FAILURE;
    }
    let earned = if outcome.run.failed > 0 {
        EXIT_FAILURE
    } else {
        EXIT_OK
    };
    let mut out = io::stdout().lock();
    let top = args.top.unwrap_or(if args.by.is_some() { 20 } else { 10 });
    let written = match (args.format, args.by) {
        (StatsFormat::Json, _) => serde_json::to_string(&to_json(&all, top))
            .map_err(io::Error::other)
            .and_then(|j| writeln!(out, "{j}")),
        (StatsFormat::Csv, by) => {
            write_csv(&section(&all, by.unwrap_or(By::Variant)), top, &mut out)
        }
        (StatsFormat::Table, Some(by)) => {
            write_table(&section(&all, by), top, &mut out).and_then(|()| match by {
                By::Opening | By::Ballot => write_not_counted(&all, &mut out),
                _ => Ok(()),
            })
        }
        (StatsFormat::Table, None) => write_overview(&all, top, &mut out),
    };
    exit_after_write(
        outcome.written.and(written).and_then(|()| out.flush()),
        earned,
    )
}
