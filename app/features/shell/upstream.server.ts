/**
 * The upstream clients bound to one request: the user's token, the page's
 * language and the request id. A 401 ends the session (sign in again); a 403
 * outside /login signs the user out at the identity provider. Neither shows a toast.
 */
import type { ServiceName } from "@contract/upstream";
import { redirect } from "react-router";
import { endSessionUrl, revokeTokens } from "./auth.server";
import { getLocale } from "~/shared/i18n/i18n.server";
import { requestMetaContext } from "~/shared/request-context.server";
import { sessionContext } from "./session.server";
import { catalogueUploadClient } from "~/shared/upstream/clients/catalogue-upload.server";
import { callService, type CallContext, type ServiceCaller } from "~/shared/upstream/http.server";
import { addressClient } from "~/shared/upstream/clients/address.server";
import { analyticsClient } from "~/shared/upstream/clients/analytics.server";
import { onboardingClient } from "~/shared/upstream/clients/onboarding.server";
import { recommendedActionsClient } from "~/shared/upstream/clients/recommended-actions.server";
import { sellerServiceClient } from "~/shared/upstream/clients/seller-service.server";
import { serviceConfigs } from "~/shared/upstream/services.server";
import { streamService, type ServiceStreamer } from "~/shared/upstream/stream.server";
import { UpstreamError } from "~/shared/upstream/upstream-error.server";
import { uploadSettingsClient } from "~/shared/upstream/clients/upload-settings.server";
import { userProfileClient } from "~/shared/upstream/clients/user-profile.server";
import type { RequestArgs } from "~/shared/request-args";

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

export function upstream(args: RequestArgs) {
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
  const caller =
    (service: ServiceName): ServiceCaller =>
    (request) =>
      callService(configs[service], callContext(), request).catch(endSessionOn401or403);
  const streamer =
    (service: ServiceName): ServiceStreamer =>
    (request) =>
      streamService(configs[service], callContext(), request).catch(endSessionOn401or403);
  return {
    userProfile: userProfileClient(caller("userProfile")),
    onboarding: onboardingClient(caller("onboarding")),
    sellerService: sellerServiceClient(caller("sellerService")),
    catalogueUpload: catalogueUploadClient(caller("catalogueUpload"), streamer("catalogueUpload")),
    uploadSettings: uploadSettingsClient(caller("onboarding")),
    analytics: analyticsClient(caller("analytics")),
    recommendedActions: recommendedActionsClient(caller("recommendedActions")),
    // The address service knows no user: its 401 or 403 says nothing about the session, so it never ends one.
    address: addressClient((request) => callService(configs.address, callContext(), request)),
  };
}
