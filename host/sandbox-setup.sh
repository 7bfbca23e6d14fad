#!/usr/bin/env bash
# Makes bubblewrap work on the runner before storygate runs, so that
# verify.sandbox auto sandboxes the pull request's commands instead of
# running them unsandboxed: on GitHub's ubuntu-22.04 and ubuntu-24.04
# images it installs bubblewrap when it is missing (apt-get, with sudo on
# hosted runners) and, where Ubuntu 24.04's AppArmor restricts
# unprivileged user namespaces (kernel.apparmor_restrict_unprivileged_userns=1),
# loads an AppArmor profile that lets /usr/bin/bwrap create them (Ubuntu's
# own bwrap-userns-restrict where it ships, else a small unconfined one),
# falling back to turning the restriction off with sysctl. Idempotent: a
# working bubblewrap is left alone. It never fails the step: where it
# cannot help (no sudo, no apt-get) it says so, and the gate then warns
# that it ran unsandboxed (auto) or refuses to run the commands (required).
# STORYGATE_SANDBOX_SETUP=skip (in the job's env:) leaves the machine alone,
# for self-hosted runners whose owners set bubblewrap up themselves.
# STORYGATE_APPARMOR_DIR overrides /etc/apparmor.d (tests).
set -uo pipefail

profiles="${STORYGATE_APPARMOR_DIR:-/etc/apparmor.d}"
say() { echo "storygate sandbox setup: $*"; }
warn() { echo "::warning title=storygate sandbox setup::$*"; }

if [ "${STORYGATE_SANDBOX_SETUP:-}" = skip ]; then
  say "skipped (STORYGATE_SANDBOX_SETUP=skip): bubblewrap is used as the runner has it"
  exit 0
fi
if [ "${STORYGATE_COMMAND:-action}" = publish ]; then
  say "publish runs no code from the pull request: nothing to set up"
  exit 0
fi
if [ "$(uname -s)" != Linux ]; then
  say "not Linux: bubblewrap is Linux only; PR commands will run without a sandbox (verify.sandbox auto warns)"
  exit 0
fi

# as_root runs a command as root: directly when this is root, with
# passwordless sudo otherwise; it fails when neither is possible.
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; return; fi
  command -v sudo >/dev/null && sudo -n "$@"
}

# works probes what storygate's sandbox needs: a new user namespace with
# the root file system bound read-only.
works() { bwrap --unshare-user --unshare-pid --die-with-parent --ro-bind / / true >/dev/null 2>&1; }

if ! command -v bwrap >/dev/null; then
  if ! command -v apt-get >/dev/null; then
    warn "bubblewrap (bwrap) is not installed and there is no apt-get to install it: install the package bubblewrap in an earlier step, or PR commands run without a sandbox"
    exit 0
  fi
  say "installing bubblewrap with apt-get"
  if ! as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends bubblewrap >/dev/null \
    && ! { as_root apt-get update -qq >/dev/null && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends bubblewrap >/dev/null; }; then
    warn "bubblewrap (bwrap) is not installed and cannot be installed here (no root, no passwordless sudo, or apt-get failed): install the package bubblewrap in an earlier step, or PR commands run without a sandbox"
    exit 0
  fi
fi

if works; then
  say "bubblewrap works ($(command -v bwrap)); nothing to change"
  exit 0
fi

restricted=$(sysctl -n kernel.apparmor_restrict_unprivileged_userns 2>/dev/null || echo 0)
if [ "$restricted" != 1 ]; then
  warn "bubblewrap cannot create a user namespace, and AppArmor's restriction is not the cause (kernel.apparmor_restrict_unprivileged_userns=$restricted): PR commands run without a sandbox"
  exit 0
fi

say "AppArmor restricts unprivileged user namespaces (kernel.apparmor_restrict_unprivileged_userns=1)"
profile="$profiles/bwrap-userns-restrict"
if [ ! -f "$profile" ]; then
  profile="$profiles/storygate-bwrap"
  printf '%s\n' 'abi <abi/4.0>,' 'include <tunables/global>' \
    'profile bwrap /usr/bin/bwrap flags=(unconfined) {' '  userns,' '}' \
    | as_root tee "$profile" >/dev/null
fi
if as_root apparmor_parser -r "$profile" && works; then
  say "loaded the AppArmor profile $profile, which lets /usr/bin/bwrap create user namespaces"
  exit 0
fi
if as_root sysctl -w kernel.apparmor_restrict_unprivileged_userns=0 >/dev/null && works; then
  say "no AppArmor profile helped; turned the restriction off for this job (sysctl kernel.apparmor_restrict_unprivileged_userns=0)"
  exit 0
fi
warn "bubblewrap cannot create a user namespace under AppArmor's restriction, and neither a profile for /usr/bin/bwrap nor sysctl could lift it here (no root or passwordless sudo?): PR commands run without a sandbox"
exit 0
