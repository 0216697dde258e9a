/**
 * The reading client of bench:catalogue-products' downloads, in a process of
 * its own (forked with an IPC channel) as the pages' load generator is, so
 * that reading and hashing a file of a GiB takes no CPU from the process
 * that measures the portal (its CPU and RSS sampled from /proc while the
 * file streams). Each job is one download, read as the benchmark read it
 * before (fetch, the body's chunks into a sha-256); the answer is its
 * status, length, digest, wall time and this process's CPU for it.
 */
import { createHash } from "node:crypto";

export type DownloadJob = { url: string; headers: Record<string, string> };
export type DownloadOutcome = { status: number; bytes: number; digest: string; seconds: number; cpuSeconds: number };
export type DownloadMessage = { type: "done"; outcome: DownloadOutcome } | { type: "failed"; message: string };

async function read(job: DownloadJob): Promise<DownloadOutcome> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const response = await fetch(job.url, { headers: job.headers, redirect: "manual" });
  const hash = createHash("sha256");
  let bytes = 0;
  if (response.body)
    for await (const chunk of response.body) {
      hash.update(chunk);
      bytes += chunk.length;
    }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return { status: response.status, bytes, digest: hash.digest("hex"), seconds, cpuSeconds: (used.user + used.system) / 1e6 };
}

process.on("message", (job: DownloadJob) => {
  read(job).then(
    (outcome) => process.send!({ type: "done", outcome } satisfies DownloadMessage),
    (error: unknown) => process.send!({ type: "failed", message: String(error) } satisfies DownloadMessage),
  );
});
process.on("disconnect", () => process.exit(0));
