#!/usr/bin/env bash
# Makes sure Playwright has a Chromium: Debian's headless shell where apt is at
# hand (CI, these machines), else Debian's full Chromium if installed, else
# Playwright's own download. The headless shell is the build Playwright itself
# runs headless tests in: the full browser's headless mode opens a window per
# page and cost the suite about a third more time on these 2-core machines.
set -euo pipefail
[ -x /usr/bin/chromium-headless-shell ] && exit 0
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  # npm test's lanes check their tools side by side: one apt at a time (scripts/apt-lock.sh), and what the other
  # installed meanwhile counts.
  source "$(dirname "$0")/apt-lock.sh"
  [ -x /usr/bin/chromium-headless-shell ] && exit 0
  echo "Installing Debian's Chromium headless shell for the browser tests…"
  apt_update_once
  # Without its recommendations: with them apt installed 106 packages more (printer setup, Samba's libraries, Avahi,
  # upower, Perl and Python modules) that a headless browser never uses, 47 s and 49 CPU-s against 16 s and 19 CPU-s
  # on an idle machine here (apt's lists read in both), and up to 109 s beside the build and the checks. The fonts it
  # recommends are named, so that pages render alike on a machine that has none.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium-headless-shell fonts-liberation >/dev/null && exit 0
  echo "No chromium-headless-shell package; installing Debian's Chromium…"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
for candidate in /usr/bin/chromium /usr/bin/chromium-browser; do
  [ -x "$candidate" ] && exit 0
done
echo "No system Chromium; installing Playwright's own browser…"
npx playwright install chromium
