//! The HTML report: one self-contained page (inline CSS and SVG, a few lines of script, nothing
//! fetched) with a table of the files read, charts, and each file's findings with their source
//! line and, for rule errors, the board before the move.
//!
//! A [`FileFindings`] takes one file's checked games as they come and keeps their findings as
//! HTML, within [`Limits`] per file; a [`Report`] takes each file's findings with its counts, in
//! path order, applies the limits per report, and writes the page. The counts in the table are
//! the ones handed in (the same records `pdn check` prints); the charts come from
//! [`crate::stats::Stats`]. Memory is bounded by the limits, not by the number of diagnostics,
//! nor by the number of files: each file's row and findings are written as it is added, to
//! memory and then to temporary files, and copied into the page at the end.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::io::{self, Write};

use crate::check::{CheckedGame, FileTotals};
use crate::lint::{Diagnostic, Severity};
use crate::stats::Stats;
use crate::write::render::SourceView;
use crate::write::svg::{self, Bar, escape};

/// How much of the findings the page holds. Beyond a limit, findings are counted by code in
/// their file's section, and `pdn check` lists every one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Boards drawn per file (each error with a position gets one, in file order).
    pub boards_per_file: usize,
    /// Boards drawn in the whole report.
    pub boards: usize,
    /// Findings listed per file (with their source line).
    pub listed_per_file: usize,
    /// Findings listed in the whole report.
    pub listed: usize,
    /// Bytes of findings and boards in the whole report.
    pub bytes: usize,
}

/// The limits of `pdn report` (docs/limits.md): with them the page stays under 30 MB however
/// many diagnostics the input has.
pub const LIMITS: Limits = Limits {
    boards_per_file: 200,
    boards: 1000,
    listed_per_file: 2000,
    listed: 20_000,
    bytes: 25_000_000,
};

/// A finding kept as HTML, its board apart so that the report's limit can drop it.
#[derive(Debug)]
struct Row {
    code: &'static str,
    html: String,
    board: Option<String>,
}

/// Warnings (and infos) of one code and message shape after the first: listed compactly under
/// the first.
#[derive(Debug)]
struct Repeats {
    code: &'static str,
    severity: Severity,
    first: String,
    rows: Vec<Row>,
}

/// One file's findings, as HTML, within the per-file limits.
#[derive(Debug)]
pub struct FileFindings {
    limits: Limits,
    rows: Vec<Row>,
    repeats: Vec<Repeats>,
    shapes: HashMap<(&'static str, String), usize>,
    boards: usize,
    /// Findings not listed, by code.
    unlisted: BTreeMap<&'static str, u64>,
    next_id: usize,
}

/// A message with every word holding a digit (a square, a move, a number) replaced by `#`:
/// `10x14 takes nothing` and `29x25 takes nothing` have the same shape.
pub fn message_shape(message: &str) -> String {
    let mut shape = String::with_capacity(message.len());
    let mut word = String::new();
    let flush = |word: &mut String, shape: &mut String| {
        if word.chars().any(|c| c.is_ascii_digit()) {
            shape.push('#');
        } else {
            shape.push_str(word);
        }
        word.clear();
    };
    for c in message.chars() {
        if c.is_alphanumeric() || matches!(c, '-' | 'x' | ':' | '.' | '/') {
            word.push(c);
        } else {
            flush(&mut word, &mut shape);
            shape.push(c);
        }
    }
    flush(&mut word, &mut shape);
    shape
}

impl FileFindings {
    /// No findings yet.
    pub fn new(limits: Limits) -> Self {
        FileFindings {
            limits,
            rows: Vec::new(),
            repeats: Vec::new(),
            shapes: HashMap::new(),
            boards: 0,
            unlisted: BTreeMap::new(),
            next_id: 0,
        }
    }

    fn listed(&self) -> usize {
        self.rows.len() + self.repeats.iter().map(|r| r.rows.len()).sum::<usize>()
    }

    /// Takes the errors and warnings of one checked game (infos are counted in the table only).
    pub fn add(&mut self, g: &CheckedGame) {
        let view = SourceView::of_chunk("", &g.chunk);
        for d in &g.diagnostics {
            self.add_one(&view, g.chunk.index, d);
        }
    }

    /// Takes a diagnostic about the whole file (one that could not be read).
    pub fn add_failure(&mut self, d: &Diagnostic) {
        let view = SourceView::new("", "", 0, 1, 1);
        self.add_one(&view, None, d);
    }

