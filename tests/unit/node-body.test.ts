import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { requestBodyStream, requestWithNodeBody, takeNodeBody } from "~/services/node-body.server";

const form = () => Readable.from([Buffer.from("intent=delete&"), Buffer.from("fileId=f%C3%BC1")]);

describe("request bodies that are Node streams", () => {
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
});
