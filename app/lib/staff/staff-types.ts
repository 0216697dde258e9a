import type { StaffSeller } from "#contract/staff.ts";

/** A row of the seller list: the seller, how long it has been in its state, and its setup progress (the seller's own count). */
export type SellerRow = Omit<StaffSeller, "progressFacts"> & { daysInState: number; stuck: boolean; progress: { completed: number; total: number } };

/** The seller service's details of the page's sellers, read after the list. */
export type SellerDetails = {
  byId: Record<string, { shopCount: number; fulfilment: boolean }>;
  /** The failure of the detailed list ('Error loading detailedList'); the rows then show without details. */
  error: PartFailure | null;
};

/** A part of a page that could not be loaded: what to say in its place (the service's code and reference). */
export type PartFailure = { message: string; detail?: string; errorCode?: string };
