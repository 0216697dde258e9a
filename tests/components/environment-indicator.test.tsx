// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { EnvironmentIndicator, type UpstreamService } from "#app/components/shell/environment/environment-indicator.tsx";
import { TranslationContext } from "#app/lib/i18n/use-translation.ts";
import { createTestTexts } from "./i18n-test-setup";

const texts = createTestTexts();

afterEach(cleanup);

const services: UpstreamService[] = [
  { name: "api", url: "http://localhost:4100/api" },
  { name: "sellerService", url: "https://seller.staging.example.com" },
  { name: "catalogueUpload", url: "https://upload.example.com" },
  { name: "analytics", url: "https://analytics-dev.example.com" },
];

function indicator() {
  return (
    <TranslationContext value={texts}>
      <EnvironmentIndicator services={services} />
    </TranslationContext>
  );
}

describe("EnvironmentIndicator", () => {
  it("lists every service with its address and class", () => {
    const { container } = render(indicator());
    const rows = Array.from(container.querySelectorAll("tbody tr"));
    const cells = rows.map((row) => Array.from(row.querySelectorAll("th, td")).map((cell) => cell.textContent));
    expect(cells).toEqual([
      ["API", "http://localhost:4100/api", "Development"],
      ["Seller service", "https://seller.staging.example.com", "Pre-production"],
      ["Catalogue upload", "https://upload.example.com", "Production"],
      ["Analytics", "https://analytics-dev.example.com", "Development"],
    ]);
    const badges = rows.map((row) => row.querySelector("[data-environment]")?.className);
    expect(badges).toEqual([
      expect.stringContaining("--dev"),
      expect.stringContaining("--preprod"),
      expect.stringContaining("--prod"),
      expect.stringContaining("--dev"),
    ]);
  });

  it("names the table's columns and rows for screen readers", () => {
    const { container } = render(indicator());
    container.querySelector("details")?.setAttribute("open", "");
    const table = screen.getByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Service", "Base address", "Environment"]);
    expect(within(table).getByRole("rowheader", { name: "Catalogue upload" })).toBeTruthy();
  });

  it("is a collapsed <details> that names the classes present, so it works without JavaScript", () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(indicator());
    const details = container.querySelector("details");
    expect(details).not.toBeNull();
    expect(details?.hasAttribute("open")).toBe(false);
    const summary = details?.querySelector("summary");
    expect(summary?.textContent).toContain("Upstream environments");
    expect(Array.from(summary?.querySelectorAll("[data-environment]") ?? []).map((badge) => badge.getAttribute("data-environment"))).toEqual([
      "dev",
      "preprod",
      "prod",
    ]);
  });
});
