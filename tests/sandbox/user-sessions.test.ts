/**
 * The user-profile service's sessions of the portal: open from their start
 * until ended or expired, visible only to their own user, ending twice is fine.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { UserSession, UpstreamErrorBody } from "#contract/upstream.ts";
import { callService, control, mintToken, startTestSandbox, type TestSandbox } from "./helpers.ts";

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(async () => {
  await control(sandbox, "POST", "/reset");
});

const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

describe("the portal's sessions", () => {
  it("is open from its start until it is ended; ending it again is still 204", async () => {
    const token = await mintToken(sandbox, "seller.active@example.com");
    const started = await callService(sandbox, "/user-profile/me/sessions", { token, method: "POST", body: { expiresAt: inAnHour() } });
    expect(started.status).toBe(201);
    const { sessionId } = UserSession.parse(started.body);

    expect((await callService(sandbox, `/user-profile/me/sessions/${sessionId}`, { token })).status).toBe(200);
    for (let time = 0; time < 2; time += 1) {
      expect((await callService(sandbox, `/user-profile/me/sessions/${sessionId}`, { token, method: "DELETE" })).status).toBe(204);
    }
    const ended = await callService(sandbox, `/user-profile/me/sessions/${sessionId}`, { token });
    expect(ended.status).toBe(404);
    expect(UpstreamErrorBody.parse(ended.body).errorCode).toBe("SESSION_NOT_FOUND");
  });

  it("belongs to its user: another user can neither see nor end it", async () => {
    const owner = await mintToken(sandbox, "seller.active@example.com");
    const other = await mintToken(sandbox, "admin@example.com");
    const { sessionId } = UserSession.parse(
      (await callService(sandbox, "/user-profile/me/sessions", { token: owner, method: "POST", body: { expiresAt: inAnHour() } })).body,
    );
    expect((await callService(sandbox, `/user-profile/me/sessions/${sessionId}`, { token: other })).status).toBe(404);
    await callService(sandbox, `/user-profile/me/sessions/${sessionId}`, { token: other, method: "DELETE" });
    expect((await callService(sandbox, `/user-profile/me/sessions/${sessionId}`, { token: owner })).status).toBe(200);
  });

  it("refuses an expiry in the past or more than a week ahead, and needs a token", async () => {
    const token = await mintToken(sandbox, "seller.active@example.com");
    for (const expiresAt of [new Date(Date.now() - 1000).toISOString(), new Date(Date.now() + 8 * 24 * 3600 * 1000).toISOString(), "tomorrow"]) {
      expect((await callService(sandbox, "/user-profile/me/sessions", { token, method: "POST", body: { expiresAt } })).status, expiresAt).toBe(400);
    }
    expect((await callService(sandbox, "/user-profile/me/sessions", { method: "POST", body: { expiresAt: inAnHour() } })).status).toBe(401);
  });
});
