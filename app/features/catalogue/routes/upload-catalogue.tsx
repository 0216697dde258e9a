import { parseWithZod } from "@conform-to/zod/v4";
import type { HeaderMapping } from "@contract/catalogue";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import type { CatalogueAnalysis } from "@contract/catalogue-analysis";
import { CatalogueErrorView } from "~/features/catalogue/components/error-view";
import { ErrorSummary } from "~/features/catalogue/components/form-errors";
import { MappingSection } from "~/features/catalogue/components/mapping-section";
import { UploadForm } from "~/features/catalogue/components/upload-form";
import { UploadSteps } from "~/features/catalogue/components/upload-steps";
import { CatalogueReturnNotice } from "~/features/catalogue/components/catalogue-return-notice";
import { FileReading, type FormatOverrideView } from "~/features/catalogue/components/file-reading";
import { ValidationReport } from "~/features/catalogue/components/validation-report";
import { catalogueEditable, catalogueLockReason, firstIncompleteStep, formatBytes, uploadProblemMessage } from "~/features/catalogue/catalogue-steps";
import { MappingSchema } from "~/features/catalogue/mapping";
import { authorize } from "~/features/shell/authorize.server";
import { sellerState } from "~/features/shell/seller-state.server";
import { failedUpstreamAction, upstreamFailure, type UpstreamFailure } from "~/features/catalogue/actions.server";
import { loadMappingForm, type MappingForm } from "~/features/catalogue/headers.server";
import { afterMappingSaved, overridePreview, overrideRequested, readFileAgain } from "~/features/catalogue/review.server";
import { catalogueUploadLimit, discardRequestBody, forwardCatalogueUpload, uploadedToast } from "~/features/catalogue/upload.server";
import { getI18n, getLocale } from "~/shared/i18n/i18n.server";
import { redirectWithPortalToast } from "~/features/shell/toasts/toast.server";
import { upstream } from "~/features/shell/upstream.server";
import { HandOverPanel } from "~/features/onboarding/components/hand-over-panel";
import { loadProgress, toReviewOrRefuse } from "~/features/onboarding/hand-over.server";
import { orRouteError, settle, UpstreamError } from "~/shared/upstream/upstream-error.server";
import catalogueStylesHref from "~/features/catalogue/catalogue.css?url";
import fileReviewStylesHref from "~/features/catalogue/file-review.css?url";
import type { Route } from "./+types/upload-catalogue";
import { DataTable } from "~/shared/ui/data-table";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  // The one progress model: the hand-over below offers itself, or lists what is missing, as the task list does.
  const { seller, catalogue: progress, progress: setup } = await orRouteError(loadProgress(args));
  const files = seller.sellerCatalogueFiles;
  const requested = url.searchParams.get("fileId");
  // The file to map: the one asked for, else the first still unmapped, else the newest.
  const mappingFile = files.find((file) => file.id === requested) ?? files.find((file) => !file.mappingComplete) ?? files.at(-1);
  let mapping: MappingForm | null = null;
  let analysis: CatalogueAnalysis | null = null;
  let mappingFailure: UpstreamFailure | null = null;
  let override: FormatOverrideView | null = null;
  if (mappingFile) {
    const [loaded, preview] = await Promise.all([
      loadMappingForm(args, mappingFile.id).catch((error: unknown) => {
        if (!(error instanceof UpstreamError)) throw error;
        // The rest of the page still works: the mapping section says what went wrong.
        mappingFailure = upstreamFailure(error, getI18n(args.context).t("catalogue.mapping.headersFailed"));
        return null;
      }),
      overrideRequested(url) ? overridePreview(args, mappingFile.id, url) : null,
    ]);
    mapping = loaded?.mapping ?? null;
    analysis = loaded?.analysis ?? null;
    override = preview;
  }
  return {
    state: seller.state,
    catalogueReturn: seller.catalogueReturn ?? null,
    files,
    progress,
    mapping,
    analysis,
    override,
    mappingFailure,
    limitBytes: catalogueUploadLimit(),
    missing: setup.missing,
  };
}

