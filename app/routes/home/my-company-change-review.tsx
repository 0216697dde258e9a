import { ChangeReview } from "#app/components/home/change-review.tsx";
import { changeReviewAction, changeReviewLoader } from "#app/services/home/my-company-changes.server.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { isUpstreamId } from "#app/lib/upstream-id.ts";
import type { Route } from "./+types/my-company-change-review";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["onboarding"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export const middleware = [authorize({ rule: "sellerAdministrator", validate: ({ params }) => isUpstreamId(params.changeId) })];

export async function loader(args: Route.LoaderArgs) {
  return changeReviewLoader(args);
}

export async function action(args: Route.ActionArgs) {
  return changeReviewAction(args);
}

/** One change of my company: reviewed and confirmed while a draft, then where it stands. */
function MyCompanyChangeReview({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="review-title" className="company-change">
      <h1 id="review-title">{loaderData.title}</h1>
      <ChangeReview change={loaderData.change} onRecord={loaderData.onRecord} mayConfirm={loaderData.mayConfirm} />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "My company"} · Seller Portal` }];

export default routeComponent(MyCompanyChangeReview);
