/**
 * What hostile catalogue files cost the portal: an XLSX "zip bomb" (about
 * 340 KB that inflate to 87 MB, 500,000 rows), uploaded through the
 * portal; the same bomb's problems CSV (the bomb stored straight at the
 * upload service, as a file stored before the portal read files with a
 * budget would be: refused before a line is sent); the problems CSV of a
 * file within its budget that has a problem in every row (13 MB, 300,000
 * rows: 23 MiB of CSV, which streams through the main thread), once with
 * nothing else running for its cost alone and once with the other seller's
 * uploads; a CSV with a 100 MB line; a CSV header with a million columns.
 * During each: /healthz latency (p50/p99/max, probed from a process of its
 * own), the portal's peak RSS growth (with how much of it is the
 * main thread's heap, and the most reader threads running), and another
 * seller's 2.7 KB upload (on the active seller's /home/catalogue), again and
 * again: those that overlapped an abusive request are timed against the same
 * upload with nothing else running, measured in the same run (ratio); the
 * same upload started together with one abusive request, or one sound CSV of
 * the bomb's size, BENCH_ABUSE_PAIRS times each (an overlap favours slow
 * uploads, a pair does not); and the CPU time of the portal's threads (main
 * thread, catalogue readers, V8's helper threads, which collect every
 * isolate's garbage at the portal's priority, and the rest; from /proc's
 * schedstat, in nanoseconds), a figure less sensitive than latencies to
 * whatever else the machine runs, and the sandbox's and the attacker's beside
 * them.
 * For the long problems CSV alone, the main thread's CPU time per MiB of
 * CSV sent (the probe's requests included, a few ms a second).
 * The bomb's upload and its problems CSV are repeated for at least
 * BENCH_ABUSE_PHASE_S seconds (default 10; 0: once), one at a time (PAUSE_MS
 * apart) and back to back, the long problems CSV back to back, and for
 * comparison a sound CSV catalogue of the bomb's size one at a time (what any
 * file of that size costs the other seller), by an attacker in a process of
 * its own (bench/support/abuse-flood.ts); each abusive
 * request is given at most BENCH_ABUSE_LIMIT_S seconds (default 90), then
 * cut off. The attacker's and the probe's processes start before a phase:
 * their start-up (a second of CPU to build the bomb) is not the portal's.
 * The portal runs as deployed (support/as-deployed.ts: the image's flags,
 * LOG_LEVEL info) except for two settings, which the run prints with their
 * reasons: its upload limit per account (CATALOGUE_UPLOADS_PER_MINUTE, 20 as
 * deployed), lifted as in every test stack, so that the figures are what
 * files cost when they are read (as deployed, an account's flood is refused
 * from its 21st file in a minute: 429, before a byte is read); and
 * METRICS_TOKEN, for the event loop delay from the portal's own /metrics.
 * Run: `npm run bench:upload-abuse`.
 */
import { fork } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { TestBrowser } from "../tests/support/http-client.ts";
import { longLineCsv, manyColumnsCsv, smallCatalogueCsv, xlsxBomb } from "../tests/support/hostile-files.ts";
import { testPorts } from "../tests/support/ports.ts";
import { streamedFileForm } from "../tests/support/streamed-form.ts";
import { startDeployedStack } from "./support/as-deployed.ts";
import type { Abuse, FromFlood, ToFlood } from "./support/abuse-flood.ts";
import type { ProbeOutcome } from "./support/health-probe.ts";
import { childPids, cpuSeconds, rssBytes } from "./support/process-stats.ts";

/** How long each abusive request is repeated: long enough for the other seller's upload to be timed many times. */
const PHASE_SECONDS = Number(process.env.BENCH_ABUSE_PHASE_S ?? 10);
const LIMIT_MS = Number(process.env.BENCH_ABUSE_LIMIT_S ?? 90) * 1000;
const ATTACKER = "seller.catalogue@example.com";
const OTHER = "seller.active@example.com";
const MiB = 1024 * 1024;
/**
 * The pause between one abusive request's answer and the next, in the phases that send them one at a time: the
 * machine between two bombs is as idle as it is for the other seller. As deployed an account's uploads are 3 s apart
 * on average (CATALOGUE_UPLOADS_PER_MINUTE, 20), which would time too few of the other seller's uploads during a bomb.
 */
