import type { ToastFieldError } from "#app/lib/toast-message.ts";

/** One `{field, message}` entry of an errorMessage that holds a JSON list. */
export type NestedFieldError = { field?: string; message: string };

/**
 * How one field error is shown: upstream services sometimes put a JSON list
 * of per-field complaints into `errorMessage` (shown as nested items) and
 * sometimes plain prose (shown as it is).
 */
export type FieldErrorDisplay = { kind: "list"; fieldName?: string; entries: NestedFieldError[] } | { kind: "text"; fieldName?: string; text: string };

export function fieldErrorDisplays(fieldErrors: readonly ToastFieldError[] | undefined): FieldErrorDisplay[] {
  return (fieldErrors ?? []).map(fieldErrorDisplay);
}

export function fieldErrorDisplay({ fieldName, errorMessage }: ToastFieldError): FieldErrorDisplay {
  const entries = parseNestedList(errorMessage);
  return entries ? { kind: "list", fieldName, entries } : { kind: "text", fieldName, text: errorMessage };
}

/**
 * The list form only counts when every element is an object with a string
 * `message` (`field` may be missing). An empty list, a list with anything
 * else in it, or JSON that is not a list says nothing structured, so the raw
 * text is shown instead and nothing the service said is lost.
 */
function parseNestedList(errorMessage: string): NestedFieldError[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(errorMessage);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length === 0) return null;

  const entries: NestedFieldError[] = [];
  for (const item of parsed) {
    if (typeof item !== "object" || item === null) return null;
    const { field, message } = item as Record<string, unknown>;
    if (typeof message !== "string") return null;
    if (field !== undefined && field !== null && typeof field !== "string") return null;
    entries.push(typeof field === "string" && field !== "" ? { field, message } : { message });
  }
  return entries;
}
