import { describe, expect, it } from "vitest";
import "#app/lib/zod-jitless.client.ts";
import { config, util } from "zod/v4/core";
import { z } from "zod";

// The browser's zod is told to parse without compiling (app/lib/zod-jitless.client.ts) through the object zod keeps its
// configuration in, without importing zod: a zod release that keeps it elsewhere fails here.
describe("zod without new Function in the browser", () => {
  it("reads the setting the root's client module makes, and never probes eval", () => {
    expect(config().jitless).toBe(true);
    const schema = z.object({ name: z.string() });
    expect(schema.parse({ name: "Nordlicht" })).toEqual({ name: "Nordlicht" });
    expect(util.allowsEval.value).toBe(false);
  });
});
