/**
 * Rate limits per account that hold across every instance: each kind of limited request (an upload, a whole read of
 * a stored file, an invitation sent) has a token bucket per account in the shared store (store.ts `takeTurn`: Redis
 * with one atomic script when SHARED_STORE_URL is set, memory for a single instance). The account is the signed-in
 * user's id, so a second browser or a second instance behind the load balancer gets no more turns.
 *
 * A store that cannot be reached limits nothing (logged as a warning): the limits keep one account from crowding out
 * the others, and an outage of the store should not stop every seller's uploads.
 */
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { sessionContext } from "#app/services/session/session.server.ts";
import { sharedStore, type Turn } from "./shared-store.server.ts";

export type { Turn };

export type TurnKind = "catalogue-upload" | "catalogue-read" | "invitation";

/** Takes a turn of `kind` for the signed-in account: `perWindow` turns every `windowSeconds`, coming back evenly. */
export async function takeAccountTurn(args: RequestArgs, kind: TurnKind, perWindow: number, windowSeconds: number): Promise<Turn> {
  const account = args.context.get(sessionContext).user?.id ?? "";
  try {
    return await sharedStore().takeTurn(`turns:${kind}:${account}`, perWindow, windowSeconds);
  } catch (error) {
    args.context.get(requestMetaContext).log.warn({ err: error, kind }, "rate limit not counted: the shared store did not answer");
    return { ok: true };
  }
}
