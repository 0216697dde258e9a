/**
 * The forms a page offers, as a browser without JavaScript would submit
 * them: every POST form whose action is a given route, once per submit
 * button, with the values as rendered (and a small file in each file field),
 * so that the matrices post what a person posts, without a body written out
 * per action.
 */
import { JSDOM } from "jsdom";
import { pdfBytes } from "../../support/onboarding-fixtures";
import { pathPattern } from "./route-table";

export type Submission = {
  /** The path (and query) the form posts to. */
  action: string;
  /** What the submit button says it does (its name=value), for the test's name. */
  intent: string;
  body: FormData | URLSearchParams;
  /** The text a person typed or left standing in visible text fields: must come back when the post fails. */
  typed: string[];
  /** Headers the poster adds (a script asking for JSON). */
  headers?: HeadersInit;
};

const CSV = new TextEncoder().encode("sku;name;price\nA-1;Lampe;19,90\n");

/** `values` fill the fields a person would type into (an empty field, or one the page left for them). */
export function formsTo(html: string, pageUrl: string, routePath: string, values: Readonly<Record<string, string>> = {}): Submission[] {
  const { document, FormData: DomFormData } = new JSDOM(html, { url: pageUrl }).window;
  const pattern = pathPattern(routePath);
  const submissions: Submission[] = [];
  for (const form of document.querySelectorAll("form")) {
    if ((form.getAttribute("method") ?? "get").toLowerCase() !== "post") continue;
    const action = new URL(form.getAttribute("action") ?? pageUrl, pageUrl);
    if (!pattern.test(action.pathname)) continue;
    // The buttons that submit this form as a POST, as a browser counts them: not one inside it that belongs to another
    // form (`form=`), nor one that sends it as a GET (`formmethod=get`).
    const buttons = [...form.querySelectorAll<HTMLButtonElement | HTMLInputElement>("button:not([type=button]):not([type=reset]), input[type=submit]")].filter(
      (button) => button.form === form && (button.getAttribute("formmethod") ?? "post").toLowerCase() === "post",
    );
    const submitters = buttons.length > 0 ? buttons : [null];
    const seen = new Set<string>();
    for (const submitter of submitters) {
      const intent = submitter?.name ? `${submitter.name}=${submitter.value}` : "submit";
      if (seen.has(intent)) continue;
      seen.add(intent);
      const multipart = (form.getAttribute("enctype") ?? "").toLowerCase() === "multipart/form-data";
      const fields = new DomFormData(form, submitter ?? undefined);
      const body = multipart ? new FormData() : new URLSearchParams();
      for (const [name, value] of fields) {
        if (typeof value === "string" && !(name in values)) body.append(name, value);
      }
      for (const [name, value] of Object.entries(values)) if (form.querySelector(`[name="${name}"]`)) body.append(name, value);
      if (body instanceof FormData) {
        for (const input of form.querySelectorAll<HTMLInputElement>("input[type=file][name]")) {
          const pdf = /pdf/.test(input.accept ?? "");
          body.append(input.name, new File([pdf ? pdfBytes : CSV], pdf ? "matrix.pdf" : "matrix.csv", { type: pdf ? "application/pdf" : "text/csv" }));
        }
      }
      const typed = [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input[name], textarea[name]")]
        .filter((field) => field.tagName === "TEXTAREA" || ["text", "email", "tel", "url", "search", ""].includes(field.getAttribute("type") ?? ""))
        .map((field) => (values[field.name] ?? field.value).trim())
        .filter((value) => value.length > 1);
      submissions.push({ action: action.pathname + action.search, intent, body, typed });
    }
  }
  return submissions;
}
