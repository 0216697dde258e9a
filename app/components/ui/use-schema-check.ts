import { parse, type Submission } from "@conform-to/react";
import { useEffect, useEffectEvent, useRef } from "react";
import type { z } from "zod";
import { inOwnTask } from "./own-task.ts";

/** The field conform adds to a form's data for a blur's check or a list change (conform's INTENT). */
export const INTENT = "__intent__";

type Check<Schema extends z.ZodType> = (formData: FormData) => Submission<z.input<Schema>, string[], z.output<Schema>>;

/**
 * A form's check in the browser (conform's `onValidate`) whose code, zod, conform's zod parsing and the form's
 * schema (libphonenumber with a phone field), the browser fetches once the page is hydrated, not with the page's
 * first scripts (ADR 037). The schema is the contract's, as the server checks it. Until the code is in (a moment after
 * hydration, or never when it cannot be fetched) the form is checked as without JavaScript: a submit goes to the
 * server, whose answer conform shows; a blur shows nothing new and keeps the errors shown; a list change is made.
 * A field left (or changed after) before the code is in is checked as soon as it is: a seller who moves on quickly still
 * reads what is wrong with it, and a field never left shows nothing; after a submit the server's answer stands instead.
 * `key` names what the schema is built from besides its module (the seller whose name deleting asks for): when it
 * changes, the schema is fetched again, and the server's check stands alone until then.
 */
export function useSchemaCheck<Schema extends z.ZodType>(loadSchema: () => Promise<Schema>, key = "") {
  // The check and the key it was built for (a check for another key is no check: the server's stands meanwhile), kept
  // out of React's state: its arrival changes nothing on the page, and a render of the form for it would set every
  // control's props again, which conform's watch of the form's fields answers with two more renders of the form.
  const loaded = useRef<{ key: string; check: Check<Schema> } | null>(null);
  // The form and the fields whose check ran without the code, to check once it is in.
  const unchecked = useRef<{ form: HTMLFormElement | null; names: Set<string> }>({ form: null, names: new Set() });
  const load = useEffectEvent(loadSchema);
  useEffect(() => {
    let current = true;
    inOwnTask(() => Promise.all([import("@conform-to/zod/v4"), load()])).then(
      ([{ parseWithZod }, schema]) => {
        if (!current) return;
        loaded.current = { key, check: (formData: FormData) => parseWithZod(formData, { schema }) as ReturnType<Check<Schema>> };
        const { form, names } = unchecked.current;
        if (!form?.isConnected) return;
        for (const name of names) validateAgain(form, name);
        names.clear();
      },
      // Not fetched (offline, a deploy in between): the server's check stands alone, as without JavaScript.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [key]);
  return ({ form, formData }: { form: HTMLFormElement; formData: FormData }): ReturnType<Check<Schema>> => {
    if (loaded.current?.key === key) return loaded.current.check(formData);
    unchecked.current.form = form;
    // A submit goes to the server, whose answer speaks for every field: none is left to check again.
    if (!formData.has(INTENT)) unchecked.current.names.clear();
    return serverCheckOnly<Schema>(form, formData, (name) => unchecked.current.names.add(name));
  };
}

/**
 * Asks conform to check one field again, as its own blur did: a submit with conform's validate intent, which conform
 * stops in the browser. The intent's value is conform's wire format, the one its buttons send without JavaScript.
 */
function validateAgain(form: HTMLFormElement, name: string) {
  const button = form.ownerDocument.createElement("button");
  Object.assign(button, { type: "submit", name: INTENT, value: JSON.stringify({ type: "validate", payload: { name } }), formNoValidate: true, hidden: true });
  form.append(button);
  try {
    form.requestSubmit(button);
  } finally {
    button.remove();
  }
}

/** conform's submission when the browser has no check (yet): nothing found, every error shown kept, a submit sent on. */
function serverCheckOnly<Schema extends z.ZodType>(form: HTMLFormElement, formData: FormData, left: (name: string) => void): ReturnType<Check<Schema>> {
  // null: "no new finding" for this field, so conform keeps what it shows; "" is the form's own errors.
  const names = ["", ...[...form.elements].flatMap((element) => ("name" in element && typeof element.name === "string" && element.name ? [element.name] : []))];
  const submission = parse<z.input<Schema>, string[]>(formData, {
    resolve: (_payload, intent) => {
      if (intent?.type === "validate" && intent.payload.name) left(intent.payload.name);
      return { error: Object.fromEntries(names.map((name) => [name, null])) };
    },
  });
  return (formData.has(INTENT) ? submission : { ...submission, error: null }) as ReturnType<Check<Schema>>;
}
