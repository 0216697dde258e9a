/**
 * A form post that could not be carried out because the marketplace's
 * services could not be asked (the session's check failed before the action
 * ran): its typed values go back with the error page, which posts them again
 * from a "Try again" button, so that nothing typed is lost without
 * JavaScript either. A browser cannot be handed a chosen file back: the
 * page names the file fields that had one, to be chosen again.
 *
 * With JavaScript the form never left the page (the step forms keep it on
 * an outage): only a plain document post is read here.
 */
import type { UnsavedForm } from "#app/lib/unsaved-form.ts";
import { readFormDataWithin } from "./multipart.server.ts";

/** The largest body read back: a shop-setup step's documents and fields. Larger posts are catalogue files, kept by no page. */
const MAX_READ_BACK_BYTES = 48 * 1024 * 1024;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;

/** The form's fields as typed (files named, not kept), or null when the request is no plain form post of a page. */
export async function unsavedForm(request: Request): Promise<UnsavedForm | null> {
  const url = new URL(request.url);
  if (request.method === "GET" || request.method === "HEAD" || url.pathname.endsWith(".data")) return null;
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const encType = FORM_TYPES.find((candidate) => candidate === type);
  if (!encType || request.bodyUsed) return null;
  const formData = await readFormDataWithin(request, MAX_READ_BACK_BYTES).catch(() => null);
  const fields: [string, string][] = [];
  const files: string[] = [];
  for (const [name, value] of formData ?? []) {
    if (typeof value === "string") fields.push([name, value]);
    else if (value.size > 0 || value.name) files.push(name);
  }
  return { action: url.pathname + url.search, encType, fields, files, complete: formData !== null };
}
