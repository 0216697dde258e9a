import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { isRouteErrorResponse } from "react-router";

/** What an upstream service said when it failed (see UpstreamError): its message, its error list, and the code and reference for support. */
export type UpstreamFactsData = {
  message?: string | null;
  errorCode?: string | null;
  errors?: { fieldName?: string; errorMessage: string }[];
  reference?: string | null;
};

/**
 * A route's error as the error views read it: its status (500 for anything but a thrown answer) and the facts its
 * data carries (see orRouteError), none when it carries no object.
 */
export function routeErrorFacts<Facts extends UpstreamFactsData = UpstreamFactsData>(error: unknown): { status: number; facts: Facts } {
  if (!isRouteErrorResponse(error)) return { status: 500, facts: {} as Facts };
  return { status: error.status, facts: typeof error.data === "object" && error.data ? error.data : {} };
}

/**
 * The service's facts as every error view shows them. `withMessage`: whether
 * the service's own message is shown (error pages show it for a 502 only).
 */
export function UpstreamFacts({ facts, withMessage = true }: { facts: UpstreamFactsData; withMessage?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {withMessage && facts.message ? <p className="upstream-facts__message">{facts.message}</p> : null}
      {facts.errors?.length ? (
        <ul className="upstream-facts__errors">
          {facts.errors.map((item, index) => (
            <li key={index}>{item.fieldName ? `${item.fieldName}: ${item.errorMessage}` : item.errorMessage}</li>
          ))}
        </ul>
      ) : null}
      {facts.errorCode || facts.reference ? (
        <p className="upstream-facts__reference">
          {t("errors.reference")} <code>{[facts.errorCode, facts.reference].filter(Boolean).join(" · ")}</code>
        </p>
      ) : null}
    </>
  );
}
