/**
 * What a category needs of a product (contract/categories.ts: required fields inherited down the tree, those a
 * product lacks, the recommended ones it has) and the quality score of a product and a file
 * (app/lib/catalogue/quality-score.ts).
 */
import { describe, expect, it } from "vitest";
import { inheritedRequirements, missingRequired, presentRecommended } from "#contract/categories.ts";
import { ProductCounts } from "#contract/catalogue-products.ts";
import { fileQuality, productQuality, qualityWeights } from "#app/lib/catalogue/quality-score.ts";

const everyCategory = { required: [], recommended: ["TITLE", "EAN", "PRICE", "IMAGE_URL"] } as const;
const tShirt = inheritedRequirements({ required: [...everyCategory.required], recommended: [...everyCategory.recommended] }, [
  { required: [], recommended: ["BRAND", "MATERIAL"] },
  { required: ["SIZE", "COLOUR"], recommended: ["MATERIAL"] },
]);

describe("what a category requires", () => {
  it("a T-shirt without SIZE lacks SIZE, and its ancestors' requirements are its own", () => {
    expect(tShirt.required).toEqual(["SIZE", "COLOUR"]);
    expect(missingRequired(tShirt, ["TITLE", "COLOUR", "EAN"])).toEqual(["SIZE"]);
    expect(missingRequired(tShirt, ["SIZE", "COLOUR"])).toEqual([]);
  });

  it("a category without requirements lacks nothing; recommended fields are counted, not required", () => {
    const plain = inheritedRequirements({ required: [], recommended: ["TITLE", "EAN"] }, [undefined]);
    expect(missingRequired(plain, [])).toEqual([]);
    expect(presentRecommended(tShirt, ["TITLE", "MATERIAL", "SIZE"])).toEqual(["TITLE", "MATERIAL"]);
  });
});

describe("a product's quality score", () => {
  const complete = {
    problemKinds: [],
    categoryId: "212",
    recommended: ["TITLE", "EAN"] as const,
    recommendedPresent: ["TITLE", "EAN"] as const,
    descriptionChars: 400,
    image: { status: "loads" as const },
  };

  it("a product with everything earns 100, each part its weight", () => {
    const quality = productQuality({ ...complete, recommended: [...complete.recommended], recommendedPresent: [...complete.recommendedPresent] });
    expect(quality.score).toBe(100);
    expect(quality.checks.map((check) => [check.part, check.points, check.state])).toEqual([
      ["required", 40, "met"],
      ["category", 20, "met"],
      ["images", 15, "met"],
      ["recommended", 15, "met"],
      ["description", 10, "met"],
    ]);
    expect(Object.values(qualityWeights).reduce((a, b) => a + b)).toBe(100);
  });

  it("a missing required field, no category, unchecked images, half the recommended fields and a short description", () => {
    const quality = productQuality({
      problemKinds: ["CATEGORY_REQUIRED"],
      categoryId: null,
      recommended: ["TITLE", "EAN"],
      recommendedPresent: ["TITLE"],
      descriptionChars: 60,
    });
    expect(quality.checks.find((check) => check.part === "images")).toEqual({ part: "images", points: 0, max: 15, state: "unchecked" });
    expect(quality.missingRecommended).toEqual(["EAN"]);
    expect(quality.score).toBe(Math.round(7.5 + 5));
  });

  it("fixing the missing field raises the score by the required part", () => {
    const before = productQuality({ ...complete, recommended: [], recommendedPresent: [], problemKinds: ["CATEGORY_REQUIRED"] });
    const after = productQuality({ ...complete, recommended: [], recommendedPresent: [], problemKinds: [] });
    expect(after.score - before.score).toBe(40);
  });

  it("images that fail earn nothing and are not 'unchecked'", () => {
    const quality = productQuality({ ...complete, recommended: [], recommendedPresent: [], image: { status: "fails", reason: "404" } });
    expect(quality.checks.find((check) => check.part === "images")?.state).toBe("missing");
    expect(quality.score).toBe(85);
  });
});

describe("a file's quality score and the fixes that raise it most", () => {
  const counts = (quality: ProductCounts["quality"], extra: Partial<ProductCounts> = {}) =>
    ProductCounts.parse({ products: 10, ready: 6, needsFix: 4, leftOut: 0, fixed: 0, kinds: { CATEGORY_REQUIRED: 3, EAN_CHECK_DIGIT: 1 }, quality, ...extra });

  it("is the mean of what its products earn, part by part", () => {
    const quality = fileQuality(counts({ products: 10, categorised: 5, recommendedShare: 10, longDescriptions: 10, shortDescriptions: 10 }));
    // required 6/10 × 40, category 5/10 × 20, images not checked, recommended and description full
    expect(quality.score).toBe(24 + 10 + 0 + 15 + 10);
    expect(quality.imagesChecked).toBe(false);
  });

  it("ranks the fixes by what they add: the required field of 3 products before 5 unmapped, before one EAN", () => {
    const quality = fileQuality(counts({ products: 10, categorised: 5, recommendedShare: 10, longDescriptions: 10, shortDescriptions: 10 }));
    expect(quality.fixes).toEqual([
      { kind: "CATEGORY_REQUIRED", part: "required", products: 3, gain: 12 },
      { part: "category", products: 5, gain: 10 },
      { kind: "EAN_CHECK_DIGIT", part: "required", products: 1, gain: 4 },
    ]);
  });

  it("counts short descriptions half and checked images in full", () => {
    const quality = fileQuality(
      counts(
        { products: 10, categorised: 10, recommendedShare: 10, longDescriptions: 4, shortDescriptions: 8, imagesLoad: 5 },
        { ready: 10, needsFix: 0, kinds: {} },
      ),
    );
    expect(quality.parts.description).toBeCloseTo(6);
    expect(quality.parts.images).toBeCloseTo(7.5);
    expect(quality.fixes.map((fix) => fix.part)).toEqual(["images", "description"]);
  });

  it("has no score without products to score or before the facts were counted", () => {
    expect(fileQuality(counts(undefined)).score).toBeNull();
    expect(
      fileQuality(counts({ products: 10, categorised: 0, recommendedShare: 0, longDescriptions: 0, shortDescriptions: 0 }, { leftOut: 10 })).score,
    ).toBeNull();
  });
});
