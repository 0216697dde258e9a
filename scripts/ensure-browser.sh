#!/usr/bin/env bash
# Makes sure Playwright has a Chromium: Debian's package where apt is at hand
# (CI and these machines), otherwise Playwright's own download.
set -euo pipefail
for candidate in /usr/bin/chromium /usr/bin/chromium-browser; do
  [ -x "$candidate" ] && exit 0
done
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Installing Debian's Chromium for the browser tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "No system Chromium; installing Playwright's own browser…"
npx playwright install chromium
