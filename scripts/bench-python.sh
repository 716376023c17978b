#!/usr/bin/env bash
# Reading and replaying every move from Python: pdnkit's Python package against py-draughts and
# pydraughts on the same files, one thread, and against `pdn check` itself.
#
# Usage: scripts/bench-python.sh [--games N] [--english-games N] [--small-games N] [--keep DIR]
#   --games N          International games for pdnkit and py-draughts (default 3000)
#   --english-games N  English games (default 3000)
#   --small-games N    International and English games for pydraughts, which replays a few
#                      games a second (default 30)
#   --keep DIR         write the inputs to DIR and keep them (default: a temporary folder)
#
# The inputs are made with `pdn gen` (random legal play, fixed seeds), as scripts/bench-peers.sh
# makes them. Each Python tool is timed inside its own process, after its imports: pdnkit reads
# each game with `pdnkit.read` and goes through every move of its main line (text, squares,
# captures) and every position after them; the peers run their scripts in ../shared/peers
# (PDNKIT_PEERS), which split the file and replay each game. `pdn check -j 1` is timed as a
# process (wall time). The pdnkit wheel is built with maturin and installed in a virtual
# environment of PDNKIT_VENVS (default $HOME/.cache/pdnkit-venvs), as are the peers.
set -u -o pipefail

GAMES=3000
ENGLISH=3000
SMALL=30
KEEP=""
while [ $# -gt 0 ]; do
    case "$1" in
        --games) shift; GAMES="${1:?}" ;;
        --english-games) shift; ENGLISH="${1:?}" ;;
        --small-games) shift; SMALL="${1:?}" ;;
        --keep) shift; KEEP="${1:?}" ;;
        -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "bench-python.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 1
