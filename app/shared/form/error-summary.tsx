import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

export type SummaryEntry = { fieldId: string; label: string; message: string };

/**
 * The failed submission's errors at the top of the form, each linking to its
 * field. Focused when it appears after a submission, so a screen reader hears it.
 */
export function ErrorSummary({ entries, focusKey }: { entries: SummaryEntry[]; focusKey?: unknown }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (entries.length > 0) ref.current?.focus();
    // Focus once per submission result, not on every keystroke that changes the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusKey]);
  if (entries.length === 0) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1} ref={ref}>
      <h2 id="error-summary-title">{t("staff.form.summaryTitle")}</h2>
      <ul>
        {entries.map((entry) => (
          <li key={entry.fieldId}>
            <a href={`#${entry.fieldId}`}>
              {entry.label}: {entry.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
