/**
 * Requests no browser of the portal sends: a body that is not a form, a
 * multipart body that does not parse, a Host header without a value. Each is
 * the client's error (400 or 415, a warning in the log), never a 500 and an
 * error-level line, on page actions, their `.data` twins and resource routes.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { testPorts } from "../support/ports";
import { startStack, type Stack } from "../support/stack";

// A stack of its own, to read the portal's log; its sandbox lets this portal sign in.
let stack: Stack;
beforeAll(async () => {
  stack = await startStack(testPorts(3291, 4291));
});
afterAll(async () => {
  await stack?.process.stop();
});
const linesAt = (level: number) =>
  stack.process
    .output()
    .split("\n")
    .filter((line) => line.includes(`"level":${level}`));
const portal = { url: () => stack.portalUrl, errorLines: () => linesAt(50), warnLines: () => linesAt(40) };

const BROKEN_MULTIPART = ["multipart/form-data; boundary=xyz", '--xyz\r\nContent-Disposition: form-data; name="language"\r\n\r\nde\r\n--x'] as const;

/** Sends `head` as the whole request on a fresh connection and returns the status line's code. */
function rawStatus(url: string, head: string): Promise<number> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(target.port), target.hostname);
    let answer = "";
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("latin1");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
      if (status) {
        socket.destroy();
        resolve(Number(status));
      }
    });
    socket.on("error", reject);
    socket.write(head);
  });
}

describe("malformed requests", () => {
  it("answers bodies that are not forms, or do not parse, with 400 or 415 and logs warnings only", async () => {
    const seller = new TestBrowser();
    await seller.signIn(portal.url(), "seller.new@example.com");
    const checks: [path: string, contentType: string, body: string, status: number][] = [
      ["/language", "text/plain", "language=de", 415],
      ["/shop-setup/company-information", "application/json", '{"companyName":"x"}', 415],
      ["/shop-setup/company-information.data", "text/plain", "x", 415],
      ["/shop-setup/company-information", "multipart/form-data", "--x--", 400],
      ["/shop-setup/company-information", ...BROKEN_MULTIPART, 400],
      ["/shop-setup/company-information.data", ...BROKEN_MULTIPART, 400],
      ["/shop-setup/documents", ...BROKEN_MULTIPART, 400],
      ["/language", ...BROKEN_MULTIPART, 400],
    ];
    for (const [path, contentType, body, status] of checks) {
      const response = await seller.request(`${portal.url()}${path}`, { method: "POST", body, headers: { "Content-Type": contentType } });
      await response.arrayBuffer();
      expect(response.status, `${contentType} to ${path}`).toBe(status);
    }
    // Still signed in and served: nothing above ended the session or broke the process.
    expect((await seller.get(`${portal.url()}/shop-setup/company-information`)).status).toBe(200);
    expect(portal.errorLines()).toEqual([]);
    expect(portal.warnLines().filter((line) => line.includes("unreadable form body"))).toHaveLength(4);
  });

  it("answers a request whose Host header is empty with 400", async () => {
    expect(await rawStatus(portal.url(), "GET / HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n")).toBe(400);
    expect(await rawStatus(portal.url(), "GET /landing-page HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n")).toBe(400);
    expect(portal.errorLines()).toEqual([]);
  });
});
