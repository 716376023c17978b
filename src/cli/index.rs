//! `pdn index`: an on-disk index of every position reached on each game's main line
//! ([`pdnkit::search::index`]), built in one pass over the files and updated when they change
//! (a file of the same path, length and modification time keeps its part of the old index);
//! and `pdn find --index`, which reads only the games the index names.

use std::collections::HashSet;
use std::fs::{self, File};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use clap::ArgMatches;
use pdnkit::check::{CheckOptions, CheckedGame, check_stream};
use pdnkit::replay::{ForcedVariant, RuleProfile};
use pdnkit::rules::Variant;
use pdnkit::search::index::{
    FileEntry, GameEntry, SEGMENT_ENTRIES, SegmentEntry, Tables, build_segment, header, lookup,
};
use pdnkit::search::{Query, Searcher, Verdict, position_hash, positions};

use super::driver::{Failure, FileOut, FileSink, Opening, Run, run_files};
use super::filter::{FileState, byte_ranges};
use super::find::{FindFormat, game_line};
use super::input::{InputArgs, Retain};
use super::printer::{FileRecord, FileStatus};
use super::{EXIT_FAILURE, EXIT_FINDINGS, EXIT_OK, exit_after_write};

/// Arguments of `pdn index`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
The index holds a 64-bit hash of every position of each game's main line, with the game's
file and place (docs/search.md). Run it again after files change: files whose length and
modification time are the same keep their part of the index. Examples:
  pdn index archive/ -o archive.pdnidx
  pdn find --index archive.pdnidx --fen 'B:W28,31,33-50:B1-20' --list")]
pub struct Args {
    /// Files and reading options.
    #[command(flatten)]
    pub input: InputArgs,
    /// The index to write (or update).
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
}

fn rules_number(r: RuleProfile) -> u32 {
    match r {
        RuleProfile::Modern => 0,
        RuleProfile::Huffing => 1,
        RuleProfile::Polish1902 => 2,
    }
}

fn rules_of(n: u32) -> RuleProfile {
    match n {
        1 => RuleProfile::Huffing,
        2 => RuleProfile::Polish1902,
        _ => RuleProfile::Modern,
    }
}

/// A file's length and modification time (nanoseconds).
fn stamp(path: &Path) -> io::Result<(u64, u64)> {
    let m = fs::metadata(path)?;
    let t = m
        .modified()?
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    Ok((m.len(), t))
}

/// A file's games and segments, as its job built them.
struct Built {
    /// Kept from the old index: the file's index in its files table.
    reused: Option<usize>,
    games: Vec<GameEntry>,
    /// Segments in `data`: offset in it, length, first game (in the file), bits, entries.
    segments: Vec<(u64, u64, u32, u8, u64)>,
    data: Option<File>,
    entry: Option<FileEntry>,
    error: Option<String>,
    not_indexed: u64,
}

struct IndexState {
    copy: FileState,
    reuse: Option<usize>,
    games: Vec<GameEntry>,
    /// Positions of the segment being filled: hash, game number in the file.
    pending: Vec<(u64, u32)>,
    pending_first: u32,
    segments: Vec<(u64, u64, u32, u8, u64)>,
    data: Option<File>,
    written: u64,
    error: Option<String>,
    not_indexed: u64,
    stamp: Option<(u64, u64)>,
}

struct IndexWork<'a> {
    old: Option<&'a Tables>,
}

impl IndexState {
    fn flush(&mut self, upto: u32) {
        if self.pending.is_empty() {
            self.pending_first = upto;
            return;
        }
        let first = self.pending_first;
        let entries: Vec<(u64, u32)> = self
            .pending
            .drain(..)
            .map(|(h, g)| (h, g - first))
            .collect();
        let n = entries.len() as u64;
        let (bytes, bits) = build_segment(entries);
        let wrote = (|| -> io::Result<()> {
            if self.data.is_none() {
                self.data = Some(tempfile::tempfile()?);
            }
            self.data.as_mut().expect("made").write_all(&bytes)
        })();
        if let Err(e) = wrote {
            self.error.get_or_insert(e.to_string());
        }
        self.segments
            .push((self.written, bytes.len() as u64, first, bits, n));
        self.written += bytes.len() as u64;
        self.pending_first = upto;
    }
}

