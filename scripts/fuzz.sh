#!/usr/bin/env bash
# Runs storygate's fuzz targets, one after another (go test can fuzz only
# one target at a time).
#
#   scripts/fuzz.sh                 every target, 60s each
#   scripts/fuzz.sh 10m             every target, 10 minutes each
#   scripts/fuzz.sh 3s PKG:Target…  only these (e.g. ./internal/config:FuzzParse)
#   KEEP=1 scripts/fuzz.sh …        afterwards copy up to 20 of the smallest
#                                   new corpus entries per target into the
#                                   package's testdata/fuzz/<Target>/, to commit
#
# A failing input is written to testdata/fuzz/<Target>/ by go test itself;
# commit it with the fix, so `go test ./...` replays it from then on.
# Targets run with one worker: the machine is shared, and the figure that
# matters is time per target, not throughput.
set -euo pipefail
cd "$(dirname "$0")/.."
fuzztime="${1:-60s}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  while IFS=: read -r file _ decl; do
    name="${decl#func }"; name="${name%%(*}"
    targets+=("./$(dirname "$file"):$name")
  done < <(grep -rn --include='*_test.go' '^func Fuzz' internal | sort)
fi
cache="$(go env GOCACHE)/fuzz/$(go list -m)"
status=0
for t in "${targets[@]}"; do
  pkg="${t%%:*}" name="${t##*:}"
  echo "== $pkg $name ($fuzztime)"
  if ! go test -run '^$' -fuzz "^${name}\$" -fuzztime "$fuzztime" -parallel 1 "$pkg"; then
    status=1
    continue
  fi
  if [ "${KEEP:-}" = 1 ] && [ -d "$cache/${pkg#./}/$name" ]; then
    mkdir -p "$pkg/testdata/fuzz/$name"
    ls -S -r "$cache/${pkg#./}/$name" | head -20 | while read -r entry; do
      cp "$cache/${pkg#./}/$name/$entry" "$pkg/testdata/fuzz/$name/"
    done
  fi
done
exit $status
