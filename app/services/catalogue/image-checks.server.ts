/**
 * A catalogue file's image checks: run by the image checker beside the
 * readers (reading/image-check-thread.server.ts), kept by the catalogue
 * upload service (contract/catalogue-images.ts) as they come, in batches,
 * so that any instance shows them and a restart of this one loses only the
 * results not handed over yet: the next view of the file's products goes on
 * where the kept results end, on one instance at a time (a lease in the
 * shared store). Addresses after the first `imagesCheckedPerFile` are
 * checked on demand from the products view.
 *
 * The file's first `imagesCheckedPerFile` addresses are checked once its
 * products index is written (the reading with its mapping); the checks run
 * after the page that wrote the index has answered, never holding it.
 */
import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { z } from "zod";
import type { CatalogueFile } from "#contract/catalogue.ts";
import { imagesCheckedPerFile, maxImageResultsPerRequest, type ImageCheckResult, type ImageCheckSummary } from "#contract/catalogue-images.ts";
import { defaultProductsPageSize } from "#contract/catalogue-products.ts";
import { productsHref, productsViewOf } from "#app/lib/catalogue/products-query.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { redirectWithPortalToast, upstreamErrorToast } from "#app/services/toasts/toast.server.ts";
import { checkImages } from "#app/services/catalogue/reading/image-check-thread.server.ts";
import { sharedStore } from "#app/services/shared-store/shared-store.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { settle, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";

/** Results handed over in one request, and how long a result waits at most before it is handed over with fewer. */
const SAVE_BATCH = Math.min(500, maxImageResultsPerRequest);
const SAVE_EVERY_MS = 2_000;

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
        log.warn(
          { err: error instanceof Response ? `status ${error.status}` : error, fileId, results: batch.length },
          "catalogue images: checks could not be handed over; they stay unchecked",
        );
      }
    });
  };
  // A slow host holds back none of the results already there: they are handed over at least every few seconds.
  const timer = setInterval(save, SAVE_EVERY_MS);
  try {
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
  } finally {
    clearInterval(timer);
  }
  while (waiting.length > 0) save();
  await saving;
  waiting = [];
  return outcome;
}

/** This instance, as the holder of a file's checks (the shared store's lease). */
const INSTANCE = randomUUID();
/** A lease outlives its holder by at most this long (a crash); renewed well before, while the checks last. */
const LEASE_SECONDS = 30;
const RENEW_MS = 10_000;
/** How long "the file's first addresses are all checked" is remembered (after that, one look upstream says it again). */
const DONE_SECONDS = 24 * 60 * 60;
/** Rounds of one run: a new index written meanwhile (a new mapping) may bring addresses the first round did not have. */
const ROUNDS = 3;

const leaseKey = (fileId: string) => `catalogue-images:lease:${fileId}`;
const doneKey = (fileId: string) => `catalogue-images:done:${fileId}`;

/** Who checks a file's first addresses now: this instance, another one (its lease), or no one (all checked, or the store cannot say). */
type Claim = "here" | "elsewhere" | "none";
type Run = { claim: Promise<Claim>; outcome: Promise<CheckOutcome> };

/** The files whose first addresses this instance is checking now (or claiming): a second view of the page starts no second run. */
const running = new Map<string, Run>();

/**
 * Checks the file's first `imagesCheckedPerFile` addresses not checked yet (what earlier runs handed over is not
 * checked again), holding the lease; round after round until the service has none left, which is then remembered.
 */
async function checkFirstAddresses(args: RequestArgs, fileId: string, lost: AbortSignal): Promise<CheckOutcome> {
  const client = upstream(args).catalogueUpload;
  const total: CheckOutcome = { checked: 0, saved: 0, notSaved: 0 };
  for (let round = 0; round < ROUNDS && !lost.aborted; round++) {
    const unchecked = await client.uncheckedImages(fileId, imagesCheckedPerFile, undefined, imagesCheckedPerFile);
    if (unchecked.urls.length === 0) {
      await sharedStore().set(doneKey(fileId), "1", DONE_SECONDS);
      break;
    }
    const outcome = await checkAndSave(args, fileId, unchecked.urls, lost);
    total.checked += outcome.checked;
    total.saved += outcome.saved;
    total.notSaved += outcome.notSaved;
    // Cut short (the thread failed, the lease was lost) or not all handed over: the rest waits for the next view.
    if (outcome.notSaved > 0 || outcome.checked < unchecked.urls.length) break;
  }
  return total;
}

/**
 * Starts checking the file's first addresses not checked yet, in the background, unless this instance is already
 * or another instance holds the file's lease (then it checks them). `fresh`: a new products index was just written,
 * whose addresses are not known to be checked; otherwise (a resume) a file remembered as done is left alone.
 */
