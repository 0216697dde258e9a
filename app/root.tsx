import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { data, isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { EnvironmentIndicator } from "./components/environment-indicator";
import { Logo } from "./components/logo";
import { NavigationProgress } from "./components/navigation-progress";
import { SubstitutionBanner } from "./components/substitution-banner";
import { Toaster } from "./components/toasts/toaster";
import type { PortalToast } from "./components/toasts/toast-message";
import { VersionCheck } from "./components/version-check";
import { environmentServices } from "./services/environment.server";
import { getLocale, i18nextMiddleware } from "./services/i18n.server";
import { requestMetaMiddleware } from "./services/request-context.server";
import { sessionContext, sessionMiddleware } from "./services/session.server";
import { substitutionAuditMiddleware } from "./services/substitution-audit.server";
import { sanitizeToast } from "./services/toast-html.server";
import { readToast } from "./services/toast.server";
import appStylesHref from "./styles/app.css?url";
import componentStylesHref from "./styles/components.css?url";

export const middleware = [requestMetaMiddleware, i18nextMiddleware, sessionMiddleware, substitutionAuditMiddleware];

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appStylesHref },
  { rel: "stylesheet", href: componentStylesHref },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { toast, headers } = await readToast(request);
  const user = context.get(sessionContext).user;
  return data(
    {
      locale: getLocale(context),
      toast: toast ? sanitizeToast(toast as PortalToast) : undefined,
      // Only what the page shows: never tokens.
      user: user
        ? { email: user.email, role: user.role, substitutionMode: user.substitutionMode, substitutedSellerName: user.substitutedSellerName ?? null }
        : null,
      environment: environmentServices(request),
    },
    // The flash cookie is rewritten only when a toast was read from it.
    toast ? { headers } : undefined,
  );
}

// Toasts and the user can change on any navigation: read them every time.
export const shouldRevalidate = () => true;

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { t } = useTranslation();
  // A page may bring its own toast (see page-toast.server.ts): a failed submission re-rendered without JavaScript.
  const pageToast = useMatches()
    .map((match) => (match.loaderData as { pageToast?: PortalToast | null } | undefined)?.pageToast)
    .findLast(Boolean);
  return (
    <html lang={rootData?.locale ?? "en"} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t("layout.skipToContent")}
        </a>
        <NavigationProgress />
        {rootData?.user?.substitutionMode ? <SubstitutionBanner sellerName={rootData.user.substitutedSellerName} /> : null}
        {children}
        <Toaster toast={rootData?.toast ?? pageToast ?? undefined} />
        {rootData?.environment ? <EnvironmentIndicator services={rootData.environment} /> : null}
        <VersionCheck />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** What a failed loader threw for an upstream failure (see orRouteError). */
type UpstreamFailureData = {
  message?: string | null;
  errorCode?: string | null;
  errors?: { fieldName?: string; errorMessage: string }[];
  reference?: string | null;
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const facts: UpstreamFailureData = isRouteErrorResponse(error) && typeof error.data === "object" && error.data ? error.data : {};
  const explanation = status === 404 ? t("errors.notFoundHint") : status === 503 ? t("errors.upstreamDown") : status === 502 ? t("errors.upstream") : t("errors.unexpected");
  return (
    <main id="main" className="error-page">
      <Logo />
      <h1>{status === 404 ? t("base.404") : t("errors.title")}</h1>
      <p>{explanation}</p>
      {status === 502 && facts.message ? <p className="error-page__message">{facts.message}</p> : null}
      {facts.errors?.length ? (
        <ul className="error-page__errors">
          {facts.errors.map((item, index) => (
            <li key={index}>{item.fieldName ? `${item.fieldName}: ${item.errorMessage}` : item.errorMessage}</li>
          ))}
        </ul>
      ) : null}
      {facts.errorCode || facts.reference ? (
        <p className="error-page__reference">
          {t("errors.reference")} <code>{[facts.errorCode, facts.reference].filter(Boolean).join(" · ")}</code>
        </p>
      ) : null}
      <p>
        <Link to="/default-redirect" reloadDocument>
          {t("base.goHome")}
        </Link>
      </p>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ error }) => [
  { title: isRouteErrorResponse(error) && error.status === 404 ? "404 · Seller Portal" : "Seller Portal" },
];
