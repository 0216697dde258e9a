#!/usr/bin/env bash
# `npm test`: the app built, then the suites side by side (package.json, test:suites). On a machine that lacks the
# system tools the tests run (Debian's Chromium headless shell, nginx, redis-server, Docker Compose: CI, a fresh clone
# here), they are installed while the app builds, the browser first: the browser lane, which used to start apt only
# after the build (and the vitest lane behind it, on apt's lock), then starts about 80 s sooner (fresh runs 24 and
# 26). Each lane and test still makes sure of its tool (scripts/ensure-*.sh; one apt at a time, scripts/apt-lock.sh),
# so this only starts the install earlier: a lane that gets there first waits for it.
set -u
cd "$(dirname "$0")/.."
(bash scripts/ensure-browser.sh && bash scripts/ensure-deploy-tools.sh) 2>&1 | sed -u 's/^/[tools] /' &
tools=$!
npm run build && npm run test:suites
status=$?
wait "$tools"
exit "$status"
