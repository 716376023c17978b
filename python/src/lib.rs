//! The native part of the `pdnkit` Python package: reading and checking PDN files, games,
//! diagnostics and positions, over the `pdnkit` library's public API.
//!
//! The Python-facing names and the dispatch on the kind of source live in `pdnkit/__init__.py`;
//! this module does the work, with the interpreter's lock released while it reads and checks.

use std::fs::File;
use std::io::{self, Read, Write};
use std::ops::ControlFlow;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex, OnceLock};

use pdnkit::notation::Layout;
use pdnkit::{
    CaptureStyle, CheckOptions, CheckedGame, Color, ConvertOptions, Coords,
    Diagnostic as RsDiagnostic, Element, FileConversion, ForcedVariant, NotationKind, PlayError,
    Position as RsPosition, ReplayedMove, Retain, Role, RuleProfile, Severity, SvgOptions, Variant,
    check_stream_with,
};
use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

create_exception!(
    pdnkit,
    PdnError,
    PyValueError,
    "Something in a PDN record, a FEN or a move is wrong; `line` and `column` say where."
);
create_exception!(
    pdnkit,
    IllegalMoveError,
    PdnError,
    "A move that is not legal in the position, or text that names no move."
);

/// A `PdnError` with its place.
fn pdn_error(
    py: Python<'_>,
    message: &str,
    code: Option<&str>,
    line: Option<u32>,
    column: Option<u32>,
) -> PyErr {
    let err = PdnError::new_err(message.to_string());
    set_place(py, &err, code, line, column);
    err
}

fn set_place(
    py: Python<'_>,
    err: &PyErr,
    code: Option<&str>,
    line: Option<u32>,
    column: Option<u32>,
) {
    let value = err.value(py);
    // Setting attributes of a fresh exception object cannot fail.
    let _ = value.setattr("code", code);
    let _ = value.setattr("line", line);
    let _ = value.setattr("column", column);
}

fn play_error(py: Python<'_>, e: &PlayError) -> PyErr {
    let err = IllegalMoveError::new_err(e.to_string());
    set_place(py, &err, None, None, None);
    err
}

fn variant_of(name: &str) -> PyResult<Variant> {
    name.parse::<Variant>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

fn forced_variant(name: Option<&str>) -> PyResult<Option<ForcedVariant>> {
    name.map(|n| {
        n.parse::<ForcedVariant>()
            .map_err(|e| PyValueError::new_err(e.to_string()))
    })
    .transpose()
}

fn rule_profile(name: &str) -> PyResult<RuleProfile> {
    match name {
        "modern" => Ok(RuleProfile::Modern),
        "huffing" => Ok(RuleProfile::Huffing),
        "polish-1902" | "polish1902" => Ok(RuleProfile::Polish1902),
        other => Err(PyValueError::new_err(format!(
            "unknown rules `{other}`: modern, huffing or polish-1902"
        ))),
    }
}

fn encoding_of(label: Option<&str>) -> PyResult<Option<&'static encoding_rs::Encoding>> {
    label
        .map(|l| {
            encoding_rs::Encoding::for_label(l.trim().as_bytes())
                .ok_or_else(|| PyValueError::new_err(format!("unknown encoding `{l}`")))
        })
        .transpose()
}

fn notation_of(name: Option<&str>) -> PyResult<Option<NotationKind>> {
    match name {
        None => Ok(None),
        Some("numeric") => Ok(Some(NotationKind::Numeric)),
        Some("algebraic") => Ok(Some(NotationKind::Algebraic)),
        Some(other) => Err(PyValueError::new_err(format!(
            "unknown notation `{other}`: numeric or algebraic"
        ))),
    }
}

fn capture_style(name: &str) -> PyResult<CaptureStyle> {
    match name {
        "keep" => Ok(CaptureStyle::Keep),
        "short" => Ok(CaptureStyle::Short),
        "full" => Ok(CaptureStyle::Full),
        "minimal" => Ok(CaptureStyle::Minimal),
        other => Err(PyValueError::new_err(format!(
            "unknown capture style `{other}`: keep, short, full or minimal"
        ))),
    }
}

/// How a stream is checked, from the arguments of `read` and `check`.
fn options(
    variant: Option<&str>,
    rules: &str,
    strict: bool,
    encoding: Option<&str>,
    retain: Retain,
    record_moves: bool,
) -> PyResult<CheckOptions> {
    let mut o = CheckOptions::default();
    o.read.strict = strict;
    o.replay.variant = forced_variant(variant)?;
    o.replay.rules = rule_profile(rules)?;
    o.replay.record_moves = record_moves;
    o.encoding = encoding_of(encoding)?;
    o.retain = retain;
    Ok(o)
}

/// Where the bytes come from.
enum Source {
    Path(String),
    Bytes(Vec<u8>),
    File(Py<PyAny>),
}

impl Source {
    fn from_py(kind: &str, value: &Bound<'_, PyAny>) -> PyResult<Source> {
        Ok(match kind {
            "path" => Source::Path(value.extract()?),
            "bytes" => Source::Bytes(value.extract()?),
            "file" => Source::File(value.clone().unbind()),
            other => return Err(PyTypeError::new_err(format!("unknown source kind {other}"))),
        })
    }

    fn name(&self) -> Option<String> {
        match self {
            Source::Path(p) => Some(p.clone()),
            _ => None,
        }
    }

    fn open(self) -> io::Result<Box<dyn Read + Send>> {
        Ok(match self {
            Source::Path(p) => Box::new(File::open(p)?),
            Source::Bytes(b) => Box::new(io::Cursor::new(b)),
            Source::File(f) => Box::new(PyFileReader { file: f }),
        })
    }
}

/// A Python file object read through its `read` method (bytes, or text encoded as UTF-8).
struct PyFileReader {
    file: Py<PyAny>,
}

impl Read for PyFileReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        Python::attach(|py| {
            let chunk = self
                .file
                .bind(py)
                .call_method1("read", (buf.len(),))
                .map_err(|e| io::Error::other(e.to_string()))?;
            let bytes: Vec<u8> = if let Ok(s) = chunk.extract::<String>() {
                s.into_bytes()
            } else {
                chunk.extract::<Vec<u8>>().map_err(|_| {
                    io::Error::other("the file object's read() gave neither bytes nor str")
                })?
            };
            if bytes.len() > buf.len() {
                // A text file's characters may take more bytes than asked for: not supported
                // as a stream; the caller opens the file in binary mode instead.
                return Err(io::Error::other(
                    "the text file object gave more bytes than asked for: open it in binary mode",
                ));
            }
            buf[..bytes.len()].copy_from_slice(&bytes);
            Ok(bytes.len())
        })
    }
}