    fn add_one(&mut self, view: &SourceView<'_>, game: Option<usize>, d: &Diagnostic) {
        if d.severity == Severity::Info {
            return;
        }
        if self.listed() >= self.limits.listed_per_file {
            *self.unlisted.entry(d.code).or_default() += 1;
            return;
        }
        self.next_id += 1;
        let sev = d.severity.as_str();
        if d.severity != Severity::Error {
            let key = (d.code, message_shape(&d.message));
            if let Some(&i) = self.shapes.get(&key) {
                let at = view.locate_diagnostic(d).0;
                let mut html = format!(
                    "<li class=\"d {sev}\"><span class=\"at\">{}:{}</span>",
                    at.line, at.column
                );
                if let Some(n) = game {
                    let _ = write!(html, " <span class=\"g\">game {n}</span>");
                }
                let _ = write!(html, " {}</li>", escape(&d.message));
                self.repeats[i].rows.push(Row {
                    code: d.code,
                    html,
                    board: None,
                });
                return;
            }
            self.shapes.insert(key, self.repeats.len());
            self.repeats.push(Repeats {
                code: d.code,
                severity: d.severity,
                first: d.message.clone(),
                rows: Vec::new(),
            });
        }
        // A long game's findings bring their own lines, the game's text being released.
        let ex = view.excerpt_of(d);
        let mut html = String::new();
        let _ = write!(
            html,
            "<div class=\"d {sev}\"><div class=\"dh\"><span class=\"sev\">{sev}</span> <span class=\"code\" title=\"{}\">{}</span> <span class=\"at\">line {}, column {}</span>",
            d.kind.as_str(),
            d.code,
            ex.at.line,
            ex.at.column
        );
        if let Some(n) = game {
            let _ = write!(html, " <span class=\"g\">game {n}</span>");
        }
        let _ = write!(html, "</div><p class=\"msg\">{}</p>", escape(&d.message));
        if !view.text.is_empty() {
            let mark_class = if ex.marked.is_empty() { "z" } else { "s" };
            let _ = write!(
                html,
                "<pre class=\"src\"><span class=\"ln\">{}</span>{}{}<mark class=\"{mark_class}\">{}</mark>{}{}</pre>",
                ex.at.line,
                if ex.cut_before { "…" } else { "" },
                escape(ex.before),
                escape(ex.marked),
                escape(ex.after),
                if ex.cut_after { "…" } else { "" }
            );
        }
        let mut notes: Vec<String> = d.notes.iter().map(|n| escape(n)).collect();
        for l in &d.labels {
            let at = view.locate(l.span).0;
            notes.push(format!(
                "line {}, column {}: {}",
                at.line,
                at.column,
                escape(&l.message)
            ));
        }
        if let Some(c) = d.context.as_ref().filter(|c| !c.expected.is_empty()) {
            let shown: Vec<&str> = c.expected.iter().take(12).map(String::as_str).collect();
            let more = c.expected.len().saturating_sub(shown.len());
            notes.push(format!(
                "legal here: {}{}",
                escape(&shown.join(", ")),
                if more > 0 {
                    format!(" and {more} more")
                } else {
                    String::new()
                }
            ));
        }
        if !notes.is_empty() {
            html.push_str("<ul class=\"notes\">");
            for n in notes {
                let _ = write!(html, "<li>{n}</li>");
            }
            html.push_str("</ul>");
        }
        let board = match &d.diagram {
            Some(pic) if self.boards < self.limits.boards_per_file => {
                self.boards += 1;
                let (marked, caption) = match &d.context {
                    Some(c) => (
                        svg::squares_of_move(&c.text, pic.algebraic),
                        format!(
                            "Before {}{} {}: {} to move",
                            c.move_number,
                            if c.side == crate::board::Color::White {
                                "."
                            } else {
                                "..."
                            },
                            c.text,
                            pic.to_move.as_str()
                        ),
                    ),
                    None => (
                        Vec::new(),
                        format!("The final position: {} to move", pic.to_move.as_str()),
                    ),
                };
                Some(format!(
                    "<figure>{}<figcaption>{}</figcaption></figure>",
                    svg::board(
                        pic,
                        &svg::BoardStyle {
                            size: 28 * pic.rows.len() as u32 + 12,
                            flip: false,
                            labels: true,
                            glyphs: false,
                            arrow: &marked,
                            title: &caption,
                            standalone: false,
                        }
                    ),
                    escape(&caption)
                ))
            }
            Some(_) => Some(String::new()),
            None => None,
        };
        self.rows.push(Row {
            code: d.code,
            html,
            board,
        });
    }
}

/// What became of a file, for the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileOutcome {
    /// Read to its end.
    Read,
    /// Could not be read or checked.
    Failed,
}

/// A file whose findings are not written yet: its number, path, counts and findings.
struct FileEntry {
    index: usize,
    path: String,
    errors: usize,
    warnings: usize,
    games: usize,
    findings: FileFindings,
}

/// Findings listed in the whole report up to which every file's section is open; past it,
/// only the sections of files with errors are.
const OPEN_ALL: usize = 300;

/// Bytes of the page's file table or findings held in memory before they go to a temporary
/// file.
const SPOOL_HELD: usize = 1 << 20;

/// Text written as the report goes, in memory up to [`SPOOL_HELD`] and in a temporary file
/// past it (in memory still when none can be made).
#[derive(Default)]
struct Spool {
    held: Vec<u8>,
    file: Option<io::BufWriter<std::fs::File>>,
}

