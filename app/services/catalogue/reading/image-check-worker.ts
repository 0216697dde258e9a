/**
 * The image checker's thread: checks the image addresses of the files the
 * main thread hands it (image-check-thread.server.ts), at most `atOnce` at
 * a time for the whole portal and `perFile` for one file, and sends the
 * results back in batches. Its work is waiting on image hosts; its CPU
 * (TLS handshakes, mostly) runs at a lower priority than the portal's
 * requests, as a catalogue reader's does.
 *
 * Loaded by Node itself (the server build emits it as its own entry,
 * `catalogue-image-check-worker.js`): it names its imports whole, as
 * inspector-worker.ts does.
 */
import { readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import type { ImageCheckResult } from "#contract/catalogue-images.ts";
import { ImageChecker } from "./image-check.ts";
import type { FromImageChecker, ImageCheckerData, ToImageChecker } from "./image-check-messages.ts";

/** Results sent in one message, or sooner after this long. */
const BATCH = 100;
const BATCH_MS = 500;
/**
 * Below the portal's requests, less far than a reader (10): a check needs half a millisecond of CPU and then waits,
 * and at 10 a machine busy with anything else left the thread about 1 s of CPU in 25 s (measured with
 * `npm run bench:catalogue-images` beside other work: 10,000 checks took 175 s at 10, 102 s at 5, the other pages'
 * time to first byte 1.01 × unloaded at 5).
 */
const NICENESS = 5;

/** Waiting turns, first come first served. */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(size: number) {
    this.free = size;
  }
  async take(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
  get idle(): boolean {
    return this.waiting.length === 0;
  }
}

function lowerPriority(): void {
  try {
    const threadId = Number(/\/task\/(\d+)$/.exec(readlinkSync("/proc/thread-self"))?.[1]);
    if (threadId) setPriority(threadId, Math.min(19, getPriority(threadId) + NICENESS));
  } catch {
    // Not Linux, or not allowed: the checker runs at the portal's priority.
  }
}

const data = workerData as ImageCheckerData;
const checker = new ImageChecker({
  timeoutMs: data.timeoutMs,
  allowedOrigin: data.allowedOrigin,
  allowedOriginCa: data.allowedOriginCa,
  socketsPerHost: data.perFile,
});
const portal = new Slots(data.atOnce);
const files = new Map<string, { slots: Slots; jobs: number }>();
const cancelled = new Set<number>();

function post(message: FromImageChecker): void {
  parentPort!.postMessage(message);
}

async function run(job: number, file: string, urls: readonly string[]): Promise<void> {
  const own = files.get(file) ?? { slots: new Slots(data.perFile), jobs: 0 };
  own.jobs++;
  files.set(file, own);
  let batch: ImageCheckResult[] = [];
  const flush = () => {
    if (batch.length > 0) post({ type: "results", job, results: batch });
    batch = [];
  };
  const timer = setInterval(flush, BATCH_MS);
  let next = 0;
  // As many loops as the file may have checks at once; each takes the next address when its last is done.
  const loop = async () => {
    while (next < urls.length && !cancelled.has(job)) {
      const url = urls[next++]!;
      await own.slots.take();
      await portal.take();
      try {
        if (cancelled.has(job)) break;
        // Awaited first: `batch` is replaced by each flush meanwhile.
        const result = await checker.check(url);
        batch.push(result);
        if (batch.length >= BATCH) flush();
      } finally {
        portal.give();
        own.slots.give();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(data.perFile, urls.length) }, loop));
  } finally {
    clearInterval(timer);
    flush();
    cancelled.delete(job);
    if (--own.jobs === 0) files.delete(file);
    post({ type: "done", job });
  }
}

lowerPriority();
parentPort?.on("message", (message: ToImageChecker) => {
  if (message.type === "check") void run(message.job, message.file, message.urls);
  else cancelled.add(message.job);
});
