import type { Page } from "@playwright/test";

/**
 * How far the page scrolls sideways, in CSS pixels: 0 when it fits the window (wide content scrolls in its own frame).
 * Measured once the layout has answered the window's size: a chart sizes itself from a ResizeObserver, a frame or more
 * after a resize (a turned phone), so an overflow is taken as the page's only when it is still there after
 * `settleMs`.
 */
export async function sidewaysScroll(page: Page, settleMs = 2_000): Promise<number> {
  const overflow = () => page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));
  const deadline = Date.now() + settleMs;
  let last = await overflow();
  while (last > 0 && Date.now() < deadline) {
    await page.waitForTimeout(100);
    last = await overflow();
  }
  return last;
}
