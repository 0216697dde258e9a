import type { NotificationKind, NotificationParams } from "#contract/notifications.ts";
import type { LanguageCode } from "#contract/upstream.ts";

/**
 * The notification service's e-mail templates: one per event kind and
 * language, each a subject, a few paragraphs and the label of the link back
 * to the portal. Every value from the event (a seller's name, a reason, a
 * file name) is data: escaped in the HTML, and stripped of line breaks and
 * control characters wherever it could reach a header (the subject), so that
 * no name or company data can add a header or a recipient.
 */

type Template = {
  subject: (p: Params) => string;
  paragraphs: (p: Params) => string[];
  action: string;
};

type Params = { get(name: string): string };

const changeNames: Record<LanguageCode, Record<string, string>> = {
  en: { BANK_ACCOUNT: "bank account", WAREHOUSE: "warehouse", COMPANY_DATA: "company data", LEGAL_DOCUMENT: "legal document", REGISTRATIONS: "registrations" },
  de: {
    BANK_ACCOUNT: "Bankverbindung",
    WAREHOUSE: "Lager",
    COMPANY_DATA: "Unternehmensdaten",
    LEGAL_DOCUMENT: "Rechtsdokument",
    REGISTRATIONS: "Registrierungen",
  },
};

/** What an obligation is about, in each language (contract/obligations.ts `subject`); another subject as it is. */
const obligationSubjects: Record<LanguageCode, Record<string, string>> = {
  en: {
    IDENTITY_DOCUMENT: "A valid ID document of your representative",
    COMMERCIAL_REGISTER_EXTRACT: "A current commercial register extract",
    VAT_ID: "A confirmed VAT id",
  },
  de: {
    IDENTITY_DOCUMENT: "Ein gültiges Ausweisdokument Ihrer vertretungsberechtigten Person",
    COMMERCIAL_REGISTER_EXTRACT: "Ein aktueller Handelsregisterauszug",
    VAT_ID: "Eine bestätigte USt-IdNr.",
  },
};

/** A day (YYYY-MM-DD) as each language writes it. */
function day(value: string, language: LanguageCode): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  return language === "de" ? `${match[3]}.${match[2]}.${match[1]}` : `${match[1]}-${match[2]}-${match[3]}`;
}

const requirement = (p: Params, language: LanguageCode) => obligationSubjects[language][p.get("subject")] ?? (p.get("requirement") || p.get("subject"));

const roleNames: Record<LanguageCode, Record<string, string>> = {
  en: { SELLER_ADMINISTRATOR: "administrator", SELLER_VIEWER_EXTERNAL: "viewer" },
  de: { SELLER_ADMINISTRATOR: "Verwaltung", SELLER_VIEWER_EXTERNAL: "Lesezugriff" },
};