impl Write for Spool {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if let Some(f) = &mut self.file {
            return f.write(buf);
        }
        self.held.extend_from_slice(buf);
        if self.held.len() > SPOOL_HELD {
            if let Ok(t) = crate::scratch::scratch_file() {
                let mut f = io::BufWriter::with_capacity(1 << 16, t);
                f.write_all(&self.held)?;
                self.held = Vec::new();
                self.file = Some(f);
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.as_mut().map_or(Ok(()), Write::flush)
    }
}

impl Spool {
    /// Writes everything written so far to `out`.
    fn copy_to(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if let Some(f) = &mut self.file {
            f.flush()?;
            let file = f.get_mut();
            io::Seek::rewind(file)?;
            io::copy(file, out)?;
        }
        out.write_all(&self.held)
    }
}

/// The whole report, built file by file in path order. Each file's row of the table and its
/// findings are written as the file is added (to memory, then to temporary files), so the
/// report holds no file once it is added, however many there are.
pub struct Report {
    limits: Limits,
    title: String,
    /// Files added.
    files: usize,
    /// The rows of the file table.
    table: Spool,
    /// The files' findings.
    findings: Spool,
    /// Files whose findings wait to know whether every section is open: while the report
    /// lists no more than [`OPEN_ALL`] findings.
    waiting: Vec<FileEntry>,
    /// Findings listed so far.
    listed_all: usize,
    /// The first error writing to a temporary file.
    trouble: Option<io::Error>,
    stats: Stats,
    all: FileTotals,
    not_read: Vec<String>,
    boards: usize,
    listed: usize,
    bytes: usize,
}

impl Report {
    /// An empty report titled `title` (the paths read).
    pub fn new(title: &str, limits: Limits) -> Self {
        Report {
            limits,
            title: title.to_string(),
            files: 0,
            table: Spool::default(),
            findings: Spool::default(),
            waiting: Vec::new(),
            listed_all: 0,
            trouble: None,
            stats: Stats::default(),
            all: FileTotals::default(),
            not_read: Vec::new(),
            boards: 0,
            listed: 0,
            bytes: 0,
        }
    }

    /// Adds a file: its counts (as `pdn check` counts them), its statistics and findings. The
    /// report's limits apply here, in the order files are added.
    pub fn add_file(
        &mut self,
        path: &str,
        totals: &FileTotals,
        outcome: FileOutcome,
        stats: Stats,
        mut findings: FileFindings,
    ) {
        self.all += totals;
        self.stats += stats;
        let f = &mut findings;
        let mut keep = |rows: &mut Vec<Row>, unlisted: &mut BTreeMap<&'static str, u64>| {
            let mut kept = 0;
            for r in rows.iter_mut() {
                if self.listed >= self.limits.listed || self.bytes >= self.limits.bytes {
                    break;
                }
                if let Some(b) = r.board.as_mut().filter(|b| !b.is_empty()) {
                    if self.boards >= self.limits.boards
                        || self.bytes + r.html.len() + b.len() > self.limits.bytes
                    {
                        b.clear();
                    } else {
                        self.boards += 1;
                    }
                }
                self.bytes += r.html.len() + r.board.as_ref().map_or(0, String::len);
                self.listed += 1;
                kept += 1;
            }
            for r in rows.drain(kept..) {
                *unlisted.entry(r.code).or_default() += 1;
            }
        };
        keep(&mut f.rows, &mut f.unlisted);
        for rep in &mut f.repeats {
            keep(&mut rep.rows, &mut f.unlisted);
        }
        let index = self.files;
        self.files += 1;
        let has_findings = !findings.rows.is_empty() || !findings.unlisted.is_empty();
        // Written to memory or a temporary file: an error is the temporary file's, returned
        // when the page is written.
        if let Err(e) = write_row(&mut self.table, index, path, totals, outcome, has_findings) {
            self.trouble.get_or_insert(e);
        }
        if !has_findings {
            return;
        }
        self.listed_all += findings.listed();
        self.waiting.push(FileEntry {
            index,
            path: path.to_string(),
            errors: totals.errors,
            warnings: totals.warnings,
            games: totals.games,
            findings,
        });
        if self.listed_all > OPEN_ALL {
            self.write_waiting(false);
        }
    }

    /// Writes the findings of the files waiting: every section open, or only those of files
    /// with errors.
    fn write_waiting(&mut self, all_open: bool) {
        for f in std::mem::take(&mut self.waiting) {
            if let Err(e) = write_file_findings(&mut self.findings, &self.limits, &f, all_open) {
                self.trouble.get_or_insert(e);
            }
        }
    }

    /// Notes files the walk saw and did not read (`"1 not named *.pdn"`).
    pub fn not_read(&mut self, description: String) {
        self.not_read.push(description);
    }

    /// Writes the page.
    pub fn write(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if let Some(e) = self.trouble.take() {
            return Err(e);
        }
        let t = &self.all;
        write!(
            out,
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>pdn report: {}</title><style>{STYLE}</style></head><body>\n",
            escape(&self.title)
        )?;
        write!(
            out,
            "<header><h1>PDN report</h1><p class=\"what\">{}</p><p class=\"totals\"><b>{}</b> file(s), <b>{}</b> game(s): <b class=\"e\">{}</b> error(s), <b class=\"w\">{}</b> warning(s), {} info(s)",
            escape(&self.title),
            self.files,
            t.games,
            t.errors,
            t.warnings,
            t.infos
        )?;
        if !self.not_read.is_empty() {
            write!(
                out,
                "; other files not read: {}",
                escape(&self.not_read.join(", "))
            )?;
        }
        writeln!(
            out,
            "</p><nav><a href=\"#files\">Files</a> <a href=\"#charts\">Charts</a> <a href=\"#findings\">Findings</a></nav></header><main>"
        )?;
        self.write_table(out)?;
        self.write_charts(out)?;
        self.write_findings(out)?;
        writeln!(
            out,
            "</main><footer>Made by pdn report (pdnkit {}). Every count is the one <code>pdn check</code> gives on the same input; <code>pdn check --format json</code> lists every finding.</footer><script>{SCRIPT}</script></body></html>",
            env!("CARGO_PKG_VERSION")
        )
    }

