/**
 * The access check every protected route declares next to itself:
 * `export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive" })]`.
 * Middleware runs before the loaders and before the action, so a POST is
 * refused exactly like a GET. A route that more may read than change names
 * who may change (`changes`): a request that is no GET or HEAD needs both.
 *
 * The seller-state rule costs an upstream call: it runs beside the page's
 * loaders on a GET and before the action otherwise (check-beside.server.ts).
 */
import { redirect, type MiddlewareFunction } from "react-router";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { accessRule, isAllowed, isSellerRole, sellerStateAllows, type AccessRuleName, type RouteAccess, type SellerStateRule } from "#app/lib/access.ts";
import { requireUser } from "./current-user.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { notFound } from "#app/services/http/not-found.server.ts";
import { sellerState } from "./seller-state.server.ts";
import { redirectWithPortalToast } from "#app/services/toasts/toast.server.ts";
import { wayBackFromActingAsSeller } from "#app/services/acting-as-seller/way-back.ts";
import { answerIfCheckPasses } from "./check-beside.server.ts";
import { checkNotMade } from "./check-not-made.server.ts";

type GuardArgs = RequestArgs & { url: URL; pattern: string; params: Record<string, string | undefined> };

export type RouteGuard = RouteAccess & {
  /** The route's own check of its URL: false renders 404 "Page Not Found" (docs/product.md §2). */
  validate?: (args: GuardArgs) => boolean | Promise<boolean>;
  /** The second factor's enrolment page alone: reachable by a session its role's second factor is missing from. */
  withoutSecondFactor?: boolean;
};

/** Resolves when the seller's state allows the page; rejects with the redirect (or the route error) to answer instead. */
async function checkSellerState(args: GuardArgs, rule: SellerStateRule): Promise<void> {
  const { state } = await sellerState(args).catch(async (error: unknown) => {
    throw await checkNotMade(args, error);
  });
  // Sent elsewhere than asked: the start page says why (an active seller's old link to onboarding, a page not open yet).
  if (!sellerStateAllows(rule, state)) {
    throw await redirectWithPortalToast("/default-redirect", { type: "info", message: getI18n(args.context).t(`access.sellerState.${rule}`) });
  }
}

export type AuthorizeMiddleware = MiddlewareFunction<Response> & { access: RouteAccess };

export function authorize(guard: RouteGuard): AuthorizeMiddleware {
  const rule = accessRule(guard.rule satisfies AccessRuleName);
  const changesRule = guard.changes ? accessRule(guard.changes) : undefined;
  const middleware: MiddlewareFunction<Response> = async (args, next) => {
    const user = await requireUser(args, { withoutSecondFactor: guard.withoutSecondFactor });
    const url = new URL(args.request.url);
    const loadsOnly = args.request.method === "GET" || args.request.method === "HEAD";

    if (!isAllowed(rule, user.role) || (changesRule && !loadsOnly && !isAllowed(changesRule, user.role))) {
      args.context.get(requestMetaContext).log.error(
        {
          kind: "authorization",
          path: url.pathname,
          method: args.request.method,
          role: user.role,
          rule: loadsOnly ? guard.rule : (guard.changes ?? guard.rule),
        },
        "access denied",
      );
      // Still acting as a seller (a later sign-in finds it so): the way back to the staff account, not a bare refusal.
      if (user.substitutionMode) throw redirect(wayBackFromActingAsSeller(url));
      throw await redirectWithPortalToast("/default-redirect", {
        type: "error",
        message: getI18n(args.context).t("access.denied"),
      });
    }

    const stateCheck = guard.sellerState && isSellerRole(user.role) ? checkSellerState(args, guard.sellerState) : undefined;
    const validated = async () => {
      const valid = guard.validate
        ? await Promise.resolve(guard.validate(args)).catch(async (error: unknown) => {
            throw await checkNotMade(args, error);
          })
        : true;
      if (!valid) throw await notFound(args);
      return next();
    };
    return stateCheck ? answerIfCheckPasses(args.request, stateCheck, validated) : validated();
  };
  return Object.assign(middleware, { access: { rule: guard.rule, sellerState: guard.sellerState, changes: guard.changes } });
}
