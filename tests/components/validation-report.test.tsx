// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import type { i18n } from "i18next";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ValidationReport as Report } from "#contract/catalogue-analysis.ts";
import { ValidationReport } from "#app/components/catalogue/validation-report.tsx";
import catalogueIntelligence from "#app/locales/en/catalogueIntelligence.json";
import { createTestI18n } from "./i18n-test-setup";

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n({ catalogueIntelligence });
});

afterEach(cleanup);

const report = (rowsChecked: number): Report => ({ rowsChecked, rowsRejected: 0, counts: {}, examples: [], mapping: { EAN: "EAN" }, decimalStyle: "unknown" });

function shown(checked: Report) {
  return render(
    <I18nextProvider i18n={i18n}>
      <ValidationReport fileId="file-1" report={checked} />
    </I18nextProvider>,
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
