/**
 * The set-up the catalogue benchmarks share: the seller signed in to the
 * portal (a browser with its session), a token minted for the same seller at
 * the sandbox's control interface, and a caller of the catalogue upload
 * service with that token and the sandbox's apikey (what the benchmarks do
 * beside the portal: store, correct, delete files straight at the service).
 */
import { TestBrowser } from "../../tests/support/http-client.ts";

export type CatalogueSeller = {
  browser: TestBrowser;
  token: string;
  /** The catalogue upload service at `pathAndQuery` (e.g. `/me/seller/file?fileId=…`), as the seller; JSON bodies. */
  service: (pathAndQuery: string, init?: RequestInit) => Promise<Response>;
  /** The service's address of `pathAndQuery` with the apikey, at `origin` (the sandbox, or a pass-through before it). */
  serviceUrl: (pathAndQuery: string, origin?: string) => string;
};

export async function catalogueSeller(stack: { portalUrl: string; sandboxUrl: string }, username: string): Promise<CatalogueSeller> {
  const browser = new TestBrowser();
  await browser.signIn(stack.portalUrl, username);
  const minted = await fetch(`${stack.sandboxUrl}/__sandbox/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username }),
  });
  if (!minted.ok) throw new Error(`token for ${username}: ${minted.status}`);
  const { access_token: token } = (await minted.json()) as { access_token: string };
  const serviceUrl = (pathAndQuery: string, origin = stack.sandboxUrl) =>
    `${origin}/catalogue-upload${pathAndQuery}${pathAndQuery.includes("?") ? "&" : "?"}apikey=sandbox-api-key`;
  const service = (pathAndQuery: string, init: RequestInit = {}) =>
    fetch(serviceUrl(pathAndQuery), {
      ...init,
      headers: { Authorization: `Bearer ${token}`, ...(typeof init.body === "string" ? { "Content-Type": "application/json" } : {}), ...init.headers },
    });
  return { browser, token, service, serviceUrl };
}