/// A diagnostic with its place, as `pdn check --format json` gives it.
#[pyclass(frozen, module = "pdnkit")]
struct Diagnostic {
    #[pyo3(get)]
    code: &'static str,
    #[pyo3(get)]
    severity: &'static str,
    #[pyo3(get)]
    kind: &'static str,
    #[pyo3(get)]
    file: Option<String>,
    #[pyo3(get)]
    line: u32,
    #[pyo3(get)]
    column: u32,
    #[pyo3(get)]
    end_line: u32,
    #[pyo3(get)]
    end_column: u32,
    #[pyo3(get)]
    game: Option<usize>,
    #[pyo3(get)]
    ply: Option<u32>,
    #[pyo3(get)]
    side: Option<&'static str>,
    #[pyo3(get, name = "move")]
    move_text: Option<String>,
    #[pyo3(get)]
    message: String,
    #[pyo3(get)]
    notes: Vec<String>,
}

#[pymethods]
impl Diagnostic {
    /// The fields as a dict, named as in `pdn check --format json` (absent ones left out).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("code", self.code)?;
        d.set_item("severity", self.severity)?;
        d.set_item("kind", self.kind)?;
        if let Some(f) = &self.file {
            d.set_item("file", f)?;
        }
        if let Some(g) = self.game {
            d.set_item("game", g)?;
        }
        d.set_item("line", self.line)?;
        d.set_item("column", self.column)?;
        d.set_item("end_line", self.end_line)?;
        d.set_item("end_column", self.end_column)?;
        d.set_item("message", &self.message)?;
        if let Some(p) = self.ply {
            d.set_item("ply", p)?;
        }
        if let Some(s) = self.side {
            d.set_item("side", s)?;
        }
        if let Some(m) = &self.move_text {
            d.set_item("move", m)?;
        }
        if !self.notes.is_empty() {
            d.set_item("notes", &self.notes)?;
        }
        Ok(d)
    }

    fn __str__(&self) -> String {
        format!(
            "{}:{}:{}: {}[{}]: {}",
            self.file.as_deref().unwrap_or("<input>"),
            self.line,
            self.column,
            self.severity,
            self.code,
            self.message
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "<Diagnostic {} {} at {}:{}: {:?}>",
            self.code, self.severity, self.line, self.column, self.message
        )
    }
}

fn diagnostic(g: &CheckedGame, file: Option<&str>, d: &RsDiagnostic) -> Diagnostic {
    let (start, end) = g.locate(d);
    Diagnostic {
        code: d.code,
        severity: d.severity.as_str(),
        kind: d.kind.as_str(),
        file: file.map(str::to_string),
        line: start.line,
        column: start.column,
        end_line: end.line,
        end_column: end.column,
        game: g.chunk.index,
        ply: d.context.as_ref().map(|c| c.ply),
        side: d.context.as_ref().map(|c| c.side.as_str()),
        move_text: d.context.as_ref().map(|c| c.text.clone()),
        message: d.message.clone(),
        notes: d.notes.clone(),
    }
}

/// One game as the check left it, shared by the Python objects made from it.
struct GameData {
    file: Option<String>,
    checked: CheckedGame,
    /// Every move the replay played, of every line: worked out when first asked for.
    replayed: OnceLock<Vec<ReplayedMove>>,
    /// Every line's moves, from the tree and the replayed moves.
    lines: OnceLock<Vec<LineData>>,
}

impl GameData {
    fn replayed(&self) -> &[ReplayedMove] {
        self.replayed
            .get_or_init(|| self.checked.replayed_moves().collect())
    }
}

/// What the reading thread hands over.
enum Message {
    Game(Box<GameData>),
    /// Findings outside any game (a file's own, text between games).
    Outside(Vec<Diagnostic>),
    /// The stream ended: an I/O error, or a failure of the reading thread.
    Failed(String, bool),
}

/// Games go over in batches of this many (fewer at the end of the source), so that the two
/// threads wake each other once a batch rather than once a game.
const BATCH: usize = 16;
/// Batches waiting to be taken: a few games in all, so that memory stays bounded on a file of
/// any size.
const QUEUE: usize = 2;

/// The reading thread: checks the stream and sends its games over `tx`, in batches, until the
/// receiver goes away.
fn produce(source: Source, options: CheckOptions, tx: SyncSender<Vec<Message>>) {
    let file = source.name();
    let sender = tx.clone();
    let batch = Mutex::new(Vec::with_capacity(BATCH));
    let run = || -> io::Result<()> {
        let input = source.open()?;
        check_stream_with(input, &options, |game| {
            let message = if game.chunk.index.is_some() {
                let data = GameData {
                    file: file.clone(),
                    checked: game,
                    replayed: OnceLock::new(),
                    lines: OnceLock::new(),
                };
                // The moves' plain data is made here, beside the Python loop, which then
                // makes only the Python objects it asks for.
                data.lines();
                Message::Game(Box::new(data))
            } else if game.diagnostics.is_empty() {
                return ControlFlow::Continue(());
            } else {
                Message::Outside(
                    game.diagnostics
                        .iter()
                        .map(|d| diagnostic(&game, file.as_deref(), d))
                        .collect(),
                )
            };
            let mut batch = batch.lock().unwrap_or_else(|e| e.into_inner());
            batch.push(message);
            if batch.len() < BATCH {
                return ControlFlow::Continue(());
            }
            match sender.send(std::mem::take(&mut *batch)) {
                Ok(()) => ControlFlow::Continue(()),
                Err(_) => ControlFlow::Break(()),
            }
        })?;
        Ok(())
    };
    let outcome = catch_unwind(AssertUnwindSafe(run));
    let mut last = std::mem::take(&mut *batch.lock().unwrap_or_else(|e| e.into_inner()));
    match outcome {
        Ok(Ok(())) => {}
        Ok(Err(e)) => last.push(Message::Failed(e.to_string(), true)),
        Err(_) => last.push(Message::Failed(
            "the reader stopped on an internal error".to_string(),
            false,
        )),
    }
    if !last.is_empty() {
        let _ = tx.send(last);
    }
}

/// A lazy iterator over the games of one source; read on a thread of its own, a few games
/// ahead.
#[pyclass(module = "pdnkit")]
struct Reader {
    rx: Mutex<Option<Receiver<Vec<Message>>>>,
    /// The rest of the batch taken last.
    pending: std::collections::VecDeque<Message>,
    /// Findings outside any game met so far.
    outside: Vec<Py<Diagnostic>>,
    raise_errors: bool,
}

