/**
 * The recommended-actions service's data, computed from the seller's shops
 * through the seeded generator: each action, its description (HTML with the
 * links and markup the portal must handle), the products it concerns and the
 * GMV explanation.
 */
import type { AffectedProduct, RecommendationKind, RecommendedAction } from "#contract/home.ts";
import { DAY_MS, dayStart, isoDay, round, today, unit } from "./home-generator.ts";
import type { PageLanguage } from "./oidc/texts.ts";
import { shopsOf } from "./seed-home.ts";

const kindPath: Record<RecommendationKind, string> = {
  PRODUCT_NOT_ONLINE: "product-not-online",
  PRODUCTS_NOT_FOUND: "products-not-found",
  PRODUCT_IMPORT_ERRORS: "product-import-errors",
  OFFERS_MAY_BE_OFFLINE_SOON: "offers-may-be-offline-soon",
};

/**
 * The descriptions are HTML as the real service writes it, in the language
 * the request asks for (Accept-Language: English or German): in-app links
 * (the `app-link` tag and plain relative links), external links in a new
 * tab, a link marked as excluded from in-app navigation, and markup from
 * outside sources that the portal must defuse.
 */
function descriptionHtml(kind: RecommendationKind, count: number, index: number, language: PageLanguage): string {
  // Markup a browser would run or that would cover the page; once defused, none of it leaves a word behind, except the
  // link's text, which the portal drops with the refused link.
  const hostile = [
    `<img src="x" onerror="alert('xss')">`,
    `<script>document.title='owned'</script>`,
    `<a href="javascript:alert(1)">Details</a>`,
    `<svg onload="alert(1)"><circle r="4"/></svg>`,
    `<iframe src="https://evil.example.com"></iframe>`,
    `<div style="position:fixed;inset:0;z-index:9999;background:url(javascript:alert(1))"></div>`,
  ][index % 6];
  const helpUrl = `https://help.marketplace.example.com/sellers/${kindPath[kind]}`;
  const texts: Record<PageLanguage, () => Record<RecommendationKind, string>> = {
    en: () => {
      const gmvLink = `<app-link href="/home/recommendations/gmv-explanation">how we estimate the GMV at stake</app-link>`;
      const help = `<a href="${helpUrl}" target="_blank" rel="noopener">help centre</a>`;
      return {
        PRODUCT_NOT_ONLINE: `<p><strong>${count} products</strong> are in your catalogue but not online: they have no price or no stock.</p><p>Add both in your next <a href="/home/catalogue">catalogue update</a>. The <a href="/home/analytics/products">products analytics</a> show how often customers view your products, and the ${help} explains what a product needs to go online.</p>`,
        PRODUCTS_NOT_FOUND: `<p>We could not match <strong>${count} EANs</strong> from your catalogue to any product.</p><p>Check the EANs in <a href="/home/catalogue" data-excluded="true">your catalogue files</a>. Read ${gmvLink}.</p>`,
        PRODUCT_IMPORT_ERRORS: `<p>The last import rejected <strong>${count} rows</strong>, for these reasons:</p><ul><li>Missing category</li><li>Invalid price format</li></ul><p>Correct the rows and <app-link href="/home/catalogue">update your catalogue</app-link>. Read ${gmvLink}; the ${help} explains each import error.</p>`,
        OFFERS_MAY_BE_OFFLINE_SOON: `<p><em>${count} offers</em> have stock for less than 3 days and may go offline soon.</p><p>Compare their stock with your <a href="/home/analytics/sales">sales</a> and restock in time; the ${help} explains how.</p>`,
      };
    },
    de: () => {
      const gmvLink = `<app-link href="/home/recommendations/gmv-explanation">wie wir den betroffenen GMV schätzen</app-link>`;
      const help = `<a href="${helpUrl}" target="_blank" rel="noopener">Hilfe-Center</a>`;
      return {
        PRODUCT_NOT_ONLINE: `<p><strong>${count} Produkte</strong> sind in Ihrem Katalog, aber nicht online: Ihnen fehlt ein Preis oder Bestand.</p><p>Ergänzen Sie beides mit Ihrer nächsten <a href="/home/catalogue">Katalogaktualisierung</a>. Die <a href="/home/analytics/products">Produktanalysen</a> zeigen, wie oft die Kundschaft Ihre Produkte ansieht, und das ${help} erklärt, was ein Produkt braucht, um online zu gehen.</p>`,
        PRODUCTS_NOT_FOUND: `<p><strong>${count} EANs</strong> aus Ihrem Katalog konnten wir keinem Produkt zuordnen.</p><p>Prüfen Sie die EANs in <a href="/home/catalogue" data-excluded="true">Ihren Katalogdateien</a>. Lesen Sie, ${gmvLink}.</p>`,
        PRODUCT_IMPORT_ERRORS: `<p>Der letzte Import hat <strong>${count} Zeilen</strong> abgelehnt, aus diesen Gründen:</p><ul><li>Kategorie fehlt</li><li>Preis im falschen Format</li></ul><p>Korrigieren Sie die Zeilen und <app-link href="/home/catalogue">aktualisieren Sie Ihren Katalog</app-link>. Lesen Sie, ${gmvLink}; das ${help} erklärt jeden Importfehler.</p>`,
        OFFERS_MAY_BE_OFFLINE_SOON: `<p><em>${count} Angebote</em> haben Bestand für weniger als 3 Tage und gehen womöglich bald offline.</p><p>Vergleichen Sie ihren Bestand mit Ihrem <a href="/home/analytics/sales">Umsatz</a> und füllen Sie ihn rechtzeitig auf; das ${help} erklärt, wie.</p>`,
      };
    },
  };
  return texts[language]()[kind] + hostile;
}

