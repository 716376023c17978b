//! `pdn fix --dry-run`: a unified diff of a file's text against its fixed text, made a game at
//! a time in bounded memory.
//!
//! The diff is the one `similar` gives for the whole file (`TextDiff::from_lines`, three lines
//! of context, `--- NAME` / `+++ NAME` headers, `\ No newline at end of file` after a last line
//! without a line break): fix changes text only inside games, so each changed game's lines are
//! compared on their own (`similar` again), and the lines around them are counted rather than
//! held. Hunks are grouped across games exactly as `similar` groups the operations of one diff:
//! an unchanged run of more than twice the context ends a hunk, a shorter one joins two.
//!
//! Held at a time: the game at hand, the last three unchanged lines (the context a change may
//! need before it), the lines of the hunk being made (in a temporary file past [`HELD`] bytes,
//! as is an unchanged line that long), a run of changed lines at a game's end (up to
//! [`RUN_HELD`] lines), and a line that a game's start splits when that game is changed.
//!
//! Where the whole-file diff can differ (both are diffs of the same texts, with the same
//! hunks' lines changed):
//! - a changed game's lines are aligned with the fixed lines of that game and the run held
//!   before it only. On a large file `similar`'s search gives up on the shortest diff in
//!   places and may align a change otherwise (on 52 MB of corpus games repeated, one hunk in
//!   65,131: three lines taken out and three put in where two and two do), or slide a change
//!   past a game's edge where equally short diffs tie;
//! - a run of changed lines with no unchanged line in it, longer than [`RUN_HELD`] lines and
//!   going through games (every line of many one-line games changed) is shown in pieces, each
//!   piece's lines taken out then put in, where the whole text's diff takes all of them out,
//!   then puts all in.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, BufWriter, Read, Seek, SeekFrom, Write};

use similar::{ChangeTag, DiffTag, TextDiff};

/// Unchanged lines shown around a change.
const CONTEXT: usize = 3;
/// Bytes a line or a hunk holds in memory before it goes to a temporary file.
pub const HELD: usize = 1 << 20;
/// Changed lines (taken out and put in) a run may hold while it waits for the next piece.
const RUN_HELD: usize = 64;
/// Output handed over at a time.
const BLOCK: usize = 1 << 16;

/// Bytes held in memory up to [`HELD`], then in a temporary file.
#[derive(Default)]
struct Spool {
    mem: Vec<u8>,
    file: Option<BufWriter<File>>,
    len: u64,
    last: Option<u8>,
}

