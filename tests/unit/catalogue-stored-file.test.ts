/**
 * Reading a stored file again, against a catalogue upload service stand-in:
 * re-reading with another format (stored), the preview (not stored; the
 * download cut off after the first rows), and the full problem list as CSV.
 */
import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import Papa from "papaparse";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CatalogueAnalysis, MappingMemory } from "#contract/catalogue-analysis.ts";
import type * as InspectorModule from "#app/services/catalogue/reading/inspector.ts";
import { giveBack } from "#app/services/http/chunk-leases.server.ts";
import { UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import "../support/catalogue-readers";

type Stored = { fileName: string; bytes: Buffer; analysis: CatalogueAnalysis | null; headerMapping: Record<string, string> | null };
const service = {
  files: new Map<string, Stored>(),
  memory: null as MappingMemory | null,
  saved: [] as CatalogueAnalysis[],
  /** Bytes the stand-in sent of the last download, and whether the portal cut it off. */
  sent: 0,
  cancelled: false,
};

const notFound = (path: string) => new UpstreamError({ service: "catalogueUpload", method: "GET", path, status: 404, body: { message: "not found" } });

// The request's language and its translations come from the language middleware, which these tests do not run.
vi.mock("#app/services/i18n/i18n.server.ts", async () => {
  const { default: i18next } = await import("i18next");
  const { messages } = await import("#app/locales/resources.ts");
  const english = i18next.createInstance();
  await english.init({ lng: "en", resources: { en: { translation: messages.en } }, interpolation: { escapeValue: false } });
  return { getLocale: () => "en", getI18n: () => english };
});

vi.mock("#app/services/upstream/request-clients.server.ts", () => ({
  upstream: () => ({
    catalogueUpload: {
      catalogueHeaders: async (fileId: string) => {
        const file = service.files.get(fileId)!;
        return { fileId, fileName: file.fileName, headers: [], headerMapping: file.headerMapping };
      },
      analysis: async (fileId: string) => {
        const analysis = service.files.get(fileId)?.analysis;
        if (!analysis) throw notFound("/me/seller/file/analysis");
        return analysis;
      },
      saveAnalysis: async (analysis: CatalogueAnalysis) => {
        service.saved.push(analysis);
        service.files.get(analysis.fileId)!.analysis = analysis;
        return analysis;
      },
      mappingMemory: async () => {
        if (!service.memory) throw notFound("/me/seller/catalogue-mapping-memory");
        return service.memory;
      },
      downloadFile: async (fileId: string) => {
        const { bytes } = service.files.get(fileId)!;
        service.sent = 0;
        service.cancelled = false;
        // Small pieces, as a slow network would hand them over.
        const piece = 64;
        return new Response(
          new ReadableStream<Uint8Array>(
            {
              pull(controller) {
                if (service.sent >= bytes.length) return controller.close();
                controller.enqueue(new Uint8Array(bytes.subarray(service.sent, service.sent + piece)));
                service.sent += piece;
              },
              cancel() {
                service.cancelled = true;
              },
            },
            { highWaterMark: 0 },
          ),
        );
      },
    },
  }),
}));

/** What the calling thread's inspector was asked to read (every reading goes to a reader of the pool). */
const onThisThread = vi.hoisted(() => ({ reads: [] as string[] }));
vi.mock("#app/services/catalogue/reading/inspector.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof InspectorModule>();
  return {
    ...actual,
    createCatalogueInspector: (options: Parameters<typeof actual.createCatalogueInspector>[0]) => {
      onThisThread.reads.push(options.previewOnly ? "preview" : options.onProblem ? "problems" : "whole file");
      return actual.createCatalogueInspector(options);
    },
  };
});

const { analyseStoredFile, previewStoredFile, problemsCsv, createCatalogueInspector } = await import("#app/services/catalogue/reading/index.server.ts");

const args = { request: new Request("http://portal.test/") } as Parameters<typeof analyseStoredFile>[0];
const sample = (name: string) => readFileSync(new URL(`../../sandbox/samples/${name}`, import.meta.url));

async function inspect(bytes: Buffer, fileName: string): Promise<CatalogueAnalysis> {
  const { input, result } = createCatalogueInspector({ fileName });
  input.end(bytes);
  const outcome = await result;
  if (!outcome.ok) throw new Error(outcome.problem);
  return { ...outcome.analysis, fileId: "file-1", analysedAt: "2026-11-22T10:00:00.000Z" };
}

