import { expect, type Page } from "@playwright/test";

/**
 * Brings every analytics chart's frame into view and waits until each one is drawn (a chart is drawn once it has come
 * near the screen, and stays drawn: app/components/ui/use-seen.ts). The window is made as tall as the page for that
 * moment, so that every frame is on the screen at once and the charts draw together, then given back its size: one
 * wait instead of one scroll and one wait per chart, each a round trip (a reader scrolling down meets the same charts).
 */
export async function drawCharts(page: Page): Promise<void> {
  const frames = page.locator(".metric__chart");
  // The frames come with hydration.
  await expect(frames.first()).toBeVisible();
  const count = await frames.count();
  const viewport = page.viewportSize();
  if (!viewport) throw new Error("drawCharts needs a page with a viewport size");
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, pageHeight) });
  try {
    await expect(frames.locator("svg.recharts-surface[role=application]")).toHaveCount(count);
    for (let index = 0; index < count; index++) await expect(frames.nth(index).locator("svg.recharts-surface[role=application]")).toBeVisible();
  } finally {
    await page.setViewportSize(viewport);
  }
}