const PAUSE_MS = 300;
/**
 * The other seller's upload is also timed started together with one other request, PAIRS times for each kind: the
 * phases' overlap favours slow uploads (a long one overlaps more), a pair does not.
 */
const PAIRS = Number(process.env.BENCH_ABUSE_PAIRS ?? 40);
const PAIR_PAUSE_MS = 100;
const ALONE = "alone";
const BESIDE_BOMB = "beside an XLSX bomb";
const BESIDE_SOUND = "beside a sound CSV of its size";
const BOMB_APART = "XLSX bombs, one at a time";
const BOMB_FLOOD = "XLSX bombs, back to back";
const SOUND_APART = "sound CSVs of their size, one at a time";
const CSV_APART = "their problems CSV, one at a time";
const CSV_FLOOD = "their problems CSV, back to back";
const LONG_CSV = "a long problems CSV";

/** /metrics on the portal's port, for its own measure of how long its main thread was held up (event loop delay). */
const METRICS_TOKEN = "bench-upload-abuse-metrics-token-0123456789";
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-upload-abuse-"));
const stack = await startDeployedStack("bench:upload-abuse", {
  ...testPorts(3470, 4470),
  sandbox: { SANDBOX_DB: path.join(dataDir, "sandbox.sqlite") },
  env: {
    CATALOGUE_UPLOADS_PER_MINUTE: {
      value: "100000",
      why: "the attacker's files are all read, as an account's first 20 a minute are; as deployed the 21st is refused before a byte is read",
    },
    METRICS_TOKEN: { value: METRICS_TOKEN, why: "the portal's event loop delay and heap from its own /metrics (deployed: on METRICS_PORT)" },
  },
});
const pid = stack.process.child.pid!;
/**
 * From the portal's own metrics: the longest event loop delay (ms) since the last call (prom-client resets its
 * histogram on every scrape), and the main thread's V8 heap (its readers' heaps are not in it).
 */
async function portalMetrics(): Promise<{ loopDelayMaxMs: number; mainHeapBytes: number }> {
  try {
    const text = await (await fetch(`${stack.portalUrl}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)`, "m").exec(text)?.[1] ?? NaN);
    return { loopDelayMaxMs: value("nodejs_eventloop_lag_max_seconds") * 1000, mainHeapBytes: value("nodejs_heap_size_total_bytes") };
  } catch {
    return { loopDelayMaxMs: NaN, mainHeapBytes: NaN };
  }
}
/**
 * CPU seconds of the portal's threads now: its main thread, its catalogue readers (those still running) and the rest
 * (libuv, V8's garbage collection helpers). From schedstat, in nanoseconds: /proc's stat counts in 10 ms ticks, too
 * coarse for a phase of a second. Beside them the sandbox's (a child of the portal's process, in ticks): the upload
 * service it plays, which receives every file the portal passes on, shares the machine's two cores.
 */
function threadCpu(): { main: number; readers: number; v8: number; other: number; sandbox: number } {
  const cpu = { main: 0, readers: 0, v8: 0, other: 0, sandbox: 0 };
  try {
    for (const child of childPids(pid)) cpu.sandbox += cpuSeconds(child);
  } catch {
    // The portal is gone.
  }
  let threads: string[] = [];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    // The portal is gone.
  }
  for (const thread of threads) {
    try {
      const seconds = Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, "utf8").split(" ")[0]) / 1e9;
      const name = Number(thread) === pid ? "main" : readFileSync(`/proc/${pid}/task/${thread}/comm`, "utf8");
      if (name === "main") cpu.main += seconds;
      else if (name.startsWith("catalogue-reade")) cpu.readers += seconds;
      else if (name.startsWith("V8Worker")) cpu.v8 += seconds;
      else cpu.other += seconds;
    } catch {
      // The thread ended meanwhile.
    }
  }
  return cpu;
}
/** The portal's catalogue reader threads running now (busy or idle). */
const readerThreads = () => {
  try {
    return readdirSync(`/proc/${pid}/task`).filter((thread) => readFileSync(`/proc/${pid}/task/${thread}/comm`, "utf8").startsWith("catalogue-reade")).length;
  } catch {
    return 0;
  }
};
const alive = () => stack.process.child.exitCode === null && stack.process.child.signalCode === null;
/** The portal's RSS, or 0 once it is gone. */
const rss = () => {
  try {
    return rssBytes(pid);
  } catch {
    return 0;
  }
};

