/**
 * An access check that costs an upstream call (is the session still open,
 * does the seller's state allow the page) need not delay the page. On a GET
 * (document or `.data`) the page's loaders start at once beside the check,
 * and the page is held back until the check has answered: a refusal still
 * gets only its own answer, never the page. Any other method waits for the
 * check first, so an action of a refused request never runs.
 *
 * A check that could not be made (its service failed) is answered with its
 * route error, unless the page failed by itself with a server error (most
 * often the same service, failing for its loaders too): then the page's own
 * error answer stands. React Router renders an error that a middleware
 * throws after its `next()` from the page's data, at the nearest error
 * boundary of the middleware's route, and drops the loaders' errors: a
 * layout above that boundary whose loader failed would have neither data nor
 * error, and would be rendered as nothing (the right status around an empty
 * page).
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
  if (!refused) return response;
  // The page's own failure is an error view with a failed service's facts, every route's data or error in place.
  if (!(refused.reason instanceof Response) && response.status >= 500) return response;
  // The page was rendered for nothing: stop its stream and answer as the check decided.
  await response.body?.cancel();
  throw refused.reason;
}
