/**
 * HTML from the recommended-actions service, made safe to show: sanitised
 * here on the server (sanitize-html never reaches the browser's bundle),
 * with sanitize-html's normal allow-list plus the service's in-app link tag
 * (`<app-link href>`, shown as an ordinary link) and `target`. Every link
 * that stays in this tab gets a link id, which the page's script uses to
 * turn a click into an in-app navigation.
 */
import sanitizeHtml from "sanitize-html";
import { generateLinkId, isLinkId } from "./recommendation-link-id.ts";

/** Marks a link that keeps normal behaviour (a full page load) even with JavaScript. */
export const EXCLUDED_ATTRIBUTE = "data-excluded";

function withLinkId(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  if (attribs.target === "_blank") return { ...attribs, rel: "noopener noreferrer" };
  const { rel: _rel, ...rest } = attribs;
  // An id from upstream is kept only in the link-id format: anything else could clash with the page's own ids.
  return { ...rest, id: isLinkId(attribs.id) ? attribs.id : generateLinkId() };
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "app-link"],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    a: ["href", "name", "target", "id", "rel", EXCLUDED_ATTRIBUTE],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  transformTags: {
    "app-link": (_tagName, attribs) => ({ tagName: "a", attribs: withLinkId({ href: attribs.href ?? "", ...(attribs.id ? { id: attribs.id } : {}) }) }),
    a: (tagName, attribs) => ({ tagName, attribs: attribs.href ? withLinkId(attribs) : attribs }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}
