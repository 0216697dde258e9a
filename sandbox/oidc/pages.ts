import { demoAccounts, demoPassword } from "../seed.ts";

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
  code { font-size: 0.95em; }
`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – Marketplace sandbox</title>
<style>${styles}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

function field(options: {
  name: string;
  label: string;
  type: string;
  value?: string;
  autocomplete: string;
  error?: string;
  autofocus?: boolean;
}): string {
  const errorId = `${options.name}-error`;
  const invalid = options.error ? ` aria-invalid="true" aria-describedby="${errorId}"` : "";
  return `<div class="field">
  <label for="${options.name}">${escapeHtml(options.label)}</label>
  <input id="${options.name}" name="${options.name}" type="${options.type}" value="${escapeHtml(options.value)}" autocomplete="${options.autocomplete}" required${options.autofocus ? " autofocus" : ""}${invalid}>
  ${options.error ? `<p class="field-error" id="${errorId}">${escapeHtml(options.error)}</p>` : ""}
</div>`;
}

function demoAccountTable(): string {
  const rows = demoAccounts
    .map(
      (account) =>
        `<tr><td><code>${escapeHtml(account.username)}</code></td><td>${escapeHtml(account.role)}</td><td>${escapeHtml(account.seller)}</td></tr>`,
    )
    .join("\n");
  return `<h2 id="demo-accounts">Demo accounts</h2>
<table>
<caption>Every demo account uses the password <code>${escapeHtml(demoPassword)}</code>.</caption>
<thead><tr><th scope="col">Username</th><th scope="col">Role</th><th scope="col">Seller</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

export function signInPage(options: { action: string; registerHref: string; username?: string; error?: string }): string {
  const error = options.error
    ? `<p class="error" role="alert" id="form-error">${escapeHtml(options.error)}</p>`
    : "";
  return page(
    "Sign in",
    `<h1>Sign in to the seller portal</h1>
<p>This is the marketplace sandbox's identity provider.</p>
${error}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${field({ name: "username", label: "Email address", type: "email", value: options.username, autocomplete: "username", autofocus: !options.username })}
<div class="field">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${options.error ? ' aria-invalid="true" aria-describedby="form-error"' : ""}${options.username ? " autofocus" : ""}>
</div>
<button type="submit">Sign in</button>
</form>
<p>New seller? <a href="${escapeHtml(options.registerHref)}">Register a seller account</a></p>
${demoAccountTable()}`,
  );
}

export type RegistrationValues = { email?: string; companyName?: string; language?: string };
export type RegistrationErrors = Partial<Record<"email" | "password" | "companyName" | "language", string>>;

export function registrationPage(options: {
  action: string;
  signInHref: string;
  values?: RegistrationValues;
  errors?: RegistrationErrors;
}): string {
  const values = options.values ?? {};
  const errors = options.errors ?? {};
  const summary = Object.keys(errors).length
    ? `<p class="error" role="alert">Please correct the marked fields.</p>`
    : "";
  const language = values.language === "de" ? "de" : "en";
  const languageError = errors.language
    ? `<p class="field-error" id="language-error">${escapeHtml(errors.language)}</p>`
    : "";
  return page(
    "Register",
    `<h1>Register as a seller</h1>
<p>Create a seller account on the marketplace sandbox. You become the administrator of a new seller.</p>
${summary}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${field({ name: "email", label: "Email address", type: "email", value: values.email, autocomplete: "email", error: errors.email, autofocus: true })}
${field({ name: "password", label: "Password", type: "password", autocomplete: "new-password", error: errors.password })}
${field({ name: "companyName", label: "Company name", type: "text", value: values.companyName, autocomplete: "organization", error: errors.companyName })}
<div class="field">
  <label for="language">Language</label>
  <select id="language" name="language"${errors.language ? ' aria-invalid="true" aria-describedby="language-error"' : ""}>
    <option value="en"${language === "en" ? " selected" : ""}>English</option>
    <option value="de" lang="de"${language === "de" ? " selected" : ""}>Deutsch</option>
  </select>
  ${languageError}
</div>
<button type="submit">Create account</button>
</form>
<p>Already registered? <a href="${escapeHtml(options.signInHref)}">Sign in</a></p>`,
  );
}

/**
 * The end-session confirmation. The portal already asked the user, so a
 * script submits the form at once; without JavaScript the button does.
 */
export function logoutPage(form: string): string {
  const formWithLogout = form.replace("</form>", '<input type="hidden" name="logout" value="yes"></form>');
  return page(
    "Sign out",
    `<h1>Sign out</h1>
<p>You are signing out of the seller portal.</p>
${formWithLogout}
<button type="submit" form="op.logoutForm">Sign out</button>
<script>document.getElementById("op.logoutForm").submit();</script>`,
  );
}

export function signedOutPage(portalUrl: string | undefined): string {
  return page(
    "Signed out",
    `<h1>You are signed out</h1>
<p>Your session at the marketplace sandbox has ended.</p>
${portalUrl ? `<p><a href="${escapeHtml(portalUrl)}">Back to the seller portal</a></p>` : ""}`,
  );
}

export function errorPage(title: string, details: Record<string, unknown>): string {
  const items = Object.entries(details)
    .filter(([, value]) => value !== undefined && value !== "")
    .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join("\n");
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<dl>\n${items}\n</dl>`);
}
