/** What the main thread and the inspector's thread say to each other (see inspector-thread.server.ts). */
import type { MappingMemory } from "../../../../contract/catalogue-analysis.ts";
import type { InspectionOutcome, InspectorOptions } from "./types.ts";

/** The options that cross to the inspector's thread: the remembered mapping follows in its own message once it is there. */
export type ThreadInspectorOptions = Pick<InspectorOptions, "fileName" | "override" | "mapping" | "language">;

export type ToInspectorThread =
  | { type: "start"; id: number; options: ThreadInspectorOptions }
  | { type: "memory"; id: number; memory: MappingMemory | null }
  | { type: "bytes"; id: number; bytes: Uint8Array }
  | { type: "end"; id: number }
  | { type: "stop"; id: number };

export type FromInspectorThread = { type: "taken"; id: number } | { type: "result"; id: number; outcome: InspectionOutcome };
