import { z } from "zod";
import { SELLER_NAME_LETTERS } from "#app/lib/staff/seller-form-fields.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import type { Route } from "./+types/invite-seller-check";

const CheckQuery = z.union([
  z.object({ name: z.string().trim().min(1).max(200).regex(SELLER_NAME_LETTERS) }),
  z.object({ crmId: z.string().trim().min(1).max(50) }),
  z.object({ contactEmail: z.email().max(254) }),
]);

/** Guarded like the invite page: the browser asks the portal, never the upstream services. */
export const middleware = [authorize({ rule: "inviteSeller" })];

/**
 * The live duplicate check of the invite form: `?name=`, `?crmId=` or
 * `?contactEmail=` (an account with the address exists) → whether it is taken
 * (null: could not tell).
 */
export async function loader(args: Route.LoaderArgs) {
  const query = CheckQuery.safeParse(Object.fromEntries(args.url.searchParams));
  if (!query.success) return Response.json({ value: "", taken: null }, { status: 400 });
  const api = upstream(args);
  const { data: checked } = query;
  const value = "name" in checked ? checked.name : "crmId" in checked ? checked.crmId : checked.contactEmail;
  try {
    const answer =
      "name" in checked
        ? await api.sellerService.sellerNameExists(value)
        : "crmId" in checked
          ? await api.staff.existsByCrmId(value)
          : await api.userProfile.accountExists(value);
    return Response.json({ value, taken: answer.exists }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return Response.json({ value, taken: null }, { headers: { "Cache-Control": "no-store" } });
  }
}
