/**
 * The fixed ports of the test servers. TEST_PORT_OFFSET moves them all, so
 * that several checkouts on one machine can run their suites side by side.
 */
const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);

export function testPorts(portalPort: number, sandboxPort: number) {
  return { portalPort: portalPort + offset, sandboxPort: sandboxPort + offset };
}
