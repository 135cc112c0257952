import { describe, expect, it } from 'vitest';
import { expiryAhead, isExpired } from '../../src/model/api-keys.js';

describe('API key expiry', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');

  it('tells an expired key by its expiry', () => {
    expect(isExpired({ expires_at: '2026-02-28T23:59:59Z' }, now)).toBe(true);
    expect(isExpired({ expires_at: '2026-03-01T12:00:00Z' }, now)).toBe(true);
    expect(isExpired({ expires_at: '2026-03-01T23:59:59Z' }, now)).toBe(false);
    expect(isExpired({ expires_at: null }, now)).toBe(false);
  });

  it('takes no expiry or one to come, and leaves a text that is no date to the contract', () => {
    expect(expiryAhead(null, now)).toBe(true);
    expect(expiryAhead(undefined, now)).toBe(true);
    expect(expiryAhead('2026-03-01T23:59:59.000Z', now)).toBe(true);
    expect(expiryAhead('2026-02-28T23:59:59.000Z', now)).toBe(false);
    expect(expiryAhead('2026-13-45', now)).toBe(true);
  });
});