    fn write_table(&mut self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "<section id=\"files\"><h2>Files</h2><table class=\"files\"><thead><tr><th>file</th><th>games</th><th>errors</th><th>warnings</th><th>variant (declared / guessed)</th><th>encoding</th></tr></thead><tbody>"
        )?;
        self.table.copy_to(out)?;
        writeln!(
            out,
            "</tbody><tfoot><tr><td>{} file(s)</td><td>{}</td><td>{}</td><td>{}</td><td></td><td></td></tr></tfoot></table></section>",
            self.files, self.all.games, self.all.errors, self.all.warnings
        )
    }

    fn write_charts(&self, out: &mut dyn Write) -> io::Result<()> {
        let s = &self.stats;
        writeln!(
            out,
            "<section id=\"charts\"><h2>Charts</h2><div class=\"charts\">"
        )?;
        // Results per variant.
        let bars: Vec<Bar> = s
            .variants
            .iter()
            .map(|(k, v)| {
                let r = v.results;
                Bar {
                    label: k.clone(),
                    segments: vec![
                        (r.white_wins, "rw"),
                        (r.black_wins, "rb"),
                        (r.draws, "rd"),
                        (r.unfinished, "ru"),
                        (r.other, "ro"),
                    ],
                    title: format!(
                        "{k}: {} games; white won {}, black won {}, drawn {}, unfinished {}, other {}",
                        v.games, r.white_wins, r.black_wins, r.draws, r.unfinished, r.other
                    ),
                }
            })
            .collect();
        writeln!(
            out,
            "<figure class=\"chart\"><figcaption>Results per variant</figcaption>{}<p class=\"legend\"><i class=\"rw\"></i>white won <i class=\"rb\"></i>black won <i class=\"rd\"></i>drawn <i class=\"ru\"></i>unfinished <i class=\"ro\"></i>other</p></figure>",
            svg::hbars(&bars, 110)
        )?;
        // Lengths.
        let l = s.lengths.summary();
        let max = l.max as usize;
        let width = [5usize, 10, 20, 50, 100]
            .into_iter()
            .find(|w| max / w < 40)
            .unwrap_or(max / 40 + 1);
        let mut buckets = vec![0u64; max / width + 1];
        for (&len, &n) in &s.lengths.0 {
            buckets[len as usize / width] += n;
        }
        let bars: Vec<Bar> = buckets
            .iter()
            .enumerate()
            .map(|(i, &n)| Bar {
                label: (i * width).to_string(),
                segments: vec![(n, "bar")],
                title: format!("{}-{} plies: {n} games", i * width, i * width + width - 1),
            })
            .collect();
        writeln!(
            out,
            "<figure class=\"chart\"><figcaption>Game lengths (plies of the main line, {} games replayed; min {}, quartiles {} / {} / {}, max {})</figcaption>{}</figure>",
            l.games,
            l.min,
            l.q1,
            l.median,
            l.q3,
            l.max,
            svg::columns(&bars, bars.len().div_ceil(10))
        )?;
        // Years.
        let unknown = s.years.get("?").copied().unwrap_or(0);
        let years: Vec<(i32, u64)> = s
            .years
            .iter()
            .filter_map(|(y, &n)| y.parse().ok().map(|y| (y, n)))
            .collect();
        let bars: Vec<Bar> = match (years.first(), years.last()) {
            (Some(&(a, _)), Some(&(z, _))) if z - a < 120 => (a..=z)
                .map(|y| {
                    let n = years.iter().find(|(k, _)| *k == y).map_or(0, |p| p.1);
                    Bar {
                        label: y.to_string(),
                        segments: vec![(n, "bar")],
                        title: format!("{y}: {n} games"),
                    }
                })
                .collect(),
            _ => years
                .iter()
                .map(|&(y, n)| Bar {
                    label: y.to_string(),
                    segments: vec![(n, "bar")],
                    title: format!("{y}: {n} games"),
                })
                .collect(),
        };
        let chart = if bars.is_empty() {
            "<p class=\"hint\">No game has a year in its Date tag.</p>".to_string()
        } else {
            svg::columns(&bars, bars.len().div_ceil(8).max(1))
        };
        writeln!(
            out,
            "<figure class=\"chart\"><figcaption>Games per year ({unknown} without a year in their Date tag)</figcaption>{chart}</figure>"
        )?;
        // Codes.
        let mut codes: Vec<_> = s.codes.iter().collect();
        codes.sort_by(|a, b| b.1.count.cmp(&a.1.count).then_with(|| a.0.cmp(b.0)));
        let bars: Vec<Bar> = codes
            .iter()
            .map(|(code, c)| Bar {
                label: format!("{code} {}", c.kind),
                segments: vec![(
                    c.count,
                    match c.severity {
                        "error" => "se",
                        "warning" => "sw",
                        _ => "si",
                    },
                )],
                title: format!("{code} ({}, {}): {}", c.kind, c.severity, c.count),
            })
            .collect();
        writeln!(
            out,
            "<figure class=\"chart\"><figcaption>Diagnostics per code</figcaption>{}<p class=\"legend\"><i class=\"se\"></i>error <i class=\"sw\"></i>warning <i class=\"si\"></i>info</p></figure></div></section>",
            svg::hbars(&bars, 170)
        )
    }

    fn write_findings(&mut self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "<section id=\"findings\"><h2>Findings</h2><p class=\"hint\">Errors and warnings per file, in file order; a warning repeated through a file is shown once, with the others listed under it. <button id=\"open-all\">Open all</button> <button id=\"close-all\">Close all</button></p>"
        )?;
        // Small reports open every file; large ones only files with errors.
        self.write_waiting(self.listed_all <= OPEN_ALL);
        self.findings.copy_to(out)?;
        writeln!(out, "</section>")
    }
}

