/**
 * The load generator of `npm run bench:load`, in a process of its own (forked
 * with an IPC channel), so that its CPU is not the portal's nor the
 * benchmark's: autocannon with one connection per signed-in user, each
 * connection going round its user's own sequence of requests. It answers with
 * the count, the duration, the latency of every response (for exact
 * percentiles) and every error: a connection error or timeout, or a status
 * other than the one the request expects (200 for a page, 303 after a saved
 * form; a redirect to sign-in means a lost session). Each user keeps its
 * cookies as a browser does: what an answer sets goes with the next request
 * (the portal renews a session's last-seen time once a minute; with the
 * cookie it was signed in with, a user made the portal write the session
 * into every answer after that minute).
 */
import autocannon from "autocannon";
import { CookieJar } from "../../tests/support/cookie-jar.ts";

export type LoadRequest = { method: "GET" | "POST"; path: string; form?: Record<string, string>; expect: number };
export type LoadUser = { kind: string; cookie: string; requests: LoadRequest[] };
export type LoadJob = {
  url: string;
  users: LoadUser[];
  /** Seconds to run, or a number of requests to make. */
  duration?: number;
  amount?: number;
  /** Headers every request carries besides the user's cookie (e.g. Accept-Encoding, as a browser sends it). */
  headers?: Record<string, string>;
};
export type LoadOutcome = {
  requests: number;
  seconds: number;
  latenciesMs: number[];
  connectionErrors: number;
  timeouts: number;
  /** "GET /path → 302", with how often. */
  unexpected: Record<string, number>;
};
export type LoadMessage = { type: "progress"; responses: number } | { type: "done"; outcome: LoadOutcome };

/** How often the generator tells the benchmark how many responses it has had. */
const PROGRESS_EVERY = 250;

function run(job: LoadJob): Promise<LoadOutcome> {
  const origin = new URL(job.url).origin;
  const unexpected: Record<string, number> = {};
  const latenciesMs: number[] = [];
  let responses = 0;
  let nextUser = 0;

  const requestsOf = (user: LoadUser) => {
    const jar = new CookieJar(user.cookie);
    return user.requests.map((request) => {
      const body = request.form ? new URLSearchParams(request.form).toString() : undefined;
      const headers = {
        ...job.headers,
        "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36",
        ...(body ? { "Content-Type": "application/x-www-form-urlencoded", Origin: origin } : {}),
      };
      return {
        method: request.method,
        path: request.path,
        headers: { ...headers, Cookie: jar.header() },
        body,
        setupRequest: (built: { headers: Record<string, string> }) => ({ ...built, headers: { ...built.headers, Cookie: jar.header() } }),
        onResponse: (status: number, _body: unknown, _context: unknown, responseHeaders: Record<string, string | string[]>) => {
          const setCookie = Object.entries(responseHeaders).find(([name]) => name.toLowerCase() === "set-cookie")?.[1];
          jar.take(setCookie === undefined ? [] : ([] as string[]).concat(setCookie));
          if (status === request.expect) return;
          const key = `${request.method} ${request.path} → ${status}`;
          unexpected[key] = (unexpected[key] ?? 0) + 1;
        },
      };
    });
  };

  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: job.url,
        connections: job.users.length,
        ...(job.amount ? { amount: job.amount } : { duration: job.duration ?? 10 }),
        timeout: 30,
        // Each connection is one user: its cookie, its sequence.
        setupClient: (client: { setRequests(requests: unknown[]): void }) => client.setRequests(requestsOf(job.users[nextUser++ % job.users.length]!)),
      },
      (error: Error | null, result: autocannon.Result) => {
        if (error) return reject(error);
        resolve({
          requests: responses,
          seconds: result.duration,
          latenciesMs,
          connectionErrors: result.errors - result.timeouts,
          timeouts: result.timeouts,
          unexpected,
        });
      },
    );
    instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      latenciesMs.push(responseTime);
      if (++responses % PROGRESS_EVERY === 0) process.send?.({ type: "progress", responses } satisfies LoadMessage);
    });
  });
}

// With --many the process takes one job after another until its parent lets go of it (the server-cost benchmark's
// many short runs); otherwise it runs one job and ends.
const many = process.argv.includes("--many");
if (many) process.once("disconnect", () => process.exit(0));
process[many ? "on" : "once"]("message", (job: LoadJob) => {
  run(job).then(
    (outcome) => process.send?.({ type: "done", outcome } satisfies LoadMessage, () => many || process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
