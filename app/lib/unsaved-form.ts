/**
 * A form post the marketplace's services could not take: where it went and
 * what it held, for the error page to post again (app/services/http/unsaved-form.server.ts).
 */
export type UnsavedForm = {
  /** Path and query the form was posted to. */
  action: string;
  encType: "application/x-www-form-urlencoded" | "multipart/form-data";
  /** Every text field, in the order sent (a name may repeat). */
  fields: [string, string][];
  /** The names of the file fields that had a file chosen: a browser cannot be handed a file back. */
  files: string[];
  /** False when the body was too large to read back (a catalogue file): nothing of it is kept. */
  complete: boolean;
};

/** What a step form's action answers when the services could not be reached and the form stayed on the page (with JavaScript). */
export type UnsavedOutage = { unsaved: { status: number; errorCode: string | null; reference: string | null } };

export function isUnsavedOutage(value: unknown): value is UnsavedOutage {
  return typeof value === "object" && value !== null && "unsaved" in value;
}

/**
 * A route's revalidation after a form post: none after one the services could not take (the page's data could not
 * be read either, and the page with the person's values stays as it is); otherwise as the route would.
 */
export function keepPageOnOutage({ actionResult, defaultShouldRevalidate }: { actionResult?: unknown; defaultShouldRevalidate: boolean }): boolean {
  return !isUnsavedOutage(actionResult) && defaultShouldRevalidate;
}
