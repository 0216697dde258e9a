import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { UpstreamId } from "#app/lib/upstream-id.ts";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { fieldId, FormFields, readFormProps } from "#app/components/ui/field-reading.tsx";
import { TextField } from "#app/components/ui/fields.tsx";
import { deleteConfirmationSchema } from "#app/lib/staff/staff-forms.ts";
import { useSchemaCheck } from "#app/components/ui/use-schema-check.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { sellerForPage } from "#app/services/staff/sellers.server.ts";
import { dataWithPortalToast, upstreamErrorToast } from "#app/services/toasts/toast.server.ts";
import { redirectWithOutcome } from "#app/services/toasts/outcome.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { failureStatus, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import { SellerFacts } from "#app/components/staff/seller-facts.tsx";
import type { Route } from "./+types/delete-seller";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["form", "staff"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

const SellerIdQuery = z.object({ sellerId: UpstreamId });

/** No sellerId (or a malformed one) is a page that does not exist. */
export const middleware = [
  authorize({
    rule: "operatorAdministrator",
    validate: ({ request }) => SellerIdQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams)).success,
  }),
];

export async function loader(args: Route.LoaderArgs) {
  const { sellerId } = SellerIdQuery.parse(Object.fromEntries(args.url.searchParams));
  const seller = await sellerForPage(args, sellerId);
  return { seller, title: getI18n(args.context).t("staff.delete.title") };
}

/** Deletes only when the administrator typed the seller's name; anything else changes nothing. */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { sellerId } = SellerIdQuery.parse(Object.fromEntries(args.url.searchParams));
  const t = getI18n(context).t;
  const api = upstream(args);
  const [formData, seller] = await Promise.all([request.formData(), sellerForPage(args, sellerId)]);
  const submission = parseWithZod(formData, { schema: deleteConfirmationSchema(seller.name) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await api.staff.deleteSeller(seller.onboardingSellerId);
    context.get(requestMetaContext).log.info({ audit: "seller-deleted", sellerId: seller.onboardingSellerId, sellerName: seller.name }, "seller deleted");
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return dataWithPortalToast(args, submission.reply(), upstreamErrorToast(error, t("staff.delete.failed")), { status: failureStatus(error) });
  }
  return redirectWithOutcome("/seller-administration", { kind: "deleted", seller: seller.name, state: null });
}

function DeleteSeller({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { seller } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const formId = "delete-seller";
  // The check once the page is hydrated, for this seller's name; the server's until then (ADR 037).
  const check = useSchemaCheck(() => import("#app/lib/staff/staff-forms.ts").then((forms) => forms.deleteConfirmationSchema(seller.name)), seller.name);
  const [form, fields] = useForm({
    id: formId,
    lastResult: actionData,
    shouldValidate: "onSubmit",
    onValidate: check,
  });
  // Read once here for the summary and the field (FormFields).
  const errors = { confirmName: fields.confirmName.errors };
  const error = errors.confirmName?.[0];
  return (
    <div className="staff-page staff-page--narrow">
      <h1>{t("staff.delete.title")}</h1>
      <SellerFacts seller={seller} />
      <p className="warning-text">{t("staff.delete.warning")}</p>
      <Form method="post" {...readFormProps(form)} className="staff-form">
        <ErrorSummary
          entries={
            form.status === "error" && error
              ? [{ fieldId: fieldId(formId, "confirmName"), label: t("staff.delete.confirmLabel", { seller: seller.name }), message: t(error) }]
              : []
          }
          focusKey={actionData}
        />
        <FormFields formId={formId} initialValue={form.initialValue} errors={errors}>
          <TextField
            field={fields.confirmName}
            label={t("staff.delete.confirmLabel", { seller: seller.name })}
            hint={t("staff.delete.confirmHint")}
            autoComplete="off"
            spellCheck={false}
          />
        </FormFields>
        <div className="staff-confirm__actions">
          <button type="submit" className="button button--danger" disabled={submitting} aria-busy={submitting || undefined}>
            {t("staff.delete.submit")}
          </button>
          <Link to="/seller-administration" className="button button--secondary">
            {t("staff.delete.cancel")}
          </Link>
        </div>
      </Form>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ""} · Seller Portal` }];

export default routeComponent(DeleteSeller);
