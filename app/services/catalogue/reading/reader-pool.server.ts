/**
 * The catalogue readers: a bounded pool of worker threads, each reading one
 * file at a time, so that one seller's file (however hostile) never stalls
 * another seller's, and the portal's main thread reads no file at all.
 *
 * A file takes a free reader, or the first that becomes free (the pool
 * starts up to `size` readers, and keeps one more ready while it has room;
 * a file's bytes wait meanwhile, as the upload's pipe waits for a slow
 * reader). While it reads, a watchdog looks at the reader's CPU time and at
 * the time the file has held it: a file over its budget (budget.ts) is
 * answered `tooDemanding` and its reader ended, as is a reader that runs out
 * of its heap or fails; the next file starts a new one. A reader left idle
 * is ended after a while, except one that stays warm for the next file.
 */
import { Worker } from "node:worker_threads";
import { logger } from "#app/services/observability/logger.server.ts";
import type { FromInspectorThread, ToInspectorThread } from "./inspector-messages.ts";
import type { InspectionOutcome } from "#app/lib/catalogue/types.ts";

/** The reader's young generation (MB): reading makes short-lived text for every piece, and a large one would only hold more of it. */
const YOUNG_GENERATION_MB = 8;
/** The reader's old generation (MB): what one file may hold (a workbook of 32 MiB and its shared strings fit). */
const OLD_GENERATION_MB = 256;
/** How often a reading file's time is looked at. */
const WATCH_EVERY_MS = 250;
/** An idle reader beyond the first is ended after this long. */
const IDLE_MS = 30_000;

/** A file being read, as the pool sees it: its messages and how its reading ends. */
export type FileOnReader = {
  message(message: FromInspectorThread): void;
  /** The reader ended before it answered (failed, out of memory, over its time): the file's answer. */
  lost(outcome: InspectionOutcome): void;
};

type Limits = { cpuMs: number; wallMs: number };

/**
 * Where the worker's code is: beside the server build's index.js (emitted
 * by the build, see vite.config.ts), or the source file when the portal runs
 * from its sources (development, tests).
 */
function workerUrl(): URL {
  return import.meta.url.endsWith(".ts") ? new URL("./inspector-worker.ts", import.meta.url) : new URL("./catalogue-inspector-worker.js", import.meta.url);
}

export class Reader {
  readonly worker: Worker;
  private file: { id: number; handler: FileOnReader; limits: Limits; started: number; watch: NodeJS.Timeout } | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  ended = false;
  private readonly pool: ReaderPool;

