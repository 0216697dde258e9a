/**
 * The notification service (contract/notifications.ts) over real HTTP and SMTP: events the sandbox's services see
 * become notifications of the users they concern; e-mails from the service's templates arrive at the sandbox's own
 * SMTP server (read back through /__sandbox/mail), in the user's language, as their preferences want; a sending
 * failure keeps the notification; names and company data add no header.
 */
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callService, control, mintToken, startTestSandbox, type TestSandbox } from "./helpers.ts";

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox({ portalUrls: ["http://portal.test:3000"] });
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(async () => {
  await control(sandbox, "POST", "/reset");
});

type Mail = {
  id: number;
  envelope: { from: string; to: string[] };
  subject: string;
  to: string;
  headers: [string, string][];
  text: string | null;
  html: string | null;
};
type Page = {
  items: { id: string; kind: string; params: Record<string, unknown>; link: string; readAt: string | null; email: string }[];
  unread: number;
  total: number;
};

/** The messages the SMTP server received for an address, once `count` are there (sending runs after the answer). */
async function mailFor(address: string, count = 1): Promise<Mail[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { body } = await control<{ messages: Mail[] }>(sandbox, "GET", `/mail?format=json&to=${encodeURIComponent(address)}`);
    if (body.messages.length >= count || Date.now() > deadline) return body.messages;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function notificationsOf(token: string): Promise<Page> {
  const response = await callService(sandbox, "/notifications/me/notifications", { token });
  expect(response.status).toBe(200);
  return response.body as Page;
}

async function returnCatalogue(reason = "The prices are missing in every row.") {
  const tom = await mintToken(sandbox, "tom@example.com");
  const response = await callService(sandbox, "/catalogue-upload/catalogue-integration/seller/seller-submitted/return", {
    token: tom,
    method: "POST",
    body: { reason },
  });
  expect(response.status).toBe(200);
}

function setLanguage(email: string, language: string) {
  const db = new DatabaseSync(sandbox.dbPath);
  db.prepare("UPDATE users SET language_code = ? WHERE email = ?").run(language, email);
  db.close();
}

describe("the catalogue returned", () => {
  it("is a notification of the seller's administrator, and an e-mail in their language with the link back", async () => {
    setLanguage("seller.submitted@example.com", "de");
    await returnCatalogue();
    const seller = await mintToken(sandbox, "seller.submitted@example.com");
    const page = await notificationsOf(seller);
    expect(page.unread).toBe(1);
    expect(page.items[0]).toMatchObject({
      kind: "CATALOGUE_RETURNED",
      link: "/upload/catalog",
      readAt: null,
      params: { reason: "The prices are missing in every row." },
    });

    const [mail] = await mailFor("seller.submitted@example.com");
    expect(mail?.subject).toBe("Sonnenhof Gartenbedarf GmbH: Ihr Katalog wurde zurückgegeben");
    expect(mail?.text).toContain("The prices are missing in every row.");
    expect(mail?.text).toContain("Katalog öffnen: http://portal.test:3000/upload/catalog");
    expect(mail?.html).toContain('<a href="http://portal.test:3000/upload/catalog">Katalog öffnen</a>');
    expect(mail?.envelope.to).toEqual(["seller.submitted@example.com"]);
    const status = await mailStatus(seller);
    expect(status).toBe("SENT");

    // The catalogue team's own list does not hold it.
    expect((await notificationsOf(await mintToken(sandbox, "tom@example.com"))).items.map((item) => item.kind)).not.toContain("CATALOGUE_RETURNED");
  });

  it("with its e-mail turned off is only in the list", async () => {
    const seller = await mintToken(sandbox, "seller.submitted@example.com");
    const current = (await callService(sandbox, "/notifications/me/notification-preferences", { token: seller })).body;
    const saved = await callService(sandbox, "/notifications/me/notification-preferences", {
      token: seller,
      method: "PUT",
      body: { email: { ...current.email, CATALOGUE_RETURNED: false } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.email.CATALOGUE_RETURNED).toBe(false);

    await returnCatalogue();
    const page = await notificationsOf(seller);
    expect(page.items[0]).toMatchObject({ kind: "CATALOGUE_RETURNED", email: "OFF" });
    // A later e-mail of another kind arrives; none for the return came before it.
    await control(sandbox, "POST", "/company-changes/decide", {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailFor("seller.submitted@example.com", 0)).toEqual([]);
  });

  it("keeps the notification when the e-mail cannot be sent", async () => {
    expect((await control(sandbox, "POST", "/mail/refuse", { refuse: true })).status).toBe(200);
    await returnCatalogue();
    const seller = await mintToken(sandbox, "seller.submitted@example.com");
    expect((await notificationsOf(seller)).items[0]?.kind).toBe("CATALOGUE_RETURNED");
    expect(await waitForStatus(seller, "FAILED")).toBe("FAILED");
    expect(await mailFor("seller.submitted@example.com", 0)).toEqual([]);
  });
});

async function mailStatus(token: string): Promise<string | undefined> {
  return waitForStatus(token, "SENT");
}

async function waitForStatus(token: string, wanted: string): Promise<string | undefined> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const status = (await notificationsOf(token)).items[0]?.email;
    if (status === wanted || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("no header from names or company data", () => {
  it("sends a seller name with line breaks and a Bcc as one subject line to the user alone", async () => {
    const db = new DatabaseSync(sandbox.dbPath);
    db.prepare("UPDATE sellers SET name = ? WHERE id = 'seller-submitted'").run("Evil GmbH\r\nBcc: victim@example.com\r\nX-Injected: yes");
    db.close();
    await returnCatalogue("Reason\r\nBcc: other@example.com <b>bold</b>");
    const [mail] = await mailFor("seller.submitted@example.com");
    expect(mail?.envelope.to).toEqual(["seller.submitted@example.com"]);
    expect(mail?.headers.map(([name]) => name)).not.toContain("bcc");
    expect(mail?.headers.map(([name]) => name)).not.toContain("x-injected");
    expect(mail?.subject).toBe("Evil GmbH Bcc: victim@example.com X-Injected: yes: your catalogue was returned");
    expect(mail?.html).toContain("&lt;b&gt;bold&lt;/b&gt;");
    expect(mail?.html).not.toContain("<b>bold</b>");
    expect(await mailFor("victim@example.com", 0)).toEqual([]);
  });
});

describe("the other events", () => {
  it("a colleague's invitation sends the registration link to the invited address", async () => {
    const admin = await mintToken(sandbox, "seller.active@example.com");
    const invited = await callService(sandbox, "/user-profile/me/seller/users/invitations", {
      token: admin,
      method: "POST",
      body: { email: "new.colleague@example.com", role: "SELLER_VIEWER_EXTERNAL" },
    });
    expect(invited.status).toBe(201);
    const [mail] = await mailFor("new.colleague@example.com");
    expect(mail?.subject).toBe("Invitation to the seller portal of Nordlicht Living GmbH");
    const { body } = await control<{ invitations: { link: string }[] }>(sandbox, "GET", "/invitations?email=new.colleague%40example.com");
    expect(mail?.text).toContain(body.invitations[0]?.link);
  });

  it("a change request decided tells the seller's administrators, linking to the change", async () => {
    const admin = await mintToken(sandbox, "seller.active@example.com");
    const bankAccount = { accountHolder: "Nordlicht Living GmbH", iban: "DE02 1203 0000 0000 2020 51", bic: "BYLADEM1001" };
    const draft = await callService(sandbox, "/seller-service/v2/seller/seller-active/changes/bank-account", {
      token: admin,
      method: "POST",
      body: bankAccount,
    });
    await callService(sandbox, `/seller-service/v2/seller/seller-active/changes/${draft.body.id}/submit`, { token: admin, method: "POST" });
    const before = (await notificationsOf(admin)).total;
    const { body } = await control<{ decided: number }>(sandbox, "POST", "/company-changes/decide", {
      sellerId: "seller-active",
      decision: "REJECTED",
      reason: "Unreadable",
    });
    const page = await notificationsOf(admin);
    expect(page.total - before).toBe(body.decided);
    expect(body.decided).toBeGreaterThan(0);
    expect(page.items[0]).toMatchObject({ kind: "CHANGE_REJECTED", params: { reason: "Unreadable" } });
    expect(page.items[0]?.link).toBe(`/home/my-company/changes/${draft.body.id}`);
  });

  it("the hand-over tells the catalogue team; the seller marked active tells every user of the seller", async () => {
    const db = new DatabaseSync(sandbox.dbPath);
    db.prepare("UPDATE sellers SET state = 'CATALOGUE_DATA_MAPPING_FINISHED' WHERE id = 'seller-submitted'").run();
    db.close();
    const admin = await mintToken(sandbox, "admin@example.com");
    const marked = await callService(sandbox, "/onboarding/api-external/sellers/seller-submitted/mark-as-active", { token: admin, method: "POST" });
    expect(marked.status).toBe(200);
    const seller = await mintToken(sandbox, "seller.submitted@example.com");
    expect((await notificationsOf(seller)).items[0]).toMatchObject({ kind: "SELLER_ACTIVE", link: "/home/overview" });
  });
});

describe("reading", () => {
  it("marks one and all read, counts the unread, and never reaches another user's", async () => {
    await returnCatalogue();
    await returnCatalogueAgain();
    const seller = await mintToken(sandbox, "seller.submitted@example.com");
    const count = async (token: string) => (await callService(sandbox, "/notifications/me/notifications/unread-count", { token })).body.unread;
    expect(await count(seller)).toBe(2);
    const [first] = (await notificationsOf(seller)).items;
    const other = await mintToken(sandbox, "seller.active@example.com");
    expect((await callService(sandbox, `/notifications/me/notifications/${first!.id}/read`, { token: other, method: "POST" })).status).toBe(404);
    expect((await callService(sandbox, `/notifications/me/notifications/${first!.id}/read`, { token: seller, method: "POST" })).status).toBe(200);
    expect(await count(seller)).toBe(1);
    expect((await callService(sandbox, "/notifications/me/notifications/read-all", { token: seller, method: "POST" })).status).toBe(200);
    expect(await count(seller)).toBe(0);
  });

  it("refuses settings without every kind, and a page out of range", async () => {
    const seller = await mintToken(sandbox, "seller.submitted@example.com");
    const refused = await callService(sandbox, "/notifications/me/notification-preferences", {
      token: seller,
      method: "PUT",
      body: { email: { CATALOGUE_RETURNED: false } },
    });
    expect(refused.status).toBe(400);
    expect((await callService(sandbox, "/notifications/me/notifications", { token: seller, query: { size: "1000" } })).status).toBe(400);
    expect((await callService(sandbox, "/notifications/me/notifications")).status).toBe(401);
  });
});

async function returnCatalogueAgain() {
  const seller = await mintToken(sandbox, "seller.submitted@example.com");
  const db = new DatabaseSync(sandbox.dbPath);
  db.prepare("UPDATE sellers SET state = 'CATALOGUE_DATA_SUBMITTED' WHERE id = 'seller-submitted'").run();
  db.close();
  expect(seller).toBeTruthy();
  await returnCatalogue("The brand is missing in every row.");
}

describe("the mail page", () => {
  it("lists what was received as HTML, each message readable and raw", async () => {
    await returnCatalogue();
    const [mail] = await mailFor("seller.submitted@example.com");
    expect(mail?.subject).toContain("your catalogue was returned");
    const list = await fetch(`${sandbox.url}/__sandbox/mail`);
    expect(list.headers.get("content-type")).toContain("text/html");
    expect(await list.text()).toContain("your catalogue was returned");
    const raw = await fetch(`${sandbox.url}/__sandbox/mail/${mail!.id}/raw`);
    expect(await raw.text()).toMatch(/^Content-Type: multipart\/alternative/im);
    const view = await fetch(`${sandbox.url}/__sandbox/mail/${mail!.id}`);
    expect(await view.text()).toContain("Open the catalogue: http://portal.test:3000/upload/catalog");
  });
});
