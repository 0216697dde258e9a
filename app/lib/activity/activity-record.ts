/**
 * The activity record's rules on both sides of the wire: the filter read
 * from the URL (a GET form: shareable, works without JavaScript), the links
 * of its pages, an entry's description in the reader's language, and the
 * CSV a spreadsheet reads (UTF-8 with a byte-order mark; `;` and German
 * headers for German readers; cells that could run as a formula neutralised
 * by the portal's one CSV rule).
 */
import type { ActivityEntry, ActivityParams } from "#contract/activity.ts";
import { ACTIVITY_PAGE_SIZES, activityKinds, DEFAULT_ACTIVITY_PAGE_SIZE, type ActivityKind } from "#contract/activity-kinds.ts";
import { csvLine, type CsvDialect } from "#app/lib/csv.ts";
import { formatMoment } from "#app/lib/intl-formats.ts";

type Translate = (key: string, options?: Record<string, unknown>) => string;

export type ActivityFilter = { page: number; size: number; person: string | null; kind: ActivityKind | null };

const MAX_PAGE = 100_000;
const PERSON = /^[\w.@:-]{1,100}$/;

function isKind(value: string): value is ActivityKind {
  return (activityKinds as readonly string[]).includes(value);
}

/**
 * The filter of a URL's query. What does not fit is left out rather than
 * refused: an old bookmark or a typed address still shows the record.
 */
export function readActivityFilter(search: URLSearchParams): ActivityFilter {
  const page = Number(search.get("page") ?? "1");
  const size = Number(search.get("size") ?? DEFAULT_ACTIVITY_PAGE_SIZE);
  const person = search.get("person")?.trim() ?? "";
  const kind = search.get("kind")?.trim() ?? "";
  return {
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    size: (ACTIVITY_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_ACTIVITY_PAGE_SIZE,
    person: PERSON.test(person) ? person : null,
    kind: isKind(kind) ? kind : null,
  };
}

/** The query of a filter: only what differs from the defaults, so the plain page has the plain address. */
export function activitySearch(filter: ActivityFilter, change: Partial<ActivityFilter> = {}): string {
  const next = { ...filter, ...change };
  const query = new URLSearchParams();
  if (next.person) query.set("person", next.person);
  if (next.kind) query.set("kind", next.kind);
  if (next.size !== DEFAULT_ACTIVITY_PAGE_SIZE) query.set("size", String(next.size));
  if (next.page > 1) query.set("page", String(next.page));
  const text = query.toString();
  return text ? `?${text}` : "";
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** Parameters that name something the portal has words for: the key of those words, by kind where one name means two things. */
function paramKey(kind: ActivityKind, name: string, value: string): string | null {
  switch (name) {
    case "step":
      return kind === "CATALOGUE_STEP_MARKED" ? `onboarding.taskList.catalogueSteps.${value}` : `onboarding.steps.${value}.title`;
    case "role":
    case "from":
    case "to":
      // A colleague's role in the colleagues page's words; any other by the role's own name.
      return value.startsWith("SELLER_") ? `team.roles.${value}` : `roles.${value}`;
    case "uploadType":
      return `catalogue.settings.types.${value}`;
    case "documentKind":
      return `onboarding.documents.kinds.${value}`;
    case "change":
      return `myCompany.pages.${value}`;
    case "problem":
      return `catalogueIntelligence.report.problems.${value}`;
    case "field":
      return `catalogue.fields.${value}`;
    default:
      return null;
  }
}

/** An entry's parameters as the sentence shows them: names translated, anything unknown as it came. */
function shownParams(t: Translate, kind: ActivityKind, params: ActivityParams): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const text = String(value);
    const key = typeof value === "string" ? paramKey(kind, name, text) : null;
    shown[name] = key ? t(key, { defaultValue: text }) : text;
  }
  return shown;
}

/** What was done, in one sentence of the reader's language (plain text: React or the CSV writer escapes it). */
export function describeActivity(t: Translate, entry: Pick<ActivityEntry, "kind" | "params">): string {
  return t(`activity.descriptions.${entry.kind}`, shownParams(t, entry.kind, entry.params));
}

/** Who did it: the person, and for staff acting as the seller, as whom. */
export function activityActor(t: Translate, entry: Pick<ActivityEntry, "actor" | "actingAs">): string {
  const person = entry.actor.name ? `${entry.actor.name} (${entry.actor.email})` : entry.actor.email;
  if (!entry.actingAs) return person;
  return t("activity.actingAs", { person, seller: entry.actingAs.email ?? t("activity.theSeller") });
}

export function activityCsvDialect(locale: string): CsvDialect {
  return locale.startsWith("de") ? { separator: ";" } : { separator: "," };
}

/** The header line, with the byte-order mark that makes spreadsheet programs read UTF-8. */
export function activityCsvHeader(t: Translate, locale: string): string {
  const columns = ["at", "atUtc", "kind", "description", "person", "role", "actingAs", "actingAsRole"].map((column) => t(`activity.csv.${column}`));
  return `\uFEFF${csvLine(columns, activityCsvDialect(locale))}`;
}

/** One line per entry: the time as the page shows it and as an ISO instant, the kind, the sentence, who and as whom. */
export function activityCsvLines(t: Translate, locale: string, entries: readonly ActivityEntry[]): string {
  const dialect = activityCsvDialect(locale);
  return entries
    .map((entry) =>
      csvLine(
        [
          formatMoment(locale, entry.at),
          entry.at,
          t(`activity.kinds.${entry.kind}`),
          describeActivity(t, entry),
          entry.actor.name ? `${entry.actor.name} <${entry.actor.email}>` : entry.actor.email,
          t(`roles.${entry.actor.role}`),
          entry.actingAs ? (entry.actingAs.email ?? "") : "",
          entry.actingAs ? t(`roles.${entry.actingAs.role}`) : "",
        ],
        dialect,
      ),
    )
    .join("");
}
