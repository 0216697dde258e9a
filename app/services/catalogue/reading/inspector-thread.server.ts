/**
 * The catalogue inspector on a reader of the pool (reader-pool.server.ts),
 * for every reading of a file: an upload as it passes, a stored file read
 * again with another format, its preview, its problem list. Reading and
 * checking rows costs more than forwarding bytes, a hostile file can cost
 * far more: on the main thread it would slow the upload itself and every
 * page served meanwhile, on a thread shared by every file it would slow
 * the other sellers' files.
 *
 * A file's bytes are copied once, into pieces of 256 KiB that are handed
 * over (transferred, not copied again); at most `PIECES_AHEAD` pieces of a
 * file are on their way, so the portal never holds more than that of a file
 * for its reader (also while the file waits for a free reader), and the pipe
 * into `input` waits for the reader. The problem list comes back in batches
 * of CSV lines, as UTF-8 bytes the reader hands over (the main thread
 * neither copies nor encodes them: they go to the download as they are),
 * and the reader waits while its batches are not taken
 * (`problemLines.room`): the list is read as fast as it is downloaded.
 *
 * A reader that fails or goes over the file's budget is ended; the file is
 * answered as the inspector answers a file it cannot read, so an upload is
 * aborted, not left waiting.
 *
 * The same `{ input, result }` as `createCatalogueInspector` in inspector.ts.
 */
import { Writable } from "node:stream";
import { env } from "#app/services/config/env.server.ts";
import { giveBack } from "#app/services/http/chunk-leases.server.ts";
import { catalogueBytesInspected, catalogueRowsInspected } from "#app/services/catalogue/catalogue-metrics.server.ts";
import { readingBudget, type ReadingBudget } from "#app/lib/catalogue/budget.ts";
import type { FromInspectorThread, ToInspectorThread } from "./inspector-messages.ts";
import { ReaderPool, type Reader } from "./reader-pool.server.ts";
import type { InspectionOutcome, InspectorOptions } from "#app/lib/catalogue/types.ts";

/** How much of a file goes to the reader in one message (fewer, larger messages cost less on both sides). */
const PIECE_BYTES = 256 * 1024;
const FIRST_PIECE_BYTES = 64 * 1024;
/** Pieces of one file sent and not yet taken by its reader: 1 MiB, as the inspector's own input buffer. */
const PIECES_AHEAD = 4;
/**
 * A preview or a problem list is read in small steps: a preview needs only
 * the file's first rows, a problem list goes as fast as its download, and
 * neither should fetch much more of the stored file than that.
 */
const PACED = { firstPiece: FIRST_PIECE_BYTES, piece: FIRST_PIECE_BYTES, ahead: 1 };
const STREAMED = { firstPiece: FIRST_PIECE_BYTES, piece: PIECE_BYTES, ahead: PIECES_AHEAD };

type ReaderSettings = { readers: number; budget: ReadingBudget };

let settings: ReaderSettings | null = null;
let pool: ReaderPool | null = null;

/** The pool's size and a file's budget, from the portal's configuration unless set (tests of the engine). */
function readerSettings(): ReaderSettings {
  if (!settings) {
    const { CATALOGUE_READERS, CATALOGUE_UPLOAD_MAX_BYTES, CATALOGUE_READ_CPU_SECONDS, REQUEST_TIMEOUT_SECONDS } = env();
    // A file may hold a reader as long as its request may last.
    const budget = readingBudget({ bytes: CATALOGUE_UPLOAD_MAX_BYTES, cpuSeconds: CATALOGUE_READ_CPU_SECONDS, wallSeconds: REQUEST_TIMEOUT_SECONDS });
    settings = { readers: CATALOGUE_READERS, budget };
  }
  return settings;
}

/** Sets the pool's size and the budget of a file (for tests of the engine, which run without the portal's configuration). */
export function configureCatalogueReaders(given: ReaderSettings): void {
  settings = given;
}

function readerPool(): ReaderPool {
  pool ??= new ReaderPool(readerSettings().readers);
  return pool;
}

/** Ends every reader the way a failure would (tests only). */
export async function crashInspectorThreadForTest(): Promise<void> {
  await pool?.crashForTest();
}

/** The readers running now (tests only). */
export function runningReadersForTest(): number {
  return pool?.running ?? 0;
}

let nextId = 1;

/** A reader of the pool hands problems over as CSV lines (`problemLines`), products as NDJSON lines (`productLines`), never one by one. */
export type PoolInspectorOptions = Omit<InspectorOptions, "onProblem" | "onProduct">;

/**
 * An inspector for one file, as `createCatalogueInspector` in inspector.ts
 * (write the bytes into `input` and end it; `result` settles once the file
 * is read, never rejects), reading on a reader of the pool.
 */
