/**
 * The image checker beside the catalogue readers: one worker thread
 * (image-check-worker.ts) checks the image addresses of every file this
 * instance reads, with the portal's bounds (IMAGE_CHECKS_AT_ONCE for the
 * whole portal, IMAGE_CHECKS_PER_FILE for one file, IMAGE_CHECK_TIMEOUT_MS
 * per image). Not a reader of the pool (reader-pool.server.ts): a reader is
 * held by one file for its CPU budget, while checking a file's images is a
 * minute of waiting on image hosts that needs little CPU; one thread waits
 * on all of them, and the main thread, which serves the pages, makes no
 * TLS handshake of an image host.
 *
 * A thread that fails ends the checks under way (their results so far are
 * kept); the next check starts a new one.
 */
import { readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import type { ImageCheckResult } from "#contract/catalogue-images.ts";
import { env } from "#app/services/config/env.server.ts";
import { logger } from "#app/services/observability/logger.server.ts";
import type { FromImageChecker, ImageCheckerData, ToImageChecker } from "./image-check-messages.ts";

/** Beside the server build's index.js (emitted by the build, see vite.config.ts), or the source file when the portal runs from its sources. */
function workerUrl(): URL {
  return import.meta.url.endsWith(".ts") ? new URL("./image-check-worker.ts", import.meta.url) : new URL("./catalogue-image-check-worker.js", import.meta.url);
}

type Job = { onResults: (results: ImageCheckResult[]) => void; done: () => void };

let worker: Worker | null = null;
let settings: ImageCheckerData | null = null;
const jobs = new Map<number, Job>();
let nextJob = 1;

/** The checker's settings from the portal's configuration, unless set (tests of the engine). */
function checkerData(): ImageCheckerData {
  if (!settings) {
    const { IMAGE_CHECKS_AT_ONCE, IMAGE_CHECKS_PER_FILE, IMAGE_CHECK_TIMEOUT_MS, IMAGE_CHECK_SANDBOX_ORIGIN, IMAGE_CHECK_SANDBOX_CA } = env();
    settings = {
      atOnce: IMAGE_CHECKS_AT_ONCE,
      perFile: IMAGE_CHECKS_PER_FILE,
      timeoutMs: IMAGE_CHECK_TIMEOUT_MS,
      allowedOrigin: IMAGE_CHECK_SANDBOX_ORIGIN ?? null,
      allowedOriginCa: IMAGE_CHECK_SANDBOX_CA ? readFileSync(IMAGE_CHECK_SANDBOX_CA, "utf8") : null,
    };
  }
  return settings;
}

/** Sets the checker's settings (tests of the engine, which run without the portal's configuration). */
export function configureImageChecker(given: ImageCheckerData): void {
  settings = given;
}

function checkerThread(): Worker {
  if (worker) return worker;
  const started = new Worker(workerUrl(), {
    workerData: checkerData(),
    name: "catalogue-image-check",
    resourceLimits: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 64 },
  });
  started.on("message", (message: FromImageChecker) => {
    const job = jobs.get(message.job);
    if (!job) return;
    if (message.type === "results") job.onResults(message.results);
    else {
      jobs.delete(message.job);
      job.done();
    }
  });
  const lost = (error?: Error) => {
    if (worker !== started) return;
    worker = null;
    if (error) logger.error({ err: error }, "catalogue image checker: the thread failed; its checks under way end");
    for (const [id, job] of jobs) {
      jobs.delete(id);
      job.done();
    }
  };
  started.on("error", lost);
  started.on("exit", () => lost());
  started.unref();
  worker = started;
  return started;
}

/**
 * Checks `urls` (of the file `file`), handing results to `onResults` in
 * batches as they come; resolves once every address is checked, or when
 * `signal` ends the checks (the rest stay unchecked). Never rejects.
 */
export function checkImages(file: string, urls: readonly string[], onResults: (results: ImageCheckResult[]) => void, signal?: AbortSignal): Promise<void> {
  if (urls.length === 0) return Promise.resolve();
  const thread = checkerThread();
  const job = nextJob++;
  return new Promise<void>((resolve) => {
    jobs.set(job, {
      onResults,
      done: () => {
        if (jobs.size === 0) thread.unref();
        resolve();
      },
    });
    // Held while it checks, as a reader is while it reads; idle, it never holds the process.
    thread.ref();
    thread.postMessage({ type: "check", job, file, urls: [...urls] } satisfies ToImageChecker);
    signal?.addEventListener("abort", () => thread.postMessage({ type: "cancel", job } satisfies ToImageChecker), { once: true });
  });
}

/** Ends the checker's thread (tests). */
export async function stopImageCheckerForTest(): Promise<void> {
  const running = worker;
  worker = null;
  await running?.terminate();
}
