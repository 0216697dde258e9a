/**
 * A toast travels to the next page in a cookie, and a browser drops a cookie
 * past 4096 bytes (the page that set it then fails). A toast names what the
 * user or a service chose (a file name, a seller's name, a service's
 * message), so it is bounded here: each value put into a message is
 * shortened (`toastValue`), and every flashed toast is cut to fit its cookie
 * (`fitToast`), whatever it holds.
 */
import type { PortalToast } from "#app/lib/toast-message.ts";

/** The longest value a message names in full; a longer one keeps its start and its end (a file's extension). */
const VALUE_CHARS = 80;
const VALUE_END_CHARS = 16;

/** What a toast's cookie value may take: 4096 less the cookie's name, signature and room to spare. */
const COOKIE_VALUE_BYTES = 3600;
const TEXT_CAPS = { message: 600, description: 600, title: 200, detail: 200, errorCode: 100 } as const;
const MAX_FIELD_ERRORS = 10;
const FIELD_NAME_CHARS = 100;
const FIELD_MESSAGE_CHARS = 300;

/** At most `max` characters (code points, never half a pair), the cut marked with "…". */
function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, Math.max(0, max - 1)).join("")}…`;
}

/** A value as a toast's message names it: whole when short, else its start, "…" and its end. */
export function toastValue(value: string): string {
  const chars = Array.from(value);
  if (chars.length <= VALUE_CHARS) return value;
  return `${chars.slice(0, VALUE_CHARS - VALUE_END_CHARS - 1).join("")}…${chars.slice(-VALUE_END_CHARS).join("")}`;
}

/** The toast's size in its cookie, as the flash session writes it: JSON, UTF-8, base64, then percent-encoded. */
function cookieValueBytes(toast: PortalToast): number {
  return encodeURIComponent(Buffer.from(JSON.stringify({ toast }), "utf8").toString("base64")).length;
}

type TextField = keyof typeof TEXT_CAPS;
const textFields = Object.keys(TEXT_CAPS) as TextField[];

/** The toast cut to fit its cookie: each text capped, at most 10 field errors, then the longest parts shortened until it fits. */
export function fitToast(toast: PortalToast): PortalToast {
  const fitted: PortalToast = { ...toast };
  for (const field of textFields) {
    const value = fitted[field];
    if (typeof value === "string") fitted[field] = clip(value, TEXT_CAPS[field]);
  }
  if (fitted.fieldErrors) {
    fitted.fieldErrors = fitted.fieldErrors.slice(0, MAX_FIELD_ERRORS).map((error) => ({
      ...(error.fieldName === undefined ? {} : { fieldName: clip(error.fieldName, FIELD_NAME_CHARS) }),
      errorMessage: clip(error.errorMessage, FIELD_MESSAGE_CHARS),
    }));
  }
  while (cookieValueBytes(fitted) > COOKIE_VALUE_BYTES) {
    if (fitted.fieldErrors?.length) {
      fitted.fieldErrors = fitted.fieldErrors.length > 1 ? fitted.fieldErrors.slice(0, -1) : undefined;
      continue;
    }
    const longest = textFields
      .filter((field) => typeof fitted[field] === "string")
      .sort((a, b) => (fitted[b] as string).length - (fitted[a] as string).length)[0];
    const text = longest ? (fitted[longest] as string) : "";
    if (!longest || text.length <= 1) break;
    fitted[longest] = clip(text, Math.floor(Array.from(text).length / 2));
  }
  return fitted;
}
