import type { Database } from "./db.ts";
import { CONTRACT_VERSION, readStep, saveDocument, writeStep } from "./onboarding.ts";

/**
 * Shop-setup data of the seeded sellers: those past the hand-over have every
 * step complete (as they must have had to hand over), one seller in
 * ONBOARDING is half-way. The same factory serves tests that need a seller
 * ready to hand over.
 */

/** A minimal but real PDF: what a scanned extract looks like to the type check. */
export const samplePdf = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

export type SetupFacts = {
  legalForm?: "GMBH" | "KG";
  shopName: string;
  legalName: string;
  city: string;
  postcode: string;
  registerNumber: string;
  vatId: string;
};

const at = (daysAgo: number) => new Date(Date.UTC(2026, 9, 1) - daysAgo * 86_400_000).toISOString();

/** The steps that need no upload, saved as a GmbH in Germany would have them. */
export function saveCompanySteps(db: Database, sellerId: string, facts: SetupFacts, daysAgo = 30): void {
  const address = { street: "Hauptstraße", houseNumber: "12", postcode: facts.postcode, city: facts.city, country: "DE" };
  writeStep(
    db,
    sellerId,
    "account-information",
    {
      shopName: facts.shopName,
      contactEmail: "kontakt@example.com",
      contactPhone: "+49 30 1234567",
      customerServiceEmail: "service@example.com",
    },
    at(daysAgo),
  );
  writeStep(
    db,
    sellerId,
    "company-information",
    {
      legalName: facts.legalName,
      legalForm: facts.legalForm ?? "GMBH",
      ...address,
      vatId: facts.vatId,
      registerCourt: "Amtsgericht Charlottenburg",
      registerNumber: facts.registerNumber,
    },
    at(daysAgo),
  );
  writeStep(
    db,
    sellerId,
    "company-type-representatives",
    {
      representatives: [
        { firstName: "Jana", lastName: "Vogel", dateOfBirth: "1980-04-12", role: facts.legalForm === "KG" ? "GENERAL_PARTNER" : "MANAGING_DIRECTOR" },
      ],
    },
    at(daysAgo),
  );
}

/** Every one of the eight steps complete. */
export function completeShopSetup(db: Database, sellerId: string, facts: SetupFacts, daysAgo = 30): void {
  saveCompanySteps(db, sellerId, facts, daysAgo);
  // Accepted by the seller's administrator, as the service records an acceptance.
  const administrator = db.prepare("SELECT email FROM users WHERE seller_id = ? AND role = 'SELLER_ADMINISTRATOR' ORDER BY id LIMIT 1").get(sellerId) as
    { email: string } | undefined;
  writeStep(
    db,
    sellerId,
    "contract",
    { signerName: "Jana Vogel", accepted: true, version: CONTRACT_VERSION, acceptedBy: administrator?.email ?? "" },
    at(daysAgo),
  );
  writeStep(db, sellerId, "bank-account", { accountHolder: facts.legalName, iban: "DE89370400440532013000", bic: "COBADEFFXXX" }, at(daysAgo));
  writeStep(
    db,
    sellerId,
    "identification",
    {
      firstName: "Jana",
      lastName: "Vogel",
      dateOfBirth: "1980-04-12",
      documentType: "ID_CARD",
      documentNumber: "L01X00T47",
      issuingCountry: "DE",
      expiryDate: "2034-05-31",
    },
    at(daysAgo),
  );
  writeStep(
    db,
    sellerId,
    "warehouse",
    {
      warehouses: [{ name: "Zentrallager", street: "Lagerweg", houseNumber: "3", postcode: facts.postcode, city: facts.city, country: "DE" }],
      contactName: "Jana Vogel",
      contactEmail: "lager@example.com",
      contactPhone: "+49 30 1234568",
      returnsToFirstWarehouse: true,
    },
    at(daysAgo),
  );
  for (const kind of ["TRADE_REGISTER_EXTRACT", "BUSINESS_REGISTRATION", "VAT_CERTIFICATE", "IDENTITY_DOCUMENT"] as const) {
    saveDocument(db, sellerId, { kind, fileName: `${kind.toLowerCase().replaceAll("_", "-")}.pdf`, contentType: "application/pdf", content: samplePdf });
  }
}

/** Days from the seed to the active seller's ID expiry (its obligation shows 30 days before). */
export const ACTIVE_SELLER_ID_VALID_DAYS = 200;

export function applyOnboardingSeed(db: Database): void {
  completeShopSetup(
    db,
    "seller-active",
    {
      shopName: "Nordlicht Living",
      legalName: "Nordlicht Living GmbH",
      city: "Hamburg",
      postcode: "20095",
      registerNumber: "HRB 100001",
      vatId: "DE136695976",
    },
    400,
  );
  // The active seller's ID runs out ACTIVE_SELLER_ID_VALID_DAYS after the seed: far enough that nothing is due on the
  // real calendar, near enough that a test moving the marketplace's clock sees it come due (sandbox/obligations.ts).
  const identification = readStep(db, "seller-active", "identification");
  if (identification) {
    const expiry = new Date(Date.now() + ACTIVE_SELLER_ID_VALID_DAYS * 86_400_000).toISOString().slice(0, 10);
    writeStep(db, "seller-active", "identification", { ...identification.values, expiryDate: expiry }, identification.updatedAt);
  }
  completeShopSetup(
    db,
    "seller-submitted",
    {
      shopName: "Sonnenhof Garten",
      legalName: "Sonnenhof Gartenbedarf GmbH",
      city: "Freiburg",
      postcode: "79098",
      registerNumber: "HRB 100003",
      vatId: "DE136695976",
    },
    20,
  );
  completeShopSetup(
    db,
    "seller-mapped",
    { shopName: "Elbufer Küche", legalName: "Elbufer Küchenwelt GmbH", city: "Dresden", postcode: "01067", registerNumber: "HRB 100004", vatId: "DE136695976" },
    30,
  );
  completeShopSetup(
    db,
    "seller-submitted-2",
    {
      shopName: "Spreewald Leuchten",
      legalName: "Spreewald Leuchten GmbH",
      city: "Lübben",
      postcode: "15907",
      registerNumber: "HRB 100008",
      vatId: "DE136695976",
    },
    15,
  );
  // The catalogue hand-over's demo seller: shop setup done, catalogue not handed over yet.
  completeShopSetup(
    db,
    "seller-catalogue",
    {
      shopName: "Havelland Haushalt",
      legalName: "Havelland Haushaltswaren GmbH",
      city: "Potsdam",
      postcode: "14467",
      registerNumber: "HRB 100011",
      vatId: "DE136695976",
    },
    10,
  );
  completeShopSetup(
    db,
    "seller-active-2",
    { shopName: "Hafenkontor", legalName: "Hafenkontor Wohnideen GmbH", city: "Bremen", postcode: "28195", registerNumber: "HRB 100009", vatId: "DE136695976" },
    300,
  );
  saveCompanySteps(
    db,
    "seller-onboarding-feed",
    {
      legalForm: "KG",
      shopName: "Bergblick Möbel",
      // Registered under a longer name than the invitation's: staff see both, and find the seller by either.
      legalName: "Bergblick Möbelmanufaktur KG",
      city: "Garmisch-Partenkirchen",
      postcode: "82467",
      registerNumber: "HRA 100005",
      vatId: "DE136695976",
    },
    10,
  );
}
