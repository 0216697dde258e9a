/**
 * In the browser, zod parses with its interpreter. Building an object schema
 * makes zod probe whether it may compile parsers with `new Function`; under
 * the portal's CSP (no 'unsafe-eval') the probe fails quietly, but the browser
 * reports a CSP violation on every page that loads a schema. Imported first by
 * the root route, whose module the browser evaluates before any route's
 * schemas; a `.client` module, so the server keeps compiling its parsers.
 */
import { config } from "zod/v4/core";

config({ jitless: true });
