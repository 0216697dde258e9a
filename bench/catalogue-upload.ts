/**
 * A large catalogue through the portal: a generated CSV (1 GiB by default)
 * uploaded through the portal to the sandbox and, in the same run, straight
 * to the sandbox; then downloaded back through the portal. Prints the
 * throughputs, their ratio, the portal's peak RSS growth while each transfer
 * runs (sampled from /proc/<pid>/status), and whether the bytes came back
 * the same (SHA-256). Targets: RSS growth ≤ 64 MB, ratio portal/direct ≥ 0.8.
 * Both sides send the same kind of body (a Chromium-shaped boundary), are
 * warmed up alike, and start each timed transfer with the disk written out;
 * the sandbox's CPU per upload is printed beside the portal's. For scale, the
 * same uploads also go through a bare Node pass-through (bench/support/
 * pass-through.ts): what any Node hop between browser and service costs here.
 * Everything it writes (the sandbox's database and files) is removed at the end.
 *
 * It measures the hand-over itself, so the portal runs with the catalogue
 * inspection off unless CATALOGUE_INSPECTION=on; the inspection's own cost is
 * what `npm run bench:catalogue-validation` measures.
 * Run: `npm run bench:catalogue` (BENCH_CATALOGUE_MIB=… for another size,
 * BENCH_ROUNDS=… for more or fewer rounds of one upload each way).
 */
import { execFileSync, spawn } from "node:child_process";
import { createHash, randomInt, type Hash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { catalogueSeller } from "./support/catalogue-seller.ts";
import { CATALOGUE_CSV_HEADER, catalogueRowsText } from "./support/catalogue-rows.ts";
import { testPorts } from "../tests/support/ports.ts";
import { waitForHttp } from "../tests/support/stack.ts";
import { DEPLOYED_UPLOAD_MAX_BYTES, startDeployedStack } from "./support/as-deployed.ts";
import { childPids, cpuSeconds, timed, withPeakRss } from "./support/process-stats.ts";

const SIZE = Number(process.env.BENCH_CATALOGUE_MIB ?? 1024) * 1024 * 1024;
const SELLER = "seller.catalogue@example.com";
const INSPECTION = process.env.CATALOGUE_INSPECTION === "on" ? "on" : "off";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MiB = 1024 * 1024;
const WARM_UP = Math.min(128 * MiB, SIZE);

/** Exactly one MiB of catalogue rows (the last cut mid-row), repeated: realistic line lengths without 1 GiB of distinct text. */
function rowsBlock(): Buffer {
  return Buffer.from(catalogueRowsText()).subarray(0, MiB);
}

/** A multipart body carrying `size` bytes of CSV, hashing the file's bytes as they are produced. */
function multipartCatalogue(boundary: string, size: number, hash: Hash, withType: boolean): ReadableStream<Uint8Array> {
  const header = Buffer.from(CATALOGUE_CSV_HEADER);
  const block = rowsBlock();
  const head = Buffer.from(
    (withType ? `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nCSV\r\n` : "") +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-catalogue.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  let sent = 0;
  let stage: "head" | "body" | "tail" | "done" = "head";
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === "head") {
        controller.enqueue(head);
        hash.update(header);
        controller.enqueue(header);
        sent = header.length;
        stage = "body";
      } else if (stage === "body") {
        const part = block.subarray(0, Math.min(block.length, size - sent));
        hash.update(part);
        controller.enqueue(part);
        sent += part.length;
        if (sent >= size) stage = "tail";
      } else if (stage === "tail") {
        controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
        stage = "done";
      } else controller.close();
    },
  });
}

const mibPerSecond = (seconds: number) => SIZE / MiB / seconds;

/** A boundary shaped like Chromium's for a FormData body (`----WebKitFormBoundary` and 16 letters or digits), for both sides alike. */
function browserBoundary(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return `----WebKitFormBoundary${Array.from({ length: 16 }, () => alphabet[randomInt(alphabet.length)]).join("")}`;
}

/**
 * Writes the page cache's dirty pages to disk before a timed transfer, so that
 * no transfer pays for the write-back of the one before it (the sandbox keeps
 * 1 GiB files; the kernel writes them out about 30 s later, in the middle of
 * whichever transfer runs then).
 */
