/**
 * The portal as deployed: two instances behind nginx with deploy/'s
 * configuration (tests/support/nginx.ts), against one sandbox. A seller signs
 * in and works through onboarding with requests landing on both instances,
 * uploads a catalogue through nginx (streamed: the instance's memory stays
 * far below the file's size), and one instance is stopped with SIGTERM while
 * it saves a step: what it had in flight finishes, every later request goes
 * to the other, nothing saved is lost and no response is an error page.
 * Then the session secret is rotated instance by instance, as
 * docs/operations.md says, and the seller stays signed in throughout.
 *
 * The instances share nothing but the sealed cookie and the sandbox: with a
 * secret of each instance's own, the seller is signed out as soon as a
 * request reaches the other instance, and this test fails at sign-in.
 */
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxKeys } from "#contract/upstream.ts";
import { sandboxPortalEnv } from "../../scripts/sandbox-env";
import { withPeakRss } from "../../bench/support/process-stats";
import { TestBrowser } from "../support/http-client";
import { startNginx } from "../support/nginx";
import { validSteps } from "../support/onboarding-fixtures";
import { testPorts } from "../support/ports";
import { startPortal, startSandbox, type RunningProcess } from "../support/stack";
import { catalogueLines, SAMPLE_CSV, uploadForm } from "./catalogue-support";
import { multipart, pdf } from "./onboarding-support";

const { portalPort: NGINX_PORT, sandboxPort: SANDBOX_PORT } = testPorts(3530, 4530);
const INSTANCE_PORTS = { a: NGINX_PORT + 1, b: NGINX_PORT + 2 } as const;
type InstanceName = keyof typeof INSTANCE_PORTS;
const NGINX_URL = `http://localhost:${NGINX_PORT}`;
const SECRET = "scale-out-test-session-secret-one-0123456789";
const NEXT_SECRET = "scale-out-test-session-secret-two-0123456789";
const UPLOAD_BYTES = 128 * 1024 * 1024;

let sandbox: { sandboxUrl: string; process: RunningProcess };
let nginx: Awaited<ReturnType<typeof startNginx>>;
const instances: Partial<Record<InstanceName, RunningProcess>> = {};

async function startInstance(name: InstanceName, secrets: { SESSION_SECRET: string; SESSION_SECRET_ACCEPTED?: string } = { SESSION_SECRET: SECRET }) {
  const env = {
    ...sandboxPortalEnv(sandbox.sandboxUrl, NGINX_URL, secrets.SESSION_SECRET),
    ...(secrets.SESSION_SECRET_ACCEPTED ? { SESSION_SECRET_ACCEPTED: secrets.SESSION_SECRET_ACCEPTED } : {}),
    TRUSTED_PROXIES: "127.0.0.1",
    LOG_LEVEL: "info",
  };
  // Whatever ran under this name is gone first: a new instance cannot take a port still held.
  await instances[name]?.stop();
  instances[name] = (await startPortal(env, INSTANCE_PORTS[name])).process;
}

async function stopInstance(name: InstanceName): Promise<number | null> {
  const child = instances[name]!.child;
  const exited = new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", (code) => resolve(code))));
  child.kill("SIGTERM");
  return exited;
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: SANDBOX_PORT, portalUrls: [NGINX_URL] });
  await Promise.all([startInstance("a"), startInstance("b")]);
  nginx = await startNginx({ port: NGINX_PORT, instances: [`127.0.0.1:${INSTANCE_PORTS.a}`, `127.0.0.1:${INSTANCE_PORTS.b}`] });
});

afterAll(async () => {
  await nginx?.stop();
  await Promise.all(Object.values(instances).map((instance) => instance?.stop()));
  await sandbox?.process.stop();
});

/** Which instance answered each request, by request id, from nginx's access log (the last one tried, after a retry). */
async function instanceOf(requestId: string): Promise<InstanceName> {
  const find = () => nginx.accessLog().find((line) => line.request_id === requestId);
  await expect.poll(find).toBeDefined();
  const address = String(find()!.instance).split(", ").at(-1);
  const name = (Object.keys(INSTANCE_PORTS) as InstanceName[]).find((candidate) => address === `127.0.0.1:${INSTANCE_PORTS[candidate]}`);
  if (!name) throw new Error(`request ${requestId} answered by ${address}`);
  return name;
}

/** The seller's browser: every request has an id of its own, and no answer may be an error. */
class Seller {
  readonly browser = new TestBrowser();
  readonly requestIds: string[] = [];
  readonly #name: string;
  #next = 0;

  constructor(name: string) {
    this.#name = name;
  }

