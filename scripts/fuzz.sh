#!/usr/bin/env bash
# Runs one fuzz target for a given time: scripts/fuzz.sh TARGET SECONDS [LIBFUZZER_FLAG...]
# Targets: read, check, fen, roundtrip, convert.
#
# Needs cargo-fuzz (`cargo install cargo-fuzz`; skips with a message when it is missing). No
# nightly toolchain is needed: the build sets RUSTC_BOOTSTRAP=1, which lets the installed
# compiler take the unstable flags the coverage instrumentation uses.
#
# Built without AddressSanitizer (`-s none`): the library has no unsafe code, and the
# sanitizer's shadow memory and quarantine made a run's memory reach hundreds of megabytes and
# cost most of its time. Each run is capped at 256 MB (`-rss_limit_mb`), with the token
# dictionary fuzz/pdn.dict and inputs of at most FUZZ_MAX_LEN bytes (by target: small inputs
# keep a run to a fraction of a millisecond, and the reader's smallest window, 1 KiB, is still
# crossed many times).
#
# The corpus, fuzz/corpus/TARGET, is seeded on the first run by fuzz/seed_corpus.py (small
# pieces of corpus/, tests/fixtures/ and ../shared/corpus); failing inputs go to
# fuzz/artifacts/TARGET. Niceness is the caller's: `nice -n 19 scripts/fuzz.sh check 600`.
set -euo pipefail
usage="usage: scripts/fuzz.sh TARGET SECONDS [LIBFUZZER_FLAG...] (read, check, fen, roundtrip, convert)"
target="${1:?$usage}"
seconds="${2:?$usage}"
shift 2
root="$(cd "$(dirname "$0")/.." && pwd)"
case "$target" in
read | roundtrip) max_len=8192 ;;
check | convert) max_len=4096 ;;
fen) max_len=512 ;;
*)
  echo "unknown target '$target': read, check, fen, roundtrip or convert" >&2
  exit 2
  ;;
esac
max_len="${FUZZ_MAX_LEN:-$max_len}"
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "skipped: cargo-fuzz is not installed (cargo install cargo-fuzz)"
  exit 0
fi
export RUSTC_BOOTSTRAP=1
seeds="$root/fuzz/corpus/$target"
if [ -z "$(ls -A "$seeds" 2>/dev/null)" ]; then
  python3 "$root/fuzz/seed_corpus.py" --target "$target"
fi
mkdir -p "$root/fuzz/artifacts/$target"
cd "$root/fuzz"
exec cargo fuzz run --sanitizer none "$target" "$seeds" -- \
  -dict="$root/fuzz/pdn.dict" -max_total_time="$seconds" -max_len="$max_len" \
  -rss_limit_mb=256 -timeout=30 -print_final_stats=1 \
  -artifact_prefix="$root/fuzz/artifacts/$target/" "$@"
