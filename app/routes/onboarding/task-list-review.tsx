import type { ReactNode } from "react";
import { stepNames, type StepName } from "#contract/onboarding-step-names.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link, redirect } from "react-router";
import { MissingRequirements } from "#app/components/ui/hand-over-panel.tsx";
import { StepAnswers } from "#app/components/onboarding/step-answers.tsx";
import { Spinner, useSaving } from "#app/components/onboarding/step-form.tsx";
import { confirmHandOver } from "#app/services/hand-over/hand-over.server.ts";
import { obligationsHolding } from "#app/services/obligations/obligations.server.ts";
import { HeldByObligations } from "#app/components/obligations/held-by-obligations.tsx";
import { settleUnfixedProducts, type UnfixedAnswer } from "#app/services/onboarding/unfixed-products.server.ts";
import { HAND_OVER_PRODUCTS_PATH, productsHref } from "#app/lib/catalogue/products-query.ts";
import { UnfixedChoice } from "#app/components/catalogue/unfixed-choice.tsx";
import { FileQuality } from "#app/components/catalogue/file-quality.tsx";
import type { ProductCounts } from "#contract/catalogue-products.ts";
import type { RowProblemKind } from "#contract/catalogue-analysis.ts";
import { HAND_OVER_REVIEW_PATH } from "#app/lib/setup-progress.ts";
import { loadHandOverReview, type ReviewedFile } from "#app/services/onboarding/hand-over-review.server.ts";
import { setupEditable } from "#app/lib/setup-progress.ts";
import { stepPath } from "#app/lib/onboarding/step-navigation.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { Lines, SummaryList } from "#app/components/ui/summary-list.tsx";
import type { Route } from "./+types/task-list-review";
import { numberFormat } from "#app/lib/intl-formats.ts";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = {
  i18n: ["catalogue", "catalogueIntelligence", "catalogueProducts", "form", "handOver", "obligations", "onboarding"],
} satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

export async function loader(args: Route.LoaderArgs) {
  const [review, heldBy] = await Promise.all([loadHandOverReview(args), obligationsHolding(args, "HAND_OVER")]);
  // Handed over already: nothing to review; the next page says what happens now.
  if (!setupEditable(review.state)) throw redirect("/overview/complete");
  // A past-due obligation that holds back the hand-over ([]: none; null: not known, the service checks it on the hand-over).
  return { ...review, heldBy, title: getI18n(args.context).t("handOver.review.title") };
}

/**
 * The confirmation: the one place that hands over, and only when nothing is missing (./hand-over.server.ts); products
 * that still need a fix wait for the seller's choice first (unfixed-products.server.ts).
 */
export async function action(args: Route.ActionArgs) {
  // Read only once everything else is complete: a body that is no form (a forced POST) is an empty choice, not an error.
  return confirmHandOver(args, async () => settleUnfixedProducts(args, await args.request.formData().catch(() => new FormData())));
}

/**
 * "Check your answers" (GOV.UK's pattern) before the hand-over: every step's
 * answers with a way to change them, the catalogue files with their mapping
 * and rejected rows, the accepted agreement; then one confirmation. While
 * anything is missing, the missing list stands in the confirmation's place.
 */
