/**
 * Reads in flight by key, shared by the calls that miss a cache together (its entries end for all
 * of them at once). Each read is tagged with the cache epoch it began in (`epoch()`, moved by every
 * change on this node): a read begun before a change is neither joined nor kept after it.
 */
export class SharedLoads<T> {
  private readonly inFlight = new Map<string, { epoch: number; value: Promise<T> }>();

  constructor(private readonly epoch: () => number) {}

  /** `read`'s answer, shared with the calls asking for `key` meanwhile; `keep` caches it. */
  load(key: string, read: () => Promise<T>, keep: (value: T) => void): Promise<T> {
    const startedIn = this.epoch();
    const pending = this.inFlight.get(key);
    if (pending?.epoch === startedIn) return pending.value;
    const value = read()
      .then((v) => {
        if (this.epoch() === startedIn) keep(v);
        return v;
      })
      .finally(() => {
        if (this.inFlight.get(key)?.value === value) this.inFlight.delete(key);
      });
    this.inFlight.set(key, { epoch: startedIn, value });
    return value;
  }
}