#[pymethods]
impl Reader {
    #[new]
    #[pyo3(signature = (kind, source, variant=None, encoding=None, rules="modern", strict=false, raise_errors=false))]
    fn new(
        kind: &str,
        source: &Bound<'_, PyAny>,
        variant: Option<&str>,
        encoding: Option<&str>,
        rules: &str,
        strict: bool,
        raise_errors: bool,
    ) -> PyResult<Reader> {
        let options = options(variant, rules, strict, encoding, Retain::Trees, true)?;
        let source = Source::from_py(kind, source)?;
        if let Source::Path(p) = &source {
            // Fail here, in the caller's frame, for a file that cannot be opened.
            File::open(p).map_err(|e| PyOSError::new_err(format!("{p}: {e}")))?;
        }
        let (tx, rx) = sync_channel(QUEUE);
        std::thread::Builder::new()
            .name("pdnkit-reader".to_string())
            .spawn(move || produce(source, options, tx))
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        Ok(Reader {
            rx: Mutex::new(Some(rx)),
            pending: std::collections::VecDeque::new(),
            outside: Vec::new(),
            raise_errors,
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Game>> {
        loop {
            let message = match self.pending.pop_front() {
                Some(m) => m,
                None => {
                    let mut guard = self
                        .rx
                        .lock()
                        .map_err(|_| PyRuntimeError::new_err("the reader is in use"))?;
                    let Some(rx) = guard.as_mut() else {
                        return Ok(None);
                    };
                    // A batch already waiting is taken without letting go of the lock.
                    let batch = match rx.try_recv() {
                        Ok(b) => Ok(b),
                        Err(_) => {
                            let rx = &mut *rx;
                            py.detach(move || rx.recv())
                        }
                    };
                    match batch {
                        Ok(b) => {
                            self.pending.extend(b);
                            continue;
                        }
                        Err(_) => {
                            *guard = None;
                            return Ok(None);
                        }
                    }
                }
            };
            match message {
                Message::Game(data) => {
                    let game = Game::new(Arc::from(data));
                    if self.raise_errors {
                        game.raise_first_error(py)?;
                    }
                    return Ok(Some(game));
                }
                Message::Outside(ds) => {
                    for d in ds {
                        self.outside.push(Py::new(py, d)?);
                    }
                }
                Message::Failed(why, io) => {
                    if let Ok(mut g) = self.rx.lock() {
                        *g = None;
                    }
                    return Err(if io {
                        PyOSError::new_err(why)
                    } else {
                        PyRuntimeError::new_err(why)
                    });
                }
            }
        }
    }

    /// Findings outside any game met so far: the file's own (its encoding, binary content),
    /// text between games that holds no game.
    #[getter]
    fn diagnostics(&self, py: Python<'_>) -> Vec<Py<Diagnostic>> {
        self.outside.iter().map(|d| d.clone_ref(py)).collect()
    }

    /// Stops reading: the reading thread ends at its next game.
    fn close(&mut self) {
        self.pending.clear();
        if let Ok(mut g) = self.rx.lock() {
            *g = None;
        }
    }
}

/// Square names as Python strings, made once per process for each way of naming squares (a
/// few layouts at most: the variants' boards, numbered or lettered, from one corner or
/// another).
fn square_names(py: Python<'_>, layout: Layout) -> Arc<[Py<PyString>]> {
    type Names = Arc<[Py<PyString>]>;
    static TABLES: Mutex<Vec<(Layout, Names)>> = Mutex::new(Vec::new());
    let mut tables = TABLES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, names)) = tables.iter().find(|(l, _)| *l == layout) {
        return names.clone();
    }
    let names: Arc<[Py<PyString>]> = (0..layout.board.squares())
        .map(|i| PyString::new(py, &layout.name(pdnkit::Square(i as u8))).unbind())
        .collect();
    tables.push((layout, names.clone()));
    names
}

/// The squares of a move: on the board for a replayed move, as written for another.
#[derive(Debug)]
enum Squares {
    Board(Vec<pdnkit::Square>),
    Written(Vec<String>),
}

/// A move of a game as plain data, made off the interpreter's lock; its Python objects are
/// made when asked for.
#[derive(Debug)]
struct MoveData {
    /// Its text: a range of the chunk's text.
    text: (usize, usize),
    ply: u32,
    side: Option<Color>,
    path: Squares,
    captures: Vec<pdnkit::Square>,
    comment: Option<String>,
    nags: Vec<u32>,
    /// `None`: not replayed.
    legal: Option<bool>,
}

/// One line of a game: the main line (index 0) or a variation.
struct LineData {
    depth: u32,
    parent: usize,
    replaces_ply: Option<u32>,
    moves: Vec<MoveData>,
}

impl GameData {
    /// Every line's moves, as written and as replayed: worked out once.
    fn lines(&self) -> &[LineData] {
        self.lines.get_or_init(|| self.make_lines())
    }

    /// How the replayed moves name their squares; `None` when none was replayed.
    fn layout(&self) -> Option<Layout> {
        self.replayed().first().map(|m| *m.before().layout())
    }

    fn make_lines(&self) -> Vec<LineData> {
        let Some(tree) = self.checked.chunk.game.as_ref() else {
            return Vec::new();
        };
        let lines = tree.lines();
        let mut out: Vec<LineData> = Vec::with_capacity(lines.len());
        for (i, line) in lines.iter().enumerate() {
            let replaces_ply = line.replaces.and_then(|e| {
                self.replayed()
                    .iter()
                    .find(|m| m.element == e && Some(m.line) == line.parent)
                    .map(|m| m.ply + 1)
            });
            let start = replaces_ply.map_or(0, |p| p - 1);
            out.push(LineData {
                depth: line.depth,
                parent: line.parent.unwrap_or(0),
                replaces_ply,
                moves: self.line_moves(tree, i, &lines, start),
            });
        }
        out
    }

