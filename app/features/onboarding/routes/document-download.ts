import { authorize } from "~/features/shell/authorize.server";
import { upstream } from "~/features/shell/upstream.server";
import { orRouteError } from "~/shared/upstream/upstream-error.server";
import type { Route } from "./+types/document-download";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

/** A saved document, streamed through from the onboarding service (never buffered, never cached). */
export async function loader(args: Route.LoaderArgs) {
  const upstreamResponse = await orRouteError(upstream(args).onboarding.documentContent(args.params.documentId));
  const headers = new Headers({ "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" });
  for (const name of ["content-type", "content-length", "content-disposition"]) {
    const value = upstreamResponse.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstreamResponse.body, { status: 200, headers });
}
