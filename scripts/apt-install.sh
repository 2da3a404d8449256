#!/usr/bin/env bash
# apt-get update, then apt-get install of the packages named, waiting for another apt-get or dpkg
# to finish first (a new cloud server runs its unattended upgrades in its first minutes): up to
# APT_LOCK_WAIT_SECONDS (300) in all, then it gives up as apt-get does. Run as root; setup-system.sh
# calls it. APT_CONFIG (apt's own variable) may point apt at another root, as the test does.
set -uo pipefail

LOCK_WAIT_SECONDS=${APT_LOCK_WAIT_SECONDS:-300}
RETRY_SECONDS=2
deadline=$((SECONDS + LOCK_WAIT_SECONDS))
errors=$(mktemp)
trap 'rm -f "$errors"' EXIT

# apt-get with its arguments. dpkg's lock is waited for by apt-get itself (DPkg::Lock::Timeout);
# the lock of the package lists, which apt-get update takes and does not wait for, and that of the
# download cache by trying again while another process holds them.
apt_get() {
  while true; do
    LC_ALL=C DEBIAN_FRONTEND=noninteractive apt-get \
      -o DPkg::Lock::Timeout=$((deadline > SECONDS ? deadline - SECONDS : 0)) "$@" 2>"$errors"
    local status=$?
    cat "$errors" >&2
    [ $status -eq 0 ] && return 0
    grep -qE 'Could not get lock|Unable to lock' "$errors" || return $status
    if [ $SECONDS -ge $deadline ]; then
      echo "Another apt-get or dpkg still holds its lock after ${LOCK_WAIT_SECONDS} s." >&2
      return $status
    fi
    echo "Waiting for another apt-get or dpkg to finish (at most $((deadline - SECONDS)) s more)..." >&2
    sleep $RETRY_SECONDS
  done
}

apt_get update -y &&
  apt_get install -y --no-install-recommends \
    -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold "$@"
