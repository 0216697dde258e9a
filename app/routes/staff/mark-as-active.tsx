import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { UpstreamId } from "#app/lib/upstream-id.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { requireUser } from "#app/services/session/current-user.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { sellerForPage } from "#app/services/staff/sellers.server.ts";
import { dataWithPortalToast, upstreamErrorToast } from "#app/services/toasts/toast.server.ts";
import { redirectWithOutcome } from "#app/services/toasts/outcome.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { failureStatus, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import { defaultPath } from "#app/lib/access.ts";
import { SellerFacts } from "#app/components/staff/seller-facts.tsx";
import type { Route } from "./+types/mark-as-active";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["staff"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

const SellerIdQuery = z.object({ sellerId: UpstreamId });

/** No sellerId (or a malformed one) is a page that does not exist. */
export const middleware = [
  authorize({ rule: "markAsActive", validate: ({ request }) => SellerIdQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams)).success }),
];

export async function loader(args: Route.LoaderArgs) {
  const { sellerId } = SellerIdQuery.parse(Object.fromEntries(args.url.searchParams));
  const [user, seller] = await Promise.all([requireUser(args), sellerForPage(args, sellerId)]);
  return {
    seller,
    back: defaultPath(user.role),
    title: getI18n(args.context).t("staff.markActive.title"),
  };
}

/** Marks the seller active, only from CATALOGUE_DATA_MAPPING_FINISHED (upstream refuses otherwise, with its reason). */
export async function action(args: Route.ActionArgs) {
  const { context } = args;
  const { sellerId } = SellerIdQuery.parse(Object.fromEntries(args.url.searchParams));
  const t = getI18n(context).t;
  try {
    const seller = await upstream(args).staff.markAsActive(sellerId);
    return redirectWithOutcome(`/sellers/${encodeURIComponent(seller.onboardingSellerId)}`, { kind: "activated", seller: seller.name, state: seller.state });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return dataWithPortalToast(args, { failed: true }, upstreamErrorToast(error, t("staff.markActive.failed")), { status: failureStatus(error) });
  }
}

function MarkAsActive({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { seller, back } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const ready = seller.state === "CATALOGUE_DATA_MAPPING_FINISHED";
  return (
    <div className="staff-page">
      <h1>{t("staff.markActive.title")}</h1>
      <SellerFacts seller={seller} />
      {ready ? (
        <Form method="post" className="staff-confirm">
          <p>{t("staff.markActive.confirm", { seller: seller.name })}</p>
          <div className="staff-confirm__actions">
            <button type="submit" className="button button--primary" disabled={submitting} aria-busy={submitting || undefined}>
              {t("staff.markActive.submit")}
            </button>
            <Link to={back} className="button button--secondary">
              {t("staff.markActive.cancel")}
            </Link>
          </div>
        </Form>
      ) : (
        <>
          <p className="notice" role="status">
            {t("staff.markActive.notReady", { state: t(`staff.states.${seller.state}`) })}
          </p>
          <p>
            <Link to={back}>{t("staff.markActive.backToList")}</Link>
          </p>
        </>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ""} · Seller Portal` }];

export default routeComponent(MarkAsActive);
