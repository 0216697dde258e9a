/**
 * In the browser, zod parses with its interpreter. Building an object schema
 * makes zod probe whether it may compile parsers with `new Function`; under
 * the portal's CSP (no 'unsafe-eval') the probe fails quietly, but the browser
 * reports a CSP violation on every page that loads a schema. Imported first by
 * the root route, whose module the browser evaluates before any route's
 * schemas; a `.client` module, so the server keeps compiling its parsers.
 *
 * Set where zod keeps its configuration (`globalThis.__zod_globalConfig`, which
 * `config()` of zod/v4/core reads and writes) rather than through `config()`:
 * importing zod here would load its core on every page, schemas or none.
 * tests/unit/zod-jitless.test.ts fails if zod stops reading it there.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
