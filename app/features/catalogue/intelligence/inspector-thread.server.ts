/**
 * The catalogue inspector on its own thread, for the files it reads whole
 * (an upload as it passes, a stored file read again with another format):
 * reading and checking every row costs more than forwarding the bytes, and
 * on the main thread it would slow the upload itself and every page served
 * meanwhile.
 *
 * One long-lived worker thread for the process, started with the first file
 * (and again after it failed). A file's bytes are copied once, into pieces
 * of 256 KiB that are handed over (transferred, not copied again); at most
 * `PIECES_AHEAD` pieces of a file are on their way, so the portal never
 * holds more than that of a file for the inspector, and the pipe into
 * `input` waits for the inspector as before. The worker's young generation
 * is kept small: reading a file makes short-lived text for every piece, and
 * a large young generation would only hold more of it at once.
 *
 * A worker that fails answers every file it was reading as unreadable (as
 * the inspector answers a file it fails on), so an upload is aborted, not
 * left waiting; the next file starts a new worker.
 *
 * The same `{ input, result }` as `createCatalogueInspector` in
 * inspector.ts; a file whose every problem is wanted (`onProblem`) or only
 * its preview is read on the calling thread, where the caller paces it.
 */
import { Writable } from "node:stream";
import { Worker } from "node:worker_threads";
import { giveBack } from "~/shared/http/chunk-leases.server";
import { logger } from "~/shared/logger.server";
import { catalogueBytesInspected, catalogueRowsInspected } from "../catalogue-metrics.server";
import { createCatalogueInspector as inspectHere } from "./inspector";
import type { FromInspectorThread, ToInspectorThread } from "./inspector-messages";
import type { InspectionOutcome, InspectorOptions } from "./types";

/** How much of a file goes to the worker in one message (fewer, larger messages cost less on both sides). */
const PIECE_BYTES = 256 * 1024;
const FIRST_PIECE_BYTES = 64 * 1024;
/** Pieces of one file sent and not yet taken by the inspector: 1 MiB, as the inspector's own input buffer. */
const PIECES_AHEAD = 4;
/** The worker's young generation (MB): see above. */
const YOUNG_GENERATION_MB = 8;

/**
 * Where the worker's code is: beside the server build's index.js (emitted
 * by the build, see vite.config.ts), or the source file when the portal runs
 * from its sources (development, tests).
 */
function workerUrl(): URL {
  return import.meta.url.endsWith(".ts") ? new URL("./inspector-worker.ts", import.meta.url) : new URL("./catalogue-inspector-worker.js", import.meta.url);
}

type FileInThread = { taken(): void; answer(outcome: InspectionOutcome): void };

class InspectorThread {
  private readonly worker: Worker;
  private readonly files = new Map<number, FileInThread>();
  private nextId = 1;
  failed = false;

  constructor() {
    this.worker = new Worker(workerUrl(), { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB }, name: "catalogue-inspector" });
    this.worker.on("message", (message: FromInspectorThread) => {
      const file = this.files.get(message.id);
      if (!file) return;
      if (message.type === "taken") file.taken();
      else {
        this.forget(message.id);
        file.answer(message.outcome);
      }
    });
    this.worker.on("error", (error) => {
      logger.error({ err: error }, "catalogue inspector: the worker thread failed");
      this.fail();
    });
    this.worker.on("exit", (code) => {
      if (!this.failed) logger.error({ code }, "catalogue inspector: the worker thread ended");
      this.fail();
    });
    // Idle, the worker never keeps the process from ending (see `add`/`forget`).
    this.worker.unref();
  }

  /** Registers a file; answers its id. */
  add(file: FileInThread): number {
    const id = this.nextId++;
    this.files.set(id, file);
    // While it reads a file, its answer is awaited: the process waits for it.
    if (this.files.size === 1) this.worker.ref();
    return id;
  }

  forget(id: number): void {
    if (this.files.delete(id) && this.files.size === 0) this.worker.unref();
  }

  send(message: ToInspectorThread, transfer?: ArrayBuffer[]): void {
    if (!this.failed) this.worker.postMessage(message, transfer);
  }

  /** Every file it was reading is answered as unreadable; the next file gets a new worker. */
  private fail(): void {
    if (this.failed) return;
    this.failed = true;
    if (current === this) current = null;
    const files = [...this.files.values()];
    this.files.clear();
    for (const file of files) file.answer({ ok: false, problem: "unreadable" });
    void this.worker.terminate();
  }

  /** Ends the worker as if it had failed (for tests of that case). */
  async crashForTest(): Promise<void> {
    await this.worker.terminate();
  }
}

