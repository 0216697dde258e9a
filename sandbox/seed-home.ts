/**
 * The seller home's seed: which sellers have which shops, and the second
 * active demo seller (seller.small). Figures, ratings and recommendations
 * are not stored: sandbox/home-*.ts compute them from these facts.
 */
import type { NewSeller } from "./repository.ts";

export type HomeShop = {
  marketplaceSellerId: string;
  name: string;
  country: string;
  /** How big the shop is relative to a typical one: scales every amount and count. */
  scale: number;
};

/** Shops per seller; listed unsorted on purpose, as the marketplace sends them. */
export const shopsBySeller: Record<string, HomeShop[]> = {
  "seller-active": [
    { marketplaceSellerId: "10452", name: "Nordlicht Living DE", country: "DE", scale: 1 },
    { marketplaceSellerId: "9871", name: "Nordlicht Living AT", country: "AT", scale: 0.35 },
    { marketplaceSellerId: "120034", name: "Nordlicht Outlet", country: "DE", scale: 0.6 },
  ],
  "seller-small": [{ marketplaceSellerId: "20117", name: "Kleinod Manufaktur", country: "DE", scale: 0.12 }],
  "seller-active-2": [{ marketplaceSellerId: "30561", name: "Hafenkontor Wohnideen", country: "DE", scale: 0.5 }],
};

export function shopsOf(sellerId: string): HomeShop[] {
  return shopsBySeller[sellerId] ?? [];
}

export const smallSeller: NewSeller = {
  id: "seller-small",
  name: "Kleinod Manufaktur e.K.",
  crmId: "CRM-100011",
  state: "ACTIVE",
  uploadType: "DIRECT",
  filledSteps: ["FTP_SETTINGS"],
  createdAt: new Date(Date.UTC(2025, 11, 1)).toISOString(),
  // No ce-fds: this seller has no OCI tab.
  additionalFields: [],
};

export const smallSellerUser = {
  id: "user-seller-small",
  email: "seller.small@example.com",
  role: "SELLER_ADMINISTRATOR" as const,
  sellerId: "seller-small",
  languageCode: "en" as const,
  createdAt: new Date(Date.UTC(2025, 11, 1)).toISOString(),
};
