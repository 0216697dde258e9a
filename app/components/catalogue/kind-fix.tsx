import { Form, Link, useNavigation } from "react-router";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { numberFormat } from "#app/lib/intl-formats.ts";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { ErrorSummary, type UpstreamFailureView } from "./form-errors.tsx";
import { ReviewUnavailableView, type ReviewUnavailable } from "./review-unavailable.tsx";

type Review = { kind: "review"; count: number; more: boolean; inKind: number; shown: { row: number; before: string; after: string }[] } | ReviewUnavailable;

type Props = {
  file: { id: string; fileName: string };
  kind: string;
  rule: string;
  field: string;
  back: string;
  review: Review;
  action: string;
  actionData: { upstreamFailure?: UpstreamFailureView; gone?: boolean } | null;
};

/**
 * A problem kind fixed at once by one rule: first what it changes ("these N
 * values will change", the first ones before → after), then a second post
 * that applies it. Nothing changes before that post.
 */
export function KindFix({ file, kind, rule, field, back, review, action, actionData }: Props) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <article className="upload products kind-fix">
      <p>
        <Link to={back}>{t("catalogueProducts.fix.back")}</Link>
      </p>
      <h1>{t("catalogueProducts.fix.kindTitle", { rule: t(`catalogueProducts.fix.rules.${rule}`), name: file.fileName })}</h1>
      <p>
        {t("catalogueProducts.fix.kindLead", {
          problem: t(`catalogueIntelligence.report.problems.${kind}`),
          field: t(`catalogueProducts.table.${field}`),
        })}
      </p>
      <ErrorSummary items={[]} upstream={actionData?.upstreamFailure ?? null} />
      {actionData?.gone ? (
        <p className="inline-error" role="alert">
          {t("catalogueProducts.fix.gone")}
        </p>
      ) : null}
      {review.kind === "review" ? (
        review.count === 0 ? (
          <p role="status">{t("catalogueProducts.fix.kindNothing")}</p>
        ) : (
          <>
            <p role="status">
              <strong>{t("catalogueProducts.fix.kindCount", { count: review.count, formatted: number.format(review.count) })}</strong>{" "}
              {review.more ? t("catalogueProducts.fix.kindMore") : null}
            </p>
            <DataTable
              className="table kind-fix__changes"
              label={t("catalogueProducts.fix.kindShown", { shown: number.format(review.shown.length), count: number.format(review.count) })}
              caption={
                <caption>{t("catalogueProducts.fix.kindShown", { shown: number.format(review.shown.length), count: number.format(review.count) })}</caption>
              }
              columns={[{ label: t("catalogueProducts.table.row"), className: "numeric" }, t("catalogueProducts.fix.before"), t("catalogueProducts.fix.after")]}
            >
              {review.shown.map((change) => (
                <tr key={change.row}>
                  <th scope="row" className="numeric">
                    {number.format(change.row)}
                  </th>
                  <td>
                    <code>{change.before}</code>
                  </td>
                  <td>
                    <code>{change.after}</code>
                  </td>
                </tr>
              ))}
            </DataTable>
            <Form method="post" action={action}>
              <button type="submit" name="intent" value="apply" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
                {t("catalogueProducts.fix.kindApply", { count: review.count, formatted: number.format(review.count) })}
              </button>{" "}
              <Link to={back} className="button button--secondary">
                {t("catalogueProducts.fix.cancel")}
              </Link>
            </Form>
          </>
        )
      ) : (
        <ReviewUnavailableView reason={review} loadFailed={t("catalogueProducts.fix.kindLoadFailed")} />
      )}
    </article>
  );
}
