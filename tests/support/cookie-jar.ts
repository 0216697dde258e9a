/**
 * One site's cookies as a browser keeps them: what answers set (a value, or
 * its removal by an empty value, a Max-Age of 0 or less, or an Expires in the
 * past) goes with the next request. For the integration tests' browser and
 * the benchmarks' load generator.
 */
export class CookieJar {
  readonly #cookies: Map<string, string>;

  /** From a Cookie header's pairs ("a=1; b=2"), or empty. */
  constructor(header = "") {
    this.#cookies = new Map();
    for (const pair of header.split(";")) {
      const at = pair.indexOf("=");
      if (at > 0) this.#cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }

  copy(): CookieJar {
    const other = new CookieJar();
    for (const [name, value] of this.#cookies) other.#cookies.set(name, value);
    return other;
  }

  get(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  names(): string[] {
    return [...this.#cookies.keys()];
  }

  get size(): number {
    return this.#cookies.size;
  }

  /** The Cookie header to send. */
  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** Takes an answer's Set-Cookie lines. */
  take(setCookie: readonly string[]): void {
    for (const line of setCookie) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const removed = attributes.some((attribute) => {
        const [key = "", setting = ""] = attribute.split("=").map((part) => part.trim().toLowerCase());
        return (key === "max-age" && Number(setting) <= 0) || (key === "expires" && Date.parse(setting) <= Date.now());
      });
      if (removed || value === "") this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }
}
