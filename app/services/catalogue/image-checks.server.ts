/**
 * A catalogue file's image checks: run by the image checker beside the
 * readers (reading/image-check-thread.server.ts), kept by the catalogue
 * upload service (contract/catalogue-images.ts) as they come, in batches,
 * so that any instance shows them and a restart of this one loses only the
 * results not handed over yet. Who checks a file is a lease in the shared
 * store, so one instance at a time does. Addresses after the first
 * `imagesCheckedPerFile` are checked on demand from the products view.
 *
 * The file's first `imagesCheckedPerFile` addresses are checked once its
 * products index is written (the reading with its mapping); the checks run
 * after the page that wrote the index has answered, never holding it.
 * Unfinished checks are resumed by the next view of the file's products, and
 * by an instance that starts (`resumeUnfinishedImageChecks`): while a file's
 * checks run, the shared store keeps an entry for it with the seller's access
 * token sealed, which a starting instance uses to go on where the kept
 * results end, until the token expires.
 */
import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { z } from "zod";
import type { CatalogueFile } from "#contract/catalogue.ts";
import { imagesCheckedPerFile, maxImageResultsPerRequest, type ImageCheckResult, type ImageCheckSummary } from "#contract/catalogue-images.ts";
import { defaultProductsPageSize } from "#contract/catalogue-products.ts";
import { productsHref, productsViewOf } from "#app/lib/catalogue/products-query.ts";
import { imageBaseOf, resolveImageAddress, type ImageBaseTyped } from "#app/lib/catalogue/image-base.ts";
import { env, sessionSecrets } from "#app/services/config/env.server.ts";
import { getI18n, getLocale } from "#app/services/i18n/i18n.server.ts";
import { logger, type Logger } from "#app/services/observability/logger.server.ts";
import { redirectWithPortalToast, upstreamErrorToast } from "#app/services/toasts/toast.server.ts";
import { checkImages } from "#app/services/catalogue/reading/image-check-thread.server.ts";
import { openTokens, sealTokens, sessionContext } from "#app/services/session/session.server.ts";
import { sharedStore } from "#app/services/shared-store/shared-store.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { clientsOnBehalf, upstream, type UpstreamClients } from "#app/services/upstream/request-clients.server.ts";
import { settle, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";

/** Results handed over in one request, and how long a result waits at most before it is handed over with fewer. */
const SAVE_BATCH = Math.min(500, maxImageResultsPerRequest);
const SAVE_EVERY_MS = 2_000;

export type CheckOutcome = { checked: number; saved: number; notSaved: number };

/**
 * Who the checks of a file run for: the catalogue upload service as the seller, a logger, and (when the checks
 * were started by a request of theirs) the entry that lets a starting instance resume them.
 */
type Checking = { service: UpstreamClients["catalogueUpload"]; log: Logger; pending: string | null };

function checkingFor(args: RequestArgs, resumable = true): Checking {
  return { service: upstream(args).catalogueUpload, log: args.context.get(requestMetaContext).log, pending: resumable ? pendingEntryOf(args) : null };
}

/**
 * Checks `urls` of the file (as the file writes them; relative paths resolved against `base`) and hands the results
 * over as they come, each under the address as written (one request at a time); resolves once all are handed over or
 * given up.
 */
async function checkAndSave(checking: Checking, fileId: string, urls: readonly string[], base: string | null, signal?: AbortSignal): Promise<CheckOutcome> {
  const { service, log } = checking;
  // The address checked, and the addresses of the file it stands for (two paths may come to one address).
  const written = new Map<string, string[]>();
  for (const url of urls) {
    const resolved = resolveImageAddress(url, base);
    const same = written.get(resolved);
    if (same) same.push(url);
    else written.set(resolved, [url]);
  }
  const outcome: CheckOutcome = { checked: 0, saved: 0, notSaved: 0 };
  let waiting: ImageCheckResult[] = [];
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    const batch = waiting.splice(0, SAVE_BATCH);
    if (batch.length === 0) return;
    saving = saving.then(async () => {
      try {
        await service.saveImageChecks(fileId, batch);
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
      [...written.keys()],
      (results) => {
        for (const result of results) {
          const addresses = written.get(result.url) ?? [result.url];
          outcome.checked += addresses.length;
          for (const url of addresses) waiting.push(url === result.url ? result : { ...result, url });
        }
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
/** A lease outlives its holder by at most this long (a crash); renewed at a third of it, while the checks last. */
const leaseSeconds = () => env().IMAGE_CHECK_LEASE_SECONDS;
const renewMs = () => (leaseSeconds() * 1000) / 3;
/** How long "the file's first addresses are all checked" is remembered (after that, one look upstream says it again). */
const DONE_SECONDS = 24 * 60 * 60;
/** Rounds of one run: a new index written meanwhile (a new mapping) may bring addresses the first round did not have. */
const ROUNDS = 3;

const leaseKey = (fileId: string) => `catalogue-images:lease:${fileId}`;
const doneKey = (fileId: string) => `catalogue-images:done:${fileId}`;
/** The files whose checks are not finished, each with what resumes them (`PendingEntry`): one key, an entry a file. */
const PENDING_KEY = "catalogue-images:pending";
/** The pending key lives as long as an access token may (a day); each entry is good only until its own token expires. */
const PENDING_SECONDS = 24 * 60 * 60;

/**
 * What a starting instance needs to resume a file's checks for the seller: the access token of the request that
 * started them, sealed as the session cookie seals it (never the refresh token: renewing would take the session's
 * own), the session it belongs to (a session signed out since is not acted for), and the page's language.
 */
const PendingEntry = z.object({ token: z.string(), sessionId: z.string(), locale: z.string() });

function pendingEntryOf(args: RequestArgs): string | null {
  const session = args.context.get(sessionContext);
  const tokens = session.tokens;
  if (!tokens || !session.id) return null;
  const token = sealTokens({ accessToken: tokens.accessToken, expiresAt: tokens.expiresAt }, sessionSecrets()[0]!);
  return JSON.stringify({ token, sessionId: session.id, locale: getLocale(args.context) } satisfies z.infer<typeof PendingEntry>);
}

/** Who checks a file's first addresses now: this instance, another one (its lease), or no one (all checked, or the store cannot say). */
type Claim = "here" | "elsewhere" | "none";
type Run = { claim: Promise<Claim>; outcome: Promise<CheckOutcome> };

/** The files whose first addresses this instance is checking now (or claiming): a second view of the page starts no second run. */
const running = new Map<string, Run>();

/**
 * Checks the file's first `imagesCheckedPerFile` addresses not checked yet (what earlier runs handed over is not
 * checked again), holding the lease; round after round until the service has none left, which is then remembered.
 */
async function checkFirstAddresses(checking: Checking, fileId: string, lost: AbortSignal): Promise<CheckOutcome & { finished: boolean }> {
  const total = { checked: 0, saved: 0, notSaved: 0, finished: false };
  for (let round = 0; round < ROUNDS && !lost.aborted; round++) {
    const unchecked = await checking.service.uncheckedImages(fileId, imagesCheckedPerFile, undefined, imagesCheckedPerFile);
    if (unchecked.urls.length === 0) {
      await sharedStore().set(doneKey(fileId), "1", DONE_SECONDS);
      total.finished = true;
      break;
    }
    const outcome = await checkAndSave(checking, fileId, unchecked.urls, unchecked.imageBase, lost);
    total.checked += outcome.checked;
    total.saved += outcome.saved;
    total.notSaved += outcome.notSaved;
    // Cut short (the thread failed, the lease was lost) or not all handed over: the rest waits for the next view or start.
    if (outcome.notSaved > 0 || outcome.checked < unchecked.urls.length) break;
  }
  return total;
}

/**
 * Starts checking the file's first addresses not checked yet, in the background, unless this instance is already
 * or another instance holds the file's lease (then it checks them). `fresh`: a new products index was just written,
 * whose addresses are not known to be checked; otherwise (a resume) a file remembered as done is left alone.
 */
function startRun(checking: Checking, fileId: string, fresh: boolean): Run {
  const known = running.get(fileId);
  if (known) return known;
  const { log } = checking;
  const store = sharedStore();
  const claim = (async (): Promise<Claim> => {
    if (fresh) await store.delete(doneKey(fileId));
    else if (await store.get(doneKey(fileId))) return "none";
    return (await store.lease(leaseKey(fileId), INSTANCE, leaseSeconds())) ? "here" : "elsewhere";
  })().catch((error: unknown) => {
    log.warn({ err: error, fileId }, "catalogue images: the shared store cannot say who checks the file's images; not now");
    return "none" as const;
  });
  const outcome = claim
    .then(async (claimed) => {
      if (claimed !== "here") return { checked: 0, saved: 0, notSaved: 0 };
      // A crash from here on leaves the entry: a starting instance resumes the checks.
      if (checking.pending) await store.putEntry(PENDING_KEY, fileId, checking.pending, PENDING_SECONDS).catch(() => undefined);
      const lost = new AbortController();
      // Renewed while the checks last; a lease lost (the store forgot it, another instance took it) ends them here.
      const renew = setInterval(() => {
        store.lease(leaseKey(fileId), INSTANCE, leaseSeconds()).then(
          (held) => held || lost.abort(),
          () => undefined,
        );
      }, renewMs());
      try {
        const { finished, ...counts } = await checkFirstAddresses(checking, fileId, lost.signal);
        if (finished) await store.removeEntry(PENDING_KEY, fileId).catch(() => undefined);
        return counts;
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
 * failure is logged; what was not checked stays unchecked, and the next view of the file, or an instance that
 * starts, resumes it).
 */
export function startFileImageChecks(args: RequestArgs, fileId: string): Promise<CheckOutcome> {
  return startRun(checkingFor(args), fileId, true).outcome;
}

/**
 * A products view of a file whose images are not all checked (`summary`): when its first addresses are not all
 * checked and no instance is checking them (this one restarted in the middle, say), this one goes on where the
 * results kept upstream end. Answers whether the file's images are being checked now, here or elsewhere.
 */
export async function resumeFileImageChecks(args: RequestArgs, fileId: string, summary: ImageCheckSummary | null): Promise<boolean> {
  if (running.has(fileId)) return true;
  if (!summary || summary.unchecked === 0) return false;
  return (await startRun(checkingFor(args), fileId, false).claim) !== "none";
}

/** How often a starting instance asks again for a file whose lease another holds: a crashed holder's lapses within the lease. */
const retryClaimMs = () => Math.min(5_000, renewMs());
/** Asked until then; a holder that is still alive after it finishes the file itself. */
const retryClaimForMs = () => (leaseSeconds() + 15) * 1000;
/** A token that expires sooner is not used to resume: the checks would stop halfway through. */
const TOKEN_MARGIN_MS = 60_000;

/**
 * On start: resumes the checks the shared store says are unfinished (an instance died in the middle of them), each
 * on the one instance that takes its lease, for the seller whose request started them, while their access token is
 * good and their session open. An entry that cannot be acted on is removed: the next view of the file resumes it.
 * Resolves once each file is claimed here, elsewhere or not at all (the checks themselves run on).
 */
export async function resumeUnfinishedImageChecks(): Promise<void> {
  const store = sharedStore();
  const log = logger.child({ task: "catalogue image checks resumed on start" });
  let pending: Record<string, string>;
  try {
    pending = await store.entries(PENDING_KEY);
  } catch (error) {
    log.warn({ err: error }, "catalogue images: the shared store cannot say which checks are unfinished; the next views resume them");
    return;
  }
  await Promise.all(
    Object.entries(pending).map(async ([fileId, value]) => {
      const forget = () => store.removeEntry(PENDING_KEY, fileId).catch(() => undefined);
      const entry = PendingEntry.safeParse(safeJson(value));
      const tokens = entry.success
        ? sessionSecrets()
            .map((secret) => openTokens(entry.data.token, secret))
            .find(Boolean)
        : undefined;
      if (!entry.success || !tokens || tokens.expiresAt < Date.now() + TOKEN_MARGIN_MS) return forget();
      const clients = clientsOnBehalf({ accessToken: tokens.accessToken, locale: entry.data.locale, log });
      const open = await clients.userProfile.session(entry.data.sessionId).then(
        () => true,
        (error: unknown) => (error instanceof UpstreamError && error.status === 404 ? false : null),
      );
      // Signed out since: nothing more is done for that session. The service unreachable: the next view resumes.
      if (open === false) return forget();
      if (open === null) return;
      const checking: Checking = { service: clients.catalogueUpload, log, pending: value };
      for (const until = Date.now() + retryClaimForMs(); ;) {
        if ((await startRun(checking, fileId, false).claim) !== "elsewhere" || Date.now() > until) break;
        await new Promise((resolve) => setTimeout(resolve, retryClaimMs()).unref());
      }
    }),
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
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
  const checking = checkAndSave(checkingFor(args, false), fileId, unchecked.urls, unchecked.imageBase);
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
export async function checkImagesAction(
  args: RequestArgs,
  files: readonly CatalogueFile[],
  editable: boolean,
  path: string,
  form: FormData,
): Promise<Response> {
  const t = getI18n(args.context).t;
  // The action's own address carries the view the form was on: back there, built from the view, never from the form.
  const back = productsHref(productsViewOf(new URL(args.request.url).searchParams), {}, path);
  if (!editable) return redirectWithPortalToast(back, { type: "error", message: t("catalogueCategories.closed") });
  const parsed = CheckImagesForm.safeParse(Object.fromEntries(form));
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

/** The base address form: the file, and the address (empty: none). */
const ImageBaseForm = z.object({
  fileId: z.string().min(1).max(200),
  base: z.string().max(4000).default(""),
});

/**
 * The products view's "base address of your images": the file must be one of the seller's `files`, open to changes
 * (`editable`); the address passes the rules of an image address (image-base.ts). Kept upstream with the file, which
 * forgets the checks of its relative paths; then they are checked against it, in the background. A refused address
 * comes back to the form with what was typed and why.
 */
export async function imageBaseAction(
  args: RequestArgs,
  files: readonly CatalogueFile[],
  editable: boolean,
  path: string,
  form: FormData,
): Promise<Response | ReturnType<typeof data<{ imageBase: ImageBaseTyped }>>> {
  const t = getI18n(args.context).t;
  const back = productsHref(productsViewOf(new URL(args.request.url).searchParams), {}, path);
  if (!editable) return redirectWithPortalToast(back, { type: "error", message: t("catalogueCategories.closed") });
  const parsed = ImageBaseForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return redirectWithPortalToast(back, { type: "error", message: t("catalogueImages.base.failed") });
  const { fileId, base: typed } = parsed.data;
  if (!files.some((file) => file.id === fileId)) throw data({ message: t("catalogueProducts.fileNotFound") }, { status: 404 });
  let base: string | null = null;
  if (typed.trim() !== "") {
    const judged = imageBaseOf(typed, env().IMAGE_CHECK_SANDBOX_ORIGIN ?? null);
    if (!judged.ok) return data({ imageBase: { typed, error: t(`catalogueImages.base.errors.${judged.refusal}`) } }, { status: 400 });
    base = judged.base;
  }
  try {
    await upstream(args).catalogueUpload.saveImageBase(fileId, base);
  } catch (error) {
    if (error instanceof UpstreamError) return redirectWithPortalToast(back, upstreamErrorToast(error, t("catalogueImages.base.failed")));
    throw error;
  }
  // The relative paths are unchecked again: checked against the new base after the page answered.
  void startFileImageChecks(args, fileId);
  return redirectWithPortalToast(back, { type: "success", message: t(base ? "catalogueImages.base.saved" : "catalogueImages.base.removed") });
}
