/**
 * A large catalogue's products and its corrected file (issue 35): the
 * generated CSV the catalogue benchmarks use (1 GiB by default, about 5
 * million rows) uploaded through the portal and read, its products index
 * written by the first products view, 10,000 corrections saved; then
 *
 * - pages of 50 products through the portal, from a load generator in a
 *   process of its own (bench/support/load-generator.ts): the first page,
 *   the last, a filtered first and last page (status "needs a fix", and a
 *   problem kind alone and with a status), a search by EAN and by a part of
 *   the title (a word of 10,000 titles, first and last page; a word of every
 *   title with a kind, last page); each with its 95th percentile (target ≤ 1 s; the last page at
 *   most 1.5 × the first) and the portal's RSS growth while they run
 *   (target ≤ 64 MB: its highest RSS over its working size, the RSS after a
 *   warm-up of the same load), and the sandbox's CPU per page answered; and
 *   where the memory is (V8's heap through the portal's inspector): what the
 *   portal holds after full collections before the warm-up and after the
 *   last scenario, and each scenario's heap at its start and end;
 * - the corrected file through the portal against the uncorrected file
 *   through the portal, in the same run, rounds alternating: throughput
 *   ratio corrected ÷ uncorrected (target ≥ 0.8) and RSS growth (≤ 64 MB),
 *   and the CPU the portal, the sandbox and the reading client (a process
 *   of its own, bench/support/download-reader.ts) spent on each; the
 *   length and sha-256 of both files as the warm-up read them.
 *
 * Run: `npm run bench:catalogue-products` (BENCH_CATALOGUE_MIB=… for another
 * size, BENCH_CORRECTIONS=… for another number of corrections,
 * BENCH_ROUNDS=… for the downloads' rounds, BENCH_PAGE_REQUESTS=… per page,
 * BENCH_PORTAL_CPU_PROF=<dir> for a CPU profile of the portal,
 * BENCH_WARM_UP_REQUESTS=… for the warm-up's requests (1,000), BENCH_SETTLED=1
 * for a second pass of the pages, each from a collected heap,
 * BENCH_ONLY=download for the downloads alone: the file uploaded, indexed and
 * corrected as always, the pages of 50 skipped).
 * Everything it writes (the sandbox's database and files) is removed at the end.
 */
import { fork } from "node:child_process";
import { randomInt } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { testPorts } from "../tests/support/ports.ts";
import { DEPLOYED_UPLOAD_MAX_BYTES, startDeployedStack } from "./support/as-deployed.ts";
import { catalogueSeller } from "./support/catalogue-seller.ts";
import { CATALOGUE_CSV_HEADER, catalogueRowsBlock } from "./support/catalogue-rows.ts";
import type { LoadJob, LoadMessage, LoadOutcome } from "./support/load-generator.ts";
import type { DownloadJob, DownloadMessage, DownloadOutcome } from "./support/download-reader.ts";
import { connectInspector } from "./support/inspector.ts";
import { childPids, cpuSeconds, timed, withPeakRss } from "./support/process-stats.ts";

const MiB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_CATALOGUE_MIB ?? 1024) * MiB;
const CORRECTIONS = Number(process.env.BENCH_CORRECTIONS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGE_REQUESTS = Number(process.env.BENCH_PAGE_REQUESTS ?? 200);
const PAGES = process.env.BENCH_ONLY !== "download";
/** Users asking for pages at once, each on a connection of its own. */
const USERS = 4;
const WARM_UP_REQUESTS = Number(process.env.BENCH_WARM_UP_REQUESTS ?? 1000);
/** BENCH_SETTLED=1: a second pass of the scenarios, each from a collected heap (full collections before and after it). */
const SETTLED = process.env.BENCH_SETTLED === "1";
const SELLER = "seller.catalogue@example.com";
function multipartCatalogue(boundary: string, size: number): ReadableStream<Uint8Array> {
  const block = catalogueRowsBlock();
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-products.csv"\r\nContent-Type: text/csv\r\n\r\n${CATALOGUE_CSV_HEADER}`,
  );
  let sent = 0;
  let stage: "head" | "body" | "tail" | "done" = "head";
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === "head") {
        controller.enqueue(head);
        stage = "body";
      } else if (stage === "body") {
        controller.enqueue(block);
        sent += block.length;
        if (sent + block.length > size) stage = "tail";
      } else if (stage === "tail") {
        controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
        stage = "done";
      } else controller.close();
    },
  });
}

