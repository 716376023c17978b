#!/usr/bin/env python3
"""Fills the fuzz targets' corpus directories with small seeds cut from PDN files.

    fuzz/seed_corpus.py [--max-bytes N] [--max-seeds N] [SOURCE_DIR...]

Sources default to the repository's corpus/ and tests/fixtures/, and ../shared/corpus beside
the repository when it is there. Each file is cut into pieces of whole games of at most
--max-bytes (a game longer than that is cut at that length), and its first --max-bytes are a
piece too (a byte order mark, an encoding, a binary start). Every target gets the pieces its
input takes:

  read, roundtrip, convert  the pieces as they are
  check                     each piece after an options byte (the target reads its first byte
                            as variant, rule profile, strictness and encoding), half of them
                            0x30: no variant forced, so the file's variant is inferred
  fen                       each FEN found (tag or setup command) after a variant byte

Seeds are named by a hash of their content, so running the script again adds only what is
new; seeds the fuzzer added are left alone. A target gets at most --max-seeds new ones, taken
evenly from the sorted list so that every source is represented.
"""

import argparse
import hashlib
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGETS = ("read", "check", "fen", "roundtrip", "convert")
# Options bytes for `check`: 0x30 = no variant forced (inference), modern rules; the others
# force a variant (low nibble), a rule profile (bits 4-5), strictness (0x40) or an encoding
# (0x80).
CHECK_OPTIONS = (0x30, 0x00, 0x30, 0x01, 0x30, 0x05, 0x70, 0x12, 0x30, 0x21, 0x30, 0x83)
FEN_RE = re.compile(rb'(?:\[FEN\s+"|/FEN\s+")([^"\r\n]{1,200})"')


def sources(dirs):
    """Every regular file under the given directories, in a stable order."""
    for d in dirs:
        for base, subdirs, files in os.walk(d):
            subdirs.sort()
            for name in sorted(files):
                path = os.path.join(base, name)
                if os.path.isfile(path) and not name.endswith((".snap", ".md", ".rs")):
                    yield path


def games(data):
    """The file cut before each line that opens a tag block (a `[` line after a non-tag one)."""
    starts = [0]
    in_tags = False
    pos = 0
    for line in data.splitlines(keepends=True):
        stripped = line.lstrip()
        is_tag = stripped.startswith(b"[") and not stripped.startswith(b"[%")
        if is_tag and not in_tags and pos > 0:
            starts.append(pos)
        if stripped:
            in_tags = is_tag
        pos += len(line)
    starts.append(len(data))
    return [data[a:b] for a, b in zip(starts, starts[1:]) if b > a]


def pieces(data, max_bytes):
    """The file's start, then its games packed whole into pieces of at most max_bytes."""
    out = [data[:max_bytes]]
    piece = b""
    for g in games(data):
        if len(g) > max_bytes:
            if piece:
                out.append(piece)
                piece = b""
            out.append(g[:max_bytes])
        elif len(piece) + len(g) > max_bytes:
            out.append(piece)
            piece = g
        else:
            piece += g
    if piece:
        out.append(piece)
    return [p for p in out if p.strip()]


def spread(items, n):
    """At most n of items, taken evenly."""
    if len(items) <= n:
        return items
    step = len(items) / n
    return [items[int(i * step)] for i in range(n)]


def write(directory, seeds, limit):
    os.makedirs(directory, exist_ok=True)
    unique = sorted({hashlib.sha1(s).hexdigest(): s for s in seeds}.items())
    added = 0
    for name, seed in spread(unique, limit):
        path = os.path.join(directory, name)
        if not os.path.exists(path):
            with open(path, "wb") as f:
                f.write(seed)
            added += 1
    return added


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-bytes", type=int, default=2048)
    ap.add_argument("--max-seeds", type=int, default=1000)
    ap.add_argument("--out", default=os.path.join(ROOT, "fuzz", "corpus"))
    ap.add_argument("--target", action="append", choices=TARGETS)
    ap.add_argument("dirs", nargs="*")
    args = ap.parse_args()
    dirs = args.dirs or [
        d
        for d in (
            os.path.join(ROOT, "corpus"),
            os.path.join(ROOT, "tests", "fixtures"),
            os.path.join(ROOT, "..", "shared", "corpus"),
        )
        if os.path.isdir(d)
    ]
    plain, fens = [], []
    for path in sources(dirs):
        with open(path, "rb") as f:
            data = f.read()
        plain.extend(pieces(data, args.max_bytes))
        fens.extend(m.group(1) for m in FEN_RE.finditer(data))
    fens = sorted(set(fens))
    per_target = {
        "read": plain,
        "roundtrip": plain,
        "convert": plain,
        "check": [bytes([CHECK_OPTIONS[i % len(CHECK_OPTIONS)]]) + p for i, p in enumerate(plain)],
        "fen": [bytes([i % 16]) + f for i, f in enumerate(fens)],
    }
    for target in args.target or TARGETS:
        added = write(os.path.join(args.out, target), per_target[target], args.max_seeds)
        print(f"{target}: {added} seeds added from {len(dirs)} directories", file=sys.stderr)


if __name__ == "__main__":
    main()
