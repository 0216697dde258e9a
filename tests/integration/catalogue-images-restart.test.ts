/**
 * Image checks survive a restart of the portal: a portal of this file's own
 * (with a sandbox of its own, whose sign-in knows its address, and a shared
 * store, Debian's redis-server) is killed in the middle of a file's checks,
 * after some batches were handed over and before the rest; two instances
 * started again go on where the results kept upstream end, with no one
 * viewing the file's products, one of them alone (the file's lease). Every
 * address is checked, and the only ones checked twice are those checked but
 * not handed over when the portal died (its last, unsaved batch): nothing
 * handed over is fetched again, and no address by both instances.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImageCheckSummary } from "#contract/catalogue-images.ts";
import { sandboxImagesEnv, sandboxPortalEnv } from "../../scripts/sandbox-env";
import { TestBrowser } from "../support/http-client";
import { testPorts } from "../support/ports";
import { startRedis } from "../support/redis";
import { startPortal, startSandbox, type RunningProcess } from "../support/stack";

const { portalPort, sandboxPort } = testPorts(3289, 4289);
/** The second instance after the restart, and the shared store both use. */
const { portalPort: secondPortalPort, sandboxPort: redisPort } = testPorts(3292, 3294);
const PORTAL = `http://localhost:${portalPort}`;
const SANDBOX = `http://127.0.0.1:${sandboxPort}`;
const SELLER = "seller.catalogue@example.com";
const IMAGES = 400;
/** Slow enough that the checks take several seconds (16 at once), so the portal dies between two batches. */
const LATENCY_MS = 250;
/** The dead instance's lease lapses this long after it died (the default, 30 s, is the wait of a real crash). */
const LEASE_SECONDS = 5;
/** What the checker may have fetched and not handed over when it died: a save's batch (500) or 2 s of results, and those under way. */
const UNSAVED_AT_MOST = IMAGES;

let env: Record<string, string>;
let portal: RunningProcess | undefined;
let secondPortal: RunningProcess | undefined;
let sandbox: RunningProcess | undefined;
let redis: Awaited<ReturnType<typeof startRedis>> | undefined;

