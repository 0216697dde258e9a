/**
 * The activity record's rules (app/lib/activity/activity-record.ts): the filter read from the address, the links of
 * its pages, an entry's sentence in the reader's language, and the CSV a spreadsheet reads safely.
 */
import { describe, expect, it } from "vitest";
import type { ActivityEntry } from "#contract/activity.ts";
import {
  activityActor,
  activityCsvHeader,
  activityCsvLines,
  activitySearch,
  describeActivity,
  pageCount,
  readActivityFilter,
} from "#app/lib/activity/activity-record.ts";
import { formatMoment } from "#app/lib/intl-formats.ts";
import enActivity from "#app/locales/en/activity.json";
import deActivity from "#app/locales/de/activity.json";
import enRoles from "#app/locales/en/roles.json";
import enTeam from "#app/locales/en/team.json";
import deTeam from "#app/locales/de/team.json";
import deRoles from "#app/locales/de/roles.json";

/** A translation over the real messages: nested keys, `{{name}}` placeholders and defaultValue, as i18next does them. */
function translate(messages: Record<string, unknown>) {
  return (key: string, options: Record<string, unknown> = {}) => {
    const found = key
      .split(".")
      .reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), messages);
    const text = typeof found === "string" ? found : typeof options.defaultValue === "string" ? options.defaultValue : key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? ""));
  };
}
const en = translate({ activity: enActivity, roles: enRoles, team: enTeam });
const de = translate({ activity: deActivity, roles: deRoles, team: deTeam });

const entry = (overrides: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id: "activity-1",
  at: "2026-11-28T13:05:00.000Z",
  sellerId: "seller-active",
  kind: "USER_INVITED",
  actor: { userId: "user-seller-active", name: null, email: "seller.active@example.com", role: "SELLER_ADMINISTRATOR" },
  actingAs: null,
  params: { email: "anna@example.com", role: "SELLER_VIEWER_EXTERNAL" },
  ...overrides,
});

describe("the filter in the address", () => {
  it("reads person, kind, size and page", () => {
    expect(readActivityFilter(new URLSearchParams("person=user-seller-active&kind=ROLE_CHANGED&size=50&page=3"))).toEqual({
      person: "user-seller-active",
      kind: "ROLE_CHANGED",
      size: 50,
      page: 3,
    });
  });

  it("leaves out what does not fit instead of refusing the page", () => {
    expect(readActivityFilter(new URLSearchParams("person=%3Cscript%3E&kind=DROP_TABLE&size=7&page=-1"))).toEqual({
      person: null,
      kind: null,
      size: 20,
      page: 1,
    });
    expect(readActivityFilter(new URLSearchParams("page=1.5")).page).toBe(1);
  });

  it("writes only what differs from the plain page", () => {
    const filter = readActivityFilter(new URLSearchParams("kind=USER_REMOVED"));
    expect(activitySearch(filter)).toBe("?kind=USER_REMOVED");
    expect(activitySearch(filter, { page: 2 })).toBe("?kind=USER_REMOVED&page=2");
    expect(activitySearch(readActivityFilter(new URLSearchParams()))).toBe("");
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
  });
});

describe("an entry in words", () => {
  it("says what was done with the names translated", () => {
    expect(describeActivity(en, entry())).toBe("Invited anna@example.com as Viewer.");
    expect(
      describeActivity(de, entry({ kind: "ROLE_CHANGED", params: { email: "a@example.com", from: "SELLER_VIEWER_EXTERNAL", to: "SELLER_ADMINISTRATOR" } })),
    ).toBe("Hat die Rolle von a@example.com geändert: vorher Lesezugriff, jetzt Verwaltung.");
  });

  it("keeps a value it has no words for as it came", () => {
    expect(describeActivity(en, entry({ params: { email: "anna@example.com", role: "SOMETHING_NEW" } }))).toBe("Invited anna@example.com as SOMETHING_NEW.");
  });

  it("names staff acting as the seller with the account they acted as", () => {
    const acting = entry({
      actor: { userId: "user-admin", name: null, email: "admin@example.com", role: "OPERATOR_ADMINISTRATOR" },
      actingAs: { userId: "user-seller-active", email: "seller.active@example.com", role: "SELLER_ADMINISTRATOR" },
    });
    expect(activityActor(en, acting)).toBe("admin@example.com, acting as seller.active@example.com");
    expect(activityActor(de, acting)).toBe("admin@example.com, im Namen von seller.active@example.com");
    expect(activityActor(en, entry())).toBe("seller.active@example.com");
  });
});

describe("the CSV", () => {
  it("starts with a byte-order mark and the reader's headers, ';' for German readers", () => {
    expect(activityCsvHeader(en, "en")).toBe('\uFEFFTime,"Time (UTC, ISO 8601)",Kind,Details,Person,Role,Acting as,Role acted in\r\n');
    expect(activityCsvHeader(de, "de").startsWith('\uFEFFZeitpunkt;"Zeitpunkt (UTC, ISO 8601)";Art;')).toBe(true);
  });

  it("writes one line per entry with the time as people read it and as an instant", () => {
    const line = activityCsvLines(en, "en", [entry()]);
    expect(line).toBe(
      `"${formatMoment("en", entry().at)}",2026-11-28T13:05:00.000Z,Colleague invited,Invited anna@example.com as Viewer.,seller.active@example.com,Seller administrator,,\r\n`,
    );
    expect(activityCsvLines(de, "de", [entry()])).toMatch(/^"28\. Nov\. 2026, 14:05 MEZ";2026-11-28T13:05:00\.000Z;/);
  });

  it("neutralises cells a spreadsheet would run as a formula", () => {
    const hostile = entry({
      kind: "CATALOGUE_FILE_UPLOADED",
      actor: { userId: "user-x", name: '=HYPERLINK("http://evil")', email: "x@example.com", role: "SELLER_ADMINISTRATOR" },
      actingAs: { userId: null, email: "+1@example.com", role: "SELLER_ADMINISTRATOR" },
      params: { fileName: "-2+3.csv" },
    });
    const cells = activityCsvLines(en, "en", [hostile]);
    expect(cells).toContain(`"'=HYPERLINK(""http://evil"") <x@example.com>"`);
    expect(cells).toContain(`"'+1@example.com"`);
    expect(cells).not.toMatch(/(^|,)[=+\-@]/);
  });
});
