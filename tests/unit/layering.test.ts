/**
 * The direction of the imports (docs/decisions/015-one-home-per-feature.md) is
 * held by ESLint and by the cycle check in `npm test`. These tests show that
 * both catch what they are meant to catch, and that the tree holds today.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseCircular, parseDependencyTree } from "dpdm";
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

describe("the import rule", () => {
  it.each([
    ["contract/upstream.ts", 'import { ibanIssue } from "../app/shared/safe-path.ts";\nexport const x = ibanIssue;\n'],
    ["contract/rules/iban.ts", 'import { logger } from "~/shared/logger.server";\nexport const x = logger;\n'],
    ["contract/home.ts", 'import { randomUUID } from "node:crypto";\nexport const x = randomUUID;\n'],
    ["contract/staff.ts", 'import { seed } from "../sandbox/seed.ts";\nexport const x = seed;\n'],
    ["sandbox/onboarding.ts", 'import { maskIban } from "../app/shared/safe-path.ts";\nexport const x = maskIban;\n'],
    ["sandbox/staff.ts", 'import { logger } from "~/shared/logger.server";\nexport const x = logger;\n'],
    ["app/shared/form/fields.tsx", 'import { authorize } from "~/features/shell/authorize.server";\nexport const x = authorize;\n'],
    ["app/shared/upstream/http.server.ts", 'import { stepPath } from "../../features/onboarding/shop-setup";\nexport const x = stepPath;\n'],
    ["app/features/home/home.server.ts", 'import { seed } from "../../../sandbox/seed.ts";\nexport const x = seed;\n'],
    ["server/request-guards.ts", 'import { logger } from "../app/shared/logger.server.ts";\nexport const x = logger;\n'],
    ["scripts/start.ts", 'import { env } from "../app/shared/env.server.ts";\nexport const x = env;\n'],
  ])("refuses what %s must not import", async (file, code) => {
    expect(await importProblems(file, code)).toHaveLength(1);
  });

  it.each([
    ["contract/home.ts", 'import { z } from "zod";\nimport { Role } from "./upstream.ts";\nexport const x = [z, Role];\n'],
    ["sandbox/onboarding.ts", 'import { maskIban } from "../contract/rules/iban.ts";\nexport const x = maskIban;\n'],
    [
      "app/features/home/home.server.ts",
      'import { env } from "~/shared/env.server";\nimport { authorize } from "~/features/shell/authorize.server";\nexport const x = [env, authorize];\n',
    ],
    ["server/request-guards.ts", 'import { logger } from "../app/node-server.ts";\nexport const x = logger;\n'],
  ])("lets %s import what it may", async (file, code) => {
    expect(await importProblems(file, code)).toEqual([]);
  });

  it("finds no import from contract/ or sandbox/ into the app in the tree as it is", async () => {
    const files = globSync(["contract/**/*.ts", "sandbox/**/*.ts"], { cwd: ROOT });
    expect(files.length).toBeGreaterThan(30);
    for (const file of files) {
      const source = await readFile(path.join(ROOT, file), "utf8");
      expect(source, file).not.toMatch(/from\s+["'](~\/|[./]*\/app\/)/);
    }
  });
});

describe("the cycle check", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "cycles-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function cycles(files: Record<string, string>, entries: string[]) {
    for (const [name, code] of Object.entries(files)) await writeFile(path.join(dir, name), code);
    const tree = await parseDependencyTree(entries, { context: dir, cwd: dir, transform: false });
    return parseCircular(tree);
  }

  it("reports a cycle, a type-only one included", async () => {
    expect(
      await cycles(
        { "a.ts": 'import { b } from "./b";\nexport const a = b;\n', "b.ts": 'import type { a } from "./a";\nexport const b: typeof a | 1 = 1;\n' },
        ["a.ts"],
      ),
    ).toHaveLength(1);
  });

  it("reports none where the imports go one way", async () => {
    expect(await cycles({ "c.ts": 'import { d } from "./d";\nexport const c = d;\n', "d.ts": "export const d = 1;\n" }, ["c.ts"])).toEqual([]);
  });
});
