/**
 * Where a staff member acting as a seller goes when they open a page only
 * their own account may use: the page that offers ending the substitution,
 * and then opens the page they asked for.
 */
export function wayBackFromSubstitution(url: URL): string {
  // A client-side navigation asks for the page's data (`/seller-list.data?_routes=…`): the way back names the page.
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  const query = params.toString();
  const asked = `${url.pathname.replace(/\.data$/, "") || "/"}${query ? `?${query}` : ""}`;
  return `/substitution?${new URLSearchParams({ returnTo: asked })}`;
}
