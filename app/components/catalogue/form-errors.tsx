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
 * the catalogue service reported when a call failed.
 */
export function ErrorSummary({ items, upstream }: { items: SummaryItem[]; upstream?: UpstreamFailureView | null }) {
  const { t } = useTranslation();
  return (
    <FormErrorSummary
      entries={items}
      // Focused when it appears and for each new failure reported, not as the fields' messages change while the person types.
      focusKey={upstream}
    >
      {upstream ? (
        <div className="error-summary__upstream">
          <p>{t("catalogue.errorSummary.upstream")}</p>
          <UpstreamFacts facts={upstream} />
        </div>
      ) : null}
    </FormErrorSummary>
  );
}
