/**
 * What the activity record lists and how many entries a page of it holds,
 * apart from its schemas (activity.ts) so that the record's pages load no
 * zod in the browser.
 */
export const activityKinds = [
  // The shop setup.
  "STEP_SAVED",
  "BANK_ACCOUNT_CHANGED",
  "DOCUMENT_UPLOADED",
  "DOCUMENT_DELETED",
  // The catalogue, before and after the hand-over.
  "UPLOAD_SETTINGS_SAVED",
  "CATALOGUE_STEP_MARKED",
  "CATALOGUE_FILE_UPLOADED",
  "CATALOGUE_FILE_DELETED",
  "CATALOGUE_MAPPING_SAVED",
  "PRODUCT_CORRECTED",
  "PRODUCT_LEFT_OUT",
  "PRODUCT_PUT_BACK",
  "PRODUCT_CATEGORY_MOVED",
  "PRODUCTS_BULK_FIXED",
  "PRODUCTS_CARRIED_OVER",
  "CATALOGUE_HANDED_OVER",
  "CATALOGUE_UPDATE_SENT",
  // The catalogue team's decisions on the seller's catalogue.
  "CATALOGUE_MAPPING_FINISHED",
  "CATALOGUE_RETURNED",
  "CATALOGUE_UPDATE_TAKEN",
  "CATALOGUE_UPDATE_RETURNED",
  // My company: change requests.
  "CHANGE_REQUEST_SENT",
  // Colleagues.
  "USER_INVITED",
  "INVITATION_RESENT",
  "INVITATION_WITHDRAWN",
  "USER_JOINED",
  "ROLE_CHANGED",
  "USER_REMOVED",
  // A lost second factor of one of the seller's users, reset by marketplace staff.
  "SECOND_FACTOR_RESET",
  // Marketplace staff on the seller.
  "SELLER_DETAILS_CHANGED",
  "SELLER_MARKED_ACTIVE",
] as const;
export type ActivityKind = (typeof activityKinds)[number];

export const ACTIVITY_PAGE_SIZES = [20, 50, 100] as const;
export const DEFAULT_ACTIVITY_PAGE_SIZE = 20;
