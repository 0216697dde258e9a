import { pageAddress } from "#app/lib/page-address.ts";

/**
 * Where a staff member acting as a seller goes when they open a page only
 * their own account may use: the page that offers to stop acting as the seller,
 * and then opens the page they asked for.
 */
export function wayBackFromActingAsSeller(url: URL): string {
  return `/substitution?${new URLSearchParams({ returnTo: pageAddress(url) })}`;
}
