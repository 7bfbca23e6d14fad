#!/usr/bin/env bash
# gate.sh — time the PR gate (`storygate action --base`, the stories gate)
# on a generated repository where a pull request changed some stories,
# against plain `storygate validate` of the same stories, in the same run,
# and check the targets of issue 17.
#
# Usage: bench/gate.sh [--report-only] [--count N] [--changed K] [--seed S] [--runs R]
#
# Exits 1 when a target fails (unless --report-only), 2 on a usage or setup
# error. See bench/README.md.
set -euo pipefail

max_ratio=2.0   # gate wall / validate wall
max_rss_mb=300  # peak RSS of the gate, MB

count=10000
changed=100
seed=1
runs=3
report_only=0

usage() {
	echo "usage: $0 [--report-only] [--count N] [--changed K] [--seed S] [--runs R]" >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case "$1" in
	--report-only) report_only=1 ;;
	--count) [ $# -ge 2 ] || usage; count=$2; shift ;;
	--changed) [ $# -ge 2 ] || usage; changed=$2; shift ;;
	--seed) [ $# -ge 2 ] || usage; seed=$2; shift ;;
	--runs) [ $# -ge 2 ] || usage; runs=$2; shift ;;
	-h | --help) usage ;;
	*) echo "unknown argument: $1" >&2; usage ;;
	esac
	shift
done

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
# shellcheck source=bench/measure.sh
. "$here/measure.sh"
setup_bench gate

# The repository: the corpus committed as the base, then a head commit that
# appends a paragraph to every (count/changed)-th story.
pr_corpus "$work/corpus" "$count" "$changed" "$seed"

# Interleave the contenders so load from elsewhere on the machine hits both.
for i in $(seq 1 "$runs"); do
	measure "$work/validate.$i" "$work/bin/storygate" validate --format json --root "$corpus" "$corpus/stories"
	measure "$work/gate.$i" "$work/bin/storygate" action --event-name local --root "$corpus" --base "$base" \
		--gates stories --report-only --markdown /dev/null --results "$work/results.json"
	echo "run $i: validate $(cat "$work/validate.$i") gate $(cat "$work/gate.$i") (wall s, RSS KB, user s, sys s)" >&2
done

read -r val_wall val_rss val_cpu < <(fold "$work"/validate.*[0-9])
read -r gate_wall gate_rss gate_cpu < <(fold "$work"/gate.*[0-9])
ratio=$(ratio "$gate_wall" "$val_wall")
cpu_ratio=$(ratio "$gate_cpu" "$val_cpu")
rss_mb=$(mb "$gate_rss")
ok_ratio=$(awk -v r="$ratio" -v t="$max_ratio" 'BEGIN { print (r != "inf" && r <= t) ? 1 : 0 }')
ok_rss=$(awk -v m="$rss_mb" -v t="$max_rss_mb" 'BEGIN { print (m <= t) ? 1 : 0 }')

echo
echo "PR gate: $count stories, $changed changed, $(nproc) CPUs, best of $runs, load $(cut -d' ' -f1 /proc/loadavg)"
printf '%-24s %12s %12s  %s\n' metric measured target result
printf '%-24s %12s %12s  %s\n' "validate wall (s)" "$val_wall" "-" "(peak RSS $(mb "$val_rss") MB, CPU $val_cpu s)"
printf '%-24s %12s %12s  %s\n' "gate --base wall (s)" "$gate_wall" "-" "(CPU $gate_cpu s, CPU ratio ${cpu_ratio}x)"
printf '%-24s %12s %12s  %s\n' "ratio (gate/validate)" "${ratio}x" "<= ${max_ratio}x" "$(verdict "$ok_ratio")"
printf '%-24s %12s %12s  %s\n' "gate peak RSS (MB)" "$rss_mb" "<= $max_rss_mb" "$(verdict "$ok_rss")"

if [ "$ok_ratio$ok_rss" != 11 ] && [ "$report_only" = 0 ]; then
	exit 1
fi
