import { useTranslation } from "#app/lib/i18n/use-translation.ts";

/**
 * The portal's mark (a shopping bag) and its wordmark. The whole logo is one
 * image to assistive technology, named after the portal, so a link around it
 * gets that name too.
 */
export function Logo({ className, wordmark = true }: { className?: string; wordmark?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={className ? `logo ${className}` : "logo"} role="img" aria-label={t("shell.appName")}>
      <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--shell-color-primary, #1d4ed8)" />
        <path d="M12 12V9.5a4 4 0 0 1 8 0V12" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
        <path d="M8 11.5h16l-1.2 12.7a2 2 0 0 1-2 1.8H11.2a2 2 0 0 1-2-1.8z" fill="#fff" />
        <circle cx="12" cy="15" r="1.3" fill="var(--shell-color-primary, #1d4ed8)" />
        <circle cx="20" cy="15" r="1.3" fill="var(--shell-color-primary, #1d4ed8)" />
      </svg>
      {wordmark ? <span className="logo__wordmark">{t("shell.appName")}</span> : null}
    </span>
  );
}
