#!/usr/bin/env bash
# scale.sh — time `storygate validate` at 10,000 and 100,000 generated
# stories and on a 10,000-story corpus whose stories all hang off one
# depends_on chain, in the same run, and check the targets of issue 17.
#
# Usage: bench/scale.sh [--report-only] [--count N] [--big N] [--seed S] [--runs R] [--big-runs R]
#
# Exits 1 when a target fails (unless --report-only), 2 on a usage or setup
# error. See bench/README.md.
set -euo pipefail

max_big_ratio=11.0 # validate at --big / validate at --count, wall
max_big_rss_mb=400 # peak RSS of validate at --big, MB
max_chain_ratio=1.2 # chain corpus / normal corpus, wall

count=10000
big=100000
seed=1
runs=3
big_runs=
report_only=0

usage() {
	echo "usage: $0 [--report-only] [--count N] [--big N] [--seed S] [--runs R] [--big-runs R]" >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case "$1" in
	--report-only) report_only=1 ;;
	--count) [ $# -ge 2 ] || usage; count=$2; shift ;;
	--big) [ $# -ge 2 ] || usage; big=$2; shift ;;
	--seed) [ $# -ge 2 ] || usage; seed=$2; shift ;;
	--runs) [ $# -ge 2 ] || usage; runs=$2; shift ;;
	--big-runs) [ $# -ge 2 ] || usage; big_runs=$2; shift ;;
	-h | --help) usage ;;
	*) echo "unknown argument: $1" >&2; usage ;;
	esac
	shift
done

# The two sizes get the same number of runs unless told otherwise: a best
# of five small runs against a best of one big run favours the small.
big_runs=${big_runs:-$runs}

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
# shellcheck source=bench/measure.sh
. "$here/measure.sh"
setup_bench scale
"$work/bin/genstories" -n "$count" -seed "$seed" "$work/normal" >&2
"$work/bin/genstories" -n "$count" -seed "$seed" -chain "$work/chain" >&2
"$work/bin/genstories" -n "$big" -seed "$seed" "$work/big" >&2

validate() { measure "$1" "$work/bin/storygate" validate --format json --root "$2" "$2/stories"; }

# Interleave the contenders so load from elsewhere on the machine hits all;
# the big corpus runs --big-runs times, spread over the first runs.
for i in $(seq 1 "$runs"); do
	validate "$work/normal.$i" "$work/normal"
	validate "$work/chain.$i" "$work/chain"
	if [ "$i" -le "$big_runs" ]; then
		validate "$work/big.$i" "$work/big"
	fi
	echo "run $i: normal $(cat "$work/normal.$i") chain $(cat "$work/chain.$i") big $(cat "$work/big.$i" 2>/dev/null || echo -) (wall s, RSS KB, user s, sys s)" >&2
done
for i in $(seq $((runs + 1)) "$big_runs"); do
	validate "$work/big.$i" "$work/big"
	echo "run $i: big $(cat "$work/big.$i")" >&2
done

read -r n_wall n_rss n_cpu < <(fold "$work"/normal.*[0-9])
read -r c_wall c_rss c_cpu < <(fold "$work"/chain.*[0-9])
read -r b_wall b_rss b_cpu < <(fold "$work"/big.*[0-9])
big_ratio=$(ratio "$b_wall" "$n_wall")
# Each run's big wall time over the same run's normal one, for the median:
# the runs are interleaved, so a pair shares the machine's state.
pair_median=$(for i in $(seq 1 "$(( runs < big_runs ? runs : big_runs ))"); do
	awk -v b="$(cut -d' ' -f1 "$work/big.$i")" -v n="$(cut -d' ' -f1 "$work/normal.$i")" 'BEGIN { if (n > 0) printf "%.2f\n", b / n }'
done | sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
chain_ratio=$(ratio "$c_wall" "$n_wall")
big_mb=$(mb "$b_rss")
ok_big=$(awk -v r="$big_ratio" -v t="$max_big_ratio" 'BEGIN { print (r != "inf" && r <= t) ? 1 : 0 }')
ok_rss=$(awk -v m="$big_mb" -v t="$max_big_rss_mb" 'BEGIN { print (m <= t) ? 1 : 0 }')
ok_chain=$(awk -v r="$chain_ratio" -v t="$max_chain_ratio" 'BEGIN { print (r != "inf" && r <= t) ? 1 : 0 }')

echo
echo "validate at scale: $count and $big stories, $(nproc) CPUs, best of $runs ($big_runs at $big), load $(cut -d' ' -f1 /proc/loadavg)"
printf '%-26s %12s %12s  %s\n' metric measured target result
printf '%-26s %12s %12s  %s\n' "$count stories wall (s)" "$n_wall" "-" "(peak RSS $(mb "$n_rss") MB, CPU $n_cpu s)"
printf '%-26s %12s %12s  %s\n' "$count chained wall (s)" "$c_wall" "-" "(peak RSS $(mb "$c_rss") MB, CPU $c_cpu s)"
printf '%-26s %12s %12s  %s\n' "$big stories wall (s)" "$b_wall" "-" "(CPU $b_cpu s)"
printf '%-26s %12s %12s  %s\n' "ratio $big/$count" "${big_ratio}x" "<= ${max_big_ratio}x" "$(verdict "$ok_big") (CPU $(ratio "$b_cpu" "$n_cpu")x; median of the runs' own ratios ${pair_median}x)"
printf '%-26s %12s %12s  %s\n' "$big stories peak RSS (MB)" "$big_mb" "<= $max_big_rss_mb" "$(verdict "$ok_rss")"
printf '%-26s %12s %12s  %s\n' "ratio chain/normal" "${chain_ratio}x" "<= ${max_chain_ratio}x" "$(verdict "$ok_chain") (CPU $(ratio "$c_cpu" "$n_cpu")x)"

if [ "$ok_big$ok_rss$ok_chain" != 111 ] && [ "$report_only" = 0 ]; then
	exit 1
fi
