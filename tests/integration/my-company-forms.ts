/** Valid my-company change forms of the active demo seller (seller.active@example.com), as a person would fill them in. */
export const COMPANY = {
  legalName: "Nordlicht Living GmbH",
  legalForm: "GMBH",
  street: "Große Elbstraße",
  houseNumber: "150",
  postcode: "22767",
  city: "Hamburg",
  country: "DE",
  vatId: "DE811907980",
  registerCourt: "Amtsgericht Hamburg",
  registerNumber: "HRB 12345",
  contactEmail: "partners@nordlicht.example.com",
  phone: "+49 40 7654321",
};

export const BANK = { accountHolder: "Nordlicht Living GmbH", iban: "DE02 1203 0000 0000 2020 51", bic: "BYLADEM1001" };
