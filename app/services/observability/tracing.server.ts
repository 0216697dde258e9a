/**
 * Spans: one per request (server/request-observation.ts) and one per
 * upstream call (upstream/upstream-telemetry.server.ts). With an OTLP
 * endpoint configured, each is an OpenTelemetry span, exported by the SDK
 * that server/tracing.ts registers as the API's global provider (the Node
 * server and the React Router build each load this module; the API's global
 * is one per process). Without one, a span is only its ids: nothing of the
 * SDK is loaded or called.
 */
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, TraceFlags, trace, type Attributes } from "@opentelemetry/api";
import { newSpanId, newTraceId, type TraceContext } from "./trace-context.server.ts";

/**
 * Read from the process's environment as the logger reads LOG_LEVEL: the
 * upstream core runs without the portal's whole configuration in unit tests.
 * The schema in env.server.ts checks both at start.
 */
export const tracesExported = Boolean(process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);

export type SpanEnd = {
  /** The span's final name, when it is known only at the end (a request's route). */
  name?: string;
  attributes?: Attributes;
  /** The operation failed (a 5xx answer, an upstream error). */
  failed?: boolean;
};

export type PortalSpan = {
  /** The context to pass on: in `traceparent` to a service, or to the spans inside this one. */
  context: TraceContext;
  end(outcome?: SpanEnd): void;
};

const noEnd = () => {};

/**
 * Starts a span as a child of `parent` (a new trace without one). While
 * traces are not exported it has a new id of its own under the parent's
 * trace, passing the parent's sampling decision on.
 */
export function startSpan(name: string, kind: "server" | "client", parent: TraceContext | undefined, attributes?: Attributes): PortalSpan {
  if (!tracesExported) {
    return { context: { traceId: parent?.traceId ?? newTraceId(), spanId: newSpanId(), sampled: parent?.sampled ?? false }, end: noEnd };
  }
  const parentContext = parent
    ? trace.setSpanContext(ROOT_CONTEXT, {
        traceId: parent.traceId,
        spanId: parent.spanId,
        traceFlags: parent.sampled ? TraceFlags.SAMPLED : TraceFlags.NONE,
        isRemote: true,
      })
    : ROOT_CONTEXT;
  const span = trace.getTracer("seller-portal").startSpan(name, { kind: kind === "server" ? SpanKind.SERVER : SpanKind.CLIENT, attributes }, parentContext);
  const { traceId, spanId, traceFlags } = span.spanContext();
  return {
    context: { traceId, spanId, sampled: (traceFlags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED },
    end(outcome = {}) {
      if (outcome.name) span.updateName(outcome.name);
      if (outcome.attributes) span.setAttributes(outcome.attributes);
      if (outcome.failed) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}