async function tokenOf(username: string): Promise<string> {
  const minted = await fetch(`${stack.sandboxUrl}/__sandbox/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username }),
  });
  return ((await minted.json()) as { access_token: string }).access_token;
}

const service = (token: string, pathAndQuery: string, init: RequestInit = {}) =>
  fetch(`${stack.sandboxUrl}/catalogue-upload${pathAndQuery}${pathAndQuery.includes("?") ? "&" : "?"}apikey=sandbox-api-key`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, ...init.headers },
  });

function form(fileName: string, bytes: Uint8Array): FormData {
  const body = new FormData();
  body.set("file", new Blob([new Uint8Array(bytes)]), fileName);
  return body;
}

/** An upload through the portal's enhanced form (answered as JSON), cut off after LIMIT_MS. */
async function upload(browser: TestBrowser, page: string, body: FormData | ReadableStream<Uint8Array>, boundary?: string) {
  const started = performance.now();
  try {
    const response = await browser.request(`${stack.portalUrl}${page}/file`, {
      method: "POST",
      headers: { Accept: "application/json", ...(boundary ? { "Content-Type": `multipart/form-data; boundary=${boundary}` } : {}) },
      body,
      signal: AbortSignal.timeout(LIMIT_MS),
      ...(boundary ? { duplex: "half" } : {}),
    } as RequestInit);
    const answer = (await response.json()) as { ok: boolean; fileId?: string; message?: string };
    return { status: response.status, ...answer, ms: performance.now() - started };
  } catch (error) {
    return { status: 0, ok: false, message: `cut off: ${(error as Error).name}`, ms: performance.now() - started };
  }
}

/**
 * The attacker: a process of its own (bench/support/abuse-flood.ts), made ready (started, signed in, its bomb built)
 * before it is used; it floods (`flood`: answers the function that starts the flood and answers its outcome) or sends
 * one request at a time (`one`: answers once the request is on its way, with its answer to come).
 */
async function attackerProcess(abuse: Abuse, pauseMs = 0) {
  const child = fork(path.join(import.meta.dirname, "support/abuse-flood.ts"), { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const answer = <Type extends FromFlood["type"]>(type: Type) =>
    new Promise<Extract<FromFlood, { type: Type }>>((resolve, reject) => {
      const onMessage = (message: FromFlood) => {
        if (message.type !== type) return;
        child.off("message", onMessage);
        child.off("exit", onExit);
        resolve(message as Extract<FromFlood, { type: Type }>);
      };
      const onExit = (code: number | null) => reject(new Error(`the attacker ended without an answer (exit ${code})`));
      child.on("message", onMessage);
      child.once("exit", onExit);
    });
  const ready = answer("ready");
  child.send({ portalUrl: stack.portalUrl, username: ATTACKER, seconds: PHASE_SECONDS, pauseMs, limitMs: LIMIT_MS, abuse } satisfies ToFlood);
  await ready;
  return {
    flood: async (): Promise<Worked> => {
      const done = answer("outcome");
      child.send("go" satisfies ToFlood);
      const { outcome } = await done;
      return {
        outcome: outcome.outcomes.map(([text, count]) => `${text.slice(0, 40)} (×${count})`).join("; "),
        csvBytes: outcome.csvBytes,
        underWay: outcome.underWay,
        attackerCpuSeconds: outcome.cpuSeconds,
      };
    },
    one: async (): Promise<{ finished: Promise<string> }> => {
      const started = answer("started");
      const finished = answer("finished").then(({ outcome }) => outcome);
      child.send("one" satisfies ToFlood);
      await started;
      return { finished };
    },
    stop: () => child.connected && child.disconnect(),
  };
}

async function flood(abuse: Abuse, pauseMs = 0): Promise<() => Promise<Worked>> {
  return (await attackerProcess(abuse, pauseMs)).flood;
}

const quantile = (values: number[], q: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

/** A catalogue within every bound whose every row has two problems (an EAN too short, a price that is no number), one with a formula. */
function problemInEveryRowCsv(rows: number): Buffer {
  const lines = ["EAN;Artikelbezeichnung;Warengruppe;Hersteller;VK-Preis brutto"];
  for (let row = 0; row < rows; row++) lines.push(`12345${row % 10};=Artikel ${row};Haushalt;Müller;auf Anfrage`);
  return Buffer.from(`${lines.join("\n")}\n`);
}

/**
 * What a phase's work answers: its outcome, the problems CSV it received, and when its abusive requests were under
 * way (ms since the epoch; none: the phase is the baseline, every small upload counts).
 */
type Worked = { outcome: string; csvBytes: number; underWay: [number, number][]; attackerCpuSeconds?: number };
const epochNow = () => performance.timeOrigin + performance.now();
/** One abusive request made here, timed as the flood's are. */
async function once(work: () => Promise<string>): Promise<Worked> {
  const start = epochNow();
  const outcome = await work();
  return { outcome, csvBytes: 0, underWay: [[start, epochNow()]] };
}

const loadBefore = loadavg()[0]!;
const bomb = xlsxBomb();
const small = smallCatalogueCsv();
const phases: {
  name: string;
  outcome: string;
  seconds: number;
  health: ProbeOutcome;
  growthBytes: number;
  /** How much of the growth is the main thread's heap (at the phase's end against its start). */
  mainHeapGrowthBytes: number;
  readersMax: number;
  smallMs: number[];
  /** The other seller's uploads that overlapped an abusive request (all of them in the baseline). */
  duringMs: number[];
  smallFailures: number;
  loopDelayMs: number;
  /** CPU seconds over the phase; a reader ended during the phase takes its time with it. */
  cpu: { main: number; readers: number; v8: number; other: number; sandbox: number; attacker: number };
  csvBytes: number;
}[] = [];
/** The other seller's upload started beside one other request (or alone), PAIRS times each: its times in ms. */
const pairs: { label: string; ms: number[] }[] = [];
let finalRss = 0;
try {
  const attacker = new TestBrowser();
  const other = new TestBrowser();
  await attacker.signIn(stack.portalUrl, ATTACKER);
  await other.signIn(stack.portalUrl, OTHER);
  const attackerToken = await tokenOf(ATTACKER);
  const otherToken = await tokenOf(OTHER);

  /** The other seller's small upload, its file removed again; answers its time in ms, or null when it failed. */
  async function smallUpload(): Promise<number | null> {
    const answer = await upload(other, "/home/catalogue", form("sortiment.csv", small));
    if (!answer.ok || !answer.fileId) {
      console.error(`the small upload failed: ${answer.status} ${answer.message}`);
      return null;
    }
    await service(otherToken, `/me/seller/file?fileId=${answer.fileId}`, { method: "DELETE" });
    return answer.ms;
  }

  /** Starts probing /healthz from a process that is up and running; answers the function that stops it. */
  async function startProbe() {
    const child = fork(path.join(import.meta.dirname, "support/health-probe.ts"), { stdio: "ignore" });
    await new Promise((resolve) => child.once("message", resolve));
    child.send({ type: "start", job: { url: `${stack.portalUrl}/healthz`, intervalMs: 20 } });
    return () =>
      new Promise<ProbeOutcome>((resolve) => {
        child.once("message", (outcome) => resolve(outcome as ProbeOutcome));
        child.send({ type: "stop" });
      });
  }

  type Phase = (typeof phases)[number];

  /**
   * Runs `work` while /healthz is probed, RSS sampled and the other seller uploads its small file again and again,
   * from `smallUploadsAfterMs` on (once the abusive request is under way: a flood's is at once; null: none).
   */
  async function phase(name: string, work: () => Promise<Worked>, smallUploadsAfterMs: number | null = 300): Promise<Phase> {
    const { mainHeapBytes: startHeap } = await portalMetrics();
    const stopProbe = await startProbe();
    const startRss = rss();
    const startCpu = threadCpu();
    let peak = startRss;
    let readersMax = readerThreads();
    const sampler = setInterval(() => {
      peak = Math.max(peak, rss());
      readersMax = Math.max(readersMax, readerThreads());
    }, 10);
    const started = performance.now();
    let done = false;
    const smallRuns: { start: number; end: number; ms: number }[] = [];
    let smallFailures = 0;
    const smallLoop = (async () => {
      if (smallUploadsAfterMs === null) return;
      await new Promise((resolve) => setTimeout(resolve, smallUploadsAfterMs));
      while (!done && alive()) {
        const start = epochNow();
        const ms = await smallUpload();
        if (ms === null) smallFailures++;
        else smallRuns.push({ start, end: epochNow(), ms });
      }
    })();
    const { outcome, csvBytes, underWay, attackerCpuSeconds } = alive() ? await work() : { outcome: "skipped: the portal is gone", csvBytes: 0, underWay: [] };
    const seconds = (performance.now() - started) / 1000;
    done = true;
    await smallLoop;
    const endCpu = threadCpu();
    clearInterval(sampler);
    peak = Math.max(peak, rss());
    const { loopDelayMaxMs, mainHeapBytes } = await portalMetrics();
    return {
      name,
      outcome,
      seconds,
      health: await stopProbe(),
      growthBytes: peak - startRss,
      mainHeapGrowthBytes: mainHeapBytes - startHeap,
      readersMax,
      smallMs: smallRuns.map((run) => run.ms),
      duringMs: smallRuns.filter((run) => underWay.length === 0 || underWay.some(([start, end]) => run.start < end && start < run.end)).map((run) => run.ms),
      smallFailures,
      loopDelayMs: loopDelayMaxMs,
      cpu: {
        main: endCpu.main - startCpu.main,
        readers: endCpu.readers - startCpu.readers,
        v8: endCpu.v8 - startCpu.v8,
        other: endCpu.other - startCpu.other,
        sandbox: endCpu.sandbox - startCpu.sandbox,
        attacker: attackerCpuSeconds ?? NaN,
      },
      csvBytes,
    };
  }

  // Warm-up: both sellers' first uploads start what the portal starts once.
  for (let i = 0; i < 3; i++) if ((await smallUpload()) === null) throw new Error("the small upload fails with nothing else running");

  phases.push(
    await phase("nothing else (baseline)", async () => {
      await new Promise((resolve) => setTimeout(resolve, 4000));
      return { outcome: "-", csvBytes: 0, underWay: [] };
    }),
  );
  const bombUploads: Abuse = { kind: "bombUploads", page: "/upload/catalog" };
  phases.push(await phase(BOMB_APART, await flood(bombUploads, PAUSE_MS), 0));
  phases.push(await phase(BOMB_FLOOD, await flood(bombUploads), 0));
  phases.push(await phase(SOUND_APART, await flood({ kind: "catalogueUploads", page: "/upload/catalog", bytes: bomb.length }, PAUSE_MS), 0));

  // The bomb as stored before the portal read with a budget: straight at the service.
  const storedForm = new FormData();
  storedForm.set("type", "XLSX");
  storedForm.set("file", new Blob([new Uint8Array(bomb)]), "katalog.xlsx");
  const stored = await service(attackerToken, "/me/seller/file", { method: "POST", body: storedForm });
  const storedId = ((await stored.json()) as { id: string }).id;
  const bombCsv: Abuse = { kind: "problemsCsv", page: "/upload/catalog", fileId: storedId };
  phases.push(await phase(CSV_APART, await flood(bombCsv, PAUSE_MS), 0));
  phases.push(await phase(CSV_FLOOD, await flood(bombCsv), 0));

  /** The other seller's upload started as one request of `abuse` is sent (none: alone), PAIRS times, PAIR_PAUSE_MS apart. */
  async function beside(label: string, abuse: Abuse | null): Promise<void> {
    const attacker = abuse ? await attackerProcess(abuse) : null;
    const ms: number[] = [];
    try {
      for (let pair = 0; pair < PAIRS && alive(); pair++) {
        const other = attacker ? await attacker.one() : null;
        const time = await smallUpload();
        await other?.finished;
        if (time !== null) ms.push(time);
        await new Promise((resolve) => setTimeout(resolve, PAIR_PAUSE_MS));
      }
    } finally {
      attacker?.stop();
    }
    pairs.push({ label, ms });
  }
  await beside(ALONE, null);
  await beside(BESIDE_BOMB, bombUploads);
  await beside(BESIDE_SOUND, { kind: "catalogueUploads", page: "/upload/catalog", bytes: bomb.length });
  await beside("beside its problems CSV", bombCsv);
  const problemsForm = new FormData();
  problemsForm.set("type", "CSV");
  problemsForm.set("file", new Blob([new Uint8Array(problemInEveryRowCsv(300_000))]), "katalog.csv");
  const problemsStored = await service(attackerToken, "/me/seller/file", { method: "POST", body: problemsForm });
  const problemsId = ((await problemsStored.json()) as { id: string }).id;
  const longCsv: Abuse = { kind: "problemsCsv", page: "/upload/catalog", fileId: problemsId };
  phases.push(await phase(LONG_CSV, await flood(longCsv), 0));
  phases.push(await phase("the same, nothing else", await flood(longCsv), null));
  phases.push(
    await phase("CSV with a 100 MB line", () =>
      once(async () => {
        const boundary = "----bench-long-line";
        const answer = await upload(attacker, "/upload/catalog", streamedFileForm(boundary, "katalog.csv", "text/csv", longLineCsv()), boundary);
        return `${answer.status} ${answer.ok ? "stored" : (answer.message ?? "").slice(0, 60)}`;
      }),
    ),
  );
  phases.push(
    await phase("CSV with a million columns", () =>
      once(async () => {
        const answer = await upload(attacker, "/upload/catalog", form("katalog.csv", manyColumnsCsv()));
        if (answer.fileId) await service(attackerToken, `/me/seller/file?fileId=${answer.fileId}`, { method: "DELETE" });
        return `${answer.status} ${answer.ok ? "stored" : (answer.message ?? "").slice(0, 60)}`;
      }),
    ),
  );
  finalRss = rss();
  if (!alive())
    console.log(
      `\nThe portal ended during the run (exit ${stack.process.child.exitCode ?? stack.process.child.signalCode}); its last output:\n${stack.process.output().slice(-3000)}`,
    );
} finally {
  await stack.process.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const baselineSmall = quantile(phases[0]!.smallMs, 0.5);
/** The other seller's uploads that overlapped the phase's abusive requests: p50 ms, against the baseline's, and how many. */
const during = (run: (typeof phases)[number]) => {
  const p50 = quantile(run.duringMs, 0.5);
  return { p50, ratio: p50 / baselineSmall, n: run.duringMs.length };
};
console.log(`\nXLSX bomb: ${(bomb.length / 1024).toFixed(0)} KB; the other seller's upload: ${(small.length / 1024).toFixed(1)} KB`);
console.log(
  "during".padEnd(34),
  "outcome".padEnd(64),
  "s".padStart(6),
  "healthz p50/p99/max ms".padStart(24),
  "fail".padStart(5),
  "loop delay max ms".padStart(18),
  "RSS +MB".padStart(8),
  "main heap +MB".padStart(14),
  "readers".padStart(8),
  "small upload during it: p50 ms (ratio)".padStart(40),
);
for (const run of phases) {
  const { name, outcome, seconds, health, growthBytes, mainHeapGrowthBytes, readersMax, smallMs, smallFailures, loopDelayMs } = run;
  const h = health.latenciesMs;
  const { p50, ratio, n } = during(run);
  console.log(
    name.padEnd(34),
    outcome.padEnd(64),
    seconds.toFixed(1).padStart(6),
    `${quantile(h, 0.5).toFixed(1)}/${quantile(h, 0.99).toFixed(1)}/${Math.max(...h).toFixed(1)}`.padStart(24),
    String(health.failures).padStart(5),
    loopDelayMs.toFixed(1).padStart(18),
    (growthBytes / 1_000_000).toFixed(1).padStart(8),
    (mainHeapGrowthBytes / 1_000_000).toFixed(1).padStart(14),
    String(readersMax).padStart(8),
    `${p50.toFixed(0)} (${ratio.toFixed(2)}, n=${n} of ${smallMs.length}${smallFailures ? `, ${smallFailures} failed` : ""})`.padStart(40),
  );
}
console.log(
  "\nCPU s of the portal's threads".padEnd(34),
  "main".padStart(8),
  "readers".padStart(8),
  "V8Worker".padStart(9),
  "other".padStart(8),
  "| sandbox".padStart(10),
  "attacker".padStart(9),
);
for (const { name, cpu } of phases)
  console.log(
    name.padEnd(34),
    cpu.main.toFixed(2).padStart(8),
    cpu.readers.toFixed(2).padStart(8),
    cpu.v8.toFixed(2).padStart(9),
    cpu.other.toFixed(2).padStart(8),
    `| ${cpu.sandbox.toFixed(2)}`.padStart(10),
    (Number.isNaN(cpu.attacker) ? "-" : cpu.attacker.toFixed(2)).padStart(9),
  );
for (const { name, cpu, csvBytes } of phases.filter((run) => run.csvBytes > 0 && run.smallMs.length === 0)) {
  console.log(`${name}: ${(csvBytes / MiB).toFixed(1)} MiB of problems CSV; main thread ${((cpu.main * 1000) / (csvBytes / MiB)).toFixed(2)} ms CPU per MiB`);
}
console.log(
  `\nportal RSS at the end: ${(finalRss / 1_000_000).toFixed(1)} MB; load average (1 min) before: ${loadBefore.toFixed(2)}, after: ${loadavg()[0]!.toFixed(2)}`,
);
const alone = quantile(pairs.find((pair) => pair.label === ALONE)?.ms ?? [], 0.5);
console.log(`\nThe other seller's upload started together with one other request (p50 ms, against alone):`);
for (const { label, ms } of pairs)
  console.log(`  ${label.padEnd(34)} ${quantile(ms, 0.5).toFixed(1).padStart(6)} (${(quantile(ms, 0.5) / alone).toFixed(2)}, n=${ms.length})`);
console.log();

/** The bounds for a bomb and its problems CSV, over the phases named. */
function bounds(label: string, names: string[]) {
  const runs = phases.filter((run) => names.includes(run.name));
  if (runs.length === 0) return;
  const healthMax = Math.max(...runs.flatMap((run) => run.health.latenciesMs));
  const growthMax = Math.max(...runs.map((run) => run.growthBytes));
  const slowest = runs.map(during).reduce((worst, next) => (next.ratio > worst.ratio ? next : worst));
  const loopMax = Math.max(...runs.map((run) => run.loopDelayMs));
  console.log(
    `${label}: /healthz max ${healthMax.toFixed(1)} ms (target < 100) ${healthMax < 100 ? "ok" : "MISSED"}; ` +
      `RSS growth max ${(growthMax / 1_000_000).toFixed(1)} MB (target < 64) ${growthMax < 64_000_000 ? "ok" : "MISSED"}; ` +
      `another seller's small upload during them, p50 / without: ${slowest.ratio.toFixed(2)} (n=${slowest.n}); ` +
      `event loop delay max ${loopMax.toFixed(1)} ms (nothing else: ${phases[0]!.loopDelayMs.toFixed(1)} ms)`,
  );
}
bounds(`bombs and their CSV one at a time (${PAUSE_MS} ms apart)`, [BOMB_APART, CSV_APART]);
bounds("bombs and their CSV back to back (the upload limit lifted)", [BOMB_FLOOD, CSV_FLOOD]);
bounds("a long problems CSV", [LONG_CSV]);
const pairP50 = (label: string) => quantile(pairs.find((pair) => pair.label === label)?.ms ?? [], 0.5);
console.log(
  `another seller's small upload started beside a bomb: ${(pairP50(BESIDE_BOMB) / alone).toFixed(2)} × alone, ` +
    `${(pairP50(BESIDE_BOMB) / pairP50(BESIDE_SOUND)).toFixed(2)} × beside a sound CSV of the bomb's size`,
);
