/**
 * The quality score of a catalogue product and of a file, out of 100, from
 * what the marketplace needs: required fields present and valid (no problem
 * left), a marketplace category, images that load, the category's
 * recommended fields, and a description of some length. Each part earns a
 * share of its weight, so a file's score is the mean of its products' (each
 * part summed over the products): what the file's counts carry is enough,
 * no product is read again.
 */
import type { ProductCounts } from "#contract/catalogue-products.ts";
import { longDescriptionChars, shortDescriptionChars } from "#contract/catalogue-kinds.ts";
import type { RowProblemKind } from "#contract/catalogue-analysis.ts";
import type { MarketplaceField } from "#contract/catalogue.ts";

export const qualityParts = ["required", "category", "images", "recommended", "description"] as const;
export type QualityPart = (typeof qualityParts)[number];

/** Points each part is worth; together 100. */
export const qualityWeights: Readonly<Record<QualityPart, number>> = { required: 40, category: 20, images: 15, recommended: 15, description: 10 };

/** What another check reports of a product's images; absent: not checked yet (earns nothing yet). */
export type ImageCheck = { status: "loads" | "fails" | "unchecked"; reason?: string };

export type ProductQualityInput = {
  /** Its problems' kinds (none: every required field present and valid). */
  problemKinds: readonly RowProblemKind[];
  categoryId: string | null;
  /** The category's recommended fields (every category's while it has none), and those the product has. */
  recommended: readonly MarketplaceField[];
  recommendedPresent: readonly MarketplaceField[];
  descriptionChars: number;
  /** null: the product has no image address (nothing to load). */
  image?: ImageCheck | null;
};

export type QualityCheck = {
  part: QualityPart;
  points: number;
  max: number;
  /** met: full points; partly: some; missing: none; unchecked: not known yet (none). */
  state: "met" | "partly" | "missing" | "unchecked";
};

export type ProductQuality = { score: number; checks: QualityCheck[]; missingRecommended: MarketplaceField[] };

function descriptionShare(chars: number): number {
  return chars >= longDescriptionChars ? 1 : chars >= shortDescriptionChars ? 0.5 : 0;
}

function check(part: QualityPart, share: number, unchecked = false): QualityCheck {
  const max = qualityWeights[part];
  const points = Math.round(max * share * 10) / 10;
  return { part, points, max, state: unchecked ? "unchecked" : share >= 1 ? "met" : share > 0 ? "partly" : "missing" };
}

/** One product's score and the checklist it is explained by. */
export function productQuality(input: ProductQualityInput): ProductQuality {
  const present = new Set(input.recommendedPresent);
  const missingRecommended = input.recommended.filter((field) => !present.has(field));
  const imageStatus = input.image === null ? "fails" : (input.image?.status ?? "unchecked");
  const checks = [
    check("required", input.problemKinds.length === 0 ? 1 : 0),
    check("category", input.categoryId === null ? 0 : 1),
    check("images", imageStatus === "loads" ? 1 : 0, imageStatus === "unchecked"),
    check("recommended", input.recommended.length === 0 ? 1 : (input.recommended.length - missingRecommended.length) / input.recommended.length),
    check("description", descriptionShare(input.descriptionChars)),
  ];
  return { score: Math.round(checks.reduce((sum, { points }) => sum + points, 0)), checks, missingRecommended };
}

/** A fix that raises the file's score: fixing every product of a problem kind, or completing a part. */
export type QualityFix =
  { kind: RowProblemKind; part: "required"; products: number; gain: number } | { part: Exclude<QualityPart, "required">; products: number; gain: number };

export type FileQuality = {
  /** null: no product to score (every one left out, or none). */
  score: number | null;
  /** Each part's points, as the mean over the products. */
  parts: Record<QualityPart, number>;
  imagesChecked: boolean;
  /** What raises the score most first; `gain` is what fixing all `products` adds at most (points, one decimal). */
  fixes: QualityFix[];
};

/**
 * A file's score from its counts: required from the products ready among
 * those not left out, the other parts from the quality facts the service
 * counted. A kind's gain is an upper bound (a product with two kinds gains
 * only once both are fixed).
 */
export function fileQuality(counts: ProductCounts): FileQuality {
  const scored = counts.products - counts.leftOut;
  const facts = counts.quality;
  const none: Record<QualityPart, number> = { required: 0, category: 0, images: 0, recommended: 0, description: 0 };
  if (scored <= 0 || !facts || facts.products === 0) return { score: null, parts: none, imagesChecked: facts?.imagesLoad !== undefined, fixes: [] };
  const share = {
    required: counts.ready / scored,
    category: facts.categorised / facts.products,
    images: (facts.imagesLoad ?? 0) / facts.products,
    recommended: facts.recommendedShare / facts.products,
    description: (facts.longDescriptions + 0.5 * (facts.shortDescriptions - facts.longDescriptions)) / facts.products,
  };
  const parts = Object.fromEntries(qualityParts.map((part) => [part, Math.min(1, Math.max(0, share[part])) * qualityWeights[part]])) as Record<
    QualityPart,
    number
  >;
  const score = Math.round(qualityParts.reduce((sum, part) => sum + parts[part], 0));
  const imagesChecked = facts.imagesLoad !== undefined;
  const fixes: QualityFix[] = [];
  for (const [kind, products] of Object.entries(counts.kinds) as [RowProblemKind, number][]) {
    if (products > 0) fixes.push({ kind, part: "required", products, gain: (Math.min(products, counts.needsFix) / scored) * qualityWeights.required });
  }
  const lacking = (part: Exclude<QualityPart, "required">, products: number) => {
    if (products > 0 && parts[part] < qualityWeights[part]) fixes.push({ part, products, gain: qualityWeights[part] - parts[part] });
  };
  lacking("category", facts.products - facts.categorised);
  if (imagesChecked) lacking("images", facts.products - (facts.imagesLoad ?? 0));
  lacking("recommended", Math.ceil(facts.products - facts.recommendedShare));
  lacking("description", facts.products - facts.longDescriptions);
  return {
    score,
    parts,
    imagesChecked,
    fixes: fixes
      .map((fix) => ({ ...fix, gain: Math.round(fix.gain * 10) / 10 }))
      .filter((fix) => fix.gain > 0)
      .sort((a, b) => b.gain - a.gain || b.products - a.products),
  };
}
