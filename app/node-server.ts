/**
 * What the Node server (server.ts, server/) and the start script use of the
 * app, besides the React Router build itself: the one entry they may import,
 * so that the app's inside can move without them.
 */
export { ConfigurationError, parseEnv, type PortalEnv } from "./services/config/env.server.ts";
export { logger, type Logger } from "./services/observability/logger.server.ts";
export { safeReturnPath } from "./lib/safe-path.ts";
export { writeGivingBack } from "./services/http/chunk-leases.server.ts";
export { requestWithNodeBody, takeNodeBody, webHeaders } from "./services/http/node-body.server.ts";
export { DURATION_BUCKETS, histogram, metricsRegistry } from "./services/observability/metrics.server.ts";
export { UPSTREAM_REACHABLE_METRIC, UPSTREAM_STATE_SINCE_METRIC } from "./services/upstream/upstream-telemetry.server.ts";
export { ROUTE_PATTERN_HEADER } from "./lib/route-pattern.ts";
export { formatTraceparent, parseTraceparent } from "./services/observability/trace-context.server.ts";
export { startSpan, tracesExported } from "./services/observability/tracing.server.ts";
export { requestWithRefusedBody, type BodyRefusal } from "./services/http/refused-body.server.ts";
