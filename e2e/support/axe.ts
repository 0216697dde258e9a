import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Audits the page with axe (WCAG 2.2 AA); a failure lists each violation and element. */
export async function expectAccessible(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const described = results.violations
    .map(
      (violation) =>
        `[${violation.impact ?? "?"}] ${violation.id}: ${violation.help}\n${violation.nodes.map((node) => `    - ${node.target.join(" ")}`).join("\n")}`,
    )
    .join("\n");
  expect(results.violations.length, `axe violations on ${name} (${page.url()}):\n${described}\n`).toBe(0);
}
