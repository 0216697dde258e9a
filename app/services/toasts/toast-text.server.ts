/**
 * A toast as the browser gets it: plain text in every field, checked once,
 * in the root (and by a loader that hands a toast up as `pageToast`). Nothing
 * in a toast is HTML: the toaster renders text, so a value interpolated into
 * a message (a company name) and a service's message that echoes what was
 * typed show as the characters they are, never as markup. Whatever else a
 * flashed payload holds is dropped.
 */
import { z } from "zod";
import type { PortalToast } from "#app/lib/toast-message.ts";

const text = z.string().optional().catch(undefined);

const ToastText = z.object({
  type: z.enum(["error", "success", "warning", "info"]).catch("info"),
  message: z.string().catch(""),
  title: text,
  description: text,
  detail: text,
  errorCode: text,
  duration: z.number().positive().optional().catch(undefined),
  fieldErrors: z
    .array(z.object({ fieldName: z.string().optional(), errorMessage: z.string() }))
    .optional()
    .catch(undefined),
});

/** The toast as plain-text fields; undefined when the payload is not a toast at all. */
export function sanitizeToast(toast: unknown): PortalToast | undefined {
  const parsed = ToastText.safeParse(toast);
  if (!parsed.success) return undefined;
  // Absent fields stay absent, so the toast's id and what the toaster shows do not change.
  return Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined)) as PortalToast;
}
