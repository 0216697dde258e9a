import { randomBytes } from "node:crypto";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { resumeUnfinishedImageChecks } from "./services/catalogue/image-checks.server.ts";
import { env } from "./services/config/env.server.ts";
import { getRenderTranslation } from "./services/i18n/i18n.server.ts";
import { recordingIntlValues } from "./services/i18n/intl-values.server.ts";
import { logger } from "./services/observability/logger.server.ts";
import { requestMetaContext } from "./services/request/request-context.server.ts";
import { sessionContext } from "./services/session/session.server.ts";
import { configureToasts } from "./services/toasts/toast.server.ts";
import { responseWithNodeBody } from "./services/http/node-body.server.ts";
import { PageStream } from "./services/http/page-stream.server.ts";
import { withPageRoutes } from "./services/http/route-table.server.ts";
import { ToastIconContext } from "./components/shell/toaster.tsx";
import { ToastIcon } from "./components/shell/toast-icon.tsx";
import { TranslationContext } from "./lib/i18n/use-translation.ts";
import { partsHydratedAfterPage } from "./components/ui/hydrated-after-page.tsx";

/** The server renders the toast's icon in place; the browser loads it with react-toastify (toaster.tsx). */
const serverToastIcon = (type: Parameters<typeof ToastIcon>[0]["type"]) => <ToastIcon type={type} />;

export const streamTimeout = 5_000;

/** Called by the server once it listens (server.ts): the image checks an instance that stopped left unfinished. */
export async function onPortalListening(): Promise<void> {
  await resumeUnfinishedImageChecks();
}

configureToasts();

function contentSecurityPolicy(nonce: string): string {
  const dev = env().NODE_ENV === "development";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-eval'" : ""}`,
    // Components set inline style attributes (charts, toasts); scripts stay nonce-only.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "form-action 'self' " + new URL(env().OIDC_ISSUER).origin,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const userAgent = request.headers.get("user-agent");
  const bot = isbot(userAgent);

  // Crawlers and link previews get no error page: the error is logged (handleError) and they get the bare status.
  // A signed-in request is a person's, whatever its browser calls itself (a headless one, a kiosk's): it gets the page.
  if (bot && responseStatusCode >= 500 && !signedIn(loadContext)) {
    return new Response(null, { status: responseStatusCode, headers: { "Cache-Control": "no-store" } });
  }

  // The parts the browser hydrates after the page are rendered in full: their code is in before the first render.
  const partsLoading = partsHydratedAfterPage();
  if (partsLoading) await partsLoading;

  const pageContext = withPageRoutes(routerContext);
  const nonce = randomBytes(16).toString("base64");
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));

  const render = (resolve: (response: Response) => void, reject: (reason: unknown) => void) => {
    let shellRendered = false;
    // The render is aborted when it has not finished in time; once it has (or failed), the timer goes too: a pending
    // timer would keep the whole render (its tree, loader data, translator) alive for its full delay under load.
    let finished = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = () => ((finished = true), clearTimeout(timer));
    const respond = () => {
      shellRendered = true;
      const body = new PageStream();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      // The server writes the page's Node stream straight to the socket (app/services/http/node-body.server.ts).
      resolve(responseWithNodeBody(body, { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const waitForAll = bot || routerContext.isSpaMode;

    const { pipe, abort } = renderToPipeableStream(
      <TranslationContext value={getRenderTranslation(loadContext)}>
        <ToastIconContext value={serverToastIcon}>
          <ServerRouter context={pageContext} url={request.url} nonce={nonce} />
        </ToastIconContext>
      </TranslationContext>,
      {
        nonce,
        // A finished Suspense boundary stays in its place in the HTML, however long: React would otherwise send one past
        // 12.8 KB of the page hidden, for a script to move into place, and without JavaScript it would stay hidden
        // (the file under review, hydrated after the page, is such a boundary).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          if (!waitForAll) respond();
        },
        onAllReady() {
          finish();
          if (waitForAll) respond();
        },
        onShellError(error: unknown) {
          finish();
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "render error");
        },
      },
    );
    if (!finished) timer = setTimeout(abort, streamTimeout + 1000);
  };
  // The render keeps the Intl values it works out, for the page to carry (root.tsx, IntlValuesScript).
  return recordingIntlValues(() => new Promise<Response>(render));
}

function signedIn(context: Readonly<RouterContextProvider>): boolean {
  try {
    return Boolean(context.get(sessionContext).tokens);
  } catch {
    // The session middleware has not run (the router refused the request before any route matched).
    return false;
  }
}

function requestLog(context: Readonly<RouterContextProvider> | undefined) {
  try {
    return context?.get(requestMetaContext).log;
  } catch {
    return undefined;
  }
}

/**
 * Unexpected errors of loaders, actions and rendering: logged with the request id, and reported.
 * A client's error (a 4xx the router answers by itself, e.g. a method no route has) is a warning at most.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // The request-id middleware has not run when the router refuses a request before any route matched.
  const log = requestLog(context) ?? logger;
  const path = new URL(request.url).pathname;
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.warn({ status: error.status, path, method: request.method }, "client error");
    return;
  }
  log.error({ err: error, path, bot: isbot(request.headers.get("user-agent")), report: true }, "unhandled error");
};
