import express, { type Request } from "express";
import { escapeHtml, page } from "./oidc/pages.ts";
import { pageLanguage, type PageLanguage } from "./oidc/texts.ts";

/**
 * Sample imprint (Impressum), privacy notice (Datenschutz) and help page: the
 * addresses the portal's footer links to when it runs against the sandbox.
 * A real marketplace serves its own; these only show where they go.
 */

type LegalPage = { title: string; sections: { heading: string; paragraphs: string[] }[] };

const content: Record<"imprint" | "privacy" | "help", Record<PageLanguage, LegalPage>> = {
  imprint: {
    en: {
      title: "Imprint",
      sections: [
        { heading: "Provider", paragraphs: ["Sandbox Marketplace GmbH (sample)", "Musterstraße 1, 10115 Berlin, Germany"] },
        { heading: "Represented by", paragraphs: ["The management board of Sandbox Marketplace GmbH"] },
        {
          heading: "Register entry",
          paragraphs: ["Commercial register: Amtsgericht Berlin-Charlottenburg, HRB 000000 (sample)", "VAT id: DE000000000 (sample)"],
        },
        {
          heading: "Contact",
          paragraphs: ["Email: sellers@marketplace.example", "This page is part of the marketplace sandbox: the company and its numbers are invented."],
        },
      ],
    },
    de: {
      title: "Impressum",
      sections: [
        { heading: "Anbieter", paragraphs: ["Sandbox Marketplace GmbH (Beispiel)", "Musterstraße 1, 10115 Berlin"] },
        { heading: "Vertreten durch", paragraphs: ["Die Geschäftsführung der Sandbox Marketplace GmbH"] },
        {
          heading: "Registereintrag",
          paragraphs: ["Handelsregister: Amtsgericht Berlin-Charlottenburg, HRB 000000 (Beispiel)", "USt-IdNr.: DE000000000 (Beispiel)"],
        },
        {
          heading: "Kontakt",
          paragraphs: ["E-Mail: sellers@marketplace.example", "Diese Seite gehört zur Marktplatz-Sandbox: Unternehmen und Nummern sind erfunden."],
        },
      ],
    },
  },
  privacy: {
    en: {
      title: "Privacy notice",
      sections: [
        { heading: "Who is responsible", paragraphs: ["Sandbox Marketplace GmbH (sample), Musterstraße 1, 10115 Berlin, Germany."] },
        {
          heading: "What the seller portal stores",
          paragraphs: [
            "Your account (email address, role, language) and what you enter while setting up your shop. Cookies keep you signed in and remember your language; no tracking cookies are used.",
          ],
        },
        {
          heading: "Your rights",
          paragraphs: [
            "You may ask for access to, correction and deletion of your data at privacy@marketplace.example.",
            "This page is part of the marketplace sandbox and is a sample, not legal advice.",
          ],
        },
      ],
    },
    de: {
      title: "Datenschutzhinweise",
      sections: [
        { heading: "Verantwortlich", paragraphs: ["Sandbox Marketplace GmbH (Beispiel), Musterstraße 1, 10115 Berlin."] },
        {
          heading: "Was das Seller Portal speichert",
          paragraphs: [
            "Ihr Konto (E-Mail-Adresse, Rolle, Sprache) und was Sie bei der Einrichtung Ihres Shops eingeben. Cookies halten Sie angemeldet und merken sich Ihre Sprache; Tracking-Cookies gibt es nicht.",
          ],
        },
        {
          heading: "Ihre Rechte",
          paragraphs: [
            "Auskunft, Berichtigung und Löschung Ihrer Daten erhalten Sie über privacy@marketplace.example.",
            "Diese Seite gehört zur Marktplatz-Sandbox und ist ein Beispiel, keine Rechtsberatung.",
          ],
        },
      ],
    },
  },
  help: {
    en: {
      title: "Help and contact",
      sections: [
        {
          heading: "Seller support",
          paragraphs: ["Questions about setting up your shop or your catalogue: sellers@marketplace.example, Monday to Friday, 9:00 to 17:00 (CET)."],
        },
        {
          heading: "Before you write",
          paragraphs: ["If the portal showed a reference for support on an error page, include it: it lets us find what happened."],
        },
      ],
    },
    de: {
      title: "Hilfe und Kontakt",
      sections: [
        {
          heading: "Support für Händlerkonten",
          paragraphs: ["Fragen zur Einrichtung Ihres Shops oder zu Ihrem Katalog: sellers@marketplace.example, Montag bis Freitag, 9:00 bis 17:00 Uhr."],
        },
        {
          heading: "Bevor Sie schreiben",
          paragraphs: [
            "Wenn das Portal auf einer Fehlerseite eine Referenz für den Support angezeigt hat, geben Sie sie bitte an: So finden wir heraus, was passiert ist.",
          ],
        },
      ],
    },
  },
};

function render(language: PageLanguage, legal: LegalPage): string {
  const sections = legal.sections
    .map((section) => `<h2>${escapeHtml(section.heading)}</h2>\n${section.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join("\n")}`)
    .join("\n");
  return page(language, legal.title, `<h1>${escapeHtml(legal.title)}</h1>\n${sections}`);
}

export function legalPagesRouter(): express.Router {
  const router = express.Router();
  const serve = (name: keyof typeof content) => (req: Request, res: express.Response) => {
    const language = pageLanguage(req.query.lang, req.get("accept-language"));
    res.type("html").send(render(language, content[name][language]));
  };
  router.get("/legal/imprint", serve("imprint"));
  router.get("/legal/privacy", serve("privacy"));
  router.get("/help", serve("help"));
  return router;
}
