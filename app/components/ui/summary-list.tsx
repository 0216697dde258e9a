import type { ReactNode } from "react";

export type SummaryRow = { key: string; label: ReactNode; value: ReactNode };

/**
 * Answers as a list of label and value (GOV.UK's summary list): what a
 * person gave, read back to them. A value may be several lines.
 */
export function SummaryList({ rows, className }: { rows: readonly SummaryRow[]; className?: string }) {
  return (
    <dl className={className ? `summary-list ${className}` : "summary-list"}>
      {rows.map((row) => (
        <div key={row.key} className="summary-list__row">
          <dt className="summary-list__key">{row.label}</dt>
          <dd className="summary-list__value">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Lines of one value (an address, a person), each on its own line. */
export function Lines({ lines }: { lines: readonly (string | null | undefined)[] }) {
  const shown = lines.filter((line): line is string => Boolean(line));
  return (
    <>
      {shown.map((line, index) => (
        <span key={index} className="summary-list__line">
          {line}
        </span>
      ))}
    </>
  );
}
