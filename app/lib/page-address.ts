/**
 * The address of the page a request is for, path and query: a client-side
 * navigation asks for the page's data (`/seller-list.data?_routes=…&page=2`),
 * which names the same page as `/seller-list?page=2`.
 */
export function pageAddress(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  return `${url.pathname.replace(/\.data$/, "") || "/"}${queryString(params)}`;
}

/** A query string with its `?`, or nothing for no parameters. */
export function queryString(params: URLSearchParams): string {
  const text = params.toString();
  return text ? `?${text}` : "";
}
