/**
 * The fixed ports of the test servers. TEST_PORT_OFFSET moves them all, so
 * that several checkouts on one machine can run their suites side by side.
 * They stay below the range Linux hands out to outgoing connections
 * (32768–60999): there, any client socket may hold the port a server needs.
 */
const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);
const FIRST_EPHEMERAL_PORT = 32_768;
/**
 * Ports Node's fetch (and every browser) refuses to connect to ("bad port" in the Fetch standard), those above 1023:
 * a server there is up, yet every fetch to it fails, and a readiness wait times out without saying why.
 */
const FETCH_BLOCKED_PORTS = new Set([1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080]);

export function testPorts(portalPort: number, sandboxPort: number) {
  const ports = { portalPort: portalPort + offset, sandboxPort: sandboxPort + offset };
  if (Math.max(ports.portalPort, ports.sandboxPort) >= FIRST_EPHEMERAL_PORT) {
    throw new Error(
      `TEST_PORT_OFFSET=${offset} moves a test server to port ${Math.max(ports.portalPort, ports.sandboxPort)}: keep test ports below ${FIRST_EPHEMERAL_PORT}`,
    );
  }
  const blocked = [ports.portalPort, ports.sandboxPort].find((port) => FETCH_BLOCKED_PORTS.has(port));
  if (blocked !== undefined) throw new Error(`TEST_PORT_OFFSET=${offset} moves a test server to port ${blocked}, which fetch refuses: choose another offset`);
  return ports;
}

/** The most Playwright workers the e2e suite can run: each has a portal and a sandbox of its own (ports 3100–3109, 4100–4109). */
export const E2E_MAX_WORKERS = 10;

/**
 * The first worker slot of this Playwright run (E2E_FIRST_SLOT, default 0): a second run beside another (`npm test`
 * runs the all-pages audit apart, scripts/test-lanes.sh) takes slots of its own.
 */
export const E2E_FIRST_SLOT = Number(process.env.E2E_FIRST_SLOT ?? 0);

/**
 * The e2e portal and sandbox of one Playwright worker slot: E2E_FIRST_SLOT plus TEST_PARALLEL_INDEX, which Playwright
 * sets in each worker process before it loads the configuration (the runner itself, without it, is the first slot).
 * Each worker talks only to its own stack, so that no spec's sandbox changes reach a spec running beside it.
 */
export function e2ePorts(slot = E2E_FIRST_SLOT + Number(process.env.TEST_PARALLEL_INDEX ?? 0)) {
  if (!(slot >= 0 && slot < E2E_MAX_WORKERS)) throw new Error(`e2e worker slot ${slot}: at most ${E2E_MAX_WORKERS} workers have ports of their own`);
  return testPorts(3100 + slot, 4100 + slot);
}
