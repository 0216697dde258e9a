/**
 * How the image runs the portal (Dockerfile's ENV and CMD): V8's heap ceiling, how far its heap grows between full
 * collections, and glibc's arenas. The benchmarks start the portal the same way, so that they measure it as deployed
 * (tests/integration/deploy.test.ts holds the three places to the same flags).
 */
export const DEPLOYED_NODE_ARGS = ["--max-old-space-size=512", "--heap-growing-percent=100"];
export const DEPLOYED_ENV = { MALLOC_ARENA_MAX: "2" };
