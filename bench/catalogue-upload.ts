/**
 * A large catalogue through the portal: a generated CSV (1 GiB by default)
 * uploaded through the portal to the sandbox and, in the same run, straight
 * to the sandbox; then downloaded back through the portal. Prints the
 * throughputs, their ratio, the portal's peak RSS growth while each transfer
 * runs (sampled from /proc/<pid>/status), and whether the bytes came back
 * the same (SHA-256). Targets: RSS growth ≤ 64 MB, ratio portal/direct ≥ 0.8.
 * Everything it writes (the sandbox's database and files) is removed at the end.
 *
 * It measures the hand-over itself, so the portal runs with the catalogue
 * inspection off unless CATALOGUE_INSPECTION=on; the inspection's own cost is
 * what `npm run bench:catalogue-validation` measures.
 * Run: `npm run bench:catalogue` (BENCH_CATALOGUE_MIB=… for another size).
 */
import { createHash, type Hash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { TestBrowser } from "../tests/support/http-client.ts";
import { testPorts } from "../tests/support/ports.ts";
import { startStack } from "../tests/support/stack.ts";
import { timed, withPeakRss } from "./support/process-stats.ts";

const SIZE = Number(process.env.BENCH_CATALOGUE_MIB ?? 1024) * 1024 * 1024;
const SELLER = "seller.catalogue@example.com";
const INSPECTION = process.env.CATALOGUE_INSPECTION === "on" ? "on" : "off";
const MiB = 1024 * 1024;

/** One MiB of catalogue rows, repeated: realistic line lengths without generating 1 GiB of distinct text. */
function rowsBlock(): Buffer {
  const lines: string[] = [];
  let length = 0;
  for (let i = 0; length < MiB; i++) {
    const line = `${String(4006381000000 + i).padStart(13, "0")};Artikel ${i} aus dem Sortiment;Haushalt > Küche > Zubehör;Beispielmarke;${(i % 500) + 0.99};${i % 300}\r\n`;
    lines.push(line);
    length += Buffer.byteLength(line);
  }
  return Buffer.from(lines.join("")).subarray(0, MiB);
}

/** A multipart body carrying `size` bytes of CSV, hashing the file's bytes as they are produced. */
function multipartCatalogue(boundary: string, size: number, hash: Hash, withType: boolean): ReadableStream<Uint8Array> {
  const header = Buffer.from("EAN;Artikelname;Kategorie;Marke;Preis;Bestand\r\n");
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

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-catalogue-"));
const stack = await startStack({
  ...testPorts(3400, 4400),
  extraEnv: { SANDBOX_DB: path.join(dataDir, "sandbox.sqlite"), CATALOGUE_UPLOAD_MAX_BYTES: String(SIZE * 2), CATALOGUE_INSPECTION: INSPECTION },
});
try {
  const pid = stack.process.child.pid!;
  const browser = new TestBrowser();
  await browser.signIn(stack.portalUrl, SELLER);
  const minted = await fetch(`${stack.sandboxUrl}/__sandbox/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: SELLER }),
  });
  const { access_token: token } = (await minted.json()) as { access_token: string };

  // Warm-up: a small upload through the portal first, so its heap has grown to working size before it is measured.
  {
    const boundary = "----bench-warm-up";
    const response = await browser.request(`${stack.portalUrl}/upload/catalog/file`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body: multipartCatalogue(boundary, 32 * MiB, createHash("sha256"), false),
      duplex: "half",
    } as RequestInit);
    const answer = (await response.json()) as { fileId?: string };
    await fetch(`${stack.sandboxUrl}/catalogue-upload/me/seller/file?apikey=sandbox-api-key&fileId=${answer.fileId}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${token}` },
    });
  }

  // Direct to the sandbox: the baseline of this machine, this run.
  const directHash = createHash("sha256");
  const direct = await timed(async () => {
    const boundary = "----bench-direct";
    const response = await fetch(`${stack.sandboxUrl}/catalogue-upload/me/seller/file?apikey=sandbox-api-key`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body: multipartCatalogue(boundary, SIZE, directHash, true),
      duplex: "half",
    } as RequestInit);
    if (response.status !== 201) throw new Error(`direct upload: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string; size: number };
  });

  // Through the portal: the browser's multipart body, as the enhanced form sends it.
  const portalHash = createHash("sha256");
  const viaPortal = await withPeakRss(pid, () =>
    timed(async () => {
      const boundary = "----bench-portal";
      const response = await browser.request(`${stack.portalUrl}/upload/catalog/file`, {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": `multipart/form-data; boundary=${boundary}` },
        body: multipartCatalogue(boundary, SIZE, portalHash, false),
        duplex: "half",
      } as RequestInit);
      const answer = (await response.json()) as { ok: boolean; fileId?: string; message?: string };
      if (!answer.ok || !answer.fileId) throw new Error(`portal upload: ${response.status} ${answer.message}`);
      return answer.fileId;
    }),
  );
  const fileId = viaPortal.result.result;
  const uploadedDigest = portalHash.digest("hex");

  // Back through the portal, hashed as it arrives.
  const download = await withPeakRss(pid, () =>
    timed(async () => {
      const response = await browser.get(`${stack.portalUrl}/upload/catalog/file?fileId=${encodeURIComponent(fileId)}`);
      if (response.status !== 200 || !response.body) throw new Error(`download: ${response.status} ${await response.text()}`);
      const hash = createHash("sha256");
      let bytes = 0;
      for await (const chunk of response.body) {
        hash.update(chunk);
        bytes += chunk.length;
      }
      return { digest: hash.digest("hex"), bytes };
    }),
  );

  const directRate = mibPerSecond(direct.seconds);
  const portalRate = mibPerSecond(viaPortal.result.seconds);
  const downloadRate = mibPerSecond(download.result.seconds);
  const ratio = portalRate / directRate;
  const same = download.result.result.digest === uploadedDigest && download.result.result.bytes === SIZE;
  const mb = (bytes: number) => (bytes / 1_000_000).toFixed(1);

  console.log(`\nCatalogue of ${(SIZE / MiB).toFixed(0)} MiB (generated CSV), catalogue inspection ${INSPECTION}\n`);
  console.log("transfer".padEnd(34), "seconds".padStart(8), "MiB/s".padStart(8), "portal RSS growth".padStart(20), "portal CPU s".padStart(14));
  console.log("upload, direct to the sandbox".padEnd(34), direct.seconds.toFixed(1).padStart(8), directRate.toFixed(0).padStart(8), "—".padStart(20), "—".padStart(14));
  console.log(
    "upload, through the portal".padEnd(34),
    viaPortal.result.seconds.toFixed(1).padStart(8),
    portalRate.toFixed(0).padStart(8),
    `${mb(viaPortal.growth)} MB`.padStart(20),
    viaPortal.cpu.toFixed(1).padStart(14),
  );
  console.log(
    "download, through the portal".padEnd(34),
    download.result.seconds.toFixed(1).padStart(8),
    downloadRate.toFixed(0).padStart(8),
    `${mb(download.growth)} MB`.padStart(20),
    download.cpu.toFixed(1).padStart(14),
  );
  console.log(`\nportal RSS at the start: ${mb(viaPortal.start)} MB`);
  console.log(`throughput ratio portal/direct: ${ratio.toFixed(2)} (target ≥ 0.8) ${ratio >= 0.8 ? "ok" : "MISSED"}`);
  const worstGrowth = Math.max(viaPortal.growth, download.growth);
  console.log(`peak RSS growth: ${mb(worstGrowth)} MB (target ≤ 64 MB) ${worstGrowth <= 64_000_000 ? "ok" : "MISSED"}`);
  console.log(`download: ${same ? "same bytes (SHA-256 matches)" : "DIFFERENT bytes"}; direct upload stored ${direct.result.size} bytes`);

  // The sandbox's copies go as well (the whole data directory goes below).
  for (const id of [direct.result.id, fileId]) {
    await fetch(`${stack.sandboxUrl}/catalogue-upload/me/seller/file?apikey=sandbox-api-key&fileId=${encodeURIComponent(id)}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${token}` },
    });
  }
  if (!same) process.exitCode = 1;
} finally {
  await stack.process.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
