/**
 * Who did what, over real HTTP: every role GET on the record's pages and downloads; the entries each write through
 * the portal leaves, with who made it and, for staff acting as the seller, as whom; the filter by person and kind
 * and the CSV without JavaScript; other sellers' records out of reach; and the service failing: the page stands and
 * says what could not be loaded, the download goes back to its page with a toast.
 */
import { roles, type Role } from "#contract/upstream.ts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";
import { as, resetSandbox } from "./staff-support";

const STAFF: Role[] = roles.filter((role) => !role.startsWith("SELLER_"));
const OWN_RECORD = "/user-profile/me/seller/activity";

async function html(response: Response): Promise<string> {
  return (await response.text()).replaceAll("<!-- -->", "");
}

async function page(browser: TestBrowser, path: string) {
  const response = await browser.get(`${PORTAL}${path}`);
  return { status: response.status, location: response.headers.get("location"), html: await html(response) };
}

/** The rows of the record's table as text: kind, details and who, in order. */
function rows(markup: string): string[] {
  return [...markup.matchAll(/<tr data-kind="([A-Z_]+)">([\s\S]*?)<\/tr>/g)].map(([, kind, cells]) =>
    [
      kind,
      ...[...cells!.matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/g)].map(([, cell]) =>
        cell!
          .replace(/<[^>]+>/g, " ")
          .replace(/\s+/g, " ")
          .trim(),
      ),
    ].join(" | "),
  );
}

beforeAll(resetSandbox);
afterEach(clearFaultsAndCounters);
afterAll(resetSandbox);

describe("who may read the record", () => {
  for (const role of roles.filter((candidate) => candidate !== "SELLER_ADMINISTRATOR")) {
    it(`${role}: refused the seller's own record and its download, before any upstream call`, async () => {
      const browser = await as(role);
      await clearFaultsAndCounters();
      for (const path of ["/team/activity", "/team/activity/csv", "/team/activity?kind=ROLE_CHANGED"]) {
        const response = await page(browser, path);
        expect(response.status, path).toBe(302);
        expect(response.location).toBe("/default-redirect");
      }
      expect(await requestCount(OWN_RECORD)).toBe(0);
    });
  }

  for (const role of roles.filter((candidate) => candidate.startsWith("SELLER_"))) {
    it(`${role}: refused the staff record of any seller`, async () => {
      const browser = await as(role);
      for (const path of ["/sellers/seller-active/activity", "/sellers/seller-new/activity/csv"]) {
        const response = await page(browser, path);
        expect(response.status, path).toBe(302);
      }
    });
  }

  for (const role of STAFF) {
    it(`${role}: reads a seller's record from the seller page`, async () => {
      const browser = await as(role);
      const seller = await page(browser, "/sellers/seller-active");
      expect(seller.html).toContain('href="/sellers/seller-active/activity"');
      const record = await page(browser, "/sellers/seller-active/activity");
      expect(record.status).toBe(200);
      expect(record.html).toContain("Activity of Nordlicht Living GmbH");
      expect(rows(record.html).some((row) => row.startsWith("SELLER_MARKED_ACTIVE | ") && row.includes("success@example.com"))).toBe(true);
    });
  }

  it("a seller that does not exist has no record page", async () => {
    const staff = await as("OPERATOR_OTHER");
    expect((await page(staff, "/sellers/seller-nobody/activity")).status).toBe(404);
    expect((await page(staff, "/sellers/..%2Fx/activity")).status).toBe(404);
  });
});

