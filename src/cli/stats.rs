//! `pdn stats`: statistics over files and directories, as a table, JSON or CSV.

use std::io::{self, Write};
use std::ops::ControlFlow;

use clap::{ArgMatches, ValueEnum};
use pdnkit::check::CheckedGame;
use pdnkit::stats::{DEFAULT_OPENING_PLIES, FileStats, PlayerStats, SPELLINGS, Stats};
use pdnkit::tally::{Count, HELD_BYTES, Tally};
use serde_json::{Value, json};

use super::driver::{Failure, FileOut, FileSink, Opening, Run, run_files};
use super::input::{InputArgs, Retain};
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
    /// Print one table (or CSV section): rows of this; not with --format json, which writes
    /// every section.
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

/// One row: a name, its numbers, and a line shown under it in tables (other spellings).
type Row = (String, Vec<u64>, Option<String>);

/// The rows of one table, in the order shown, and what laying them out needs to know of all
/// of them, found before the first is given.
struct Rows {
    iter: Box<dyn Iterator<Item = io::Result<Row>>>,
    /// Rows in all.
    total: u64,
    /// The widest number of each column (in digits), over every row.
    widths: Vec<usize>,
    /// The longest name (in characters), over every row.
    longest: usize,
    /// Whether any row has a line under it.
    under: bool,
}

impl Rows {
    fn new(columns: usize) -> Self {
        Rows {
            iter: Box::new(std::iter::empty()),
            total: 0,
            widths: vec![0; columns],
            longest: 0,
            under: false,
        }
    }

    fn observe(&mut self, row: &Row) {
        self.total += 1;
        for (w, n) in self.widths.iter_mut().zip(&row.1) {
            *w = (*w).max(n.to_string().len());
        }
        self.longest = self.longest.max(row.0.chars().count());
        self.under |= row.2.is_some();
    }

    /// Rows held in memory, in the order given.
    fn of(rows: Vec<Row>, columns: usize) -> Self {
        let mut r = Rows::new(columns);
        for row in &rows {
            r.observe(row);
        }
        r.iter = Box::new(rows.into_iter().map(Ok));
        r
    }

    /// The keys of a tally, most games first (then by key), a row each.
    fn ranked<V: Count + 'static>(
        tally: Tally<V>,
        columns: usize,
        row: fn(&str, &V) -> Row,
    ) -> io::Result<Self> {
        let mut r = Rows::new(columns);
        let ranked = tally.ranked(|k, v| r.observe(&row(k, v)))?;
        r.iter = Box::new(ranked.map(move |e| e.map(|(k, v)| row(&k, &v))));
        Ok(r)
    }
}

/// One table: a name column and number columns.
struct Section {
    title: &'static str,
    name: &'static str,
    columns: Vec<&'static str>,
    rows: Rows,
}

fn count_row(k: &str, n: &u64) -> Row {
    (k.to_string(), vec![*n], None)
}

fn player_row(_: &str, p: &PlayerStats) -> Row {
    // Copied only to be trimmed, which few players need.
    let trimmed;
    let p = if p.forms.len() > SPELLINGS {
        trimmed = p.clone().trimmed();
        &trimmed
    } else {
        p
    };
    let others: Vec<&str> = p
        .forms
        .keys()
        .filter(|f| **f != p.name)
        .map(String::as_str)
        .collect();
    let mut under = (!others.is_empty()).then(|| format!("also: {}", others.join(" | ")));
    if p.other_spellings > 0 {
        // Said first: a long line of spellings is cut at the table's edge.
        let n = format!("{} game(s) under other spellings", p.other_spellings);
        under = Some(match under {
            Some(u) => format!("{n}; {u}"),
            None => n,
        });
    }
    (
        p.name.clone(),
        vec![p.games, p.wins, p.draws, p.losses, p.white, p.black],
        under,
    )
}

fn sorted_rows(mut rows: Vec<Row>) -> Vec<Row> {
    rows.sort_by(|a, b| b.1[0].cmp(&a.1[0]).then_with(|| a.0.cmp(&b.0)));
    rows
}

