import { useState } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";

/** A value to pass on: selectable as text everywhere, with a copy button once JavaScript runs. */
export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () => {
    navigator.clipboard.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className="field copy-field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-field__row">
        <input id={id} type="text" readOnly value={value} onFocus={(event) => event.currentTarget.select()} />
        {hydrated ? (
          <button type="button" className="button button--secondary" onClick={copy}>
            {t("invitations.copy.button")}
          </button>
        ) : null}
      </div>
      <p className="field__hint" aria-live="polite">
        {copied === null ? "" : copied ? t("invitations.copy.done") : t("invitations.copy.failed")}
      </p>
    </div>
  );
}
