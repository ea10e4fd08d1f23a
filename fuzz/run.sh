#!/usr/bin/env bash
# Runs the fuzz targets with cargo-fuzz (libFuzzer) on the stable toolchain.
#
#   fuzz/run.sh [SECONDS] [TARGET...]      (default: 60 seconds each; check convert lint grammar)
#
# Stable Rust: built with `--sanitizer none` (AddressSanitizer needs the nightly `-Zsanitizer`;
# the crate forbids unsafe code, so what it would find, libFuzzer finds as a panic or abort).
# No RUSTC_BOOTSTRAP is needed: cargo-fuzz's other flags (SanitizerCoverage passes, `--cfg
# fuzzing`) are stable codegen options.
#
# Seeds, read by path at run time and never copied into the repository: the project's
# fixtures and test data, and ../shared/corpus when it exists (SCORESHEET_CORPUS overrides).
# Each seed is written, with the option byte that the target reads first, to
# $FUZZ_WORK/seeds/<target>/ (default: fuzz/, whose work folders git ignores); what the fuzzer
# adds goes to corpus/<target>/, a failing input to artifacts/<target>/, the log to
# logs/<target>.log. FUZZ_MAX_LEN bounds an input (default 4096 bytes); FUZZ_TIMEOUT is the
# wall-clock seconds after which one input counts as a hang (default 30: libFuzzer measures wall
# time, and a shared CI machine can be slow; a slow input is reported in the log either way).
# Exit status: 0 when every target ran its time without a failure; 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")"
root=$(cd .. && pwd)

seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(check convert lint grammar)
fi
work=${FUZZ_WORK:-$root/fuzz}
target_dir=${CARGO_TARGET_DIR:-$root/fuzz/target}/fuzz
corpus=${SCORESHEET_CORPUS:-$root/../shared/corpus}
max_len=${FUZZ_MAX_LEN:-4096}
timeout=${FUZZ_TIMEOUT:-30}

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "== installing cargo-fuzz"
  cargo install --locked cargo-fuzz
fi

# The option byte of a seed for each target (see tests/common/props.rs): the file format by
# the extension (PGN, text, Markdown, LaTeX), notation `auto`; for `convert`, a writer chosen
# by the file's place in the list.
option_byte() {
  local target=$1 file=$2 n=$3 format
  case "${file##*.}" in
    txt) format=1 ;;
    md) format=2 ;;
    tex) format=3 ;;
    *) format=0 ;;
  esac
  case $target in
    check) echo $((format * 8)) ;;
    lint) echo "$format" ;;
    *) echo $((n % 256)) ;;
  esac
}

seed() {
  local target=$1 dir=$work/seeds/$1 n=0 f byte
  rm -rf "$dir"
  mkdir -p "$dir"
  if [ "$target" = grammar ]; then
    for f in "$root"/tests/data/grammars/*.pest "$root"/grammars/lang/*.pest; do
      [ -f "$f" ] || continue
      n=$((n + 1))
      { cat "$f"; printf '\0'; printf '1. e4 e5 2. Nf3 Xc6 3. Bb5 a6 4. Ba4 *\n'; } >"$dir/$n"
    done
    return
  fi
  local sources=("$root/tests/fixtures" "$root/tests/data/lint" "$root/examples")
  [ -d "$corpus" ] && sources+=("$corpus")
  while IFS= read -r -d '' f; do
    n=$((n + 1))
    byte=$(option_byte "$target" "$f" "$n")
    { printf "\\$(printf '%03o' "$byte")"; head -c "$max_len" "$f"; } >"$dir/$n"
  done < <(find "${sources[@]}" -type f \( -name '*.pgn' -o -name '*.txt' -o -name '*.md' \
    -o -name '*.tex' \) -print0 | sort -z)
}

echo "== cargo fuzz build (stable, --sanitizer none; optimised, with debug assertions and overflow checks)"
cargo fuzz build -s none --target-dir "$target_dir"

status=0
for t in "${targets[@]}"; do
  seed "$t"
  mkdir -p "$work/corpus/$t" "$work/artifacts/$t" "$work/logs"
  echo "== fuzz $t for ${seconds}s ($(find "$work/seeds/$t" -type f | wc -l) seeds)"
  if ! cargo fuzz run -s none --target-dir "$target_dir" "$t" \
    "$work/corpus/$t" "$work/seeds/$t" -- \
    -max_total_time="$seconds" -max_len="$max_len" -timeout="$timeout" -report_slow_units=5 -rss_limit_mb=2048 \
    -artifact_prefix="$work/artifacts/$t/" -print_final_stats=1 >"$work/logs/$t.log" 2>&1; then
    status=1
    echo "!! $t failed: the input is in $work/artifacts/$t/; the end of its log:"
    tail -n 40 "$work/logs/$t.log"
  fi
  grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb|^Done [0-9]+ runs' "$work/logs/$t.log" || true
done
exit $status
