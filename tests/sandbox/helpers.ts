import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sandboxClient, sandboxKeys } from "#contract/upstream.ts";
import { startSandbox, type RunningSandbox, type SandboxOptions } from "../../sandbox/server.ts";

/** A sandbox on a random port with its own database file in a temporary directory. */
export async function startTestSandbox(options: SandboxOptions = {}) {
  const directory = mkdtempSync(join(tmpdir(), "sandbox-test-"));
  const dbPath = join(directory, "sandbox.sqlite");
  let sandbox: RunningSandbox = await startSandbox({ port: 0, dbPath, ...options });
  return {
    get url() {
      return sandbox.url;
    },
    get issuer() {
      return sandbox.issuer;
    },
    dbPath,
    /** Closes and starts again on the same database file (a new port). */
    async restart(restartOptions: SandboxOptions = {}) {
      await sandbox.close();
      sandbox = await startSandbox({ port: 0, dbPath, ...options, ...restartOptions });
    },
    async close() {
      await sandbox.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
export type TestSandbox = Awaited<ReturnType<typeof startTestSandbox>>;

export async function control<T = unknown>(sandbox: { url: string }, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${sandbox.url}/__sandbox${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export async function mintToken(sandbox: { url: string }, username: string, expiresInSeconds?: number): Promise<string> {
  const { status, body } = await control<{ access_token: string }>(sandbox, "POST", "/tokens", {
    username,
    expiresInSeconds,
  });
  if (status !== 201) throw new Error(`minting a token for ${username} failed: ${status}`);
  return body.access_token;
}

/** Calls a service the way the portal does: bearer token and apikey. */
export async function callService(
  sandbox: { url: string },
  path: string,
  options: { token?: string; apikey?: string | null; method?: string; body?: unknown; query?: Record<string, string> } = {},
) {
  const url = new URL(`${sandbox.url}${path}`);
  const apikey = options.apikey === undefined ? sandboxKeys.apiKey : options.apikey;
  if (apikey !== null) url.searchParams.set("apikey", apikey);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(url, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as any };
}

/** Just enough of a browser's cookie handling to walk the sign-in pages with fetch. */
export class CookieJar {
  #cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const name = pair.slice(0, pair.indexOf("=")).trim();
      const value = pair.slice(pair.indexOf("=") + 1).trim();
      const expires = attributes.find((attribute) => attribute.trim().toLowerCase().startsWith("expires="));
      const expired = expires && new Date(expires.split("=")[1] ?? "").getTime() < Date.now();
      if (!value || expired) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.#cookies.size) headers.set("cookie", this.header());
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    this.store(response);
    return response;
  }
}

export const portalRedirectUri = "http://localhost:3000/login";

export function pkcePair() {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  return { verifier, challenge };
}

/** The portal's authorization request (docs/product.md §3). */
export function authorizeUrl(issuer: string, options: { challenge: string; state: string; extra?: Record<string, string> }) {
  const url = new URL(`${issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: sandboxClient.clientId,
    response_type: "code",
    redirect_uri: portalRedirectUri,
    scope: "openid offline_access user_info",
    state: options.state,
    code_challenge: options.challenge,
    code_challenge_method: "S256",
    prompt: "login",
    max_age: "1",
    ...options.extra,
  }).toString();
  return url.toString();
}

export function absolute(base: string, location: string | null): string {
  if (!location) throw new Error("expected a Location header");
  return new URL(location, base).toString();
}

/** Starts an authorization request and follows it to the sign-in page. */
export async function openSignIn(sandbox: { url: string; issuer: string }, extra?: Record<string, string>) {
  const jar = new CookieJar();
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(8).toString("hex");
  const authorize = await jar.fetch(authorizeUrl(sandbox.issuer, { challenge, state, extra }));
  if (authorize.status !== 303) throw new Error(`authorize answered ${authorize.status}: ${await authorize.text()}`);
  const interactionUrl = absolute(sandbox.url, authorize.headers.get("location"));
  const page = await jar.fetch(interactionUrl);
  return { jar, verifier, state, interactionUrl, page, html: await page.text() };
}

export function formAction(html: string, base: string): string {
  const match = /<form[^>]*\saction="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error("no form on the page");
  return absolute(base, match[1].replace(/&amp;/g, "&"));
}

/**
 * Follows the redirects after a finished sign-in until the portal's redirect_uri. An enrolled account (`username`
 * given) is asked for its code on the way: answered with the account's next code from the control interface.
 */
export async function followToPortal(sandbox: { url: string }, jar: CookieJar, response: Response, username?: string): Promise<URL> {
  let current = response;
  for (let hops = 0; hops < 8; hops++) {
    const location = absolute(sandbox.url, current.headers.get("location"));
    if (location.startsWith(portalRedirectUri)) return new URL(location);
    current = await jar.fetch(location);
    if (username && current.status === 200 && /\/interaction\/[^/]+\/code$/.test(new URL(location).pathname)) {
      const html = await current.text();
      const code = await control<{ code: string }>(sandbox, "GET", `/second-factor/${encodeURIComponent(username)}/code`);
      current = await jar.fetch(formAction(html, sandbox.url), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ code: code.body.code }).toString(),
      });
    }
    if (current.status < 300 || current.status >= 400) {
      throw new Error(`expected a redirect, got ${current.status}: ${await current.text()}`);
    }
  }
  throw new Error("too many redirects");
}

/** Signs in through the pages and returns the code the portal would receive. */
export async function signIn(sandbox: { url: string; issuer: string }, username: string, password = "demo") {
  const flow = await openSignIn(sandbox);
  const response = await flow.jar.fetch(formAction(flow.html, sandbox.url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password }).toString(),
  });
  if (response.status !== 303) throw new Error(`sign-in answered ${response.status}`);
  const callback = await followToPortal(sandbox, flow.jar, response, username);
  return { ...flow, callback, code: callback.searchParams.get("code") ?? "" };
}

export function basicAuth(): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(sandboxClient.clientId)}:${encodeURIComponent(sandboxClient.clientSecret)}`).toString("base64")}`;
}

export async function tokenRequest(issuer: string, params: Record<string, string>) {
  const response = await fetch(`${issuer}/token`, {
    method: "POST",
    headers: { authorization: basicAuth(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(params).toString(),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: (await response.json()) as any };
}
