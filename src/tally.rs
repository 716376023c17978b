//! Counts by key in bounded memory, for statistics over collections of any size.
//!
//! A [`Tally`] holds its entries in memory up to a budget of bytes ([`HELD_BYTES`] unless asked
//! otherwise). Past it, the entries go, sorted by key, to a temporary file (a run) and the tally
//! starts again empty. Runs are merged [`FAN_IN`] at a time into one of the next level, so a
//! tally never has more than `FAN_IN - 1` runs of a level open and every entry is rewritten
//! once per level (the levels grow as the logarithm of the entries). Reading a tally back merges
//! its runs and what it holds, adding up the counts of a key met in more than one
//! ([`Tally::sorted`]), or ranks every key by games, most first ([`Tally::ranked`]), which sorts
//! through runs of its own the same way.
//!
//! A run that cannot be written (no temporary file, a full disk) leaves the entries in memory:
//! nothing is lost, the tally holds more than its budget, and [`Tally::trouble`] says why.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, Write};

/// Bytes a tally holds in memory (its estimate of them) before it writes a run.
pub const HELD_BYTES: usize = 1 << 20;

/// Runs of one level merged into one run of the next.
pub const FAN_IN: usize = 16;

/// What a tally counts under a key.
pub trait Count: Default {
    /// Adds the count of the same key from elsewhere (another file, another run).
    fn absorb(&mut self, other: Self);
    /// Games counted under the key: [`Tally::ranked`] ranks keys by it.
    fn games(&self) -> u64;
    /// Bytes it holds on the heap, for the budget.
    fn heap_bytes(&self) -> usize {
        0
    }
    /// Appends itself to `out` as [`Count::decode`] reads it back.
    fn encode(&self, out: &mut Vec<u8>);
    /// Reads back what [`Count::encode`] wrote, moving `input` past it; `None` when `input`
    /// does not hold one.
    fn decode(input: &mut &[u8]) -> Option<Self>;
}

impl Count for u64 {
    fn absorb(&mut self, other: Self) {
        *self += other;
    }

    fn games(&self) -> u64 {
        *self
    }

    fn encode(&self, out: &mut Vec<u8>) {
        put_u64(out, *self);
    }

    fn decode(input: &mut &[u8]) -> Option<Self> {
        get_u64(input)
    }
}

/// Appends `n` to `out` in seven-bit groups, low first, the high bit set on all but the last.
pub fn put_u64(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// Reads back what [`put_u64`] wrote.
pub fn get_u64(input: &mut &[u8]) -> Option<u64> {
    let mut n = 0u64;
    for shift in (0..64).step_by(7) {
        let (&b, rest) = input.split_first()?;
        *input = rest;
        n |= u64::from(b & 0x7f).checked_shl(shift)?;
        if b < 0x80 {
            return Some(n);
        }
    }
    None
}

/// Appends `s` to `out`, its length first.
pub fn put_str(out: &mut Vec<u8>, s: &str) {
    put_u64(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

/// Reads back what [`put_str`] wrote.
pub fn get_str(input: &mut &[u8]) -> Option<String> {
    let len = usize::try_from(get_u64(input)?).ok()?;
    if input.len() < len {
        return None;
    }
    let (s, rest) = input.split_at(len);
    *input = rest;
    String::from_utf8(s.to_vec()).ok()
}

/// Bytes an entry is taken to hold in memory: its key, its count, and the map's own share.
fn entry_bytes<V: Count>(key: &str, v: &V) -> usize {
    key.len() + std::mem::size_of::<(String, V)>() + v.heap_bytes() + 32
}

/// The order entries are merged in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Order {
    /// By key; entries of one key are added up.
    Key,
    /// By games, most first, then by key.
    Rank,
}

impl Order {
    fn cmp<V: Count>(self, a: &(String, V), b: &(String, V)) -> Ordering {
        match self {
            Order::Key => a.0.cmp(&b.0),
            Order::Rank => b.1.games().cmp(&a.1.games()).then_with(|| a.0.cmp(&b.0)),
        }
    }
}

/// A temporary file of entries in one [`Order`], and the level it was merged to.
struct Run {
    level: u32,
    file: File,
}

/// A run being written: entries pushed in order go to a new temporary file.
struct RunWriter {
    out: BufWriter<File>,
    record: Vec<u8>,
}

impl RunWriter {
    fn new() -> io::Result<Self> {
        Ok(RunWriter {
            out: BufWriter::with_capacity(1 << 16, crate::scratch::scratch_file()?),
            record: Vec::new(),
        })
    }

    fn push<V: Count>(&mut self, key: &str, v: &V) -> io::Result<()> {
        self.record.clear();
        put_str(&mut self.record, key);
        v.encode(&mut self.record);
        let mut len = Vec::with_capacity(4);
        put_u64(&mut len, self.record.len() as u64);
        self.out.write_all(&len)?;
        self.out.write_all(&self.record)
    }

    fn finish(self) -> io::Result<File> {
        let mut file = self.out.into_inner().map_err(|e| e.into_error())?;
        file.rewind()?;
        Ok(file)
    }
}

/// Writes `entries`, in order, to a new temporary file.
fn write_run<V: Count>(entries: impl Iterator<Item = io::Result<(String, V)>>) -> io::Result<File> {
    let mut w = RunWriter::new()?;
    for e in entries {
        let (k, v) = e?;
        w.push(&k, &v)?;
    }
    w.finish()
}

/// Writes held entries (in key order) to a new temporary file, leaving them held.
fn write_held<V: Count>(held: &BTreeMap<String, V>) -> io::Result<File> {
    let mut w = RunWriter::new()?;
    for (k, v) in held {
        w.push(k, v)?;
    }
    w.finish()
}

/// Where merged entries come from.
enum Source<V> {
    Run(BufReader<File>, Vec<u8>),
    Held(std::collections::btree_map::IntoIter<String, V>),
    Sorted(std::vec::IntoIter<(String, V)>),
}

fn corrupt() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        "a temporary file of counts did not read back as written",
    )
}

