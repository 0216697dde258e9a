import { Form, Link, useNavigation } from "react-router";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { resetAction, resetPageLoader } from "#app/services/staff/second-factor-reset.server.ts";
import { FactorState } from "#app/components/staff/second-factor-accounts.tsx";
import { useStaffDates } from "#app/lib/staff-dates.ts";
import type { Route } from "./+types/second-factor-reset";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["secondFactorReset"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

/**
 * Resetting a lost second factor: find the account by its address (GET form), review who it is and what the reset
 * does, and confirm with a button that names the person. It cannot be undone: the person sets up two-factor sign-in
 * again at their next sign-in.
 */
export const middleware = [authorize({ rule: "secondFactorReset" })];

export async function loader(args: Route.LoaderArgs) {
  return resetPageLoader(args);
}

export async function action(args: Route.ActionArgs) {
  return resetAction(args);
}

function SecondFactorResetPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { dateTime } = useStaffDates();
  const { lookup, account, notFound } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  return (
    <div className="staff-page">
      <h1>{t("secondFactorReset.title")}</h1>
      <p className="staff-page__lead">{t("secondFactorReset.lead")}</p>
      <Form method="get" className="staff-form" aria-labelledby="second-factor-lookup">
        <h2 id="second-factor-lookup" className="visually-hidden">
          {t("secondFactorReset.lookup.title")}
        </h2>
        <div className="field">
          <label htmlFor="second-factor-email">{t("secondFactorReset.lookup.email")}</label>
          <input
            id="second-factor-email"
            name="email"
            type="email"
            autoComplete="off"
            defaultValue={lookup.email}
            aria-invalid={lookup.invalid || undefined}
            aria-describedby={lookup.invalid ? "second-factor-email-error" : undefined}
            required
          />
          {lookup.invalid ? (
            <p id="second-factor-email-error" className="field__error">
              {t("secondFactorReset.lookup.invalid")}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button--secondary">
          {t("secondFactorReset.lookup.submit")}
        </button>
      </Form>
      {notFound ? (
        <p className="notice" role="status">
          {t("secondFactorReset.lookup.notFound", { email: lookup.email })}
        </p>
      ) : null}
      {account ? (
        <section aria-labelledby="second-factor-review" className="panel staff-confirm">
          <h2 id="second-factor-review">{t("secondFactorReset.reviewTitle", { email: account.email })}</h2>
          <dl className="seller-facts">
            <dt>{t("secondFactorReset.users.email")}</dt>
            <dd>{account.email}</dd>
            <dt>{t("secondFactorReset.users.role")}</dt>
            <dd>{t(`roles.${account.role}`)}</dd>
            {account.sellerId ? (
              <>
                <dt>{t("secondFactorReset.seller")}</dt>
                <dd>
                  <Link to={`/sellers/${encodeURIComponent(account.sellerId)}/users`}>{account.sellerName ?? account.sellerId}</Link>
                </dd>
              </>
            ) : null}
            <dt>{t("secondFactorReset.users.factor")}</dt>
            <dd>
              <FactorState enrolled={account.enrolled} lastReset={undefined} />
            </dd>
          </dl>
          {account.resets.length > 0 ? (
            <>
              <h3>{t("secondFactorReset.history")}</h3>
              <ul>
                {account.resets.map((reset, index) => (
                  <li key={index}>{t("secondFactorReset.state.lastReset", { at: dateTime(reset.resetAt), by: reset.resetByEmail })}</li>
                ))}
              </ul>
            </>
          ) : null}
          {account.offer.reset ? (
            <Form method="post">
              <input type="hidden" name="userId" value={account.userId} />
              <input type="hidden" name="email" value={account.email} />
              <p>{t("secondFactorReset.confirm", { email: account.email })}</p>
              <p className="notice">{t("secondFactorReset.irreversible")}</p>
              <div className="staff-confirm__actions">
                <button type="submit" className="button button--danger" disabled={submitting} aria-busy={submitting || undefined}>
                  {t("secondFactorReset.submit", { email: account.email })}
                </button>
                {account.sellerId ? (
                  <Link to={`/sellers/${encodeURIComponent(account.sellerId)}/users`} className="button button--secondary">
                    {t("secondFactorReset.cancel")}
                  </Link>
                ) : null}
              </div>
            </Form>
          ) : (
            <p className="notice" role="status">
              {t(`secondFactorReset.refused.${account.offer.why}`)}
            </p>
          )}
        </section>
      ) : null}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ""} · Seller Portal` }];

export default routeComponent(SecondFactorResetPage);
