import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callService, control, mintToken, portalRedirectUri, signIn, startTestSandbox, tokenRequest, type TestSandbox } from "./helpers.ts";

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

describe("persistence", () => {
  it("keeps data, tokens and sign-ins across a restart on the same file", async () => {
    const token = await mintToken(sandbox, "seller.new@example.com");
    await callService(sandbox, "/user-profile/me/user/language", { token, method: "PUT", query: { language: "de" } });
    const flow = await signIn(sandbox, "bd@example.com");
    const tokens = await tokenRequest(sandbox.issuer, {
      grant_type: "authorization_code",
      code: flow.code,
      redirect_uri: portalRedirectUri,
      code_verifier: flow.verifier,
    });
    expect(tokens.status).toBe(200);
    const jwks = await (await fetch(`${sandbox.issuer}/jwks`)).json();

    await sandbox.restart();

    // Marketplace data.
    const me = await callService(sandbox, "/user-profile/me/user", { token });
    expect(me.status).toBe(200);
    expect(me.body.languageCode).toBe("de");
    // Access and refresh tokens, and the signing key behind the id token.
    expect((await callService(sandbox, "/user-profile/me/user", { token: tokens.body.access_token })).status).toBe(200);
    const refreshed = await tokenRequest(sandbox.issuer, {
      grant_type: "refresh_token",
      refresh_token: tokens.body.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(await (await fetch(`${sandbox.issuer}/jwks`)).json()).toEqual(jwks);
  });

  it("restores the seed when started with reset", async () => {
    const token = await mintToken(sandbox, "seller.active@example.com");
    await callService(sandbox, "/user-profile/me/user/language", { token, method: "PUT", query: { language: "de" } });
    await sandbox.restart({ reset: true });
    expect((await callService(sandbox, "/user-profile/me/user", { token })).status).toBe(401);
    const fresh = await mintToken(sandbox, "seller.active@example.com");
    expect((await callService(sandbox, "/user-profile/me/user", { token: fresh })).body.languageCode).toBe("en");
    expect((await control(sandbox, "GET", "/health")).body).toEqual({ ok: true });
  });
});

describe("command line", () => {
  it("starts with flags, prints the URL and demo accounts, and stops on SIGTERM", async () => {
    const directory = mkdtempSync(join(tmpdir(), "sandbox-cli-"));
    const child = spawn(
      process.execPath,
      ["sandbox/main.ts", "--port", "0", "--db", join(directory, "cli.sqlite"), "--reset", "--quiet", "--portal-url", "http://localhost:5173"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    try {
      let output = "";
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start: ${output}`)), 15_000);
        child.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          const match = /running at (http:\/\/\S+)/.exec(output);
          if (match?.[1] && output.includes("tom@example.com")) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        });
        child.on("exit", (code) => reject(new Error(`exited with ${code}: ${output}`)));
      });
      expect(output).toContain(`issuer      ${url}/idp`);
      expect(output).toContain('Demo accounts (password "demo")');
      expect(output).toContain("http://localhost:5173");
      expect((await control({ url }, "GET", "/health")).body).toEqual({ ok: true });

      const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
