import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/lib/api.js';
import { forgeErrorKey } from '../src/routes/playground/playground-page.js';

describe('playground generation errors (product spec §8)', () => {
  it('says "rate limit" only for limits that waiting cures; a plan refusal (also 429) shows its message', () => {
    const limited = new ApiError(429, 'Rate limit exceeded. Please try again in 3 seconds.', {
      reason: 'rate-limit-exceeded',
    });
    expect(forgeErrorKey(limited)).toEqual({ key: 'errors:playground.rateLimit' });
    const tooMany = new ApiError(429, 'Count is too large (maximum: 100)', {
      reason: 'request-size-exceeded',
    });
    expect(forgeErrorKey(tooMany)).toEqual({
      key: 'errors:playground.failed',
      detail: 'Count is too large (maximum: 100)',
    });
    const off = new ApiError(429, 'Forge is not available on the Free plan', { reason: 'not-available' });
    expect(forgeErrorKey(off).key).toBe('errors:playground.failed');
  });
});
