import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import { BMECAT_ITEMS, BMECAT_ROOT, bmecatColumn, bmecatFeatureColumn } from "#contract/bmecat.ts";

/**
 * The catalogue upload service's own look at a BMEcat file: whether it is
 * one (the upload's validation), and the columns of its first items with
 * sample values (the headers endpoint, for a file stored without the
 * portal's analysis). Columns as contract/bmecat.ts names them; the
 * service reads just enough of the file, never a DTD or an entity.
 */

const localName = (name: string) => name.slice(name.indexOf(":") + 1);
const items = new Set<string>(BMECAT_ITEMS);

/** Whether a file's first bytes start an XML document (after a byte order mark and blanks). */
export function looksLikeXml(head: Buffer): boolean {
  const text = head
    .subarray(0, 256)
    .toString("latin1")
    .replace(/^\u00ef\u00bb\u00bf/, "");
  if (head[0] === 0xff || head[0] === 0xfe) return true;
  return /^\s*</.test(text);
}

/** Latin-1 when the XML declaration says so (BMEcat 1.x files often do), else UTF-8. */
async function declaredEncoding(path: string): Promise<"latin1" | "utf8"> {
  const handle = await open(path, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(256), 0, 256, 0);
    const prolog = buffer.subarray(0, bytesRead).toString("latin1");
    return /encoding\s*=\s*["'](?:iso-8859-1|iso-8859-15|latin1|windows-1252)["']/i.test(prolog) ? "latin1" : "utf8";
  } finally {
    await handle.close();
  }
}

/** The columns of the first `count` items with their values in file order, read from the start of the file. */
export async function readBmecatRows(path: string, count: number): Promise<{ columns: string[]; rows: Map<string, string>[] }> {
  const parser = new SaxesParser({ position: false });
  const rows: Map<string, string>[] = [];
  const columns: string[] = [];
  let current: Map<string, string> | null = null;
  let path_: string[] = [];
  let types: (string | undefined)[] = [];
  let text = "";
  let featureName = "";
  let featureValue = "";
  let rootChecked = false;
  parser.on("opentag", (opened) => {
    const tag = opened as SaxesTagPlain;
    const name = localName(tag.name);
    if (!rootChecked) {
      rootChecked = true;
      if (name !== BMECAT_ROOT) throw new Error("not a BMEcat catalogue");
    }
    text = "";
    if (current) {
      path_.push(name);
      types.push(String(tag.attributes.type ?? tag.attributes.price_type ?? "") || undefined);
    } else if (items.has(name)) {
      current = new Map();
      path_ = [];
      types = [];
    }
  });
  parser.on("text", (chunk) => {
    if (text.length < 500) text += chunk;
  });
  parser.on("closetag", (tag) => {
    const name = localName(tag.name);
    if (!current) return;
    if (items.has(name) && path_.length === 0) {
      rows.push(current);
      current = null;
      return;
    }
    const value = text.trim();
    if (name === "FNAME" && !featureName) featureName = value;
    else if (name === "FVALUE" && !featureValue) featureValue = value;
    else if (name === "FEATURE") {
      if (featureName) set(bmecatFeatureColumn(featureName), featureValue);
      featureName = featureValue = "";
    } else {
      const column = bmecatColumn(path_, types);
      if (column) set(column, value);
    }
    path_.pop();
    types.pop();
    text = "";
  });
  const set = (column: string, value: string) => {
    if (!current || current.has(column) || value === "") return;
    if (!columns.includes(column)) columns.push(column);
    current.set(column, value);
  };
  parser.on("error", (error) => {
    throw error;
  });
  const stream = createReadStream(path, { encoding: await declaredEncoding(path), highWaterMark: 64 * 1024 });
  try {
    let first = true;
    for await (const chunk of stream) {
      parser.write(first ? (chunk as string).replace(/^\ufeff/, "") : (chunk as string));
      first = false;
      if (rows.length >= count) break;
    }
  } finally {
    stream.destroy();
  }
  if (!rootChecked) throw new Error("not a BMEcat catalogue");
  return { columns, rows: rows.slice(0, count) };
}
