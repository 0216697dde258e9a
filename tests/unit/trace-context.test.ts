/** W3C trace context: what the portal accepts as a caller's trace, and the ids it makes while no traces are exported. */
import { describe, expect, it } from "vitest";
import { formatTraceparent, newSpanId, newTraceId, parseTraceparent } from "#app/services/observability/trace-context.server.ts";
import { startSpan, tracesExported } from "#app/services/observability/tracing.server.ts";

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const SPAN_ID = "00f067aa0ba902b7";

describe("traceparent", () => {
  it("reads a caller's trace, span and sampling decision, and writes them back alike", () => {
    expect(parseTraceparent(`00-${TRACE_ID}-${SPAN_ID}-01`)).toEqual({ traceId: TRACE_ID, spanId: SPAN_ID, sampled: true });
    expect(parseTraceparent(`00-${TRACE_ID}-${SPAN_ID}-00`)).toEqual({ traceId: TRACE_ID, spanId: SPAN_ID, sampled: false });
    expect(formatTraceparent({ traceId: TRACE_ID, spanId: SPAN_ID, sampled: true })).toBe(`00-${TRACE_ID}-${SPAN_ID}-01`);
  });

  it("takes a later version's first four fields, and refuses what the standard calls invalid", () => {
    expect(parseTraceparent(`01-${TRACE_ID}-${SPAN_ID}-03-more`)).toEqual({ traceId: TRACE_ID, spanId: SPAN_ID, sampled: true });
    for (const invalid of [
      `ff-${TRACE_ID}-${SPAN_ID}-01`,
      `00-${TRACE_ID}-${SPAN_ID}-01-more`,
      `00-${"0".repeat(32)}-${SPAN_ID}-01`,
      `00-${TRACE_ID}-${"0".repeat(16)}-01`,
      `00-${TRACE_ID.toUpperCase()}-${SPAN_ID}-01`,
      `00-${TRACE_ID}-${SPAN_ID}`,
      "",
      undefined,
    ]) {
      expect(parseTraceparent(invalid)).toBeUndefined();
    }
  });

  it("makes ids of the right length, different each time", () => {
    const traceIds = new Set(Array.from({ length: 1000 }, newTraceId));
    const spanIds = new Set(Array.from({ length: 1000 }, newSpanId));
    expect(traceIds.size).toBe(1000);
    expect(spanIds.size).toBe(1000);
    for (const id of traceIds) expect(id).toMatch(/^[0-9a-f]{32}$/);
    for (const id of spanIds) expect(id).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe("spans while no traces are exported", () => {
  it("is the configuration of this test run", () => {
    expect(tracesExported).toBe(false);
  });

  it("are a new span id in the parent's trace, passing its sampling decision on", () => {
    const parent = { traceId: TRACE_ID, spanId: SPAN_ID, sampled: true };
    const span = startSpan("GET onboarding", "client", parent);
    expect(span.context.traceId).toBe(TRACE_ID);
    expect(span.context.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(span.context.spanId).not.toBe(SPAN_ID);
    expect(span.context.sampled).toBe(true);
    span.end({ failed: true });
  });

  it("start a new trace, not recorded, without a parent", () => {
    const span = startSpan("GET", "server", undefined);
    expect(span.context.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(span.context.sampled).toBe(false);
  });
});
