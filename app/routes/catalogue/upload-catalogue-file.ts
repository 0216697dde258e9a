import { catalogueEditable, catalogueLockReason } from "#app/lib/catalogue/catalogue-steps.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { downloadFailures } from "#app/services/shell/download-failure.server.ts";
import { sellerState } from "#app/services/session/seller-state.server.ts";
import { catalogueFileDownload, handOverPage, uploadFromScript } from "#app/services/catalogue/catalogue-page.server.ts";
import { discardRequestBody } from "#app/services/catalogue/upload.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { settle } from "#app/services/upstream/upstream-error.server.ts";
import type { Route } from "./+types/upload-catalogue-file";

export const middleware = [downloadFailures({ page: () => handOverPage.path }), authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

/** GET: one of the seller's files, streamed with its original name. */
export async function loader(args: Route.LoaderArgs) {
  return catalogueFileDownload(args);
}

/**
 * POST: the upload of the enhanced form (XMLHttpRequest, for its progress
 * events). Answers JSON: where to go next, or the translated message.
 */
export async function action(args: Route.ActionArgs) {
  const t = getI18n(args.context).t;
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

  return uploadFromScript(args, handOverPage);
}