/// A file's row of the table.
fn write_row(
    out: &mut dyn Write,
    i: usize,
    path: &str,
    t: &FileTotals,
    outcome: FileOutcome,
    has_findings: bool,
) -> io::Result<()> {
    let name = if has_findings {
        format!("<a href=\"#f{i}\">{}</a>", escape(path))
    } else {
        escape(path)
    };
    let class = if t.errors > 0 {
        "file bad"
    } else if t.warnings > 0 {
        "file warn"
    } else {
        "file ok"
    };
    write!(
        out,
        "<tr class=\"{class}\" data-games=\"{}\" data-errors=\"{}\" data-warnings=\"{}\"><td class=\"p\">{name}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"v\">{}</td><td>{}</td></tr>",
        t.games,
        t.errors,
        t.warnings,
        t.games,
        t.errors,
        t.warnings,
        variants_cell(t, outcome),
        t.decoding.map_or("", |d| d.name())
    )
}

/// A file's section of findings, open when `all_open` or the file has errors.
fn write_file_findings(
    out: &mut dyn Write,
    limits: &Limits,
    f: &FileEntry,
    all_open: bool,
) -> io::Result<()> {
    let ff = &f.findings;
    let i = f.index;
    let open = all_open || f.errors > 0;
    write!(
        out,
        "<details class=\"file\" id=\"f{i}\"{}><summary><span class=\"p\">{}</span> <span class=\"cnt\"><b class=\"e\">{}</b> error(s), <b class=\"w\">{}</b> warning(s), {} game(s)</span></summary>",
        if open { " open" } else { "" },
        escape(&f.path),
        f.errors,
        f.warnings,
        f.games
    )?;
    for r in &ff.rows {
        out.write_all(r.html.as_bytes())?;
        match r.board.as_deref() {
            Some("") => write!(
                out,
                "<p class=\"nob\">(board not drawn: over the report's limit of {} boards per file, {} in all)</p>",
                limits.boards_per_file, limits.boards
            )?,
            Some(b) => out.write_all(b.as_bytes())?,
            None => {}
        }
        out.write_all(b"</div>")?;
    }
    for rep in ff.repeats.iter().filter(|r| !r.rows.is_empty()) {
        write!(
            out,
            "<details class=\"rep\"><summary>{} more {} like <span class=\"code\">{}</span> \u{201c}{}\u{201d}</summary><ul>",
            rep.rows.len(),
            if rep.severity == Severity::Error {
                "error(s)"
            } else {
                "warning(s)"
            },
            rep.code,
            escape(&rep.first)
        )?;
        for r in &rep.rows {
            out.write_all(r.html.as_bytes())?;
        }
        out.write_all(b"</ul></details>")?;
    }
    if !ff.unlisted.is_empty() {
        let n: u64 = ff.unlisted.values().sum();
        let by: Vec<String> = ff
            .unlisted
            .iter()
            .map(|(c, n)| format!("{c} {n}"))
            .collect();
        write!(
            out,
            "<p class=\"unlisted\">{n} more finding(s) not listed, over the report's limits ({} per file, {} or {} MB in all) ({}); <code>pdn check</code> lists every one.</p>",
            limits.listed_per_file,
            limits.listed,
            limits.bytes / 1_000_000,
            by.join(", ")
        )?;
    }
    writeln!(out, "</details>")
}

