/**
 * The corrected file's writer alone, without the sandbox's index and the
 * sign-in (bench:catalogue-products measures the whole way): a generated CSV
 * (the rows of bench:catalogue-products) served from disk by a bare file
 * server, streamed through a portal-shaped hop (the upstream socket reading
 * into one buffer, each chunk held, `writeGivingBack` to the browser's
 * socket) as stored and corrected, rounds alternating, drained by this
 * process. Prints the hop's CPU seconds per GiB (all its threads, its main
 * thread, V8's collections' pauses with the number of full ones), its page
 * faults per GiB (memory the allocator took anew from the system), the
 * wall-clock throughput of both and their ratios; and the sha-256 of both
 * files as the warm-up received them (hashed there only, so that no timed
 * round pays for it), to compare a change of the writing against the output
 * before it. The hop's CPU moves less with the machine's load than the
 * throughput does, but a download that pays page faults for every few
 * chunks costs twice the CPU of one that does not (bench/README.md, ADR 034).
 *
 * Run: `node bench/corrected-stream.ts` (BENCH_CATALOGUE_MIB=… the size, 256
 * by default; BENCH_CORRECTIONS=… spread evenly over the rows, 10,000 a GiB
 * by default as in the target; BENCH_ROUNDS=… 5 by default;
 * BENCH_PORTAL_CPU_PROF=<dir> for the hop's CPU profiles, one a download:
 * `stored-<n>.cpuprofile` and `corrected-<n>.cpuprofile`, n = 0 the warm-up's).
 */
import { fork, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, get, type IncomingMessage } from "node:http";
import { PerformanceObserver, constants as performanceConstants } from "node:perf_hooks";
import net from "node:net";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { holdEachChunk, writeGivingBack } from "#app/services/http/chunk-leases.server.ts";
import { responseWithNodeBody, webHeaders } from "#app/services/http/node-body.server.ts";
import { correctedFileStream } from "#app/services/catalogue/corrected-file.server.ts";
import type { FileCorrections } from "#contract/catalogue-corrections.ts";
import { CATALOGUE_CSV_HEADER, catalogueRowsBlock } from "./support/catalogue-rows.ts";

const MiB = 1024 * 1024;
const role = process.argv[2];

