import { PostcodeQuery } from "#contract/address.ts";
import { data } from "react-router";
import { authorize } from "#app/services/session/authorize.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { settle } from "#app/services/upstream/upstream-error.server.ts";
import type { Route } from "./+types/address-towns";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

/**
 * The towns at a postcode, for the address fields as the seller types
 * (components/address-fields.tsx). `available: false` when the address
 * service cannot be asked: the form then says to type the town.
 */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const query = PostcodeQuery.safeParse({ country: url.searchParams.get("country"), postcode: url.searchParams.get("postcode") });
  if (!query.success) return data({ available: true, known: false, covered: false, towns: [] as string[] }, { status: 400 });
  const found = await settle(upstream(args).address.towns(query.data.country, query.data.postcode));
  if (!found.ok) {
    args.context.get(requestMetaContext).log.warn({ err: found.error }, "address service unavailable: no town suggestions");
    return { available: false, known: false, covered: false, towns: [] as string[] };
  }
  const { known, covered, towns } = found.value;
  return data({ available: true, known, covered, towns }, { headers: { "Cache-Control": "private, max-age=3600" } });
}