impl<V: Count> Source<V> {
    fn run(file: File) -> Self {
        Source::Run(BufReader::with_capacity(1 << 15, file), Vec::new())
    }

    fn next(&mut self) -> io::Result<Option<(String, V)>> {
        match self {
            Source::Held(it) => Ok(it.next()),
            Source::Sorted(it) => Ok(it.next()),
            Source::Run(r, buf) => {
                // The record's length, seven bits a byte.
                let mut len = 0u64;
                let mut shift = 0;
                loop {
                    let mut b = [0u8];
                    match r.read(&mut b)? {
                        0 if shift == 0 => return Ok(None),
                        0 => return Err(corrupt()),
                        _ => {}
                    }
                    len |= u64::from(b[0] & 0x7f) << shift;
                    if b[0] < 0x80 {
                        break;
                    }
                    shift += 7;
                    if shift >= 64 {
                        return Err(corrupt());
                    }
                }
                buf.resize(usize::try_from(len).map_err(|_| corrupt())?, 0);
                r.read_exact(buf)?;
                let mut input = buf.as_slice();
                let key = get_str(&mut input).ok_or_else(corrupt)?;
                let v = V::decode(&mut input).ok_or_else(corrupt)?;
                if !input.is_empty() {
                    return Err(corrupt());
                }
                Ok(Some((key, v)))
            }
        }
    }
}

/// Entries of several sources, each in `order`, merged in that order.
struct Merge<V> {
    order: Order,
    sources: Vec<Source<V>>,
    heads: Vec<Option<(String, V)>>,
}

impl<V: Count> Merge<V> {
    fn new(order: Order, mut sources: Vec<Source<V>>) -> io::Result<Self> {
        let heads = sources
            .iter_mut()
            .map(Source::next)
            .collect::<io::Result<_>>()?;
        Ok(Merge {
            order,
            sources,
            heads,
        })
    }

    /// The next entry; in key order, one per key, its counts added up in source order.
    fn next_entry(&mut self) -> io::Result<Option<(String, V)>> {
        let mut first: Option<usize> = None;
        for (i, h) in self.heads.iter().enumerate() {
            if let Some(h) = h {
                let better = match first.and_then(|f| self.heads[f].as_ref()) {
                    None => true,
                    Some(best) => self.order.cmp(h, best) == Ordering::Less,
                };
                if better {
                    first = Some(i);
                }
            }
        }
        let Some(i) = first else {
            return Ok(None);
        };
        let mut out = self.take(i)?;
        if self.order == Order::Key {
            for j in i + 1..self.heads.len() {
                while self.heads[j].as_ref().is_some_and(|h| h.0 == out.0) {
                    out.1.absorb(self.take(j)?.1);
                }
            }
        }
        Ok(Some(out))
    }

