/**
 * Every route module's component goes through `routeComponent` (app/lib/route-component.ts, ADR 043): React Router
 * renders its whole route tree on every change of its state, and a component left out renders again for each of them
 * (and with it every form control under it, which conform's watch of the form's fields answers with a render of its own).
 */
import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const modules = ["app/root.tsx", ...globSync("app/routes/**/*.tsx", { cwd: ROOT })].sort();
const withComponent = modules
  .map((file) => ({ file, defaults: readFileSync(path.join(ROOT, file), "utf8").match(/^export default .*$/gm) }))
  .filter(({ defaults }) => defaults !== null);

describe("the route modules", () => {
  it("are found", () => {
    expect(withComponent.length).toBeGreaterThan(80);
  });

  it.each(withComponent)("$file exports its component through routeComponent", ({ defaults }) => {
    expect(defaults).toHaveLength(1);
    expect(defaults![0]).toMatch(/^export default routeComponent\(\w+\);$/);
  });
});
