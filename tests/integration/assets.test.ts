/**
 * The browser's files over real HTTP: sent as the build compressed them (react-router.config.ts, precompressAssets),
 * brotli where the browser takes it, else gzip, else as they are; the same bytes once decoded, cached for a year.
 */
import { readFileSync } from "node:fs";
import { get } from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { PORTAL } from "./ports";

const BUILD_ASSETS = path.resolve(import.meta.dirname, "../../build/client/assets");

/** The raw answer: fetch would decode the body and hide which encoding came. */
function rawGet(url: string, acceptEncoding: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    }).on("error", reject);
  });
}

async function pageAssets(): Promise<string[]> {
  const html = await (await fetch(`${PORTAL}/`)).text();
  return [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.(?:js|css)/g)].map((match) => match[0]))];
}

describe("/assets", () => {
  it("sends each file of a page as the build compressed it, the same bytes once decoded", async () => {
    const assets = await pageAssets();
    expect(assets.some((asset) => asset.endsWith(".css"))).toBe(true);
    expect(assets.some((asset) => asset.endsWith(".js"))).toBe(true);
    for (const asset of assets) {
      const file = readFileSync(path.join(BUILD_ASSETS, path.basename(asset)));
      const brotli = await rawGet(`${PORTAL}${asset}`, "gzip, deflate, br, zstd");
      const gzip = await rawGet(`${PORTAL}${asset}`, "gzip, deflate");
      const plain = await rawGet(`${PORTAL}${asset}`, "identity");
      for (const answer of [brotli, gzip, plain]) {
        expect(answer.status, asset).toBe(200);
        expect(answer.headers["cache-control"], asset).toBe("public, max-age=31536000, immutable");
        expect(answer.headers["content-type"], asset).toMatch(asset.endsWith(".css") ? /^text\/css/ : /^text\/javascript/);
        expect(answer.headers.vary, asset).toContain("Accept-Encoding");
      }
      expect(plain.headers["content-encoding"], asset).toBeUndefined();
      expect(plain.body.equals(file), asset).toBe(true);
      if (file.byteLength < 1024) continue; // too small to be worth compressing: sent as it is
      expect(brotli.headers["content-encoding"], asset).toBe("br");
      expect(brotliDecompressSync(brotli.body).equals(file), asset).toBe(true);
      // The build's own file: its length is known before the first byte (compressing on the fly would stream it).
      expect(Number(brotli.headers["content-length"]), asset).toBe(readFileSync(path.join(BUILD_ASSETS, `${path.basename(asset)}.br`)).byteLength);
      expect(gzip.headers["content-encoding"], asset).toBe("gzip");
      expect(gunzipSync(gzip.body).equals(file), asset).toBe(true);
    }
  });

  it("answers an unknown file 404, whatever the browser accepts", async () => {
    for (const acceptEncoding of ["br", "gzip", "identity"]) {
      expect((await rawGet(`${PORTAL}/assets/no-such-file-0000.js`, acceptEncoding)).status).toBe(404);
    }
  });

  it("answers the compressed files by their own names and a path that does not decode with the not-found page", async () => {
    const [script] = (await pageAssets()).filter(
      (asset) => asset.endsWith(".js") && readFileSync(path.join(BUILD_ASSETS, path.basename(asset))).byteLength >= 1024,
    );
    for (const asset of [`${script}.br`, `${script}.gz`, "/assets/%zz", "/assets/%E0%A4%A.js"]) {
      const answer = await rawGet(`${PORTAL}${asset}`, "gzip, deflate, br, zstd");
      expect(answer.status, asset).toBe(404);
      expect(answer.headers["content-type"], asset).toMatch(/^text\/html/);
      expect(answer.headers["content-security-policy"], asset).toBeDefined();
    }
  });
});
