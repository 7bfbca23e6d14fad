#!/usr/bin/env bash
# A real-shaped Go project with dependencies, warm (BenchmarkGoProjectVerify,
# BenchmarkGoProjectRevert): eight dependencies pre-fetched into a module
# cache of the project's own from a file:// GOPROXY made for the run (then
# GOPROXY is Go's default, which the sandbox cannot reach), six packages
# with tests, a warm build cache. Interleaved in one run:
#   - the sandboxed verification of a story item running `go test -count=1
#     ./...` (fresh clone, network none, the caches behind private layers)
#     against the suite run by hand in the checkout;
#   - the sandboxed revert check of a change to one package's test (the
#     baseline and the reverted run) against the suite run twice by hand.
# Target: both ratios <= 1.2.
#   bench/goproject.sh [RUNS]    (default 3 interleaved runs of each)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
out=$(go test -run '^$' -bench 'BenchmarkGoProject' -benchtime "${runs}x" -timeout 60m ./bench/)
status=0
for name in Verify Revert; do
  line=$(grep "^BenchmarkGoProject$name" <<<"$out")
  ratio=$(awk '{for(i=1;i<NF;i++) if($(i+1)=="ratio") print $i}' <<<"$line")
  verdict=$(awk -v r="$ratio" 'BEGIN{print (r <= 1.2) ? "PASS" : "FAIL"}')
  printf '%s\n  ratio %s (target <= 1.2)  %s\n' "$line" "$ratio" "$verdict"
  [ "$verdict" = PASS ] || status=1
done
printf 'load average: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
