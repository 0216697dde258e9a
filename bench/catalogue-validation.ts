/**
 * What reading and checking a catalogue costs while it uploads: a generated
 * Windows-1252 `;` CSV (1 GiB by default, ~10 million rows, distinct valid
 * EANs with a few broken rows) uploaded through the portal twice in one
 * run, to a portal started with the inspection off and then on
 * (CATALOGUE_INSPECTION). Prints both throughputs and their ratio (target
 * ≥ 0.7), the portal's peak RSS growth with the inspection on (target
 * ≤ 64 MB, sampled from /proc/<pid>/status), its CPU time, and the rows
 * checked per second (from the analysis the portal stored). With the
 * inspection on it then uploads a generated BMEcat 1.2 catalogue (1 GiB by
 * default, BENCH_BMECAT_MIB; 0 leaves it out) and prints the portal's peak RSS
 * growth while it streams (target ≤ 64 MB), its speed and the articles read.
 * Everything it writes (the sandbox's database and files) is removed at the end.
 * Run: `npm run bench:catalogue-validation` (BENCH_CATALOGUE_MIB=… for another size).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import iconv from "iconv-lite";
import { catalogueSeller } from "./support/catalogue-seller.ts";
import { testPorts } from "../tests/support/ports.ts";
import { DEPLOYED_UPLOAD_MAX_BYTES, startDeployedStack } from "./support/as-deployed.ts";
import { streamedFileForm } from "../tests/support/streamed-form.ts";
import { bmecatCatalogue } from "./support/bmecat-catalogue.ts";
import { threadCpu, threadCpuSeconds, timed, withPeakRss } from "./support/process-stats.ts";

const MiB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_CATALOGUE_MIB ?? 1024) * MiB;
const BMECAT_SIZE = Number(process.env.BENCH_BMECAT_MIB ?? 1024) * MiB;
const SELLER = "seller.catalogue@example.com";

/** A block of about 1 MiB of rows (Windows-1252) and where each row's 13-digit EAN sits, to be numbered per block. */
function rowsTemplate(): { block: Buffer; eanOffsets: number[] } {
  const parts: Buffer[] = [];
  const eanOffsets: number[] = [];
  let length = 0;
  for (let i = 0; length < MiB; i++) {
    // Every 97th row has no category, every 89th a price that is no number: the report has something to count.
    const category = i % 97 === 0 ? "" : "Haushalt > Küche > Zubehör";
    const price = i % 89 === 0 ? "auf Anfrage" : `${(i % 500) + 1},${String(i % 100).padStart(2, "0")}`;
    const line = iconv.encode(`0000000000000;Artikel ${i} – Größe ${(i % 5) + 36}, Farbe Grün;${category};Müller & Söhne;${price};${i % 300}\r\n`, "win1252");
    eanOffsets.push(length);
    parts.push(line);
    length += line.length;
  }
  return { block: Buffer.concat(parts), eanOffsets };
}

/** Writes EAN-13 `4006` + 8 digits of `number` + its check digit at `offset`. */
function writeEan(block: Buffer, offset: number, number: number): void {
  const digits = `4006${String(number % 100_000_000).padStart(8, "0")}`;
  let sum = 0;
  for (let index = 0; index < 12; index++) sum += (digits.charCodeAt(index) - 48) * (index % 2 === 0 ? 1 : 3);
  block.write(digits + String((10 - (sum % 10)) % 10), offset, "latin1");
}

/** A multipart body carrying a generated BMEcat catalogue of about `size` bytes. */
function multipartBmecat(boundary: string, size: number, counter: { bytes: number; articles: number }): ReadableStream<Uint8Array> {
  return streamedFileForm(boundary, "bench-katalog.xml", "application/xml", bmecatCatalogue(size, counter));
}

