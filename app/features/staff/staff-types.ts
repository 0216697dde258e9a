import type { StaffSeller } from "@contract/staff";

/** A row of the seller list: the seller and how long it has been in its state. */
export type SellerRow = StaffSeller & { daysInState: number; stuck: boolean };

/** The seller service's details of the page's sellers, read after the list. */
export type SellerDetails = {
  byId: Record<string, { shopCount: number; fulfilment: boolean }>;
  /** The failure of the detailed list ('Error loading detailedList'); the rows then show without details. */
  error: { message: string; detail?: string; errorCode?: string } | null;
};
