import { Form, Link, useNavigation } from "react-router";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { formatMoment, numberFormat } from "#app/lib/intl-formats.ts";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { ErrorSummary, type UpstreamFailureView } from "./form-errors.tsx";
import { ReviewUnavailableView, type ReviewUnavailable } from "./review-unavailable.tsx";

type Shown = {
  row: number;
  fromRow: number;
  matchedBy: "SKU" | "EAN";
  changes: { field: string; before: string; after: string }[];
  leftOutReason: string | null;
};

type Review =
  | {
      kind: "review";
      from: { fileId: string; fileName: string; uploadedAt: string } | null;
      matching: number;
      notMatching: number;
      carried: number;
      toCarry: number;
      more: boolean;
      shown: Shown[];
      /** The earlier file's rules this file may take, and how many it has already. */
      rules: { rule: string; field: string; kind: string; changed: number; inKind: number }[];
      rulesApplied: number;
    }
  | ReviewUnavailable;

type Props = {
  file: { id: string; fileName: string };
  back: string;
  review: Review;
  action: string;
  actionData: { upstreamFailure?: UpstreamFailureView; gone?: boolean } | null;
};

/**
 * The corrections of an earlier upload of the same file name, offered to the
 * new one: how many of its corrected or left-out products still match (by
 * SKU or EAN) and how many do not, the first ones shown, and its rules (one
 * rule fixing a problem kind) to apply again here; then a second post that
 * carries them over. Nothing changes before that post.
 */
export function CarryOver({ file, back, review, action, actionData }: Props) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <article className="upload products carry-over">
      <p>
        <Link to={back}>{t("catalogueProducts.fix.back")}</Link>
      </p>
      <h1>{t("catalogueProducts.carryOver.title", { name: file.fileName })}</h1>
      <ErrorSummary items={[]} upstream={actionData?.upstreamFailure ?? null} />
      {actionData?.gone ? (
        <p className="inline-error" role="alert">
          {t("catalogueProducts.carryOver.gone")}
        </p>
      ) : null}
      {review.kind === "review" ? (
        review.from === null || review.matching + review.notMatching + review.rules.length + review.rulesApplied === 0 ? (
          <p role="status">{t("catalogueProducts.carryOver.none")}</p>
        ) : (
          <>
            <p>
              {t("catalogueProducts.carryOver.lead", {
                name: review.from.fileName,
                date: formatMoment(i18n.language, review.from.uploadedAt),
              })}
            </p>
            <ul role="status">
              {/* An earlier file with rules alone has no products to count. */}
              {review.matching + review.notMatching > 0 ? (
                <>
                  <li>{t("catalogueProducts.carryOver.matching", { count: review.matching, formatted: number.format(review.matching) })}</li>
                  <li>{t("catalogueProducts.carryOver.notMatching", { count: review.notMatching, formatted: number.format(review.notMatching) })}</li>
                </>
              ) : null}
              {review.carried > 0 ? (
                <li>{t("catalogueProducts.carryOver.carried", { count: review.carried, formatted: number.format(review.carried) })}</li>
              ) : null}
              {review.rulesApplied > 0 ? (
                <li>{t("catalogueProducts.carryOver.rulesApplied", { count: review.rulesApplied, formatted: number.format(review.rulesApplied) })}</li>
              ) : null}
            </ul>
            {review.toCarry === 0 && review.rules.length === 0 ? (
              <p role="status">{t(review.matching === 0 ? "catalogueProducts.carryOver.noneMatch" : "catalogueProducts.carryOver.allCarried")}</p>
            ) : (
              <>
                {review.toCarry > 0 ? (
                  <DataTable
                    className="table carry-over__products"
                    label={t("catalogueProducts.carryOver.shown", { shown: number.format(review.shown.length) })}
                    caption={<caption>{t("catalogueProducts.carryOver.shown", { shown: number.format(review.shown.length) })}</caption>}
                    columns={[
                      { label: t("catalogueProducts.table.row"), className: "numeric" },
                      t("catalogueProducts.carryOver.matchedBy"),
                      t("catalogueProducts.carryOver.changes"),
                    ]}
                  >
                    {review.shown.map((item) => (
                      <tr key={item.row}>
                        <th scope="row" className="numeric">
                          {number.format(item.row)}
                        </th>
                        <td>{t(`catalogueProducts.carryOver.by${item.matchedBy}`, { row: number.format(item.fromRow) })}</td>
                        <td>
                          <ul className="plain-list">
                            {item.changes.map((change) => (
                              <li key={change.field}>
                                {t(`catalogueProducts.table.${change.field}`)}: <code>{change.before}</code> → <code>{change.after}</code>
                              </li>
                            ))}
                            {item.leftOutReason !== null ? <li>{t("catalogueProducts.carryOver.leftOut", { reason: item.leftOutReason })}</li> : null}
                          </ul>
                        </td>
                      </tr>
                    ))}
                  </DataTable>
                ) : null}
                {review.rules.length > 0 ? (
                  <section aria-labelledby="carry-over-rules">
                    <h2 id="carry-over-rules">{t("catalogueProducts.carryOver.rulesTitle")}</h2>
                    <p>{t("catalogueProducts.carryOver.rulesLead")}</p>
                    <ul className="carry-over__rules">
                      {review.rules.map((rule) => (
                        <li key={`${rule.rule}-${rule.field}-${rule.kind}`}>
                          {t("catalogueProducts.carryOver.rule", {
                            rule: t(`catalogueProducts.fix.rules.${rule.rule}`),
                            changed: number.format(rule.changed),
                            count: rule.inKind,
                            formatted: number.format(rule.inKind),
                          })}
                        </li>
                      ))}
                    </ul>
                  </section>
                ) : null}
                <Form method="post" action={action}>
                  <button type="submit" name="intent" value="carryOver" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
                    {review.toCarry > 0
                      ? t("catalogueProducts.carryOver.confirm", {
                          count: review.matching - review.carried,
                          formatted: number.format(review.matching - review.carried),
                        })
                      : t("catalogueProducts.carryOver.confirmRules", { count: review.rules.length, formatted: number.format(review.rules.length) })}
                  </button>{" "}
                  <Link to={back} className="button button--secondary">
                    {t("catalogueProducts.fix.cancel")}
                  </Link>
                </Form>
              </>
            )}
          </>
        )
      ) : (
        <ReviewUnavailableView reason={review} loadFailed={t("catalogueProducts.carryOver.loadFailed")} />
      )}
    </article>
  );
}
