#!/usr/bin/env bash
# Time `pdn check FILE --format json` against the three peer replay scripts, in one run.
#
# Usage: scripts/compare_check.sh FILE.pdn [--variant V] [--only LIST] [--no-build]
#                                 [--min-replayed PERCENT]
#   --variant V  passed to the peer scripts that take it (py-draughts, pydraughts),
#                e.g. russian, english; by default they read GameType
#   --only LIST  comma list of tools to run: pdnkit,dame,dame-book,pydr,pydraughts (default:
#                all; dame-book is dame-rs's own PDN reader, OpeningBook.from_pdn, International
#                games only)
#   --no-build   skip `cargo build --release`
#   --min-replayed PERCENT
#                a peer is compared only when it replays at least this share of the file's
#                games to their end (default 90); below it, it is listed as not comparable
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
#   PDNKIT_COMPARE_TSV   also write the rows to this file, tab-separated (tool, games,
#                        replayed, wall s, games/s, comparable 1/0, pdn's ratio, note)
#
# A peer is compared on the games it replays, not on the file: a game it stops in (an error,
# a move it does not accept, a variant it reads by other rules) costs it less than a game
# replayed to the end, so its rate over the whole file would flatter it. Each row gives the
# file's games, how many the tool replayed to the end (pdn: every game it read; peers: their
# `ok` count), wall seconds (process start included), games/s over the replayed games, the
# tool's own timing where it reports one (peers time the replay only, after imports), and
# how many times faster pdn is: pdn's games/s over the file against the peer's over the games
# it replayed. dame-rs's own reader gives no count: it is compared only when it reads the
# whole file (it stops at the first game it cannot read).
set -u -o pipefail

FILE=""
VARIANT=""
ONLY="pdnkit,dame,dame-book,pydr,pydraughts"
BUILD=1
MIN_REPLAYED=90
while [ $# -gt 0 ]; do
    case "$1" in
        --variant) shift; VARIANT="${1:?--variant needs a value}" ;;
        --only) shift; ONLY="${1:?--only needs a list}" ;;
        --no-build) BUILD=0 ;;
        --min-replayed) shift; MIN_REPLAYED="${1:?--min-replayed needs a percentage}" ;;
        -h|--help) sed -n '2,38p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "compare_check.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
        *) FILE="$1" ;;
    esac
    shift
done
[ -n "$FILE" ] || { echo "usage: scripts/compare_check.sh FILE.pdn [--variant V] [--only LIST] [--no-build] [--min-replayed PERCENT]" >&2; exit 2; }
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
MIN_REPLAYED="$MIN_REPLAYED" TSV="${PDNKIT_COMPARE_TSV:-}" TIMEOUT="${PDNKIT_PEER_TIMEOUT:-600}" "$PY" - "$FILE" <<'EOF'
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
min_share = float(env["MIN_REPLAYED"]) / 100

# Each row: games in the file, games replayed to the end, and whether it is compared.
table = []
pdn_rate = None
for name, r, note in rows:
    if r is None:
        table.append(dict(name=name, games=None, replayed=None, wall=None, own=None, comparable=False, note=note))
        continue
    games = r["games"]
    if games is None and peer_games is not None:
        games, note = peer_games, (note + "; games counted by a peer").lstrip("; ")
    replayed, comparable = r["ok"], True
    if name == "pdnkit":
        # pdn replays every game it reads (up to its first illegal move, which it reports).
        replayed = games
        if games:
            pdn_rate = games / r["wall"]
    elif name == "dame-book":
        # No count: all of the file when it read it whole, else not comparable.
        if note.startswith("ok"):
            replayed = games
        else:
            comparable, note = False, f"not comparable: stopped at the first game it could not read ({note})"
    if name != "pdnkit" and comparable:
        if not games or replayed is None:
            comparable, note = False, (note + "; not comparable: no game count").lstrip("; ")
        elif replayed < min_share * games:
            comparable = False
            note = (f"not comparable: replays {replayed} of {games} games ({100 * replayed / games:.1f}%, "
                    f"under {100 * min_share:.0f}%)")
        elif replayed < games:
            note = (note + f"; compared on the {replayed} of {games} games it replays").lstrip("; ")
    table.append(dict(name=name, games=games, replayed=replayed, wall=r["wall"], own=r["own"],
                      comparable=comparable, note=note))

print(f"file: {os.path.basename(path)}  {nbytes / 1e6:.3f} MB")
print(f"{'tool':<11}{'games':>8}{'replayed':>10}{'wall s':>9}{'games/s':>10}{'own s':>9}"
      f"{'own g/s':>10}{'pdn is':>15}  note")
tsv = []
for t in table:
    fmt = lambda v: "?" if v is None else str(v)
    if t["wall"] is None:
        print(f"{t['name']:<11}{'n/a':>8}{'':>10}{'':>9}{'':>10}{'':>9}{'':>10}{'':>15}  {t['note']}")
        tsv.append([t["name"], "", "", "", "", "0", "", t["note"]])
        continue
    rate = t["replayed"] / t["wall"] if t["replayed"] else None
    own_rate = t["replayed"] / t["own"] if t["replayed"] and t["own"] else None
    ratio = ""
    if t["name"] != "pdnkit":
        if not t["comparable"]:
            ratio = "not compared"
        elif rate and pdn_rate:
            ratio = f"{pdn_rate / rate:.1f}x faster"
    rate_s = f"{rate:.1f}" if rate else "-"
    own_s = f"{t['own']:.3f}" if t["own"] else "-"
    own_rate_s = f"{own_rate:.1f}" if own_rate else "-"
    print(f"{t['name']:<11}{fmt(t['games']):>8}{fmt(t['replayed']):>10}{t['wall']:>9.3f}"
          f"{rate_s:>10}{own_s:>9}{own_rate_s:>10}{ratio:>15}  {t['note']}")
    tsv.append([t["name"], fmt(t["games"]), fmt(t["replayed"]), f"{t['wall']:.4f}",
                f"{rate:.2f}" if rate else "", "1" if t["comparable"] else "0",
                f"{pdn_rate / rate:.2f}" if (t["name"] != "pdnkit" and t["comparable"] and rate and pdn_rate) else "",
                t["note"]])
if env.get("TSV"):
    with open(env["TSV"], "w") as f:
        f.write(f"# {os.path.basename(path)}\t{nbytes}\n")
        for row in tsv:
            f.write("\t".join(row) + "\n")
EOF
