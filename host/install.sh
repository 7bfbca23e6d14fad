#!/usr/bin/env bash
# Downloads storygate's release archive for this runner into
# $RUNNER_TEMP/storygate-bin and verifies it against the release's
# checksums.txt before unpacking (as golangci-lint-action does). Inputs come
# from the environment: STORYGATE_VERSION (a tag such as v1.2.3),
# RUNNER_OS_NAME (Linux, macOS, Windows), RUNNER_ARCH_NAME (X64, ARM64),
# RUNNER_TEMP; STORYGATE_RELEASES overrides the download base URL (tests).
set -euo pipefail

case "$RUNNER_OS_NAME" in
  Linux) os=linux ext=tar.gz ;;
  macOS) os=darwin ext=tar.gz ;;
  Windows) os=windows ext=zip ;;
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

fetch() { curl --fail --silent --show-error --location --retry 3 --output "$work/$1" "$base/$1"; }
fetch checksums.txt
fetch "$archive"

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
