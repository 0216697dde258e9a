# Sourced by scripts/ensure-*.sh before they use apt: npm test's lanes check their tools side by side (the deployment
# tools before vitest, the browser before Playwright), and two apt-get runs at once fail on dpkg's lock. Holds an
# exclusive lock for the rest of the sourcing script (released when it exits); apt_update_once reads the package
# lists unless they were read in the last half hour (the other lane's read, moments before, counts).
exec 9>"${TMPDIR:-/tmp}/seller-portal-apt.lock"
flock 9
apt_update_once() {
  local marker="${TMPDIR:-/tmp}/seller-portal-apt-updated"
  if [ -n "$(find "$marker" -mmin -30 2>/dev/null)" ]; then return 0; fi
  apt-get update -qq
  touch "$marker"
}