  #id(): string {
    const id = `${this.#name}-${++this.#next}`;
    this.requestIds.push(id);
    return id;
  }

  async #checked(response: Response, what: string): Promise<Response> {
    expect(response.status, `${what} → ${response.headers.get("location")}`).toBeLessThan(400);
    return response;
  }

  async get(path: string): Promise<Response> {
    return this.#checked(await this.browser.get(`${NGINX_URL}${path}`, { "X-Request-Id": this.#id() }), `GET ${path}`);
  }

  /** A step's form as a person fills it in (the identification step with its scan): answers where it leads. */
  async saveStep(step: keyof typeof validSteps): Promise<string | null> {
    const fields = { intent: "continue", ...validSteps[step] };
    const body = step === "identification" ? multipart(fields, { file: pdf("ausweis.pdf") }) : new URLSearchParams(fields);
    const response = await this.#checked(
      await this.browser.request(`${NGINX_URL}/shop-setup/${step}`, { method: "POST", body, headers: { "X-Request-Id": this.#id() } }),
      `POST /shop-setup/${step}`,
    );
    // Saved: on to the next step (a form with a problem would answer 400 with itself).
    expect(response.status, `POST /shop-setup/${step}`).toBe(303);
    return response.headers.get("location");
  }

  async post(path: string, form: Record<string, string>): Promise<Response> {
    return this.#checked(await this.browser.post(`${NGINX_URL}${path}`, form, { "X-Request-Id": this.#id() }), `POST ${path}`);
  }

  async request(path: string, init: RequestInit): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("X-Request-Id", this.#id());
    return this.#checked(await this.browser.request(`${NGINX_URL}${path}`, { ...init, headers }), `${init.method} ${path}`);
  }
}

/** The seller's onboarding as the marketplace holds it, through a token the sandbox mints for tests. */
async function stepsAtTheMarketplace(username: string): Promise<{ step: string; status: string }[]> {
  const minted = await fetch(`${sandbox.sandboxUrl}/__sandbox/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username }),
  });
  const { access_token } = (await minted.json()) as { access_token: string };
  const response = await fetch(`${sandbox.sandboxUrl}/onboarding/me/seller/onboarding?apikey=${sandboxKeys.apiKey}`, {
    headers: { Authorization: `Bearer ${access_token}` },
  });
  return ((await response.json()) as { steps: { step: string; status: string }[] }).steps;
}

/** A catalogue of `bytes` as a browser streams a multipart form: never whole in the test's memory either. */
function streamedCatalogue(bytes: number): { body: ReadableStream<Uint8Array>; contentType: string } {
  const boundary = "----scale-out-catalogue";
  const chunk = catalogueLines(1024 * 1024);
  let sent = 0;
  const encoder = new TextEncoder();
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="katalog.csv"\r\nContent-Type: text/csv\r\n\r\n`),
        );
      },
      pull(controller) {
        if (sent >= bytes) {
          controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    }),
  };
}

