//! `F0xx`: reading and decoding a file.

use super::Code;
use crate::lint::diagnostic::{Kind, Severity};

/// The file could not be opened or read.
pub static F001: Code = Code {
    code: "F001",
    name: "io-error",
    kind: Kind::Io,
    severity: Severity::Error,
    summary: "the file could not be read",
    explanation: "The operating system refused to open or read the file (it does not exist, \
                  permissions, a directory given where a file was expected). The rest of the \
                  batch is still checked; the run exits with status 2.",
    example: "",
};

/// The file is binary, not text.
pub static F002: Code = Code {
    code: "F002",
    name: "binary-file",
    kind: Kind::Encoding,
    severity: Severity::Error,
    summary: "the file holds bytes no text file has (NUL or control bytes)",
    explanation: "A PDN file is text. This one holds NUL bytes or many control characters, so it \
                  is most likely an archive, a database or an executable given by mistake. It is \
                  not parsed further, so that pages of nonsense errors do not bury the real ones. \
                  If it is UTF-16 text without a byte-order mark, say so with \
                  `--encoding utf-16le` (or `utf-16be`).",
    example: "",
};

/// Which decoding was used when it was not plain UTF-8.
pub static F003: Code = Code {
    code: "F003",
    name: "decoding",
    kind: Kind::Encoding,
    severity: Severity::Info,
    summary: "the file was decoded from something other than plain UTF-8",
    explanation: "PDN 3.0 requires UTF-8. Files with a byte-order mark (UTF-8, UTF-16LE/BE) are \
                  decoded as the mark says; files whose first megabyte is neither valid UTF-8 \
                  nor mostly UTF-8 (see F004) are read as Windows-1251 or KOI8-R when their \
                  letters above ASCII make Cyrillic words, else as Windows-1252, which covers \
                  Latin-1 and the Western European archives of the 1990s. The note tells which \
                  was used, so a wrongly guessed file can be read again with \
                  `--encoding LABEL`.",
    example: "",
};

/// Bytes invalid in the chosen encoding were replaced.
pub static F004: Code = Code {
    code: "F004",
    name: "invalid-bytes",
    kind: Kind::Encoding,
    severity: Severity::Warning,
    summary: "bytes that are not valid in the file's encoding were replaced by U+FFFD",
    explanation: "Part of the file is not valid in the encoding chosen for it: a Latin-1 name \
                  deep inside a file whose first megabyte is UTF-8, or a few bad bytes (a name \
                  pasted from another encoding) in a file that is mostly UTF-8 (its first \
                  megabyte holds at least 8 valid multi-byte UTF-8 characters and fewer invalid \
                  bytes than a tenth of them), which is read as UTF-8 so that its other names \
                  stay whole. The bad bytes are shown as the replacement character �. Reported \
                  once per file, at the first. Re-read the file with `--encoding LABEL` if the \
                  whole file is in another encoding, or fix the bytes.",
    example: "",
};

/// The file holds no game at all.
pub static F005: Code = Code {
    code: "F005",
    name: "no-games",
    kind: Kind::Syntax,
    severity: Severity::Warning,
    summary: "the file holds no game",
    explanation: "The file is empty, or holds only white space and comments. Nothing in it is \
                  wrong as such, but a game collection with no game is usually a mistake (a \
                  failed export, a truncated download).",
    example: "{ just a comment }",
};

/// pdnkit itself failed on the file.
pub static F006: Code = Code {
    code: "F006",
    name: "internal-error",
    kind: Kind::Io,
    severity: Severity::Error,
    summary: "pdnkit failed on this file (a bug); the rest of the batch was checked",
    explanation: "Checking this file hit a bug in pdnkit itself. What was found in the file \
                  before it is lost, but the other files are checked as usual and the run exits \
                  with status 2. Please report it with the file (or the game) that caused it.",
    example: "",
};

/// A game holds more diagnostics than are kept for one game.
pub static F007: Code = Code {
    code: "F007",
    name: "too-many-diagnostics",
    kind: Kind::Io,
    severity: Severity::Warning,
    summary: "a game holds more diagnostics than are kept for one game (1000)",
    explanation: "The first 1000 diagnostics of a game are kept and shown; the rest are \
                  counted in the file's totals (errors, warnings) but not kept, so that a huge \
                  broken game cannot fill memory or the screen. This note, placed after the \
                  last one kept, says how many more there were. Fix the first ones and check \
                  again: a game this broken usually has one cause (a wrong variant, a shifted \
                  move list).",
    example: "",
};

