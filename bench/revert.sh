#!/usr/bin/env bash
# Revert-check workspace preparation vs the git CLI, same run, interleaved
# (BenchmarkRevertMaterialize), with the disk synced between runs.
# storygate: snapshots the 25 changed tests/ paths at base with their object
# hashes checked, materializes a generated 10,000-file repository with
# history at head (its own .git borrowing the objects, one
# `git read-tree -u`) and restores the paths from the snapshot. git, two
# ways: `git clone --shared` + `git checkout` + `git checkout BASE -- paths`,
# and `git worktree add` + `git checkout BASE -- paths`.
# The suite is excluded. Target: storygate / git <= 1.0 for both.
#   bench/revert.sh [RUNS]    (default 5 interleaved runs of each)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
printf 'load before: %s\n' "$(uptime)"
out=$(go test -run '^$' -bench 'BenchmarkRevertMaterialize$' -benchtime "${runs}x" ./bench/)
line=$(grep '^BenchmarkRevertMaterialize' <<<"$out")
metric() { awk -v m="$1" '{for(i=1;i<NF;i++) if($(i+1)==m) print $i}' <<<"$line"; }
status=0
printf 'revert materialize+restore, 10,000 files, %s runs each (medians)\n' "$runs"
printf '  storygate (snapshot+workspace)    %8s ms\n' "$(metric storygate-ms)"
printf '  git clone --shared + checkout     %8s ms\n' "$(metric git-clone-ms)"
printf '  git worktree add + checkout       %8s ms\n' "$(metric git-worktree-ms)"
for r in ratio-clone ratio-worktree; do
  v=$(metric "$r")
  verdict=$(awk -v r="$v" 'BEGIN{print (r <= 1.0) ? "PASS" : "FAIL"}')
  printf '  %-15s %s (target <= 1.0)  %s\n' "$r" "$v" "$verdict"
  [ "$verdict" = PASS ] || status=1
done
printf 'load after: %s\n' "$(uptime)"
exit $status
