/**
 * A component's texts: `t` fixed to the page's language, and the i18next
 * instance (for its language, to format numbers and dates).
 *
 * In place of react-i18next's useTranslation, which follows language changes
 * and namespaces still loading with some dozen hooks and a fresh wrapper per
 * component and render. Neither happens in the portal: its one namespace is
 * bundled on the server; in the browser a page's message groups are loaded
 * before hydration (entry.client.tsx) and before a navigation renders a page
 * that needs more (page-messages.ts), and a language is changed by reloading the document
 * (LanguageSwitcher). So one `t` per instance serves every component: on the
 * server the request's (its render view, i18n.server.ts), in the browser the
 * page's.
 */
import type { i18n, TFunction } from "i18next";
import { useContext } from "react";
import { getI18n, I18nContext } from "react-i18next";

export type Translation = { t: TFunction; i18n: i18n };

const translations = new WeakMap<i18n, Translation>();

export function useTranslation(): Translation {
  // The provider's instance (the server render's, the browser's); without one, the instance react-i18next was set up with.
  const instance = useContext(I18nContext)?.i18n ?? getI18n();
  let translation = translations.get(instance);
  if (!translation) {
    translation = { t: instance.getFixedT(null, "translation") as TFunction, i18n: instance };
    translations.set(instance, translation);
  }
  return translation;
}
