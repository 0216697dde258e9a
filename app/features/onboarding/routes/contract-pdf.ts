import { create as contentDisposition } from "content-disposition";
import { contractPdf } from "~/features/onboarding/contract-pdf.server";
import { authorize } from "~/features/shell/authorize.server";
import { downloadFailures } from "~/features/shell/errors/download-failure.server";
import { upstream } from "~/features/shell/upstream.server";
import { getI18n, getLocale } from "~/shared/i18n/i18n.server";
import { orRouteError } from "~/shared/upstream/upstream-error.server";
import type { Route } from "./+types/contract-pdf";
import { dateTimeFormat } from "~/shared/intl-formats";

export const middleware = [
  downloadFailures({ page: () => "/shop-setup/contract" }),
  authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" }),
];

/** The seller agreement in force as a PDF in the page's language, with who accepted which version when. */
export async function loader(args: Route.LoaderArgs) {
  const client = upstream(args).onboarding;
  const [terms, view] = await orRouteError(Promise.all([client.contractTerms(), client.step("contract")]));
  const t = getI18n(args.context).t;
  const language = getLocale(args.context);
  const day = dateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" });
  const moment = dateTimeFormat(language, { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Berlin" });
  const acceptance = view.acceptance;
  const bytes = await contractPdf(terms, {
    versionOf: t("onboarding.contract.versionOf", { version: terms.version, date: day.format(new Date(`${terms.date}T00:00:00Z`)) }),
    acceptance: acceptance
      ? t("onboarding.contract.acceptedRecord", {
          name: acceptance.signerName,
          account: acceptance.acceptedBy,
          version: acceptance.version,
          date: moment.format(new Date(acceptance.acceptedAt)),
        })
      : null,
    footer: t("onboarding.contract.pdfFooter", { date: moment.format(new Date()) }),
  });
  const fileName = `${terms.title} ${terms.version}.pdf`;
  return new Response(bytes, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(fileName),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
