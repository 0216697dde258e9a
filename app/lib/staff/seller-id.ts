import { isUpstreamId } from "#app/lib/upstream-id.ts";

/** A seller id as the onboarding service writes it (`seller-…`, `bulk-…`); anything else in a URL is a page that does not exist. */
export function isSellerId(value: string | undefined): boolean {
  return isUpstreamId(value);
}
