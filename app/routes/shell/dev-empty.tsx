import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { devPagesEnabled } from "#app/services/shell/dev-pages.server.ts";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["dev"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export const middleware = [authorize({ rule: "anySignedIn", validate: devPagesEnabled })];

export function loader() {
  return null;
}

/** A page with nothing on it: for checking the shell (toasts, preloader, indicator) in isolation. */
function DevEmpty() {
  const { t } = useTranslation();
  return <h1 className="visually-hidden">{t("dev.empty.title")}</h1>;
}

export default routeComponent(DevEmpty);
