/**
 * zod as the browser imports it. Building an object schema makes zod probe
 * whether it may compile parsers with `new Function`; under the portal's CSP
 * (no 'unsafe-eval') the probe fails quietly, but the browser reports a CSP
 * violation on every page that loads a schema. The client build resolves
 * every `import … from "zod"` to this module (vite.config.ts), which sets
 * `jitless` before any module that imports zod runs: the pages without a
 * schema load no zod at all, and the server keeps compiling its parsers.
 */
import { config } from "zod/v4/core";

config({ jitless: true });

export * from "zod";
export { z as default } from "zod";
