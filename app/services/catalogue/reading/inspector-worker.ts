/**
 * A catalogue reader's thread: the portal's main thread hands it a file's
 * bytes as they pass (see inspector-thread.server.ts), it reads them with
 * the same inspector as ever, within the file's budget, and answers what it
 * understood; for the problem list it sends the problems as CSV lines,
 * waiting while the list's download has not taken them.
 *
 * Loaded by Node itself (the server build emits it as its own entry,
 * `catalogue-inspector-worker.js`; from the sources in development and
 * tests): so this file and everything it imports name their files whole
 * (`#app/….ts`, `#contract/….ts`, `./….ts`), which Node resolves through
 * package.json's imports as Vite does.
 */
import { readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";
import type { Writable } from "node:stream";
import { parentPort } from "node:worker_threads";
import type { MappingMemory, RowProblem } from "#contract/catalogue-analysis.ts";
import type { ProductIndexEntry } from "#contract/catalogue-products.ts";
import { createCatalogueInspector } from "./inspector.ts";
import { PROBLEM_BATCHES_AHEAD, type FromInspectorThread, type ThreadInspectorOptions, type ToInspectorThread } from "./inspector-messages.ts";
import { problemCsvLine, type ProblemsCsvWording } from "./problem-lines.ts";
import { Refusal } from "#app/lib/catalogue/reading.ts";

type Inspection = { input: Writable; giveMemory: (memory: MappingMemory | null) => void; ended: boolean };

/** How much the inspector reads at once (see "bytes"). */
const READ_BYTES = 64 * 1024;
/** A batch of problem lines is sent once it is this long. */
const BATCH_CHARS = 64 * 1024;

const encoder = new TextEncoder();

/** How much lower a reader's priority is than the portal's (nice steps): when both want the CPU, a reader gets about a tenth of what the main thread gets. */
const READER_NICENESS = 10;

const port = parentPort;

/**
 * Lowers this thread's scheduling priority, so that the main thread's
 * requests (another seller's page or upload, /healthz) win the CPU over a
 * file being read. Linux schedules threads one by one: this thread's id is
 * in /proc/thread-self. Elsewhere, or where the priority cannot be changed,
 * the reader runs at the portal's priority.
 */
function yieldToRequests(): void {
  try {
    const threadId = Number(/\/task\/(\d+)$/.exec(readlinkSync("/proc/thread-self"))?.[1]);
    if (threadId) setPriority(threadId, Math.min(19, getPriority(threadId) + READER_NICENESS));
  } catch {
    // No /proc (not Linux) or not allowed: nothing to lower.
  }
}

const inspections = new Map<number, Inspection>();

function post(message: FromInspectorThread, transfer?: ArrayBuffer[]): void {
  port!.postMessage(message, transfer);
}

/**
 * Lines (the problem list's, or the products index's), sent in batches of UTF-8 bytes handed over to the main
 * thread (which then only passes them on, to the download or the upload); waits (blocking this thread, which reads
 * nothing else) while what takes them is behind.
 */
function lineSender(id: number, pacing: Int32Array, stallMs: number) {
  let batch = "";
  const flush = () => {
    if (batch === "") return;
    // A buffer of its own, exactly as long as the bytes: transferred whole.
    const lines = encoder.encode(batch);
    post({ type: "problems", id, lines }, [lines.buffer as ArrayBuffer]);
    batch = "";
    Atomics.add(pacing, 0, 1);
  };
  return {
    add(line: string) {
      if (Atomics.load(pacing, 1) === 1) throw new Error("The problem list is no longer wanted");
      batch += line;
      if (batch.length < BATCH_CHARS) return;
      flush();
      for (let ahead = Atomics.load(pacing, 0); ahead >= PROBLEM_BATCHES_AHEAD; ahead = Atomics.load(pacing, 0)) {
        if (Atomics.wait(pacing, 0, ahead, stallMs) === "timed-out") throw new Refusal("tooDemanding");
        if (Atomics.load(pacing, 1) === 1) throw new Error("The problem list is no longer wanted");
      }
    },
    flush,
  };
}

/** The problem list's lines, or the products index's, as the main thread asked. */
function lineHooks(sender: ReturnType<typeof lineSender>, problemWording: ProblemsCsvWording | undefined, productIndex: boolean | undefined) {
  if (productIndex) return { onProduct: (entry: ProductIndexEntry) => sender.add(`${JSON.stringify(entry)}\n`) };
  if (problemWording) return { onProblem: (problem: RowProblem) => sender.add(problemCsvLine(problem, problemWording)) };
  return {};
}

function start(id: number, { pacing, problemWording, productIndex, ...options }: ThreadInspectorOptions): void {
  let giveMemory!: (memory: MappingMemory | null) => void;
  const memory = new Promise<MappingMemory | null>((resolve) => (giveMemory = resolve));
  const problems = pacing && (problemWording || productIndex) ? lineSender(id, new Int32Array(pacing), options.budget.stallMs) : null;
  const { input, result } = createCatalogueInspector({ ...options, memory, ...(problems ? lineHooks(problems, problemWording, productIndex) : {}) });
  const inspection: Inspection = { input, giveMemory, ended: false };
  inspections.set(id, inspection);
  input.on("error", () => {});
  void result.then((outcome) => {
    problems?.flush();
    inspections.delete(id);
    post({ type: "result", id, outcome });
  });
}

yieldToRequests();
port?.on("message", (message: ToInspectorThread) => {
  const inspection = message.type === "start" ? undefined : inspections.get(message.id);
  switch (message.type) {
    case "start":
      start(message.id, message.options);
      break;
    case "memory":
      inspection?.giveMemory(message.memory);
      break;
    case "bytes": {
      // Acknowledged once the inspector has taken the piece: the main thread sends only so many ahead (backpressure).
      const taken = () => post({ type: "taken", id: message.id });
      if (!inspection || inspection.ended) {
        taken();
        break;
      }
      // In parts of 64 KiB: the text the inspector makes of each stays in the young generation's ordinary pages.
      const { buffer, byteOffset, byteLength } = message.bytes;
      for (let offset = 0; offset < byteLength; offset += READ_BYTES) {
        const part = Buffer.from(buffer, byteOffset + offset, Math.min(READ_BYTES, byteLength - offset));
        if (offset + READ_BYTES >= byteLength) inspection.input.write(part, taken);
        else inspection.input.write(part);
      }
      if (byteLength === 0) taken();
      break;
    }
    case "end":
      if (!inspection) break;
      inspection.ended = true;
      inspection.input.end();
      break;
    case "stop":
      // The file stopped coming: the inspector answers that it is unreadable (the main thread no longer waits for it).
      inspection?.input.destroy();
      break;
  }
});
