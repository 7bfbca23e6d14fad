# measure.sh — helpers the bench scripts share (sourced, not run).

# setup_bench NAME makes the run's work directory ($work, removed on
# exit), checks for GNU time and builds storygate and genstories into
# $work/bin. Needs $repo, the repository root.
setup_bench() {
	work=$(mktemp -d "${TMPDIR:-/tmp}/storygate-$1.XXXXXX")
	trap 'rm -rf "$work"' EXIT
	ensure_time
	echo "building storygate, genstories into $work/bin" >&2
	(cd "$repo" && go build -o "$work/bin/storygate" ./cmd/storygate && go build -o "$work/bin/genstories" ./bench/cmd/genstories)
}

# ensure_time makes GNU time available at /usr/bin/time.
ensure_time() {
	if [ -x /usr/bin/time ] && /usr/bin/time -f '%e' true >/dev/null 2>&1; then
		return
	fi
	echo "installing GNU time (/usr/bin/time is missing)" >&2
	local sudo=""
	if [ "$(id -u)" -ne 0 ]; then
		command -v sudo >/dev/null || { echo "need root or sudo to apt-get install time" >&2; exit 2; }
		sudo=sudo
	fi
	$sudo apt-get install -y time >/dev/null || {
		$sudo apt-get update >/dev/null && $sudo apt-get install -y time >/dev/null
	}
}

# measure OUT CMD... runs CMD with stdout discarded and writes
# "wall_s rss_kb user_s sys_s" to OUT. storygate exits 1 when it finds
# errors; that is accepted, anything else aborts the benchmark.
measure() {
	local out=$1
	shift
	local rc=0
	/usr/bin/time -f '%e %M %U %S' -o "$out.raw" "$@" >/dev/null || rc=$?
	if [ "$rc" -gt 1 ]; then
		echo "command failed with exit $rc: $*" >&2
		exit 2
	fi
	tail -n 1 "$out.raw" >"$out"
}

# fold FILES... prints the best (lowest) wall time, the highest peak RSS and
# the lowest CPU time (user + system).
fold() {
	cat "$@" | awk '{ c = $3 + $4 }
		NR == 1 || $1 < w { w = $1 } NR == 1 || c < cpu { cpu = c } $2 > m { m = $2 }
		END { printf "%.2f %d %.2f\n", w, m, cpu }'
}

# ratio A B prints A/B with two decimals, inf when B is 0.
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "inf" }'
}

# mb KB prints KB in MB with one decimal.
mb() {
	awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'
}

# verdict OK prints PASS when OK is 1, else FAIL.
verdict() {
	if [ "$1" = 1 ]; then echo PASS; else echo FAIL; fi
}

# pr_corpus DIR COUNT CHANGED SEED generates COUNT stories into DIR,
# commits them as the base, then a head commit that appends a paragraph to
# every (COUNT/CHANGED)-th story. It sets $corpus to DIR and $base to the
# base commit. Needs $work/bin/genstories (setup_bench).
pr_corpus() {
	base_corpus "$1" "$2" "$4"
	pr_head "$1" "$2" "$3"
}

# base_corpus DIR COUNT SEED generates COUNT stories into DIR and commits
# them as the base; $corpus is DIR and $base the base commit.
base_corpus() {
	corpus=$1
	"$work/bin/genstories" -n "$2" -seed "$3" "$corpus" >&2
	bench_git "$corpus" init -q -b main
	bench_git "$corpus" add -A
	bench_git "$corpus" commit -q -m base
	base=$(bench_git "$corpus" rev-parse HEAD)
}

# pr_head DIR COUNT CHANGED commits, on the base in DIR, a head commit
# that appends a paragraph to every (COUNT/CHANGED)-th story, and packs
# the repository.
pr_head() {
	local dir=$1 count=$2 changed=$3 step i f
	step=$((count / changed))
	for i in $(seq 1 "$changed"); do
		f=$(printf '%s/stories/STORY-%05d.md' "$dir" $(((i - 1) * step + 1)))
		printf '\nA paragraph the pull request added.\n' >>"$f"
	done
	bench_git "$dir" commit -q -am head
	bench_git "$dir" gc -q
}

# bench_git DIR ARGS... runs git in DIR with the benchmarks' identity.
bench_git() {
	local dir=$1
	shift
	git -C "$dir" -c user.name=bench -c user.email=bench@example.com -c core.autocrlf=false -c gc.auto=0 "$@"
}
