//! `pdn fix --in-place`: the fixed text written as it is made into a temporary file, in the
//! file's own encoding, and put in the file's place at the end when something was repaired
//! ([`put_in_place`]: renamed over it, or copied into it when the file has other names or an
//! owner a new file cannot be given). A symbolic link is followed (the link stays); a name
//! that is not a regular file (a device, a FIFO, a link to standard input) or a file the run
//! may not write is not rewritten.
//!
//! The file's own encoding is the first of these that gives back the file's bytes from the
//! text read: UTF-8, UTF-8 with a byte-order mark, UTF-16 (little-endian, then big-endian)
//! with one, the `--encoding` asked, Windows-1252. Each is tried as the text comes, against
//! the file's bytes read again beside the check; one that does not give them back is dropped.
//! The fixed text is written in the first one still standing, and the others' bytes of it
//! are compared with what was written: the file is renamed over only when the encoding that
//! stands at the end wrote (or would have written) exactly those bytes.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

use encoding_rs::{Encoder, EncoderResult, Encoding};

use crate::cli::output::{Staged, put_in_place};

/// Why a file is not rewritten when its encoding does not give its bytes back.
const NOT_BACK: &str = "the file changed while it was read, or its encoding cannot be written back; use -o FILE to write UTF-8";

/// A way of turning text into the file's bytes.
#[derive(Clone, Copy)]
enum Kind {
    Utf8,
    Utf8Bom,
    Utf16 { le: bool },
    Single(&'static Encoding),
}

/// One candidate encoding and how far it has given the file back.
struct Form {
    kind: Kind,
    /// The file, read as far as this form gave it back; `None` once it did not.
    file: Option<BufReader<File>>,
    read: Option<Encoder>,
    fixed: Option<Encoder>,
    /// Its bytes of the fixed text are those written so far.
    same: bool,
    /// It cannot write some character of the fixed text.
    unwritable: bool,
}

impl Form {
    fn new(kind: Kind) -> Form {
        let encoder = || match kind {
            Kind::Single(e) => Some(e.new_encoder()),
            _ => None,
        };
        Form {
            kind,
            file: None,
            read: encoder(),
            fixed: encoder(),
            same: true,
            unwritable: false,
        }
    }

    fn prefix(&self) -> &'static [u8] {
        match self.kind {
            Kind::Utf8 | Kind::Single(_) => b"",
            Kind::Utf8Bom => b"\xEF\xBB\xBF",
            Kind::Utf16 { le: true } => b"\xFF\xFE",
            Kind::Utf16 { le: false } => b"\xFE\xFF",
        }
    }
}

/// Appends `text` in `kind` to `out` (`last`: the text is over); false when a character
/// cannot be written in it.
fn encode(
    kind: Kind,
    encoder: Option<&mut Encoder>,
    text: &str,
    last: bool,
    out: &mut Vec<u8>,
) -> bool {
    match (kind, encoder) {
        (Kind::Utf8 | Kind::Utf8Bom, _) => out.extend_from_slice(text.as_bytes()),
        (Kind::Utf16 { le }, _) => {
            for u in text.encode_utf16() {
                out.extend_from_slice(&if le { u.to_le_bytes() } else { u.to_be_bytes() });
            }
        }
        (Kind::Single(_), Some(enc)) => {
            let mut src = text;
            loop {
                let room = enc
                    .max_buffer_length_from_utf8_without_replacement(src.len())
                    .unwrap_or(src.len() * 4 + 16);
                let at = out.len();
                out.resize(at + room, 0);
                let (result, read, written) =
                    enc.encode_from_utf8_without_replacement(src, &mut out[at..], last);
                out.truncate(at + written);
                src = &src[read..];
                match result {
                    EncoderResult::InputEmpty => break,
                    EncoderResult::OutputFull => {}
                    EncoderResult::Unmappable(_) => return false,
                }
            }
        }
        (Kind::Single(_), None) => return false,
    }
    true
}

/// Whether the next bytes of `file` are `bytes` (which it then reads past).
fn next_is(file: &mut BufReader<File>, mut bytes: &[u8]) -> io::Result<bool> {
    while !bytes.is_empty() {
        let have = file.fill_buf()?;
        if have.is_empty() {
            return Ok(false);
        }
        let n = have.len().min(bytes.len());
        if have[..n] != bytes[..n] {
            return Ok(false);
        }
        file.consume(n);
        bytes = &bytes[n..];
    }
    Ok(true)
}

/// A file being rewritten in its place.
pub struct InPlace {
    path: PathBuf,
    label: Option<String>,
    forms: Vec<Form>,
    begun: bool,
    temp: Option<BufWriter<Staged>>,
    /// Why the file cannot be rewritten, found before it is read: nothing is opened then.
    refused: Option<io::Error>,
    /// The first failure to read the file or write the temporary file.
    failed: Option<io::Error>,
    read: Vec<u8>,
    written: Vec<u8>,
    other: Vec<u8>,
}

