import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { UpstreamFacts } from "~/features/shell/errors/upstream-facts";

export type SummaryItem = { fieldId?: string; message: string };

/**
 * The error summary at the top of a failed form: one link per field that
 * needs attention, focused when it appears so a screen reader announces it.
 */
export function ErrorSummary({ items, upstream }: { items: SummaryItem[]; upstream?: UpstreamFailureView | null }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const visible = items.length > 0 || Boolean(upstream);
  useEffect(() => {
    if (visible) ref.current?.focus();
  }, [visible, items, upstream]);
  if (!visible) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title" className="error-summary__title">
        {upstream && items.length === 0 ? t("catalogue.errorSummary.upstream") : t("catalogue.errorSummary.title")}
      </h2>
      {items.length ? (
        <ul>
          {items.map((item, index) => (
            <li key={index}>{item.fieldId ? <a href={`#${item.fieldId}`}>{item.message}</a> : item.message}</li>
          ))}
        </ul>
      ) : null}
      {upstream ? <UpstreamFailurePanel failure={upstream} /> : null}
    </div>
  );
}

export type UpstreamFailureView = {
  message: string;
  errorCode: string | null;
  reference: string | null;
  errors: { fieldName?: string; errorMessage: string }[];
};

/** What the service said, inside the summary. */
function UpstreamFailurePanel({ failure }: { failure: UpstreamFailureView }) {
  return (
    <div className="error-summary__upstream">
      <UpstreamFacts facts={failure} />
    </div>
  );
}

/** A field's own messages, tied to it with aria-describedby through `id`. */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field__error">
      {errors.join(" ")}
    </p>
  );
}