/** A seller's recommended actions: every kind for a seller with several shops, some kinds for a small one. */
export function recommendedActions(sellerId: string, now = Date.now(), language: PageLanguage = "en"): RecommendedAction[] {
  const shops = shopsOf(sellerId);
  const actions: RecommendedAction[] = [];
  shops.forEach((shop, shopIndex) => {
    const kinds =
      shops.length > 1
        ? (["PRODUCT_NOT_ONLINE", "PRODUCTS_NOT_FOUND", "PRODUCT_IMPORT_ERRORS", "OFFERS_MAY_BE_OFFLINE_SOON"] as const).filter(
            (_, k) => (k + shopIndex) % 3 !== 2 || shopIndex === 0,
          )
        : (["PRODUCT_NOT_ONLINE", "OFFERS_MAY_BE_OFFLINE_SOON"] as const);
    kinds.forEach((kind, kindIndex) => {
      const r = unit("action", shop.marketplaceSellerId, kind);
      const productCount = 3 + Math.round(r * 60 * Math.max(shop.scale, 0.3));
      const index = shopIndex * 4 + kindIndex;
      const deadlineDays = kind === "OFFERS_MAY_BE_OFFLINE_SOON" ? 3 : kind === "PRODUCT_IMPORT_ERRORS" ? 14 : null;
      actions.push({
        id: `ra-${shop.marketplaceSellerId}-${kindPath[kind]}`,
        kind,
        shopId: shop.marketplaceSellerId,
        productCount,
        gmvImpact: round(productCount * (18 + r * 40) * shop.scale * 30, 2),
        deadline: deadlineDays === null ? null : isoDay(dayStart(today(now)) + deadlineDays * DAY_MS),
        descriptionHtml: descriptionHtml(kind, productCount, index, language),
      });
    });
  });
  return actions;
}

