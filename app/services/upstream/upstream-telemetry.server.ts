/**
 * What each upstream call leaves for operators: a client span, whose
 * `traceparent` goes with the request so the service's own logs carry the
 * trace, and its count, latency and retries per service, method and status
 * in /metrics. Each attempt is a call of its own; a retried one also counts
 * as a retry, labelled with the status that caused it.
 */
import { counter, DURATION_BUCKETS, gauge, histogram } from "#app/services/observability/metrics.server.ts";
import { formatTraceparent, type TraceContext } from "#app/services/observability/trace-context.server.ts";
import { startSpan } from "#app/services/observability/tracing.server.ts";

/** An answer's status, or why there was none. */
export type UpstreamOutcome = number | "timeout" | "unreachable" | "aborted";

const upstreamDuration = histogram({
  name: "portal_upstream_request_duration_seconds",
  help: "Upstream calls (each attempt) by service, method and status (the answer's, or timeout, unreachable, aborted): count and time to the answer's headers",
  labelNames: ["service", "method", "status"],
  buckets: DURATION_BUCKETS,
});

const upstreamRetries = counter({
  name: "portal_upstream_retries_total",
  help: "Upstream calls tried again, by service, method and the status that caused it",
  labelNames: ["service", "method", "status"],
});

/**
 * Whether each service answered its last call, and since when that holds: what /readyz reports (server/upstream-state.ts)
 * beside its readiness, which an upstream outage does not change (every instance is cut off alike).
 */
export const UPSTREAM_REACHABLE_METRIC = "portal_upstream_reachable";
export const UPSTREAM_STATE_SINCE_METRIC = "portal_upstream_state_since_seconds";

const upstreamReachable = gauge({
  name: UPSTREAM_REACHABLE_METRIC,
  help: "1 when the service answered its last call (whatever the status), 0 when that call timed out or could not connect",
  labelNames: ["service"],
});

const upstreamStateSince = gauge({
  name: UPSTREAM_STATE_SINCE_METRIC,
  help: "Unix time since which portal_upstream_reachable has held its value, per service",
  labelNames: ["service"],
});

const lastReachable = new Map<string, boolean>();

function recordReachability(service: string, outcome: UpstreamOutcome): void {
  // A call the portal itself gave up (the browser left) says nothing about the service.
  if (outcome === "aborted") return;
  const reachable = typeof outcome === "number";
  if (lastReachable.get(service) === reachable) return;
  lastReachable.set(service, reachable);
  upstreamReachable.labels(service).set(reachable ? 1 : 0);
  upstreamStateSince.labels(service).set(Math.floor(Date.now() / 1000));
}

export type UpstreamAttempt = {
  /** The `traceparent` header for this attempt's request. */
  traceparent: string;
  end(outcome: UpstreamOutcome): void;
};

export function startUpstreamAttempt(service: string, method: string, path: string, trace: TraceContext | undefined): UpstreamAttempt {
  const started = performance.now();
  const span = startSpan(`${method} ${service}`, "client", trace, { "http.request.method": method, "url.path": path, "portal.upstream.service": service });
  return {
    traceparent: formatTraceparent(span.context),
    end(outcome) {
      upstreamDuration.labels(service, method, String(outcome)).observe((performance.now() - started) / 1000);
      recordReachability(service, outcome);
      const answered = typeof outcome === "number";
      span.end({
        attributes: answered ? { "http.response.status_code": outcome } : { "error.type": outcome },
        failed: !answered || outcome >= 500,
      });
    },
  };
}

export function countUpstreamRetry(service: string, method: string, status: number): void {
  upstreamRetries.labels(service, method, String(status)).inc();
}
