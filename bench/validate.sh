#!/usr/bin/env bash
# validate.sh — time `storygate validate` on a generated corpus of realistic
# stories against the parse-only floor (read + YAML decode of the same files),
# in the same run, and check the targets of issue 2 item 9.
#
# Usage: bench/validate.sh [--report-only] [--count N] [--seed S] [--runs R]
#
# Exits 1 when a target fails (unless --report-only), 2 on a usage or setup
# error. See bench/README.md.
set -euo pipefail

# Targets.
max_wall=2.0     # seconds, storygate validate
max_ratio=2.0    # validate wall / floor wall
max_rss_mb=200   # peak RSS of storygate validate, MB

count=10000
seed=1
runs=3
report_only=0

usage() {
	echo "usage: $0 [--report-only] [--count N] [--seed S] [--runs R]" >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case "$1" in
	--report-only) report_only=1 ;;
	--count) [ $# -ge 2 ] || usage; count=$2; shift ;;
	--seed) [ $# -ge 2 ] || usage; seed=$2; shift ;;
	--runs) [ $# -ge 2 ] || usage; runs=$2; shift ;;
	-h | --help) usage ;;
	*) echo "unknown argument: $1" >&2; usage ;;
	esac
	shift
done

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/storygate-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
# shellcheck source=bench/measure.sh
. "$here/measure.sh"

build() {
	echo "building storygate, genstories, parsefloor into $work/bin" >&2
	(cd "$repo" &&
		go build -o "$work/bin/storygate" ./cmd/storygate &&
		go build -o "$work/bin/genstories" ./bench/cmd/genstories &&
		go build -o "$work/bin/parsefloor" ./bench/cmd/parsefloor)
}

ensure_time
build
corpus="$work/corpus"
"$work/bin/genstories" -n "$count" -seed "$seed" "$corpus" >&2
bytes=$(find "$corpus/stories" -type f -exec cat {} + | wc -c)

# Interleave the contenders so load from elsewhere on the machine hits both.
for i in $(seq 1 "$runs"); do
	measure "$work/floor.$i" "$work/bin/parsefloor" "$corpus/stories"
	measure "$work/validate.$i" "$work/bin/storygate" validate --format json --root "$corpus" "$corpus/stories"
	STORYGATE_YAML_FASTPATH=off measure "$work/validate-v3.$i" "$work/bin/storygate" validate --format json --root "$corpus" "$corpus/stories"
	echo "run $i: floor $(cat "$work/floor.$i") validate $(cat "$work/validate.$i") validate-yaml.v3 $(cat "$work/validate-v3.$i") (wall s, RSS KB, user s, sys s)" >&2
done

read -r floor_wall floor_rss floor_cpu < <(fold "$work"/floor.*[0-9])
read -r val_wall val_rss val_cpu < <(fold "$work"/validate.*[0-9])
read -r v3_wall v3_rss v3_cpu < <(fold "$work"/validate-v3.*[0-9])
v3_ratio=$(awk -v v="$v3_wall" -v f="$floor_wall" 'BEGIN { if (f > 0) printf "%.2f", v / f; else print "inf" }')
cpu_ratio=$(awk -v v="$val_cpu" -v f="$floor_cpu" 'BEGIN { if (f > 0) printf "%.2f", v / f; else print "inf" }')

ratio=$(awk -v v="$val_wall" -v f="$floor_wall" 'BEGIN { if (f > 0) printf "%.2f", v / f; else print "inf" }')
rss_mb=$(awk -v k="$val_rss" 'BEGIN { printf "%.1f", k / 1024 }')
floor_mb=$(awk -v k="$floor_rss" 'BEGIN { printf "%.1f", k / 1024 }')
ok_wall=$(awk -v v="$val_wall" -v t="$max_wall" 'BEGIN { print (v <= t) ? 1 : 0 }')
ok_ratio=$(awk -v r="$ratio" -v t="$max_ratio" 'BEGIN { print (r != "inf" && r <= t) ? 1 : 0 }')
ok_rss=$(awk -v m="$rss_mb" -v t="$max_rss_mb" 'BEGIN { print (m <= t) ? 1 : 0 }')

echo
echo "storygate validate: $count stories, $((bytes / count)) bytes on average, $(nproc) CPUs, best of $runs"
printf '%-22s %12s %12s  %s\n' metric measured target result
printf '%-22s %12s %12s  %s\n' "floor wall (s)" "$floor_wall" "-" "(peak RSS $floor_mb MB)"
printf '%-22s %12s %12s  %s\n' "validate wall (s)" "$val_wall" "<= $max_wall" "$(verdict "$ok_wall")"
printf '%-22s %12s %12s  %s\n' "ratio (validate/floor)" "${ratio}x" "<= ${max_ratio}x" "$(verdict "$ok_ratio")"
printf '%-22s %12s %12s  %s\n' "peak RSS (MB)" "$rss_mb" "<= $max_rss_mb" "$(verdict "$ok_rss")"
printf '%-22s %12s %12s  %s\n' "CPU s floor/validate" "$floor_cpu/$val_cpu" "-" "(CPU ratio ${cpu_ratio}x; load $(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo ?))"
printf '%-22s %12s %12s  %s\n' "yaml.v3 only wall (s)" "$v3_wall" "-" "(ratio ${v3_ratio}x, peak RSS $(awk -v k="$v3_rss" 'BEGIN { printf "%.1f", k / 1024 }') MB; STORYGATE_YAML_FASTPATH=off)"

if [ "$ok_wall$ok_ratio$ok_rss" != 111 ] && [ "$report_only" = 0 ]; then
	exit 1
fi
