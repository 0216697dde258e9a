import type { Page } from "@playwright/test";

/**
 * What a page did from now on that a timed-out wait does not say: its main frame's navigations (a reload stays at the
 * same address), console errors (React Router logs a route module it could not load before it reloads the page),
 * uncaught errors and failed requests, each with the time since the call. Read with the returned function, for a
 * failure's message.
 */
export function pageEvents(page: Page): () => string {
  const start = Date.now();
  const events: string[] = [];
  const note = (line: string) => events.push(`+${Date.now() - start} ms ${line}`);
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) note(`navigated to ${frame.url()}`);
  });
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") note(`console ${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => note(`uncaught: ${error.message}`));
  page.on("requestfailed", (request) => note(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? "?"})`));
  page.on("response", (response) => {
    if (response.status() >= 400) note(`answer ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return () => (events.length > 0 ? events.join("\n") : "(nothing: no navigation, console error, uncaught error or failed request)");
}