PY="${PYTHON:-python3}"
PEERS="${PDNKIT_PEERS:-../shared/peers}"
case "$PEERS" in /*) ;; *) PEERS="$ROOT/$PEERS" ;; esac
VENVS="${PDNKIT_VENVS:-$HOME/.cache/pdnkit-venvs}"

echo "== cargo build --release" >&2
cargo build --release --quiet || exit 1
PDN="$ROOT/target/release/pdn"

# venv NAME IMPORT PIP-SPEC...: make sure "$VENVS/NAME" can import IMPORT
venv() {
    local dir="$VENVS/$1" import="$2"
    shift 2
    if ! "$dir/bin/python" -c "import $import" >/dev/null 2>&1; then
        echo "== creating venv $dir ($*)" >&2
        mkdir -p "$VENVS"
        "$PY" -m venv "$dir" && "$dir/bin/pip" install --quiet --disable-pip-version-check "$@" >&2 ||
            { echo "bench-python.sh: could not set up $dir" >&2; return 1; }
    fi
}
venv pydr 'draughts, loguru' 'py-draughts==1.10.*'
venv pydraughts 'draughts.PDN' 'pydraughts==0.6.*'
venv pdnkit-python maturin 'maturin>=1.5,<2' || exit 1
echo "== building the pdnkit wheel" >&2
WHEELS="$(mktemp -d)"
"$VENVS/pdnkit-python/bin/maturin" build --quiet --profile dist -m python/Cargo.toml -o "$WHEELS" >&2 || exit 1
"$VENVS/pdnkit-python/bin/pip" install --quiet --disable-pip-version-check --force-reinstall "$WHEELS"/pdnkit-*.whl >&2 || exit 1
rm -rf "$WHEELS"

if [ -n "$KEEP" ]; then
    mkdir -p "$KEEP" && DIR="$(cd "$KEEP" && pwd)"
else
    DIR="$(mktemp -d)"
    trap 'rm -rf "$DIR"' EXIT
fi
echo "== making inputs in $DIR" >&2
"$PDN" gen --variant international -n "$GAMES" --seed 1 -o "$DIR/international.pdn" || exit 1
"$PDN" gen --variant international -n "$SMALL" --seed 2 -o "$DIR/international-small.pdn" || exit 1
"$PDN" gen --variant english -n "$ENGLISH" --seed 3 -o "$DIR/english.pdn" || exit 1
"$PDN" gen --variant english -n "$SMALL" --seed 4 -o "$DIR/english-small.pdn" || exit 1

# The pdnkit side: every game read, replayed and checked (the reader, on a thread of its own, a
# few games ahead); every move of its main line made a Python object with its text, squares and
# captures read; every position after them made a Python object. `cpu` is the process's CPU
# time, both threads together.
cat > "$DIR/bench_pdnkit.py" <<'PYEOF'
import sys, time
import pdnkit
path = sys.argv[1]
t0, c0 = time.perf_counter(), time.process_time()
games = ok = moves = 0
for game in pdnkit.read(path):
    games += 1
    for m in game.moves:
        moves += 1
        m.text, m.from_square, m.to_square, m.captures
    game.positions()
    ok += not any(d.severity == "error" for d in game.diagnostics)
t, cpu = time.perf_counter() - t0, time.process_time() - c0
print(f"pdnkit: {path}: games={games} ok={ok} errors={games - ok} time={t:.3f}s cpu={cpu:.3f}s moves={moves}")
PYEOF

PDN="$PDN" PEERS="$PEERS" VENVS="$VENVS" DIR="$DIR" "$PY" - <<'PYEOF'
import os, re, subprocess, sys, time
env = os.environ
d, peers, venvs = env["DIR"], env["PEERS"], env["VENVS"]
LINE = re.compile(r"games=(\d+) ok=(\d+) errors=(\d+) time=([\d.]+)s(?: cpu=([\d.]+)s)?")

def py_tool(venv, script, path, *args):
    python = os.path.join(venvs, venv, "bin", "python")
    if not os.path.exists(script) or not os.path.exists(python):
        return None, "not installed"
    try:
        p = subprocess.run([python, script, path, "--quiet", *args], capture_output=True, text=True, timeout=900)
    except subprocess.TimeoutExpired:
        return None, "timed out"
    m = LINE.search(p.stdout)
    if not m:
        return None, (p.stderr.strip().splitlines() or ["no output"])[-1][:80]
    g, ok, _, t = int(m[1]), int(m[2]), int(m[3]), float(m[4])
    return (g, ok, t), (f"cpu {float(m[5]):.3f} s" if m[5] else "")

def cli(path):
    best = None
    for _ in range(3):
        t0 = time.perf_counter()
        subprocess.run([env["PDN"], "check", "-j", "1", "-q", "--no-config", "--format", "json", path],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        t = time.perf_counter() - t0
        best = t if best is None else min(best, t)
    return best

def best_of(n, f):
    runs = [f() for _ in range(n)]
    runs = [r for r in runs if r[0]]
    return min(runs, key=lambda r: r[0][2]) if runs else (None, "failed")

print(f"{'input':<22}{'MB':>6}{'tool':>12}{'games':>7}{'replayed':>9}{'seconds':>9}{'games/s':>10}{'pdnkit':>14}")
for name, variant in (("international", "standard"), ("international-small", "standard"),
                      ("english", "english"), ("english-small", "english")):
    path = os.path.join(d, name + ".pdn")
    size = os.path.getsize(path) / 1e6
    small = name.endswith("small")
    rows = [("pdnkit",) + best_of(3, lambda: py_tool("pdnkit-python", os.path.join(d, "bench_pdnkit.py"), path))]
    rows.append(("py-draughts",) + best_of(1 if small else 1, lambda: py_tool("pydr", os.path.join(peers, "bench_pydr.py"), path, "--variant", "american" if variant == "english" else variant)))
    if small:
        rows.append(("pydraughts",) + py_tool("pydraughts", os.path.join(peers, "bench_pydraughts.py"), path, "--variant", variant))
    ours = rows[0][1]
    our_rate = ours[0] / ours[2] if ours else None
    for tool, r, note in rows:
        if r is None:
            print(f"{name:<22}{size:>6.2f}{tool:>12}  {note}")
            continue
        g, ok, t = r
        rate = ok / t if t else 0
        verdict = note
        if tool != "pdnkit":
            verdict = f"{our_rate / rate:.0f}x" if ok >= 0.9 * g and rate else "not comparable"
        print(f"{name:<22}{size:>6.2f}{tool:>12}{g:>7}{ok:>9}{t:>9.3f}{rate:>10.0f}{verdict:>14}")
    t = cli(path)
    g = ours[0] if ours else 0
    verdict = f"{(g / t) / our_rate:.2f}x pdnkit" if our_rate else ""
    print(f"{name:<22}{size:>6.2f}{'pdn check':>12}{g:>7}{g:>9}{t:>9.3f}{g / t:>10.0f}{verdict:>14}")
PYEOF
