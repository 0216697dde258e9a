import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link, useRouteError } from "react-router";
import { routeErrorFacts, UpstreamFacts } from "#app/components/shell/errors/upstream-facts.tsx";
import { errorExplanationKey, showsServiceMessage } from "#app/lib/shell/error-explanation.ts";
import { RetryLink } from "#app/components/shell/errors/retry-link.tsx";

/**
 * A step whose data could not be read: the error with the service's facts
 * inside the step's panel, so the rest of the setup stays in reach.
 */
export function StepError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const { status, facts } = routeErrorFacts(error);
  return (
    <div className="step-error" role="alert">
      <h3>{t("errors.title")}</h3>
      <p>{t(errorExplanationKey(status, Boolean(facts.errorCode)))}</p>
      <UpstreamFacts facts={facts} withMessage={showsServiceMessage(status)} />
      <p>
        <RetryLink className="button button--primary" /> <Link to="/overview">{t("onboarding.backToTaskList")}</Link>
      </p>
    </div>
  );
}