type UploadFailure = { problem: string; message: string };

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const t = getI18n(context).t;
  const client = upstream(args);
  const isUpload = /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "");

  const current = await settle(sellerState(args));
  if (!current.ok) {
    if (isUpload) discardRequestBody(request);
    return failedUpstreamAction(args, current.error, t("catalogue.upload.errors.upstream"), { intent: "state" as const });
  }
  const { state } = current.value;
  if (!catalogueEditable(state)) {
    // A refused upload goes nowhere: what the browser still sends is dropped.
    if (isUpload) discardRequestBody(request);
    return redirectWithPortalToast("/upload/catalog", { type: "warning", message: t(`catalogue.locked.${catalogueLockReason(state)!}`) });
  }

  if (isUpload) {
    const outcome = await forwardCatalogueUpload(args);
    if (outcome.ok) {
      const progress = await client.onboarding.catalogueImportProgress().catch(() => null);
      const step = progress ? firstIncompleteStep(progress) : "catalog";
      const { type, message, anchor } = uploadedToast(t, outcome);
      return redirectWithPortalToast(`/upload/${step}${step === "catalog" ? `?fileId=${encodeURIComponent(outcome.file.id)}${anchor}` : ""}`, {
        type,
        message,
      });
    }
    if (outcome.problem === "session") throw outcome.response;
    const failure: UploadFailure = {
      problem: outcome.problem,
      message: uploadProblemMessage(t, { problem: outcome.problem, fileName: outcome.fileName }, catalogueUploadLimit(), getLocale(context)),
    };
    const status = outcome.problem === "tooLarge" ? 413 : outcome.problem === "upstream" ? 502 : 400;
    if (outcome.problem === "upstream") {
      return failedUpstreamAction(args, outcome.error, failure.message, { intent: "upload" as const, upload: failure });
    }
    return data({ intent: "upload" as const, upload: failure }, { status });
  }

  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "delete") {
    const fileId = String(formData.get("fileId") ?? "");
    const fileName = String(formData.get("fileName") ?? "");
    try {
      await client.catalogueUpload.deleteFile(fileId);
    } catch (error) {
      return failedUpstreamAction(args, error, t("catalogue.files.deleteFailed"), { intent: "delete" as const });
    }
    return redirectWithPortalToast("/upload/catalog", { type: "success", message: t("catalogue.files.deleted", { name: fileName }) });
  }

  // The hand-over is confirmed on the review page only: from here a POST leads there, or is refused with what is missing.
  if (intent === "finish") return toReviewOrRefuse(args, "/upload/catalog");

  if (intent === "read") {
    const fileNameOf = async (fileId: string) => (await client.onboarding.seller()).sellerCatalogueFiles.find((file) => file.id === fileId)?.fileName ?? "";
    const outcome = await readFileAgain(args, formData, fileNameOf);
    if (outcome.ok) {
      return redirectWithPortalToast(`/upload/catalog?fileId=${encodeURIComponent(outcome.fileId)}#reading-title`, {
        type: "success",
        message: outcome.message,
      });
    }
    if (outcome.error) return failedUpstreamAction(args, outcome.error, outcome.view.failure!.message, { intent: "read" as const, override: outcome.view });
    return data({ intent: "read" as const, override: outcome.view }, { status: 400 });
  }

  const submission = parseWithZod(formData, { schema: MappingSchema });
  if (submission.status !== "success") return data({ intent: "map" as const, lastResult: submission.reply() }, { status: 400 });
  const { fileId, columns } = submission.value;
  const headerMapping: HeaderMapping = Object.fromEntries(columns.filter((column) => column.field).map((column) => [column.header, column.field!]));
  try {
    const saved = await client.catalogueUpload.saveHeaderMapping(fileId, headerMapping);
    const { warning } = await afterMappingSaved(
      args,
      fileId,
      columns.map((column) => column.header),
      headerMapping,
    );
    return redirectWithPortalToast(`/upload/catalog?fileId=${encodeURIComponent(fileId)}`, {
      type: warning ? "warning" : "success",
      message: warning ? `${t("catalogue.mapping.saved", { name: saved.fileName })} ${warning}` : t("catalogue.mapping.saved", { name: saved.fileName }),
    });
  } catch (error) {
    return failedUpstreamAction(args, error, t("catalogue.mapping.failed"), { intent: "map" as const, lastResult: submission.reply() });
  }
}

