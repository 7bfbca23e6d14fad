#!/usr/bin/env bash
# Downloads storygate's release archive for this runner into
# $RUNNER_TEMP/storygate-bin and verifies it against the release's
# checksums.txt before unpacking (as golangci-lint-action does). Inputs come
# from the environment: STORYGATE_VERSION (a tag such as v1.2.3),
# RUNNER_OS_NAME (Linux, macOS, Windows), RUNNER_ARCH_NAME (X64, ARM64),
# RUNNER_TEMP; STORYGATE_RELEASES overrides the download base URL (tests).
#
# Until the pinned release exists (a pin to a commit, or a tag not yet
# released), the download fails: then storygate is built from the action's
# own checkout ($GITHUB_ACTION_PATH, the commit the workflow pinned, the
# same code as this script), with the Go toolchain on PATH
# (actions/setup-go), and the log says so and what it cost. A release that
# downloads but does not match its checksums.txt is refused, never built
# around.
set -euo pipefail

exe=""
case "$RUNNER_OS_NAME" in
  Linux) os=linux ext=tar.gz ;;
  macOS) os=darwin ext=tar.gz ;;
  Windows) os=windows ext=zip exe=.exe ;;
  *) echo "::error title=storygate::no release binary for runner OS $RUNNER_OS_NAME" >&2; exit 1 ;;
esac
case "$RUNNER_ARCH_NAME" in
  X64) arch=amd64 ;;
  ARM64) arch=arm64 ;;
  *) echo "::error title=storygate::no release binary for runner architecture $RUNNER_ARCH_NAME" >&2; exit 1 ;;
esac

base="${STORYGATE_RELEASES:-https://github.com/storygate/storygate/releases/download}/$STORYGATE_VERSION"
archive="storygate_${STORYGATE_VERSION#v}_${os}_${arch}.$ext"
work="$RUNNER_TEMP/storygate-download"
dest="$RUNNER_TEMP/storygate-bin"
mkdir -p "$work" "$dest"

# fetch FILE downloads one file of the release; on failure it keeps
# curl's message in $work/fetch.err.
fetch() { curl --fail --silent --show-error --location --retry 3 --output "$work/$1" "$base/$1" 2>"$work/fetch.err"; }

# build_from_checkout REASON: go build of ./cmd/storygate in the action's
# directory, timed; without Go, an error naming actions/setup-go.
build_from_checkout() {
  local src="${GITHUB_ACTION_PATH:-$(cd "$(dirname "$0")/.." && pwd)}" start=$SECONDS
  if ! command -v go >/dev/null; then
    echo "::error title=storygate::storygate $STORYGATE_VERSION could not be downloaded ($1), and there is no Go toolchain on PATH to build it from the action's checkout ($src): add an actions/setup-go step before this one, or pin a published release" >&2
    exit 1
  fi
  echo "::warning title=storygate::storygate $STORYGATE_VERSION could not be downloaded ($1): building it from the action's checkout ($src) with $(go version)"
  (cd "$src" && CGO_ENABLED=0 go build -trimpath -o "$dest/storygate$exe" ./cmd/storygate)
  echo "storygate: built from the action's checkout in $((SECONDS - start)) s"
  "$dest/storygate" version
  exit 0
}

for file in checksums.txt "$archive"; do
  fetch "$file" || build_from_checkout "$file: $(tr -d '\r' <"$work/fetch.err" | tail -n 1)"
done

want=$(awk -v f="$archive" '$2 == f { print $1 }' "$work/checksums.txt")
if [ -z "$want" ]; then
  echo "::error title=storygate::checksums.txt of $STORYGATE_VERSION does not list $archive" >&2; exit 1
fi
if command -v sha256sum >/dev/null; then
  got=$(sha256sum "$work/$archive" | awk '{ print $1 }')
else
  got=$(shasum -a 256 "$work/$archive" | awk '{ print $1 }')
fi
if [ "$got" != "$want" ]; then
  echo "::error title=storygate::$archive has SHA-256 $got, checksums.txt says $want" >&2; exit 1
fi

# GNU tar (Git Bash's on Windows runners) cannot read a zip; unzip can.
case "$ext" in
  zip) unzip -q -o "$work/$archive" -d "$dest" ;;
  *) tar -xzf "$work/$archive" -C "$dest" ;;
esac
"$dest/storygate" version
