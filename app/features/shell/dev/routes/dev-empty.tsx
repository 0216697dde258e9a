import { useTranslation } from "~/shared/i18n/use-translation";
import { authorize } from "~/features/shell/authorize.server";
import { devPagesEnabled } from "~/features/shell/dev/dev-pages.server";

export const middleware = [authorize({ rule: "anySignedIn", validate: devPagesEnabled })];

export function loader() {
  return null;
}

/** A page with nothing on it: for checking the shell (toasts, preloader, indicator) in isolation. */
export default function DevEmpty() {
  const { t } = useTranslation();
  return <h1 className="visually-hidden">{t("dev.empty.title")}</h1>;
}
