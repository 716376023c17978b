//! The position index (`.pdnidx`): every position reached on each game's main line, as a
//! 64-bit hash ([`super::position_hash`]), with the game's file and byte range, so that a
//! query reads only the games that may hold a position. The format (docs/search.md):
//!
//! ```text
//! header   MAGIC (8 bytes) | version u32 | rules u32
//! segments one after another (see below)
//! tables   files, games, segments (see `Tables`)
//! footer   offset of the tables u64 | MAGIC
//! ```
//!
//! A segment holds the positions of a run of games of one file (at most
//! [`SEGMENT_ENTRIES`] entries, so building one holds a bounded amount in memory): `2^b + 1`
//! bucket starts (u32, little-endian), then its entries sorted by hash, each the 16 bits of the
//! hash after the bucket's `b` bits and the game's number in the segment (3 bytes). A lookup
//! reads the bucket's entries and keeps those whose 16 bits match: a candidate game, which the
//! query then replays to confirm (an entry stands for about 40 bits of the hash, so a false
//! candidate is rare but possible, and costs only its replay). All numbers are little-endian.

use std::io::{self, Read, Seek, SeekFrom, Write};

use crate::tally::{get_str, get_u64, put_str, put_u64};

/// The first and last 8 bytes of an index.
pub const MAGIC: &[u8; 8] = b"PDNIDX\r\n";

/// The version of the format this build reads and writes.
pub const VERSION: u32 = 1;

/// The most entries of one segment.
pub const SEGMENT_ENTRIES: usize = 1 << 20;

/// Bytes of an entry: 16 bits of hash, the game's number in its segment (3 bytes).
const ENTRY: usize = 5;

/// A file of the index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileEntry {
    /// Its path, as found.
    pub path: String,
    /// Its length in bytes when indexed.
    pub len: u64,
    /// Its modification time when indexed (nanoseconds since the epoch).
    pub mtime: u64,
    /// The label of its encoding.
    pub encoding: String,
    /// Its games' byte ranges are known (false for a legacy multi-byte encoding or a UTF-8
    /// file with invalid bytes: its games are read from the whole file).
    pub ranges: bool,
}

/// A game of the index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEntry {
    /// The index of its file in the files table.
    pub file: u32,
    /// Its number in its file (from 1).
    pub number: u32,
    /// Its first line.
    pub line: u32,
    /// The variant it was replayed as (index into [`crate::rules::Variant::ALL`]; 255: none).
    pub variant: u8,
    /// Its byte range in the file.
    pub start: u64,
    /// See `start`.
    pub end: u64,
}

/// A segment: where it is, which games it covers, how many buckets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SegmentEntry {
    /// Its first byte in the index.
    pub offset: u64,
    /// Its length in bytes.
    pub len: u64,
    /// The first game (index into the games table) it covers.
    pub first_game: u32,
    /// Its bucket bits.
    pub bits: u8,
    /// Its entries.
    pub entries: u64,
}

/// Builds a segment from `(hash, game number in segment)` pairs.
pub fn build_segment(mut entries: Vec<(u64, u32)>) -> (Vec<u8>, u8) {
    entries.sort_unstable();
    entries.dedup();
    let n = entries.len();
    let mut bits = 0u8;
    while (1usize << bits) * 8 < n && bits < 32 {
        bits += 1;
    }
    let buckets = 1usize << bits;
    let mut out = Vec::with_capacity((buckets + 1) * 4 + n * ENTRY);
    let bucket = |h: u64| {
        if bits == 0 {
            0
        } else {
            (h >> (64 - bits)) as usize
        }
    };
    let mut k = 0usize;
    for b in 0..=buckets {
        while k < n && bucket(entries[k].0) < b {
            k += 1;
        }
        out.extend_from_slice(&(k as u32).to_le_bytes());
    }
    for (h, g) in &entries {
        out.extend_from_slice(&fingerprint(*h, bits).to_le_bytes());
        out.extend_from_slice(&g.to_le_bytes()[..3]);
    }
    (out, bits)
}

/// The 16 bits of `h` after its first `bits`.
fn fingerprint(h: u64, bits: u8) -> u16 {
    ((h << bits) >> 48) as u16
}

/// The games of a segment (numbers in it) whose entries match `h`.
pub fn lookup<R: Read + Seek>(r: &mut R, seg: &SegmentEntry, h: u64) -> io::Result<Vec<u32>> {
    let b = if seg.bits == 0 {
        0
    } else {
        h >> (64 - seg.bits)
    };
    r.seek(SeekFrom::Start(seg.offset + 4 * b))?;
    let mut two = [0u8; 8];
    r.read_exact(&mut two)?;
    let from = u64::from(u32::from_le_bytes(two[..4].try_into().expect("4 bytes")));
    let to = u64::from(u32::from_le_bytes(two[4..].try_into().expect("4 bytes")));
    if to < from || to > seg.entries {
        return Err(io::Error::other("a segment's bucket table is damaged"));
    }
    let base = seg.offset + 4 * ((1u64 << seg.bits) + 1);
    r.seek(SeekFrom::Start(base + from * ENTRY as u64))?;
    let mut buf = vec![0u8; ((to - from) as usize) * ENTRY];
    r.read_exact(&mut buf)?;
    let fp = fingerprint(h, seg.bits);
    Ok(buf
        .chunks_exact(ENTRY)
        .filter(|e| u16::from_le_bytes([e[0], e[1]]) == fp)
        .map(|e| u32::from_le_bytes([e[2], e[3], e[4], 0]))
        .collect())
}

