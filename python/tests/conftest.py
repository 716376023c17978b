"""Shared fixtures: the repository's corpus and the `pdn` binary the package is compared with."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus"


def corpus_files():
    """Every PDN file of the corpus (its notes on sources left out)."""
    return sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.suffix.lower() in (".pdn", ".txt"))


def pdn_binary():
    path = os.environ.get("PDNKIT_PDN") or shutil.which("pdn")
    if not path:
        pytest.skip("no `pdn` binary: set PDNKIT_PDN (scripts/python-test.sh does)")
    return path


@pytest.fixture(scope="session")
def pdn():
    """Runs the `pdn` binary and gives its JSON Lines output, parsed."""
    binary = pdn_binary()

    def run(*args):
        out = subprocess.run(
            [binary, *map(str, args)], capture_output=True, text=True, check=False
        )
        if out.returncode not in (0, 1):
            raise AssertionError(f"pdn {' '.join(map(str, args))}: {out.stderr}")
        return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]

    return run