/// A position has more capture sequences than the replay searches.
pub static F008: Code = Code {
    code: "F008",
    name: "capture-search-limit",
    kind: Kind::Io,
    severity: Severity::Warning,
    summary: "a position has more capture sequences than are searched for one move (100,000 steps)",
    explanation: "To judge a capture the replay searches every capture sequence of the position. \
                  In positions built for it (a flying king among a lattice of men, with pieces \
                  removed as they are taken under the 1902 Polish rules) the sequences are too \
                  many to search, so the search stops after 100,000 steps (no real game needs \
                  more than 1,500). The move cannot be judged, so the rest of this line \
                  is not checked; nothing is reported as an error. docs/limits.md lists the limit.",
    example: "",
};

/// A game too long for a command that needs each game's moves whole.
pub static F009: Code = Code {
    code: "F009",
    name: "game-too-long-to-hold",
    kind: Kind::Io,
    severity: Severity::Warning,
    summary: "a game is too large for a command to hold as a tree (16,384 movetext elements, \
              4,096 tags and comments before its first move, 4 MiB of text)",
    explanation: "The commands that rewrite, compare or select games by their moves (convert, \
                  annotate, fix, filter, dedup, stats, report) hold each game's tree in \
                  memory: up to 16,384 movetext elements (moves, move numbers, comments, \
                  variations), 4,096 tags and comments before the first move, and 4 MiB of \
                  text (the reader's window); a game with variations nested deeper than the \
                  reader reads (S109) is not held either. No real game comes near these. A \
                  larger game is still checked whole, part by part, so its other findings are \
                  right, but its tree is not held: it is written out as it is, it is not \
                  compared with other games, and its openings are not counted; each command \
                  says what it did with it and why. Exported, it has its header (the tags \
                  held, and how many were not) and no moves. The finding says which limit was \
                  passed and is placed where the game stops being held. `pdn check` holds no \
                  tree and never reports it. docs/limits.md lists the limits.",
    example: "",
};

/// A variation too long to hold while its game is checked.
pub static F010: Code = Code {
    code: "F010",
    name: "variation-too-long-to-hold",
    kind: Kind::Io,
    severity: Severity::Warning,
    summary: "a variation is still open after 65,536 movetext elements or 8 MiB of text",
    explanation: "A game is checked in parts, cut on its main line; while a variation is open \
                  its part grows with it. A variation still open after 65,536 movetext \
                  elements (moves, move numbers, comments, inner variations) or 8 MiB of text \
                  is almost always one whose closing parenthesis is missing, so that the rest \
                  of the game was read as part of it. Its elements from there on are not held \
                  and its moves are not replayed, so nothing is reported about them but what \
                  the reader finds; the main line is checked again once the variation closes. \
                  If a `(` was meant to close a variation or start a comment, mend it and \
                  check again. docs/limits.md lists the limits.",
    example: "",
};

/// Too many movetext elements before a game's first move to hold while it is checked.
pub static F011: Code = Code {
    code: "F011",
    name: "too-much-before-first-move",
    kind: Kind::Io,
    severity: Severity::Warning,
    summary: "a game's main line holds more than 16,384 movetext elements before its first move",
    explanation: "A game is checked in parts, each cut after a move of its main line, and the \
                  first part, which the variant is inferred from, holds everything before the \
                  first move: move numbers, comments, setups, variations. After 16,384 of \
                  them (or as many comments holding commands), the elements up to the first \
                  move are read, and the reader still reports what it finds in them, but they \
                  are not held: the commands and setups among them are not applied to the \
                  position, and no tree holds them. In a game with a GameType (or under \
                  `--variant`) the elements held are replayed there; in a game without one, \
                  whose first move is evidence of its variant, they are let go with the rest, \
                  so none of its elements before the first move is applied. No real game comes near this: it is almost \
                  always a file whose moves were lost, or text pasted in by mistake. Look at \
                  the place given; if the elements are wanted, put them in fewer comments. \
                  docs/limits.md lists the limits.",
    example: "",
};

/// Every code of this group.
pub static ALL: &[&Code] = &[
    &F001, &F002, &F003, &F004, &F005, &F006, &F007, &F008, &F009, &F010, &F011,
];
