/** Statuses worth one more try: the service may answer next time. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

const NON_MUTATING_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/** Non-mutating requests are retried once on a retryable status; mutating requests never. */
export function shouldRetry(method: string, status: number, attempt: number): boolean {
  return attempt === 1 && NON_MUTATING_METHODS.has(method.toUpperCase()) && RETRYABLE_STATUSES.has(status);
}
