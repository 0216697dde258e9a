/**
 * The direction of the imports (docs/decisions/015-one-home-per-feature.md) is
 * held by ESLint and by the cycle check in `npm test`. These tests show that
 * both catch what they are meant to catch, and that the tree holds today
 * (ESLint's rule here; the cycle check on the tree is `npm test`'s own run).
 */
import { execFile } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ESLint } from "eslint";
import { globSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: ROOT });

/** The messages of the import rule for `code` as if it stood at `file`. */
async function importProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.message);
}

const uses = (specifier: string, name = "x") => `import { ${name} } from "${specifier}";\nexport const y = ${name};\n`;
const usesType = (specifier: string) => `import type { X } from "${specifier}";\nexport type Y = X;\n`;

describe("the import rule", () => {
  it.each([
    // the bottom layers
    ["contract/upstream.ts", uses("../app/lib/safe-path.ts")],
    ["contract/rules/iban.ts", uses("#app/services/observability/logger.server.ts")],
    ["contract/home.ts", uses("node:crypto")],
    ["contract/staff.ts", uses("../sandbox/seed.ts")],
    ["sandbox/onboarding.ts", uses("../app/lib/safe-path.ts")],
    ["sandbox/staff.ts", uses("#app/services/observability/logger.server.ts")],
    ["app/services/home/home.server.ts", uses("../../../sandbox/seed.ts")],
    ["server/request-guards.ts", uses("../app/services/observability/logger.server.ts")],
    ["scripts/start.ts", uses("#app/services/config/env.server.ts")],
    // the layers of app/
    ["app/services/upstream/http.server.ts", uses("#app/routes/onboarding/shop-setup.tsx")],
    ["app/services/catalogue/upload.server.ts", uses("#app/components/catalogue/upload-form.tsx")],
    ["app/components/ui/fields.tsx", uses("#app/services/session/authorize.server.ts")],
    ["app/components/home/dashboard-view.tsx", uses("#app/services/home/analytics.server.ts")],
    ["app/lib/home/analytics-table.ts", uses("#app/components/ui/fields.tsx")],
    ["app/lib/catalogue/mapping.ts", uses("#app/services/catalogue/headers.server.ts")],
    // the areas, one way
    ["app/services/catalogue/headers.server.ts", uses("#app/services/onboarding/save-step.server.ts")],
    ["app/components/catalogue/integration-details.tsx", uses("#app/components/staff/seller-page-parts.tsx")],
    ["app/routes/catalogue/upload-catalogue.tsx", uses("#app/components/home/change-form.tsx")],
    ["app/services/onboarding/save-step.server.ts", uses("#app/services/home/company.server.ts")],
    ["app/lib/onboarding/step-navigation.ts", uses("#app/lib/staff/seller-id.ts")],
    ["app/services/staff/sellers.server.ts", uses("#app/services/home/home.server.ts")],
    ["app/routes/home/overview.tsx", uses("#app/lib/staff/seller-id.ts")],
    ["app/components/shell/page-footer.tsx", uses("#app/components/onboarding/step-form.tsx")],
    // the shared building blocks import no area
    ["app/components/ui/fields.tsx", uses("#app/components/shell/header/logo.tsx")],
    ["app/services/upstream/http.server.ts", uses("#app/lib/onboarding/step-navigation.ts")],
    ["app/lib/safe-path.ts", uses("#app/lib/staff/seller-id.ts")],
    // one import style
    ["app/services/home/home.server.ts", uses("../catalogue/headers.server.ts")],
    ["app/routes/home/overview.tsx", uses("../../lib/safe-path.ts")],
    ["app/components/ui/fields.tsx", uses("~/lib/safe-path")],
    ["app/lib/safe-path.ts", uses("@contract/upstream")],
  ])("refuses what %s must not import", async (file, code) => {
    expect(await importProblems(file, code)).not.toEqual([]);
  });

  it.each([
    ["contract/home.ts", 'import { z } from "zod";\nimport { Role } from "./upstream.ts";\nexport const x = [z, Role];\n'],
    ["sandbox/onboarding.ts", uses("#contract/rules/iban.ts")],
    ["server/request-guards.ts", uses("../app/node-server.ts")],
    ["app/routes/home/overview.tsx", uses("#app/services/home/overview.server.ts")],
    ["app/routes/home/overview.tsx", uses("#app/components/home/recommendation-summary.tsx")],
    ["app/services/home/home.server.ts", uses("#app/lib/safe-path.ts")],
    ["app/services/home/catalogue-updates.server.ts", uses("#app/services/catalogue/headers.server.ts")],
    ["app/services/onboarding/hand-over-review.server.ts", uses("#app/services/catalogue/headers.server.ts")],
    ["app/routes/staff/seller-page.tsx", uses("#app/components/catalogue/catalogue-returns.tsx")],
    ["app/components/staff/seller-requirements.tsx", uses("#app/components/ui/status-tag.tsx")],
    ["app/components/catalogue/error-view.tsx", uses("#app/components/shell/errors/upstream-facts.tsx")],
    ["app/services/home/home.server.ts", uses("./company.server.ts")],
    // the shape of a loader's data is the server's to say: a type crosses, nothing that runs
    ["app/components/catalogue/integration-details.tsx", usesType("#app/services/catalogue/integration.server.ts")],
  ])("lets %s import what it may", async (file, code) => {
    expect(await importProblems(file, code)).toEqual([]);
  });

  it("finds no import from contract/ or sandbox/ into the app in the tree as it is", async () => {
    const files = globSync(["contract/**/*.ts", "sandbox/**/*.ts"], { cwd: ROOT });
    expect(files.length).toBeGreaterThan(30);
    for (const file of files) {
      const source = await readFile(path.join(ROOT, file), "utf8");
      expect(source, file).not.toMatch(/from\s+["'](~\/|#app\/|[./]*\/app\/)/);
    }
  });
});

describe("the cycle check (npm run check:cycles with the project's dpdm.config.json)", () => {
  let dir: string;
  const run = promisify(execFile);
  // npm runs the script with the project's own dpdm, whichever folder it checks.
  const env = { ...process.env, PATH: `${path.join(ROOT, "node_modules/.bin")}${path.delimiter}${process.env.PATH}` };

  beforeAll(async () => {
    // A project of two files laid out as the portal is, with its package.json imports and script, tsconfig and dpdm config.
    dir = await mkdtemp(path.join(tmpdir(), "cycles-"));
    await mkdir(path.join(dir, "app/lib"), { recursive: true });
    const pkg = JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8"));
    const own = { name: "cycles", private: true, type: "module", imports: pkg.imports, scripts: { "check:cycles": pkg.scripts["check:cycles"] } };
    await writeFile(path.join(dir, "package.json"), JSON.stringify(own));
    for (const file of ["tsconfig.json", "dpdm.config.json"]) await copyFile(path.join(ROOT, file), path.join(dir, file));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function checkCycles(cwd: string): Promise<{ code: number; output: string }> {
    try {
      const { stdout } = await run("npm", ["run", "--silent", "check:cycles"], { cwd, env });
      return { code: 0, output: stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string };
      return { code: failed.code, output: failed.stdout };
    }
  }

  it("fails on a cycle through #app imports, a type-only one included", async () => {
    await writeFile(path.join(dir, "app/lib/a.ts"), 'import { b } from "#app/lib/b.ts";\nexport const a = b;\n');
    await writeFile(path.join(dir, "app/lib/b.ts"), 'import type { a } from "#app/lib/a.ts";\nexport const b: typeof a | 1 = 1;\n');
    const { code, output } = await checkCycles(dir);
    expect(code).toBe(1);
    expect(output).toContain("app/lib/b.ts -> app/lib/a.ts");
  });

  it("passes where the imports go one way", async () => {
    await writeFile(path.join(dir, "app/lib/b.ts"), "export const b = 1;\n");
    expect((await checkCycles(dir)).code).toBe(0);
  });

  // The tree as it is: `npm test` runs `npm run check:cycles` on it (its types lane), so it is not checked a second time here.
});
