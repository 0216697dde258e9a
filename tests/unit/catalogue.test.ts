/** The catalogue hand-over's rules: mapping, file types, download names, steps, sizes, CSV heads. */
import { describe, expect, it } from "vitest";
import { attachmentDisposition, catalogueFileType, dispositionFileName, FeedUrl, mappingProblems } from "#contract/catalogue.ts";
import { byteSize, catalogueEditable, catalogueLockReason, firstIncompleteStep, uploadStepStatuses } from "#app/lib/catalogue/catalogue-steps.ts";
import { catalogueTasks, catalogueTaskStatus, setupProgress } from "#app/lib/setup-progress.ts";
import type { SellerStateName } from "#contract/upstream.ts";
import { guessDelimiter, parseDelimited } from "../../sandbox/catalogue.ts";

describe("mappingProblems", () => {
  it("wants EAN and product category, each field once, and allows unmapped columns", () => {
    expect(mappingProblems({ EAN: "EAN", Kategorie: "PRODUCT_CATEGORY" })).toEqual([]);
    expect(mappingProblems({ Kategorie: "PRODUCT_CATEGORY" })).toEqual([{ field: "EAN", problem: "required", headers: [] }]);
    expect(mappingProblems({})).toHaveLength(2);
    expect(mappingProblems({ EAN: "EAN", GTIN: "EAN", Kategorie: "PRODUCT_CATEGORY" })).toEqual([
      { field: "EAN", problem: "duplicate", headers: ["EAN", "GTIN"] },
    ]);
  });
});

describe("catalogue file types", () => {
  it.each([
    ["katalog.csv", "CSV"],
    ["KATALOG.CSV", "CSV"],
    ["export.txt", "TXT"],
    ["Sortiment 2026.xlsx", "XLSX"],
    ["katalog.xls", undefined],
    ["katalog.csv.pdf", undefined],
    ["csv", undefined],
    ["", undefined],
  ])("%s → %s", (name, type) => {
    expect(catalogueFileType(name)).toBe(type);
  });
});

describe("download names (RFC 5987)", () => {
  it("keeps the original name exactly and gives old clients a safe ASCII one", () => {
    const header = attachmentDisposition('Käse "Spezial" (2026)*.csv');
    expect(header).toBe(`attachment; filename="K_se _Spezial_ (2026)*.csv"; filename*=UTF-8''K%C3%A4se%20%22Spezial%22%20%282026%29%2A.csv`);
    expect(dispositionFileName(header)).toBe('Käse "Spezial" (2026)*.csv');
    expect(dispositionFileName('attachment; filename="plain.csv"')).toBe("plain.csv");
    expect(dispositionFileName(null)).toBeUndefined();
  });
});

describe("feed addresses", () => {
  it("takes https only, with a real host name", () => {
    expect(FeedUrl.safeParse("https://shop.example.com/feed.csv").success).toBe(true);
    for (const url of ["http://shop.example.com/feed.csv", "ftp://shop.example.com/feed.csv", "https://localhost/feed", "javascript:alert(1)", "feed.csv"]) {
      expect(FeedUrl.safeParse(url).success, url).toBe(false);
    }
  });
});

