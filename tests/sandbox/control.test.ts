import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sandboxKeys, UpstreamErrorBody } from "#contract/upstream.ts";
import { callService, control, mintToken, startTestSandbox, type TestSandbox } from "./helpers.ts";

let sandbox: TestSandbox;
let token: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(async () => {
  await control(sandbox, "POST", "/reset");
  token = await mintToken(sandbox, "seller.active@example.com");
});

const statePath = "/onboarding/me/seller/state";

describe("health", () => {
  it("answers ok", async () => {
    expect(await control(sandbox, "GET", "/health")).toEqual({ status: 200, body: { ok: true } });
  });
});

describe("faults", () => {
  it("forces a status with an UpstreamErrorBody, for `times` requests", async () => {
    const added = await control<{ id: string }>(sandbox, "POST", "/faults", { pattern: statePath, status: 503, times: 2 });
    expect(added.status).toBe(201);
    expect(added.body.id).toEqual(expect.any(String));

    for (let i = 0; i < 2; i++) {
      const { status, body } = await callService(sandbox, statePath, { token });
      expect(status).toBe(503);
      expect(UpstreamErrorBody.parse(body)).toMatchObject({ message: "Injected fault", errorId: expect.any(String) });
    }
    expect((await callService(sandbox, statePath, { token })).status).toBe(200);
    expect((await control(sandbox, "GET", "/faults")).body).toEqual([]);
  });

  it("adds latency and then serves normally", async () => {
    await control(sandbox, "POST", "/faults", { pattern: statePath, latencyMs: 300 });
    const started = performance.now();
    const { status } = await callService(sandbox, statePath, { token });
    expect(status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("drops the connection without an answer", async () => {
    await control(sandbox, "POST", "/faults", { pattern: statePath, drop: true, times: 1 });
    await expect(callService(sandbox, statePath, { token })).rejects.toThrow();
    expect((await callService(sandbox, statePath, { token })).status).toBe(200);
  });

  it("answers 200 with JSON that does not parse, and never runs the service behind it", async () => {
    await control(sandbox, "POST", "/faults", { pattern: "/user-profile/me/user/language", method: "PUT", malformedJson: true, times: 1 });
    const url = new URL(`${sandbox.url}/user-profile/me/user/language`);
    url.search = new URLSearchParams({ apikey: sandboxKeys.apiKey, language: "de" }).toString();
    const broken = await fetch(url, { method: "PUT", headers: { authorization: `Bearer ${token}` } });
    expect(broken.status).toBe(200);
    expect(broken.headers.get("content-type")).toMatch(/^application\/json/);
    const text = await broken.text();
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
    const profile = await callService(sandbox, "/user-profile/me/user", { token });
    expect((profile.body as { languageCode?: string }).languageCode).not.toBe("de");
  });

  it("starts a JSON answer and breaks it off after the given bytes", async () => {
    await control(sandbox, "POST", "/faults", { pattern: statePath, dropAfterBytes: 8, times: 1 });
    const url = new URL(`${sandbox.url}${statePath}`);
    url.searchParams.set("apikey", sandboxKeys.apiKey);
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    expect((await callService(sandbox, statePath, { token })).status).toBe(200);
  });

  it("matches globs and methods", async () => {
    await control(sandbox, "POST", "/faults", { pattern: "/onboarding/*/state", method: "get", status: 500 });
    expect((await callService(sandbox, statePath, { token })).status).toBe(500);
    expect((await callService(sandbox, "/onboarding/me/seller", { token })).status).toBe(200);
    await control(sandbox, "DELETE", "/faults");
    await control(sandbox, "POST", "/faults", { pattern: "/user-profile", method: "PUT", status: 409 });
    expect((await callService(sandbox, "/user-profile/me/user", { token })).status).toBe(200);
    const put = await callService(sandbox, "/user-profile/me/user/language", { token, method: "PUT", query: { language: "de" } });
    expect(put.status).toBe(409);
  });

  it("lists and deletes rules one by one", async () => {
    const first = await control<{ id: string }>(sandbox, "POST", "/faults", { pattern: "/a", status: 500 });
    await control(sandbox, "POST", "/faults", { pattern: "/b", latencyMs: 10 });
    const listed = await control<{ id: string; pattern: string }[]>(sandbox, "GET", "/faults");
    expect(listed.body.map((rule) => rule.pattern)).toEqual(["/a", "/b"]);
    expect((await control(sandbox, "DELETE", `/faults/${first.body.id}`)).status).toBe(204);
    expect((await control(sandbox, "DELETE", `/faults/${first.body.id}`)).status).toBe(404);
    const remaining = await control<{ pattern: string }[]>(sandbox, "GET", "/faults");
    expect(remaining.body.map((rule) => rule.pattern)).toEqual(["/b"]);
  });

  it("refuses a malformed rule", async () => {
    const { status, body } = await control(sandbox, "POST", "/faults", { pattern: "", status: 99 });
    expect(status).toBe(400);
    expect(UpstreamErrorBody.parse(body).errors?.length).toBeGreaterThan(0);
  });
});

describe("request counters", () => {
  it("counts hits per path and method, including faulted ones", async () => {
    await control(sandbox, "DELETE", "/requests");
    await control(sandbox, "POST", "/faults", { pattern: statePath, status: 502, times: 1 });
    await callService(sandbox, statePath, { token });
    await callService(sandbox, statePath, { token });
    await callService(sandbox, "/onboarding/me/seller", { token });

    const counted = await control(sandbox, "GET", `/requests?path=${encodeURIComponent(statePath)}`);
    expect(counted.body).toEqual({ path: statePath, method: null, count: 2 });
    const byMethod = await control(sandbox, "GET", `/requests?path=${encodeURIComponent(statePath)}&method=PUT`);
    expect(byMethod.body).toMatchObject({ count: 0 });

    await control(sandbox, "DELETE", "/requests");
    const reset = await control(sandbox, "GET", `/requests?path=${encodeURIComponent(statePath)}`);
    expect(reset.body).toMatchObject({ count: 0 });
  });
});

describe("reset", () => {
  it("restores the seed and clears faults, counters and tokens", async () => {
    await callService(sandbox, "/user-profile/me/user/language", { token, method: "PUT", query: { language: "de" } });
    await control(sandbox, "POST", "/faults", { pattern: "/address", status: 500 });
    expect((await control(sandbox, "POST", "/reset")).body).toEqual({ ok: true });

    expect((await control(sandbox, "GET", "/faults")).body).toEqual([]);
    expect((await control(sandbox, "GET", "/requests?path=/user-profile/me/user/language")).body).toMatchObject({
      count: 0,
    });
    // Tokens issued before the reset are gone with the rest of the identity provider's state.
    expect((await callService(sandbox, "/user-profile/me/user", { token })).status).toBe(401);
    const fresh = await mintToken(sandbox, "seller.active@example.com");
    expect((await callService(sandbox, "/user-profile/me/user", { token: fresh })).body.languageCode).toBe("en");
  });
});

describe("tokens", () => {
  it("mints a working access token and expires it on demand", async () => {
    const minted = await control<{ access_token: string; expires_in: number }>(sandbox, "POST", "/tokens", {
      username: "tom@example.com",
    });
    expect(minted.status).toBe(201);
    expect(minted.body.expires_in).toBe(3600);
    const me = await callService(sandbox, "/user-profile/me/user", { token: minted.body.access_token });
    expect(me.body).toMatchObject({ role: "TOM_TEAM_MEMBER" });

    expect((await control(sandbox, "POST", "/tokens/expire", { access_token: minted.body.access_token })).status).toBe(200);
    const after = await callService(sandbox, "/user-profile/me/user", { token: minted.body.access_token });
    expect(after.status).toBe(401);
    expect(after.body.errorCode).toBe("INVALID_TOKEN");
  });

  it("honours expiresInSeconds", async () => {
    const shortLived = await mintToken(sandbox, "viewer@example.com", 1);
    expect((await callService(sandbox, "/user-profile/me/user", { token: shortLived })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await callService(sandbox, "/user-profile/me/user", { token: shortLived })).status).toBe(401);
  });

  it("refuses an unknown user", async () => {
    expect((await control(sandbox, "POST", "/tokens", { username: "nobody@example.com" })).status).toBe(404);
  });
});