/// The table of `by`; a table of players, events, sites or openings takes its tally out of `s`.
fn section(s: &mut Stats, by: By) -> io::Result<Section> {
    let counts = |t: &mut Tally<u64>| Rows::ranked(std::mem::take(t), 1, count_row);
    Ok(match by {
        By::Variant => Section {
            title: "Games per variant (results under each variant's scoring)",
            name: "variant",
            columns: vec![
                "games", "declared", "guessed", "white", "black", "draws", "unfin", "other",
            ],
            rows: Rows::of(
                s.variants
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
                8,
            ),
        },
        By::Player => Section {
            title: "Players (names folded: case, spaces, dots and accents)",
            name: "player",
            columns: vec!["games", "won", "drawn", "lost", "white", "black"],
            rows: Rows::ranked(std::mem::take(&mut s.players), 6, player_row)?,
        },
        By::Event => Section {
            title: "Events",
            name: "event",
            columns: vec!["games"],
            rows: counts(&mut s.events)?,
        },
        By::Site => Section {
            title: "Sites",
            name: "site",
            columns: vec!["games"],
            rows: counts(&mut s.sites)?,
        },
        By::Year => Section {
            title: "Games per year (Date tag; ? for none)",
            name: "year",
            columns: vec!["games"],
            rows: Rows::of(s.years.iter().map(|(k, n)| count_row(k, n)).collect(), 1),
        },
        By::Opening => Section {
            title: "Openings (first plies of the main line)",
            name: "opening",
            columns: vec!["games"],
            rows: counts(&mut s.openings)?,
        },
        By::Ballot => Section {
            title: "Three-move ballots of English games (ACF list)",
            name: "ballot",
            columns: vec!["games"],
            rows: Rows::of(
                sorted_rows(s.ballots.iter().map(|(k, n)| count_row(k, n)).collect()),
                1,
            ),
        },
        By::Code => Section {
            title: "Diagnostics per code",
            name: "code severity kind",
            columns: vec!["count"],
            rows: Rows::of(
                sorted_rows(
                    s.codes
                        .iter()
                        .map(|(k, c)| {
                            (
                                format!("{k} {} {}", c.severity, c.kind),
                                vec![c.count],
                                None,
                            )
                        })
                        .collect(),
                ),
                1,
            ),
        },
        By::Kind => Section {
            title: "Diagnostics per kind",
            name: "kind",
            columns: vec!["count"],
            rows: Rows::of(
                sorted_rows(
                    s.kinds
                        .iter()
                        .map(|(k, &n)| (k.to_string(), vec![n], None))
                        .collect(),
                ),
                1,
            ),
        },
    })
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

/// Rows of a table shown beyond the first `--top` held to measure the name column; past it,
/// the column is as wide as the longest name of all.
const MEASURED: u64 = 1 << 16;

fn write_table(sec: Section, top: usize, out: &mut dyn Write) -> io::Result<()> {
    let Section {
        title,
        name,
        columns,
        mut rows,
    } = sec;
    let shown = match top as u64 {
        0 => rows.total,
        n => n.min(rows.total),
    };
    let widths: Vec<usize> = columns
        .iter()
        .zip(&rows.widths)
        .map(|(c, w)| c.len().max(*w).max(1))
        .collect();
    let numbers: usize = widths.iter().map(|w| w + 2).sum();
    // Only the rows shown measure the name column.
    let (held, longest) = if shown < rows.total && shown <= MEASURED {
        let held: Vec<Row> = rows
            .iter
            .by_ref()
            .take(shown as usize)
            .collect::<io::Result<_>>()?;
        let longest = held.iter().map(|r| r.0.chars().count()).max();
        (Some(held), longest.unwrap_or(0))
    } else {
        (None, rows.longest)
    };
    let name_w = longest
        .max(name.len())
        .min(WIDTH.saturating_sub(numbers).max(8));
    writeln!(out, "{}", clip(title, WIDTH))?;
    let mut line = format!("{:<name_w$}", clip(name, name_w));
    for (c, w) in columns.iter().zip(&widths) {
        line.push_str(&format!("  {c:>w$}"));
    }
    writeln!(out, "{}", line.trim_end())?;
    let shown_rows: Box<dyn Iterator<Item = io::Result<Row>>> = match held {
        Some(h) => Box::new(h.into_iter().map(Ok)),
        None => Box::new(rows.iter.by_ref().take(shown as usize)),
    };
    for row in shown_rows {
        let (name, nums, under) = row?;
        let mut line = format!("{:<name_w$}", clip(&name, name_w));
        for (n, w) in nums.iter().zip(&widths) {
            line.push_str(&format!("  {n:>w$}"));
        }
        writeln!(out, "{}", line.trim_end())?;
        if let Some(u) = under {
            writeln!(out, "  {}", clip(&u, WIDTH - 2))?;
        }
    }
    if shown < rows.total {
        writeln!(
            out,
            "... and {} more (--top 0 lists all)",
            rows.total - shown
        )?;
    }
    writeln!(out)
}

fn write_overview(s: &mut Stats, top: usize, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "{} file(s), {} game(s): {} error(s), {} warning(s), {} info(s)\n",
        s.files, s.games, s.errors, s.warnings, s.infos
    )?;
    write_table(section(s, By::Variant)?, 0, out)?;
    let l = s.lengths.summary();
    writeln!(
        out,
        "Length of the replayed main lines (plies), {} game(s):\nmin {}  q1 {}  median {}  q3 {}  max {}\n",
        l.games, l.min, l.q1, l.median, l.q3, l.max
    )?;
    for by in [By::Code, By::Player, By::Event, By::Year, By::Opening] {
        write_table(section(s, by)?, top, out)?;
    }
    write_not_counted(s, out)?;
    if !s.ballots.is_empty() {
        write_table(section(s, By::Ballot)?, top, out)?;
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

fn write_csv(sec: Section, top: usize, out: &mut dyn Write) -> io::Result<()> {
    let mut header = vec![sec.name.replace(' ', "_")];
    header.extend(sec.columns.iter().map(|c| c.to_string()));
    let forms = sec.rows.under;
    if forms {
        header.push("other_forms".into());
    }
    writeln!(out, "{}", header.join(","))?;
    let shown = if top == 0 { usize::MAX } else { top };
    for row in sec.rows.iter.take(shown) {
        let (name, nums, under) = row?;
        let mut fields = vec![csv_field(&name)];
        fields.extend(nums.iter().map(u64::to_string));
        if forms {
            let u = under.as_deref().unwrap_or("");
            fields.push(csv_field(u.strip_prefix("also: ").unwrap_or(u)));
        }
        writeln!(out, "{}", fields.join(","))?;
    }
    Ok(())
}

/// Writes a tally as a JSON list of `{"key", "value"}`, most games first (then by key), cut at
/// `top` (0: all); `value` is given each count first.
fn write_json_list<V: Count, T: serde::Serialize>(
    tally: Tally<V>,
    top: usize,
    value: fn(V) -> T,
    out: &mut dyn Write,
) -> io::Result<()> {
    let shown = if top == 0 { usize::MAX } else { top };
    out.write_all(b"[")?;
    for (i, e) in tally.ranked(|_, _| {})?.take(shown).enumerate() {
        let (key, v) = e?;
        let value = value(v);
        if i > 0 {
            out.write_all(b",")?;
        }
        serde_json::to_writer(&mut *out, &json!({"key": key, "value": value}))?;
    }
    out.write_all(b"]")
}

/// Writes the statistics as one JSON object, its keys in order; lists of players, events,
/// sites and openings are sorted by games and cut at `top` (0: all), and written as they are
/// read back, so that none is held whole.
fn write_json(mut s: Stats, top: usize, out: &mut dyn Write) -> io::Result<()> {
    let ballots: Vec<Value> = sorted_rows(s.ballots.iter().map(|(k, n)| count_row(k, n)).collect())
        .into_iter()
        .take(if top == 0 { usize::MAX } else { top })
        .map(|(k, n, _)| json!({"key": k, "value": n[0]}))
        .collect();
    let small = |out: &mut dyn Write, key: &str, v: Value| -> io::Result<()> {
        write!(out, "\"{key}\":")?;
        serde_json::to_writer(&mut *out, &v)?;
        out.write_all(b",")
    };
    out.write_all(b"{")?;
    small(out, "ballots", Value::Array(ballots))?;
    small(out, "codes", json!(s.codes))?;
    small(out, "errors", json!(s.errors))?;
    out.write_all(b"\"events\":")?;
    write_json_list(std::mem::take(&mut s.events), top, u64::from, out)?;
    out.write_all(b",")?;
    small(out, "files", json!(s.files))?;
    small(out, "games", json!(s.games))?;
    small(out, "infos", json!(s.infos))?;
    small(out, "kinds", json!(s.kinds))?;
    small(out, "lengths", json!(s.lengths.summary()))?;
    out.write_all(b"\"openings\":")?;
    write_json_list(std::mem::take(&mut s.openings), top, u64::from, out)?;
    out.write_all(b",")?;
    small(out, "openings_not_counted", json!(s.openings_not_counted))?;
    out.write_all(b"\"players\":")?;
    write_json_list(
        std::mem::take(&mut s.players),
        top,
        PlayerStats::trimmed,
        out,
    )?;
    out.write_all(b",\"sites\":")?;
    write_json_list(std::mem::take(&mut s.sites), top, u64::from, out)?;
    out.write_all(b",")?;
    small(out, "variants", json!(s.variants))?;
    small(out, "warnings", json!(s.warnings))?;
    out.write_all(b"\"years\":")?;
    serde_json::to_writer(&mut *out, &s.years)?;
    out.write_all(b"}\n")
}

/// Bytes each tally holds in memory: [`HELD_BYTES`], or `PDN_STATS_HELD` from the environment
/// (for tests, which make tallies write runs of a few keys).
fn held_bytes() -> usize {
    std::env::var("PDN_STATS_HELD")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(HELD_BYTES)
}

/// What `pdn stats` does with each file: counts its games.
struct Counting {
    /// Plies of the main line that name an opening.
    plies: usize,
    /// Bytes each tally holds in memory.
    held: usize,
}

impl FileSink for Counting {
    type File = FileStats;
    /// The file's counts; `None` for a file not read.
    type Done = Option<io::Result<Stats>>;

    fn retain(&self) -> Retain {
        Retain::Trees
    }

    fn begin(&self, _: &Opening<'_>) -> FileStats {
        FileStats::new(self.plies).holding(self.held)
    }

    fn game(&self, s: &mut FileStats, g: CheckedGame, _: &mut FileOut<'_>) -> ControlFlow<()> {
        s.add(&g);
        ControlFlow::Continue(())
    }

    fn end(
        &self,
        mut s: FileStats,
        r: &FileRecord,
        _: Option<&Failure>,
        _: &mut FileOut<'_>,
    ) -> Self::Done {
        match &r.status {
            FileStatus::Skipped(_) => None,
            FileStatus::Failed(d) => {
                s.add_diagnostic(d);
                Some(s.finish(&r.totals))
            }
            FileStatus::Read => Some(s.finish(&r.totals)),
        }
    }
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
    if args.by.is_some() && args.format == StatsFormat::Json {
        eprintln!(
            "pdn stats: --by picks the one table (or CSV) to print; --format json writes every \
             section (pick one with jq, e.g. `jq .players`)"
        );
        return EXIT_FAILURE;
    }
    let counting = Counting {
        plies: args.opening_plies,
        held: held_bytes(),
    };
    let mut all = Stats::holding(counting.held);
    let mut trouble = false;
    let run = Run::new("stats", &args.input, &options);
    let outcome = run_files(&run, &counting, &mut io::sink(), |record, s| match s {
        Some(Ok(s)) => all += s,
        Some(Err(e)) => {
            eprintln!("pdn stats: {}: {e}", record.path);
            trouble = true;
        }
        None => {}
    });
    if outcome.nothing_found {
        return EXIT_FAILURE;
    }
    if let Some(e) = all.trouble() {
        eprintln!(
            "pdn stats: counts held in memory, as they could not go to a temporary file: {e}"
        );
    }
    let earned = if outcome.run.failed > 0 || trouble {
        EXIT_FAILURE
    } else {
        EXIT_OK
    };
    let mut out = super::stdout_writer();
    let top = args.top.unwrap_or(if args.by.is_some() { 20 } else { 10 });
    let written = match (args.format, args.by) {
        (StatsFormat::Json, _) => write_json(all, top, &mut out),
        (StatsFormat::Csv, by) => section(&mut all, by.unwrap_or(By::Variant))
            .and_then(|sec| write_csv(sec, top, &mut out)),
        (StatsFormat::Table, Some(by)) => section(&mut all, by)
            .and_then(|sec| write_table(sec, top, &mut out))
            .and_then(|()| match by {
                By::Opening | By::Ballot => write_not_counted(&all, &mut out),
                _ => Ok(()),
            }),
        (StatsFormat::Table, None) => write_overview(&mut all, top, &mut out),
    };
    exit_after_write(
        outcome.written.and(written).and_then(|()| out.flush()),
        earned,
    )
}
