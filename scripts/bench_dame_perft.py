#!/usr/bin/env python3
"""Time dame-rs's own International perft from the start position.

Usage:  python scripts/bench_dame_perft.py DEPTH [--repeat N] [--json]

Needs the PyPI package `dame-rs` (imports as `dame`) in the running Python, e.g.
    python3 -m venv ~/.cache/pdnkit-venvs/dame && ~/.cache/pdnkit-venvs/dame/bin/pip install 'dame-rs==0.2.*'
    ~/.cache/pdnkit-venvs/dame/bin/python scripts/bench_dame_perft.py 8

API used (dame-rs 0.2): `dame.perft(board: dame.Board, depth: int) -> int`, the leaf count
of the legal move tree at `depth` plies; `dame.Board()` is the International start position.
The call runs in Rust on one thread (process CPU time equals wall time), so the Python
overhead is a single call. With --repeat N the best (smallest) time of N runs is reported.

Prints: `dame-rs international depth=D nodes=N seconds=S nodes/s=R`
or with --json: {"tool": "dame-rs", "variant": "international", "depth": D, "nodes": N, "seconds": S}
"""
import argparse
import json
import sys
import time

try:
    import dame
except ImportError:
    sys.exit("bench_dame_perft.py: cannot import `dame`; install the PyPI package dame-rs "
             "in this Python (see the docstring)")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("depth", type=int)
    ap.add_argument("--repeat", type=int, default=1, help="run N times, report the fastest")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    a = ap.parse_args()
    best, nodes = None, None
    for _ in range(max(1, a.repeat)):
        board = dame.Board()
        t0 = time.perf_counter()
        n = dame.perft(board, a.depth)
        t = time.perf_counter() - t0
        if nodes is not None and n != nodes:
            sys.exit(f"inconsistent perft results: {nodes} then {n}")
        nodes = n
        best = t if best is None else min(best, t)
    if a.json:
        print(json.dumps({"tool": "dame-rs", "version": getattr(dame, "__version__", "?"),
                          "variant": "international", "depth": a.depth, "nodes": nodes,
                          "seconds": round(best, 6)}))
    else:
        rate = nodes / best if best > 0 else float("inf")
        print(f"dame-rs international depth={a.depth} nodes={nodes} seconds={best:.3f} nodes/s={rate:,.0f}")


if __name__ == "__main__":
    main()
