#!/usr/bin/env bash
# baseline.sh — time this tree's storygate against a baseline revision's
# on the same corpus in the same run: `validate` of every story and the PR
# gate (`action --base`, the story rules with every base and changed-file
# rule), interleaved, and check that neither got slower.
#
# Usage: bench/baseline.sh [--report-only] [--baseline REV] [--count N] [--changed N] [--seed S] [--runs R] [--max-ratio X]
#
# REV defaults to the first parent of HEAD. Exits 1 when a ratio exceeds
# --max-ratio (default 1.10: the VM's own noise between interleaved runs),
# 2 on a usage or setup error. See bench/README.md.
set -euo pipefail

baseline=HEAD~1
count=10000
changed=100
seed=1
runs=5
max_ratio=1.10
report_only=0

usage() {
	echo "usage: $0 [--report-only] [--baseline REV] [--count N] [--changed N] [--seed S] [--runs R] [--max-ratio X]" >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case "$1" in
	--report-only) report_only=1 ;;
	--baseline) [ $# -ge 2 ] || usage; baseline=$2; shift ;;
	--count) [ $# -ge 2 ] || usage; count=$2; shift ;;
	--changed) [ $# -ge 2 ] || usage; changed=$2; shift ;;
	--seed) [ $# -ge 2 ] || usage; seed=$2; shift ;;
	--runs) [ $# -ge 2 ] || usage; runs=$2; shift ;;
	--max-ratio) [ $# -ge 2 ] || usage; max_ratio=$2; shift ;;
	-h | --help) usage ;;
	*) echo "unknown argument: $1" >&2; usage ;;
	esac
	shift
done

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
# shellcheck source=bench/measure.sh
. "$here/measure.sh"
setup_bench baseline

# The baseline's binary, built from a detached worktree of REV.
rev=$(git -C "$repo" rev-parse --verify "$baseline^{commit}") || usage
git -C "$repo" worktree add -q --detach "$work/baseline-src" "$rev"
trap 'git -C "$repo" worktree remove --force "$work/baseline-src" >/dev/null 2>&1; rm -rf "$work"' EXIT
echo "building the baseline storygate ($rev) into $work/bin/storygate-baseline" >&2
(cd "$work/baseline-src" && go build -o "$work/bin/storygate-baseline" ./cmd/storygate)

# The corpus committed as the base, a head commit that appends a paragraph
# to every (count/changed)-th story (as gate.sh does).
pr_corpus "$work/corpus" "$count" "$changed" "$seed"

validate() { measure "$1" "$2" validate --format json --root "$corpus" "$corpus/stories"; }
gate() {
	measure "$1" "$2" action --event-name local --root "$corpus" --base "$base" \
		--gates stories --report-only --markdown /dev/null --results "$work/results.json"
}

# Interleaved, alternating which binary goes first, so load from elsewhere
# on the machine and the page cache favour neither.
for i in $(seq 1 "$runs"); do
	if [ $((i % 2)) = 1 ]; then order="new baseline"; else order="baseline new"; fi
	for who in $order; do
		bin="$work/bin/storygate"
		[ "$who" = baseline ] && bin="$work/bin/storygate-baseline"
		validate "$work/validate-$who.$i" "$bin"
		gate "$work/gate-$who.$i" "$bin"
	done
	echo "run $i: validate $(cat "$work/validate-new.$i") / $(cat "$work/validate-baseline.$i"); gate $(cat "$work/gate-new.$i") / $(cat "$work/gate-baseline.$i")" >&2
done

ok=1
echo
echo "this tree against $rev: $count stories, $changed changed, $(nproc) CPUs, best of $runs, load $(cut -d' ' -f1 /proc/loadavg)"
printf '%-10s %12s %12s %8s %8s %12s  %s\n' metric "new wall" "base wall" ratio "CPU x" "new RSS MB" result
for what in validate gate; do
	read -r new_wall new_rss new_cpu < <(fold "$work/$what-new".*[0-9])
	read -r old_wall old_rss old_cpu < <(fold "$work/$what-baseline".*[0-9])
	r=$(ratio "$new_wall" "$old_wall")
	pass=$(awk -v r="$r" -v t="$max_ratio" 'BEGIN { print (r != "inf" && r <= t) ? 1 : 0 }')
	[ "$pass" = 1 ] || ok=0
	printf '%-10s %12s %12s %8s %8s %12s  %s\n' "$what" "$new_wall" "$old_wall" "${r}x" "$(ratio "$new_cpu" "$old_cpu")x" "$(mb "$new_rss") / $(mb "$old_rss")" "$(verdict "$pass")"
done

if [ "$ok" = 0 ] && [ "$report_only" = 0 ]; then
	exit 1
fi
