/**
 * Returning a hand-over to the seller over real HTTP (docs/product.md §8):
 * the catalogue team's reasons, in general and per file, checked in the
 * portal and upstream; the seller reads them on the task list and the
 * catalogue page, changes the catalogue and hands over again.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";
import { resetSandbox, upstreamSeller } from "./catalogue-support";

const SELLER = "seller.submitted@example.com";
const SCREEN = "/product-catalogue-integration?sellerId=seller-submitted";
const RETURN_PATH = "/catalogue-upload/catalogue-integration/seller/seller-submitted/return";
const FILE_ID = "file-seller-submitted-sonnenhof-artikel-csv";
const reasons = {
  intent: "return",
  sellerId: "seller-submitted",
  reason: "The prices are missing in every row.",
  "files[0].fileId": FILE_ID,
  "files[0].reason": "Add a column with the gross price.",
};

let tom: TestBrowser;

beforeEach(async () => {
  await resetSandbox();
  tom = new TestBrowser();
  await tom.signIn(PORTAL, "tom@example.com");
  await clearFaultsAndCounters();
});

afterEach(clearFaultsAndCounters);

/** Without React's text separators, so that a sentence reads as one string. */
const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

describe("returning a catalogue", () => {
  it("refuses a reason that says too little, keeping what was typed, without asking the service", async () => {
    const response = await tom.post(`${PORTAL}${SCREEN}`, { ...reasons, reason: "Prices" });
    expect(response.status).toBe(400);
    const html = await text(response);
    expect(html).toContain("Say what the seller must change, in at least 10 characters.");
    expect(html).toContain(">Prices</textarea>");
    expect(html).toContain(">Add a column with the gross price.</textarea>");
    expect(await requestCount(RETURN_PATH, "POST")).toBe(0);
  });

  it("keeps the reasons and shows the service's facts when returning fails, without retrying it", async () => {
    await injectFault({ pattern: RETURN_PATH, status: 503 });
    const response = await tom.post(`${PORTAL}${SCREEN}`, reasons);
    expect(response.status).toBe(502);
    const html = await text(response);
    expect(html).toContain("Injected fault");
    expect(html).toContain("INJECTED_FAULT");
    expect(html).toContain(">The prices are missing in every row.</textarea>");
    expect(html).toContain(">Add a column with the gross price.</textarea>");
    expect(await requestCount(RETURN_PATH, "POST")).toBe(1);
    expect((await upstreamSeller(SELLER)).state).toBe("CATALOGUE_DATA_SUBMITTED");
  });

  it("sends the catalogue back with its reasons; the seller reads them, changes the catalogue and hands over again", async () => {
    const returned = await tom.post(`${PORTAL}${SCREEN}`, reasons);
    expect(returned.status).toBe(302);
    expect(returned.headers.get("location")).toBe(SCREEN);
    const outcome = await text(await tom.get(`${PORTAL}${SCREEN}`));
    expect(outcome).toContain("The catalogue went back to Sonnenhof Gartenbedarf GmbH");
    expect(outcome).toContain("The seller&#x27;s state is now “Setting up”");
    expect(outcome).toContain("Returned to the seller");
    expect(outcome).toContain("The seller has not handed over again yet.");
    // Nothing to finish or return while the seller changes the catalogue.
    expect(outcome).not.toContain('name="intent" value="return"');

    const seller = new TestBrowser();
    await seller.signIn(PORTAL, SELLER);
    for (const path of ["/overview", "/upload/catalog"]) {
      const page = await text(await seller.get(`${PORTAL}${path}`));
      expect(page, path).toContain("Your catalogue came back from the marketplace");
      expect(page, path).toContain("The prices are missing in every row.");
      expect(page, path).toContain("<strong>sonnenhof-artikel.csv</strong>: Add a column with the gross price.");
    }
    // Back to editing: the task list offers the hand-over again, through the review and its confirmation.
    expect((await seller.post(`${PORTAL}/overview`, {})).headers.get("location")).toBe("/overview/review");
    // Its products still need a fix (no prices): they wait for the seller's choice, here to leave them out, confirmed.
    expect((await seller.post(`${PORTAL}/overview/review`, {})).status).toBe(400);
    const handedOver = await seller.post(`${PORTAL}/overview/review`, { unfixed: "leaveOut", confirm: "leaveOut" });
    expect(handedOver.headers.get("location")).toBe("/overview/complete");
    expect(await text(await seller.get(`${PORTAL}/overview`))).not.toContain("Your catalogue came back from the marketplace");

    const again = await text(await tom.get(`${PORTAL}${SCREEN}`));
    expect(again).toContain("Waiting for mapping");
    expect(again).toContain("Handed over again");
    expect(again).toContain('name="intent" value="return"');
  });
});

