import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Logo } from "./header/logo.tsx";

/**
 * The full-screen "loading" look of the startup preloader. `announce={false}`
 * leaves it purely visual, for callers that announce loading themselves.
 * `overlay` lets the page show through (used over a page that is already there).
 */
export function Preloader({ announce = true, overlay = false }: { announce?: boolean; overlay?: boolean }) {
  const { t } = useTranslation();
  const label = t("shell.loading.label");
  // Array.from, not split(""): one span per character, umlauts included.
  const letters = Array.from(t("shell.loading.word"));
  return (
    <div className={overlay ? "preloader preloader--overlay" : "preloader"} {...(announce ? { role: "status", "aria-label": label } : { "aria-hidden": true })}>
      <div className="preloader__stage" aria-hidden="true">
        <div className="preloader__rings">
          <span className="preloader__ring preloader__ring--outer" />
          <span className="preloader__ring preloader__ring--middle" />
          <span className="preloader__ring preloader__ring--inner" />
          <Logo className="preloader__logo" wordmark={false} />
        </div>
        <p className="preloader__word">
          {letters.map((letter, index) => (
            <span key={index} className="preloader__letter">
              {letter}
            </span>
          ))}
        </p>
      </div>
      {announce ? <span className="visually-hidden">{label}</span> : null}
    </div>
  );
}
