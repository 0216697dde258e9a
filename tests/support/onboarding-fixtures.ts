/**
 * Valid answers to the eight shop-setup steps, as a German UG would give
 * them: shared by the integration tests (posted as forms) and the browser
 * tests (typed into the fields).
 */
export const validSteps = {
  contract: { signerName: "Mia Neumann", accepted: "on" },
  "account-information": {
    shopName: "Frischer Wind",
    contactEmail: "mia@frischer-wind.example",
    contactPhone: "+49 30 9876543",
    customerServiceEmail: "service@frischer-wind.example",
  },
  "company-information": {
    legalName: "Frischer Wind Handel UG",
    legalForm: "UG",
    street: "Torstraße",
    houseNumber: "5",
    postcode: "10119",
    city: "Berlin",
    country: "DE",
    vatId: "DE136695976",
    registerCourt: "Amtsgericht Charlottenburg",
    registerNumber: "HRB 223344",
    // Sells no electrical devices and no batteries: the packaging registration alone applies.
    sellsElectrical: "no",
    sellsBatteries: "no",
    packagingRegistration: "DE6021987654321",
  },
  "company-type-representatives": {
    "representatives[0].firstName": "Mia",
    "representatives[0].lastName": "Neumann",
    "representatives[0].dateOfBirth": "1988-02-29",
    "representatives[0].role": "MANAGING_DIRECTOR",
  },
  "bank-account": { accountHolder: "Frischer Wind Handel UG", iban: "DE89 3704 0044 0532 0130 00", bic: "COBADEFFXXX" },
  identification: {
    firstName: "Mia",
    lastName: "Neumann",
    dateOfBirth: "1988-02-29",
    documentType: "ID_CARD",
    documentNumber: "T22000129",
    issuingCountry: "DE",
    expiryDate: "2031-08-31",
  },
  warehouse: {
    "warehouses[0].name": "Lager Berlin",
    "warehouses[0].street": "Lagerstraße",
    "warehouses[0].houseNumber": "1",
    "warehouses[0].postcode": "12099",
    "warehouses[0].city": "Berlin",
    "warehouses[0].country": "DE",
    contactName: "Jonas Weber",
    contactEmail: "lager@frischer-wind.example",
    contactPhone: "+49 30 9876544",
    returnsToFirstWarehouse: "on",
  },
} as const;

/** A small real PDF, PNG and a file that only claims to be one. */
export const pdfBytes = new TextEncoder().encode("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
export const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
export const exeBytes = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);

/** A PDF just over the 5 MB limit of a document. */
export function oversizedPdf(): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(5 * 1024 * 1024 + 1024);
  bytes.set(pdfBytes);
  return bytes;
}

/** A step's form fields as the JSON body the onboarding service takes ("warehouses[0].city" → nested, "on" → true). */
export function stepBody(fields: Readonly<Record<string, string>>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(fields)) {
    const parts = name.split(/[.[\]]+/).filter(Boolean);
    let target: Record<string, unknown> = body;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        target[part] = raw === "on" ? true : raw;
        return;
      }
      target[part] ??= /^\d+$/.test(parts[index + 1]!) ? [] : {};
      target = target[part] as Record<string, unknown>;
    });
  }
  return body;
}

/**
 * Austrian companies of the sandbox's VAT register (sandbox/vat-register.ts), as the company-information step takes
 * them: Alpenglanz is valid and matches; ATU87654321 is valid but registered to Bergblick Vertriebs GmbH.
 */
export const vatRegisterCompanies = {
  alpenglanz: {
    ...validSteps["company-information"],
    legalName: "Alpenglanz Handels GmbH",
    legalForm: "GMBH",
    street: "Kärntner Straße",
    houseNumber: "12",
    postcode: "1010",
    city: "Wien",
    country: "AT",
    vatId: "ATU12345675",
  },
  bergblick: {
    ...validSteps["company-information"],
    legalName: "Bergblick Vertriebs GmbH",
    legalForm: "GMBH",
    street: "Getreidegasse",
    houseNumber: "9",
    postcode: "5020",
    city: "Salzburg",
    country: "AT",
    vatId: "ATU87654321",
  },
};
