import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link, useRouteError } from "react-router";
import { routeErrorFacts, UpstreamFacts } from "#app/components/shell/errors/upstream-facts.tsx";
import { errorExplanationKey } from "#app/lib/shell/error-explanation.ts";
import { RetryLink } from "#app/components/shell/errors/retry-link.tsx";

/** A catalogue page whose data could not be loaded: the service's facts inside the page's layout. */
export function CatalogueErrorView() {
  const { t } = useTranslation();
  const error = useRouteError();
  const { status, facts } = routeErrorFacts(error);
  const explanation = t(errorExplanationKey(status, Boolean(facts.errorCode)));
  return (
    <article className="upload upload--error" role="alert">
      <h1>{status === 404 ? t("base.404") : t("errors.title")}</h1>
      <p>{explanation}</p>
      <UpstreamFacts facts={facts} />
      <p className="error-view__ways">
        {status === 404 ? null : <RetryLink className="button button--primary" />}{" "}
        <Link to="/default-redirect" reloadDocument>
          {t("errors.ways.startPage")}
        </Link>
      </p>
    </article>
  );
}
