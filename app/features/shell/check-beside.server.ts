/**
 * An access check that costs an upstream call (is the session still open,
 * does the seller's state allow the page) need not delay the page. On a GET
 * (document or `.data`) the page's loaders start at once beside the check,
 * and the page is held back until the check has answered: a refusal still
 * gets only its own answer, never the page. Any other method waits for the
 * check first, so an action of a refused request never runs.
 */
export async function answerIfCheckPasses(request: Request, check: Promise<void>, next: () => Promise<Response>): Promise<Response> {
  // Settled below in every case; this only keeps an early exit from leaving it unhandled.
  check.catch(() => undefined);
  if (request.method !== "GET" && request.method !== "HEAD") {
    await check;
    return next();
  }
  const refusal = check.then(
    () => undefined,
    (reason: unknown) => ({ reason }),
  );
  const [response, refused] = await Promise.all([next(), refusal]);
  if (refused) {
    // The page was rendered for nothing: stop its stream and answer as the check decided.
    await response.body?.cancel();
    throw refused.reason;
  }
  return response;
}