/** Stores a CSV of 30,000 rows as file-1, each row with one problem, a different EAN too short (30,000 lines in its list); answers its bytes. */
async function storeManyRows(): Promise<Buffer> {
  const rows = Array.from({ length: 30_000 }, (_, i) => `${10000 + i};Artikel ${i};Küche`).join("\n");
  const bytes = Buffer.from(`EAN;Name;Kategorie\n${rows}\n`, "latin1");
  service.files.set("file-1", { fileName: "viele.csv", bytes, analysis: await inspect(bytes, "viele.csv"), headerMapping: null });
  return bytes;
}

beforeEach(() => {
  service.files.clear();
  service.memory = null;
  service.saved = [];
  onThisThread.reads = [];
});

describe("analyseStoredFile", () => {
  it("re-reads the file with the seller's format and stores the new analysis", async () => {
    const bytes = sample("katalog-erp-windows-1252.csv");
    service.files.set("file-1", { fileName: "katalog.csv", bytes, analysis: await inspect(bytes, "katalog.csv"), headerMapping: null });
    const analysis = await analyseStoredFile(args, "file-1", { override: { encoding: "utf-8" } });
    expect(analysis.format).toMatchObject({ encoding: "utf-8", delimiter: ";", detected: false });
    expect(service.saved).toHaveLength(1);
    expect(service.saved[0]!.fileId).toBe("file-1");

    // Re-checked against a mapping later: the seller's format is kept.
    const rechecked = await analyseStoredFile(args, "file-1", { mapping: { "EAN-Code": "EAN", Farbe: "PRODUCT_CATEGORY" } });
    expect(rechecked.format).toMatchObject({ encoding: "utf-8", detected: false });
    expect(rechecked.report.mapping).toEqual({ "EAN-Code": "EAN", Farbe: "PRODUCT_CATEGORY" });
    // Both re-reads were read and checked on the inspector's thread, not on the one serving pages.
    expect(onThisThread.reads).not.toContain("whole file");
  });

  it("throws a reading problem and stores nothing when the format makes the file unreadable", async () => {
    const bytes = sample("katalog-excel.xlsx");
    service.files.set("file-1", { fileName: "katalog.xlsx", bytes, analysis: null, headerMapping: null });
    await expect(analyseStoredFile(args, "file-1", { override: { sheet: "Gibt es nicht" } })).rejects.toMatchObject({ problem: "sheetNotFound" });
    expect(service.saved).toHaveLength(0);
  });
});

describe("previewStoredFile", () => {
  it("reads only the first rows of a large file, stores nothing, and suggests columns for that format", async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `40063813${String(10000 + i).slice(-5)};Artikel ${i};Küche;12,50`).join("\n");
    const bytes = Buffer.from(`EAN|Name|Kategorie|Preis\n${rows}\n`.replace(/;/g, "|"), "latin1");
    service.files.set("file-1", { fileName: "gross.csv", bytes, analysis: null, headerMapping: null });
    const preview = await previewStoredFile(args, "file-1", { delimiter: "|", encoding: "windows-1252" });
    expect(preview.format).toMatchObject({ delimiter: "|", encoding: "windows-1252", detected: false });
    expect(preview.preview).toHaveLength(11);
    expect(preview.preview[1]![2]).toBe("Küche");
    expect(preview.columns.map((column) => column.field)).toEqual(["EAN", "TITLE", "PRODUCT_CATEGORY", "PRICE"]);
    expect(service.sent).toBeLessThan(bytes.length / 4);
    expect(service.cancelled).toBe(true);
    expect(service.saved).toHaveLength(0);
    // Even a preview is read on a reader of the pool, never on the thread serving pages.
    expect(onThisThread.reads).toEqual([]);
  });
});

