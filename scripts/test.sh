#!/usr/bin/env bash
# `npm test`: the app built, then the suites side by side (package.json, test:suites). On a machine that lacks the
# system tools the tests run (Debian's Chromium headless shell, nginx, redis-server, Docker Compose: CI, a fresh clone
# here), they are installed while the app builds: apt mostly waits on the network, for a minute and a half on these
# machines, which the browser lane used to wait after the build. The browser first, which the longest lane needs to
# start. Each lane and test still makes sure of its tool (scripts/ensure-*.sh; one apt at a time, scripts/apt-lock.sh),
# so this only starts the install earlier: a lane that gets there first waits for it.
set -u
cd "$(dirname "$0")/.."
(bash scripts/ensure-browser.sh && bash scripts/ensure-deploy-tools.sh) 2>&1 | sed -u 's/^/[tools] /' &
tools=$!
npm run build
built=$?
if [ "$built" -ne 0 ]; then
  wait "$tools"
  exit "$built"
fi
npm run test:suites
suites=$?
wait "$tools"
exit "$suites"
