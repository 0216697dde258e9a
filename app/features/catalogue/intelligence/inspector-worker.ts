/**
 * The catalogue inspector's own thread: the portal's main thread hands it
 * each file's bytes as they pass (see inspector-thread.server.ts), it reads
 * them with the same inspector as ever and answers what it understood.
 *
 * Loaded by Node itself (the server build emits it as its own entry,
 * `catalogue-inspector-worker.js`; from the sources in development and
 * tests): so this file and everything it imports use relative `.ts` paths.
 */
import type { Writable } from "node:stream";
import { parentPort } from "node:worker_threads";
import type { MappingMemory } from "../../../../contract/catalogue-analysis.ts";
import { createCatalogueInspector } from "./inspector.ts";
import type { FromInspectorThread, ToInspectorThread } from "./inspector-messages.ts";

type Inspection = { input: Writable; giveMemory: (memory: MappingMemory | null) => void; answered: boolean; ended: boolean };

/** How much the inspector reads at once (see "bytes"). */
const READ_BYTES = 64 * 1024;

const port = parentPort;
const inspections = new Map<number, Inspection>();

function post(message: FromInspectorThread): void {
  port!.postMessage(message);
}

/** Forgets a file once its answer is sent and no more of it will come. */
function forgetWhenDone(id: number, inspection: Inspection): void {
  if (inspection.answered && inspection.ended) inspections.delete(id);
}

function start(id: number, options: Extract<ToInspectorThread, { type: "start" }>["options"]): void {
  let giveMemory!: (memory: MappingMemory | null) => void;
  const memory = new Promise<MappingMemory | null>((resolve) => (giveMemory = resolve));
  const { input, result } = createCatalogueInspector({ ...options, memory });
  const inspection: Inspection = { input, giveMemory, answered: false, ended: false };
  inspections.set(id, inspection);
  input.on("error", () => {});
  void result.then((outcome) => {
    post({ type: "result", id, outcome });
    inspection.answered = true;
    forgetWhenDone(id, inspection);
  });
}

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
      forgetWhenDone(message.id, inspection);
      break;
    case "stop":
      if (!inspection) break;
      // The file stopped coming: the inspector answers that it is unreadable, and the answer is not waited for.
      inspection.input.destroy();
      inspections.delete(message.id);
      break;
  }
});
