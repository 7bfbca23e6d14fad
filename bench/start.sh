#!/usr/bin/env bash
# The action's start time: from the step's start to storygate's first line of
# output, on this machine.
#   source, cold:  what the Docker action did before releases (the Dockerfile's
#                  `go mod download` and `go build` in a fresh image, so empty
#                  module and build caches), then `storygate version`;
#   source, warm modules: the same build with the modules already downloaded;
#   prebuilt:      host/install.sh as the host action runs it: download the
#                  release archive and checksums.txt from a file server on
#                  127.0.0.1, verify the SHA-256, unpack, `storygate version`.
# The Docker action's image pull cannot be timed here (no Docker daemon).
#   bench/start.sh [--runs N] [--build-runs N] [--dist DIR]
# DIR is a GoReleaser dist (.ci/run leaves one in dist/); without one the
# script packs this checkout's binary the way the release does.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=5 build_runs=1 dist=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --build-runs) build_runs=$2; shift 2 ;;
    --dist) dist=$2; shift 2 ;;
    *) echo "usage: bench/start.sh [--runs N] [--build-runs N] [--dist DIR]" >&2; exit 2 ;;
  esac
done
work=$(mktemp -d)
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; fi
  chmod -R u+w "$work" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

now() { date +%s.%N; }
# first_line CMD...: seconds from now until CMD prints its first line on stdout.
first_line() {
  local start line
  start=$(now)
  { IFS= read -r line || true; cat >/dev/null; } < <("$@")
  if [[ "$line" != "storygate "* ]]; then echo "bench/start.sh: $1 printed '$line', not storygate's version" >&2; exit 1; fi
  awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.2f\n", b - a }'
}
stats() { sort -n | awk 'NF { v[++n] = $1 } END { if (!n) { print "not run"; exit } NR = n; printf "best %6.2f s  median %6.2f s  (%d runs)\n", v[1], v[int((NR + 1) / 2)], NR }'; }

# The source the Dockerfile copies in (COPY . .), without .git.
mkdir -p "$work/src"
git archive HEAD | tar -x -C "$work/src"
build() { # GOMODCACHE GOCACHE
  (cd "$work/src" && GOMODCACHE="$1" GOCACHE="$2" GOFLAGS=-modcacherw go mod download &&
    GOMODCACHE="$1" GOCACHE="$2" GOFLAGS=-modcacherw CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$work/built/storygate" ./cmd/storygate &&
    "$work/built/storygate" version)
}
cold=() warm=()
mkdir -p "$work/warm-mod"
(cd "$work/src" && GOMODCACHE="$work/warm-mod" GOFLAGS=-modcacherw go mod download)
for i in $(seq "$build_runs"); do
  cold+=("$(first_line build "$work/cold-mod-$i" "$work/cold-cache-$i")")
  warm+=("$(first_line build "$work/warm-mod" "$work/warm-cache-$i")")
done

# A release directory as GitHub serves it: <base>/<tag>/<file>.
if [ -z "$dist" ]; then
  dist="$work/dist"
  mkdir -p "$dist/bin"
  CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X github.com/storygate/storygate/internal/version.release=v0.0.0-bench" -o "$dist/bin/storygate" ./cmd/storygate
  cp LICENSE README.md "$dist/bin/"
  tar -czf "$dist/storygate_0.0.0-bench_linux_$(go env GOARCH).tar.gz" -C "$dist/bin" storygate LICENSE README.md
  (cd "$dist" && sha256sum ./*.tar.gz | sed 's#  \./#  #' >checksums.txt)
  echo '{"version":"0.0.0-bench"}' >"$dist/metadata.json"
fi
tag="v$(jq -r .version "$dist/metadata.json")"
mkdir -p "$work/releases/$tag"
cp "$dist"/checksums.txt "$dist"/storygate_*_linux_"$(go env GOARCH)".tar.gz "$work/releases/$tag/"
port=$((20000 + RANDOM % 20000))
python3 -m http.server --bind 127.0.0.1 --directory "$work/releases" "$port" >/dev/null 2>&1 &
server=$!
for _ in $(seq 50); do curl -fs "http://127.0.0.1:$port/$tag/checksums.txt" >/dev/null && break; sleep 0.1; done
case "$(go env GOARCH)" in amd64) arch=X64 ;; arm64) arch=ARM64 ;; *) echo "no release for $(go env GOARCH)" >&2; exit 1 ;; esac
prebuilt=()
install() { # RUNNER_TEMP
  mkdir -p "$1"
  STORYGATE_VERSION=$tag RUNNER_OS_NAME=Linux RUNNER_ARCH_NAME=$arch RUNNER_TEMP=$1 \
    STORYGATE_RELEASES="http://127.0.0.1:$port" host/install.sh
}
for i in $(seq "$runs"); do
  prebuilt+=("$(first_line install "$work/runner-temp-$i")")
done
# The verification must bite: a tampered archive is refused.
echo tampered >>"$work/releases/$tag/$(basename "$(ls "$work/releases/$tag"/storygate_*.tar.gz)")"
if install "$work/runner-temp-tampered" >/dev/null 2>&1; then
  echo "host/install.sh accepted an archive that does not match checksums.txt" >&2; exit 1
fi

echo "action start time on $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg):"
printf '  %-28s %s\n' "source, cold caches" "$(printf '%s\n' "${cold[@]}" | stats)"
printf '  %-28s %s\n' "source, modules downloaded" "$(printf '%s\n' "${warm[@]}" | stats)"
printf '  %-28s %s\n' "prebuilt (install.sh)" "$(printf '%s\n' "${prebuilt[@]}" | stats)"
echo "  a tampered archive: refused by install.sh"