const settleDisk = () => execFileSync("sync");

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-catalogue-"));
let stopPassThrough = () => {};
const stack = await startDeployedStack("bench:catalogue", {
  ...testPorts(3400, 4400),
  sandbox: { SANDBOX_DB: path.join(dataDir, "sandbox.sqlite") },
  env: {
    ...(INSPECTION === "off"
      ? { CATALOGUE_INSPECTION: { value: "off", why: "the stream's own cost through the portal (the inspection's: bench:catalogue-validation)" } }
      : {}),
    ...(SIZE * 2 > DEPLOYED_UPLOAD_MAX_BYTES
      ? { CATALOGUE_UPLOAD_MAX_BYTES: { value: String(SIZE * 2), why: "BENCH_CATALOGUE_MIB asks for a file above the deployed limit" } }
      : {}),
  },
});
try {
  const pid = stack.process.child.pid!;
  const { browser, token, serviceUrl } = await catalogueSeller(stack, SELLER);

  /** A file back through the portal, hashed as it arrives. */
  const downloadViaPortal = async (id: string) => {
    const response = await browser.get(`${stack.portalUrl}/upload/catalog/file?fileId=${encodeURIComponent(id)}`);
    if (response.status !== 200 || !response.body) throw new Error(`download: ${response.status} ${await response.text()}`);
    const hash = createHash("sha256");
    let bytes = 0;
    for await (const chunk of response.body) {
      hash.update(chunk);
      bytes += chunk.length;
    }
    return { digest: hash.digest("hex"), bytes };
  };

  const passThroughPort = testPorts(3400, 4400).sandboxPort + 50;
  const passThroughUrl = `http://127.0.0.1:${passThroughPort}`;
  const passThrough = spawn(process.execPath, [path.join(import.meta.dirname, "support/pass-through.ts"), stack.sandboxUrl, String(passThroughPort)], {
    stdio: "ignore",
  });
  stopPassThrough = () => passThrough.kill();
  await waitForHttp(`${passThroughUrl}/idp/.well-known/openid-configuration`, 30_000);

  /** The body as the service takes it (a type part, then the file), to the service or through the pass-through. */
  const uploadDirect = (size = SIZE, origin = stack.sandboxUrl) =>
    timed(async () => {
      const boundary = browserBoundary();
      const response = await fetch(serviceUrl("/me/seller/file", origin), {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": `multipart/form-data; boundary=${boundary}` },
        body: multipartCatalogue(boundary, size, createHash("sha256"), true),
        duplex: "half",
      } as RequestInit);
      if (response.status !== 201) throw new Error(`direct upload: ${response.status} ${await response.text()}`);
      return (await response.json()) as { id: string; size: number };
    });
  // Through the portal: the browser's multipart body, as the enhanced form sends it.
  const uploadViaPortal = (hash: Hash, size = SIZE) =>
    withPeakRss(pid, () =>
      timed(async () => {
        const boundary = browserBoundary();
        const response = await browser.request(`${stack.portalUrl}/upload/catalog/file`, {
          method: "POST",
          headers: { Accept: "application/json", "Content-Type": `multipart/form-data; boundary=${boundary}` },
          body: multipartCatalogue(boundary, size, hash, false),
          duplex: "half",
        } as RequestInit);
        const answer = (await response.json()) as { ok: boolean; fileId?: string; message?: string };
        if (!answer.ok || !answer.fileId) throw new Error(`portal upload: ${response.status} ${answer.message}`);
        return answer.fileId;
      }),
    );
  const deleteFile = (id: string) =>
    fetch(serviceUrl(`/me/seller/file?fileId=${encodeURIComponent(id)}`), {
      method: "DELETE",
      headers: { Authorization: `Bearer ${token}` },
    });

  // Warm-up, each way: 128 MiB, so that the first measured round finds the
  // processes at working size (heap grown, code optimised) as the later ones
  // do. The portal's file is kept for the download's warm-up.
  for (const origin of [stack.sandboxUrl, passThroughUrl]) await deleteFile((await uploadDirect(WARM_UP, origin)).result.id);
  const warmUpFileId = (await uploadViaPortal(createHash("sha256"), WARM_UP)).result.result;

  // Rounds of one upload each way, rotating which goes first, so that the
  // noise of a shared machine falls on all alike; the direct upload is the
  // baseline of this machine, this run. The last portal upload is downloaded below.
  const sides = ["direct", "portal", "passThrough"] as const;
  type Side = (typeof sides)[number];
  const rounds: { seconds: Record<Side, number>; sandboxCpu: Record<Side, number>; growth: number; cpu: number }[] = [];
  const sandboxPid = childPids(pid)[0]!;
  let portalHash = createHash("sha256");
  let fileId = "";
  let directSize = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const order = sides.map((_, index) => sides[(index + round) % sides.length]!);
    const sample = { seconds: { direct: 0, portal: 0, passThrough: 0 }, sandboxCpu: { direct: 0, portal: 0, passThrough: 0 }, growth: 0, cpu: 0 };
    for (const side of order) {
      if (side === "portal" && fileId) await deleteFile(fileId);
      settleDisk();
      const sandboxCpu = cpuSeconds(sandboxPid);
      if (side === "portal") {
        portalHash = createHash("sha256");
        const viaPortal = await uploadViaPortal(portalHash);
        Object.assign(sample, { growth: viaPortal.growth, cpu: viaPortal.cpu });
        sample.seconds.portal = viaPortal.result.seconds;
        fileId = viaPortal.result.result;
      } else {
        const upload = await uploadDirect(SIZE, side === "direct" ? stack.sandboxUrl : passThroughUrl);
        sample.seconds[side] = upload.seconds;
        directSize = upload.result.size;
        await deleteFile(upload.result.id);
      }
      sample.sandboxCpu[side] = cpuSeconds(sandboxPid) - sandboxCpu;
    }
    rounds.push(sample);
  }
  const uploadedDigest = portalHash.digest("hex");

  // Back through the portal. Waiting for the disk gives the portal idle time in
  // which V8 may shrink its heap, so the warm-up file's download first brings it
  // back to working size, as the warm-up uploads do before the uploads.
  settleDisk();
  await downloadViaPortal(warmUpFileId);
  const download = await withPeakRss(pid, () => timed(() => downloadViaPortal(fileId)));

  const rate = (side: Side) => (SIZE * ROUNDS) / MiB / rounds.reduce((sum, sample) => sum + sample.seconds[side], 0);
  const ratio = rate("portal") / rate("direct");
  const passThroughRatio = rate("passThrough") / rate("direct");
  const downloadRate = mibPerSecond(download.result.seconds);
  const same = download.result.result.digest === uploadedDigest && download.result.result.bytes === SIZE;
  const mb = (bytes: number) => (bytes / 1_000_000).toFixed(1);
  const uploadGrowth = Math.max(...rounds.map((sample) => sample.growth));

  console.log(`\nCatalogue of ${(SIZE / MiB).toFixed(0)} MiB (generated CSV), catalogue inspection ${INSPECTION}, ${ROUNDS} rounds\n`);
  console.log(
    "round".padEnd(6),
    "MiB/s direct / portal / pass-through".padStart(37),
    "portal÷direct".padStart(14),
    "pass-through÷direct".padStart(20),
    "portal RSS growth".padStart(18),
    "portal CPU s".padStart(13),
    "sandbox CPU s d / p / pt".padStart(25),
  );
  for (const [index, sample] of rounds.entries()) {
    const speed = (side: Side) => mibPerSecond(sample.seconds[side]).toFixed(0);
    console.log(
      String(index + 1).padEnd(6),
      `${speed("direct")} / ${speed("portal")} / ${speed("passThrough")}`.padStart(37),
      (sample.seconds.direct / sample.seconds.portal).toFixed(2).padStart(14),
      (sample.seconds.direct / sample.seconds.passThrough).toFixed(2).padStart(20),
      `${mb(sample.growth)} MB`.padStart(18),
      sample.cpu.toFixed(1).padStart(13),
      sides
        .map((side) => sample.sandboxCpu[side].toFixed(1))
        .join(" / ")
        .padStart(25),
    );
  }
  console.log(
    `\ndownload through the portal: ${download.result.seconds.toFixed(1)} s, ${downloadRate.toFixed(0)} MiB/s, portal RSS growth ${mb(download.growth)} MB, portal CPU ${download.cpu.toFixed(1)} s`,
  );
  console.log(`portal RSS at the start of the download: ${mb(download.start)} MB`);
  console.log(`throughput ratio portal/direct over all rounds: ${ratio.toFixed(2)} (target ≥ 0.8) ${ratio >= 0.8 ? "ok" : "MISSED"}`);
  console.log(`for scale, a bare Node pass-through/direct: ${passThroughRatio.toFixed(2)}; portal/pass-through: ${(ratio / passThroughRatio).toFixed(2)}`);
  const worstGrowth = Math.max(uploadGrowth, download.growth);
  console.log(`peak RSS growth: ${mb(worstGrowth)} MB (target ≤ 64 MB) ${worstGrowth <= 64_000_000 ? "ok" : "MISSED"}`);
  console.log(`download: ${same ? "same bytes (SHA-256 matches)" : "DIFFERENT bytes"}; direct uploads stored ${directSize} bytes each`);

  await Promise.all([deleteFile(fileId), deleteFile(warmUpFileId)]);
  if (!same) process.exitCode = 1;
} finally {
  stopPassThrough();
  await stack.process.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
