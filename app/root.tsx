import { useState, type ReactNode } from "react";
import { useTranslation } from "./lib/i18n/use-translation.ts";
import { messagesHref, pageGroups, type MessagesHandle } from "./lib/i18n/page-messages.ts";
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/root";
import { EnvironmentIndicator } from "./components/shell/environment/environment-indicator.tsx";
import { RouteErrorBoundary } from "./components/shell/errors/error-page.tsx";
import { useRootData, type RootData } from "./lib/shell/root-data.ts";
import { isUnsavedOutage } from "./lib/unsaved-form.ts";
import { PageFooter } from "./components/shell/page-footer.tsx";
import { NavigationProgress } from "./components/shell/navigation-progress.tsx";
import { IntlValuesScript } from "./components/shell/intl-values-script.tsx";
import { ActingAsSellerBanner } from "./components/shell/acting-as-seller-banner.tsx";
import { Toaster } from "./components/shell/toaster.tsx";
import type { PortalToast } from "./lib/toast-message.ts";
import { afterHydration } from "./components/ui/after-hydration.tsx";
import { env } from "./services/config/env.server.ts";
import { environmentServices } from "./services/shell/environment.server.ts";
import { unreadNotificationCount } from "./services/notifications/notifications.server.ts";
import { getLocale, i18nextMiddleware } from "./services/i18n/i18n.server.ts";
import { requestMetaMiddleware } from "./services/request/request-context.server.ts";
import { refusedBodyMiddleware } from "./services/http/refused-body.server.ts";
import { readableFormsMiddleware } from "./services/http/form-body.server.ts";
import { sessionContext, sessionMiddleware } from "./services/session/session.server.ts";
import { sessionRecordMiddleware } from "./services/session/session-record.server.ts";
import { actingAsSellerAuditMiddleware } from "./services/acting-as-seller/audit.server.ts";
import { sanitizeToast } from "./services/toasts/toast-text.server.ts";
import { actionToastContext, readToast } from "./services/toasts/toast.server.ts";
import { routeComponent } from "./lib/route-component.ts";
import baseStylesHref from "./styles/base.css?url";

// It renders nothing before hydration and checks a few minutes on: its code comes after the page's first scripts.
const VersionCheck = afterHydration(() => import("./components/shell/version-check.tsx").then((module) => module.VersionCheck));

export const middleware = [
  requestMetaMiddleware,
  i18nextMiddleware,
  refusedBodyMiddleware,
  readableFormsMiddleware,
  sessionMiddleware,
  sessionRecordMiddleware,
  actingAsSellerAuditMiddleware,
];

/** The shell's message groups (header, footer, error pages, toasts): on every page; each route adds its own (ADR 038). */
export const handle = {
  i18n: ["actingAsSeller", "auth", "base", "errors", "footer", "language", "layout", "notifications", "results", "roles", "shell"],
} satisfies MessagesHandle;

export const links: Route.LinksFunction = () => [
  // With a precedence, React puts the stylesheet first in the head, ahead of the modules <Scripts /> preloads: the
  // page paints once the styles are in, not after every script too.
  { rel: "stylesheet", href: baseStylesHref, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [{ toast: flashed, headers }, unreadNotifications] = await Promise.all([readToast(request), unreadNotificationCount({ request, context })]);
  const toast = sanitizeToast(flashed ?? context.get(actionToastContext));
  const user = context.get(sessionContext).user;
  return data<RootData>(
    {
      locale: getLocale(context),
      toast,
      // Only what the page shows: never tokens.
      user: user
        ? {
            email: user.email,
            role: user.role,
            actingAsSeller: user.substitutionMode,
            actingAsSellerName: user.substitutedSellerName ?? null,
            unreadNotifications,
          }
        : null,
      environment: environmentServices(),
      footer: { imprint: env().IMPRINT_URL, privacy: env().PRIVACY_URL, help: env().HELP_URL },
    },
    // The flash cookie is rewritten only when a toast was read from it.
    flashed ? { headers } : undefined,
  );
}

// Toasts and the user can change on any navigation: read them every time, but after a form post the services could
// not take (its page stays as it is, with what was typed).
export const shouldRevalidate = ({ actionResult }: ShouldRevalidateFunctionArgs) => !isUnsavedOutage(actionResult);

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRootData();
  const { t } = useTranslation();
  const matches = useMatches();
  // The groups the document came with: a navigation loads what it lacks itself (page-messages.ts), and a new preload
  // address would fetch the whole new set again.
  const [messageGroups] = useState(() => pageGroups(matches));
  // A page whose loader failed in part (and still renders) hands its error toast up as `pageToast`.
  const pageToast = matches.map((match) => (match.loaderData as { pageToast?: PortalToast | null } | undefined)?.pageToast).findLast(Boolean);
  return (
    <html lang={rootData?.locale ?? "en"} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* The page's messages, fetched beside its scripts; the client entry reads them before hydrating (ADR 038). */}
        <link
          rel="preload"
          as="fetch"
          crossOrigin="anonymous"
          fetchPriority="low"
          href={messagesHref(rootData?.locale ?? "en", messageGroups)}
          data-page-messages={messageGroups.join(",")}
        />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t("layout.skipToContent")}
        </a>
        <NavigationProgress />
        {rootData?.user?.actingAsSeller ? <ActingAsSellerBanner sellerName={rootData.user.actingAsSellerName} /> : null}
        {/* In the flow between the banner and the header: a toast takes its own room and covers nothing. */}
        <Toaster toast={rootData?.toast ?? pageToast ?? undefined} />
        <div className="page-body">{children}</div>
        {rootData?.footer ? <PageFooter links={rootData.footer} /> : null}
        {rootData?.environment ? <EnvironmentIndicator services={rootData.environment} /> : null}
        <VersionCheck />
        <IntlValuesScript />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: Route.MetaFunction = ({ error }) => [
  { title: isRouteErrorResponse(error) && error.status === 404 ? "404 · Seller Portal" : "Seller Portal" },
];

export default routeComponent(App);
