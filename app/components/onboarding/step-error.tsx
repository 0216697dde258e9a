import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";

type UpstreamFailure = { message?: string | null; errorCode?: string | null; errors?: { fieldName?: string; errorMessage: string }[]; reference?: string | null };

/**
 * A step whose data could not be read: the error with the service's facts
 * inside the step's panel, so the rest of the setup stays in reach.
 */
export function StepError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const facts: UpstreamFailure = isRouteErrorResponse(error) && typeof error.data === "object" && error.data ? error.data : {};
  return (
    <div className="step-error" role="alert">
      <h3>{t("errors.title")}</h3>
      <p>{status === 503 ? t("errors.upstreamDown") : status === 502 ? t("errors.upstream") : t("errors.unexpected")}</p>
      {status === 502 && facts.message ? <p>{facts.message}</p> : null}
      {facts.errors?.length ? (
        <ul>
          {facts.errors.map((item, index) => (
            <li key={index}>{item.fieldName ? `${item.fieldName}: ${item.errorMessage}` : item.errorMessage}</li>
          ))}
        </ul>
      ) : null}
      {facts.errorCode || facts.reference ? (
        <p>
          {t("errors.reference")} <code>{[facts.errorCode, facts.reference].filter(Boolean).join(" · ")}</code>
        </p>
      ) : null}
      <p>
        <Link to="/overview">{t("onboarding.backToOverview")}</Link>
      </p>
    </div>
  );
}
