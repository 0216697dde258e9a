import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { UpstreamFacts } from "#app/components/shell/errors/upstream-facts.tsx";
import { ErrorSummary as FormErrorSummary, type SummaryEntry } from "#app/components/ui/error-summary.tsx";

export type SummaryItem = SummaryEntry;

export type UpstreamFailureView = {
  message: string;
  errorCode: string | null;
  reference: string | null;
  errors: { fieldName?: string; errorMessage: string }[];
};

/**
 * A catalogue form's error summary: the fields that need attention, and what
 * the catalogue service reported when a call failed; `title` for a failure that is nothing to correct.
 */
export function ErrorSummary({ items, upstream, title }: { items: SummaryItem[]; upstream?: UpstreamFailureView | null; title?: string }) {
  const { t } = useTranslation();
  return (
    <FormErrorSummary
      title={title ?? (upstream && items.length === 0 ? t("catalogue.errorSummary.upstream") : t("catalogue.errorSummary.title"))}
      entries={items}
      // Focused when it appears and for each new failure reported, not as the fields' messages change while the person types.
      focusKey={upstream}
    >
      {upstream ? (
        <div className="error-summary__upstream">
          <UpstreamFacts facts={upstream} />
        </div>
      ) : null}
    </FormErrorSummary>
  );
}