let current: InspectorThread | null = null;

function inspectorThread(): InspectorThread {
  current ??= new InspectorThread();
  return current;
}

/** Ends the current worker the way a failure would (tests only). */
export async function crashInspectorThreadForTest(): Promise<void> {
  await current?.crashForTest();
}

/**
 * An inspector for one file, as `createCatalogueInspector` in inspector.ts
 * (write the bytes into `input` and end it; `result` settles once the file
 * is read, never rejects), reading on the inspector's thread.
 */
export function createCatalogueInspector(options: InspectorOptions): { input: Writable; result: Promise<InspectionOutcome> } {
  if (options.onProblem || options.previewOnly) return inspectHere(options);
  const thread = inspectorThread();
  let settled = false;
  let settle!: (outcome: InspectionOutcome) => void;
  const result = new Promise<InspectionOutcome>((resolve) => (settle = resolve));
  let ahead = 0;
  /** A write waiting for room, and the end waiting for the answer. */
  let waitingWrite: (() => void) | null = null;
  let waitingEnd: (() => void) | null = null;

  const release = () => {
    const write = waitingWrite;
    waitingWrite = null;
    write?.();
  };
  const id = thread.add({
    taken() {
      ahead--;
      if (ahead < PIECES_AHEAD) release();
    },
    answer(outcome) {
      if (!settled) {
        settled = true;
        if (outcome.ok) catalogueRowsInspected.inc(outcome.analysis.report.rowsChecked);
        settle(outcome);
      }
      // Later bytes are taken and dropped, so a pipe into `input` never stalls.
      release();
      const end = waitingEnd;
      waitingEnd = null;
      end?.();
    },
  });
  const { fileName, override, mapping, language } = options;
  thread.send({ type: "start", id, options: { fileName, override, mapping, language } });
  // The remembered mapping follows once it is there (the inspector needs it only after the first rows).
  void Promise.resolve(options.memory)
    .catch(() => null)
    .then((memory) => thread.send({ type: "memory", id, memory: memory ?? null }));

  let piece: Buffer | null = null;
  let filled = 0;
  let sent = 0;
  const sendPiece = () => {
    const bytes = piece!.subarray(0, filled);
    thread.send({ type: "bytes", id, bytes }, [bytes.buffer as ArrayBuffer]);
    piece = null;
    filled = 0;
    sent++;
    ahead++;
  };

  const input = new Writable({
    // As the inspector's own input: the pipe into it pauses only once this much waits on top of the pieces ahead.
    highWaterMark: PIECE_BYTES * PIECES_AHEAD,
    write(chunk: Buffer, _encoding, callback) {
      if (settled) {
        giveBack(chunk);
        return callback();
      }
      catalogueBytesInspected.inc(chunk.byteLength);
      // Copied once into the piece being filled (the chunk also goes upstream); a full piece is handed over, not copied again.
      for (let offset = 0; offset < chunk.byteLength;) {
        // The first piece is smaller: what the inspector decides from the file's start (its format, or a refusal) comes sooner.
        piece ??= Buffer.allocUnsafeSlow(sent === 0 ? FIRST_PIECE_BYTES : PIECE_BYTES);
        const copied = chunk.copy(piece, filled, offset);
        offset += copied;
        filled += copied;
        if (filled === piece.byteLength) sendPiece();
      }
      giveBack(chunk);
      if (ahead < PIECES_AHEAD) callback();
      else waitingWrite = callback;
    },
    final(callback) {
      if (settled) return callback();
      waitingEnd = callback;
      if (filled > 0) sendPiece();
      thread.send({ type: "end", id });
    },
  });
  const stop = () => {
    if (settled) return;
    settled = true;
    thread.send({ type: "stop", id });
    thread.forget(id);
    settle({ ok: false, problem: "unreadable" });
  };
  // The file stopped coming (the upload was cut off): nothing more to say about it.
  input.on("close", stop);
  input.on("error", stop);
  return { input, result };
}
