#!/usr/bin/env bash
# The revert check on a Go module with a real suite vs running the suite
# twice in the checkout, same run, interleaved (BenchmarkRevertGoSuite):
# `go test ./...` over eight packages of the standard library, both from an
# empty build cache. The check clones, runs the baseline and the run with
# the test edit reverted, in the sandbox when bwrap works; its baseline
# must warm the build cache for the reverted run (the check's own cache,
# docs/revert-check.md "Build cache"). Target: revert check / twice <= 1.2.
#   bench/revert_suite.sh [RUNS]    (default 3 interleaved runs of each)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
out=$(go test -run '^$' -bench 'BenchmarkRevertGoSuite$' -benchtime "${runs}x" -timeout 60m ./bench/)
line=$(grep '^BenchmarkRevertGoSuite' <<<"$out")
metric() { awk -v u="$1" '{for(i=1;i<NF;i++) if($(i+1)==u) print $i}' <<<"$line"; }
ratio=$(metric ratio)
verdict=$(awk -v r="$ratio" 'BEGIN{print (r <= 1.2) ? "PASS" : "FAIL"}')
printf 'revert check on a Go module (go test ./..., cold cache), %s runs each, sandboxed=%s\n' "$runs" "$(metric sandboxed)"
printf '  revert check (clone+baseline+reverted) %8s ms\n' "$(metric revert-check-ms/op)"
printf '    baseline run %s ms, reverted run %s ms\n' "$(metric baseline-ms/op)" "$(metric reverted-ms/op)"
printf '  go test ./... twice in the checkout    %8s ms\n' "$(metric suite-twice-ms/op)"
printf '    first run %s ms, second run %s ms\n' "$(metric first-ms/op)" "$(metric second-ms/op)"
printf '  ratio %s (target <= 1.2)  %s\n' "$ratio" "$verdict"
[ "$verdict" = PASS ]
