/**
 * The producer registers the sandbox's lookup answers from
 * (contract/registrations.ts): LUCID for packaging, stiftung ear for WEEE
 * and batteries. A handful of seeded registrations give every answer the
 * portal handles: held by a seeded company, held by another company, not in
 * the register, deregistered. Any other well-formed number is held by the
 * seller who gave it last (the sandbox takes a seller's word for a number no
 * seed names, so that tests' companies are not held up), and by no one when
 * no seller gave it.
 *
 * The register is up, or down on demand (the control endpoint), so that
 * tests see "to be confirmed" and the marketplace's job confirm it later.
 */
import {
  isRegistrationNumber,
  registerHttpStatuses,
  registrationFields,
  RegistrationKind,
  type RegisterAnswer,
  type RegisterStatus,
} from "#contract/registrations.ts";
import type { Database } from "./db.ts";

export type RegisterMode = "up" | "down";

type SeededRegistration = { holder: string; town?: string; registeredOn: string; deregisteredOn?: string } | { notFound: true };

/** The seeded registrations, by kind and number. */
export const seededRegistrations: Record<RegistrationKind, Record<string, SeededRegistration>> = {
  PACKAGING: {
    // Held by the seeded sellers of lamps and of household goods, and by a company that sells on no marketplace here.
    DE3273847561234: { holder: "Spreewald Leuchten GmbH", town: "Lübbenau", registeredOn: "2019-01-02" },
    DE4719283746501: { holder: "Kistenwerk Verpackungen GmbH", town: "Kassel", registeredOn: "2019-03-11" },
    // Not in the register; deregistered.
    DE0000000000000: { notFound: true },
    DE5550001112223: { holder: "Altbestand Handel GmbH", town: "Hof", registeredOn: "2019-01-07", deregisteredOn: "2024-06-30" },
    // The active seller's registration anew (a change of my company names it).
    DE2468013579246: { holder: "Nordlicht Living GmbH", town: "Hamburg", registeredOn: "2026-02-02" },
  },
  WEEE: {
    DE43219876: { holder: "Spreewald Leuchten GmbH", town: "Lübbenau", registeredOn: "2016-05-17" },
    DE11223344: { holder: "Lichtblick Elektro GmbH", town: "Jena", registeredOn: "2012-09-03" },
    DE00000000: { notFound: true },
    DE55500011: { holder: "Altbestand Handel GmbH", town: "Hof", registeredOn: "2013-02-01", deregisteredOn: "2023-12-31" },
    // The active seller, once it sells lamps too.
    DE24681357: { holder: "Nordlicht Living GmbH", town: "Hamburg", registeredOn: "2026-03-02" },
  },
  BATTERY: {
    DE87654321: { holder: "Spreewald Leuchten GmbH", town: "Lübbenau", registeredOn: "2021-02-15" },
    DE22334455: { holder: "Zellkraft Batterien GmbH", town: "Ellwangen", registeredOn: "2021-01-04" },
    DE00000000: { notFound: true },
    DE55500022: { holder: "Altbestand Handel GmbH", town: "Hof", registeredOn: "2021-03-01", deregisteredOn: "2025-10-06" },
  },
};

/** The seller who gave a number last in their saved company information: the sandbox's holder of an unseeded number. */
function firstSellerWith(db: Database, kind: RegistrationKind, registrationNumber: string): { name: string; registeredOn: string } | null {
  const row = db
    .prepare(
      `SELECT json_extract(data, '$.legalName') AS name, updated_at FROM onboarding_steps
       WHERE step = 'company-information' AND json_extract(data, '$.' || ?) = ? ORDER BY updated_at DESC, seller_id LIMIT 1`,
    )
    .get(registrationFields[kind], registrationNumber) as { name: unknown; updated_at: string } | undefined;
  return row && typeof row.name === "string" ? { name: row.name, registeredOn: row.updated_at.slice(0, 10) } : null;
}

/** One lookup: the HTTP status and the answer (the same shape for every status). */
export function registerLookup(db: Database, kindParam: string, numberParam: string, mode: RegisterMode): { status: number; answer: RegisterAnswer } {
  const kind = RegistrationKind.safeParse(kindParam);
  const registrationNumber = numberParam.slice(0, 40);
  const answer = (status: RegisterStatus, extra: Partial<RegisterAnswer> = {}) => ({
    status: registerHttpStatuses[status],
    answer: { kind: kind.success ? kind.data : "PACKAGING", registrationNumber, status, holder: null, ...extra } satisfies RegisterAnswer,
  });
  if (mode === "down") return answer("UNAVAILABLE");
  if (!kind.success || !isRegistrationNumber(kind.data, registrationNumber)) return answer("NOT_FOUND");
  const seeded = seededRegistrations[kind.data][registrationNumber];
  if (seeded && "notFound" in seeded) return answer("NOT_FOUND");
  if (seeded) {
    return answer(seeded.deregisteredOn ? "DEREGISTERED" : "REGISTERED", {
      holder: { name: seeded.holder, town: seeded.town ?? null },
      registeredOn: seeded.registeredOn,
      deregisteredOn: seeded.deregisteredOn ?? null,
    });
  }
  const seller = firstSellerWith(db, kind.data, registrationNumber);
  if (!seller) return answer("NOT_FOUND");
  return answer("REGISTERED", { holder: { name: seller.name }, registeredOn: seller.registeredOn });
}
