/**
 * W3C Trace Context: the `traceparent` header that ties a request's log
 * lines, its upstream calls and the services' own logs to one trace id. Every
 * request has one, whether or not its spans are exported (tracing.server.ts):
 * the ids cost a few random bytes, the SDK nothing while it is off.
 */
import { randomFillSync } from "node:crypto";

export type TraceContext = {
  /** 32 lowercase hex digits, not all zero. */
  traceId: string;
  /** 16 lowercase hex digits, not all zero: the span this context names (the parent of whatever it is passed to). */
  spanId: string;
  /** Whether the span is recorded: passed on so that the next service records its part, or not, alike. */
  sampled: boolean;
};

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE_ID = "0".repeat(32);
const ZERO_SPAN_ID = "0".repeat(16);

/** A `traceparent` header's context, or undefined for a missing or malformed one (which starts a new trace). */
export function parseTraceparent(header: string | null | undefined): TraceContext | undefined {
  if (!header) return undefined;
  const match = TRACEPARENT.exec(header.trim());
  if (!match) return undefined;
  const [, version, traceId, spanId, flags, rest] = match as unknown as [string, string, string, string, string, string | undefined];
  // Version ff is invalid; version 00 has exactly four fields; later versions may add fields after them.
  if (version === "ff" || (version === "00" && rest !== undefined)) return undefined;
  if (traceId === ZERO_TRACE_ID || spanId === ZERO_SPAN_ID) return undefined;
  return { traceId, spanId, sampled: (parseInt(flags, 16) & 1) === 1 };
}

export function formatTraceparent(context: TraceContext): string {
  return `00-${context.traceId}-${context.spanId}-${context.sampled ? "01" : "00"}`;
}

/** Random bytes drawn from a pool refilled 4 KiB at a time: one system call per some hundred ids. */
const pool = Buffer.allocUnsafe(4096);
let poolOffset = pool.length;

function randomHex(bytes: number, zero: string): string {
  for (;;) {
    if (poolOffset + bytes > pool.length) {
      randomFillSync(pool);
      poolOffset = 0;
    }
    const hex = pool.toString("hex", poolOffset, poolOffset + bytes);
    poolOffset += bytes;
    if (hex !== zero) return hex;
  }
}

export const newTraceId = (): string => randomHex(16, ZERO_TRACE_ID);
export const newSpanId = (): string => randomHex(8, ZERO_SPAN_ID);