describe("two instances behind nginx", () => {
  const seller = new Seller("flow");

  it("a seller signs in and works through onboarding, served by both instances", async () => {
    const { response, url } = await seller.browser.signIn(NGINX_URL, "seller.new@example.com");
    expect(url).toBe(`${NGINX_URL}/overview`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("0 of 11 tasks complete");

    expect(await seller.saveStep("contract")).toBe("/shop-setup/account-information");
    expect((await seller.get("/shop-setup/account-information")).status).toBe(200);
    expect(await seller.saveStep("account-information")).toBe("/shop-setup/company-information");
    expect(await seller.saveStep("company-information")).toBe("/shop-setup/company-type-representatives");
    expect((await seller.get("/overview")).status).toBe(200);

    const served = new Set(await Promise.all(seller.requestIds.map(instanceOf)));
    expect([...served].sort()).toEqual(["a", "b"]);
  });

  it("streams a catalogue through nginx to an instance that never holds it", async () => {
    // A first small file on each instance starts what every upload uses once (the inspector's thread): not part of the bound.
    for (let warmUp = 0; warmUp < 2; warmUp++) {
      const small = await seller.request("/upload/catalog/file", {
        method: "POST",
        body: uploadForm("klein.csv", SAMPLE_CSV),
        headers: { Accept: "application/json" },
      });
      expect(small.status).toBe(201);
      await small.arrayBuffer();
    }
    const pids = { a: instances.a!.child.pid!, b: instances.b!.child.pid! };
    const { body, contentType } = streamedCatalogue(UPLOAD_BYTES);
    // Both instances' memory is watched: nginx picks the one that takes the upload.
    const watched = await withPeakRss(pids.b, () =>
      withPeakRss(pids.a, () =>
        seller.request("/upload/catalog/file", {
          method: "POST",
          body,
          headers: { "Content-Type": contentType, Accept: "application/json" },
          duplex: "half",
        } as RequestInit),
      ),
    );
    const uploaded = watched.result.result;
    expect(uploaded.status).toBe(201);
    expect(((await uploaded.json()) as { fileId: string }).fileId).toBeTruthy();
    const taker = await instanceOf(seller.requestIds.at(-1)!);
    const growth = taker === "a" ? watched.result.growth : watched.growth;
    // Half the file: an instance that held the upload whole would grow by more than all of it.
    expect(growth).toBeLessThan(UPLOAD_BYTES / 2);
  });

  it("stops one instance with SIGTERM while both save a step: both saves finish, later requests go to the other, nothing is lost", async () => {
    // The onboarding service takes 1.5 s to save a step: both saves are in flight, one on each instance, when instance a is stopped.
    await fetch(`${sandbox.sandboxUrl}/__sandbox/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ pattern: "/onboarding/me/seller/onboarding/steps/", method: "PUT", latencyMs: 1_500, times: 2 }),
    });
    const saves = [seller.saveStep("company-type-representatives"), seller.saveStep("bank-account")];
    const savesStarted = () =>
      fetch(`${sandbox.sandboxUrl}/__sandbox/requests/timeline?prefix=/onboarding/me/seller/onboarding/steps/`)
        .then((response) => response.json() as Promise<{ requests: { method: string }[] }>)
        .then(({ requests }) => requests.filter((request) => request.method === "PUT").length);
    const before = await savesStarted();
    await expect.poll(savesStarted, { timeout: 10_000 }).toBeGreaterThanOrEqual(before + 2);
    const inFlight = seller.requestIds.slice(-2);
    const exited = stopInstance("a");

    // Saved, each on to the step that is next once it is saved (which depends on whether the other save is done).
    for (const next of await Promise.all(saves)) expect(next).toMatch(/^\/shop-setup\/[a-z-]+$/);
    expect((await Promise.all(inFlight.map(instanceOf))).sort()).toEqual(["a", "b"]);
    expect(await exited).toBe(0);

    const afterStop = seller.requestIds.length;
    expect(await seller.saveStep("warehouse")).toMatch(/^\/shop-setup\//);
    expect(await seller.saveStep("identification")).toMatch(/^\/shop-setup\//);
    expect((await seller.get("/overview")).status).toBe(200);
    for (const id of seller.requestIds.slice(afterStop)) expect(await instanceOf(id)).toBe("b");
    // Every step saved along the way is saved at the marketplace, the two that were in flight included.
    const steps = await stepsAtTheMarketplace("seller.new@example.com");
    const saved = ["contract", "account-information", "company-information", "company-type-representatives", "bank-account", "identification", "warehouse"];
    expect(steps.filter((step) => step.status === "COMPLETE").map((step) => step.step)).toEqual(expect.arrayContaining(saved));
    expect(steps.find((step) => step.step === "documents")?.status).not.toBe("COMPLETE");
  });
});

/** Which of the two secrets signed a session cookie (React Router's `value.signature`, HMAC-SHA256, base64 unpadded). */
function signedWith(cookie: string | undefined): "old" | "new" | "neither" {
  const value = decodeURIComponent(cookie ?? "");
  const dot = value.lastIndexOf(".");
  const sign = (secret: string) => createHmac("sha256", secret).update(value.slice(0, dot)).digest("base64").replace(/=+$/, "");
  return sign(SECRET) === value.slice(dot + 1) ? "old" : sign(NEXT_SECRET) === value.slice(dot + 1) ? "new" : "neither";
}

describe("rotating the session secret instance by instance", () => {
  it("keeps the seller signed in while instances sign with the old secret and the new one side by side", async () => {
    const seller = new Seller("rotation");
    await seller.browser.signIn(NGINX_URL, "seller.new@example.com");
    const host = new URL(NGINX_URL).host;
    expect(signedWith(seller.browser.cookie(host, "sp_session"))).toBe("old");

    // First every instance accepts the new secret, then each signs with it: the runbook's first two steps.
    await startInstance("a", { SESSION_SECRET: SECRET, SESSION_SECRET_ACCEPTED: NEXT_SECRET });
    expect(await stopInstance("b")).toBe(0);
    await startInstance("b", { SESSION_SECRET: NEXT_SECRET, SESSION_SECRET_ACCEPTED: SECRET });

    // Each language change rewrites the session, signed by whichever instance took it; every page after it is
    // read by both in turn. nginx sends to an instance it saw refuse a connection again once 5 s have passed.
    const signers = new Map<InstanceName, string>();
    for (let round = 0; signers.size < 2; round++) {
      expect(round, "a language change on each instance").toBeLessThan(20);
      await seller.post("/language", { language: round % 2 ? "de" : "en", redirectTo: "/overview" });
      signers.set(await instanceOf(seller.requestIds.at(-1)!), signedWith(seller.browser.cookie(host, "sp_session")));
      for (let read = 0; read < 2; read++) {
        const page = await seller.get("/overview");
        expect(page.status, `to ${page.headers.get("location")}`).toBe(200);
      }
      if (signers.size < 2) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(Object.fromEntries(signers)).toEqual({ a: "old", b: "new" });
    expect(new Set(await Promise.all(seller.requestIds.map(instanceOf)))).toEqual(new Set(["a", "b"]));
  });
});
