import { expect, type APIRequestContext } from "@playwright/test";
import { SANDBOX_URL } from "./sandbox";

type StaffSeller = { onboardingSellerId: string; name: string; state: string; channel: string | null };

async function staffToken(request: APIRequestContext): Promise<string> {
  const minted = await request.post(`${SANDBOX_URL}/__sandbox/tokens`, { data: { username: "admin@example.com" } });
  expect(minted.status(), "staff token").toBe(201);
  return ((await minted.json()) as { access_token: string }).access_token;
}

/** The sellers the marketplace knows that match a search, as staff see them upstream. */
export async function upstreamSellers(request: APIRequestContext, search: string): Promise<StaffSeller[]> {
  const response = await request.get(`${SANDBOX_URL}/onboarding/api-external/sellers`, {
    params: { search, apikey: "sandbox-api-key" },
    headers: { Authorization: `Bearer ${await staffToken(request)}` },
  });
  expect(response.status(), "GET /api-external/sellers").toBe(200);
  return ((await response.json()) as { items: StaffSeller[] }).items;
}