export function createCatalogueInspector(options: PoolInspectorOptions): { input: Writable; result: Promise<InspectionOutcome> } {
  const id = nextId++;
  const lines = options.problemLines ?? options.productLines ?? null;
  const steps = options.previewOnly || lines ? PACED : STREAMED;
  const budget = options.budget ?? readerSettings().budget;
  let settled = false;
  let settle!: (outcome: InspectionOutcome) => void;
  const result = new Promise<InspectionOutcome>((resolve) => (settle = resolve));
  let ahead = 0;
  /** A write waiting for room, and the end waiting for the answer. */
  let waitingWrite: (() => void) | null = null;
  let waitingEnd: (() => void) | null = null;
  const pacing = lines ? new Int32Array(new SharedArrayBuffer(8)) : null;

  const release = () => {
    const write = waitingWrite;
    waitingWrite = null;
    write?.();
  };
  const answer = (outcome: InspectionOutcome) => {
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
  };
  const taker = lines;
  const takeProblems = (lines: Uint8Array) => {
    if (settled) return;
    taker!.send(lines);
    // A list no longer wanted takes nothing more: its reader is woken by `stop`.
    void taker!.room().then(
      () => {
        Atomics.sub(pacing!, 0, 1);
        Atomics.notify(pacing!, 0);
      },
      () => {},
    );
  };

  // Messages wait for the file's reader (the pool may have none free yet); sent in order once it is there.
  let reader: Reader | null = null;
  const queued: [ToInspectorThread, ArrayBuffer[] | undefined][] = [];
  const send = (message: ToInspectorThread, transfer?: ArrayBuffer[]) => {
    if (reader) reader.send(message, transfer);
    else queued.push([message, transfer]);
  };
  void readerPool()
    .acquire()
    .then((acquired) => {
      acquired.take(
        id,
        {
          message(message: FromInspectorThread) {
            if (message.type === "taken") {
              ahead--;
              if (ahead < steps.ahead) release();
            } else if (message.type === "problems") takeProblems(message.lines);
            else answer(message.outcome);
          },
          lost: answer,
        },
        { cpuMs: budget.cpuMs, wallMs: budget.wallMs },
      );
      reader = acquired;
      for (const [message, transfer] of queued.splice(0)) acquired.send(message, transfer);
    });

  const { fileName, override, mapping, language, previewOnly } = options;
  send({
    type: "start",
    id,
    options: {
      fileName,
      override,
      mapping,
      language,
      previewOnly,
      budget,
      ...(pacing && options.problemLines ? { pacing: pacing.buffer as SharedArrayBuffer, problemWording: options.problemLines.wording } : {}),
      ...(pacing && options.productLines ? { pacing: pacing.buffer as SharedArrayBuffer, productIndex: true } : {}),
    },
  });
  // The remembered mapping follows once it is there (the inspector needs it only after the first rows).
  void Promise.resolve(options.memory)
    .catch(() => null)
    .then((memory) => send({ type: "memory", id, memory: memory ?? null }));

  let piece: Buffer | null = null;
  let filled = 0;
  let sent = 0;
  const sendPiece = () => {
    const bytes = piece!.subarray(0, filled);
    send({ type: "bytes", id, bytes }, [bytes.buffer as ArrayBuffer]);
    piece = null;
    filled = 0;
    sent++;
    ahead++;
  };

  const input = new Writable({
    // As the inspector's own input: the pipe into it pauses only once this much waits on top of the pieces ahead.
    highWaterMark: steps.piece * steps.ahead,
    write(chunk: Buffer, _encoding, callback) {
      if (settled) {
        giveBack(chunk);
        return callback();
      }
      catalogueBytesInspected.inc(chunk.byteLength);
      // Copied once into the piece being filled (the chunk also goes upstream); a full piece is handed over, not copied again.
      for (let offset = 0; offset < chunk.byteLength;) {
        // The first piece is smaller: what the inspector decides from the file's start (its format, or a refusal) comes sooner.
        piece ??= Buffer.allocUnsafeSlow(sent === 0 ? steps.firstPiece : steps.piece);
        const copied = chunk.copy(piece, filled, offset);
        offset += copied;
        filled += copied;
        if (filled === piece.byteLength) sendPiece();
      }
      giveBack(chunk);
      if (ahead < steps.ahead) callback();
      else waitingWrite = callback;
    },
    final(callback) {
      if (settled) return callback();
      waitingEnd = callback;
      if (filled > 0) sendPiece();
      send({ type: "end", id });
    },
  });
  const stop = () => {
    if (pacing) {
      // A reader waiting for the list's download to take more wakes up and stops.
      Atomics.store(pacing, 1, 1);
      Atomics.notify(pacing, 0);
    }
    if (settled) return;
    send({ type: "stop", id });
    answer({ ok: false, problem: "unreadable" });
  };
  // The file stopped coming (the upload was cut off), or the problem list is no longer wanted.
  input.on("close", stop);
  input.on("error", stop);
  return { input, result };
}
