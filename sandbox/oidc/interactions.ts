import express, { type Request, type Response } from "express";
import { z } from "zod";
import { INVITATION_TOKEN, type InvitationRefusal } from "#contract/team.ts";
import { LanguageCode } from "#contract/upstream.ts";
import type { SandboxContext } from "../context.ts";
import { hashPassword, verifyPassword } from "../passwords.ts";
import { findSellerById, findUserByEmail, registerSeller } from "../repository.ts";
import { acceptInvitation, invitationForToken } from "../team.ts";
import { portalScopes } from "./provider.ts";
import { errorPage, invitationRefusedPage, invitationRegistrationPage, registrationPage, signInPage, type RegistrationErrors } from "./pages.ts";
import { pageLanguage, texts, type PageLanguage } from "./texts.ts";

/**
 * The sign-in and registration pages behind `<issuer>/interaction/:uid`.
 * oidc-provider sends the browser here whenever it needs the user to sign in
 * (always, as the portal sends prompt=login).
 */

function registration(language: PageLanguage) {
  const text = texts[language];
  return z.object({
    email: z.string().trim().pipe(z.email(text.invalidEmail)),
    password: z.string().min(4, text.shortPassword),
    companyName: z.string().trim().min(1, text.missingCompany).max(200, text.longCompany),
    language: LanguageCode.catch(language),
  });
}

const InvitationRegistration = (language: PageLanguage) =>
  z.object({ password: z.string().min(4, texts[language].shortPassword), language: LanguageCode.catch(language) });

/** The invitation token the portal passed on (`invitation` authorization parameter), or undefined for a plain registration. */
function invitationTokenOf(details: { params: Record<string, unknown> }): string | undefined {
  const token = details.params.invitation;
  return typeof token === "string" && token !== "" ? token : undefined;
}

/** The language of the sign-in's pages: the authorization request's ui_locales, else the browser's. */
function languageOf(req: Request, details?: { params: Record<string, unknown> }): PageLanguage {
  return pageLanguage(details?.params.ui_locales, req.get("accept-language"));
}

