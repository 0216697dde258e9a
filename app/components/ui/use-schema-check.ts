import { parse, type Submission } from "@conform-to/react";
import { useEffect, useEffectEvent, useState } from "react";
import type { z } from "zod";

/** The field conform adds to a form's data for a blur's check or a list change (conform's INTENT). */
export const INTENT = "__intent__";

type Check<Schema extends z.ZodType> = (formData: FormData) => Submission<z.input<Schema>, string[], z.output<Schema>>;

/**
 * A form's check in the browser (conform's `onValidate`) whose code, zod, conform's zod parsing and the form's
 * schema (libphonenumber with a phone field), the browser fetches once the page is hydrated, not with the page's
 * first scripts (ADR 037). The schema is the contract's, as the server checks it. Until the code is in (a moment after
 * hydration, or never when it cannot be fetched) the form is checked as without JavaScript: a submit goes to the
 * server, whose answer conform shows; a blur shows nothing new and keeps the errors shown; a list change is made.
 * `key` names what the schema is built from besides its module (the seller whose name deleting asks for): when it
 * changes, the schema is fetched again, and the server's check stands alone until then.
 */
export function useSchemaCheck<Schema extends z.ZodType>(loadSchema: () => Promise<Schema>, key = "") {
  // The check and the key it was built for: a check for another key is no check (the server's stands meanwhile).
  const [loaded, setLoaded] = useState<{ key: string; check: Check<Schema> } | null>(null);
  const load = useEffectEvent(loadSchema);
  useEffect(() => {
    let current = true;
    Promise.all([import("@conform-to/zod/v4"), load()]).then(
      ([{ parseWithZod }, schema]) => {
        if (current) setLoaded({ key, check: (formData: FormData) => parseWithZod(formData, { schema }) as ReturnType<Check<Schema>> });
      },
      // Not fetched (offline, a deploy in between): the server's check stands alone, as without JavaScript.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [key]);
  const check = loaded?.key === key ? loaded.check : null;
  return ({ form, formData }: { form: HTMLFormElement; formData: FormData }): ReturnType<Check<Schema>> =>
    check ? check(formData) : serverCheckOnly<Schema>(form, formData);
}

/** conform's submission when the browser has no check (yet): nothing found, every error shown kept, a submit sent on. */
function serverCheckOnly<Schema extends z.ZodType>(form: HTMLFormElement, formData: FormData): ReturnType<Check<Schema>> {
  // null: "no new finding" for this field, so conform keeps what it shows; "" is the form's own errors.
  const names = ["", ...[...form.elements].flatMap((element) => ("name" in element && typeof element.name === "string" && element.name ? [element.name] : []))];
  const submission = parse<z.input<Schema>, string[]>(formData, {
    resolve: () => ({ error: Object.fromEntries(names.map((name) => [name, null])) }),
  });
  return (formData.has(INTENT) ? submission : { ...submission, error: null }) as ReturnType<Check<Schema>>;
}
