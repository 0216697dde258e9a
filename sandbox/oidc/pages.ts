import { readFileSync } from "node:fs";
import { demoAccounts, demoPassword } from "../seed.ts";
import { roleName, texts, type PageLanguage } from "./texts.ts";

/**
 * The identity provider's own pages: plain HTML that works without
 * JavaScript, one h1 each, every field labelled, errors tied to their fields.
 */

export function escapeHtml(value: unknown): string {
  return String(value ?? "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const styles = `
  :root { color-scheme: light; font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a; background: #f4f5f7; }
  body { margin: 0; padding: 2rem 1rem; }
  main { max-width: 40rem; margin: 0 auto; background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
  h1 { font-size: 1.5rem; margin-top: 0; }
  h2 { font-size: 1.125rem; margin-top: 2rem; }
  .field { margin-bottom: 1rem; }
  label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
  input, select { font: inherit; width: 100%; box-sizing: border-box; padding: 0.5rem; border: 1px solid #6b6b6b; border-radius: 4px; }
  input[aria-invalid="true"] { border-color: #b00020; border-width: 2px; }
  button { font: inherit; font-weight: 600; padding: 0.6rem 1.25rem; border: 0; border-radius: 4px; background: #0b57d0; color: #fff; cursor: pointer; }
  button:focus-visible, a:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid #f9a825; outline-offset: 2px; }
  a { color: #0b57d0; }
  .error { color: #b00020; font-weight: 600; }
  .field-error { color: #b00020; margin: 0.25rem 0 0; }
  table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
  caption { text-align: left; margin-bottom: 0.5rem; }
  th, td { text-align: left; padding: 0.35rem 0.5rem; border-bottom: 1px solid #ddd; vertical-align: top; }
  code { font-size: 0.95em; overflow-wrap: anywhere; }
  /* On a phone each demo account is a small card: the table never makes the page scroll sideways. */
  @media (max-width: 36rem) {
    body { padding: 1rem 0.5rem; }
    main { padding: 1.25rem 1rem; }
    table, caption, tbody, tr, td { display: block; }
    thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
    tr { padding: 0.5rem 0; border-bottom: 1px solid #ddd; }
    td { border: 0; padding: 0.1rem 0; }
    td::before { content: attr(data-label) ": "; font-weight: 600; }
  }
`;

/** The portal's own icon, inline, so that the browser asks for no /favicon.ico (the sandbox has none). */
const ICON = readFileSync(new URL("../../public/favicon.svg", import.meta.url), "utf8").trim();

export function page(language: PageLanguage, title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(ICON)}">
<title>${escapeHtml(title)} – ${escapeHtml(texts[language].siteName)}</title>
<style>${styles}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

function field(options: { name: string; label: string; type: string; value?: string; autocomplete: string; error?: string; autofocus?: boolean }): string {
  const errorId = `${options.name}-error`;
  const invalid = options.error ? ` aria-invalid="true" aria-describedby="${errorId}"` : "";
  return `<div class="field">
  <label for="${options.name}">${escapeHtml(options.label)}</label>
  <input id="${options.name}" name="${options.name}" type="${options.type}" value="${escapeHtml(options.value)}" autocomplete="${options.autocomplete}" required${options.autofocus ? " autofocus" : ""}${invalid}>
  ${options.error ? `<p class="field-error" id="${errorId}">${escapeHtml(options.error)}</p>` : ""}
</div>`;
}

function demoAccountTable(language: PageLanguage, demoCodes: Record<string, string | undefined>): string {
  const text = texts[language];
  // The seed describes its sellers in English.
  const sellerLang = language === "en" ? "" : ' lang="en"';
  const rows = demoAccounts
    .map(
      (account) =>
        `<tr><td data-label="${escapeHtml(text.username)}"><code>${escapeHtml(account.username)}</code></td><td data-label="${escapeHtml(text.role)}">${escapeHtml(roleName(language, account.role))}</td><td data-label="${escapeHtml(text.seller)}"${sellerLang}>${escapeHtml(account.seller)}</td><td data-label="${escapeHtml(text.demoCode)}"><code data-demo-code="${escapeHtml(account.username)}">${escapeHtml(demoCodes[account.username] ?? "")}</code></td></tr>`,
    )
    .join("\n");
  return `<h2 id="demo-accounts">${escapeHtml(text.demoAccounts)}</h2>
<table>
<caption>${escapeHtml(text.demoCaption)} <code>${escapeHtml(demoPassword)}</code>.</caption>
<thead><tr><th scope="col">${escapeHtml(text.username)}</th><th scope="col">${escapeHtml(text.role)}</th><th scope="col">${escapeHtml(text.seller)}</th><th scope="col">${escapeHtml(text.demoCode)}</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

export function signInPage(options: {
  language: PageLanguage;
  action: string;
  registerHref: string;
  username?: string;
  error?: string;
  /** Each demo account's next sign-in code (the demo list shows it beside the account). */
  demoCodes: Record<string, string | undefined>;
}): string {
  const text = texts[options.language];
  const error = options.error ? `<p class="error" role="alert" id="form-error">${escapeHtml(options.error)}</p>` : "";
  return page(
    options.language,
    text.signInTitle,
    `<h1>${escapeHtml(text.signInHeading)}</h1>
<p>${escapeHtml(text.signInIntro)}</p>
${error}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${field({ name: "username", label: text.email, type: "email", value: options.username, autocomplete: "username", autofocus: !options.username })}
<div class="field">
  <label for="password">${escapeHtml(text.password)}</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${options.error ? ' aria-invalid="true" aria-describedby="form-error"' : ""}${options.username ? " autofocus" : ""}>
</div>
<button type="submit">${escapeHtml(text.signInButton)}</button>
</form>
<p>${escapeHtml(text.newSeller)} <a href="${escapeHtml(options.registerHref)}">${escapeHtml(text.registerLink)}</a></p>
${demoAccountTable(options.language, options.demoCodes)}`,
  );
}

/** The account's language: the chosen one, else the page's. */
function languageField(pageLanguage: PageLanguage, chosen: string | undefined, error?: string): string {
  const text = texts[pageLanguage];
  const language = (chosen ?? pageLanguage) === "de" ? "de" : "en";
  return `<div class="field">
  <label for="language">${escapeHtml(text.language)}</label>
  <select id="language" name="language"${error ? ' aria-invalid="true" aria-describedby="language-error"' : ""}>
    <option value="en" lang="en"${language === "en" ? " selected" : ""}>English</option>
    <option value="de" lang="de"${language === "de" ? " selected" : ""}>Deutsch</option>
  </select>
  ${error ? `<p class="field-error" id="language-error">${escapeHtml(error)}</p>` : ""}
</div>`;
}

export type RegistrationValues = { email?: string; companyName?: string; language?: string };
export type RegistrationErrors = Partial<Record<"email" | "password" | "companyName" | "language", string>>;

export function registrationPage(options: {
  language: PageLanguage;
  action: string;
  signInHref: string;
  values?: RegistrationValues;
  errors?: RegistrationErrors;
}): string {
  const text = texts[options.language];
  const values = options.values ?? {};
  const errors = options.errors ?? {};
  const summary = Object.keys(errors).length ? `<p class="error" role="alert">${escapeHtml(text.correctFields)}</p>` : "";
  return page(
    options.language,
    text.registerTitle,
    `<h1>${escapeHtml(text.registerHeading)}</h1>
<p>${escapeHtml(text.registerIntro)}</p>
${summary}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${field({ name: "email", label: text.email, type: "email", value: values.email, autocomplete: "email", error: errors.email, autofocus: true })}
${field({ name: "password", label: text.password, type: "password", autocomplete: "new-password", error: errors.password })}
${field({ name: "companyName", label: text.companyName, type: "text", value: values.companyName, autocomplete: "organization", error: errors.companyName })}
${languageField(options.language, values.language, errors.language)}
<button type="submit">${escapeHtml(text.createAccount)}</button>
</form>
<p>${escapeHtml(text.alreadyRegistered)} <a href="${escapeHtml(options.signInHref)}">${escapeHtml(text.signInLink)}</a></p>`,
  );
}

/**
 * The end-session confirmation. The portal already asked the user, so a
 * script submits the form at once; without JavaScript the button does.
 */
export function logoutPage(language: PageLanguage, form: string): string {
  const text = texts[language];
  const formWithLogout = form.replace("</form>", '<input type="hidden" name="logout" value="yes"></form>');
  return page(
    language,
    text.signOutTitle,
    `<h1>${escapeHtml(text.signOutTitle)}</h1>
<p>${escapeHtml(text.signOutIntro)}</p>
${formWithLogout}
<button type="submit" form="op.logoutForm">${escapeHtml(text.signOutButton)}</button>
<script>document.getElementById("op.logoutForm").submit();</script>`,
  );
}

export function signedOutPage(language: PageLanguage, portalUrl: string | undefined): string {
  const text = texts[language];
  return page(
    language,
    text.signedOutTitle,
    `<h1>${escapeHtml(text.signedOutHeading)}</h1>
<p>${escapeHtml(text.signedOutIntro)}</p>
${portalUrl ? `<p><a href="${escapeHtml(portalUrl)}">${escapeHtml(text.backToPortal)}</a></p>` : ""}`,
  );
}

export function errorPage(language: PageLanguage, title: string, details: Record<string, unknown>): string {
  const items = Object.entries(details)
    .filter(([, value]) => value !== undefined && value !== "")
    .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join("\n");
  return page(language, title, `<h1>${escapeHtml(title)}</h1>\n<dl>\n${items}\n</dl>`);
}

/** Registration from a colleague's invitation: the address, seller and role are the invitation's; only a password and a language to choose. */
export function invitationRegistrationPage(options: {
  language: PageLanguage;
  action: string;
  email: string;
  sellerName: string;
  role: string;
  values?: { language?: string };
  errors?: RegistrationErrors;
}): string {
  const text = texts[options.language];
  const errors = options.errors ?? {};
  const fill = (template: string) =>
    escapeHtml(template)
      .replace("{seller}", escapeHtml(options.sellerName))
      .replace("{role}", escapeHtml(roleName(options.language, options.role)));
  const summary = Object.keys(errors).length ? `<p class="error" role="alert">${escapeHtml(text.correctFields)}</p>` : "";
  return page(
    options.language,
    text.invitationTitle,
    `<h1>${fill(text.invitationHeading)}</h1>
<p>${fill(text.invitationIntro)}</p>
${summary}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<div class="field">
  <label for="email">${escapeHtml(text.email)}</label>
  <input id="email" name="email" type="email" value="${escapeHtml(options.email)}" autocomplete="username" readonly>
</div>
${field({ name: "password", label: text.password, type: "password", autocomplete: "new-password", error: errors.password, autofocus: true })}
${languageField(options.language, options.values?.language)}
<button type="submit">${escapeHtml(text.createAccount)}</button>
</form>`,
  );
}

/** Why an invitation link cannot be used, in words, with the way to the sign-in. */
export function invitationRefusedPage(language: PageLanguage, refusal: "UNKNOWN" | "EXPIRED" | "USED" | "WITHDRAWN", signInHref?: string): string {
  const text = texts[language];
  return page(
    language,
    text.invitationRefusedTitle,
    `<h1>${escapeHtml(text.invitationRefusedTitle)}</h1>
<p id="invitation-refusal" data-refusal="${refusal}">${escapeHtml(text[`invitation${refusal}`])}</p>
${signInHref ? `<p><a href="${escapeHtml(signInHref)}">${escapeHtml(text.signInLink)}</a></p>` : ""}`,
  );
}

function errorParagraph(message: string | undefined): string {
  return message ? `<p class="error" role="alert" id="form-error">${escapeHtml(message)}</p>` : "";
}

function codeField(label: string, error: string | undefined, autocomplete: string): string {
  return `<div class="field">
  <label for="code">${escapeHtml(label)}</label>
  <input id="code" name="code" type="text" inputmode="text" autocomplete="${autocomplete}" spellcheck="false" autocapitalize="off" required autofocus${error ? ' aria-invalid="true" aria-describedby="form-error"' : ""}>
</div>`;
}

/** The second step of a sign-in of an enrolled account: the app's code, or a recovery code. */
export function codePage(options: { language: PageLanguage; action: string; error?: string; demoCode?: string }): string {
  const text = texts[options.language];
  return page(
    options.language,
    text.codeTitle,
    `<h1>${escapeHtml(text.codeHeading)}</h1>
<p>${escapeHtml(text.codeIntro)}</p>
${errorParagraph(options.error)}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${codeField(text.codeLabel, options.error, "one-time-code")}
<button type="submit">${escapeHtml(text.codeButton)}</button>
</form>
${options.demoCode ? `<p>${escapeHtml(text.demoCode)} (${escapeHtml(text.demoAccounts)}): <code data-demo-code>${escapeHtml(options.demoCode)}</code></p>` : ""}`,
  );
}

/** Enrolment: the key as a QR code (an SVG made on the server) and as text to type, and a first code to confirm. */
export function enrolmentPage(options: { language: PageLanguage; action: string; secret: string; qrSvg: string; error?: string }): string {
  const text = texts[options.language];
  const grouped = options.secret.replace(/(.{4})/g, "$1 ").trim();
  const qr = `<img src="data:image/svg+xml;base64,${Buffer.from(options.qrSvg).toString("base64")}" alt="${escapeHtml(text.enrolQrAlt)}" width="200" height="200">`;
  return page(
    options.language,
    text.enrolTitle,
    `<h1>${escapeHtml(text.enrolHeading)}</h1>
<p>${escapeHtml(text.enrolIntro)}</p>
${errorParagraph(options.error)}
<p>${escapeHtml(text.enrolStepScan)}</p>
<p>${qr}</p>
<p>${escapeHtml(text.enrolStepKey)} <code id="second-factor-key" data-key="${escapeHtml(options.secret)}">${escapeHtml(grouped)}</code></p>
<p>${escapeHtml(text.enrolStepCode)}</p>
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${codeField(text.enrolCodeLabel, options.error, "one-time-code")}
<button type="submit">${escapeHtml(text.enrolButton)}</button>
</form>`,
  );
}

/** The recovery codes, shown this once after enrolment; the button finishes the sign-in. */
export function recoveryCodesPage(options: { language: PageLanguage; action: string; codes: readonly string[] }): string {
  const text = texts[options.language];
  return page(
    options.language,
    text.recoveryTitle,
    `<h1>${escapeHtml(text.recoveryHeading)}</h1>
<p>${escapeHtml(text.recoveryIntro)}</p>
<ul aria-label="${escapeHtml(text.recoveryCaption)}" id="recovery-codes">
${options.codes.map((code) => `<li><code>${escapeHtml(code)}</code></li>`).join("\n")}
</ul>
<form method="post" action="${escapeHtml(options.action)}">
<button type="submit">${escapeHtml(text.recoveryButton)}</button>
</form>`,
  );
}
