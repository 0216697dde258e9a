/**
 * A minimal browser for integration tests: a cookie jar per host and manual
 * redirects, so each hop of a flow can be looked at.
 */
import { CookieJar } from "./cookie-jar.ts";

export type Hop = { url: string; status: number; location: string | null };

export class TestBrowser {
  #cookies = new Map<string, CookieJar>();

  /** Another browser holding copies of this one's cookies (as an attacker with a stolen cookie would). */
  copy(): TestBrowser {
    const other = new TestBrowser();
    for (const [host, jar] of this.#cookies) other.#cookies.set(host, jar.copy());
    return other;
  }

  cookie(host: string, name: string): string | undefined {
    return this.#cookies.get(host)?.get(name);
  }

  /** The Cookie header this browser sends to `host` ("" with none), for a client of another kind (a load generator, Lighthouse). */
  cookieHeader(host: string): string {
    return this.#cookies.get(host)?.header() ?? "";
  }

  cookieNames(host: string): string[] {
    return this.#cookies.get(host)?.names() ?? [];
  }

  #store(url: URL, response: Response) {
    const jar = this.#cookies.get(url.host) ?? new CookieJar();
    jar.take(response.headers.getSetCookie());
    this.#cookies.set(url.host, jar);
  }

  /** Keeps the cookies a response set as if it came from `host` (a second instance answering for the same portal). */
  takeCookies(host: string, response: Response): void {
    this.#store(new URL(`http://${host}/`), response);
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const jar = this.#cookies.get(target.host);
    const headers = new Headers(init.headers);
    headers.set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36");
    if (jar?.size) headers.set("Cookie", jar.header());
    // As a browser does: every request other than GET and HEAD states where it comes from.
    const method = (init.method ?? "GET").toUpperCase();
    if (method !== "GET" && method !== "HEAD" && !headers.has("Origin")) headers.set("Origin", target.origin);
    const response = await fetch(target, { ...init, headers, redirect: "manual" });
    this.#store(target, response);
    return response;
  }

  get(url: string, headers?: HeadersInit) {
    return this.request(url, { headers });
  }

  /** A form post; `headers` may state another Origin (or an empty one) to act as another site's page. */
  post(url: string, form: Record<string, string>, headers?: HeadersInit) {
    return this.request(url, { method: "POST", body: new URLSearchParams(form), headers });
  }

  /** Follows redirects from a response; returns the hops and the last response. */
  async follow(response: Response, from: string, limit = 10): Promise<{ hops: Hop[]; response: Response; url: string }> {
    const hops: Hop[] = [];
    let url = from;
    while (response.status >= 300 && response.status < 400 && limit-- > 0) {
      const location = response.headers.get("location");
      hops.push({ url, status: response.status, location });
      if (!location) break;
      url = new URL(location, url).toString();
      await response.body?.cancel();
      response = await this.get(url);
    }
    return { hops, response, url };
  }

  async navigate(url: string) {
    return this.follow(await this.get(url), url);
  }

  /** Signs in at the identity provider by posting its form, as a person would. */
  async signIn(portal: string, username: string, password = "demo") {
    const { response: signInPage, url: interactionUrl } = await this.navigate(`${portal}/login`);
    const html = await signInPage.text();
    const action = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(html)?.[1];
    if (!action) throw new Error(`No sign-in form at ${interactionUrl}:\n${html.slice(0, 500)}`);
    const posted = await this.post(new URL(action.replaceAll("&amp;", "&"), interactionUrl).toString(), { username, password });
    const afterPassword = await this.follow(posted, interactionUrl);
    // An enrolled account asks for its code next: the sandbox's control interface answers it, as the app would.
    if (!isCodePage(afterPassword.url)) return afterPassword;
    return this.enterSignInCode(afterPassword.url, username);
  }

  /**
   * Answers the provider's code page with the account's next code. A code can lose a race with another sign-in of
   * the same account (each is accepted once, only later ones after it): then a new one, as a person would type.
   */
  async enterSignInCode(codePageUrl: string, username: string) {
    let last: Awaited<ReturnType<TestBrowser["follow"]>> | undefined;
    for (let attempt = 0; attempt < 4; attempt++) {
      const code = await secondFactorCode(codePageUrl, username);
      const answered = await this.post(codePageUrl, { code });
      last = await this.follow(answered, codePageUrl);
      if (!(last.response.status === 400 && isCodePage(last.url))) return last;
      await last.response.body?.cancel();
    }
    return last!;
  }
}

function isCodePage(url: string): boolean {
  return /\/interaction\/[^/]+\/code$/.test(new URL(url).pathname);
}

/** The account's next sign-in code from the sandbox's control interface (the provider is the sandbox's). */
export async function secondFactorCode(providerUrl: string, username: string): Promise<string> {
  const response = await fetch(`${new URL(providerUrl).origin}/__sandbox/second-factor/${encodeURIComponent(username)}/code`);
  if (!response.ok) throw new Error(`No sign-in code for ${username}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { code: string }).code;
}
