#!/usr/bin/env bash
# `npm test`'s second lane (package.json, test:suites): vitest, then most of the all-pages accessibility audit
# (e2e/a11y-pages.spec.ts's tests tagged @audit-lane, with JavaScript; they skip themselves without) in a Playwright
# run of its own, on worker slot 1 with a portal and sandbox of its own. The first lane runs every other test
# meanwhile. vitest ends minutes before the browser tests, which alone leave part of the second core idle: the audit
# fills that time instead of adding its minutes to the end. Both run whatever the other's result; the lane fails if
# either failed.
#
# vitest runs as two processes side by side: the integration files that start servers of their own and mostly wait
# (vitest.config.ts, INTEGRATION_APART_FILES; their lines marked "apart") beside the unit files and the integration
# files on the shared portal and sandbox, which run one after the other.
set -u
# As npm runs it; by hand too.
PATH="$(cd "$(dirname "$0")/.." && pwd)/node_modules/.bin:$PATH"
# The apart files start nginx, redis-server and Docker Compose's check: they wait here for npm test's install of them
# (scripts/test.sh), outside vitest's hook timeouts; the others start at once (a file of theirs that starts nginx waits
# for it itself, tests/support/deploy-tools.ts).
(
  bash "$(dirname "$0")/ensure-deploy-tools.sh" || exit 1
  vitest run --maxWorkers=1 --project integration-apart 2>&1 | sed -u 's/^/(apart) /'
  exit "${PIPESTATUS[0]}"
) &
apart_pid=$!
vitest run --maxWorkers=1 --project unit --project unit-isolated --project integration
shared=$?
wait "$apart_pid"
apart=$?
# The browser: the Playwright lane installed it at its start where it was missing (this only checks).
bash "$(dirname "$0")/ensure-browser.sh"
E2E_FIRST_SLOT=1 E2E_OUTPUT_DIR=test-results/audit-lane playwright test e2e/a11y-pages.spec.ts --project js --grep @audit-lane
pages=$?
exit $((shared || apart || pages))
