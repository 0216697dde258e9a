/** What the main thread and a catalogue reader's thread say to each other (see inspector-thread.server.ts). */
import type { MappingMemory } from "#contract/catalogue-analysis.ts";
import type { InspectionOutcome, InspectorOptions, ProblemsCsvWording } from "#app/lib/catalogue/types.ts";

/** The options that cross to the reader's thread: the remembered mapping follows in its own message once it is there. */
export type ThreadInspectorOptions = Pick<InspectorOptions, "fileName" | "override" | "mapping" | "language" | "previewOnly"> & {
  budget: NonNullable<InspectorOptions["budget"]>;
  /**
   * For the problem list: the reader sends the problems as CSV lines,
   * UTF-8 encoded and handed over (transferred, not copied), and waits
   * while `PROBLEM_BATCHES_AHEAD` of its batches are not yet taken.
   * `pacing[0]` counts them (the reader adds, the main thread subtracts);
   * `pacing[1]` is set to 1 when the list is no longer wanted.
   */
  pacing?: SharedArrayBuffer;
  /** For the problem list: what its lines say, in the seller's language. */
  problemWording?: ProblemsCsvWording;
  /** For the products index: the reader sends its entries as NDJSON lines, paced as the problem list's. */
  productIndex?: boolean;
};

/** Batches of problem lines sent and not yet taken before the reader waits. */
export const PROBLEM_BATCHES_AHEAD = 2;

export type ToInspectorThread =
  | { type: "start"; id: number; options: ThreadInspectorOptions }
  | { type: "memory"; id: number; memory: MappingMemory | null }
  | { type: "bytes"; id: number; bytes: Uint8Array }
  | { type: "end"; id: number }
  | { type: "stop"; id: number };

export type FromInspectorThread =
  { type: "taken"; id: number } | { type: "problems"; id: number; lines: Uint8Array } | { type: "result"; id: number; outcome: InspectionOutcome };
