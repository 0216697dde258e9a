/**
 * The upstream clients bound to one request: the user's token, the page's
 * language and the request id. A 401 ends the session (sign in again); a 403
 * outside /login signs the user out at the identity provider. Neither shows a toast.
 */
import type { ServiceName } from "#contract/upstream.ts";
import { redirect } from "react-router";
import { endSessionUrl, revokeTokens } from "#app/services/session/auth.server.ts";
import { getLocale } from "#app/services/i18n/i18n.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { sessionContext } from "#app/services/session/session.server.ts";
import { catalogueClient } from "./clients/catalogue.server.ts";
import { catalogueUploadClient } from "./clients/catalogue-upload.server.ts";
import { randomUUID } from "node:crypto";
import type { Logger } from "#app/services/observability/logger.server.ts";
import { callService, type CallContext, type ServiceCaller } from "./http.server.ts";
import { addressClient } from "./clients/address.server.ts";
import { analyticsClient } from "./clients/analytics.server.ts";
import { notificationCountClient, notificationsClient } from "./clients/notifications.server.ts";
import { onboardingClient } from "./clients/onboarding.server.ts";
import { recommendedActionsClient } from "./clients/recommended-actions.server.ts";
import { sellerServiceClient } from "./clients/seller-service.server.ts";
import { staffClient } from "./clients/staff.server.ts";
import { serviceConfigs } from "./services.server.ts";
import { streamService, type ServiceStreamer } from "./stream.server.ts";
import { UpstreamError } from "./upstream-error.server.ts";
import { uploadSettingsClient } from "./clients/upload-settings.server.ts";
import { userProfileClient } from "./clients/user-profile.server.ts";
import { vatConfirmationClient, viesClient } from "./clients/vat-confirmation.server.ts";
import { producerRegisterClient } from "./clients/producer-register.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";

/** Ends the session for an upstream 401/403 and returns the redirect to throw. */
async function sessionEndingRedirect({ request, context }: RequestArgs, status: 401 | 403): Promise<Response> {
  const session = context.get(sessionContext);
  const url = new URL(request.url);
  if (status === 403 && url.pathname !== "/login") {
    const tokens = session.tokens;
    session.signOut();
    if (tokens) await revokeTokens(tokens, context.get(requestMetaContext).log);
    return redirect((await endSessionUrl(tokens?.idToken)) ?? "/");
  }
  session.signOut();
  if (request.method === "GET") session.rememberLastUrl(url);
  return redirect("/login");
}

/** How each client is made from the request's callers (a 401 or 403 ends the session) and its plain caller. */
type Callers = {
  caller: (service: ServiceName) => ServiceCaller;
  streamer: (service: ServiceName) => ServiceStreamer;
  plain: (service: ServiceName) => ServiceCaller;
};

const CLIENTS = {
  userProfile: ({ caller }: Callers) => userProfileClient(caller("userProfile")),
  onboarding: ({ caller }: Callers) => onboardingClient(caller("onboarding")),
  // Staff calls go to the onboarding service too (its api-external).
  staff: ({ caller }: Callers) => staffClient(caller("onboarding")),
  sellerService: ({ caller }: Callers) => sellerServiceClient(caller("sellerService")),
  catalogue: ({ caller }: Callers) => catalogueClient(caller("catalogue")),
  catalogueUpload: ({ caller, streamer }: Callers) => catalogueUploadClient(caller("catalogueUpload"), streamer("catalogueUpload")),
  uploadSettings: ({ caller }: Callers) => uploadSettingsClient(caller("onboarding")),
  analytics: ({ caller }: Callers) => analyticsClient(caller("analytics")),
  recommendedActions: ({ caller }: Callers) => recommendedActionsClient(caller("recommendedActions")),
  // The address service knows no user: its 401 or 403 says nothing about the session, so it never ends one.
  address: ({ plain }: Callers) => addressClient(plain("address")),
  // The public VAT confirmation services know no user either (eVatR answers 403 for a German id asked about).
  vatConfirmation: ({ plain }: Callers) => vatConfirmationClient(plain("vatConfirmation")),
  vies: ({ plain }: Callers) => viesClient(plain("vies")),
  // The producer registers are public lookups: no user, no key.
  producerRegister: ({ plain }: Callers) => producerRegisterClient(plain("producerRegister")),
  notifications: ({ caller }: Callers) => notificationsClient(caller("notifications")),
  // The header's count on every page: its failure leaves the header without it, and never ends the session.
  notificationCount: ({ plain }: Callers) => notificationCountClient(plain("notifications")),
};

export type UpstreamClients = { readonly [Name in keyof typeof CLIENTS]: ReturnType<(typeof CLIENTS)[Name]> };

/** The clients made for a request, by its router context: a page's loaders, actions and middleware ask again and again. */
const requestClients = new WeakMap<object, { request: Request; clients: UpstreamClients }>();

/** The upstream clients of a request: made once per request, each client when it is first used. */
export function upstream(args: RequestArgs): UpstreamClients {
  const known = requestClients.get(args.context);
  if (known?.request === args.request) return known.clients;
  const clients = makeClients(args);
  requestClients.set(args.context, { request: args.request, clients });
  return clients;
}

/**
 * Clients for work done on a user's behalf with no request of theirs under way (image checks resumed after a restart):
 * their access token and language as given. A 401 or 403 fails the call and nothing more: there is no session here
 * to end.
 */
export function clientsOnBehalf(on: { accessToken: string; locale: string; log: Logger }): UpstreamClients {
  const configs = serviceConfigs();
  const callContext = (): CallContext => ({ accessToken: on.accessToken, locale: on.locale, requestId: randomUUID(), log: on.log });
  return clientsOf({
    caller: (service) => (request) => callService(configs[service], callContext(), request),
    streamer: (service) => (request) => streamService(configs[service], callContext(), request),
    plain: (service) => (request) => callService(configs[service], callContext(), request),
  });
}

function makeClients(args: RequestArgs): UpstreamClients {
  const { context } = args;
  const configs = serviceConfigs();
  const meta = context.get(requestMetaContext);
  // Read at call time: the token may have been renewed since the clients were made.
  const callContext = (): CallContext => ({
    accessToken: context.get(sessionContext).tokens?.accessToken,
    locale: getLocale(context),
    requestId: meta.requestId,
    trace: meta.trace,
    // The request's logger is made when a call fails and logs, not for every call.
    get log() {
      return meta.log;
    },
  });
  const endSessionOn401or403 = async (error: unknown): Promise<never> => {
    if (error instanceof UpstreamError && (error.status === 401 || error.status === 403)) {
      throw await sessionEndingRedirect(args, error.status);
    }
    throw error;
  };
  const callers: Callers = {
    caller: (service) => (request) => callService(configs[service], callContext(), request).catch(endSessionOn401or403),
    streamer: (service) => (request) => streamService(configs[service], callContext(), request).catch(endSessionOn401or403),
    plain: (service) => (request) => callService(configs[service], callContext(), request),
  };
  return clientsOf(callers);
}

/** Each client made when it is first used. */
function clientsOf(callers: Callers): UpstreamClients {
  const clients = {} as Record<string, unknown>;
  for (const [name, make] of Object.entries(CLIENTS)) {
    Object.defineProperty(clients, name, {
      enumerable: true,
      configurable: true,
      get() {
        const client = make(callers);
        Object.defineProperty(clients, name, { value: client, enumerable: true });
        return client;
      },
    });
  }
  return clients as UpstreamClients;
}
