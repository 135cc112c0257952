import type { SignInConfig } from '@slugsmith/contract';

/** The parts of the sign-in settings that name the OpenID provider. */
export interface ProviderSettings {
  authority: string;
  client_id: string;
  scope: string;
  extraQueryParams?: Record<string, string>;
}

/**
 * The provider the server names in `GET /auth/config`: a server pointed at an external issuer
 * (OIDC_ISSUER, OIDC_AUDIENCE, OIDC_CLIENT_ID) makes the console sign in there and ask for the
 * API's audience. The built-in provider, and an answer that names none, keep `defaults` (the
 * built-in provider is reached on the page's own origin, so the console works behind another
 * host name than PUBLIC_URL too).
 */
export function providerSettings(answer: unknown, defaults: ProviderSettings): ProviderSettings {
  const config = (answer ?? {}) as Partial<SignInConfig>;
  if (config.provider !== 'external' || typeof config.issuer !== 'string' || config.issuer === '') {
    return defaults;
  }
  return {
    authority: config.issuer,
    client_id: config.client_id || defaults.client_id,
    scope: config.scope || defaults.scope,
    extraQueryParams: config.audience ? { audience: config.audience } : undefined,
  };
}
