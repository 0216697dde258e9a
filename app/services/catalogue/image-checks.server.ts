/**
 * A catalogue file's image checks: run by the image checker beside the
 * readers (reading/image-check-thread.server.ts), kept by the catalogue
 * upload service (contract/catalogue-images.ts) as they come, in batches,
 * so that any instance shows them and a restart of this one loses only the
 * addresses not checked yet (checked on demand from the products view).
 *
 * The file's first `imagesCheckedPerFile` addresses are checked once its
 * products index is written (the reading with its mapping); the checks run
 * after the page that wrote the index has answered, never holding it.
 */
import { imagesCheckedPerFile, maxImageResultsPerRequest, type ImageCheckResult, type ImageCheckSummary } from "#contract/catalogue-images.ts";
import { checkImages } from "#app/services/catalogue/reading/image-check-thread.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { settle } from "#app/services/upstream/upstream-error.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";

/** Results handed over in one request. */
const SAVE_BATCH = Math.min(500, maxImageResultsPerRequest);

/** The files whose first addresses this instance is checking now: a second view of the page starts no second run. */
const running = new Map<string, Promise<CheckOutcome>>();

export type CheckOutcome = { checked: number; saved: number; notSaved: number };

/** Checks `urls` of the file and hands the results over as they come (one request at a time); resolves once all are handed over or given up. */
async function checkAndSave(args: RequestArgs, fileId: string, urls: readonly string[], signal?: AbortSignal): Promise<CheckOutcome> {
  const log = args.context.get(requestMetaContext).log;
  const client = upstream(args).catalogueUpload;
  const outcome: CheckOutcome = { checked: 0, saved: 0, notSaved: 0 };
  let waiting: ImageCheckResult[] = [];
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    const batch = waiting.splice(0, SAVE_BATCH);
    if (batch.length === 0) return;
    saving = saving.then(async () => {
      try {
        await client.saveImageChecks(fileId, batch);
        outcome.saved += batch.length;
      } catch (error) {
        // An upstream failure, or the session ended meanwhile (a redirect): these addresses stay unchecked.
        outcome.notSaved += batch.length;
        log.warn({ err: error instanceof Response ? `status ${error.status}` : error, fileId, results: batch.length }, "catalogue images: checks could not be handed over; they stay unchecked");
      }
    });
  };
  await checkImages(
    fileId,
    urls,
    (results) => {
      outcome.checked += results.length;
      waiting.push(...results);
      while (waiting.length >= SAVE_BATCH) save();
    },
    signal,
  );
  while (waiting.length > 0) save();
  await saving;
  waiting = [];
  return outcome;
}

/**
 * After the file's products index is written: checks its first addresses not
 * checked yet, in the background (a failure is logged; what was not checked
 * stays unchecked).
 */
export function startFileImageChecks(args: RequestArgs, fileId: string): Promise<CheckOutcome> {
  const known = running.get(fileId);
  if (known) return known;
  const log = args.context.get(requestMetaContext).log;
  const run = (async () => {
    const unchecked = await upstream(args).catalogueUpload.uncheckedImages(fileId, imagesCheckedPerFile);
    return checkAndSave(args, fileId, unchecked.urls);
  })()
    .catch((error: unknown) => {
      log.warn({ err: error, fileId }, "catalogue images: the file's images could not be checked");
      return { checked: 0, saved: 0, notSaved: 0 };
    })
    .finally(() => running.delete(fileId));
  running.set(fileId, run);
  return run;
}

/** Whether this instance is checking the file's images now. */
export function checkingImages(fileId: string): boolean {
  return running.has(fileId);
}

/**
 * On demand from the products view: checks the addresses of the products at
 * `rows` not checked yet, waiting at most `waitMs` (the rest are handed over
 * when they are done, or stay unchecked).
 */
export async function checkProductImages(args: RequestArgs, fileId: string, rows: readonly number[], waitMs: number): Promise<CheckOutcome & { done: boolean }> {
  const unchecked = await upstream(args).catalogueUpload.uncheckedImages(fileId, rows.length, rows);
  const checking = checkAndSave(args, fileId, unchecked.urls);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
  const outcome = await Promise.race([checking, late]);
  clearTimeout(timer);
  return outcome ? { ...outcome, done: true } : { checked: 0, saved: 0, notSaved: 0, done: false };
}

/** How the file's products' images stand, or null when the service cannot say now (the page says so). */
export async function imageSummary(args: RequestArgs, fileId: string): Promise<ImageCheckSummary | null> {
  const summary = await settle(upstream(args).catalogueUpload.imageChecks(fileId));
  return summary.ok ? summary.value : null;
}
