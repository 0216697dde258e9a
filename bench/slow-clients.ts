/**
 * Slow clients against the portal as deployed (the image's Node flags, its
 * limits at their defaults, log level info), signed out, from one address:
 *
 * 1. slow bodies: BENCH_SLOW_CLIENTS (default 1,000) connections posting a
 *    form to /language, a byte every BENCH_SLOW_EVERY_MS (default 5,000);
 * 2. slowloris: BENCH_LORIS_CLIENTS (default 1,100) connections trickling
 *    their headers, a line every BENCH_LORIS_EVERY_MS (default 1,000).
 *
 * Each phase lasts BENCH_SLOW_SECONDS (default 130). Meanwhile a probe opens
 * a new connection to /healthz every 250 ms (one second to answer). Printed
 * per phase: the probes answered and refused (and the longest run of
 * refusals), how many attacking connections the server closed, when (p50,
 * max after they opened), and with which status. The portal's own bounds
 * (BODY_TIMEOUT_SECONDS, HEADERS_TIMEOUT_SECONDS, MAX_CONNECTIONS) are what is
 * measured; nginx's per-client limits (deploy/nginx) would stop most of this
 * before the portal, and are tested in tests/integration/deploy.test.ts.
 *
 * `node bench/slow-clients.ts --quick`: 40 clients per phase for 8 s, with
 * the portal's MAX_CONNECTIONS at 30, BODY_TIMEOUT_SECONDS and
 * HEADERS_TIMEOUT_SECONDS at 3 (so the attack fills the cap and is cut within
 * the run); the output says so.
 * Run: `npm run bench:slow-clients`.
 */
import { get as httpGet } from "node:http";
import { trickleBody, trickleHeaders } from "../tests/integration/raw-http.ts";
import { testPorts } from "../tests/support/ports.ts";
import { startStack } from "../tests/support/stack.ts";
import { DEPLOYED_ENV, DEPLOYED_NODE_ARGS } from "./support/as-deployed.ts";

const QUICK = process.argv.includes("--quick");
const SECONDS = QUICK ? 8 : Number(process.env.BENCH_SLOW_SECONDS ?? 130);
const SLOW_CLIENTS = QUICK ? 40 : Number(process.env.BENCH_SLOW_CLIENTS ?? 1_000);
const SLOW_EVERY_MS = QUICK ? 1_000 : Number(process.env.BENCH_SLOW_EVERY_MS ?? 5_000);
const LORIS_CLIENTS = QUICK ? 40 : Number(process.env.BENCH_LORIS_CLIENTS ?? 1_100);
const LORIS_EVERY_MS = QUICK ? 500 : Number(process.env.BENCH_LORIS_EVERY_MS ?? 1_000);
const PROBE_EVERY_MS = 250;
/** What --quick changes, so that forty clients fill the cap and are cut within eight seconds. */
const QUICK_ENV = { MAX_CONNECTIONS: "30", BODY_TIMEOUT_SECONDS: "3", HEADERS_TIMEOUT_SECONDS: "3" };

const ports = testPorts(3550, 4550);
console.log(
  `\nSlow clients: portal as deployed (${DEPLOYED_NODE_ARGS.join(" ")}, MALLOC_ARENA_MAX=${DEPLOYED_ENV.MALLOC_ARENA_MAX}, LOG_LEVEL=info)` +
    (QUICK
      ? `; --quick: ${Object.entries(QUICK_ENV)
          .map(([name, value]) => `${name}=${value}`)
          .join(", ")} (the defaults are 1000, 30, 10)`
      : "; every limit at its default"),
);
const stack = await startStack({ ...ports, extraEnv: { ...DEPLOYED_ENV, LOG_LEVEL: "info", ...(QUICK ? QUICK_ENV : {}) }, nodeArgs: DEPLOYED_NODE_ARGS });

function probe(): Promise<boolean> {
  return new Promise((resolve) => {
    const request = httpGet(`${stack.portalUrl}/healthz`, { agent: false, timeout: 1_000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(false));
  });
}

/** Probes /healthz until `until` settles; answers how many answered, and the longest run of refusals in seconds. */
async function probeWhile<T>(until: Promise<T>): Promise<{ result: T; answered: number; probes: number; longestOutageS: number }> {
  let done = false;
  void until.finally(() => (done = true));
  let answered = 0;
  let probes = 0;
  let outageStarted: number | undefined;
  let longest = 0;
  while (!done) {
    const at = performance.now();
    const ok = await probe();
    probes++;
    if (ok) {
      answered++;
      if (outageStarted !== undefined) longest = Math.max(longest, at - outageStarted);
      outageStarted = undefined;
    } else outageStarted ??= at;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, PROBE_EVERY_MS - (performance.now() - at))));
  }
  if (outageStarted !== undefined) longest = Math.max(longest, performance.now() - outageStarted);
  return { result: await until, answered, probes, longestOutageS: longest / 1000 };
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]! : NaN;
};

type Closed = { openMs: number; closedByServer: boolean; status?: number };

function report(name: string, clients: number, outcome: Awaited<ReturnType<typeof probeWhile<Closed[]>>>): void {
  const closed = outcome.result.filter((client) => client.closedByServer);
  const statuses = new Map<string, number>();
  for (const client of closed) statuses.set(String(client.status ?? "none"), (statuses.get(String(client.status ?? "none")) ?? 0) + 1);
  console.log(`\n${name}: ${clients} connections for up to ${SECONDS} s`);
  console.log(
    `  /healthz probes answered: ${outcome.answered} of ${outcome.probes} (${((100 * outcome.answered) / Math.max(1, outcome.probes)).toFixed(0)} %), longest run refused ${outcome.longestOutageS.toFixed(1)} s`,
  );
  console.log(
    `  closed by the server: ${closed.length} of ${clients}, after p50 ${(
      percentile(
        closed.map((client) => client.openMs),
        0.5,
      ) / 1000
    ).toFixed(
      1,
    )} s, max ${(Math.max(0, ...closed.map((client) => client.openMs)) / 1000).toFixed(1)} s; answers: ${[...statuses].map(([status, count]) => `${status} × ${count}`).join(", ") || "none"}`,
  );
}

try {
  const slowBodies = probeWhile(
    Promise.all(
      Array.from({ length: SLOW_CLIENTS }, () =>
        trickleBody(stack.portalUrl, "/language", { everyMs: SLOW_EVERY_MS, giveUpAfterMs: SECONDS * 1000 }).then((client): Closed => ({
          openMs: client.openMs,
          closedByServer: client.closedByServer,
          status: "status" in client.answer ? client.answer.status : undefined,
        })),
      ),
    ),
  );
  report(`Slow bodies (a form to /language, a byte every ${SLOW_EVERY_MS / 1000} s)`, SLOW_CLIENTS, await slowBodies);
  const loris = probeWhile(Promise.all(Array.from({ length: LORIS_CLIENTS }, () => trickleHeaders(stack.portalUrl, LORIS_EVERY_MS, SECONDS * 1000))));
  report(`Slowloris (a header line every ${LORIS_EVERY_MS / 1000} s)`, LORIS_CLIENTS, await loris);
} finally {
  await stack.process.stop();
}
