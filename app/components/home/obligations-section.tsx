import type { Obligation, ObligationRestriction } from "#contract/obligations.ts";
import { Link } from "react-router";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { listFormat } from "#app/lib/intl-formats.ts";
import { formatDay } from "#app/lib/calendar-day.ts";

export type ObligationEntry = Omit<Obligation, "actionPath"> & { actionPath: string | null };

/**
 * What the marketplace needs from the seller, each with its date and where to act, and what past-due ones hold
 * back now. Shown at the top of the home overview when there is anything (or the service could not say).
 */
export function ObligationsSection({ obligations }: { obligations: { items: ObligationEntry[]; restricted: ObligationRestriction[] } | null }) {
  const { t, i18n } = useTranslation();
  if (obligations === null) {
    return (
      <section aria-labelledby="obligations-title" className="home-overview__section obligations">
        <h2 id="obligations-title">{t("obligations.title")}</h2>
        <p className="notice notice--error">{t("obligations.failed")}</p>
      </section>
    );
  }
  if (obligations.items.length === 0) return null;
  const locale = i18n.language;
  const list = (items: string[]) => listFormat(locale, { type: "conjunction" }).format(items);
  return (
    <section aria-labelledby="obligations-title" className="home-overview__section obligations">
      <h2 id="obligations-title">{t("obligations.title")}</h2>
      {obligations.restricted.length > 0 ? (
        <p className="notice notice--error" data-obligation-restricted={obligations.restricted.join(" ")}>
          {t("obligations.restrictedNow", {
            restricted: list(obligations.restricted.map((restriction) => t(`obligations.restrictions.${restriction}`))),
          })}
        </p>
      ) : null}
      <ul className="obligation-list">
        {obligations.items.map((obligation) => (
          <li key={obligation.id} className={`obligation obligation--${obligation.state.toLowerCase()}`} data-obligation={obligation.id}>
            <h3>{t(`obligations.subjects.${obligation.subject}`, { defaultValue: obligation.subject })}</h3>
            <p className="obligation__due">
              <span className={`status-tag status-tag--${obligation.state === "PAST_DUE" ? "error" : "warning"}`}>
                {t(`obligations.states.${obligation.state}`)}
              </span>{" "}
              {obligation.dueDate
                ? t(obligation.state === "PAST_DUE" ? "obligations.wasDueBy" : "obligations.dueBy", { date: formatDay(locale, obligation.dueDate) })
                : t("obligations.dueNow")}
            </p>
            <p>{t(`obligations.reasons.${obligation.reason.key}`, { ...formatFacts(locale, obligation.reason.facts), defaultValue: "" })}</p>
            {obligation.restrictsWhenPastDue.length > 0 ? (
              <p className="obligation__restricts">
                {t(obligation.state === "PAST_DUE" ? "obligations.restrictsNow" : "obligations.restrictsWhenPastDue", {
                  restricted: list(obligation.restrictsWhenPastDue.map((restriction) => t(`obligations.restrictions.${restriction}`))),
                })}
              </p>
            ) : null}
            {obligation.actionPath ? (
              <Link to={obligation.actionPath}>
                {t("obligations.act", { subject: t(`obligations.subjects.${obligation.subject}`, { defaultValue: obligation.subject }) })}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The reason's facts as the reader reads them: days (YYYY-MM-DD) in the reader's format, numbers as they are. */
function formatFacts(locale: string, facts: Record<string, string | number>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(facts).map(([key, value]) => [key, typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDay(locale, value) : value]),
  );
}
