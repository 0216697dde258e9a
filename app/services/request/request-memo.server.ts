/**
 * Work done at most once per request. A page's middleware and its loaders
 * (layout and child) run in one request and often need the same upstream
 * answer: each asks for it by key, the first starts it, the others share it.
 * The memo lives on the request's router context, so it ends with the request.
 */
import { createContext, type RouterContextProvider } from "react-router";

const memoContext = createContext<Map<string, Promise<unknown>> | null>(null);

export function oncePerRequest<T>(context: Readonly<RouterContextProvider>, key: string, work: () => Promise<T>): Promise<T> {
  let memo = context.get(memoContext);
  if (!memo) context.set(memoContext, (memo = new Map()));
  let promise = memo.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = work();
    // Whoever awaits it handles a failure; the memo itself must not raise an unhandled rejection.
    promise.catch(() => {});
    memo.set(key, promise);
  }
  return promise;
}

/** Drops a remembered answer, so that the next ask starts the work again (e.g. after a token expired). */
export function forgetForRequest(context: Readonly<RouterContextProvider>, key: string): void {
  context.get(memoContext)?.delete(key);
}
