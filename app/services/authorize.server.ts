/**
 * The access check every protected route declares next to itself:
 * `export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive" })]`.
 * Middleware runs before the loaders and before the action, so a POST is
 * refused exactly like a GET.
 */
import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { accessRule, isAllowed, isSellerRole, sellerStateAllows, type AccessRuleName, type RouteAccess } from "~/lib/access";
import { requireUser } from "./current-user.server";
import { getI18n } from "./i18n.server";
import { requestMetaContext } from "./request-context.server";
import { redirectWithPortalToast } from "./toast.server";
import { upstream } from "./upstream/index.server";
import { orRouteError } from "./upstream/upstream-error.server";

type GuardArgs = { request: Request; params: Record<string, string | undefined>; context: Readonly<RouterContextProvider> };

export type RouteGuard = RouteAccess & {
  /** The original's validate check: false renders 404 "Page Not Found". */
  validate?: (args: GuardArgs) => boolean | Promise<boolean>;
};

/**
 * Nested routes each declare their rule, so one request may run several
 * guards: the seller's state is asked for once per request, not once per guard.
 */
const sellerStates = new WeakMap<object, ReturnType<ReturnType<typeof upstream>["onboarding"]["sellerState"]>>();

function sellerStateOnce(args: GuardArgs) {
  let state = sellerStates.get(args.context);
  if (!state) sellerStates.set(args.context, (state = upstream(args).onboarding.sellerState()));
  return state;
}

export type AuthorizeMiddleware = MiddlewareFunction<Response> & { access: RouteAccess };

export function authorize(guard: RouteGuard): AuthorizeMiddleware {
  const rule = accessRule(guard.rule satisfies AccessRuleName);
  const middleware: MiddlewareFunction<Response> = async (args, next) => {
    const user = await requireUser(args);
    const url = new URL(args.request.url);

    if (!isAllowed(rule, user.role)) {
      args.context.get(requestMetaContext).log.error(
        { kind: "authorization", path: url.pathname, method: args.request.method, role: user.role, rule: guard.rule },
        "access denied",
      );
      throw await redirectWithPortalToast("/default-redirect", {
        type: "error",
        message: getI18n(args.context).t("access.denied"),
      });
    }

    if (guard.sellerState && isSellerRole(user.role)) {
      const { state } = await orRouteError(sellerStateOnce(args));
      if (!sellerStateAllows(guard.sellerState, state)) throw redirect("/default-redirect");
    }

    if (guard.validate && !(await guard.validate(args))) {
      throw data({ message: "Page Not Found" }, { status: 404 });
    }

    return next();
  };
  return Object.assign(middleware, { access: { rule: guard.rule, sellerState: guard.sellerState } });
}
