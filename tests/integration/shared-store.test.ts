/**
 * The store several portal instances share (app/services/shared-store/): Debian's redis-server, two instances of the
 * portal against one sandbox. A bank account change sent to one instance after the allowed age keeps the form there;
 * the fresh sign-in comes back through the other, which finds it. Counts in a window are one count for all instances.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxPortalEnv } from "../../scripts/sandbox-env";
import { RedisStore } from "#app/services/shared-store/redis-store.server.ts";
import { TestBrowser } from "../support/http-client";
import { testPorts } from "../support/ports";
import { startRedis } from "../support/redis";
import { startPortal, startSandbox, type RunningProcess } from "../support/stack";

const { portalPort: PORT_A, sandboxPort: SANDBOX_PORT } = testPorts(3560, 4560);
const PORT_B = PORT_A + 1;
const REDIS_PORT = PORT_A + 2;
const A = `http://localhost:${PORT_A}`;
const B = `http://localhost:${PORT_B}`;
const SECRET = "shared-store-test-session-secret-0123456789";

let redis: Awaited<ReturnType<typeof startRedis>>;
let sandbox: { sandboxUrl: string; process: RunningProcess };
const portals: RunningProcess[] = [];

beforeAll(async () => {
  redis = await startRedis(REDIS_PORT);
  sandbox = await startSandbox({ port: SANDBOX_PORT, portalUrls: [A] });
  // Both instances answer for the same portal (as behind a load balancer): the same URL, secret and store.
  const env = { ...sandboxPortalEnv(sandbox.sandboxUrl, A, SECRET), SHARED_STORE_URL: redis.url, TRUSTED_PROXIES: "127.0.0.1", LOG_LEVEL: "warn" };
  for (const port of [PORT_A, PORT_B]) portals.push((await startPortal(env, port)).process);
}, 120_000);

afterAll(async () => {
  await Promise.all(portals.map((portal) => portal.stop()));
  await sandbox?.process.stop();
  await redis?.stop();
});

describe("the shared store", () => {
  it("counts in a window across clients, and forgets values after their lifetime", async () => {
    const one = new RedisStore(redis.url, "test:");
    const two = new RedisStore(redis.url, "test:");
    try {
      expect(await one.increment("attempts:x", 60)).toBe(1);
      expect(await two.increment("attempts:x", 60)).toBe(2);
      expect(await one.increment("attempts:x", 60)).toBe(3);
      await one.set("kept", "value", 1);
      expect(await two.get("kept")).toBe("value");
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect(await two.get("kept")).toBeUndefined();
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it("keeps a form on one instance over a fresh sign-in that comes back through the other", async () => {
    const seller = new TestBrowser();
    const { url } = await seller.signIn(A, "seller.active@example.com");
    expect(url).toBe(`${A}/home/overview`);
    const aged = await fetch(`${sandbox.sandboxUrl}/__sandbox/sign-ins/age`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "seller.active@example.com", seconds: 11 * 60 }),
    });
    expect(aged.status).toBe(200);

    // The change goes to instance B, as a load balancer passes it on (the portal's host forwarded, the browser's cookie).
    const asked = await fetch(`${B}/home/my-company/bank-account/change`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Cookie: seller.cookieHeader(new URL(A).host),
        Origin: A,
        "X-Forwarded-Host": new URL(A).host,
        "X-Forwarded-Proto": "http",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ accountHolder: "Nordlicht Living GmbH", iban: "DE89 3704 0044 0532 0130 00", bic: "COBADEFFXXX" }),
    });
    expect(asked.status, await asked.clone().text()).toBe(303);
    expect(asked.headers.get("location")).toBe("/login");
    seller.takeCookies(new URL(A).host, asked);

    // The sign-in and the way back go to instance A, which has nothing of the form but what the store holds.
    const { response, url: signInUrl } = await seller.navigate(`${A}/login`);
    const action = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(await response.text())![1]!.replaceAll("&amp;", "&");
    const atCode = await seller.follow(
      await seller.post(new URL(action, signInUrl).toString(), { username: "seller.active@example.com", password: "demo" }),
      signInUrl,
    );
    const back = await seller.enterSignInCode(atCode.url, "seller.active@example.com");
    expect(back.url).toMatch(new RegExp(`^${A}/home/my-company/bank-account/change\\?kept=`));
    expect(await back.response.text()).toContain('value="DE89 3704 0044 0532 0130 00"');
  });
});
