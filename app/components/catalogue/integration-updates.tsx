import type { SubmissionResult } from "@conform-to/react";
import type { IntegrationUpdate } from "#contract/catalogue-updates.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form, Link, useNavigation } from "react-router";
import { integrationUpdateScreen, updateFileDownload } from "#app/lib/catalogue/integration-updates.ts";
import { teamProductsHref } from "#app/lib/catalogue/products-query.ts";
import { useStaffDates } from "#app/lib/staff-dates.ts";
import type { FileReport } from "#app/services/catalogue/integration.server.ts";
import type { UpdatesFailure } from "#app/services/catalogue/integration-updates.server.ts";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { ReturnedFiles } from "./catalogue-returns.tsx";
import { useUpdateStateText } from "./updates-record.tsx";
import { IntegrationFileBlock } from "./integration-details.tsx";
import { UpdateReturnForm } from "./return-form.tsx";

/**
 * The catalogue updates waiting for the team, oldest first: whose, when sent, which files, each opening the update.
 * Without them (`updates` null: the service failed), the notice says so in their place.
 */
export function WaitingUpdatesSection({ updates, failure }: { updates: IntegrationUpdate[] | null; failure: UpdatesFailure | null }) {
  const { t } = useTranslation();
  const { dateTime } = useStaffDates();
  return (
    <section aria-labelledby="integration-updates">
      <h2 id="integration-updates">{t("catalogueUpdates.team.title")}</h2>
      <p>{t("catalogueUpdates.team.lead")}</p>
      {failure ? (
        <div className="inline-error" role="alert">
          <p>
            <strong>{failure.message}</strong> {t("catalogueUpdates.team.failedHint")}
          </p>
          {failure.reference ? (
            <p>
              {t("errors.reference")} <code>{failure.reference}</code>
            </p>
          ) : null}
        </div>
      ) : null}
      {updates === null ? null : updates.length === 0 ? (
        <p>{t("catalogueUpdates.team.none")}</p>
      ) : (
        <DataTable
          labelledBy="integration-updates"
          landmark={false}
          columns={[t("catalogueUpdates.team.seller"), t("catalogueUpdates.team.sent"), t("catalogueUpdates.team.files")]}
        >
          {updates.map((update) => (
            <UpdateRow key={update.id} update={update} sentAt={dateTime(update.submittedAt)} />
          ))}
        </DataTable>
      )}
    </section>
  );
}

function UpdateRow({ update, sentAt }: { update: IntegrationUpdate; sentAt: string }) {
  const { t } = useTranslation();
  return (
    <tr>
      <th scope="row">
        <Link to={integrationUpdateScreen(update.id)} aria-label={t("catalogueUpdates.team.open", { name: update.sellerName, date: sentAt })}>
          {update.sellerName}
        </Link>
      </th>
      <td>{sentAt}</td>
      <td>{update.files.map((file) => file.fileName).join(", ")}</td>
    </tr>
  );
}

/** Every catalogue update of one active seller, newest first, each opening the update: the seller's page on the team's screen. */
export function SellerUpdatesSection({ updates }: { updates: IntegrationUpdate[] }) {
  const { t } = useTranslation();
  const { dateTime } = useStaffDates();
  const name = updates[0]?.sellerName ?? "";
  return (
    <section aria-labelledby="seller-updates" className="integration__details">
      <h2 id="seller-updates">{t("catalogueUpdates.team.sellerTitle", { name })}</h2>
      <p>{t("catalogueUpdates.team.sellerLead", { name })}</p>
      <DataTable
        labelledBy="seller-updates"
        landmark={false}
        columns={[t("catalogueUpdates.team.sent"), t("catalogueUpdates.team.state"), t("catalogueUpdates.team.files")]}
      >
        {updates.map((update) => {
          const sentAt = dateTime(update.submittedAt);
          return (
            <tr key={update.id}>
              <th scope="row">
                <Link to={integrationUpdateScreen(update.id)} aria-label={t("catalogueUpdates.team.open", { name, date: sentAt })}>
                  {sentAt}
                </Link>
              </th>
              <td>{t(`catalogueUpdates.team.statesShort.${update.status}`)}</td>
              <td>{update.files.map((file) => file.fileName).join(", ")}</td>
            </tr>
          );
        })}
      </DataTable>
    </section>
  );
}

