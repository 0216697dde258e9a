/**
 * Notifications: the notification service's e-mail templates (sandbox/notification-templates.ts: language, escaping,
 * no header from data), the readable view of a received message (sandbox/mail-parse.ts), and the portal page's rules
 * (app/lib/notifications/notifications.ts: page number, forms, where an entry may lead).
 */
import { describe, expect, it } from "vitest";
import { notificationKinds, preferenceKinds } from "#contract/notifications.ts";
import { notificationTarget, pageHref, pageOf, preferencesFromForm, preferencesSchema, readSchema } from "#app/lib/notifications/notifications.ts";
import { decodeQuotedPrintable, decodeWords, parseMail } from "../../sandbox/mail-parse.ts";
import { escapeHtml, headerSafe, renderMail } from "../../sandbox/notification-templates.ts";

const LINK = "http://localhost:3000/upload/catalog";

describe("the e-mail templates", () => {
  it("write every kind in English and German, text and HTML, with the link back", () => {
    for (const kind of notificationKinds) {
      const params = { sellerName: "Nordlicht Living GmbH", reason: "r", change: "BANK_ACCOUNT", fileName: "a.csv", rowsRejected: 2, rowsChecked: 9 };
      const en = renderMail(kind, "en", params, LINK);
      const de = renderMail(kind, "de", params, LINK);
      expect(en.subject, kind).not.toBe(de.subject);
      for (const mail of [en, de]) {
        expect(mail.text, kind).toContain(LINK);
        expect(mail.html, kind).toContain(`href="${LINK}"`);
        expect(mail.subject, kind).not.toMatch(/undefined|\{\{/);
      }
    }
  });

  it("speaks the reader's language", () => {
    const mail = renderMail("CHANGE_REJECTED", "de", { sellerName: "Nordlicht", change: "BANK_ACCOUNT", reason: "Unleserlich" }, LINK);
    expect(mail.subject).toBe("Nordlicht: Änderung (Bankverbindung) abgelehnt");
    expect(mail.text).toContain("Änderung öffnen: http://localhost:3000/upload/catalog");
    expect(mail.html).toContain('<html lang="de">');
    expect(renderMail("CHANGE_REJECTED", "en", { sellerName: "Nordlicht", change: "BANK_ACCOUNT", reason: "x" }, LINK).subject).toBe(
      "Nordlicht: change of the bank account rejected",
    );
  });

  it("escapes every value in the HTML, and leaves the text part as written", () => {
    const mail = renderMail("CATALOGUE_RETURNED", "en", { sellerName: 'A & B "GmbH"', reason: "<script>alert(1)</script>" }, LINK);
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("A &amp; B &quot;GmbH&quot;");
    expect(mail.text).toContain("<script>alert(1)</script>");
  });

  it("never lets a name or reason break a header line", () => {
    const mail = renderMail("CATALOGUE_RETURNED", "en", { sellerName: "Evil\r\nBcc: victim@example.com\nX-A: 1\u2028Y", reason: "r" }, LINK);
    expect(mail.subject).toBe("Evil Bcc: victim@example.com X-A: 1 Y: your catalogue was returned");
    expect(mail.subject).not.toMatch(/[\r\n\u2028]/);
    expect(headerSafe("a\u0000b\u007fc\td")).toBe("a b c d");
    expect(headerSafe("x".repeat(500)).length).toBe(200);
    expect(escapeHtml(`<a href='x'>&`)).toBe("&lt;a href=&#39;x&#39;&gt;&amp;");
  });
});

describe("the received message's readable view", () => {
  it("decodes encoded words, quoted-printable and base64 parts", () => {
    expect(decodeWords("=?UTF-8?Q?=C3=84nderung_best=C3=A4tigt?=")).toBe("Änderung bestätigt");
    expect(decodeWords("=?UTF-8?B?w4RuZGVydW5n?= =?UTF-8?B?IGJlc3TDpHRpZ3Q=?=")).toBe("Änderung bestätigt");
    expect(decodeQuotedPrintable("a=3Db =C3=BC=\r\nber")).toBe("a=b über");
    const raw = [
      "Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=",
      "To: a@example.com",
      'Content-Type: multipart/alternative; boundary="--b"',
      "",
      "----b",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "Hallo =C3=BC",
      "----b",
      "Content-Type: text/html; charset=utf-8",
      "Content-Transfer-Encoding: base64",
      "",
      Buffer.from("<p>Hallo ü</p>").toString("base64"),
      "----b--",
      "",
    ].join("\r\n");
    const mail = parseMail(raw);
    expect(mail.subject).toBe("Grüße");
    expect(mail.to).toBe("a@example.com");
    expect(mail.text?.trim()).toBe("Hallo ü");
    expect(mail.html).toBe("<p>Hallo ü</p>");
  });
});

describe("the notification page's rules", () => {
  it("reads the page number from the URL, anything odd the first page", () => {
    expect(pageOf(new URL("http://x/notifications?page=3"))).toBe(3);
    for (const odd of ["0", "-1", "abc", "1e3", "99999", ""]) expect(pageOf(new URL(`http://x/notifications?page=${odd}`)), odd).toBe(1);
    expect(pageHref(1)).toBe("/notifications");
    expect(pageHref(2)).toBe("/notifications?page=2");
  });

  it("leads only to a path of the portal", () => {
    expect(notificationTarget({ link: "/upload/catalog" })).toBe("/upload/catalog");
    expect(notificationTarget({ link: "/product-catalogue-integration?sellerId=seller-1" })).toBe("/product-catalogue-integration?sellerId=seller-1");
    for (const hostile of ["//evil.example", "https://evil.example/", "/\\evil.example", "/.//evil.example", "javascript:alert(1)", "/%2f%2fevil", ""]) {
      expect(notificationTarget({ link: hostile }), hostile).toBeNull();
    }
  });

  it("turns the settings form into every kind, ticked or not", () => {
    const parsed = preferencesSchema.parse({ intent: "preferences", CATALOGUE_RETURNED: "on" });
    const preferences = preferencesFromForm(parsed);
    expect(Object.keys(preferences.email).sort()).toEqual([...preferenceKinds].sort());
    expect(preferences.email.CATALOGUE_RETURNED).toBe(true);
    expect(preferences.email.SELLER_ACTIVE).toBe(false);
    expect(preferencesSchema.safeParse({ intent: "preferences", SELLER_ACTIVE: "yes" }).success).toBe(false);
  });

  it("sends only an upstream id to be marked read", () => {
    expect(readSchema.safeParse({ intent: "read", id: "notification-1" }).success).toBe(true);
    for (const id of ["", "../x", "a/b", "x".repeat(300)]) expect(readSchema.safeParse({ intent: "read", id }).success, id).toBe(false);
    expect(readSchema.safeParse({ intent: "read-all" }).success).toBe(true);
    expect(readSchema.safeParse({ intent: "delete" }).success).toBe(false);
  });
});
