import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { sendError } from "./http/errors.ts";

/**
 * Fault injection and request counting for tests and benchmarks, driven
 * through the control endpoint (/__sandbox).
 */

export type FaultRuleInput = {
  /** A path prefix, or a glob where `*` matches anything; against the full path incl. the service prefix. */
  pattern: string;
  method?: string;
  latencyMs?: number;
  status?: number;
  drop?: boolean;
  /** Lets the answer start, then drops the connection once this many bytes of its body went out (a service failing halfway). */
  dropAfterBytes?: number;
  /** Answers 200 with a JSON content type and a body that does not parse, without running the service (a broken proxy or serialiser). */
  malformedJson?: boolean;
  /** How many requests the rule hits before it retires; unlimited when absent. */
  times?: number;
  /** The error body to answer with `status` (e.g. a validation error list); "Injected fault" when absent. */
  body?: { message?: string; errorCode?: string; errors?: { fieldName?: string; errorMessage: string }[] };
};

export type FaultRule = FaultRuleInput & { id: string; hits: number };

function matcher(pattern: string): (path: string) => boolean {
  if (!pattern.includes("*")) return (path) => path.startsWith(pattern);
  const source = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  const expression = new RegExp(`^${source}$`);
  return (path) => expression.test(path);
}

export class FaultRules {
  #rules: { rule: FaultRule; matches: (path: string) => boolean }[] = [];
  #listeners: ((rules: FaultRule[]) => void)[] = [];

  /** Called with the rules whenever they change (the image host in a process of its own keeps a copy). */
  onChange(listener: (rules: FaultRule[]) => void): void {
    this.#listeners.push(listener);
  }

  #changed(): void {
    for (const listener of this.#listeners) listener(this.list());
  }

  add(input: FaultRuleInput): FaultRule {
    const rule: FaultRule = { ...input, method: input.method?.toUpperCase(), id: randomUUID(), hits: 0 };
    this.#rules.push({ rule, matches: matcher(input.pattern) });
    this.#changed();
    return rule;
  }

  list(): FaultRule[] {
    return this.#rules.map(({ rule }) => ({ ...rule }));
  }

  remove(id: string): boolean {
    const before = this.#rules.length;
    this.#rules = this.#rules.filter(({ rule }) => rule.id !== id);
    if (this.#rules.length === before) return false;
    this.#changed();
    return true;
  }

  clear(): void {
    this.#rules = [];
    this.#changed();
  }

  /** The first rule that applies to this request, counted as a hit (and retired when used up). */
  take(method: string, path: string): FaultRule | undefined {
    const entry = this.#rules.find(({ rule, matches }) => (!rule.method || rule.method === method.toUpperCase()) && matches(path));
    if (!entry) return undefined;
    entry.rule.hits += 1;
    if (entry.rule.times !== undefined && entry.rule.hits >= entry.rule.times) this.remove(entry.rule.id);
    return { ...entry.rule };
  }
}

/** When one request arrived and when its answer was sent, in milliseconds on the sandbox's monotonic clock. */
export type RequestTiming = { method: string; path: string; startedAt: number; finishedAt?: number };

/** The timeline keeps the latest requests only: enough for a test, bounded for a long benchmark. */
const TIMELINE_LENGTH = 1000;

export class RequestCounter {
  #counts = new Map<string, number>();
  #timeline: RequestTiming[] = [];

  /** Counts a request and starts its timeline entry; the caller sets `finishedAt` when the answer is sent. */
  record(method: string, path: string): RequestTiming {
    const key = `${method.toUpperCase()} ${path}`;
    this.#counts.set(key, (this.#counts.get(key) ?? 0) + 1);
    const timing: RequestTiming = { method: method.toUpperCase(), path, startedAt: performance.now() };
    this.#timeline.push(timing);
    if (this.#timeline.length > TIMELINE_LENGTH) this.#timeline.shift();
    return timing;
  }

  /** The requests in the order they arrived, optionally only those whose path starts with a prefix. */
  timeline(pathPrefix?: string): RequestTiming[] {
    return this.#timeline.filter((timing) => !pathPrefix || timing.path.startsWith(pathPrefix)).map((timing) => ({ ...timing }));
  }

  /** Hits of a path, for one method or all of them. */
  count(path: string, method?: string): number {
    let total = 0;
    for (const [key, hits] of this.#counts) {
      const [keyMethod, keyPath] = [key.slice(0, key.indexOf(" ")), key.slice(key.indexOf(" ") + 1)];
      if (keyPath === path && (!method || keyMethod === method.toUpperCase())) total += hits;
    }
    return total;
  }

  all(): { method: string; path: string; count: number }[] {
    return [...this.#counts].map(([key, count]) => ({
      method: key.slice(0, key.indexOf(" ")),
      path: key.slice(key.indexOf(" ") + 1),
      count,
    }));
  }

  reset(): void {
    this.#counts.clear();
    this.#timeline = [];
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Drops the connection once `limit` bytes of the answer's body have been written; what is over the limit is not sent.
 * Both ways a body leaves count: `write` (a stream) and `end` (a whole JSON answer, as `res.json` sends it).
 */
function dropAfter(res: Response, limit: number): void {
  let sent = 0;
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const bytesOf = (chunk: unknown) => (typeof chunk === "string" ? Buffer.byteLength(chunk) : (chunk as Uint8Array).byteLength);
  /** Sends what fits; true when the limit was reached and the connection is being cut. */
  const cut = (chunk: unknown): boolean => {
    const bytes = bytesOf(chunk);
    if (sent + bytes <= limit) return false;
    const room = limit - sent;
    // The answer starts (its headers, the bytes that fit), then breaks off.
    if (room > 0) write(typeof chunk === "string" ? Buffer.from(chunk).subarray(0, room) : (chunk as Uint8Array).subarray(0, room));
    else res.flushHeaders();
    sent = limit;
    // Let what fit leave first, then cut the connection as a crashing service would.
    setImmediate(() => res.socket?.destroy());
    return true;
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (res.destroyed) return false;
    if (cut(chunk)) return false;
    sent += bytesOf(chunk);
    return write(chunk, ...rest);
  }) as Response["write"];
  res.end = ((...args: unknown[]) => {
    const chunk = args[0];
    if (!res.destroyed && chunk !== undefined && typeof chunk !== "function" && cut(chunk)) return res;
    return end(...args);
  }) as Response["end"];
}

/** What a service whose serialiser broke mid-object sends: valid JSON's start, no end. */
export const MALFORMED_JSON = '{"message": "half an answer", "items": [{"id": ';

/** Counts every request, then applies the first matching fault rule: latency, then drop, a broken body, or a status. */
export function faultMiddleware(faults: FaultRules, counter: RequestCounter) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const timing = counter.record(req.method, req.path);
    res.once("finish", () => (timing.finishedAt = performance.now()));
    const rule = faults.take(req.method, req.path);
    if (!rule) return next();
    if (rule.latencyMs) await sleep(rule.latencyMs);
    if (rule.drop) {
      req.socket.destroy();
      return;
    }
    if (rule.malformedJson) {
      res.status(200).type("application/json").send(MALFORMED_JSON);
      return;
    }
    if (rule.dropAfterBytes !== undefined) {
      dropAfter(res, rule.dropAfterBytes);
      return next();
    }
    if (rule.status) {
      const { message = "Injected fault", errorCode = "INJECTED_FAULT", errors } = rule.body ?? {};
      sendError(res, rule.status, message, errorCode, errors ? { errors } : {});
      return;
    }
    next();
  };
}
