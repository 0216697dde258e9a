import type { FieldMetadata } from "@conform-to/react";
import { companyDocumentKinds, DocumentsStep } from "@contract/onboarding";
import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { FileField } from "~/components/onboarding/fields";
import { StepError } from "~/components/onboarding/step-error";
import { holdAtLeast, StepForm } from "~/components/onboarding/step-form";
import { useShopSetup } from "~/components/onboarding/use-shop-setup";
import { useStepForm } from "~/components/onboarding/use-step-form";
import { authorize } from "~/services/authorize.server";
import { getI18n } from "~/services/i18n.server";
import { readFormDataWithin } from "~/services/multipart.server";
import { afterSave } from "~/lib/shop-setup";
import {
  documentTypeError,
  MAX_STEP_UPLOAD_BYTES,
  parseStepForm,
  refuseIfReadOnly,
  savedRedirect,
  upstreamSaveFailure,
  stepTitle,
  uploadTooLarge,
} from "~/services/onboarding.server";
import { sellerState } from "~/services/seller-state.server";
import { redirectWithPortalToast } from "~/services/toast.server";
import { upstream } from "~/services/upstream/index.server";
import { orRouteError } from "~/services/upstream/upstream-error.server";
import type { Route } from "./+types/shop-setup.documents";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

export async function loader(args: Route.LoaderArgs) {
  const list = await orRouteError(upstream(args).onboarding.documents());
  return { documents: list.documents.filter((document) => document.kind !== "IDENTITY_DOCUMENT"), requiredKinds: list.requiredKinds, title: stepTitle(args, "documents") };
}

/** Uploads the chosen documents (each replaces the saved one of its kind), or deletes one. */
export async function action(args: Route.ActionArgs) {
  const formData = await readFormDataWithin(args.request, MAX_STEP_UPLOAD_BYTES);
  if (!formData) return uploadTooLarge();
  const client = upstream(args).onboarding;
  const { submission, answer } = parseStepForm(formData, DocumentsStep);
  let state;
  try {
    ({ state } = await sellerState(args));
  } catch (error) {
    return upstreamSaveFailure(args, submission, error);
  }
  await refuseIfReadOnly(args, "documents", state);

  const remove = formData.get("delete");
  if (typeof remove === "string" && remove) {
    try {
      await client.deleteDocument(remove);
    } catch (error) {
      return upstreamSaveFailure(args, submission, error);
    }
    return redirectWithPortalToast("/shop-setup/documents", { type: "success", message: getI18n(args.context).t("onboarding.documents.deleted") }, { status: 303 });
  }

  if (answer || submission.status !== "success") return answer;
  const chosen = companyDocumentKinds.flatMap((kind) => {
    const file = submission.value[kind];
    return file instanceof File ? [{ kind, file }] : [];
  });
  const typeErrors = Object.fromEntries(
    (await Promise.all(chosen.map(async ({ kind, file }) => [kind, await documentTypeError(file)] as const))).filter(([, problem]) => problem).map(([kind, problem]) => [kind, [problem!]]),
  );
  if (Object.keys(typeErrors).length > 0) return data({ result: submission.reply({ fieldErrors: typeErrors }) }, { status: 400 });
  try {
    await Promise.all(chosen.map(({ kind, file }) => client.uploadDocument(kind, file)));
    const progress = await client.progress();
    const complete = progress.steps.find((entry) => entry.step === "documents")?.status === "COMPLETE";
    return savedRedirect(args, complete ? afterSave(progress, "documents", formData.get("intent")) : "/shop-setup/documents");
  } catch (error) {
    return upstreamSaveFailure(args, submission, error);
  }
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => holdAtLeast(serverAction());

function formatSize(bytes: number, language: string): string {
  return new Intl.NumberFormat(language, { style: "unit", unit: bytes >= 1024 * 1024 ? "megabyte" : "kilobyte", maximumFractionDigits: 1 }).format(
    bytes >= 1024 * 1024 ? bytes / (1024 * 1024) : Math.max(bytes / 1024, 0.1),
  );
}

/** The company's documents: what is required for its legal form, what is there (download, delete), and uploads. */
export default function Documents({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { readOnly } = useShopSetup();
  const { documents, requiredKinds } = loaderData;
  const [form, fields] = useStepForm("documents", DocumentsStep, null, actionData?.result);
  const locked = readOnly.documents !== null;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  return (
    <>
      <h3>{t("onboarding.documents.uploaded")}</h3>
      <table className="table documents-table">
        <thead>
          <tr>
            <th scope="col">{t("onboarding.documents.table.kind")}</th>
            <th scope="col">{t("onboarding.documents.table.file")}</th>
            <th scope="col">{t("onboarding.documents.table.size")}</th>
            <th scope="col">{t("onboarding.documents.table.uploadedAt")}</th>
            <th scope="col">{t("onboarding.documents.table.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {companyDocumentKinds.map((kind) => {
            const document = documents.find((candidate) => candidate.kind === kind);
            const required = requiredKinds.includes(kind);
            return (
              <tr key={kind}>
                <th scope="row">
                  {t(`onboarding.documents.kinds.${kind}`)}{" "}
                  <span className="documents-table__requirement">({required ? t("onboarding.documents.required") : t("onboarding.documents.notRequired")})</span>
                </th>
                {document ? (
                  <>
                    <td>
                      <a href={`/shop-setup/documents/${encodeURIComponent(document.id)}`} download aria-label={t("onboarding.documents.download", { name: document.fileName })}>
                        {document.fileName}
                      </a>
                    </td>
                    <td>{formatSize(document.size, i18n.language)}</td>
                    <td>{date.format(new Date(document.uploadedAt))}</td>
                    <td>
                      {locked ? null : (
                        <Form method="post" action="/shop-setup/documents" encType="multipart/form-data">
                          <button type="submit" name="delete" value={document.id} className="button button--secondary button--small">
                            {t("onboarding.documents.delete", { name: document.fileName })}
                          </button>
                        </Form>
                      )}
                    </td>
                  </>
                ) : (
                  <td colSpan={4} className={required ? "table__missing" : undefined}>
                    {required ? t("onboarding.documents.missing") : "—"}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      <h3>{t("onboarding.documents.upload")}</h3>
      <p className="field__hint">{t("onboarding.documents.uploadHint")}</p>
      <StepForm form={form} action="/shop-setup/documents" readOnly={locked} multipart>
        {companyDocumentKinds.map((kind) => (
          <FileField
            key={kind}
            field={(fields as Record<string, FieldMetadata<unknown>>)[kind]!}
            label={t(`onboarding.documents.kinds.${kind}`)}
            optional={!requiredKinds.includes(kind) || documents.some((document) => document.kind === kind)}
          />
        ))}
      </StepForm>
    </>
  );
}

export function ErrorBoundary() {
  return <StepError />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.title} · Seller Portal` : "Seller Portal" }];
