/**
 * The browser reads its texts without i18next (ADR 040); only the server render keeps it. No script of the client
 * build may hold i18next or react-i18next, whichever module brings them in: both name "i18next" in strings that
 * minifying keeps (i18next's logger prefix and warnings, react-i18next's "react-i18next::" warnings; the client entry
 * held a dozen of them while it bundled both). Read from the build, which `npm test` and `test:integration` make
 * first. The lint refuses the imports themselves in app/'s modules that are not the server's (eslint.config.js).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

it("no script of the browser's build holds i18next or react-i18next", () => {
  const assets = path.resolve(import.meta.dirname, "../../build/client/assets");
  const scripts = readdirSync(assets).filter((name) => name.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(10);
  expect(scripts.filter((name) => /i18next/i.test(readFileSync(path.join(assets, name), "utf8")))).toEqual([]);
});
