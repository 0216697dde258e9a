import type { NewSeller, NewUser } from "./repository.ts";

/**
 * The catalogue hand-over's demo seller: onboarding under way, shop setup
 * done, catalogue not handed over yet — upload settings not chosen, no file.
 * The browser tests walk the whole hand-over with it.
 */
export const catalogueSeedSellers: NewSeller[] = [
  {
    id: "seller-catalogue",
    name: "Havelland Haushaltswaren GmbH",
    crmId: "CRM-100012",
    state: "ONBOARDING",
    createdAt: new Date(Date.UTC(2026, 8, 20)).toISOString(),
  },
];

export const catalogueSeedUsers: (Omit<NewUser, "passwordHash"> & { id: string })[] = [
  {
    id: "user-seller-catalogue",
    email: "seller.catalogue@example.com",
    role: "SELLER_ADMINISTRATOR",
    sellerId: "seller-catalogue",
    languageCode: "en",
    createdAt: new Date(Date.UTC(2026, 8, 20)).toISOString(),
  },
];