function startRun(args: RequestArgs, fileId: string, fresh: boolean): Run {
  const known = running.get(fileId);
  if (known) return known;
  const log = args.context.get(requestMetaContext).log;
  const store = sharedStore();
  const claim = (async (): Promise<Claim> => {
    if (fresh) await store.delete(doneKey(fileId));
    else if (await store.get(doneKey(fileId))) return "none";
    return (await store.lease(leaseKey(fileId), INSTANCE, LEASE_SECONDS)) ? "here" : "elsewhere";
  })().catch((error: unknown) => {
    log.warn({ err: error, fileId }, "catalogue images: the shared store cannot say who checks the file's images; not now");
    return "none" as const;
  });
  const outcome = claim
    .then(async (claimed) => {
      if (claimed !== "here") return { checked: 0, saved: 0, notSaved: 0 };
      const lost = new AbortController();
      // Renewed while the checks last; a lease lost (the store forgot it, another instance took it) ends them here.
      const renew = setInterval(() => {
        store.lease(leaseKey(fileId), INSTANCE, LEASE_SECONDS).then(
          (held) => held || lost.abort(),
          () => undefined,
        );
      }, RENEW_MS);
      try {
        return await checkFirstAddresses(args, fileId, lost.signal);
      } finally {
        clearInterval(renew);
        await store.release(leaseKey(fileId), INSTANCE).catch(() => undefined);
      }
    })
    .catch((error: unknown) => {
      log.warn({ err: error, fileId }, "catalogue images: the file's images could not be checked");
      return { checked: 0, saved: 0, notSaved: 0 };
    })
    .finally(() => running.delete(fileId));
  const run = { claim, outcome };
  running.set(fileId, run);
  return run;
}

/**
 * After the file's products index is written: checks its first addresses not checked yet, in the background (a
 * failure is logged; what was not checked stays unchecked, and the next view of the file resumes it).
 */
export function startFileImageChecks(args: RequestArgs, fileId: string): Promise<CheckOutcome> {
  return startRun(args, fileId, true).outcome;
}

/**
 * A products view of a file whose images are not all checked (`summary`): when its first addresses are not all
 * checked and no instance is checking them (this one restarted in the middle, say), this one goes on where the
 * results kept upstream end. Answers whether the file's images are being checked now, here or elsewhere.
 */
export async function resumeFileImageChecks(args: RequestArgs, fileId: string, summary: ImageCheckSummary | null): Promise<boolean> {
  if (running.has(fileId)) return true;
  if (!summary || summary.unchecked === 0) return false;
  return (await startRun(args, fileId, false).claim) !== "none";
}

/**
 * On demand from the products view: checks the addresses of the products at
 * `rows` not checked yet, waiting at most `waitMs` (the rest are handed over
 * when they are done, or stay unchecked).
 */
export async function checkProductImages(
  args: RequestArgs,
  fileId: string,
  rows: readonly number[],
  waitMs: number,
): Promise<CheckOutcome & { done: boolean }> {
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

/** The on-demand check's form: the file, and the rows of the page's products whose images are not checked yet. */
const CheckImagesForm = z.object({
  fileId: z.string().min(1).max(200),
  rows: z
    .string()
    .regex(/^\d{1,9}(?:,\d{1,9}){0,99}$/)
    .transform((value) => [...new Set(value.split(",").map(Number))].slice(0, defaultProductsPageSize)),
});

/** How long the on-demand check keeps the seller waiting before the page comes back (the rest are stored when done). */
const CHECK_WAIT_MS = 10_000;

/**
 * The products view's "check the images of this page": the file must be one
 * of the seller's `files`, open to changes (`editable`); back to the view the
 * form was on, with what happened in a toast.
 */
export async function checkImagesAction(args: RequestArgs, files: readonly CatalogueFile[], editable: boolean, path: string): Promise<Response> {
  const t = getI18n(args.context).t;
  // The action's own address carries the view the form was on: back there, built from the view, never from the form.
  const back = productsHref(productsViewOf(new URL(args.request.url).searchParams), {}, path);
  if (!editable) return redirectWithPortalToast(back, { type: "error", message: t("catalogueCategories.closed") });
  const parsed = CheckImagesForm.safeParse(Object.fromEntries(await args.request.formData()));
  if (!parsed.success) return redirectWithPortalToast(back, { type: "error", message: t("catalogueImages.checkFailed") });
  const { fileId, rows } = parsed.data;
  if (!files.some((file) => file.id === fileId)) throw data({ message: t("catalogueProducts.fileNotFound") }, { status: 404 });
  let outcome: Awaited<ReturnType<typeof checkProductImages>>;
  try {
    outcome = await checkProductImages(args, fileId, rows, CHECK_WAIT_MS);
  } catch (error) {
    if (error instanceof UpstreamError) return redirectWithPortalToast(back, upstreamErrorToast(error, t("catalogueImages.checkFailed")));
    throw error;
  }
  if (!outcome.done) return redirectWithPortalToast(back, { type: "info", message: t("catalogueImages.checkedPartly") });
  if (outcome.notSaved > 0) return redirectWithPortalToast(back, { type: "warning", message: t("catalogueImages.notSaved") });
  if (outcome.checked === 0) return redirectWithPortalToast(back, { type: "info", message: t("catalogueImages.nothingToCheck") });
  return redirectWithPortalToast(back, { type: "success", message: t("catalogueImages.checked") });
}