impl FileSink for IndexWork<'_> {
    type File = IndexState;
    type Done = Built;

    fn retain(&self) -> Retain {
        Retain::TreesAndText
    }

    fn begin(&self, file: &Opening<'_>) -> IndexState {
        let st = stamp(file.path).ok();
        let reuse = self.old.and_then(|t| {
            t.files.iter().position(|f| {
                f.path == file.name && st.is_some_and(|(l, m)| l == f.len && m == f.mtime)
            })
        });
        IndexState {
            copy: FileState::new(file),
            reuse,
            games: Vec::new(),
            pending: Vec::new(),
            pending_first: 0,
            segments: Vec::new(),
            data: None,
            written: 0,
            error: None,
            not_indexed: 0,
            stamp: st,
        }
    }

    fn game(&self, s: &mut IndexState, mut g: CheckedGame, _: &mut FileOut<'_>) -> ControlFlow<()> {
        if s.reuse.is_some() {
            return ControlFlow::Break(());
        }
        let has = g.chunk.game.is_some() || (g.header.is_some() && g.chunk.index.is_some());
        if !has {
            s.copy.take(&mut g, false, &mut |_| true);
            return ControlFlow::Continue(());
        }
        let number = s.games.len() as u32;
        let report = g.report.as_ref();
        let variant = report.and_then(|r| r.variant);
        let line = g
            .chunk
            .game
            .as_ref()
            .or(g.header.as_ref())
            .map_or(g.chunk.first_line, |gm| {
                g.chunk.line_col(gm.span.start).line
            });
        s.games.push(GameEntry {
            file: 0,
            number: g.chunk.index.unwrap_or(0) as u32,
            line,
            variant: variant
                .and_then(|v| Variant::ALL.iter().position(|w| *w == v))
                .map_or(255, |i| i as u8),
            start: 0,
            end: 0,
        });
        match (g.chunk.game.as_ref(), report, variant) {
            (Some(game), Some(r), Some(v)) => {
                let (_, path, _) = pdnkit::search::paths(game, &r.moves, false).swap_remove(0);
                let mut seen = HashSet::new();
                let reached = positions(&path);
                let start = r.final_position.iter().filter(|_| path.is_empty());
                for p in reached.iter().map(|x| &x.position).chain(start) {
                    let h = position_hash(v, p);
                    if seen.insert(h) {
                        s.pending.push((h, number));
                    }
                }
            }
            (None, _, Some(_)) => s.not_indexed += 1,
            _ => {}
        }
        s.copy.take(&mut g, true, &mut |_| true);
        if s.pending.len() >= SEGMENT_ENTRIES {
            s.flush(number + 1);
        }
        ControlFlow::Continue(())
    }

    fn end(
        &self,
        mut s: IndexState,
        r: &FileRecord,
        _: Option<&Failure>,
        _: &mut FileOut<'_>,
    ) -> Built {
        if let Some(i) = s.reuse {
            return Built {
                reused: Some(i),
                games: Vec::new(),
                segments: Vec::new(),
                data: None,
                entry: None,
                error: None,
                not_indexed: 0,
            };
        }
        let upto = s.games.len() as u32;
        s.flush(upto);
        let read = matches!(r.status, FileStatus::Read);
        let ranges = if read && s.copy.path != "-" {
            match byte_ranges(&s.copy, r) {
                Ok(r) => r,
                Err(e) => {
                    s.error.get_or_insert(e.to_string());
                    None
                }
            }
        } else {
            None
        };
        if let Some(rs) = &ranges {
            for (g, (a, b)) in s.games.iter_mut().zip(rs) {
                g.start = *a;
                g.end = *b;
            }
        }
        if s.copy.path == "-" {
            s.error
                .get_or_insert("standard input cannot be indexed: name a file".into());
        }
        let (len, mtime) = s.stamp.unwrap_or((0, 0));
        Built {
            reused: None,
            entry: read.then(|| FileEntry {
                path: s.copy.path.clone(),
                len,
                mtime,
                encoding: r
                    .totals
                    .decoding
                    .map_or("utf-8", |d| d.encoding.name())
                    .to_string(),
                ranges: ranges.is_some(),
            }),
            games: s.games,
            segments: s.segments,
            data: s.data,
            error: s.error,
            not_indexed: s.not_indexed,
        }
    }
}

