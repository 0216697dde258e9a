import { expect, type APIResponse, type Response } from "@playwright/test";
import { PORTAL_URL } from "./sandbox";

/** What a browser sends with a form post from one of the portal's own pages (the portal refuses any other origin). */
export const portalOrigin = { Origin: PORTAL_URL };

/** A response header that must be there; fails the test (with its name) otherwise. */
export function requiredHeader(response: APIResponse | Response, name: string): string {
  const value = response.headers()[name.toLowerCase()];
  expect(value, `response header ${name}`).toBeDefined();
  return value as string;
}

/** The Location of a redirect. */
export function locationOf(response: APIResponse | Response): string {
  return requiredHeader(response, "location");
}
