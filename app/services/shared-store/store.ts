/** What every store offers (shared-store.server.ts picks one). */
export interface SharedStore {
  /** The value, or undefined when there is none or it expired. */
  get(key: string): Promise<string | undefined>;
  /** Sets the value for `ttlSeconds`. */
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Adds one to the count of a window that starts with the first increment and lasts `windowSeconds`; answers the
   * count so far (1 for the first). Every instance counts on the same number.
   */
  increment(key: string, windowSeconds: number): Promise<number>;
  close(): Promise<void>;
}
