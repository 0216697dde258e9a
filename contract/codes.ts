/**
 * The code lists of the upstream contract as plain constants, without zod: a
 * browser module that only needs a list (the portal's languages on every
 * page) imports it from here and does not pull the schemas' library into
 * every page. `upstream.ts` builds its enums from these.
 */
export const roles = [
  "SELLER_ADMINISTRATOR",
  "SELLER_VIEWER_EXTERNAL",
  "OPERATOR_ADMINISTRATOR",
  "OPERATOR_BUSINESSDEVELOPER",
  "OPERATOR_BUSINESSDEVELOPER_INTERNATIONAL",
  "OPERATOR_SUCCESSMANAGER",
  "OPERATOR_OTHER",
  "TOM_TEAM_MEMBER",
] as const;

export const sellerStates = ["REGISTERED", "ONBOARDING", "CATALOGUE_DATA_SUBMITTED", "CATALOGUE_DATA_MAPPING_FINISHED", "ACTIVE"] as const;

export const languageCodes = ["en", "de"] as const;