/// The tables at the end of an index.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tables {
    /// The rule profile the games were replayed under (0 modern, 1 huffing, 2 Polish 1902).
    pub rules: u32,
    /// Files.
    pub files: Vec<FileEntry>,
    /// Games, file by file.
    pub games: Vec<GameEntry>,
    /// Segments.
    pub segments: Vec<SegmentEntry>,
}

impl Tables {
    /// Writes the tables and the footer; `at` is where the tables start.
    pub fn write<W: Write>(&self, w: &mut W, at: u64) -> io::Result<()> {
        let mut out = Vec::new();
        put_u64(&mut out, self.files.len() as u64);
        for f in &self.files {
            put_str(&mut out, &f.path);
            put_u64(&mut out, f.len);
            put_u64(&mut out, f.mtime);
            put_str(&mut out, &f.encoding);
            put_u64(&mut out, u64::from(f.ranges));
        }
        put_u64(&mut out, self.games.len() as u64);
        for g in &self.games {
            for n in [
                u64::from(g.file),
                u64::from(g.number),
                u64::from(g.line),
                u64::from(g.variant),
                g.start,
                g.end,
            ] {
                put_u64(&mut out, n);
            }
        }
        put_u64(&mut out, self.segments.len() as u64);
        for s in &self.segments {
            for n in [
                s.offset,
                s.len,
                u64::from(s.first_game),
                u64::from(s.bits),
                s.entries,
            ] {
                put_u64(&mut out, n);
            }
        }
        w.write_all(&out)?;
        w.write_all(&at.to_le_bytes())?;
        w.write_all(MAGIC)
    }

    /// Reads the header and tables of an index; a file of another version or none is refused
    /// with a reason.
    pub fn read<R: Read + Seek>(r: &mut R) -> io::Result<Tables> {
        let bad = |why: &str| io::Error::new(io::ErrorKind::InvalidData, why.to_string());
        let mut head = [0u8; 16];
        r.seek(SeekFrom::Start(0))?;
        r.read_exact(&mut head)
            .map_err(|_| bad("too short to be a pdnkit index"))?;
        if &head[..8] != MAGIC {
            return Err(bad("not a pdnkit index (`pdn index` writes them)"));
        }
        let version = u32::from_le_bytes(head[8..12].try_into().expect("4 bytes"));
        if version != VERSION {
            return Err(bad(&format!(
                "an index of format version {version}; this pdn reads version {VERSION}: build \
                 it again with `pdn index`"
            )));
        }
        let rules = u32::from_le_bytes(head[12..16].try_into().expect("4 bytes"));
        let end = r.seek(SeekFrom::End(-16))?;
        let mut foot = [0u8; 16];
        r.read_exact(&mut foot)?;
        if &foot[8..] != MAGIC {
            return Err(bad(
                "the index is cut short (its footer is missing): build it again",
            ));
        }
        let at = u64::from_le_bytes(foot[..8].try_into().expect("8 bytes"));
        if at > end {
            return Err(bad("the index's footer is damaged: build it again"));
        }
        r.seek(SeekFrom::Start(at))?;
        let mut buf = Vec::new();
        r.take(end - at).read_to_end(&mut buf)?;
        let mut input = buf.as_slice();
        let damaged = || bad("the index's tables are damaged: build it again");
        let i = &mut input;
        let mut t = Tables {
            rules,
            ..Tables::default()
        };
        let n = get_u64(i).ok_or_else(damaged)?;
        for _ in 0..n {
            t.files.push(FileEntry {
                path: get_str(i).ok_or_else(damaged)?,
                len: get_u64(i).ok_or_else(damaged)?,
                mtime: get_u64(i).ok_or_else(damaged)?,
                encoding: get_str(i).ok_or_else(damaged)?,
                ranges: get_u64(i).ok_or_else(damaged)? != 0,
            });
        }
        let n = get_u64(i).ok_or_else(damaged)?;
        for _ in 0..n {
            let mut v = [0u64; 6];
            for x in &mut v {
                *x = get_u64(i).ok_or_else(damaged)?;
            }
            t.games.push(GameEntry {
                file: v[0] as u32,
                number: v[1] as u32,
                line: v[2] as u32,
                variant: v[3] as u8,
                start: v[4],
                end: v[5],
            });
        }
        let n = get_u64(i).ok_or_else(damaged)?;
        for _ in 0..n {
            let mut v = [0u64; 5];
            for x in &mut v {
                *x = get_u64(i).ok_or_else(damaged)?;
            }
            t.segments.push(SegmentEntry {
                offset: v[0],
                len: v[1],
                first_game: v[2] as u32,
                bits: v[3] as u8,
                entries: v[4],
            });
        }
        Ok(t)
    }
}

/// The header of an index.
pub fn header(rules: u32) -> Vec<u8> {
    let mut h = MAGIC.to_vec();
    h.extend_from_slice(&VERSION.to_le_bytes());
    h.extend_from_slice(&rules.to_le_bytes());
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_segment_finds_what_it_holds() {
        let entries: Vec<(u64, u32)> = (0..1000u64)
            .map(|i| (super::super::mix(i), (i % 37) as u32))
            .collect();
        let (bytes, bits) = build_segment(entries.clone());
        let seg = SegmentEntry {
            offset: 0,
            len: bytes.len() as u64,
            first_game: 0,
            bits,
            entries: 1000,
        };
        let mut r = io::Cursor::new(bytes);
        for (h, g) in entries {
            assert!(lookup(&mut r, &seg, h).unwrap().contains(&g));
        }
        let mut misses = 0;
        for i in 5000..6000u64 {
            misses += lookup(&mut r, &seg, super::super::mix(i)).unwrap().len();
        }
        assert!(misses <= 2, "{misses} false candidates");
    }
}
