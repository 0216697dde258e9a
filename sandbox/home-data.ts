/**
 * The seller home's data, computed rather than stored: every figure, rating,
 * recommendation and affected product is a pure function of (seller, shop,
 * day, index) through a seeded generator, so the sandbox answers the same
 * thing every time for 400 days of daily figures without a row per day.
 */
import { createHash } from "node:crypto";
import type {
  AffectedProduct,
  AnalyticsTab,
  DashboardData,
  DashboardMetric,
  LegalDocument,
  MetricUnit,
  RecommendationKind,
  RecommendedAction,
  SellerDetails,
  ShopRating,
  Warehouse,
  WarehouseValidation,
} from "../contract/home.ts";
import { shopsOf, type HomeShop } from "./seed-home.ts";

/** How many days of figures each shop has, ending today. */
export const HISTORY_DAYS = 400;
const DAY_MS = 86_400_000;

/** A uniform number in [0, 1) fixed by its inputs. */
export function unit(...parts: (string | number)[]): number {
  const digest = createHash("sha256").update(parts.join("|")).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

export function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

function dayStart(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

export function today(now = Date.now()): string {
  return isoDay(now);
}

// ---- analytics ---------------------------------------------------------------

type MetricDefinition = {
  key: string;
  unit: MetricUnit;
  /** A typical day of a shop of scale 1. */
  base: number;
  /** Amounts and counts add up over shops and days; rates and durations average. */
  kind: "additive" | "average" | "level";
  /** Relative growth over the whole history (0.3 = +30 %). */
  trend: number;
  /** How much weekends differ from weekdays (0.2 = 20 % more). */
  weekend: number;
  decimals: number;
};

const additive = (key: string, unit: MetricUnit, base: number, trend: number, weekend: number, decimals = 0): MetricDefinition => ({
  key,
  unit,
  base,
  kind: "additive",
  trend,
  weekend,
  decimals,
});
const average = (key: string, unit: MetricUnit, base: number, trend: number, decimals = 1): MetricDefinition => ({
  key,
  unit,
  base,
  kind: "average",
  trend,
  weekend: 0,
  decimals,
});

export const dashboardMetrics: Record<AnalyticsTab, MetricDefinition[]> = {
  sales: [additive("gmv", "EUR", 4200, 0.35, 0.25, 2), additive("orders", "COUNT", 61, 0.3, 0.25), additive("itemsSold", "COUNT", 88, 0.3, 0.25)],
  service: [average("returnRate", "PERCENT", 7.5, -0.2), average("cancellationRate", "PERCENT", 1.8, -0.1), average("responseTimeHours", "HOURS", 9, -0.35)],
  products: [
    { key: "activeOffers", unit: "COUNT", base: 2400, kind: "level", trend: 0.25, weekend: 0, decimals: 0 },
    additive("productViews", "COUNT", 5200, 0.4, 0.3),
    average("conversionRate", "PERCENT", 2.6, 0.1, 2),
  ],
  performance: [
    average("onTimeDeliveryRate", "PERCENT", 94, 0.03),
    average("shippingTimeDays", "DAYS", 2.1, -0.15),
    additive("lateShipments", "COUNT", 3, -0.2, 0.1),
  ],
  legal: [additive("legalComplaints", "COUNT", 0.4, -0.3, 0), additive("takedownRequests", "COUNT", 0.15, 0, 0)],
  oci: [average("offerComplianceScore", "PERCENT", 91, 0.05), additive("nonCompliantOffers", "COUNT", 14, -0.4, 0)],
};

/** The sandbox's dashboard ids, one per tab: the portal's default dashboard setting names these. */
export const sandboxDashboardIds: Record<AnalyticsTab, string> = {
  oci: "dash-oci-7f3a",
  legal: "dash-legal-2c19",
  sales: "dash-sales-9b41",
  service: "dash-service-5e07",
  products: "dash-products-c8d2",
  performance: "dash-performance-1a6f",
};

export function tabOfDashboard(dashboardId: string): AnalyticsTab | undefined {
  return (Object.entries(sandboxDashboardIds) as [AnalyticsTab, string][]).find(([, id]) => id === dashboardId)?.[0];
}

/** One shop's figure on one day, or undefined outside its history. */
function shopDayValue(shop: HomeShop, metric: MetricDefinition, date: string, now: number): number | undefined {
  const first = dayStart(today(now)) - (HISTORY_DAYS - 1) * DAY_MS;
  const time = dayStart(date);
  if (time < first || time > dayStart(today(now))) return undefined;
  // Progress through the history by calendar date, so a day's value never changes as time passes.
  const progress = ((time / DAY_MS) % 730) / 730;
  const weekday = new Date(time).getUTCDay();
  const weekendFactor = weekday === 0 || weekday === 6 ? 1 + metric.weekend : 1;
  // December trade and the summer lull.
  const month = new Date(time).getUTCMonth();
  const season = metric.kind === "average" ? 1 : month === 11 ? 1.35 : month === 6 || month === 7 ? 0.85 : 1;
  // Rates and durations vary less from day to day than amounts and counts.
  const spread = metric.kind === "average" ? 0.1 : 0.3;
  const noise = 1 - spread / 2 + spread * unit(shop.marketplaceSellerId, metric.key, date);
  const scale = metric.kind === "average" ? 1 : shop.scale;
  const value = metric.base * scale * (1 + metric.trend * progress) * weekendFactor * season * noise;
  // Rare events (a complaint every few days) are whole numbers, not fractions of one.
  if (metric.base < 1) return unit("event", shop.marketplaceSellerId, metric.key, date) < metric.base * Math.sqrt(shop.scale) ? 1 : 0;
  return metric.unit === "PERCENT" ? Math.min(value, 100) : value;
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

/** A dashboard's figures for some shops over a period: per day across the shops, and one total. */
export function dashboardData(tab: AnalyticsTab, shops: HomeShop[], from: string, to: string, now = Date.now()): DashboardData {
  const metrics: DashboardMetric[] = dashboardMetrics[tab].map((metric) => {
    const points: DashboardMetric["points"] = [];
    for (let time = dayStart(from); time <= dayStart(to); time += DAY_MS) {
      const date = isoDay(time);
      const values = shops.map((shop) => shopDayValue(shop, metric, date, now)).filter((value) => value !== undefined);
      if (values.length === 0) continue;
      const sum = values.reduce((a, b) => a + b, 0);
      points.push({ date, value: round(metric.kind === "average" ? sum / values.length : sum, metric.decimals) });
    }
    const sum = points.reduce((a, point) => a + point.value, 0);
    const total = metric.kind === "additive" ? sum : points.length ? sum / points.length : 0;
    return { key: metric.key, unit: metric.unit, total: round(total, metric.decimals), points };
  });
  return {
    dashboardId: sandboxDashboardIds[tab],
    from,
    to,
    // Figures are recomputed every night at 04:00 UTC.
    dataAsOf: `${today(now)}T04:00:00.000Z`,
    metrics,
  };
}

// ---- ratings -----------------------------------------------------------------

export function shopRating(shop: HomeShop, now = Date.now()): ShopRating {
  const r = unit("rating", shop.marketplaceSellerId);
  return {
    shopId: shop.marketplaceSellerId,
    averageRating: round(3.9 + r * 0.9, 1),
    ratingCount: Math.round(1800 * shop.scale * (0.8 + r * 0.4)),
    positiveShare: round(82 + r * 15, 1),
    lastRatedAt: new Date(dayStart(today(now)) - Math.round(r * 20) * 3_600_000).toISOString(),
  };
}

// ---- recommended actions -------------------------------------------------------

const kindPath: Record<RecommendationKind, string> = {
  PRODUCT_NOT_ONLINE: "product-not-online",
  PRODUCTS_NOT_FOUND: "products-not-found",
  PRODUCT_IMPORT_ERRORS: "product-import-errors",
  OFFERS_MAY_BE_OFFLINE_SOON: "offers-may-be-offline-soon",
};

/**
 * The descriptions are HTML as the real service writes it: in-app links
 * (the `app-link` tag and plain relative links), external links in a new
 * tab, a link marked as excluded from in-app navigation, and markup from
 * outside sources that the portal must defuse.
 */
function descriptionHtml(kind: RecommendationKind, count: number, index: number): string {
  const hostile = [
    `<img src="x" onerror="alert('xss')">`,
    `<script>document.title='owned'</script>`,
    `<a href="javascript:alert(1)">Details</a>`,
    `<svg onload="alert(1)"><circle r="4"/></svg>`,
    `<iframe src="https://evil.example.com"></iframe>`,
    `<p style="position:fixed;top:0">Overlay</p>`,
  ][index % 6];
  const gmvLink = `<app-link href="/home/recommendations/gmv-explanation">How we estimate the GMV at stake</app-link>`;
  const help = `<a href="https://help.marketplace.example.com/sellers/${kindPath[kind]}" target="_blank" rel="noopener">help centre</a>`;
  const texts: Record<RecommendationKind, string> = {
    PRODUCT_NOT_ONLINE: `<p><strong>${count} products</strong> are in your catalogue but not online: they have no price or no stock.</p><p>Add both in your next catalogue upload. See the <a href="/home/analytics/products">products analytics</a> and the ${help}.</p>`,
    PRODUCTS_NOT_FOUND: `<p>We could not match <strong>${count} EANs</strong> from your catalogue to any product.</p><p>Check the EANs in <a href="/upload/catalog" data-excluded="true">your catalogue files</a>. ${gmvLink}.</p>`,
    PRODUCT_IMPORT_ERRORS: `<p>The last import rejected <strong>${count} rows</strong>.</p><ul><li>Missing category</li><li>Invalid price format</li></ul><p>${gmvLink}; more in the ${help}.</p>`,
    OFFERS_MAY_BE_OFFLINE_SOON: `<p><em>${count} offers</em> have stock for less than 3 days and may go offline soon.</p><p>Compare with your <a href="/home/analytics/sales">sales</a>. ${help}.</p>`,
  };
  return texts[kind] + hostile;
}

/** A seller's recommended actions: every kind for a seller with several shops, some kinds for a small one. */
export function recommendedActions(sellerId: string, now = Date.now()): RecommendedAction[] {
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
        descriptionHtml: descriptionHtml(kind, productCount, index),
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
const reasons: Record<RecommendationKind, string[]> = {
  PRODUCT_NOT_ONLINE: ["No price", "No stock", "No price and no stock"],
  PRODUCTS_NOT_FOUND: ["EAN unknown to the catalogue", "EAN checksum wrong", "EAN in scientific notation"],
  PRODUCT_IMPORT_ERRORS: ["Missing category", "Invalid price format", "Title longer than 150 characters"],
  OFFERS_MAY_BE_OFFLINE_SOON: ["Stock for 1 day", "Stock for 2 days", "Stock ends today"],
};

function eanWithCheckDigit(body: string): string {
  const sum = [...body].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return body + String((10 - (sum % 10)) % 10);
}

/** The products an action concerns, one page of them. */
export function affectedProducts(action: RecommendedAction, page: number, pageSize: number, now = Date.now()): AffectedProduct[] {
  const items: AffectedProduct[] = [];
  const start = (page - 1) * pageSize;
  for (let i = start; i < Math.min(action.productCount, start + pageSize); i++) {
    const r = unit(action.id, i);
    const body = `40${String(Math.floor(r * 1e10)).padStart(10, "0")}`;
    items.push({
      ean: eanWithCheckDigit(body),
      sku: `NL-${action.shopId}-${String(i + 1).padStart(4, "0")}`,
      title: `${productWords[i % productWords.length]} ${colours[Math.floor(r * colours.length)]}`,
      reason: reasons[action.kind][Math.floor(unit("reason", action.id, i) * 3)]!,
      since: isoDay(dayStart(today(now)) - Math.floor(r * 20) * DAY_MS),
    });
  }
  return items;
}

export const gmvExplanationHtml = `<h2>How we estimate the GMV at stake</h2>
<p>GMV (gross merchandise value) is the value of everything customers order, before returns and cancellations.</p>
<p>For each recommended action we take the affected products' average daily GMV over the last 90 days, or that of similar products when they never sold, and multiply it by 30: the value a month without the fix may cost.</p>
<p>Your actual GMV per shop is in the <a href="/home/analytics/sales">sales analytics</a>; all open actions are on the <app-link href="/home/recommendations">recommendations page</app-link>.</p>
<p>Questions? Write to <a href="mailto:partner-support@marketplace.example.com">partner support</a> or read the <a href="https://help.marketplace.example.com/sellers/gmv" target="_blank" rel="noopener">help centre</a>.</p>
<img src="x" onerror="alert('gmv')">`;

// ---- my company ------------------------------------------------------------------

export function warehouseIds(sellerId: string): string[] {
  return shopsOf(sellerId).length > 1 ? [`wh-${sellerId}-1`, `wh-${sellerId}-2`] : [`wh-${sellerId}-1`];
}

const warehouseSites = [
  {
    name: "Central warehouse Hamburg",
    street: "Am Moldauhafen 14",
    postalCode: "20457",
    city: "Hamburg",
    contactPerson: "Jana Petersen",
    handlingTimeDays: 1,
    cutOffTime: "14:00",
  },
  {
    name: "South warehouse Augsburg",
    street: "Derchinger Straße 120",
    postalCode: "86165",
    city: "Augsburg",
    contactPerson: "Mehmet Yilmaz",
    handlingTimeDays: 2,
    cutOffTime: "12:30",
  },
];

export function warehouse(sellerId: string, warehouseId: string): Warehouse | undefined {
  const index = warehouseIds(sellerId).indexOf(warehouseId);
  const site = warehouseSites[index];
  if (index < 0 || !site) return undefined;
  return {
    id: warehouseId,
    name: site.name,
    address: { street: site.street, postalCode: site.postalCode, city: site.city, country: "DE" },
    contactPerson: site.contactPerson,
    handlingTimeDays: site.handlingTimeDays,
    cutOffTime: site.cutOffTime,
  };
}

export function lastValidation(sellerId: string, warehouseId: string, now = Date.now()): WarehouseValidation | undefined {
  const index = warehouseIds(sellerId).indexOf(warehouseId);
  if (index < 0) return undefined;
  const failed = index === 1;
  return {
    warehouseId,
    validatedAt: new Date(dayStart(today(now)) - (index * 9 + 4) * DAY_MS + 10 * 3_600_000).toISOString(),
    result: failed ? "FAILED" : "PASSED",
    findings: failed ? ["Returns address differs from the warehouse address", "Cut-off time later than carrier pick-up"] : [],
  };
}

export function legalDocuments(sellerId: string, createdAt: string): LegalDocument[] {
  const docs: [LegalDocument["kind"], string][] = [
    ["CONTRACT", "marketplace-contract.pdf"],
    ["TERMS", "terms-and-conditions-2026.pdf"],
    ["DATA_PROCESSING_AGREEMENT", "data-processing-agreement.pdf"],
    ["COMMERCIAL_REGISTER_EXTRACT", "commercial-register-extract.pdf"],
  ];
  return docs.map(([kind, fileName], i) => ({
    id: `doc-${sellerId}-${i + 1}`,
    kind,
    fileName,
    contentType: "application/pdf",
    size: legalDocumentPdf(sellerId, fileName).length,
    uploadedAt: new Date(Date.parse(createdAt) + i * DAY_MS).toISOString(),
  }));
}

/** A small, valid one-page PDF naming the document and the seller. */
export function legalDocumentPdf(sellerId: string, title: string): Buffer {
  const text = `${title} - ${sellerId}`.replace(/[()\\]/g, "");
  const stream = `BT /F1 14 Tf 60 760 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

export function sellerDetails(seller: { id: string; name: string; created_at: string }): SellerDetails {
  const r = unit("company", seller.id);
  const legalForm = /e\.K\./.test(seller.name) ? "e.K." : /UG/.test(seller.name) ? "UG (haftungsbeschränkt)" : /KG/.test(seller.name) ? "KG" : "GmbH";
  const digits = String(Math.floor(r * 1e9)).padStart(9, "0");
  return {
    sellerId: seller.id,
    companyName: seller.name,
    legalForm,
    vatId: `DE${digits}`,
    commercialRegisterNumber: `HR${legalForm === "e.K." ? "A" : "B"} ${10000 + Math.floor(r * 89999)}`,
    registeredAddress: { street: "Große Elbstraße 145", postalCode: "22767", city: "Hamburg", country: "DE" },
    contactEmail: `partners@${seller.id}.example.com`,
    phone: "+49 40 1234567",
    bankAccount: { accountHolder: seller.name, iban: "DE89370400440532013000", bic: "COBADEFFXXX", bankName: "Commerzbank" },
    warehouseIds: warehouseIds(seller.id),
    legalDocuments: legalDocuments(seller.id, seller.created_at),
  };
}
