// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ValidationReport as Report } from "#contract/catalogue-analysis.ts";
import { ValidationReport } from "#app/components/catalogue/validation-report.tsx";
import catalogueIntelligence from "#app/locales/en/catalogueIntelligence.json";
import { TranslationContext } from "#app/lib/i18n/use-translation.ts";
import { createTestTexts } from "./i18n-test-setup";

const texts = createTestTexts({ catalogueIntelligence });

afterEach(cleanup);

const report = (rowsChecked: number): Report => ({ rowsChecked, rowsRejected: 0, counts: {}, examples: [], mapping: { EAN: "EAN" }, decimalStyle: "unknown" });

function shown(checked: Report) {
  return render(
    <TranslationContext value={texts}>
      <ValidationReport fileId="file-1" report={checked} />
    </TranslationContext>,
  );
}

describe("the check of a file's rows", () => {
  it("says no problems were found only when there were rows to check", () => {
    shown(report(12));
    expect(screen.getByText("No problems found: the marketplace can take every row.")).toBeTruthy();
  });

  it("does not call a file without a single product row one without problems", () => {
    shown(report(0));
    expect(screen.queryByText(/No problems found/)).toBeNull();
    expect(screen.getByText(/No product rows were found under the column names/)).toBeTruthy();
  });
});