impl Spool {
    fn of(bytes: &[u8]) -> io::Result<Spool> {
        let mut s = Spool::default();
        s.push(bytes)?;
        Ok(s)
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn push(&mut self, bytes: &[u8]) -> io::Result<()> {
        if bytes.is_empty() {
            return Ok(());
        }
        if self.file.is_none() && self.mem.len() + bytes.len() > HELD {
            let mut f = BufWriter::with_capacity(BLOCK, tempfile::tempfile()?);
            f.write_all(&self.mem)?;
            self.mem = Vec::new();
            self.file = Some(f);
        }
        match &mut self.file {
            Some(f) => f.write_all(bytes)?,
            None => self.mem.extend_from_slice(bytes),
        }
        self.len += bytes.len() as u64;
        self.last = bytes.last().copied();
        Ok(())
    }

    /// Hands the bytes held, in order, to `to`.
    fn read_out(&mut self, to: &mut dyn FnMut(&[u8]) -> io::Result<()>) -> io::Result<()> {
        match &mut self.file {
            None => to(&self.mem),
            Some(f) => {
                f.flush()?;
                let file = f.get_mut();
                file.seek(SeekFrom::Start(0))?;
                let mut buf = vec![0u8; BLOCK];
                let mut left = self.len;
                while left > 0 {
                    let n = file.read(&mut buf)?;
                    if n == 0 {
                        return Err(io::ErrorKind::UnexpectedEof.into());
                    }
                    let n = n.min(usize::try_from(left).unwrap_or(usize::MAX));
                    to(&buf[..n])?;
                    left -= n as u64;
                }
                file.seek(SeekFrom::End(0))?;
                Ok(())
            }
        }
    }

    /// The bytes held, as text (they were taken from text, cut at line breaks).
    fn into_string(mut self) -> io::Result<String> {
        let mut all = Vec::new();
        self.read_out(&mut |b| {
            all.extend_from_slice(b);
            Ok(())
        })?;
        String::from_utf8(all).map_err(io::Error::other)
    }
}

/// The end of the first line of `bytes` (after its line break: `\n`, `\r\n` or a lone `\r`),
/// or `None` when no line ends there yet (a `\r` at the very end may be followed by `\n`).
fn line_end(bytes: &[u8]) -> Option<usize> {
    let i = bytes.iter().position(|&b| b == b'\n' || b == b'\r')?;
    if bytes[i] == b'\n' {
        return Some(i + 1);
    }
    match bytes.get(i + 1) {
        None => None,
        Some(b'\n') => Some(i + 2),
        Some(_) => Some(i + 1),
    }
}

/// The length of the whole lines at the start of `text` (what follows the last line break).
fn whole_lines(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut at = 0;
    while let Some(n) = line_end(&bytes[at..]) {
        at += n;
    }
    at
}

/// The text of the line being read where it has not ended yet.
enum Partial {
    /// The same on both sides.
    Same(Spool),
    /// Different: a change split it (`old`, `new`).
    Apart(String, String),
}

/// A hunk being made.
struct Hunk {
    old_start: usize,
    new_start: usize,
    old_len: usize,
    new_len: usize,
    body: Spool,
    /// Unchanged lines since the last change.
    after: usize,
    /// Of those, the ones past the context: in the hunk only if another change comes soon.
    pending: Vec<Spool>,
}

/// The diff of one file, made as its games come.
pub struct Differ {
    name: String,
    /// Lines done on each side.
    old_line: usize,
    new_line: usize,
    partial: Partial,
    /// The last unchanged lines while no hunk is open.
    ring: VecDeque<Spool>,
    hunk: Option<Hunk>,
    /// Hunks made and not yet handed over: their header line and their lines.
    made: Vec<(String, Spool)>,
    /// Output not yet handed over (less than a block).
    out: Vec<u8>,
    headed: bool,
    /// The output went away.
    gone: bool,
}

/// Where output goes: false once it has gone away.
pub type Emit<'a> = &'a mut dyn FnMut(Vec<u8>) -> bool;

impl Differ {
    /// The diff of the file shown as `name`.
    pub fn new(name: &str) -> Differ {
        Differ {
            name: name.to_string(),
            old_line: 0,
            new_line: 0,
            partial: Partial::Same(Spool::default()),
            ring: VecDeque::new(),
            hunk: None,
            made: Vec::new(),
            out: Vec::new(),
            headed: false,
            gone: false,
        }
    }

    /// The next piece of the file: `old` as read, `new` as fixed.
    pub fn piece(&mut self, old: &str, new: &str, emit: Emit) -> io::Result<()> {
        if self.gone {
            return Ok(());
        }
        if old == new && matches!(self.partial, Partial::Same(_)) {
            self.same(old.as_bytes())?;
        } else {
            let (mut o, mut n) = match self.take_partial() {
                Partial::Same(s) => {
                    let s = s.into_string()?;
                    (s.clone(), s)
                }
                Partial::Apart(o, n) => (o, n),
            };
            o.push_str(old);
            n.push_str(new);
            self.split(o, n)?;
        }
        self.flush(emit, false)
    }

    /// The next piece of the file, the same on both sides (a game written as it was, a block
    /// at a time).
    pub fn same_piece(&mut self, text: &str, emit: Emit) -> io::Result<()> {
        if self.gone {
            return Ok(());
        }
        let mut text = text;
        while !text.is_empty() {
            // The line a change split ends in this piece: it is compared whole.
            let (mut o, mut n) = match self.take_partial() {
                Partial::Apart(o, n) => (o, n),
                same => {
                    self.partial = same;
                    break;
                }
            };
            let cut = line_end(text.as_bytes()).unwrap_or(text.len());
            o.push_str(&text[..cut]);
            n.push_str(&text[..cut]);
            text = &text[cut..];
            self.split(o, n)?;
        }
        if matches!(self.partial, Partial::Same(_)) {
            self.same(text.as_bytes())?;
        }
        self.flush(emit, false)
    }

    /// The file is over: the last line, the last hunk.
    pub fn finish(mut self, emit: Emit) -> io::Result<()> {
        if self.gone {
            return Ok(());
        }
        match self.take_partial() {
            Partial::Same(s) => {
                if !s.is_empty() {
                    self.equal(s)?;
                }
            }
            Partial::Apart(o, n) => self.lines(&o, &n)?,
        }
        if let Some(h) = self.hunk.take() {
            self.close(h);
        }
        self.flush(emit, true)
    }