describe("returning one category value on its own (issue 39 point 6)", () => {
  it("shows the seller's category mapping in the return form; a category returned with a reason is read on the mapping page", async () => {
    // The seller confirmed a mapping before the hand-over (the catalogue service keeps it).
    const minted = await fetch(`${SANDBOX}/__sandbox/tokens`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: SELLER }),
    });
    const { access_token: token } = (await minted.json()) as { access_token: string };
    const saved = await fetch(`${SANDBOX}/catalogue/me/category-mappings?apikey=sandbox-api-key`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ mappings: [{ value: "Gartenschläuche", categoryId: "654" }] }),
    });
    expect(saved.status).toBe(200);

    const screen = await text(await tom.get(`${PORTAL}${SCREEN}`));
    expect(screen).toContain("The seller&#x27;s category mapping");
    expect(screen).toContain("Reason to return the mapping of “Gartenschläuche” (Home &amp; Garden › Kitchen &amp; Dining");
    const returned = await tom.post(`${PORTAL}${SCREEN}`, {
      ...reasons,
      "categories[0].value": "Gartenschläuche",
      "categories[0].reason": "Garden hoses are no cookware: choose a garden category.",
    });
    expect(returned.status).toBe(302);

    const seller = new TestBrowser();
    await seller.signIn(PORTAL, SELLER);
    const mapping = await text(await seller.get(`${PORTAL}/upload/catalog/categories`));
    expect(mapping).toContain("Category mappings returned on their own:");
    expect(mapping).toContain("Gartenschläuche</a>: Garden hoses are no cookware: choose a garden category.");
    expect(await text(await seller.get(`${PORTAL}/upload/catalog`))).toContain("Garden hoses are no cookware");
  });

  it("shows the team the seller's mapping; a category returned alone needs no general reason, no longer counts and is chosen again", async () => {
    const sellerToken = await tokenOf(SELLER);
    const mappings = (token: string, init: RequestInit = {}) =>
      fetch(`${SANDBOX}/catalogue/me/category-mappings?apikey=sandbox-api-key`, {
        ...init,
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      });
    const agreement = async (value: string) => {
      const asked = await fetch(`${SANDBOX}/catalogue/category-mappings/agreement?apikey=sandbox-api-key`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${await tokenOf("seller.catalogue@example.com")}` },
        body: JSON.stringify({ values: [value] }),
      });
      return ((await asked.json()) as { values: { categories: { categoryId: string; sellers: number }[] }[] }).values[0]!.categories;
    };
    // "Deko" as Vases: two seeded sellers and this one agree, so others are offered it.
    const save = (source: string) =>
      mappings(sellerToken, { method: "PUT", body: JSON.stringify({ mappings: [{ value: "Deko", categoryId: "602", source }] }) });
    expect((await save("SUGGESTION")).status).toBe(200);
    expect(await agreement("Deko")).toEqual([{ categoryId: "602", sellers: 3 }]);

    // The team reads the mapping: the value, its category's path, how it was chosen.
    const screen = await text(await tom.get(`${PORTAL}${SCREEN}`));
    expect(screen).toContain('<h3 id="team-category-mapping">The seller&#x27;s category mapping</h3>');
    expect(screen).toMatch(
      /<th scope="row">Deko<\/th><td>none in the files read \(a mapping kept from earlier, or a file not read yet\)<\/td><td>Home &amp; Garden › Decor › Vases<\/td><td>a suggestion accepted<\/td>/,
    );
    expect(screen).toContain("The seller moved no product on its own.");
    // The catalogue team's alone: the seller's own token is refused.
    const own = await fetch(`${SANDBOX}/catalogue-upload/catalogue-integration/seller/seller-submitted/category-mapping?apikey=sandbox-api-key`, {
      headers: { Authorization: `Bearer ${sellerToken}` },
    });
    expect(own.status).toBe(403);

    // Only the category, with its own reason: no general reason needed.
    const reason = "Windlichter sind keine Vasen: bitte unter Kerzenhalter einordnen.";
    const returned = await tom.post(`${PORTAL}${SCREEN}`, {
      intent: "return",
      sellerId: "seller-submitted",
      reason: "",
      "categories[0].value": "Deko",
      "categories[0].reason": reason,
    });
    expect(returned.status).toBe(302);

    // Kept returned with the reason, and no longer counted in what others are offered.
    const kept = (await (await mappings(sellerToken)).json()) as { mappings: { value: string; returned: { reason: string } | null }[] };
    expect(kept.mappings.find((mapping) => mapping.value === "Deko")?.returned?.reason).toBe(reason);
    expect(await agreement("Deko")).toEqual([]);
    const seller = new TestBrowser();
    await seller.signIn(PORTAL, SELLER);
    const overview = await text(await seller.get(`${PORTAL}/overview`));
    expect(overview).toContain("returned your shop and catalogue, for what is named below.");
    expect(overview).toContain(reason);

    // Confirmed again by the seller: the mark is gone, the agreement counts it again.
    expect((await save("SELLER")).status).toBe(200);
    const again = (await (await mappings(sellerToken)).json()) as { mappings: { value: string; returned: unknown; source: string }[] };
    expect(again.mappings.find((mapping) => mapping.value === "Deko")).toMatchObject({ returned: null, source: "SELLER" });
    expect(await agreement("Deko")).toEqual([{ categoryId: "602", sellers: 3 }]);
  });
});

async function tokenOf(username: string): Promise<string> {
  const minted = await fetch(`${SANDBOX}/__sandbox/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username }),
  });
  return ((await minted.json()) as { access_token: string }).access_token;
}
