import type { PortalToast } from "#app/lib/toast-message.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { upstreamErrorToast } from "#app/services/toasts/toast.server.ts";
import type { UpstreamError } from "#app/services/upstream/upstream-error.server.ts";

/** 'Error loading shops', with what the service said (message, code, reference) as the detail. */
export function shopsFailedToast(args: RequestArgs, error: UpstreamError): PortalToast {
  const message = getI18n(args.context).t("analytics.errorLoadingShops");
  const toast = upstreamErrorToast(error, message);
  const said = error.unreachable ? null : error.body.message;
  return { ...toast, message, detail: [said, toast.detail].filter(Boolean).join(" · ") || undefined };
}
