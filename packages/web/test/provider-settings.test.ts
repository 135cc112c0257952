import { describe, expect, it } from 'vitest';
import { providerSettings } from '../src/auth/provider-settings.js';

const defaults = {
  authority: 'https://console.example/oidc',
  client_id: 'slugsmith-console',
  scope: 'openid email',
};

describe('the OpenID provider the console signs in with', () => {
  it('follows a server configured with an external issuer, asking for the API audience', () => {
    expect(
      providerSettings(
        {
          provider: 'external',
          issuer: 'https://tenant.auth.example/',
          client_id: 'abc123',
          audience: 'https://api.example/api',
          scope: 'openid email offline_access',
          redirect_path: '/authn-callback',
        },
        defaults,
      ),
    ).toEqual({
      authority: 'https://tenant.auth.example/',
      client_id: 'abc123',
      scope: 'openid email offline_access',
      extraQueryParams: { audience: 'https://api.example/api' },
    });
  });

  it('keeps its own client id when the external configuration names none', () => {
    const s = providerSettings(
      { provider: 'external', issuer: 'https://idp.example', client_id: null },
      defaults,
    );
    expect(s.client_id).toBe('slugsmith-console');
    expect(s.authority).toBe('https://idp.example');
  });

  it('keeps the defaults for the built-in provider and for answers that name no provider', () => {
    const builtin = {
      provider: 'builtin',
      issuer: 'http://localhost:8080/oidc',
      client_id: 'slugsmith-console',
    };
    for (const answer of [
      builtin,
      { provider: 'external', issuer: '' },
      { provider: 'external' },
      null,
      'html',
      42,
    ]) {
      expect(providerSettings(answer, defaults), JSON.stringify(answer)).toBe(defaults);
    }
  });
});
