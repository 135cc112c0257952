import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KEY_REFRESH_LEAD_SECONDS, RATE_LIMIT_HEADERS, SIGNED_HEADERS, signingString } from '../src/index.js';

describe('signing.ts, what the SDK takes into browsers', () => {
  it('imports nothing, so no schema library comes with the SDK (the landing page forges through it)', () => {
    const source = readFileSync(new URL('../src/signing.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^\s*import\s/m);
  });

  it('is part of the contract as before', () => {
    expect(signingString('post', '/api/v1/gen/forge', 'acme', '1700000000')).toBe(
      'POST /api/v1/gen/forge:acme:1700000000:',
    );
    expect(SIGNED_HEADERS.signature).toBe('x-signature');
    expect(RATE_LIMIT_HEADERS.reason).toBe('x-slug-rate-limit-reason');
    expect(KEY_REFRESH_LEAD_SECONDS).toBe(120);
  });
});