describe("problemsCsv", () => {
  // The list is a Node stream (the server writes it straight to the browser); read here as the browser's download would be.
  const web = (stream: Readable) => Readable.toWeb(stream) as ReadableStream<Uint8Array>;
  async function text(stream: Readable): Promise<string> {
    return new Response(web(stream)).text();
  }

  it("lists every problem of the error sample, as many per kind as the report counts, in its order", async () => {
    const bytes = sample("katalog-mit-fehlern.csv");
    const analysis = await inspect(bytes, "fehler.csv");
    service.files.set("file-1", { fileName: "fehler.csv", bytes, analysis, headerMapping: null });
    const listed = Buffer.from(await new Response(web(await problemsCsv(args, "file-1"))).arrayBuffer());
    // A byte order mark first: spreadsheet programs read the UTF-8 as such.
    expect([...listed.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = listed.toString("utf8", 3);
    expect(csv.startsWith("Row,Problem,Column,Value,Problem code\r\n")).toBe(true);
    const rows = Papa.parse<string[]>(csv)
      .data.filter((cells) => cells.length > 1)
      .slice(1);
    const kinds: Record<string, number> = {};
    for (const cells of rows) kinds[cells[4]!] = (kinds[cells[4]!] ?? 0) + 1;
    expect(kinds).toEqual(analysis.report.counts);
    expect(rows.map((cells) => Number(cells[0]))).toEqual(analysis.report.examples.map((example) => example.row));
    expect(rows.find((cells) => cells[4] === "EAN_DUPLICATE")).toEqual([
      "7",
      "EAN appears more than once (first in row 2)",
      "EAN",
      "4006381440004",
      "EAN_DUPLICATE",
    ]);
  });

  it("checks against the file's saved mapping when there is one", async () => {
    const bytes = sample("katalog-mit-fehlern.csv");
    const analysis = await inspect(bytes, "fehler.csv");
    // Only the category is mapped: no EAN problems, only the empty categories.
    service.files.set("file-1", { fileName: "fehler.csv", bytes, analysis, headerMapping: { Kategorie: "PRODUCT_CATEGORY", Artikelname: "EAN" } });
    const rows = Papa.parse<string[]>(await text(await problemsCsv(args, "file-1")))
      .data.filter((cells) => cells.length > 1)
      .slice(1);
    expect(rows.every((cells) => /^(REQUIRED_EMPTY|EAN_\w+|FIELD_COUNT)$/.test(cells[4]!))).toBe(true);
    expect(rows.some((cells) => cells[2] === "Artikelname")).toBe(true);
  });

  it("reads the file only as fast as the lines are taken", async () => {
    const bytes = await storeManyRows();
    const reader = web(await problemsCsv(args, "file-1")).getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Nothing taken beyond the first piece: the download waits.
    expect(service.sent).toBeLessThan(bytes.length / 2);
    let lines = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) lines += new TextDecoder().decode(chunk.value).split("\r\n").length - 1;
    expect(lines).toBe(30_000);
  });

  it("stops reading the file when the download is cancelled", async () => {
    const bytes = await storeManyRows();
    const reader = web(await problemsCsv(args, "file-1")).getReader();
    await reader.read();
    await reader.cancel();
    // The cancel reaches the service through the reader and the file's stream: waited for, not timed.
    await vi.waitFor(() => expect(service.cancelled).toBe(true), { timeout: 10_000 });
    expect(service.sent).toBeLessThan(bytes.length / 2);
  });

  it("stops reading the file when the browser goes away (its request is aborted)", async () => {
    const bytes = await storeManyRows();
    const browser = new AbortController();
    const csv = await problemsCsv({ ...args, request: new Request("http://portal.test/", { signal: browser.signal }) }, "file-1");
    csv.read();
    browser.abort();
    expect(csv.destroyed).toBe(true);
    await vi.waitFor(() => expect(service.cancelled).toBe(true), { timeout: 10_000 });
    expect(service.sent).toBeLessThan(bytes.length / 2);
  });

  it("holds each batch of lines, so that the server frees it as soon as the socket has written it", async () => {
    await storeManyRows();
    let chunks = 0;
    let freed = 0;
    const csv = await problemsCsv(args, "file-1");
    // Chunk by chunk, as the server takes them (writeGivingBack), and given back as it does once the socket has written one.
    csv.on("data", (chunk: Uint8Array) => {
      chunks++;
      giveBack(chunk);
      if (chunk.buffer.byteLength === 0) freed++;
    });
    await finished(csv);
    expect(chunks).toBeGreaterThan(2);
    expect(freed).toBe(chunks);
  });
});
