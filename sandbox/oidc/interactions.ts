import express, { type Request, type Response } from "express";
import { z } from "zod";
import { INVITATION_TOKEN, type InvitationRefusal } from "#contract/team.ts";
import { LanguageCode } from "#contract/upstream.ts";
import type { SandboxContext } from "../context.ts";
import { hashPassword, verifyPassword } from "../passwords.ts";
import { findSellerById, findUserByEmail, findUserById, registerSeller } from "../repository.ts";
import { demoAccounts } from "../seed.ts";
import {
  checkSignInCode,
  confirmEnrolment,
  forgetPasswordPassed,
  isEnrolled,
  nextCode,
  otpauthUri,
  passwordPassedFor,
  pendingSecret,
  rememberPasswordPassed,
  startEnrolment,
} from "../second-factor.ts";
import QRCode from "qrcode";
import { acceptInvitation, invitationForToken } from "../team.ts";
import { portalScopes } from "./provider.ts";
import {
  codePage,
  enrolmentPage,
  errorPage,
  invitationRefusedPage,
  invitationRegistrationPage,
  recoveryCodesPage,
  registrationPage,
  signInPage,
  type RegistrationErrors,
} from "./pages.ts";
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

/** The authorization parameter by which the portal asks for the second factor's enrolment after the password. */
export const ENROL_VIEW = "second-factor";

/** How the user signed in, for the id token (RFC 8176 method names; the sandbox's own context classes). */
export const signInMethods = {
  password: { amr: ["pwd"], acr: "urn:sandbox:acr:password" },
  secondFactor: { amr: ["pwd", "otp"], acr: "urn:sandbox:acr:second-factor" },
} as const;

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
          demoCodes: demoCodes(),
        }),
      );
  };

  /** The next code of each demo account, for the demo list (sandbox/second-factor.ts: shown, not used up). */
  const demoCodes = () =>
    Object.fromEntries(
      demoAccounts.map((account) => {
        const user = findUserByEmail(db, account.username);
        return [account.username, user ? nextCode(db, user.id, { issue: false }) : undefined];
      }),
    );

  const isDemoAccount = (email: string) => demoAccounts.some((account) => account.username.toLowerCase() === email.toLowerCase());

  const renderCode = (res: Response, language: PageLanguage, uid: string, userId: string, status: number, error?: string) => {
    const user = findUserById(db, userId);
    const demoCode = user && isDemoAccount(user.email) ? nextCode(db, user.id, { issue: false }) : undefined;
    res
      .status(status)
      .type("html")
      .send(codePage({ language, action: `${base}/${uid}/code`, error, demoCode }));
  };

  const renderEnrolment = async (res: Response, language: PageLanguage, uid: string, userId: string, status: number, error?: string) => {
    const user = findUserById(db, userId);
    const secret = pendingSecret(db, userId) ?? startEnrolment(db, userId);
    if (!user || !secret) {
      res
        .status(409)
        .type("html")
        .send(errorPage(language, texts[language].enrolTitle, { error: texts[language].enrolledAlready }));
      return;
    }
    const qrSvg = await QRCode.toString(otpauthUri(secret, user.email), { type: "svg", errorCorrectionLevel: "M", margin: 2 });
    res
      .status(status)
      .type("html")
      .send(enrolmentPage({ language, action: `${base}/${uid}/enrol`, secret, qrSvg, error }));
  };

  /** Ends the sign-in: back to the portal with the account and how it signed in. */
  const finishSignIn = async (req: Request, res: Response, uid: string, accountId: string, method: keyof typeof signInMethods) => {
    forgetPasswordPassed(db, uid);
    const { amr, acr } = signInMethods[method];
    await provider.interactionFinished(req, res, { login: { accountId, remember: true, amr: [...amr], acr } }, { mergeWithLastSubmission: false });
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
    // The password is right: an enrolled account gives its code next; one the portal sends to enrol sets it up first.
    if (isEnrolled(db, user.id)) {
      rememberPasswordPassed(db, details.uid, user.id);
      res.redirect(303, `${base}/${details.uid}/code`);
      return;
    }
    if (details.params.view_type === ENROL_VIEW) {
      rememberPasswordPassed(db, details.uid, user.id);
      res.redirect(303, `${base}/${details.uid}/enrol`);
      return;
    }
    await finishSignIn(req, res, details.uid, user.id, "password");
  });

  /** The user of this sign-in who gave the right password, or the expired page. */
  const passwordPassed = async (req: Request, res: Response) => {
    const details = await loadInteraction(req, res);
    if (!details) return undefined;
    const userId = passwordPassedFor(db, details.uid);
    if (!userId) {
      res.redirect(303, `${base}/${details.uid}?view=login`);
      return undefined;
    }
    return { details, userId, language: languageOf(req, details) };
  };

  router.get("/:uid/code", async (req, res) => {
    const found = await passwordPassed(req, res);
    if (!found) return;
    if (!isEnrolled(db, found.userId)) return res.redirect(303, `${base}/${found.details.uid}/enrol`);
    renderCode(res, found.language, found.details.uid, found.userId, 200);
  });

  router.post("/:uid/code", form, async (req, res) => {
    const found = await passwordPassed(req, res);
    if (!found) return;
    const code = typeof req.body?.code === "string" ? req.body.code.slice(0, 40) : "";
    const check = checkSignInCode(db, found.userId, code);
    if (check.result === "ACCEPTED") return finishSignIn(req, res, found.details.uid, found.userId, "secondFactor");
    if (check.result === "NOT_ENROLLED") return res.redirect(303, `${base}/${found.details.uid}/enrol`);
    const text = texts[found.language];
    renderCode(
      res,
      found.language,
      found.details.uid,
      found.userId,
      check.result === "LOCKED" ? 429 : 400,
      check.result === "LOCKED" ? text.lockedCode : text.wrongCode,
    );
  });

  router.get("/:uid/enrol", async (req, res) => {
    const found = await passwordPassed(req, res);
    if (!found) return;
    if (isEnrolled(db, found.userId)) return res.redirect(303, `${base}/${found.details.uid}/code`);
    await renderEnrolment(res, found.language, found.details.uid, found.userId, 200);
  });

  router.post("/:uid/enrol", form, async (req, res) => {
    const found = await passwordPassed(req, res);
    if (!found) return;
    if (isEnrolled(db, found.userId)) return res.redirect(303, `${base}/${found.details.uid}/code`);
    const code = typeof req.body?.code === "string" ? req.body.code.replace(/\s/g, "").slice(0, 12) : "";
    const confirmed = confirmEnrolment(db, found.userId, code);
    if (!confirmed) return renderEnrolment(res, found.language, found.details.uid, found.userId, 400, texts[found.language].enrolWrongCode);
    // Shown this once, in the answer to the confirming POST: stored hashed, never shown again.
    res
      .status(200)
      .type("html")
      .set("Cache-Control", "no-store")
      .send(recoveryCodesPage({ language: found.language, action: `${base}/${found.details.uid}/enrolled`, codes: confirmed.recoveryCodes }));
  });

  /** After the recovery codes: the sign-in ends with the second factor the user has just proved. */
  router.post("/:uid/enrolled", form, async (req, res) => {
    const found = await passwordPassed(req, res);
    if (!found) return;
    if (!isEnrolled(db, found.userId)) return res.redirect(303, `${base}/${found.details.uid}/enrol`);
    await finishSignIn(req, res, found.details.uid, found.userId, "secondFactor");
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
      await finishSignIn(req, res, details.uid, accepted.userId, "password");
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
    await finishSignIn(req, res, details.uid, userId, "password");
  });

  return router;
}