    fn take(&mut self, i: usize) -> io::Result<(String, V)> {
        let next = self.sources[i].next()?;
        Ok(std::mem::replace(&mut self.heads[i], next).expect("a head is taken only when there"))
    }
}

impl<V: Count> Iterator for Merge<V> {
    type Item = io::Result<(String, V)>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_entry().transpose()
    }
}

/// Runs in one order, merged a level at a time.
struct Runs {
    order: Order,
    runs: Vec<Run>,
}

impl Runs {
    fn new(order: Order) -> Self {
        Runs {
            order,
            runs: Vec::new(),
        }
    }

    /// Adds a run of level 0, then merges every level that has [`FAN_IN`] runs. A merge that
    /// fails leaves the runs as they were.
    fn push<V: Count>(&mut self, file: File) -> io::Result<()> {
        self.runs.push(Run { level: 0, file });
        self.compact::<V>()
    }

    fn compact<V: Count>(&mut self) -> io::Result<()> {
        loop {
            let mut levels: BTreeMap<u32, usize> = BTreeMap::new();
            for r in &self.runs {
                *levels.entry(r.level).or_default() += 1;
            }
            let Some((&level, _)) = levels.iter().find(|(_, n)| **n >= FAN_IN) else {
                return Ok(());
            };
            let mut sources = Vec::new();
            for r in self.runs.iter().filter(|r| r.level == level) {
                let mut f = r.file.try_clone()?;
                f.rewind()?;
                sources.push(Source::<V>::run(f));
            }
            let merged = write_run(Merge::new(self.order, sources)?)?;
            self.runs.retain(|r| r.level != level);
            self.runs.push(Run {
                level: level + 1,
                file: merged,
            });
        }
    }

    fn sources<V: Count>(self) -> io::Result<Vec<Source<V>>> {
        self.runs
            .into_iter()
            .map(|mut r| {
                r.file.rewind()?;
                Ok(Source::run(r.file))
            })
            .collect()
    }
}

/// Counts by key, in memory up to a budget and in sorted runs on disk past it.
pub struct Tally<V> {
    held: BTreeMap<String, V>,
    held_bytes: usize,
    budget: usize,
    runs: Runs,
    trouble: Option<io::Error>,
}

impl<V> fmt::Debug for Tally<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tally")
            .field("held", &self.held.len())
            .field("runs", &self.runs.runs.len())
            .finish()
    }
}

impl<V: Count> Default for Tally<V> {
    fn default() -> Self {
        Tally::new(HELD_BYTES)
    }
}

impl<V: Count> Tally<V> {
    /// An empty tally that holds about `budget` bytes in memory before it writes a run.
    pub fn new(budget: usize) -> Self {
        Tally {
            held: BTreeMap::new(),
            held_bytes: 0,
            budget,
            runs: Runs::new(Order::Key),
            trouble: None,
        }
    }

    /// Whether it counts nothing.
    pub fn is_empty(&self) -> bool {
        self.held.is_empty() && self.runs.runs.is_empty()
    }

    /// Runs written so far and not yet merged away (for tests and measures).
    pub fn runs(&self) -> usize {
        self.runs.runs.len()
    }

    /// Why a run could not be written, when one could not: the entries it would have held are
    /// still held in memory.
    pub fn trouble(&self) -> Option<&io::Error> {
        self.trouble.as_ref()
    }

    /// Records why a run could not be written elsewhere, for [`Tally::trouble`] to say (the
    /// first reason is kept).
    pub fn note_trouble(&mut self, e: io::Error) {
        self.trouble.get_or_insert(e);
    }

    /// Counts under `key`: `count` is given the key's count so far in memory (a new one if it
    /// has none there) and changes it.
    pub fn add(&mut self, key: &str, count: impl FnOnce(&mut V)) {
        match self.held.get_mut(key) {
            Some(v) => {
                let before = v.heap_bytes();
                count(v);
                self.held_bytes = (self.held_bytes + v.heap_bytes()).saturating_sub(before);
            }
            None => {
                let mut v = V::default();
                count(&mut v);
                self.held_bytes += entry_bytes(key, &v);
                self.held.insert(key.to_string(), v);
            }
        }
        self.spill_if_over();
    }