/** A multipart body carrying about `size` bytes of the catalogue (whole rows; the sent byte count is reported). */
function multipartCatalogue(boundary: string, size: number, counter: { bytes: number; rows: number }): ReadableStream<Uint8Array> {
  const header = iconv.encode("EAN;Artikelbezeichnung;Warengruppe;Hersteller;VK-Preis brutto;Lagerbestand\r\n", "win1252");
  const { block, eanOffsets } = rowsTemplate();
  let stage: "head" | "body" | "tail" | "done" = "head";
  let blockIndex = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === "head") {
        controller.enqueue(
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-katalog.csv"\r\nContent-Type: text/csv\r\n\r\n`),
        );
        controller.enqueue(header);
        counter.bytes += header.length;
        stage = "body";
      } else if (stage === "body") {
        const part = Buffer.from(block);
        const first = blockIndex * eanOffsets.length;
        for (let row = 0; row < eanOffsets.length; row++) writeEan(part, eanOffsets[row]!, first + row);
        blockIndex++;
        controller.enqueue(part);
        counter.bytes += part.length;
        counter.rows += eanOffsets.length;
        if (counter.bytes >= size) stage = "tail";
      } else if (stage === "tail") {
        controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
        stage = "done";
      } else controller.close();
    },
  });
}

type Run = {
  mode: "off" | "on";
  seconds: number;
  bytes: number;
  rows: number;
  growth: number;
  startRss: number;
  cpu: number;
  /** CPU seconds of the portal's threads during the upload, by thread name (the main thread as "main"). */
  threads: Map<string, number>;
  rowsChecked: number | null;
  counts: Record<string, number>;
  bmecat: BmecatRun | null;
};

type BmecatRun = { seconds: number; bytes: number; articles: number; growth: number; cpu: number; rowsChecked: number; counts: Record<string, number> };

