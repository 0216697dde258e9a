/**
 * What the staff screens' integration tests share: one signed-in browser per
 * role, the sandbox reset, a seller as the marketplace sees it, and the forms
 * the tests post.
 */
import type { Role } from "#contract/upstream.ts";
import { expect } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL, SANDBOX } from "./ports";

const ACCOUNTS: Record<Role, string> = {
  SELLER_ADMINISTRATOR: "seller.active@example.com",
  SELLER_VIEWER_EXTERNAL: "viewer@example.com",
  OPERATOR_ADMINISTRATOR: "admin@example.com",
  OPERATOR_BUSINESSDEVELOPER: "bd@example.com",
  OPERATOR_BUSINESSDEVELOPER_INTERNATIONAL: "bd.international@example.com",
  OPERATOR_SUCCESSMANAGER: "success@example.com",
  OPERATOR_OTHER: "operator@example.com",
  TOM_TEAM_MEMBER: "tom@example.com",
};

const browsers = new Map<Role, TestBrowser>();

/** One signed-in browser per role, reused across the tests of a file. */
export async function as(role: Role): Promise<TestBrowser> {
  let browser = browsers.get(role);
  if (!browser) {
    browser = new TestBrowser();
    await browser.signIn(PORTAL, ACCOUNTS[role]);
    browsers.set(role, browser);
  }
  return browser;
}

export async function resetSandbox() {
  const response = await fetch(`${SANDBOX}/__sandbox/reset`, { method: "POST" });
  expect(response.status).toBe(200);
  browsers.clear();
}

/** A staff member's view of one seller, straight from the sandbox (a token minted for tests). */
export async function upstreamSeller(sellerId: string): Promise<{ status: number; body: { name: string; state: string; channel: string | null } }> {
  const minted = await fetch(`${SANDBOX}/__sandbox/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin@example.com" }),
  });
  const { access_token } = (await minted.json()) as { access_token: string };
  const response = await fetch(`${SANDBOX}/onboarding/api-external/sellers/${sellerId}?apikey=sandbox-api-key`, {
    headers: { Authorization: `Bearer ${access_token}` },
  });
  return { status: response.status, body: (await response.json()) as never };
}

export const invitation = {
  name: "Ostsee Strandkörbe GmbH",
  crmId: "CRM-777001",
  channel: "DIRECT",
  contactName: "Ole Hansen",
  contactEmail: "ole@ostsee-strand.example.com",
  contactPhone: "+49 431 123456",
  languageCode: "de",
};

export const seededEdit = {
  onboardingSellerId: "seller-onboarding-feed",
  name: "Bergblick Möbel KG",
  crmId: "CRM-100005",
  channel: "INTERNATIONAL",
  contactName: "Lena Berg",
  contactEmail: "owner@bergblick-moebel.example.com",
  contactPhone: "+49 89 5550105",
  languageCode: "de",
};