const templates: Record<LanguageCode, Record<NotificationKind, Template>> = {
  en: {
    INVITATION: {
      subject: (p) => `Invitation to the seller portal of ${p.get("sellerName")}`,
      paragraphs: (p) => [
        `You are invited to work for ${p.get("sellerName")} in the marketplace's seller portal, as ${roleNames.en[p.get("role")] ?? p.get("role")}.`,
        `Register with this e-mail address through the link below. The link can be used once and works until ${p.get("expiresAt")}.`,
      ],
      action: "Register",
    },
    CATALOGUE_RETURNED: {
      subject: (p) => `${p.get("sellerName")}: your catalogue was returned`,
      paragraphs: (p) => [
        "The catalogue team returned your catalogue. Their reason:",
        p.get("reason"),
        ...(Number(p.get("categories") || 0) + Number(p.get("products") || 0) > 0
          ? [
              `They returned ${p.get("categories") || "0"} category mapping(s) and ${p.get("products") || "0"} product(s) on their own, each with a reason: see the category mapping and the products view.`,
            ]
          : []),
        "Please correct the catalogue and hand it over again.",
      ],
      action: "Open the catalogue",
    },
    HAND_OVER_RECEIVED: {
      subject: (p) => `${p.get("sellerName")} handed over their catalogue`,
      paragraphs: (p) => [`${p.get("sellerName")} handed over their catalogue. It is waiting for the mapping.`],
      action: "Open the catalogue integration",
    },
    SELLER_ACTIVE: {
      subject: (p) => `${p.get("sellerName")} is live in the marketplace`,
      paragraphs: (p) => [`${p.get("sellerName")} was marked active: the shop is live, and the seller home shows its figures.`],
      action: "Open the seller home",
    },
    CHANGE_CONFIRMED: {
      subject: (p) => `${p.get("sellerName")}: change of the ${changeNames.en[p.get("change")] ?? p.get("change")} confirmed`,
      paragraphs: (p) => [`The marketplace confirmed the change of the ${changeNames.en[p.get("change")] ?? p.get("change")}. It is on record now.`],
      action: "Open the change",
    },
    CHANGE_REJECTED: {
      subject: (p) => `${p.get("sellerName")}: change of the ${changeNames.en[p.get("change")] ?? p.get("change")} rejected`,
      paragraphs: (p) => [`The marketplace rejected the change of the ${changeNames.en[p.get("change")] ?? p.get("change")}. The reason:`, p.get("reason")],
      action: "Open the change",
    },
    FILE_PROBLEMS: {
      subject: (p) => `${p.get("sellerName")}: problems in ${p.get("fileName")}`,
      paragraphs: (p) => [
        `${p.get("fileName")} was read: ${p.get("rowsRejected")} of ${p.get("rowsChecked")} rows have problems the marketplace would reject.`,
      ],
      action: "Open the products",
    },
    REQUIREMENT_DUE: {
      subject: (p) => `${p.get("sellerName")}: ${requirement(p, "en")} is due by ${day(p.get("dueDate"), "en")}`,
      paragraphs: (p) => [
        `${requirement(p, "en")} is due by ${day(p.get("dueDate"), "en")}, in ${p.get("daysLeft")} days.`,
        "Once the date has passed, the marketplace may hold back parts of your shop until it is provided. The seller portal shows what to do.",
      ],
      action: "Open the seller portal",
    },
  },
  de: {
    INVITATION: {
      subject: (p) => `Einladung ins Händlerportal von ${p.get("sellerName")}`,
      paragraphs: (p) => [
        `Sie sind eingeladen, im Händlerportal des Marktplatzes für ${p.get("sellerName")} mitzuarbeiten, mit der Rolle „${roleNames.de[p.get("role")] ?? p.get("role")}“.`,
        `Registrieren Sie sich mit dieser E-Mail-Adresse über den Link unten. Der Link gilt einmal und bis ${p.get("expiresAt")}.`,
      ],
      action: "Registrieren",
    },
    CATALOGUE_RETURNED: {
      subject: (p) => `${p.get("sellerName")}: Ihr Katalog wurde zurückgegeben`,
      paragraphs: (p) => [
        "Das Katalogteam hat Ihren Katalog zurückgegeben. Die Begründung:",
        p.get("reason"),
        ...(Number(p.get("categories") || 0) + Number(p.get("products") || 0) > 0
          ? [
              `Einzeln zurückgegeben, jeweils mit Begründung: ${p.get("categories") || "0"} Kategoriezuordnung(en) und ${p.get("products") || "0"} Produkt(e). Sie finden sie in der Kategoriezuordnung und in der Produktansicht.`,
            ]
          : []),
        "Bitte korrigieren Sie den Katalog und übergeben Sie ihn erneut.",
      ],
      action: "Katalog öffnen",
    },
    HAND_OVER_RECEIVED: {
      subject: (p) => `${p.get("sellerName")} hat den Katalog übergeben`,
      paragraphs: (p) => [`${p.get("sellerName")} hat den Katalog übergeben. Er wartet auf die Zuordnung.`],
      action: "Katalogintegration öffnen",
    },
    SELLER_ACTIVE: {
      subject: (p) => `${p.get("sellerName")} ist jetzt auf dem Marktplatz live`,
      paragraphs: (p) => [`${p.get("sellerName")} wurde aktiv geschaltet: Der Shop ist live, und die Startseite zeigt seine Zahlen.`],
      action: "Startseite öffnen",
    },
    CHANGE_CONFIRMED: {
      subject: (p) => `${p.get("sellerName")}: Änderung (${changeNames.de[p.get("change")] ?? p.get("change")}) bestätigt`,
      paragraphs: (p) => [`Der Marktplatz hat die Änderung (${changeNames.de[p.get("change")] ?? p.get("change")}) bestätigt. Sie ist jetzt hinterlegt.`],
      action: "Änderung öffnen",
    },
    CHANGE_REJECTED: {
      subject: (p) => `${p.get("sellerName")}: Änderung (${changeNames.de[p.get("change")] ?? p.get("change")}) abgelehnt`,
      paragraphs: (p) => [
        `Der Marktplatz hat die Änderung (${changeNames.de[p.get("change")] ?? p.get("change")}) abgelehnt. Die Begründung:`,
        p.get("reason"),
      ],
      action: "Änderung öffnen",
    },
    FILE_PROBLEMS: {
      subject: (p) => `${p.get("sellerName")}: Probleme in ${p.get("fileName")}`,
      paragraphs: (p) => [
        `${p.get("fileName")} wurde gelesen: ${p.get("rowsRejected")} von ${p.get("rowsChecked")} Zeilen haben Probleme, die der Marktplatz ablehnen würde.`,
      ],
      action: "Produkte öffnen",
    },
    REQUIREMENT_DUE: {
      subject: (p) => `${p.get("sellerName")}: ${requirement(p, "de")} ist bis ${day(p.get("dueDate"), "de")} fällig`,
      paragraphs: (p) => [
        `${requirement(p, "de")} ist bis ${day(p.get("dueDate"), "de")} fällig, in ${p.get("daysLeft")} Tagen.`,
        "Ist das Datum verstrichen, kann der Marktplatz Teile Ihres Shops zurückhalten, bis es vorliegt. Im Händlerportal sehen Sie, was zu tun ist.",
      ],
      action: "Händlerportal öffnen",
    },
  },
};

