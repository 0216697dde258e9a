import AxeBuilder from "@axe-core/playwright";
import axe from "axe-core";
import { expect, type Page, type TestInfo } from "@playwright/test";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Resolves once nothing on the page is fading in or out (a toast's entrance, or its exit after a navigation): axe
 * computes colour contrast with the opacity of the moment, so a toast caught half faded failed contrast now and then.
 * Endless animations and those that leave opacity alone (a progress bar) are not waited for.
 */
async function fadesSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const effect = animation.effect;
      if (animation.playState !== "running" || !(effect instanceof KeyframeEffect)) return true;
      return effect.getComputedTiming().iterations === Infinity || !effect.getKeyframes().some((frame) => "opacity" in frame);
    }),
  );
}

/**
 * The language the "no-js" project audits in. Without JavaScript a page is the server's render: the same markup the
 * scripts hydrate, except in the components they change (the account menu's details fallback, the static toaster,
 * charts as tables only, the field picker's select, the delete confirmation as a page, the copy field, the version
 * check). The "js" project audits every page in English at 1280 px and in German at 390 px (e2e/a11y-pages.spec.ts);
 * the "no-js" project audits the server's HTML in English, at the widths each spec names: German's longer words on the
 * same markup at the same widths would repeat the "js" project's findings at twice the cost.
 */
export const NO_JS_AUDIT_LANGUAGE = "en";

/** What AxeBuilder evaluates as "axe's source" in each frame: nothing, axe being there already (AxeOnceBuilder). */
const AXE_ALREADY_INJECTED = ";";

/**
 * AxeBuilder that puts axe-core into a document once. AxeBuilder evaluates axe's source (about 580 kB of script) in
 * every frame twice per audit (once in `analyze`, once more in legacy mode's `inject`), whether axe is there or not:
 * measured on an analytics page, each evaluation cost about as much as the audit itself (0.9–1.7 s against 1.6–1.9 s
 * for axe.run, on the shared machine). Here the source goes into each frame that lacks axe, once per document, and
 * AxeBuilder is given an empty source; a page audited again (another width, a state changed on the same load) runs
 * axe at once. Same axe, same options, same rules: axe.run builds its view of the page afresh on every run.
 */
class AxeOnceBuilder extends AxeBuilder {
  readonly #page: Page;

  constructor(page: Page) {
    super({ page, axeSource: AXE_ALREADY_INJECTED });
    this.#page = page;
  }

  override async analyze(): ReturnType<AxeBuilder["analyze"]> {
    for (const frame of this.#page.frames()) {
      const present = await frame.evaluate(() => typeof (window as { axe?: unknown }).axe === "object").catch(() => true);
      if (!present) await frame.evaluate(axe.source);
    }
    return super.analyze();
  }
}

/**
 * The suite's axe audit of a page: WCAG 2.2 AA; headings that skip a level, which WCAG's tags leave out but
 * Lighthouse's accessibility score counts; and landmarks of one role and one name (landmark-unique, also a
 * best practice outside the tags): a screen reader's list of landmarks then offers the same entry twice, one too
 * many for its user to tell apart.
 */
export function axeAudit(page: Page): AxeBuilder {
  // Only violations are read: axe then skips building selectors for every element that passed (its documented way
  // to audit large pages faster). Legacy mode runs axe.run in the page itself: the default runs each frame's part
  // and then finishes in a blank page it opens for every audit, which cost about a second per audit here (1.6–2.5 s
  // against 0.7–0.9 s, same results); the portal's pages have no frames from another origin, its one limit.
  return new AxeOnceBuilder(page)
    .options({ rules: { "heading-order": { enabled: true }, "landmark-unique": { enabled: true } }, resultTypes: ["violations"] })
    .withTags(TAGS)
    .setLegacyMode(true);
}

/** One line per violation and per offending element, so a failure reads without opening the report. */
function describeViolations(violations: Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => `    - ${node.target.join(" ")}\n      ${node.failureSummary?.replace(/\n/g, "\n      ") ?? ""}`).join("\n");
      return `[${violation.impact ?? "?"}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}`;
    })
    .join("\n\n");
}

/** Audits the page with axe (axeAudit) once nothing fades; the violations are attached to the test, and a failure lists each with its elements. */
export async function expectAccessible(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await fadesSettled(page);
  const { violations } = await axeAudit(page).analyze();
  await testInfo.attach(`axe-${name}.json`, { body: JSON.stringify(violations, null, 2), contentType: "application/json" });
  expect(violations.length, `axe violations on ${name} (${page.url()}):\n\n${describeViolations(violations)}\n`).toBe(0);
}
