import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { ibanIssue, normalizeIban } from "#contract/rules/iban.ts";
import { useEffect, useRef, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { TextField } from "#app/components/ui/fields.tsx";
import type { loader as bankLookup } from "#app/routes/onboarding/bank-lookup.ts";

/** The one lookup of a German IBAN's bank and BIC, for every form that takes an IBAN (the shop setup's step, my company's change). */
export const BANK_LOOKUP_PATH = "/bank-account/bank";

type IbanFieldsProps = {
  // conform's metadata of the form and its two fields; the form's own shape does not matter here.
  form: Pick<FormMetadata<Record<string, unknown>, string[]>, "update">;
  iban: FieldMetadata<unknown>;
  bic: FieldMetadata<unknown>;
  ibanHint: string;
  bicHint: string;
};

/**
 * IBAN and BIC: with JavaScript a valid German IBAN names its bank and fills
 * in the BIC as it is typed; without, the server fills an empty BIC on save.
 * A BIC the seller typed is never replaced, only one this field filled in.
 */
export function IbanFields({ form, iban, bic, ibanHint, bicHint }: IbanFieldsProps) {
  const { t } = useTranslation();
  const lookup = useFetcher<typeof bankLookup>();
  const filledBic = useRef<string | null>(null);
  const found = lookup.data?.bank ?? null;

  useEffect(() => {
    if (!found) return;
    const current = String(bic.value ?? "");
    if (current !== found.bic && (current === "" || current === filledBic.current)) {
      filledBic.current = found.bic;
      form.update({ name: bic.name, value: found.bic });
    }
    // Only a new answer fills the BIC: the seller's own typing afterwards is theirs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [found]);

  const lookUp = (value: string) => {
    const typed = normalizeIban(value);
    if (typed.startsWith("DE") && ibanIssue(typed) === null) lookup.load(`${BANK_LOOKUP_PATH}?iban=${encodeURIComponent(typed)}`);
  };
  const onIbanInput = (event: FormEvent<HTMLInputElement>) => lookUp(event.currentTarget.value);
  // An IBAN already in the field when the scripts take over (typed while a slow page was still loading, put back by
  // the browser, or kept from a refused save) is looked up as if typed now: its input event came before any handler.
  useEffect(() => {
    const input = document.getElementById(iban.id);
    if (input instanceof HTMLInputElement) lookUp(input.value);
    // Once, when the field becomes interactive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const answered = lookup.state === "idle" && lookup.data !== undefined;
  const foundId = `${iban.id}-bank`;
  return (
    <>
      <TextField
        field={iban}
        hint={ibanHint}
        autoComplete="off"
        spellCheck={false}
        onInput={onIbanInput}
        describedById={foundId}
        after={
          // The line is there before the answer: the answer must not move the submit button under a pressing pointer.
          <p id={foundId} className="field__hint field__hint--answer" aria-live="polite">
            {answered ? (found ? t("onboarding.bank.bankFound", { bank: found.bankName }) : t("onboarding.bank.bankUnknown")) : null}
          </p>
        }
      />
      <TextField field={bic} hint={bicHint} autoComplete="off" spellCheck={false} />
    </>
  );
}
