import { describe, expect, it } from 'vitest';
import { MASK, maskLinkSecrets } from '../src/platform/link-secrets.js';

describe('link secrets in text', () => {
  it('masks reset tokens and invitation paths, plain or percent-encoded in a return address', () => {
    expect(maskLinkSecrets('https://x.example/reset?token=abc123&lang=de')).toBe(
      `https://x.example/reset?token=${MASK}&lang=de`,
    );
    expect(maskLinkSecrets('GET /invitations/Zx_9-k')).toBe(`GET /invitations/${MASK}`);
    expect(maskLinkSecrets('/login?returnTo=%2Finvitations%2FZx_9-k')).toBe(
      `/login?returnTo=%2Finvitations%2F${MASK}`,
    );
    expect(maskLinkSecrets('/login?returnTo=%2finvitations%2fZx_9-k')).not.toContain('Zx_9-k');
    expect(maskLinkSecrets('/docs/invitations')).toBe('/docs/invitations');
  });
});
