/**
 * Starts fetching code the page asks for once it is hydrated in a task of its own, after the one running now. Such a
 * fetch starts in an effect, and React runs every effect of the hydrating commit in one task; each `import()` adds
 * Vite's preload of its chunks there (a look-up and a `<link>` per chunk), which made that task long enough to block
 * the first tap (ADR 042). In its own task the fetch starts a moment later, after what the browser queued meanwhile.
 */
export function inOwnTask<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0)).then(load);
}
