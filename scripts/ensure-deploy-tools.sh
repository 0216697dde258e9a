#!/usr/bin/env bash
# Makes sure the tools that check and run deploy/ are here: nginx (the two-instance test and
# `npm run bench:load` run the real configuration), redis-server (the store the instances share:
# tests/integration/shared-store.test.ts starts one) and Docker Compose (checks deploy/compose.yaml
# without a Docker engine). Debian's packages where apt is at hand and we are root (CI and these
# machines); otherwise says what to install.
set -euo pipefail
missing=()
find_missing() {
  missing=()
  command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
  command -v redis-server >/dev/null 2>&1 || [ -x /usr/bin/redis-server ] || missing+=(redis-server)
  if ! docker compose version >/dev/null 2>&1 && ! command -v docker-compose >/dev/null 2>&1; then
    missing+=(docker-compose)
  fi
}
find_missing
[ ${#missing[@]} -eq 0 ] && exit 0
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  # One apt at a time (scripts/apt-lock.sh): the browser's lane may be installing beside this one.
  source "$(dirname "$0")/apt-lock.sh"
  find_missing
  [ ${#missing[@]} -eq 0 ] && exit 0
  echo "Installing Debian's ${missing[*]} for the deployment tests…"
  apt_update_once
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi
echo "Missing for the deployment tests: ${missing[*]} (e.g. apt-get install ${missing[*]}, or your system's package manager)." >&2
exit 1
