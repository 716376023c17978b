#!/usr/bin/env bash
# Time `pdn check FILE --format json` against the three peer replay scripts, in one run.
#
# Usage: scripts/compare_check.sh FILE.pdn [--variant V] [--only LIST] [--no-build]
#   --variant V  passed to the peer scripts that take it (py-draughts, pydraughts),
#                e.g. russian, english; by default they read GameType
#   --only LIST  comma list of tools to run: pdnkit,dame,dame-book,pydr,pydraughts (default:
#                all; dame-book is dame-rs's own PDN reader, OpeningBook.from_pdn, International
#                games only)
#   --no-build   skip `cargo build --release`
#
# Environment:
#   PDNKIT_PEERS         folder with the peer scripts bench_dame.py, bench_pydr.py,
#                        bench_pydraughts.py and common.py (default: ../shared/peers,
#                        relative to the repository root). They are used in place, not copied.
#   PDNKIT_VENVS         where the peers' virtual environments live, one per library
#                        (default: $HOME/.cache/pdnkit-venvs); missing ones are created
#   PDNKIT_PEER_TIMEOUT  seconds allowed to each tool (default 600; pydraughts replays
#                        only a few games per second)
#   PYTHON               Python used to create the venvs and print the table (default: python3)
#   PDNKIT_PDN           use this pdn binary instead of building target/release/pdn
#
# Prints one row per tool: games, ok, errors, wall seconds, games/s and MB/s (from wall time,
# process start included), and the tool's own timing where it reports one (peers time the
# replay only, after imports).
set -u -o pipefail

FILE=""
VARIANT=""
ONLY="pdnkit,dame,dame-book,pydr,pydraughts"
BUILD=1
while [ $# -gt 0 ]; do
    case "$1" in
        --variant) shift; VARIANT="${1:?--variant needs a value}" ;;
        --only) shift; ONLY="${1:?--only needs a list}" ;;
        --no-build) BUILD=0 ;;
        -h|--help) sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "compare_check.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
        *) FILE="$1" ;;
    esac
    shift
