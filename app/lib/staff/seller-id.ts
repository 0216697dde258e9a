/** A seller id as the onboarding service writes it (`seller-…`, `bulk-…`); anything else in a URL is a page that does not exist. */
export function isSellerId(value: string | undefined): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9_.-]{0,199}$/.test(value ?? "");
}
