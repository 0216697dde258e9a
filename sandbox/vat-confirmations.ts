/**
 * The VAT id confirmation kept with each seller (contract/vat-confirmation.ts)
 * and the marketplace's own job that asks again for every one still "to be
 * confirmed" once the service is up: periodically by itself, and at once
 * when the control endpoint says so (POST /__sandbox/vat-confirmations/retry),
 * like the company changes' decision. The seller does nothing.
 */
import {
  confirmationFromEvatr,
  confirmationFromVies,
  evatrRequestOf,
  VatConfirmation,
  type VatConfirmationFacts,
  viesRequestOf,
  type EvatrAnswer,
  type ViesResult,
} from "#contract/vat-confirmation.ts";
import { sandboxMarketplaceVatId } from "#contract/upstream.ts";
import type { Database } from "./db.ts";
import { evatrAnswer, serviceUp, viesAnswer, type VatServiceModes } from "./vat-register.ts";

export function readVatConfirmation(db: Database, sellerId: string): VatConfirmation | null {
  const row = db.prepare("SELECT data FROM vat_confirmations WHERE seller_id = ?").get(sellerId) as { data: string } | undefined;
  if (!row) return null;
  const parsed = VatConfirmation.safeParse(JSON.parse(row.data));
  return parsed.success ? parsed.data : null;
}

/** The facts the progress model reads. */
export function vatConfirmationFacts(db: Database, sellerId: string): VatConfirmationFacts | null {
  const confirmation = readVatConfirmation(db, sellerId);
  return confirmation ? { state: confirmation.state, fields: confirmation.fields } : null;
}

export function writeVatConfirmation(db: Database, sellerId: string, confirmation: VatConfirmation, now = new Date()): void {
  db.prepare(
    "INSERT INTO vat_confirmations (seller_id, data, updated_at) VALUES (?, ?, ?) ON CONFLICT (seller_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at",
  ).run(sellerId, JSON.stringify(VatConfirmation.parse(confirmation)), now.toISOString());
}

/**
 * The marketplace's retry job: every confirmation to be confirmed is asked
 * again (of one seller, or of all) when its service is up; the answer is
 * kept, whatever it says. Answers how many were asked and how many are settled now.
 */
export function retryVatConfirmations(db: Database, modes: VatServiceModes, options: { sellerId?: string } = {}, now = new Date()) {
  const rows = db
    .prepare("SELECT seller_id, data FROM vat_confirmations WHERE json_extract(data, '$.state') = 'TO_BE_CONFIRMED' AND (? IS NULL OR seller_id = ?)")
    .all(options.sellerId ?? null, options.sellerId ?? null) as { seller_id: string; data: string }[];
  let asked = 0;
  let settled = 0;
  for (const row of rows) {
    const open = VatConfirmation.safeParse(JSON.parse(row.data));
    if (!open.success) continue;
    const { service, requested } = open.data;
    const key = service === "EVATR" ? "evatr" : "vies";
    if (!serviceUp(modes[key], key, now)) continue;
    asked += 1;
    const next =
      service === "EVATR"
        ? confirmationFromEvatr(evatrAnswer(evatrRequestOf(sandboxMarketplaceVatId, requested), true, now).answer as EvatrAnswer, requested, now)
        : confirmationFromVies(viesAnswer(viesRequestOf(requested), true, now).answer as ViesResult, requested, now);
    writeVatConfirmation(db, row.seller_id, next, now);
    if (next.state !== "TO_BE_CONFIRMED") settled += 1;
  }
  return { asked, settled };
}
