/**
 * The catalogue readers: one file per reader, a bounded pool, a file over
 * its time ended with its reader (and the reader replaced), and the problem
 * list read only as fast as its lines are taken.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { defaultBudget, type ReadingBudget } from "#app/lib/catalogue/budget.ts";
import { createCatalogueInspector as inspectOnThisThread } from "#app/services/catalogue/reading/inspector.ts";
import { createCatalogueInspector, runningReadersForTest } from "#app/services/catalogue/reading/inspector-thread.server.ts";
import { PROBLEM_BATCHES_AHEAD } from "#app/services/catalogue/reading/inspector-messages.ts";
import { problemCsvLine, problemsCsvWording } from "#app/services/catalogue/reading/problem-lines.ts";
import type { InspectorOptions } from "#app/lib/catalogue/types.ts";
import "../support/catalogue-readers";
import { smallCatalogueCsv, xlsxBomb } from "../support/hostile-files";

/** The list's words do not matter here: each key's last part stands for its translation. */
const wording = problemsCsvWording((key) => key.split(".").at(-1)!, "en");

/** Every row a problem: the EAN is too short (a different one each, so no row is a duplicate too). */
const problemRows = (rows: number) =>
  Buffer.from(`EAN;Name;Kategorie\n${Array.from({ length: rows }, (_, index) => `${10000 + index};Artikel ${index};Küche`).join("\n")}\n`);

/** A thread's nice value, from its /proc stat line (the 19th field; its name, the 2nd, may hold spaces). */
const niceOf = (statPath: string) => Number(readFileSync(statPath, "utf8").split(") ")[1]!.split(" ")[16]);

function read(bytes: Uint8Array, options: InspectorOptions) {
  const inspector = createCatalogueInspector(options);
  inspector.input.end(Buffer.from(bytes));
  return inspector.result;
}

