#!/usr/bin/env bash
# Hostile inputs: generates each into a temporary directory and runs the release binary on
# it (`check`, `lint`, `convert --to pgn`; one rayon thread), printing the wall time, the CPU
# time (user + system), the peak RSS and the exit code of each run, with the first line of the
# report.
#
#   benches/hostile.sh [FILTER]          # FILTER: only inputs whose name contains it
#
# Environment: SCORESHEET (the binary; default: build it with `cargo build --release`),
# COMMANDS (default "check lint convert"), TIMEOUT (seconds a run may take, default 60),
# KEEP=1 keeps the generated files, BOUNDS=1 makes the script fail (exit 1, the runs named)
# when a run takes more than MAX_SECONDS (default 10) or MAX_RSS_MIB (default 256), or ends
# other than with exit code 0, 1 or 2 (a crash, a signal, the timeout): CI runs it so.
# Needs python3 (to generate the inputs) and GNU time (/usr/bin/time -v).
# The bounds asked for (issue 13): at most 10 s and 256 MiB per run.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
filter="${1:-}"
commands="${COMMANDS:-check lint convert}"
if [[ -z "${SCORESHEET:-}" ]]; then
    (cd "$here" && cargo build --release --quiet)
    target="${CARGO_TARGET_DIR:-$here/target}"
    SCORESHEET="$target/release/scoresheet"
fi
dir="$(mktemp -d)"
if [[ "${KEEP:-}" != 1 ]]; then
    trap 'rm -rf "$dir"' EXIT
else
    echo "inputs kept in $dir"
fi
corpus="$here/../shared/corpus/bulk"

# name<TAB>extra options, one input per line (the files are written by the generator).
python3 - "$dir" "$corpus" "$here/tests/fixtures" > "$dir/inputs.tsv" <<'PY'
import os, random, sys

out, corpus, fixtures = sys.argv[1], sys.argv[2], sys.argv[3]
random.seed(13)

def write(name, data, opts=""):
    if isinstance(data, str):
        data = data.encode("utf-8")
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)
    print(f"{name}\t{opts}")

