import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";

export type SummaryEntry = { fieldId?: string; label?: string; message: string };

/**
 * The errors of a failed form at its top (GOV.UK's pattern): each entry a
 * link to its field, and what a service reported below them (`children`).
 * Focused when it appears and again for each new submission result
 * (`focusKey`), so a screen reader starts there; never while the person types.
 * Every form's summary has the same heading ("There is a problem").
 */
export function ErrorSummary({
  entries,
  focusKey,
  heading: Heading = "h2",
  children,
}: {
  entries: SummaryEntry[];
  focusKey?: unknown;
  heading?: "h2" | "h3";
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const visible = entries.length > 0 || Boolean(children);
  useEffect(() => {
    if (visible) ref.current?.focus();
  }, [visible, focusKey]);
  if (!visible) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby={titleId} tabIndex={-1} ref={ref}>
      <Heading id={titleId} className="error-summary__title">
        {t("form.errorSummary")}
      </Heading>
      {entries.length > 0 ? (
        <ul>
          {entries.map((entry, index) => (
            <li key={`${entry.fieldId ?? ""}-${index}`}>
              {entry.fieldId ? (
                <a href={`#${entry.fieldId}`}>
                  {entry.label ? `${entry.label}: ` : ""}
                  {entry.message}
                </a>
              ) : (
                entry.message
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {children}
    </div>
  );
}
