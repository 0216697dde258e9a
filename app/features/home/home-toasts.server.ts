import type { PortalToast } from "~/features/shell/toasts/toast-message";
import type { RequestArgs } from "~/shared/request-args";
import { getI18n } from "~/shared/i18n/i18n.server";
import { upstreamErrorToast } from "~/features/shell/toasts/toast.server";
import type { UpstreamError } from "~/shared/upstream/upstream-error.server";

/** 'Error loading shops', with what the service said (message, code, reference) as the detail. */
export function shopsFailedToast(args: RequestArgs, error: UpstreamError): PortalToast {
  const message = getI18n(args.context).t("analytics.errorLoadingShops");
  const toast = upstreamErrorToast(error, message);
  const said = error.unreachable ? null : error.body.message;
  return { ...toast, message, detail: [said, toast.detail].filter(Boolean).join(" · ") || undefined };
}