function TaskListReview({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { saving } = useSaving(HAND_OVER_REVIEW_PATH);
  const { progress, steps, terms, documents, requiredKinds, uploadType, files } = loaderData;
  const missing = (actionData && "handOverRefused" in actionData ? actionData.handOverRefused : null) ?? progress.missing;
  const refusedHeld = actionData && "handOverHeld" in actionData ? actionData.handOverHeld : null;
  const heldBy = refusedHeld ?? loaderData.heldBy ?? [];
  const unfixed = actionData && "intent" in actionData && actionData.intent === "unfixed" ? (actionData as UnfixedAnswer) : null;
  const needsFix = files.reduce((sum, file) => sum + (file.products?.needsFix ?? 0), 0);
  const scan = documents.find((document) => document.kind === "IDENTITY_DOCUMENT") ?? null;
  return (
    <article className="review">
      <p className="shop-setup__back">
        <Link to="/overview">{t("onboarding.backToTaskList")}</Link>
      </p>
      <h1>{t("handOver.review.title")}</h1>
      <p className="task-list-page__lead">{t("handOver.review.lead")}</p>
      {actionData && "handOverRefused" in actionData && actionData.handOverRefused ? (
        <div className="error-summary" role="alert" tabIndex={-1} aria-labelledby="review-refused">
          <h2 id="review-refused" className="error-summary__title">
            {t("handOver.refused")}
          </h2>
          <MissingRequirements missing={actionData.handOverRefused} />
        </div>
      ) : null}
      {refusedHeld ? (
        <div className="error-summary" role="alert" tabIndex={-1} aria-labelledby="review-held">
          <h2 id="review-held" className="error-summary__title">
            {t("obligations.handOver.refused")}
          </h2>
        </div>
      ) : null}

      <section aria-labelledby="review-setup">
        <h2 id="review-setup">{t("onboarding.taskList.setup")}</h2>
        {stepNames.map((step) => (
          <AnswersCard key={step} step={step} title={t(`onboarding.steps.${step}.title`)} changePath={stepPath(step)}>
            <StepAnswers
              step={step}
              view={step === "documents" ? null : steps[step]}
              terms={terms}
              scan={scan}
              documents={documents}
              requiredKinds={requiredKinds}
            />
          </AnswersCard>
        ))}
      </section>

      <section aria-labelledby="review-catalogue">
        <h2 id="review-catalogue">{t("onboarding.taskList.catalogue")}</h2>
        <AnswersCard step="settings" title={t("catalogue.settings.title")} changePath="/upload/settings">
          <SummaryList rows={[{ key: "uploadType", label: t("catalogue.settings.uploadType"), value: t(`catalogue.settings.types.${uploadType}`) }]} />
        </AnswersCard>
        {files.length === 0 ? <p>{t("catalogue.files.none")}</p> : files.map((file) => <FileCard key={file.id} file={file} />)}
      </section>

      <section aria-labelledby="review-confirm" className="review__confirm">
        <h2 id="review-confirm">{t("handOver.action")}</h2>
        {loaderData.heldBy === null && !refusedHeld ? <p role="status">{t("obligations.handOver.unknown")}</p> : null}
        {missing.length === 0 && heldBy.length > 0 ? (
          <HeldByObligations id="review-held-by" restriction="HAND_OVER" message={t("obligations.handOver.held")} obligations={heldBy} />
        ) : missing.length === 0 ? (
          <>
            <p id="review-confirm-lead">{t("handOver.review.confirmLead")}</p>
            <UnfixedChoice
              where={{ texts: "handOver.review.products", action: HAND_OVER_REVIEW_PATH, productsPath: HAND_OVER_PRODUCTS_PATH, id: "review-unfixed" }}
              needsFix={needsFix}
              answer={unfixed}
              saving={saving}
              submit={
                <button type="submit" className="button button--primary" aria-describedby="review-confirm-lead" aria-disabled={saving || undefined}>
                  {saving ? <Spinner /> : null}
                  {t("handOver.action")}
                </button>
              }
            />
          </>
        ) : (
          <>
            <p>{t("handOver.missingLead", { count: missing.length })}</p>
            <MissingRequirements missing={missing} />
          </>
        )}
      </section>
    </article>
  );
}

/** One part of the answers: its title, the way to change it, and the answers. */
function AnswersCard({ step, title, changePath, children }: { step: StepName | string; title: string; changePath: string; children: ReactNode }) {
  const { t } = useTranslation();
  const id = `review-${step}`;
  return (
    <section className="summary-card" aria-labelledby={id}>
      <div className="summary-card__header">
        <h3 id={id} className="summary-card__title">
          {title}
        </h3>
        <Link to={changePath}>
          {t("handOver.review.change")}
          <span className="visually-hidden"> {title}</span>
        </Link>
      </div>
      {children}
    </section>
  );
}

/** A catalogue file: which column feeds each marketplace field, what the check found, and its quality score with the fixes that raise it most. */
function FileCard({ file }: { file: ReviewedFile }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const view = { fileId: file.id, page: 1, status: null, kind: null, q: null };
  const checked = t("handOver.review.rowsChecked", { count: file.checked ?? 0, formatted: number.format(file.checked ?? 0) });
  const rejected = file.reportUnreadable
    ? t("handOver.review.reportUnreadable")
    : file.rejected === null
      ? t("handOver.review.notChecked")
      : file.rejected === 0
        ? t("handOver.review.noneRejected", { checked })
        : t("handOver.review.rejected", { count: file.rejected, formatted: number.format(file.rejected), checked });
  return (
    <AnswersCard step={`file-${file.id}`} title={file.fileName} changePath={`/upload/catalog?fileId=${encodeURIComponent(file.id)}#mapping-title`}>
      <SummaryList
        rows={[
          {
            key: "mapping",
            label: t("handOver.review.mapping"),
            value:
              file.mapping === null ? (
                t("handOver.review.mappingUnreadable")
              ) : (
                <Lines lines={file.mapping.map(({ field, header }) => t("handOver.review.column", { field: t(`catalogue.fields.${field}`), header }))} />
              ),
          },
          { key: "rejected", label: t("handOver.review.rows"), value: rejected },
          { key: "products", label: t("handOver.review.products.title"), value: <ProductLinks fileId={file.id} counts={file.products} /> },
        ]}
      />
      <FileQuality
        counts={file.products ?? "unreadable"}
        kindHref={(kind) => productsHref(view, { kind: kind as RowProblemKind }, HAND_OVER_PRODUCTS_PATH)}
        categoriesHref={`/upload/catalog/categories?fileId=${encodeURIComponent(file.id)}`}
        productsHref={productsHref(view, {}, HAND_OVER_PRODUCTS_PATH)}
        fixesShown={3}
        headingLevel={4}
      />
      {file.rejected ? (
        <p>
          <Link to={`/upload/catalog?fileId=${encodeURIComponent(file.id)}#report-title`}>{t("catalogueIntelligence.taskList.rejectedLink")}</Link>
        </p>
      ) : null}
    </AnswersCard>
  );
}

/** A file's products by status, each count a link to the products view filtered to it. */
function ProductLinks({ fileId, counts }: { fileId: string; counts: ProductCounts | null }) {
  const { t, i18n } = useTranslation();
  if (!counts) return <>{t("handOver.review.products.unreadable")}</>;
  const number = numberFormat(i18n.language);
  const view = { fileId, page: 1, status: null, kind: null, q: null };
  const links = [
    { key: "ready", count: counts.ready, href: productsHref(view, { status: "READY" }, HAND_OVER_PRODUCTS_PATH) },
    { key: "fixed", count: counts.fixed, href: productsHref(view, { fixed: true }, HAND_OVER_PRODUCTS_PATH) },
    { key: "leftOut", count: counts.leftOut, href: productsHref(view, { status: "LEFT_OUT" }, HAND_OVER_PRODUCTS_PATH) },
    { key: "needsFix", count: counts.needsFix, href: productsHref(view, { status: "NEEDS_FIX" }, HAND_OVER_PRODUCTS_PATH) },
  ] as const;
  return (
    <ul className="review__products">
      {links.map(({ key, count, href }) => (
        <li key={key}>
          <Link to={href}>{t(`handOver.review.products.${key}`, { count, formatted: number.format(count) })}</Link>
        </li>
      ))}
    </ul>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.title} · Seller Portal` : "Seller Portal" }];

export default routeComponent(TaskListReview);
