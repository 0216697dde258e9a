import type { SellerStateName } from "#contract/upstream.ts";

/** What a staff action just did, shown in the page it ends on (services/toasts/outcome.server.ts). */
export type StaffOutcome = {
  kind: "activated" | "deleted" | "mappingFinished" | "returned" | "invited" | "updateProcessed" | "updateReturned";
  /** The seller's name. */
  seller: string;
  /** The seller's state after the action; null when the seller is gone. */
  state: SellerStateName | null;
};