export function interactionRouter(context: SandboxContext): express.Router {
  const { db, provider } = context;
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: "20kb" });
  const base = `${new URL(context.issuer).pathname}/interaction`;

  const renderSignIn = (res: Response, language: PageLanguage, uid: string, status: number, username?: string, error?: string) => {
    res
      .status(status)
      .type("html")
      .send(
        signInPage({
          language,
          action: `${base}/${uid}/login`,
          registerHref: `${base}/${uid}?view=register`,
          username,
          error,
        }),
      );
  };

  const renderRegistration = (
    res: Response,
    language: PageLanguage,
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
          language,
          action: `${base}/${uid}/register`,
          signInHref: `${base}/${uid}?view=login`,
          values,
          errors,
        }),
      );
  };

  const renderInvitationRefused = (res: Response, language: PageLanguage, uid: string, refusal: InvitationRefusal) => {
    res
      .status(refusal === "UNKNOWN" ? 404 : 410)
      .type("html")
      .send(invitationRefusedPage(language, refusal, refusal === "USED" ? `${base}/${uid}?view=login` : undefined));
  };

  /**
   * Registration from an invitation: the token is checked here, on every request (expired, used, withdrawn,
   * unknown: a page saying so), and the page fixes the address; nothing in the form names seller or role.
   */
  const renderInvitationRegistration = (
    res: Response,
    language: PageLanguage,
    uid: string,
    token: string,
    status: number,
    values?: { language?: string },
    errors?: RegistrationErrors,
  ) => {
    const found = INVITATION_TOKEN.test(token) ? invitationForToken(db, token) : ({ refusal: "UNKNOWN" } as const);
    if ("refusal" in found) return renderInvitationRefused(res, language, uid, found.refusal);
    res
      .status(status)
      .type("html")
      .send(
        invitationRegistrationPage({
          language,
          action: `${base}/${uid}/register`,
          email: found.invitation.email,
          sellerName: findSellerById(db, found.invitation.seller_id)?.name ?? "",
          role: found.invitation.role,
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
        errorPage(languageOf(req), texts[languageOf(req)].expiredTitle, {
          error: texts[languageOf(req)].expiredText,
        }),
      );
    return undefined;
  };

  router.get("/:uid", async (req, res) => {
    const details = await loadInteraction(req, res);
    if (!details) return;
    const language = languageOf(req, details);
    if (details.prompt.name !== "login") {
      // The portal's grant covers everything it asks for, so any other prompt
      // is answered at once instead of showing a consent screen.
      const accountId = details.session?.accountId;
      const clientId = String(details.params.client_id ?? "");
      if (!accountId) return renderSignIn(res, language, details.uid, 200);
      const grant = details.grantId
        ? ((await provider.Grant.find(details.grantId)) ?? new provider.Grant({ accountId, clientId }))
        : new provider.Grant({ accountId, clientId });
      grant.addOIDCScope(String(details.params.scope ?? portalScopes));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }
    const view = req.query.view ?? (details.params.view_type === "register" ? "register" : "login");
    const invitation = invitationTokenOf(details);
    if (view === "register" && invitation) return renderInvitationRegistration(res, language, details.uid, invitation, 200);
    if (view === "register") return renderRegistration(res, language, details.uid, 200);
    const loginHint = typeof details.params.login_hint === "string" ? details.params.login_hint : undefined;
    renderSignIn(res, language, details.uid, 200, loginHint);
  });

  router.post("/:uid/login", form, async (req, res) => {
    const details = await loadInteraction(req, res);
    if (!details) return;
    const username = typeof req.body?.username === "string" ? req.body.username.trim() : "";
    const password = typeof req.body?.password === "string" ? req.body.password : "";
    const user = username ? findUserByEmail(db, username) : undefined;
    if (!user || !verifyPassword(password, user.password_hash)) {
      const language = languageOf(req, details);
      renderSignIn(res, language, details.uid, 400, username, texts[language].wrongCredentials);
      return;
    }
    await provider.interactionFinished(req, res, { login: { accountId: user.id, remember: true } }, { mergeWithLastSubmission: false });
  });

  router.post("/:uid/register", form, async (req, res) => {
    const details = await loadInteraction(req, res);
    if (!details) return;
    const language = languageOf(req, details);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const invitation = invitationTokenOf(details);
    if (invitation) {
      // The address, seller and role come from the invitation alone: a posted email, role or company is ignored.
      const parsed = InvitationRegistration(language).safeParse({ password: body.password ?? "", language: body.language });
      const chosen = { language: typeof body.language === "string" ? body.language : language };
      if (!parsed.success) {
        return renderInvitationRegistration(res, language, details.uid, invitation, 400, chosen, { password: texts[language].shortPassword });
      }
      const accepted = INVITATION_TOKEN.test(invitation)
        ? acceptInvitation(db, invitation, { passwordHash: hashPassword(parsed.data.password), languageCode: parsed.data.language })
        : ({ refusal: "UNKNOWN" } as const);
      if ("refusal" in accepted) return renderInvitationRefused(res, language, details.uid, accepted.refusal);
      await provider.interactionFinished(req, res, { login: { accountId: accepted.userId, remember: true } }, { mergeWithLastSubmission: false });
      return;
    }
    const values = {
      email: typeof body.email === "string" ? body.email : "",
      companyName: typeof body.companyName === "string" ? body.companyName : "",
      language: typeof body.language === "string" ? body.language : language,
    };
    const parsed = registration(language).safeParse({ ...values, password: body.password ?? "" });
    if (!parsed.success) {
      const errors: RegistrationErrors = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as keyof RegistrationErrors;
        errors[name] ??= issue.message;
      }
      renderRegistration(res, language, details.uid, 400, values, errors);
      return;
    }
    if (findUserByEmail(db, parsed.data.email)) {
      renderRegistration(res, language, details.uid, 400, values, {
        email: texts[language].emailTaken,
      });
      return;
    }
    const { userId } = registerSeller(db, {
      email: parsed.data.email,
      passwordHash: hashPassword(parsed.data.password),
      companyName: parsed.data.companyName,
      languageCode: parsed.data.language,
    });
    await provider.interactionFinished(req, res, { login: { accountId: userId, remember: true } }, { mergeWithLastSubmission: false });
  });

  return router;
}