/// The variant cell of a file's row: each variant replayed with its games, how many were
/// guessed (the evidence on hover), and games not replayed.
fn variants_cell(t: &FileTotals, outcome: FileOutcome) -> String {
    if outcome == FileOutcome::Failed {
        return "unreadable".into();
    }
    let mut parts = t.variant_names();
    if t.guessed > 0 {
        let evidence: Vec<String> = t
            .guesses
            .iter()
            .map(|g| {
                format!(
                    "{} ({} games): {}",
                    g.guess.variant.name(),
                    g.games,
                    g.guess.evidence
                )
            })
            .collect();
        parts.push(format!(
            "<span class=\"guess\" title=\"{}\">{} guessed</span>",
            escape(&evidence.join("; ")),
            t.guessed
        ));
    }
    if t.unreplayed > 0 {
        parts.push(format!("{} not replayed", t.unreplayed));
    }
    parts
        .into_iter()
        .map(|p| if p.starts_with('<') { p } else { escape(&p) })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The page's style sheet.
const STYLE: &str = "\
:root{--e:#c0392b;--w:#b9770e;--i:#5d6d7e;--ink:#1d2733;--mute:#5f6b7a;--line:#dde3ea;--bg:#f6f8fa}
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:var(--ink);background:var(--bg)}
header{background:#22313f;color:#fff;padding:18px 28px}
header h1{margin:0 0 4px;font-size:22px}
header .what{margin:0;color:#c9d3dd;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px;word-break:break-all}
header .totals{margin:8px 0 6px;font-size:16px}
header .e{color:#ff8a7a}header .w{color:#f7c66b}
nav a{color:#9fd0ff;margin-right:16px;text-decoration:none}
main{max-width:1200px;margin:0 auto;padding:8px 24px 40px}
h2{font-size:18px;margin:26px 0 10px;border-bottom:2px solid var(--line);padding-bottom:4px}
table.files{border-collapse:collapse;width:100%;background:#fff;font-size:13.5px;box-shadow:0 1px 2px #0001}
.files th,.files td{padding:4px 8px;border-bottom:1px solid var(--line);text-align:right;white-space:nowrap}
.files th{background:#eef2f6;position:sticky;top:0}
.files td.p,.files th:first-child{text-align:left;white-space:normal;word-break:break-all}
.files td.v,.files th:nth-child(5){text-align:left;white-space:normal}
.files tr.bad td:nth-child(3){color:var(--e);font-weight:600}
.files tr.warn td:nth-child(4),.files tr.bad td:nth-child(4){color:var(--w)}
.files tfoot td{font-weight:600;background:#eef2f6}
.guess{border-bottom:1px dotted var(--mute);cursor:help}
a{color:#1f6feb}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(440px,1fr));gap:16px}
figure.chart{margin:0;background:#fff;padding:10px 14px;box-shadow:0 1px 2px #0001;border-radius:6px}
figure.chart figcaption{font-weight:600;font-size:14px;margin-bottom:6px}
svg.chart{width:100%;max-width:600px;height:auto;font-size:10px}
svg.chart .lb{text-anchor:end;fill:var(--ink)}svg.chart .n{fill:var(--mute)}svg.chart .cl{text-anchor:middle;fill:var(--mute);font-size:9px}
svg.chart .ax{stroke:#aab4bf}
.bar{fill:#4a90c2}.rw,i.rw{fill:#e9dcc0;background:#e9dcc0}.rb,i.rb{fill:#34495e;background:#34495e}.rd,i.rd{fill:#8fb996;background:#8fb996}.ru,i.ru{fill:#c8ced6;background:#c8ced6}.ro,i.ro{fill:#b39ddb;background:#b39ddb}
.se,i.se{fill:var(--e);background:var(--e)}.sw,i.sw{fill:var(--w);background:var(--w)}.si,i.si{fill:var(--i);background:var(--i)}
.legend{font-size:12px;color:var(--mute);margin:4px 0 0}.legend i{display:inline-block;width:10px;height:10px;margin:0 4px 0 10px;border:1px solid #0002}
.hint{color:var(--mute);font-size:13px}
#open-all,#close-all{display:none}.js #open-all,.js #close-all{display:inline}
button{font:inherit;font-size:12px;padding:2px 8px;border:1px solid var(--line);background:#fff;border-radius:4px;cursor:pointer}
details.file{background:#fff;margin:10px 0;border-radius:6px;box-shadow:0 1px 2px #0001}
details.file>summary{padding:8px 12px;cursor:pointer;background:#eef2f6;border-radius:6px;font-weight:600}
details.file>summary .p{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13.5px;word-break:break-all}
details.file>summary .cnt{font-weight:400;color:var(--mute);font-size:13px;margin-left:8px}
.cnt .e{color:var(--e)}.cnt .w{color:var(--w)}
div.d{border-left:4px solid var(--w);margin:10px 12px;padding:6px 10px;background:#fffdf7;overflow:auto}
div.d.error{border-color:var(--e);background:#fff8f7}
.dh{font-size:13px;color:var(--mute)}
.sev{font-weight:700;text-transform:uppercase;font-size:11px;letter-spacing:.04em}
.error .sev{color:var(--e)}.warning .sev{color:var(--w)}
.code{font-family:ui-monospace,Menlo,Consolas,monospace;font-weight:600;color:var(--ink)}
.msg{margin:3px 0 4px;font-weight:500}
pre.src{margin:4px 0;padding:5px 8px;background:#f1f3f5;border-radius:4px;font:13px/1.4 ui-monospace,Menlo,Consolas,monospace;white-space:pre-wrap;word-break:break-all}
pre.src .ln{color:#8a96a3;margin-right:10px;user-select:none}
mark.s{background:#ffd9a8;border-bottom:2px solid var(--w);color:inherit}.error mark.s{background:#ffc9c2;border-color:var(--e)}
mark.z{background:none;border-left:2px solid var(--e);margin-left:-1px}
ul.notes{margin:2px 0 4px;padding-left:18px;font-size:13px;color:#33404d}
figure{margin:6px 0 2px}figcaption{font-size:12px;color:var(--mute)}
svg.board{display:block}
.nob{font-size:12px;color:var(--mute)}
details.rep{margin:4px 12px 10px 28px;font-size:13px}
details.rep>summary{cursor:pointer;color:var(--mute)}
details.rep ul{margin:4px 0;padding-left:18px;max-height:420px;overflow:auto}
li.d .at{font-family:ui-monospace,Menlo,Consolas,monospace;color:var(--mute)}
.g{color:var(--mute)}
.unlisted{margin:8px 12px;font-size:13px;color:var(--mute)}
footer{max-width:1200px;margin:0 auto;padding:10px 24px 30px;color:var(--mute);font-size:12px}
";

/// The page's script: a link to a file's findings opens them; buttons (shown only when the
/// script runs) open or close every file.
const SCRIPT: &str = "\
document.documentElement.className='js';
function openTarget(){var id=location.hash.slice(1);if(!id)return;var el=document.getElementById(id);if(el&&el.tagName==='DETAILS'){el.open=true;}}
window.addEventListener('hashchange',openTarget);openTarget();
function setAll(v){document.querySelectorAll('details.file').forEach(function(d){d.open=v;});}
document.getElementById('open-all').onclick=function(){setAll(true);};
document.getElementById('close-all').onclick=function(){setAll(false);};
";

/// Writes the page of an opening tree (`pdn tree --format html`): for each variant, the root
/// and a table of the moves from it, indented by depth, each with its games, a bar of its
/// results (White's wins, draws, Black's wins, others) and their shares, the players' average
/// rating and the years; in the report's style, with nothing fetched from the network.
pub fn write_tree_page(
    title: &str,
    trees: &[crate::search::tree::VariantOut],
    out: &mut dyn Write,
) -> io::Result<()> {
    use crate::search::tree::{MoveOut, NodeOut};
    write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>pdn tree: {}</title><style>{STYLE}\n{TREE_STYLE}</style></head><body>\n",
        escape(title)
    )?;
    write!(
        out,
        "<header><h1>Opening tree</h1><p class=\"what\">{}</p></header>\n<main>\n",
        escape(title)
    )?;
    if trees.is_empty() {
        writeln!(out, "<p class=\"hint\">No game reaches the position.</p>")?;
    }
    fn pct(n: u64, of: u64) -> f64 {
        if of == 0 {
            0.0
        } else {
            100.0 * n as f64 / of as f64
        }
    }
    fn cells(n: &NodeOut) -> String {
        let g = n.games;
        let mut s = String::from("<td><span class=\"share\">");
        for (k, c) in [
            (n.white_wins, "rw"),
            (n.draws, "rd"),
            (n.black_wins, "rb"),
            (n.unfinished, "ru"),
        ] {
            let _ = write!(s, "<i class=\"{c}\" style=\"width:{:.1}%\"></i>", pct(k, g));
        }
        s.push_str("</span></td>");
        for k in [n.white_wins, n.draws, n.black_wins] {
            let _ = write!(s, "<td>{:.1}%</td>", pct(k, g));
        }
        let years = match (n.first_year, n.last_year) {
            (Some(a), Some(b)) if a == b => a.to_string(),
            (Some(a), Some(b)) => format!("{a}–{b}"),
            _ => "–".into(),
        };
        let _ = write!(
            s,
            "<td>{}</td><td>{years}</td>",
            n.rating.map_or("–".into(), |r| r.to_string())
        );
        s
    }
    fn rows(ms: &[MoveOut], depth: usize, out: &mut dyn Write) -> io::Result<()> {
        for m in ms {
            writeln!(
                out,
                "<tr class=\"d{}\"><td class=\"mv\" style=\"padding-left:{}px\">{}{}</td><td>{}</td>{}</tr>",
                depth.min(9),
                8 + 18 * depth,
                escape(&m.mv),
                if m.transposition {
                    " <span class=\"tp\" title=\"reached by other moves or orders too; the counts are the position's\">=</span>"
                } else {
                    ""
                },
                m.stats.games,
                cells(&m.stats)
            )?;
            rows(&m.moves, depth + 1, out)?;
        }
        Ok(())
    }
    for v in trees {
        writeln!(
            out,
            "<h2>{} <span class=\"hint\">{} game(s) from <code>{}</code>; results {}</span></h2>",
            escape(v.variant),
            v.stats.games,
            escape(&v.root),
            escape(v.scoring)
        )?;
        writeln!(
            out,
            "<table class=\"files tree\"><thead><tr><th>move</th><th>games</th><th>results</th><th>White</th><th>draw</th><th>Black</th><th>rating</th><th>years</th></tr></thead><tbody>"
        )?;
        writeln!(
            out,
            "<tr class=\"root\"><td class=\"mv\">(root)</td><td>{}</td>{}</tr>",
            v.stats.games,
            cells(&v.stats)
        )?;
        rows(&v.moves, 0, out)?;
        writeln!(out, "</tbody></table>")?;
    }
    writeln!(
        out,
        "<p class=\"legend\"><i class=\"rw\"></i>White wins<i class=\"rd\"></i>draws<i class=\"rb\"></i>Black wins<i class=\"ru\"></i>unfinished or other · <b>=</b> a transposition: the position is reached by other moves or orders too, and its counts are the position's</p>\n</main></body></html>"
    )
}

/// The tree page's own styles, after the report's.
const TREE_STYLE: &str = "\
table.tree th:nth-child(5){text-align:right}table.tree th:first-child{text-align:left}
table.tree td.mv{text-align:left;font-family:ui-monospace,Menlo,Consolas,monospace}
table.tree tr.root td{font-weight:600;background:#f3f6f9}
table.tree tr.d0 td.mv{font-weight:600}
.share{display:inline-flex;width:160px;height:11px;border:1px solid #0002;vertical-align:middle}
.share i{display:block;height:100%}
.tp{color:#1f6feb;font-weight:700;cursor:help}";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{CheckOptions, check_stream};

    /// The report of `files` (each a name and its text), under `limits`.
    fn report_of(files: &[(String, String)], limits: Limits) -> String {
        let mut r = Report::new("t", limits);
        for (name, text) in files {
            let mut findings = FileFindings::new(limits);
            let mut stats = crate::stats::FileStats::new(4).without_names();
            let totals = check_stream(text.as_bytes(), &CheckOptions::default(), |g| {
                stats.add(&g);
                findings.add(&g);
            })
            .unwrap();
            r.add_file(
                name,
                &totals,
                FileOutcome::Read,
                stats.finish(&totals).unwrap(),
                findings,
            );
        }
        let mut out = Vec::new();
        r.write(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// The report of `text` as one file, under `limits`.
    fn page(text: &str, limits: Limits) -> String {
        report_of(&[("t.pdn".to_string(), text.to_string())], limits)
    }

    /// Five games, each with one illegal move (a board each).
    fn five_errors() -> String {
        "[GameType \"20\"]\n1. 32-28 28-23 *\n\n".repeat(5)
    }

    #[test]
    fn every_error_is_listed_with_a_board_within_the_limits() {
        let html = page(&five_errors(), LIMITS);
        assert_eq!(html.matches("class=\"d error\"").count(), 5);
        assert_eq!(html.matches("<svg class=\"board\"").count(), 5);
    }

    #[test]
    fn boards_and_rows_beyond_the_limits_are_counted_not_drawn() {
        let limits = Limits {
            boards_per_file: 2,
            boards: 100,
            listed_per_file: 3,
            listed: 100,
            bytes: LIMITS.bytes,
        };
        let html = page(&five_errors(), limits);
        assert_eq!(html.matches("class=\"d error\"").count(), 3);
        assert_eq!(html.matches("<svg class=\"board\"").count(), 2);
        assert!(html.contains("board not drawn"));
        assert!(html.contains("2 more finding(s) not listed"), "{html}");
        // The report's own limits apply across files.
        let html = page(
            &five_errors(),
            Limits {
                boards: 1,
                listed: 4,
                ..LIMITS
            },
        );
        assert_eq!(html.matches("class=\"d error\"").count(), 4);
        assert_eq!(html.matches("<svg class=\"board\"").count(), 1);
        assert!(html.contains("1 more finding(s) not listed"), "{html}");
        // And its size: the finding that reaches it is the last listed, without its board.
        let html = page(&five_errors(), Limits { bytes: 1, ..LIMITS });
        assert_eq!(html.matches("class=\"d error\"").count(), 1);
        assert_eq!(html.matches("<svg class=\"board\"").count(), 0);
        assert!(html.contains("4 more finding(s) not listed"), "{html}");
    }

    /// A report of `files` files, each of `warnings`, then one with errors.
    fn pages(files: usize, warnings: &str) -> String {
        let texts: Vec<(String, String)> = (0..files)
            .map(|_| warnings.to_string())
            .chain([five_errors()])
            .enumerate()
            .map(|(i, text)| (format!("f{i}.pdn"), text))
            .collect();
        report_of(&texts, LIMITS)
    }

    /// Every file's section is open while the whole report lists no more than `OPEN_ALL`
    /// findings, whatever the file; past it, only those of files with errors, the files before
    /// the count was passed too.
    #[test]
    fn sections_open_by_what_the_whole_report_lists() {
        // A warning in each game: a tag name in lower case (N202).
        let warned = "[event \"x\"]\n[GameType \"20\"]\n1. 32-28 *\n\n".repeat(3);
        let small = pages(10, &warned);
        assert!(small.contains("id=\"f0\" open"), "{small}");
        assert_eq!(small.matches("<details class=\"file\"").count(), 11);
        assert_eq!(
            small
                .matches("<details class=\"file\" id=\"f10\" open")
                .count(),
            1
        );
        let large = pages(OPEN_ALL, &warned);
        assert_eq!(
            large.matches("<details class=\"file\"").count(),
            OPEN_ALL + 1
        );
        assert!(!large.contains("id=\"f0\" open"));
        assert!(large.contains(&format!("id=\"f{OPEN_ALL}\" open")));
        // Every file has its row, its link and its section, in file order.
        for i in [0, 1, OPEN_ALL / 2, OPEN_ALL] {
            assert!(large.contains(&format!("<a href=\"#f{i}\">f{i}.pdn</a>")));
        }
        let at = |i: usize| {
            large
                .find(&format!("<details class=\"file\" id=\"f{i}\""))
                .unwrap()
        };
        assert!(at(0) < at(1) && at(1) < at(OPEN_ALL));
    }

    /// Past its budget a spool goes to a temporary file, and gives back what was written.
    #[test]
    fn a_spool_gives_back_what_was_written() {
        let mut spool = Spool::default();
        let mut expected = Vec::new();
        for i in 0..3 * SPOOL_HELD / 1000 {
            let line = format!("{i:0999}\n");
            spool.write_all(line.as_bytes()).unwrap();
            expected.extend_from_slice(line.as_bytes());
        }
        assert!(spool.file.is_some());
        assert!(spool.held.is_empty());
        let mut out = Vec::new();
        spool.copy_to(&mut out).unwrap();
        assert!(out == expected);
    }

    #[test]
    fn messages_of_one_shape_differ_only_in_squares_and_numbers() {
        assert_eq!(
            message_shape("10x14 takes nothing but is written with a capture separator"),
            message_shape("29x25 takes nothing but is written with a capture separator")
        );
        assert_ne!(
            message_shape("12-16 takes nothing, but black had to capture (15x22)"),
            message_shape("13-18: 18 is occupied")
        );
    }
}