    /// Adds `v` to the count of `key`.
    pub fn add_count(&mut self, key: String, v: V) {
        match self.held.get_mut(&key) {
            Some(held) => {
                let before = held.heap_bytes();
                held.absorb(v);
                self.held_bytes = (self.held_bytes + held.heap_bytes()).saturating_sub(before);
            }
            None => {
                self.held_bytes += entry_bytes(&key, &v);
                self.held.insert(key, v);
            }
        }
        self.spill_if_over();
    }

    /// Adds every count of `other`, and takes over its runs.
    pub fn absorb(&mut self, other: Tally<V>) {
        for (k, v) in other.held {
            self.add_count(k, v);
        }
        if self.trouble.is_none() {
            self.trouble = other.trouble;
        }
        if other.runs.runs.is_empty() {
            return;
        }
        self.runs.runs.extend(other.runs.runs);
        if let Err(e) = self.runs.compact::<V>() {
            self.trouble.get_or_insert(e);
        }
    }

    fn spill_if_over(&mut self) {
        if self.held_bytes <= self.budget || self.trouble.is_some() {
            return;
        }
        match write_held(&self.held) {
            Ok(file) => {
                self.held.clear();
                self.held_bytes = 0;
                if let Err(e) = self.runs.push::<V>(file) {
                    self.trouble = Some(e);
                }
            }
            Err(e) => self.trouble = Some(e),
        }
    }

    /// Every key once, in key order, with its counts added up.
    pub fn sorted(self) -> io::Result<impl Iterator<Item = io::Result<(String, V)>>> {
        let mut sources = self.runs.sources()?;
        sources.push(Source::Held(self.held.into_iter()));
        Merge::new(Order::Key, sources)
    }

    /// Every key once, ranked by games (most first, then by key). `observe` sees each entry
    /// first, in key order.
    pub fn ranked(self, mut observe: impl FnMut(&str, &V)) -> io::Result<Ranked<V>> {
        let budget = self.budget;
        if self.runs.runs.is_empty() {
            let mut all: Vec<(String, V)> = self.held.into_iter().collect();
            for (k, v) in &all {
                observe(k, v);
            }
            all.sort_by(|a, b| Order::Rank.cmp(a, b));
            let distinct = all.len() as u64;
            return Ok(Ranked {
                merge: Merge::new(Order::Rank, vec![Source::Sorted(all.into_iter())])?,
                distinct,
            });
        }
        let mut runs = Runs::new(Order::Rank);
        let mut batch: Vec<(String, V)> = Vec::new();
        let (mut bytes, mut distinct) = (0, 0u64);
        for e in self.sorted()? {
            let (k, v) = e?;
            observe(&k, &v);
            distinct += 1;
            bytes += entry_bytes(&k, &v);
            batch.push((k, v));
            if bytes > budget {
                batch.sort_by(|a, b| Order::Rank.cmp(a, b));
                runs.push::<V>(write_run(batch.drain(..).map(Ok))?)?;
                bytes = 0;
            }
        }
        batch.sort_by(|a, b| Order::Rank.cmp(a, b));
        let mut sources = runs.sources()?;
        sources.push(Source::Sorted(batch.into_iter()));
        Ok(Ranked {
            merge: Merge::new(Order::Rank, sources)?,
            distinct,
        })
    }
}

/// The keys of a tally ranked by games, most first (then by key), each once.
pub struct Ranked<V> {
    merge: Merge<V>,
    distinct: u64,
}

impl<V> Ranked<V> {
    /// Keys in all.
    pub fn distinct(&self) -> u64 {
        self.distinct
    }
}

impl<V: Count> Iterator for Ranked<V> {
    type Item = io::Result<(String, V)>;

