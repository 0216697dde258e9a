/**
 * The store several portal instances share (app/services/shared-store/): Debian's redis-server, two instances of the
 * portal against one sandbox. A bank account change sent to one instance after the allowed age keeps the form there;
 * the fresh sign-in comes back through the other, which finds it. Counts in a window are one count for all instances,
 * and so are the rate limits per account: a limit reached through instance A holds at instance B (catalogue uploads,
 * colleague invitations), while another account still has its own turns.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxPortalEnv } from "../../scripts/sandbox-env";
import { RedisStore } from "#app/services/shared-store/redis-store.server.ts";
import { TestBrowser } from "../support/http-client";
import { smallCatalogueCsv } from "../support/hostile-files";
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
  // Two uploads a minute and two invitations an hour per account (20 each as deployed), so a test reaches them.
  const env = {
    ...sandboxPortalEnv(sandbox.sandboxUrl, A, SECRET),
    SHARED_STORE_URL: redis.url,
    TRUSTED_PROXIES: "127.0.0.1",
    LOG_LEVEL: "warn",
    CATALOGUE_UPLOADS_PER_MINUTE: "2",
    TEAM_INVITATIONS_PER_HOUR: "2",
  };
  for (const port of [PORT_A, PORT_B]) portals.push((await startPortal(env, port)).process);
}, 120_000);

afterAll(async () => {
  await Promise.all(portals.map((portal) => portal.stop()));
  await sandbox?.process.stop();
  await redis?.stop();
});

/** The headers a load balancer passes on to an instance for the portal's browser (its host, its cookie, its origin). */
function forwardedFrom(browser: TestBrowser): Record<string, string> {
  return { Cookie: browser.cookieHeader(new URL(A).host), Origin: A, "X-Forwarded-Host": new URL(A).host, "X-Forwarded-Proto": "http" };
}

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

  it("gives a lease to one client of many at once, renewed by its owner alone, free again once given back or expired", async () => {
    const one = new RedisStore(redis.url, "test:");
    const two = new RedisStore(redis.url, "test:");
    try {
      const taken = await Promise.all(Array.from({ length: 6 }, (_, index) => (index % 2 ? one : two).lease("lease:x", `owner-${index}`, 60)));
      expect(taken.filter(Boolean)).toHaveLength(1);
      const owner = `owner-${taken.indexOf(true)}`;
      expect(await two.lease("lease:x", owner, 60)).toBe(true);
      await one.release("lease:x", "someone-else");
      expect(await one.lease("lease:x", "someone-else", 60)).toBe(false);
      await one.release("lease:x", owner);
      expect(await two.lease("lease:x", "someone-else", 1)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await one.lease("lease:x", owner, 60)).toBe(true);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it("keeps entries under one key for every client, each put and removed on its own, for the key's lifetime", async () => {
    const one = new RedisStore(redis.url, "test:");
    const two = new RedisStore(redis.url, "test:");
    try {
      await Promise.all([one.putEntry("pending:x", "file-1", "one", 60), two.putEntry("pending:x", "file-2", "two", 60)]);
      expect(await two.entries("pending:x")).toEqual({ "file-1": "one", "file-2": "two" });
      await two.removeEntry("pending:x", "file-1");
      expect(await one.entries("pending:x")).toEqual({ "file-2": "two" });
      await one.putEntry("pending:x", "file-3", "three", 1);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await two.entries("pending:x")).toEqual({});
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it("takes turns of one bucket from every client, atomically, on the store's clock", async () => {
    const one = new RedisStore(redis.url, "test:");
    const two = new RedisStore(redis.url, "test:");
    try {
      const taken = await Promise.all(Array.from({ length: 6 }, (_, index) => (index % 2 ? one : two).takeTurn("turns:x", 4, 60)));
      expect(taken.filter((turn) => turn.ok)).toHaveLength(4);
      const refused = await one.takeTurn("turns:x", 4, 60);
      expect(refused.ok).toBe(false);
      // A quarter of the window (15 s) until the next turn, less what has passed.
      expect(!refused.ok && refused.retryAfterSeconds).toBeGreaterThanOrEqual(14);
      expect(!refused.ok && refused.retryAfterSeconds).toBeLessThanOrEqual(15);
      expect((await two.takeTurn("turns:y", 4, 60)).ok).toBe(true);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it("holds an account's upload limit reached through instance A at instance B; another account still uploads", async () => {
    const seller = new TestBrowser();
    const another = new TestBrowser();
    await seller.signIn(A, "seller.catalogue@example.com");
    await another.signIn(A, "seller.active@example.com");
    const upload = (browser: TestBrowser, instance: string, page: string) => {
      const body = new FormData();
      body.set("file", new Blob([new Uint8Array(smallCatalogueCsv())]), "sortiment.csv");
      return fetch(`${instance}${page}/file`, { method: "POST", body, headers: { ...forwardedFrom(browser), Accept: "application/json" } });
    };
    for (let file = 0; file < 2; file++) expect((await upload(seller, A, "/upload/catalog")).status).toBe(201);
    const refused = await upload(seller, B, "/upload/catalog");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toContain("You have sent many files in the last minute.");
    expect((await upload(another, B, "/home/catalogue")).status).toBe(201);
  });

  it("holds an account's invitation limit reached through instance A at instance B, with what was typed kept", async () => {
    const seller = new TestBrowser();
    await seller.signIn(A, "seller.active@example.com");
    const invite = (instance: string, email: string) =>
      fetch(`${instance}/team`, {
        method: "POST",
        redirect: "manual",
        headers: { ...forwardedFrom(seller), "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "invite", email, role: "SELLER_VIEWER_EXTERNAL" }),
      });
    for (const email of ["limit.one@example.com", "limit.two@example.com"]) {
      const sent = await invite(A, email);
      expect([sent.status, sent.headers.get("location")], email).toEqual([302, "/team"]);
    }
    const refused = await invite(B, "limit.three@example.com");
    expect(refused.status).toBe(429);
    const page = await refused.text();
    expect(page).toContain("You have sent many invitations in a short time.");
    expect(page).toContain('value="limit.three@example.com"');
    // Nothing was sent for the refused one.
    const invitations = await fetch(`${sandbox.sandboxUrl}/__sandbox/invitations?email=limit.three%40example.com`);
    expect(((await invitations.json()) as { invitations: unknown[] }).invitations).toEqual([]);
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