type DetailsProps = {
  update: IntegrationUpdate;
  reports: Record<string, FileReport>;
  confirmProcess: boolean;
  returnResult: SubmissionResult<string[]> | null;
};

/**
 * One catalogue update for the team: whose, when, where it stands, each file
 * (download, mapping, check), the reasons when returned; while it waits,
 * taking it into the live catalogue (asked once more) or returning it.
 */
export function IntegrationUpdateDetails({ update, reports, confirmProcess, returnResult }: DetailsProps) {
  const { t } = useTranslation();
  const { dateTime } = useStaffDates();
  const stateText = useUpdateStateText();
  const screen = integrationUpdateScreen(update.id);
  return (
    <section aria-labelledby="update-details" className="integration__details">
      <h2 id="update-details">{t("catalogueUpdates.team.details", { name: update.sellerName })}</h2>
      <dl className="integration__facts">
        <dt>{t("catalogue.integration.sellerId")}</dt>
        <dd>
          <code>{update.sellerId}</code> · <Link to={`/sellers/${encodeURIComponent(update.sellerId)}`}>{t("catalogue.integration.sellerPage")}</Link>
        </dd>
        <dt>{t("catalogueUpdates.team.sentAt")}</dt>
        <dd>{dateTime(update.submittedAt)}</dd>
        <dt>{t("catalogueUpdates.team.state")}</dt>
        <dd>
          {stateText(update)}
          <span className="integration__explain">{t(`catalogueUpdates.team.stateExplain.${update.status}`)}</span>
        </dd>
      </dl>
      {update.returned ? (
        <div className="seller-page__section">
          <h3 id="update-reasons">{t("catalogueUpdates.team.reasons")}</h3>
          <blockquote>{update.returned.reason}</blockquote>
          {update.returned.files.length ? <ReturnedFiles files={update.returned.files} /> : null}
        </div>
      ) : null}

      {update.files.map((file) => (
        <IntegrationFileBlock
          key={file.id}
          file={file}
          download={updateFileDownload(update, file.id)}
          products={teamProductsHref(update.sellerId, file.id, update.id)}
          report={reports[file.id]}
        />
      ))}

      {update.status === "SUBMITTED" ? (
        confirmProcess ? (
          <ProcessConfirmation update={update} cancel={screen} />
        ) : (
          <>
            <section aria-labelledby="process-update" className="integration__finish">
              <h3 id="process-update">{t("catalogueUpdates.team.processTitle")}</h3>
              <p>{t("catalogueUpdates.team.processLead")}</p>
              <Link className="button button--primary" to={`${screen}&confirm=process#process-confirm`}>
                {t("catalogueUpdates.team.process")}
              </Link>
            </section>
            <UpdateReturnForm update={update} lastResult={returnResult} />
          </>
        )
      ) : null}
    </section>
  );
}

/** Taking the update in, asked once more: what it does, and a way out. */
function ProcessConfirmation({ update, cancel }: { update: IntegrationUpdate; cancel: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const processing = navigation.state === "submitting" && navigation.formData?.get("intent") === "processUpdate";
  return (
    <section aria-labelledby="process-confirm-title" id="process-confirm" className="integration__finish staff-confirm">
      <h3 id="process-confirm-title">{t("catalogueUpdates.team.confirmTitle", { name: update.sellerName })}</h3>
      <p>{t("catalogueUpdates.team.confirmBody", { count: update.files.length })}</p>
      <Form method="post" className="integration__confirm-actions">
        <input type="hidden" name="intent" value="processUpdate" />
        <input type="hidden" name="updateId" value={update.id} />
        <button type="submit" className="button button--primary" disabled={processing} aria-busy={processing || undefined}>
          {processing ? t("catalogueUpdates.team.processing") : t("catalogueUpdates.team.confirm")}
        </button>
        <Link className="button button--secondary" to={cancel}>
          {t("catalogueUpdates.team.cancel")}
        </Link>
      </Form>
    </section>
  );
}
