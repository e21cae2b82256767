/**
 * Where the executor's `@rate_limit` windows live: a store it asks once per
 * attempt. The store in memory (the default) holds one process's windows;
 * replicas that must share their limits use a store they all reach, such
 * as the Redis one of `toolc-runtime.redis.ts`, which this module does not
 * import. Every store keeps the same sliding window: an attempt is admitted
 * while fewer than `count` admitted attempts lie within the last `periodMs`,
 * and only admitted attempts are recorded.
 *
 * @module
 */

/** A store's answer to one attempt: admitted (and recorded), or refused
 * with the milliseconds until a slot frees. */
export type Admission = { readonly admitted: true } | { readonly admitted: false; readonly retryAfterMs: number };

/** The rate-limit windows of one or more executors. */
export interface RateLimitStore {
  /**
   * Checks and records one attempt at `key` as one step, so that two
   * attempts at once cannot both take the last slot. Throws or rejects when
   * the store cannot answer: the executor then refuses the call
   * (`unavailable`), it never lets it through unchecked.
   */
  admit(key: string, count: number, periodMs: number): Admission | Promise<Admission>;
  /** The namespace of the keys the executor builds for this store, when
   * the store was given one (see `rateLimitKey`). */
  readonly namespace?: string;
}

/** The key of `tool`'s window: the Rust runtime builds the same, so that
 * replicas of either share one window. */
export function rateLimitKey(namespace: string, tool: string): string {
  return `toolc:ratelimit:${namespace}:${tool}`;
}

/** The namespace of a toolbox whose packages are named `names` (in
 * toolbox order): the same on every replica of one deployment. */
export function defaultNamespace(names: readonly string[]): string {
  return names.join("+");
}

const ADMITTED: Admission = { admitted: true };

/**
 * The windows in this process's memory, on the clock `now` (the executor
 * passes its own clock to the store it makes by default): the times of the
 * admitted attempts per key, an attempt at `now` counting those with
 * `now - t < periodMs`. It answers at once, never with a promise.
 */
export function memoryRateLimitStore(options: { readonly now?: () => number } = {}): RateLimitStore {
  const clock = options.now ?? Date.now;
  const passed = new Map<string, number[]>();
  return {
    admit(key, count, periodMs) {
      const now = clock();
      const window = (passed.get(key) ?? []).filter((t) => now - t < periodMs);
      const oldest = window[0];
      passed.set(key, window);
      if (window.length >= count && oldest !== undefined) return { admitted: false, retryAfterMs: oldest + periodMs - now };
      window.push(now);
      return ADMITTED;
    },
  };
}
