import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { UpstreamFacts } from "#app/components/shell/errors/upstream-facts.tsx";
import type { UpstreamFailureView } from "./form-errors.tsx";

/** Why a review of changes to a file's products (a kind fixed at once, corrections carried over) is not shown. */
export type ReviewUnavailable =
  { kind: "failed"; failure: UpstreamFailureView } | { kind: "unreadable"; message: string } | { kind: "noPage" } | { kind: "notIndexed" } | { kind: "closed" };

/** Says so in the review's place: the service's facts when it failed, the file handed over or sent, or why it is unread. */
export function ReviewUnavailableView({ reason, loadFailed }: { reason: ReviewUnavailable; loadFailed: string }) {
  const { t } = useTranslation();
  if (reason.kind === "failed")
    return (
      <div className="inline-error" role="alert">
        <p>
          <strong>{loadFailed}</strong> {t("catalogue.partRetry")}
        </p>
        <UpstreamFacts facts={reason.failure} />
      </div>
    );
  if (reason.kind === "closed") return <p role="status">{t("catalogueProducts.fix.closed")}</p>;
  return (
    <div className="inline-error" role="alert">
      <p>{reason.kind === "unreadable" ? reason.message : loadFailed}</p>
    </div>
  );
}
