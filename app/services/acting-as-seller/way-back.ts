import { pageAddress } from "#app/lib/page-address.ts";

/**
 * Where a staff member acting as a seller goes when they open a page only
 * their own account may use: the page that offers ending the substitution,
 * and then opens the page they asked for.
 */
export function wayBackFromSubstitution(url: URL): string {
  return `/substitution?${new URLSearchParams({ returnTo: pageAddress(url) })}`;
}
