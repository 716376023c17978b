#!/usr/bin/env bash
# Compare pdnkit's International perft speed with dame-rs's own perft, in one run.
#
# Usage: scripts/compare_perft.sh [DEPTH] [--no-build] [--repeat N]
#   DEPTH       perft depth (default 8; International perft(8) = 6,483,961 leaves)
#   --no-build  skip `cargo build --release` (use the existing target/release/pdn)
#   --repeat N  run each tool N times and keep its fastest run (default 1)
#
# Steps:
#   1. cargo build --release                       (pdnkit, from the repository root)
#   2. target/release/pdn perft --variant international --depth D --format json
#        expected to print {"variant":..., "depth":..., "nodes":..., "seconds":...}
#   3. scripts/bench_dame_perft.py D --json        (in a venv with dame-rs; created if missing)
#   4. a table: nodes, seconds, leaves/s for each tool, and the speed ratio.
#
# Environment:
#   PDNKIT_VENVS  where the dame-rs virtual environment lives
#                 (default: $HOME/.cache/pdnkit-venvs; the venv is "$PDNKIT_VENVS/dame")
#   PYTHON        the Python used to create the venv (default: python3)
#   PDNKIT_PDN    use this pdn binary instead of building target/release/pdn
#
# If `pdn perft` is missing or fails, its row says why and the dame-rs row is still shown.
set -u -o pipefail

DEPTH=8
BUILD=1
REPEAT=1
while [ $# -gt 0 ]; do
    case "$1" in
        --no-build) BUILD=0 ;;
        --repeat) shift; REPEAT="${1:?--repeat needs a number}" ;;
        -h|--help) sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        [0-9]*) DEPTH="$1" ;;
        *) echo "compare_perft.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 1
VENVS="${PDNKIT_VENVS:-$HOME/.cache/pdnkit-venvs}"
PY="${PYTHON:-python3}"
DAME_VENV="$VENVS/dame"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

command -v "$PY" >/dev/null 2>&1 || { echo "compare_perft.sh: $PY not found (python3 is needed for dame-rs and the table)" >&2; exit 1; }

# --- dame-rs venv -----------------------------------------------------------
if ! "$DAME_VENV/bin/python" -c 'import dame' >/dev/null 2>&1; then
    echo "== creating dame-rs venv in $DAME_VENV" >&2
    mkdir -p "$VENVS"
    "$PY" -m venv "$DAME_VENV" || { echo "compare_perft.sh: cannot create a venv (on Debian: apt-get install python3-venv)" >&2; exit 1; }
    "$DAME_VENV/bin/pip" install --quiet --disable-pip-version-check 'dame-rs==0.2.*' >&2 \
        || { echo "compare_perft.sh: pip install dame-rs failed" >&2; exit 1; }
fi

# --- pdnkit build -------------------------------------------------------------
PDN="${PDNKIT_PDN:-$ROOT/target/release/pdn}"
PDN_NOTE=""
if [ "$BUILD" = 1 ] && [ -z "${PDNKIT_PDN:-}" ]; then
    echo "== cargo build --release" >&2
    if ! cargo build --release --quiet >&2; then
        PDN_NOTE="cargo build --release failed"
    fi
fi
[ -z "$PDN_NOTE" ] && [ ! -x "$PDN" ] && PDN_NOTE="${PDNKIT_PDN:-target/release/pdn} not found"

# --- runs ---------------------------------------------------------------------
# Each tool writes one JSON line per run into $TMP/<tool>.jsonl; the table keeps the fastest.
: > "$TMP/pdnkit.jsonl"
: > "$TMP/dame.jsonl"
for _ in $(seq "$REPEAT"); do
    if [ -z "$PDN_NOTE" ]; then
        echo "== pdn perft --variant international --depth $DEPTH --format json" >&2
        if "$PDN" perft --variant international --depth "$DEPTH" --format json > "$TMP/pdn.out" 2> "$TMP/pdn.err"; then
            if grep -q '[^[:space:]]' "$TMP/pdn.out"; then
                tail -n 1 "$TMP/pdn.out" >> "$TMP/pdnkit.jsonl"
            else
                PDN_NOTE="pdn perft printed nothing (subcommand not implemented yet?)"
            fi
        else
            PDN_NOTE="pdn perft failed (exit $?): $(head -c 200 "$TMP/pdn.err" | tr '\n' ' ')"
        fi
    fi
    echo "== bench_dame_perft.py $DEPTH --json" >&2
    "$DAME_VENV/bin/python" scripts/bench_dame_perft.py "$DEPTH" --json >> "$TMP/dame.jsonl" \
        || echo '{"error": "bench_dame_perft.py failed"}' >> "$TMP/dame.jsonl"
done

# --- table --------------------------------------------------------------------
PDN_NOTE="$PDN_NOTE" "$PY" - "$TMP/pdnkit.jsonl" "$TMP/dame.jsonl" "$DEPTH" <<'EOF'
import json, os, sys

def best(path):
    runs, note = [], None
    for line in open(path):
        line = line.strip()
        if not line:
            continue
        try:
            r = json.loads(line)
        except ValueError:
            note = "output is not JSON: " + line[:80]
            continue
        if "error" in r:
            note = r["error"]
        elif isinstance(r.get("nodes"), int) and isinstance(r.get("seconds"), (int, float)):
            runs.append(r)
        else:
            note = "JSON lacks integer nodes / numeric seconds: " + line[:80]
    return (min(runs, key=lambda r: r["seconds"]) if runs else None), note

depth = int(sys.argv[3])
pdn, pdn_note = best(sys.argv[1])
dame, dame_note = best(sys.argv[2])
pdn_note = os.environ.get("PDN_NOTE") or pdn_note
print(f"International perft({depth}) from the start position")
print(f"{'tool':<10} {'nodes':>14} {'seconds':>10} {'leaves/s':>15}")
rates = {}
for name, r, note in (("pdnkit", pdn, pdn_note), ("dame-rs", dame, dame_note)):
    if r is None:
        print(f"{name:<10} {'n/a':>14} {'':>10} {'':>15}  ({note or 'no result'})")
        continue
    s = r["seconds"]
    rate = r["nodes"] / s if s > 0 else float("inf")
    rates[name] = rate
    print(f"{name:<10} {r['nodes']:>14,} {s:>10.3f} {rate:>15,.0f}")
if pdn and dame and pdn["nodes"] != dame["nodes"]:
    print(f"WARNING: node counts differ (pdnkit {pdn['nodes']:,} vs dame-rs {dame['nodes']:,})")
if len(rates) == 2:
    print(f"ratio pdnkit/dame-rs leaves/s: {rates['pdnkit'] / rates['dame-rs']:.3f}")
else:
    print("ratio: n/a")
EOF