    /// The moves of line `line` (an index of `Game::lines`), as written and as replayed.
    fn line_moves(
        &self,
        tree: &pdnkit::Game,
        line: usize,
        lines: &[pdnkit::Line],
        start_ply: u32,
    ) -> Vec<MoveData> {
        let offset = self.checked.chunk.offset;
        let len = self.checked.chunk.text.len();
        let range = |s: pdnkit::Span| -> (usize, usize) {
            let a = s.start.saturating_sub(offset).min(len);
            (a, s.end.saturating_sub(offset).clamp(a, len))
        };
        // The line's replayed moves come in the order of their elements.
        let mut played = self.replayed().iter().filter(|m| m.line == line).peekable();
        let elements = &lines[line].elements;
        let mut out = Vec::new();
        let mut skip = 0u32;
        let mut ply = start_ply;
        let mut side: Option<Color> = None;
        for (k, &i) in elements.iter().enumerate() {
            let Element::Move(token) = &tree.body[i] else {
                continue;
            };
            if skip > 0 {
                skip -= 1;
                continue;
            }
            // Comments and NAGs that follow the move in its line, up to the next move.
            let mut comments: Vec<&str> = Vec::new();
            let mut nags = Vec::new();
            for &j in &elements[k + 1..] {
                match &tree.body[j] {
                    Element::Comment(c) => comments.push(c.text.trim()),
                    Element::Nag { value, .. } => nags.push(*value),
                    Element::Move(_) | Element::Ellipsis { .. } => break,
                    _ => {}
                }
            }
            let comment = (!comments.is_empty()).then(|| comments.join(" "));
            while played.next_if(|m| m.element < i).is_some() {}
            out.push(match played.next_if(|m| m.element == i) {
                Some(m) => {
                    skip = m.tokens.saturating_sub(1);
                    ply = m.ply + 1;
                    side = Some(m.side());
                    MoveData {
                        text: range(m.span),
                        ply,
                        side,
                        path: Squares::Board(m.path().to_vec()),
                        captures: m.captured().to_vec(),
                        comment,
                        nags,
                        legal: Some(m.legal),
                    }
                }
                None => {
                    ply += 1;
                    side = side.map(Color::opponent);
                    MoveData {
                        text: range(token.span),
                        ply,
                        side,
                        path: Squares::Written(
                            token
                                .squares
                                .iter()
                                .map(|s| s.raw.as_str().to_string())
                                .collect(),
                        ),
                        captures: Vec::new(),
                        comment,
                        nags,
                        legal: None,
                    }
                }
            });
        }
        out
    }
}

/// What the Python objects of one game's moves share: the game and its square names.
#[derive(Clone)]
struct Shared {
    data: Arc<GameData>,
    names: Option<Arc<[Py<PyString>]>>,
}

impl Shared {
    fn name(&self, py: Python<'_>, sq: pdnkit::Square) -> Py<PyString> {
        match self.names.as_ref().and_then(|n| n.get(usize::from(sq.0))) {
            Some(n) => n.clone_ref(py),
            // Not reached: a replayed move's squares are on its board.
            None => PyString::new(py, &sq.0.to_string()).unbind(),
        }
    }

    fn tuple<'py>(
        &self,
        py: Python<'py>,
        squares: &[pdnkit::Square],
    ) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, squares.iter().map(|&s| self.name(py, s)))
    }

    fn line(&self, line: usize) -> &LineData {
        &self.data.lines()[line]
    }
}

/// A move of a game, as written and as replayed. Made when a move list is indexed or
/// iterated; its attributes are made when read.
#[pyclass(frozen, module = "pdnkit")]
struct GameMove {
    shared: Shared,
    line: usize,
    index: usize,
}

impl GameMove {
    fn data(&self) -> &MoveData {
        &self.shared.line(self.line).moves[self.index]
    }
}

#[pymethods]
impl GameMove {
    /// The move as written.
    #[getter]
    fn text<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        let (a, b) = self.data().text;
        PyString::new(py, &self.shared.data.checked.chunk.text[a..b])
    }

    /// Half-moves played before it along its line, plus one: the main line's first move is 1.
    #[getter]
    fn ply(&self) -> u32 {
        self.data().ply
    }

    /// `white` or `black`; `None` when no move before it in its line was replayed.
    #[getter]
    fn side(&self) -> Option<&'static str> {
        self.data().side.map(Color::as_str)
    }

    #[getter]
    #[allow(clippy::wrong_self_convention)] // the attribute's name in Python
    fn from_square(&self, py: Python<'_>) -> Option<Py<PyString>> {
        match &self.data().path {
            Squares::Board(p) => p.first().map(|&s| self.shared.name(py, s)),
            Squares::Written(p) => p.first().map(|s| PyString::new(py, s).unbind()),
        }
    }

    #[getter]
    fn to_square(&self, py: Python<'_>) -> Option<Py<PyString>> {
        match &self.data().path {
            Squares::Board(p) => p.last().map(|&s| self.shared.name(py, s)),
            Squares::Written(p) => p.last().map(|s| PyString::new(py, s).unbind()),
        }
    }

    /// Every square the piece stands on: as replayed, or as written when not replayed.
    #[getter]
    fn path<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        match &self.data().path {
            Squares::Board(p) => self.shared.tuple(py, p),
            Squares::Written(p) => PyTuple::new(py, p),
        }
    }

    /// The squares of the pieces it takes, in order (empty when not replayed).
    #[getter]
    fn captures<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let c = &self.data().captures;
        if c.is_empty() {
            return Ok(PyTuple::empty(py));
        }
        self.shared.tuple(py, c)
    }

    /// The comments after it, joined by a space.
    #[getter]
    fn comment(&self) -> Option<&str> {
        self.data().comment.as_deref()
    }

    #[getter]
    fn nags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.data().nags)
    }

    #[getter]
    fn replayed(&self) -> bool {
        self.data().legal.is_some()
    }

    /// The rules allow it; `None` when not replayed.
    #[getter]
    fn legal(&self) -> Option<bool> {
        self.data().legal
    }

    fn __str__<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        self.text(py)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!("<GameMove {} ply {}>", self.text(py), self.data().ply)
    }
}

/// The moves of one line of a game: a sequence that makes each `GameMove` only when it is
/// indexed or iterated.
#[pyclass(frozen, sequence, module = "pdnkit")]
struct GameMoves {
    shared: Shared,
    line: usize,
}

impl GameMoves {
    fn len(&self) -> usize {
        self.shared
            .data
            .lines()
            .get(self.line)
            .map_or(0, |l| l.moves.len())
    }

    fn at(&self, index: usize) -> GameMove {
        GameMove {
            shared: self.shared.clone(),
            line: self.line,
            index,
        }
    }
}

#[pymethods]
impl GameMoves {
    fn __len__(&self) -> usize {
        self.len()
    }

    /// A move (negative indices count from the end), or a list of them for a slice.
    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let len = self.len();
        if let Ok(slice) = index.cast::<pyo3::types::PySlice>() {
            let s = slice.indices(len as isize)?;
            let picked: Vec<GameMove> = (0..s.slicelength)
                .map(|k| self.at((s.start + k as isize * s.step) as usize))
                .collect();
            return Ok(PyList::new(py, picked)?.into_any());
        }
        let i: isize = index.extract()?;
        let j = if i < 0 { i + len as isize } else { i };
        if j < 0 || j >= len as isize {
            return Err(pyo3::exceptions::PyIndexError::new_err(
                "move index out of range",
            ));
        }
        Ok(Bound::new(py, self.at(j as usize))?.into_any())
    }

    fn __iter__(&self) -> GameMovesIter {
        GameMovesIter {
            shared: self.shared.clone(),
            line: self.line,
            next: AtomicUsize::new(0),
        }
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mine = PyList::new(py, (0..self.len()).map(|i| self.at(i)))?;
        let texts = |l: &Bound<'_, PyAny>| -> PyResult<Vec<String>> {
            l.try_iter()?
                .map(|m| m?.str()?.extract::<String>())
                .collect()
        };
        match other.try_iter() {
            Ok(_) => Ok(texts(mine.as_any())? == texts(other)?),
            Err(_) => Ok(false),
        }
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let texts: Vec<String> = (0..self.len())
            .map(|i| self.at(i).text(py).to_string())
            .collect();
        format!("<GameMoves [{}]>", texts.join(", "))
    }
}

