#!/usr/bin/env bash
# Revert-check workspace preparation vs the git CLI, same run, interleaved.
# storygate: snapshots the 25 changed tests/ paths at base with their object
# hashes checked, clones a generated 10,000-file repository with history
# (git clone --shared, remote removed, head checked out) and restores the
# paths from the snapshot. git: `git clone --shared` + `git checkout` +
# `git checkout BASE -- paths`.
# The suite is excluded. Target: storygate / git <= 1.0.
#   bench/revert.sh [RUNS]    (default 5 interleaved runs of each)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
out=$(go test -run '^$' -bench 'BenchmarkRevertMaterialize$' -benchtime "${runs}x" ./bench/)
line=$(grep '^BenchmarkRevertMaterialize' <<<"$out")
ours=$(awk '{for(i=1;i<NF;i++) if($(i+1)=="storygate-ms/op") print $i}' <<<"$line")
git=$(awk '{for(i=1;i<NF;i++) if($(i+1)=="git-cli-ms/op") print $i}' <<<"$line")
ratio=$(awk '{for(i=1;i<NF;i++) if($(i+1)=="ratio") print $i}' <<<"$line")
verdict=$(awk -v r="$ratio" 'BEGIN{print (r <= 1.0) ? "PASS" : "FAIL"}')
printf 'revert materialize+restore, 10,000 files, %s runs each\n' "$runs"
printf '  storygate (snapshot+clone)  %8s ms\n' "$ours"
printf '  git clone --shared+checkout %8s ms\n' "$git"
printf '  ratio %s (target <= 1.0)  %s\n' "$ratio" "$verdict"
[ "$verdict" = PASS ]
