import sanitizeHtml from "sanitize-html";
import type { PortalToast } from "~/features/shell/toasts/toast-message";

// Upstream services put HTML into messages; a toast needs emphasis, lists
// and links, nothing that can run, style or frame anything.
const messageHtml: sanitizeHtml.IOptions = {
  allowedTags: ["a", "b", "br", "code", "em", "i", "li", "ol", "p", "strong", "u", "ul"],
  allowedAttributes: { a: ["href"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
};

/** The toast as the browser may render it: its message sanitised here, on the server, so the sanitiser stays out of the client bundle. */
export function sanitizeToast(toast: PortalToast): PortalToast {
  return { ...toast, message: sanitizeHtml(toast.message, messageHtml) };
}