describe("the record of the seller's changes", () => {
  it("shows each colleague change with who made it, newest first, and the colleagues page links it", async () => {
    const admin = await as("SELLER_ADMINISTRATOR");
    expect((await page(admin, "/team")).html).toContain('href="/team/activity"');
    expect((await admin.post(`${PORTAL}/team`, { intent: "invite", email: "ada@example.com", role: "SELLER_VIEWER_EXTERNAL" })).status).toBe(302);
    expect((await admin.post(`${PORTAL}/team`, { intent: "role", userId: "user-viewer", role: "SELLER_ADMINISTRATOR" })).status).toBe(302);
    expect((await admin.post(`${PORTAL}/team/user-viewer/remove`, {})).status).toBe(302);

    const record = await page(admin, "/team/activity");
    expect(record.status).toBe(200);
    const [removed, changed, invited] = rows(record.html);
    expect(removed).toMatch(
      /^USER_REMOVED \| .+ \| Colleague removed \| Removed viewer@example\.com \(Administrator\)\. \| seller\.active@example\.com \| Seller administrator$/,
    );
    expect(changed).toMatch(
      /^ROLE_CHANGED \| .+ \| Role changed \| Changed the role of viewer@example\.com from Viewer to Administrator\. \| seller\.active@example\.com/,
    );
    expect(invited).toMatch(/^USER_INVITED \| .+ \| Colleague invited \| Invited ada@example\.com as Viewer\. \| seller\.active@example\.com/);
  });

  it("records staff acting as the seller as themselves, with the account they acted as", async () => {
    const staff = new TestBrowser();
    await staff.signIn(PORTAL, "success@example.com");
    const started = await staff.post(`${PORTAL}/substitution/start`, { userProfileId: "user-seller-new", sellerId: "seller-new" });
    expect(started.status).toBe(302);
    const saved = await staff.post(`${PORTAL}/upload/settings`, { uploadType: "DIRECT", feedFormat: "CSV", feedSchedule: "DAILY", ftpPort: "21" });
    expect(saved.status).toBe(302);
    await (await staff.post(`${PORTAL}/substitution/end`, {})).body?.cancel();

    const record = await page(await as("OPERATOR_ADMINISTRATOR"), "/sellers/seller-new/activity");
    // Saving the settings marks their step as done too: two changes, each recorded.
    const recorded = rows(record.html);
    expect(recorded[0]).toMatch(/^CATALOGUE_STEP_MARKED \| .+ \| success@example\.com, acting as seller\.new@example\.com \|/);
    const settings = recorded.find((row) => row.startsWith("UPLOAD_SETTINGS_SAVED"));
    expect(settings).toMatch(
      /^UPLOAD_SETTINGS_SAVED \| .+ \| Catalogue delivery chosen \| Chose how the catalogue arrives: File upload in the portal\. \| success@example\.com, acting as seller\.new@example\.com \| Seller success manager as Seller administrator$/,
    );
    // The seller's own administrator reads the same line.
    const own = new TestBrowser();
    await own.signIn(PORTAL, "seller.new@example.com");
    expect(rows((await page(own, "/team/activity")).html)[0]).toContain("success@example.com, acting as seller.new@example.com");
  });

  it("filters by kind and person in the address, with a GET form that works without JavaScript", async () => {
    const admin = await as("SELLER_ADMINISTRATOR");
    const record = await page(admin, "/team/activity");
    expect(record.html).toMatch(/<form class="activity-filters"[^>]* action="\/team\/activity" method="get">/);
    expect(record.html).toContain('<option value="user-success">success@example.com</option>');

    const byKind = rows((await page(admin, "/team/activity?kind=ROLE_CHANGED")).html);
    expect(byKind.map((row) => row.split(" | ")[0])).toEqual(["ROLE_CHANGED"]);
    const byPerson = rows((await page(admin, "/team/activity?person=user-success")).html);
    expect(byPerson.length).toBeGreaterThan(0);
    expect(byPerson.every((row) => row.includes("success@example.com"))).toBe(true);
    const none = await page(admin, "/team/activity?person=user-tom&kind=USER_REMOVED");
    expect(none.html).toContain("No entry matches this filter.");
    // A kind the portal does not know is left out of the filter, not an error.
    const unknown = await page(admin, "/team/activity?kind=%3Cscript%3E");
    expect(unknown.status).toBe(200);
    expect(rows(unknown.html).length).toBeGreaterThan(3);
    // Pages of 20: the second page of a short record says so and links back.
    const second = await page(admin, "/team/activity?page=2");
    expect(second.html).toContain('rel="prev"');
  });

  it("downloads the filtered record as CSV: UTF-8 with a byte-order mark, the reader's words", async () => {
    const admin = await as("SELLER_ADMINISTRATOR");
    const response = await admin.get(`${PORTAL}/team/activity/csv?kind=USER_INVITED`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="activity.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder()
      .decode(bytes)
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe('Time,"Time (UTC, ISO 8601)",Kind,Details,Person,Role,Acting as,Role acted in');
    expect(lines.slice(1).every((line) => line.includes(",Colleague invited,"))).toBe(true);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("Invited ada@example.com as Viewer.");
  });

  it("keeps other sellers' records apart", async () => {
    const other = new TestBrowser();
    await other.signIn(PORTAL, "seller.mapped@example.com");
    const record = await page(other, "/team/activity");
    expect(record.status).toBe(200);
    expect(record.html).not.toContain("seller.active@example.com");
    expect(record.html).toContain("Nothing has been recorded yet.");
    // The page asks for the signed-in user's own seller: no address names another.
    const tried = await page(other, "/team/activity?person=user-seller-active");
    expect(rows(tried.html)).toEqual([]);
  });
});

describe("when the service fails", () => {
  it("the page stands, keeps the filter, and says the record could not be loaded", async () => {
    const admin = await as("SELLER_ADMINISTRATOR");
    await injectFault({ pattern: OWN_RECORD, method: "GET", status: 500 });
    const failed = await page(admin, "/team/activity?kind=ROLE_CHANGED");
    expect(failed.status).toBe(200);
    expect(failed.html).toContain("The activity record could not be loaded.");
    expect(failed.html).toMatch(/<option value="ROLE_CHANGED" selected/);

    await injectFault({ pattern: "/user-profile/sellers/seller-active/activity", method: "GET", drop: true });
    const staff = await page(await as("OPERATOR_OTHER"), "/sellers/seller-active/activity");
    expect(staff.status).toBe(200);
    expect(staff.html).toContain("The activity record could not be loaded.");
  });

  it("a download goes back to its page with a toast; a script gets the failure's status", async () => {
    const admin = await as("SELLER_ADMINISTRATOR");
    await injectFault({ pattern: OWN_RECORD, method: "GET", status: 503 });
    const navigation = await admin.get(`${PORTAL}/team/activity/csv?kind=USER_INVITED`, {
      Accept: "text/html",
      Referer: `${PORTAL}/team/activity?kind=USER_INVITED`,
    });
    expect(navigation.status).toBe(303);
    expect(navigation.headers.get("location")).toBe("/team/activity?kind=USER_INVITED");
    await navigation.body?.cancel();
    const landed = await page(admin, "/team/activity?kind=USER_INVITED");
    expect(landed.html).toMatch(/could not|cannot be reached|reported an error/);
    const script = await admin.get(`${PORTAL}/team/activity/csv`, { Accept: "application/json" });
    expect(script.status).toBe(502);
    await script.body?.cancel();
  });
});
