/**
 * What reading one catalogue file may cost: bytes, rows, columns, what a
 * workbook inflates to in all and for its size. Each bound refuses the file
 * with its own reading problem, as soon as it is passed; files within the
 * bounds read as before.
 */
import { describe, expect, it } from "vitest";
import { checkBytes, checkColumns, checkRows, defaultBudget, InflationMeter, type ReadingBudget } from "#app/lib/catalogue/budget.ts";
import { createCatalogueInspector } from "#app/services/catalogue/reading/inspector.ts";
import type { InspectionOutcome, InspectorOptions } from "#app/lib/catalogue/types.ts";
import { manyColumnsCsv, xlsxBomb } from "../support/hostile-files";
import { xlsxOf } from "../support/xlsx";

const MiB = 1024 * 1024;

/** Feeds `bytes` to an inspector on this thread; answers the outcome and how much of the file it took before it answered. */
async function inspect(bytes: Uint8Array, options: InspectorOptions): Promise<{ outcome: InspectionOutcome; taken: number }> {
  const { input, result } = createCatalogueInspector(options);
  let answered = false;
  void result.then(() => (answered = true));
  let taken = 0;
  for (let offset = 0; offset < bytes.length && !answered; offset += 64 * 1024) {
    const piece = Buffer.from(bytes.subarray(offset, offset + 64 * 1024));
    taken += piece.length;
    if (!input.write(piece)) await new Promise((resolve) => input.once("drain", resolve));
    // As from a socket: the next piece comes later, and an answer meanwhile ends the sending.
    await new Promise((resolve) => setImmediate(resolve));
  }
  input.end();
  return { outcome: await result, taken };
}

const budget = (changes: Partial<ReadingBudget>): ReadingBudget => ({ ...defaultBudget, ...changes });

describe("the checks", () => {
  it("let a file reach each bound and refuse it one past", () => {
    const small = budget({ bytes: 10, rows: 5, columns: 3 });
    expect(() => checkBytes(small, 10)).not.toThrow();
    expect(() => checkBytes(small, 11)).toThrow(expect.objectContaining({ problem: "fileTooLarge" }));
    expect(() => checkRows(small, 5)).not.toThrow();
    expect(() => checkRows(small, 6)).toThrow(expect.objectContaining({ problem: "tooManyRows", row: 6 }));
    expect(() => checkColumns(small, 3)).not.toThrow();
    expect(() => checkColumns(small, 4)).toThrow(expect.objectContaining({ problem: "tooManyColumns" }));
  });

  it("count what a workbook's parts inflate to, all together", () => {
    const meter = new InflationMeter(budget({ unzippedBytes: 10 * MiB }));
    meter.part(6 * MiB, 6 * MiB, MiB);
    expect(() => meter.part(5 * MiB, 5 * MiB, MiB)).toThrow(expect.objectContaining({ problem: "inflatesTooFar" }));
  });

  it("refuse a part that inflates more than the ratio allows, once it is large enough to matter", () => {
    const meter = new InflationMeter(budget({ compressionRatio: 100, ratioFromBytes: 4 * MiB }));
    // Small parts (styles, the workbook) may inflate far: they cost nothing.
    expect(() => meter.part(3 * MiB, 3 * MiB, 1024)).not.toThrow();
    // 4 MiB from 40 KiB is about 102-fold.
    expect(() => new InflationMeter(defaultBudget).part(4 * MiB, 4 * MiB, 40 * 1024)).toThrow(expect.objectContaining({ problem: "inflatesTooFar" }));
    expect(() => new InflationMeter(defaultBudget).part(4 * MiB, 4 * MiB, 48 * 1024)).not.toThrow();
    // As deployed the ratio counts from 1 MiB: 1 MiB from 10 KiB is about 102-fold, from 11 KiB 93-fold; below 1 MiB a part may inflate far.
    expect(() => new InflationMeter(defaultBudget).part(MiB, MiB, 10 * 1024)).toThrow(expect.objectContaining({ problem: "inflatesTooFar" }));
    expect(() => new InflationMeter(defaultBudget).part(MiB, MiB, 11 * 1024)).not.toThrow();
    expect(() => new InflationMeter(defaultBudget).part(MiB - 1, MiB - 1, 1024)).not.toThrow();
  });
});

