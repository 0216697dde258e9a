/**
 * The portal under load: 50 signed-in users at once for 60 s over a realistic
 * mix, against one instance, and against two behind nginx with deploy/'s
 * configuration (for reference also one behind nginx, to tell nginx's share
 * from the second instance's), all against one sandbox. The load comes from
 * autocannon in a process of its own (bench/support/load-generator.ts), one
 * connection per user, each user going round its own pages:
 *
 * - 25 sellers setting up their shop: the task list, two step pages, a saved
 *   step form (POST, answered 303), the catalogue page;
 * - 15 active sellers: the home overview, two analytics tabs, the recommendations;
 * - 10 staff: the seller list, searched, filtered and paged.
 *
 * Every user is an account of its own, made in the sandbox before the run:
 * each seller setting up a shop is a seller of its own (the sandbox's bulk
 * sellers still registered or onboarding), so no two users save the same
 * seller's step; the active sellers are people of the two seeded live shops
 * (administrators and viewers: the seller home's data is seeded for those
 * shops), the staff members accounts with the seeded staff roles.
 *
 * The instances run as deployed (support/as-deployed.ts: the image's flags,
 * LOG_LEVEL info with a line per request); the run prints each setting it
 * changes and why. Where taskset is available the instances have cores of
 * their own: the load generator (and this script) sits on the last core, the
 * sandbox and nginx beside it on a 2- or 3-core machine and on a core of
 * their own from 4 cores on, the instances on the rest (on 2 cores, both
 * instances share core 0: "2 instances" then shows what nginx and a second
 * process cost, not a second core).
 *
 * Prints throughput, p50/p95/p99 latency and errors (target 0: a connection
 * error, a timeout, or any status but the expected one), and each instance's
 * RSS after it served 10,000 requests against after its first 100 (target
 * ≤ 1.2: no leak), with where the memory is at both points (from each instance's
 * /metrics: V8's heap in use and as large as V8 keeps it, and memory outside
 * the heap), so that growth of V8's heap to its size under load reads apart
 * from memory held by the portal. Every route of the mix has answered before
 * the first figure (the sign-in's check and the 100 requests of the warm-up).
 * Bounded: a fixed time per setup, loopback only.
 *
 * nginx runs with deploy/'s configuration but for its per-client limits
 * (limit_conn, limit_req): every user here comes from 127.0.0.1, which nginx
 * would take for one client and answer 429 (the output says so).
 *
 * `node bench/load.ts --quick`: 6 users for 3 s against one instance and two
 * behind nginx, without the warm-up and the memory check: the test command's
 * check that it runs without errors. It prints the same table and a JSON
 * line, and ends with 1 on any error.
 * BENCH_LOAD_SECONDS and BENCH_LOAD_USERS change the full run.
 */
import { fork } from "node:child_process";
import { availableParallelism } from "node:os";
import path from "node:path";
import { validSteps } from "../tests/support/onboarding-fixtures.ts";
import { TestBrowser } from "../tests/support/http-client.ts";
import { startNginx } from "../tests/support/nginx.ts";
import { testPorts } from "../tests/support/ports.ts";
import { startSandbox, type RunningProcess } from "../tests/support/stack.ts";
import { sandboxPortalEnv } from "../scripts/sandbox-env.ts";
import type { LoadJob, LoadMessage, LoadOutcome, LoadRequest, LoadUser } from "./support/load-generator.ts";
import { startDeployedPortal, type Deviations } from "./support/as-deployed.ts";
import { connectInspector } from "./support/inspector.ts";
import { canPin, pin } from "./support/machine.ts";
import { childPids, rssBytes } from "./support/process-stats.ts";