/// Iterates over a line's moves.
#[pyclass(frozen, module = "pdnkit")]
struct GameMovesIter {
    shared: Shared,
    line: usize,
    next: AtomicUsize,
}

#[pymethods]
impl GameMovesIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self) -> Option<GameMove> {
        let len = self.shared.line(self.line).moves.len();
        let i = self.next.fetch_add(1, Ordering::Relaxed);
        (i < len).then(|| GameMove {
            shared: self.shared.clone(),
            line: self.line,
            index: i,
        })
    }
}

/// One variation of a game: its moves, the line it branches from and the move it replaces.
#[pyclass(frozen, module = "pdnkit")]
struct Variation {
    shared: Shared,
    line: usize,
}

#[pymethods]
impl Variation {
    #[getter]
    fn depth(&self) -> u32 {
        self.shared.line(self.line).depth
    }

    /// Index of the enclosing line in `Game.variations` + 1 (0: the main line).
    #[getter]
    fn parent(&self) -> usize {
        self.shared.line(self.line).parent
    }

    /// Ply of the move of the enclosing line that its first move replaces.
    #[getter]
    fn replaces_ply(&self) -> Option<u32> {
        self.shared.line(self.line).replaces_ply
    }

    #[getter]
    fn moves(&self) -> GameMoves {
        GameMoves {
            shared: self.shared.clone(),
            line: self.line,
        }
    }

    fn __repr__(&self) -> String {
        let l = self.shared.line(self.line);
        format!("<Variation depth {} of {} moves>", l.depth, l.moves.len())
    }
}

/// One game of a PDN file: its tags, moves, variations and what the check found in it.
#[pyclass(frozen, module = "pdnkit")]
struct Game {
    data: Arc<GameData>,
    shared: OnceLock<Shared>,
}

impl Game {
    fn new(data: Arc<GameData>) -> Game {
        Game {
            data,
            shared: OnceLock::new(),
        }
    }

    fn shared(&self, py: Python<'_>) -> Shared {
        self.shared
            .get_or_init(|| Shared {
                data: self.data.clone(),
                names: self.data.layout().map(|l| square_names(py, l)),
            })
            .clone()
    }

    fn tree(&self) -> Option<&pdnkit::Game> {
        let c = &self.data.checked;
        c.chunk.game.as_ref().or(c.header.as_ref())
    }

    fn raise_first_error(&self, py: Python<'_>) -> PyResult<()> {
        let g = &self.data.checked;
        if let Some(d) = g.diagnostics.iter().find(|d| d.severity == Severity::Error) {
            let (at, _) = g.locate(d);
            let err = pdn_error(py, &d.message, Some(d.code), Some(at.line), Some(at.column));
            let v = err.value(py);
            v.setattr("file", self.data.file.as_deref())?;
            v.setattr("game", g.chunk.index)?;
            return Err(err);
        }
        Ok(())
    }

    fn main_line(&self) -> impl Iterator<Item = &ReplayedMove> {
        self.data.replayed().iter().filter(|m| m.line == 0)
    }
}

#[pymethods]
impl Game {
    /// The game's number in its file, from 1.
    #[getter]
    fn index(&self) -> Option<usize> {
        self.data.checked.chunk.index
    }

    /// The file it was read from; `None` for text, bytes or a file object.
    #[getter]
    fn file(&self) -> Option<&str> {
        self.data.file.as_deref()
    }