MB = 1_000_000
# The table of issue 13.
write("comment-unclosed-10MB.pgn", "1. e4 {" + "x" * (10 * MB))
write("parens-balanced-1M.pgn", "1. e4 " + "(" * MB + "e5" + ")" * MB)
write("one-line-200k.pgn", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 " * 200_000)
knights = []
for n in range(1, 300_001):
    knights.append(f"{n}. Nf3 Nf6 " if n % 2 else f"{n}. Ng1 Ng8 ")
    if n % 8 == 0:
        knights.append("\n")
write("knights-600k-plies.pgn", "".join(knights) + "*\n")
write("token-1M-N.pgn", "1. e4 " + "N" * MB + " e5 *\n")
write("tag-value-5M.pgn", '[Event "' + "v" * (5 * MB) + '"]\n\n1. e4 e5 *\n')
def corpus_or_fixtures(name):
    path = os.path.join(corpus, name)
    if os.path.exists(path):
        return open(path, "rb").read()
    # Without the corpus: the fixtures' English games, repeated to a similar size.
    games = []
    for root, _, files in os.walk(fixtures):
        for f in sorted(files):
            if f.endswith(".pgn"):
                games.append(open(os.path.join(root, f), "rb").read())
    data = b"\n\n".join(games)
    return (data + b"\n\n") * max(1, 390_000 // max(1, len(data)))
write("english-games-lang-bg.pgn", corpus_or_fixtures("dortmund1928.pgn"), "--lang bg")
write("english-games-descriptive.pgn", corpus_or_fixtures("london1851.pgn"), "--notation descriptive")
letters = "abcdefghNBRQKx"
write("token-25k-auto.pgn", "1. e4 " + "".join(random.choice(letters) for _ in range(25_000)) + " e5 *\n")
write("token-1M-mixed.pgn", "1. e4 " + "".join(random.choice(letters) for _ in range(MB)) + " e5 *\n")
# Deep nesting, balanced and not.
write("parens-open-1M.pgn", "1. e4 " + "(" * MB + " e5 *")
write("parens-close-1M.pgn", "1. e4 " + ")" * MB + " e5 *")
write("parens-moves-200k.pgn", "1. e4 " + "(1. d4 " * 200_000 + ")" * 200_000 + " e5 *")
write("braces-open-1M.pgn", "1. e4 " + "{" * MB + " e5 *")
write("braces-close-1M.pgn", "1. e4 " + "}" * MB + " e5 *")
write("braces-balanced-1M.pgn", "1. e4 " + "{" * MB + "}" * MB + " e5 *")
write("brackets-open-1M.pgn", "[" * MB + "\n1. e4 e5 *")
write("brackets-close-1M.pgn", "1. e4 " + "]" * MB + " e5 *")
write("brackets-balanced-1M.pgn", "[" * MB + "]" * MB + "\n1. e4 e5 *")
write("brackets-lines-500k.pgn", "[\n" * 500_000 + "1. e4 e5 *")
# Long games, lines, comments, tag values.
write("comment-closed-10MB.pgn", "1. e4 {" + "x " * (5 * MB) + "} e5 *\n")
write("comments-many-1M.pgn", "1. e4 e5 " + "{c} " * MB + "*\n")
write("line-10MB-words.pgn", "1. e4 " + "word " * (2 * MB) + "*\n")
write("tag-unclosed-5M.pgn", '[Event "' + "v" * (5 * MB) + "\n\n1. e4 e5 *\n")
write("tags-many-200k.pgn", '[Event "x"]\n' * 200_000 + "\n1. e4 e5 *\n")
# Many games, many errors.
write("games-300k.pgn", '[Event "x"]\n\n1. e4 e5 *\n\n' * 300_000)
write("games-no-results-100k.pgn", "1. e4 e5 2. Nf3 Nc6\n\n" * 100_000 + "*\n")
write("errors-illegal-1M.pgn", "1. e4 e5 " + "Qxh7 " * MB + "*\n")
write("errors-unreadable-1M.pgn", "1. e4 e5 " + "zz9 " * MB + "*\n")
write("errors-numbers-1M.pgn", "1. e4 e5 " + "7. " * MB + "*\n")
write("errors-each-game-50k.pgn", "1. e4 e5 2. Ke3 Kd6 *\n\n" * 50_000)
write("errors-alternating-500k.pgn", "1. e4 e5 " + "Nf3 Qxh7 Ng1 " * 250_000 + "*\n")
# Files in the wrong language or notation, read automatically.
write("garbage-words-auto.txt", " ".join(random.choice(["la", "de", "Kd", "Sf", "Lb", "e4", "P-K4", "x", "Nf"]) for _ in range(2 * MB)))
write("games-wrong-notation-uci.pgn", corpus_or_fixtures("dortmund1928.pgn"), "--notation uci")
# Binary and mixed encodings.
write("binary-10MB.bin", random.randbytes(10 * MB))
write("binary-nul-10MB.pgn", b"\0" * (10 * MB))
mixed = "1. e4 e5 2. Nf3 Nc6 {Müller}".encode() + b" {M\xfcller} \xff\xfe 3. Bb5 a6 "
write("mixed-encodings-10MB.pgn", mixed * (10 * MB // len(mixed)) + b"*\n")
write("control-chars-5MB.pgn", bytes(random.choice([0x1b, 0x07, 0x00, 0x7f, 0x9b]) for _ in range(5 * MB)))
PY

over=()
printf '%-32s %-8s %9s %8s %9s %4s  %s\n' input command "time (s)" "CPU (s)" "RSS (MiB)" exit "first line of the report"
while IFS=$'\t' read -r name opts; do
    [[ -n "$filter" && "$name" != *"$filter"* ]] && continue
    size=$(stat -c %s "$dir/$name")
    for cmd in $commands; do
        case "$cmd" in
            check) args=(check --color never) ;;
            lint) args=(lint --color never) ;;
            convert) args=(convert --to pgn --color never) ;;
        esac
        # shellcheck disable=SC2086
        set +e
        RAYON_NUM_THREADS=1 /usr/bin/time -v -o "$dir/time.txt" \
            timeout "${TIMEOUT:-60}" "$SCORESHEET" "${args[@]}" $opts "$dir/$name" \
            > "$dir/out.txt" 2> "$dir/err.txt"
        code=$?
        set -e
        secs=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s}' "$dir/time.txt")
        rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2 / 1024}' "$dir/time.txt")
        # User + system CPU time: on a loaded machine the wall time grows, the CPU time less.
        cpu=$(awk -F': ' '/User time|System time/ {s += $2} END {printf "%.2f", s}' "$dir/time.txt")
        first=$(cat "$dir/out.txt" "$dir/err.txt" | tr -d '\r' | grep -a -m1 -v '^\s*$' | cut -c1-70 || true)
        printf '%-32s %-8s %9s %8s %9s %4s  %s\n' "$name" "$cmd" "$secs" "$cpu" "$rss" "$code" "$first"
        if awk -v s="$secs" -v r="$rss" -v c="$code" -v ms="${MAX_SECONDS:-10}" -v mr="${MAX_RSS_MIB:-256}" \
            'BEGIN {exit !(s > ms || r > mr || c > 2)}'; then
            over+=("$name $cmd: ${secs} s, ${rss} MiB, exit $code")
        fi
    done
    echo "  ($((size / 1000)) KB${opts:+, $opts})"
done < "$dir/inputs.tsv"
if [[ ${#over[@]} -gt 0 ]]; then
    echo "over the bounds (${MAX_SECONDS:-10} s, ${MAX_RSS_MIB:-256} MiB, exit code 0-2):"
    printf '  %s\n' "${over[@]}"
    [[ "${BOUNDS:-}" == 1 ]] && exit 1
fi
exit 0
