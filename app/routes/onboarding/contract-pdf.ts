import { create as contentDisposition } from "content-disposition";
import { contractPdf } from "#app/services/onboarding/contract-pdf.server.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { downloadFailures } from "#app/services/shell/download-failure.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { getI18n, getLocale } from "#app/services/i18n/i18n.server.ts";
import { orRouteError } from "#app/services/upstream/upstream-error.server.ts";
import type { Route } from "./+types/contract-pdf";
import { dateTimeFormat, formatMoment } from "#app/lib/intl-formats.ts";

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
  const acceptance = view.acceptance;
  const bytes = await contractPdf(terms, {
    versionOf: t("onboarding.contract.versionOf", { version: terms.version, date: day.format(new Date(`${terms.date}T00:00:00Z`)) }),
    acceptance: acceptance
      ? t("onboarding.contract.acceptedRecord", {
          name: acceptance.signerName,
          account: acceptance.acceptedBy,
          version: acceptance.version,
          date: formatMoment(language, acceptance.acceptedAt, "long"),
        })
      : null,
    footer: t("onboarding.contract.pdfFooter", { date: formatMoment(language, new Date(), "long") }),
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