    fn next(&mut self) -> Option<Self::Item> {
        self.merge.next_entry().transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(t: Tally<u64>) -> Vec<(String, u64)> {
        t.sorted().unwrap().map(Result::unwrap).collect()
    }

    #[test]
    fn numbers_and_strings_read_back() {
        let mut out = Vec::new();
        for n in [0, 1, 127, 128, 300, u64::MAX] {
            put_u64(&mut out, n);
        }
        put_str(&mut out, "Sijbrands, T.");
        let mut input = out.as_slice();
        for n in [0, 1, 127, 128, 300, u64::MAX] {
            assert_eq!(get_u64(&mut input), Some(n));
        }
        assert_eq!(get_str(&mut input).as_deref(), Some("Sijbrands, T."));
        assert!(input.is_empty());
        assert_eq!(get_u64(&mut [0x80u8; 11].as_slice()), None);
        assert_eq!(get_str(&mut [5u8, b'a'].as_slice()), None);
    }

    /// The same counts, added in the same order, with a budget that keeps everything in memory
    /// and with one that writes a run every few keys (so that runs are merged a level up too).
    fn both(keys: &[String]) -> (Tally<u64>, Tally<u64>) {
        let (mut whole, mut spilled) = (Tally::new(usize::MAX), Tally::new(200));
        for k in keys {
            whole.add(k, |n| *n += 1);
            spilled.add(k, |n| *n += 1);
        }
        (whole, spilled)
    }

    fn keys(n: usize) -> Vec<String> {
        // Key i appears (i % 7) + 1 times, spread over the input.
        let mut out = Vec::new();
        for round in 0..7 {
            for i in 0..n {
                if i % 7 >= round {
                    out.push(format!("key {:05}", (i * 7919) % n));
                }
            }
        }
        out
    }

    #[test]
    fn spilled_counts_add_up_as_held_ones() {
        let (whole, spilled) = both(&keys(2000));
        assert_eq!(whole.runs(), 0);
        assert!(spilled.runs() > 1, "{} runs", spilled.runs());
        assert!(spilled.runs() < 2 * FAN_IN, "{} runs", spilled.runs());
        let expected = counts(whole);
        assert_eq!(expected.len(), 2000);
        assert_eq!(counts(spilled), expected);
    }

    #[test]
    fn spilled_ranks_come_out_as_held_ones() {
        let (whole, spilled) = both(&keys(1500));
        let (mut seen_whole, mut seen_spilled) = (0, 0);
        let whole = whole.ranked(|_, _| seen_whole += 1).unwrap();
        let spilled = spilled.ranked(|_, _| seen_spilled += 1).unwrap();
        assert_eq!((whole.distinct(), spilled.distinct()), (1500, 1500));
        assert_eq!((seen_whole, seen_spilled), (1500, 1500));
        let whole: Vec<_> = whole.map(Result::unwrap).collect();
        let spilled: Vec<_> = spilled.map(Result::unwrap).collect();
        assert_eq!(spilled, whole);
        assert!(
            whole
                .windows(2)
                .all(|w| w[0].1 > w[1].1 || (w[0].1 == w[1].1 && w[0].0 < w[1].0))
        );
        assert_eq!(whole[0].1, 7);
    }

    #[test]
    fn absorbing_takes_over_runs_and_held_counts() {
        let (mut a, mut b) = (Tally::new(300), Tally::new(300));
        let mut whole = Tally::new(usize::MAX);
        for (i, k) in keys(900).iter().enumerate() {
            if i % 3 == 0 { &mut a } else { &mut b }.add(k, |n| *n += 1);
            whole.add(k, |n| *n += 1);
        }
        assert!(a.runs() > 0 && b.runs() > 0);
        a.absorb(b);
        assert_eq!(counts(a), counts(whole));
    }

    #[test]
    fn a_damaged_run_is_an_error_not_a_count() {
        let mut f = crate::scratch::scratch_file().unwrap();
        // A record of nine bytes of which three are there.
        f.write_all(&[9, 3, b'a']).unwrap();
        f.rewind().unwrap();
        assert!(Source::<u64>::run(f).next().is_err());
        // A whole record whose count is missing.
        let mut f = crate::scratch::scratch_file().unwrap();
        f.write_all(&[2, 1, b'a']).unwrap();
        f.rewind().unwrap();
        assert_eq!(
            Source::<u64>::run(f).next().unwrap_err().kind(),
            io::ErrorKind::InvalidData
        );
    }
}