const QUICK = process.argv.includes("--quick");
const SECONDS = QUICK ? 3 : Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const USERS = QUICK ? 6 : Number(process.env.BENCH_LOAD_USERS ?? 50);
const WARM_UP_REQUESTS = 100;
const LEAK_CHECK_REQUESTS = 10_000;
const RSS_TARGET = 1.2;
// The quick run has ports of its own: it runs inside the test suite, perhaps beside a full run. Its sandbox is on
// 4562, not 4560: with TEST_PORT_OFFSET 500 or 501 that was 5060 or 5061, ports fetch refuses.
const { portalPort: BASE_PORT, sandboxPort: SANDBOX_PORT } = testPorts(QUICK ? 3560 : 3540, QUICK ? 4562 : 4540);
const NGINX_PORT = BASE_PORT;
const INSTANCE_PORTS = [BASE_PORT + 1, BASE_PORT + 2];
const DIRECT_PORT = BASE_PORT + 3;
const NGINX_URL = `http://localhost:${NGINX_PORT}`;
const DIRECT_URL = `http://localhost:${DIRECT_PORT}`;
const SESSION_SECRET = "bench-load-session-secret-0123456789abcdef";
const METRICS_TOKEN = "bench-load-metrics-token-0123456789abcdef";

/**
 * Where each process runs (taskset -a): the load generator and this script on the last core, the instances on the
 * first ones, the sandbox and nginx on a core of their own when there are 4, else beside the load generator.
 */
const CORES = availableParallelism();
const CLIENT_CORE = String(CORES - 1);
const SERVICE_CORE = String(CORES >= 4 ? CORES - 2 : CORES - 1);
const INSTANCE_CORES = CORES >= 4 ? `0-${CORES - 3}` : CORES === 3 ? "0-1" : "0";
const PINNED = canPin && CORES >= 2;
const pinTo = (pid: number, cores: string) => PINNED && pin(pid, cores);

/**
 * Each kind of user: its share of the users, how its accounts are made (`like`: more accounts like a seeded one;
 * `bulk-sellers`: sellers of their own in these states), and its pages.
 */
type AccountSource = { like: string[] } | { bulkSellers: string[] };
const USER_KINDS: { kind: string; share: number; accounts: AccountSource; requests: (user: number) => LoadRequest[] }[] = [
  {
    kind: "onboarding seller",
    share: 0.5,
    accounts: { bulkSellers: ["REGISTERED", "ONBOARDING"] },
    // Each seller saves a shop name of its own: the marketplace refuses a name another seller has.
    requests: (user) => [
      { method: "GET", path: "/overview", expect: 200 },
      { method: "GET", path: "/shop-setup/contract", expect: 200 },
      {
        method: "POST",
        path: "/shop-setup/account-information",
        form: { intent: "continue", ...validSteps["account-information"], shopName: `${validSteps["account-information"].shopName} ${user + 1}` },
        expect: 303,
      },
      { method: "GET", path: "/shop-setup/company-information", expect: 200 },
      { method: "GET", path: "/upload/catalog", expect: 200 },
    ],
  },
  {
    kind: "active seller",
    share: 0.3,
    accounts: { like: ["seller.active@example.com", "seller.small@example.com", "viewer@example.com"] },
    requests: () => [
      { method: "GET", path: "/home/overview", expect: 200 },
      { method: "GET", path: "/home/analytics/sales", expect: 200 },
      { method: "GET", path: "/home/recommendations", expect: 200 },
      { method: "GET", path: "/home/analytics/products", expect: 200 },
    ],
  },
  {
    kind: "staff",
    share: 0.2,
    accounts: { like: ["operator@example.com", "success@example.com", "bd.international@example.com"] },
    requests: () => [
      { method: "GET", path: "/seller-list", expect: 200 },
      { method: "GET", path: "/seller-list?search=a", expect: 200 },
      { method: "GET", path: "/seller-list?state=ONBOARDING", expect: 200 },
      { method: "GET", path: "/seller-list?page=2", expect: 200 },
    ],
  },
];

type Instance = { process: RunningProcess; url: string; inspector?: Awaited<ReturnType<typeof connectInspector>> };
type Setup = { name: string; url: string; instances: Instance[]; stop: () => Promise<void> };
/** An instance's memory: resident, V8's heap in use and as large as V8 keeps it, and what lives outside the heap (buffers, Intl data). */
type Memory = { rss: number; heapUsed: number; heapTotal: number; external: number; served: number };
/** V8's heap in use after a full collection, with no request under way: what an instance holds (a leak raises it). */
type Held = { afterWarmUp: number; afterRun: number };
type Row = { name: string; outcome: LoadOutcome; memory: { at100: Memory; at10k: Memory; held: Held; requests: number }[] };