const productWords = [
  "Lounge chair",
  "Floor lamp",
  "Wool throw",
  "Side table",
  "Linen cushion",
  "Oak shelf",
  "Ceramic vase",
  "Wall mirror",
  "Rug",
  "Bed linen set",
];
const colours = ["anthracite", "sand", "sage", "oak", "white", "terracotta", "navy"];
const reasons: Record<PageLanguage, Record<RecommendationKind, string[]>> = {
  en: {
    PRODUCT_NOT_ONLINE: ["No price", "No stock", "No price and no stock"],
    PRODUCTS_NOT_FOUND: ["EAN unknown to the catalogue", "EAN checksum wrong", "EAN in scientific notation"],
    PRODUCT_IMPORT_ERRORS: ["Missing category", "Invalid price format", "Title longer than 150 characters"],
    OFFERS_MAY_BE_OFFLINE_SOON: ["Stock for 1 day", "Stock for 2 days", "Stock ends today"],
  },
  de: {
    PRODUCT_NOT_ONLINE: ["Kein Preis", "Kein Bestand", "Kein Preis und kein Bestand"],
    PRODUCTS_NOT_FOUND: ["EAN im Katalog unbekannt", "EAN-Prüfziffer falsch", "EAN in wissenschaftlicher Schreibweise"],
    PRODUCT_IMPORT_ERRORS: ["Kategorie fehlt", "Preis im falschen Format", "Titel länger als 150 Zeichen"],
    OFFERS_MAY_BE_OFFLINE_SOON: ["Bestand für 1 Tag", "Bestand für 2 Tage", "Bestand endet heute"],
  },
};

function eanWithCheckDigit(body: string): string {
  const sum = [...body].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return body + String((10 - (sum % 10)) % 10);
}

/** The products an action concerns, one page of them. */
export function affectedProducts(
  action: RecommendedAction,
  page: number,
  pageSize: number,
  now = Date.now(),
  language: PageLanguage = "en",
): AffectedProduct[] {
  const items: AffectedProduct[] = [];
  const start = (page - 1) * pageSize;
  for (let i = start; i < Math.min(action.productCount, start + pageSize); i++) {
    const r = unit(action.id, i);
    const body = `40${String(Math.floor(r * 1e10)).padStart(10, "0")}`;
    items.push({
      ean: eanWithCheckDigit(body),
      sku: `NL-${action.shopId}-${String(i + 1).padStart(4, "0")}`,
      title: `${productWords[i % productWords.length]} ${colours[Math.floor(r * colours.length)]}`,
      reason: reasons[language][action.kind][Math.floor(unit("reason", action.id, i) * 3)]!,
      since: isoDay(dayStart(today(now)) - Math.floor(r * 20) * DAY_MS),
    });
  }
  return items;
}

export const gmvExplanationHtml: Record<PageLanguage, string> = {
  en: `<h2>How we estimate the GMV at stake</h2>
<p>GMV (gross merchandise value) is the value of everything customers order, before returns and cancellations.</p>
<p>For each recommended action we take the affected products' average daily GMV over the last 90 days, or that of similar products when they never sold, and multiply it by 30: the value a month without the fix may cost.</p>
<p>Your actual GMV per shop is in the <a href="/home/analytics/sales">sales analytics</a>; all open actions are on the <app-link href="/home/recommendations">recommendations page</app-link>.</p>
<p>Questions? Write to <a href="mailto:partner-support@marketplace.example.com">partner support</a> or read the <a href="https://help.marketplace.example.com/sellers/gmv" target="_blank" rel="noopener">help centre</a>.</p>
<img src="x" onerror="alert('gmv')">`,
  de: `<h2>So schätzen wir den betroffenen GMV</h2>
<p>Der GMV (Bruttowarenwert) ist der Wert aller Bestellungen der Kundschaft, vor Retouren und Stornierungen.</p>
<p>Für jede empfohlene Maßnahme nehmen wir den durchschnittlichen GMV pro Tag der betroffenen Produkte in den letzten 90 Tagen, oder den ähnlicher Produkte, wenn sie nie verkauft wurden, und multiplizieren ihn mit 30: so viel kann ein Monat ohne die Korrektur kosten.</p>
<p>Ihren tatsächlichen GMV je Shop finden Sie in den <a href="/home/analytics/sales">Umsatzanalysen</a>; alle offenen Maßnahmen auf der <app-link href="/home/recommendations">Seite der Empfehlungen</app-link>.</p>
<p>Fragen? Schreiben Sie an den <a href="mailto:partner-support@marketplace.example.com">Händlerservice</a> oder lesen Sie im <a href="https://help.marketplace.example.com/sellers/gmv" target="_blank" rel="noopener">Hilfe-Center</a>.</p>
<img src="x" onerror="alert('gmv')">`,
};