const footer: Record<LanguageCode, string> = {
  en: "You receive this e-mail because of your e-mail settings in the seller portal. You can change them under Notifications.",
  de: "Sie erhalten diese E-Mail wegen Ihrer E-Mail-Einstellungen im Händlerportal. Sie können sie unter Benachrichtigungen ändern.",
};

const invitationFooter: Record<LanguageCode, string> = {
  en: "If you did not expect this invitation, you can ignore this e-mail.",
  de: "Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.",
};

/** Line breaks, tabs and every other control character become one space: nothing a value holds can start a header line. */
export function headerSafe(value: string, maxLength = 200): string {
  const flat = value
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > maxLength ? `${flat.slice(0, maxLength - 1)}…` : flat;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);
}

export type RenderedMail = { subject: string; text: string; html: string };

/**
 * The e-mail for an event in a language: `link` is the absolute address back to the portal (made by the service from
 * its configured portal address and the event's portal path, never from the event's data).
 */
export function renderMail(kind: NotificationKind, language: LanguageCode, params: NotificationParams, link: string): RenderedMail {
  const template = templates[language][kind];
  const values: Params = { get: (name) => String(params[name] ?? "") };
  const paragraphs = template.paragraphs(values);
  const closing = kind === "INVITATION" ? invitationFooter[language] : footer[language];
  const text = [...paragraphs, `${template.action}: ${link}`, "--", closing].join("\n\n") + "\n";
  const html = [
    "<!doctype html>",
    `<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(headerSafe(template.subject(values)))}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5">',
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(template.action)}</a></p>`,
    `<p style="color: #555; font-size: 0.875em">${escapeHtml(closing)}</p>`,
    "</body></html>",
  ].join("\n");
  return { subject: headerSafe(template.subject(values)), text, html };
}