const mb = (bytes: number) => (bytes / 1e6).toFixed(0);

const metricsOf = async (instance: Instance) => (await fetch(`${instance.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
const metric = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? NaN);

/** RSS from /proc at once; the heap's figures from the instance's /metrics (prom-client's Node metrics). */
async function memoryOf(instance: Instance): Promise<Memory> {
  const rss = rssBytes(instance.process.child.pid!);
  const text = await metricsOf(instance);
  return {
    rss,
    heapUsed: metric(text, "nodejs_heap_size_used_bytes"),
    heapTotal: metric(text, "nodejs_heap_size_total_bytes"),
    external: metric(text, "nodejs_external_memory_bytes"),
    // The requests this instance has answered, whatever their route.
    served: [...text.matchAll(/^portal_http_request_duration_seconds_count\{.*\} (\d+)$/gm)].reduce((sum, match) => sum + Number(match[1]), 0),
  };
}

/**
 * Two full collections through the instance's inspector (what the first one finalizes, e.g. closed sockets, goes
 * with the second), then the heap in use. Taken after RSS: it changes what V8 keeps.
 */
async function heldBy(instance: Instance): Promise<number> {
  await instance.inspector!.collectGarbage();
  await instance.inspector!.collectGarbage();
  return metric(await metricsOf(instance), "nodejs_heap_size_used_bytes");
}

/** Runs one job in a fresh load-generator process; `onProgress` hears the running count of responses. */
function generate(job: LoadJob, onProgress: (responses: number) => void = () => {}): Promise<LoadOutcome> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(import.meta.dirname, "support/load-generator.ts"), { stdio: ["ignore", "inherit", "inherit", "ipc"] });
    pinTo(child.pid!, CLIENT_CORE);
    child.on("message", (message: LoadMessage) => {
      if (message.type === "progress") onProgress(message.responses);
      else resolve(message.outcome);
    });
    child.on("exit", (code) => (code === 0 ? undefined : reject(new Error(`the load generator ended with ${code}`))));
    child.send(job);
  });
}

/** Signs every user in through `url`, a few at a time, and checks each of its requests once. */
async function signIn(url: string): Promise<LoadUser[]> {
  const plan = USER_KINDS.flatMap((kind) => ACCOUNTS.get(kind.kind)!.map((account, user) => ({ kind: kind.kind, account, requests: kind.requests(user) })));
  const users: LoadUser[] = [];
  for (let start = 0; start < plan.length; start += 5) {
    users.push(
      ...(await Promise.all(
        plan.slice(start, start + 5).map(async (entry) => {
          const browser = new TestBrowser();
          const { url: landed } = await browser.signIn(url, entry.account);
          // Signed in means past the second factor too: an account sent to set one up would measure redirects.
          if (landed.endsWith("/login") || landed === `${url}/` || landed.includes("/security/"))
            throw new Error(`${entry.account} did not sign in (${landed})`);
          return { kind: entry.kind, cookie: `sp_session=${browser.cookie(new URL(url).host, "sp_session")}`, requests: entry.requests };
        }),
      )),
    );
  }
  // Every page of the mix answers as expected before it is measured, one user of each kind in turn: a broken mix
  // would only measure error pages.
  const check = await generate({ url, users: users.filter((user, index) => users.findIndex((other) => other.kind === user.kind) === index), amount: 20 });
  if (Object.keys(check.unexpected).length > 0) throw new Error(`the mix does not answer as expected: ${JSON.stringify(check.unexpected)}`);
  return users;
}

/**
 * The warm-up, the measured run, and each instance's RSS after it served 100 and after it served 10,000 requests
 * (nginx shares them out in turn, so a setup of n instances sends n times as many; more are sent after the run when
 * it made fewer).
 */
async function measure(setup: Setup): Promise<Row> {
  console.log(`${setup.name}: signing in ${USERS} users…`);
  const users = await signIn(setup.url);
  const warmUp = WARM_UP_REQUESTS * setup.instances.length;
  const leakCheck = LEAK_CHECK_REQUESTS * setup.instances.length;
  console.log(`${setup.name}: ${QUICK ? "" : `${warmUp} requests to warm up, then `}${SECONDS} s of load…`);
  if (QUICK) return { name: setup.name, outcome: await generate({ url: setup.url, users, duration: SECONDS }), memory: [] };
  const memory = () => Promise.all(setup.instances.map(memoryOf));
  await generate({ url: setup.url, users, amount: warmUp });
  const at100 = await memory();
  const heldAfterWarmUp = await Promise.all(setup.instances.map(heldBy));
  let at10k: Promise<Memory[]> | undefined;
  const outcome = await generate({ url: setup.url, users, duration: SECONDS }, (responses) => {
    if (!at10k && warmUp + responses >= leakCheck) at10k = memory();
  });
  let requests = warmUp + outcome.requests;
  if (!at10k) {
    // The run's progress reports can end before its last responses: a run that served enough in all is read now.
    const more = leakCheck - requests;
    if (more > 0) {
      console.log(`${setup.name}: ${more} more requests for the memory check…`);
      // autocannon refuses fewer requests than connections (one a user): as many users as requests, where fewer.
      const rest = await generate({ url: setup.url, users: users.slice(0, Math.min(users.length, more)), amount: more });
      requests += rest.requests;
    }
    at10k = memory();
  }
  const after = await at10k;
  const heldAfterRun = await Promise.all(setup.instances.map(heldBy));
  return {
    name: setup.name,
    outcome,
    memory: at100.map((before, index) => ({
      at100: before,
      at10k: after[index]!,
      held: { afterWarmUp: heldAfterWarmUp[index]!, afterRun: heldAfterRun[index]! },
      requests,
    })),
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Where each instance's memory is after 100 and after 10,000 requests, and the RSS ratio against its target. */
function printMemory(rows: Row[]): void {
  console.log(
    "\nMemory after 100 → after 10,000 requests per instance, MB: RSS; V8's heap in use; V8's heap as large as V8 keeps it; outside the heap; held (V8's heap in use after a full collection, nothing under way: after the warm-up → after the run)",
  );
  for (const row of rows) {
    row.memory.forEach((instance, index) => {
      const pair = (key: keyof Memory) => `${mb(instance.at100[key])} → ${mb(instance.at10k[key])}`;
      const name = `${row.name}${row.memory.length > 1 ? ` #${index + 1}` : ""}`;
      console.log(
        `  ${name.padEnd(30)} served ${instance.at100.served} → ${instance.at10k.served}; RSS ${pair("rss")}; heap used ${pair("heapUsed")}; heap total ${pair("heapTotal")}; external ${pair("external")}; held ${mb(instance.held.afterWarmUp)} → ${mb(instance.held.afterRun)}`,
      );
    });
  }
  const worst = (ratio: (instance: Row["memory"][number]) => number) => Math.max(...rows.flatMap((row) => row.memory.map(ratio)));
  const rss = worst((instance) => instance.at10k.rss / instance.at100.rss);
  console.log(`worst RSS ratio: ${rss.toFixed(2)} (target ≤ ${RSS_TARGET}) ${rss <= RSS_TARGET ? "ok" : "MISSED"}`);
  console.log(
    `worst ratio of what an instance holds, after the run ÷ after the warm-up (a leak raises it): ${worst((instance) => instance.held.afterRun / instance.held.afterWarmUp).toFixed(2)}`,
  );
}

const errorsOf = (outcome: LoadOutcome) =>
  outcome.connectionErrors + outcome.timeouts + Object.values(outcome.unexpected).reduce((sum, count) => sum + count, 0);

function printTable(rows: Row[]): void {
  console.log(
    "\nnginx: deploy/'s configuration without its per-client limits (limit_conn, limit_req): every user comes from 127.0.0.1 here" +
      `\nLoad: ${USERS} signed-in users at once (half setting up their shop, 3 in 10 active sellers, 2 in 10 staff), ${SECONDS} s per setup, autocannon in its own process\n`,
  );
  const header = [
    "setup".padEnd(28),
    "req/s".padStart(7),
    "p50 ms".padStart(8),
    "p95 ms".padStart(8),
    "p99 ms".padStart(8),
    "errors".padStart(7),
    "  RSS after 100 → after 10,000 requests (ratio)",
  ];
  console.log(header.join(""));
  for (const row of rows) {
    const sorted = [...row.outcome.latenciesMs].sort((a, b) => a - b);
    const rss = QUICK
      ? "(not measured)"
      : row.memory
          .map((instance) => `${mb(instance.at100.rss)} → ${mb(instance.at10k.rss)} MB (${(instance.at10k.rss / instance.at100.rss).toFixed(2)})`)
          .join(", ");
    console.log(
      [
        row.name.padEnd(28),
        (row.outcome.requests / row.outcome.seconds).toFixed(0).padStart(7),
        percentile(sorted, 50).toFixed(0).padStart(8),
        percentile(sorted, 95).toFixed(0).padStart(8),
        percentile(sorted, 99).toFixed(0).padStart(8),
        String(errorsOf(row.outcome)).padStart(7),
        `  ${rss}`,
      ].join(""),
    );
    if (errorsOf(row.outcome) > 0)
      console.log(`  errors: ${JSON.stringify({ connection: row.outcome.connectionErrors, timeouts: row.outcome.timeouts, ...row.outcome.unexpected })}`);
  }
  const one = rows.find((row) => row.name === "1 instance");
  const two = rows.find((row) => row.name === "2 instances behind nginx");
  if (one && two) {
    const ratio = two.outcome.requests / two.outcome.seconds / (one.outcome.requests / one.outcome.seconds);
    console.log(`\n2 instances behind nginx ÷ 1 instance, req/s: ${ratio.toFixed(2)} (target ≥ 1: not slower)`);
  }
  if (!QUICK) printMemory(rows);
  const errors = rows.reduce((sum, row) => sum + errorsOf(row.outcome), 0);
  console.log(`errors: ${errors} (target 0) ${errors === 0 ? "ok" : "MISSED"}`);
}

const sandbox = await startSandbox({ port: SANDBOX_PORT, portalUrls: [DIRECT_URL, NGINX_URL] });
pinTo(sandbox.process.child.pid!, SERVICE_CORE);
pinTo(process.pid, CLIENT_CORE);

async function control<T>(route: string, body: unknown): Promise<T> {
  const response = await fetch(`${sandbox.sandboxUrl}/__sandbox${route}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST /__sandbox${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Each kind's accounts, one per user, made in the sandbox: no two users share one. */
async function makeAccounts(): Promise<Map<string, string[]>> {
  const counts = USER_KINDS.map((kind) => Math.max(1, Math.round(USERS * kind.share)));
  const accounts = new Map<string, string[]>();
  for (const [index, kind] of USER_KINDS.entries()) {
    const count = counts[index]!;
    if ("bulkSellers" in kind.accounts) {
      const states = kind.accounts.bulkSellers;
      // The bulk sellers run through the states like a funnel: half of them are still registered or onboarding.
      const { accounts: made } = await control<{ accounts: { email: string; state: string }[] }>("/sellers/bulk", { count: count * 3 });
      const picked = made.filter((account) => states.includes(account.state)).slice(0, count);
      if (picked.length < count) throw new Error(`only ${picked.length} bulk sellers in ${states.join(" or ")}, ${count} wanted`);
      accounts.set(
        kind.kind,
        picked.map((account) => account.email),
      );
    } else {
      const like = kind.accounts.like.slice(0, count);
      const made = await Promise.all(
        like.map((email, which) => control<{ accounts: string[] }>("/users/bulk", { like: email, count: Math.ceil((count - which) / like.length) })),
      );
      // In turn: the first of each seeded account's copies, then the second…
      accounts.set(
        kind.kind,
        Array.from({ length: count }, (_, n) => made[n % like.length]!.accounts[Math.floor(n / like.length)]!),
      );
    }
  }
  return accounts;
}
const ACCOUNTS = await makeAccounts().catch(async (error: unknown) => {
  await sandbox.process.stop();
  throw error;
});

/**
 * An instance on `port` for pages at `portalUrl`, started as the image runs it (support/as-deployed.ts). The full
 * run also opens its inspector (on port + 100, loopback) for the full collections of the memory check.
 */
let reported = false;
async function startInstance(portalUrl: string, port: number): Promise<Instance> {
  const deviations: Deviations = {
    env: {
      METRICS_TOKEN: {
        value: METRICS_TOKEN,
        why: "the memory check reads each instance's /metrics on its own port (deployed: METRICS_PORT, a port of its own that instances on one machine could not share); the same handler",
      },
    },
    nodeArgs: QUICK ? [] : [{ value: `--inspect=127.0.0.1:${port + 100}`, why: "the memory check forces full collections through the inspector" }],
    notes: [
      PINNED
        ? `pinned: instances on core ${INSTANCE_CORES}, the sandbox and nginx on core ${SERVICE_CORE}, the load generator on core ${CLIENT_CORE} (of ${CORES})`
        : "not pinned (no taskset, or one core): the load generator shares the instances' cores",
    ],
  };
  // Behind nginx on loopback, nginx's X-Forwarded-* are believed as the cluster's ingress's are.
  const placement = { ...sandboxPortalEnv(sandbox.sandboxUrl, portalUrl, SESSION_SECRET), TRUSTED_PROXIES: "127.0.0.1" };
  const { process } = await startDeployedPortal("bench:load", port, placement, deviations, { quiet: reported });
  reported = true;
  pinTo(process.child.pid!, INSTANCE_CORES);
  return { process, url: `http://localhost:${port}`, inspector: QUICK ? undefined : await connectInspector(port + 100) };
}

async function stopInstance(instance: Instance): Promise<void> {
  instance.inspector?.close();
  await instance.process.stop();
}

async function oneInstance(): Promise<Setup> {
  const instance = await startInstance(DIRECT_URL, DIRECT_PORT);
  return { name: "1 instance", url: DIRECT_URL, instances: [instance], stop: () => stopInstance(instance) };
}

async function behindNginx(count: number): Promise<Setup> {
  const instances = await Promise.all(INSTANCE_PORTS.slice(0, count).map((port) => startInstance(NGINX_URL, port)));
  // One address plays every user: nginx's per-client limits would take them for one client.
  const nginx = await startNginx({ port: NGINX_PORT, instances: INSTANCE_PORTS.slice(0, count).map((port) => `127.0.0.1:${port}`), perClientLimits: false });
  for (const pid of [nginx.child.pid!, ...childPids(nginx.child.pid!)]) pinTo(pid, SERVICE_CORE);
  return {
    name: count === 1 ? "1 instance behind nginx" : `${count} instances behind nginx`,
    url: NGINX_URL,
    instances,
    stop: async () => {
      await nginx.stop();
      await Promise.all(instances.map(stopInstance));
    },
  };
}

const rows: Row[] = [];
try {
  for (const start of QUICK ? [oneInstance, () => behindNginx(2)] : [oneInstance, () => behindNginx(1), () => behindNginx(2)]) {
    const setup = await start();
    try {
      rows.push(await measure(setup));
    } finally {
      await setup.stop();
    }
  }
} finally {
  await sandbox.process.stop();
  // What was measured is printed even when a later setup fails.
  if (rows.length > 0) printTable(rows);
}
const errors = rows.reduce((sum, row) => sum + errorsOf(row.outcome), 0);
if (QUICK) console.log(JSON.stringify({ setups: rows.map((row) => ({ name: row.name, requests: row.outcome.requests, errors: errorsOf(row.outcome) })) }));
process.exitCode = errors === 0 ? 0 : 1;
