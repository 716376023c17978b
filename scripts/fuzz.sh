#!/usr/bin/env bash
# Runs one fuzz target for a given time: scripts/fuzz.sh TARGET SECONDS
# Targets: read, check, fen, roundtrip, convert. Needs a nightly toolchain and cargo-fuzz
# (`cargo install cargo-fuzz`); skips with a message when either is missing.
# The seed corpus is made from corpus/ and tests/fixtures/ on the first run.
set -euo pipefail
target="${1:?usage: scripts/fuzz.sh TARGET SECONDS (read, check, fen, roundtrip, convert)}"
seconds="${2:?usage: scripts/fuzz.sh TARGET SECONDS}"
root="$(cd "$(dirname "$0")/.." && pwd)"
case "$target" in
read | check | fen | roundtrip | convert) ;;
*)
  echo "unknown target '$target': read, check, fen, roundtrip or convert" >&2
  exit 2
  ;;
esac
if ! rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
  echo "skipped: no nightly toolchain (rustup toolchain install nightly)"
  exit 0
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  echo "skipped: cargo-fuzz is not installed (cargo install cargo-fuzz)"
  exit 0
fi
seeds="$root/fuzz/corpus/$target"
if [ ! -d "$seeds" ]; then
  mkdir -p "$seeds"
  # Every PDN file of the corpus and the fixtures, one seed each (large files cut to 64 KB,
  # which keeps the fuzzer's inputs small and quick).
  find "$root/corpus" "$root/tests/fixtures" -type f \( -iname '*.pdn' -o -iname '*.txt' \) -print0 |
    while IFS= read -r -d '' f; do
      head -c 65536 "$f" >"$seeds/$(printf '%s' "$f" | cksum | cut -d' ' -f1).pdn"
    done
fi
cd "$root/fuzz"
exec cargo +nightly fuzz run "$target" "$seeds" -- \
  -dict="$root/fuzz/pdn.dict" -max_total_time="$seconds" -max_len=65536 -timeout=10
