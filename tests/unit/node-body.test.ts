import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { requestBodyStream, requestWithNodeBody, responseWithBodyOf, responseWithNodeBody, takeNodeBody } from "#app/services/http/node-body.server.ts";

const form = () => Readable.from([Buffer.from("intent=delete&"), Buffer.from("fileId=f%C3%BC1")]);

describe("request bodies that are Node streams", () => {
  it("read as a web body like any other request, after which the Node stream is gone", async () => {
    const request = requestWithNodeBody(
      "http://portal.test/upload/catalog",
      { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" } },
      form(),
    );
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

describe("answers whose bodies are Node streams (downloads)", () => {
  const file = () => Readable.from([Buffer.from("EAN;Name\r\n"), Buffer.from("4006381333931;Käse\r\n")]);

  it("keep the Node stream when passed on under new headers, for the server to write as it is", () => {
    const source = file();
    const upstream = responseWithNodeBody(source, { status: 200, headers: { "Content-Type": "text/csv" } });
    const passed = responseWithBodyOf(upstream, { status: 200, headers: { "Content-Disposition": "attachment" } });
    expect(passed.headers.get("content-disposition")).toBe("attachment");
    expect(takeNodeBody(upstream)).toBeNull();
    expect(takeNodeBody(passed)).toBe(source);
  });

  it("read as a web body when something reads them first, also after being passed on", async () => {
    const passed = responseWithBodyOf(responseWithNodeBody(file(), { status: 200 }), { status: 200 });
    expect(await passed.text()).toBe("EAN;Name\r\n4006381333931;Käse\r\n");
    expect(takeNodeBody(passed)).toBeNull();
    const plain = responseWithBodyOf(new Response("abc"), { status: 200 });
    expect(await plain.text()).toBe("abc");
  });
});