    /// The tags, in order; of a tag given twice, the first.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        if let Some(t) = self.tree() {
            for tag in &t.tags {
                if !d.contains(&tag.name)? {
                    d.set_item(&tag.name, &tag.value)?;
                }
            }
        }
        Ok(d)
    }

    /// Every tag as a (name, value) pair, in order, repeats included.
    #[getter]
    fn tag_list(&self) -> Vec<(String, String)> {
        self.tree()
            .map(|t| {
                t.tags
                    .iter()
                    .map(|t| (t.name.clone(), t.value.clone()))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The variant's name (`international`, `english`, ...); `None` when not replayed.
    #[getter]
    fn variant(&self) -> Option<&'static str> {
        self.data.checked.variant().map(Variant::name)
    }

    /// The variant was inferred from the moves, the game naming none.
    #[getter]
    fn variant_inferred(&self) -> bool {
        self.data.checked.variant_inferred()
    }

    /// The result that ends the movetext (`1-0`, `2-0`, `1/2-1/2`, `*`, ...), in standard
    /// form when it has one; `None` when the movetext has none.
    #[getter]
    fn result(&self) -> Option<String> {
        self.tree().and_then(|t| t.result.as_ref()).map(|r| {
            r.kind
                .as_str()
                .map_or_else(|| r.raw.clone(), str::to_string)
        })
    }

    /// Half-moves of the main line that were replayed.
    #[getter]
    fn plies(&self) -> u32 {
        self.data.checked.plies()
    }

    /// The game's moves were not kept, the game being too long (its diagnostics say so);
    /// its tags are.
    #[getter]
    fn too_long(&self) -> bool {
        self.data.checked.parted
    }

    /// The game's text as written.
    #[getter]
    fn text(&self) -> &str {
        &self.data.checked.chunk.text
    }

    /// The moves of the main line: a sequence of `GameMove`s, each made when it is indexed
    /// or iterated.
    #[getter]
    fn moves(&self, py: Python<'_>) -> GameMoves {
        GameMoves {
            shared: self.shared(py),
            line: 0,
        }
    }

    /// The variations, nested ones included, in the order they open.
    #[getter]
    fn variations(&self, py: Python<'_>) -> Vec<Variation> {
        let shared = self.shared(py);
        (1..self.data.lines().len())
            .map(|line| Variation {
                shared: shared.clone(),
                line,
            })
            .collect()
    }

    /// Everything the check found in the game, in source order.
    #[getter]
    fn diagnostics(&self) -> Vec<Diagnostic> {
        let g = &self.data.checked;
        g.diagnostics
            .iter()
            .map(|d| diagnostic(g, self.data.file.as_deref(), d))
            .collect()
    }

    /// The position before the first move of the main line; `None` when not replayed.
    fn start_position(&self) -> Option<Position> {
        self.main_line().next().map(|m| Position {
            inner: m.before().clone(),
        })
    }

    /// The position after each replayed half-move of the main line.
    fn positions(&self) -> Vec<Position> {
        self.main_line()
            .map(|m| Position { inner: m.after() })
            .collect()
    }

    /// The FEN of the position after each replayed half-move of the main line.
    fn fens(&self, py: Python<'_>) -> Vec<String> {
        let moves: Vec<&ReplayedMove> = self.main_line().collect();
        py.detach(|| moves.iter().map(|m| m.after().to_fen()).collect())
    }

    /// The position after `ply` half-moves of the main line (0: the start; `None`: after the
    /// last replayed one) drawn as `Position.to_svg` draws it, the move that led to it drawn
    /// as an arrow.
    #[pyo3(signature = (ply=None, size=400, flip=false, coords="notation"))]
    fn svg(&self, ply: Option<usize>, size: u32, flip: bool, coords: &str) -> PyResult<String> {
        let moves: Vec<&ReplayedMove> = self.main_line().collect();
        let Some(first) = moves.first() else {
            return Err(PyValueError::new_err("the game was not replayed"));
        };
        let ply = ply.unwrap_or(moves.len());
        if ply > moves.len() {
            return Err(PyValueError::new_err(format!(
                "ply {ply}: the game has {} replayed half-moves",
                moves.len()
            )));
        }
        let mut options = svg_options(first.before(), size, flip, coords, None)?;
        let pos = match ply {
            0 => first.before().clone(),
            n => {
                let m = moves[n - 1];
                options.last_move = m.path().to_vec();
                m.after()
            }
        };
        Ok(pos.to_svg(&options))
    }

    /// The game written again: squares in `notation` (`numeric`, `algebraic`; `None` keeps
    /// the game's), captures with the squares `captures` asks for (`keep`, `short`, `full`,
    /// `minimal`), and with `canonical` the whole game in PDN 3.0 form.
    #[pyo3(signature = (notation=None, captures="keep", canonical=false))]
    fn to_pdn(
        &self,
        py: Python<'_>,
        notation: Option<&str>,
        captures: &str,
        canonical: bool,
    ) -> PyResult<String> {
        let options = ConvertOptions {
            notation: notation_of(notation)?,
            captures: capture_style(captures)?,
            canonical,
            ..ConvertOptions::default()
        };
        let g = &self.data.checked;
        if g.parted {
            return Err(pdn_error(
                py,
                "the game is too long to be held, so it cannot be rewritten from Python: use `pdn convert`",
                None,
                None,
                None,
            ));
        }
        FileConversion::default()
            .convert(&g.chunk, g.report.as_ref(), &g.diagnostics, &options)
            .map_err(|why| {
                let at = g.chunk.start();
                pdn_error(
                    py,
                    &format!("the game cannot be converted: {why}"),
                    None,
                    Some(at.line),
                    Some(at.column),
                )
            })
    }

    fn __repr__(&self) -> String {
        let t = self.tree();
        let tag = |n: &str| t.and_then(|t| t.tag(n)).unwrap_or("?").to_string();
        format!(
            "<Game {} {} - {} ({}, {} plies)>",
            self.index().unwrap_or(0),
            tag("White"),
            tag("Black"),
            self.variant().unwrap_or("not replayed"),
            self.plies()
        )
    }
}

/// A legal move of a position.
#[pyclass(frozen, module = "pdnkit")]
struct Move {
    inner: pdnkit::Move,
    #[pyo3(get)]
    from_square: String,
    #[pyo3(get)]
    to_square: String,
    path: Vec<String>,
    captures: Vec<String>,
}

impl Move {
    fn new(pos: &RsPosition, mv: pdnkit::Move) -> Move {
        let name = |s| pos.square_name(s);
        Move {
            from_square: name(mv.from()),
            to_square: name(mv.to()),
            path: mv.path().iter().map(|&s| name(s)).collect(),
            captures: mv.captured().iter().map(|&s| name(s)).collect(),
            inner: mv,
        }
    }
}

#[pymethods]
impl Move {
    /// The move in the variant's own notation (`32-28`, `26x37`, `c3-d4`, `c3:e5`).
    #[getter]
    fn notation(&self) -> &str {
        self.inner.notation()
    }

    /// Every square the piece stands on: the start, each landing square, the end.
    #[getter]
    fn path<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.path)
    }

    /// The squares of the pieces it takes, in the order they are taken.
    #[getter]
    fn captures<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.captures)
    }

    #[getter]
    fn is_capture(&self) -> bool {
        self.inner.is_capture()
    }

    #[getter]
    fn promotes(&self) -> bool {
        self.inner.promotes()
    }

    fn __str__(&self) -> &str {
        self.inner.notation()
    }

    fn __repr__(&self) -> String {
        format!("<Move {}>", self.inner.notation())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Move>() {
            Ok(o) => o.get().inner == self.inner,
            Err(_) => other
                .extract::<String>()
                .is_ok_and(|s| s == self.inner.notation()),
        }
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.notation().hash(&mut h);
        h.finish()
    }
}

fn coords_of(name: &str) -> PyResult<Coords> {
    match name {
        "notation" => Ok(Coords::Notation),
        "numbers" => Ok(Coords::Numbers),
        "algebraic" => Ok(Coords::Algebraic),
        "none" => Ok(Coords::None),
        other => Err(PyValueError::new_err(format!(
            "unknown coords `{other}`: notation, numbers, algebraic or none"
        ))),
    }
}

/// The squares of a last move given from Python: a `Move`, a `GameMove`, a move's text
/// (`32-28`, `26x37x48`, `c3:e5`) or a sequence of square names.
fn last_move_squares(
    pos: &RsPosition,
    last_move: &Bound<'_, PyAny>,
) -> PyResult<Vec<pdnkit::Square>> {
    if let Ok(m) = last_move.cast::<Move>() {
        return Ok(m.get().inner.path().to_vec());
    }
    let names: Vec<String> = if let Ok(m) = last_move.cast::<GameMove>() {
        match &m.get().data().path {
            Squares::Board(p) => return Ok(p.clone()),
            Squares::Written(p) => p.clone(),
        }
    } else if let Ok(text) = last_move.extract::<String>() {
        text.split(['-', 'x', ':', '*'])
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    } else {
        last_move
            .try_iter()
            .map_err(|_| {
                PyTypeError::new_err(
                    "last_move takes a Move, a GameMove, a move's text or square names",
                )
            })?
            .map(|n| n?.str()?.extract::<String>())
            .collect::<PyResult<_>>()?
    };
    names
        .iter()
        .map(|n| {
            pos.square(n.trim())
                .ok_or_else(|| PyValueError::new_err(format!("{n} is not a playing square")))
        })
        .collect()
}

/// The sizes of a picture, in pixels a side: those the library rasterises (its `MIN_SIZE` and
/// `MAX_SIZE` with the `raster` feature), for SVG too.
const MIN_SIZE: u32 = 16;
const MAX_SIZE: u32 = 4096;
#[cfg(feature = "raster")]
const _: () = assert!(MIN_SIZE == pdnkit::MIN_SIZE && MAX_SIZE == pdnkit::MAX_SIZE);

/// How a picture is drawn, from the arguments of `to_svg` and `to_png`.
fn svg_options(
    pos: &RsPosition,
    size: u32,
    flip: bool,
    coords: &str,
    last_move: Option<&Bound<'_, PyAny>>,
) -> PyResult<SvgOptions> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(PyValueError::new_err(format!(
            "size {size}: pictures are {MIN_SIZE} to {MAX_SIZE} pixels a side"
        )));
    }
    Ok(SvgOptions {
        size,
        flip,
        coords: coords_of(coords)?,
        last_move: last_move
            .map(|m| last_move_squares(pos, m))
            .transpose()?
            .unwrap_or_default(),
        ..SvgOptions::default()
    })
}

