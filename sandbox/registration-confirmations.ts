/**
 * Each seller's registrations as confirmed at their registers
 * (contract/registrations.ts), and the marketplace's own job that asks again
 * for every one still "to be confirmed" once the register is up:
 * periodically by itself, and at once when the control endpoint says so
 * (POST /__sandbox/registration-confirmations/retry). The seller does nothing.
 */
import {
  confirmationFromRegister,
  type RegistrationConfirmation,
  RegistrationConfirmations,
  registrationRequestsOf,
  registrationToBeConfirmed,
  sameRegistrationRequest,
} from "#contract/registrations.ts";
import type { Database } from "./db.ts";
import { registerLookup, type RegisterMode } from "./producer-register.ts";

export function readRegistrationConfirmations(db: Database, sellerId: string): RegistrationConfirmation[] {
  const row = db.prepare("SELECT data FROM registration_confirmations WHERE seller_id = ?").get(sellerId) as { data: string } | undefined;
  if (!row) return [];
  const parsed = RegistrationConfirmations.safeParse(JSON.parse(row.data));
  return parsed.success ? parsed.data.confirmations : [];
}

/** The facts the progress model reads. */
export function registrationConfirmationFacts(
  db: Database,
  sellerId: string,
): { kind: RegistrationConfirmation["kind"]; result: RegistrationConfirmation["result"] }[] {
  return readRegistrationConfirmations(db, sellerId).map(({ kind, result }) => ({ kind, result }));
}

export function writeRegistrationConfirmations(db: Database, sellerId: string, confirmations: RegistrationConfirmation[], now = new Date()): void {
  db.prepare(
    "INSERT INTO registration_confirmations (seller_id, data, updated_at) VALUES (?, ?, ?) ON CONFLICT (seller_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at",
  ).run(sellerId, JSON.stringify(RegistrationConfirmations.parse({ confirmations })), now.toISOString());
}

/**
 * A company-information save: the registrations it requires, each kept as
 * it was when the number and the name are unchanged, else to be confirmed
 * for what was saved (the portal stores the register's answer next; when it
 * cannot, the marketplace's job asks). One that no longer applies is dropped.
 */
export function registrationsSaved(db: Database, sellerId: string, values: Record<string, unknown>, now = new Date()): void {
  const kept = readRegistrationConfirmations(db, sellerId);
  const confirmations = registrationRequestsOf(values).map((asked) => {
    const known = kept.find((confirmation) => confirmation.kind === asked.kind);
    return known && sameRegistrationRequest(known, asked) ? known : registrationToBeConfirmed(asked, now);
  });
  if (confirmations.length === 0) db.prepare("DELETE FROM registration_confirmations WHERE seller_id = ?").run(sellerId);
  else writeRegistrationConfirmations(db, sellerId, confirmations, now);
}

/** The saved company-information values, read here rather than through onboarding.ts (which reads the confirmations). */
function savedCompanyInformation(db: Database, sellerId: string): Record<string, unknown> | undefined {
  const row = db.prepare("SELECT data FROM onboarding_steps WHERE seller_id = ? AND step = 'company-information'").get(sellerId) as
    { data: string } | undefined;
  return row ? (JSON.parse(row.data) as Record<string, unknown>) : undefined;
}

/**
 * The portal's PUT: answers only for the numbers the saved step gives (a
 * stale or forged answer for another number is not kept).
 */
export function acceptRegistrationConfirmations(
  db: Database,
  sellerId: string,
  confirmations: RegistrationConfirmation[],
  now = new Date(),
): RegistrationConfirmation[] {
  const requests = registrationRequestsOf(savedCompanyInformation(db, sellerId));
  const kept = readRegistrationConfirmations(db, sellerId);
  const next = requests.map((asked) => {
    const given = confirmations.find((confirmation) => sameRegistrationRequest(confirmation, asked));
    return given ?? kept.find((confirmation) => sameRegistrationRequest(confirmation, asked)) ?? registrationToBeConfirmed(asked, now);
  });
  writeRegistrationConfirmations(db, sellerId, next, now);
  return next;
}

/**
 * The marketplace's retry job: every registration to be confirmed (of one
 * seller, or of all) is asked again when the register is up; the answer is
 * kept, whatever it says. Answers how many were asked and how many are settled now.
 */
export function retryRegistrationConfirmations(db: Database, mode: RegisterMode, options: { sellerId?: string } = {}, now = new Date()) {
  if (mode === "down") return { asked: 0, settled: 0 };
  const rows = db
    .prepare("SELECT seller_id, data FROM registration_confirmations WHERE data LIKE '%\"TO_BE_CONFIRMED\"%' AND (? IS NULL OR seller_id = ?)")
    .all(options.sellerId ?? null, options.sellerId ?? null) as { seller_id: string; data: string }[];
  let asked = 0;
  let settled = 0;
  for (const row of rows) {
    const parsed = RegistrationConfirmations.safeParse(JSON.parse(row.data));
    if (!parsed.success) continue;
    const next = parsed.data.confirmations.map((confirmation) => {
      if (confirmation.result !== "TO_BE_CONFIRMED") return confirmation;
      asked += 1;
      const { answer } = registerLookup(db, confirmation.kind, confirmation.registrationNumber, mode);
      const answered = confirmationFromRegister(answer, confirmation, now);
      if (answered.result !== "TO_BE_CONFIRMED") settled += 1;
      return answered;
    });
    writeRegistrationConfirmations(db, row.seller_id, next, now);
  }
  return { asked, settled };
}