function generate(job: LoadJob): Promise<LoadOutcome> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(import.meta.dirname, "support/load-generator.ts"), { stdio: ["ignore", "inherit", "inherit", "ipc"] });
    child.on("message", (message: LoadMessage) => {
      if (message.type === "done") resolve(message.outcome);
    });
    child.on("exit", (code) => (code === 0 ? undefined : reject(new Error(`the load generator ended with ${code}`))));
    child.send(job);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const mb = (bytes: number) => (bytes / 1_000_000).toFixed(1);

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-products-"));
const ports = testPorts(3470, 4470);
const inspectPort = ports.portalPort + 5;
const stack = await startDeployedStack("bench:catalogue-products", {
  ...ports,
  sandbox: { SANDBOX_DB: path.join(dataDir, "sandbox.sqlite") },
  env: {
    CATALOGUE_UPLOADS_PER_MINUTE: { value: "1000", why: "the benchmark reads the stored file again round after round" },
    ...(SIZE * 2 > DEPLOYED_UPLOAD_MAX_BYTES
      ? { CATALOGUE_UPLOAD_MAX_BYTES: { value: String(SIZE * 2), why: "BENCH_CATALOGUE_MIB asks for a file above the deployed limit" } }
      : {}),
  },
  nodeArgs: [
    ...(PAGES ? [{ value: `--inspect=127.0.0.1:${inspectPort}`, why: "the pages' memory: V8's heap figures and full collections through the inspector" }] : []),
    ...(process.env.BENCH_PORTAL_CPU_PROF
      ? [
          { value: "--cpu-prof", why: "BENCH_PORTAL_CPU_PROF: a CPU profile of the portal, written when it stops" },
          { value: `--cpu-prof-dir=${process.env.BENCH_PORTAL_CPU_PROF}`, why: "where the profile goes" },
        ]
      : []),
  ],
});
/** The downloads' reading client (bench/support/download-reader.ts). */
const reader = fork(path.join(import.meta.dirname, "support/download-reader.ts"), { stdio: ["ignore", "inherit", "inherit", "ipc"] });
/** The portal's inspector, while the pages run: closed before the portal stops, which waits for its client to let go. */
let inspector: Awaited<ReturnType<typeof connectInspector>> | undefined;
try {
  const pid = stack.process.child.pid!;
  const { browser, service } = await catalogueSeller(stack, SELLER);

  // The file, uploaded and read through the portal as a seller does.
  const boundary = `----WebKitFormBoundary${Array.from({ length: 16 }, () => "abcdefghijklmnop"[randomInt(16)]).join("")}`;
  const upload = await timed(async () => {
    const response = await browser.request(`${stack.portalUrl}/upload/catalog/file`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body: multipartCatalogue(boundary, SIZE),
      duplex: "half",
    } as RequestInit);
    const answer = (await response.json()) as { ok: boolean; fileId?: string; message?: string };
    if (!answer.ok || !answer.fileId) throw new Error(`upload: ${response.status} ${answer.message}`);
    return answer.fileId;
  });
  const fileId = upload.result;
  console.log(`uploaded and read ${(SIZE / MiB).toFixed(0)} MiB in ${upload.seconds.toFixed(1)} s`);

  // The first products view writes the index (a reading of the stored file).
  // Through node:http, which waits for the answer as long as it takes: fetch gives up after 5 minutes without headers,
  // and a large file's index takes longer on a loaded machine.
  const indexed = await timed(async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const sent = httpRequest(
        `${stack.portalUrl}/upload/catalog/products?fileId=${fileId}`,
        { headers: { Cookie: `sp_session=${browser.cookie(new URL(stack.portalUrl).host, "sp_session")}`, "User-Agent": "bench:catalogue-products" } },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
          response.on("error", reject);
        },
      );
      sent.on("error", reject);
      sent.end();
    });
    if (status !== 200) throw new Error(`first products view: ${status}`);
  });
  const firstPage = (await (await service(`/me/seller/file/products?fileId=${fileId}&page=1&pageSize=50`)).json()) as {
    pages: number;
    counts: { products: number; needsFix: number };
  };
  console.log(
    `products index written by the first view in ${indexed.seconds.toFixed(1)} s: ${firstPage.counts.products} products, ${firstPage.counts.needsFix} need a fix`,
  );

  // 10,000 corrections, spread over the file, saved straight at the service (their own round trip is the integration tests').
  const step = Math.max(1, Math.floor(firstPage.counts.products / CORRECTIONS));
  const saved = await timed(async () => {
    for (let start = 0; start < CORRECTIONS; start += 16)
      await Promise.all(
        Array.from({ length: Math.min(16, CORRECTIONS - start) }, async (_, offset) => {
          const row = 2 + (start + offset) * step;
          const response = await service(`/me/seller/file/product?fileId=${fileId}`, {
            method: "POST",
            body: JSON.stringify({ type: "correct", row, version: 0, values: { title: `Artikel ${row}; korrigiert "neu"` }, problems: [] }),
          });
          if (response.status !== 200) throw new Error(`correction of row ${row}: ${response.status} ${await response.text()}`);
        }),
      );
  });
  console.log(`${CORRECTIONS} corrections saved in ${saved.seconds.toFixed(1)} s`);
  // The last page needing a fix as it is now: each correction took its product out of "needs a fix" (counted before
  // them, the page asked for was after the last one, and a page that is not there cost nothing).
  const needingFix = (await (await service(`/me/seller/file/products?fileId=${fileId}&page=1&pageSize=50&status=NEEDS_FIX`)).json()) as { pages: number };
  const needsFixPages = needingFix.pages;
  // A problem kind (the generated EANs' check digits are mostly wrong), filtered alone: its last page as it is now.
  const KIND = "EAN_CHECK_DIGIT";
  const ofKind = (await (await service(`/me/seller/file/products?fileId=${fileId}&page=1&pageSize=50&kind=${KIND}`)).json()) as { pages: number };
  const kindPages = ofKind.pages;
  // A part of the title: a word the corrections wrote (10,000 products), and a word every title has, with a kind.
  const pagesOf = async (query: string) =>
    ((await (await service(`/me/seller/file/products?fileId=${fileId}&page=1&pageSize=50&${query}`)).json()) as { pages: number }).pages;
  const wordPages = await pagesOf("q=korrigiert");
  const commonPages = await pagesOf(`q=sortiment&kind=${KIND}`);

  // Pages of 50 through the portal, from a load generator in its own process.
  const cookie = `sp_session=${browser.cookie(new URL(stack.portalUrl).host, "sp_session")}`;
  const products = `/upload/catalog/products?fileId=${fileId}`;
  const scenarios = [
    { name: "first page", path: products },
    { name: "last page", path: `${products}&page=${firstPage.pages}` },
    { name: "needs a fix, first page", path: `${products}&status=NEEDS_FIX` },
    { name: "needs a fix, last page", path: `${products}&status=NEEDS_FIX&page=${needsFixPages}` },
    { name: "kind, first page", path: `${products}&kind=${KIND}` },
    { name: "kind, last page", path: `${products}&kind=${KIND}&page=${kindPages}` },
    { name: "kind + needs a fix, last", path: `${products}&kind=${KIND}&status=NEEDS_FIX&page=${kindPages}` },
    { name: "fixed, first page", path: `${products}&fixed=1` },
    { name: "title word, first page", path: `${products}&q=korrigiert` },
    { name: "title word, last page", path: `${products}&q=korrigiert&page=${wordPages}` },
    { name: "common word + kind, last", path: `${products}&q=sortiment&kind=${KIND}&page=${commonPages}` },
    { name: "search by EAN", path: `${products}&q=4006381000007` },
  ];
  type Memory = NodeJS.MemoryUsage;
  type Result = {
    name: string;
    p50: number;
    p95: number;
    errors: number;
    /** Peak RSS over RSS at the start, and the peak. */
    growth: number;
    peak: number;
    sandboxCpuMs: number;
    /** process.memoryUsage() at the start, at the end (before any collection), and after two full collections at the end. */
    start: Memory;
    end: Memory;
    held: Memory;
  };
  const sandboxPid = childPids(pid)[0]!;
  inspector = PAGES ? await connectInspector(inspectPort) : undefined;
  /** Two full collections (what the first finalizes goes with the second), then the process's memory. */
  const settle = async () => {
    await inspector!.collectGarbage();
    await inspector!.collectGarbage();
    return inspector!.memoryUsage();
  };
  // What the portal holds before any page (after full collections), then the warm-up: the measured pages' own load (4
  // users at once, each going round every scenario), WARM_UP_REQUESTS in all, until the portal is at its working size:
  // code optimised, and V8's heap grown to what it keeps under this load. With --heap-growing-percent=100 (Dockerfile)
  // V8 lets the old generation grow to twice what survived its last full collection before it collects again; under
  // 4 pages at once their objects outlive the young generation's collections, and the heap stays at about 3.5 times
  // what is alive (bench/README.md, "The portal's memory while it serves pages"). The warm-up used to be 60 requests of
  // one user: the heap then grew to its working size during the first measured scenarios, counted as their growth.
  const heldBefore = PAGES ? await settle() : undefined;
  if (PAGES)
    await generate({
      url: stack.portalUrl,
      users: Array.from({ length: USERS }, (_, user) => ({
        kind: "warm-up",
        cookie,
        // Each user starts at another scenario, so that the slow ones do not run four at once.
        requests: [...scenarios.slice(user * 3), ...scenarios.slice(0, user * 3)].map(({ path }) => ({ method: "GET" as const, path, expect: 200 })),
      })),
      amount: WARM_UP_REQUESTS,
    });
  const afterWarmUp = PAGES ? await inspector!.memoryUsage() : undefined;
  /** One scenario's requests, 4 users at once; `settled`: two full collections first, so that it starts from what the portal holds. */
  const measure = async (scenario: (typeof scenarios)[number], settled: boolean): Promise<Result> => {
    const start = settled ? await settle() : await inspector!.memoryUsage();
    const sandboxCpu = cpuSeconds(sandboxPid);
    const run = await withPeakRss(pid, () =>
      generate({
        url: stack.portalUrl,
        users: Array.from({ length: USERS }, () => ({ kind: scenario.name, cookie, requests: [{ method: "GET" as const, path: scenario.path, expect: 200 }] })),
        amount: PAGE_REQUESTS,
      }),
    );
    const end = await inspector!.memoryUsage();
    const outcome = run.result;
    const errors = outcome.connectionErrors + outcome.timeouts + Object.values(outcome.unexpected).reduce((sum, count) => sum + count, 0);
    // The sandbox's CPU per page answered: what the service's query costs, apart from the portal's rendering.
    const sandboxCpuMs = ((cpuSeconds(sandboxPid) - sandboxCpu) * 1000) / Math.max(1, outcome.latenciesMs.length);
    // Held: with no request under way, after full collections; measured only where the run collects anyway (settled),
    // so that the first pass's scenarios follow each other as they always did.
    const held = settled ? await settle() : end;
    return {
      name: scenario.name,
      p50: percentile(outcome.latenciesMs, 50),
      p95: percentile(outcome.latenciesMs, 95),
      errors,
      growth: run.growth,
      peak: run.start + run.growth,
      sandboxCpuMs,
      start,
      end,
      held,
    };
  };
  // Each scenario right after the one before, RSS growth from wherever the last one left it; then what the portal holds
  // after them all (full collections, nothing under way), against what it held before the warm-up: memory kept.
  const results: Result[] = [];
  for (const scenario of PAGES ? scenarios : []) results.push(await measure(scenario, false));
  const heldAfter = PAGES ? await settle() : undefined;
  // With BENCH_SETTLED=1, a second pass: each scenario from a collected heap (two full collections before it) and what it
  // holds after (full collections again). A full collection lets V8 give its heap back, so each scenario grows it again:
  // a growth that comes back each time with the same heap held after is the heap's room for garbage, not memory kept.
  const settledResults: Result[] = [];
  for (const scenario of PAGES && SETTLED ? scenarios : []) settledResults.push(await measure(scenario, true));
  inspector?.close();
  inspector = undefined;

  // The corrected file against the file as stored, both through the portal, rounds alternating, read by a client in a
  // process of its own (bench/support/download-reader.ts): this process only measures.
  const drain = (url: string) =>
    new Promise<DownloadOutcome>((resolve, reject) => {
      const ended = (code: number | null) => reject(new Error(`download ${url}: the reading client ended with ${code}`));
      reader.once("exit", ended);
      reader.once("message", (message: DownloadMessage) => {
        reader.off("exit", ended);
        if (message.type === "failed") reject(new Error(`download ${url}: ${message.message}`));
        else if (message.outcome.status !== 200) reject(new Error(`download ${url}: ${message.outcome.status}`));
        else resolve(message.outcome);
      });
      reader.send({ url, headers: { Cookie: cookie, "User-Agent": "bench:catalogue-products" } } satisfies DownloadJob);
    });
  const plain = `${stack.portalUrl}/upload/catalog/file?fileId=${fileId}`;
  const corrected = `${stack.portalUrl}/upload/catalog/corrected?fileId=${fileId}`;
  // Warm-up of both ways, so that neither measured round pays for the code's first runs.
  const warmUp = { plain: await drain(plain), corrected: await drain(corrected) };
  type Sample = Record<"plain" | "corrected" | `${"plain" | "corrected"}${"Growth" | "PortalCpu" | "SandboxCpu" | "ReaderCpu"}` | "bytes", number>;
  const downloads: Sample[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (["plain", "corrected"] as const) : (["corrected", "plain"] as const);
    const sample = Object.fromEntries(
      ["plain", "corrected"].flatMap((side) => ["", "Growth", "PortalCpu", "SandboxCpu", "ReaderCpu"].map((figure) => [`${side}${figure}`, 0])),
    ) as Sample;
    sample.bytes = 0;
    for (const side of order) {
      // The CPU each process spent on the download (the portal's, the sandbox's, the reader's): on a shared machine the
      // throughput follows the processes' CPU shares, and these say which of them a difference comes from.
      const before = { portal: cpuSeconds(pid), sandbox: cpuSeconds(sandboxPid) };
      const run = await withPeakRss(pid, () => drain(side === "plain" ? plain : corrected));
      sample[side] = run.result.seconds;
      sample[`${side}Growth`] = run.growth;
      sample[`${side}PortalCpu`] = cpuSeconds(pid) - before.portal;
      sample[`${side}SandboxCpu`] = cpuSeconds(sandboxPid) - before.sandbox;
      sample[`${side}ReaderCpu`] = run.result.cpuSeconds;
      if (side === "corrected") sample.bytes = run.result.bytes;
    }
    downloads.push(sample);
  }

  console.log(`\nCatalogue of ${(SIZE / MiB).toFixed(0)} MiB (generated CSV), ${firstPage.counts.products} products, ${CORRECTIONS} corrections\n`);
  const ok = (pass: boolean) => (pass ? "ok" : "MISSED");
  if (PAGES) {
    console.log(
      "page of 50".padEnd(26),
      "p50 ms".padStart(8),
      "p95 ms".padStart(8),
      "errors".padStart(7),
      "portal RSS growth".padStart(18),
      "sandbox CPU ms/page".padStart(20),
    );
    for (const result of results)
      console.log(
        result.name.padEnd(26),
        result.p50.toFixed(0).padStart(8),
        result.p95.toFixed(0).padStart(8),
        String(result.errors).padStart(7),
        `${mb(result.growth)} MB`.padStart(18),
        result.sandboxCpuMs.toFixed(1).padStart(20),
      );
    const worstP95 = Math.max(...results.map((result) => result.p95));
    const lastOverFirst = results[1]!.p95 / results[0]!.p95;
    const filteredLastOverFirst = Math.max(results[3]!.p95 / results[2]!.p95, results[5]!.p95 / results[4]!.p95, results[9]!.p95 / results[8]!.p95);
    const pageGrowth = Math.max(...results.map((result) => result.growth));
    // The target's figure: the highest RSS of all scenarios over the portal's working size (its RSS after the warm-up).
    // A scenario's own growth counts from where the one before left it: after a slow scenario (a few pages a second) V8
    // may have given heap back, which the next one takes again, up to the working size, not beyond it.
    const overWorkingSize = Math.max(...results.map((result) => result.peak)) - afterWarmUp!.rss;
    console.log(`\nworst p95 of a page: ${worstP95.toFixed(0)} ms (target ≤ 1000 ms) ${ok(worstP95 <= 1000)}`);
    console.log(
      `last page ÷ first page (p95): ${lastOverFirst.toFixed(2)}, filtered ${filteredLastOverFirst.toFixed(2)} (target ≤ 1.5) ${ok(Math.max(lastOverFirst, filteredLastOverFirst) <= 1.5)}`,
    );
    console.log(
      `portal RSS growth while pages are served, its highest RSS over its working size after the warm-up: ${mb(overWorkingSize)} MB ` +
        `(target ≤ 64 MB) ${ok(overWorkingSize <= 64_000_000)}; the most one scenario grew from where the one before left it: ${mb(pageGrowth)} MB`,
    );

    // Where the memory is: V8's heap as large as V8 keeps it (total) and in use, and outside it (external: buffers).
    const figures = (memory: Memory) => `${mb(memory.rss)}/${mb(memory.heapTotal)}/${mb(memory.heapUsed)}/${mb(memory.external)}`;
    console.log(
      `\nthe portal's memory, MB as RSS/heap total/heap used/external: held before the warm-up (full collections) ${figures(heldBefore!)}, ` +
        `after the warm-up (${WARM_UP_REQUESTS} requests, ${USERS} users: the working size) ${figures(afterWarmUp!)}, held after the last scenario ${figures(heldAfter!)}`,
    );
    console.log(
      `heap in use after full collections, before the warm-up → after the last scenario: ${mb(heldBefore!.heapUsed)} → ${mb(heldAfter!.heapUsed)} MB ` +
        `(what the portal keeps: it serves ${WARM_UP_REQUESTS + results.length * PAGE_REQUESTS} pages in between)`,
    );
    console.log("page of 50".padEnd(26), "start".padStart(24), "end".padStart(24), "RSS growth".padStart(11));
    for (const result of results)
      console.log(result.name.padEnd(26), figures(result.start).padStart(24), figures(result.end).padStart(24), mb(result.growth).padStart(11));
    if (settledResults.length > 0) {
      console.log(
        "\nfrom a collected heap".padEnd(27),
        "start (collected)".padStart(24),
        "end".padStart(24),
        "held after".padStart(24),
        "RSS growth".padStart(11),
      );
      for (const result of settledResults)
        console.log(
          result.name.padEnd(26),
          figures(result.start).padStart(24),
          figures(result.end).padStart(24),
          figures(result.held).padStart(24),
          mb(result.growth).padStart(11),
        );
      console.log(
        "(a full collection lets V8 give its heap back; each scenario grows it again to its room for garbage: not memory the portal keeps, which is the held figure)",
      );
    }
  } else console.log("pages of 50: not measured (BENCH_ONLY=download)");

  console.log(
    `\n${"round".padEnd(6)} ${"MiB/s as stored / corrected".padStart(28)} ${"corrected÷stored".padStart(17)} ${"RSS growth stored / corrected".padStart(30)}`,
    `${"CPU s/GiB as stored / corrected: portal, sandbox, reader".padStart(59)}`,
  );
  const perGiB = (seconds: number) => ((seconds * 1024 * MiB) / SIZE).toFixed(2);
  for (const [index, sample] of downloads.entries())
    console.log(
      String(index + 1).padEnd(6),
      `${(SIZE / MiB / sample.plain).toFixed(0)} / ${(SIZE / MiB / sample.corrected).toFixed(0)}`.padStart(28),
      (sample.plain / sample.corrected).toFixed(2).padStart(17),
      `${mb(sample.plainGrowth)} / ${mb(sample.correctedGrowth)} MB`.padStart(30),
      (["Portal", "Sandbox", "Reader"] as const)
        .map((process) => `${perGiB(sample[`plain${process}Cpu`])} / ${perGiB(sample[`corrected${process}Cpu`])}`)
        .join(", ")
        .padStart(59),
    );
  const cpuRatio = (process: "Portal" | "Sandbox" | "Reader") =>
    (
      downloads.reduce((sum, sample) => sum + sample[`corrected${process}Cpu`], 0) / downloads.reduce((sum, sample) => sum + sample[`plain${process}Cpu`], 0)
    ).toFixed(2);
  console.log(`CPU corrected ÷ as stored over all rounds: portal ${cpuRatio("Portal")}, sandbox ${cpuRatio("Sandbox")}, reader ${cpuRatio("Reader")}`);
  const ratio = downloads.reduce((sum, sample) => sum + sample.plain, 0) / downloads.reduce((sum, sample) => sum + sample.corrected, 0);
  const correctedGrowth = Math.max(...downloads.map((sample) => sample.correctedGrowth));
  console.log(`\ncorrected file throughput ÷ the file as stored, over all rounds: ${ratio.toFixed(2)} (target ≥ 0.8) ${ok(ratio >= 0.8)}`);
  console.log(`portal RSS growth while the corrected file streams: ${mb(correctedGrowth)} MB (target ≤ 64 MB) ${ok(correctedGrowth <= 64_000_000)}`);
  for (const side of ["plain", "corrected"] as const)
    console.log(`${side === "plain" ? "file as stored" : "corrected file"}: ${warmUp[side].bytes} bytes, sha-256 ${warmUp[side].digest}`);
} finally {
  inspector?.close();
  if (reader.connected) reader.disconnect();
  await stack.process.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
