import { expect, type APIRequestContext } from "@playwright/test";
import { e2ePorts } from "../../tests/support/ports";

/** This worker's stack (playwright.config.ts starts one per worker). */
const E2E_PORTS = e2ePorts();

/** The test server's own sandbox (playwright.config.ts starts it). */
export const SANDBOX_URL = `http://127.0.0.1:${E2E_PORTS.sandboxPort}`;
export const IDP_URL = `${SANDBOX_URL}/idp`;
/** The portal, as playwright.config.ts starts it. */
export const PORTAL_URL = `http://localhost:${E2E_PORTS.portalPort}`;

/** True for any page of the sandbox's identity provider. */
export function isProviderUrl(url: URL): boolean {
  return url.origin === SANDBOX_URL && url.pathname.startsWith("/idp/");
}

/** True for a page of the portal at exactly this path. */
export function isPortalPath(path: string) {
  return (url: URL) => url.origin === PORTAL_URL && url.pathname === path;
}

/** Restores the sandbox's seed: users, sellers and everything a spec may have changed. */
export async function resetSandbox(request: APIRequestContext): Promise<void> {
  const response = await request.post(`${SANDBOX_URL}/__sandbox/reset`);
  expect(response.status(), "sandbox reset").toBe(200);
}

/** The user as the marketplace's user-profile service sees it (via a token the sandbox mints for tests). */
export async function upstreamUser(request: APIRequestContext, username: string): Promise<{ email: string; role: string; languageCode: string }> {
  const minted = await request.post(`${SANDBOX_URL}/__sandbox/tokens`, { data: { username } });
  expect(minted.status(), `token for ${username}`).toBe(201);
  const { access_token: accessToken } = (await minted.json()) as { access_token: string };
  const response = await request.get(`${SANDBOX_URL}/user-profile/me/user?apikey=sandbox-api-key`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(response.status(), "GET /me/user").toBe(200);
  return response.json();
}

export type Fault = { pattern: string; method?: string; status?: number; latencyMs?: number; drop?: boolean; times?: number };

/** Makes the sandbox fail matching requests (see sandbox/faults.ts); `clearFaults` undoes it. */
export async function injectFault(request: APIRequestContext, fault: Fault): Promise<void> {
  const response = await request.post(`${SANDBOX_URL}/__sandbox/faults`, { data: fault });
  expect(response.status(), `fault ${JSON.stringify(fault)}`).toBe(201);
}

export async function clearFaults(request: APIRequestContext): Promise<void> {
  const response = await request.delete(`${SANDBOX_URL}/__sandbox/faults`);
  expect(response.status(), "clear faults").toBe(204);
}

/** How often the sandbox saw `method path` since the counters were last cleared. */
export async function requestCount(request: APIRequestContext, path: string, method: string): Promise<number> {
  const response = await request.get(`${SANDBOX_URL}/__sandbox/requests`, { params: { path, method } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { count: number }).count;
}

export async function clearRequestCounts(request: APIRequestContext): Promise<void> {
  const response = await request.delete(`${SANDBOX_URL}/__sandbox/requests`);
  expect(response.status()).toBe(204);
}
