import type { Page } from "@playwright/test";

/** How far the page scrolls sideways, in CSS pixels: 0 when it fits the window (wide content scrolls in its own frame). */
export async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));
}