/// A position of one variant.
#[pyclass(frozen, module = "pdnkit")]
#[derive(Clone)]
struct Position {
    inner: RsPosition,
}

fn piece_symbol(color: Color, role: Role) -> &'static str {
    match (color, role) {
        (Color::White, Role::Man) => "w",
        (Color::White, Role::King) => "W",
        (Color::Black, Role::Man) => "b",
        (Color::Black, Role::King) => "B",
    }
}

#[pymethods]
impl Position {
    /// The start position of a variant (a name or a GameType number).
    #[staticmethod]
    fn start(variant: &Bound<'_, PyAny>) -> PyResult<Position> {
        let v = variant_of(&variant.str()?.to_cow()?)?;
        Ok(Position {
            inner: RsPosition::start(v),
        })
    }

    /// The position a FEN describes, in a variant's squares.
    #[staticmethod]
    fn from_fen(py: Python<'_>, fen: &str, variant: &Bound<'_, PyAny>) -> PyResult<Position> {
        let v = variant_of(&variant.str()?.to_cow()?)?;
        RsPosition::from_fen(fen, v)
            .map(|inner| Position { inner })
            .map_err(|e| {
                let column = fen[..e.span.start.min(fen.len())].chars().count() as u32 + 1;
                pdn_error(
                    py,
                    &format!("invalid FEN: {}", e.message()),
                    None,
                    Some(1),
                    Some(column),
                )
            })
    }

    /// The position as a PDN 3.0 FEN.
    #[getter]
    fn fen(&self) -> String {
        self.inner.to_fen()
    }

    #[getter]
    fn variant(&self) -> &'static str {
        self.inner.variant().name()
    }

    /// `white` or `black`.
    #[getter]
    fn turn(&self) -> &'static str {
        self.inner.turn().as_str()
    }

    /// `numeric` or `algebraic`.
    #[getter]
    fn notation(&self) -> &'static str {
        match self.inner.notation() {
            NotationKind::Numeric => "numeric",
            NotationKind::Algebraic => "algebraic",
        }
    }

    /// The same position with squares written as `numeric` or `algebraic`.
    fn with_notation(&self, notation: &str) -> PyResult<Position> {
        let kind = notation_of(Some(notation))?.unwrap_or(NotationKind::Numeric);
        Ok(Position {
            inner: self.inner.clone().with_notation(kind),
        })
    }

    /// Every piece: square name -> `w` (white man), `W` (white king), `b`, `B`.
    #[getter]
    fn pieces<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (s, p) in self.inner.pieces() {
            d.set_item(self.inner.square_name(s), piece_symbol(p.color, p.role))?;
        }
        Ok(d)
    }

    /// The piece on a square (`w`, `W`, `b`, `B`), `None` for an empty one.
    fn piece_at(&self, square: &str) -> PyResult<Option<&'static str>> {
        let sq = self
            .inner
            .square(square)
            .ok_or_else(|| PyValueError::new_err(format!("{square} is not a playing square")))?;
        Ok(self
            .inner
            .piece_at(sq)
            .map(|p| piece_symbol(p.color, p.role)))
    }

    /// The legal moves.
    fn legal_moves(&self) -> Vec<Move> {
        self.inner
            .legal_moves()
            .into_iter()
            .map(|m| Move::new(&self.inner, m))
            .collect()
    }

    /// The position after a move: a `Move` of `legal_moves()`, or its text in any notation.
    fn play(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<Position> {
        let mut next = self.inner.clone();
        if let Ok(m) = mv.cast::<Move>() {
            next.play(&m.get().inner).map_err(|e| play_error(py, &e))?;
        } else if let Ok(text) = mv.extract::<String>() {
            next.play_text(&text).map_err(|e| play_error(py, &e))?;
        } else {
            return Err(PyTypeError::new_err("play() takes a Move or a str"));
        }
        Ok(Position { inner: next })
    }

    /// The legal move a text names (any notation, a capture's squares in full or in part).
    fn parse_move(&self, py: Python<'_>, text: &str) -> PyResult<Move> {
        let m = self
            .inner
            .parse_move(text)
            .map_err(|e| play_error(py, &e))?;
        Ok(Move::new(&self.inner, m))
    }

    fn is_game_over(&self) -> bool {
        self.inner.is_game_over()
    }

    /// The winner (`white`, `black`) when the game is over.
    fn winner(&self) -> Option<&'static str> {
        self.inner.winner().map(Color::as_str)
    }

    /// The number of legal move sequences `depth` half-moves long.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let pos = self.inner.clone();
        py.detach(move || pos.perft(depth))
    }

    /// The position drawn as an SVG document of `size` pixels a side: `flip` turns the board
    /// half a turn; `coords` names the squares (`notation`: as the variant writes them,
    /// `numbers`, `algebraic`, `none`); `last_move` (a `Move`, a `GameMove`, a move's text or
    /// its square names) is drawn as an arrow. Each piece is one `<g class="piece ...">`.
    #[pyo3(signature = (size=400, flip=false, coords="notation", last_move=None))]
    fn to_svg(
        &self,
        size: u32,
        flip: bool,
        coords: &str,
        last_move: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let options = svg_options(&self.inner, size, flip, coords, last_move)?;
        Ok(self.inner.to_svg(&options))
    }

    /// The position drawn as a PNG image (bytes), as `to_svg` draws it.
    #[cfg(feature = "raster")]
    #[pyo3(signature = (size=400, flip=false, coords="notation", last_move=None))]
    fn to_png<'py>(
        &self,
        py: Python<'py>,
        size: u32,
        flip: bool,
        coords: &str,
        last_move: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
        let options = svg_options(&self.inner, size, flip, coords, last_move)?;
        let pos = self.inner.clone();
        let png = py
            .detach(move || pos.to_png(&options))
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(pyo3::types::PyBytes::new(py, &png))
    }

    /// Notebooks (Jupyter, IPython) show a position as its picture.
    fn _repr_svg_(&self) -> String {
        self.inner.to_svg(&SvgOptions::default())
    }

    fn __str__(&self) -> String {
        self.inner.to_fen()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Position {} {}>",
            self.inner.variant().name(),
            self.inner.to_fen()
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Position>()
            .is_ok_and(|o| o.get().inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.hash(&mut h);
        h.finish()
    }
}