describe("the reader pool", () => {
  it("reads another seller's small file while a hostile one keeps its own reader busy, ends that one at its CPU budget and replaces its reader", async () => {
    // A budget that lets the bomb inflate (so it is read for seconds) but gives it one second of CPU.
    const lenient: ReadingBudget = { ...defaultBudget, compressionRatio: 1e9, unzippedBytes: 1024 ** 3, cpuMs: 1000 };
    const bomb = read(xlsxBomb(), { fileName: "bombe.xlsx", budget: lenient });
    let bombAnswered = false;
    void bomb.then(() => (bombAnswered = true));
    const small = await read(smallCatalogueCsv(), { fileName: "sortiment.csv" });
    expect(small.ok).toBe(true);
    expect(bombAnswered).toBe(false);
    expect(await bomb).toEqual({ ok: false, problem: "tooDemanding" });
    // The next file gets a reader again.
    expect((await read(smallCatalogueCsv(), { fileName: "sortiment.csv" })).ok).toBe(true);
  });

  it.runIf(process.platform === "linux")("reads at a lower scheduling priority than the thread that handles requests", async () => {
    expect((await read(smallCatalogueCsv(), { fileName: "sortiment.csv" })).ok).toBe(true);
    // A thread may end between the listing and the read of its name (vitest's own workers come and go): it is no reader.
    const nameOf = (thread: string) => {
      try {
        return readFileSync(`/proc/self/task/${thread}/comm`, "utf8");
      } catch {
        return "";
      }
    };
    const readers = readdirSync("/proc/self/task").filter((thread) => nameOf(thread).startsWith("catalogue-reade"));
    expect(readers.length).toBeGreaterThan(0);
    const own = niceOf("/proc/thread-self/stat");
    for (const reader of readers) expect(niceOf(`/proc/self/task/${reader}/stat`)).toBe(Math.min(19, own + 10));
  });

  it("starts at most its size of readers; more files wait for a free one and are read then", async () => {
    const files = Array.from({ length: 6 }, () => createCatalogueInspector({ fileName: "sortiment.csv" }));
    const csv = smallCatalogueCsv();
    for (const file of files) file.input.write(csv.subarray(0, 1000));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(runningReadersForTest()).toBeLessThanOrEqual(4);
    for (const file of files) file.input.end(csv.subarray(1000));
    const outcomes = await Promise.all(files.map((file) => file.result));
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    expect(runningReadersForTest()).toBeLessThanOrEqual(4);
  });

  it("frees the reader of a file given up halfway (an upload cut off), for the next file at once", async () => {
    const csv = smallCatalogueCsv();
    const given = Array.from({ length: 6 }, () => createCatalogueInspector({ fileName: "sortiment.csv" }));
    for (const file of given) file.input.write(csv.subarray(0, 1000));
    for (const file of given) file.input.destroy();
    expect(await Promise.all(given.map((file) => file.result))).toEqual(given.map(() => ({ ok: false, problem: "unreadable" })));
    expect((await read(csv, { fileName: "sortiment.csv" })).ok).toBe(true);
  });

  it("sends the problem list's lines only as fast as they are taken", async () => {
    const batches: Uint8Array[] = [];
    let taken: (() => void)[] = [];
    let holding = true;
    const result = read(problemRows(30_000), {
      fileName: "viele.csv",
      problemLines: {
        send: (lines) => void batches.push(lines),
        room: () => (holding ? new Promise<void>((resolve) => taken.push(resolve)) : Promise.resolve()),
        wording,
      },
    });
    // Nothing taken: the reader waits once this many batches are out (waited for: a reader starts slowly on a busy
    // machine), and sends no more while they stay out.
    await vi.waitFor(() => expect(batches.length).toBeGreaterThanOrEqual(PROBLEM_BATCHES_AHEAD), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(batches).toHaveLength(PROBLEM_BATCHES_AHEAD);
    holding = false;
    for (const take of taken) take();
    taken = [];
    expect((await result).ok).toBe(true);
    const lines = Buffer.concat(batches).toString("utf8").split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(30_000);
    expect(lines[0]).toMatch(/^2,/);
  });

  it("hands the problem list over as UTF-8 bytes, each batch in a buffer of its own, the lines as the calling thread writes them", async () => {
    // Values with umlauts and formulas: the bytes are the lines' UTF-8, formula cells neutralised as ever.
    const csv = Buffer.from(`EAN;Name;Kategorie\n${Array.from({ length: 20_000 }, (_, index) => `=1ä${index};Artikel ${index};Küche`).join("\n")}\n`);
    const batches: Uint8Array[] = [];
    const outcome = await read(csv, {
      fileName: "umlaute.csv",
      problemLines: { send: (lines) => void batches.push(lines), room: () => Promise.resolve(), wording },
    });
    expect(outcome.ok).toBe(true);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) {
      expect(batch).toBeInstanceOf(Uint8Array);
      // Transferred whole: nothing else shares or trails its buffer.
      expect(batch.byteOffset).toBe(0);
      expect(batch.buffer.byteLength).toBe(batch.byteLength);
    }
    const lines: string[] = [];
    const onThisThread = inspectOnThisThread({ fileName: "umlaute.csv", onProblem: (problem) => void lines.push(problemCsvLine(problem, wording)) });
    onThisThread.input.end(csv);
    expect((await onThisThread.result).ok).toBe(true);
    expect(lines[0]).toContain("'=1ä0");
    expect(Buffer.concat(batches).equals(Buffer.from(lines.join(""), "utf8"))).toBe(true);
  });

  it("gives up a problem list whose download takes nothing for longer than the budget allows", async () => {
    const outcome = await read(problemRows(30_000), {
      fileName: "viele.csv",
      budget: { ...defaultBudget, stallMs: 300 },
      problemLines: { send: () => {}, room: () => new Promise<void>(() => {}), wording },
    });
    expect(outcome).toEqual({ ok: false, problem: "tooDemanding" });
  });
});
