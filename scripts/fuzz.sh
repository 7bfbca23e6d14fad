#!/usr/bin/env bash
# Runs storygate's fuzz targets, one after another (go test can fuzz only
# one target at a time).
#
#   scripts/fuzz.sh                 every target, 60s each
#   scripts/fuzz.sh 10m             every target, 10 minutes each
#   scripts/fuzz.sh 3s PKG:Target…  only these (e.g. ./internal/config:FuzzParse)
#   scripts/fuzz.sh --list          print every target (./pkg:FuzzName), one a line
#   scripts/fuzz.sh --check-corpus  fail when a target has no seed corpus in
#                                   its package's testdata/fuzz/<Target>/
#   KEEP=1 scripts/fuzz.sh …        afterwards copy up to 20 of the smallest
#                                   new corpus entries per target into the
#                                   package's testdata/fuzz/<Target>/, to commit
#   MINIMIZE=10s scripts/fuzz.sh …  minimize new inputs longer (default 500x)
#
# A failing input is written to testdata/fuzz/<Target>/ by go test itself;
# commit it with the fix, so `go test ./...` replays it from then on.
# Targets run with one worker: the machine is shared, and the figure that
# matters is time per target, not throughput.
#
# Every target is found here, from the `func Fuzz` declarations, so none is
# forgotten: .ci/run fuzzes them all (a second or two each) and checks
# their corpora with --check-corpus; the nightly workflow
# (.github/workflows/fuzz.yml) gives each five minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

# all_targets prints ./pkg:FuzzName for every fuzz target of the module.
all_targets() {
  grep -rn --include='*_test.go' '^func Fuzz' internal cmd | sort | while IFS=: read -r file _ decl; do
    name="${decl#func }"; name="${name%%(*}"
    echo "./$(dirname "$file"):$name"
  done
}

# check_corpus fails for every target without a committed seed corpus: a
# target that only ever starts from its f.Add seeds loses what earlier
# runs found (KEEP=1 writes the corpus).
check_corpus() {
  local missing=0 t
  for t in $(all_targets); do
    if [ -z "$(ls -A "${t%%:*}/testdata/fuzz/${t##*:}" 2>/dev/null)" ]; then
      echo "fuzz target ${t##*:} in ${t%%:*} has no corpus in ${t%%:*}/testdata/fuzz/${t##*:}/ (KEEP=1 scripts/fuzz.sh 10s $t)" >&2
      missing=1
    fi
  done
  return $missing
}

case "${1:-}" in
--list) all_targets; exit 0 ;;
--check-corpus) check_corpus; exit ;;
esac
fuzztime="${1:-60s}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(all_targets)
fi
cache="$(go env GOCACHE)/fuzz/$(go list -m)"
# fuzz_once runs one target, printing its output; a real finding always
# prints "Failing input written to" (and writes the reproducer).
fuzz_once() {
  go test -run '^$' -fuzz "^$2\$" -fuzztime "$fuzztime" -fuzzminimizetime "$minimize" -parallel 1 "$1" 2>&1 | tee "$log"
  return "${PIPESTATUS[0]}"
}

# deadline_flake reports whether the failed run in $log is Go's fuzzing
# coordinator racing its own -fuzztime deadline (golang/go#75804, fixed
# in Go 1.27): a bare "context deadline exceeded" with no failing input,
# no panic and no failed assertion. Under CPU contention it happens at the
# deadline of any target; it is retried once, and a second bare deadline
# is a warning, not a failure.
deadline_flake() {
  grep -q 'context deadline exceeded' "$log" &&
    ! grep -q -e 'Failing input written to' -e '^panic:' -e '_test\.go:[0-9]*:' "$log"
}

# Minimizing a new interesting input may take up to a minute by default,
# past a short -fuzztime (the engine then stops at its deadline mid-way);
# a budget in executions bounds it. MINIMIZE overrides it.
minimize="${MINIMIZE:-500x}"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
for t in "${targets[@]}"; do
  pkg="${t%%:*}" name="${t##*:}"
  echo "== $pkg $name ($fuzztime)"
  if ! fuzz_once "$pkg" "$name"; then
    if ! deadline_flake; then
      status=1
      continue
    fi
    echo "== $pkg $name: the fuzzing engine hit its own deadline (golang/go#75804), no input failed; once more"
    if ! fuzz_once "$pkg" "$name"; then
      if ! deadline_flake; then
        status=1
        continue
      fi
      echo "warning: $pkg $name hit the engine's deadline twice with no failing input; not a finding" >&2
    fi
  fi
  if [ "${KEEP:-}" = 1 ] && [ -d "$cache/${pkg#./}/$name" ]; then
    mkdir -p "$pkg/testdata/fuzz/$name"
    ls -S -r "$cache/${pkg#./}/$name" | head -20 | while read -r entry; do
      cp "$cache/${pkg#./}/$name/$entry" "$pkg/testdata/fuzz/$name/"
    done
  fi
done
exit $status
