/**
 * The products that still need a fix when the catalogue goes to the catalogue
 * team (the hand-over, or an active seller's update): the seller chooses
 * whether they block it (it waits until they are fixed or left out) or are
 * left out with one reason. Leaving them out is asked once more (how many,
 * and the reason the catalogue team reads) and then written in one call per
 * file before the catalogue goes; nothing is sent upstream before that
 * confirmation.
 */
import { data } from "react-router";
import { z } from "zod";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import { HAND_OVER_REVIEW_PATH } from "#app/lib/setup-progress.ts";
import { redirectWithPortalToast, upstreamErrorToast } from "#app/services/toasts/toast.server.ts";
import { productCounts } from "./hand-over-review.server.ts";

export const unfixedChoices = ["leaveOut", "wait"] as const;
const Choice = z.enum(unfixedChoices);

export type UnfixedFile = { id: string; fileName: string; needsFix: number };

/**
 * What the review page shows after a hand-over that was not sent because of the products still needing a fix:
 * `choose` (no choice made), `blocked` (the seller chose to wait), `confirm` (leaving them out, asked once more).
 */
export type UnfixedAnswer = { intent: "unfixed"; state: "choose" | "blocked" | "confirm"; count: number; files: UnfixedFile[] };

/** Where the choice is made: the page a failure returns to, its texts' key prefix, and which files go (all of the seller's by default). */
export type UnfixedScope = { back: string; texts: string; fileIds?: readonly string[] };
export const handOverScope: UnfixedScope = { back: HAND_OVER_REVIEW_PATH, texts: "handOver.review.products" };

/** The files with products that still need a fix, read for the decision (a file whose counts cannot be read counts none). */
async function unfixedFiles(args: RequestArgs, fileIds: readonly string[] | undefined): Promise<UnfixedFile[]> {
  const seller = await upstream(args).onboarding.seller();
  const files = await Promise.all(
    seller.sellerCatalogueFiles
      .filter((file) => fileIds === undefined || fileIds.includes(file.id))
      .map(async (file) => ({ id: file.id, fileName: file.fileName, needsFix: (await productCounts(args, file.id))?.needsFix ?? 0 })),
  );
  return files.filter((file) => file.needsFix > 0);
}

/**
 * Before the catalogue goes: null when nothing still needs a fix, or the seller confirmed leaving those products out
 * (they are left out then); else the answer that keeps the seller on the page.
 */
export async function settleUnfixedProducts(args: RequestArgs, formData: FormData, scope: UnfixedScope = handOverScope) {
  let files: UnfixedFile[];
  try {
    files = await unfixedFiles(args, scope.fileIds);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    throw await redirectWithPortalToast(scope.back, upstreamErrorToast(error, getI18n(args.context).t(`${scope.texts}.failed`)), { status: 303 });
  }
  if (files.length === 0) return null;
  const count = files.reduce((sum, file) => sum + file.needsFix, 0);
  const answer = (state: UnfixedAnswer["state"], status: number) => data({ intent: "unfixed", state, count, files } satisfies UnfixedAnswer, { status });
  const choice = Choice.safeParse(formData.get("unfixed"));
  if (!choice.success) return answer("choose", 400);
  if (choice.data === "wait") return answer("blocked", 409);
  if (formData.get("confirm") !== "leaveOut") return answer("confirm", 200);
  const t = getI18n(args.context).t;
  const client = upstream(args).catalogueUpload;
  try {
    for (const file of files) await client.leaveOutUnfixed(file.id, t(`${scope.texts}.reason`));
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    throw await redirectWithPortalToast(scope.back, upstreamErrorToast(error, t(`${scope.texts}.leaveOutFailed`)), { status: 303 });
  }
  return null;
}
