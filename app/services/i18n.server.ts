import { createCookie } from "react-router";
import { secureCookies } from "./env.server";
import { createI18nextMiddleware } from "remix-i18next";
import { fallbackLanguage, supportedLanguages } from "~/lib/i18n";
import { messages } from "~/locales/resources";

export const localeCookie = createCookie("sp_lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 365 * 24 * 60 * 60,
  secure: secureCookies,
});

export const [i18nextMiddleware, getLocale, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    cookie: localeCookie,
    // "custom" reads Accept-Language in the browser's order of preference: the
    // library's "header" gives up when the first language is unsupported ("fr, de").
    order: ["cookie", "custom"],
    findLocale: async ({ request }) => request.headers.get("Accept-Language"),
  },
  i18next: {
    resources: { en: { translation: messages.en }, de: { translation: messages.de } },
    supportedLngs: [...supportedLanguages],
    fallbackLng: fallbackLanguage,
    interpolation: { escapeValue: false },
  },
});
