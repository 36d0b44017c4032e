#!/usr/bin/env bash
# Runs libFuzzer targets one after another: ./run.sh SECONDS TARGET...
# Each target starts from its seeds (corpus/<target>/, never written) and the inputs it found before
# (.build/fuzz/corpus/<target>/), with its dictionary (dictionaries/<target>.dict) if there is one.
# A crash, timeout or out-of-memory input lands in .build/fuzz/artifacts/. Prints a line per target and
# fails if any target found something.
set -uo pipefail
cd "$(dirname "$0")"
seconds=$1
shift
build=../.build/fuzz
export SWIFT_BACKTRACE=enable=no
# Templates that a target keeps in a global for all inputs look leaked to LeakSanitizer (see lsan.supp).
export LSAN_OPTIONS="suppressions=$PWD/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
status=0
printf '%-16s %12s %8s  %s\n' target executions seconds findings
for target in "$@"; do
    mkdir -p "$build/corpus/$target" "$build/artifacts" "$build/logs"
    dictionary=()
    [ -f "dictionaries/$target.dict" ] && dictionary=("-dict=dictionaries/$target.dict")
    log="$build/logs/$target.log"
    started=$(date +%s)
    "$build/bin/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
        -print_final_stats=1 -artifact_prefix="$build/artifacts/$target-" "${dictionary[@]}" \
        "$build/corpus/$target" "corpus/$target" >"$log" 2>&1
    result=$?
    elapsed=$(($(date +%s) - started))
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    findings=none
    if [ $result -ne 0 ]; then
        status=1
        findings="$(grep -m1 -o 'Test unit written to .*' "$log" || echo "exit $result"), see $log"
        runs=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')
    fi
    printf '%-16s %12s %8s  %s\n' "$target" "${runs:-?}" "$elapsed" "$findings"
done
exit $status
