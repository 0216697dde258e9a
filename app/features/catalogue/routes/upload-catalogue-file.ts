import { data } from "react-router";
import { catalogueEditable, catalogueLockReason, firstIncompleteStep, uploadProblemMessage } from "~/features/catalogue/catalogue-steps";
import { authorize } from "~/features/shell/authorize.server";
import { sellerState } from "~/features/shell/seller-state.server";
import { catalogueDownloadResponse } from "~/features/catalogue/download.server";
import { catalogueUploadLimit, discardRequestBody, forwardCatalogueUpload, uploadedToast } from "~/features/catalogue/upload.server";
import { getI18n, getLocale } from "~/shared/i18n/i18n.server";
import { upstreamErrorToast, withToastForNextPage } from "~/features/shell/toasts/toast.server";
import { upstream } from "~/features/shell/upstream.server";
import { orRouteError, settle } from "~/shared/upstream/upstream-error.server";
import type { Route } from "./+types/upload-catalogue-file";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

/** GET: one of the seller's files, streamed with its original name. */
export async function loader(args: Route.LoaderArgs) {
  const fileId = new URL(args.request.url).searchParams.get("fileId");
  if (!fileId) throw data({ message: "fileId is required" }, { status: 400 });
  const answer = await orRouteError(upstream(args).catalogueUpload.downloadFile(fileId, args.request.signal));
  return catalogueDownloadResponse(answer, "catalogue");
}

/**
 * POST: the upload of the enhanced form (XMLHttpRequest, for its progress
 * events). Answers JSON: where to go next, or the translated message.
 */
export async function action(args: Route.ActionArgs) {
  const { context } = args;
  const t = getI18n(context).t;
  const client = upstream(args);
  const json = (body: unknown, status: number) => Response.json(body, { status });

  const current = await settle(sellerState(args));
  const state = current.ok ? current.value.state : null;
  if (!state || !catalogueEditable(state)) {
    // Refused before a byte goes upstream: what the browser still sends is dropped.
    discardRequestBody(args.request);
    return state
      ? json({ ok: false, message: t(`catalogue.locked.${catalogueLockReason(state)!}`) }, 409)
      : json({ ok: false, message: t("catalogue.upload.errors.upstream") }, 502);
  }

  const outcome = await forwardCatalogueUpload(args);
  if (outcome.ok) {
    const progress = await client.onboarding.catalogueImportProgress().catch(() => null);
    const step = progress ? firstIncompleteStep(progress) : "catalog";
    const { type, message, anchor } = uploadedToast(t, outcome);
    const location = step === "catalog" ? `/upload/catalog?fileId=${encodeURIComponent(outcome.file.id)}${anchor}` : `/upload/${step}`;
    return withToastForNextPage(json({ ok: true, location, fileId: outcome.file.id }, 201), { type, message });
  }
  if (outcome.problem === "session") throw outcome.response;
  const message = uploadProblemMessage(t, { problem: outcome.problem, fileName: outcome.fileName }, catalogueUploadLimit(), getLocale(context));
  if (outcome.problem === "upstream") {
    const toast = upstreamErrorToast(outcome.error, message);
    return json({ ok: false, message, errorCode: toast.errorCode ?? null, reference: toast.detail ?? null }, 502);
  }
  return json({ ok: false, message }, outcome.problem === "tooLarge" ? 413 : 400);
}
