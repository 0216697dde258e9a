import { data } from "react-router";
import { bankOfIban } from "#app/services/onboarding/bank.server.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import type { Route } from "./+types/bank-lookup";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

/** The bank of a German IBAN as the seller types it (name and BIC from the Bundesbank's list); `bank: null` when there is none. */
export async function loader({ request }: Route.LoaderArgs) {
  const iban = new URL(request.url).searchParams.get("iban") ?? "";
  return data({ bank: iban.length <= 42 ? bankOfIban(iban) : null }, { headers: { "Cache-Control": "private, max-age=3600" } });
}
