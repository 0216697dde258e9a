import { catalogueEditable, catalogueLockReason } from "~/features/catalogue/catalogue-steps";
import { authorize } from "~/features/shell/authorize.server";
import { downloadFailures } from "~/features/shell/errors/download-failure.server";
import { sellerState } from "~/features/shell/seller-state.server";
import { catalogueFileDownload, handOverPage, uploadFromScript } from "~/features/catalogue/catalogue-page.server";
import { discardRequestBody } from "~/features/catalogue/upload.server";
import { getI18n } from "~/shared/i18n/i18n.server";
import { settle } from "~/shared/upstream/upstream-error.server";
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
