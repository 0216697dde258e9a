import type { PortalToast } from "~/components/toasts/toast-message";
import type { HomeArgs } from "./home.server";
import { getI18n } from "./i18n.server";
import { upstreamErrorToast } from "./toast.server";
import type { UpstreamError } from "./upstream/upstream-error.server";

/** 'Error loading shops', with what the service said (message, code, reference) as the detail. */
export function shopsFailedToast(args: HomeArgs, error: UpstreamError): PortalToast {
  const message = getI18n(args.context).t("analytics.errorLoadingShops");
  const toast = upstreamErrorToast(error, message);
  const said = error.unreachable ? null : error.body.message;
  return { ...toast, message, detail: [said, toast.detail].filter(Boolean).join(" · ") || undefined };
}