/// Runs `pdn index`.
pub fn run(args: &Args, matches: Option<&ArgMatches>) -> i32 {
    let fail = |e: String| {
        eprintln!("pdn index: {e}");
        EXIT_FAILURE
    };
    let mut options = match args.input.options(matches) {
        Ok(o) => o,
        Err(e) => return fail(e),
    };
    options.replay.record_moves = true;
    let rules = rules_number(options.replay.rules);
    // The old index, if it is one of this version and the same rules.
    let mut old_file = File::open(&args.output).ok();
    let old = old_file
        .as_mut()
        .and_then(|f| Tables::read(f).ok())
        .filter(|t| t.rules == rules);
    // Written beside the index and put in its place when whole.
    let mut out = match super::output::Output::file(&args.output) {
        Ok(o) => o,
        Err(e) => return fail(format!("cannot write {}: {e}", args.output.display())),
    };
    let mut tables = Tables {
        rules,
        ..Tables::default()
    };
    let mut at = 0u64;
    let mut trouble: Option<String> = None;
    let mut reused = 0usize;
    let mut not_indexed = 0u64;
    let mut written = out.write_all(&header(rules));
    at += header(rules).len() as u64;
    let work = IndexWork { old: old.as_ref() };
    let run = Run::new("index", &args.input, &options);
    let mut nowhere: Box<dyn Write> = Box::new(io::sink());
    let outcome = run_files(&run, &work, &mut nowhere, |r, b: Built| {
        if written.is_err() || trouble.is_some() {
            return;
        }
        if let Some(e) = b.error {
            trouble = Some(format!("{}: {e}", r.path));
            return;
        }
        not_indexed += b.not_indexed;
        let file_no = tables.files.len() as u32;
        let first_game = tables.games.len() as u32;
        if let (Some(i), Some(o), Some(f)) = (b.reused, old.as_ref(), old_file.as_mut()) {
            reused += 1;
            let entry = o.files[i].clone();
            let games: Vec<(usize, &GameEntry)> = o
                .games
                .iter()
                .enumerate()
                .filter(|(_, g)| g.file as usize == i)
                .collect();
            let old_first = games.first().map_or(0, |(k, _)| *k as u32);
            for (_, g) in &games {
                tables.games.push(GameEntry {
                    file: file_no,
                    ..**g
                });
            }
            for s in o.segments.iter().filter(|s| {
                o.games
                    .get(s.first_game as usize)
                    .is_some_and(|g| g.file as usize == i)
            }) {
                let copied = f
                    .seek(SeekFrom::Start(s.offset))
                    .and_then(|_| io::copy(&mut Read::by_ref(f).take(s.len), &mut out));
                if let Err(e) = copied {
                    written = Err(e);
                    return;
                }
                tables.segments.push(SegmentEntry {
                    offset: at,
                    first_game: s.first_game - old_first + first_game,
                    ..*s
                });
                at += s.len;
            }
            tables.files.push(entry);
            return;
        }
        let Some(entry) = b.entry else { return };
        for g in &b.games {
            tables.games.push(GameEntry {
                file: file_no,
                ..*g
            });
        }
        if let Some(mut data) = b.data {
            let copied = data
                .seek(SeekFrom::Start(0))
                .and_then(|_| io::copy(&mut data, &mut out));
            if let Err(e) = copied {
                written = Err(e);
                return;
            }
        }
        let base = at;
        for (off, len, first, bits, entries) in b.segments {
            tables.segments.push(SegmentEntry {
                offset: base + off,
                len,
                first_game: first_game + first,
                bits,
                entries,
            });
            at = at.max(base + off + len);
        }
        tables.files.push(entry);
    });
    if let Some(t) = trouble {
        // The old index, if any, stays as it was.
        let _ = out.finish(false);
        return fail(t);
    }
    let finished = written
        .and_then(|()| tables.write(&mut out, at))
        .and_then(|()| out.finish(true));
    if let Err(e) = finished {
        return fail(format!("cannot write {}: {e}", args.output.display()));
    }
    let not = if not_indexed > 0 {
        format!(", {not_indexed} too long to hold whole not indexed")
    } else {
        String::new()
    };
    eprintln!(
        "pdn index: {} game(s) of {} file(s) indexed ({reused} file(s) unchanged){not}",
        tables.games.len(),
        tables.files.len()
    );
    if outcome.run.failed > 0 || outcome.nothing_found {
        EXIT_FAILURE
    } else {
        EXIT_OK
    }
}