async function run(mode: "off" | "on"): Promise<Run> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-catalogue-validation-"));
  const stack = await startDeployedStack(`bench:catalogue-validation (inspection ${mode})`, {
    ...testPorts(3450, 4450),
    sandbox: { SANDBOX_DB: path.join(dataDir, "sandbox.sqlite") },
    env: {
      ...(mode === "off"
        ? { CATALOGUE_INSPECTION: { value: "off", why: "the same upload without the file reading and checks: the baseline of the ratio" } }
        : {}),
      ...(Math.max(SIZE, BMECAT_SIZE) * 2 > DEPLOYED_UPLOAD_MAX_BYTES
        ? { CATALOGUE_UPLOAD_MAX_BYTES: { value: String(Math.max(SIZE, BMECAT_SIZE) * 2), why: "the benchmark's files are above the deployed limit" } }
        : {}),
    },
  });
  try {
    const pid = stack.process.child.pid!;
    const { browser, service: call } = await catalogueSeller(stack, SELLER);
    const service = (pathAndQuery: string, method = "GET") => call(pathAndQuery, { method });

    const upload = async <Counter>(size: number, counter: Counter, body: (boundary: string, size: number, counter: Counter) => ReadableStream<Uint8Array>) => {
      const boundary = `----bench-${mode}-${size}`;
      const response = await browser.request(`${stack.portalUrl}/upload/catalog/file`, {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": `multipart/form-data; boundary=${boundary}` },
        body: body(boundary, size, counter),
        duplex: "half",
      } as RequestInit);
      const answer = (await response.json()) as { ok: boolean; fileId?: string; message?: string };
      if (!answer.ok || !answer.fileId) throw new Error(`upload (inspection ${mode}): ${response.status} ${answer.message}`);
      return answer.fileId;
    };

    // Warm-up: the portal's heap grows to working size before it is measured.
    const warmUp = await upload(32 * MiB, { bytes: 0, rows: 0 }, multipartCatalogue);
    await service(`/me/seller/file?fileId=${warmUp}`, "DELETE");

    const counter = { bytes: 0, rows: 0 };
    const threadsBefore = threadCpuSeconds(pid);
    const measured = await withPeakRss(pid, () => timed(() => upload(SIZE, counter, multipartCatalogue)));
    const threads = threadCpu(pid, threadsBefore, threadCpuSeconds(pid));
    const fileId = measured.result.result;
    let rowsChecked: number | null = null;
    let counts: Record<string, number> = {};
    if (mode === "on") {
      const analysis = (await (await service(`/me/seller/file/analysis?fileId=${fileId}`)).json()) as {
        report: { rowsChecked: number; counts: Record<string, number> };
      };
      rowsChecked = analysis.report.rowsChecked;
      counts = analysis.report.counts;
    }
    await service(`/me/seller/file?fileId=${fileId}`, "DELETE");
    let bmecat: BmecatRun | null = null;
    if (mode === "on" && BMECAT_SIZE > 0) {
      // A BMEcat catalogue streams through the same inspector: its memory is measured the same way.
      const counted = { bytes: 0, articles: 0 };
      const streamed = await withPeakRss(pid, () => timed(() => upload(BMECAT_SIZE, counted, multipartBmecat)));
      const bmecatId = streamed.result.result;
      const stored = (await (await service(`/me/seller/file/analysis?fileId=${bmecatId}`)).json()) as {
        report: { rowsChecked: number; counts: Record<string, number> };
      };
      await service(`/me/seller/file?fileId=${bmecatId}`, "DELETE");
      bmecat = {
        seconds: streamed.result.seconds,
        bytes: counted.bytes,
        articles: counted.articles,
        growth: streamed.growth,
        cpu: streamed.cpu,
        rowsChecked: stored.report.rowsChecked,
        counts: stored.report.counts,
      };
    }
    return {
      mode,
      seconds: measured.result.seconds,
      bytes: counter.bytes,
      rows: counter.rows,
      growth: measured.growth,
      startRss: measured.start,
      cpu: measured.cpu,
      threads,
      rowsChecked,
      counts,
      bmecat,
    };
  } finally {
    await stack.process.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const loadBefore = loadavg()[0]!;
const off = await run("off");
const on = await run("on");
const loadAfter = loadavg()[0]!;

const rate = (result: Run) => result.bytes / MiB / result.seconds;
const mb = (bytes: number) => (bytes / 1_000_000).toFixed(1);
const ratio = rate(on) / rate(off);

console.log(`\nCatalogue of ${(off.bytes / MiB).toFixed(0)} MiB, ${off.rows.toLocaleString("en")} rows (generated Windows-1252 CSV, ;) through the portal`);
console.log(`load average (1 min) before: ${loadBefore.toFixed(2)}, after: ${loadAfter.toFixed(2)}\n`);
console.log("upload through the portal".padEnd(30), "seconds".padStart(8), "MiB/s".padStart(8), "portal RSS growth".padStart(20), "portal CPU s".padStart(14));
for (const result of [off, on]) {
  console.log(
    `inspection ${result.mode}`.padEnd(30),
    result.seconds.toFixed(1).padStart(8),
    rate(result).toFixed(0).padStart(8),
    `${mb(result.growth)} MB`.padStart(20),
    result.cpu.toFixed(1).padStart(14),
  );
}
for (const result of [off, on]) {
  const busy = [...result.threads].filter(([, seconds]) => seconds >= 0.05).sort((a, b) => b[1] - a[1]);
  console.log(`portal CPU s by thread, inspection ${result.mode}: ${busy.map(([name, seconds]) => `${name} ${seconds.toFixed(1)}`).join(", ")}`);
}
console.log(`\nportal RSS at the start (inspection on): ${mb(on.startRss)} MB`);
console.log(`throughput ratio on/off: ${ratio.toFixed(2)} (target ≥ 0.7) ${ratio >= 0.7 ? "ok" : "MISSED"}`);
console.log(`peak RSS growth with inspection: ${mb(on.growth)} MB (target ≤ 64 MB) ${on.growth <= 64_000_000 ? "ok" : "MISSED"}`);
console.log(
  `rows checked: ${on.rowsChecked?.toLocaleString("en")} of ${on.rows.toLocaleString("en")} sent, ${Math.round((on.rowsChecked ?? 0) / on.seconds).toLocaleString("en")} rows/s`,
);
console.log(`problems counted: ${JSON.stringify(on.counts)}`);
if (on.rowsChecked !== on.rows) process.exitCode = 1;
const bmecat = on.bmecat;
if (bmecat) {
  console.log(
    `\nBMEcat 1.2 catalogue of ${(bmecat.bytes / MiB).toFixed(0)} MiB, ${bmecat.articles.toLocaleString("en")} articles (groups after the articles) through the portal, inspection on`,
  );
  console.log(`seconds: ${bmecat.seconds.toFixed(1)}, ${(bmecat.bytes / MiB / bmecat.seconds).toFixed(0)} MiB/s, portal CPU s: ${bmecat.cpu.toFixed(1)}`);
  console.log(`peak RSS growth while it streams: ${mb(bmecat.growth)} MB (target ≤ 64 MB) ${bmecat.growth <= 64_000_000 ? "ok" : "MISSED"}`);
  console.log(
    `articles read: ${bmecat.rowsChecked.toLocaleString("en")} of ${bmecat.articles.toLocaleString("en")}; problems counted: ${JSON.stringify(bmecat.counts)}`,
  );
  if (bmecat.rowsChecked !== bmecat.articles) process.exitCode = 1;
}