done
[ -n "$FILE" ] || { echo "usage: scripts/compare_check.sh FILE.pdn [--variant V] [--only LIST] [--no-build]" >&2; exit 2; }
[ -f "$FILE" ] || { echo "compare_check.sh: no such file: $FILE" >&2; exit 2; }
FILE="$(cd "$(dirname "$FILE")" && pwd)/$(basename "$FILE")"

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 1
PEERS="${PDNKIT_PEERS:-../shared/peers}"
case "$PEERS" in /*) ;; *) PEERS="$ROOT/$PEERS" ;; esac
VENVS="${PDNKIT_VENVS:-$HOME/.cache/pdnkit-venvs}"
PY="${PYTHON:-python3}"
command -v "$PY" >/dev/null 2>&1 || { echo "compare_check.sh: $PY not found" >&2; exit 1; }

want() { case ",$ONLY," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }

# venv NAME IMPORT PIP-SPEC: make sure "$VENVS/NAME" can import IMPORT
venv() {
    local dir="$VENVS/$1"
    if ! "$dir/bin/python" -c "import $2" >/dev/null 2>&1; then
        echo "== creating venv $dir ($3)" >&2
        mkdir -p "$VENVS"
        "$PY" -m venv "$dir" && "$dir/bin/pip" install --quiet --disable-pip-version-check "$3" >&2 \
            || { echo "compare_check.sh: could not set up $dir" >&2; return 1; }
    fi
}

NOTES=""
if want dame || want dame-book || want pydr || want pydraughts; then
    if [ ! -f "$PEERS/common.py" ]; then
        echo "compare_check.sh: peer scripts not found in $PEERS (set PDNKIT_PEERS); running pdnkit only" >&2
        ONLY="pdnkit"
    fi
fi
{ want dame || want dame-book; } && { venv dame dame 'dame-rs==0.2.*' || NOTES="$NOTES dame:venv dame-book:venv"; }
want pydr && { venv pydr 'draughts, loguru' 'py-draughts==1.10.*' || NOTES="$NOTES pydr:venv"; }
want pydraughts && { venv pydraughts 'draughts.PDN' 'pydraughts==0.6.*' || NOTES="$NOTES pydraughts:venv"; }

if want pdnkit && [ "$BUILD" = 1 ] && [ -z "${PDNKIT_PDN:-}" ]; then
    echo "== cargo build --release" >&2
    cargo build --release --quiet >&2 || NOTES="$NOTES pdnkit:build"
fi

ROOT="$ROOT" PEERS="$PEERS" VENVS="$VENVS" ONLY="$ONLY" VARIANT="$VARIANT" NOTES="$NOTES" \
TIMEOUT="${PDNKIT_PEER_TIMEOUT:-600}" "$PY" - "$FILE" <<'EOF'
import json, os, re, subprocess, sys, time

path = sys.argv[1]
env = os.environ
root, peers, venvs = env["ROOT"], env["PEERS"], env["VENVS"]
only = env["ONLY"].split(",")
variant = env["VARIANT"]
timeout = float(env["TIMEOUT"])
broken = dict(n.split(":") for n in env["NOTES"].split())
nbytes = os.path.getsize(path)
vargs = ["--variant", variant] if variant else []

tools = [
    ("pdnkit", [env.get("PDNKIT_PDN") or os.path.join(root, "target", "release", "pdn"), "check", path, "--format", "json"]),
    ("dame", [os.path.join(venvs, "dame", "bin", "python"), os.path.join(peers, "bench_dame.py"), path, "--quiet"]),
    ("dame-book", [os.path.join(venvs, "dame", "bin", "python"), os.path.join(peers, "bench_dame.py"), path, "--book", "--quiet"]),
    ("pydr", [os.path.join(venvs, "pydr", "bin", "python"), os.path.join(peers, "bench_pydr.py"), path, "--quiet"] + vargs),
    ("pydraughts", [os.path.join(venvs, "pydraughts", "bin", "python"), os.path.join(peers, "bench_pydraughts.py"), path, "--quiet"] + vargs),
]

PEER_LINE = re.compile(r"games=(\d+) ok=(\d+) errors=(\d+) time=([\d.]+)s")
BOOK_LINE = re.compile(r"time=([\d.]+)s")

def pdn_counts(out):
    """Find games / ok / errors in pdn's JSON, whatever its exact shape (it is still being written)."""
    try:
        doc = json.loads(out)
    except ValueError:
        lines = [json.loads(l) for l in out.splitlines() if l.strip().startswith("{")] if out.strip() else []
        doc = lines[-1] if lines else None
    if not isinstance(doc, dict):
        return None, None, None
    def find(d, keys):
        if isinstance(d, dict):
            for k in keys:
                if isinstance(d.get(k), int):
                    return d[k]
            for v in d.values():
                r = find(v, keys)
                if r is not None:
                    return r
        return None
    return find(doc, ("games",)), find(doc, ("ok", "valid", "games_ok")), find(doc, ("errors", "invalid", "games_with_errors"))

rows = []
for name, cmd in tools:
    if name not in only:
        continue
    if name in broken:
        rows.append((name, None, f"{broken[name]} failed")); continue
    if not os.path.exists(cmd[0]):
        rows.append((name, None, f"{os.path.relpath(cmd[0], root)} not found")); continue
    print(f"== {name}", file=sys.stderr, flush=True)
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        rows.append((name, None, f"timed out after {timeout:.0f}s")); continue
    wall = time.perf_counter() - t0
    if name == "pdnkit":
        if not p.stdout.strip():
            rows.append((name, None, f"exit {p.returncode}, no output: {p.stderr.strip()[:100] or 'check not implemented yet?'}")); continue
        games, ok, errs = pdn_counts(p.stdout)
        # `pdn check` may exit non-zero when it finds errors; that is a result, not a failure.
        rows.append((name, dict(games=games, ok=ok, errors=errs, wall=wall, own=None), f"exit {p.returncode}"))
    elif name == "dame-book":
        m = BOOK_LINE.search(p.stdout)
        if not m:
            tail = (p.stderr.strip().splitlines() or [""])[-1][:100]
            rows.append((name, None, f"exit {p.returncode}: {tail}")); continue
        first = (p.stdout.strip().splitlines() or [""])[0][:60]
        rows.append((name, dict(games=None, ok=None, errors=None, wall=wall, own=float(m[1])), first))
    else:
        m = PEER_LINE.search(p.stdout)
        if not m:
            tail = (p.stderr.strip().splitlines() or [""])[-1][:100]
            rows.append((name, None, f"exit {p.returncode}: {tail}")); continue
        g, ok, errs, own = int(m[1]), int(m[2]), int(m[3]), float(m[4])
        rows.append((name, dict(games=g, ok=ok, errors=errs, wall=wall, own=own), ""))

# pdnkit's game count, if its JSON does not give one, is taken from a peer (same file).
peer_games = next((r[1]["games"] for r in rows if r[1] and r[0] != "pdnkit"), None)

print(f"file: {os.path.basename(path)}  {nbytes / 1e6:.3f} MB")
print(f"{'tool':<11}{'games':>8}{'ok':>8}{'errors':>8}{'wall s':>9}{'games/s':>11}{'MB/s':>9}{'own s':>9}{'own MB/s':>10}  note")
for name, r, note in rows:
    if r is None:
        print(f"{name:<11}{'n/a':>8}{'':>8}{'':>8}{'':>9}{'':>11}{'':>9}{'':>9}{'':>10}  {note}")
        continue
    games = r["games"]
    if games is None and peer_games is not None:
        games, note = peer_games, (note + "; games counted by a peer").lstrip("; ")
    fmt = lambda v: "?" if v is None else str(v)
    gps = f"{games / r['wall']:.1f}" if games is not None else "?"
    own = f"{r['own']:.3f}" if r["own"] is not None else "-"
    own_mbs = f"{nbytes / r['own'] / 1e6:.3f}" if r["own"] else "-"
    print(f"{name:<11}{fmt(games):>8}{fmt(r['ok']):>8}{fmt(r['errors']):>8}{r['wall']:>9.3f}{gps:>11}"
          f"{nbytes / r['wall'] / 1e6:>9.3f}{own:>9}{own_mbs:>10}  {note}")
EOF
