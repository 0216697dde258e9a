import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { catalogueFileTypes, feedSchedules, uploadTypes } from "#contract/catalogue-names.ts";
import type { UploadSettings } from "#contract/catalogue.ts";
import type { SellerStateName } from "#contract/upstream.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { data, Form, useNavigation } from "react-router";
import { CatalogueErrorView } from "#app/components/catalogue/error-view.tsx";
import { ErrorSummary, type SummaryItem } from "#app/components/catalogue/form-errors.tsx";
import { fieldId, FormFields, readFormProps } from "#app/components/ui/field-reading.tsx";
import { FieldTextsProvider, SelectField, TextField } from "#app/components/ui/fields.tsx";
import { UploadSteps } from "#app/components/catalogue/upload-steps.tsx";
import { settingsSchema, toInput, type SettingsForm } from "#app/lib/catalogue/upload-settings-form.ts";
import { useSchemaCheck } from "#app/components/ui/use-schema-check.ts";
import { catalogueEditable, catalogueLockReason, firstIncompleteStep, uploadStepStatuses } from "#app/lib/catalogue/catalogue-steps.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { sellerState } from "#app/services/session/seller-state.server.ts";
import { failedUpstreamAction } from "#app/services/catalogue/actions.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { redirectWithPortalToast } from "#app/services/toasts/toast.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { orRouteError } from "#app/services/upstream/upstream-error.server.ts";
import type { Route } from "./+types/upload-settings";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["catalogue", "catalogueReading", "form", "onboarding"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

export async function loader(args: Route.LoaderArgs) {
  const client = upstream(args);
  const [seller, settings, catalogue] = await orRouteError(
    Promise.all([client.onboarding.seller(), client.uploadSettings.uploadSettings(), client.onboarding.catalogueImportProgress()]),
  );
  const files = seller.sellerCatalogueFiles;
  const steps = uploadStepStatuses({ state: seller.state, catalogue, files });
  // Files waiting for settings not saved yet: the page says why the seller is here and where the files are.
  const waitingFiles = steps.settings === "COMPLETE" ? [] : files.map((file) => file.fileName);
  return { state: seller.state, settings, steps, waitingFiles };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const t = getI18n(context).t;
  const client = upstream(args);
  let current: [{ state: SellerStateName }, UploadSettings];
  try {
    current = await Promise.all([sellerState(args), client.uploadSettings.uploadSettings()]);
  } catch (error) {
    return failedUpstreamAction(args, error, t("catalogue.settings.failed"), { lastResult: undefined });
  }
  const [{ state }, stored] = current;
  if (!catalogueEditable(state)) {
    return redirectWithPortalToast("/upload/settings", { type: "warning", message: t(`catalogue.locked.${catalogueLockReason(state)!}`) });
  }
  const submission = parseWithZod(await request.formData(), { schema: settingsSchema(stored.ftpPasswordSet) });
  // The FTP password is write-only: it never travels back to the browser, not even after an error.
  const hideFields = ["ftpPassword"];
  if (submission.status !== "success") return data({ lastResult: submission.reply({ hideFields }), upstreamFailure: null }, { status: 400 });

  try {
    await client.uploadSettings.saveUploadSettings(toInput(submission.value));
    await client.uploadSettings.markAsFilled("UPLOAD_SETTINGS");
    if (submission.value.uploadType === "FTP") await client.uploadSettings.markAsFilled("FTP_SETTINGS");
    const [catalogue, seller] = await Promise.all([client.onboarding.catalogueImportProgress(), client.onboarding.seller()]);
    const next = firstIncompleteStep({ state: seller.state, catalogue, files: seller.sellerCatalogueFiles });
    return redirectWithPortalToast(`/upload/${next}`, { type: "success", message: t("catalogue.settings.saved") });
  } catch (error) {
    return failedUpstreamAction(args, error, t("catalogue.settings.failed"), { lastResult: submission.reply({ hideFields }) });
  }
}

const FORM_ID = "upload-settings";
/** The fields the error summary lists, in the form's order. */
const SETTINGS_FIELDS = ["feedUrl", "feedFormat", "feedSchedule", "ftpHost", "ftpPort", "ftpUser", "ftpPassword", "ftpPath"] as const;

/** How the catalogue arrives: direct upload, a feed the marketplace fetches, or an FTP server. */
function UploadSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { settings, steps, state, waitingFiles } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction === "/upload/settings";
  const lockReason = catalogueLockReason(state);
  // The schema (and zod) once the page is hydrated, for whether a password is stored; the server's check until then (ADR 037).
  const check = useSchemaCheck(
    () => import("#app/lib/catalogue/upload-settings-form.ts").then((rules) => rules.settingsSchema(settings.ftpPasswordSet)),
    String(settings.ftpPasswordSet),
  );
  const [form, fields] = useForm<SettingsForm>({
    id: FORM_ID,
    lastResult: navigation.state === "idle" ? actionData?.lastResult : undefined,
    defaultValue: {
      uploadType: settings.uploadType,
      feedUrl: settings.feedUrl ?? "",
      feedFormat: settings.feedFormat ?? "CSV",
      feedSchedule: settings.feedSchedule ?? "DAILY",
      ftpHost: settings.ftpHost ?? "",
      ftpPort: String(settings.ftpPort ?? 21),
      ftpUser: settings.ftpUser ?? "",
      ftpPath: settings.ftpPath ?? "",
    },
    onValidate: check,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // The settings schema's messages are translation keys below `catalogue.`.
  const texts = { message: (key: string) => t(`catalogue.${key}`), label: (name: string) => t(`catalogue.settings.${name}`) };
  // Read once here for the summary and every field (FormFields).
  const errors = Object.fromEntries(SETTINGS_FIELDS.map((name) => [name, fields[name].errors]));
  // The choice of how the catalogue arrives is three radio buttons of one field, read once for all three.
  const uploadType = { id: fields.uploadType.id, name: fields.uploadType.name, saved: fields.uploadType.initialValue ?? "DIRECT" };
  const summary: SummaryItem[] = SETTINGS_FIELDS.flatMap((name) =>
    (errors[name] ?? []).map((key) => ({ fieldId: fieldId(FORM_ID, name), label: texts.label(name), message: texts.message(key) })),
  );

  return (
    <article className="upload">
      <h1>{t("catalogue.title")}</h1>
      <UploadSteps current="settings" statuses={steps} />
      <h2>{t("catalogue.settings.title")}</h2>
      {waitingFiles.length > 0 && !lockReason ? (
        <p className="notice" id="settings-first">
          {t("catalogue.settings.filesWaiting", { count: waitingFiles.length, names: waitingFiles.join(", ") })}
        </p>
      ) : null}
      <p>{t("catalogue.settings.lead")}</p>
      {lockReason ? (
        <p className="notice" role="status">
          {t(`catalogue.locked.${lockReason}`)}
        </p>
      ) : null}
      <ErrorSummary items={summary} upstream={actionData && "upstreamFailure" in actionData ? actionData.upstreamFailure : null} />
      <Form method="post" {...readFormProps(form)} className="upload-settings">
        <fieldset disabled={Boolean(lockReason) || saving} className="upload-settings__all">
          <FormFields formId={FORM_ID} initialValue={form.initialValue} errors={errors}>
            <FieldTextsProvider value={texts}>
              <fieldset className="upload-settings__types">
                <legend>{t("catalogue.settings.uploadType")}</legend>
                {uploadTypes.map((type) => (
                  <div key={type} className="choice">
                    <input
                      type="radio"
                      id={`${uploadType.id}-${type}`}
                      name={uploadType.name}
                      value={type}
                      defaultChecked={uploadType.saved === type}
                      aria-describedby={`${uploadType.id}-${type}-hint`}
                    />
                    <label htmlFor={`${uploadType.id}-${type}`}>{t(`catalogue.settings.types.${type}`)}</label>
                    <p id={`${uploadType.id}-${type}-hint`} className="choice__hint">
                      {t(`catalogue.settings.types.${type}_hint`)}
                    </p>
                  </div>
                ))}
              </fieldset>

              <fieldset className="upload-settings__group upload-settings__group--feed">
                <legend>{t("catalogue.settings.feed")}</legend>
                <TextField field={fields.feedUrl} label={t("catalogue.settings.feedUrl")} type="url" />
                <SelectField
                  field={fields.feedFormat}
                  label={t("catalogue.settings.feedFormat")}
                  options={catalogueFileTypes.map((value) => ({ value, label: value }))}
                  withoutChoice
                />
                <SelectField
                  field={fields.feedSchedule}
                  label={t("catalogue.settings.feedSchedule")}
                  options={feedSchedules.map((value) => ({ value, label: t(`catalogue.settings.schedules.${value}`) }))}
                  withoutChoice
                />
              </fieldset>

              <fieldset className="upload-settings__group upload-settings__group--ftp">
                <legend>{t("catalogue.settings.ftp")}</legend>
                <TextField field={fields.ftpHost} label={t("catalogue.settings.ftpHost")} />
                <TextField field={fields.ftpPort} label={t("catalogue.settings.ftpPort")} type="number" />
                <TextField field={fields.ftpUser} label={t("catalogue.settings.ftpUser")} autoComplete="off" />
                <TextField
                  field={fields.ftpPassword}
                  label={t("catalogue.settings.ftpPassword")}
                  type="password"
                  autoComplete="new-password"
                  hint={settings.ftpPasswordSet ? t("catalogue.settings.ftpPasswordStored") : undefined}
                />
                <TextField field={fields.ftpPath} label={t("catalogue.settings.ftpPath")} />
              </fieldset>
            </FieldTextsProvider>
          </FormFields>
          <p>
            <button type="submit" className="button button--primary">
              {saving ? t("catalogue.settings.saving") : t("catalogue.settings.save")}
            </button>
          </p>
        </fieldset>
      </Form>
    </article>
  );
}

export function ErrorBoundary() {
  return <CatalogueErrorView />;
}

export const meta: Route.MetaFunction = () => [{ title: "Upload settings · Seller Portal" }];

export default routeComponent(UploadSettingsPage);
