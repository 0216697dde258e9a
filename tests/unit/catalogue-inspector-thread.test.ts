/**
 * The catalogue inspector on its own thread: the same answers as on the
 * calling thread, bounded hand-over, and a failed worker that answers
 * instead of leaving an upload waiting.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { MappingMemory } from "#contract/catalogue-analysis.ts";
import { createCatalogueInspector, type InspectionOutcome, type InspectorOptions } from "#app/services/catalogue/reading/index.server.ts";
import { createCatalogueInspector as inspectOnThisThread } from "#app/services/catalogue/reading/inspector.ts";
import { crashInspectorThreadForTest } from "#app/services/catalogue/reading/inspector-thread.server.ts";
import "../support/catalogue-readers";

const samplesDir = new URL("../../sandbox/samples/", import.meta.url);

type Inspect = typeof createCatalogueInspector;

async function inspect(create: Inspect, bytes: Uint8Array, options: InspectorOptions, chunk = 64 * 1024): Promise<InspectionOutcome> {
  const { input, result } = create(options);
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    if (!input.write(Buffer.from(bytes.subarray(offset, offset + chunk)))) await new Promise((resolve) => input.once("drain", resolve));
  }
  input.end();
  return result;
}

/** Rows with distinct valid EAN-13s (`4006` + 8 digits + check digit). */
function ean(number: number): string {
  const digits = `4006${String(number).padStart(8, "0")}`;
  let sum = 0;
  for (let index = 0; index < 12; index++) sum += (digits.charCodeAt(index) - 48) * (index % 2 === 0 ? 1 : 3);
  return digits + String((10 - (sum % 10)) % 10);
}

describe("the inspector's thread", () => {
  it.each(readdirSync(samplesDir))("reads %s exactly as the calling thread does", async (name) => {
    const bytes = readFileSync(new URL(name, samplesDir));
    const memory: MappingMemory | null = null;
    const there = await inspect(createCatalogueInspector, bytes, { fileName: name, memory: Promise.resolve(memory) }, 4093);
    const here = await inspect(inspectOnThisThread, bytes, { fileName: name, memory }, 4093);
    expect(there).toEqual(here);
    expect(there.ok).toBe(true);
  });

  it("finds a duplicate GTIN 300,000 rows after its first row, with both rows", async () => {
    const lines = Array.from({ length: 300_000 }, (_, i) => `${ean(i)};Artikel ${i};Küche;12,50`);
    lines.push(`${ean(0)};Nochmal;Küche;12,50`);
    const bytes = Buffer.from(`EAN;Name;Kategorie;Preis\r\n${lines.join("\r\n")}\r\n`, "latin1");
    const outcome = await inspect(createCatalogueInspector, bytes, { fileName: "k.csv" });
    if (!outcome.ok) throw new Error(outcome.problem);
    expect(outcome.analysis.report).toMatchObject({ rowsChecked: 300_001, rowsRejected: 1, counts: { EAN_DUPLICATE: 1 } });
    expect(outcome.analysis.report.examples).toEqual([{ row: 300_002, kind: "EAN_DUPLICATE", column: "EAN", value: ean(0), firstRow: 2 }]);
  });

  it("answers a refused file at once and takes the rest of it without reading it", async () => {
    const garbage = Buffer.alloc(64 * 1024);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919 + 13) % 256;
    const { input, result } = createCatalogueInspector({ fileName: "katalog.csv" });
    input.write(garbage);
    expect(await result).toEqual({ ok: false, problem: "binary" });
    // 8 MiB more: every write is taken, none waits.
    for (let i = 0; i < 128; i++) {
      if (!input.write(garbage)) await new Promise((resolve) => input.once("drain", resolve));
    }
    await new Promise<void>((resolve) => input.end(resolve));
  });

  it("holds only a bounded part of a file while the inspector waits, and reads it all once it goes on", async () => {
    let giveMemory!: (memory: MappingMemory | null) => void;
    const memory = new Promise<MappingMemory | null>((resolve) => (giveMemory = resolve));
    const lines = Array.from({ length: 200_000 }, (_, i) => `${ean(i)};Artikel ${i};Küche;12,50`);
    const bytes = Buffer.from(`EAN;Name;Kategorie;Preis\n${lines.join("\n")}\n`, "latin1");
    const { input, result } = createCatalogueInspector({ fileName: "k.csv", memory });
    // The inspector waits for the remembered mapping once it has the first rows: the writes must soon be told to wait.
    let accepted = 0;
    let offset = 0;
    for (; offset < bytes.length; offset += 64 * 1024) {
      accepted += Math.min(64 * 1024, bytes.length - offset);
      if (!input.write(bytes.subarray(offset, offset + 64 * 1024))) break;
    }
    expect(offset).toBeLessThan(bytes.length);
    expect(accepted).toBeLessThanOrEqual(2.5 * 1024 * 1024);
    giveMemory(null);
    await new Promise((resolve) => input.once("drain", resolve));
    for (offset += 64 * 1024; offset < bytes.length; offset += 64 * 1024) {
      if (!input.write(bytes.subarray(offset, offset + 64 * 1024))) await new Promise((resolve) => input.once("drain", resolve));
    }
    input.end();
    const outcome = await result;
    expect(outcome.ok && outcome.analysis.report).toMatchObject({ rowsChecked: 200_000, rowsRejected: 0 });
  });

  it("answers the files of a worker that failed as unreadable, and reads the next file with a new one", async () => {
    const never = new Promise<MappingMemory | null>(() => {});
    const { input, result } = createCatalogueInspector({ fileName: "k.csv", memory: never });
    input.write(
      Buffer.from(`EAN;Name;Kategorie;Preis\n${Array.from({ length: 5000 }, (_, i) => `${ean(i)};Artikel ${i};Küche;12,50`).join("\n")}\n`, "latin1"),
    );
    await crashInspectorThreadForTest();
    expect(await result).toEqual({ ok: false, problem: "unreadable" });
    // Writes after that are taken, not left waiting.
    await new Promise<void>((resolve) => input.end(Buffer.alloc(1024, 0x41), resolve));
    const bytes = readFileSync(new URL("katalog-mit-fehlern.csv", samplesDir));
    const next = await inspect(createCatalogueInspector, bytes, { fileName: "katalog-mit-fehlern.csv" });
    expect(next.ok).toBe(true);
  });
});
