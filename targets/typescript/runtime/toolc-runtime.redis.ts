/**
 * A rate-limit store on Redis, for replicas that share their limits: one
 * Lua script per attempt checks and records it atomically in a sorted set
 * per key, on Redis's clock, so that replicas' clocks do not matter. The
 * Rust runtime runs the same script on the same keys, so replicas of either
 * share one window.
 *
 * This module uses the `redis` (node-redis) package, loaded only when a
 * store is made from a URL, and is typed without it: the other runtime
 * modules, which never import this one, compile without it installed.
 *
 * @module
 */

import { createHash } from "node:crypto";

import type { Admission, RateLimitStore } from "./toolc-runtime.ratelimit.js";

/** The script of every attempt: `KEYS[1]` the window, `ARGV` the count and
 * the period in ms; `{1, 0}` admitted and recorded, `{0, wait}` refused. */
export const ADMIT_SCRIPT = `local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local period = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - period)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  local seq = redis.call('INCR', KEYS[1] .. ':seq')
  redis.call('ZADD', KEYS[1], now, now .. '-' .. seq)
  redis.call('PEXPIRE', KEYS[1], period)
  redis.call('PEXPIRE', KEYS[1] .. ':seq', period)
  return {1, 0}
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {0, tonumber(oldest[2]) + period - now}
`;

const ADMIT_SHA1 = createHash("sha1").update(ADMIT_SCRIPT).digest("hex");

/** Default bound of one attempt, reply included. */
export const DEFAULT_REDIS_TIMEOUT_MS = 1000;

/** What the store needs of a node-redis client (4 and later): any such
 * client fits. Make it with `disableOfflineQueue: true`, so that an
 * attempt while Redis is away fails at once instead of waiting in a queue. */
export interface RedisScriptClient {
  evalSha(sha1: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

export interface RedisStoreOptions {
  /** The namespace of the rate-limit keys (see the executor's `namespace`). */
  readonly namespace?: string;
  /** How long one attempt may take before the call is refused as
   * `unavailable`. Default: 1000 ms. */
  readonly timeoutMs?: number;
}

/** A Redis store; `close` disconnects the client it made from a URL (a
 * client given to it is the caller's to close). */
export interface RedisRateLimitStore extends RateLimitStore {
  close(): Promise<void>;
}

/**
 * The store on the Redis that `client` talks to, or at `url` (then with a
 * client of its own: the offline queue disabled, reconnecting by itself).
 * An attempt that fails (Redis down, a timeout, a script error) rejects,
 * and the executor refuses the call with `unavailable`.
 */
export function redisRateLimitStore(client: RedisScriptClient | string | URL, options: RedisStoreOptions = {}): RedisRateLimitStore {
  const timeoutMs = options.timeoutMs ?? DEFAULT_REDIS_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new RangeError(`timeoutMs must be a positive number, got ${String(options.timeoutMs)}`);
  if (options.namespace !== undefined && typeof options.namespace !== "string") throw new TypeError("namespace must be a string");
  const own = typeof client === "string" || client instanceof URL ? connected(String(client)) : undefined;
  const ready: Promise<RedisScriptClient> = own?.client ?? Promise.resolve(client as RedisScriptClient);

  const attempt = async (key: string, count: number, periodMs: number): Promise<Admission> => {
    const redis = await ready;
    const script = { keys: [key], arguments: [String(count), String(Math.ceil(periodMs))] };
    let reply: unknown;
    try {
      reply = await redis.evalSha(ADMIT_SHA1, script);
    } catch (error) {
      // A Redis that has not seen the script yet (or lost it in a restart) gets it whole; EVAL caches it.
      if (!String((error as { message?: unknown } | undefined)?.message ?? error).startsWith("NOSCRIPT")) throw error;
      reply = await redis.eval(ADMIT_SCRIPT, script);
    }
    return admission(reply);
  };

  return {
    ...(options.namespace === undefined ? {} : { namespace: options.namespace }),
    admit: (key, count, periodMs) => within(attempt(key, count, periodMs), timeoutMs),
    close: async () => {
      if (own !== undefined) await own.close();
    },
  };
}

/** The script's reply as an admission; anything else is an error. */
function admission(reply: unknown): Admission {
  if (Array.isArray(reply) && reply.length === 2) {
    const [admitted, wait] = reply.map(Number);
    if (admitted === 1) return { admitted: true };
    if (admitted === 0 && wait !== undefined && Number.isFinite(wait)) return { admitted: false, retryAfterMs: Math.max(0, wait) };
  }
  throw new Error(`unexpected reply from the rate-limit script: ${JSON.stringify(reply)}`);
}

/** `pending`, or a rejection after `ms` (the late reply is dropped). */
function within<T>(pending: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the rate-limit store did not answer within ${ms} ms`)), ms);
    pending.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

/** The part of node-redis's client that this module drives. */
interface OwnClient extends RedisScriptClient {
  on(event: "error", listener: (error: unknown) => void): unknown;
  connect(): Promise<unknown>;
  destroy(): void;
}

/** The package's name as a plain string, so that the compiler does not
 * look for its types: only a store made from a URL loads it. */
const REDIS_PACKAGE: string = "redis";

/** A client of its own at `url`, connecting in the background; it
 * resolves once connected (or given up on by `close`). */
function connected(url: string): { client: Promise<RedisScriptClient>; close(): Promise<void> } {
  let made: OwnClient | undefined;
  let closed = false;
  type Redis = { createClient?: (options: object) => OwnClient };
  const client = import(REDIS_PACKAGE).then((loaded: Redis & { default?: Redis }) => {
    const createClient = loaded.createClient ?? loaded.default?.createClient;
    if (createClient === undefined) throw new Error(`the ${REDIS_PACKAGE} package has no createClient`);
    made = createClient({ url, disableOfflineQueue: true });
    // Errors of the connection show as failed attempts; the client reconnects by itself.
    made.on("error", () => undefined);
    if (closed) {
      made.destroy();
      return made;
    }
    // The first attempts wait for the first connection (within their
    // timeout); once connected, attempts while Redis is away fail at once.
    const ready = made;
    return ready.connect().then(
      () => ready,
      () => ready,
    );
  });
  // Without the package every attempt fails (and is refused as
  // `unavailable`); that is no reason to end the process before one is made.
  client.catch(() => undefined);
  return {
    client,
    close: async () => {
      closed = true;
      made?.destroy();
      await client.catch(() => undefined);
    },
  };
}
