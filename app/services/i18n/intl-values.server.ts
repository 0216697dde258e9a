/**
 * Each page render keeps what Intl worked out for it (app/lib/intl-formats.ts), so that the page carries it to the
 * browser: one store per request, through the render's asynchronous work (React streams a page over several ticks).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { recordIntlValuesIn } from "#app/lib/intl-formats.ts";

const renders = new AsyncLocalStorage<Map<string, unknown>>();
recordIntlValuesIn(() => renders.getStore());

/** Runs a page's render with a store of its own for the Intl values it works out. */
export const recordingIntlValues = <T>(render: () => T): T => renders.run(new Map(), render);
