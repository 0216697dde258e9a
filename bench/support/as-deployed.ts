/**
 * How the image runs the portal (Dockerfile's ENV): V8's heap ceiling and glibc's arenas. The benchmarks start the
 * portal the same way, so that they measure it as deployed.
 */
export const DEPLOYED_NODE_ARGS = ["--max-old-space-size=512"];
export const DEPLOYED_ENV = { MALLOC_ARENA_MAX: "2" };
