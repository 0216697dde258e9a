/**
 * The fixed ports of the test servers. TEST_PORT_OFFSET moves them all, so
 * that several checkouts on one machine can run their suites side by side.
 * They stay below the range Linux hands out to outgoing connections
 * (32768–60999): there, any client socket may hold the port a server needs.
 */
const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);
const FIRST_EPHEMERAL_PORT = 32_768;

export function testPorts(portalPort: number, sandboxPort: number) {
  const ports = { portalPort: portalPort + offset, sandboxPort: sandboxPort + offset };
  if (Math.max(ports.portalPort, ports.sandboxPort) >= FIRST_EPHEMERAL_PORT) {
    throw new Error(
      `TEST_PORT_OFFSET=${offset} moves a test server to port ${Math.max(ports.portalPort, ports.sandboxPort)}: keep test ports below ${FIRST_EPHEMERAL_PORT}`,
    );
  }
  return ports;
}
