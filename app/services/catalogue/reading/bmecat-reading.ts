/**
 * Reading a BMEcat catalogue (XML) as it streams: decoded as its XML
 * declaration says, its items turned into rows by bmecat-reader.ts, the
 * columns fixed from the first items (what later items have beyond them is
 * no column), then every row checked like a CSV's. An article's group that
 * arrives only after all articles (BMEcat 1.x's maps) is checked at the end
 * (bmecat-groups.ts) and filled into the preview.
 */
import { BMECAT_CATEGORY_COLUMN } from "#contract/bmecat.ts";
import type { CatalogueFormat } from "#contract/catalogue-analysis.ts";
import { previewRowCount } from "#contract/catalogue-analysis.ts";
import { LateGroups } from "./bmecat-groups.ts";
import { BmecatReader, type BmecatItem } from "./bmecat-reader.ts";
import { memoryOf, Refusal, type Reading } from "#app/lib/catalogue/reading.ts";
import { SAMPLE_ROWS, TableAnalysis } from "./table-analysis.ts";
import type { InspectedAnalysis, InspectionOutcome, InspectorOptions } from "#app/lib/catalogue/types.ts";
import { xmlDecoder, type XmlDecoding } from "./xml-guard.ts";
import { StopReading } from "./xlsx-reader.ts";

const MAX_COLUMNS = 500;
/** The first bytes an XML declaration is looked for in. */
const PROLOG_BYTES = 512;
/** Groups of the first items remembered for the preview (maps of later items are only counted). */
const PREVIEW_MAPS = 1000;

export function bmecatReading(options: InspectorOptions, finishEarly: (outcome: InspectionOutcome) => void): Reading {
  let decoding: XmlDecoding | null = null;
  let prolog: Buffer = Buffer.alloc(0);
  const held: BmecatItem[] = [];
  const firstIds: string[] = [];
  const firstGroups = new Map<string, string>();
  const late = new LateGroups();
  let lateCategory = false;
  let columns: string[] = [];
  let table: TableAnalysis | null = null;
  let count = 0;
  let stopped = false;
  let memory: Awaited<ReturnType<typeof memoryOf>> | undefined;

  const row = (item: BmecatItem, rowNumber: number) => {
    if (firstIds.length < SAMPLE_ROWS) firstIds.push(item.id);
    if (lateCategory && !item.groupInline) late.article(item.id, rowNumber);
    table!.row(
      columns.map((column) => item.values.get(column) ?? ""),
      rowNumber,
    );
    if (options.previewOnly && table!.previewComplete) throw new StopReading();
  };

  const startTable = () => {
    const seen = new Set<string>();
    for (const item of held) for (const column of item.values.keys()) if (seen.size < MAX_COLUMNS) seen.add(column);
    // No item brought its group along: the groups come after the articles (or not at all), and are checked at the end.
    lateCategory = !seen.has(BMECAT_CATEGORY_COLUMN);
    if (lateCategory) seen.add(BMECAT_CATEGORY_COLUMN);
    columns = [...seen];
    table = new TableAnalysis({
      headerRow: 1,
      countFields: false,
      lateColumns: lateCategory ? new Set([BMECAT_CATEGORY_COLUMN]) : undefined,
      memory: memory ?? null,
      mapping: options.mapping,
      budget: options.budget,
      onProblem: options.onProblem,
      onProduct: options.onProduct,
      text: (cell) => cell,
    });
    table.row(columns, 1);
    held.splice(0).forEach((item, index) => row(item, index + 2));
  };

  const reader = new BmecatReader(options.language, {
    item(item) {
      count++;
      if (table) row(item, count + 1);
      else {
        held.push(item);
        if (held.length >= SAMPLE_ROWS) startTable();
      }
    },
    groupMap(itemId, groupId) {
      late.map(itemId);
      if (firstGroups.size < PREVIEW_MAPS && !firstGroups.has(itemId)) firstGroups.set(itemId, groupId);
    },
  });

  const feed = (chunk: Buffer, final: boolean) => {
    let bytes: Buffer = chunk;
    if (!decoding) {
      prolog = prolog.length ? Buffer.concat([prolog, chunk]) : chunk;
      if (prolog.length < PROLOG_BYTES && !final) return;
      const found = xmlDecoder(prolog);
      if (!found) throw new Refusal("xmlMalformed");
      decoding = found.decoding;
      bytes = prolog.subarray(found.skip);
      prolog = Buffer.alloc(0);
    }
    const text = decoding.write(bytes) + (final ? decoding.end() : "");
    try {
      reader.write(text);
      if (final) reader.end();
    } catch (error) {
      if (!(error instanceof StopReading)) throw error;
      stopped = true;
      finishEarly(outcome());
    }
  };

  /** The analysis so far: late groups reported and filled into the preview. */
  const outcome = (): InspectionOutcome => {
    if (!table) {
      if (held.length === 0) return { ok: false, problem: "bmecatEmpty" };
      startTable();
    }
    const checker = table!.rowChecker();
    const lateChecked = lateCategory && checker?.columnOf("PRODUCT_CATEGORY") === BMECAT_CATEGORY_COLUMN && !stopped;
    if (lateChecked) for (const missing of late.missing()) checker!.reportLate("REQUIRED_EMPTY", BMECAT_CATEGORY_COLUMN, missing);
    const format: CatalogueFormat = {
      encoding: null,
      delimiter: null,
      headerRow: 1,
      headerRowSure: true,
      sheet: null,
      sheets: [],
      detected: true,
      bmecat: { version: reader.version ?? "2005", language: reader.language, articles: count },
    };
    const analysis = table!.finish(format);
    if (!analysis) return { ok: false, problem: "bmecatEmpty" };
    if (lateCategory) fillLateGroups(analysis);
    return { ok: true, analysis };
  };

  /** The preview's and the suggestions' first values of the group column, from the maps at the end. */
  const fillLateGroups = (analysis: InspectedAnalysis) => {
    const index = columns.indexOf(BMECAT_CATEGORY_COLUMN);
    const groupOf = (id: string) => {
      const group = firstGroups.get(id);
      return group === undefined ? "" : reader.groups.path(group);
    };
    analysis.preview.slice(1, previewRowCount + 1).forEach((cells, rowIndex) => {
      if (index < cells.length) cells[index] = groupOf(firstIds[rowIndex] ?? "").slice(0, 500);
    });
    const column = analysis.columns[index];
    if (column) column.samples = firstIds.slice(0, column.samples.length || 5).map((id) => groupOf(id).slice(0, 500));
  };

  return {
    async write(bytes) {
      if (stopped) return;
      // Asked for before the first items are read: the table needs it once it starts, inside the parser's callbacks.
      if (memory === undefined) memory = await memoryOf(options);
      feed(bytes, false);
    },
    async end() {
      if (!stopped) {
        memory ??= await memoryOf(options);
        feed(Buffer.alloc(0), true);
      }
      return outcome();
    },
  };
}