    fn take_partial(&mut self) -> Partial {
        std::mem::replace(&mut self.partial, Partial::Same(Spool::default()))
    }

    /// Compares the whole lines of `o` and `n` up to the last unchanged one; the changes
    /// after it and what follows the last line break of each wait for the next piece, to be
    /// compared with it as the whole file's diff would (a run of changes is not cut where a
    /// game ends).
    fn split(&mut self, o: String, n: String) -> io::Result<()> {
        let (oe, ne) = (whole_lines(&o), whole_lines(&n));
        let tails_same = o[oe..] == n[ne..];
        let (ob, nb) = if o[..oe] == n[..ne] {
            self.lines(&o[..oe], &n[..ne])?;
            (oe, ne)
        } else {
            let diff = TextDiff::from_lines(&o[..oe], &n[..ne]);
            let ops = diff.ops();
            let mut settled = match ops.last() {
                Some(op) if tails_same && op.tag() == DiffTag::Equal => ops.len(),
                _ => ops
                    .iter()
                    .rposition(|op| op.tag() == DiffTag::Equal)
                    .map_or(0, |i| i + 1),
            };
            // A run of changed lines is held at most this long: it is compared again with
            // each piece that follows.
            let held: usize = ops[settled..]
                .iter()
                .map(|op| op.old_range().len() + op.new_range().len())
                .sum();
            if held > RUN_HELD {
                settled = ops.len();
            }
            let (mut ob, mut nb) = (0, 0);
            for op in &ops[..settled] {
                for change in diff.iter_changes(op) {
                    let line = change.value().as_bytes();
                    match change.tag() {
                        ChangeTag::Equal => {
                            ob += line.len();
                            nb += line.len();
                            self.equal(Spool::of(line)?)?;
                        }
                        ChangeTag::Delete => {
                            ob += line.len();
                            self.change(b'-', line)?;
                        }
                        ChangeTag::Insert => {
                            nb += line.len();
                            self.change(b'+', line)?;
                        }
                    }
                }
            }
            (ob, nb)
        };
        self.partial = if o[ob..] == n[nb..] {
            Partial::Same(Spool::of(&o.as_bytes()[ob..])?)
        } else {
            Partial::Apart(o[ob..].to_string(), n[nb..].to_string())
        };
        Ok(())
    }

    /// Unchanged text, in sync: whole lines go by, the last one waits in `partial`.
    fn same(&mut self, bytes: &[u8]) -> io::Result<()> {
        let mut part = match self.take_partial() {
            Partial::Same(part) => part,
            apart => {
                self.partial = apart;
                return Err(io::Error::other("the diff lost its place in the text"));
            }
        };
        let mut at = 0;
        if !part.is_empty() && !bytes.is_empty() {
            // A line begun earlier ends here; a `\r` it ended with may be followed by `\n`.
            let end = if part.last == Some(b'\r') {
                Some(usize::from(bytes[0] == b'\n'))
            } else {
                line_end(bytes)
            };
            if let Some(e) = end {
                part.push(&bytes[..e])?;
                self.equal(std::mem::take(&mut part))?;
                at = e;
            } else {
                at = bytes.len();
                part.push(bytes)?;
            }
        }
        // While no hunk is open, only the last lines are kept.
        let mut last: VecDeque<(usize, usize)> = VecDeque::new();
        while let Some(n) = line_end(&bytes[at..]) {
            let (a, b) = (at, at + n);
            at = b;
            if self.hunk.is_some() {
                self.equal(Spool::of(&bytes[a..b])?)?;
            } else {
                self.old_line += 1;
                self.new_line += 1;
                last.push_back((a, b));
                if last.len() > CONTEXT {
                    last.pop_front();
                }
            }
        }
        for (a, b) in last {
            self.ring.push_back(Spool::of(&bytes[a..b])?);
            if self.ring.len() > CONTEXT {
                self.ring.pop_front();
            }
        }
        part.push(&bytes[at..])?;
        self.partial = Partial::Same(part);
        Ok(())
    }

    /// Whole lines (the last one may lack its line break at the end of the file), compared.
    fn lines(&mut self, old: &str, new: &str) -> io::Result<()> {
        if old == new {
            let b = old.as_bytes();
            let mut at = 0;
            while at < b.len() {
                let n = line_end(&b[at..]).unwrap_or(b.len() - at);
                self.equal(Spool::of(&b[at..at + n])?)?;
                at += n;
            }
            return Ok(());
        }
        let diff = TextDiff::from_lines(old, new);
        for op in diff.ops() {
            for change in diff.iter_changes(op) {
                let line = change.value().as_bytes();
                match change.tag() {
                    ChangeTag::Equal => self.equal(Spool::of(line)?)?,
                    ChangeTag::Delete => self.change(b'-', line)?,
                    ChangeTag::Insert => self.change(b'+', line)?,
                }
            }
        }
        Ok(())
    }

