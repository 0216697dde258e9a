import { ChangeReview } from "~/features/home/my-company/change-review";
import { changeReviewAction, changeReviewLoader } from "~/features/home/my-company/changes.server";
import { authorize } from "~/features/shell/authorize.server";
import type { Route } from "./+types/my-company-change-review";

export const middleware = [authorize({ rule: "sellerAdministrator" })];

export async function loader(args: Route.LoaderArgs) {
  return changeReviewLoader(args);
}

export async function action(args: Route.ActionArgs) {
  return changeReviewAction(args);
}

/** One change of my company: reviewed and confirmed while a draft, then where it stands. */
export default function MyCompanyChangeReview({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="review-title" className="company-change">
      <h1 id="review-title">{loaderData.title}</h1>
      <ChangeReview change={loaderData.change} onRecord={loaderData.onRecord} mayConfirm={loaderData.mayConfirm} />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "My company"} · Seller Portal` }];
