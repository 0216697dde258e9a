import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form } from "react-router";
import type { PortalToast } from "#app/lib/toast-message.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { devPagesEnabled } from "#app/services/shell/dev-pages.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { redirectWithPortalToast } from "#app/services/toasts/toast.server.ts";
import type { Route } from "./+types/dev-library";
import { routeComponent } from "#app/lib/route-component.ts";

export const middleware = [authorize({ rule: "anySignedIn", validate: devPagesEnabled })];

const TOAST_KINDS = ["error", "success", "warning", "info"] as const;
type ToastKind = (typeof TOAST_KINDS)[number];

export function loader() {
  return { kinds: TOAST_KINDS };
}

/** Flashes a sample toast of the chosen kind, as any action of the portal does. */
export async function action({ request, context }: Route.ActionArgs) {
  const kind = (await request.formData()).get("kind");
  const t = getI18n(context).t;
  if (!TOAST_KINDS.includes(kind as ToastKind)) return redirectWithPortalToast("/dev/catalog", { type: "warning", message: t("dev.catalog.unknownKind") });
  const toast: PortalToast =
    kind === "error"
      ? {
          type: "error",
          message: t("dev.catalog.samples.error"),
          detail: "5b7c1f0e-sample",
          errorCode: "SAMPLE_VALIDATION",
          fieldErrors: [
            { fieldName: "iban", errorMessage: t("dev.catalog.samples.ibanInvalid") },
            {
              fieldName: "address",
              errorMessage: JSON.stringify([
                { field: "street", message: t("dev.catalog.samples.streetMissing") },
                { field: "zip", message: t("dev.catalog.samples.zipInvalid") },
              ]),
            },
          ],
        }
      : { type: kind as ToastKind, message: t(`dev.catalog.samples.${kind as Exclude<ToastKind, "error">}`) };
  return redirectWithPortalToast("/dev/catalog", toast);
}

/** The shell's building blocks in one place: toasts of every kind, notices, the preloader's look. */
function DevCatalog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("dev.catalog.title")}</h1>
      <section aria-labelledby="catalog-toasts" className="catalog__section">
        <h2 id="catalog-toasts">{t("dev.catalog.toasts")}</h2>
        <p>{t("dev.catalog.toastsHint")}</p>
        <Form method="post" className="catalog__buttons">
          {loaderData.kinds.map((kind) => (
            <button key={kind} type="submit" name="kind" value={kind} className="button button--secondary">
              {t(`dev.catalog.show.${kind}`)}
            </button>
          ))}
        </Form>
      </section>
      <section aria-labelledby="catalog-text" className="catalog__section">
        <h2 id="catalog-text">{t("dev.catalog.text")}</h2>
        <p className="notice">{t("dev.catalog.noticeSample")}</p>
        <p>
          <a className="button button--primary" href="#catalog-text">
            {t("dev.catalog.primary")}
          </a>{" "}
          <a className="button button--secondary" href="#catalog-text">
            {t("dev.catalog.secondary")}
          </a>
        </p>
      </section>
    </>
  );
}

export default routeComponent(DevCatalog);
