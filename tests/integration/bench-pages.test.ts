/**
 * The server-cost and Lighthouse benchmarks visit every page of the route table (bench/support/pages.ts): a page
 * added without its entry is found here, in the test command, and not first when a benchmark refuses to run.
 */
import path from "node:path";
import { expect, it, vi } from "vitest";
import { uncoveredRoutes } from "../../bench/support/pages.ts";
import { complete } from "../support/portal-env.ts";

it("the benchmarks' page list covers every page route of the build", async () => {
  // The build reads its configuration when it is imported; its routes are all this test reads of it.
  for (const [name, value] of Object.entries(complete)) vi.stubEnv(name, value);
  expect(await uncoveredRoutes(path.resolve(import.meta.dirname, "../../build"))).toEqual([]);
});
