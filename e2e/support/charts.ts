import { expect, type Page } from "@playwright/test";

/** Brings each analytics chart's frame into view, as a reader scrolling down does (a chart is drawn only near the screen), and waits until every one is drawn. */
export async function drawCharts(page: Page): Promise<void> {
  const frames = page.locator(".metric__chart");
  // The frames come with hydration.
  await expect(frames.first()).toBeVisible();
  const count = await frames.count();
  for (let index = 0; index < count; index++) {
    await frames.nth(index).scrollIntoViewIfNeeded();
    await expect(frames.nth(index).locator("svg.recharts-surface[role=application]")).toBeVisible();
  }
}
