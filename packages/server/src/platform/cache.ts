import { LRUCache } from 'lru-cache';

/**
 * How long lookups of rows that other nodes may change are served from memory: changes made on
 * this node are forgotten at once, other nodes' changes are seen within this time.
 */
export const LOOKUP_TTL_MS = 2_000;

/** How long one kind of entry is served (absent: until evicted or forgotten) and how many are kept. */
export interface CachePolicy {
  ttlMs?: number;
  /** The least recently used entries make room beyond this. */
  max: number;
}

/**
 * Entries of one kind. A hit is answered synchronously (`get`); misses of one key that overlap
 * share one read (`fetch`). Forgetting a key while its read is in flight lets the callers already
 * waiting have what was read, but keeps it out of the cache: the next caller reads again.
 */
export class Cache<V extends {}> {
  private readonly lru: LRUCache<string, V, () => Promise<V>>;

  constructor(policy: CachePolicy) {
    this.lru = new LRUCache<string, V, () => Promise<V>>({
      max: policy.max,
      ttl: policy.ttlMs,
      // The wall clock, read late: tests that move Date move the caches' time with it.
      perf: { now: () => Date.now() },
      ttlResolution: 0,
      ignoreFetchAbort: true,
      fetchMethod: (_key, _stale, { context }) => context(),
    });
  }

  get(key: string): V | undefined {
    return this.lru.get(key);
  }

  /** The cached value, else what `read` answers (shared with the callers that miss meanwhile). */
  async fetch(key: string, read: () => Promise<V>): Promise<V> {
    return (await this.lru.fetch(key, { context: read })) as V;
  }

  set(key: string, value: V): void {
    this.lru.set(key, value);
  }

  delete(key: string): void {
    this.lru.delete(key);
  }

  clear(): void {
    this.lru.clear();
  }
}

/**
 * A kind of cached value with its policy, declared by the module that reads it. The entries live
 * in each app's `Caches`, so two apps in one process (as in the tests) never share them.
 */
export class CacheKind<V extends {}> {
  constructor(readonly policy: CachePolicy) {}

  create(): Cache<V> {
    return new Cache<V>(this.policy);
  }
}

/** Every cache of one app: built in `buildApp` and handed to the areas like the database. */
export class Caches {
  private readonly byKind = new Map<object, unknown>();

  of<V extends {}>(kind: CacheKind<V>): Cache<V> {
    let cache = this.byKind.get(kind) as Cache<V> | undefined;
    if (!cache) {
      cache = kind.create();
      this.byKind.set(kind, cache);
    }
    return cache;
  }
}
