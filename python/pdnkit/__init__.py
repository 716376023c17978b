"""Read, check, replay and convert PDN (Portable Draughts Notation) game records.

    import pdnkit

    for game in pdnkit.read("games.pdn"):
        print(game.tags.get("White"), game.result, len(game.moves))
        for d in game.diagnostics:
            print(d)

The work is done by the pdnkit Rust library; reading and checking run without the
interpreter's lock, so threads that read different files run in parallel.
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence as _Sequence
from typing import IO, Any, Dict, Iterable, List, Optional, Union

from ._pdnkit import (
    Diagnostic,
    Game,
    GameMove,
    GameMoves,
    IllegalMoveError,
    Move,
    PdnError,
    Position,
    Reader,
    Variation,
    variants,
)
from ._pdnkit import check as _check
from ._pdnkit import convert as _convert

__all__ = [
    "Diagnostic",
    "Game",
    "GameMove",
    "GameMoves",
    "IllegalMoveError",
    "Move",
    "PdnError",
    "Position",
    "Reader",
    "Variation",
    "check",
    "convert",
    "games_table",
    "read",
    "variants",
]

__version__ = "0.1.0"

# A game's moves are a read-only sequence (len, index, slice, iterate).
_Sequence.register(GameMoves)

Source = Union[str, bytes, bytearray, memoryview, "os.PathLike[str]", Any]

_PDN_SUFFIXES = (".pdn", ".txt")


def _source(source: Source) -> tuple[str, Any]:
    """The kind of a source (a path, bytes, or a binary file object) and its value."""
    if isinstance(source, os.PathLike):
        return "path", os.fspath(source)
    if isinstance(source, str):
        # One line that names a file (or looks like a file name) is a path; anything else is
        # the text of a PDN file.
        one_line = "\n" not in source and "\r" not in source
        if one_line and (os.path.isfile(source) or source.lower().endswith(_PDN_SUFFIXES)):
            return "path", source
        return "bytes", source.encode("utf-8")
    if isinstance(source, (bytes, bytearray, memoryview)):
        return "bytes", bytes(source)
    if hasattr(source, "read"):
        return "file", source
    raise TypeError(
        "a source is a path, a str of PDN text, bytes or a binary file object, "
        f"not {type(source).__name__}"
    )


def _variant(variant: Union[str, int, None]) -> Optional[str]:
    return None if variant is None else str(variant)


def read(
    source: Source,
    variant: Union[str, int, None] = None,
    encoding: Optional[str] = None,
    *,
    rules: str = "modern",
    strict: bool = False,
    raise_errors: bool = False,
) -> Reader:
    """A lazy iterator over the games of `source`, each read, replayed and checked.

    `source` is a path (a `str` of one line naming a file or ending in `.pdn`, or a
    `pathlib.Path`), a `str` of PDN text, `bytes`, or a binary file object. The file is read
    as it is iterated, a few games ahead, so a file of any size takes little memory.

    `variant` (a name such as `"international"`, or a GameType number) replays every game
    under those rules, whatever its tags say; `encoding` (a label such as `"cp1252"`) decodes
    the file with it instead of guessing. `rules` is `"modern"`, `"huffing"` or
    `"polish-1902"`; `strict` reports what PDN 3.0 does not allow as errors. With
    `raise_errors`, the first game with an error raises `PdnError` (with its `line` and
    `column`) instead of being given.

    Findings outside any game are in the reader's `diagnostics` as it goes.
    """
    kind, value = _source(source)
    return Reader(
        kind,
        value,
        variant=_variant(variant),
        encoding=encoding,
        rules=rules,
        strict=strict,
        raise_errors=raise_errors,
    )


def _paths(paths: Union[str, "os.PathLike[str]", Iterable[Union[str, "os.PathLike[str]"]]]) -> List[str]:
    if isinstance(paths, (str, os.PathLike)):
        return [os.fspath(paths)]
    return [os.fspath(p) for p in paths]


def check(
    paths: Union[str, "os.PathLike[str]", Iterable[Union[str, "os.PathLike[str]"]]],
    variant: Union[str, int, None] = None,
    rules: str = "modern",
    strict: bool = False,
    *,
    encoding: Optional[str] = None,
) -> List[Diagnostic]:
    """Every diagnostic of the files, in order, as `pdn check --format json` gives them."""
    return _check(_paths(paths), _variant(variant), rules, strict, encoding)


def convert(
    source: Source,
    output: Union[str, "os.PathLike[str]", IO[Any], None] = None,
    *,
    notation: Optional[str] = None,
    captures: str = "keep",
    canonical: bool = False,
    variant: Union[str, int, None] = None,
    encoding: Optional[str] = None,
) -> Optional[str]:
    """The games of `source` rewritten, as `pdn convert` does: squares in `notation`
    (`"numeric"`, `"algebraic"`, `None` keeps each game's), captures with the squares
    `captures` asks for (`"keep"`, `"short"`, `"full"`, `"minimal"`), and with `canonical`
    each game written whole in PDN 3.0 form. A game that cannot be converted is kept as
    written.

    Without `output`, the whole text is returned as a `str`: for inputs small enough to hold.
    With `output` (a path, or a file object opened for writing, text or binary), each game is
    written there as it is converted, so memory stays bounded on a source of any size, and
    `None` is returned. A text file object gets `str`, a binary one UTF-8 `bytes`; a file
    named by a path is written in UTF-8."""
    kind, value = _source(source)
    if output is None:
        out_kind, target = "str", None
    elif isinstance(output, (str, os.PathLike)):
        out_kind, target = "path", os.fspath(output)
    elif hasattr(output, "write"):
        out_kind, target = ("text-file" if isinstance(output, io.TextIOBase) else "binary-file"), output
    else:
        raise TypeError(f"output is a path or a file object, not {type(output).__name__}")
    return _convert(
        kind,
        value,
        out_kind,
        target,
        notation=notation,
        captures=captures,
        canonical=canonical,
        variant=_variant(variant),
        encoding=encoding,
    )


def games_table(
    paths: Union[Source, Iterable[Source]],
    *,
    as_frame: bool = False,
    variant: Union[str, int, None] = None,
) -> Any:
    """One row per game: `file`, `game` (its number in the file), every tag, `variant`,
    `variant_inferred`, `result`, `plies`, `errors` and `warnings`.

    A list of dicts; with `as_frame`, a pandas DataFrame (pandas must be installed)."""
    if isinstance(paths, (str, bytes, bytearray, memoryview, os.PathLike)) or hasattr(paths, "read"):
        sources = [paths]
    else:
        sources = list(paths)
    rows: List[Dict[str, Any]] = []
    for source in sources:
        for game in read(source, variant=variant):
            row: Dict[str, Any] = {"file": game.file, "game": game.index}
            row.update(game.tags)
            severities = [d.severity for d in game.diagnostics]
            row.update(
                variant=game.variant,
                variant_inferred=game.variant_inferred,
                result=game.result,
                plies=game.plies,
                errors=severities.count("error"),
                warnings=severities.count("warning"),
            )
            rows.append(row)
    if not as_frame:
        return rows
    try:
        import pandas
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError("games_table(as_frame=True) needs pandas: pip install pandas") from e
    return pandas.DataFrame(rows)