if (role === "source") {
  // The stored file, as a store sends it.
  const file = process.argv[3]!;
  const size = statSync(file).size;
  const server = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/csv", "Content-Length": size, "Content-Disposition": 'attachment; filename="bench.csv"' });
    createReadStream(file).pipe(response);
  });
  server.listen(0, "127.0.0.1", () => process.send!({ port: (server.address() as net.AddressInfo).port }));
  process.on("disconnect", () => process.exit(0));
} else if (role === "hop") {
  const sourcePort = Number(process.argv[3]);
  // The corrections come by message (10,000 of them are more than an argument may hold).
  const corrections = await new Promise<FileCorrections>((resolve) => process.once("message", (message) => resolve(message as FileCorrections)));
  const download = () =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const buffer = Buffer.allocUnsafe(64 * 1024);
      const request = get({
        host: "127.0.0.1",
        port: sourcePort,
        path: "/",
        agent: false,
        createConnection: () => {
          const socket: net.Socket = net.connect({
            host: "127.0.0.1",
            port: sourcePort,
            onread: {
              buffer,
              callback: (bytes) => {
                socket.emit("data", buffer.subarray(0, bytes));
                return true;
              },
            },
          });
          return socket;
        },
      });
      request.on("response", resolve);
      request.on("error", reject);
    });
  // Writes to the sockets (one system call each, a writev of several buffers included), counted.
  let writes = 0;
  const proto = net.Socket.prototype as unknown as Record<"_write" | "_writev", (...args: unknown[]) => unknown>;
  for (const name of ["_write", "_writev"] as const) {
    const original = proto[name];
    proto[name] = function (this: unknown, ...args: unknown[]) {
      writes++;
      return original.apply(this, args);
    };
  }
  // V8's collections while a download runs: their time, and how many were full (mark-compact) ones.
  const collections = { ms: 0, full: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      collections.ms += entry.duration;
      const detail = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail;
      if (detail?.kind === performanceConstants.NODE_PERFORMANCE_GC_MAJOR) collections.full++;
    }
  }).observe({ entryTypes: ["gc"] });
  // A profile a download, so that the stored file's and the corrected file's are read apart.
  const profiles = process.env.BENCH_PORTAL_CPU_PROF;
  const profiler = profiles ? new Session() : null;
  profiler?.connect();
  await profiler?.post("Profiler.enable");
  const downloads = { plain: 0, corrected: 0 };
  const server = createServer(async (request, response) => {
    const side = request.url === "/plain" ? "plain" : "corrected";
    await profiler?.post("Profiler.start");
    const started = process.cpuUsage();
    const mainStarted = process.threadCpuUsage();
    const faultsBefore = process.resourceUsage().minorPageFault;
    const writesBefore = writes;
    const collectionsBefore = { ...collections };
    response.on("finish", async () => {
      const used = process.cpuUsage(started);
      const main = process.threadCpuUsage(mainStarted);
      const faults = process.resourceUsage().minorPageFault - faultsBefore;
      if (profiler) {
        const { profile } = await profiler.post("Profiler.stop");
        writeFileSync(path.join(profiles!, `${side === "plain" ? "stored" : "corrected"}-${downloads[side]++}.cpuprofile`), JSON.stringify(profile));
      }
      // The observer is told of a collection a little later: its last ones are counted once they are in.
      await new Promise((resolve) => setImmediate(resolve));
      process.send!({
        cpu: (used.user + used.system) / 1e6,
        main: (main.user + main.system) / 1e6,
        faults,
        writes: writes - writesBefore,
        gc: (collections.ms - collectionsBefore.ms) / 1000,
        fullGcs: collections.full - collectionsBefore.full,
      });
    });
    const incoming = await download();
    if (side === "plain") {
      response.writeHead(200, { "Content-Length": incoming.headers["content-length"]! });
      writeGivingBack(holdEachChunk(incoming), response);
      return;
    }
    // As the portal does: the download's own stream as the writing asks for it (unheld: the writer holds its chunks).
    const { stream } = await correctedFileStream(
      {
        corrections,
        download: async (holdChunks) =>
          responseWithNodeBody(holdChunks ? holdEachChunk(incoming) : incoming, { status: 200, headers: webHeaders(incoming.headers) }),
      },
      new AbortController().signal,
    );
    response.writeHead(200, { "Content-Type": "text/csv" });
    writeGivingBack(stream, response);
  });
  server.listen(0, "127.0.0.1", () => process.send!({ port: (server.address() as net.AddressInfo).port }));
  process.on("disconnect", () => process.exit(0));
} else {
  const size = Number(process.env.BENCH_CATALOGUE_MIB ?? 256) * MiB;
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
  const block = catalogueRowsBlock();
  const blocks = Math.floor(size / block.length);
  const rowsPerBlock = block.toString("latin1").split("\r\n").length - 1;
  const dir = mkdtempSync(path.join(tmpdir(), "bench-corrected-"));
  const file = path.join(dir, "bench.csv");
  writeFileSync(file, Buffer.concat([Buffer.from(CATALOGUE_CSV_HEADER), ...Array.from({ length: blocks }, () => block)]));
  const rows = blocks * rowsPerBlock;
  const count = Number(process.env.BENCH_CORRECTIONS ?? Math.round((10_000 * blocks * block.length) / (1024 * MiB)));
  const step = Math.max(1, Math.floor(rows / count));
  const corrections: FileCorrections = {
    fileId: "bench",
    fileName: "bench.csv",
    format: { encoding: "utf-8", delimiter: ";", headerRow: 1, sheet: null, sheets: [], detected: true },
    values: Array.from({ length: count }, (_, index) => {
      const row = 2 + index * step;
      return { row, field: "title" as const, column: "Artikelname", value: `Artikel ${row}; korrigiert "neu"` };
    }),
    rules: [],
    leftOut: [],
  };
  const started = (child: ChildProcess) => new Promise<number>((resolve) => child.once("message", (message: { port: number }) => resolve(message.port)));
  const source = fork(import.meta.filename, ["source", file], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  process.on("exit", () => source.kill());
  const sourcePort = await started(source);
  if (process.env.BENCH_PORTAL_CPU_PROF) mkdirSync(process.env.BENCH_PORTAL_CPU_PROF, { recursive: true });
  const hop = fork(import.meta.filename, ["hop", String(sourcePort)], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  hop.send(corrections);
  const hopPort = await started(hop);
  type Drained = { seconds: number; cpu: number; main: number; faults: number; bytes: number; writes: number; gc: number; fullGcs: number };
  const drain = (side: string, hash?: ReturnType<typeof createHash>) =>
    new Promise<Drained>((resolve, reject) => {
      const cpu = new Promise<Omit<Drained, "seconds" | "bytes">>((done) => hop.once("message", done));
      const start = process.hrtime.bigint();
      get({ host: "127.0.0.1", port: hopPort, path: `/${side}`, agent: false }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          hash?.update(chunk);
        });
        response.on("end", async () => resolve({ seconds: Number(process.hrtime.bigint() - start) / 1e9, ...(await cpu), bytes }));
        response.on("error", reject);
      }).on("error", reject);
    });
  try {
    const digests = { plain: createHash("sha256"), corrected: createHash("sha256") };
    const warmUp = { plain: await drain("plain", digests.plain), corrected: await drain("corrected", digests.corrected) };
    const totals = { plain: { seconds: 0, cpu: 0, main: 0 }, corrected: { seconds: 0, cpu: 0, main: 0 } };
    const gib = (blocks * block.length) / (1024 * MiB);
    console.log(`${(size / MiB).toFixed(0)} MiB, ${rows} rows, ${count} corrections (one every ${step} rows), ${rounds} rounds`);
    console.log("round   hop CPU s/GiB stored / corrected   main thread   GC s/GiB (full GCs)   MiB/s stored / corrected   page faults/GiB   socket writes");
    for (let round = 0; round < rounds; round++) {
      const sample: Record<string, Drained> = {};
      for (const side of round % 2 === 0 ? ["plain", "corrected"] : ["corrected", "plain"]) sample[side] = await drain(side);
      for (const side of ["plain", "corrected"] as const) {
        totals[side].seconds += sample[side]!.seconds;
        totals[side].cpu += sample[side]!.cpu;
        totals[side].main += sample[side]!.main;
      }
      console.log(
        String(round + 1).padEnd(8),
        `${(sample.plain!.cpu / gib).toFixed(2)} / ${(sample.corrected!.cpu / gib).toFixed(2)}`.padStart(33),
        `${(sample.plain!.main / gib).toFixed(2)} / ${(sample.corrected!.main / gib).toFixed(2)}`.padStart(13),
        `${(sample.plain!.gc / gib).toFixed(2)} (${sample.plain!.fullGcs}) / ${(sample.corrected!.gc / gib).toFixed(2)} (${sample.corrected!.fullGcs})`.padStart(
          21,
        ),
        `${((blocks * block.length) / MiB / sample.plain!.seconds).toFixed(0)} / ${((blocks * block.length) / MiB / sample.corrected!.seconds).toFixed(0)}`.padStart(
          26,
        ),
        `${Math.round(sample.plain!.faults / gib)} / ${Math.round(sample.corrected!.faults / gib)}`.padStart(17),
        `${sample.plain!.writes} / ${sample.corrected!.writes}`.padStart(15),
      );
    }
    for (const side of ["plain", "corrected"] as const)
      console.log(`${side === "plain" ? "stored" : "corrected"} file: ${warmUp[side].bytes} bytes, sha-256 ${digests[side].digest("hex")}`);
    console.log(
      `hop CPU corrected ÷ stored: ${(totals.corrected.cpu / totals.plain.cpu).toFixed(2)} (main thread ${(totals.corrected.main / totals.plain.main).toFixed(2)}); throughput corrected ÷ stored: ${(totals.plain.seconds / totals.corrected.seconds).toFixed(2)}`,
    );
  } finally {
    hop.disconnect();
    source.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}
