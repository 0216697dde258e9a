import { Link } from "react-router";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { formatDay } from "#app/lib/calendar-day.ts";

/** A past-due obligation as a page names it where it holds something back (obligations.server.ts). */
export type HeldByObligation = { id: string; subject: string; dueDate: string | null; actionPath: string | null };

/**
 * What holds something back (the hand-over, payouts): a notice in the page's words, then each past-due obligation
 * with the date it was due by and a link to where the seller acts on it.
 */
export function HeldByObligations({
  id,
  message,
  obligations,
  restriction,
}: {
  id: string;
  message: string;
  obligations: HeldByObligation[];
  restriction: string;
}) {
  const { t, i18n } = useTranslation();
  const subject = (obligation: HeldByObligation) => t(`obligations.subjects.${obligation.subject}`, { defaultValue: obligation.subject });
  return (
    <div className="notice notice--error" id={id} data-obligation-restricted={restriction}>
      <p>{message}</p>
      {obligations.length > 0 ? (
        <ul className="obligation-list obligation-list--held">
          {obligations.map((obligation) => (
            <li key={obligation.id} data-obligation={obligation.id}>
              <strong>{subject(obligation)}</strong>
              {obligation.dueDate ? ` ${t("obligations.held.wasDueBy", { date: formatDay(i18n.language, obligation.dueDate) })}` : null}{" "}
              {obligation.actionPath ? <Link to={obligation.actionPath}>{t("obligations.act", { subject: subject(obligation) })}</Link> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
