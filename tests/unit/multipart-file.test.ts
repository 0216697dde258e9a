import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import busboy from "busboy";
import { describe, expect, it } from "vitest";
import { MalformedMultipart, MultipartFileReader, type MultipartFile } from "#app/services/http/multipart-file.server.ts";

const BOUNDARY = "----formBoundary7MA4YWxkTrZu0gW";
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

type Part = { name: string; fileName?: string; content: Buffer; headerName?: string };

function body(parts: Part[], options: { preamble?: string; epilogue?: string; close?: boolean } = {}): Buffer {
  const pieces: Buffer[] = [Buffer.from(options.preamble ?? "")];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName === undefined ? "" : `; filename="${part.fileName}"`}`;
    pieces.push(
      Buffer.from(`--${BOUNDARY}\r\n${part.headerName ?? "Content-Disposition"}: ${disposition}\r\nContent-Type: text/csv\r\n\r\n`),
      part.content,
      Buffer.from("\r\n"),
    );
  }
  if (options.close !== false) pieces.push(Buffer.from(`--${BOUNDARY}--\r\n${options.epilogue ?? ""}`));
  return Buffer.concat(pieces);
}

function chunks(data: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let offset = 0; offset < data.length; offset += size) out.push(data.subarray(offset, offset + size));
  return out;
}

type Read = { files: { name: string; fileName: string; content: Buffer; truncated: boolean }[]; error?: Error };

/** Pipes the body through the reader in the given pieces and collects every file. */
function read(pieces: Buffer[], options: { maxFileBytes?: number; contentType?: string } = {}): Promise<Read> {
  return new Promise((resolve) => {
    const files: Read["files"] = [];
    const reading: Promise<void>[] = [];
    const reader = new MultipartFileReader({
      contentType: options.contentType ?? CONTENT_TYPE,
      maxFileBytes: options.maxFileBytes ?? Number.MAX_SAFE_INTEGER,
      highWaterMark: 1024,
      onFile: (name, file: MultipartFile, info) => {
        const entry = { name, fileName: info.fileName, content: Buffer.alloc(0), truncated: false };
        files.push(entry);
        reading.push(
          (async () => {
            const content: Buffer[] = [];
            for await (const chunk of file) content.push(chunk as Buffer);
            entry.content = Buffer.concat(content);
            entry.truncated = file.truncated;
          })().catch(() => {}),
        );
      },
    });
    reader.on("error", (error) => resolve({ files, error }));
    reader.on("finish", () => void Promise.all(reading).then(() => resolve({ files })));
    Readable.from(pieces, { objectMode: false }).pipe(reader);
  });
}

/** What busboy, the library this reader replaced, makes of the same body. */
function readWithBusboy(data: Buffer): Promise<{ name: string; fileName: string; content: Buffer }[]> {
  return new Promise((resolve, reject) => {
    const files: { name: string; fileName: string; content: Buffer }[] = [];
    const parser = busboy({ headers: { "content-type": CONTENT_TYPE }, defParamCharset: "utf8" });
    parser.on("file", (name, file, info) => {
      const content: Buffer[] = [];
      file.on("data", (chunk: Buffer) => content.push(chunk));
      file.on("end", () => files.push({ name, fileName: info.filename ?? "", content: Buffer.concat(content) }));
    });
    parser.on("close", () => resolve(files));
    parser.on("error", reject);
    parser.end(data);
  });
}

describe("MultipartFileReader", () => {
  const csv = Buffer.from("EAN;Name\r\n4006381333931;Käse\r\n");
  const form = body([
    { name: "intent", content: Buffer.from("upload") },
    { name: "file", fileName: "katalog.csv", content: csv },
  ]);

  it("hands over the file's bytes and name, whatever the chunks the body arrives in", async () => {
    for (let size = 1; size <= form.length; size += size < 80 ? 1 : 37) {
      const { files, error } = await read(chunks(form, size));
      expect(error, `chunks of ${size}`).toBeUndefined();
      expect(files, `chunks of ${size}`).toEqual([{ name: "file", fileName: "katalog.csv", content: csv, truncated: false }]);
    }
  });

  it("keeps content that looks like a boundary but is none, across chunk edges", async () => {
    const tricky = Buffer.from(`a\r\n--${BOUNDARY.slice(0, -1)}x\r\n--${BOUNDARY.slice(0, 10)}\r\n-${BOUNDARY}--${BOUNDARY}\r\n\r`);
    const data = body([{ name: "file", fileName: "a.csv", content: tricky }]);
    for (const size of [1, 2, 3, 7, 16, 41, 64]) {
      const { files } = await read(chunks(data, size));
      expect(files[0]?.content.toString("latin1"), `chunks of ${size}`).toBe(tricky.toString("latin1"));
    }
  });

  it("reads what busboy reads from random bodies in random pieces", async () => {
    for (let round = 0; round < 40; round++) {
      const parts: Part[] = Array.from({ length: 1 + (round % 3) }, (_, index) => {
        // Random bytes salted with pieces of the delimiter, so that near-misses occur. A salt one byte short of
        // the delimiter followed by the noise's first byte can complete it (1 in 256): such a body is not a valid
        // form, so the content is drawn again until it holds no whole delimiter.
        const salt = Buffer.from(`\r\n--${BOUNDARY}`.slice(0, 1 + (round % (BOUNDARY.length + 3))));
        let content: Buffer;
        do {
          const noise = randomBytes(50 + ((round * 97) % 3000));
          content = Buffer.concat([noise, salt, noise.subarray(0, 17), salt]);
        } while (content.includes(`\r\n--${BOUNDARY}`));
        return { name: `f${index}`, fileName: `datei-${index}.csv`, content };
      });
      const data = body(parts, { preamble: round % 2 ? "ignored preamble\r\n" : "" });
      const pieces: Buffer[] = [];
      for (let offset = 0; offset < data.length;) {
        const size = 1 + Math.floor(Math.random() * 200);
        pieces.push(data.subarray(offset, offset + size));
        offset += size;
      }
      const [ours, theirs] = await Promise.all([read(pieces), readWithBusboy(data)]);
      expect(ours.error).toBeUndefined();
      expect(ours.files.map(({ name, fileName, content }) => ({ name, fileName, content: content.toString("hex") }))).toEqual(
        theirs.map(({ name, fileName, content }) => ({ name, fileName, content: content.toString("hex") })),
      );
    }
  });

  it("reads UTF-8 file names and the RFC 5987 form, and an empty file input", async () => {
    const data = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"; filename="Preisliste März 😀.csv"\r\n\r\nx\r\n`),
      Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="b"; filename*=UTF-8''K%C3%A4se.csv\r\n\r\ny\r\n`),
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n`),
      Buffer.from(`--${BOUNDARY}--`),
    ]);
    const { files, error } = await read([data]);
    expect(error).toBeUndefined();
    expect(files.map((file) => [file.name, file.fileName, file.content.toString()])).toEqual([
      ["a", "Preisliste März 😀.csv", "x"],
      ["b", "Käse.csv", "y"],
      ["file", "", ""],
    ]);
  });

  it("cuts a file at the size limit and says so", async () => {
    const data = body([{ name: "file", fileName: "big.csv", content: Buffer.alloc(5000, "a") }]);
    const { files } = await read(chunks(data, 700), { maxFileBytes: 1234 });
    expect(files[0]).toMatchObject({ truncated: true });
    expect(files[0]!.content.length).toBe(1234);
  });

  it("refuses bodies that are not well-formed", async () => {
    const cases: [string, Buffer][] = [
      ["no closing boundary", body([{ name: "file", fileName: "a.csv", content: csv }], { close: false })],
      ["no line break after a boundary", Buffer.from(`--${BOUNDARY}xx`)],
      ["a part without Content-Disposition", body([{ name: "file", fileName: "a.csv", content: csv, headerName: "X-Other" }])],
      ["headers that never end", Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\nX: `), Buffer.alloc(20_000, "a")])],
      ["too many parts", body(Array.from({ length: 21 }, (_, index) => ({ name: `f${index}`, content: Buffer.from("x") })))],
    ];
    for (const [what, data] of cases) {
      const { error } = await read(chunks(data, 512));
      expect(error, what).toBeInstanceOf(MalformedMultipart);
    }
    expect(() => new MultipartFileReader({ contentType: "text/plain", maxFileBytes: 1, onFile: () => {} })).toThrow(MalformedMultipart);
    expect(() => new MultipartFileReader({ contentType: "multipart/form-data", maxFileBytes: 1, onFile: () => {} })).toThrow(MalformedMultipart);
  });

  it("reads the body no faster than the file's reader takes it", async () => {
    const size = 4 * 1024 * 1024;
    const data = body([{ name: "file", fileName: "a.csv", content: Buffer.alloc(size, "x") }]);
    let file: MultipartFile | undefined;
    const reader = new MultipartFileReader({
      contentType: CONTENT_TYPE,
      maxFileBytes: size,
      highWaterMark: 64 * 1024,
      onFile: (_name, stream) => (file = stream),
    });
    let sent = 0;
    const source = Readable.from(
      (function* () {
        for (const piece of chunks(data, 16 * 1024)) {
          sent += piece.length;
          yield piece;
        }
      })(),
    );
    source.pipe(reader);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Nobody reads the file: a few chunks went by, not the body.
    expect(file).toBeDefined();
    expect(sent).toBeLessThan(512 * 1024);
    let received = 0;
    for await (const chunk of file!) received += (chunk as Buffer).length;
    expect(received).toBe(size);
  });
});
