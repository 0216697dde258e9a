import { env } from "#app/services/config/env.server.ts";

/** The /dev pages exist in development builds (and on the test server); elsewhere they are 404. */
export function devPagesEnabled(): boolean {
  return import.meta.env.DEV || env().ENABLE_DEV_PAGES;
}
