/**
 * A component's texts: `t` for the page's language, and `i18n` with that
 * language (to format numbers and dates) and whether a message exists.
 *
 * One object serves every component of a page, through the portal's own
 * context: on the server the request's, over its language's i18next instance
 * (i18n.server.ts, getRenderTranslation); in the browser the page's, read
 * from its loaded messages without i18next (browser-texts.ts, ADR 040). A
 * page's language never changes while it shows (LanguageSwitcher reloads the
 * document), and a navigation loads the message groups a page needs before
 * it renders (page-messages.ts), so nothing has to re-render for either.
 */
import { createContext, useContext } from "react";

/**
 * What a text is asked with: the values its `{{name}}` placeholders show
 * (`count` also picks its plural form), and the text for a key that has no
 * message (`defaultValue`, put together with the values as a message is).
 */
export type TextOptions = { defaultValue?: string; [name: string]: unknown };

/** A text by its dotted key (`t("myCompany.changes.hints.iban")`), as i18next answers it. */
export type Translate = (key: string, options?: TextOptions) => string;

export type Translation = { t: Translate; i18n: { readonly language: string; exists(key: string): boolean } };

/** Given by entry.server.tsx and entry.client.tsx around the whole page. */
export const TranslationContext = createContext<Translation | null>(null);

export function useTranslation(): Translation {
  const translation = useContext(TranslationContext);
  if (!translation) throw new Error("useTranslation: no TranslationContext around this component");
  return translation;
}