/** The seller's catalogue files, uploading another, mapping a file's columns, and handing the catalogue over. */
export default function UploadCatalogPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { state, files, progress, mapping, analysis, mappingFailure, limitBytes, catalogueReturn } = loaderData;
  const navigation = useNavigation();
  const submittingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const lockReason = catalogueLockReason(state);
  const locked = Boolean(lockReason);
  const complete = {
    settings: progress.find((step) => step.stepType === "UPLOAD_SETTINGS")?.complete === true,
    catalog: progress.find((step) => step.stepType === "FILE_UPLOAD")?.complete === true,
  };
  const failure = actionData && "upstreamFailure" in actionData ? actionData.upstreamFailure : null;
  // A refused "read the file this way" shows its own form again; otherwise the preview the address asks for.
  const override = actionData?.intent === "read" && "override" in actionData ? actionData.override : loaderData.override;
  const mappingFileName = mapping ? mapping.fileName : null;
  const uploadFailure = actionData && "upload" in actionData ? actionData.upload : null;
  const refused = actionData && "handOverRefused" in actionData ? actionData.handOverRefused : null;
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });

  return (
    <article className="upload">
      <h1>{t("catalogue.title")}</h1>
      <UploadSteps current="catalog" complete={complete} />
      <CatalogueReturnNotice catalogueReturn={catalogueReturn} next="taskList" />
      {lockReason ? (
        <p className="notice" role="status">
          {t(`catalogue.locked.${lockReason}`)}
        </p>
      ) : null}
      {failure && actionData && actionData.intent !== "map" && actionData.intent !== "upload" && actionData.intent !== "read" ? (
        <ErrorSummary items={[]} upstream={failure} />
      ) : null}

      <section aria-labelledby="files-title">
        <h2 id="files-title">{t("catalogue.files.title")}</h2>
        {files.length === 0 ? (
          <p>{t("catalogue.files.none")}</p>
        ) : (
          <DataTable
            className="table catalogue-files"
            columns={[
              t("catalogue.files.name"),
              t("catalogue.files.size"),
              t("catalogue.files.uploadedAt"),
              t("catalogue.files.mapping"),
              t("catalogue.files.actions"),
            ]}
          >
            {files.map((file) => (
              <tr key={file.id}>
                <th scope="row">{file.fileName}</th>
                <td>{formatBytes(t, file.size, i18n.language)}</td>
                <td>{dateFormat.format(new Date(file.uploadedAt))}</td>
                <td>{file.mappingComplete ? t("catalogue.files.mapped") : t("catalogue.files.unmapped")}</td>
                <td className="catalogue-files__actions">
                  <a
                    href={`/upload/catalog/file?fileId=${encodeURIComponent(file.id)}`}
                    download
                    aria-label={t("catalogue.files.downloadNamed", { name: file.fileName })}
                  >
                    {t("catalogue.files.download")}
                  </a>
                  <Link
                    to={`/upload/catalog?fileId=${encodeURIComponent(file.id)}#mapping-title`}
                    aria-label={t("catalogue.files.mapNamed", { name: file.fileName })}
                  >
                    {t("catalogue.files.map")}
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="fileId" value={file.id} />
                    <input type="hidden" name="fileName" value={file.fileName} />
                    <button
                      type="submit"
                      name="intent"
                      value="delete"
                      className="button button--secondary"
                      disabled={locked}
                      aria-label={t("catalogue.files.deleteNamed", { name: file.fileName })}
                    >
                      {t("catalogue.files.delete")}
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        <UploadForm limitBytes={limitBytes} disabled={locked} serverError={uploadFailure?.message ?? null} />
        {uploadFailure && failure ? <ErrorSummary items={[]} upstream={failure} /> : null}
      </section>

      {mapping && analysis ? (
        <FileReading
          key={`reading-${mapping.fileId}-${analysis.analysedAt}`}
          fileId={mapping.fileId}
          fileName={mappingFileName!}
          format={analysis.format}
          preview={analysis.preview}
          topRows={analysis.topRows}
          override={override}
          disabled={locked}
          reading={submittingIntent === "read"}
        />
      ) : mapping && !locked ? (
        <section aria-labelledby="reading-title" className="file-reading">
          <h2 id="reading-title">{t("catalogueIntelligence.reading.title")}</h2>
          {override?.failure ? <ErrorSummary items={[]} upstream={override.failure} /> : null}
          <p>{t("catalogueIntelligence.reading.notAnalysed")}</p>
          <Form method="post">
            <input type="hidden" name="fileId" value={mapping.fileId} />
            <button type="submit" name="intent" value="read" className="button button--secondary" disabled={submittingIntent === "read"}>
              {submittingIntent === "read" ? t("catalogueIntelligence.reading.applying") : t("catalogueIntelligence.reading.analyse")}
            </button>
          </Form>
        </section>
      ) : null}

      {mapping ? (
        <MappingSection
          key={`mapping-${mapping.fileId}-${analysis?.analysedAt ?? ""}`}
          mapping={mapping}
          disabled={locked}
          lastResult={actionData && "lastResult" in actionData && navigation.state === "idle" ? actionData.lastResult : undefined}
          failure={actionData?.intent === "map" ? failure : null}
          saving={submittingIntent === "map"}
          loading={navigation.state === "loading"}
        />
      ) : mappingFailure ? (
        <section aria-labelledby="mapping-title">
          <h2 id="mapping-title">{t("catalogue.mapping.title")}</h2>
          <ErrorSummary items={[]} upstream={mappingFailure} />
        </section>
      ) : null}

      {mapping && analysis ? (
        <ValidationReport key={`report-${mapping.fileId}-${analysis.analysedAt}`} fileId={mapping.fileId} report={analysis.report} />
      ) : null}

      {lockReason ? null : <HandOverPanel missing={refused ?? loaderData.missing} refused={Boolean(refused)} className="upload-finish" />}
    </article>
  );
}

export function ErrorBoundary() {
  return <CatalogueErrorView />;
}

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: catalogueStylesHref },
  { rel: "stylesheet", href: fileReviewStylesHref },
];

export const meta: Route.MetaFunction = () => [{ title: "Catalogue · Seller Portal" }];
