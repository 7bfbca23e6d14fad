#!/usr/bin/env bash
# changed.sh — time the PR gate (`storygate action --base`, the stories
# gate) on 10,000 generated stories with more and more of them changed,
# against plain `storygate validate` of the same stories in the same run,
# and check the targets of issue 29: within 2× validate and under 300 MB
# peak RSS at 1,000 and at every story changed, and a cost per changed
# story that stays flat.
#
# Usage: bench/changed.sh [--report-only] [--count N] [--changed "K1 K2 ..."] [--seed S] [--runs R] [--baseline REV]
#
# With --baseline, the same runs are made with REV's storygate too
# (interleaved, alternating which goes first) and its figures are printed
# below this tree's. Exits 1 when a target fails (unless --report-only), 2
# on a usage or setup error. See bench/README.md.
set -euo pipefail

max_ratio=2.0   # gate wall / validate wall, at every size of change
max_rss_mb=300  # peak RSS of the gate, MB

count=10000
changed="100 300 1000 3000 10000"
seed=1
runs=3
baseline=
report_only=0

usage() {
	echo "usage: $0 [--report-only] [--count N] [--changed \"K1 K2 ...\"] [--seed S] [--runs R] [--baseline REV]" >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case "$1" in
	--report-only) report_only=1 ;;
	--count) [ $# -ge 2 ] || usage; count=$2; shift ;;
	--changed) [ $# -ge 2 ] || usage; changed=$2; shift ;;
	--seed) [ $# -ge 2 ] || usage; seed=$2; shift ;;
	--runs) [ $# -ge 2 ] || usage; runs=$2; shift ;;
	--baseline) [ $# -ge 2 ] || usage; baseline=$2; shift ;;
	-h | --help) usage ;;
	*) echo "unknown argument: $1" >&2; usage ;;
	esac
	shift
done

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
# shellcheck source=bench/measure.sh
. "$here/measure.sh"
setup_bench changed

bins="new"
if [ -n "$baseline" ]; then
	rev=$(git -C "$repo" rev-parse --verify "$baseline^{commit}") || usage
	git -C "$repo" worktree add -q --detach "$work/baseline-src" "$rev"
	trap 'git -C "$repo" worktree remove --force "$work/baseline-src" >/dev/null 2>&1; rm -rf "$work"' EXIT
	echo "building the baseline storygate ($rev)" >&2
	(cd "$work/baseline-src" && go build -o "$work/bin/storygate-baseline" ./cmd/storygate)
	bins="new baseline"
fi
binary() { if [ "$1" = baseline ]; then echo "$work/bin/storygate-baseline"; else echo "$work/bin/storygate"; fi; }

# One repository per size of change: copies of the same base commit, each
# with a head commit appending a paragraph to every (count/K)-th story.
base_corpus "$work/base" "$count" "$seed"
for k in $changed; do
	cp -a "$work/base" "$work/corpus-$k"
	pr_head "$work/corpus-$k" "$count" "$k"
done
first=${changed%% *}

validate() { measure "$1" "$2" validate --format json --root "$work/corpus-$first" "$work/corpus-$first/stories"; }
gate() {
	measure "$1" "$2" action --event-name local --root "$work/corpus-$3" --base "$base" \
		--gates stories --report-only --markdown /dev/null --results "$work/results.json"
}

# Interleaved: every run times validate and every size of change, with
# each binary, alternating which binary goes first.
for i in $(seq 1 "$runs"); do
	order=$bins
	if [ $((i % 2)) = 0 ] && [ -n "$baseline" ]; then order="baseline new"; fi
	for who in $order; do
		validate "$work/validate-$who.$i" "$(binary "$who")"
		for k in $changed; do
			gate "$work/gate-$who-$k.$i" "$(binary "$who")" "$k"
		done
	done
	echo "run $i done, load $(cut -d' ' -f1 /proc/loadavg)" >&2
done

# median FILES... prints the median wall time, the median CPU time and the
# highest peak RSS of the runs.
median() {
	cat "$@" | awk '{ w[NR] = $1; c[NR] = $3 + $4; if ($2 > m) m = $2 }
		function med(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
			return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
		END { printf "%.2f %d %.2f\n", med(w, NR), m, med(c, NR) }'
}

# pair_median WHO K prints the median over the runs of each run's own
# gate/validate wall ratio (a pair shares the machine's state).
pair_median() {
	for i in $(seq 1 "$runs"); do
		awk -v g="$(cut -d' ' -f1 "$work/gate-$1-$2.$i")" -v v="$(cut -d' ' -f1 "$work/validate-$1.$i")" 'BEGIN { if (v > 0) printf "%.2f\n", g / v }'
	done | sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

ok=1
echo
echo "PR gate by size of change: $count stories, $(nproc) CPUs, medians of $runs interleaved runs, load $(cut -d' ' -f1-3 /proc/loadavg)"
for who in $bins; do
	read -r v_wall v_rss v_cpu < <(median "$work/validate-$who".*[0-9])
	echo
	echo "storygate: $who$([ "$who" = baseline ] && echo " ($rev)")"
	echo "validate: wall $v_wall s, CPU $v_cpu s, peak RSS $(mb "$v_rss") MB"
	printf '%8s %10s %10s %12s %10s %10s %16s  %s\n' changed "gate wall" "gate CPU" "gate/valid." "CPU ratio" "peak MB" "CPU ms/story" result
	prev_k=0 prev_cpu=$v_cpu
	for k in $changed; do
		read -r g_wall g_rss g_cpu < <(median "$work/gate-$who-$k".*[0-9])
		r=$(pair_median "$who" "$k")
		# The CPU each story changed since the previous row added: flat
		# when the gate is linear in what changed.
		cpu_per=$(awk -v g="$g_cpu" -v p="$prev_cpu" -v k="$k" -v pk="$prev_k" 'BEGIN { printf "%.3f", (g - p) * 1000 / (k - pk) }')
		pass=$(awk -v r="$r" -v t="$max_ratio" -v m="$(mb "$g_rss")" -v tm="$max_rss_mb" 'BEGIN { print (r <= t && m <= tm) ? 1 : 0 }')
		[ "$who" = baseline ] || [ "$pass" = 1 ] || ok=0
		printf '%8s %10s %10s %12s %10s %10s %16s  %s\n' "$k" "$g_wall" "$g_cpu" "${r}x" "$(ratio "$g_cpu" "$v_cpu")x" "$(mb "$g_rss")" "$cpu_per" "$(verdict "$pass")"
		prev_k=$k prev_cpu=$g_cpu
	done
done

if [ "$ok" = 0 ] && [ "$report_only" = 0 ]; then
	exit 1
fi
