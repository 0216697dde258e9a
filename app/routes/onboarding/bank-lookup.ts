import { data } from "react-router";
import { bankOfIban } from "#app/services/onboarding/bank.server.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import type { Route } from "./+types/bank-lookup";

/**
 * Every form that takes an IBAN asks here: the shop setup's bank account step
 * (before ACTIVE) and my company's bank account change (ACTIVE), so no seller
 * state is refused; only the seller's administrator, who fills in both.
 */
export const middleware = [authorize({ rule: "sellerAdministrator" })];

/** The bank of a German IBAN as the seller types it (name and BIC from the Bundesbank's list); `bank: null` when there is none. */
export async function loader({ request }: Route.LoaderArgs) {
  const iban = new URL(request.url).searchParams.get("iban") ?? "";
  return data({ bank: iban.length <= 42 ? bankOfIban(iban) : null }, { headers: { "Cache-Control": "private, max-age=3600" } });
}
