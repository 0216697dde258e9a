import { SANDBOX } from "./ports";

type Fault = {
  pattern: string;
  method?: string;
  status?: number;
  latencyMs?: number;
  drop?: boolean;
  dropAfterBytes?: number;
  malformedJson?: boolean;
  times?: number;
  body?: { message?: string; errorCode?: string; errors?: { fieldName?: string; errorMessage: string }[] };
};

export async function injectFault(fault: Fault): Promise<void> {
  const response = await fetch(`${SANDBOX}/__sandbox/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(fault),
  });
  if (!response.ok) throw new Error(`fault not accepted: ${response.status}`);
}

export async function clearFaultsAndCounters(): Promise<void> {
  await fetch(`${SANDBOX}/__sandbox/faults`, { method: "DELETE" });
  await fetch(`${SANDBOX}/__sandbox/requests`, { method: "DELETE" });
}

export async function requestCount(path: string, method = "GET"): Promise<number> {
  const response = await fetch(`${SANDBOX}/__sandbox/requests?path=${encodeURIComponent(path)}&method=${method}`);
  return ((await response.json()) as { count: number }).count;
}

export type RequestTiming = { method: string; path: string; startedAt: number; finishedAt?: number };

/** The sandbox's requests under a path prefix, in arrival order, with when each started and was answered. */
export async function requestTimeline(prefix: string): Promise<RequestTiming[]> {
  const response = await fetch(`${SANDBOX}/__sandbox/requests/timeline?prefix=${encodeURIComponent(prefix)}`);
  return ((await response.json()) as { requests: RequestTiming[] }).requests;
}