/// Checks files as `pdn check` does; every diagnostic, in order.
#[pyfunction]
#[pyo3(signature = (paths, variant=None, rules="modern", strict=false, encoding=None))]
fn check(
    py: Python<'_>,
    paths: Vec<String>,
    variant: Option<&str>,
    rules: &str,
    strict: bool,
    encoding: Option<&str>,
) -> PyResult<Vec<Diagnostic>> {
    let options = options(variant, rules, strict, encoding, Retain::Findings, false)?;
    let run = || -> Result<Vec<Diagnostic>, String> {
        let mut out = Vec::new();
        for path in &paths {
            let file = File::open(path).map_err(|e| format!("{path}: {e}"))?;
            check_stream_with(file, &options, |game| {
                out.extend(
                    game.diagnostics
                        .iter()
                        .map(|d| diagnostic(&game, Some(path), d)),
                );
                ControlFlow::Continue(())
            })
            .map_err(|e| format!("{path}: {e}"))?;
        }
        Ok(out)
    };
    py.detach(|| catch_unwind(AssertUnwindSafe(run)))
        .map_err(|_| PyRuntimeError::new_err("the check stopped on an internal error"))?
        .map_err(PyOSError::new_err)
}

/// Where `convert` writes: a `str` it returns, a file it opens, or a Python file object
/// (written `str` when `text`, else `bytes`) in pieces of about `SINK_PIECE` bytes.
enum Sink {
    Collect(Vec<u8>),
    File(io::BufWriter<File>),
    Py {
        file: Py<PyAny>,
        text: bool,
        pending: Vec<u8>,
    },
}

const SINK_PIECE: usize = 1 << 16;

impl Sink {
    /// Hands the pending bytes to the Python file object: all of them, or, to a text file, up
    /// to the last whole character (the rest waits for the next piece).
    fn hand_over(&mut self, all: bool) -> io::Result<()> {
        let Sink::Py {
            file,
            text,
            pending,
        } = self
        else {
            return Ok(());
        };
        let upto = if *text {
            match std::str::from_utf8(pending) {
                Ok(_) => pending.len(),
                Err(e) if !all => e.valid_up_to(),
                Err(_) => {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        "the converted text is not UTF-8",
                    ));
                }
            }
        } else {
            pending.len()
        };
        if upto == 0 {
            return Ok(());
        }
        Python::attach(|py| -> PyResult<()> {
            let file = file.bind(py);
            if *text {
                // Whole characters: checked above.
                let piece = std::str::from_utf8(&pending[..upto]).unwrap_or_default();
                file.call_method1("write", (piece,))?;
            } else {
                file.call_method1("write", (pyo3::types::PyBytes::new(py, &pending[..upto]),))?;
            }
            Ok(())
        })
        .map_err(|e| io::Error::other(e.to_string()))?;
        pending.drain(..upto);
        Ok(())
    }

    fn finish(mut self) -> io::Result<Option<String>> {
        self.flush()?;
        self.hand_over(true)?;
        match self {
            Sink::Collect(bytes) => String::from_utf8(bytes)
                .map(Some)
                .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e)),
            Sink::File(mut f) => f.flush().map(|()| None),
            Sink::Py { .. } => Ok(None),
        }
    }
}

impl io::Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Sink::Collect(v) => v.extend_from_slice(buf),
            Sink::File(f) => return f.write(buf),
            Sink::Py { pending, .. } => {
                pending.extend_from_slice(buf);
                if pending.len() >= SINK_PIECE {
                    self.hand_over(false)?;
                }
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Sink::File(f) => f.flush(),
            _ => Ok(()),
        }
    }
}

/// Converts a whole source as `pdn convert` does, game by game, writing each as it goes: into
/// the `str` it returns (`output_kind` `str`), a file (`path`), or a Python file object
/// (`text-file`, `binary-file`).
#[pyfunction]
#[pyo3(signature = (kind, source, output_kind="str", output=None, notation=None, captures="keep", canonical=false, variant=None, encoding=None))]
#[allow(clippy::too_many_arguments)]
fn convert(
    py: Python<'_>,
    kind: &str,
    source: &Bound<'_, PyAny>,
    output_kind: &str,
    output: Option<&Bound<'_, PyAny>>,
    notation: Option<&str>,
    captures: &str,
    canonical: bool,
    variant: Option<&str>,
    encoding: Option<&str>,
) -> PyResult<Option<String>> {
    let check = options(
        variant,
        "modern",
        false,
        encoding,
        Retain::TreesAndText,
        true,
    )?;
    let convert = ConvertOptions {
        notation: notation_of(notation)?,
        captures: capture_style(captures)?,
        canonical,
        ..ConvertOptions::default()
    };
    let source = Source::from_py(kind, source)?;
    let output = || {
        output.ok_or_else(|| PyTypeError::new_err(format!("{output_kind} output needs a target")))
    };
    let mut sink = match output_kind {
        "str" => Sink::Collect(Vec::new()),
        "path" => {
            let path: String = output()?.extract()?;
            let file =
                File::create(&path).map_err(|e| PyOSError::new_err(format!("{path}: {e}")))?;
            Sink::File(io::BufWriter::new(file))
        }
        "text-file" | "binary-file" => Sink::Py {
            file: output()?.clone().unbind(),
            text: output_kind == "text-file",
            pending: Vec::new(),
        },
        other => return Err(PyTypeError::new_err(format!("unknown output kind {other}"))),
    };
    let run = move || -> io::Result<Option<String>> {
        let mut file = FileConversion::default();
        let mut failure: Option<io::Error> = None;
        check_stream_with(source.open()?, &check, |mut g| {
            let written = if g.parted {
                // Too long to hold as a tree: its text is copied as it was, piece by piece.
                file.kept(&g.chunk, &g.diagnostics);
                g.text()
                    .and_then(|mut r| io::copy(&mut r, &mut sink).map(drop))
            } else {
                match file.convert(&g.chunk, g.report.as_ref(), &g.diagnostics, &convert) {
                    Ok(text) => sink.write_all(text.as_bytes()),
                    Err(why) => {
                        let kept = file.write_kept(&g.chunk, g.report.as_ref(), &why, &convert);
                        sink.write_all(kept.text.as_bytes())
                    }
                }
            };
            match written {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    failure = Some(e);
                    ControlFlow::Break(())
                }
            }
        })?;
        match failure {
            Some(e) => Err(e),
            None => sink.finish(),
        }
    };
    py.detach(|| catch_unwind(AssertUnwindSafe(run)))
        .map_err(|_| PyRuntimeError::new_err("the conversion stopped on an internal error"))?
        .map_err(|e| PyOSError::new_err(e.to_string()))
}

/// The names of the variants pdnkit replays.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    Variant::ALL.iter().map(|v| v.name()).collect()
}

#[pymodule]
fn _pdnkit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("PdnError", py.get_type::<PdnError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add_class::<Reader>()?;
    m.add_class::<Game>()?;
    m.add_class::<GameMove>()?;
    m.add_class::<GameMoves>()?;
    m.add_class::<Variation>()?;
    m.add_class::<Diagnostic>()?;
    m.add_class::<Position>()?;
    m.add_class::<Move>()?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    Ok(())
}
