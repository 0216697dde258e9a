import { useId } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { fieldErrorDisplays } from "#app/lib/shell/field-errors.ts";
import type { PortalToast } from "#app/lib/toast-message.ts";

/** A toast's text: the same in the server-rendered toast and in react-toastify's. */
export function ToastBody({ toast, title }: { toast: PortalToast; title: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const fieldErrors = fieldErrorDisplays(toast.fieldErrors);
  return (
    <div className="toast">
      <p className="toast__title">{title}</p>
      {/* Text, never HTML: what a message interpolates or a service echoes shows as it is. */}
      <p className="toast__message">{toast.message}</p>
      {toast.description ? <p className="toast__detail">{toast.description}</p> : null}
      {toast.detail ? (
        <p className="toast__code">
          {t("shell.toast.errorId")} <code>{toast.detail}</code>
        </p>
      ) : null}
      {toast.errorCode ? (
        <p className="toast__code">
          {t("shell.toast.errorCode")} <code>{toast.errorCode}</code>
        </p>
      ) : null}
      {fieldErrors.length > 0 ? (
        <>
          <p className="toast__field-errors-heading" id={headingId}>
            {t("shell.toast.fieldErrors")}
          </p>
          <ul className="toast__field-errors" aria-labelledby={headingId}>
            {fieldErrors.map((error, index) => (
              <li key={index} className="toast__field-error">
                {error.fieldName ? <span className="toast__field-name">{error.fieldName}: </span> : null}
                {error.kind === "text" ? (
                  error.text
                ) : (
                  <ul className="toast__field-errors toast__field-errors--nested">
                    {error.entries.map((entry, entryIndex) => (
                      <li key={entryIndex} className="toast__field-error">
                        {entry.field ? <span className="toast__field-name">{entry.field}: </span> : null}
                        {entry.message}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
