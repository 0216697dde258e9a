/**
 * What the Node server (server.ts, server/) and the start script use of the
 * app, besides the React Router build itself: the one entry they may import,
 * so that the app's inside can move without them.
 */
export { ConfigurationError, parseEnv, type PortalEnv } from "./shared/env.server.ts";
export { logger, type Logger } from "./shared/logger.server.ts";
export { safeReturnPath } from "./shared/safe-path.ts";
export { writeGivingBack } from "./shared/http/chunk-leases.server.ts";
export { requestWithNodeBody, takeNodeBody, webHeaders } from "./shared/http/node-body.server.ts";
export { DURATION_BUCKETS, histogram, metricsRegistry } from "./shared/metrics.server.ts";
export { ROUTE_PATTERN_HEADER } from "./shared/route-pattern.ts";
export { formatTraceparent, parseTraceparent } from "./shared/trace-context.server.ts";
export { startSpan, tracesExported } from "./shared/tracing.server.ts";
export { requestWithRefusedBody, type BodyRefusal } from "./shared/http/refused-body.server.ts";