describe("the upload steps", () => {
  const progress = (settings: boolean, file: boolean, ftp = false) => [
    { stepType: "UPLOAD_SETTINGS" as const, complete: settings },
    { stepType: "FILE_UPLOAD" as const, complete: file },
    { stepType: "FTP_SETTINGS" as const, complete: ftp },
  ];
  const facts = (settings: boolean, files: { mappingComplete: boolean }[], state: SellerStateName = "ONBOARDING") => ({
    state,
    catalogue: progress(settings, files.length > 0),
    files,
  });

  it("go to the first incomplete step; the FTP step does not count", () => {
    expect(firstIncompleteStep({ state: "ONBOARDING", catalogue: progress(false, false), files: [] })).toBe("settings");
    expect(firstIncompleteStep({ state: "ONBOARDING", catalogue: progress(false, true), files: [] })).toBe("settings");
    expect(firstIncompleteStep({ state: "ONBOARDING", catalogue: progress(true, false), files: [] })).toBe("catalog");
    expect(firstIncompleteStep({ state: "ONBOARDING", catalogue: progress(true, true, false), files: [] })).toBe("catalog");
  });

  it("count the files page complete only once every file is mapped, as the task list counts its tasks", () => {
    // A file uploaded, its columns not mapped: the step bar must not say complete while the hand-over panel says "not started".
    const unmapped = facts(true, [{ mappingComplete: false }]);
    expect(uploadStepStatuses(unmapped)).toEqual({ settings: "COMPLETE", catalog: "IN_PROGRESS" });
    const statuses = Object.fromEntries(catalogueTasks.map((task) => [task, catalogueTaskStatus(task, unmapped)]));
    expect(statuses).toEqual({ UPLOAD_SETTINGS: "COMPLETE", FILE_UPLOAD: "COMPLETE", MAPPING: "NOT_STARTED" });
    expect(
      setupProgress({ ...unmapped, steps: [] })
        .requirements.filter((requirement) => requirement.area === "catalogue")
        .map((r) => r.status),
    ).toEqual(["COMPLETE", "COMPLETE", "NOT_STARTED"]);

    expect(uploadStepStatuses(facts(false, []))).toEqual({ settings: "NOT_STARTED", catalog: "NOT_STARTED" });
    expect(uploadStepStatuses(facts(true, [{ mappingComplete: true }, { mappingComplete: false }])).catalog).toBe("IN_PROGRESS");
    expect(uploadStepStatuses(facts(false, [{ mappingComplete: true }]))).toEqual({ settings: "NOT_STARTED", catalog: "COMPLETE" });
    expect(uploadStepStatuses(facts(false, [], "CATALOGUE_DATA_SUBMITTED"))).toEqual({ settings: "COMPLETE", catalog: "COMPLETE" });
  });

  it("lock the forms once the catalogue is handed over", () => {
    expect(catalogueEditable("REGISTERED")).toBe(true);
    expect(catalogueEditable("ONBOARDING")).toBe(true);
    expect(catalogueLockReason("ONBOARDING")).toBeNull();
    expect(catalogueLockReason("CATALOGUE_DATA_SUBMITTED")).toBe("SUBMITTED");
    expect(catalogueLockReason("CATALOGUE_DATA_MAPPING_FINISHED")).toBe("MAPPING_FINISHED");
    expect(catalogueLockReason("ACTIVE")).toBe("MAPPING_FINISHED");
  });
});

describe("byteSize", () => {
  it("picks the unit and formats the number in the page's language", () => {
    expect(byteSize(630, "en")).toEqual({ unit: "B", value: "630" });
    expect(byteSize(1536, "de")).toEqual({ unit: "KB", value: "1,5" });
    expect(byteSize(5 * 1024 ** 3, "en")).toEqual({ unit: "GB", value: "5" });
  });
});

describe("reading a CSV head (sandbox)", () => {
  it("finds the delimiter and keeps quoted delimiters, quotes and line breaks", () => {
    expect(guessDelimiter("EAN;Name;Kategorie")).toBe(";");
    expect(guessDelimiter("EAN,Name,Kategorie")).toBe(",");
    expect(guessDelimiter("EAN\tName\tKategorie")).toBe("\t");
    const text = 'EAN,Name,Kategorie\r\n4006381333931,"Topflappen ""Kaffee"", 2er-Set",Küche\r\n4006381333948,"zwei\nZeilen",\r\n\r\n';
    expect(parseDelimited(text, ",", 10)).toEqual([
      ["EAN", "Name", "Kategorie"],
      ["4006381333931", 'Topflappen "Kaffee", 2er-Set', "Küche"],
      ["4006381333948", "zwei\nZeilen", ""],
    ]);
    expect(parseDelimited(text, ",", 2)).toHaveLength(2);
  });
});