/// Answers `pdn find --index`: the games whose positions match a `--fen` (and its mirror),
/// each read from its file and replayed to confirm, then judged by every criterion.
pub fn run_find(args: &super::find::Args, index: &Path, query: &Query) -> i32 {
    let fail = |e: String| {
        eprintln!("pdn find: {e}");
        EXIT_FAILURE
    };
    if query.fens.is_empty() {
        return fail(
            "--index answers --fen (with any other criterion): give --fen, or search the files \
             without --index"
                .into(),
        );
    }
    if !args.input.paths.is_empty() {
        return fail(
            "--index reads the files the index names: give no files or directories with it".into(),
        );
    }
    if query.variations {
        return fail("--index holds main lines only: search variations without --index".into());
    }
    let mut f = match File::open(index) {
        Ok(f) => f,
        Err(e) => return fail(format!("cannot read {}: {e}", index.display())),
    };
    let tables = match Tables::read(&mut f) {
        Ok(t) => t,
        Err(e) => return fail(format!("{}: {e}", index.display())),
    };
    for file in &tables.files {
        match stamp(Path::new(&file.path)) {
            Ok((l, m)) if l == file.len && m == file.mtime => {}
            Ok(_) => {
                return fail(format!(
                    "{}: {} changed since it was indexed: run `pdn index` again to update the \
                     index",
                    index.display(),
                    file.path
                ));
            }
            Err(e) => {
                return fail(format!(
                    "{}: {} cannot be read ({e}): run `pdn index` again",
                    index.display(),
                    file.path
                ));
            }
        }
    }
    // The hashes of the FENs in every variant of the index.
    let mut variants: Vec<Variant> = tables
        .games
        .iter()
        .filter_map(|g| Variant::ALL.get(g.variant as usize).copied())
        .collect();
    variants.sort();
    variants.dedup();
    let mut hashes = Vec::new();
    for v in &variants {
        let layout = pdnkit::notation::Layout::standard(*v);
        for fen in &query.fens {
            if let Ok(p) = pdnkit::notation::fen::position(fen, *v, &layout) {
                hashes.push(position_hash(*v, &p));
                if query.mirror {
                    hashes.push(position_hash(*v, &pdnkit::search::mirrored(&p)));
                }
            }
        }
    }
    let mut candidates: Vec<u32> = Vec::new();
    for seg in &tables.segments {
        for h in &hashes {
            match lookup(&mut f, seg, *h) {
                Ok(gs) => candidates.extend(gs.into_iter().map(|g| g + seg.first_game)),
                Err(e) => return fail(format!("{}: {e}", index.display())),
            }
        }
    }
    candidates.sort_unstable();
    candidates.dedup();
    let mut out = match super::output::Output::open(args.output.as_deref()) {
        Ok(o) => o,
        Err(e) => {
            let name = args.output.as_deref().unwrap_or(Path::new("-"));
            return fail(format!("cannot write {}: {e}", name.display()));
        }
    };
    let json = args.format == FindFormat::Json;
    let mut found = 0u64;
    let mut searcher = Searcher::new(query);
    let rules = rules_of(tables.rules);
    let mut written: io::Result<()> = Ok(());
    for id in candidates {
        let Some(g) = tables.games.get(id as usize) else {
            continue;
        };
        let Some(file) = tables.files.get(g.file as usize) else {
            continue;
        };
        let judged = judge_game(file, g, rules, &mut searcher);
        let (text, checked) = match judged {
            Ok(Some(x)) => x,
            Ok(None) => continue,
            Err(e) => return fail(format!("{}: {e}", file.path)),
        };
        found += 1;
        let Verdict::Hits(hits) = searcher.judge(&checked) else {
            continue;
        };
        let w = if args.list || json {
            let line = game_line(
                &file.path,
                &checked,
                &hits,
                json,
                Some((g.number as usize, g.line)),
            );
            out.write_all(line.as_bytes())
        } else {
            out.write_all(&text).and_then(|()| out.write_all(b"\n\n"))
        };
        if let Err(e) = w {
            written = Err(e);
            break;
        }
    }
    let written = written.and_then(|()| out.finish(true));
    eprintln!("pdn find: {found} game(s) found (from the index)");
    exit_after_write(written, if found > 0 { EXIT_OK } else { EXIT_FINDINGS })
}

/// Reads and replays one game of the index; `None` when it no longer matches what the index
/// said (it is confirmed by the caller).
fn judge_game(
    file: &FileEntry,
    g: &GameEntry,
    rules: RuleProfile,
    searcher: &mut Searcher<'_>,
) -> io::Result<Option<(Vec<u8>, CheckedGame)>> {
    let encoding = encoding_rs::Encoding::for_label(file.encoding.as_bytes());
    let mut options = CheckOptions::default();
    options.replay.record_moves = true;
    options.replay.rules = rules;
    options.encoding = encoding;
    if let Some(v) = Variant::ALL.get(g.variant as usize) {
        options.replay.variant = Some(ForcedVariant::Replay(*v));
    }
    let mut wanted = None;
    if file.ranges {
        let mut f = File::open(&file.path)?;
        f.seek(SeekFrom::Start(g.start))?;
        let mut bytes = Vec::new();
        (&mut f)
            .take(g.end.saturating_sub(g.start))
            .read_to_end(&mut bytes)?;
        check_stream(bytes.as_slice(), &options, |c| {
            if c.chunk.game.is_some() && wanted.is_none() {
                wanted = Some(c);
            }
        })?;
        return Ok(wanted
            .filter(|c| matches!(searcher.judge(c), Verdict::Hits(_)))
            .map(|c| (bytes, c)));
    }
    // Games of a file whose byte ranges are unknown: the whole file is read.
    options.replay.variant = None;
    let f = File::open(&file.path)?;
    check_stream(f, &options, |c| {
        if c.chunk.index == Some(g.number as usize) {
            wanted = Some(c);
        }
    })?;
    Ok(wanted
        .filter(|c| matches!(searcher.judge(c), Verdict::Hits(_)))
        .map(|c| (c.chunk.text.as_bytes().to_vec(), c)))
}