  constructor(pool: ReaderPool) {
    this.pool = pool;
    this.worker = new Worker(workerUrl(), {
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB, maxOldGenerationSizeMb: OLD_GENERATION_MB },
      name: "catalogue-reader",
    });
    this.worker.on("message", (message: FromInspectorThread) => {
      const file = this.file;
      if (!file || message.id !== file.id) return;
      file.handler.message(message);
      if (message.type === "result") this.finished();
    });
    this.worker.on("error", (error: Error & { code?: string }) => {
      const outOfMemory = error.code === "ERR_WORKER_OUT_OF_MEMORY";
      if (outOfMemory) logger.warn("catalogue reader: a file needed more memory than a reader has; the reader is replaced");
      else logger.error({ err: error }, "catalogue reader: the worker thread failed");
      this.end(outOfMemory ? "tooDemanding" : "unreadable");
    });
    this.worker.on("exit", (code) => {
      if (!this.ended) logger.error({ code }, "catalogue reader: the worker thread ended");
      this.end("unreadable");
    });
    this.worker.unref();
  }

  get busy(): boolean {
    return this.file !== null;
  }

  /** Reads the file `id` (its messages go to `handler`) within `limits`. */
  take(id: number, handler: FileOnReader, limits: Limits): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const started = performance.now();
    let cpuAtStart: number | null = null;
    let looking = true;
    // The reader's CPU time so far (its earlier files'): this file's is counted from here.
    void this.worker
      .cpuUsage()
      .then(({ user, system }) => (cpuAtStart = (user + system) / 1000))
      .catch(() => {})
      .finally(() => (looking = false));
    const watch = setInterval(() => {
      if (looking || this.file?.id !== id) return;
      if (performance.now() - started > limits.wallMs) return this.overBudget("time held");
      looking = true;
      void this.worker
        .cpuUsage()
        .then(({ user, system }) => {
          looking = false;
          const cpuMs = (user + system) / 1000;
          cpuAtStart ??= cpuMs;
          if (this.file?.id === id && cpuMs - cpuAtStart > limits.cpuMs) this.overBudget("CPU time");
        })
        .catch(() => (looking = false));
    }, WATCH_EVERY_MS);
    watch.unref();
    this.file = { id, handler, limits, started, watch };
    // While it reads a file, its answer is awaited: the process waits for it.
    this.worker.ref();
  }

  send(message: ToInspectorThread, transfer?: ArrayBuffer[]): void {
    if (!this.ended) this.worker.postMessage(message, transfer);
  }

  private overBudget(what: string): void {
    logger.warn({ budget: what }, "catalogue reader: a file went over its budget; its reader is ended and replaced");
    this.end("tooDemanding");
  }

  /** The file answered: the reader is free for the next. */
  private finished(): void {
    clearInterval(this.file!.watch);
    this.file = null;
    this.worker.unref();
    this.pool.free(this);
  }

  /** Idle: ended after a while unless it is the pool's last. */
  idle(): void {
    this.idleTimer = setTimeout(() => this.pool.retireIdle(this), IDLE_MS);
    this.idleTimer.unref();
  }

  /** Ends the reader; a file it was reading is answered `problem`. */
  end(problem: "tooDemanding" | "unreadable"): void {
    if (this.ended) return;
    this.ended = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const file = this.file;
    this.file = null;
    if (file) {
      clearInterval(file.watch);
      file.handler.lost({ ok: false, problem });
    }
    void this.worker.terminate();
    this.pool.gone(this);
  }
}

export class ReaderPool {
  private readonly readers = new Set<Reader>();
  private readonly waiting: ((reader: Reader) => void)[] = [];
  private readonly idleReaders: Reader[] = [];
  readonly size: number;

  constructor(size: number) {
    this.size = size;
  }

  /**
   * A reader for one file: a free one, a new one while the pool has room,
   * else the first that becomes free. While the pool has room, one more is
   * kept ready: the next seller's file does not wait for a thread to start.
   */
  acquire(): Promise<Reader> {
    const reader = this.idleReaders.pop() ?? (this.readers.size < this.size ? this.start() : null);
    if (!reader) return new Promise((resolve) => this.waiting.push(resolve));
    if (this.idleReaders.length === 0 && this.readers.size < this.size) this.free(this.start());
    return Promise.resolve(reader);
  }

  private start(): Reader {
    const reader = new Reader(this);
    this.readers.add(reader);
    return reader;
  }

  /** Called by a reader that answered its file. */
  free(reader: Reader): void {
    const next = this.waiting.shift();
    if (next) return next(reader);
    this.idleReaders.push(reader);
    reader.idle();
  }

  /** Called by a reader that ended: a file waiting gets a new reader in its place. */
  gone(reader: Reader): void {
    this.readers.delete(reader);
    const index = this.idleReaders.indexOf(reader);
    if (index !== -1) this.idleReaders.splice(index, 1);
    const next = this.waiting.shift();
    if (next) next(this.start());
  }

  retireIdle(reader: Reader): void {
    if (this.idleReaders.length > 1 && this.idleReaders.includes(reader)) reader.end("unreadable");
    else reader.idle();
  }

  /** Ends every reader the way a failure would (tests only). */
  async crashForTest(): Promise<void> {
    await Promise.all([...this.readers].map((reader) => reader.worker.terminate()));
  }

  /** The readers running now (busy or idle), for tests. */
  get running(): number {
    return this.readers.size;
  }
}
