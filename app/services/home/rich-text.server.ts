/**
 * HTML from the recommended-actions service, made safe to show: sanitised
 * here on the server (sanitize-html never reaches the browser's bundle),
 * with sanitize-html's normal allow-list plus the service's in-app link tag
 * (`<app-link href>`, shown as an ordinary link) and `target`. Every link
 * that stays in this tab gets a link id, which the page's script uses to
 * turn a click into an in-app navigation. A link whose address is refused
 * goes with its words: they asked for a click that can no longer happen
 * ("Details", "Click here"). Text about one shop keeps that shop on the
 * portal's pages that show a shop's figures.
 */
import sanitizeHtml from "sanitize-html";
import { withShop } from "#app/lib/home/recommendations.ts";
import { generateLinkId, isLinkId } from "./recommendation-link-id.ts";

/** Marks a link that keeps normal behaviour (a full page load) even with JavaScript. */
export const EXCLUDED_ATTRIBUTE = "data-excluded";

function withLinkId(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  if (attribs.target === "_blank") return { ...attribs, rel: "noopener noreferrer" };
  const { rel: _rel, ...rest } = attribs;
  // An id from upstream is kept only in the link-id format: anything else could clash with the page's own ids.
  return { ...rest, id: isLinkId(attribs.id) ? attribs.id : generateLinkId() };
}

const options = (shopId: string | undefined): sanitizeHtml.IOptions => ({
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "app-link"],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    a: ["href", "name", "target", "id", "rel", EXCLUDED_ATTRIBUTE],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  transformTags: {
    "app-link": (_tagName, attribs) => ({
      tagName: "a",
      attribs: withLinkId({ href: withShop(attribs.href ?? "", shopId), ...(attribs.id ? { id: attribs.id } : {}) }),
    }),
    a: (tagName, attribs) => ({ tagName, attribs: attribs.href ? withLinkId({ ...attribs, href: withShop(attribs.href, shopId) }) : attribs }),
  },
  // Sees what is left of a tag's attributes, under the tag's own name: a link (or in-app link) without an address
  // (none, or a refused one), but not a named anchor.
  exclusiveFilter: (frame) => (frame.tag === "a" || frame.tag === "app-link") && !frame.attribs.href && !frame.attribs.name,
});

/** The service's HTML made safe; `shopId`: the shop the text is about, carried to the links that show a shop's figures. */
export function sanitizeRichText(html: string, { shopId }: { shopId?: string } = {}): string {
  return sanitizeHtml(html, options(shopId));
}
