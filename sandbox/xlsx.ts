import { open, type FileHandle } from "node:fs/promises";
import { createInflateRaw } from "node:zlib";

/**
 * Reads the first rows of an XLSX workbook's first sheet: just enough of the
 * ZIP container (central directory, two entries) and of SpreadsheetML for a
 * header row and sample values. Entries are inflated as streams and read only
 * as far as needed, so a large workbook is never unpacked whole.
 */

type ZipEntry = { name: string; method: number; compressedSize: number; localHeaderOffset: number };

const MAX_SHARED_STRINGS_BYTES = 16 * 1024 * 1024;

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

async function centralDirectory(handle: FileHandle): Promise<ZipEntry[]> {
  const { size } = await handle.stat();
  const tailLength = Math.min(size, 65_557);
  const tail = await readAt(handle, size - tailLength, tailLength);
  const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end === -1) throw new Error("not a ZIP file");
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  const directory = await readAt(handle, directoryOffset, directorySize);
  const entries: ZipEntry[] = [];
  let offset = 0;
  for (let i = 0; i < count && directory.readUInt32LE(offset) === 0x02014b50; i++) {
    const nameLength = directory.readUInt16LE(offset + 28);
    const extraLength = directory.readUInt16LE(offset + 30);
    const commentLength = directory.readUInt16LE(offset + 32);
    entries.push({
      method: directory.readUInt16LE(offset + 10),
      compressedSize: directory.readUInt32LE(offset + 20),
      localHeaderOffset: directory.readUInt32LE(offset + 42),
      name: directory.toString("utf8", offset + 46, offset + 46 + nameLength),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Inflates an entry until `enough(text)` says so or `maxBytes` are out. */
async function readEntry(handle: FileHandle, entry: ZipEntry, enough: (text: string) => boolean, maxBytes: number): Promise<string> {
  const local = await readAt(handle, entry.localHeaderOffset, 30);
  const dataStart = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  const chunks: Buffer[] = [];
  let total = 0;
  const decoder = new TextDecoder();
  let text = "";
  const CHUNK = 64 * 1024;
  if (entry.method === 0) {
    for (let position = 0; position < entry.compressedSize && total < maxBytes && !enough(text); position += CHUNK) {
      const part = await readAt(handle, dataStart + position, Math.min(CHUNK, entry.compressedSize - position));
      total += part.length;
      text += decoder.decode(part, { stream: true });
    }
    return text;
  }
  if (entry.method !== 8) throw new Error(`unsupported ZIP compression ${entry.method}`);
  const inflate = createInflateRaw();
  const done = new Promise<void>((resolve, reject) => {
    inflate.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      total += chunk.length;
      text += decoder.decode(chunk, { stream: true });
      if (total >= maxBytes || enough(text)) {
        inflate.destroy();
        resolve();
      }
    });
    inflate.on("end", resolve);
    inflate.on("close", resolve);
    inflate.on("error", reject);
  });
  for (let position = 0; position < entry.compressedSize && !inflate.destroyed; position += CHUNK) {
    const part = await readAt(handle, dataStart + position, Math.min(CHUNK, entry.compressedSize - position));
    if (!inflate.write(part)) await new Promise((resolve) => inflate.once("drain", resolve).once("close", resolve));
  }
  if (!inflate.destroyed) inflate.end();
  await done;
  return text;
}

const unescapeXml = (value: string) =>
  value
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, "&");

/** The text of each <si> in sharedStrings.xml (rich-text runs joined). */
function sharedStrings(xml: string): string[] {
  return [...xml.matchAll(/<si>([\s\S]*?)<\/si>/g)].map(([, item]) =>
    [...item!.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map(([, text]) => unescapeXml(text!)).join(""),
  );
}

/** "C12" → 2 */
function columnIndex(reference: string): number {
  const letters = /^[A-Z]+/.exec(reference)?.[0] ?? "A";
  return [...letters].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0) - 1;
}

export async function readXlsxRows(path: string, maxRows: number): Promise<string[][]> {
  const handle = await open(path, "r");
  try {
    const entries = await centralDirectory(handle);
    const sheet = entries
      .filter((entry) => /^xl\/worksheets\/sheet\d+\.xml$/.test(entry.name))
      .sort((a, b) => a.name.localeCompare(b.name, "en", { numeric: true }))[0];
    if (!sheet) throw new Error("no worksheet");
    const stringsEntry = entries.find((entry) => entry.name === "xl/sharedStrings.xml");
    const strings = stringsEntry ? sharedStrings(await readEntry(handle, stringsEntry, () => false, MAX_SHARED_STRINGS_BYTES)) : [];
    const countRows = (text: string) => (text.match(/<\/row>/g) ?? []).length >= maxRows;
    const xml = await readEntry(handle, sheet, countRows, MAX_SHARED_STRINGS_BYTES);
    const rows: string[][] = [];
    for (const [, rowXml] of xml.matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g)) {
      if (rows.length >= maxRows) break;
      const row: string[] = [];
      for (const [, attributes, body] of rowXml!.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
        const reference = /\br="([A-Z]+\d+)"/.exec(attributes!)?.[1];
        const type = /\bt="(\w+)"/.exec(attributes!)?.[1];
        const raw = /<v>([\s\S]*?)<\/v>/.exec(body ?? "")?.[1];
        const inline = /<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/.exec(body ?? "")?.[1];
        const value = type === "s" ? (strings[Number(raw)] ?? "") : type === "inlineStr" ? unescapeXml(inline ?? "") : unescapeXml(raw ?? "");
        row[reference ? columnIndex(reference) : row.length] = value;
      }
      rows.push(Array.from(row, (value) => value ?? ""));
    }
    return rows;
  } finally {
    await handle.close();
  }
}