describe("reading with a budget", () => {
  it("refuses an XLSX zip bomb (87 MB of sheet from 340 KB) after inflating a few MB of it", async () => {
    const bomb = xlsxBomb();
    const { outcome } = await inspect(bomb, { fileName: "katalog.xlsx" });
    expect(outcome).toEqual({ ok: false, problem: "inflatesTooFar" });
  });

  it("refuses a workbook whose parts inflate to more than the budget in all, however ordinary its ratio", async () => {
    const rows = Array.from({ length: 20_000 }, (_, index) => [`40063813${String(index).padStart(5, "0")}`, `Artikel ${index}`, index + 0.5]);
    const workbook = xlsxOf([{ name: "Artikel", rows: [["EAN", "Name", "Preis"], ...rows] }]);
    expect((await inspect(workbook, { fileName: "k.xlsx" })).outcome.ok).toBe(true);
    const { outcome } = await inspect(workbook, { fileName: "k.xlsx", budget: budget({ unzippedBytes: 256 * 1024 }) });
    expect(outcome).toEqual({ ok: false, problem: "inflatesTooFar" });
  });

  it("reads a workbook as Excel writes one (every row and cell with its reference) within the ratio, however large", async () => {
    // About 7 MB of sheet: well past the size from which the ratio counts.
    const rows = Array.from({ length: 60_000 }, () => [4006381333931, "Artikel", "Haushalt", 12.5]);
    const workbook = xlsxOf([{ name: "Artikel", rows: [["EAN", "Name", "Warengruppe", "Preis"], ...rows] }]);
    const { outcome } = await inspect(workbook, { fileName: "k.xlsx" });
    if (!outcome.ok) throw new Error(outcome.problem);
    expect(outcome.analysis.report.rowsChecked).toBe(60_000);
  });

  it("refuses a CSV with more rows than the budget, at the row past it", async () => {
    const csv = Buffer.from(`EAN;Name\n${Array.from({ length: 500 }, (_, index) => `4006381333931;Artikel ${index}`).join("\n")}\n`);
    expect((await inspect(csv, { fileName: "k.csv", budget: budget({ rows: 1000 }) })).outcome.ok).toBe(true);
    expect((await inspect(csv, { fileName: "k.csv", budget: budget({ rows: 300 }) })).outcome).toEqual({ ok: false, problem: "tooManyRows", row: 301 });
  });

  it("refuses a header row with more columns than a sheet can have", async () => {
    const header = Array.from({ length: 20_000 }, (_, index) => `F${index}`).join(";");
    const { outcome } = await inspect(Buffer.from(`${header}\n4006381333931;Artikel\n`), { fileName: "k.csv" });
    expect(outcome).toEqual({ ok: false, problem: "tooManyColumns" });
  });

  it("refuses a million columns (an 8 MB line) after its first MiB", async () => {
    const { outcome, taken } = await inspect(manyColumnsCsv(), { fileName: "k.csv" });
    expect(outcome).toMatchObject({ ok: false, problem: "lineTooLong" });
    expect(taken).toBeLessThan(2 * MiB);
  });

  it("refuses a file larger than its budget's bytes as soon as it passes them", async () => {
    const csv = Buffer.from(`EAN;Name\n${"4006381333931;Artikel\n".repeat(20_000)}`);
    const { outcome, taken } = await inspect(csv, { fileName: "k.csv", budget: budget({ bytes: 128 * 1024 }) });
    expect(outcome).toEqual({ ok: false, problem: "fileTooLarge" });
    expect(taken).toBeLessThanOrEqual(192 * 1024);
  });
});