impl InPlace {
    /// The file at `path`; `label`: the `--encoding` asked.
    /// A file named through a symbolic link is rewritten where the link leads; the link stays.
    pub fn new(path: &Path, label: Option<&str>) -> InPlace {
        let link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
        let path = match std::fs::canonicalize(path) {
            Ok(real) if link => real,
            _ => path.to_path_buf(),
        };
        let refused = match std::fs::metadata(&path) {
            Ok(m) if !m.is_file() => Some(io::Error::new(
                io::ErrorKind::InvalidInput,
                "it is not a regular file (a device, a FIFO or standard input), which cannot \
                 be read again and replaced; use -o FILE",
            )),
            // Opened, not truncated: the permission to write is the file's own.
            Ok(_) => std::fs::OpenOptions::new().write(true).open(&path).err(),
            Err(e) => Some(e),
        };
        InPlace {
            refused,
            path,
            label: label.map(str::to_string),
            forms: Vec::new(),
            begun: false,
            temp: None,
            failed: None,
            read: Vec::new(),
            written: Vec::new(),
            other: Vec::new(),
        }
    }

    fn begin(&mut self) {
        self.begun = true;
        let mut kinds = vec![
            Kind::Utf8,
            Kind::Utf8Bom,
            Kind::Utf16 { le: true },
            Kind::Utf16 { le: false },
        ];
        for label in
            self.label
                .as_deref()
                .into_iter()
                .chain(["windows-1252", "windows-1251", "koi8-r"])
        {
            if let Some(e) = Encoding::for_label(label.as_bytes()) {
                kinds.push(Kind::Single(e));
            }
        }
        for kind in kinds {
            let mut form = Form::new(kind);
            match File::open(&self.path) {
                Ok(f) => form.file = Some(BufReader::new(f)),
                Err(e) => {
                    self.failed.get_or_insert(e);
                }
            }
            self.forms.push(form);
        }
        match Staged::new(&self.path) {
            Ok(t) => self.temp = Some(BufWriter::with_capacity(1 << 16, t)),
            Err(e) => {
                self.failed.get_or_insert(e);
            }
        }
    }

    /// The next piece of the file: `old` as read, `new` as fixed.
    pub fn piece(&mut self, old: &str, new: &str) {
        self.step(old, new, false);
    }

    fn step(&mut self, old: &str, new: &str, last: bool) {
        if self.refused.is_some() {
            return;
        }
        let first = !self.begun;
        if first {
            self.begin();
        }
        // The text read, against the file's bytes.
        for form in &mut self.forms {
            let prefix = form.prefix();
            let Some(file) = form.file.as_mut() else {
                continue;
            };
            self.read.clear();
            if first {
                self.read.extend_from_slice(prefix);
            }
            let kind = form.kind;
            let back = encode(kind, form.read.as_mut(), old, last, &mut self.read)
                && match next_is(file, &self.read) {
                    Ok(same) => same,
                    Err(e) => {
                        self.failed.get_or_insert(e);
                        false
                    }
                };
            let at_end = !last || matches!(file.fill_buf().map(|b| b.is_empty()), Ok(true));
            if !back || !at_end {
                form.file = None;
            }
        }
        // The fixed text, in the first form standing; the others compared with it.
        let mut writer = None;
        for (i, form) in self.forms.iter_mut().enumerate() {
            if form.file.is_none() || form.unwritable {
                continue;
            }
            let kind = form.kind;
            let out = if writer.is_none() {
                &mut self.written
            } else {
                &mut self.other
            };
            out.clear();
            if first {
                out.extend_from_slice(form.prefix());
            }
            if !encode(kind, form.fixed.as_mut(), new, last, out) {
                form.unwritable = true;
                continue;
            }
            match writer {
                None => writer = Some(i),
                Some(_) => form.same &= self.other == self.written,
            }
        }
        if writer.is_some() {
            if let Some(t) = self.temp.as_mut() {
                if let Err(e) = t.write_all(&self.written) {
                    self.failed.get_or_insert(e);
                    self.temp = None;
                }
            }
        }
    }

    /// The file is over: puts the temporary file in its place when something was
    /// `repaired`, else deletes it.
    pub fn finish(mut self, repaired: bool) -> io::Result<()> {
        if !repaired {
            return Ok(());
        }
        if let Some(e) = self.refused.take() {
            return Err(e);
        }
        self.step("", "", true);
        let winner = self
            .forms
            .iter()
            .find(|f| f.file.is_some() && !f.unwritable);
        if let Some(e) = self.failed.take() {
            return Err(e);
        }
        if !winner.is_some_and(|f| f.same) {
            return Err(io::Error::other(NOT_BACK));
        }
        let temp = self
            .temp
            .take()
            .ok_or_else(|| io::Error::other("the temporary file was lost"))?;
        let temp = temp.into_inner().map_err(|e| e.into_error())?;
        put_in_place(temp, &self.path)
    }
}
