/** The notification list's addresses, apart from its forms' schemas (notifications.ts) so that the page loads no zod. */
export const NOTIFICATIONS_PATH = "/notifications";

/** The list's address for a page (the first page has none). */
export function pageHref(page: number): string {
  return page > 1 ? `${NOTIFICATIONS_PATH}?page=${page}` : NOTIFICATIONS_PATH;
}
