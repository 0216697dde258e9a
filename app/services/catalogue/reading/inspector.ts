/**
 * The catalogue inspector: fed a file's bytes as they stream (beside the
 * upload, or from the stored file), it reads the file as CSV/TXT, XLSX or a
 * BMEcat catalogue (XML) and answers what the portal understood of it, or
 * why the file is no catalogue it can read. Holds a bounded amount of the
 * file (see each reader).
 */
import { Writable } from "node:stream";
import { catalogueFileType } from "#contract/catalogue.ts";
import { bmecatReading } from "./bmecat-reading.ts";
import { csvReading } from "./csv-reading.ts";
import { checkBytes, defaultBudget } from "#app/lib/catalogue/budget.ts";
import { Refusal, type ReadingFactory } from "#app/lib/catalogue/reading.ts";
import type { InspectionOutcome, InspectorOptions } from "#app/lib/catalogue/types.ts";
import { WorkbookError } from "./xlsx-reader.ts";
import { xlsxReading } from "./xlsx-reading.ts";

const readers: Record<"CSV" | "TXT" | "XLSX" | "XML", ReadingFactory> = { CSV: csvReading, TXT: csvReading, XLSX: xlsxReading, XML: bmecatReading };

/**
 * An inspector for one file: write the file's bytes into `input` as they
 * stream and end it; `result` settles once the file is read (or as soon as
 * it is clear that it cannot be; later bytes are then taken and dropped, so
 * a pipe into `input` never stalls). Never rejects.
 */
export function createCatalogueInspector(options: InspectorOptions): { input: Writable; result: Promise<InspectionOutcome> } {
  let settle!: (outcome: InspectionOutcome) => void;
  let settled = false;
  const result = new Promise<InspectionOutcome>((resolve) => {
    settle = (outcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
  });
  const fail = (error: unknown) => {
    if (error instanceof Refusal) settle({ ok: false, problem: error.problem, ...(error.row ? { row: error.row } : {}) });
    else if (error instanceof WorkbookError) settle({ ok: false, problem: error.problem });
    else settle({ ok: false, problem: "unreadable" });
  };
  const reading = readers[catalogueFileType(options.fileName) ?? "CSV"](options, settle);
  const budget = options.budget ?? defaultBudget;
  let bytes = 0;

  const input = new Writable({
    highWaterMark: 1024 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      if (settled) return callback();
      bytes += chunk.byteLength;
      try {
        checkBytes(budget, bytes);
      } catch (error) {
        fail(error);
        return callback();
      }
      reading.write(chunk).then(
        () => callback(),
        (error: unknown) => {
          fail(error);
          callback();
        },
      );
    },
    final(callback) {
      if (settled) return callback();
      reading.end().then(
        (outcome) => {
          settle(outcome);
          callback();
        },
        (error: unknown) => {
          fail(error);
          callback();
        },
      );
    },
  });
  // The file stopped coming (the upload was cut off): nothing more to say about it.
  input.on("close", () => settle({ ok: false, problem: "unreadable" }));
  input.on("error", () => settle({ ok: false, problem: "unreadable" }));
  return { input, result };
}
