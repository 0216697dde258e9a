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

/**
 * What of a table that scrolls in its own frame is cut rather than wrapped: a caption wider than the frame's visible
 * width (part of it off the frame's edge), or a cell whose text ends in an ellipsis. Each as its start.
 */
export async function cutTableTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    const start = (element: Element) => (element.textContent ?? "").trim().slice(0, 60);
    for (const frame of document.querySelectorAll<HTMLElement>(".table-scroll")) {
      if (!frame.checkVisibility()) continue;
      for (const caption of frame.querySelectorAll<HTMLElement>(":scope > table > caption")) {
        if (caption.getBoundingClientRect().width > frame.clientWidth + 1) cut.push(`caption: ${start(caption)}`);
      }
      for (const cell of frame.querySelectorAll<HTMLElement>("td, th")) {
        if (getComputedStyle(cell).textOverflow === "ellipsis" && cell.scrollWidth > cell.clientWidth + 1) cut.push(`cell: ${start(cell)}`);
      }
    }
    return cut;
  });
}