    /// An unchanged line.
    fn equal(&mut self, mut line: Spool) -> io::Result<()> {
        self.old_line += 1;
        self.new_line += 1;
        let Some(h) = &mut self.hunk else {
            self.ring.push_back(line);
            if self.ring.len() > CONTEXT {
                self.ring.pop_front();
            }
            return Ok(());
        };
        h.after += 1;
        if h.after <= CONTEXT {
            put(&mut h.body, b' ', &mut line)?;
            h.old_len += 1;
            h.new_len += 1;
        } else if h.after <= 2 * CONTEXT {
            h.pending.push(line);
        } else if let Some(mut h) = self.hunk.take() {
            // More unchanged lines than two contexts: the hunk ends, the last ones lead the
            // next.
            self.ring = std::mem::take(&mut h.pending).into();
            self.ring.push_back(line);
            while self.ring.len() > CONTEXT {
                self.ring.pop_front();
            }
            self.close(h);
        }
        Ok(())
    }

    /// A line taken out (`-`) or put in (`+`).
    fn change(&mut self, tag: u8, line: &[u8]) -> io::Result<()> {
        let h = match &mut self.hunk {
            Some(h) => {
                for mut p in std::mem::take(&mut h.pending) {
                    put(&mut h.body, b' ', &mut p)?;
                    h.old_len += 1;
                    h.new_len += 1;
                }
                h
            }
            None => {
                let lead = self.ring.len();
                let mut h = Hunk {
                    old_start: self.old_line - lead,
                    new_start: self.new_line - lead,
                    old_len: lead,
                    new_len: lead,
                    body: Spool::default(),
                    after: 0,
                    pending: Vec::new(),
                };
                for mut l in std::mem::take(&mut self.ring) {
                    put(&mut h.body, b' ', &mut l)?;
                }
                self.hunk.insert(h)
            }
        };
        h.after = 0;
        put(&mut h.body, tag, &mut Spool::of(line)?)?;
        if tag == b'-' {
            h.old_len += 1;
            self.old_line += 1;
        } else {
            h.new_len += 1;
            self.new_line += 1;
        }
        Ok(())
    }

    /// A hunk is complete: it waits to be handed over.
    fn close(&mut self, h: Hunk) {
        let head = format!(
            "@@ -{} +{} @@\n",
            range(h.old_start, h.old_len),
            range(h.new_start, h.new_len)
        );
        self.made.push((head, h.body));
    }

    /// Hands over the hunks made, a block at a time.
    fn flush(&mut self, emit: Emit, last: bool) -> io::Result<()> {
        let mut out = std::mem::take(&mut self.out);
        if !self.made.is_empty() && !self.headed {
            self.headed = true;
            out.extend_from_slice(format!("--- {}\n+++ {}\n", self.name, self.name).as_bytes());
        }
        let mut open = true;
        for (head, mut body) in std::mem::take(&mut self.made) {
            out.extend_from_slice(head.as_bytes());
            body.read_out(&mut |b| {
                out.extend_from_slice(b);
                if out.len() >= BLOCK {
                    open = open && emit(std::mem::take(&mut out));
                }
                Ok(())
            })?;
        }
        // Short hunks wait to go out together.
        if last || out.len() >= BLOCK {
            open = open && emit(std::mem::take(&mut out));
        }
        self.out = out;
        self.gone = !open;
        Ok(())
    }
}

/// A hunk's range of lines, as `similar` writes it: `START,LEN`, `START` alone for one line,
/// and the line before for none.
fn range(start: usize, len: usize) -> String {
    match len {
        1 => format!("{}", start + 1),
        0 => format!("{start},0"),
        _ => format!("{},{len}", start + 1),
    }
}

/// One line of a hunk: its tag, the line, and the note for a last line without a line break.
fn put(body: &mut Spool, tag: u8, line: &mut Spool) -> io::Result<()> {
    body.push(&[tag])?;
    let ends = matches!(line.last, Some(b'\n' | b'\r'));
    line.read_out(&mut |b| body.push(b))?;
    if !ends {
        body.push(b"\n\\ No newline at end of file\n")?;
    }
    Ok(())
}
