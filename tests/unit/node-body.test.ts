import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { requestBodyStream, requestWithNodeBody, responseWithNodeBody, takeNodeBody } from "~/services/node-body.server";

const form = () => Readable.from([Buffer.from("intent=delete&"), Buffer.from("fileId=f%C3%BC1")]);

describe("bodies that are Node streams", () => {
  it("read as a web body like any other request, after which the Node stream is gone", async () => {
    const request = requestWithNodeBody("http://portal.test/upload/catalog", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" } }, form());
    const data = await request.formData();
    expect(Object.fromEntries(data)).toEqual({ intent: "delete", fileId: "fü1" });
    expect(takeNodeBody(request)).toBeNull();
  });

  it("hand the Node stream itself to the first who takes it, untouched, and refuse the web body afterwards", async () => {
    const source = form();
    const request = requestWithNodeBody("http://portal.test/upload/catalog/file", { method: "POST" }, source);
    // Making the request pulled nothing ahead.
    expect(source.readableFlowing).toBeNull();
    expect(requestBodyStream(request)).toBe(source);
    expect(takeNodeBody(request)).toBeNull();
    await expect(request.text()).rejects.toThrow();
  });

  it("adapt the web body of a request built elsewhere", async () => {
    const request = new Request("http://portal.test/upload/catalog/file", { method: "POST", body: "abc" });
    const stream = requestBodyStream(request)!;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).toString()).toBe("abc");
  });

  it("answer with the same bytes as a response, whichever way they are read", async () => {
    const read = responseWithNodeBody(Readable.from([Buffer.from("EAN;Name\n"), Buffer.from("1;Käse\n")]), { status: 200 });
    expect(await read.text()).toBe("EAN;Name\n1;Käse\n");
    expect(takeNodeBody(read)).toBeNull();

    const source = Readable.from([Buffer.from("x")]);
    const piped = responseWithNodeBody(source, { status: 200, headers: { "Content-Type": "text/csv" } });
    expect(takeNodeBody(piped)).toBe(source);
    expect(piped.headers.get("content-type")).toBe("text/csv");
  });
});