/** The catalogue upload service of this file's sandbox, as the seller. */
async function service(path: string): Promise<Response> {
  const minted = await fetch(`${SANDBOX}/__sandbox/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: SELLER }),
  });
  const { access_token: token } = (await minted.json()) as { access_token: string };
  const url = new URL(`${SANDBOX}/catalogue-upload${path}`);
  url.searchParams.set("apikey", "sandbox-api-key");
  return fetch(url, { headers: { Authorization: `Bearer ${token}` } });
}

async function requestCount(path: string): Promise<number> {
  const response = await fetch(`${SANDBOX}/__sandbox/requests?path=${encodeURIComponent(path)}&method=GET`);
  return ((await response.json()) as { count: number }).count;
}

async function clearFaultsAndCounters(): Promise<void> {
  await fetch(`${SANDBOX}/__sandbox/faults`, { method: "DELETE" });
  await fetch(`${SANDBOX}/__sandbox/requests`, { method: "DELETE" });
}

async function injectFault(fault: { pattern: string; latencyMs: number }): Promise<void> {
  const response = await fetch(`${SANDBOX}/__sandbox/faults`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(fault) });
  if (!response.ok) throw new Error(`fault not accepted: ${response.status}`);
}

async function start(): Promise<void> {
  portal = (await startPortal(env, portalPort)).process;
}

/** Kills the portal as a crash would (no shutdown of its own: nothing under way is handed over). */
async function kill(): Promise<void> {
  const child = portal!.child;
  const exited = new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())));
  child.kill("SIGKILL");
  await exited;
  portal = undefined;
}

async function summary(fileId: string): Promise<ImageCheckSummary> {
  return (await (await service(`/me/seller/file/images?fileId=${fileId}`)).json()) as ImageCheckSummary;
}

const checkedOf = (now: ImageCheckSummary) => now.loads + now.fails;

beforeAll(async () => {
  redis = await startRedis(redisPort);
  sandbox = (await startSandbox({ port: sandboxPort, portalUrls: [PORTAL] })).process;
  env = {
    ...sandboxPortalEnv(SANDBOX, PORTAL, "image-restart-test-session-secret-0123456789"),
    ...(await sandboxImagesEnv(SANDBOX)),
    SHARED_STORE_URL: redis.url,
    CATALOGUE_UPLOADS_PER_MINUTE: "100000",
    IMAGE_CHECK_LEASE_SECONDS: String(LEASE_SECONDS),
  };
  await start();
}, 120_000);

afterAll(async () => {
  await Promise.all([portal?.stop(), secondPortal?.stop()]);
  await sandbox?.stop();
  await redis?.stop();
});

describe("image checks and a restart", () => {
  it("go on where the kept results end after the portal died in the middle, checking again only what was not handed over", async () => {
    const images = (await (await fetch(`${SANDBOX}/__sandbox/images`)).json()) as { origin: string };
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, SELLER);
    const rows = Array.from(
      { length: IMAGES },
      (_, index) => `${4006381460000 + index};Artikel ${index};Haushalt > Küche;19,90;${images.origin}/images/large.png?n=${index}`,
    );
    const form = new FormData();
    form.set("file", new Blob([["EAN;Artikelname;Kategorie;Preis;Bild-URL", ...rows, ""].join("\n")], { type: "text/csv" }), "bilder-neustart.csv");
    const uploaded = await browser.request(`${PORTAL}/upload/catalog/file`, { method: "POST", headers: { Accept: "application/json" }, body: form });
    expect(uploaded.ok).toBe(true);
    const { fileId } = (await uploaded.json()) as { fileId: string };

    await clearFaultsAndCounters();
    await injectFault({ pattern: "/images/*", latencyMs: LATENCY_MS });
    // The first view reads the file with its mapping; its addresses are checked after the page answered.
    expect((await browser.get(`${PORTAL}/upload/catalog/products?fileId=${fileId}`)).status).toBe(200);

    // Some results handed over, not all: the portal dies now.
    let before = await summary(fileId);
    for (const deadline = Date.now() + 60_000; checkedOf(before) === 0;) {
      if (Date.now() > deadline) throw new Error(`no image checked: ${JSON.stringify(before)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      before = await summary(fileId);
    }
    await kill();
    // Requests the portal sent before it died may reach the image host a moment later.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const fetchedBefore = await requestCount("/images/large.png");
    const saved = checkedOf(await summary(fileId));
    expect(saved).toBeGreaterThan(0);
    expect(saved).toBeLessThan(IMAGES);
    expect(fetchedBefore).toBeGreaterThanOrEqual(saved);
    expect(fetchedBefore - saved).toBeLessThanOrEqual(UNSAVED_AT_MOST);

    // Started again as two instances, with no one viewing the file: the checks go on by themselves, on one of them
    // once the dead instance's lease has lapsed. The counts start now, before either instance is up.
    await clearFaultsAndCounters();
    await injectFault({ pattern: "/images/*", latencyMs: 20 });
    const second = startPortal(env, secondPortalPort).then((started) => (secondPortal = started.process));
    await Promise.all([start(), second]);
    let after = await summary(fileId);
    for (const deadline = Date.now() + 90_000; after.unchecked > 0;) {
      if (Date.now() > deadline) throw new Error(`images still unchecked after the restart: ${JSON.stringify(after)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      after = await summary(fileId);
    }
    expect(after).toMatchObject({ loads: IMAGES, fails: 0, unchecked: 0 });
    // Exactly the addresses not handed over were fetched again: none of those kept upstream, none by both instances.
    expect(await requestCount("/images/large.png")).toBe(IMAGES - saved);

    // Done: a later view starts nothing, not even a look at what is unchecked (the file's first addresses are all checked).
    const looks = await requestCount("/catalogue-upload/me/seller/file/images/unchecked");
    expect(looks).toBeGreaterThan(0);
    // Both instances are done with the file: one checked it, the other gave up asking for its lease.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await requestCount("/catalogue-upload/me/seller/file/images/unchecked")).toBe(looks);
    expect((await browser.get(`${PORTAL}/upload/catalog/products?fileId=${fileId}`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await requestCount("/images/large.png")).toBe(IMAGES - saved);
    expect(await requestCount("/catalogue-upload/me/seller/file/images/unchecked")).toBe(looks);
  }, 240_000);
});
