import { describe, expect, it, vi } from 'vitest';
import { Cache, CacheKind, Caches } from '../src/platform/cache.js';

/** A read that answers when the test says so. */
function pendingRead<V>() {
  let answer: (value: V) => void = () => {};
  const read = vi.fn(() => new Promise<V>((resolve) => (answer = resolve)));
  return { read, answer: (value: V) => answer(value) };
}

describe('cache service', () => {
  it('answers a hit synchronously and shares one read among the misses that overlap', async () => {
    const cache = new Cache<string>({ ttlMs: 1_000, max: 10 });
    const { read, answer } = pendingRead<string>();
    const first = cache.fetch('k', read);
    const second = cache.fetch('k', read);
    answer('v');
    expect(await Promise.all([first, second])).toEqual(['v', 'v']);
    expect(read).toHaveBeenCalledTimes(1);
    expect(cache.get('k')).toBe('v');
  });

  it('lets the callers waiting on a read have its value when the key is forgotten meanwhile, but does not keep it', async () => {
    const cache = new Cache<string>({ ttlMs: 1_000, max: 10 });
    const before = pendingRead<string>();
    const waiting = cache.fetch('k', before.read);
    cache.delete('k');
    const after = pendingRead<string>();
    const fresh = cache.fetch('k', after.read);
    before.answer('old');
    expect(await waiting).toBe('old');
    expect(cache.get('k')).toBeUndefined();
    after.answer('new');
    expect(await fresh).toBe('new');
    expect(cache.get('k')).toBe('new');
  });

  it('passes a failed read on and keeps nothing', async () => {
    const cache = new Cache<string>({ ttlMs: 1_000, max: 10 });
    await expect(cache.fetch('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.get('k')).toBeUndefined();
  });

  it('serves entries for their time only, on the wall clock', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new Cache<string>({ ttlMs: 2_000, max: 10 });
      cache.set('k', 'v');
      vi.setSystemTime(Date.now() + 1_999);
      expect(cache.get('k')).toBe('v');
      vi.setSystemTime(Date.now() + 2);
      expect(cache.get('k')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps at most its maximum, dropping the least recently used', () => {
    const cache = new Cache<number>({ max: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  });

  it('gives each app its own entries of a kind', () => {
    const kind = new CacheKind<string>({ max: 10 });
    const one = new Caches();
    const other = new Caches();
    one.of(kind).set('k', 'one');
    expect(one.of(kind).get('k')).toBe('one');
    expect(other.of(kind).get('k')).toBeUndefined();
  });
});
