import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form, Link, useLocation, useRouteError } from "react-router";
import { errorPageHome, errorPageWays } from "#app/lib/shell/error-page-ways.ts";
import { errorExplanationKey, showsServiceMessage } from "#app/lib/shell/error-explanation.ts";
import { useRootData } from "#app/lib/shell/root-data.ts";
import { PageHeader } from "#app/components/shell/header/page-header.tsx";
import { routeErrorFacts, UpstreamFacts, type UpstreamFactsData } from "./upstream-facts.tsx";
import type { UnsavedForm } from "#app/lib/unsaved-form.ts";
import { UnsavedFormRetry } from "./unsaved-form-retry.tsx";

/**
 * What a failed loader threw: an upstream failure's facts (see orRouteError), or a 404's start page (see notFound);
 * from the session's check, that the person is signed in (the root's data is not read then) and the form post it
 * could not let through (unsaved-form.server.ts).
 */
export type ErrorFacts = UpstreamFactsData & { startPage?: string | null; signedIn?: boolean; unsaved?: UnsavedForm | null };

/**
 * The error view of a route that failed: its status, and an upstream failure's facts. The root's, and that of the
 * routes without a page of their own that a browser is sent to (after sign-in, a form's POST): their failure shows
 * this page instead of the error's data. It reads the error itself: those routes re-export it as their
 * ErrorBoundary, and React Router passes props only to an ErrorBoundary the route module defines.
 */
export function RouteErrorBoundary() {
  const { status, facts } = routeErrorFacts<ErrorFacts>(useRouteError());
  return <ErrorPage status={status} facts={facts} />;
}

/**
 * The 404 and error page, inside the default layout: with the header (language,
 * and sign-out when signed in) and only ways on that do not lead straight back here.
 */
export function ErrorPage({ status, facts }: { status: number; facts: ErrorFacts }) {
  const { t } = useTranslation();
  const location = useLocation();
  const signedIn = Boolean(useRootData()?.user) || facts.signedIn === true;
  const unsaved = facts.unsaved?.complete ? facts.unsaved : null;
  // A form that was not sent is tried again by posting it again (below), not by opening the page.
  const ways = errorPageWays({ signedIn, status, currentUrl: location.pathname + location.search, startPage: facts.startPage }).filter(
    (way) => !(unsaved && way.kind === "retry"),
  );
  const explanation = t(errorExplanationKey(status, Boolean(facts.errorCode)));
  return (
    <>
      <PageHeader homeHref={errorPageHome(ways, signedIn)} />
      <main id="main" className="layout-default layout-error">
        <div className="error-page">
          <h1>
            {status === 404 ? t("base.404") : status === 413 ? t("errors.tooLargeTitle") : status === 409 ? t("errors.conflictTitle") : t("errors.title")}
          </h1>
          <p>{explanation}</p>
          <UpstreamFacts facts={facts} withMessage={showsServiceMessage(status)} />
          {unsaved ? <UnsavedFormRetry form={unsaved} /> : null}
          <div className="error-page__ways">
            {ways.map((way, index) => (
              // Full document loads: the page that failed may have left the client's state half-loaded.
              <Link key={way.kind} to={way.to} reloadDocument className={`button ${index === 0 ? "button--primary" : "button--secondary"}`}>
                {t(`errors.ways.${way.kind}`)}
              </Link>
            ))}
            {signedIn ? (
              <Form method="post" action="/logout">
                <button type="submit" className="button button--secondary">
                  {t("auth.signOut")}
                </button>
              </Form>
            ) : null}
          </div>
        </div>
      </main>
    </>
  );
}
