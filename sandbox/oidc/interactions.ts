import express, { type Request, type Response } from "express";
import { z } from "zod";
import { LanguageCode } from "../../contract/upstream.ts";
import type { SandboxContext } from "../context.ts";
import { hashPassword, verifyPassword } from "../passwords.ts";
import { findUserByEmail, registerSeller } from "../repository.ts";
import { portalScopes } from "./provider.ts";
import { errorPage, registrationPage, signInPage, type RegistrationErrors } from "./pages.ts";

/**
 * The sign-in and registration pages behind `<issuer>/interaction/:uid`.
 * oidc-provider sends the browser here whenever it needs the user to sign in
 * (always, as the portal sends prompt=login).
 */

const Registration = z.object({
  email: z.string().trim().pipe(z.email("Enter a valid email address.")),
  password: z.string().min(4, "The password needs at least 4 characters."),
  companyName: z.string().trim().min(1, "Enter your company's name.").max(200, "At most 200 characters."),
  language: LanguageCode.catch("en"),
});

export function interactionRouter(context: SandboxContext): express.Router {
  const { db, provider } = context;
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: "20kb" });
  const base = `${new URL(context.issuer).pathname}/interaction`;

  const renderSignIn = (res: Response, uid: string, status: number, username?: string, error?: string) => {
    res
      .status(status)
      .type("html")
      .send(
        signInPage({
          action: `${base}/${uid}/login`,
          registerHref: `${base}/${uid}?view=register`,
          username,
          error,
        }),
      );
  };

  const renderRegistration = (
    res: Response,
    uid: string,
    status: number,
    values?: { email?: string; companyName?: string; language?: string },
    errors?: RegistrationErrors,
  ) => {
    res
      .status(status)
      .type("html")
      .send(
        registrationPage({
          action: `${base}/${uid}/register`,
          signInHref: `${base}/${uid}?view=login`,
          values,
          errors,
        }),
      );
  };

  /** The interaction of this browser, or an error page when its cookie is gone or belongs to another uid. */
  const loadInteraction = async (req: Request, res: Response) => {
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.uid === req.params.uid) return details;
    } catch {
      // Falls through to the error page.
    }
    res
      .status(400)
      .type("html")
      .send(
        errorPage("Sign-in expired", {
          error: "The sign-in took too long or was started in another browser. Go back to the portal and sign in again.",
        }),
      );
    return undefined;
  };

  router.get("/:uid", async (req, res) => {
    const details = await loadInteraction(req, res);
    if (!details) return;
    if (details.prompt.name !== "login") {
      // The portal's grant covers everything it asks for, so any other prompt
      // is answered at once instead of showing a consent screen.
      const accountId = details.session?.accountId;
      const clientId = String(details.params.client_id ?? "");
      if (!accountId) return renderSignIn(res, details.uid, 200);
      const grant = details.grantId
        ? ((await provider.Grant.find(details.grantId)) ?? new provider.Grant({ accountId, clientId }))
        : new provider.Grant({ accountId, clientId });
      grant.addOIDCScope(String(details.params.scope ?? portalScopes));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }
    const view = req.query.view ?? (details.params.view_type === "register" ? "register" : "login");
    if (view === "register") return renderRegistration(res, details.uid, 200);
    const loginHint = typeof details.params.login_hint === "string" ? details.params.login_hint : undefined;
    renderSignIn(res, details.uid, 200, loginHint);
  });

  router.post("/:uid/login", form, async (req, res) => {
    const details = await loadInteraction(req, res);
    if (!details) return;
    const username = typeof req.body?.username === "string" ? req.body.username.trim() : "";
    const password = typeof req.body?.password === "string" ? req.body.password : "";
    const user = username ? findUserByEmail(db, username) : undefined;
    if (!user || !verifyPassword(password, user.password_hash)) {
      renderSignIn(res, details.uid, 400, username, "The email address or the password is wrong.");
      return;
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: user.id, remember: true } },
      { mergeWithLastSubmission: false },
    );
  });

  router.post("/:uid/register", form, async (req, res) => {
    const details = await loadInteraction(req, res);
    if (!details) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const values = {
      email: typeof body.email === "string" ? body.email : "",
      companyName: typeof body.companyName === "string" ? body.companyName : "",
      language: typeof body.language === "string" ? body.language : "en",
    };
    const parsed = Registration.safeParse({ ...values, password: body.password ?? "" });
    if (!parsed.success) {
      const errors: RegistrationErrors = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as keyof RegistrationErrors;
        errors[name] ??= issue.message;
      }
      renderRegistration(res, details.uid, 400, values, errors);
      return;
    }
    if (findUserByEmail(db, parsed.data.email)) {
      renderRegistration(res, details.uid, 400, values, {
        email: "An account with this email address exists already. Sign in instead.",
      });
      return;
    }
    const { userId } = registerSeller(db, {
      email: parsed.data.email,
      passwordHash: hashPassword(parsed.data.password),
      companyName: parsed.data.companyName,
      languageCode: parsed.data.language,
    });
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: userId, remember: true } },
      { mergeWithLastSubmission: false },
    );
  });

  return router;
}
