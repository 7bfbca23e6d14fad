#!/usr/bin/env bash
# The sandbox's overhead per command, against the same command without it,
# same run, interleaved (BenchmarkSandboxOverhead): `true` run plain, in
# bwrap in an existing clone, the same with the Landlock helper, and as
# verify runs an item (fresh clone at
# head + bwrap), on a 100-file and a 10,000-file repository.
#   bench/sandbox.sh [RUNS]    (default 20 interleaved runs of each)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20}
go test -run '^$' -bench 'BenchmarkSandboxOverhead' -benchtime "${runs}x" ./bench/ |
  awk '/^BenchmarkSandboxOverhead/ {
    for (i = 2; i < NF; i++) m[$(i+1)] = $i
    printf "%-40s plain %7.2f ms  bwrap %7.2f ms  +landlock %7.2f ms  clone+bwrap %7.2f ms  overhead %7.2f ms/command\n",
      $1, m["plain-ms/op"], m["bwrap-ms/op"], m["landlock-ms/op"], m["clone+bwrap-ms/op"], m["overhead-ms/op"]
  }'
