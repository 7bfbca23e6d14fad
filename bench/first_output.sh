#!/usr/bin/env bash
# The README demo's first output: from storygate's start (the exec of a
# built binary, not `go run`'s compile) to the first byte it writes on
# stderr, and to its exit, with stderr on a terminal (a pty) and on a pipe.
#   bench/first_output.sh [--runs N] [--cold] [--binary BIN]
# --cold gives every run an empty Go build cache (GOCACHE), as a fresh
# runner has, so the demo's sandboxed `go test` compiles from nothing;
# --binary times BIN (another revision's build) instead of this checkout's.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=5 cold=0 binary=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --cold) cold=1; shift ;;
    --binary) binary=$2; shift 2 ;;
    *) echo "usage: bench/first_output.sh [--runs N] [--cold] [--binary BIN]" >&2; exit 2 ;;
  esac
done
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null || true; rm -rf "$work"' EXIT
if [ -n "$binary" ]; then cp "$binary" "$work/storygate"; else go build -o "$work/storygate" ./cmd/storygate; fi
echo "load: $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min), $(nproc) CPUs"
python3 - "$work" "$runs" "$cold" <<'PY'
import os, pty, statistics, subprocess, sys, tempfile, time
work, runs, cold = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"
args = [os.path.join(work, "storygate"), "action", "--event-name", "local", "--root", "examples/demo",
        "--report-only", "--all", "--results", os.path.join(work, "results.json"), "--markdown", os.devnull]
def once(tty):
    env = dict(os.environ, TERM="xterm")
    if cold:
        env["GOCACHE"] = tempfile.mkdtemp(dir=work)
    if tty:
        master, slave = pty.openpty()
        errw, errr = slave, master
    else:
        errr, errw = os.pipe()
    start = time.monotonic()
    p = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=errw, env=env)
    os.close(errw)
    first = None
    while True:
        try:
            chunk = os.read(errr, 65536)
        except OSError:  # EIO: the pty's other side is closed
            chunk = b""
        if not chunk:
            break
        if first is None:
            first = time.monotonic() - start
    p.wait()
    os.close(errr)
    return first, time.monotonic() - start
for tty in (True, False):
    firsts, totals = [], []
    for _ in range(runs):
        f, t = once(tty)
        firsts.append(f); totals.append(t)
    name = "terminal" if tty else "pipe"
    print(f"{name:8}: first output median {statistics.median(firsts):.3f} s (max {max(firsts):.3f}), "
          f"exit median {statistics.median(totals):.2f} s, {runs} runs{' cold GOCACHE' if cold else ''}")
PY
